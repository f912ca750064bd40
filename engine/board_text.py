"""The board as text, for screen readers: what a map shows, power by power, in words.

Owns :func:`describe_position`: a position summarised by power (its supply centres, its
armies and fleets, its dislodged units and where they may retreat, the builds or disbands
it owes), in English, Spanish, Russian or Bulgarian, in two lengths:

- the **short** form, for a map's alt text (a Discord attachment description holds at most
  :data:`ALT_TEXT_LIMIT` characters; the short form of any position fits, and is cut with an
  ellipsis if a ``limit`` asks for less): the phase, then each power's counts;
- the **long** form, for ``/game board``: one paragraph per power naming every place in
  full (``St Petersburg (south coast)``, never ``STP/SC``, which a screen reader spells out
  letter by letter), then the neutral centres.

Powers come in order of centres held, most first. Places are the name tables' display names
(:mod:`engine.wording`); lists and counts are written so that no place name has to change its
form (the tables hold nominatives only), with numbers agreeing with their nouns by each
language's plural rules (Russian ``1 центр``, ``3 центра``, ``5 центров``).

>>> from engine.position import Position
>>> print(describe_position(Position.initial(), short=True))  # doctest: +ELLIPSIS
Spring 1901 moves. Russia: 4 centres, 4 units. Austria: 3 centres, 3 units. ... Turkey: 3 centres, 3 units. 12 neutral centres.
>>> print(describe_position(Position.initial(), "ru").splitlines()[1])
Россия — 4 центра снабжения: Варшава, Москва, Санкт-Петербург, Севастополь. Армии: Варшава, Москва. Флоты: Санкт-Петербург (южный берег), Севастополь.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.map import Location
from engine.names import table
from engine.position import Position
from engine.power import Power
from engine.units import Unit, UnitType
from engine.wording import phase_title, power_name, province_name

ALT_TEXT_LIMIT = 1024  # characters in a Discord attachment description


def _english(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _russian(n: int, one: str, few: str, many: str) -> str:
    # 1, 21, 31 ... one; 2-4, 22-24 ... few; the rest (with 11-14) many
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


@dataclass(frozen=True, slots=True)
class _Words:
    """One language's words for the board. ``count(n, noun)`` gives the noun's form for n."""

    centres_long: Callable[[int], str]  # "5 supply centres"
    no_centres: str  # "no supply centres"
    centres_short: Callable[[int], str]  # "5 centres"
    units_short: Callable[[int], str]  # "5 units"
    armies: tuple[str, str]  # heading for one, for several
    fleets: tuple[str, str]
    no_units: str
    dislodged_long: str  # heading of the dislodged units
    dislodged_short: str  # label of their count
    may_retreat: str  # "{places}" the unit may retreat to
    no_retreat: str
    to_build: str
    to_disband: str
    neutral_long: str  # "Neutral supply centres ({count}): {places}."
    neutral_short: Callable[[int], str]  # "12 neutral centres"
    dash: str = " — "


_WORDS: Mapping[str, _Words] = MappingProxyType(
    {
        "en": _Words(
            centres_long=lambda n: f"{n} {_english(n, 'supply centre', 'supply centres')}",
            no_centres="no supply centres",
            centres_short=lambda n: f"{n} {_english(n, 'centre', 'centres')}",
            units_short=lambda n: f"{n} {_english(n, 'unit', 'units')}",
            armies=("Army", "Armies"),
            fleets=("Fleet", "Fleets"),
            no_units="No units",
            dislodged_long="Dislodged",
            dislodged_short="dislodged",
            may_retreat="may retreat to {places}",
            no_retreat="no retreat",
            to_build="to build",
            to_disband="to disband",
            neutral_long="Neutral supply centres ({count}): {places}",
            neutral_short=lambda n: f"{n} neutral {_english(n, 'centre', 'centres')}",
        ),
        "es": _Words(
            centres_long=lambda n: f"{n} {_english(n, 'centro de suministro', 'centros de suministro')}",
            no_centres="ningún centro de suministro",
            centres_short=lambda n: f"{n} {_english(n, 'centro', 'centros')}",
            units_short=lambda n: f"{n} {_english(n, 'unidad', 'unidades')}",
            armies=("Ejército", "Ejércitos"),
            fleets=("Flota", "Flotas"),
            no_units="Sin unidades",
            dislodged_long="Unidades desalojadas",
            dislodged_short="desalojadas",
            may_retreat="puede retirarse a {places}",
            no_retreat="sin retirada posible",
            to_build="por construir",
            to_disband="por disolver",
            neutral_long="Centros neutrales ({count}): {places}",
            neutral_short=lambda n: f"{n} {_english(n, 'centro neutral', 'centros neutrales')}",
        ),
        "ru": _Words(
            centres_long=lambda n: f"{n} {_russian(n, 'центр снабжения', 'центра снабжения', 'центров снабжения')}",
            no_centres="нет центров снабжения",
            centres_short=lambda n: f"{n} {_russian(n, 'центр', 'центра', 'центров')}",
            units_short=lambda n: f"{n} {_russian(n, 'войско', 'войска', 'войск')}",
            armies=("Армия", "Армии"),
            fleets=("Флот", "Флоты"),
            no_units="Войск нет",
            dislodged_long="Выбитые войска",
            dislodged_short="выбитых",
            may_retreat="может отступить: {places}",
            no_retreat="отступать некуда",
            to_build="к постройке",
            to_disband="к расформированию",
            neutral_long="Нейтральные центры ({count}): {places}",
            neutral_short=lambda n: (
                f"{n} {_russian(n, 'нейтральный центр', 'нейтральных центра', 'нейтральных центров')}"
            ),
        ),
        "bg": _Words(
            # after a number Bulgarian uses the counted form: "5 снабдителни центъра"
            centres_long=lambda n: f"{n} {_english(n, 'снабдителен център', 'снабдителни центъра')}",
            no_centres="няма снабдителни центрове",
            centres_short=lambda n: f"{n} {_english(n, 'център', 'центъра')}",
            units_short=lambda n: f"{n} {_english(n, 'единица', 'единици')}",
            armies=("Армия", "Армии"),
            fleets=("Флота", "Флоти"),
            no_units="Няма единици",
            dislodged_long="Прогонени единици",
            dislodged_short="прогонени",
            may_retreat="може да отстъпи към {places}",
            no_retreat="няма накъде да отстъпи",
            to_build="за изграждане",
            to_disband="за разформироване",
            neutral_long="Неутрални центрове ({count}): {places}",
            neutral_short=lambda n: f"{n} {_english(n, 'неутрален център', 'неутрални центъра')}",
        ),
    }
)


def _words(language: str) -> _Words:
    try:
        return _WORDS[language]
    except KeyError:
        raise ValueError(f"unknown language {language!r} (use one of {', '.join(_WORDS)})") from None


def place_name(location: Location, language: str = "en") -> str:
    """A place in full, for reading aloud: ``St Petersburg (south coast)``.

    >>> place_name(Location("SPA", "NC"), "es"), place_name(Location("BUR"), "bg")
    ('España (costa norte)', 'Бургундия')
    """
    name = province_name(location.province, language)
    if location.coast is None:
        return name
    return f"{name} ({table(language).coast_names.get(location.coast, location.coast)})"


def _sort_key(name: str) -> str:
    # accents do not move a name in the alphabet (Bélgica between Austria and Bulgaria)
    return "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c)).casefold()


def _names(places: list[str]) -> str:
    return ", ".join(sorted(places, key=_sort_key))


def _standing(position: Position) -> list[tuple[Power, list[str], list[Unit], list]]:
    """Each power on the board or owning centres: (power, centres, units, dislodged), most
    centres first, then by power."""
    powers = {p for p in position.centres.values()} | position.powers_on_board()
    rows = []
    for power in sorted(powers, key=lambda p: (-len(position.centres_of(p)), list(Power).index(p))):
        dislodged = sorted(
            (d for d in position.dislodged.values() if d.unit.power is power), key=lambda d: d.unit.province
        )
        rows.append((power, position.centres_of(power), position.units_of(power), dislodged))
    return rows


def _adjustment(position: Position, power: Power, w: _Words) -> str | None:
    if not position.phase.is_adjustment:
        return None
    delta = position.adjustment_delta(power)
    if delta > 0:
        return f"{w.to_build}: {delta}"
    if delta < 0:
        return f"{w.to_disband}: {-delta}"
    return None


def _neutral(position: Position) -> list[str]:
    return sorted(c for c in position.map.supply_centres if c not in position.centres)


def describe_position(
    position: Position, language: str = "en", *, short: bool = False, limit: int | None = None
) -> str:
    """The position in words; see the module docstring. ``short``: the alt-text form
    (always within :data:`ALT_TEXT_LIMIT` characters); ``limit``: cut to at most this many
    characters, ending with an ellipsis. ValueError for an unknown language.

    >>> from engine.position import Position
    >>> len(describe_position(Position.initial(), "bg", short=True)) <= ALT_TEXT_LIMIT
    True
    """
    w = _words(language)
    text = _short(position, language, w) if short else _long(position, language, w)
    if short:
        limit = ALT_TEXT_LIMIT if limit is None else min(limit, ALT_TEXT_LIMIT)
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)].rstrip() + "…"
    return text


def _short(position: Position, language: str, w: _Words) -> str:
    parts = [f"{phase_title(position.phase, language)}."]
    for power, centres, units, dislodged in _standing(position):
        counts = [w.centres_short(len(centres)), w.units_short(len(units))]
        if dislodged:
            counts.append(f"{w.dislodged_short}: {len(dislodged)}")
        owed = _adjustment(position, power, w)
        if owed:
            counts.append(owed)
        parts.append(f"{power_name(power, language)}: {', '.join(counts)}.")
    neutral = _neutral(position)
    if neutral:
        parts.append(f"{w.neutral_short(len(neutral))}.")
    return " ".join(parts)


def _long(position: Position, language: str, w: _Words) -> str:
    lines = [f"{phase_title(position.phase, language)}."]
    for power, centres, units, dislodged in _standing(position):
        if centres:
            head = f"{w.centres_long(len(centres))}: {_names([province_name(c, language) for c in centres])}"
        else:
            head = w.no_centres
        sentences = [f"{power_name(power, language)}{w.dash}{head}."]
        armies = [place_name(u.location, language) for u in units if u.type is UnitType.ARMY]
        fleets = [place_name(u.location, language) for u in units if u.type is UnitType.FLEET]
        for heading, places in ((w.armies, armies), (w.fleets, fleets)):
            if places:
                sentences.append(f"{heading[len(places) > 1]}: {_names(places)}.")
        if not units:
            sentences.append(f"{w.no_units}.")
        if dislodged:
            items = []
            for d in dislodged:
                unit = table(language).unit_names[d.unit.type.value]
                where = place_name(d.unit.location, language)
                retreat = (
                    w.may_retreat.format(places=_names([place_name(r, language) for r in d.retreats]))
                    if d.retreats
                    else w.no_retreat
                )
                items.append(f"{unit}{w.dash}{where} ({retreat})")
            sentences.append(f"{w.dislodged_long}: {'; '.join(items)}.")
        owed = _adjustment(position, power, w)
        if owed:
            sentences.append(f"{owed[0].upper()}{owed[1:]}.")
        lines.append(" ".join(sentences))
    neutral = _neutral(position)
    if neutral:
        named = _names([province_name(c, language) for c in neutral])
        lines.append(w.neutral_long.format(count=len(neutral), places=named) + ".")
    return "\n".join(lines)
