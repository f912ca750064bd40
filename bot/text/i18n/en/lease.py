"""English texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "This bot process has stopped: another one now runs the games on this database. Try again in a moment.",
}
