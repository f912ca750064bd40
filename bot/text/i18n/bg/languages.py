"""Български текстове за езиците (issue 7)."""

MESSAGES: dict[str, str] = {
    "cmd.language": "Избери езика, на който ти говоря",
    "cmd.language.language": "Твоят език (остави празно, за да видиш кой използвам)",
    "cmd.game.create.language": "Език на съобщенията и картите на играта (по подразбиране: на сървъра)",
    "language.choice.auto": "Като в приложението ми Discord",
    "language.set": "✅ Отсега ти говоря на български и чета заповедите ти на български.",
    "language.auto": "✅ Отсега ти говоря на езика на приложението ти Discord ({language}).",
    "language.current_chosen": "Говоря ти на {language}: ти го избра. Смени го с `/language`.",
    "language.current_auto": "Говоря ти на {language} — езика на приложението ти Discord. Избери друг с `/language`.",
    "create.language": "Език на играта: {language}.",
    "reply.ok_local": "✅ `{local}` (`{order}`)",
    "order.local": "`{local}` (`{order}`)",
    "parse.ambiguous": "„{word}“ може да означава повече от едно нещо: {suggestions}. Напиши името изцяло.",
}
