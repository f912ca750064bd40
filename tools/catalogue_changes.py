"""How many catalogue strings a branch changed, per language, against another revision.

    python -m tools.catalogue_changes [BASE]      (BASE: a git revision, default ``main``)

Loads every ``MESSAGES`` of ``bot/text/i18n/<lang>/*.py`` as it is at BASE (``git show``) and as
it is in the working tree, and counts the keys whose text differs, the keys added and the keys
removed. Plural forms count one each (``join.full.one``). Only reads; imports nothing of
the bot, so it runs on any checkout.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

LANGUAGES = ("en", "es", "ru", "bg")
ROOT = Path(__file__).resolve().parent.parent
PLURAL_FORMS = ("one", "few", "many", "other")


def _messages(source: str) -> dict[str, str]:
    """The texts of one catalogue module, by key (``forms(...)`` expanded)."""
    out: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):  # MESSAGES["k"] = "..."
            for target in node.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
                    out[target.slice.value] = node.value.value
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and isinstance(value, ast.Constant):
                out[key.value] = value.value
            elif key is None and isinstance(value, ast.Call) and getattr(value.func, "id", "") == "forms":
                base = value.args[0].value  # type: ignore[attr-defined]
                given = {kw.arg: kw.value.value for kw in value.keywords}  # type: ignore[attr-defined]
                for form in PLURAL_FORMS:
                    out[f"{base}.{form}"] = given.get(form) or given["other"]
    return out


def _at(revision: str | None, language: str) -> dict[str, str]:
    folder = f"bot/text/i18n/{language}"
    if revision is None:
        files = {p.name: p.read_text("utf-8") for p in sorted((ROOT / folder).glob("*.py"))}
    else:
        names = subprocess.run(
            ["git", "ls-tree", "--name-only", f"{revision}:{folder}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        files = {
            n: subprocess.run(
                ["git", "show", f"{revision}:{folder}/{n}"], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout
            for n in names
            if n.endswith(".py")
        }
    merged: dict[str, str] = {}
    for source in files.values():
        merged.update(_messages(source))
    return merged


def main(argv: list[str]) -> int:
    base = argv[0] if argv else "main"
    print(f"catalogue strings changed against {base}:")
    for language in LANGUAGES:
        before, after = _at(base, language), _at(None, language)
        changed = sum(1 for k in before.keys() & after.keys() if before[k] != after[k])
        added, removed = len(after.keys() - before.keys()), len(before.keys() - after.keys())
        print(f"  {language}: {changed} changed, {added} added, {removed} removed (of {len(after)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
