"""The examples in the engine's docstrings run and give what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(engine.__path__, prefix="engine.") if info.name != "engine.__main__"
)


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_some_modules_have_examples():
    counted = sum(doctest.testmod(importlib.import_module(n), report=False).attempted for n in MODULES)
    assert counted >= 8
