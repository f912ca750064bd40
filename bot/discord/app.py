"""The bot: a discord.py client wired to the core (:class:`bot.core.app.Core`), the
deadline scheduler and the poster. ``DiplomacyBot(...)`` takes test options (clock,
random generator, whether to sync commands, a map drawer) so tests build the real thing.

It is an :class:`~discord.ext.commands.AutoShardedBot` that connects the Discord shards
this process owns (``shards``: :class:`bot.infra.shards.ShardSettings`, one of one by
default) and holds their leases (:mod:`bot.infra.owner`).

**A taken-over shard is served whole (issue 24).** When this process takes over the shard
of a dead process it also opens that shard's gateway connection, on this same running bot:
one more :class:`discord.shard.Shard` beside its own, as discord.py's own ``launch_shard``
makes them (``launch_shard`` below, the private names of discord.py 2.7.1, which the
project pins; the same ones the start already relies on). Everything else is shared as it
is: the command tree (not synced again), the cogs, the caches, the database. We chose this
over a second client in the process (a second tree, cogs, caches and HTTP session, and two
clients both handling the DMs of shard 0) and over a process that restarts with more
shards (every own shard dropped for the restart). Closing it again is one shard's
``close`` (its worker is cancelled first, so discord.py does not reconnect it), when the
owner's own connection is READY: the hand-over of :mod:`bot.infra.owner`.

Every interaction first passes :meth:`DiplomacyBot._gate`: with several shards, it is
handled only by the process that serves its shard (a server's shard, or shard 0 for a
DM), claimed in the database first while a hand-over is under way, so no interaction is
answered by two processes (Discord refuses the second answer: 40060)."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket, ReconnectWebSocket
from discord.shard import Shard

from bot.core.app import Core
from bot.core.endgame import scoring
from bot.core.errors import UserError
from bot.discord import locales
from bot.discord.buckets import sweep_buckets_now_and_then
from bot.discord.busy import BusyNotices
from bot.discord.operations import Operations, OperationsSettings
from bot.discord.poster import Poster, PostingSettings
from bot.discord.press import PressWorker
from bot.discord.translator import CatalogueTranslator
from bot.infra import maps
from bot.infra.clock import Clock, system_clock
from bot.infra.lease import LeaseLost, LeaseSettings
from bot.infra.owner import ShardOwner, own
from bot.infra.scheduler import Scheduler
from bot.infra.shards import ShardSettings, shard_of
from bot.infra.storage import DATABASE_ERRORS, Replayed, Storage
from bot.text.i18n import t
from bot.text.replies import refusal

log = logging.getLogger(__name__)

STOP_GRACE = 5.0  # seconds the deadline and posting loops get to finish their current step
# what answering an interaction raises when Discord refuses it or the bot's connection closes
UNANSWERABLE = (discord.HTTPException, aiohttp.ClientError, OSError, RuntimeError)
TAKEN_RETRY = (5.0, 60.0)  # a taken-over shard's gateway that fails to connect: first pause, longest


class DiplomacyTree(app_commands.CommandTree):
    def __init__(self, client: discord.Client, *args: Any, **kwargs: Any) -> None:
        super().__init__(client, *args, **kwargs)
        # interactions under way, told in time when the database's writes wait for another
        # program's lock: commands through interaction_check, taps on buttons and menus here
        self.busy = BusyNotices()
        if isinstance(client, commands.bot.BotBase):
            client.add_listener(self._component, "on_interaction")

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
        self._watch(interaction)
        return True

    async def _component(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:  # (commands: interaction_check)
            self._watch(interaction)

    def _watch(self, interaction: discord.Interaction) -> None:
        storage = getattr(self.client, "storage", None)
        self.busy.watch(interaction, storage is not None and storage.waiting_since is not None)

    def database_waits(self) -> None:
        """The database's writes wait for another program's lock: the interactions under way
        are told so in time (:meth:`bot.discord.busy.BusyNotices.database_waits`)."""
        self.busy.database_waits()

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
        freeze_heap: bool = False,
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
        self.freeze_heap = freeze_heap  # the heap set aside from full collections once ready (_settle_heap)
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
        self._launched = False  # the own shards' connections were launched: taken-over ones may follow
        self._opening: dict[int, asyncio.Task[None]] = {}  # taken-over shards being connected
        self._claims: set[asyncio.Task[None]] = set()  # interactions being claimed (hand-over)

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

    async def launch_shards(self) -> None:
        await super().launch_shards()
        self._launched = True
        self._serve_gateways()  # shards taken over while the own ones connected

    # -- the gateways of taken-over shards (issue 24) ------------------------------------------
    def _connected_shards(self) -> dict[int, Shard]:
        return self._AutoShardedClient__shards  # type: ignore[attr-defined,no-any-return]

    def _serve_gateways(self) -> None:
        """Open the connection of each shard this process took over and has none for."""
        owner = self.lease
        if owner is None or not self._launched or self.is_closed():
            return
        for shard in sorted(owner.gateways() - set(self._connected_shards())):
            if shard not in self._opening:
                self._opening[shard] = asyncio.get_running_loop().create_task(
                    self._open_taken(shard), name=f"gateway-{shard}"
                )

    async def _open_taken(self, shard: int) -> None:
        count = self.shard_settings.count
        delay = TAKEN_RETRY[0]
        try:
            while not self.is_closed() and self.lease is not None and shard in self.lease.gateways():
                try:
                    # (not the first identify: discord.py waits its 5 s between identifies first)
                    await self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard)
                except (
                    OSError,
                    TimeoutError,
                    aiohttp.ClientError,
                    discord.DiscordException,
                    ReconnectWebSocket,
                ) as exc:
                    log.warning(
                        "could not open the gateway of shard %d of %d (%s); trying again in %.0fs",
                        shard,
                        count,
                        type(exc).__name__,
                        delay,
                    )
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, TAKEN_RETRY[1])
                    continue
                self._connection.shard_ids = sorted(self._connected_shards())
                log.warning(
                    "opened the gateway of shard %d of %d: its servers' commands are answered here", shard, count
                )
                return
        finally:
            self._opening.pop(shard, None)

    async def _close_taken(self, shard: int) -> None:
        """Close this process' connection of a shard given back (the owner's is up). Its
        servers stay in discord.py's cache, no longer updated: nothing here uses them (their
        jobs are the owner's), and a later takeover's connection sends them afresh."""
        opening = self._opening.pop(shard, None)
        if opening is not None:
            opening.cancel()
        if self.lease is not None:
            self.lease.gateway_down(shard)
        held = self._connected_shards().pop(shard, None)
        if held is not None:
            try:
                await held.close()  # its worker is cancelled first: no reconnect
            except Exception:  # closing a connection already broken: it is closed either way
                log.warning("closing the gateway of shard %d failed; it is dropped", shard, exc_info=True)
        self._connection.shard_ids = sorted(self._connected_shards())

    async def on_shard_connect(self, shard_id: int) -> None:
        # READY on that connection: this process receives the shard's events from now on
        if self.lease is not None:
            self.lease.gateway_up(shard_id)

    # -- who answers an interaction -----------------------------------------------------------
    def _install_gate(self) -> None:
        parsers = self._connection.parsers
        if getattr(parsers.get("INTERACTION_CREATE"), "__name__", "") == "_gate":
            return
        self._parse_interaction = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._gate

    def _gate(self, data: Any) -> None:
        """Handle an interaction only if this process serves its shard (several shards, with
        leases: :meth:`bot.infra.owner.ShardOwner.serves`); during a hand-over, only once
        this process claimed it."""
        owner = self.lease
        count = self.shard_settings.count
        if owner is None or count == 1:
            self._parse_interaction(data)
            return
        guild = data.get("guild_id")
        shard = shard_of(int(guild), count) if guild else 0  # as Discord routes it (DMs: shard 0)
        verdict = owner.serves(shard)
        if verdict:
            self._parse_interaction(data)
        elif verdict is None:
            task = asyncio.get_running_loop().create_task(self._claimed(owner, data, shard))
            self._claims.add(task)
            task.add_done_callback(self._claims.discard)
        else:
            log.debug("interaction %s of shard %d left to the process that serves it", data.get("id"), shard)

    async def _claimed(self, owner: ShardOwner, data: Any, shard: int) -> None:
        try:
            mine = await owner.claim_interaction(int(data["id"]), shard)
        except LeaseLost:  # another process took the shard over: it answers on its connection
            return
        except (*DATABASE_ERRORS, OSError) as exc:
            # the database can't say: the shard's lease holder answers (the command then says
            # what went wrong, as without a hand-over); a process giving the shard back leaves it
            log.warning("could not claim interaction %s of shard %d (%s)", data.get("id"), shard, exc)
            mine = owner.holds(shard)
        if mine:
            self._parse_interaction(data)

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
        if self.freeze_heap:  # python -m bot (tests start hundreds of bots in one process: not there)
            self.add_listener(self._settle_heap, "on_ready")
        if self.lease is not None:  # shards taken over or given back: other jobs are due
            self.lease.on_change = self._shards_changed
            self.lease.close_gateway = self._close_taken
        self._install_gate()
        await self.tree.set_translator(CatalogueTranslator())
        for cog in COGS():
            await self.add_cog(cog(self, self.core))

    async def _settle_heap(self) -> None:
        """Once Discord's caches are loaded (the servers, channels and members of the
        gateway's READY), what the process holds for good is set aside from the garbage
        collector's full collections (``gc.freeze``): a collection no longer walks every
        cached member and channel. Issue 24: in a storm of 2,000 games a full collection
        stopped the event loop for up to 133 ms, a delay every player's reply waited for."""
        gc.collect()
        gc.freeze()

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
        self._serve_gateways()
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
            for opening in list(self._opening.values()):
                opening.cancel()
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
