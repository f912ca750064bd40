"""Spanish texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "Este proceso del bot se ha detenido: ahora otro lleva las partidas de esta base de datos. Inténtalo de nuevo en un momento.",
}
