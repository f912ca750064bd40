"""The message catalogue: every text a player reads, by key, in four languages.

Owns looking a message up by key and filling its placeholders. The texts themselves are
data, one module per language (``en.py`` now; ``es``, ``ru`` and ``bg`` are added as
modules with the same keys). A key missing from a language falls back to English, so a
partial translation never breaks the bot.

>>> t("order.stored", order="A PAR - BUR")
'✅ **A PAR - BUR**'
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Mapping

LANGUAGES = ("en", "es", "ru", "bg")
DEFAULT = "en"


@lru_cache(maxsize=None)
def _catalogue(language: str) -> Mapping[str, str]:
    if language not in LANGUAGES:
        language = DEFAULT
    try:
        module = importlib.import_module(f"bot.i18n.{language}")
    except ModuleNotFoundError:
        module = importlib.import_module(f"bot.i18n.{DEFAULT}")
    return module.MESSAGES


def t(key: str, language: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``language``, with ``params`` filled in."""
    text = _catalogue(language).get(key)
    if text is None:
        text = _catalogue(DEFAULT)[key]
    return text.format(**params) if params else text


def has(key: str) -> bool:
    return key in _catalogue(DEFAULT)
