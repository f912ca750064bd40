"""The board in words (issue 15), for players who read with a screen reader: the alt text
of every map the bot sends (a Discord attachment description, at most 1,024 characters:
the position summarised by power, :func:`engine.board_text.describe_position` in its short
form, in the language of the post), ``/game board`` (the long form: every centre and unit
named in full), and the words around ``/game history`` (its caption and the GIF's alt
text)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.endgame import HistoryFiles
from bot.text.i18n import plural, t
from bot.text.labels import echo, phase_title, power_names
from engine.board_text import ALT_TEXT_LIMIT, describe_position
from engine.codec import position_from_json


def map_description(
    position: dict[str, Any],
    language: str,
    *,
    orders: bool = False,
    fronts: Sequence[str] = (),
    mine: Sequence[str] | None = None,
) -> str:
    """A map's alt text: the phase and each power's centres and units (and what it owes),
    then what else the picture shows (the orders and their results; the reader's own
    orders not resolved yet, ``mine``, named one by one; the crop around some powers'
    units)."""
    notes = []
    if orders:
        notes.append(t("alt.orders", language))
    if mine is not None:
        notes.append(_my_orders(mine, language))
    if fronts:
        notes.append(t("alt.front", language, powers=power_names(fronts, language)))
    extra = " ".join(notes)
    room = ALT_TEXT_LIMIT - (len(extra) + 1 if extra else 0)
    summary = describe_position(position_from_json(position), language, short=True, limit=room)
    return f"{summary} {extra}" if extra else summary


def _my_orders(orders: Sequence[str], language: str) -> str:
    """The private map's note: the reader's orders drawn, each written their way (a screen
    reader's user checks them as a sighted player checks the arrows), at most half the alt
    text (the position takes the rest)."""
    if not orders:
        return t("alt.my_orders_none", language)
    room = ALT_TEXT_LIMIT // 2
    shown: list[str] = []
    for i, order in enumerate(orders):
        more = t("alt.my_orders_more", language, count=len(orders) - i)
        candidate = t("alt.my_orders", language, orders="; ".join([*shown, echo(order, language)]))
        if len(candidate) + len(more) + 1 > room and shown:
            return t("alt.my_orders", language, orders="; ".join(shown)) + " " + more
        shown.append(echo(order, language))
    return t("alt.my_orders", language, orders="; ".join(shown))


def board_text(game_name: str, position: dict[str, Any], language: str) -> str:
    """``/game board``: the position in full, a paragraph per power (the reply helper
    splits it between lines when it is longer than a message)."""
    return t("board.title", language, game=game_name) + "\n" + describe_position(position_from_json(position), language)


def _span(files: HistoryFiles, language: str) -> tuple[int, str, str]:
    phases = files.history.phases
    return len(phases), phase_title(phases[0].phase, language), phase_title(phases[-1].phase, language)


def history_caption(files: HistoryFiles, language: str) -> str:
    count, first, last = _span(files, language)
    text = plural("history.caption", count, language, game=files.game.name, first=first, last=last)
    return text if files.gif is not None else text + "\n" + t("history.too_big", language)


def history_description(files: HistoryFiles, language: str) -> str:
    """The GIF's alt text."""
    count, first, last = _span(files, language)
    text = plural("alt.history", count, language, name=files.game.name, first=first, last=last)
    return text[:ALT_TEXT_LIMIT]
