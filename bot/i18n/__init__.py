"""The message catalogue: every text a player reads, by key, in four languages.

Owns looking a message up by key and filling its placeholders. The texts themselves are
data: one package per language (``bot/i18n/en/``, ``es/``, ``ru/``, ``bg/``), one module per
feature area inside it (``core.py``, ``moderation.py``, ``sheet.py``, ...), each with a
``MESSAGES`` dict; a language's catalogue is all its modules together (a key defined twice
is an error). A key missing from a language falls back to English, so a partial
translation never breaks the bot; a test checks every key exists in all four languages
with the same placeholders.

>>> t("order.stored", order="A PAR - BUR")
'✅ **A PAR - BUR**'
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any, Mapping

LANGUAGES = ("en", "es", "ru", "bg")
DEFAULT = "en"


@lru_cache(maxsize=None)
def _catalogue(language: str) -> Mapping[str, str]:
    if language not in LANGUAGES:
        language = DEFAULT
    try:
        package = importlib.import_module(f"bot.i18n.{language}")
    except ModuleNotFoundError:
        return _catalogue(DEFAULT) if language != DEFAULT else {}
    merged: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for key, text in getattr(module, "MESSAGES", {}).items():
            if key in merged:
                raise RuntimeError(f"message key {key!r} defined twice in {language}")
            merged[key] = text
    return merged


def catalogue(language: str) -> Mapping[str, str]:
    """Every message of a language (for tests and tools)."""
    return _catalogue(language)


def t(key: str, language: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``language``, with ``params`` filled in."""
    text = _catalogue(language).get(key)
    if text is None:
        text = _catalogue(DEFAULT)[key]
    return text.format(**params) if params else text


def has(key: str) -> bool:
    return key in _catalogue(DEFAULT)
