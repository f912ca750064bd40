"""What a game may be called. A game's name is shown in every post of the game, in
server channels and DMs, so a name is refused when it could hide, reorder or disguise
text: control characters (NUL included), bidi embeddings, overrides and isolates
(U+202A–U+202E, U+2066–U+2069), zero-width and other format characters (the emoji
joiner excepted), names with nothing visible, and letters buried under combining marks.
The text layer still escapes every name it shows (:func:`bot.text.markup.escape`):
games named before these checks, and markdown, are harmless there."""

from __future__ import annotations

import unicodedata

from bot.core.errors import UserError

MAX_NAME = 60
MAX_MARKS = 3  # combining marks on one letter; Vietnamese needs 2, "Zalgo" text dozens
_ZWJ = "\u200d"  # joins emoji (👨‍👩‍👧): allowed
# letters that draw nothing (Hangul fillers, the blank Braille pattern): a name made of
# them looks empty
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def hidden(char: str) -> bool:
    """An invisible character that controls how text is shown (control characters, NUL,
    bidi embeddings, overrides and isolates, zero-width spaces, tags...): category Cc,
    Cf, Cs or a line/paragraph separator, except the emoji joiner."""
    return char != _ZWJ and unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def game_name(typed: str) -> str:
    """The name as stored: ``typed`` with its spaces tidied; a refusal says what is wrong
    with it and what to do."""
    for char in typed:
        if hidden(char):
            raise UserError("create.name_invisible", char=f"U+{ord(char):04X}")
    name = " ".join(typed.split())
    if not name or len(name) > MAX_NAME:
        raise UserError("create.bad_name", limit=MAX_NAME)
    if not any(c not in _BLANK and unicodedata.category(c)[0] in "LNPS" for c in name):
        raise UserError("create.name_blank")
    marks = 0
    for char in name:
        marks = marks + 1 if unicodedata.combining(char) else 0
        if marks > MAX_MARKS:
            raise UserError("create.name_marks", limit=MAX_MARKS)
    return name
