"""Reading orders as players type them, in English, Spanish, Russian or Bulgarian.

Accepts the canonical form (``A PAR - BUR``, ``F NTH C A LON - NWY``, ``A LON - BEL VIA``,
``F STP/NC B``, ``WAIVE``) and the usual variants: any case, full names and common
abbreviations (``North Sea``, ``GoL``), ``->``/``to``, ``S``/``supports``,
``C``/``convoys``, ``H``/``holds``, ``via convoy``, coasts as ``/nc``, ``(nc)``, `` nc``,
``north coast`` or before the province. Several orders may be given in one text,
separated by new lines, ``;`` or ``,``. Other languages read their rulebooks' notation
(``language="es"``: ``E Par - Bor``, ``F MNe T E Ank - Seb``, ``F Con - CE Bul``).

A word that means two provinces in the language (Spanish ``Gal``: Wales, or Galicia's
code) is settled by the position when only one reading is a possible order there;
otherwise the parser asks which was meant (error code ``ambiguous``) instead of guessing.

>>> str(parse_order("f north sea convoys army london to norway"))
'F NTH C A LON - NWY'
>>> str(parse_order("A Lon -> Bel via convoy"))
'A LON - BEL VIA'
>>> str(parse_order("F MNe T E Ank - Seb", language="es"))
'F BLA C A ANK - SEV'
"""
from __future__ import annotations

import difflib
import functools
import itertools
import re
from dataclasses import dataclass, replace
from typing import Sequence

from engine.map import STANDARD, Location, Map, ProvinceKind
from engine.names import Entry, NameTable, homoglyph_variants, table, tokens
from engine.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive,
)
from engine.phase import Phase, PhaseKind
from engine.position import Position
from engine.units import UnitType

_SPLIT = re.compile(r"[\n;,]+")
_LOC = r"([A-Z]{3}(?:/[NSE]C)?)"
_CANONICAL = re.compile(
    rf"^([AF]) {_LOC}(?: (?:(H)|(-) {_LOC}( VIA)?|(S) ([AF]) {_LOC}(?: - {_LOC})?"
    rf"|(C) A {_LOC} - {_LOC}|(R) {_LOC}|(D)|(B)))$")
_UNIT_FOLLOWS = {"support", "convoy", "build", "disband"}


class OrderParseError(ValueError):
    """An order that cannot be read. ``code`` and ``params`` let a message catalogue say it
    in the player's language; ``str()`` is the English message. Codes: ``unknown_word``,
    ``expected_province``, ``incomplete``, ``unexpected_word``, ``missing_unit_type``,
    ``bad_coast``, ``stray_coast``, ``empty``, ``convoy_fleet``, ``ambiguous``."""

    def __init__(self, code: str, message: str, *, text: str = "", word: str = "",
                 suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.text = text
        self.word = word
        self.suggestions = tuple(suggestions)

    @property
    def params(self) -> dict[str, str]:
        return {"text": self.text, "word": self.word, "suggestions": ", ".join(self.suggestions)}


@dataclass(slots=True)
class _Tok:
    kind: str                    # province/coast/unit/<word kind>
    values: tuple[str, ...]      # candidates (several only for an ambiguous province)
    raw: str
    coast: str | None = None

    @property
    def value(self) -> str:
        return self.values[0]


@dataclass(slots=True)
class _Cursor:
    toks: list[_Tok]
    text: str
    i: int = 0

    def peek(self, *kinds: str) -> bool:
        return self.i < len(self.toks) and (not kinds or self.toks[self.i].kind in kinds)

    def take(self, *kinds: str) -> _Tok | None:
        if self.peek(*kinds):
            tok = self.toks[self.i]
            self.i += 1
            return tok
        return None


def _label(code: str, names: NameTable) -> str:
    return f"{code} ({names.province_name(code)})"


def _suggest(word: str, names: NameTable) -> list[str]:
    spellings = {s.casefold(): code for s, code in names.vocabulary.items()}
    typed = word.casefold()
    # names that start with what was typed first ("nor": North Sea, Norway...), then look-alikes
    starts = sorted((s for s in spellings if len(typed) >= 3 and s.startswith(typed)), key=len)
    close = starts + difflib.get_close_matches(typed, list(spellings), n=6, cutoff=0.6)
    out: list[str] = []
    for spelling in close:
        label = _label(spellings[spelling], names)
        if label not in out:
            out.append(label)
    return out[:3]


def _lex(text: str, names: NameTable) -> list[_Tok]:
    words = tokens(text)
    out: list[_Tok] = []
    i = 0
    while i < len(words):
        match = _longest(words, i, names)
        if match is None:
            word = words[i]
            suggestions = _suggest(word, names)
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            raise OrderParseError("unknown_word", f'I don\'t know the word "{word}".{hint}',
                                  text=text, word=word, suggestions=suggestions)
        length, entries = match
        out.append(_pick(entries, out, " ".join(words[i:i + length])))
        i += length
    return out


def _longest(words: list[str], i: int, names: NameTable) -> tuple[int, tuple[Entry, ...]] | None:
    top = min(names.longest, len(words) - i)
    for length in range(top, 0, -1):
        entries = names.lookup(tuple(words[i:i + length]))
        if entries:
            return length, entries
    # nothing matched as typed: try look-alike letters of the other alphabet
    for length in range(top, 0, -1):
        key = tuple(words[i:i + length])
        for variant in itertools.product(*([w, *homoglyph_variants(w)] for w in key)):
            entries = names.lookup(tuple(variant))
            if entries:
                return length, entries
    return None


def _pick(entries: tuple[Entry, ...], before: list[_Tok], raw: str) -> _Tok:
    """Choose between the meanings of one spelling from what precedes it: a unit letter
    starts an order or follows support/convoy/build/disband; after a province comes an
    order word; elsewhere a province."""
    kinds = {e.kind for e in entries}
    if len(kinds) > 1:
        prev = before[-1].kind if before else None
        if "unit" in kinds and (prev is None or prev in _UNIT_FOLLOWS):
            wanted = "unit"
        elif prev in ("province", "coast"):
            words = [e.kind for e in entries if e.kind not in ("province", "unit", "coast")]
            # Spanish "a": support right after the unit, "to" once the order's verb is past
            verb_seen = any(t.kind in ("support", "convoy", "move", "retreat") for t in before)
            if "move" in words and "support" in words:
                wanted = "move" if verb_seen else "support"
            else:
                wanted = words[0] if words else next(iter(kinds - {"province"}), "province")
        else:
            wanted = "province" if "province" in kinds else next(
                k for k in (e.kind for e in entries) if k != "unit")
        entries = tuple(e for e in entries if e.kind == wanted)
    values = tuple(dict.fromkeys(e.value for e in entries))
    return _Tok(entries[0].kind, values, raw)


def _attach_coasts(toks: list[_Tok], text: str, game_map: Map) -> list[_Tok]:
    out: list[_Tok] = []
    pending: _Tok | None = None
    for tok in toks:
        if tok.kind == "coast":
            if out and out[-1].kind == "province" and out[-1].coast is None and pending is None \
                    and game_map.provinces[out[-1].value].coasts:
                _set_coast(out[-1], tok, text, game_map)
                continue
            if pending is not None:
                raise OrderParseError("stray_coast", f'"{pending.raw}" must stand next to a province.',
                                      text=text, word=pending.raw)
            pending = tok
            continue
        if pending is not None:
            if tok.kind != "province":
                if out and out[-1].kind == "province":
                    _set_coast(out[-1], pending, text, game_map)
                    pending = None
                else:
                    raise OrderParseError("stray_coast", f'"{pending.raw}" must stand next to a province.',
                                          text=text, word=pending.raw)
            else:
                tok = replace(tok)
                _set_coast(tok, pending, text, game_map)
                pending = None
        out.append(tok)
    if pending is not None:
        if out and out[-1].kind == "province":
            _set_coast(out[-1], pending, text, game_map)
        else:
            raise OrderParseError("stray_coast", f'"{pending.raw}" must stand next to a province.',
                                  text=text, word=pending.raw)
    return out


def _set_coast(province: _Tok, coast: _Tok, text: str, game_map: Map) -> None:
    coasts = game_map.provinces[province.value].coasts
    if not coasts:
        return  # a coast named for a province without split coasts is irrelevant: ignore it
    if coast.value not in coasts:
        raise OrderParseError(
            "bad_coast", f"{province.value} has no {table().coast_names.get(coast.value, coast.raw)}; "
            f"its coasts are {', '.join(province.value + '/' + c for c in coasts)}.",
            text=text, word=coast.raw, suggestions=[f"{province.value}/{c}" for c in coasts])
    province.coast = coast.value


def _location(tok: _Tok) -> Location:
    return Location(tok.value, tok.coast)


def _infer_type(loc: Location, position: Position | None, game_map: Map, text: str,
                *, build: bool = False, other: bool = False) -> UnitType:
    """The type of a unit the player did not name: the unit standing there, else what
    the province allows. ``other``: a supported unit, whose type only informs (DATC 4.C.5)."""
    if position is not None and not build:
        unit = position.units.get(loc.province)
        if unit is None and position.dislodged.get(loc.province) is not None:
            unit = position.dislodged[loc.province].unit
        if unit is not None:
            return unit.type
    kind = game_map.provinces[loc.province].kind
    if kind is ProvinceKind.INLAND:
        return UnitType.ARMY
    if kind is ProvinceKind.SEA:
        return UnitType.FLEET
    if build or other:
        # DATC 4.C.3: an army in a land area, a fleet if a coast was given
        return UnitType.FLEET if loc.coast else UnitType.ARMY
    raise OrderParseError("missing_unit_type",
                          f"Write A (army) or F (fleet) before {loc.province}.",
                          text=text, word=loc.province)


def _expect_location(cur: _Cursor, what: str) -> _Tok:
    tok = cur.take("province")
    if tok is None:
        got = cur.toks[cur.i].raw if cur.peek() else ""
        if got:
            raise OrderParseError("expected_province", f'Expected {what} where "{got}" is.',
                                  text=cur.text, word=got)
        raise OrderParseError("incomplete", f"The order stops before {what}.", text=cur.text)
    return tok


def _expect_end(cur: _Cursor) -> None:
    if cur.peek():
        got = cur.toks[cur.i]
        raise OrderParseError("unexpected_word", f'The order should end before "{got.raw}".',
                              text=cur.text, word=got.raw)


def _grammar(cur: _Cursor, text: str, kind: PhaseKind | None, position: Position | None,
             game_map: Map) -> Order:
    if cur.take("waive"):
        _expect_end(cur)
        return Waive()
    prefix = cur.take("build", "disband")
    unit_tok = cur.take("unit")
    loc = _location(_expect_location(cur, "the unit's province"))
    if prefix is not None:
        _expect_end(cur)
        if prefix.kind == "build":
            utype = UnitType(unit_tok.value) if unit_tok else _infer_type(
                loc, position, game_map, text, build=True)
            return Build(utype, loc)
        utype = UnitType(unit_tok.value) if unit_tok else _infer_type(loc, position, game_map, text)
        return Disband(utype, loc)

    building = kind is PhaseKind.ADJUSTMENT and (not cur.peek() or cur.peek("build"))
    if unit_tok is not None:
        utype = UnitType(unit_tok.value)
    else:
        utype = _infer_type(loc, position, game_map, text, build=building)

    if not cur.peek():
        if kind is PhaseKind.ADJUSTMENT:
            return Build(utype, loc)
        if kind is PhaseKind.RETREAT:
            raise OrderParseError("incomplete", "Say where the unit retreats to, or that it disbands.",
                                  text=text)
        return Hold(utype, loc)
    if cur.take("hold"):
        _expect_end(cur)
        return Hold(utype, loc)
    if cur.take("build"):
        _expect_end(cur)
        return Build(utype, loc)
    if cur.take("disband"):
        _expect_end(cur)
        return Disband(utype, loc)
    if cur.take("retreat"):
        cur.take("move")  # "retreats to"
        dest = _location(_expect_location(cur, "the province to retreat to"))
        _expect_end(cur)
        return Retreat(utype, loc, dest)
    if cur.take("support"):
        sup_unit = cur.take("unit")
        target = _location(_expect_location(cur, "the supported unit's province"))
        stype = UnitType(sup_unit.value) if sup_unit else _infer_type(
            target, position, game_map, text, other=True)
        if cur.take("move") or cur.peek("province"):
            dest = _location(_expect_location(cur, "the supported move's destination"))
            cur.take("hold")
            _expect_end(cur)
            return SupportMove(utype, loc, stype, target, dest)
        cur.take("hold")
        _expect_end(cur)
        return SupportHold(utype, loc, stype, target)
    if cur.take("convoy"):
        army_type = cur.take("unit")
        if army_type is not None and army_type.value != "A":
            raise OrderParseError("convoy_fleet", "Only armies can be convoyed.", text=text,
                                  word=army_type.raw)
        army = _location(_expect_location(cur, "the convoyed army's province"))
        cur.take("move")
        dest = _location(_expect_location(cur, "the convoyed army's destination"))
        _expect_end(cur)
        return Convoy(utype, loc, army, dest)
    if cur.take("move") or cur.peek("province"):
        dest = _location(_expect_location(cur, "the destination"))
        via = bool(cur.take("via"))
        if not via and cur.take("convoy"):
            via = True  # "A LON - BEL convoy"
        _expect_end(cur)
        if kind is PhaseKind.RETREAT:
            return Retreat(utype, loc, dest)
        return Move(utype, loc, dest, via)
    got = cur.toks[cur.i]
    raise OrderParseError("unexpected_word", f'I can\'t read "{got.raw}" here.', text=text, word=got.raw)


def _fleet_routes(position: Position, army: str) -> dict[str, list[frozenset[str]]]:
    from engine.convoy import convoy_routes
    m = position.map
    fleets = {p for p, u in position.units.items() if u.type is UnitType.FLEET and p in m.seas}
    return convoy_routes(m, army, fleets) if army in m.coastal and fleets else {}


def _plausible(order: Order, position: Position) -> bool:
    """Could this reading be a real order in the position? Used only to settle a word
    that names two provinces."""
    m = position.map
    if isinstance(order, Waive):
        return True
    here = order.location.province
    phase = position.phase
    if isinstance(order, Build):
        province = m.provinces[here]
        return province.home_of is not None and here not in position.units
    pool = position.units if not phase.is_retreat else {p: d.unit for p, d in position.dislodged.items()}
    unit = pool.get(here)
    if unit is None:
        return False
    fleet = unit.type is UnitType.FLEET
    if isinstance(order, (Move, Retreat)):
        dest = order.destination.province
        if m.can_reach(fleet, unit.location, dest):
            return True
        # overseas: only when fleets on the board could carry it (a mere sea route is a guess)
        return not fleet and isinstance(order, Move) and bool(_fleet_routes(position, here).get(dest))
    if isinstance(order, SupportHold):
        return order.supported.province in position.units and m.can_reach(
            fleet, unit.location, order.supported.province)
    if isinstance(order, SupportMove):
        other = position.units.get(order.supported.province)
        dest = order.destination.province
        return other is not None and m.can_reach(fleet, unit.location, dest) and (
            m.can_reach(other.type is UnitType.FLEET, other.location, dest)
            or m.sea_route_exists(other.province, dest))
    if isinstance(order, Convoy):
        army = position.units.get(order.army.province)
        return fleet and army is not None and m.sea_route_exists(order.army.province,
                                                                  order.destination.province)
    return True


_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}


@functools.lru_cache(maxsize=8192)
def _canonical(text: str, kind: PhaseKind | None, game_map: Map) -> Order | None:
    """The fast path for text already in canonical form (what programs send): no lexing.
    Returns None for anything else, which then goes through the full parser."""
    m = _CANONICAL.match(text)
    if m is None:
        return None
    (letter, here, hold, move, dest, via, sup, stype, target, sdest, conv, army, cdest,
     ret, rdest, disband, build) = m.groups()
    utype = _UNIT_TYPES[letter]
    location = game_map.location
    locs = [location(x) if x else None for x in (here, dest, target, sdest, army, cdest, rdest)]
    given = [x for x in (here, dest, target, sdest, army, cdest, rdest) if x]
    if sum(1 for x in locs if x is not None) != len(given):
        return None
    loc, dest_l, target_l, sdest_l, army_l, cdest_l, rdest_l = locs
    assert loc is not None
    if hold:
        return Hold(utype, loc)
    if move:
        if kind is PhaseKind.RETREAT and not via:
            return Retreat(utype, loc, dest_l)  # type: ignore[arg-type]
        return Move(utype, loc, dest_l, bool(via))  # type: ignore[arg-type]
    if sup:
        if sdest_l is not None:
            return SupportMove(utype, loc, _UNIT_TYPES[stype], target_l, sdest_l)  # type: ignore[arg-type]
        return SupportHold(utype, loc, _UNIT_TYPES[stype], target_l)  # type: ignore[arg-type]
    if conv:
        return Convoy(utype, loc, army_l, cdest_l)  # type: ignore[arg-type]
    if ret:
        return Retreat(utype, loc, rdest_l)  # type: ignore[arg-type]
    if disband:
        return Disband(utype, loc)
    return Build(utype, loc)


def parse_order(text: str, *, phase: Phase | PhaseKind | None = None,
                position: Position | None = None, language: str = "en",
                game_map: Map = STANDARD) -> Order:
    """Read one order. ``position`` (if given) fills in missing unit types and settles
    ambiguous words; ``phase`` tells a retreat (``A BUR - PAR`` in a retreat phase) and a
    build (``F EDI`` in an adjustment phase) from a move and a hold."""
    if position is not None and phase is None:
        phase = position.phase
    kind = phase.kind if isinstance(phase, Phase) else phase
    if language == "en":
        if text == "WAIVE":
            return Waive()
        fast = _canonical(text, kind, game_map)
        if fast is not None:
            return fast
    names = table(language)
    toks = _lex(text, names)
    if not toks:
        raise OrderParseError("empty", "The order is empty.", text=text)
    ambiguous = [i for i, t in enumerate(toks) if len(t.values) > 1]
    readings: list[tuple[Order, tuple[str, ...]]] = []
    first_error: OrderParseError | None = None
    for choice in itertools.product(*(toks[i].values for i in ambiguous)):
        concrete = list(toks)
        for i, value in zip(ambiguous, choice):
            concrete[i] = _Tok(toks[i].kind, (value,), toks[i].raw)
        try:
            concrete = _attach_coasts(concrete, text, game_map)
            order = _grammar(_Cursor(concrete, text), text, kind, position, game_map)
        except OrderParseError as exc:
            first_error = first_error or exc
            continue
        readings.append((order, choice))
    if not readings:
        assert first_error is not None
        raise first_error
    if len(readings) > 1 and position is not None:
        plausible = [r for r in readings if _plausible(r[0], position)]
        if plausible:
            readings = plausible
    distinct = list(dict.fromkeys(order for order, _ in readings))
    if len(distinct) == 1:
        return distinct[0]
    word = toks[ambiguous[0]].raw
    options = [_label(v, names) for v in dict.fromkeys(c[0] for _, c in readings)]
    raise OrderParseError("ambiguous", f'"{word}" could mean {" or ".join(options)}: write the name in full.',
                          text=text, word=word, suggestions=options)


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One order of a multi-order text: the text as typed and the order or the error."""

    text: str
    order: Order | None
    error: OrderParseError | None


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in _SPLIT.split(text) if part.strip()]


def read_orders(text: str, **kwargs) -> list[ParsedLine]:
    """Read every order of a text, keeping the good ones when some cannot be read."""
    out = []
    for part in split_orders(text):
        try:
            out.append(ParsedLine(part, parse_order(part, **kwargs), None))
        except OrderParseError as exc:
            out.append(ParsedLine(part, None, exc))
    return out


def parse_orders(text: str, **kwargs) -> list[Order]:
    """Read every order of a text; raise the first error."""
    orders = []
    for line in read_orders(text, **kwargs):
        if line.error is not None:
            raise line.error
        orders.append(line.order)
    return orders
