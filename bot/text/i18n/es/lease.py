"""Spanish texts of the database lease (issue 10 §2): a process that lost its database."""

MESSAGES: dict[str, str] = {
    "error.lease_lost": "Este proceso del bot se ha detenido: ahora otro lleva las partidas de esta base de datos. Inténtalo de nuevo en un momento.",
    "error.database_busy": "⏳ La base de datos del bot está ocupada: otro programa la tiene bloqueada (una herramienta de quien administra el servidor). Todavía no se ha guardado nada: sigo intentándolo y te responderé aquí en cuanto se guarde (o si no se puede).",
    "error.database": "Ahora mismo no se ha podido escribir en la base de datos del bot. No se ha guardado nada; inténtalo de nuevo en un momento.",
}
