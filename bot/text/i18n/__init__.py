"""The message catalogue: every text a player reads, by key, in four languages.

Owns looking a message up by key and filling its placeholders. The texts themselves are
data: one package per language (``bot/text/i18n/en/``, ``es/``, ``ru/``, ``bg/``), one module per
feature area inside it (``core.py``, ``moderation.py``, ``sheet.py``, ...), each with a
``MESSAGES`` dict; a language's catalogue is all its modules together (a key defined twice
is an error). A key missing from a language falls back to English, so a partial
translation never breaks the bot; a test checks every key exists in all four languages
with the same placeholders. Which language to use for whom is :mod:`bot.core.languages`.
Messages about a count have the four CLDR plural forms (:func:`forms`, :func:`plural`).

>>> t("reply.ok", order="A PAR - BUR")
'✅ `A PAR - BUR`'
>>> t("reply.ok_local", "es", local="E Par - Bor", order="A PAR - BUR")
'✅ `E Par - Bor` (`A PAR - BUR`)'
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from bot.core.languages import DEFAULT, LANGUAGES, base_language
from bot.text.markup import escape


@cache
def _catalogue(language: str) -> Mapping[str, str]:
    language = base_language(language)  # "ru-Latn": the Russian texts (only orders change script)
    if language not in LANGUAGES:
        language = DEFAULT
    try:
        package = importlib.import_module(f"bot.text.i18n.{language}")
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


class Localized:
    """A message parameter that is itself said in the reader's language (a phase title,
    a power's name): ``t`` renders it in the language of the message it fills in.
    ``str()`` gives the English form."""

    __slots__ = ("render",)

    def __init__(self, render: Callable[[str], str]) -> None:
        self.render = render

    def __str__(self) -> str:
        return self.render(DEFAULT)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Localized({str(self)!r})"


def t(key: str, language: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``language``, with ``params`` filled in (a
    :class:`Localized` parameter in the same language). A message with plural forms
    (:func:`forms`) takes the form its ``count`` parameter needs."""
    text = _catalogue(language).get(key)
    if text is None and "count" in params and is_plural(key):
        key = f"{key}.{plural_form(params['count'], language)}"
        text = _catalogue(language).get(key)
    if text is None:
        text = _catalogue(DEFAULT)[key]
    if not params:
        return text
    filled = {k: _filled(text, k, v, language) for k, v in params.items()}
    return text.format(**filled)


#: The parameters that hold text a player typed, in every message: a game's name
#: (``game``, ``games``), a word of an order (``word``, ``typed``), an order line or value as typed
#: (``text``); a list of them is several (``games``). :func:`t` escapes them (:func:`bot.text.markup.escape`), so no caller can
#: forget to; the catalogue test checks a ``{text}`` always stands in a code span.
PLAYER_TEXT = frozenset({"game", "games", "word", "text", "typed"})


def _filled(template: str, name: str, value: Any, language: str) -> Any:
    if isinstance(value, Localized):
        return value.render(language)
    if name in PLAYER_TEXT:
        in_code = f"`{{{name}}}`" in template
        if isinstance(value, str):
            return escape(value, in_code=in_code)
        if isinstance(value, (tuple, list)):  # several names
            return ", ".join(escape(str(v), in_code=in_code) for v in value)
    return value


def has(key: str) -> bool:
    return key in _catalogue(DEFAULT)


PLURAL_FORMS = ("one", "few", "many", "other")


def forms(
    key: str, *, other: str, one: str | None = None, few: str | None = None, many: str | None = None
) -> dict[str, str]:
    """The catalogue entries of a message with plural forms: ``key.one``, ``key.few``,
    ``key.many`` and ``key.other`` (CLDR categories; a form not given is ``other``). Every
    language defines all four, so the catalogue test sees the same keys everywhere."""
    given = {"one": one, "few": few, "many": many, "other": other}
    return {f"{key}.{form}": given[form] or other for form in PLURAL_FORMS}


@cache
def _plural_rule(language: str) -> Callable[[float], str]:
    from babel import Locale

    return Locale.parse(language).plural_form


def plural_form(count: float, language: str = DEFAULT) -> str:
    """The CLDR plural category of ``count`` in ``language`` (Russian 1 → one, 3 → few,
    5 → many), by Babel."""
    language = base_language(language)
    form = _plural_rule(language if language in LANGUAGES else DEFAULT)(abs(count))
    return form if form in PLURAL_FORMS else "other"


def plural(key: str, count: float, language: str = DEFAULT, /, **params: Any) -> str:
    """The form of the plural message ``key`` for ``count`` (``{count}`` is filled in)."""
    return t(f"{key}.{plural_form(count, language)}", language, count=count, **params)


def is_plural(key: str) -> bool:
    return f"{key}.other" in _catalogue(DEFAULT)
