"""A game's history and the board in words through Discord (simcord), issue 15:
``/game history`` sends an animated GIF with one frame per stored phase (the phases played,
then the board where the game stands or stopped) and the JSON document of every phase, for
a finished game and for a running one (up to its current phase, nobody's pending orders);
every map the bot sends carries alt text in its reader's language; ``/game board`` says
the board in words."""

from __future__ import annotations

import io
import json

from PIL import Image

from engine.history import History
from tests.bot.simcord_support import running
from tests.bot.support import current_game, order, play_to_the_year_limit, start_seven


async def stored_phases(env, game_id):
    async with env.bots[-1].core.storage.read() as tx:
        return [(p, await tx.phase(game_id, p)) for p in await tx.phase_names(game_id)]


async def test_the_history_of_a_finished_game_has_a_frame_per_stored_phase(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await play_to_the_year_limit(env, "sum_of_squares")
        ch, bob = table.channel, table.members[1]
        game = await current_game(env, ch.id)
        stored = await stored_phases(env, game.id)
        played = [p for p, row in stored if row.results is not None]
        assert [p for p, _ in stored] == ["S1901M", "F1901M", "W1901A", "S1902M"]
        assert played == ["S1901M", "F1901M", "W1901A"]  # the last, the final board, never played

        r = await bob.slash(ch, "game history")
        assert not r.ephemeral
        message = r.response
        assert message.content.startswith(
            "📜 **Club**: 4 phases, Spring 1901 moves to Spring 1902 moves. The JSON file holds"
        )
        gif_file, json_file = message.attachments
        assert (gif_file.filename, json_file.filename) == ("club-history.gif", "club-history.json")
        gif = Image.open(io.BytesIO(await gif_file.read()))
        # the renderer's frames are the stored phases: the three played, then the final board
        assert gif.format == "GIF" and gif.is_animated
        assert gif.n_frames == len(stored) == len(played) + 1
        assert gif_file.size <= 25 * 1024 * 1024  # simcord's interaction allows 25 MiB
        assert gif_file.description == (
            "Animated map of Club: 4 frames, one per phase from Spring 1901 moves to Spring 1902 moves, "
            "with their orders."
        )
        document = json.loads(await json_file.read())
        assert document["format"] == "diplomacy-history" and document["version"] == 1
        assert [p["phase"] for p in document["phases"]] == [p for p, _ in stored]
        assert [p["results"] is not None for p in document["phases"]] == [True, True, True, False]
        # what was stored, never played again: Fall 1901's results as the channel saw them
        assert document["phases"][1]["results"] == stored[1][1].results
        france = [r for r in document["phases"][2]["results"] if r["power"] == "FRANCE"]
        assert france == [{"power": "FRANCE", "order": "A PAR B", "ok": True, "result": "ok"}]
        game_info = document["game"]
        assert (game_info["year_limit"], game_info["scoring"], game_info["name"]) == (1901, "sum_of_squares", "Club")
        end = document["end"]
        assert end["ending"] == "year_limit" and end["scores"]["system"] == "sum_of_squares"
        assert end["scores"]["points"]["FRANCE"] == "5000/121"  # 100 × 10² / 242, exact
        assert end["centres"]["FRANCE"] == 10 and "AUSTRIA" not in end["survivors"]
        history = History.from_json(document)  # the documented format reads back
        assert len(history.played) == 3 and history.scores is not None


async def test_the_history_of_a_running_game_never_shows_pending_orders(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await order(member["FRANCE"], "A PAR - BUR")
        await alice.slash(ch, "mod resolve")  # Spring 1901
        await order(member["ITALY"], "A VEN - TYR")  # pending: Fall 1901 is not resolved
        r = await member["ENGLAND"].slash(ch, "game history")
        gif_file, json_file = r.response.attachments
        text = (await json_file.read()).decode()
        document = json.loads(text)
        assert [(p["phase"], p["results"] is None) for p in document["phases"]] == [
            ("S1901M", False),
            ("F1901M", True),
        ]
        assert document["end"] is None
        assert "VEN - TYR" not in text and "TYR" not in json.dumps(document["phases"][1])
        assert "A BUR" in document["phases"][1]["units"]["FRANCE"]  # where the game stands
        assert Image.open(io.BytesIO(await gif_file.read())).n_frames == 2
        # a GIF bigger than the interaction may send is left out; the JSON still goes
        core = env.bots[-1].core
        request = await core.history.request(ch.id)
        files = await core.history.files(request, max_bytes=2000)
        assert files.gif is None and json.loads(files.document)["phases"][0]["phase"] == "S1901M"
        from bot.text.board import history_caption

        assert "too big to send here" in history_caption(files, "en")
        # a game not started has no history
        empty = table.guild.create_text_channel("empty")
        await alice.slash(empty, "game create", name="Later", players=7)
        r = await alice.slash(empty, "game history")
        assert r.ephemeral and not r.deferred and "Later" in r.response.content


async def test_every_map_carries_alt_text_in_its_readers_language(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        turkey = member["TURKEY"]
        await turkey.user.slash("language", language="es")
        await order(member["FRANCE"], "A PAR - BUR")
        await alice.slash(ch, "mod resolve")
        # every picture in the channel and in every DM has a description that says the
        # position by power, within Discord's 1,024 characters
        pictures = []
        for m in member.values():
            dm = m.user.dm_channel
            for msg in dm.history() if dm is not None else []:
                if msg.components:  # a DM offers its reader's map (issue 13): the tap's answer has it
                    label = msg.components[0].children[0].label  # (in the reader's language when sent)
                    pictures.append((m, (await m.user.click(msg, label=label)).response))
        pictures += [(None, msg) for msg in ch.history() if msg.attachments]
        # the start, the resolution with the new phase; each player's maps of both phases
        assert len(pictures) >= 2 + 7 * 2
        for who, msg in pictures:
            for attachment in msg.attachments:
                alt = attachment.description
                assert alt and len(alt) <= 1024, (msg.content, alt)
                if who is turkey and "Otoño" in msg.content:  # a DM sent after Turkey chose Spanish
                    assert alt.startswith("Otoño de 1901, movimientos. Rusia: 4 centros, 4 unidades.")
                    assert alt.endswith("Centrado en las unidades de Turquía.")
                elif who is None:
                    assert alt.startswith(("Spring 1901 moves. Russia: 4 centres, 4 units.", "Fall 1901 moves."))
        results = next(msg for msg in ch.history() if "results of Spring 1901" in msg.content and msg.attachments)
        assert results.attachments[0].description.endswith("The orders of the phase are drawn with their results.")
        # /game map too
        r = await alice.slash(ch, "game map")
        assert r.response.attachments[0].description.startswith("Fall 1901 moves. Russia: 4 centres, 4 units.")
        # /game board: the long form, privately, in the reader's language
        r = await turkey.slash(ch, "game board")
        assert r.ephemeral
        text = r.response.content
        assert text.startswith("**Club** — el tablero, potencia por potencia:\nOtoño de 1901, movimientos.")
        assert "Francia — 3 centros de suministro: Brest, Marsella, París. Ejércitos: Borgoña, Marsella." in text
        r = await alice.slash(ch, "game board", phase="S1901M")
        assert "Russia — 4 supply centres: Moscow, Sevastopol, St Petersburg, Warsaw." in r.response.content
