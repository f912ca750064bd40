"""Maps of Diplomacy positions as PNG images, drawn with Pillow.

Owns the picture: `render(position, orders, results, ...) -> bytes`. It takes plain values
(the JSON shapes of the adjudication command) and returns bytes; it never does I/O besides
reading its own assets once. Thread-safe: the only shared state is the lock-protected
cache of static layers (renderer.layers).
"""

from __future__ import annotations

from renderer.render import encode_png, render, render_image, render_views
from renderer.scene import Order, Scene, Unit, drawn_order, scene_from_objects

__all__ = ["Order", "Scene", "Unit", "drawn_order", "encode_png", "render", "render_image", "render_views",
           "scene_from_objects"]
