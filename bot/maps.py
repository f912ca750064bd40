"""Map pictures for posts and ``/game map``: calls the renderer, always off the event loop.

The renderer (``renderer.render``) is imported lazily. When it is missing or fails, a plain
picture listing the units and centres stands in (and the failure is logged), so posting
never depends on it.
"""
from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

log = logging.getLogger(__name__)


def render_sync(position: dict[str, Any], orders: list[dict[str, Any]] | None = None, *,
                game_name: str = "", language: str = "en", front: str | None = None) -> bytes:
    try:
        from renderer import render  # type: ignore[attr-defined]
    except ImportError:
        return _stand_in(position, orders, game_name)
    try:
        if front:   # the part of the board around one power's units (a phone-sized map)
            return render(position, orders, game_name=game_name, language=language, front=front)
        return render(position, orders, game_name=game_name, language=language)
    except Exception:
        # a renderer bug must not cost the players their map: log it, post the stand-in
        log.exception("the renderer failed on %s; posting the plain picture", position.get("phase"))
        return _stand_in(position, orders, game_name)


async def render(position: dict[str, Any], orders: list[dict[str, Any]] | None = None, *,
                 game_name: str = "", language: str = "en", front: str | None = None) -> bytes:
    """The PNG of a position (with orders and results when given), in a worker thread."""
    return await asyncio.to_thread(render_sync, position, orders, game_name=game_name,
                                   language=language, front=front)


def renderer_available() -> bool:
    try:
        from renderer import render  # type: ignore[attr-defined]  # noqa: F401
    except ImportError:
        return False
    return True


def _stand_in(position: dict[str, Any], orders: list[dict[str, Any]] | None, game_name: str) -> bytes:
    from PIL import Image, ImageDraw

    lines = [f"{game_name}  {position.get('phase', '')}".strip(), ""]
    for power, units in sorted(position.get("units", {}).items()):
        centres = position.get("centers", {}).get(power, [])
        lines.append(f"{power.title()} ({len(centres)}): {', '.join(units)}")
    if orders:
        lines.append("")
        lines.extend(f"{o['power'][:3]} {o['order']} ({o['result']})" for o in orders[:60])
    height = 16 * len(lines) + 20
    image = Image.new("RGB", (900, height), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 16 * i), line, fill=(20, 20, 20))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
