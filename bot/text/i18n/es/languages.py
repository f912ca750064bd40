"""Textos en español de los idiomas (issue 7)."""

MESSAGES: dict[str, str] = {
    "cmd.language": "Elegir el idioma en el que te hablo",
    "cmd.language.language": "Tu idioma (déjalo vacío para ver cuál uso)",
    "cmd.game.create.language": "Idioma de los mensajes y mapas de la partida (por defecto: el del servidor)",
    "language.choice.auto": "El de mi aplicación de Discord",
    "language.set": "✅ A partir de ahora te hablo en español y leo tus órdenes en español.",
    "language.auto": "✅ A partir de ahora te hablo en el idioma de tu aplicación de Discord ({language}).",
    "language.current_chosen": "Idioma en el que te hablo: {language} (lo elegiste tú). Cámbialo con `/language`.",
    "language.current_auto": "Idioma en el que te hablo: {language}, el de tu aplicación de Discord. Elige otro con `/language`.",
    "create.language": "Idioma de la partida: {language}.",
    "reply.ok_local": "✅ `{local}` (`{order}`)",
    "order.local": "`{local}` (`{order}`)",
    "parse.ambiguous": (
        "«{typed}» puede significar más de una cosa: {suggestions}. Escribe una de estas formas (o elige la orden abajo)."
    ),
    "parse.ambiguous_typed": "«{typed}» puede significar más de una cosa: {suggestions}. Escribe una de estas formas.",
    "reading.placeholder": "«{line}»: elige la orden que querías dar",
    "cmd.game.create.labels": "Partidas en ruso: rótulos del mapa en cirílico (por defecto) o latinos, como en el reglamento",
    "cmd.labels.cyrillic": "Cirílico (Пар, Бур)",
    "cmd.labels.latin": "Latino, como en el reglamento ruso (Par, Bur)",
    "create.labels": "Mapas y órdenes: {labels}.",
    "create.bad_labels": "Solo las partidas en ruso pueden elegir los rótulos del mapa (cirílicos o latinos): quita esa opción para este idioma.",
}
