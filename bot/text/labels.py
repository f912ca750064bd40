"""Game words in messages: phase titles, power names, provinces, units and orders as each
language writes them, and the typed message parameters the core hands over (a
:class:`~bot.core.errors.UserError` carries a Phase, a Power, a Unit, places...; here they
become words in the reader's language).

The words themselves are :mod:`engine.wording`'s, the one place that writes them (the
map's legend asks it too, so a post and its map name a phase alike); here is only what
the bot adds: English messages name provinces by their codes, a text that is not a
phase, a unit or an order is shown as it is, and a language tag with a script
(:func:`bot.core.languages.writing`) writes orders, units and places in the script of the
reader's map (Russian in Cyrillic by :mod:`bot.text.scripts`, ``ru-Latn`` in the Latin
letters of the Russian rulebook); names and titles take the tag's language."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.core import params as P
from bot.core.languages import base_language
from bot.core.types import PhaseKind
from bot.text import markup, scripts
from bot.text.i18n import DEFAULT, catalogue, t
from engine import Location, Order, Phase, Power, Unit, UnitType, parse_order, wording
from engine.parser import split_orders


def phase_title(phase: str | Phase, language: str = DEFAULT) -> str:
    """``S1901M`` as a title: "Spring 1901 moves", "Primavera de 1901, movimientos"; a
    text that is no phase as it is."""
    try:
        return wording.phase_title(phase, base_language(language))
    except ValueError:
        return str(phase)


def power_name(power: Power | str, language: str = DEFAULT) -> str:
    return wording.power_name(power, base_language(language))


def power_names(powers: Iterable[Power | str], language: str = DEFAULT) -> str:
    return ", ".join(power_name(p, language) for p in powers)


def place_text(location: str | Location, language: str = DEFAULT) -> str:
    """A province (``SPA/NC``) as the language writes it in orders (Spanish ``CN Esp``,
    Russian ``Исп`` beside a Cyrillic map, ``Spa`` beside a Latin one)."""
    if scripts.writes(language):
        return scripts.place_text(location)
    return wording.place_text(location, base_language(language))


def place_name(location: Location | str, language: str) -> str:
    """A province (with its coast) for a player: the code in English, the name otherwise
    (``Санкт-Петербург (южный берег)``)."""
    if language == DEFAULT:
        return str(location)
    return wording.place_name(location, base_language(language))


def province_name(code: str, language: str) -> str:
    """A province's name: the code in English messages, the name otherwise."""
    return code if language == DEFAULT else wording.province_name(code, base_language(language))


def menu_place(location: Location, language: str) -> str:
    """A place in a menu: its full name, then how orders write it (``St Petersburg (south
    coast) · STP``, ``Париж · Пар``)."""
    return f"{wording.place_name(location, base_language(language))} · {place_text(location.province, language)}"


def unit_type_name(unit_type: UnitType, language: str) -> str:
    """The word for an army or a fleet (``army``, ``flota``), lower case."""
    return wording.unit_type_name(unit_type, base_language(language))


def order_text(order: Order, language: str) -> str:
    """An order (a value) written the reader's way."""
    if scripts.writes(language):
        return scripts.order_text(order)
    return wording.order_text(order, base_language(language))


def echo(canonical: str, language: str) -> str:
    """A stored (canonical English) order written in ``language``; the canonical text
    itself when it can't be rewritten."""
    if language == DEFAULT:
        return canonical
    try:
        return order_text(parse_order(canonical), language)
    except (KeyError, ValueError):  # not an order (OrderParseError is a ValueError)
        return canonical


def localized_orders(text: str, language: str) -> str:
    """Several canonical orders (``A PAR - BUR; F BRE - MAO``) written in ``language``."""
    if language == DEFAULT:
        return text
    return "; ".join(echo(part, language) for part in split_orders(text)) or text


def unit_text(unit: str | Unit, language: str) -> str:
    """A unit (``A PAR``) written in ``language`` (``E Par``); any other text unchanged."""
    try:
        if scripts.writes(language):
            if isinstance(unit, Unit):
                return scripts.unit_text(unit.type, unit.location)
            letter, _, where = unit.strip().partition(" ")
            if letter.upper() in ("A", "F") and where and " " not in where.strip():
                return scripts.unit_text(UnitType(letter.upper()), where)
            return unit
        return wording.unit_text(unit, base_language(language))
    except ValueError:
        return str(unit)


def order_line(canonical: str, language: str) -> str:
    """An order for a post or a list, in code style: ```E Par - Bor` (`A PAR - BUR`)`` in
    Spanish (the catalogue's ``order.local``), only ```A PAR - BUR``` in English, and
    once where the language writes it as the codes do but for the case (the Russian
    rulebook's ``A Par - Bur``)."""
    local = echo(canonical, language)
    if local.upper() == canonical:
        return f"`{local}`"
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
    """The message ``key`` with typed ``params`` rendered in ``language``. A placeholder
    without a value (an engine reason may leave out a parameter it documents, e.g. the
    power when several are asked about) reads "—" rather than failing the reply."""
    values = {k: render_param(v, language) for k, v in {**(params or {}), **more}.items()}
    text = catalogue(language).get(key) or catalogue(DEFAULT).get(key, "")
    for _, name, _, _ in _FORMATTER.parse(text):
        if name:
            values.setdefault(name, "—")
    return t(key, language, **values)


_FORMATTER = string.Formatter()
