"""What the texts tell a player to type works in the player's language (issue 22).

Every order example a catalogue string quotes (in backticks, or after "e.g." in a command
description, where Discord shows no code style) is read by the parser in that catalogue's
language as the order the English text illustrates; every other word a text tells the
player to type (``nunca``, ``по умолчанию``, ``И`` for builds, ``vía transporte``) is
accepted by the command it is for, in that language. And no Spanish, Russian or Bulgarian
string leaves an English game word in (a power, phase, order or option name): orders are
echoed in each language's canonical notation, which for Russian is the rulebook's Latin one
(``A Par H``), so those letters are allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.core.deadlines.reminders import parse_leads
from bot.core.orders.reading import unit_province
from bot.core.orders.standby import _slot_word
from bot.core.play.moderation import parse_deadline, parse_length
from bot.infra.schedule import _split_days, parse_duration, parse_schedule
from bot.text.i18n import catalogue
from engine import parse_order
from engine.names import table, tokens

LANGUAGES = ("en", "es", "ru", "bg")
UNIT_LETTERS = {"A", "F", "E", "А", "Ф"}  # English/Russian, Spanish E(jército), Cyrillic А/Ф
WAIVES = {"WAIVE", "RENUNCIA", "ОТКАЗ"}
EXAMPLE = re.compile(r"(?:e\.g\.|p\. ej\.|напр\.|например,?)\s+(.+?)(?:\)|$| \()")


def _order_like(text: str) -> bool:
    parts = [p.strip() for p in text.split(";")]
    return all((p.split()[0] in UNIT_LETTERS and len(p.split()) > 1) or p.upper() in WAIVES for p in parts if p)


def _kinds(language: str, text: str) -> set[str]:
    return {e.kind for e in table(language).lookup(tuple(tokens(text)))}


def _lead(text: str, language: str) -> bool:
    parse_leads(text)
    return True


def _duration(text: str, language: str) -> bool:
    parse_duration(text)
    return True


def _schedule(text: str, language: str) -> bool:
    parse_schedule(text)
    return True


def _days(text: str, language: str) -> bool:
    days, _ = _split_days(text.split(), text)
    return bool(days)


def _length(text: str, language: str) -> bool:
    parse_length(text)
    return True


def _moment(text: str, language: str) -> bool:
    parse_deadline(text, datetime(2026, 3, 1, tzinfo=UTC).timestamp())
    return True


def _province(text: str, language: str) -> bool:
    return _kinds(language, text) == {"province"} or unit_province(text, language) is not None


def _via(text: str, language: str) -> bool:
    return "via" in _kinds(language, text)


def _zone(text: str, language: str) -> bool:
    return ZoneInfo(text) is not None


def _date(text: str, language: str) -> bool:
    return date.fromisoformat(text) is not None


def _any_of(*acceptors: Callable[[str, str], bool]) -> Callable[[str, str], bool]:
    def accept(text: str, language: str) -> bool:
        for acceptor in acceptors:
            try:
                if acceptor(text, language):
                    return True
            except Exception:
                continue
        return False

    return accept


# the words (not orders) texts quote for the player to type, by the key that quotes them
WORDS: dict[str, Callable[[str, str], bool]] = {
    "schedule.unreadable": _schedule,
    "schedule.bad_time": _any_of(_schedule, lambda t, _: bool(re.fullmatch(r"\d\d:\d\d", t))),
    "schedule.bad_zone": _zone,
    "schedule.bad_day": _days,
    "days.bad_date": _date,
    "mod.bad_duration": _length,
    "mod.bad_moment": _moment,
    "remind.bad_lead": _lead,
    "cmd.remind.before": _lead,
    "grace.bad_length": _duration,
    "parse.unknown_word_alone": _province,
    "illegal.only_armies_convoyed": _via,
    "order.which_game": lambda t, _: t == "game",  # a Discord option's name, the same in every language
    "dm.digest_footer": lambda t, _: t == "game",
    "order.not_player_here": lambda t, _: t == "game",
    "post.started_dm": lambda t, _: t == "game",
    "standin.post.seat_asked": lambda t, _: t == "False",  # a boolean option: Discord shows True/False
    "standin.post.seat_asked_unnamed": lambda t, _: t == "False",
    "standin.bots_seven": lambda t, _: t in ("players:7", "variant:fva"),  # options of /game create, English everywhere
}
# command descriptions: Discord shows no code style there, so the examples follow "e.g."
PLAIN = {
    "cmd.order": "orders",
    "cmd.standby.set.orders": "orders",
    "cmd.clear.unit": _province,
    "cmd.remind": _lead,
    "cmd.mod.extend.by": _length,
    "cmd.game.create.grace": _duration,
}


def _quoted(text: str) -> list[str]:
    return [q for q in re.findall(r"`([^`]+)`", text) if not q.startswith("/") and "{" not in q]


def _plain_examples(key: str, text: str) -> list[str]:
    match = EXAMPLE.search(text)
    if not match:
        return []
    found = match.group(1)
    if PLAIN[key] == "orders":
        return [found]
    return [w for w in re.split(r",?\s+(?:or|o|или)\s+|,\s*", found) if w]


def _orders(text: str, language: str) -> list[str]:
    return [str(parse_order(part.strip(), language=language)) for part in text.split(";") if part.strip()]


def _examples(language: str) -> dict[str, list[str]]:
    """Every order example of each key, as the canonical orders it parses to."""
    out: dict[str, list[str]] = {}
    for key, text in catalogue(language).items():
        snippets = [q for q in _quoted(text) if _order_like(q)]
        if PLAIN.get(key) == "orders":
            snippets += _plain_examples(key, text)
        for snippet in snippets:
            out.setdefault(key, []).extend(_orders(snippet, language))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_order_example_parses_to_the_order_it_illustrates(language):
    english = _examples("en")
    mine = _examples(language)  # raises OrderParseError on an example the parser refuses
    assert set(mine) >= set(english), f"order examples missing: {set(english) - set(mine)}"
    for key, orders in english.items():
        assert set(orders) <= set(mine[key]), (key, orders, mine[key])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_a_text_tells_the_player_to_type_is_accepted(language):
    refused = []
    for key, text in catalogue(language).items():
        quoted = [q for q in _quoted(text) if not _order_like(q)]
        for word in quoted:
            acceptor = WORDS.get(key)
            assert acceptor is not None, f"{language} {key}: what accepts `{word}`? (add it to WORDS)"
            if not _any_of(acceptor)(word, language):
                refused.append((key, word))
        if PLAIN.get(key) not in (None, "orders"):
            for word in _plain_examples(key, text):
                if not _any_of(PLAIN[key])(word, language):  # type: ignore[arg-type]
                    refused.append((key, word))
    assert not refused


@pytest.mark.parametrize("language", LANGUAGES)
def test_standby_clear_accepts_the_build_and_disband_words_it_shows(language):
    text = catalogue(language)["cmd.standby.clear.unit"]
    unit_example = re.search(r"\(([^)]+ [^)]+)\)", text).group(1)
    assert unit_province(unit_example, language) == "PAR"
    rest = text.replace(f"({unit_example})", "").removeprefix("A unit")  # the English article
    letters = re.findall(r"(?<!\w)(\w)(?!\w)", rest)
    assert len(letters) == 2, rest  # one for the builds, one for the disbands
    assert [_slot_word(letter, language) for letter in letters] == ["+", "-"]


@pytest.mark.parametrize(
    ("language", "said", "slot"),
    [
        ("es", "C", "+"),
        ("es", "construcciones", "+"),
        ("es", "disoluciones", "-"),
        ("ru", "постройки", "+"),
        ("ru", "расформирования", "-"),
        ("ru", "B", "+"),
        ("bg", "И", "+"),
        ("bg", "Р", "-"),
        ("bg", "изграждания", "+"),
        ("en", "builds", "+"),
        ("en", "C", ""),  # a convoy, not a build, in English
    ],
)
def test_standby_clear_reads_the_players_words(language, said, slot):
    assert _slot_word(said, language) == slot


@pytest.mark.parametrize(
    ("said", "leads"),
    [("nunca", ()), ("никогда", ()), ("никога", ()), ("never", ()), ("por defecto", (720, 60))]
    + [("по умолчанию", (720, 60)), ("По подразбиране", (720, 60)), ("default", (720, 60))],
)
def test_remind_reads_never_and_default_in_every_language(said, leads):
    assert parse_leads(said) == leads


ENGLISH = re.compile(
    r"\b(England|France|Germany|Italy|Russia|Turkey|Spring|Fall|Autumn|Winter|moves?|movements?|retreats?"
    r"|adjustments?|builds?|disbands?|holds?|supports?|convoys?|waives?|full|public|none|rulebook|never"
    r"|default|press|phases?|orders?|powers?|gunboat|draw|standby|grace)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("language", ["es", "ru", "bg"])
def test_no_english_game_word_is_left_in(language):
    left = []
    for key, text in catalogue(language).items():
        plain = re.sub(r"`/[^`]*`", "", text)  # command names are English in every language
        plain = re.sub(r"/[a-z_]+(?: [a-z_]+)*(?::\S+)?", "", plain)
        plain = re.sub(r"\{[^}]*\}", "", plain)
        left += [(key, m.group(0)) for m in ENGLISH.finditer(plain)]
    assert not left
