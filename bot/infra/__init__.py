"""What the bot stands on: storage (SQLite now; PostgreSQL can implement the same
interface), the scheduler and the wakeable loop, map drawing, schedule and duration
parsing, the clock, the compute helper for CPU work. Imports nothing of core, text or
discord."""
