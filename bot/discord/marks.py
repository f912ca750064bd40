"""Post marks: how a message says which post it is, so that a post is sent exactly once
even when the bot died between sending it and recording the send, and stayed down for
longer than Discord remembers a message nonce (a few minutes).

Each message of a post ends with a small-text line, ``-# #412`` (``-# #412 (2/3)`` for
the second of three messages): the outbox row's id, which readers may also quote to a
moderator. A message that carries several posts (a resolution's channel posts, one
player's DMs of several games: see :mod:`bot.discord.poster`) names them all,
``-# #412 #413 #420``; the first is the message's batch (``outbox.batch``), by which a
retry finds it. Discord returns a message's content in the channel's history, but never its
nonce; so before sending again a post that an earlier try may have sent, the poster
looks for its marks in the history of the channel (or of the DM), among the bot's own
messages since the post was stored (:func:`find_sent`), and sends only what is not
there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

import discord

#: Messages of the history looked at, from the moment the post was stored: the post's
#: messages come first among them unless the channel was very busy meanwhile.
HISTORY_LIMIT = 500
#: The history is searched from this long before the post was stored (clocks differ).
CLOCK_SLACK = 600.0
DISCORD_EPOCH = 1420070400.0  # no snowflake is older

_MARK = re.compile(r"\n-# #(\d+)((?: #\d+)*)(?: \((\d+)/(\d+)\))?\Z")


@dataclass(frozen=True, slots=True)
class Mark:
    post: int  # the outbox row's id (of a message of several rows: the first, its batch)
    part: int  # which message of the post, from 0
    parts: int  # how many messages the post has
    also: tuple[int, ...] = ()  # the other rows the message carries

    @property
    def posts(self) -> tuple[int, ...]:
        return (self.post, *self.also)

    def line(self) -> str:
        count = f" ({self.part + 1}/{self.parts})" if self.parts > 1 else ""
        return "-# " + " ".join(f"#{p}" for p in self.posts) + count


def marked(text: str, mark: Mark) -> str:
    """A message of a post: its text and, on a line of its own, its mark."""
    return f"{text}\n{mark.line()}"


def read(content: str) -> Mark | None:
    """The mark a message ends with, if any."""
    found = _MARK.search(content)
    if found is None:
        return None
    post, also, part, parts = found.groups()
    others = tuple(int(p) for p in also.split(" #")[1:]) if also else ()
    return Mark(int(post), int(part) - 1 if part else 0, int(parts) if parts else 1, others)


async def find_sent(
    where: discord.abc.Messageable, bot_id: int, post: int, stored_at: float
) -> dict[int, discord.Message]:
    """The messages of post ``post`` (a batch: its first row) already in ``where`` (by
    part), looking at the bot's messages since the post was stored (``stored_at``, Unix seconds). Raises what reading
    the history raises (:class:`discord.Forbidden` without Read Message History)."""
    since = max(stored_at - CLOCK_SLACK, DISCORD_EPOCH)
    after = discord.Object(discord.utils.time_snowflake(datetime.fromtimestamp(since, UTC)))
    found: dict[int, discord.Message] = {}
    async for message in where.history(limit=HISTORY_LIMIT, after=after, oldest_first=True):
        if message.author.id != bot_id:
            continue
        mark = read(message.content)
        if mark is not None and mark.post == post:
            found[mark.part] = message
            if len(found) == mark.parts:
                break
    return found
