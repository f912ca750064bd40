"""Maps of Diplomacy positions as PNG images, drawn with Pillow.

Owns the picture: `render(position, orders, results, ...) -> bytes`. It takes plain values
(the JSON shapes of the adjudication command) and returns bytes; so do the game's history as
an animated GIF (`history_gif`, renderer/animation.py, from an `engine.history.History`) and
its supply-centre chart (`centre_chart`, renderer/chart.py); it never does I/O besides
reading its own assets (package data, `renderer/assets/`) once. Thread-safe: the only
shared state is the lock-protected cache of static layers (renderer.layers).

Sizes: a full map is the board (1600 × 1529 px, from ``renderer/assets/standard_map.json``) with
the legend strip below it (56 px): 1600 × 1585 px, about 190 KB. A front crop
(``front="FRANCE"``) is at least 760 × 560 px of board plus the legend, for phone screens.
"""

from __future__ import annotations

from renderer.layers import missing_assets
from renderer.render import encode_png, render, render_image, render_views
from renderer.scene import Order, Scene, Unit, drawn_order, scene_from_objects
from renderer.animation import Animation, history_gif
from renderer.chart import centre_chart, centre_chart_image

__all__ = ["Animation", "Order", "Scene", "Unit", "centre_chart", "centre_chart_image", "drawn_order",
           "encode_png", "history_gif", "missing_assets", "render", "render_image", "render_views",
           "scene_from_objects"]
