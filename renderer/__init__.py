"""Maps of Diplomacy positions as PNG images, drawn with Pillow.

Owns the picture: `render(position, orders, results, ...) -> bytes`. It takes plain values
(the JSON shapes of the adjudication command) and returns bytes; so do the game's history as
an animated GIF (`history_gif`, renderer/animation.py, from an `engine.history.History`) and
its supply-centre chart (`centre_chart`, renderer/chart.py); it never does I/O besides
reading its own assets (package data, `renderer/assets/`) once. Thread-safe: the only
shared state is the lock-protected cache of static layers (renderer.layers).

Sizes: a full map is the board (1600 × 1529 px, from ``renderer/assets/standard_map.json``) with
the legend strip below it (56 px): 1600 × 1585 px, about 190 KB. A front crop
(``front="FRANCE"``, or several powers: ``front=("ENGLAND", "FRANCE")``) is the part of the
board around those units, at least 520 × 520 board px and as tall as wide, drawn 1.5 times
larger with labels sized to stay legible when a phone shows it 400 px wide.

Languages: ``language`` (en, es, ru, bg) sets labels and legend; ``labels`` picks the label
set's script where a language has two (Russian: "cyrillic" by default, or "latin", the
rulebook's abbreviations). Each label set is in one script (``label_sets()``).
``render_many`` draws one scene in several languages and crops, sharing the drawing.
``front_groups`` tells which of a player's powers share one crop (neighbours) and which
get their own (far apart: one crop around all would be unreadable on a phone).
"""

from __future__ import annotations

from renderer.animation import Animation, history_gif
from renderer.chart import centre_chart, centre_chart_image
from renderer.labels import LabelSet, Script, label_set, label_sets
from renderer.layers import missing_assets
from renderer.render import View, encode_png, front_groups, render, render_image, render_many, render_views, warm_up
from renderer.scene import Order, Scene, Unit, drawn_order, scene_from_objects

__all__ = [
    "Animation",
    "centre_chart",
    "centre_chart_image",
    "drawn_order",
    "encode_png",
    "front_groups",
    "history_gif",
    "label_set",
    "label_sets",
    "LabelSet",
    "missing_assets",
    "Order",
    "render",
    "render_image",
    "render_many",
    "render_views",
    "Scene",
    "scene_from_objects",
    "Script",
    "Unit",
    "View",
    "warm_up",
]
