"""The stand-in players (engine.players): the API, the baselines ``hold`` and ``random``,
legality and exactly-once ordering over positions reached in real games, every phase
type, games for fewer players, determinism across processes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import PLAYERS, Position, Power, Rules, play, resolve, seed_for
from engine.codec import position_to_json
from engine.players import has_orders_to_give, orders_for
from tests.engine.players_support import check_orders, played_game, reached_positions
from tests.engine.support import pos

ROOT = Path(__file__).resolve().parents[2]


def texts(orders: dict) -> dict[str, list[str]]:
    return {p.value: [str(o) for o in items] for p, items in orders.items()}


# ----------------------------------------------------------------------------- the API
def test_the_api_names_the_players_and_is_exported_from_engine():
    assert PLAYERS == ("caretaker", "dumbbot", "hold", "random")
    assert engine.play is play and engine.PLAYERS is PLAYERS and engine.seed_for is seed_for


def test_default_powers_are_those_with_something_to_do():
    start = Position.initial()
    assert list(play(start, player="hold")) == list(Power)
    # Winter: only powers whose centres and units differ in number
    winter = pos("W1901A", "FRANCE A PAR", "FRANCE A SPA", "ITALY A ROM", centres={"PAR": Power.FRANCE})
    assert texts(play(winter, player="hold")) == {"FRANCE": ["A SPA D"], "ITALY": ["A ROM D"]}


def test_a_power_asked_for_with_nothing_to_do_gets_an_empty_list():
    start = Position.initial()
    assert texts(play(start.__class__.build("F1901R", start.units.values()), [Power.FRANCE])) == {"FRANCE": []}
    assert play(start, [Power.FRANCE], rules=Rules(neutral=frozenset({Power.FRANCE}))) == {Power.FRANCE: []}


def test_an_unknown_player_is_refused():
    with pytest.raises(ValueError, match="unknown player 'clever'"):
        play(Position.initial(), player="clever")


def test_seed_for_is_stable_and_separates_its_parts():
    # a fixed value: the same on every machine and Python (SHA-256, not hash())
    assert seed_for("game-17", "S1901M", "FRANCE") == 11709178023919824786
    assert len({seed_for(1, 2), seed_for(12), seed_for("1", 2), seed_for("12"), seed_for()}) == 5
    with pytest.raises(TypeError):
        seed_for(1.5)  # type: ignore[arg-type]


def test_a_powers_orders_do_not_depend_on_the_other_powers_played():
    start = Position.initial()
    for player in PLAYERS:
        everyone = play(start, player=player, seed=5)
        for power in Power:
            assert play(start, [power], player=player, seed=5)[power] == everyone[power]


def test_a_failing_player_falls_back_to_hold(monkeypatch, caplog):
    import engine.players as players

    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setitem(players._STRATEGIES, "dumbbot", broken)
    orders = play(Position.initial(), [Power.ITALY], player="dumbbot")
    assert texts(orders) == {"ITALY": ["F NAP H", "A ROM H", "A VEN H"]}
    assert "player dumbbot failed for ITALY" in caplog.text


# ----------------------------------------------------------------------------- hold
def test_hold_is_the_rulebooks_civil_disorder_in_every_phase():
    start = Position.initial()
    assert texts(play(start, [Power.ENGLAND], player="hold")) == {"ENGLAND": ["F EDI H", "F LON H", "A LVP H"]}
    retreat = pos("S1901R", "FRANCE A PAR", dislodged=["GERMANY A BUR"])
    assert texts(play(retreat, player="hold")) == {"GERMANY": ["A BUR D"]}
    builds = pos("W1901A", "FRANCE A BUR", centres={"PAR": Power.FRANCE, "MAR": Power.FRANCE, "BEL": Power.FRANCE})
    assert texts(play(builds, player="hold")) == {"FRANCE": ["WAIVE", "WAIVE"]}
    # civil-disorder disbands: farthest from its own centres first (MOS is next to its centre)
    disbands = pos(
        "W1901A", "RUSSIA A MOS", "RUSSIA A ARM", "RUSSIA F NAO", centres={"MOS": Power.RUSSIA, "SEV": Power.RUSSIA}
    )
    assert texts(play(disbands, player="hold")) == {"RUSSIA": ["F NAO D"]}


def test_a_surplus_beyond_the_free_home_centres_is_filled_with_waives():
    # France owns five centres, has two units and one free home centre: three orders in all
    position = pos(
        "W1901A",
        "FRANCE A PAR",
        "FRANCE A MAR",
        centres={c: Power.FRANCE for c in ("PAR", "MAR", "BRE", "SPA", "POR")},
    )
    for player in PLAYERS:
        orders = play(position, player=player, seed=3)[Power.FRANCE]
        check_orders(position, Power.FRANCE, orders)
        assert len(orders) == 3


# ----------------------------------------------------------------------------- random
def test_random_draws_every_kind_of_legal_order_over_seeds():
    start = Position.initial()
    kinds = set()
    for seed in range(40):
        for power, orders in play(start, player="random", seed=seed).items():
            check_orders(start, power, orders, coherent=False)
            kinds.update(type(o).__name__ for o in orders)
    assert kinds == {"Hold", "Move", "SupportHold", "SupportMove"}  # no fleet at sea: no convoy in 1901


def test_random_builds_and_retreats_vary_with_the_seed():
    builds = pos("W1901A", "RUSSIA A UKR", centres={c: Power.RUSSIA for c in ("MOS", "SEV", "STP", "WAR")})
    seen = {tuple(map(str, play(builds, player="random", seed=s)[Power.RUSSIA])) for s in range(30)}
    assert len(seen) > 5
    for orders in seen:
        assert len(orders) == 3
    retreat = pos("F1901R", "FRANCE A PAR", dislodged=["GERMANY A BUR"])
    seen = {str(play(retreat, player="random", seed=s)[Power.GERMANY][0]) for s in range(30)}
    assert "A BUR D" in seen and len(seen) > 3


# ------------------------------------------------------------- every player, every phase
@pytest.mark.parametrize("player", PLAYERS)
def test_every_phase_type_gets_complete_legal_orders(player):
    retreat = pos(
        "F1902R", "FRANCE A PAR", "FRANCE A MUN", "GERMANY A BER", dislodged=["GERMANY A BUR", "GERMANY A RUH"]
    )
    build = pos("W1902A", "AUSTRIA A SER", centres={c: Power.AUSTRIA for c in ("VIE", "BUD", "TRI", "SER")})
    disband = pos(
        "W1902A", "TURKEY F BLA", "TURKEY A ARM", "TURKEY A SMY", "TURKEY F AEG", centres={"SMY": Power.TURKEY}
    )
    waive_only = pos(
        "W1902A",
        "ITALY A VEN",
        "ITALY A ROM",
        "ITALY F NAP",
        centres={c: Power.ITALY for c in ("VEN", "ROM", "NAP", "TUN")},
    )
    for position in (Position.initial(), retreat, build, disband, waive_only):
        orders = play(position, player=player, seed=11)
        assert orders, position.phase
        for power, items in orders.items():
            check_orders(position, power, items, coherent=player != "random")
    assert [str(o) for o in play(waive_only, player=player)[Power.ITALY]] == ["WAIVE"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), pick=st.randoms(use_true_random=False), players=st.sampled_from([7, 7, 6, 5, 4, 3, 2])
)
def test_legal_and_exactly_once_over_reached_positions(seed, pick, players):
    """A property over positions reached in real games (random coherent orders, all phase
    types, games for 2-7 players with their neutral powers and closed provinces): every player's orders for
    every power are legal, complete and (for the thinking players) coherent."""
    positions = reached_positions(seed, years=3, players=players)
    for position, rules in pick.sample(positions, min(4, len(positions))):
        for player in PLAYERS:
            orders = play(position, player=player, seed=seed, rules=rules)
            for power in Power:
                if power in orders:
                    check_orders(position, power, orders[power], rules, coherent=player != "random")
                else:
                    assert not has_orders_to_give(position, power, rules)


def test_neutral_powers_of_fewer_player_games_are_not_played():
    rules = Rules(neutral=frozenset({Power.ITALY, Power.GERMANY}))
    orders = play(Position.initial(), rules=rules, player="random")
    assert Power.ITALY not in orders and Power.GERMANY not in orders and len(orders) == 5


@pytest.mark.parametrize("player", PLAYERS)
def test_whole_games_stay_legal(player):
    for position in played_game(player, seed=3, phases=12):
        for power, items in play(position, player=player, seed=9).items():
            check_orders(position, power, items, coherent=player != "random")


# ----------------------------------------------------------------------------- determinism
_SCRIPT = """
import json, sys
from engine.codec import position_from_json
from engine import play
cases = json.loads(sys.stdin.read())
out = []
for position, player, seed in cases:
    orders = play(position_from_json(position), player=player, seed=seed)
    out.append({p.value: [str(o) for o in v] for p, v in orders.items()})
print(json.dumps(out))
"""


def test_the_same_orders_in_a_fresh_process_with_another_hash_seed():
    positions = [position for position, _ in reached_positions(77, years=3)][::3]
    cases = [(position_to_json(p), player, seed) for p in positions for player in PLAYERS for seed in (0, 1)]
    here = [texts(play(_read(c[0]), player=c[1], seed=c[2])) for c in cases]
    for hash_seed in ("1", "2"):
        proc = subprocess.run(
            [sys.executable, "-c", _SCRIPT],
            input=json.dumps(cases),
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == here


def _read(obj):
    from engine.codec import position_from_json

    return position_from_json(obj)


def test_orders_for_draws_only_from_the_rng_it_is_given():
    start = Position.initial()
    a = orders_for(start, Power.RUSSIA, "random", random.Random(4))
    b = orders_for(start, Power.RUSSIA, "random", random.Random(4))
    assert a == b
    seen = {tuple(map(str, orders_for(start, Power.RUSSIA, "random", random.Random(s)))) for s in range(10)}
    assert len(seen) > 1
    assert resolve(start, {Power.RUSSIA: a}).next.phase.year == 1901


@pytest.mark.parametrize("player", PLAYERS)
def test_the_two_player_games_closed_provinces_are_never_entered(player):
    from engine.variants import ITALIAN_PROVINCES, setup_for

    rules = setup_for(2).rules(Position.initial().phase)
    assert rules.closed == ITALIAN_PROVINCES
    # Austria's Trieste and Vienna border Venice and Tyrolia; France's Marseilles borders Piedmont
    position = pos("S1914M", "AUSTRIA A TRI", "AUSTRIA A VIE", "FRANCE A MAR", "ITALY A VEN", centres={})
    for seed in range(20):
        for power, orders in play(position, player=player, seed=seed, rules=rules).items():
            check_orders(position, power, orders, rules, coherent=player != "random")
            assert not any(
                getattr(o, "destination", None) and o.destination.province in ITALIAN_PROVINCES for o in orders
            )
