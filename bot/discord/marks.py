"""Finding a post again: how a post is sent exactly once even when the bot died between
sending it and recording the send, and stayed down for longer than Discord remembers a
message nonce (a few minutes), without showing anything in the message.

A message shows only its text: no mark, no id. Before a message's parts are sent, the
poster records in the outbox (on the batch's first row, ``outbox.sent_digests``) a digest
of each part's content as it will be sent (:func:`digest`). Discord returns a message's
content in the channel's history, never its nonce; so before sending again a batch that an
earlier try may have sent, the poster looks in the history of the channel (or of the DM),
among the bot's own messages after the last message recorded as sent to that destination,
for messages whose content has a digest the batch recorded for a part
(:func:`find_sent`), and sends only the parts not there.

Why that finds the right messages: a destination's posts go out one batch at a time, in
order, each recorded as sent (with its last message's id) before the next is tried; so a
message of the bot after the destination's last recorded one is this batch's (or a reply to
a command, or a welcome DM, whose content matches no digest). An identical text posted
before (the same press message relayed twice) is not after it. A retry that renders a part
differently (its reader changed language, a DM of a phase that is over is left out) adds its
digest to the part's: a message of any try is found.

Messages sent by versions that wrote a visible mark line (``-# #412 (2/3)``) are still
found by it (:func:`read`) when such a batch is retried after the upgrade.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import discord

#: Messages of the history looked at, from the moment the post was stored: the post's
#: messages come first among them unless the channel was very busy meanwhile.
HISTORY_LIMIT = 500
#: The history is searched from this long before the post was stored (clocks differ).
CLOCK_SLACK = 600.0
DISCORD_EPOCH = 1420070400.0  # no snowflake is older

Digests = list[list[str]]  # per part of a message, the digests of its content in each try


def digest(content: str) -> str:
    """A part's content, as found again in the history (whatever Discord does to the ends
    of a message's content or to its line ends)."""
    text = content.replace("\r\n", "\n").strip()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def recorded(earlier: Digests | None, texts: Sequence[str]) -> Digests:
    """What a try records before sending ``texts``: each part's digest, added to those an
    earlier try recorded for that part (a retry may render a part differently)."""
    out = [list(part) for part in earlier or []]
    for i, text in enumerate(texts):
        if i == len(out):
            out.append([])
        found = digest(text)
        if found not in out[i]:
            out[i].append(found)
    return out


async def find_sent(
    where: discord.abc.Messageable,
    bot_id: int,
    digests: Digests,
    stored_at: float,
    after_message: int | None = None,
) -> dict[int, discord.Message]:
    """The parts (by index) of a batch already in ``where``: the bot's messages after the
    destination's last recorded message (``after_message``) and since the batch was
    stored (``stored_at``, Unix seconds) whose content has a digest recorded for a part
    not found yet, the earliest part first. Raises what reading the history raises
    (:class:`discord.Forbidden` without Read Message History)."""
    since = max(stored_at - CLOCK_SLACK, DISCORD_EPOCH)
    bound = discord.utils.time_snowflake(datetime.fromtimestamp(since, UTC))
    after = discord.Object(max(bound, after_message or 0))
    wanted = [set(part) for part in digests]
    found: dict[int, discord.Message] = {}
    async for message in where.history(limit=HISTORY_LIMIT, after=after, oldest_first=True):
        if message.author.id != bot_id:
            continue
        mine = digest(message.content)
        part = next((i for i, ds in enumerate(wanted) if i not in found and mine in ds), None)
        if part is not None:
            found[part] = message
            if len(found) == len(wanted):
                break
    return found


# -- the visible marks of earlier versions ------------------------------------------------------
_MARK = re.compile(r"\n-# #(\d+)((?: #\d+)*)(?: \((\d+)/(\d+)\))?\Z")


@dataclass(frozen=True, slots=True)
class Mark:
    """The mark line an earlier version ended each message with."""

    post: int  # the outbox row's id (of a message of several rows: the first, its batch)
    part: int  # which message of the post, from 0
    parts: int  # how many messages the post has
    also: tuple[int, ...] = ()  # the other rows the message carries


def read(content: str) -> Mark | None:
    """The mark a message of an earlier version ends with, if any."""
    found = _MARK.search(content)
    if found is None:
        return None
    post, also, part, parts = found.groups()
    others = tuple(int(p) for p in also.split(" #")[1:]) if also else ()
    return Mark(int(post), int(part) - 1 if part else 0, int(parts) if parts else 1, others)


async def find_marked(
    where: discord.abc.Messageable, bot_id: int, post: int, stored_at: float
) -> dict[int, discord.Message]:
    """The messages of batch ``post`` sent with visible marks by an earlier version (by
    part), among the bot's messages since the batch was stored."""
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
