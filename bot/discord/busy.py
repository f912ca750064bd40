"""Interactions answered in time while the database's writes wait for another program's
lock (an admin's ``sqlite3`` shell, a database browser holding SQLite's write lock).

Discord drops an interaction that is not acknowledged within 3 s ("The application did
not respond"). A write waits until the other program lets go (:mod:`bot.infra.storage.sqlite`
keeps trying), so every interaction under way and not answered yet is acknowledged and
told so (``error.database_busy``, privately, in the player's language): a command is
deferred ("thinking"); a tap on a button or a menu (the order sheet, the menus of readings,
the "my map" button) gets a deferred update, its message left as it is. The write goes on,
and the real answer follows once it is stored: a command's as a follow-up, a tap's by
editing the tapped message (the notice, stale then, is removed).

One mechanism for both: :class:`BusyNotices` (the command tree's) keeps the interactions
not answered yet, commands through the tree's check and taps through ``on_interaction``;
the handlers answer through :func:`settled` and :func:`update`, which wait for a notice
being sent (two answers at once would have Discord refuse the second).
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord

from bot.discord import locales
from bot.text.i18n import t

log = logging.getLogger(__name__)

ANSWER_WITHIN = 3.0  # seconds: Discord drops an interaction not acknowledged within 3 s
# an interaction that comes while writes wait for another program's lock is told so after
# this, unless answered first (a read never waits)
BUSY_GRACE = 1.5

_TELLING = "database_busy"  # interaction.extras: the task sending its notice
_NOTICE = "database_busy_notice"  # interaction.extras: the notice sent (a tap's is removed later)

# the interactions the bot answers: slash commands, and taps on its buttons and menus
WATCHED = (discord.InteractionType.application_command, discord.InteractionType.component)


class BusyNotices:
    """The interactions under way and not answered yet, told in time when the database's
    writes start waiting for another program's lock."""

    def __init__(self) -> None:
        # interactions under way, not answered yet, with when they came
        self._unanswered: dict[int, tuple[float, discord.Interaction]] = {}
        self._telling: set[asyncio.Task[None]] = set()

    def watch(self, interaction: discord.Interaction, waiting: bool) -> None:
        """An interaction the bot will answer (``waiting``: the writes wait for another
        program's lock already: its own write would wait too)."""
        if interaction.type not in WATCHED:
            return
        now = time.monotonic()
        for key, (since, seen) in list(self._unanswered.items()):
            if seen.response.is_done() or now - since > ANSWER_WITHIN:
                del self._unanswered[key]
        self._unanswered[interaction.id] = (now, interaction)
        if waiting:  # told so unless answered first (a read does not wait)
            asyncio.get_running_loop().call_later(BUSY_GRACE, self._tell_if_unanswered, interaction.id)

    def database_waits(self) -> None:
        """The database's writes wait for another program's lock (they keep trying until it
        lets go): each interaction under way and not answered yet is acknowledged and told
        so within Discord's 3 s, instead of "The application did not respond"; its own
        answer follows when its write is done."""
        waiting, self._unanswered = self._unanswered, {}
        for _, interaction in waiting.values():
            if not interaction.response.is_done():
                self._start_telling(interaction)

    def _tell_if_unanswered(self, interaction_id: int) -> None:
        found = self._unanswered.pop(interaction_id, None)
        if found is not None and not found[1].response.is_done():
            self._start_telling(found[1])

    def _start_telling(self, interaction: discord.Interaction) -> None:
        task = asyncio.get_running_loop().create_task(_tell_busy(interaction), name="database-busy")
        interaction.extras[_TELLING] = task  # the handler's answer waits for it (settled)
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)


async def _tell_busy(interaction: discord.Interaction) -> None:
    text = t("error.database_busy", locales.language_of(interaction))
    try:
        if interaction.type is discord.InteractionType.component:
            # a deferred update: the sheet (or the reply) stays as it is until its next
            # screen, which edits it in place once the write is stored
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras[_NOTICE] = await interaction.followup.send(text, ephemeral=True, wait=True)
    except (discord.HTTPException, discord.InteractionResponded):  # answered meanwhile, or gone
        return


async def settled(interaction: discord.Interaction) -> None:
    """Wait for a busy notice being sent to this interaction, if one is: the handler's
    answer then knows whether the interaction was acknowledged (``response.is_done()``)."""
    task: asyncio.Task[None] | None = interaction.extras.get(_TELLING)
    if task is not None and not task.done():
        await asyncio.shield(task)


async def update(interaction: discord.Interaction, *, content: str, view: discord.ui.View | None) -> None:
    """Answer a tap by editing its message into ``content`` and ``view``: at once, or,
    after a busy notice (a deferred update), by editing it then, the notice removed."""
    await settled(interaction)
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=view)
        return
    await interaction.edit_original_response(content=content, view=view)
    await remove_notice(interaction)


async def remove_notice(interaction: discord.Interaction) -> None:
    """The busy notice of a tap, stale once its answer is shown: removed (a command's stays,
    its answer follows it)."""
    if interaction.type is not discord.InteractionType.component:
        return
    notice: discord.WebhookMessage | None = interaction.extras.pop(_NOTICE, None)
    if notice is None:
        return
    try:
        await notice.delete()
    except discord.HTTPException:  # gone already (or the token expired): nothing to tidy
        pass


async def private(interaction: discord.Interaction, text: str) -> None:
    """A private answer, also after the interaction was deferred (a busy notice, or a map
    being drawn)."""
    await settled(interaction)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def defer_thinking(interaction: discord.Interaction) -> None:
    """Defer before a long answer (a map drawn), unless a busy notice acknowledged it."""
    await settled(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
