"""The message catalogue: every key in all four languages, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from bot.text.i18n import LANGUAGES, Localized, catalogue, t

FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in FORMATTER.parse(text) if field is not None}


def test_all_four_languages_are_there():
    assert LANGUAGES == ("en", "es", "ru", "bg")
    for language in LANGUAGES:
        assert catalogue(language), language


@pytest.mark.parametrize("language", [x for x in LANGUAGES if x != "en"])
def test_every_key_in_every_language_with_the_same_placeholders(language):
    english = catalogue("en")
    other = catalogue(language)
    missing = sorted(set(english) - set(other))
    extra = sorted(set(other) - set(english))
    assert not missing, f"{language} lacks {missing}"
    assert not extra, f"{language} has keys English lacks: {extra}"
    wrong = {
        key: (placeholders(english[key]), placeholders(other[key]))
        for key in english
        if placeholders(english[key]) != placeholders(other[key])
    }
    assert not wrong, f"{language}: placeholders differ: {wrong}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_formats(language):
    for text in catalogue(language).values():
        text.format(**{name: "x" for name in placeholders(text)})


@pytest.mark.parametrize("language", [x for x in LANGUAGES if x != "en"])
def test_translations_are_translated(language):
    """Texts meant to be read are not left in English (formats and emoji-only lines may match)."""
    english = catalogue("en")
    same = [
        k
        for k, v in catalogue(language).items()
        if v == english[k] and any(c.isalpha() for c in FORMATTER.vformat(v, (), {n: "" for n in placeholders(v)}))
    ]
    assert not same, f"{language}: untranslated {same}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_descriptions_fit_discord(language):
    for key, text in catalogue(language).items():
        if key.startswith("cmd.") or key.startswith("language.choice."):
            assert 1 <= len(text) <= 100, (language, key, len(text))


def test_parser_error_codes_have_messages():
    import engine.parser as parser

    codes = set()
    import re

    for match in re.finditer(r'OrderParseError\(\s*"([a-z_]+)"', open(parser.__file__, encoding="utf-8").read()):
        codes.add(match.group(1))
    assert {"unknown_word", "ambiguous", "expected_province"} <= codes
    for language in LANGUAGES:
        for code in codes:
            assert f"parse.{code}" in catalogue(language), (language, code)


def test_localized_parameters_follow_the_message_language():
    from bot.text.labels import phase_title

    phase = Localized(lambda lang: phase_title("S1901M", lang))
    assert t("reply.header", "es", game="G", phase=phase) == "**G** — Primavera de 1901, movimientos"
    assert t("reply.header", "ru", game="G", phase=phase) == "**G** — Весна 1901, ходы"
    assert str(phase) == "Spring 1901 moves"


def test_no_bracketed_plurals():
    """Counts read naturally in every language: no "order(s)", "construcción(es)", "(а)"..."""
    import re

    bracket = re.compile(r"\w\((?:s|es|a|а|ы|и|ия|ове|ен)\)", re.I)
    for language in LANGUAGES:
        found = [key for key, text in catalogue(language).items() if bracket.search(text)]
        assert not found, (language, found)


def test_durations_are_localized():
    from bot.text.durations import duration_text, schedule_text

    day_and_half = 86400 + 14 * 3600
    assert duration_text(day_and_half) == "1d 14h"
    assert duration_text(day_and_half, "es") == "1 día 14 h"
    assert duration_text(2 * 86400, "es") == "2 días"
    assert duration_text(5400, "ru") == "1 ч 30 мин"
    assert duration_text(3 * 86400, "ru") == "3 дня"
    assert duration_text(86400, "bg") == "1 ден"
    assert duration_text(0, "bg") == "0 мин"
    assert schedule_text("36h", "es") == "1 día 12 h"
    assert schedule_text("20:00 Europe/Madrid", "ru") == "20:00 Europe/Madrid"
