"""Typed message parameters: what a refusal or a result names (a Phase, a Power, a Unit
from the engine, or one of these small values), never text. The text layer renders each
in the reader's language (:func:`bot.text.labels.render_param`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Places:
    """Provinces (``SPA/NC``) as the reader's language abbreviates them; "—" when none."""

    codes: tuple[str, ...]

    @classmethod
    def of(cls, *codes: object) -> Places:
        return cls(tuple(str(c) for c in codes))


@dataclass(frozen=True, slots=True)
class OrderText:
    """A canonical order, written the reader's way."""

    text: str


@dataclass(frozen=True, slots=True)
class Suggestions:
    """The parser's "did you mean" list (``BUR (Borgoña)``)."""

    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class User:
    id: int


@dataclass(frozen=True, slots=True)
class PhaseCode:
    """A phase (``F1901M``), said as its title: "Fall 1901 moves"."""

    code: str


@dataclass(frozen=True, slots=True)
class UnitName:
    """A unit (``A PAR``), written the reader's way (Spanish ``E Par``)."""

    text: str


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment (unix seconds), shown in each reader's time zone."""

    at: float


@dataclass(frozen=True, slots=True)
class Powers:
    """Powers (codes), named in the reader's language."""

    codes: tuple[str, ...]
