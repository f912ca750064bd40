"""A game's life before its first phase: create it in a channel, join, leave, start (seats
drawn at random, the first deadline, the start post and each player's first DM). A game
that allows bots (issue 23, :mod:`bot.core.seats.standins`) starts with 1 to 6 players, the
empty seats of its seven powers played by the ``dumbbot`` preset; a duel that allows them
(issue 25) starts with one player, the other power the bot's: a practice game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from bot.core import fog as _fog
from bot.core import posts, press
from bot.core.context import channel_game, powers_of, rules_for, setup_of
from bot.core.deadlines import days
from bot.core.deadlines.grace import read_policy
from bot.core.deadlines.reminders import plan_reminders
from bot.core.deps import Deps
from bot.core.endgame import scoring
from bot.core.errors import UserError
from bot.core.languages import SCRIPTS
from bot.core.naming import game_name
from bot.core.posts import PostKind
from bot.core.press.permissions import Need, PermissionsMissing, needs, required
from bot.core.seats import standins
from bot.core.types import GameStatus, MapSpec, PhaseKind
from bot.infra.clock import to_unix
from bot.infra.schedule import ScheduleError, parse_schedule
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from bot.infra.storage.standins import CIVIL_DISORDER_PLAYERS, StandinPolicy
from engine import Position
from engine.codec import position_to_json
from engine.variants import DUELS, STANDARD_VARIANT, VARIANTS, setup_for

DEFAULT_SCHEDULES = {PhaseKind.MOVEMENT: "48h", PhaseKind.RETREAT: "24h", PhaseKind.ADJUSTMENT: "24h"}


def bots_allowed(players: int, variant: str) -> bool:
    """Bots may fill the empty seats of a game of seven powers (one power a seat) or of a
    duel (one human practises against the bot). Not of a standard game for 2 to 6: their
    seats hold several powers and the rulebook's rules for them (Italy's toss, the neutral
    powers) assume people at every seat."""
    return players == 7 or variant != STANDARD_VARIANT


class Lifecycle:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        players: int,
        movement: str | None = None,
        retreat: str | None = None,
        adjustment: str | None = None,
        language: str = "en",
        cd_after: int | None = None,
        scoring_system: str | None = None,
        last_year: int | None = None,
        settings: press.Settings | None = None,
        grace: str | None = None,
        grace_for: str | None = None,
        standby_missed: bool | None = None,
        action: int | None = None,
        labels: str | None = None,
        civil_disorder_player: str | None = None,
        bots: bool = False,
        variant: str = STANDARD_VARIANT,
        fog: bool = False,
    ) -> GameRow:
        """Open a game in a channel. ``labels``: the script of its maps, where its language
        has a choice (Russian: ``cyrillic``, the default, or ``latin``). Issue 23:
        ``civil_disorder_player``: who plays a power in civil disorder (``hold``, the
        default, or ``caretaker``); ``bots``: the game may start with fewer than seven
        players, bots playing the empty seats (a game of seven powers, or a duel: one player
        practises against the bot; :func:`bots_allowed`). ``variant``: the
        standard game or a duel (issue 25: ``fva``, ``evt``, ``gvi``, played by two, whatever
        ``players`` says); ``fog``: Fog of War."""
        name = game_name(name)
        late = read_policy(grace, grace_for, standby_missed)  # issue 15: grace, standby and missed phases
        if variant not in VARIANTS:
            raise UserError("create.bad_variant")
        if variant != STANDARD_VARIANT:
            players = DUELS[variant].players  # a duel is for two, whatever the default said
        if not 2 <= players <= 7:
            raise UserError("create.bad_players")
        if fog:
            _fog.check_setup(players, variant)  # issue 25: one power per player
        end_rules = scoring.choose_rules(scoring_system, last_year, setup_for(players, variant).start_year)  # issue 15
        if labels is not None and labels not in SCRIPTS.get(language, ()):
            raise UserError("create.bad_labels")
        if labels == SCRIPTS.get(language, (None,))[0]:
            labels = None  # the default: stored as such, so a later default follows
        if cd_after is not None and not 0 <= cd_after <= 10:
            raise UserError("mod.bad_policy")
        if civil_disorder_player is not None and civil_disorder_player not in CIVIL_DISORDER_PLAYERS:
            raise UserError("standin.bad_player", text=civil_disorder_player)
        if bots and not bots_allowed(players, variant):
            raise UserError("standin.bots_seven")
        given = {PhaseKind.MOVEMENT: movement, PhaseKind.RETREAT: retreat, PhaseKind.ADJUSTMENT: adjustment}
        specs: dict[str, str] = {}
        for kind, text in given.items():
            text = text or DEFAULT_SCHEDULES[kind]
            try:
                specs[kind.name.lower()] = str(parse_schedule(text))
            except ScheduleError as exc:
                raise UserError(exc.code, text=exc.text, kind=kind) from None
        async with self.deps.storage.write(action) as tx:
            existing = await tx.open_game_in_channel(channel_id)
            if existing is not None:
                raise UserError("create.channel_taken", game=existing.name)
            game_id = await tx.insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                creator_id=user_id,
                players=players,
                language=language,
                now=self.deps.now(),
                labels=labels,
                variant=variant,
                fog=fog,
                **specs,
            )
            if cd_after is not None:
                await tx.set_cd_policy(game_id, cd_after)
            await scoring.keep_rules(tx, game_id, end_rules)
            await tx.put_game_settings(game_id, (settings or press.Settings()).row())  # press, anonymity...
            await tx.set_late_policy(game_id, late)
            if civil_disorder_player or bots:  # issue 23
                policy = StandinPolicy(civil_disorder_player or standins.HOLD, bots)
                await tx.put_standin_policy(game_id, policy)
            game = await tx.game(game_id)
        assert game is not None
        return game

    async def join(
        self,
        channel_id: int,
        user_id: int,
        can_dm: Callable[[GameRow], Awaitable[bool]] | None = None,
        *,
        action: int | None = None,
    ) -> tuple[GameRow, int]:
        """Join the game of this channel. ``can_dm`` sends the player a first DM; when it
        fails the player is taken out again and told how to allow DMs."""
        async with self.deps.storage.write(action) as tx:
            game = await channel_game(tx, channel_id)
            if game.status != GameStatus.FORMING:
                raise UserError("join.started", game=game.name)
            players = await tx.players(game.id)
            if any(p.user_id == user_id for p in players):
                raise UserError("join.already", game=game.name)
            if len(players) >= game.players:
                raise UserError("join.full", game=game.name, count=game.players)
            await tx.add_player(game.id, user_id, self.deps.now())
        if can_dm is not None and not await can_dm(game):
            async with self.deps.storage.write() as tx:
                await tx.remove_player(game.id, user_id)
            raise UserError("join.dm_closed")
        return game, len(players) + 1

    async def leave(self, channel_id: int, user_id: int, *, action: int | None = None) -> GameRow:
        """Leave a game before it starts (once it is played: :meth:`bot.core.seats.substitutes.Seats.leave`)."""
        async with self.deps.storage.write(action) as tx:
            game = await channel_game(tx, channel_id)
            if game.status != GameStatus.FORMING:
                raise UserError("leave.started", game=game.name)
            if not await tx.remove_player(game.id, user_id):
                raise UserError("leave.not_in", game=game.name)
            return game

    async def start(
        self,
        channel_id: int,
        user_id: int,
        *,
        can_manage: bool,
        bots: bool | None = None,
        action: int | None = None,
        lacking: Callable[[Sequence[Need]], Sequence[Need]] | None = None,
    ) -> GameRow:
        """Start the game of this channel; ``bots`` (issue 23): bots play the seats nobody
        took (None: as the game was created). ``lacking``: which of the game's needs the bot
        lacks on Discord (bot.discord.permissions); a required one refuses the start
        (:class:`PermissionsMissing`, with all that is missing)."""
        async with self.deps.storage.write(action) as tx:
            game = await channel_game(tx, channel_id)
            if user_id != game.creator_id and not can_manage:
                raise UserError("start.not_allowed", game=game.name)
            if game.status != GameStatus.FORMING:
                raise UserError("start.already", game=game.name)
            players = await tx.players(game.id)
            policy = await tx.standin_policy(game.id)
            if bots is not None and bots != policy.bots:
                if bots and not bots_allowed(game.players, game.variant):
                    raise UserError("standin.bots_seven")
                policy = replace(policy, bots=bots)
                await tx.put_standin_policy(game.id, policy)
            if len(players) != game.players and not (policy.bots and players):
                raise UserError("start.waiting", game=game.name, joined=len(players), count=game.players)
            if lacking is not None:  # issue 24: said before the game fails, not in a log later
                missing = lacking(needs(await press.settings_of(tx, game.id), substitutes=policy.substitutes))
                if required(missing):
                    raise PermissionsMissing(game.name, missing)
            order = [p.user_id for p in players]
            self.deps.rng.shuffle(order)
            seats = list(range(game.players))
            if len(order) < game.players:  # issue 23: the empty seats drawn at random too, for the bots
                self.deps.rng.shuffle(seats)
            for seat, uid in zip(seats, order, strict=False):
                await tx.set_seat(game.id, uid, seat)
            for seat in seats[len(order) :]:
                for power in setup_of(game).seat_powers(seat):
                    await tx.put_power_state(game.id, PowerState(power.value, bot=standins.BOT))
            position = setup_of(game).initial_position()  # a duel starts with its two powers' units
            pos_json = position_to_json(position)
            phase = str(position.phase)
            now = self.deps.clock()
            deadline = await days.next_deadline(tx, game, phase, now)  # off the days skipped
            remind = await plan_reminders(tx, game.id, phase, now, deadline)  # each player's
            await tx.insert_phase(game.id, phase, pos_json)
            await tx.start_game(
                game.id,
                phase=phase,
                position=pos_json,
                deadline=to_unix(deadline),
                remind_at=to_unix(remind) if remind else None,
            )
            started = await tx.game(game.id)
            assert started is not None
            players = await tx.players(game.id)
            await self._announce(tx, started, players, position)
            await press.game_started(tx, started, players, self.deps.now())  # its press space
        self.deps.changed(timers=True, posts=True)
        return started

    async def needs_of(self, game_id: int) -> tuple[Need, ...]:
        """What the game needs from Discord (:func:`bot.core.press.permissions.needs`)."""
        async with self.deps.storage.read() as tx:
            policy = await tx.standin_policy(game_id)
            return needs(await press.settings_of(tx, game_id), substitutes=policy.substitutes)

    async def _announce(self, tx: Tx, game: GameRow, players: list[PlayerRow], position: Position) -> None:
        assert game.phase is not None
        now = self.deps.now()
        seats = sorted(players, key=lambda p: p.seat or 0)
        rules = rules_for(game, game.phase)
        assignments = [[p.user_id, [pw.value for pw in powers_of(game, p)]] for p in seats]
        await posts.channel(
            tx,
            game,
            game.phase,
            now,
            PostKind.GAME_STARTED,
            phase=game.phase,
            deadline=game.deadline,
            assignments=assignments,
            neutral=[pw.value for pw in sorted(rules.neutral)],
            bots=[pw.value for pw in sorted(standins.bot_powers(await tx.power_states(game.id)))],  # issue 23
            variant=game.variant,  # issue 25: a duel's start post names it
            settings=(await press.game_settings(tx, game)).to_json(),  # shown under the powers
            mentions=tuple(p.user_id for p in seats),
            map=MapSpec(game.phase),
        )
        await posts.phase_dms(tx, game, players, position, now)
