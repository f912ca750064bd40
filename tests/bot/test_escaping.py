"""Text a player typed is shown as typed and harms nothing (issue 10 §4): markdown and
mentions escaped in game names, order lines and words; a backtick in an order keeps
the echo's code span whole; hidden characters shown as �; game names with control
characters, bidi overrides, zero-width tricks or nothing visible refused in the
player's language."""

from __future__ import annotations

import re
import string

import pytest

from bot.core.errors import UserError
from bot.core.naming import game_name
from bot.text import markup
from bot.text.i18n import LANGUAGES, PLAYER_TEXT, catalogue, t
from bot.text.replies import refusal
from tests.bot.simcord_support import running

FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in FORMATTER.parse(text) if field}


def spans_whole(text: str) -> bool:
    """Every line has its code spans closed (an even number of backticks)."""
    return all(line.count("`") % 2 == 0 for line in text.split("\n"))


# -- the escaping function ------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed, shown",
    [
        ("Club", "Club"),
        ("**bold** _it_ ~~x~~ ||spoiler||", r"\*\*bold\*\* \_it\_ \~\~x\~\~ \|\|spoiler\|\|"),
        ("@everyone @here", r"\@everyone \@here"),
        ("<@123456789012345678> <@&1> <#2> <t:0:R>", r"\<\@123456789012345678\> \<\@&1\> \<\#2\> \<t\:0\:R\>"),
        ("[site](https://evil.example)", r"\[site\]\(https\://evil.example\)"),
        ("# big", r"\# big"),
        ("-# small", r"\-\# small"),
        ("> quote", r"\> quote"),
        ("back\\slash", "back\\\\slash"),
        ("a`b", r"a\`b"),
        ("Партия №1", "Партия №1"),
    ],
)
def test_escape_shows_the_text_as_typed(typed, shown):
    assert markup.escape(typed) == shown


def test_escape_hides_nothing_and_stays_short():
    assert markup.escape("abc\u202edef") == "abc\N{REPLACEMENT CHARACTER}def"  # right-to-left override
    assert markup.escape("a\u2066b\u2069c\u200bd\x00e") == "a�b�c�d�e"
    assert markup.escape("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"  # the emoji joiner stays
    zalgo = "Z" + "\u0301" * 30 + "a"
    assert markup.escape(zalgo) == "Z" + "\u0301" * 3 + "a"
    long = markup.escape("x" * 1000)
    assert len(long) == markup.MAX_SHOWN and long.endswith("…")


def test_escape_in_a_code_span_keeps_it_whole():
    inside = markup.escape("A PAR ` - ``BUR``", in_code=True)
    assert "`" not in inside and "ˋ" in inside
    assert "\\" not in markup.escape("*@everyone*", in_code=True)  # backslashes would show there
    assert markup.escape("", in_code=True).strip() == ""


# -- the catalogue: every message escapes its player-text parameters ----------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_text_is_always_in_a_code_span_and_names_never(language):
    for key, text in catalogue(language).items():
        for name in placeholders(text) & PLAYER_TEXT:
            inside = f"`{{{name}}}`" in text
            assert inside == (name == "text"), (language, key, text)
            assert text.count(f"{{{name}}}") == 1 or inside, (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_escapes_player_text(language):
    hostile = "**<@123456789012345678>** @everyone `x`"
    for key, text in catalogue(language).items():
        names = placeholders(text)
        if not names & PLAYER_TEXT:
            continue
        out = t(key, language, **{n: hostile if n in PLAYER_TEXT else "1" for n in names})
        assert "<@1" not in re.sub(r"`[^`]*`", "", out), (key, out)
        assert not re.search(r"(?<!\\)@everyone", re.sub(r"`[^`]*`", "", out)), (key, out)
        assert spans_whole(out), (key, out)


def test_a_typed_order_with_backticks_is_echoed_in_one_code_span():
    out = t("reply.error", "en", text="A PAR ` - BUR``", reason="no")
    assert out.startswith("❌ `A PAR ˋ - BURˋˋ`") and spans_whole(out)


# -- game names -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed, char",
    [
        ("Club\x00", "U+0000"),
        ("abc\u202edef", "U+202E"),
        ("\u202aX", "U+202A"),
        ("X\u2066Y", "U+2066"),
        ("X\u2069", "U+2069"),
        ("Cl\u200bub", "U+200B"),
        ("Club\u2060", "U+2060"),
        ("\ufeffClub", "U+FEFF"),
        ("Club\tTwo", "U+0009"),
        ("Club\nTwo", "U+000A"),
        ("Club\u2028Two", "U+2028"),
        ("Club\U000e0041", "U+E0041"),  # an invisible tag letter
        ("Club\x1b[31m", "U+001B"),
    ],
)
def test_names_with_hidden_characters_are_refused(typed, char):
    with pytest.raises(UserError) as refused:
        game_name(typed)
    assert refused.value.key == "create.name_invisible" and refused.value.params["char"] == char


@pytest.mark.parametrize("typed", ["\u3164", "\u2800 \u3164", "   "])
def test_names_with_nothing_visible_are_refused(typed):
    with pytest.raises(UserError) as refused:
        game_name(typed)
    assert refused.value.key in ("create.name_blank", "create.bad_name")


def test_names_under_piles_of_marks_are_refused():
    with pytest.raises(UserError) as refused:
        game_name("Z" + "\u0301" * 10)
    assert refused.value.key == "create.name_marks"


@pytest.mark.parametrize(
    "typed, stored",
    [
        ("  Friday   Club ", "Friday Club"),
        ("👨\u200d👩\u200d👧 Family", "👨\u200d👩\u200d👧 Family"),
        ("Café Diplomatique", "Café Diplomatique"),
        ("Cafe\u0301", "Cafe\u0301"),
        ("Игра №1", "Игра №1"),
        ("Игра\u00a0два", "Игра два"),
        ("**bold** @everyone", "**bold** @everyone"),  # shown escaped, not refused
        ("🎲", "🎲"),
    ],
)
def test_ordinary_names_are_kept(typed, stored):
    assert game_name(typed) == stored


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refusals_say_what_is_wrong_in_each_language(language):
    for key, params in (
        ("create.name_invisible", {"char": "U+202E"}),
        ("create.name_blank", {}),
        ("create.name_marks", {"limit": 3}),
    ):
        text = refusal(UserError(key, **params), language)
        assert text and text != key
        for value in params.values():
            assert str(value) in text


async def test_hostile_names_and_orders_through_discord(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Club")
        channel = guild.create_text_channel("game")
        alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
        # refused in the player's language, nothing created
        await alice.slash(channel, "language", language="es")
        r = await alice.slash(channel, "game create", name="Club\u202e1", players=2)
        assert r.ephemeral and "U+202E" in r.response.content and "invisible" in r.response.content
        r = await alice.slash(channel, "game create", name="**Club** `x`", players=2)
        assert not r.ephemeral and r.response.content.startswith("🎲 **\\*\\*Club\\*\\* \\`x\\`**")
        for m in (alice, bob):
            await m.slash(channel, "game join")
        await alice.slash(channel, "game start")
        # a backtick in an order: the echo of the line is one code span
        await bob.slash(channel, "language", language="en")
        r = await bob.user.slash("order", orders="A PAR - BUR`; F `BRE`` - MAO\nA ` PAR **H**")
        reply = r.response.content
        assert spans_whole(reply), reply
        assert "❌ `A ˋ PAR **H**`" in reply
        # /clear of a unit typed with markup
        r = await bob.user.slash("clear", unit="A `PAR` **x**")
        assert spans_whole(r.response.content), r.response.content
        # the game's posts show the name escaped
        start = next(m for m in channel.history() if m.content.startswith("🎲") and "\\*\\*Club" in m.content)
        assert start is not None
