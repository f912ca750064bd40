"""Bulgarian texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "Този процес на бота спря: сега игрите от тази база данни се водят от друг. Опитай пак след малко.",
}
