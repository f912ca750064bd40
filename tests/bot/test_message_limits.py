"""Discord's limits, to the character (issue 21): a message's content is at most 2,000
characters, so a text of exactly 2,000 goes as one message and one of 2,001 as two; a
reply is at most a few messages and says when it was cut; a sheet screen (one message,
edited in place) is cut to fit; an autocomplete offers at most 25 choices, each named in
at most 100 characters. The numbers are Discord's, written here, not read from the code
under test. (The bot sends no embeds, so their limits do not arise.)"""

from __future__ import annotations

import pytest

from bot.discord.cogs import common
from bot.text import markup
from bot.text.i18n import t
from bot.text.sheet import screen
from tests.bot.simcord_support import running, seven
from tests.bot.support import start_seven

CONTENT = 2000  # Discord: characters in a message's content
CHOICES, CHOICE_NAME = 25, 100  # Discord: choices in an autocomplete, characters in a choice's name


def lines_of(total: int, width: int = 99) -> str:
    """Lines of ``width`` characters (the last shorter) joined by newlines, ``total``
    characters in all, each line different."""
    out: list[str] = []
    used = 0
    while used < total:
        if out:
            used += 1  # the newline before this line
        n = min(width, total - used)
        out.append((f"{len(out):03d}" + "w" * width)[:n])
        used += n
    text = "\n".join(out)
    assert len(text) == total
    return text


# -- cutting text into messages ---------------------------------------------------------------
@pytest.mark.parametrize("text", ["x" * CONTENT, lines_of(CONTENT)], ids=["one line", "lines"])
def test_a_text_of_exactly_the_limit_is_one_message(text):
    assert markup.split(text) == [text]
    assert markup.reply_messages(text, "cut") == [text]


@pytest.mark.parametrize("text", ["x" * (CONTENT + 1), lines_of(CONTENT + 1)], ids=["one line", "lines"])
def test_one_character_more_is_two_messages_within_the_limit(text):
    messages = markup.split(text)
    assert len(messages) == 2 and all(len(m) <= CONTENT for m in messages), [len(m) for m in messages]
    if "\n" in text:  # cut between lines: every line whole
        assert "\n".join(messages) == text
    else:
        assert "".join(messages) == text


def test_a_reply_of_exactly_four_full_messages_is_not_cut():
    line = "y" * CONTENT
    four = "\n".join([line] * 4)
    assert markup.reply_messages(four, "(cut)") == [line] * 4
    more = four + "\nz"
    messages = markup.reply_messages(more, "(cut)")
    assert len(messages) == 4 and all(len(m) <= CONTENT for m in messages), [len(m) for m in messages]
    assert messages[-1].endswith("(cut)")


@pytest.mark.parametrize("extra", [0, 1])
def test_a_sheet_screen_is_one_message_within_the_limit(extra):
    content = lines_of(CONTENT + extra, width=40)
    shown = screen(content).content
    if extra == 0:
        assert shown == content
    else:
        assert len(shown) <= CONTENT and shown.endswith("\n…") and content.startswith(shown[:-2])


# -- through Discord ----------------------------------------------------------------------------
@pytest.mark.parametrize("extra", [0, 1])
async def test_a_reply_at_the_limit_through_discord(tmp_path, monkeypatch, extra):
    """A command's answer of exactly 2,000 characters is one message; of 2,001, the answer
    and one follow-up, each within the limit, every line whole."""
    text = lines_of(CONTENT + extra)
    monkeypatch.setattr(common, "refusal", lambda error, language: text)  # the answer to any refusal
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        r = await table.members[0].slash(table.channel, "game status")  # no game here: a refusal
        messages = [r.response.content, *(f.content for f in r.followups)]
        assert len(messages) == 1 + extra and all(len(m) <= CONTENT for m in messages), [len(m) for m in messages]
        assert "\n".join(messages) == text
        assert r.ephemeral and all(f.ephemeral for f in r.followups)


async def test_an_autocomplete_offers_at_most_25_choices_of_at_most_100_characters(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        _, member = await start_seven(env)
        # Russia's four units have far more than 25 orders: the first 25 are offered
        choices = await member["RUSSIA"].user.autocomplete("order", "orders", "")
        assert len(choices) == CHOICES
        assert all(1 <= len(c["name"]) <= CHOICE_NAME and len(c["value"]) <= CHOICE_NAME for c in choices)


def test_the_cut_note_is_said_in_every_language():
    # the note a cut reply ends with fits beside a full line in each language
    for language in ("en", "es", "ru", "bg"):
        note = t("reply.cut", language)
        messages = markup.reply_messages("\n".join(["v" * 1990] * 6), note)
        assert messages[-1].endswith(note) and all(len(m) <= CONTENT for m in messages)
