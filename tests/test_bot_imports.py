"""The import graph of ``bot/``: no cycle between its modules (counting imports inside
functions and under ``TYPE_CHECKING`` too), nor between the rooms of ``bot/core`` (its
subpackages), the four layers import one way, and no module uses another module's private
names.

Layers: ``bot.discord`` (the edge) may import anything; ``bot.text`` imports ``bot.core``
and ``bot.infra`` but not the discord client (only :mod:`bot.text.markup` borrows the pure
``discord.utils`` helpers); ``bot.core`` imports ``bot.infra``, never text or discord;
``bot.infra`` imports none of the other three.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"
LAYERS = ("core", "text", "discord", "infra")
FORBIDDEN = {  # layer -> layers (and the discord library) it must not import
    "core": {"bot.text", "bot.discord", "discord"},
    "text": {"bot.discord", "discord"},
    "infra": {"bot.core", "bot.text", "bot.discord", "discord"},
}
ALLOWED = {("bot.text.markup", "discord.utils")}  # pure helpers: format_dt


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(BOT.rglob("*.py"))}


def imported(tree: ast.Module, name: str, known: set[str]) -> list[str]:
    """Every module ``name`` imports (absolute, resolved to a known module where it is
    ``from package import module``)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{name}: relative import"
            base = node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.append(full if full in known else base)
    return out


def graph() -> dict[str, set[str]]:
    trees = modules()
    known = set(trees)
    return {name: {m for m in imported(tree, name, known) if m in known and m != name} for name, tree in trees.items()}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def package_graph() -> dict[str, set[str]]:
    """bot.<layer> -> the layers it imports."""
    out: dict[str, set[str]] = defaultdict(set)
    for module, deps in graph().items():
        for dep in deps:
            a, b = layer(module), layer(dep)
            if a and b and a != b:
                out[f"bot.{a}"].add(f"bot.{b}")
    return dict(out)


def room(module: str) -> str:
    """The room of a module of ``bot/core``'s subpackages (the module itself elsewhere):
    importing any module of a room runs the room's ``__init__``, which imports the others,
    so two rooms that import each other, even through other rooms, are a cycle at import
    time although no two modules import each other."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["bot", "core"] and len(parts) > 3 else module


def room_graph() -> dict[str, set[str]]:
    """bot.core's rooms and top-level modules -> those they import."""
    out: dict[str, set[str]] = defaultdict(set)
    for module, deps in graph().items():
        if layer(module) == "core":
            out[room(module)] |= {room(d) for d in deps if layer(d) == "core" and room(d) != room(module)}
    return dict(out)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def test_no_import_cycle_between_modules():
    assert cycles(graph()) == []


def test_no_import_cycle_between_core_rooms():
    assert cycles(room_graph()) == []


def test_no_import_cycle_between_layers():
    assert cycles(package_graph()) == []


def test_layers_import_one_way():
    trees = modules()
    known = set(trees)
    bad = []
    for name, tree in trees.items():
        forbidden = FORBIDDEN.get(layer(name) or "", set())
        for target in imported(tree, name, known):
            if (name, target) in ALLOWED:
                continue
            if any(target == f or target.startswith(f + ".") for f in forbidden):
                bad.append(f"{name} imports {target}")
    assert bad == []


def test_no_private_names_across_modules():
    bad = []
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                bad.extend(
                    f"{name}: from {node.module} import {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                )
            elif (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                bad.append(f"{name}:{node.lineno}: .{node.attr}")
    assert bad == []


def test_the_checks_see_the_layers():
    """The graph the checks above walk is the real one (so they cannot pass vacuously)."""
    edges = package_graph()
    assert {"bot.core", "bot.text", "bot.infra"} <= edges["bot.discord"]
    assert edges["bot.core"] == {"bot.infra"}
    assert "bot.infra" not in edges
    rooms = room_graph()
    assert {"bot.core.press", "bot.core.posts"} <= rooms["bot.core.seats"]
    assert "bot.core.press.mode" not in rooms
