"""Bulgarian texts, one module per feature area (same keys and placeholders as English).

Style guide (issue 22): a Bulgarian player should read these as written by a native player,
in the words of the Bulgarian rulebook, the standard wherever it has a word.

- The rulebook's terms: *държава* for a power (never *сила*, which the rulebook uses for
  strength), *единица*, *армия* (А), *флота* (Ф), *задържа позиция* (З; never a bare
  *задържа*, which is transitive), *придвижва се* (-), *подкрепа* (П), *конвоиране* (К),
  *отстъпление* (О), *разформироване* (Р), *изграждане* (И; not *строеж*), *ОТКАЗ*,
  *прогонена единица* (never *изтласкана*), *крайбрежна провинция*, *снабдителен център*,
  *домашен център*, *размирици*, *равен резултат* for a draw (not *равенство*), *преговори*.
- *във* before a word beginning with в/ф; since a power's or a place's name is filled in
  at run time, sentences do not put *в* right before one: *в държавата {power}*,
  *в провинция {place}*.
- Stand-ins (issue 23) have one name each: the bot playing a power in civil disorder is the
  *ботът-настойник* (*настойник* in the choice labels), an open seat a *свободно място*, the
  substitute board the *табло за заместници* (*дъска* is the game board).
- Command descriptions (Discord lists them side by side) are imperatives: *Отвори нова игра…*,
  *Модерирай играта…*, *Постави играта на пауза…*.
- Address: *ти* to one player, no past participle that gives the reader a gender (*Още
  нямаш заповеди*, not *Още не си дал*); plural imperatives only to a group.
- Quotes: „ “ for quoted text and phase titles mid-sentence (*във фаза „Пролет 1901 г.,
  ходове“*), backticks for what the player types.
- Power names are not inflected in Bulgarian, but take the article-less form after
  *държавата*; a place is written as orders write it (*Пар*, *Бур*).
- Everything a text tells the player to type is accepted in Bulgarian: orders as the
  rulebook writes them (`А Пар З`, `ОТКАЗ`), `никога`, `по подразбиране`, *И* / *Р* for
  /standby clear (tests/bot/test_catalogue_words.py checks it).
"""
