"""Asking which order a line meant converges (issue 12), through Discord (simcord): the
Spanish ``E Gal M`` where an army stands in Galicia and another in Wales is asked about
with the player's own spelling, forms that can be typed back, and a menu of the readings;
typing an offered form is accepted, and one tap on the menu stores a reading (checked by
the engine like any order)."""

from __future__ import annotations

import pytest
import simcord.interactions as sim_interactions

from tests.bot.simcord_support import running
from tests.bot.support import STANDARD, check_limits, current_game, options, set_position, start_seven

# an army in Galicia (Austria's) and one in Wales (England's)
UNITS = {**STANDARD, "AUSTRIA": ["A VIE", "A GAL", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A WAL"]}


@pytest.fixture
def spanish_clients(monkeypatch):
    """Every player's Discord client is in Spanish (simcord always says en-US)."""
    original = sim_interactions.base_payload

    def base_payload(backend, **kwargs):
        record, payload = original(backend, **kwargs)
        payload["locale"] = "es-ES"
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)


def menus(message) -> list[dict]:
    return [i for row in message.components for i in row["components"] if i["type"] == 3]


async def test_asking_converges_by_typing_or_by_one_tap(tmp_path, spanish_clients):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, language="es")
        ch = table.channel
        await set_position(env, ch.id, UNITS)
        game = await current_game(env, ch.id)
        england = member["ENGLAND"]

        # "Gal": Gales (Wales) by the rulebook's table, Galicia by its sample game, and an army
        # stands in each: asked, in the player's own spelling, with forms that read one way
        r = await england.user.slash("order", orders="E Gal M")
        asked = r.response
        print(asked.content)
        check_limits(asked)
        assert r.ephemeral and "❌ `E Gal M`: «Gal» puede significar más de una cosa:" in asked.content
        assert "`E Gli M` (Galicia), `E Gales M` (Gales)" in asked.content
        assert "Escribe una de estas formas (o elige la orden abajo)." in asked.content
        [menu] = menus(asked)
        assert menu["custom_id"] == f"dip:reading:{game.id}:S1901M:0"
        assert menu["placeholder"] == "«E Gal M»: elige la orden que querías dar"
        assert [(o["label"], o["value"], o["description"]) for o in menu["options"]] == [
            ("E Gli M", "A GAL H", "Galicia · A GAL H"),
            ("E Gales M", "A WAL H", "Gales · A WAL H"),
        ]

        # typing an offered form back is accepted (and so is the canonical code)
        r = await england.user.slash("order", orders="E Gales M")
        assert "✅ `E Gales M` (`A WAL H`)" in r.response.content and not menus(r.response), r.response.content
        r = await england.user.slash("order", orders="E GAL M")  # the code: Galicia, not England's
        assert "❌" in r.response.content and "E Gli no es una de tus unidades: es de Austria" in r.response.content

        # where the board settles it, nothing is asked: only Wales' army reaches Liverpool
        r = await england.user.slash("order", orders="E Gal - Lvp")
        assert "✅ `E Gales - Lvp` (`A WAL - LVP`)" in r.response.content and not menus(r.response)

        # one tap on the menu stores the reading through the same use case
        r = await england.user.slash("order", orders="F Lon - MNt; E Gal M")
        asked = r.response
        assert "✅ `F Lon - MNt` (`F LON - NTH`)" in asked.content and "❌ `E Gal M`" in asked.content
        assert options(asked) == ["A GAL H", "A WAL H"]
        picked = await england.user.select(asked, ["A WAL H"], custom_id=menus(asked)[0]["custom_id"])
        print(picked.response.content)
        check_limits(picked.response)
        assert "✅ `E Gales M` (`A WAL H`)" in picked.response.content
        assert not menus(picked.response)  # answered: its menu is gone
        r = await england.user.slash("orders")
        assert "`E Gales M`" in r.response.content and "`F Lon - MNt`" in r.response.content

        # a reading the engine refuses is refused when tapped too (Galicia's army is Austria's)
        r = await england.user.slash("order", orders="E Gal M")
        refused = await england.user.select(r.response, ["A GAL H"], custom_id=menus(r.response)[0]["custom_id"])
        assert refused.response.ephemeral and "E Gli no es una de tus unidades" in refused.response.content

        # after the phase has resolved, a tap on an old menu stores nothing
        stale = (await england.user.slash("order", orders="E Gal M")).response
        await env.advance_time(49 * 3600)
        late = await england.user.select(stale, ["A WAL H"], custom_id=menus(stale)[0]["custom_id"])
        print(late.response.content)
        assert late.response.ephemeral and "no se ha guardado nada" in late.response.content
