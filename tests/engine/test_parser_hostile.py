"""Hostile lines: what reading an order may cost, counted in steps, never timed.

A line of any length and any mix of words reads in a bounded number of readings (runs of
the grammar) and of name-table look-ups linear in its words, in every language, with and
without a position; too long a line is refused before any work. The search over the
readings of ambiguous words finds exactly what trying every combination finds. The "did
you mean" suggestions of an unknown word are computed only when someone reads them.
Each count runs under a step budget (``Work(budget=...)``), so a parser that became
exponential again fails at once instead of hanging the suite.
"""

from __future__ import annotations

import difflib
import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.parser as parser
from engine import (
    STANDARD,
    Location,
    Move,
    OrderParseError,
    Position,
    Power,
    Result,
    SupportMove,
    UnitType,
    parse_order,
    resolve,
)
from engine.names import table, tokens
from engine.parser import MAX_ORDER_CHARS, Work, read_orders
from engine.phase import PhaseKind
from tests.engine.support import pos

A, F = UnitType.ARMY, UnitType.FLEET
L = Location.parse

# (language, the words repeated): the ambiguous spellings of each table (Spanish "Gal",
# Bulgarian "сев", "СЕА", "СеАО", "АнК", "Пи", "Лив", Russian "Nor", "Liv" everywhere),
# mixes of them with other words, words in look-alike letters of the other alphabet (each
# sends the lexer through its variant search), and the words of issue 12: nationality
# words, verbs and phrases, prepositions that say where a unit stands or goes, and the
# Bulgarian client's verb-first orders with a province written twice
HOSTILE = [
    ("es", "Gal"),
    ("es", "Gal a"),
    ("es", "E Gal A E Gal - Gal"),
    ("es", "F Gal - Gal"),
    ("bg", "сев"),
    ("bg", "СЕА"),
    ("bg", "Сев СеА СеАО"),
    ("bg", "Ф Сев П Ф СЕА - Сев"),
    ("ru", "Пaриж"),
    ("ru", "A Par - Bur"),
    ("en", "Pаr"),
    ("en", "F North Sea - Pаr"),
    ("es", "E Bel A E inglés Liv - Gal"),
    ("es", "F inglesa Gal T E inglés Liv - Gal"),
    ("ru", "A Mun S English A Kie-Ber"),
    ("ru", "F Nor S F Liv - Nor"),
    ("ru", "в Nor"),
    ("ru", "армия в Париже поддерживает английскую армию из Ливонии в Москву"),
    ("ru", "F Лондон стоять на месте"),
    ("en", "A Liv"),
    ("ru", "A Mun S английскую армию Kie-Ber"),
    ("ru", "F Lоn-Hоlds"),
    ("bg", "Ф Лoн-зaдържа пoзиция"),
    ("bg", "А Мюн П английската А Кил-Бер"),
    ("bg", "Ф АнК П Ф Пи - Лив"),
    ("bg", "Supp hold Ф Пи А Лив Лив"),
    ("bg", "Hold А Лив Лив"),
    ("bg", "Supp move Vie Tyr Boh"),
    ("bg", "Ф в АнК"),
]
SIZES = (10, 30, 100, 1000)
# two searches (the board's readings, then all) of an order naming three places of two
# readings each: what a line may cost, however long
MOST_READINGS = 2 * 2**3


def _lookups_allowed(language: str, line: str) -> int:
    """At each word, the lexer looks up each length as typed and in the two alphabets."""
    return 3 * table(language).longest * len(tokens(line))


def _outcome(text: str, **kwargs) -> str:
    try:
        return str(parse_order(text, **kwargs))
    except OrderParseError as exc:
        return exc.code


@pytest.mark.parametrize("language,words", HOSTILE)
@pytest.mark.parametrize("board", [None, "initial", "ambiguous provinces"])
def test_hostile_lines_take_bounded_work(language, words, board, monkeypatch):
    # the reading itself, whatever the line's length: the length limit lifted
    monkeypatch.setattr(parser, "MAX_ORDER_CHARS", 10**9)
    position = {
        None: None,
        "initial": Position.initial(),
        "ambiguous provinces": pos(
            "S1901M", "ENGLAND F WAL", "AUSTRIA A GAL", "ENGLAND F NTH", "RUSSIA F SEV", "FRANCE F MAO", "ENGLAND F NAO"
        ),
    }[board]
    readings = set()
    for n in SIZES:
        line = " ".join([words] * n)
        budget = _lookups_allowed(language, line) + MOST_READINGS
        work = Work(budget=budget)
        assert _outcome(line, language=language, position=position, work=work) == "unexpected_word"
        assert work.readings <= MOST_READINGS
        assert work.lookups <= _lookups_allowed(language, line)
        readings.add(work.readings)
    assert len(readings) == 1, "the readings tried do not grow with the line"


@pytest.mark.parametrize("language,words", HOSTILE)
def test_hostile_lines_with_the_length_limit(language, words):
    for n in SIZES:
        line = " ".join([words] * n)
        work = Work(budget=_lookups_allowed(language, line) + MOST_READINGS)
        outcome = _outcome(line, language=language, work=work)
        if len(line) > MAX_ORDER_CHARS:
            assert outcome == "too_long"
            assert work.lookups == work.readings == 0
        else:
            assert outcome == "unexpected_word"


def test_hostile_lines_of_many_orders_read_line_by_line():
    text = "\n".join([" ".join(["Gal"] * 70)] * 200)
    work = Work(budget=200 * (_lookups_allowed("es", " ".join(["Gal"] * 70)) + MOST_READINGS))
    lines = read_orders(text, language="es", work=work)
    assert [line.error.code for line in lines] == ["unexpected_word"] * 200


def test_words_past_the_end_of_an_order_are_never_branched_on():
    spring = pos("S1901M", "ENGLAND F WAL")
    for n in (1, 10, 60):
        work = Work()
        assert _outcome("F Gal - Lon " + " ".join(["Gal"] * n), language="es", work=work) == "unexpected_word"
        assert work.readings == 2  # Gal is Wales or Galicia, once
        work = Work()
        assert (
            _outcome("F Gal - Lon " + " ".join(["Gal"] * n), language="es", position=spring, work=work)
            == "unexpected_word"
        )
        assert work.readings <= 3


def test_the_board_settles_a_unit_word_before_trying_its_other_reading():
    work = Work()
    with pytest.raises(OrderParseError) as err:
        parse_order("Ф СеА - Бре", language="bg", work=work)
    assert err.value.code == "ambiguous" and work.readings == 2
    work = Work()
    france = pos("S1901M", "FRANCE F MAO")
    assert parse_order("Ф СеА - Бре", language="bg", position=france, work=work) == Move(F, L("MAO"), L("BRE"))
    assert work.readings == 1  # the North Atlantic, with no unit, is never tried


def test_too_long():
    line = "A PAR - BUR " + "x" * MAX_ORDER_CHARS
    work = Work()
    with pytest.raises(OrderParseError) as err:
        parse_order(line, work=work)
    assert err.value.code == "too_long"
    assert err.value.limit == MAX_ORDER_CHARS
    assert err.value.params["limit"] == str(MAX_ORDER_CHARS)
    assert str(MAX_ORDER_CHARS) in str(err.value)
    assert work.lookups == 0
    lines = read_orders(f"A PAR - BUR\n{line}\nF BRE H")
    assert [line.error.code if line.error else str(line.order) for line in lines] == [
        "A PAR - BUR",
        "too_long",
        "F BRE H",
    ]


def test_spaces_around_an_order_do_not_make_it_too_long():
    assert str(parse_order(" " * MAX_ORDER_CHARS + "A Paris - Burgundy" + " " * MAX_ORDER_CHARS)) == "A PAR - BUR"


@pytest.mark.parametrize("language", ["en", "es", "ru", "bg"])
def test_the_wordiest_order_is_far_below_the_limit(language):
    names = table(language)

    def longest(kind: str) -> str:
        return max(
            (" ".join(key) for key, entries in names.index.items() if len(entries) == 1 and entries[0].kind == kind),
            key=len,
        )

    fleet, sea = names.unit_names["F"], max(names.province_names.values(), key=len)
    place = names.province_names[max(("STP", "SPA", "BUL"), key=lambda c: len(names.province_names[c]))]
    coast = names.coast_names["SC"]
    target = f"{coast} {place}" if names.coast_before else f"{place} {coast}"
    text = f"{fleet} {sea} {longest('support')} {fleet} {sea} {longest('move')} {target}"
    assert len(text) <= MAX_ORDER_CHARS // 2, text
    assert isinstance(parse_order(text, language=language), SupportMove), text


# -- the search finds what trying every combination finds ------------------------------------


def _every_combination(text: str, language: str, position: Position | None, kind: PhaseKind | None) -> tuple:
    """The reference: every combination of the readings of the ambiguous words through the
    grammar (exponential: short lines only), then the position's plausible readings (else
    those whose units are on the board), then the nationality words checked against it."""
    try:
        toks = parser._lex(text, table(language), Work())
    except OrderParseError as exc:  # the longest spelling first can leave a word alone
        return ("error", exc.code, exc.word)
    ambiguous = [t for t in toks if len(t.values) > 1]
    if position is not None and kind is None:
        kind = position.phase.kind
    found, first_error = [], None
    for choice in itertools.product(*(t.values for t in ambiguous)):
        chosen = {t.index: v for t, v in zip(ambiguous, choice)}
        line = [
            parser._Tok(t.kind, (chosen[t.index],) if t.index in chosen else t.values, t.raw, t.coast, t.index)
            for t in toks
        ]
        try:
            cursor = parser._Cursor(parser._attach_coasts(line, text, STANDARD), text)
            found.append(parser._grammar(cursor, text, kind, position, STANDARD))
        except OrderParseError as exc:
            first_error = first_error or exc
    if not found:
        return ("error", first_error.code, first_error.word)
    if len(found) > 1 and position is not None:
        allowed = [p for p in found if parser._board_allows(p, position)]
        found = [p for p in allowed if parser._plausible(p, position)] or allowed or found
    orders = frozenset(p.order for p in found)
    if len(orders) > 1:
        return ("ambiguous", orders)
    wrong = parser._wrong_owner(found[0], position) if position is not None else None
    if wrong is not None:  # a nationality word that is not the unit's owner
        return ("error", "wrong_nationality", wrong[0].word)
    return ("order", next(iter(orders)))


def _searched(text: str, **kwargs) -> tuple:
    try:
        return ("order", parse_order(text, **kwargs))
    except OrderParseError as exc:
        if exc.code == "ambiguous":
            assert exc.readings, "the cap is never reached by the tables of today"
            return ("ambiguous", frozenset(r.order for r in exc.readings))
        return ("error", exc.code, exc.word)


def _vocabulary(language: str) -> list[str]:
    names = table(language)
    ambiguous = [" ".join(k) for k, v in names.index.items() if len(v) > 1]
    words = [
        " ".join(k)
        for k, v in names.index.items()
        if v[0].kind != "province"
        or v[0].value
        in (
            "GAL",
            "WAL",
            "SEV",
            "NTH",
            "MAO",
            "NAO",
            "LON",
            "BUL",
            "SPA",
            "RUM",
            "HEL",
            "ENG",
            "ANK",
            "LVP",
            "LVN",
            "PIE",
            "PIC",
            "NWY",
            "NWG",
            "MOS",
            "BUR",
        )
    ]
    return ambiguous * 6 + sorted(words)


VOCABULARY = {language: _vocabulary(language) for language in ("en", "es", "ru", "bg")}
BOARDS = [
    None,
    Position.initial(),
    pos("S1901M", "ENGLAND F WAL", "ENGLAND F NTH", "FRANCE F MAO", "RUSSIA A GAL"),
    pos("F1902M", "AUSTRIA A GAL", "RUSSIA F SEV", "ENGLAND F NAO", "ENGLAND A LON", "TURKEY F BUL/SC"),
    pos("W1902A", "RUSSIA A GAL", "ENGLAND F NTH"),
    pos(
        "S1902M",
        "ENGLAND F ENG",
        "TURKEY F ANK",
        "ENGLAND A LVP",
        "RUSSIA A LVN",
        "ITALY A PIE",
        "FRANCE F PIC",
        "RUSSIA F NWY",
        "ENGLAND F NWG",
    ),
    pos("F1901R", "ENGLAND A LVN", "GERMANY A PIC", dislodged=("RUSSIA A LVN", "FRANCE F PIC")),
]


@settings(max_examples=400, deadline=None, database=None)
@given(
    language=st.sampled_from(["es", "bg", "es", "bg", "en", "ru"]),
    data=st.data(),
    board=st.sampled_from(BOARDS),
    phase=st.sampled_from([None, PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT]),
)
def test_the_search_finds_what_every_combination_finds(language, data, board, phase):
    words = data.draw(st.lists(st.sampled_from(VOCABULARY[language]), min_size=1, max_size=7))
    text = " ".join(words)
    kind = None if board is not None else phase
    expected = _every_combination(text, language, board, kind)
    assert _searched(text, language=language, position=board, phase=kind) == expected


def test_the_question_names_the_word_whose_readings_differ():
    # the first "Gal" can only be Galicia (Wales, a coast, would need A or F): ask about the second
    err = pytest.raises(OrderParseError, parse_order, "Gal Gal", language="es").value
    assert err.code == "ambiguous" and err.word == "gal"
    assert set(err.suggestions) == {"Gli (Galicia)", "Gales"}
    assert {r.order for r in err.readings} == {Move(A, L("GAL"), L("GAL")), Move(A, L("GAL"), L("WAL"))}
    err = pytest.raises(OrderParseError, parse_order, "Сев СеАО", language="bg").value
    assert err.word == "сеао" and err.typed == "СеАО"
    assert {r.order for r in err.readings} == {Move(F, L("NTH"), L("MAO")), Move(F, L("NTH"), L("NAO"))}


def test_past_the_cap_the_parser_asks(monkeypatch):
    monkeypatch.setattr(parser, "MAX_READINGS", 2)
    err = pytest.raises(OrderParseError, parse_order, "F Gal - Gal", language="es").value
    assert err.code == "ambiguous" and err.word == "gal"
    assert set(err.suggestions) == {"Gli (Galicia)", "Gales"}
    assert err.readings == ()


# -- suggestions: computed when read, never before ---------------------------------------------


@pytest.fixture
def close_matches(monkeypatch):
    calls: list[str] = []
    real = difflib.get_close_matches

    def counting(word, *args, **kwargs):
        calls.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counting)
    return calls


def test_unreadable_lines_compute_no_suggestions_until_asked(close_matches):
    lines = read_orders("\n".join(f"A Par - Burgandy{'y' * (i % 7)}" for i in range(1000)))
    assert {line.error.code for line in lines} == {"unknown_word"}
    assert close_matches == []
    err = lines[0].error
    assert err.suggestions[0] == "BUR (Burgundy)"
    assert close_matches == ["burgandy"]
    assert "Did you mean: BUR (Burgundy)" in str(err)
    assert err.params["suggestions"].startswith("BUR (Burgundy)")
    assert close_matches == ["burgandy"]  # computed once


def test_adjudicating_unreadable_orders_computes_no_suggestions(close_matches):
    start = Position.initial()
    outcome = resolve(
        start, {Power.FRANCE: [f"A Par - Burgandy{'y' * i}" for i in range(3)], Power.ENGLAND: ["F Lon - Nowhere"]}
    )
    assert [r.result for r in outcome.results if r.order is None] == [Result.UNPARSED] * 4
    assert close_matches == []


def test_an_error_with_no_suggestion_says_only_what_is_wrong():
    err = pytest.raises(OrderParseError, parse_order, "A PAR - QQQQQQQ").value
    assert err.suggestions == ()
    assert str(err) == 'I don\'t know the word "QQQQQQQ".' and err.word == "qqqqqqq"


def test_errors_survive_pickling():
    wrong = pos("S1901M", "GERMANY A MUN", "FRANCE A KIE")
    for text, language, position in (
        ("A Par - Burgandy", "en", None),
        ("F Gal - Gal", "es", None),
        ("A PAR " + "x" * 400, "en", None),
        ("F Gal - Lon", "es", None),
        ("А Мюн П английската А Кил-Бер", "bg", wrong),
    ):
        err = pytest.raises(OrderParseError, parse_order, text, language=language, position=position).value
        copy = pickle.loads(pickle.dumps(err))
        assert (
            copy.code,
            copy.word,
            copy.typed,
            copy.text,
            copy.suggestions,
            copy.readings,
            copy.limit,
            copy.params,
            str(copy),
        ) == (err.code, err.word, err.typed, err.text, err.suggestions, err.readings, err.limit, err.params, str(err))


def test_a_work_budget_stops_a_reading():
    with pytest.raises(RuntimeError, match="budget"):
        parse_order("F Gal - Lon", language="es", work=Work(budget=3))
