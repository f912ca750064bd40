"""No abandoned games (issue 23), as players and moderators meet it through Discord
(simcord): a power in civil disorder played by the caretaker (its orders marked, the
channel told when it takes the power and when it gives it back, its player unable to take
it back), bots in the empty seats of a game of three players, a player taking an open
seat over, the substitute board across servers, and an anonymous game whose caretaker
seat is labelled."""

from __future__ import annotations

from tests.bot.simcord_support import running
from tests.bot.test_moderation import current_game, dms, order, ready_all, start_seven, texts

HOURS = 3600


def block_of(post: str, power: str) -> str:
    """The lines of one power in a results post."""
    return post.split(f"**{power}**")[1].split("\n\n")[0]


def results(channel, title: str, since: int = 0) -> str:
    [post] = [x for x in texts(channel, since) if f"results of {title}" in x]
    return post


async def power_state(env, channel_id, power: str):
    game = await current_game(env, channel_id)
    async with env.bots[-1].core.storage.read() as tx:
        return (await tx.power_states(game.id)).get(power)


async def audit(env, channel_id, action: str):
    game = await current_game(env, channel_id)
    async with env.bots[-1].core.storage.read() as tx:
        return [r for r in await tx.audit(game.id, 100) if r.action == action]


# -- the caretaker ---------------------------------------------------------------------------
async def test_caretaker_plays_a_power_in_civil_disorder(tmp_path):
    """Italy's player stops ordering in a game whose civil-disorder player is the caretaker:
    Italy is declared after one missed phase (the game's policy), the channel is told the
    caretaker plays it from the next phase, the caretaker's orders are marked 🤖 in the
    results, its player cannot order Italy again, and a moderator gives it back."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=1, civil_disorder_player="caretaker")
        ch, alice = table.channel, table.members[0]
        italy = member["ITALY"]
        r = await alice.slash(ch, "mod settings")
        assert "played by the caretaker 🤖 from its next phase" in r.response.content

        # Spring 1901: Italy misses; it plays the phase in civil disorder (the rulebook) and is declared
        await ready_all(member, but=("ITALY",))
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        spring = results(ch, "Spring 1901", before)
        assert "civil disorder" in block_of(spring, "Italy").split("\n")[0]
        assert "🤖" not in block_of(spring, "Italy")  # the caretaker plays from the next phase
        takes = [x for x in new if "the **caretaker** plays Italy" in x]
        assert len(takes) == 1 and "from the next phase" in takes[0] and "/game join power:" in takes[0]
        state = await power_state(env, ch.id, "ITALY")
        assert state.civil_disorder and state.standin == 0

        # Fall 1901: the caretaker plays Italy (nobody waits for it: the phase resolves once
        # the others are ready); every Italian unit has an order marked 🤖
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        fall = results(ch, "Fall 1901", before)
        italian = block_of(fall, "Italy").split("\n")
        assert "🤖 *caretaker*" in italian[0] and "civil disorder" not in italian[0]
        orders = italian[1:]
        assert len(orders) == 3 and all(line.endswith(" 🤖") for line in orders), orders
        assert "🤖" not in block_of(fall, "France")
        [entry] = await audit(env, ch.id, "standin")
        assert entry.detail["power"] == "ITALY" and entry.detail["player"] == "caretaker"
        assert len(entry.detail["orders"]) == 3
        assert (await power_state(env, ch.id, "ITALY")).standin == 1

        # its player may not take it back now: the seat is open
        reply = await order(italy, "A VEN H")
        assert "The caretaker has played Italy in **Club** since you left it" in reply
        assert "/mod civil-disorder state:off" in reply

        # a moderator gives it back: the channel is told, and its player orders again
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="off")
        back = [x for x in texts(ch) if "the caretaker hands Italy back to" in x]
        assert len(back) == 1 and f"<@{italy.id}>" in back[0]
        state = await power_state(env, ch.id, "ITALY")
        assert not state.civil_disorder and state.standin == 0
        game = await current_game(env, ch.id)
        assert game.phase.startswith("W1901") or game.phase.startswith("S1902")
