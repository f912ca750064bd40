"""The engine's reasons for refusing an order, as players read them: every reason (and each
variant of one) has a message in all four languages that uses only the parameters the
engine gives; the places and units in it are written the reader's way; the orders whose
verdict changed when the bot handed its checks to ``engine.validation`` (DATC-correct
now); builds and disbands counted by the engine (``given=``), not by the bot."""

from __future__ import annotations

import string

import pytest

from bot.core.orders.giving import read_and_check, refusal, without_convoy
from bot.core.rules import Reason, explain
from bot.text.i18n import LANGUAGES, catalogue
from bot.text.labels import say
from engine import Build, Location, Move, Order, Position, Power, Rules, UnitType, parse_order
from engine.position import Dislodged
from engine.units import Unit
from tests.engine.support import pos

A, F = UnitType.ARMY, UnitType.FLEET
START = Position.initial()
FORMATTER = string.Formatter()


def retreats() -> Position:
    """Spring 1901 retreats: the French army dislodged from Paris may go to Brest or Picardy."""
    units = [Unit(Power.GERMANY, A, Location("PAR")), Unit(Power.FRANCE, A, Location("MAR"))]
    dislodged = [Dislodged(Unit(Power.FRANCE, A, Location("PAR")), (Location("BRE"), Location("PIC")), "BUR")]
    return Position.build("S1901R", units, None, dislodged)


# France: 4 centres, 2 units (Paris occupied): 2 builds; Germany lost Berlin; Russia: 1 disband
WINTER = pos(
    "W1901A",
    "FRANCE A PAR",
    "FRANCE F NAO",
    "GERMANY A MUN",
    "RUSSIA A MOS",
    "RUSSIA A UKR",
    "RUSSIA A WAR",
    centres={
        c: Power.parse(p)
        for c, p in {
            "PAR": "FRANCE",
            "BRE": "FRANCE",
            "MAR": "FRANCE",
            "SPA": "FRANCE",
            "MUN": "GERMANY",
            "KIE": "GERMANY",
            "BER": "RUSSIA",
            "SEV": "RUSSIA",
        }.items()
    },
)
QUIET = pos("W1901A", "FRANCE A PAR", centres={"PAR": Power.FRANCE})
# France (4 centres, 3 units) and Germany (3 centres, 2 units, Berlin lost) each have a build
# and no home centre both owned and empty to make it in
CROWDED = pos(
    "W1901A",
    "FRANCE A PAR",
    "FRANCE A MAR",
    "FRANCE F BRE",
    "GERMANY A MUN",
    "GERMANY F KIE",
    centres={
        c: Power.parse(p)
        for c, p in {
            "PAR": "FRANCE",
            "BRE": "FRANCE",
            "MAR": "FRANCE",
            "SPA": "FRANCE",
            "MUN": "GERMANY",
            "KIE": "GERMANY",
            "DEN": "GERMANY",
            "BER": "RUSSIA",
        }.items()
    },
)
SEAS = pos("S1902M", "ENGLAND F NTH", "ENGLAND F ENG", "FRANCE F MAO", "FRANCE F GAS", "ENGLAND A LON")

# (reason, message key, position, order, powers, rules, given)
EXAMPLES: list[tuple[Reason, str, Position, Order | str, list[Power] | None, Rules, dict | None]] = [
    (Reason.NO_SUCH_PROVINCE, "", START, Move(A, Location("PAR"), Location("XYZ")), None, Rules(), None),
    (Reason.NO_UNIT, "", START, "A BUR - PAR", None, Rules(), None),
    (Reason.NOT_YOUR_UNIT, "", START, "A VEN - TRI", [Power.FRANCE], Rules(), None),
    (Reason.NOT_DISLODGED, "", retreats(), "A MAR R BUR", None, Rules(), None),
    (Reason.WRONG_PHASE, ".movement", START, "A PAR B", None, Rules(), None),
    (Reason.WRONG_PHASE, ".retreat", retreats(), "A MAR H", None, Rules(), None),
    (Reason.WRONG_PHASE, ".adjustment", WINTER, "A PAR - BUR", None, Rules(), None),
    (Reason.PASSIVE_POWER, "", START, "A PAR H", None, Rules(civil_disorder=frozenset({Power.FRANCE})), None),
    (Reason.NOT_ADJACENT, "", START, "A PAR - MUN", None, Rules(), None),
    (Reason.CLOSED_PROVINCE, "", START, "A VIE - TYR", None, Rules(closed=frozenset({"TYR"})), None),
    (Reason.NO_SUCH_COAST, "", SEAS, "F GAS - SPA/SC", None, Rules(), None),
    (Reason.NEEDS_COAST, "", SEAS, "F MAO - SPA", None, Rules(), None),
    (Reason.CONVOY_NEEDS_FLEET_AT_SEA, "", START, "F KIE C A BER - DEN", None, Rules(), None),
    (
        Reason.ONLY_ARMIES_CONVOYED,
        ".instead",
        START,
        Move(F, Location("BRE"), Location("MAO"), True),
        None,
        Rules(),
        None,
    ),
    (Reason.ONLY_ARMIES_CONVOYED, "", START, Move(F, Location("BRE"), Location("NAO"), True), None, Rules(), None),
    (Reason.ONLY_ARMIES_CONVOYED, ".fleet", SEAS, "F ENG C A GAS - BEL", None, Rules(), None),
    (Reason.NO_CONVOY_ROUTE, ".move", START, "A BER - DEN", None, Rules(), None),
    (Reason.NO_CONVOY_ROUTE, "", SEAS, "F NTH C A LON - BRE", None, Rules(), None),
    (Reason.CONVOY_NOTHING_THERE, "", SEAS, "F NTH C A YOR - NWY", None, Rules(), None),
    (Reason.SUPPORT_SELF, "", START, "A PAR S A PAR", None, Rules(), None),
    (Reason.SUPPORT_NOTHING_THERE, "", START, "A PAR S A BUR", None, Rules(), None),
    (Reason.SUPPORT_CANNOT_REACH, "", START, "A MUN S A BER - PRU", None, Rules(), None),
    (Reason.SUPPORT_MOVE_IMPOSSIBLE, "", START, "A MUN S F KIE - RUH", None, Rules(), None),
    (Reason.RETREAT_NOT_ALLOWED, "", retreats(), "A PAR R GAS", None, Rules(), None),
    (Reason.BUILD_NOT_HOME_CENTRE, "", WINTER, "A SPA B", [Power.FRANCE], Rules(), None),
    (Reason.BUILD_NOT_OWNED, "", WINTER, "A BER B", [Power.GERMANY], Rules(), None),
    (Reason.BUILD_NOT_OWNED, ".none", CROWDED, "A BER B", [Power.GERMANY], Rules(), None),
    (Reason.BUILD_OCCUPIED, "", WINTER, "A PAR B", [Power.FRANCE], Rules(), None),
    (Reason.BUILD_OCCUPIED, ".none", CROWDED, "A PAR B", [Power.FRANCE], Rules(), None),
    (Reason.BUILD_FLEET_INLAND, "", WINTER, Build(F, Location("PAR")), None, Rules(), None),
    (Reason.NO_BUILDS_DUE, "", QUIET, "A MAR B", [Power.FRANCE], Rules(), None),
    (Reason.NO_DISBANDS_DUE, "", WINTER, "A PAR D", [Power.FRANCE], Rules(), None),
    (
        Reason.TOO_MANY_ADJUSTMENTS,
        "",
        WINTER,
        "A MAR B",
        [Power.FRANCE],
        Rules(),
        {Power.FRANCE: [parse_order("A BRE B"), parse_order("F NAO D"), parse_order("WAIVE")]},
    ),
]


def _refused(position, order, powers, rules, given):
    if isinstance(order, str):
        order = parse_order(order, position=position)
    why = explain(position, order, rules, powers, given=given)
    assert why is not None, order
    instead = without_convoy(position, rules, powers or list(Power), order, why)
    return why, refusal(why, order, instead)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in FORMATTER.parse(text) if name}


def test_every_reason_has_an_example():
    assert {e[0] for e in EXAMPLES} == set(Reason)


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e[0].value}{e[1]}" for e in EXAMPLES])
def test_every_reason_has_its_message_in_every_language(example):
    reason, variant, position, order, powers, rules, given = example
    why, error = _refused(position, order, powers, rules, given)
    assert why.reason is reason
    assert error.key == f"illegal.{reason.value}{variant}"
    for language in LANGUAGES:
        text = catalogue(language).get(error.key)
        assert text, (language, error.key)
        # only what the engine said (and the order itself, or the order to give instead)
        assert placeholders(text) <= set(error.params), (language, error.key, placeholders(text), set(error.params))
        said = say(error.key, language, error.params)
        assert "{" not in said and "not possible now" not in said


def test_no_message_is_left_for_a_reason_the_engine_does_not_give():
    """Every ``illegal.*`` message is a reason's (or a variant of one), and the bot's old
    catch-all "`order` is not possible now" is gone."""
    codes = {r.value for r in Reason}
    for language in LANGUAGES:
        for key in catalogue(language):
            if key.startswith("illegal."):
                assert key.split(".")[1] in codes, (language, key)
        assert "illegal.generic" not in catalogue(language)


def test_a_reason_without_a_parameter_it_documents_is_still_said():
    """The engine leaves out ``power`` when several powers are asked about (and gives a
    bare TOO_MANY_ADJUSTMENTS in one corner): the reply says "—" there rather than fail."""
    from bot.core.rules import Illegal

    error = refusal(Illegal(Reason.TOO_MANY_ADJUSTMENTS), parse_order("WAIVE"))
    for language in LANGUAGES:
        assert "—" in say(error.key, language, error.params)


def _line(position, text, powers=None, existing=(), language="en"):
    lines, writes = read_and_check(text, [language], position, Rules(), powers or list(Power), list(existing))
    [line] = lines
    return line, writes


def _said(line, language="en"):
    return say(line.error, language, line.params)


def test_a_fleet_sent_by_convoy_is_told_only_armies_go_by_convoy():
    """Issue 16: ``F BRE - MAO VIA`` was answered "can't reach MAO ... It can move to: ENG,
    GAS, MAO, PIC", contradicting itself; now the reason is the real one, with the order to
    give instead."""
    line, writes = _line(START, "F BRE - MAO VIA", [Power.FRANCE])
    assert line.order is None and not writes
    assert line.error == "illegal.only_armies_convoyed.instead"
    said = _said(line)
    assert "Only armies go by convoy" in said and "`F BRE - MAO`" in said and "can't reach" not in said, said
    assert "`F Bre - AtC`" in _said(line, "es")
    assert "`Ф Бре - СрАО`" in _said(line, "bg")
    # where the fleet could not go anyway, no order is suggested
    line, _ = _line(START, "F BRE - NAO VIA", [Power.FRANCE])
    assert line.error == "illegal.only_armies_convoyed" and "`" in _said(line) and "BRE - NAO`" not in _said(line)


def test_an_army_may_be_ordered_via_convoy_where_it_could_also_walk():
    """Changed with the engine: ``A LON - BEL VIA`` (the old bot refused it as not
    adjacent) is a convoyed move, and ``VIA`` is dropped where only a convoy can take it."""
    line, writes = _line(SEAS, "A LON - BEL VIA", [Power.ENGLAND])
    assert line.order == "A LON - BEL" and writes == {"LON": ("ENGLAND", "A LON - BEL")}
    line, writes = _line(pos("S1901M", "ENGLAND A YOR", "ENGLAND F NTH"), "A YOR - LON VIA", [Power.ENGLAND])
    assert line.order == "A YOR - LON VIA"


def test_a_coast_the_fleet_cannot_reach_is_refused_with_the_coasts_it_can():
    """Changed with the engine (DATC 4.B.3): ``F GAS - SPA/SC`` used to be stored as
    ``F GAS - SPA/NC``; an impossible coast is refused now, and the message names the one
    it can reach, written the reader's way."""
    line, writes = _line(SEAS, "F GAS - SPA/SC", [Power.FRANCE])
    assert line.error == "illegal.no_such_coast" and not writes
    assert "SPA/NC" in _said(line) and "SPA/SC" in _said(line)
    assert "CN Esp" in _said(line, "es") and "Исп СБ" in _said(line, "bg")


def test_a_missing_coast_is_asked_for_by_name():
    line, _ = _line(SEAS, "F MAO - SPA", [Power.FRANCE])
    assert line.error == "illegal.needs_coast"
    assert "SPA/NC, SPA/SC" in _said(line)
    assert "CN Esp, CS Esp" in _said(line, "es")


def test_a_support_of_a_fleet_move_needs_its_coast():
    """Changed with the engine (DATC 4.B.4): supporting ``F MAO - SPA`` without a coast was
    taken as it was; the engine asks which coast, as it asks the fleet itself."""
    line, writes = _line(SEAS, "F GAS S F MAO - SPA", [Power.FRANCE])
    assert line.error == "illegal.needs_coast" and not writes
    assert "SPA/NC, SPA/SC" in _said(line)
    line, _ = _line(SEAS, "F GAS S F MAO - SPA/NC", [Power.FRANCE])
    assert line.order == "F GAS S F MAO - SPA/NC"


def test_a_supported_unit_is_named_as_it_stands():
    """Changed with the engine (DATC 4.C.2): ``A MUN S F KIE`` with an army in Kiel is the
    support of that army, stored as such (the old bot refused it: MUN can't reach KIE)."""
    position = pos("S1901M", "GERMANY A MUN", "GERMANY A KIE")
    line, writes = _line(position, "A MUN S F KIE", [Power.GERMANY])
    assert line.order == "A MUN S A KIE" and writes == {"MUN": ("GERMANY", "A MUN S A KIE")}


def test_a_refused_build_names_where_the_power_can_build_instead():
    """Issue 21: the refusal said only "build in a free home centre"; it names them, the
    reader's way, or says there is none."""
    line, _ = _line(WINTER, "A PAR B", [Power.FRANCE])  # Paris occupied; Brest and Marseilles free
    assert _said(line) == "You can't build in PAR: A PAR stands there. You can build in: BRE, MAR."
    assert _said(line, "es").endswith("Puedes construir en: Bre, Mar.")
    assert _said(line, "ru").endswith("Строить можно в: Бре, Мар.")
    line, _ = _line(WINTER, "A BER B", [Power.GERMANY])  # Berlin lost; Kiel free
    assert _said(line).endswith("does not own it now. You can build in: KIE.")
    line, _ = _line(CROWDED, "A PAR B", [Power.FRANCE])
    assert line.error == "illegal.build_occupied.none" and "nowhere to build now" in _said(line)
    line, _ = _line(CROWDED, "A BER B", [Power.GERMANY])
    assert line.error == "illegal.build_not_owned.none" and "none of your home centres is free" in _said(line)


def test_reasons_name_places_and_units_the_readers_way():
    line, _ = _line(WINTER, "A PAR B", [Power.FRANCE])
    assert line.error == "illegal.build_occupied"
    assert "PAR" in _said(line) and "A PAR" in _said(line)
    assert "E Par" in _said(line, "es")
    line, _ = _line(START, "A PAR S A PAR", [Power.FRANCE])
    assert line.error == "illegal.support_self" and "A PAR can't support itself" in _said(line)
    line, _ = _line(START, "A PAR - MUN", [Power.FRANCE])
    assert "It can move to: BRE, BUR, GAS, PIC." in _said(line)
    assert "Bre, Bor, Gas, Pic" in _said(line, "es")
    line, _ = _line(START, "A VEN - TRI", [Power.FRANCE])
    assert _said(line, "ru").startswith("А Вен — не твоё войско: оно принадлежит державе Италия")
    assert _said(line, "ru-Latn").startswith("A Ven — не твоё войско: оно принадлежит державе Италия")


def test_builds_and_disbands_are_counted_by_the_engine():
    """The engine counts what is stored (``given=``): a build beyond the two due is
    refused, one in a province that has a build replaces it, and each waive counts."""
    france = [Power.FRANCE]
    stored = [("BRE", "FRANCE", "A BRE B")]
    lines, writes = read_and_check("F MAR B; A MAR B; WAIVE", ["en"], WINTER, Rules(), france, stored)
    assert [x.order for x in lines] == ["F MAR B", "A MAR B", None]
    assert lines[2].error == "illegal.too_many_adjustments"
    assert "France already has all its builds or disbands ordered (2)" in _said(lines[2])
    assert writes == {"MAR": ("FRANCE", "A MAR B")}  # the second build in Marseilles replaced the first
    # waives are builds too, each stored under its own key
    lines, writes = read_and_check("WAIVE; WAIVE", ["en"], WINTER, Rules(), france, [])
    assert [x.order for x in lines] == ["WAIVE", "WAIVE"]
    assert sorted(writes) == ["WAIVE0:FRANCE", "WAIVE1:FRANCE"]
    lines, writes = read_and_check("WAIVE", ["en"], WINTER, Rules(), france, [(k, "FRANCE", "WAIVE") for k in writes])
    assert lines[0].error == "illegal.too_many_adjustments" and not writes
    # the disbands due: one for Russia, then no more
    russia = [Power.RUSSIA]
    lines, writes = read_and_check("A MOS D; A WAR D", ["en"], WINTER, Rules(), russia, [])
    assert lines[0].order == "A MOS D" and lines[1].error == "illegal.too_many_adjustments"
    assert writes == {"MOS": ("RUSSIA", "A MOS D")}
