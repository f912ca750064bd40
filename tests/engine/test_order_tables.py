"""The orders of the Spanish, Russian and Bulgarian rulebooks and of the Bulgarian web client,
read in their languages (issue 12): the tables ``tests/engine/orders/<language>.tsv``.

Each row is an order as printed (or as a player types it: source ``typed: ...``), the phase
or the board it is read on (``positions.tsv``), and what it must read as: the canonical
order with the owners its nationality words name (``@KIE=ENGLAND``), an error code
(``!wrong_nationality``), or a question (``?GAL|WAL``: the parser asks which province was
meant, and every form it offers reads back without the same question). Besides the rows,
every printed order is read again as players mistype it: lower case, accents dropped,
other dashes and spacing, look-alike letters of the other alphabet (Russian and
Bulgarian), and written back by the formatter.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from engine import OrderParseError, Phase, PhaseKind, Position, Power, format_order
from engine.parser import parse_order, parse_stated
from tests.engine.support import pos

TABLES = Path(__file__).parent / "orders"
LANGUAGES = ("es", "ru", "bg")
FAMILIES = {
    "0": "the rulebook's notation",
    "1": "nationality words",
    "2": "the Bulgarian client",
    "3": "verbs and phrases",
    "4": "clashing abbreviations",
    "5": "coasts",
    "6": "asking converges",
}
COLUMNS = ["text", "phase", "position", "expected", "family", "source"]


@dataclass(frozen=True)
class Row:
    language: str
    line: int
    text: str
    phase: str
    position: str
    expected: str
    family: str
    source: str

    @property
    def id(self) -> str:
        return f"{self.language}:{self.line}:{self.text}"

    @property
    def typed(self) -> bool:
        """A variant a player types, not the printed text."""
        return self.source.startswith("typed:")


def _records(name: str) -> list[tuple[int, list[str]]]:
    out = []
    lines = (TABLES / f"{name}.tsv").read_text("utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if line.strip() and not line.startswith("#"):
            out.append((number, line.split("\t")))
    return out


@cache
def positions() -> dict[str, Position]:
    records = _records("positions")
    assert records[0][1] == ["id", "phase", "units"]
    out = {}
    for number, (name, phase, units) in records[1:]:
        out[name] = Position.initial() if units == "initial" else _position(phase, units)
        assert str(out[name].phase) == phase, (number, name)
    return out


def _position(phase: str, text: str) -> Position:
    """``RUSSIA: A STP* F SEV; ENGLAND: F NTH`` (``*``: dislodged)."""
    units, dislodged = [], []
    for part in text.split(";"):
        power, _, placed = part.partition(":")
        words = placed.split()
        for letter, where in zip(words[::2], words[1::2]):
            unit = f"{power.strip()} {letter} {where.rstrip('*')}"
            (dislodged if where.endswith("*") else units).append(unit)
    return pos(phase, *units, dislodged=dislodged)


@cache
def rows(language: str) -> tuple[Row, ...]:
    records = _records(language)
    assert records[0][1] == COLUMNS, f"{language}.tsv: the header must be {COLUMNS}"
    out = []
    for number, fields in records[1:]:
        assert len(fields) == len(COLUMNS), f"{language}.tsv line {number}: {fields}"
        out.append(Row(language, number, *fields))
    return tuple(out)


ALL = [row for language in LANGUAGES for row in rows(language)]


def _read_kwargs(row: Row) -> dict:
    kwargs: dict = {"language": row.language}
    if row.position != "-":
        kwargs["position"] = positions()[row.position]
    if row.phase != "-":
        kwargs["phase"] = Phase.parse(row.phase) if len(row.phase) > 1 else PhaseKind(row.phase)
    return kwargs


def _expected_order(row: Row) -> tuple[str, set[tuple[str, Power]]]:
    order, *owners = row.expected.split(" @")
    return order, {(where, Power(power)) for where, power in (o.split("=") for o in owners)}


# -- the tables themselves ----------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_is_well_formed(language):
    table = rows(language)
    assert len({(r.text, r.position, r.phase) for r in table}) == len(table), "a row is repeated"
    for row in table:
        assert row.family in FAMILIES, row.id
        assert row.position == "-" or row.position in positions(), row.id
        assert row.expected[0] in "!?" or re.fullmatch(r"[A-Z/ -]+( @[A-Z]{3}=[A-Z]+)*", row.expected), row.id
        assert row.source, row.id
    families = Counter(r.family for r in table)
    # every family the issue names, in every language (the client's notation is Bulgarian)
    assert set(families) == set(FAMILIES) - ({"2"} if language != "bg" else set()), families


# -- every row reads as it says ------------------------------------------------------------------


@pytest.mark.parametrize("row", ALL, ids=lambda r: r.id)
def test_reads_as_the_table_says(row):
    kwargs = _read_kwargs(row)
    if row.expected.startswith("!"):
        with pytest.raises(OrderParseError) as err:
            parse_order(row.text, **kwargs)
        assert err.value.code == row.expected[1:], str(err.value)
        if err.value.code == "wrong_nationality":
            params, board = err.value.params, kwargs["position"]
            assert params["power"] != params["owner"]
            assert board.units[params["province"]].power is Power(params["owner"])
        return
    if row.expected.startswith("?"):
        _asks(row, kwargs)
        return
    order, owners = _expected_order(row)
    stated = parse_stated(row.text, **kwargs)
    assert str(stated.order) == order
    assert set(stated.owners) == owners


def _asks(row: Row, kwargs: dict) -> None:
    with pytest.raises(OrderParseError) as err:
        parse_order(row.text, **kwargs)
    exc = err.value
    assert exc.code == "ambiguous", str(exc)
    assert set(exc.params["provinces"].split()) == set(row.expected[1:].split("|"))
    # the player's own spelling is kept, and the question names both meanings
    assert exc.typed.casefold() == exc.word and exc.typed in row.text
    assert len(exc.suggestions) == len(row.expected[1:].split("|"))
    # the menu: each reading, written in the player's language, reads as that reading alone
    assert len(exc.readings) >= 2
    for reading in exc.readings:
        assert parse_order(reading.text, **kwargs) == reading.order, reading.text
        assert str(reading.order) == reading.canonical
    # typing an offered form (or the code) in place of the word settles that word
    for form, code in zip(exc.suggestions, exc.params["provinces"].split()):
        for spelling in (form.split(" (")[0], code):
            _converges(row.text.replace(exc.typed, spelling, 1), exc.word, kwargs, {r.order for r in exc.readings})


def _converges(text: str, settled: str, kwargs: dict, readings: set, rounds: int = 3) -> None:
    """Answering every question with the first form offered ends in one of the readings
    first offered, and a word once answered is never asked about again."""
    for _ in range(rounds):
        try:
            assert parse_order(text, **kwargs) in readings, text
            return
        except OrderParseError as exc:
            assert exc.code == "ambiguous", (text, str(exc))
            assert exc.word != settled, f"{text!r}: asked about {settled!r} again"
            text = text.replace(exc.typed, exc.suggestions[0].split(" (")[0], 1)
    pytest.fail(f"{text!r}: still asking after {rounds} answers")


# -- the printed orders as players mistype them ------------------------------------------------


def _lower(text: str) -> str | None:
    # a canonical code is read as a code only in capitals (Spanish GAL, Galicia; Gal, Wales)
    if any(re.fullmatch(r"[A-Z]{3}", word) for word in re.findall(r"\w+", text)):
        return None
    return text.lower()


def _no_accents(text: str) -> str:
    out = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.category(ch) == "Mn" and out and out[-1].isascii():
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def _dashes(text: str) -> str:
    return re.sub(r"\s*[-–—]\s*", lambda m: " – " if m.group().strip() == "-" else " - ", text)


_LATIN, _CYRILLIC = "AEOPCXKYMTaeopcxkymt", "АЕОРСХКУМТаеорсхкумт"
_TWIN = {**dict(zip(_LATIN, _CYRILLIC)), **dict(zip(_CYRILLIC, _LATIN))}


def _look_alikes(text: str) -> str:
    """The first look-alike letter of every word in the other alphabet (a Latin "A" typed
    for the Cyrillic army letter, a Cyrillic "а" inside "Par"), codes in capitals aside."""

    def swap(match: re.Match) -> str:
        word = match.group()
        if re.fullmatch(r"[A-Z]{3}", word):
            return word
        at = next((i for i, ch in enumerate(word) if ch in _TWIN), None)
        return word if at is None else word[:at] + _TWIN[word[at]] + word[at + 1 :]

    return re.sub(r"\w+", swap, text)


VARIANTS = {"lower case": _lower, "no accents": _no_accents, "dashes": _dashes, "look-alikes": _look_alikes}
# Cyrillic keyboards, where the two alphabets mix
VARIANT_LANGUAGES = {"look-alikes": {"ru", "bg"}}
PRINTED = [row for row in ALL if not row.typed and row.expected[0] not in "!?"]
# each printed order as each variant writes it, where that differs from the print
MISTYPED = [
    (row, name, text)
    for row in PRINTED
    for name, variant in VARIANTS.items()
    if row.language in VARIANT_LANGUAGES.get(name, LANGUAGES)
    and (text := variant(row.text)) is not None
    and text != row.text
]


@pytest.mark.parametrize("row,variant,text", MISTYPED, ids=lambda x: x.id if isinstance(x, Row) else x)
def test_typed_variants_read_the_same(row, variant, text):
    order, owners = _expected_order(row)
    stated = parse_stated(text, **_read_kwargs(row))
    assert (str(stated.order), set(stated.owners)) == (order, owners), text


@pytest.mark.parametrize("row", PRINTED, ids=lambda r: r.id)
def test_the_formatter_writes_what_reads_back(row):
    kwargs = _read_kwargs(row)
    order = parse_order(row.text, **kwargs)
    assert parse_order(format_order(order, row.language), **kwargs) == order
