"""Name tables: how each language writes provinces, coasts, unit types, order words and
the nationality words that name a unit's owner.

A language is data (``data/names/<code>.json``), not code: adding one means adding a file.
The tables are loaded once per language and are read-only afterwards. Spellings are
matched whole after :func:`normalise` (case, accents on capitals, dashes, brackets and
full stops do not matter); one spelling may stand for several things (Spanish ``A`` is a
unit letter and the support word; ``Gal`` is Wales in Spanish and Galicia's code; Russian
``в`` says where a unit stands or where it goes; the traps of the rules digest §7.3 such
as Bulgarian ``АнК``, the Channel, and ``Анк``, Ankara): the parser settles such cases
from the grammar and the position, or asks. :func:`tokens` can keep the case as typed,
for the one place case matters: a canonical code in capitals (``GAL``) names only its
province.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.phase import Phase

LANGUAGES = ("en", "es", "ru", "bg")

_DASHES = re.compile(r"->|=>|→|—|–|−|‐|‑")
_TOKEN = re.compile(r"-|[^\s\-]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[a-z]")
# letters that look alike in the two alphabets (after case folding)
_LATIN_TO_CYRILLIC = str.maketrans("aeopcxkymt", "аеорсхкумт")
_CYRILLIC_TO_LATIN = str.maketrans("аеорсхкумтф", "aeopcxkymtf")


def normalise(text: str, *, fold: bool = True) -> str:
    """Lower-case (unless ``fold`` is false), unify dashes and brackets, drop full stops and
    quotes."""
    text = unicodedata.normalize("NFC", text)
    if fold:
        text = text.casefold()
    text = _DASHES.sub(" - ", text)
    for ch in "()/.:'\"«»„“”`":
        text = text.replace(ch, " ")
    return text


def tokens(text: str, *, fold: bool = True) -> list[str]:
    """The words of a text as the name tables match them; ``fold=False``: the same words
    with their case as typed (to tell a canonical code, ``GAL``, from a spelling, ``Gal``)."""
    return _TOKEN.findall(normalise(text, fold=fold))


def homoglyph_variants(word: str) -> list[str]:
    """The same word with look-alike letters of the other alphabet, for a player who typed
    a Latin "A" among Cyrillic letters or the other way round."""
    out = []
    if _CYRILLIC.search(word):
        out.append(word.translate(_LATIN_TO_CYRILLIC))
        out.append(word.translate(_CYRILLIC_TO_LATIN))
    else:
        out.append(word.translate(_LATIN_TO_CYRILLIC))
    return [w for w in dict.fromkeys(out) if w != word]


def look_alikes(words: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words with every look-alike letter of the other alphabet made Cyrillic, then
    made Latin: what a player meant who typed a Latin "A" among Cyrillic letters or the
    other way round. Each spelling of a table is in one alphabet, so these two cover every
    mix of :func:`homoglyph_variants`, however many words."""
    return (
        tuple(w.translate(_LATIN_TO_CYRILLIC) for w in words),
        tuple(w.translate(_CYRILLIC_TO_LATIN) for w in words),
    )


def mixes_alphabets(words: Sequence[str]) -> bool:
    """Do the words hold letters of both alphabets (in one word or across words)?"""
    latin = cyrillic = False
    for word in words:
        latin = latin or bool(_LATIN.search(word))
        cyrillic = cyrillic or bool(_CYRILLIC.search(word))
        if latin and cyrillic:
            return True
    return False


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    # keep the Cyrillic short i and yo as they are: they are letters, not accents
    out: list[str] = []
    for ch in decomposed:
        if unicodedata.category(ch) == "Mn" and out and not _CYRILLIC.match(out[-1]):
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str  # "province", "coast", "unit", "power" (a nationality word), or a word kind
    value: str  # province code, coast code, unit letter, power, or the word kind


@dataclass(frozen=True, slots=True)
class NameTable:
    language: str
    province_names: Mapping[str, str]  # code -> display name
    province_abbr: Mapping[str, str]  # code -> abbreviation used when writing orders
    coast_names: Mapping[str, str]
    coast_abbr: Mapping[str, str]
    coast_before: bool  # coasts are written before the province
    unit_letters: Mapping[str, str]  # "A"/"F" -> this language's letter
    unit_names: Mapping[str, str]
    power_names: Mapping[str, str]
    canonical: Mapping[str, str]  # word kind -> canonical word in this language
    phase_words: Mapping[str, str]  # S/F/W, M/R/A and "format"
    index: Mapping[tuple[str, ...], tuple[Entry, ...]]
    longest: int
    vocabulary: Mapping[str, str]  # every province spelling -> code, for suggestions

    def lookup(self, key: tuple[str, ...]) -> tuple[Entry, ...]:
        return self.index.get(key, ())

    def province_name(self, code: str) -> str:
        return self.province_names.get(code, code)

    def phase_name(self, phase: Phase | str) -> str:
        """``Spring 1901, movement`` in this language."""
        text = str(phase)
        words = self.phase_words
        return words["format"].format(season=words[text[0]], year=text[1:5], kind=words[text[5]])


@cache
def table(language: str = "en") -> NameTable:
    """The name table of a language: ``en``, ``es``, ``ru``, ``bg``."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    try:
        raw = resources.files("engine").joinpath(f"data/names/{language}.json").read_text("utf-8")
    except FileNotFoundError:
        raise ValueError(f"language {language!r} is not available") from None
    data = json.loads(raw)
    index: dict[tuple[str, ...], list[Entry]] = {}
    vocabulary: dict[str, str] = {}

    def add(spelling: str, entry: Entry) -> None:
        for variant in {spelling, _strip_accents(spelling)}:
            key = tuple(tokens(variant))
            if not key:
                continue
            bucket = index.setdefault(key, [])
            if entry not in bucket:
                bucket.append(entry)

    for code, item in data["provinces"].items():
        for spelling in [code, item["name"], item.get("abbr", code), *item.get("aliases", [])]:
            add(spelling, Entry("province", code))
            vocabulary.setdefault(spelling, code)
    for code, item in data["coasts"].items():
        for spelling in [item["name"], item.get("abbr", code), *item.get("aliases", [])]:
            add(spelling, Entry("coast", code))
    for letter, item in data["unit_types"].items():
        for spelling in [item["letter"], item["name"], *item.get("aliases", [])]:
            add(spelling, Entry("unit", letter))
    for kind, spellings in data["words"].items():
        for spelling in spellings:
            add(spelling, Entry(kind, kind))
    for power, item in data["powers"].items():
        # the owner of a unit, as an order names it: "E inglés Hol", "English A Kie", "английската А"
        for spelling in item.get("nationality", []):
            add(spelling, Entry("power", power))
    coast_positions = {item.get("position", "after") for item in data["coasts"].values()}
    return NameTable(
        language=language,
        province_names={c: i["name"] for c, i in data["provinces"].items()},
        province_abbr={c: i.get("abbr", c) for c, i in data["provinces"].items()},
        coast_names={c: i["name"] for c, i in data["coasts"].items()},
        coast_abbr={c: i.get("abbr", c) for c, i in data["coasts"].items()},
        coast_before=coast_positions == {"before"},
        unit_letters={c: i["letter"] for c, i in data["unit_types"].items()},
        unit_names={c: i["name"] for c, i in data["unit_types"].items()},
        power_names={c: i["name"] for c, i in data["powers"].items()},
        canonical=dict(data["canonical"]),
        phase_words=dict(data.get("phases") or table("en").phase_words),
        index={k: tuple(v) for k, v in index.items()},
        longest=max(len(k) for k in index),
        vocabulary=vocabulary,
    )
