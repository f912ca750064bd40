"""Russian texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "Этот процесс бота остановлен: партиями из этой базы теперь занимается другой. Попробуй ещё раз чуть позже.",
}
