"""Game words in messages: phase titles, power names, provinces, units and orders as each
language writes them, and the typed message parameters the core hands over (a
:class:`~bot.core.errors.UserError` carries a Phase, a Power, a Unit, places...; here they
become words in the reader's language).

Transitional: the names come from ``engine.names`` tables; when ``engine.wording`` (branch
``rules``) is merged, the functions marked *wording* switch to it (one place)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.core import params as P
from bot.core.types import PhaseKind
from bot.text import markup
from bot.text.i18n import DEFAULT, t
from engine import Phase, Power, Unit, format_order, parse_order
from engine.names import table
from engine.parser import OrderParseError


# -- wording (moves to engine.wording) ---------------------------------------------------
def phase_title(phase: str | Phase, language: str = DEFAULT) -> str:
    """``S1901M`` as a title: "Spring 1901 moves", "Primavera de 1901, movimientos"."""
    code = str(phase)
    if len(code) < 6:
        return code
    return t(
        "phase.title",
        language,
        season=t(f"season.{code[0]}", language),
        year=code[1:5],
        kind=t(f"kind.{code[5]}", language),
    )


def power_name(power: Power | str, language: str = DEFAULT) -> str:
    code = power.value if isinstance(power, Power) else str(power)
    return table(language).power_names.get(code, code.title())


def power_names(powers: Iterable[Power | str], language: str = DEFAULT) -> str:
    return ", ".join(power_name(p, language) for p in powers)


def place_text(location: str, language: str = DEFAULT) -> str:
    """A province (``SPA/NC``) as the language writes it in orders (Spanish ``Esp CN``)."""
    if language == DEFAULT:
        return location
    names = table(language)
    province, _, coast = location.partition("/")
    abbr = names.province_abbr.get(province, province)
    if not coast:
        return abbr
    mark = names.coast_abbr.get(coast, coast)
    return f"{mark} {abbr}" if names.coast_before else f"{abbr} {mark}"


def place_name(location: Any, language: str) -> str:
    """A province (with its coast) for a player: the code in English, the name otherwise."""
    if language == DEFAULT:
        return str(location)
    province, _, coast = str(location).partition("/")
    name = table(language).province_name(province)
    return f"{name} ({coast})" if coast else name


def province_name(code: str, language: str) -> str:
    return code if language == DEFAULT else table(language).province_name(code)


def echo(canonical: str, language: str) -> str:
    """A stored (canonical English) order written in ``language``; the canonical text
    itself when it can't be rewritten."""
    if language == DEFAULT:
        return canonical
    try:
        return format_order(parse_order(canonical), language)
    except (OrderParseError, KeyError, ValueError):
        return canonical


def localized_orders(text: str, language: str) -> str:
    """Several canonical orders (``A PAR - BUR; F BRE - MAO``) written in ``language``."""
    from engine.parser import split_orders

    if language == DEFAULT:
        return text
    return "; ".join(echo(part, language) for part in split_orders(text)) or text


def unit_text(unit: str, language: str) -> str:
    """A unit (``A PAR``) written in ``language`` (``E Par``); any other text unchanged."""
    if language == DEFAULT:
        return unit
    try:
        held = format_order(parse_order(f"{unit} H"), language)
    except (OrderParseError, KeyError, ValueError):
        return unit
    return held.rsplit(" ", 1)[0]


def order_line(canonical: str, language: str) -> str:
    """An order for a post or a list, in code style: ```E Par - Bor` (`A PAR - BUR`)`` in
    Spanish (the catalogue's ``order.local``), only ```A PAR - BUR``` in English."""
    local = echo(canonical, language)
    if local == canonical:
        return f"`{canonical}`"
    return t("order.local", language, local=local, order=canonical)


# -- typed parameters ---------------------------------------------------------------------
_SUGGESTION = re.compile(r"^([A-Z]{3}) (\(.*\))$")


def _suggestions(values: Sequence[str], language: str) -> str:
    """The parser's "did you mean" (``BUR (Borgoña)``) with each code written as the
    reader's language abbreviates it (``Bor (Borgoña)``), so it can be typed as shown."""
    out = []
    for text in values:
        match = _SUGGESTION.match(text)
        out.append(f"{place_text(match.group(1), language)} {match.group(2)}" if match else text)
    return ", ".join(out) or "—"


def render_param(value: Any, language: str) -> Any:
    """One message parameter in ``language``: typed values become words, plain values
    stay as they are."""
    if isinstance(value, Phase):
        return phase_title(value, language)
    if isinstance(value, Power):
        return power_name(value, language)
    if isinstance(value, Unit):
        return unit_text(str(value), language)
    if isinstance(value, P.UnitName):
        return unit_text(value.text, language)
    if isinstance(value, P.PhaseCode):
        return phase_title(value.code, language)
    if isinstance(value, PhaseKind):
        return t(f"schedule.kind.{value.name.lower()}", language)
    if isinstance(value, P.Places):
        return ", ".join(place_text(str(x), language) for x in value.codes) or "—"
    if isinstance(value, P.OrderText):
        return echo(value.text, language)
    if isinstance(value, P.Suggestions):
        return _suggestions(value.items, language)
    if isinstance(value, P.User):
        return markup.mention(value.id)
    if isinstance(value, P.Moment):
        return markup.short_stamp(value.at)
    if isinstance(value, P.Powers):
        return power_names(value.codes, language)
    return value


def say(key: str, language: str, params: Mapping[str, Any] | None = None, /, **more: Any) -> str:
    """The message ``key`` with typed ``params`` rendered in ``language``."""
    values = {**(params or {}), **more}
    return t(key, language, **{k: render_param(v, language) for k, v in values.items()})
