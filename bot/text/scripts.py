"""Orders, units and places in the one script the engine's name tables do not write:
Russian in Cyrillic letters.

The Russian rulebook prints orders in Latin letters with English abbreviations (the
engine's ``ru`` table: ``A Par - Bur``, ``F Den S F Bal``). A Russian map drawn in Cyrillic
(the default, :mod:`bot.core.languages`) shows the map's own short forms instead: ``Пар``,
``Бур``, ``СвМ``, ``ЛаМ`` (the renderer's ``ru/cyrillic`` label set, the one source of them,
so a text and the map beside it name a place alike). A text for a reader of that map
writes orders the same way: ``А Пар - Бур``, ``Ф СПб ЮБ - Бот``, with the order words in
Russian (``стоит``, ``поддерживает``, ``конвоирует``, ``отступает в``) and the order
sheet's own nouns for adjustments (``постройка``, ``расформирование``: the rulebook's word). The parser reads every
word of it (the short forms are aliases in the ``ru`` name table; a test types back every
order written here), so what the bot writes can be typed back.

When the renderer's labels cannot be loaded, the rulebook's Latin notation stands in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from bot.core.languages import base_language, script_of
from engine import Location
from engine.map import STANDARD
from engine.orders import Order
from engine.units import UnitType
from engine.wording import write_order

LETTERS = {UnitType.ARMY: "А", UnitType.FLEET: "Ф"}  # Cyrillic А and Ф
COASTS = {"NC": "СБ", "SC": "ЮБ", "EC": "ВБ"}  # северный, южный, восточный берег (the rulebook's word)
WORDS = {
    "hold": "стоит",
    "move": "-",
    "support": "поддерживает",
    "convoy": "конвоирует",
    "via": "конвоем",
    "retreat": "отступает в",
    "disband": "расформирование",
    "build": "постройка",
    "waive": "ОТКАЗ",
}


def writes(tag: str) -> bool:
    """Whether texts of the language tag ``tag`` write orders here (Russian in Cyrillic)
    rather than with the engine's name table."""
    return base_language(tag) == "ru" and script_of(tag) == "cyrillic" and bool(short_forms())


@cache
def short_forms() -> Mapping[str, str]:
    """Province code → the Russian map's Cyrillic short form; empty when the renderer's
    labels cannot be read (the rulebook's Latin notation is written instead)."""
    try:
        from renderer.labels import label_set, label_texts

        return label_texts(label_set("ru", "cyrillic"), tuple(sorted(STANDARD.provinces)))
    except Exception:  # no renderer, or no such label set: the engine's notation will do
        return {}


def place_text(location: Location | str) -> str:
    """A province with its coast, as the Cyrillic map and its orders write it (``СПб ЮБ``)."""
    loc = location if isinstance(location, Location) else Location.parse(location)
    short = short_forms().get(loc.province, loc.province)
    return f"{short} {COASTS.get(loc.coast, loc.coast)}" if loc.coast else short


def unit_text(unit_type: UnitType, location: Location | str) -> str:
    return f"{LETTERS[unit_type]} {place_text(location)}"


def order_text(order: Order) -> str:
    """An order in Russian with Cyrillic letters (``А Мюн поддерживает А Кил - Бер``)."""
    return write_order(order, WORDS, unit_text, place_text)
