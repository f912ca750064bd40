"""The tests' own structure (issue 21): a test module takes shared helpers from support
modules (tests/bot/support.py, simcord_support.py, processes.py, tests/engine/strategies.py,
tests/renderer/probes.py...), never from another test module, so that editing or moving one
test file never breaks another; and the markers the suite uses are registered."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def is_test_module(dotted: str) -> bool:
    return dotted.rsplit(".", 1)[-1].startswith("test_")


def imports_of_test_modules(path: Path) -> list[str]:
    """What ``path`` imports from test modules (absolute, relative or by name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if is_test_module(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if is_test_module(module):
                found.append("." * node.level + module)
            elif node.level and not module:  # from . import test_x
                found += ["." + alias.name for alias in node.names if is_test_module(alias.name)]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            found += [
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and is_test_module(arg.value)
            ]
    return found


def test_no_test_module_imports_another():
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in sorted(TESTS.rglob("*.py"))
        if (names := imports_of_test_modules(path))
    }
    assert offenders == {}, "move the shared helpers into a support module (e.g. tests/bot/support.py)"


def test_the_check_sees_an_import_from_a_test_module(tmp_path):
    module = tmp_path / "test_x.py"
    module.write_text(
        "from tests.bot.test_moderation import order\nimport tests.bot.test_flow\nfrom . import test_y\n"
        "from tests.bot.support import order\nfrom tests.bot import databases\n"
    )
    assert imports_of_test_modules(module) == ["tests.bot.test_moderation", "tests.bot.test_flow", ".test_y"]


def test_every_marker_the_tests_use_is_registered():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    registered = {line.split(":")[0].strip() for line in config["tool"]["pytest"]["ini_options"]["markers"]}
    used = set()
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # pytest.mark.NAME
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "mark"
                and isinstance(node.value.value, ast.Name)
                and node.value.value.id == "pytest"
            ):
                used.add(node.attr)
    builtin = {"parametrize", "skip", "skipif", "xfail", "usefixtures", "filterwarnings", "asyncio"}
    assert used - builtin <= registered, used - builtin - registered
