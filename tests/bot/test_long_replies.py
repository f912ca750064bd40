"""Long replies are split within Discord's limits, never inside a line or a code span,
and every order line of a command is bounded (issue 10 §4): a 6,000-character
``/order`` keeps its sheet and deadline; more orders than any player has in one command
are refused with a clear message; a long report counts what it can't list."""

from __future__ import annotations

import random

import pytest

from bot.core.errors import UserError
from bot.core.orders.giving import MAX_ORDERS
from bot.text import markup
from bot.text.replies import refusal
from tests.bot.simcord_support import powers_by_user, running, seven


def whole(message: str) -> bool:
    return len(message) <= markup.MAX_CONTENT and all(line.count("`") % 2 == 0 for line in message.split("\n"))


# -- cutting text into messages ---------------------------------------------------------------
def test_split_cuts_between_lines_and_keeps_every_line():
    rng = random.Random(3)
    lines = [f"❌ `{'x' * rng.randrange(1, 70)}`: {'why ' * rng.randrange(0, 60)}".strip() for _ in range(300)]
    text = "\n".join(lines)
    messages = markup.split(text)
    assert len(messages) > 5 and all(whole(m) for m in messages)
    assert "\n".join(messages).split("\n") == lines


def test_a_line_too_long_for_one_message_is_cut_outside_code_spans():
    line = " ".join(f"`{'y' * 30} {'z' * 30}`" for _ in range(100))  # 6,500 characters, spans with spaces
    messages = markup.split(line)
    assert len(messages) >= 4 and all(whole(m) for m in messages)
    assert "".join(messages).replace(" ", "") == line.replace(" ", "")


def test_a_reply_is_at_most_a_few_messages_and_says_when_cut():
    text = "\n".join(f"line {i} " + "w" * 90 for i in range(400))
    messages = markup.reply_messages(text, "… (cut)")
    assert len(messages) == markup.MAX_REPLY_MESSAGES and all(whole(m) for m in messages)
    assert messages[-1].endswith("\n… (cut)")
    assert markup.reply_messages("short", "… (cut)") == ["short"]


def test_a_screen_of_the_order_sheet_is_cut_between_lines():
    from bot.text.sheet import screen

    content = "\n".join(f"• `A {'X' * 20}{i}` — **{i}**" for i in range(200))
    shown = screen(content).content
    assert whole(shown) and shown.endswith("\n…") and content.startswith(shown[:-2])


@pytest.mark.parametrize(
    "language, count, word", [("en", 750, "750 orders"), ("ru", 51, "51 приказ,"), ("ru", 52, "52 приказа")]
)
def test_too_many_orders_is_said_with_the_count(language, count, word):
    text = refusal(UserError("limits.too_many_orders", count=count, limit=MAX_ORDERS), language)
    assert word in text and str(MAX_ORDERS) in text


# -- through Discord --------------------------------------------------------------------------
def messages_of(result) -> list[str]:
    return [result.response.content, *(f.content for f in result.followups)]


async def test_long_orders_through_discord(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch = table.channel
        await table.members[0].slash(ch, "game create", name="Long", players=7)
        for m in table.members:
            await m.slash(ch, "game join")
        await table.members[0].slash(ch, "game start")
        _, who = await powers_by_user(env, ch.id)
        france = next(m for m in table.members if m.id == who["FRANCE"]).user

        # a 6,000-character /order of unreadable lines: every line answered, in messages
        # that each fit, and the sheet and deadline at the end
        lines = [f"A {'Qwzx' * 30}{i:02d} - {'Vbnm' * 35}" for i in range(15)]
        text = "\n".join(lines)
        assert len(text) > 4000
        r = await france.slash("order", orders=text)
        out = messages_of(r)
        assert len(out) >= 2 and all(whole(m) for m in out), [len(m) for m in out]
        assert r.ephemeral and all(f.ephemeral for f in r.followups)
        assert sum(m.count("❌") for m in out) == 15
        assert "<t:" in out[-1] and "Still without an order" in out[-1]

        # 50 lines, most refused at length: the accepted ones are counted, the refused
        # ones listed as far as they fit and the rest counted, the sheet still shown
        lines = ["A PAR H", "A MAR H", "F BRE H"] * 3 + [f"A PAR - {'Zxcv' * 20}{i}" for i in range(41)]
        assert len(lines) == MAX_ORDERS
        r = await france.slash("order", orders="\n".join(lines))
        out = messages_of(r)
        assert len(out) <= markup.MAX_REPLY_MESSAGES and all(whole(m) for m in out)
        joined = "\n".join(out)
        assert "✅ 9 orders accepted." in joined
        assert "more lines I could not accept" in joined and "<t:" in out[-1]
        assert "All your units have orders." in out[-1]

        # more orders than anyone has: refused whole, saying why, nothing stored
        r = await france.slash("order", orders="; ".join(["A PAR - BUR"] * 750))
        assert r.ephemeral and "750 orders" in r.response.content and f"at most {MAX_ORDERS}" in r.response.content
        r = await france.slash("order", orders="; ".join(["A PAR - GAS"] + ["A PAR H"] * MAX_ORDERS))
        assert "51 orders" in r.response.content
        r = await france.slash("orders")
        assert "A PAR - GAS" not in r.response.content
