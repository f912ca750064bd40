"""The order sheet's menus without Discord: every screen of every unit, in the starting
position and in a crowded mid-game position, keeps to Discord's limits (and discord.py
accepts it as a View); regions cover the map; warnings; stale orders; /clear choices."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.core.orders import SheetData
from bot.discord.views import to_view
from bot.text.replies import clear_choices, refusal
from bot.text.sheet import (
    MAX_CONTENT,
    MAX_OPTIONS,
    MAX_ROWS,
    MAX_TEXT,
    REGIONS,
    Button,
    Kind,
    Menu,
    Mode,
    OrderSheets,
    Screen,
    SheetScreens,
    Verb,
    parse_custom_id,
)
from engine import STANDARD, Position, Power, legal_orders
from engine.codec import position_from_json

CROWDED = {
    "phase": "F1905M",
    "units": {
        "ENGLAND": ["F NTH", "F NWG", "F ENG", "F IRI", "F MAO", "A LON", "A WAL", "A YOR", "A EDI"],
        "FRANCE": ["A PAR", "A BUR", "A PIC", "A BRE", "A GAS", "F WES", "F LYO", "A MAR", "A SPA"],
        "GERMANY": ["A BER", "A MUN", "A KIE", "A RUH", "A HOL", "F HEL", "F BAL", "A SIL", "A BEL"],
        "ITALY": ["F TYS", "F ION", "A VEN", "A ROM", "A TUS", "A APU", "F ADR", "A NAP", "A PIE"],
        "AUSTRIA": ["A VIE", "A BUD", "A TRI", "A GAL", "A SER", "A BOH", "A TYR"],
        "RUSSIA": ["A WAR", "A MOS", "F STP/NC", "A UKR", "F SEV", "A LVN", "A PRU", "F BOT", "A FIN"],
        "TURKEY": ["F BLA", "F AEG", "F EAS", "A CON", "A BUL", "A SMY", "A ARM", "A GRE", "A RUM"],
    },
}


def check(screen: Screen) -> None:
    assert len(screen.content) <= MAX_CONTENT
    assert 1 <= len(screen.rows) <= MAX_ROWS
    ids = [c.custom_id for c in screen.components()]
    assert len(ids) == len(set(ids)), "custom_ids are unique in a message"
    for row in screen.rows:
        assert 1 <= len(row) <= 5
        if any(isinstance(c, Menu) for c in row):
            assert len(row) == 1
        for c in row:
            assert len(c.custom_id) <= MAX_TEXT
            if isinstance(c, Menu):
                assert 1 <= len(c.options) <= MAX_OPTIONS
                assert len({o.value for o in c.options}) == len(c.options)
                for o in c.options:
                    assert len(o.label) <= MAX_TEXT and len(o.value) <= MAX_TEXT
                    assert o.description is None or len(o.description) <= MAX_TEXT
            else:
                assert isinstance(c, Button) and 1 <= len(c.label) <= 80
    view = to_view(screen)  # discord.py's own checks (rows, widths)
    assert view is not None and len(view.children) == len(screen.components())


def tap(component):
    return parse_custom_id(component.custom_id)


def every_screen(sheets: SheetScreens, ctx: SheetData):
    """Every screen the walk can show for every unit, with every choice in it."""
    yield sheets.sheet()
    yield sheets.pick()
    yield sheets.review({})
    for slot in ctx.slots:
        step = sheets.step({}, Mode.ALL, slot)
        yield step
        todo = [(slot, tap(b).args[2]) for b in step.components() if isinstance(b, Button) and tap(b).verb is Verb.KIND]
        seen = set()
        while todo:
            slot, what = todo.pop()
            if what in seen or what in (Kind.HOLD, Kind.DISBAND, Kind.WAIVE):
                continue
            seen.add(what)
            pages = 1
            page = 0
            while page < pages:
                screen = sheets.target({}, Mode.ALL, slot, what, page)
                pages = max(pages, sum(1 for b in screen.components() if tap(b).verb is Verb.PAGE))
                page += 1
                yield screen
                for menu in (c for c in screen.components() if isinstance(c, Menu)):
                    if what in (Kind.SUPPORT, Kind.CONVOY):
                        todo.extend((slot, f"{what}-{o.value}") for o in menu.options)
                    else:
                        assert all(o.value in {str(x) for x in ctx.legal(slot)} for o in menu.options)


def check_all(sheets: SheetScreens, ctx: SheetData) -> int:
    """Check every screen; the menus offer every legal order of every unit, and nothing
    else. Returns how many menus were split by region."""
    out: dict[str, set[str]] = {s.key: set() for s in ctx.slots}
    split = 0
    for screen in every_screen(sheets, ctx):
        check(screen)
        for c in screen.components():
            parsed = tap(c)
            if isinstance(c, Menu) and parsed.verb is Verb.CHOICE and parsed.args[2] not in (Kind.SUPPORT, Kind.CONVOY):
                out[parsed.args[1]].update(o.value for o in c.options)
                split += " — " in c.placeholder
            if isinstance(c, Button) and parsed.verb is Verb.KIND and parsed.args[2] in (Kind.HOLD, Kind.DISBAND):
                letter = "H" if parsed.args[2] == Kind.HOLD else "D"
                out[parsed.args[1]].add(f"{ctx.slot(parsed.args[1]).unit} {letter}")
    for slot in ctx.slots:
        assert out[slot.key] == {str(o) for o in legal_orders(ctx.position, slot.key)}, slot
    return split


def test_regions_cover_the_map_once():
    provinces = [p for _, group in REGIONS for p in group]
    assert sorted(provinces) == sorted(STANDARD.provinces)
    assert all(len(group) <= MAX_OPTIONS for _, group in REGIONS)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_unit_of_the_starting_position(language):
    position = Position.initial()
    for power in Power:
        ctx = context(position, power, language)
        check_all(SheetScreens(ctx, language), ctx)


def test_every_unit_of_a_crowded_position():
    position = position_from_json(CROWDED)
    split = 0
    for power in Power:
        ctx = context(position, power)
        split += check_all(SheetScreens(ctx, "en"), ctx)
    assert split, "some choice is long enough to be split by region"
    # the army in London can be convoyed far: its moves are split by region
    ctx = context(position, Power.ENGLAND)
    lon = ctx.slot("LON")
    moves = SheetScreens(ctx, "en").target({}, Mode.ALL, lon, Kind.MOVE, 0)
    menus = [c for c in moves.components() if isinstance(c, Menu)]
    assert len(menus) > 1 and all("—" in m.placeholder for m in menus)


# -- through the service ----------------------------------------------------------------
from tests.bot.support import CHANNEL, context, seat_of, started  # noqa: E402


async def test_support_and_build_warnings(service, clock):
    game = await started(service)
    fr = await seat_of(service, game, "FRANCE")
    await service.ordering.submit(fr, "A PAR - BUR; A MAR S A PAR - GAS")
    sheets = OrderSheets(service)
    screen = await sheets.open(fr)
    assert "`A MAR S A PAR - GAS` does not match the order of your unit it supports (`A PAR - BUR`)" in screen.content
    assert "France — without an order (they will hold): F BRE" in screen.content
    await service.ordering.submit(fr, "A MAR S A PAR - BUR; F BRE H")
    screen = await sheets.open(fr)
    assert "⚠️" not in screen.content


async def test_an_order_sent_before_the_phase_resolved_is_refused(service, clock):
    from bot.core.errors import UserError

    game = await started(service, players=2)
    uid = await seat_of(service, game, "FRANCE") or 100
    sent = clock()  # the player taps /order now...
    clock.advance(hours=49)  # ...but the phase resolves before the bot reads it
    await service.resolution.run_due()
    with pytest.raises(UserError) as err:
        await service.ordering.submit(uid, "A PAR H", sent_at=sent)
    assert err.value.key == "order.phase_moved_on"
    assert "moved on from Spring" in refusal(err.value, "en") and "moves to Fall" in refusal(err.value, "en")
    report = await service.ordering.submit(uid, "A PAR H", sent_at=clock() + timedelta(seconds=1))
    assert report.sheet.phase.startswith("F")


async def test_clear_offers_the_players_orders(service):
    game = await started(service)
    fr = await seat_of(service, game, "FRANCE")
    await service.ordering.submit(fr, "A PAR - BUR; F BRE - MAO")
    choices = clear_choices(await service.ordering.clear_choices(fr), "", "en")
    assert choices[0] == ("All my orders", "all")
    assert ("A PAR - BUR", "PAR") in choices and ("F BRE - MAO", "BRE") in choices
    assert clear_choices(await service.ordering.clear_choices(fr), "bre", "en") == [("F BRE - MAO", "BRE")]
    count, sheet = await service.ordering.clear(fr, "BRE")
    assert count == 1 and "F BRE" in [m.unit for m in sheet.missing]
    assert CHANNEL
