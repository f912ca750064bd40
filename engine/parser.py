"""Reading orders as players type them, in English, Spanish, Russian or Bulgarian.

Accepts the canonical form (``A PAR - BUR``, ``F NTH C A LON - NWY``, ``A LON - BEL VIA``,
``F STP/NC B``, ``WAIVE``) and the usual variants: any case, full names and common
abbreviations (``North Sea``, ``GoL``), ``->``/``to``, ``S``/``supports``,
``C``/``convoys``, ``H``/``holds``, ``via convoy``, coasts as ``/nc``, ``(nc)``, `` nc``,
``north coast`` or before the province. Several orders may be given in one text,
separated by new lines, ``;`` or ``,``. Other languages read their rulebooks' notation
(``language="es"``: ``E Par - Bor``, ``F MNe T E Ank - Seb``, ``F Con - CE Bul``), their
verbs and phrases with the names in the case the sentence needs (``A Париж идёт в
Бургундию``, ``Ф Брест към Средния Атлантически океан``), the Bulgarian client's notation
with the verb first (``Move Ber Pru``, ``Supp hold Ven Tyr Tyr``, ``X Bul Bul``, ``A Mar
Mar``), and nationality words naming a unit's owner (``E Bel A E inglés Hol - Kie``, ``A
Mun S English A Kie - Ber``, ``А Мюн П английската А Кил - Бер``): with a position they
are checked (``wrong_nationality`` names both powers), without one :func:`parse_stated`
keeps them beside the order.

A word that means two provinces in the language (Spanish ``Gal``: Wales, or Galicia's
code; Bulgarian ``АнК``/``Анк``: the Channel or Ankara; ``Liv``: Liverpool or Livonia) is
settled by the position: a reading whose unit is not there, is of another type or
nationality, or cannot do what it is told, is not taken while another is possible. When
the board leaves several readings, the parser asks which was meant (``ambiguous``)
instead of guessing, offering each meaning in a form that has only that meaning in the
language, and each reading as an order written so (``OrderParseError.readings``). A
canonical code typed in capitals (``GAL``) is taken at its word in every language.

Reading a line costs time linear in its length, whatever its words: the readings of
ambiguous words are searched depth first, a word being settled only when the grammar
reaches it (so words past the end of a possible order are never branched on), words that
name a unit are settled by the units on the board, and at most ``MAX_READINGS`` readings
are tried before the parser asks. Lines longer than ``MAX_ORDER_CHARS`` are refused
(``too_long``). The "did you mean" suggestions of an unknown word are computed only when
asked for.

>>> str(parse_order("f north sea convoys army london to norway"))
'F NTH C A LON - NWY'
>>> str(parse_order("A Lon -> Bel via convoy"))
'A LON - BEL VIA'
>>> str(parse_order("F MNe T E Ank - Seb", language="es"))
'F BLA C A ANK - SEV'
>>> parse_stated("A Mun S English A Kie - Ber", language="ru").owners
(('KIE', <Power.ENGLAND: 'ENGLAND'>),)
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.map import STANDARD, Location, Map, ProvinceKind
from engine.names import Entry, NameTable, look_alikes, mixes_alphabets, table, tokens
from engine.orders import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    RETREAT_ORDERS,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    format_order,
)
from engine.phase import Phase, PhaseKind
from engine.position import Position
from engine.power import Power
from engine.units import Unit, UnitType

_SPLIT = re.compile(r"[\n;,]+")
_LOC = r"([A-Z]{3}(?:/[NSE]C)?)"
_CANONICAL = re.compile(
    rf"^([AF]) {_LOC}(?: (?:(H)|(-) {_LOC}( VIA)?|(S) ([AF]) {_LOC}(?: - {_LOC})?"
    rf"|(C) A {_LOC} - {_LOC}|(R) {_LOC}|(D)|(B)))$"
)
_UNIT_FOLLOWS = {"support", "convoy", "build", "disband", "power"}
#: Order words that may also come first, before the unit (the Bulgarian client writes
#: ``Move Ber Pru``, ``Supp hold Ven Tyr Tyr``, ``Conv Nth Edi Nwy``).
_VERBS = ("hold", "move", "support", "convoy", "retreat")
#: The orders a phase takes: a reading of another kind is not plausible in it.
_PHASE_ORDERS = {
    PhaseKind.MOVEMENT: MOVEMENT_ORDERS,
    PhaseKind.RETREAT: RETREAT_ORDERS,
    PhaseKind.ADJUSTMENT: ADJUSTMENT_ORDERS,
}

#: The longest line read as one order, in characters (more is refused as ``too_long``). The
#: wordiest real order (three full names, coasts, nationality and order words) is about half.
MAX_ORDER_CHARS = 300
#: The most readings of a line's ambiguous words tried before the parser asks which was
#: meant. A real order names at most three places, each of two readings today: eight.
MAX_READINGS = 32


class OrderParseError(ValueError):
    """An order that cannot be read. ``code`` and ``params`` let a message catalogue say it
    in the player's language; ``str()`` is the English message. Codes: ``unknown_word``,
    ``expected_province``, ``incomplete``, ``unexpected_word``, ``missing_unit_type``,
    ``bad_coast``, ``stray_coast``, ``empty``, ``convoy_fleet``, ``ambiguous``, ``too_long``,
    ``wrong_nationality``.

    ``word`` is the word at fault as the tables match it (lower case), ``typed`` the same
    word as the player typed it. ``suggestions`` (what the player may have meant) are
    computed the first time they are read, and so is the "Did you mean" of ``str()``: a
    program that reads thousands of unreadable lines pays nothing for suggestions it never
    shows. For ``ambiguous``: ``suggestions`` are the word's meanings, each written so that
    it has only that meaning in the player's language (``Gli (Galicia)``, ``Gales``), and
    ``readings`` the orders the line could be, each with its unambiguous text (empty when
    there were too many to list). ``details``: more parameters of some codes (for
    ``ambiguous``: ``provinces``, the codes of the word's meanings; for
    ``wrong_nationality``: ``power`` named, ``owner`` of the unit, ``province``).
    ``limit``: for ``too_long``, the most characters an order may have."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        text: str = "",
        word: str = "",
        typed: str = "",
        suggestions: Sequence[str] | Callable[[], Sequence[str]] = (),
        hint: bool = False,
        readings: Sequence[Reading] = (),
        limit: int | None = None,
        details: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.text = text
        self.word = word
        self.typed = typed or word
        self.readings = tuple(readings)
        self.limit = limit
        self.details = dict(details or {})
        self._hint = hint  # str() ends with "Did you mean: <suggestions>?" when there are some
        self._suggest: Callable[[], Sequence[str]] | None = None
        self._suggestions: tuple[str, ...] | None = None
        if callable(suggestions):
            self._suggest = suggestions
        else:
            self._suggestions = tuple(suggestions)

    @property
    def suggestions(self) -> tuple[str, ...]:
        if self._suggestions is None:
            assert self._suggest is not None
            self._suggestions, self._suggest = tuple(self._suggest()), None
        return self._suggestions

    @property
    def params(self) -> dict[str, str]:
        out = {
            "text": self.text,
            "word": self.word,
            "typed": self.typed,
            "suggestions": ", ".join(self.suggestions),
            **self.details,
        }
        if self.readings:
            out["readings"] = "; ".join(r.text for r in self.readings)
        if self.limit is not None:
            out["limit"] = str(self.limit)
        return out

    def __str__(self) -> str:
        message = super().__str__()
        if self._hint and self.suggestions:
            return f"{message} Did you mean: {', '.join(self.suggestions)}?"
        return message

    def __reduce__(self) -> tuple:
        # picklable, for a worker process that parses: the suggestions travel computed
        return (
            _rebuild_error,
            (
                self.code,
                super().__str__(),
                self.text,
                self.word,
                self.typed,
                self.suggestions,
                self._hint,
                self.readings,
                self.limit,
                self.details,
            ),
        )


def _rebuild_error(
    code: str,
    message: str,
    text: str,
    word: str,
    typed: str,
    suggestions: tuple[str, ...],
    hint: bool,
    readings: tuple[Reading, ...],
    limit: int | None,
    details: dict[str, str],
) -> OrderParseError:
    return OrderParseError(
        code,
        message,
        text=text,
        word=word,
        typed=typed,
        suggestions=suggestions,
        hint=hint,
        readings=readings,
        limit=limit,
        details=details,
    )


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a line the parser asks about, for a menu of them: the order (its
    ``str`` is the canonical form) and ``text``, the order in the player's language written
    so that it reads only this way (typing it back, or picking it, settles the question)."""

    order: Order
    text: str

    @property
    def canonical(self) -> str:
        return str(self.order)


@dataclass(frozen=True, slots=True)
class StatedOrder:
    """An order and the owners its text named for units (``E Bel A E inglés Hol - Kie``:
    the army in Holland is English), as ``(province, power)`` pairs. With a position the
    parser has checked them (a wrong one is ``wrong_nationality``); without one they are
    kept here for whoever knows the board. ``format_order`` writes the order alone."""

    order: Order
    owners: tuple[tuple[str, Power], ...] = ()

    def owner(self, province: str) -> Power | None:
        """The power the text named for the unit in ``province``, if it named one."""
        return next((power for where, power in self.owners if where == province), None)


@dataclass(slots=True)
class Work:
    """The steps that reading orders took, counted rather than timed so that a test can
    bound them on any machine: ``lookups`` of the name table by the lexer, ``readings`` of
    a line's ambiguous words tried by the grammar. With a ``budget``, a reading that would
    take more steps than that stops with ``RuntimeError``: a test of hostile lines fails at
    once instead of hanging if the parser ever becomes exponential again."""

    lookups: int = 0
    readings: int = 0
    budget: int | None = None

    def step(self, *, lookups: int = 0, readings: int = 0) -> None:
        self.lookups += lookups
        self.readings += readings
        if self.budget is not None and self.lookups + self.readings > self.budget:
            raise RuntimeError(f"parser work budget of {self.budget} steps exceeded")


class _Role(enum.Enum):
    """What a province word names in an order, as far as the board can tell its readings
    apart (see ``_may_stand``)."""

    UNIT = "the ordered unit's province"  # a unit stands there, or one may be built
    OTHER = "another unit's province"  # the supported unit, the convoyed army
    PLACE = "a place"  # a destination: the board alone excludes none


class _Excluded(Exception):
    """A reading that the board excludes (internal to the search over readings)."""


class _Chooser:
    """Settles the ambiguous words of one reading of a line, each the first time the
    reading needs its value, so that only the words the grammar reaches are ever branched
    on (a word after the end of a possible order never is). ``path`` replays the choices
    of the readings tried before, up to the decision to change; later decisions take their
    first value; ``next_path`` is the next reading to try, depth first. With a
    ``position``, a word naming a unit only takes the values where the board allows one."""

    __slots__ = ("path", "position", "decisions", "chosen")

    def __init__(self, path: list[int], position: Position | None) -> None:
        self.path = path
        self.position = position
        self.decisions: list[tuple[int, int]] = []  # (token index, number of values open)
        self.chosen: dict[int, str] = {}  # token index -> value of this reading

    def pick(self, tok: _Tok, role: _Role) -> str:
        value = self.chosen.get(tok.index)
        if value is not None:
            return value
        options = tok.values
        if self.position is not None and role is not _Role.PLACE:
            options = tuple(v for v in options if _may_stand(self.position, role, v))
            if not options:
                raise _Excluded
        step = len(self.decisions)
        value = options[self.path[step] if step < len(self.path) else 0]
        self.decisions.append((tok.index, len(options)))
        self.chosen[tok.index] = value
        return value

    def next_path(self) -> list[int] | None:
        made = [self.path[k] if k < len(self.path) else 0 for k in range(len(self.decisions))]
        for k in range(len(made) - 1, -1, -1):
            if made[k] + 1 < self.decisions[k][1]:
                return made[:k] + [made[k] + 1]
        return None


@dataclass(slots=True)
class _Tok:
    kind: str  # province/coast/unit/power/<word kind>
    values: tuple[str, ...]  # candidates (several only for an ambiguous word)
    raw: str  # as the tables match it (lower case)
    coast: str | None = None
    index: int = 0  # place among the line's tokens
    chooser: _Chooser | None = None  # settles an ambiguous word in one reading
    typed: str = ""  # as the player typed it

    @property
    def value(self) -> str:
        return self.settle(_Role.PLACE)

    def settle(self, role: _Role) -> str:
        """The value, for a word that stands where ``role`` says in the order."""
        if len(self.values) == 1:
            return self.values[0]
        assert self.chooser is not None, "an ambiguous word is read only within a search"
        return self.chooser.pick(self, role)


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


@functools.cache
def _spellings(language: str) -> dict[str, str]:
    """Every province spelling of a language, case-folded -> code."""
    return {s.casefold(): code for s, code in table(language).vocabulary.items()}


def _suggest(word: str, language: str) -> list[str]:
    names, spellings = table(language), _spellings(language)
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


def _lex(text: str, names: NameTable, work: Work) -> list[_Tok]:
    typed = tokens(text, fold=False)
    words = [w.casefold() for w in typed]  # what tokens(text) gives, without a second pass
    alike: tuple[tuple[str, ...], ...] = ()  # the line in look-alike letters, made on a first miss
    # a line that mixes the alphabets may hide a longer spelling behind a shorter one typed
    # right ("- hоlds" with a Cyrillic о: "-" alone is a word): look for it too
    mixed = mixes_alphabets(words)
    out: list[_Tok] = []
    i = 0
    while i < len(words):
        match = _longest(words, i, names, work)
        if match is None or (mixed and match[0] < names.longest):
            alike = alike or look_alikes(words)
            match = _longest_alike(words, alike, i, names, work, longer_than=match[0] if match else 0) or match
        if match is None:
            word = words[i]
            raise OrderParseError(
                "unknown_word",
                f'I don\'t know the word "{typed[i]}".',
                text=text,
                word=word,
                typed=typed[i],
                suggestions=functools.partial(_suggest, word, names.language),
                hint=True,
            )
        length, entries = match
        if length == 1 and len(entries) > 1:
            entries = _as_code(typed[i], entries)
        tok = _pick(entries, out, " ".join(words[i : i + length]))
        tok.typed = " ".join(typed[i : i + length])
        tok.index = len(out)
        out.append(tok)
        i += length
    return out


def _as_code(typed: str, entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
    """A canonical code typed in capitals (``GAL``) names its province in every language,
    even where the same letters in another case are a spelling of another (Spanish ``Gal``
    is Wales): the form the bot offers when it asks is always taken at its word."""
    if typed.isascii() and typed.isupper() and Entry("province", typed) in entries:
        return tuple(e for e in entries if e.kind != "province" or e.value == typed)
    return entries


def _longest(words: list[str], i: int, names: NameTable, work: Work) -> tuple[int, tuple[Entry, ...]] | None:
    """The longest spelling of the table that starts at word ``i``, as typed."""
    top = min(names.longest, len(words) - i)
    for length in range(top, 0, -1):
        entries = names.lookup(tuple(words[i : i + length]))
        if entries:
            work.step(lookups=top - length + 1)
            return length, entries
    work.step(lookups=top)
    return None


def _longest_alike(
    words: list[str], alike: tuple[tuple[str, ...], ...], i: int, names: NameTable, work: Work, *, longer_than: int = 0
) -> tuple[int, tuple[Entry, ...]] | None:
    """The longest spelling at word ``i`` in look-alike letters of one alphabet (of more
    than ``longer_than`` words): two tries per length, not one per mix of letters."""
    tries = 0
    for length in range(min(names.longest, len(words) - i), longer_than, -1):
        typed = tuple(words[i : i + length])
        for line in alike:
            key = line[i : i + length]
            if key != typed:
                tries += 1
                entries = names.lookup(key)
                if entries:
                    work.step(lookups=tries)
                    return length, entries
    work.step(lookups=tries)
    return None


def _pick(entries: tuple[Entry, ...], before: list[_Tok], raw: str) -> _Tok:
    """Choose between the meanings of one spelling from what precedes it: a unit letter
    starts an order or follows support/convoy/build/disband or a nationality; after a
    province comes an order word; elsewhere a province. A preposition that can say where a
    unit stands or where it goes (Russian "в") says where it stands before the unit's
    province and where it goes after it."""
    kinds = {e.kind for e in entries}
    prev = before[-1].kind if before else None
    if "at" in kinds and len(kinds) > 1:
        wanted_at = prev not in ("province", "coast")
        entries = tuple(e for e in entries if (e.kind == "at") == wanted_at)
        kinds = {e.kind for e in entries}
    if len(kinds) > 1:
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
            wanted = "province" if "province" in kinds else next(k for k in (e.kind for e in entries) if k != "unit")
        entries = tuple(e for e in entries if e.kind == wanted)
    values = tuple(dict.fromkeys(e.value for e in entries))
    return _Tok(entries[0].kind, values, raw)


def _attach_coasts(toks: list[_Tok], text: str, game_map: Map) -> list[_Tok]:
    out: list[_Tok] = []
    pending: _Tok | None = None
    for tok in toks:
        if tok.kind == "coast":
            if (
                out
                and out[-1].kind == "province"
                and out[-1].coast is None
                and pending is None
                and _coasts(out[-1], game_map)
            ):
                _set_coast(out[-1], tok, text, game_map)
                continue
            if pending is not None:
                raise OrderParseError(
                    "stray_coast", f'"{pending.raw}" must stand next to a province.', text=text, word=pending.raw
                )
            pending = tok
            continue
        if pending is not None:
            if tok.kind != "province":
                if out and out[-1].kind == "province":
                    _set_coast(out[-1], pending, text, game_map)
                    pending = None
                else:
                    raise OrderParseError(
                        "stray_coast", f'"{pending.raw}" must stand next to a province.', text=text, word=pending.raw
                    )
            else:
                tok = replace(tok)
                _set_coast(tok, pending, text, game_map)
                pending = None
        out.append(tok)
    if pending is not None:
        if out and out[-1].kind == "province":
            _set_coast(out[-1], pending, text, game_map)
        else:
            raise OrderParseError(
                "stray_coast", f'"{pending.raw}" must stand next to a province.', text=text, word=pending.raw
            )
    return out


def _coasts(province: _Tok, game_map: Map) -> tuple[str, ...]:
    """The coasts of a province word's province; an ambiguous word is settled only when
    its readings have different coasts."""
    provinces = game_map.provinces
    first = provinces[province.values[0]].coasts
    if all(provinces[v].coasts == first for v in province.values[1:]):
        return first
    return provinces[province.value].coasts


def _set_coast(province: _Tok, coast: _Tok, text: str, game_map: Map) -> None:
    coasts = _coasts(province, game_map)
    if not coasts:
        return  # a coast named for a province without split coasts is irrelevant: ignore it
    if coast.value not in coasts:
        raise OrderParseError(
            "bad_coast",
            f"{province.value} has no {table().coast_names.get(coast.value, coast.raw)}; "
            f"its coasts are {', '.join(province.value + '/' + c for c in coasts)}.",
            text=text,
            word=coast.raw,
            suggestions=[f"{province.value}/{c}" for c in coasts],
        )
    province.coast = coast.value


def _location(tok: _Tok, role: _Role = _Role.PLACE) -> Location:
    return Location(tok.settle(role), tok.coast)


def _infer_type(
    loc: Location, position: Position | None, game_map: Map, text: str, *, build: bool = False, other: bool = False
) -> UnitType:
    """The type of a unit the player did not name: the unit standing there (for the
    ordered unit in a retreat phase, the dislodged one), else what the province allows.
    ``other``: a supported unit, whose type only informs (DATC 4.C.5)."""
    if position is not None and not build:
        unit = position.units.get(loc.province) if other else _ordered_unit(position, loc.province)
        if unit is None:
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
    raise OrderParseError(
        "missing_unit_type", f"Write A (army) or F (fleet) before {loc.province}.", text=text, word=loc.province
    )


def _expect_location(cur: _Cursor, what: str) -> _Tok:
    cur.take("at")
    tok = cur.take("province")
    if tok is None:
        got = cur.toks[cur.i] if cur.peek() else None
        if got is not None:
            raise OrderParseError(
                "expected_province",
                f'Expected {what} where "{got.typed}" is.',
                text=cur.text,
                word=got.raw,
                typed=got.typed,
            )
        raise OrderParseError("incomplete", f"The order stops before {what}.", text=cur.text)
    return tok


def _expect_end(cur: _Cursor) -> None:
    if cur.peek():
        got = cur.toks[cur.i]
        raise OrderParseError(
            "unexpected_word",
            f'The order should end before "{got.typed}".',
            text=cur.text,
            word=got.raw,
            typed=got.typed,
        )


def _repeat(cur: _Cursor, loc: Location) -> bool:
    """Take the province ``loc`` written a second time, as the Bulgarian client writes an
    order for a unit that stays (``Hold Kiel Kiel``, ``X Bul Bul``, ``A Mar Mar``). An
    ambiguous word is settled here like anywhere else: in the readings where it names
    another province, it is not a repetition."""
    tok = cur.toks[cur.i] if cur.peek("province") else None
    if tok is not None and loc.province in tok.values and tok.value == loc.province:
        cur.i += 1
        return True
    return False


@dataclass(frozen=True, slots=True)
class _Owner:
    """A nationality word of an order: the power it names for the unit in ``province``."""

    province: str
    power: Power
    word: str  # as the tables match it
    typed: str  # as typed
    ordered: bool  # the ordered unit; else a supported or convoyed one


@dataclass(frozen=True, slots=True)
class _Parsed:
    order: Order
    owners: tuple[_Owner, ...] = ()


def _unit_ref(cur: _Cursor) -> tuple[_Tok | None, _Tok | None]:
    """How an order names a unit before its province: a type letter or noun, a nationality
    word before or after it (``English A``, ``E inglés``, ``английската А``), and a word
    saying where it stands (``армия в``). Returns the unit and the nationality words."""
    power = cur.take("power")
    unit = cur.take("unit")
    if unit is not None:
        after = cur.take("power")
        if after is not None:
            if power is not None and after.values != power.values:
                raise OrderParseError(
                    "unexpected_word",
                    f'"{after.typed}" names another power than "{power.typed}".',
                    text=cur.text,
                    word=after.raw,
                    typed=after.typed,
                )
            power = power or after
    cur.take("at")
    return unit, power


def _own(owners: list[_Owner], word: _Tok | None, loc: Location, *, ordered: bool) -> None:
    if word is not None:
        owners.append(_Owner(loc.province, Power(word.values[0]), word.raw, word.typed, ordered))


def _grammar(cur: _Cursor, text: str, kind: PhaseKind | None, position: Position | None, game_map: Map) -> _Parsed:
    if cur.take("waive"):
        _expect_end(cur)
        return _Parsed(Waive())
    owners: list[_Owner] = []
    prefix = cur.take("build", "disband")
    lead = None if prefix is not None else cur.take(*_VERBS)  # the client's "Move Ber Pru"
    sub = cur.take("move", "hold") if lead is not None and lead.kind == "support" else None
    unit_tok, power_tok = _unit_ref(cur)
    loc = _location(_expect_location(cur, "the unit's province"), _Role.UNIT)
    _own(owners, power_tok, loc, ordered=True)
    if prefix is not None:
        _repeat(cur, loc)
        _expect_end(cur)
        if prefix.kind == "build":
            utype = UnitType(unit_tok.value) if unit_tok else _infer_type(loc, position, game_map, text, build=True)
            return _Parsed(Build(utype, loc), tuple(owners))
        utype = UnitType(unit_tok.value) if unit_tok else _infer_type(loc, position, game_map, text)
        return _Parsed(Disband(utype, loc), tuple(owners))

    building = (
        kind is PhaseKind.ADJUSTMENT and lead is None and (not cur.peek() or cur.peek("build") or _repeat(cur, loc))
    )
    if unit_tok is not None:
        utype = UnitType(unit_tok.value)
    else:
        utype = _infer_type(loc, position, game_map, text, build=building)

    def done(order: Order) -> _Parsed:
        _expect_end(cur)
        return _Parsed(order, tuple(owners))

    verb = lead.kind if lead is not None else None
    if verb is None:
        if not cur.peek():
            if kind is PhaseKind.ADJUSTMENT:
                return done(Build(utype, loc))
            if kind is PhaseKind.RETREAT:
                raise OrderParseError("incomplete", "Say where the unit retreats to, or that it disbands.", text=text)
            return done(Hold(utype, loc))
        said = cur.take(*_VERBS, "build", "disband")
        if said is not None:
            verb = said.kind
        elif cur.peek("province"):
            verb = "move"
        else:
            got = cur.toks[cur.i]
            raise OrderParseError(
                "unexpected_word", f'I can\'t read "{got.typed}" here.', text=text, word=got.raw, typed=got.typed
            )
    if verb == "hold":
        if lead is not None:
            _repeat(cur, loc)
        return done(Hold(utype, loc))
    if verb == "build":
        return done(Build(utype, loc))
    if verb == "disband":
        return done(Disband(utype, loc))
    if verb == "retreat":
        cur.take("move")  # "retreats to"
        return done(Retreat(utype, loc, _location(_expect_location(cur, "the province to retreat to"))))
    if verb == "support":
        sup_unit, sup_power = _unit_ref(cur)
        target = _location(_expect_location(cur, "the supported unit's province"), _Role.OTHER)
        _own(owners, sup_power, target, ordered=False)
        stype = UnitType(sup_unit.value) if sup_unit else _infer_type(target, position, game_map, text, other=True)
        if sub is not None and sub.kind == "hold":
            _repeat(cur, target)
        elif (sub is not None and sub.kind == "move") or cur.take("move") or cur.peek("province"):
            dest = _location(_expect_location(cur, "the supported move's destination"))
            cur.take("hold")
            return done(SupportMove(utype, loc, stype, target, dest))
        cur.take("hold")
        return done(SupportHold(utype, loc, stype, target))
    if verb == "convoy":
        army_type, army_power = _unit_ref(cur)
        if army_type is not None and army_type.value != "A":
            raise OrderParseError(
                "convoy_fleet", "Only armies can be convoyed.", text=text, word=army_type.raw, typed=army_type.typed
            )
        army = _location(_expect_location(cur, "the convoyed army's province"), _Role.OTHER)
        _own(owners, army_power, army, ordered=False)
        cur.take("move")
        return done(Convoy(utype, loc, army, _location(_expect_location(cur, "the convoyed army's destination"))))
    dest = _location(_expect_location(cur, "the destination"))
    via = bool(cur.take("via"))
    if not via and cur.take("convoy"):
        via = True  # "A LON - BEL convoy"
    if kind is PhaseKind.RETREAT:
        return done(Retreat(utype, loc, dest))
    return done(Move(utype, loc, dest, via))


def _fleet_routes(position: Position, army: str) -> dict[str, list[frozenset[str]]]:
    from engine.convoy import convoy_routes

    m = position.map
    fleets = {p for p, u in position.units.items() if u.type is UnitType.FLEET and p in m.seas}
    return convoy_routes(m, army, fleets) if army in m.coastal and fleets else {}


def _ordered_unit(position: Position, province: str) -> Unit | None:
    """The unit in ``province`` that an order of this phase could be for."""
    if position.phase.is_retreat:
        dislodged = position.dislodged.get(province)
        return dislodged.unit if dislodged is not None else None
    return position.units.get(province)


def _buildable(position: Position, province: str) -> bool:
    """A build could stand here: an adjustment phase, an empty home centre its power owns."""
    home = position.map.provinces[province].home_of
    return (
        position.phase.is_adjustment
        and home is not None
        and province not in position.units
        and position.centres.get(province) is home
    )


def _may_stand(position: Position, role: _Role, province: str) -> bool:
    """Could a reading with ``province`` in this role be plausible (``_plausible``)? The
    part of that check that needs no other word of the order, to settle a word as soon as
    the grammar reaches it."""
    if role is _Role.UNIT:
        return _ordered_unit(position, province) is not None or _buildable(position, province)
    if role is _Role.OTHER:
        return province in position.units
    return True


def _board_allows(parsed: _Parsed, position: Position) -> bool:
    """The units the order names are on the board (``_may_stand`` of its places): the
    test the search applies to ambiguous words as it goes, applied to every word."""
    order = parsed.order
    if isinstance(order, Waive):
        return True
    if not _may_stand(position, _Role.UNIT, order.location.province):
        return False
    if isinstance(order, (SupportHold, SupportMove)):
        return _may_stand(position, _Role.OTHER, order.supported.province)
    if isinstance(order, Convoy):
        return _may_stand(position, _Role.OTHER, order.army.province)
    return True


def _owner_of(owner: _Owner, order: Order, position: Position) -> Power | None:
    """The real owner of the unit a nationality word names (None: no unit to check)."""
    if not owner.ordered:
        unit = position.units.get(owner.province)
    elif isinstance(order, Build):
        return position.map.provinces[owner.province].home_of
    else:
        unit = _ordered_unit(position, owner.province)
    return unit.power if unit is not None else None


def _wrong_owner(parsed: _Parsed, position: Position) -> tuple[_Owner, Power] | None:
    for owner in parsed.owners:
        actual = _owner_of(owner, parsed.order, position)
        if actual is not None and actual is not owner.power:
            return owner, actual
    return None


def _plausible(parsed: _Parsed, position: Position) -> bool:
    """Could this reading be a real order in the position: its unit there, of the type and
    nationality the text says, able to do what it is told? Used only to settle a word that
    names two provinces."""
    order = parsed.order
    m = position.map
    if not isinstance(order, _PHASE_ORDERS[position.phase.kind]) or not _board_allows(parsed, position):
        return False
    if isinstance(order, Waive):
        return True
    if _wrong_owner(parsed, position) is not None:
        return False
    here = order.location.province
    if isinstance(order, Build):
        barred = ProvinceKind.INLAND if order.unit_type is UnitType.FLEET else ProvinceKind.SEA
        return _buildable(position, here) and m.provinces[here].kind is not barred
    unit = _ordered_unit(position, here)
    if unit is None or unit.type is not order.unit_type:
        return False
    fleet = unit.type is UnitType.FLEET
    if isinstance(order, (Move, Retreat)):
        dest = order.destination.province
        if m.can_reach(fleet, unit.location, dest):
            return True
        # overseas: only when fleets on the board could carry it (a mere sea route is a guess)
        return not fleet and isinstance(order, Move) and bool(_fleet_routes(position, here).get(dest))
    if isinstance(order, SupportHold):
        other = position.units.get(order.supported.province)
        return (
            other is not None
            and other.type is order.supported_type
            and m.can_reach(fleet, unit.location, order.supported.province)
        )
    if isinstance(order, SupportMove):
        other = position.units.get(order.supported.province)
        dest = order.destination.province
        return (
            other is not None
            and other.type is order.supported_type
            and m.can_reach(fleet, unit.location, dest)
            and (
                m.can_reach(other.type is UnitType.FLEET, other.location, dest)
                or m.sea_route_exists(other.province, dest)
            )
        )
    if isinstance(order, Convoy):
        army = position.units.get(order.army.province)
        return (
            fleet
            and here in m.seas
            and army is not None
            and army.type is UnitType.ARMY
            and m.sea_route_exists(order.army.province, order.destination.province)
        )
    return True


_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}


@functools.lru_cache(maxsize=8192)
def _canonical(text: str, kind: PhaseKind | None, game_map: Map) -> Order | None:
    """The fast path for text already in canonical form (what programs send): no lexing.
    Returns None for anything else, which then goes through the full parser."""
    m = _CANONICAL.match(text)
    if m is None:
        return None
    (letter, here, hold, move, dest, via, sup, stype, target, sdest, conv, army, cdest, ret, rdest, disband, build) = (
        m.groups()
    )
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


def parse_order(
    text: str,
    *,
    phase: Phase | PhaseKind | None = None,
    position: Position | None = None,
    language: str = "en",
    game_map: Map = STANDARD,
    work: Work | None = None,
) -> Order:
    """Read one order. ``position`` (if given) fills in missing unit types, settles
    ambiguous words and checks the nationality words; ``phase`` tells a retreat
    (``A BUR - PAR`` in a retreat phase) and a build (``F EDI`` in an adjustment phase)
    from a move and a hold. ``work`` (for tests and benchmarks) counts the steps the
    reading takes. :func:`parse_stated` also gives the owners the text named."""
    return parse_stated(text, phase=phase, position=position, language=language, game_map=game_map, work=work).order


def parse_stated(
    text: str,
    *,
    phase: Phase | PhaseKind | None = None,
    position: Position | None = None,
    language: str = "en",
    game_map: Map = STANDARD,
    work: Work | None = None,
) -> StatedOrder:
    """Read one order, with the owners its nationality words name (see :class:`StatedOrder`).
    With a position, a nationality that is not the owner of the unit there is refused
    (``wrong_nationality``, naming both powers)."""
    work = work if work is not None else Work()
    if position is not None and phase is None:
        phase = position.phase
    kind = phase.kind if isinstance(phase, Phase) else phase
    if len(text) > MAX_ORDER_CHARS and len(text.strip()) > MAX_ORDER_CHARS:
        raise OrderParseError(
            "too_long",
            f"The order is too long ({len(text.strip())} characters; an order has at most "
            f"{MAX_ORDER_CHARS}): write one order per line.",
            text=text,
            limit=MAX_ORDER_CHARS,
        )
    if language == "en":
        if text == "WAIVE":
            return StatedOrder(Waive())
        fast = _canonical(text, kind, game_map)
        if fast is not None:
            return StatedOrder(fast)
    names = table(language)
    toks = _lex(text, names, work)
    if not toks:
        raise OrderParseError("empty", "The order is empty.", text=text)
    if all(len(t.values) == 1 for t in toks):
        work.step(readings=1)
        parsed = _grammar(_Cursor(_attach_coasts(toks, text, game_map), text), text, kind, position, game_map)
    else:
        parsed = _settle(toks, text, kind, position, game_map, names, work)
    if position is not None:
        wrong = _wrong_owner(parsed, position)
        if wrong is not None:
            raise _wrong_nationality(*wrong, parsed.order, text)
    return StatedOrder(parsed.order, tuple((o.province, o.power) for o in parsed.owners))


def _settle(
    toks: list[_Tok],
    text: str,
    kind: PhaseKind | None,
    position: Position | None,
    game_map: Map,
    names: NameTable,
    work: Work,
) -> _Parsed:
    """The reading of a line with ambiguous words: the one the board allows, else the
    one the line has without a board; asks when several remain."""
    if position is not None:
        # the plausible readings first; else those whose units are on the board (a unit
        # told what it cannot do: whoever checks the order says what is wrong); the others
        # count only if the board has none of these (then the line reads as without it)
        found, _ = _search(toks, text, kind, position, game_map, names, work, board=position)
        allowed = [r for r in found if _board_allows(r.parsed, position)]
        plausible = [r for r in allowed if _plausible(r.parsed, position)]
        if plausible or allowed:
            return _one(plausible or allowed, toks, names, text)
    found, first_error = _search(toks, text, kind, position, game_map, names, work, board=None)
    if not found:
        assert first_error is not None
        raise first_error
    return _one(found, toks, names, text)


def _wrong_nationality(owner: _Owner, actual: Power, order: Order, text: str) -> OrderParseError:
    power_name = table().power_names
    said, real = power_name[owner.power.value], power_name[actual.value]
    if owner.ordered and isinstance(order, Build):
        message = f'"{owner.typed}": {owner.province} is a home centre of {real}, not of {said}.'
    else:
        message = f'"{owner.typed}": the unit in {owner.province} belongs to {real}, not to {said}.'
    return OrderParseError(
        "wrong_nationality",
        message,
        text=text,
        word=owner.word,
        typed=owner.typed,
        details={"power": owner.power.value, "owner": actual.value, "province": owner.province},
    )


@dataclass(frozen=True, slots=True)
class _Found:
    parsed: _Parsed
    chosen: dict[int, str]  # token index -> the value this reading gave it


def _search(
    toks: list[_Tok],
    text: str,
    kind: PhaseKind | None,
    position: Position | None,
    game_map: Map,
    names: NameTable,
    work: Work,
    *,
    board: Position | None,
) -> tuple[list[_Found], OrderParseError | None]:
    """Every reading of a line that the grammar accepts, depth first (see ``_Chooser``),
    and the error of the first reading tried (the first value of every word). ``board``:
    try only the readings whose words naming units the board allows. Past
    ``MAX_READINGS`` tries, asks which reading of the first word branched on was meant."""
    found: list[_Found] = []
    first_error: OrderParseError | None = None
    path: list[int] | None = []
    first: _Chooser | None = None
    tried = 0
    while path is not None:
        if tried == MAX_READINGS:
            assert first is not None and first.decisions
            tok = toks[first.decisions[0][0]]
            raise _ambiguous(tok, tok.values, names, text, ())
        tried += 1
        work.step(readings=1)
        chooser = _Chooser(path, board)
        first = first or chooser
        line = [_Tok(t.kind, t.values, t.raw, t.coast, t.index, chooser, t.typed) for t in toks]
        try:
            parsed = _grammar(_Cursor(_attach_coasts(line, text, game_map), text), text, kind, position, game_map)
        except OrderParseError as exc:
            first_error = first_error or exc
        except _Excluded:
            pass
        else:
            found.append(_Found(parsed, chooser.chosen))
        path = chooser.next_path()
    return found, first_error


def _one(readings: list[_Found], toks: list[_Tok], names: NameTable, text: str) -> _Parsed:
    """The order the readings agree on; else ask about the first word they read differently."""
    orders = list(dict.fromkeys(r.parsed.order for r in readings))
    if len(orders) == 1:
        return readings[0].parsed
    for tok in toks:
        seen = {r.chosen[tok.index] for r in readings if tok.index in r.chosen}
        if len(seen) > 1:
            raise _ambiguous(tok, [v for v in tok.values if v in seen], names, text, orders)
    raise AssertionError("readings that give different orders differ in some word")


def _offer(code: str, names: NameTable) -> str:
    """A province written so that it means only that province in the language: the
    formatter's abbreviation (unambiguous in every table), with the name when it differs."""
    abbr, name = names.province_abbr.get(code, code), names.province_name(code)
    return name if abbr.casefold() == name.casefold() else f"{abbr} ({name})"


def _ambiguous(
    tok: _Tok, values: Sequence[str], names: NameTable, text: str, orders: Sequence[Order]
) -> OrderParseError:
    options = [_offer(v, names) for v in values]
    readings = tuple(Reading(o, format_order(o, names.language)) for o in orders)
    return OrderParseError(
        "ambiguous",
        f'"{tok.typed}" could mean {" or ".join(options)}: write one of these.',
        text=text,
        word=tok.raw,
        typed=tok.typed,
        suggestions=options,
        readings=readings,
        details={"provinces": " ".join(values)},
    )


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One order of a multi-order text: the text as typed and the order or the error."""

    text: str
    order: Order | None
    error: OrderParseError | None
    owners: tuple[tuple[str, Power], ...] = ()  # as in StatedOrder


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in _SPLIT.split(text) if part.strip()]


def read_orders(
    text: str,
    *,
    phase: Phase | PhaseKind | None = None,
    position: Position | None = None,
    language: str = "en",
    game_map: Map = STANDARD,
    work: Work | None = None,
) -> list[ParsedLine]:
    """Read every order of a text, keeping the good ones when some cannot be read
    (the keywords as for :func:`parse_stated`)."""
    out = []
    for part in split_orders(text):
        try:
            stated = parse_stated(part, phase=phase, position=position, language=language, game_map=game_map, work=work)
            out.append(ParsedLine(part, stated.order, None, stated.owners))
        except OrderParseError as exc:
            out.append(ParsedLine(part, None, exc))
    return out


def parse_orders(
    text: str,
    *,
    phase: Phase | PhaseKind | None = None,
    position: Position | None = None,
    language: str = "en",
    game_map: Map = STANDARD,
    work: Work | None = None,
) -> list[Order]:
    """Read every order of a text; raise the first error."""
    orders = []
    for line in read_orders(text, phase=phase, position=position, language=language, game_map=game_map, work=work):
        if line.error is not None:
            raise line.error
        assert line.order is not None  # a line is read (an order) or refused (an error)
        orders.append(line.order)
    return orders
