"""Български текстове за езиците (issue 7)."""

MESSAGES: dict[str, str] = {
    "cmd.language": "Избери езика, на който ти говоря",
    "cmd.language.language": "Твоят език (остави празно, за да видиш кой използвам)",
    "cmd.game.create.language": "Език на съобщенията и картите на играта (по подразбиране: на сървъра)",
    "language.choice.auto": "Като в приложението ми Discord",
    "language.set": "✅ Отсега ти говоря на български и чета заповедите ти на български.",
    "language.auto": "✅ Отсега ти говоря на езика на приложението ти Discord ({language}).",
    "language.current_chosen": "Езикът, на който ти говоря: {language} (ти го избра). Смени го с `/language`.",
    "language.current_auto": "Езикът, на който ти говоря: {language} — езикът на приложението ти Discord. Избери друг с `/language`.",
    "create.language": "Език на играта: {language}.",
    "reply.ok_local": "✅ `{local}` (`{order}`)",
    "order.local": "`{local}` (`{order}`)",
    "parse.ambiguous": (
        "„{typed}“ може да означава повече от едно: {suggestions}. Напиши една от тези форми (или избери заповедта по-долу)."
    ),
    "parse.ambiguous_typed": "„{typed}“ може да означава повече от едно: {suggestions}. Напиши една от тези форми.",
    "reading.placeholder": "„{line}“: избери заповедта, която имаш предвид",
    "cmd.game.create.labels": "Руски игри: надписи на картата на кирилица (по подразбиране) или латиница, като в правилата",
    "cmd.labels.cyrillic": "Кирилица (Пар, Бур)",
    "cmd.labels.latin": "Латиница, като в руските правила (Par, Bur)",
    "create.labels": "Карти и заповеди: {labels}.",
    "create.bad_labels": "Само руските игри могат да избират надписите на картата (кирилица или латиница): не ги задавай за този език.",
}
