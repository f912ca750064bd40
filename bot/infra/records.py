"""Pictures of a whole game (issue 15): the supply-centre chart and the animated GIF of
every phase, drawn by the renderer from plain values, so that the map workers (processes,
:meth:`bot.infra.maps.MapCache.run`) can draw them away from the event loop. The renderer
is imported when a picture is drawn, as for the maps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.history import History


@dataclass(frozen=True, slots=True)
class Gif:
    """An animated GIF and what it holds."""

    data: bytes
    frames: int
    width: int
    height: int


def centre_chart(
    counts: Sequence[tuple[int, Mapping[str, int]]], *, language: str, title: str, win_centres: int | None
) -> bytes:
    """The chart's PNG (:func:`renderer.centre_chart`)."""
    from renderer import centre_chart as chart

    return chart(counts, language=language, title=title, win_centres=win_centres)


def history_gif(document: dict[str, Any], *, language: str, max_bytes: int) -> Gif | None:
    """The GIF of a history document (:func:`renderer.history_gif`: one frame per stored
    phase), at most ``max_bytes``; None when even the smallest does not fit."""
    from renderer import history_gif as animate

    try:
        animation = animate(History.from_json(document), language=language, max_bytes=max_bytes)
    except ValueError:  # too big even at the smallest width
        return None
    return Gif(animation.data, animation.frames, animation.width, animation.height)
