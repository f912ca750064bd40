"""Русские тексты языков (issue 7)."""

MESSAGES: dict[str, str] = {
    "cmd.language": "Выбрать язык, на котором я с тобой говорю",
    "cmd.language.language": "Твой язык (оставь пустым, чтобы узнать текущий)",
    "cmd.game.create.language": "Язык сообщений и карт партии (по умолчанию — язык сервера)",
    "language.choice.auto": "Как в моём приложении Discord",
    "language.set": "✅ Теперь я говорю с тобой по-русски и читаю твои приказы на русском.",
    "language.auto": "✅ Теперь я говорю с тобой на языке твоего приложения Discord ({language}).",
    "language.current_chosen": "Я говорю с тобой на языке «{language}» — это твой выбор. Сменить — `/language`.",
    "language.current_auto": "Я говорю с тобой на языке «{language}» — это язык твоего приложения Discord. Выбрать другой — `/language`.",
    "create.language": "Язык партии: {language}.",
    "reply.ok_local": "✅ `{local}` (`{order}`)",
    "order.local": "`{local}` (`{order}`)",
    "parse.ambiguous": (
        "«{typed}» можно понять по-разному: {suggestions}. Напиши один из этих вариантов (или выбери приказ ниже)."
    ),
    "parse.ambiguous_typed": "«{typed}» можно понять по-разному: {suggestions}. Напиши один из этих вариантов.",
    "reading.placeholder": "«{line}»: выбери нужный приказ",
    "cmd.game.create.labels": "Для русских партий: подписи карты кириллицей (по умолчанию) или латиницей, как в правилах",
    "cmd.labels.cyrillic": "Кириллица (Пар, Бур)",
    "cmd.labels.latin": "Латиница, как в правилах (Par, Bur)",
    "create.labels": "Карты и приказы: {labels}.",
    "create.bad_labels": "Выбрать подписи карты (кириллица или латиница) можно только в русской партии: для этого языка не указывай их.",
}
