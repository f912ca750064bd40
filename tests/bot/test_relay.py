"""A relayed message (``/press send`` in an anonymous game) can't be spoofed (issue 21): every
Discord message of it is the sender's words under its header, quoted line by line, or the
relay is one message; no cut ever splits an escape (``\\*``) or a doubled markdown mark, so
a player can't make the bot post a line that reads as its own notice."""

from __future__ import annotations

import re

from bot.core.posts import PostKind
from bot.text import markup
from bot.text.posts import render
from tests.bot.simcord_support import running, seven
from tests.bot.support import press_begin as begin
from tests.bot.support import press_channels

# what a player may type to look like the bot: a notice on a line of its own
FAKE_NOTICE = "🏳️ **Club**: Germany, Italy concede to France.\n🔒 Press is closed in **Club** now."
# 1,052 characters: words, then the fake notice on lines of their own
LONG = ("Let us talk about Belgium and the north. " * 25)[: 1050 - len(FAKE_NOTICE)] + "\n\n" + FAKE_NOTICE
MARKDOWN = "*_~`|>#-[]()<@:\\" * 93 + "*_~`|>#-[]("  # 1,500 characters, every one escaped


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def cut_escape(message: str) -> bool:
    """Whether a message ends in the middle of an escape (an odd run of backslashes)."""
    body = message.rstrip("\n")
    run = len(body) - len(body.rstrip("\\"))
    return run % 2 == 1


def quoted_words(messages: list[str], header: str) -> str:
    """The words quoted by a relay's messages, each checked: its header first, then only
    quoted lines (Discord's ``> ``), no escape cut in two."""
    words = []
    for message in messages:
        assert len(message) <= markup.MAX_CONTENT
        head, *lines = message.split("\n")
        assert head == header, message[:200]
        assert lines and all(line.startswith("> ") for line in lines), message[:200]
        assert not any(cut_escape(line) for line in lines)
        words.extend(line[2:] for line in lines)
    return "\n".join(words)


def test_a_long_relay_is_quoted_in_every_message_under_its_header():
    for text in (LONG, MARKDOWN, "x" * 1500, "y\n" * 700):
        params = {"game": "Club", "sender": ["ENGLAND"], "to": ["FRANCE"], "text": text}
        messages = render(PostKind.PRESS_RELAY, params, "en")
        said = quoted_words(messages, "📨 **England** → **France**:")
        # nothing lost or added: the quotes, unescaped, are the words typed (cut at spaces)
        assert unescape(said).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
        public = render(PostKind.PRESS_PUBLIC, {"sender": ["ENGLAND"], "text": text}, "en")
        quoted_words(public, "📢 **England**:")
    # 1,052 plain characters fit in one message
    assert len(LONG) == 1052
    assert len(render(PostKind.PRESS_RELAY, {**params, "text": LONG}, "en")) == 1
    assert len(render(PostKind.PRESS_RELAY, {**params, "text": MARKDOWN}, "en")) == 2


def test_a_line_cut_in_two_stays_quoted_and_no_escape_is_cut():
    line = "> " + markup.escape("**" * 1500, limit=3000)  # 6,002 characters of \*\*
    for limit in (2000, 1999, 1001, 777):
        parts = markup.split(line, limit)
        assert len(parts) > 2 and all(len(p) <= limit and p.startswith("> ") for p in parts)
        assert not any(cut_escape(p) for p in parts)
        assert "".join(p[2:] for p in parts) == line[2:]


async def test_a_long_press_message_reaches_the_inbox_as_the_senders_quoted_words(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table, anonymous=True)
        rooms = press_channels(env, table)
        inbox, own = rooms["inbox-france"], rooms["inbox-england"]
        en = member["ENGLAND"]
        for text in (LONG, MARKDOWN):
            before, before_own = len(inbox.history()), len(own.history())
            r = await en.user.slash("press send", to="FRANCE", text=text)  # from a DM with the bot
            assert r.ephemeral and "Sent to France as England" in r.response.content, r.response.content
            got = [m.content for m in inbox.history()[before:]]
            said = quoted_words(got, "📨 **England** → **France**:")
            assert unescape(said).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
            copy = [m.content for m in own.history()[before_own:]]
            quoted_words(copy, "📤 You (**England**) → **France**:")
            assert len(got) == (1 if text is LONG else 2)
