"""The bot: a discord.py client wired to the core (:class:`bot.core.app.Core`), the
deadline scheduler and the poster. ``DiplomacyBot(...)`` takes test options (clock,
random generator, whether to sync commands, a map drawer) so tests build the real thing.

It is an :class:`~discord.ext.commands.AutoShardedBot` that connects the Discord shards
this process owns (``shards``: :class:`bot.infra.shards.ShardSettings`, one of one by
default) and holds their leases (:mod:`bot.infra.owner`)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.shard import Shard

from bot.core import scoring
from bot.core.app import Core
from bot.core.errors import UserError
from bot.discord import locales
from bot.discord.buckets import sweep_buckets_now_and_then
from bot.discord.operations import Operations, OperationsSettings
from bot.discord.poster import Poster, PostingSettings
from bot.discord.press import PressWorker
from bot.discord.translator import CatalogueTranslator
from bot.infra import maps
from bot.infra.clock import Clock, system_clock
from bot.infra.lease import LeaseLost, LeaseSettings
from bot.infra.owner import ShardOwner, own
from bot.infra.scheduler import Scheduler
from bot.infra.shards import ShardSettings
from bot.infra.storage import DATABASE_ERRORS, Replayed, Storage
from bot.text.i18n import t
from bot.text.replies import refusal

log = logging.getLogger(__name__)

STOP_GRACE = 5.0  # seconds the deadline and posting loops get to finish their current step
# what answering an interaction raises when Discord refuses it or the bot's connection closes
UNANSWERABLE = (discord.HTTPException, aiohttp.ClientError, OSError, RuntimeError)
ANSWER_WITHIN = 3.0  # seconds: Discord drops a command not answered within 3 s
# a command that comes while writes wait for another program's lock is told so after this,
# unless answered first (a read never waits)
BUSY_GRACE = 1.5


class DiplomacyTree(app_commands.CommandTree):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # commands under way, not answered yet (for :meth:`database_waits`), with when they came
        self._unanswered: dict[int, tuple[float, discord.Interaction]] = {}
        self._telling: set[asyncio.Task[None]] = set()

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        closing = getattr(self.client, "closing", None)
        stopping = getattr(self.client, "lost", None) is not None or (closing is not None and closing.is_set())
        if not stopping:  # (a bot that stops may have closed its database: answer in the client's language)
            # the player's language, for everything this command answers
            await locales.resolve(interaction)
        if getattr(self.client, "lost", None) is not None:  # another process owns the database
            if interaction.type is discord.InteractionType.application_command:
                text = t("error.lease_lost", locales.language_of(interaction))
                try:
                    await interaction.response.send_message(text, ephemeral=True)
                except UNANSWERABLE:  # the bot is closing its connection to Discord: nobody to tell
                    pass
            return False
        if interaction.type is discord.InteractionType.application_command:
            self._track(interaction)
            storage = getattr(self.client, "storage", None)
            if storage is not None and storage.waiting_since is not None:
                # its write will wait too: told so unless answered first (a read does not wait)
                asyncio.get_running_loop().call_later(BUSY_GRACE, self._tell_if_unanswered, interaction.id)
        return True

    def _tell_if_unanswered(self, interaction_id: int) -> None:
        found = self._unanswered.pop(interaction_id, None)
        if found is not None and not found[1].response.is_done():
            self._start_telling(found[1])

    def _track(self, interaction: discord.Interaction) -> None:
        now = time.monotonic()
        for key, (since, seen) in list(self._unanswered.items()):
            if seen.response.is_done() or now - since > ANSWER_WITHIN:
                del self._unanswered[key]
        self._unanswered[interaction.id] = (now, interaction)

    def database_waits(self) -> None:
        """The database's writes wait for another program's lock (they keep trying until it
        lets go): each command under way and not answered yet is deferred and told so within
        Discord's 3 s, instead of "The application did not respond"; its own answer follows
        when its write is done."""
        waiting, self._unanswered = self._unanswered, {}
        for _, interaction in waiting.values():
            if not interaction.response.is_done():
                self._start_telling(interaction)

    def _start_telling(self, interaction: discord.Interaction) -> None:
        task = asyncio.get_running_loop().create_task(self._tell_busy(interaction), name="database-busy")
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _tell_busy(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(t("error.database_busy", locales.language_of(interaction)), ephemeral=True)
        except (discord.HTTPException, discord.InteractionResponded):  # answered meanwhile, or gone
            return

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        lang = locales.language_of(interaction)
        if isinstance(original, Replayed):  # this interaction was handled already: once is enough
            log.info("interaction %s replayed: already applied, not answered again", interaction.id)
            return
        if isinstance(original, UserError):
            text = refusal(original, lang)
        elif isinstance(original, LeaseLost):
            text = t("error.lease_lost", lang)
        elif isinstance(original, DATABASE_ERRORS):  # a full disk, a write given up at a stop: no bug
            log.warning("command by %s: the database failed (%s)", interaction.user.id, original)
            text = t("error.database", lang)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = t("error.guild_only", lang)
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s by %s failed", command, interaction.user.id, exc_info=original)
            text = t("error.internal", lang)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except UNANSWERABLE:  # (or the bot is stopping: its HTTP session is closed)
            log.warning("could not tell user %s about an error", interaction.user.id)


def COGS() -> tuple[type[Any], ...]:  # noqa: N802 - a constant, imported late (the cogs import the bot's parts)
    """The bot's cogs, in the order their commands are registered (and documented:
    :mod:`bot.discord.reference`)."""
    from bot.discord.cogs.games import GameCog
    from bot.discord.cogs.language import LanguageCog
    from bot.discord.cogs.leaderboard import LeaderboardCog
    from bot.discord.cogs.mod import EndgameCog, ModCog
    from bot.discord.cogs.orders import OrderCog
    from bot.discord.cogs.press import PressCog
    from bot.discord.cogs.sheet import SheetCog
    from bot.discord.cogs.standby import GraceCog, StandbyCog
    from bot.discord.cogs.substitutes import SubstitutesCog

    return (
        GameCog,
        OrderCog,
        SheetCog,
        ModCog,
        EndgameCog,
        LanguageCog,
        LeaderboardCog,
        PressCog,
        StandbyCog,
        GraceCog,
        SubstitutesCog,  # issue 23: the substitute board, from any server or DM
    )


class DiplomacyBot(commands.AutoShardedBot):
    def __init__(
        self,
        *,
        db_path: str,
        clock: Clock = system_clock,
        rng: random.Random | None = None,
        sync_commands: bool = True,
        run_scheduler: bool = True,
        map_drawer: maps.Drawer | None = None,
        lease: LeaseSettings | None = None,
        shards: ShardSettings | None = None,
        posting: PostingSettings | None = None,
        operations: OperationsSettings | None = None,
        **options: Any,
    ) -> None:
        self.shard_settings = shards or ShardSettings()
        # the health status and the metrics (python -m bot; issue 24)
        self.operations = Operations(self, operations) if operations is not None else None
        if self.operations is not None and operations is not None and operations.metrics is not None:
            options.setdefault("http_trace", self.operations.trace())  # 429s, interactions' answers
        intents = discord.Intents.none()
        intents.guilds = True  # channels and permissions; no privileged intent is needed
        # no message pings anyone unless it says whom (the posts that mention players do):
        # a game named "@everyone" or "<@&role>" is only text
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=DiplomacyTree,
            help_command=None,
            # the shards this process connects (Discord sends each the events of its servers)
            shard_count=self.shard_settings.count,
            shard_ids=sorted(self.shard_settings.home),
            **options,
        )
        sweep_buckets_now_and_then(self.http)  # issue 24: not at each new DM channel of a storm
        self.db_path = db_path
        self.clock = clock
        self.rng = rng
        self.sync_commands = sync_commands
        self.posting = posting  # how the outbox spends requests (None: DIPLOMACY_POSTING, issue 13)
        self.run_scheduler = run_scheduler  # tests: a bot that is up but lets deadlines pass
        self.storage: Storage | None = None
        # the leases of its shards (python -m bot holds them; tests that don't pass settings, none)
        self.lease_settings = lease
        self.lease: ShardOwner | None = None
        self.lost: LeaseLost | None = None  # set when another process took the database over
        self._stopping: asyncio.Task[None] | None = None
        self._shutdown: asyncio.Future[None] | None = None
        # set when the bot starts closing, whatever closes it (a signal, the lease lost): the
        # runner stops waiting for Discord then (bot.discord.runner.serve)
        self.closing = asyncio.Event()
        # one cache of drawn maps for posts and /game map; tests not about maps pass a
        # fast drawer (bot.infra.maps.plain_views)
        self.maps = maps.MapCache(drawer=map_drawer)
        # how the background loops sleep until their next timer (tests: simcord's virtual wait)
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def launch_shard(self, gateway: Any, shard_id: int, *, initial: bool = False) -> None:
        """Connect one shard, as discord.py does, but without its own endless retry every
        5 s (a traceback each time): a shard that cannot connect fails the connection, and
        the runner tries again after its growing pauses, one line per try
        (:func:`bot.discord.runner.connect`)."""
        coro = DiscordWebSocket.from_client(self, initial=initial, gateway=gateway, shard_id=shard_id)
        ws = await asyncio.wait_for(coro, timeout=self.shard_connect_timeout)
        # discord.py keeps its shards and their event queue under its class' private names
        shard = Shard(ws, self, self._AutoShardedClient__queue.put_nowait)  # type: ignore[attr-defined]
        self._AutoShardedClient__shards[shard_id] = shard  # type: ignore[attr-defined]
        shard.launch()

    async def open_storage(self) -> Storage:
        """Open (and migrate) the database, once, holding its lease first. ``python -m bot``
        calls it before it connects to Discord, so that a database problem (or another bot on
        the same database) stops the bot before any network."""
        if self.storage is None:
            self.storage = await Storage.open(self.db_path, before_migrate=self._hold_lease, undo=self._give_lease_back)
            # commands waiting for another program's lock on the database are told so in time
            self.storage.on_waiting = self.tree.database_waits  # type: ignore[attr-defined]
            await self._hold_lease(self.storage)  # a new database has its lease table only now
            if self.operations is not None:  # health is told from now on, before Discord is reached
                self.operations.start()
        return self.storage

    async def setup_hook(self) -> None:
        # discord.py calls this after each successful login; a start-up that had to log in
        # again (Discord unreachable while syncing commands) must not build everything twice
        if getattr(self, "core", None) is None:
            await self._build(await self.open_storage())
        if self.sync_commands:
            await self.tree.sync()
        if self.run_scheduler:
            self.scheduler.start()
        self.poster.start()
        self.press.start()

    async def _build(self, storage: Storage) -> None:
        await asyncio.to_thread(maps.warm_up)  # a first resolution's DMs group fronts without the wait
        if self.maps.drawer is maps.render_views_sync:  # (not for a stand-in drawer: tests)
            self.maps.start()  # the map processes start and warm up now, not at the first deadline (issue 13)
        self.core = Core(
            storage, clock=self.clock, rng=self.rng or random.Random(), map_cache=self.maps, jobs=self.lease
        )
        self.languages = self.core.languages
        # games that finished before scores were kept (a first-release database) are scored
        # once, so the leaderboard counts them
        async with storage.write() as tx:
            await scoring.score_unscored(tx)
        resolution = self.core.resolution
        self.scheduler = Scheduler(
            resolution.run_due, resolution.next_timer, self.core.now, lambda delay: self.pause(delay)
        )
        self.poster = Poster(self, self.core, self.maps, lambda delay: self.pause(delay), settings=self.posting)
        # press spaces on Discord (issue 14): woken after a commit that stored press jobs (_posts_stored)
        self.press = PressWorker(self, self.core, lambda delay: self.pause(delay))
        self._press_jobs_seen = 0  # Storage.press_jobs_stored when the press worker was last woken
        self.core.deps.on_timer_change = self.scheduler.wake
        self.core.deps.on_posts = self._posts_stored
        for event in ("on_guild_channel_update", "on_guild_role_update", "on_member_update"):  # issue 24
            self.add_listener(self.poster.permissions_changed, event)  # posts waiting for a permission: now
        if self.lease is not None:  # shards taken over or given back: other jobs are due
            self.lease.on_change = self._shards_changed
        await self.tree.set_translator(CatalogueTranslator())
        for cog in COGS():
            await self.add_cog(cog(self, self.core))

    def _posts_stored(self) -> None:
        self.poster.kick()
        # the press worker only when press jobs were committed since it last looked (issue
        # 24: a storm's hundreds of commits store posts, not press jobs; its own retries
        # are on its timer)
        stored = self.core.storage.press_jobs_stored
        if stored != self._press_jobs_seen:
            self._press_jobs_seen = stored
            self.press.wake()

    async def _hold_lease(self, storage: Storage) -> None:
        """Own the database (or this process' shards of it) before anything touches it,
        migrations included (LeaseHeld)."""
        if self.lease_settings is not None and self.lease is None:
            label = getattr(storage, "label", self.db_path)  # a PostgreSQL URL without its password
            self.lease = await own(storage, label, self.shard_settings, self.lease_settings, self._lease_lost)

    async def _give_lease_back(self, storage: Storage) -> None:
        """The database could not be opened after all (a schema newer than this code): the
        lease taken to check it goes back at once."""
        lease, self.lease = self.lease, None
        if lease is not None:
            await lease.release()

    def _shards_changed(self) -> None:
        self.scheduler.wake()
        self._posts_stored()
        self.press.wake()  # the press jobs of the shards taken over are due

    def _lease_lost(self, lost: LeaseLost) -> None:
        """Another process owns the database now: stop at once (its writes are already
        refused by the lease's fence); ``python -m bot`` then exits with ``lost``."""
        self.lost = lost
        self._stopping = asyncio.get_running_loop().create_task(self.close(), name="lease-lost")

    async def close(self) -> None:
        """Stop cleanly, in the order that loses nothing: the deadline and posting loops end
        their current step (a resolution commits or rolls back), the gateway closes (no new
        commands), the lease is released, then the map processes, the compute threads, and
        last the database (its last connection checkpoints the WAL). One close runs at a time: a
        second call waits for the one under way to end (discord.py's own ``__aexit__`` waits only
        for its part)."""
        self.closing.set()
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close())
        await asyncio.shield(self._shutdown)

    async def _close(self) -> None:
        if self.operations is not None:
            await self.operations.stop()
        loops = [
            part
            for part in (getattr(self, "scheduler", None), getattr(self, "poster", None), getattr(self, "press", None))
            if part
        ]
        if self.storage is not None:  # a write waiting for another program's lock gives up
            self.storage.stop_waiting()
        try:
            await asyncio.gather(*(part.stop(grace=STOP_GRACE) for part in loops))
            await super().close()
            if self.lease is not None:
                await self.lease.release()  # a database that can't be written: one log line, then on
        finally:
            # whatever failed above, the rest closes: an open database connection or map
            # process would keep the process from ending
            self.maps.close()
            core = getattr(self, "core", None)
            if core is not None:
                core.close()
            if self.storage is not None:
                storage, self.storage = self.storage, None
                await storage.close()
