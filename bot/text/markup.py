"""Discord's message markup, written in one place: mentions and timestamps, text that a
player typed made harmless (:func:`escape`), and messages cut to Discord's limits
(:func:`split`). The text layer builds message strings with these helpers and never
imports the discord client; the one thing it borrows is ``discord.utils`` (pure
functions: :func:`discord.utils.format_dt`), allowed for this module only by
``tests/test_architecture.py``."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime

from discord.utils import format_dt

from bot.core.naming import MAX_MARKS, hidden

#: Discord's limit on a message's content.
MAX_CONTENT = 2000
#: A reply to a command is at most this many messages (the answer and its follow-ups).
MAX_REPLY_MESSAGES = 4
#: Player text is shown at most this long (a game name has at most 60 characters; an
#: order line, or a word of one, may be 300): a reply quoting 50 lines stays readable.
MAX_SHOWN = 80

# every character Discord's markdown gives a meaning to, plus ``<`` (mentions, channels,
# custom emoji, timestamps), ``@`` (@everyone, @here), ``:`` (links: https\://...);
# a backslash before any of them shows the character itself
_SPECIAL = re.compile(r"([\\*_~`|>#\-\[\]()<@:])")


def _visible(text: str, limit: int) -> str:
    """``text`` with hidden characters shown as � and combining marks beyond the few a
    name may have (:mod:`bot.core.naming`) dropped, cut to ``limit`` characters."""
    out: list[str] = []
    marks = 0
    for char in text:
        if hidden(char):
            char = "\N{REPLACEMENT CHARACTER}"
        if unicodedata.combining(char):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(char)
    shown = "".join(out)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def escape(text: str, *, in_code: bool = False, limit: int = MAX_SHOWN) -> str:
    """Text a player typed (a game's name, an order line, a word), safe to show: it reads
    as typed and can neither format the message, mention anyone nor hide or reorder the
    text around it. ``in_code``: for inside a code span (`` `…` ``), where backslashes
    show as they are: a backtick, which would end the span, becomes ˋ."""
    shown = _visible(text, limit)
    if in_code:
        return shown.replace("`", "\N{MODIFIER LETTER GRAVE ACCENT}") or " "
    return _SPECIAL.sub(r"\\\1", shown)


#: A quoted line's mark (Discord's block quote); a quoted line cut in two stays quoted.
QUOTE = "> "


def split(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """``text`` as messages of at most ``limit`` characters, cut between lines; a line
    too long for one message is cut at a space outside code spans (or, failing that, at
    any place outside them), so that no code span is ever broken, nor an escape (``\\*``)
    or a doubled markdown mark (``**``, ``__``, ``~~``, ``||``); the rest of a quoted line
    (``> ``) is quoted too, so words a player typed never lose their quote."""
    messages: list[str] = []
    current = ""
    for line in text.split("\n"):
        quote = QUOTE if line.startswith(QUOTE) else ""
        while len(line) > limit:
            if current:
                messages.append(current)
                current = ""
            cut = _cut_at(line, limit, len(quote))
            messages.append(line[:cut].rstrip())
            line = quote + line[cut:].lstrip()
        if current and len(current) + 1 + len(line) > limit:
            messages.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current.strip():
        messages.append(current)
    return messages or [""]


def reply_messages(text: str, cut_note: str, limit: int = MAX_CONTENT) -> list[str]:
    """``text`` as the messages of a reply (:func:`split`), at most
    :data:`MAX_REPLY_MESSAGES`; a text longer than that ends, cut between lines, with
    ``cut_note`` (saying the rest is not shown)."""
    messages = split(text, limit)
    if len(messages) <= MAX_REPLY_MESSAGES:
        return messages
    kept = messages[:MAX_REPLY_MESSAGES]
    last = kept[-1].split("\n")
    while last and len("\n".join(last)) + 1 + len(cut_note) > limit:
        last.pop()
    kept[-1] = "\n".join([*last, cut_note])
    return kept


def _cut_at(line: str, limit: int, start: int = 0) -> int:
    """Where to cut a line longer than ``limit``: the last space outside code spans,
    else the last place outside them, else ``limit``; never inside an escape (a
    backslash and the character it escapes) nor between the two marks of ``**``, ``__``,
    ``~~`` or ``||``, and never within the first ``start`` characters (a quote's mark)."""
    outside: list[int] = []  # places (<= limit) not inside a code span
    ticks = 0
    backslashes = 0  # how many backslashes stand just before the place
    for i, char in enumerate(line[: limit + 1]):
        whole = backslashes % 2 == 0 and not (i > 0 and char == line[i - 1] and char in "*_~|")
        if ticks % 2 == 0 and i > start and whole:
            outside.append(i)
        if char == "`" and backslashes % 2 == 0:
            ticks += 1
        backslashes = backslashes + 1 if char == "\\" else 0
    spaces = [i for i in outside if line[i] == " "]
    if spaces:
        return spaces[-1]
    return outside[-1] if outside else limit


def mention(user_id: int) -> str:
    return f"<@{int(user_id)}>"


def role_mention(role_id: int) -> str:
    return f"<@&{int(role_id)}>"


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def stamp(seconds: float) -> str:
    """A deadline: the full date and the time left, each reader in their own time zone."""
    when = moment(seconds)
    return f"{format_dt(when, 'F')} ({format_dt(when, 'R')})"


def short_stamp(seconds: float) -> str:
    """A moment in a log line (date and time, the reader's time zone)."""
    return format_dt(moment(seconds), "f")
