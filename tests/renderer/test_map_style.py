"""Power colours stay apart for colour-blind players (deuteranopia simulation)."""

from __future__ import annotations

import itertools
import math

from renderer import style

# Machado, Oliveira & Fernandes (2009), deuteranopia at full severity, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(max(v, 0.0), 1.0) for v in lin)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _deut_lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    return _lab(tuple(sum(row[j] * lin[j] for j in range(3)) for row in DEUTERANOPIA))


def _min_distance(colours: dict[str, tuple[int, int, int]]) -> tuple[float, str, str]:
    return min(
        (math.dist(_deut_lab(a), _deut_lab(b)), n, m) for (n, a), (m, b) in itertools.combinations(colours.items(), 2)
    )


def test_unit_colours_distinct_under_deuteranopia():
    d, a, b = _min_distance(style.UNIT_COLOURS)
    assert d >= 30, (a, b, d)


def test_territory_tints_distinct_under_deuteranopia():
    colours = dict(style.TINTS, NEUTRAL=style.NEUTRAL_LAND, IMPASSABLE=style.IMPASSABLE)
    d, a, b = _min_distance(colours)
    assert d >= 11, (a, b, d)
