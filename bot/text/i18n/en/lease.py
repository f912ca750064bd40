"""English texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "This bot process has stopped: another one now runs the games on this database. Try again in a moment.",
    "error.database_busy": "⏳ The bot's database is busy: another program is holding it (a server admin's tool). Nothing is saved yet: I keep trying, and I will answer here once it is saved (or if it cannot be).",
    "error.database": "The bot's database could not be written just now. Nothing was saved; please try again in a moment.",
}
