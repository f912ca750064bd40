"""The game service: every action of the bot, as one async function each.

Owns the rules of the bot (who may do what, when), never Discord: the cogs call one
function here and format what it returns; errors a player can cause are raised as
:class:`UserError` (a message key and its parameters). Orders are read with the engine's
parser and checked against the engine's legal orders before they are stored. Resolution
(:meth:`GameService.resolve`) is one transaction: read the orders, adjudicate, store the
results, the next phase, its deadline, and the outbox rows of everything to post.
"""
from __future__ import annotations

import asyncio
import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Sequence

from engine import (
    Build, Convoy, Disband, Move, Order, OrderParseError, Position, Power, Retreat, Rules,
    SupportHold, SupportMove, Waive, legal_adjustments, legal_orders, resolve,
)
from engine.cli import position_from_json, position_to_json
from engine.names import table
from engine.variants import Setup, setup_for

from bot.infra import maps
from bot.infra.clock import Clock, from_unix, system_clock, to_unix
from bot.text.i18n import Localized, t
from bot.languages import echo, matching_orders, order_line, read_orders_in, reading_order, unit_text
from bot import sheet as order_sheet
from bot.infra.schedule import ScheduleError, parse_schedule
from bot.infra.storage import GameRow, PlayerRow, StaleWrite, Storage, Tx

log = logging.getLogger(__name__)

DEFAULT_SCHEDULES = {"movement": "48h", "retreat": "24h", "adjustment": "24h"}
MAX_MESSAGE = 1900
MAX_NAME = 60


class UserError(Exception):
    """Something the player did that the bot refuses; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, language: str = "en") -> str:
        return t(self.key, language, **self.params)


# -- values returned to the cogs -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LineReport:
    text: str                      # what the player typed
    order: str | None              # canonical order stored, or None
    error: str | None              # message key when refused
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OrderSheet:
    """A player's orders in the current phase of one game."""

    game: GameRow
    phase: str
    powers: tuple[Power, ...]
    ordered: tuple[str, ...]       # canonical orders stored
    missing: tuple[str, ...]       # units (or "2 builds") still without an order
    ready: bool


@dataclass(frozen=True, slots=True)
class OrderReport:
    lines: tuple[LineReport, ...]
    sheet: OrderSheet


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    user_id: int
    powers: tuple[Power, ...]
    to_order: int
    ordered: int
    ready: bool


@dataclass(frozen=True, slots=True)
class GameStatus:
    game: GameRow
    players: tuple[PlayerStatus, ...]
    joined: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MapPicture:
    game: GameRow
    phase: str
    png: bytes
    with_orders: bool


@dataclass(frozen=True, slots=True)
class ReadyReport:
    sheet: OrderSheet
    resolving: bool                # everyone is ready: the phase resolves now


# -- helpers ---------------------------------------------------------------------------
def setup_of(game: GameRow) -> Setup:
    return setup_for(game.players)


def phase_title(phase: str, language: str = "en") -> str:
    return t("phase.title", language, season=t(f"season.{phase[0]}", language), year=phase[1:5],
             kind=t(f"kind.{phase[5]}", language))


def power_name(power: Power | str, language: str = "en") -> str:
    code = power.value if isinstance(power, Power) else power
    return table(language).power_names.get(code, code.title())


def phase_label(phase: str) -> Localized:
    """A phase title for a message parameter: said in the language of the message."""
    return Localized(lambda language: phase_title(phase, language))


def power_label(power: Power | str) -> Localized:
    return Localized(lambda language: power_name(power, language))


def place_text(location: str, language: str = "en") -> str:
    """A province (``SPA/NC``) as the language writes it in orders (Spanish ``Esp CN``)."""
    if language == "en":
        return location
    names = table(language)
    province, _, coast = location.partition("/")
    abbr = names.province_abbr.get(province, province)
    if not coast:
        return abbr
    mark = names.coast_abbr.get(coast, coast)
    return f"{mark} {abbr}" if names.coast_before else f"{abbr} {mark}"


def unit_label(unit: Any) -> Localized:
    """A unit (``A PAR``) for a message parameter, written the way the reader's language
    writes it (``E Par``): a refusal names units and provinces as the player types them."""
    return Localized(lambda language: unit_text(str(unit), language))


def place_label(*locations: Any) -> Localized:
    return Localized(lambda language: ", ".join(place_text(str(x), language) for x in locations) or "—")


_SUGGESTION = re.compile(r"^([A-Z]{3}) (\(.*\))$")


def suggestions_label(suggestions: Sequence[str]) -> Localized:
    """The parser's "did you mean" (``BUR (Borgoña)``) with each code written as the
    reader's language abbreviates it (``Bor (Borgoña)``), so it can be typed as shown."""
    def render(language: str) -> str:
        out = []
        for text in suggestions:
            match = _SUGGESTION.match(text)
            out.append(f"{place_text(match.group(1), language)} {match.group(2)}" if match else text)
        return ", ".join(out) or "—"
    return Localized(render)


def order_label(order: Any) -> Localized:
    return Localized(lambda language: echo(str(order), language))


def stamp(seconds: float) -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:F> (<t:{int(seconds)}:R>)"


def _rules(game: GameRow, phase_text: str, civil_disorder: frozenset[Power] = frozenset()) -> Rules:
    from engine import Phase
    return setup_of(game).rules(Phase.parse(phase_text), game.toss_winner, civil_disorder)


def powers_of(game: GameRow, player: PlayerRow, rules: Rules | None = None) -> tuple[Power, ...]:
    """The powers this player orders now (a neutral power is nobody's)."""
    if player.seat is None:
        return ()
    setup = setup_of(game)
    powers = setup.seat_powers(player.seat, game.toss_winner)
    if rules is not None:
        powers = tuple(p for p in powers if p not in rules.neutral)
    return powers


def needs(position: Position, power: Power, rules: Rules) -> list[str]:
    """What ``power`` has to order in this phase: unit provinces, or one entry per
    build/disband due in an adjustment phase."""
    phase = position.phase
    if phase.is_movement:
        return [u.province for u in position.units_of(power)]
    if phase.is_retreat:
        return sorted(p for p, d in position.dislodged.items() if d.unit.power is power)
    options = legal_adjustments(position, power, rules)
    if not options:
        return []
    delta = position.adjustment_delta(power)
    if delta > 0:
        builds = len({o.location.province for o in options if isinstance(o, Build)})
        return [f"+{i}" for i in range(min(delta, builds))]
    return [f"-{i}" for i in range(-delta)]


_COAST = re.compile(r"/(NC|SC|EC|WC)\b")


def _loose(text: str) -> str:
    return _COAST.sub("", text)


def order_key(order: Order) -> str:
    """The database key of an order: the province of the unit it orders (or built)."""
    if isinstance(order, Waive):
        return "WAIVE"
    return order.location.province


# -- the service -----------------------------------------------------------------------
class GameService:
    def __init__(self, storage: Storage, *, clock: Clock = system_clock,
                 rng: random.Random | None = None, map_cache: maps.MapCache | None = None) -> None:
        self.storage = storage
        self.maps = map_cache if map_cache is not None else maps.MapCache(processes=0)
        self.clock = clock
        self.rng = rng or random.Random()
        self.on_timer_change: Callable[[], None] = lambda: None   # the scheduler's wake-up
        self.on_posts: Callable[[], None] = lambda: None          # the outbox's wake-up
        self._legal_cache: dict[tuple[int, str, tuple[Power, ...]], list[str]] = {}

    def now(self) -> float:
        return to_unix(self.clock())

    # -- creating and joining ----------------------------------------------------------
    async def create_game(self, *, guild_id: int, channel_id: int, user_id: int, name: str,
                          players: int, movement: str | None = None, retreat: str | None = None,
                          adjustment: str | None = None, language: str = "en") -> GameRow:
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME:
            raise UserError("create.bad_name", limit=MAX_NAME)
        if not 2 <= players <= 7:
            raise UserError("create.bad_players")
        specs = {"movement": movement, "retreat": retreat, "adjustment": adjustment}
        for kind, text in list(specs.items()):
            text = text or DEFAULT_SCHEDULES[kind]
            try:
                specs[kind] = str(parse_schedule(text))
            except ScheduleError as exc:
                raise UserError(exc.code, text=exc.text, kind=t(f"schedule.kind.{kind}", language)) from None
        async with self.storage.transaction() as tx:
            existing = await tx.open_game_in_channel(channel_id)
            if existing is not None:
                raise UserError("create.channel_taken", game=existing.name)
            game_id = await tx.insert_game(guild_id=guild_id, channel_id=channel_id, name=name,
                                           creator_id=user_id, players=players, language=language,
                                           now=self.now(), **specs)  # type: ignore[arg-type]
            game = await tx.game(game_id)
        assert game is not None
        return game

    async def _channel_game(self, tx: Tx, channel_id: int) -> GameRow:
        game = await tx.open_game_in_channel(channel_id)
        if game is None:
            raise UserError("game.none_here")
        return game

    async def join(self, channel_id: int, user_id: int,
                   can_dm: Callable[[GameRow], Awaitable[bool]] | None = None) -> tuple[GameRow, int]:
        """Join the game of this channel. ``can_dm`` sends the player a first DM; when it
        fails the player is taken out again and told how to allow DMs."""
        game, count = await self._join(channel_id, user_id)
        if can_dm is not None and not await can_dm(game):
            async with self.storage.transaction() as tx:
                await tx.remove_player(game.id, user_id)
            raise UserError("join.dm_closed")
        return game, count

    async def _join(self, channel_id: int, user_id: int) -> tuple[GameRow, int]:
        async with self.storage.transaction() as tx:
            game = await self._channel_game(tx, channel_id)
            if game.status != "forming":
                raise UserError("join.started", game=game.name)
            players = await tx.players(game.id)
            if any(p.user_id == user_id for p in players):
                raise UserError("join.already", game=game.name)
            if len(players) >= game.players:
                raise UserError("join.full", game=game.name, players=game.players)
            await tx.add_player(game.id, user_id, self.now())
            return game, len(players) + 1

    async def leave(self, channel_id: int, user_id: int) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._channel_game(tx, channel_id)
            if game.status != "forming":
                raise UserError("leave.started", game=game.name)
            if not await tx.remove_player(game.id, user_id):
                raise UserError("leave.not_in", game=game.name)
            return game

    async def start(self, channel_id: int, user_id: int, *, can_manage: bool) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._channel_game(tx, channel_id)
            if user_id != game.creator_id and not can_manage:
                raise UserError("start.not_allowed", game=game.name)
            if game.status != "forming":
                raise UserError("start.already", game=game.name)
            players = await tx.players(game.id)
            if len(players) != game.players:
                raise UserError("start.waiting", game=game.name, joined=len(players),
                                players=game.players)
            setup = setup_of(game)
            order = [p.user_id for p in players]
            self.rng.shuffle(order)
            for seat, uid in enumerate(order):
                await tx.set_seat(game.id, uid, seat)
            position = Position.initial(year=setup.start_year)
            pos_json = position_to_json(position)
            phase = str(position.phase)
            now = self.clock()
            deadline = parse_schedule(game.movement).next_deadline(now)
            remind = await order_sheet.plan_reminders(tx, game.id, phase, now, deadline)   # each player's
            await tx.insert_phase(game.id, phase, pos_json)
            await tx.start_game(game.id, phase=phase, position=pos_json, deadline=to_unix(deadline),
                                remind_at=to_unix(remind) if remind else None)
            game = await tx.game(game.id)
            assert game is not None
            players = await tx.players(game.id)
            await self._announce_start(tx, game, players, position)
        self.on_timer_change()
        self.on_posts()
        return game

    # -- reading the state -------------------------------------------------------------
    async def status(self, channel_id: int) -> GameStatus:
        async with self.storage.transaction() as tx:
            game = await tx.last_game_in_channel(channel_id)
            if game is None:
                raise UserError("game.none_here")
            players = await tx.players(game.id)
            if game.status == "forming" or game.phase is None:
                return GameStatus(game, (), tuple(p.user_id for p in players))
            orders = await tx.orders(game.id, game.phase)
        position = position_from_json(game.position or {})
        rules = _rules(game, game.phase)
        by_power: dict[str, int] = {}
        for o in orders:
            by_power[o.power] = by_power.get(o.power, 0) + 1
        out = []
        for p in players:
            powers = powers_of(game, p, rules)
            to_order = sum(len(needs(position, pw, rules)) for pw in powers)
            ordered = sum(min(by_power.get(pw.value, 0), len(needs(position, pw, rules))) for pw in powers)
            out.append(PlayerStatus(p.user_id, powers, to_order, ordered, p.ready_phase == game.phase))
        return GameStatus(game, tuple(out), tuple(p.user_id for p in players))

    async def map_picture(self, channel_id: int, phase: str | None = None) -> MapPicture:
        async with self.storage.transaction() as tx:
            game = await tx.last_game_in_channel(channel_id)
            if game is None:
                raise UserError("game.none_here")
            if game.phase is None:
                raise UserError("map.not_started", game=game.name)
            wanted = (phase or game.phase).strip().upper()
            row = await tx.phase(game.id, wanted)
            if row is None:
                names = await tx.phase_names(game.id)
                raise UserError("map.unknown_phase", phase=wanted, phases=", ".join(names))
        png = await self.maps.picture(row.position, row.results, game_name=game.name, language=game.language)
        return MapPicture(game, wanted, png, row.results is not None)

    async def games_of(self, user_id: int) -> list[GameRow]:
        async with self.storage.transaction() as tx:
            return await tx.games_of_user(user_id)

    # -- orders ------------------------------------------------------------------------
    async def _player_game(self, tx: Tx, user_id: int, game_id: int | None,
                           channel_id: int | None) -> tuple[GameRow, PlayerRow]:
        """The active game a player means: the one named, the one of this channel, or
        their only game."""
        if game_id is not None:
            game = await tx.game(game_id)
            if game is None:
                raise UserError("game.unknown")
        else:
            game = await tx.open_game_in_channel(channel_id) if channel_id is not None else None
            if game is not None and not any(p.user_id == user_id for p in await tx.players(game.id)):
                game = None
            if game is None:
                mine = [g for g in await tx.games_of_user(user_id) if g.status == "active"]
                if not mine:
                    forming = await tx.games_of_user(user_id, ("forming",))
                    raise UserError("order.not_started" if forming else "order.no_games")
                if len(mine) > 1:
                    raise UserError("order.which_game", games=", ".join(g.name for g in mine))
                game = mine[0]
        player = next((p for p in await tx.players(game.id) if p.user_id == user_id), None)
        if player is None:
            raise UserError("order.not_player", game=game.name)
        if game.status == "forming":
            raise UserError("order.not_started_game", game=game.name)
        if game.status == "finished":
            raise UserError("order.finished", game=game.name)
        return game, player

    def _check_open(self, game: GameRow) -> None:
        now = self.now()
        if game.deadline is not None and game.deadline <= now:
            raise UserError("order.deadline_passed", game=game.name, phase=phase_label(game.phase or ""))
        if game.due_at is not None and game.due_at <= now:
            raise UserError("order.resolving", game=game.name, phase=phase_label(game.phase or ""))

    async def _sheet(self, tx: Tx, game: GameRow, player: PlayerRow,
                     language: str | None = None) -> OrderSheet:
        """``language``: of the texts in ``missing`` (default: the game's)."""
        assert game.phase is not None
        language = language or game.language
        position = position_from_json(game.position or {})
        rules = _rules(game, game.phase)
        powers = powers_of(game, player, rules)
        mine = [o for o in await tx.orders(game.id, game.phase) if o.power in {p.value for p in powers}]
        ordered_units = {o.unit for o in mine}
        missing: list[str] = []
        for power in powers:
            need = needs(position, power, rules)
            if position.phase.is_adjustment:
                given = sum(1 for o in mine if o.power == power.value)
                left = len(need) - given
                if left > 0:
                    kind = "builds" if need and need[0].startswith("+") else "disbands"
                    missing.append(t(f"orders.missing_{kind}", language, count=left,
                                     power=power_name(power, language)))
            else:
                for prov in need:
                    if prov not in ordered_units:
                        unit = (position.units.get(prov) if position.phase.is_movement
                                else position.dislodged[prov].unit)
                        missing.append(str(unit))
        return OrderSheet(game, game.phase, powers, tuple(o.text for o in mine), tuple(missing),
                          player.ready_phase == game.phase)

    async def submit_orders(self, user_id: int, text: str, *, game_id: int | None = None,
                            channel_id: int | None = None,
                            expected_phase: str | None = None,
                            language: str | None = None) -> OrderReport:
        """Read, check and store one or several orders. ``expected_phase``: the phase the
        player meant (default: the phase the game is in when the request is read).
        ``language``: the player's; orders are read in it, then in the game's language,
        then in English (:func:`bot.languages.read_orders_in`)."""
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, user_id, game_id, channel_id)
            existing = await tx.orders(game.id, game.phase or "")
        assert game.phase is not None
        phase = expected_phase or game.phase
        if phase != game.phase:
            raise UserError("order.phase_moved_on", game=game.name, phase=phase_label(phase),
                            now=phase_label(game.phase))
        self._check_open(game)
        if not text.strip():
            raise UserError("order.empty")
        position = position_from_json(game.position or {})
        rules = _rules(game, game.phase)
        powers = powers_of(game, player, rules)
        if not powers:
            raise UserError("order.no_power", game=game.name)
        lines: list[LineReport] = []
        writes: dict[str, tuple[str, str]] = {}     # key -> (power, canonical)
        counts: dict[str, int] = {}
        for o in existing:
            counts[o.power] = counts.get(o.power, 0) + 1
        adjust_keys = {o.unit: o.power for o in existing}
        languages = reading_order(language or game.language, game.language)
        for parsed in read_orders_in(text, languages, position=position):
            if parsed.error is not None:
                code = parsed.error.code
                if code == "unknown_word" and not parsed.error.suggestions:
                    code = "unknown_word_alone"     # no "did you mean: —?"
                suggestions = parsed.error.suggestions
                lines.append(LineReport(parsed.text, None, f"parse.{code}",
                                        {"word": parsed.error.word,
                                         "suggestions": (suggestions_label(suggestions) if code == "unknown_word"
                                                         else ", ".join(suggestions) or "—"),
                                         "english": str(parsed.error)}))
                continue
            try:
                power, order = self._check(position, rules, powers, parsed.order)
                key = order_key(order)
                if position.phase.is_adjustment:
                    key = self._adjust_key(position, rules, power, order, key, adjust_keys, writes)
            except UserError as exc:
                lines.append(LineReport(parsed.text, None, exc.key, exc.params))
                continue
            writes[key] = (power.value, str(order))
            adjust_keys[key] = power.value
            lines.append(LineReport(parsed.text, str(order), None))
        if writes:
            now = self.now()
            async with self.storage.transaction() as tx:
                current = await tx.game(game.id)
                if current is None or current.phase != phase or current.status != "active":
                    raise UserError("order.phase_moved_on", game=game.name, phase=phase_label(phase),
                                    now=phase_label(current.phase) if current and current.phase else "—")
                self._check_open(current)
                for key, (power_value, canonical) in writes.items():
                    await tx.put_order(game.id, phase, key, power_value, canonical, user_id, now)
                sheet = await self._sheet(tx, current, player, language)
        else:
            async with self.storage.transaction() as tx:
                sheet = await self._sheet(tx, game, player, language)
        return OrderReport(tuple(lines), sheet)

    def _adjust_key(self, position: Position, rules: Rules, power: Power, order: Order, key: str,
                    taken: dict[str, str], writes: dict[str, tuple[str, str]]) -> str:
        """Builds, disbands and waives are limited by the count due; waives get numbered keys."""
        due = len(needs(position, power, rules))
        mine = {k for k, p in taken.items() if p == power.value}
        if isinstance(order, Waive):
            n = 0
            while f"WAIVE{n}:{power.value}" in mine:
                n += 1
            key = f"WAIVE{n}:{power.value}"
        if key not in mine and len(mine) >= due:
            raise UserError("order.too_many_adjustments", count=due, power=power_label(power))
        return key

    def _check(self, position: Position, rules: Rules, powers: Sequence[Power],
               order: Order | None) -> tuple[Power, Order]:
        """The power giving ``order`` and the order as stored; UserError when it is not
        one of this player's legal orders."""
        assert order is not None
        phase = position.phase
        if phase.is_adjustment:
            if not isinstance(order, (Build, Disband, Waive)):
                raise UserError("order.not_adjustment")
            for power in powers:
                legal = {str(o): o for o in legal_adjustments(position, power, rules)}
                if str(order) in legal:
                    return power, legal[str(order)]
                loose = [o for s, o in legal.items() if _loose(s) == _loose(str(order))]
                if len(loose) == 1:
                    return power, loose[0]
                if len(loose) > 1:
                    raise UserError("order.which_coast", order=order_label(order))
            if isinstance(order, Build):
                homes = [c for p in powers for c in sorted(position.map.home_centres.get(p, ()))]
                if not any(position.adjustment_delta(p) > 0 for p in powers):
                    raise UserError("order.no_builds")
                raise UserError("order.bad_build", order=order_label(order), homes=place_label(*homes))
            if isinstance(order, Disband):
                if not any(position.adjustment_delta(p) < 0 for p in powers):
                    raise UserError("order.no_disbands")
                raise UserError("order.not_your_unit", unit=place_label(order.location.province))
            raise UserError("order.no_builds")
        if isinstance(order, (Build, Waive)):
            raise UserError("order.build_in_wrong_phase")
        province = order.location.province
        if phase.is_retreat:
            dislodged = position.dislodged.get(province)
            unit = dislodged.unit if dislodged else None
            if unit is None:
                raise UserError("order.no_retreat_needed", unit=place_label(province))
        else:
            unit = position.units.get(province)
            if unit is None:
                raise UserError("order.no_unit", unit=place_label(province))
        if unit.power not in powers:
            raise UserError("order.not_your_unit", unit=unit_label(unit), power=power_label(unit.power))
        if phase.is_retreat and isinstance(order, Move):
            order = Retreat(order.unit_type, order.location, order.destination)
        if phase.is_movement and isinstance(order, (Retreat, Disband)):
            raise UserError("order.retreat_in_wrong_phase")
        legal = {str(o): o for o in legal_orders(position, province, rules)}
        text = str(order)
        # the unit as it is (letter and coast), then the rest of the order as typed
        head = f"{order.unit_type.value} {order.location}"
        if text.startswith(head):
            text = str(unit) + text[len(head):]
        if text in legal:
            return unit.power, legal[text]
        if isinstance(order, Move) and not order.via_convoy and text + " VIA" in legal:
            return unit.power, legal[text + " VIA"]
        loose = [o for s, o in legal.items() if _loose(s) == _loose(text)]
        if loose:
            if isinstance(order, (Move, Retreat)):
                if len(loose) == 1:
                    return unit.power, loose[0]
                raise UserError("order.which_coast", order=order_label(text))
            return unit.power, loose[0] if len(loose) == 1 else order
        raise self._why_illegal(position, rules, unit, order, legal)

    def _why_illegal(self, position: Position, rules: Rules, unit: Any, order: Order,
                     legal: dict[str, Order]) -> UserError:
        moves = [o for o in legal.values() if isinstance(o, (Move, Retreat))]
        places = place_label(*sorted({str(o.destination) for o in moves}))  # type: ignore[union-attr]
        if isinstance(order, (Move, Retreat)):
            dest = order.destination.province
            if dest in rules.closed:
                return UserError("illegal.closed", unit=unit_label(unit), dest=place_label(dest))
            if isinstance(order, Retreat) or position.phase.is_retreat:
                return UserError("illegal.retreat", unit=unit_label(unit), dest=place_label(dest), places=places)
            return UserError("illegal.not_adjacent", unit=unit_label(unit), dest=place_label(dest), places=places)
        if isinstance(order, (SupportHold, SupportMove)):
            other = position.units.get(order.supported.province)
            if other is None:
                return UserError("illegal.support_nobody", unit=unit_label(unit), target=place_label(order.supported.province))
            if isinstance(order, SupportMove):
                dest = order.destination.province
                if not position.map.can_reach(unit.type.value == "F", unit.location, dest):
                    return UserError("illegal.support_reach", unit=unit_label(unit), dest=place_label(dest))
                return UserError("illegal.support_move", target=unit_label(other), dest=place_label(dest))
            return UserError("illegal.support_reach", unit=unit_label(unit), dest=place_label(order.supported.province))
        if isinstance(order, Convoy):
            if unit.type.value != "F" or not position.map.provinces[unit.province].is_sea:
                return UserError("illegal.convoy_fleet", unit=unit_label(unit))
            return UserError("illegal.convoy_route", unit=unit_label(unit), army=place_label(order.army.province),
                             dest=place_label(order.destination.province))
        return UserError("illegal.generic", order=order_label(order))

    async def my_orders(self, user_id: int, *, game_id: int | None = None,
                        channel_id: int | None = None, language: str | None = None) -> OrderSheet:
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, user_id, game_id, channel_id)
            return await self._sheet(tx, game, player, language)

    async def clear(self, user_id: int, unit: str | None, *, game_id: int | None = None,
                    channel_id: int | None = None, language: str | None = None) -> tuple[int, OrderSheet]:
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, user_id, game_id, channel_id)
            self._check_open(game)
            assert game.phase is not None
            rules = _rules(game, game.phase)
            powers = {p.value for p in powers_of(game, player, rules)}
            mine = [o for o in await tx.orders(game.id, game.phase) if o.power in powers]
            if unit is None or unit.strip().lower() in ("", "all", "*"):
                keys = [o.unit for o in mine]
            else:
                words = unit.strip().upper().replace("/", " ").split()
                wanted = words[1] if len(words) > 1 and words[0] in ("A", "F") else words[0]
                if language and language != "en" and not any(o.unit == wanted for o in mine):
                    wanted = _unit_province(unit.strip(), language) or wanted   # "E Par", "А Пар"
                keys = [o.unit for o in mine if o.unit == wanted or o.text.upper() == unit.strip().upper()
                        or (o.unit.startswith("WAIVE") and wanted == "WAIVE")][:1]
                if not keys:
                    raise UserError("clear.nothing", unit=unit.strip())
            count = await tx.delete_orders(game.id, game.phase, keys)
            return count, await self._sheet(tx, game, player, language)

    async def set_ready(self, user_id: int, ready: bool, *, game_id: int | None = None,
                        channel_id: int | None = None, language: str | None = None) -> ReadyReport:
        resolving = False
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, user_id, game_id, channel_id)
            self._check_open(game)
            assert game.phase is not None
            await tx.set_ready(game.id, user_id, game.phase if ready else None)
            players = await tx.players(game.id)
            player = next(p for p in players if p.user_id == user_id)
            if ready:
                position = position_from_json(game.position or {})
                rules = _rules(game, game.phase)
                waiting = [p for p in players
                           if any(needs(position, pw, rules) for pw in powers_of(game, p, rules))
                           and p.ready_phase != game.phase]
                if not waiting and await tx.pause_of(game.id) is None:   # a pause holds the phase
                    resolving = await tx.set_due(game.id, game.phase, self.now())
            sheet = await self._sheet(tx, game, player, language)
        if resolving:
            self.on_timer_change()
        return ReadyReport(sheet, resolving)

    async def order_choices(self, user_id: int, typed: str, *, game_id: int | None = None,
                            channel_id: int | None = None, limit: int = 25,
                            language: str | None = None) -> list[str]:
        """Autocomplete: the player's legal orders matching what they are typing (the
        last of several orders in the text), units without an order first. ``language``:
        the player's; what they type is matched in it, the game's language and English
        (:func:`bot.languages.matching_orders`)."""
        try:
            async with self.storage.transaction() as tx:
                game, player = await self._player_game(tx, user_id, game_id, channel_id)
                orders = await tx.orders(game.id, game.phase or "")
        except UserError:
            return []
        assert game.phase is not None
        rules = _rules(game, game.phase)
        powers = powers_of(game, player, rules)
        key = (game.id, game.phase, powers)
        options = self._legal_cache.get(key)
        if options is None:
            position = position_from_json(game.position or {})
            options = []
            for power in powers:
                if position.phase.is_adjustment:
                    options.extend(str(o) for o in legal_adjustments(position, power, rules))
                else:
                    for prov in needs(position, power, rules):
                        options.extend(str(o) for o in legal_orders(position, prov, rules))
            if len(self._legal_cache) > 512:
                self._legal_cache.clear()
            self._legal_cache[key] = options
        parts = re.split(r"([;\n,])", typed)
        before = "".join(parts[:-1])
        done = {o.unit for o in orders}
        def rank(option: str) -> tuple[int, str]:
            unit = option.split()[1].split("/")[0] if len(option.split()) > 1 else option
            return (unit in done, option)
        matches = matching_orders(options, parts[-1], reading_order(language or game.language, game.language))
        out = []
        for option in sorted(matches, key=rank):
            value = (before + (" " if before else "") + option).strip()
            if len(value) <= 100:
                out.append(value)
            if len(out) >= limit:
                break
        return out

    # -- deadlines ---------------------------------------------------------------------
    async def next_timer(self) -> float | None:
        async with self.storage.transaction() as tx:
            return await tx.next_timer()

    async def run_due(self) -> int:
        """Resolve every phase that is due, and send the reminders that are due."""
        now = self.now()
        async with self.storage.transaction() as tx:
            due = await tx.due_games(now, limit=1000)
            reminders = await tx.reminders_due(now)
        done = 0
        for game_id, phase in reminders:
            await self.remind(game_id, phase)
        for game_id, phase in due:
            try:
                if await self.resolve(game_id, phase):
                    done += 1
            except Exception:
                log.exception("resolving game %s phase %s failed", game_id, phase)
        return done

    async def remind(self, game_id: int, phase: str) -> None:
        """Send the reminders that are due: each player's own (:mod:`bot.sheet`)."""
        await order_sheet.send_due_reminders(self, game_id, phase)

    async def resolve(self, game_id: int, expected_phase: str) -> bool:
        """Play the phase if the game is still in it and it is due; False when another
        resolution got there first (compare-and-set on the phase)."""
        try:
            async with self.storage.transaction() as tx:
                game = await tx.game(game_id)
                if (game is None or game.status != "active" or game.phase != expected_phase
                        or game.due_at is None or game.due_at > self.now()):
                    return False
                await self._resolve_in(tx, game)
        except StaleWrite:
            return False
        self._legal_cache = {k: v for k, v in self._legal_cache.items() if k[0] != game_id}
        self.on_timer_change()
        self.on_posts()
        return True

    async def _resolve_in(self, tx: Tx, game: GameRow) -> None:
        assert game.phase is not None and game.position is not None
        phase = game.phase
        lang = game.language
        position = position_from_json(game.position)
        setup = setup_of(game)
        plain = _rules(game, phase)
        stored = await tx.orders(game.id, phase)
        orders: dict[Power, list[str]] = {}
        for o in stored:
            orders.setdefault(Power(o.power), []).append(o.text)
        players = await tx.players(game.id)
        # who plays this phase in civil disorder, by the game's policy (bot.moderation)
        from bot import moderation
        civil = await moderation.before_resolution(tx, game, position, players, orders, plain)
        rules = _rules(game, phase, civil)
        outcome = await asyncio.to_thread(resolve, position, orders, rules)
        nxt = outcome.next
        nxt_json = position_to_json(nxt)
        results = [{"power": r.power.value, "order": r.text, "ok": r.ok, "result": r.result.value}
                   for r in outcome.results]
        now_dt = self.clock()
        now = to_unix(now_dt)
        tossed, toss_winner = game.tossed, game.toss_winner
        toss_note = ""
        if setup.toss_due(nxt.phase, tossed):
            tossed, toss_winner = True, self.rng.randrange(len(setup.seats))
            winner_id = next((p.user_id for p in players if p.seat == toss_winner), None)
            toss_note = t("post.toss", lang, user=f"<@{winner_id}>", power=power_name(setup.toss_power or "", lang))
        finished = bool(outcome.winners)
        deadline = remind = None
        if not finished:
            kind = {"M": game.movement, "R": game.retreat, "A": game.adjustment}[str(nxt.phase)[-1]]
            previous = from_unix(game.deadline) if game.deadline else None
            deadline_dt = parse_schedule(kind).next_deadline(now_dt, previous)
            deadline = to_unix(deadline_dt)
            reminder = await order_sheet.plan_reminders(tx, game.id, str(nxt.phase), now_dt, deadline_dt)
            remind = to_unix(reminder) if reminder else None
        winner_text = ",".join(p.value for p in outcome.winners) or None
        await tx.set_phase_results(game.id, phase, results, now)
        await tx.insert_phase(game.id, str(nxt.phase), nxt_json)
        await tx.advance_game(game.id, expected_phase=phase, phase=str(nxt.phase), position=nxt_json,
                              deadline=deadline, remind_at=remind, finished=finished,
                              winner=winner_text, tossed=tossed, toss_winner=toss_winner)
        updated = await tx.game(game.id)
        assert updated is not None
        # the posts, in the order they must appear
        owner = {pw: p.user_id for p in players for pw in powers_of(updated, p)}
        for chunk in _chunks(self._results_text(updated, phase, outcome, owner, civil)):
            await tx.add_post(game.id, phase, chunk.text, channel_id=game.channel_id, now=now,
                              map_spec={"phase": phase, "orders": True} if chunk.last else None)
        await moderation.after_resolution(tx, game, updated, phase, position, nxt, players, orders,
                                          civil, now)
        next_phase = str(nxt.phase)
        if finished:
            names = ", ".join(power_name(p, lang) for p in outcome.winners)
            users = " ".join(sorted({f"<@{owner[p]}>" for p in outcome.winners if p in owner}))
            await tx.add_post(game.id, next_phase, t("post.winner", lang, game=game.name, powers=names,
                                                     users=users or "—", centres=_centre_table(nxt, lang)),
                              channel_id=game.channel_id, map_spec={"phase": next_phase, "orders": False},
                              now=now)
            languages = await tx.user_languages(p.user_id for p in players)   # DMs: the player's
            for p in players:
                mine = languages.get(p.user_id, lang)
                await tx.add_post(game.id, next_phase, t(
                    "dm.game_over", mine, game=game.name,
                    powers=", ".join(power_name(w, mine) for w in outcome.winners)),
                    user_id=p.user_id, now=now)
            return
        await tx.add_post(game.id, next_phase, toss_note + t(
            "post.new_phase", lang, game=game.name, phase=phase_title(next_phase, lang),
            deadline=stamp(deadline or 0), centres=_centre_table(nxt, lang)),
            channel_id=game.channel_id, map_spec={"phase": next_phase, "orders": False}, now=now)
        await self._phase_dms(tx, updated, players, nxt, now)

    async def _announce_start(self, tx: Tx, game: GameRow, players: list[PlayerRow],
                              position: Position) -> None:
        lang = game.language
        now = self.now()
        lines = []
        for p in sorted(players, key=lambda p: p.seat or 0):
            lines.append(t("post.assignment", lang, user=f"<@{p.user_id}>",
                           powers=", ".join(power_name(pw, lang) for pw in powers_of(game, p))))
        rules = _rules(game, game.phase or "")
        if rules.neutral:
            lines.append(t("post.neutral", lang, powers=", ".join(power_name(pw, lang) for pw in sorted(rules.neutral))))
        await tx.add_post(game.id, game.phase, t(
            "post.started", lang, game=game.name, assignments="\n".join(lines),
            phase=phase_title(game.phase or "", lang), deadline=stamp(game.deadline or 0)),
            channel_id=game.channel_id, map_spec={"phase": game.phase, "orders": False}, now=now)
        await self._phase_dms(tx, game, players, position, now)

    async def _phase_dms(self, tx: Tx, game: GameRow, players: list[PlayerRow], position: Position,
                         now: float) -> None:
        assert game.phase is not None
        rules = _rules(game, game.phase)
        languages = await tx.user_languages(p.user_id for p in players)   # DMs: the player's
        for p in players:
            lang = languages.get(p.user_id, game.language)
            powers = powers_of(game, p, rules)
            todo = [pw for pw in powers if needs(position, pw, rules)]
            if not todo:
                continue
            parts = []
            for pw in todo:
                if position.phase.is_movement:
                    what = ", ".join(unit_text(str(u), lang) for u in position.units_of(pw))
                elif position.phase.is_retreat:
                    what = ", ".join(f"{unit_text(str(d.unit), lang)} → {'/'.join(_place(r, lang) for r in d.retreats)}"
                                     for d in position.dislodged.values() if d.unit.power is pw)
                else:
                    delta = position.adjustment_delta(pw)
                    what = t("dm.builds" if delta > 0 else "dm.disbands", lang, count=abs(delta))
                parts.append(t("dm.power_line", lang, power=power_name(pw, lang), what=what))
            await tx.add_post(game.id, game.phase, t(
                "dm.phase_started", lang, game=game.name, phase=phase_title(game.phase, lang),
                lines="\n".join(parts), deadline=stamp(game.deadline or 0)) + "\n" + t("sheet.dm_hint", lang),
                user_id=p.user_id, now=now,   # a phone-sized map around the player's units
                map_spec={"phase": game.phase, "orders": False, "front": todo[0].value})

    def _results_text(self, game: GameRow, phase: str, outcome: Any, owner: dict[Power, int],
                      civil: frozenset[Power]) -> list[str]:
        lang = game.language
        blocks = [t("post.results_title", lang, game=game.name, phase=phase_title(phase, lang))]
        by_power: dict[Power, list[Any]] = {}
        for r in outcome.results:
            by_power.setdefault(r.power, []).append(r)
        for power in sorted(by_power):
            who = f" (<@{owner[power]}>)" if power in owner else ""
            note = t("post.civil_disorder", lang) if power in civil else ""
            lines = [f"**{power_name(power, lang)}**{who}{note}"]
            for r in by_power[power]:
                mark = "✅" if r.ok else "❌"
                why = "" if r.ok else f" — {t('result.' + r.result.value, lang)}"
                implied = t("post.implied", lang) if r.implied else ""
                lines.append(f"{mark} {order_line(r.text, lang)}{why}{implied}")
            blocks.append("\n".join(lines))
        if outcome.destroyed:
            blocks.append(t("post.destroyed", lang, units=", ".join(f"{power_name(u.power, lang)} {unit_text(str(u), lang)}"
                                                                  for u in outcome.destroyed)))
        return blocks


@dataclass(frozen=True, slots=True)
class _Chunk:
    text: str
    last: bool



def _chunks(blocks: list[str]) -> list[_Chunk]:
    """Blocks joined into messages of at most MAX_MESSAGE characters."""
    messages: list[str] = []
    current = ""
    for block in blocks:
        while len(block) > MAX_MESSAGE:
            messages.append(current) if current else None
            current = ""
            messages.append(block[:MAX_MESSAGE])
            block = block[MAX_MESSAGE:]
        if current and len(current) + 2 + len(block) > MAX_MESSAGE:
            messages.append(current)
            current = block
        else:
            current = f"{current}\n\n{block}" if current else block
    if current:
        messages.append(current)
    return [_Chunk(m, i == len(messages) - 1) for i, m in enumerate(messages)]


def _unit_province(text: str, language: str) -> str | None:
    """The province of a unit written in a player's language (``E Par`` → ``PAR``)."""
    from engine import parse_order
    hold = table(language).canonical.get("hold", "H")
    army = table(language).unit_letters.get("A", "A")
    for attempt in (f"{text} {hold}", f"{army} {text} {hold}"):
        try:
            order = parse_order(attempt, language=language)
        except (OrderParseError, ValueError):
            continue
        return order.location.province  # type: ignore[union-attr]
    return None


def _place(location: Any, lang: str) -> str:
    """A province (with its coast) for a player: the code in English, the name otherwise."""
    if lang == "en":
        return str(location)
    name = table(lang).province_name(location.province)
    return f"{name} ({location.coast})" if getattr(location, "coast", None) else name


def _centre_table(position: Position, lang: str) -> str:
    counts = []
    for power in Power:
        n = len(position.centres_of(power))
        units = len(position.units_of(power))
        if n or units:
            counts.append(t("post.centre_line", lang, power=power_name(power, lang), centres=n, units=units))
    return "\n".join(counts)
