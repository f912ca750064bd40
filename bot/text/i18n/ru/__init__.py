"""Russian texts, one module per feature area (same keys and placeholders as English).

Style guide (issue 22): a Russian player should read these as written by a native player,
in the words of the Russian rulebook (2000 rules, 2005 translation), the standard wherever it
has a word.

- The rulebook's terms: *держава*, *войско* (never *отряд*), *армия* (A), *флот* (F),
  *поддержка*, *конвой*, *отступление*, *расформирование* / *расформировать(ся)* (never
  *роспуск* / *распустить*: the rulebook's "Фаза Отступления и Расформирования"),
  *строительство* / *постройка*, *центр снабжения*, *береговая провинция*, *берег* for a coast
  (*северный берег*; *побережье* is still read), *выбитое войско*, *гражданские
  беспорядки*, *ОТКАЗ* for a waived build. The winter phase is *строительство и
  расформирование*. A draw is *ничья*, negotiation *переговоры*, a grace period *отсрочка*.
- Orders are written as the rulebook prints them, in Latin letters (`A Par - Bur`), or, for
  a reader of the Cyrillic map, in its short forms (`А Пар - Бур`, :mod:`bot.text.scripts`).
- Power names are never declined: after a preposition or in an oblique case they follow
  the word *держава* (*у державы {power}*, *за державу {power}*), a colon
  (*капитуляция: …*) or a parenthesis (*{user} ({powers}) сдаётся*); as the subject they stand
  alone (*побеждает {powers}*).
- Stand-ins (issue 23) have one name each: the bot playing a power in civil disorder is the
  *бот-опекун* (*опекун* in the choice labels), an open seat a *свободное место*, the substitute
  board the *доска замен*.
- Command descriptions (Discord lists them side by side) are infinitives: *Отдать приказы…*.
- Address: *ты* to one player, no past tense that gives the reader a gender (*Твоих
  приказов ещё нет*, not *Ты ещё не отдал*); *вы* only to a group (*Модераторы*).
- Quotes: « » for quoted text and for phase titles mid-sentence (*в фазе «Весна 1901,
  ходы»*), backticks for what the player types.
- Everything a text tells the player to type is accepted in Russian: `никогда`,
  `по умолчанию`, *постройки* / *расформирования* for /standby clear
  (tests/bot/test_catalogue_words.py checks it).
"""
