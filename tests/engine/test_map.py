"""The standard map: counts, and every adjacency fact the rules digest states."""

from __future__ import annotations

import pytest

from engine import STANDARD, Location, Position, Power, ProvinceKind

M = STANDARD


def L(text: str) -> Location:
    return Location.parse(text)


def fleet_to(src: str) -> set[str]:
    return {str(x) for x in M.fleet_neighbours(L(src))}


def test_counts():
    kinds = [p.kind for p in M.provinces.values()]
    assert len(M.provinces) == 75
    assert kinds.count(ProvinceKind.INLAND) == 14
    assert kinds.count(ProvinceKind.COAST) == 42
    assert kinds.count(ProvinceKind.SEA) == 19
    assert len(M.supply_centres) == 34
    assert sum(len(h) for h in M.home_centres.values()) == 22
    assert {p: len(h) for p, h in M.home_centres.items()} == {
        Power.AUSTRIA: 3,
        Power.ENGLAND: 3,
        Power.FRANCE: 3,
        Power.GERMANY: 3,
        Power.ITALY: 3,
        Power.RUSSIA: 4,
        Power.TURKEY: 3,
    }
    neutral = {c for c in M.supply_centres if M.provinces[c].home_of is None}
    assert neutral == set("BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN".split())


def test_switzerland_is_not_a_province():
    assert "SWI" not in M.provinces
    assert all("SWI" not in M.adjacent_provinces(p) for p in M.provinces)


def test_split_coasts():
    assert {c: p.coasts for c, p in M.provinces.items() if p.coasts} == {
        "BUL": ("EC", "SC"),
        "SPA": ("NC", "SC"),
        "STP": ("NC", "SC"),
    }


def test_inland_supply_centres_and_non_centres():
    inland_sc = {c for c in M.supply_centres if M.provinces[c].kind is ProvinceKind.INLAND}
    assert inland_sc == {"PAR", "MUN", "MOS", "WAR", "VIE", "BUD", "SER"}
    assert "ALB" not in M.supply_centres and "NAF" not in M.supply_centres


def test_starting_units():
    start = Position.initial()
    assert len(start.units) == 22
    assert str(start.units["STP"]) == "F STP/SC"
    by_power = {p: sorted(str(u) for u in start.units_of(p)) for p in Power}
    assert by_power[Power.ENGLAND] == ["A LVP", "F EDI", "F LON"]
    assert by_power[Power.RUSSIA] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert by_power[Power.TURKEY] == ["A CON", "A SMY", "F ANK"]
    for unit in start.units.values():
        assert start.centres[unit.province] is unit.power


def test_paris_neighbours():
    assert M.army_neighbours("PAR") == {"BRE", "PIC", "BUR", "GAS"}


def test_english_channel():
    assert fleet_to("ENG") == {"IRI", "WAL", "LON", "BEL", "PIC", "BRE", "NTH", "MAO"}


def test_rome_fleet_moves_along_the_coast_only():
    assert fleet_to("ROM") == {"TUS", "NAP", "TYS"}
    assert M.army_can_move("ROM", "VEN") and M.army_can_move("ROM", "APU")


def test_constantinople_strait():
    assert {"BUL/EC", "BUL/SC", "BLA", "AEG"} <= fleet_to("CON")
    assert "AEG" not in fleet_to("BLA")


def test_kiel_canal():
    assert "KIE" in fleet_to("HOL") and "BER" in fleet_to("KIE")
    assert "BER" not in fleet_to("HOL") and "BER" not in M.adjacent_provinces("HOL")


def test_spain_coasts():
    assert {"SPA/NC", "SPA/SC"} <= fleet_to("MAO")
    assert not {"WES", "LYO", "MAR"} & fleet_to("SPA/NC")
    assert {"WES", "LYO", "MAR"} <= fleet_to("SPA/SC")


def test_denmark_sweden_baltic_skagerrak():
    assert M.army_can_move("SWE", "DEN") and "DEN" in fleet_to("SWE")
    assert "SKA" not in fleet_to("BAL")
    assert "BER" not in M.adjacent_provinces("DEN")
    assert "NWY" in fleet_to("SWE")


def test_other_stated_facts():
    assert M.army_can_move("NWY", "STP") and "STP/NC" in fleet_to("NWY")
    assert "NAO" in fleet_to("LVP") and "IRI" not in fleet_to("CLY")
    assert not M.can_reach(True, L("GRE"), "SER")  # fleet can't support inland
    assert not M.can_reach(False, L("BRE"), "ENG")  # army can't enter water


def test_adjacency_is_symmetric():
    for p in M.provinces:
        for q in M.army_neighbours(p):
            assert p in M.army_neighbours(q)
        for q in M.adjacent_provinces(p):
            assert p in M.adjacent_provinces(q)
    for loc in [Location(p, c) for p, prov in M.provinces.items() for c in (prov.coasts or (None,))]:
        for n in M.fleet_neighbours(loc):
            assert loc in M.fleet_neighbours(n), (loc, n)


def test_units_move_only_where_they_can_stand():
    for p, prov in M.provinces.items():
        for q in M.army_neighbours(p):
            assert prov.is_land and M.provinces[q].is_land
        if prov.kind is ProvinceKind.INLAND:
            assert not M.fleet_neighbours(Location(p))
    for p, prov in M.provinces.items():
        if prov.is_sea:
            assert not M.army_neighbours(p)


def test_fleets_between_coasts_follow_a_shared_coastline():
    # two coastal provinces joined for fleets must also touch a common sea
    for p, prov in M.provinces.items():
        if not prov.is_coastal:
            continue
        for loc in [Location(p, c) for c in (prov.coasts or (None,))]:
            for n in M.fleet_neighbours(loc):
                if M.provinces[n.province].is_coastal:
                    seas = {s.province for s in M.fleet_neighbours(loc) if M.provinces[s.province].is_sea}
                    other = {s.province for s in M.fleet_neighbours(n) if M.provinces[s.province].is_sea}
                    assert seas & other, (loc, n)


@pytest.mark.parametrize(
    "src,targets,expected",
    [
        ("MOS", {"PAR"}, 5),
        ("PAR", {"PAR"}, 0),
        ("NAF", {"LON"}, 3),
        ("TUN", {"NAP"}, 2),
    ],
)
def test_distance_over_land_and_sea(src, targets, expected):
    assert M.distance(src, targets) == expected


def test_convoy_geometry():
    assert M.sea_route_exists("LON", "BEL")
    assert not M.sea_route_exists("PAR", "BEL")
    assert not M.sea_route_exists("LON", "LON")
