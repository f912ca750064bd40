"""English texts of languages (issue 7): /language, orders echoed in two languages."""

MESSAGES: dict[str, str] = {
    "cmd.language": "Choose the language I speak to you in",
    "cmd.language.language": "Your language (leave empty to see which one I use)",
    "cmd.game.create.language": "Language of the game's posts and maps (default: the server's)",
    "language.choice.auto": "Same as my Discord app",
    "language.set": "✅ From now on I speak to you in English and read your orders in English.",
    "language.auto": "✅ From now on I speak to you in the language of your Discord app ({language}).",
    "language.current_chosen": "I speak to you in {language}: you chose it. Change it with `/language`.",
    "language.current_auto": "I speak to you in {language}, the language of your Discord app. Choose another with `/language`.",
    "create.language": "Language of the game: {language}.",
    "reply.ok_local": "✅ `{local}` (`{order}`)",
    "order.local": "`{local}` (`{order}`)",
    "parse.ambiguous": (
        "“{typed}” could mean more than one thing: {suggestions}. Write one of these instead (or pick the order below)."
    ),
    "parse.ambiguous_typed": "“{typed}” could mean more than one thing: {suggestions}. Write one of these instead.",
    "reading.placeholder": "“{line}”: pick the order you meant",
    "cmd.game.create.labels": "Russian games: map labels in Cyrillic (default) or Latin, as the rulebook writes orders",
    "cmd.labels.cyrillic": "Cyrillic (Пар, Бур)",
    "cmd.labels.latin": "Latin, as in the Russian rulebook (Par, Bur)",
    "create.labels": "Maps and orders: {labels}.",
    "create.bad_labels": "Only Russian games have a choice of map labels (Cyrillic or Latin): leave it out for this language.",
}
