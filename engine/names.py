"""Name tables: how each language writes provinces, coasts, unit types and order words.

A language is data (``data/names/<code>.json``), not code: adding one means adding a file.
The tables are loaded once per language and are read-only afterwards.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Mapping

LANGUAGES = ("en",)  # grows as data/names/<code>.json files are added

_DASHES = re.compile(r"->|=>|→|—|–|−")
_TOKEN = re.compile(r"-|[^\s\-]+")


def normalise(text: str) -> str:
    """Lower-case, strip accents that players often omit, unify dashes and brackets."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = _DASHES.sub(" - ", text)
    text = text.replace("(", " ").replace(")", " ").replace("/", " ").replace(".", " ")
    text = text.replace("’", "'").replace(":", " ")
    return text


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(normalise(text))


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str    # "province", "coast", "unit", or a word kind such as "move", "support"
    value: str   # province code, coast code, unit letter, or the word kind


@dataclass(frozen=True, slots=True)
class NameTable:
    language: str
    province_names: Mapping[str, str]          # code -> display name
    coast_names: Mapping[str, str]
    unit_names: Mapping[str, str]
    power_names: Mapping[str, str]
    canonical: Mapping[str, str]               # word kind -> canonical word in this language
    index: Mapping[tuple[str, ...], tuple[Entry, ...]]
    longest: int
    vocabulary: Mapping[str, str]              # every spelling -> code, for suggestions

    def lookup(self, key: tuple[str, ...]) -> tuple[Entry, ...]:
        return self.index.get(key, ())

    def province_name(self, code: str) -> str:
        return self.province_names.get(code, code)


@lru_cache(maxsize=None)
def table(language: str = "en") -> NameTable:
    """The name table of a language (``en``, and the others as their data arrives)."""
    try:
        raw = resources.files("engine").joinpath(f"data/names/{language}.json").read_text("utf-8")
    except FileNotFoundError:
        raise ValueError(f"unknown language {language!r}") from None
    data = json.loads(raw)
    index: dict[tuple[str, ...], list[Entry]] = {}
    vocabulary: dict[str, str] = {}

    def add(spelling: str, entry: Entry) -> None:
        key = tuple(tokens(spelling))
        if not key:
            return
        bucket = index.setdefault(key, [])
        if entry not in bucket:
            bucket.append(entry)

    for code, item in data["provinces"].items():
        for spelling in [code, item["name"], *item.get("aliases", [])]:
            add(spelling, Entry("province", code))
            vocabulary[spelling] = code
    for code, item in data["coasts"].items():
        for spelling in [item["name"], *item.get("aliases", [])]:
            add(spelling, Entry("coast", code))
    for letter, item in data["unit_types"].items():
        for spelling in [item["letter"], item["name"], *item.get("aliases", [])]:
            add(spelling, Entry("unit", letter))
    for kind, spellings in data["words"].items():
        for spelling in spellings:
            add(spelling, Entry(kind, kind))
    return NameTable(
        language=language,
        province_names={c: i["name"] for c, i in data["provinces"].items()},
        coast_names={c: i["name"] for c, i in data["coasts"].items()},
        unit_names={c: i["name"] for c, i in data["unit_types"].items()},
        power_names={c: i["name"] for c, i in data["powers"].items()},
        canonical=dict(data["canonical"]),
        index={k: tuple(v) for k, v in index.items()},
        longest=max(len(k) for k in index),
        vocabulary=vocabulary,
    )
