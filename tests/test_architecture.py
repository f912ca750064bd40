"""The layers import in one direction: engine (standard library only) ← renderer (engine,
Pillow, standard library) ← bot (anything)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def imports(package: str) -> list[tuple[Path, str]]:
    out = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out.extend((path, alias.name.split(".")[0]) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.append((path, node.module.split(".")[0]))
    return out


def bad(package: str, allowed: set[str]) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {m}" for p, m in imports(package) if m not in allowed and m not in STDLIB]


def test_engine_imports_only_the_standard_library():
    assert bad("engine", {"engine"}) == []


def test_renderer_imports_only_engine_and_pillow():
    assert bad("renderer", {"renderer", "engine", "PIL"}) == []


def test_bot_is_on_top():
    assert imports("bot"), "the bot package exists"
    for package in ("engine", "renderer"):
        assert not [m for _, m in imports(package) if m == "bot"]
