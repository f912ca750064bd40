"""Asking which order a line meant (issue 12): the question in an ``/order`` reply and the
menu of readings under it, with its custom ids.

When the board leaves an ``/order`` line two readings (Spanish ``E Gal M``: Galicia or
Wales), the reply keeps the player's own spelling, offers each reading written so that it
reads only that way (typed back, it is accepted: ``E Gli M``, ``E Gales M``), and adds a
select menu of the readings under the reply: one tap stores the reading through the same
ordering use case as ``/order`` (checked by the engine, for the phase the question was
asked in).

Custom ids (at most 100 characters; a tap is understood from the id alone, after a
restart too)::

    dip:reading:<game id>:<phase>:<n>     the readings of the n-th line asked about
                                          (select: the canonical order picked)

A tap on a menu of a phase that is over is refused like a late ``/order``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.languages import base_language
from bot.core.orders import LineReport, OrderReport
from bot.text import scripts
from bot.text.i18n import t
from bot.text.labels import echo
from bot.text.sheet import MAX_OPTIONS, MAX_ROWS, PREFIX, Menu, Option, cut
from engine import wording

VERB = "reading"


@dataclass(frozen=True, slots=True)
class ReadingTap:
    """A parsed custom id of a menu of readings."""

    game_id: int
    phase: str


def reading_id(game_id: int, phase: str, n: int) -> str:
    return ":".join([PREFIX, VERB, str(game_id), phase, str(n)])


def parse_reading_id(value: str) -> ReadingTap | None:
    parts = value.split(":")
    if len(parts) != 5 or parts[:2] != [PREFIX, VERB] or not parts[2].isdigit():
        return None
    return ReadingTap(int(parts[2]), parts[3])


def asked(report: OrderReport) -> list[LineReport]:
    """The lines of a report that get a menu of their readings: the ambiguous ones with
    readings, as many as one message holds menus."""
    return [line for line in report.lines if line.readings][:MAX_ROWS]


def form(canonical: str, text: str, lang: str) -> str:
    """A reading as the player may type it back: the parser's unambiguous text, or, where
    the reader's orders are written in another script than the name table's (Russian in
    Cyrillic, :mod:`bot.text.scripts`), the order as the bot writes it there (each of the
    map's short forms names one province)."""
    return echo(canonical, lang) if scripts.writes(lang) else text


def meant(codes: Sequence[str], lang: str) -> str:
    """What a reading takes the ambiguous word for, in full (``Galicia``, ``Gales``)."""
    return ", ".join(wording.province_name(code, base_language(lang)) for code in codes)


def question(line: LineReport, lang: str, *, menu: bool) -> str:
    """Why a line was not stored: it could mean several orders. ``menu``: a menu of its
    readings is under the reply."""
    if line.readings:
        suggestions = ", ".join(
            f"`{form(r.canonical, r.text, lang)}`" + (f" ({meant(r.meant, lang)})" if r.meant else "")
            for r in line.readings
        )
    else:  # too many readings to list: the word's meanings
        suggestions = str(line.params.get("suggestions", "—"))
    key = "parse.ambiguous" if menu else "parse.ambiguous_typed"
    return t(key, lang, typed=str(line.params.get("typed") or line.params.get("word", "")), suggestions=suggestions)


def menus(report: OrderReport, lang: str) -> list[Menu]:
    """A select menu per line asked about (:func:`asked`): its readings, each labelled as
    it may be typed, described by what it means and its canonical form."""
    sheet = report.sheet
    out = []
    for n, line in enumerate(asked(report)):
        options = tuple(
            Option(
                cut(form(r.canonical, r.text, lang)),
                r.canonical,
                cut(" · ".join(x for x in (meant(r.meant, lang), r.canonical) if x)),
            )
            for r in line.readings[:MAX_OPTIONS]
        )
        placeholder = t("reading.placeholder", lang, line=line.text)
        out.append(Menu(reading_id(sheet.game.id, sheet.phase, n), cut(placeholder, 150), options))
    return out
