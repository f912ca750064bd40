"""How strong the engine's stand-in players are, measured headless (engine only), and what a
move costs them.

Three experiments (issue 23), each run over seeds with the minority seat rotated through all
seven powers and the same seeds for every subject (common random numbers: a game differs
only by the subject's own choices):

``ladder``     one subject seat against six copies of one baseline, from Spring 1901 to the
               end of 1910, a solo, or two years in which no centre changes hands. Reports
               the seat's mean final centres with a 95% confidence interval, its survival
               and solo rates. The sanity ladder: ``dumbbot`` must clearly beat six ``hold``
               and six ``random``.
``retention``  games of seven ``dumbbot`` to Spring 1903; then one power is handed to
               ``hold`` in one run and to ``caretaker`` in another, on the same seeds. The
               seat's centres 2 and 4 years later, and the kingmaking index: the largest
               centre gain of any single other power over those years (paired differences,
               caretaker minus hold, with 95% confidence intervals).
``outside``    the outside suite's shape: a subject seat against six copies of a simple
               opponent (``dumbbot``, and ``greedy``: every unit goes for the nearest centre
               not its own) to the end of 1906: the seat's centres and the largest gain of
               any other power, for ``hold``, ``caretaker`` and ``random`` seats.

Each also records the time of every ``play`` call of the subject (one power, one phase),
and reports its percentiles (the budget: p99 under 200 ms on one core).

    python benchmarks/standin.py ladder    [--seeds 30] [--processes 2] [--subjects ...] [--baselines ...]
    python benchmarks/standin.py retention [--seeds 30] [--processes 2]
    python benchmarks/standin.py outside   [--seeds 30] [--processes 2]

A full ladder (4 subjects × 3 baselines × 7 seats × 30 seeds = 2,520 games) takes hours on
two shared cores; ``--seeds 5`` (35 games per cell) already separates the players clearly.
``--json FILE`` writes every game's record.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Move, Order, Position, Power, play, resolve, seed_for  # noqa: E402
from engine.legal import legal_adjustments, menus  # noqa: E402
from engine.orders import Build, Retreat, SupportMove  # noqa: E402
from engine.players import has_orders_to_give, orders_for  # noqa: E402
from engine.rules import STANDARD_RULES  # noqa: E402

POWERS = list(Power)


# -- a simple opponent of our own (not one of the engine's players) -----------------------------


def greedy_orders(position: Position, power: Power, seed: int) -> list[Order]:
    """Every unit goes for the nearest supply centre its power does not own (an adjacent one
    first, else the move that brings it closest; ties at random), except that a unit on
    such a centre stays there in the fall (to take it); never two units of one power to one
    province; a unit that stays supports a move of its own power next to it. Builds at
    random, disbands by the civil-disorder rule (as hold)."""
    rng = random.Random(seed)
    game_map = position.map
    targets = frozenset(c for c in game_map.supply_centres if position.centres.get(c) is not power)
    phase = position.phase
    if phase.is_adjustment:
        if position.adjustment_delta(power) > 0:
            builds = [o for o in legal_adjustments(position, power) if isinstance(o, Build)]
            rng.shuffle(builds)
            out: list[Order] = []
            for b in builds:
                if len(out) < position.adjustment_delta(power) and all(
                    b.location.province != o.location.province for o in out if isinstance(o, Build)
                ):
                    out.append(b)
            return out
        return orders_for(position, power, "hold", rng)
    if phase.is_movement:
        provinces = [u.province for u in position.units_of(power)]
    else:
        provinces = [p for p, d in sorted(position.dislodged.items()) if d.unit.power is power]
    menu = menus(position, provinces)
    rng.shuffle(provinces)
    taken: set[str] = set()
    chosen: dict[str, Order] = {}
    for province in provinces:
        scored = []
        for o in menu[province]:
            if not isinstance(o, (Move, Retreat)) or (isinstance(o, Move) and o.via_convoy):
                continue
            dest = o.destination.province
            ours = phase.is_movement and dest in position.units and position.units[dest].power is power
            if dest in taken or ours:
                continue
            d = game_map.distance(dest, targets)
            scored.append((d if d is not None else 99, rng.random(), o))
        here = game_map.distance(province, targets)
        stay = phase.is_movement and (here == 0 and phase.season.value == "F")
        best = min(scored, key=lambda s: s[:2]) if scored else None
        if best is not None and not stay and (phase.is_retreat or here is None or best[0] < here):
            taken.add(best[2].destination.province)
            chosen[province] = best[2]
        else:
            taken.add(province)
            chosen[province] = menu[province][0] if phase.is_movement else menu[province][-1]  # hold / disband
    if phase.is_movement:
        # a unit that stays supports a move of ours next to it, when one is made
        for province in sorted(chosen):
            if not isinstance(chosen[province], Move):
                helps = [
                    o
                    for o in menu[province]
                    if isinstance(o, SupportMove)
                    and isinstance(chosen.get(o.supported.province), Move)
                    and chosen[o.supported.province].destination == o.destination  # type: ignore[union-attr]
                ]
                if helps:
                    chosen[province] = rng.choice(helps)
    return [chosen[p] for p in sorted(chosen)]


# -- one game --------------------------------------------------------------------------------


@dataclass
class Game:
    """One game's record."""

    seats: dict[str, str]  # power -> player
    game_seed: int
    start: str
    end: str
    centres: dict[str, dict[str, int]] = field(default_factory=dict)  # phase of each spring -> power -> centres
    winner: str | None = None
    timings: list[float] = field(default_factory=list)  # seconds of each play() call of the timed seat


def orders_of(position: Position, power: Power, player: str, seed: int) -> list[Order]:
    if player == "greedy":
        return greedy_orders(position, power, seed)
    return play(position, [power], player=player, seed=seed)[power]


def play_game(
    position: Position, seats: dict[Power, str], seed: int, last_year: int, timed: Power | None = None, stale: int = 2
) -> Game:
    """Play from ``position`` until the end of ``last_year``, a solo, or ``stale`` years in
    which no centre changed hands. Each power's orders are seeded from (seed, phase, power),
    as the bot seeds them."""
    record = Game({p.value: s for p, s in seats.items()}, seed, str(position.phase), "")
    last_change = position.phase.year
    year_centres = dict(position.centres)
    while True:
        phase = position.phase
        if phase.is_movement and phase.season.value == "S":
            record.centres[str(phase)] = {p.value: len(position.centres_of(p)) for p in POWERS}
            if phase.year > last_year or phase.year - last_change > stale:
                break
        orders: dict[Power, list[Order]] = {}
        for power in POWERS:
            if not has_orders_to_give(position, power, STANDARD_RULES):
                continue
            started = time.perf_counter()
            orders[power] = orders_of(position, power, seats[power], seed_for(seed, str(phase), power.value))
            if power is timed:
                record.timings.append(time.perf_counter() - started)
        outcome = resolve(position, orders)
        position = outcome.next
        if outcome.winner is not None:
            record.winner = outcome.winner.value
            record.centres[f"end {phase}"] = {p.value: len(position.centres_of(p)) for p in POWERS}
            break
        if position.phase.is_adjustment or (phase.season.value == "F" and position.phase.season.value == "S"):
            if dict(position.centres) != year_centres:
                last_change = phase.year
                year_centres = dict(position.centres)
    record.end = str(position.phase)
    return record


def final(record: Game, power: str) -> int:
    return list(record.centres.values())[-1][power]


# -- the experiments -------------------------------------------------------------------------


def _ladder_job(job: tuple[str, str, str, int, int]) -> dict:
    subject, baseline, seat, seed, last_year = job
    seats = {p: baseline for p in POWERS}
    seats[Power(seat)] = subject
    game = play_game(Position.initial(), seats, seed_for("ladder", seed), last_year, timed=Power(seat))
    return {"subject": subject, "baseline": baseline, "seat": seat, "seed": seed, **asdict(game)}


def _retention_start(seed: int) -> dict:
    seats = {p: "dumbbot" for p in POWERS}
    game = play_game(Position.initial(), seats, seed_for("retention-opening", seed), 1902, stale=99)
    # the position at Spring 1903 (replayed: play_game keeps only counts)
    position = Position.initial()
    game_seed = seed_for("retention-opening", seed)
    while not (position.phase.year == 1903 and position.phase.is_movement):
        orders = {
            p: orders_of(position, p, "dumbbot", seed_for(game_seed, str(position.phase), p.value))
            for p in POWERS
            if has_orders_to_give(position, p, STANDARD_RULES)
        }
        position = resolve(position, orders).next
    from engine.codec import position_to_json

    return {"seed": seed, "position": position_to_json(position), "opening": asdict(game)}


def _retention_job(job: tuple[dict, str, str, int]) -> dict:
    from engine.codec import position_from_json

    start, subject, seat, seed = job
    position = position_from_json(start)
    seats = {p: "dumbbot" for p in POWERS}
    seats[Power(seat)] = subject
    game = play_game(position, seats, seed_for("retention", seed, seat), 1906, timed=Power(seat), stale=99)
    return {"subject": subject, "seat": seat, "seed": seed, **asdict(game)}


def _outside_job(job: tuple[str, str, str, int]) -> dict:
    subject, opponent, seat, seed = job
    seats = {p: opponent for p in POWERS}
    seats[Power(seat)] = subject
    game = play_game(Position.initial(), seats, seed_for("outside", seed), 1906, timed=Power(seat), stale=99)
    return {"subject": subject, "opponent": opponent, "seat": seat, "seed": seed, **asdict(game)}


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return math.nan, math.nan
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.nan
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def fmt(values: list[float]) -> str:
    m, h = mean_ci(values)
    return f"{m:5.2f} ± {h:4.2f}"


def latency(records: Iterable[dict]) -> str:
    samples = sorted(t for r in records for t in r["timings"])
    if not samples:
        return "no samples"

    def q(f: float) -> float:
        return samples[min(len(samples) - 1, int(f * len(samples)))] * 1000

    return f"{len(samples)} calls: p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, max {samples[-1] * 1000:.1f} ms"


def run(jobs: list, job: Callable, processes: int) -> list[dict]:
    started = time.perf_counter()
    out: list[dict] = []
    with Pool(processes) as pool:
        for i, result in enumerate(pool.imap_unordered(job, jobs, chunksize=1), 1):
            out.append(result)
            if i % 20 == 0 or i == len(jobs):
                print(f"  {i}/{len(jobs)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return out


def ladder(args: argparse.Namespace) -> list[dict]:
    jobs = [
        (subject, baseline, seat.value, seed, args.last_year)
        for baseline in args.baselines
        for subject in args.subjects
        for seat in POWERS
        for seed in range(args.seeds)
    ]
    records = run(jobs, _ladder_job, args.processes)
    print(f"\nladder: one subject seat against six copies of a baseline, to the end of {args.last_year}")
    print(f"({args.seeds} seeds × 7 seats per cell; final centres: mean ± 95% CI)\n")
    print(f"{'subject':<10} {'baseline':<9} {'games':>5}  {'final centres':>13}  {'survival':>8}  {'solo':>5}")
    for baseline in args.baselines:
        for subject in args.subjects:
            cell = [r for r in records if r["subject"] == subject and r["baseline"] == baseline]
            finals = [final_of(r) for r in cell]
            survival = sum(1 for f in finals if f > 0) / len(cell)
            solo = sum(1 for r in cell if r["winner"] == r["seat"]) / len(cell)
            print(f"{subject:<10} {baseline:<9} {len(cell):>5}  {fmt(finals):>13}  {survival:8.0%}  {solo:5.0%}")
    for subject in args.subjects:
        print(f"latency {subject}: {latency(r for r in records if r['subject'] == subject)}")
    return records


def final_of(record: dict) -> int:
    return list(record["centres"].values())[-1][record["seat"]]


def at(record: dict, phase: str, power: str) -> int:
    centres = record["centres"]
    if phase in centres:
        return centres[phase][power]
    return list(centres.values())[-1][power]  # the game ended earlier (a solo)


def retention(args: argparse.Namespace) -> list[dict]:
    starts = run(list(range(args.seeds)), _retention_start, args.processes)
    starts.sort(key=lambda s: s["seed"])
    jobs = [
        (s["position"], subject, seat.value, s["seed"])
        for s in starts
        for seat in POWERS
        for subject in ("hold", "caretaker")
    ]
    records = run(jobs, _retention_job, args.processes)
    print("\nretention: dumbbot games to Spring 1903, then one power handed to hold or to caretaker")
    print(f"({args.seeds} openings × 7 seats; mean ± 95% CI; paired on the same seeds)\n")
    by = {(r["seed"], r["seat"], r["subject"]): r for r in records}
    rows: dict[str, dict[str, list[float]]] = {"hold": {}, "caretaker": {}}
    for (_, seat, subject), r in sorted(by.items()):
        start = r["centres"]["S1903M"]
        rows[subject].setdefault("at hand-over", []).append(start[seat])
        for years, phase in ((2, "S1905M"), (4, "S1907M")):
            rows[subject].setdefault(f"seat +{years}y", []).append(at(r, phase, seat))
            gain = max(at(r, phase, p) - start[p] for p in start if p != seat)
            rows[subject].setdefault(f"kingmaking +{years}y", []).append(gain)
        rows[subject].setdefault("solo by another", []).append(1.0 if r["winner"] and r["winner"] != seat else 0.0)
    print(f"{'measure':<18} {'hold':>13} {'caretaker':>13} {'caretaker − hold':>17}")
    for key in rows["hold"]:
        h, c = rows["hold"][key], rows["caretaker"][key]
        diff = [b - a for a, b in zip(h, c)]
        print(f"{key:<18} {fmt(h):>13} {fmt(c):>13} {fmt(diff):>17}")
    print(f"latency caretaker: {latency(r for r in records if r['subject'] == 'caretaker')}")
    return records


def outside(args: argparse.Namespace) -> list[dict]:
    subjects = args.outside_subjects
    jobs = [
        (subject, opponent, seat.value, seed)
        for opponent in args.opponents
        for subject in subjects
        for seat in POWERS
        for seed in range(args.seeds)
    ]
    records = run(jobs, _outside_job, args.processes)
    print("\noutside: one seat against six copies of a simple opponent, to the end of 1906")
    print(f"({args.seeds} seeds × 7 seats; mean ± 95% CI; largest gain: of any other power from 1901)\n")
    print(f"{'opponent':<9} {'seat':<10} {'seat centres':>13} {'largest gain':>13} {'paired vs hold':>15}")
    for opponent in args.opponents:
        base = {(r["seat"], r["seed"]): r for r in records if r["opponent"] == opponent and r["subject"] == "hold"}
        for subject in subjects:
            cell = sorted(
                (r for r in records if r["opponent"] == opponent and r["subject"] == subject),
                key=lambda r: (r["seat"], r["seed"]),
            )
            seat = [final_of(r) for r in cell]
            gains = [largest_gain(r) for r in cell]
            paired = [largest_gain(r) - largest_gain(base[(r["seat"], r["seed"])]) for r in cell if base]
            print(f"{opponent:<9} {subject:<10} {fmt(seat):>13} {fmt(gains):>13} {fmt(paired) if base else '':>15}")
    print(f"latency caretaker: {latency(r for r in records if r['subject'] == 'caretaker')}")
    return records


def largest_gain(record: dict) -> int:
    first = list(record["centres"].values())[0]
    last = list(record["centres"].values())[-1]
    return max(last[p] - first[p] for p in first if p != record["seat"])


def tune(item: str) -> None:
    """Change one constant of a preset for this run (the workers are forked after this)."""
    import dataclasses

    import engine.players as players

    preset, _, assignment = item.partition(":")
    name, _, text = assignment.partition("=")
    attribute = preset.upper()
    weights = getattr(players, attribute)
    old = getattr(weights, name)
    value: object
    if "," in text:
        value = tuple(float(v) for v in text.split(","))
    elif isinstance(old, bool):
        value = text.lower() in ("1", "true", "yes")
    elif isinstance(old, int) and float(text).is_integer():
        value = int(float(text))
    else:
        value = float(text)
    setattr(players, attribute, dataclasses.replace(weights, **{name: value}))
    print(f"{preset}: {name} = {value} (was {old})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("experiment", choices=("ladder", "retention", "outside"))
    parser.add_argument("--seeds", type=int, default=30, help="seeds per seat (default 30)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--subjects", nargs="+", default=["dumbbot", "caretaker", "hold", "random"])
    parser.add_argument("--baselines", nargs="+", default=["hold", "random", "dumbbot"])
    parser.add_argument("--opponents", nargs="+", default=["dumbbot", "greedy"])
    parser.add_argument("--outside-subjects", nargs="+", default=["hold", "caretaker", "random", "dumbbot"])
    parser.add_argument("--last-year", type=int, default=1910)
    parser.add_argument(
        "--weights",
        action="append",
        default=[],
        metavar="PRESET:NAME=VALUE",
        help="try other constants, e.g. caretaker:fall_attack=300 (repeatable; for tuning)",
    )
    parser.add_argument("--json", help="write every game's record to this file")
    args = parser.parse_args(argv)
    for item in args.weights:
        tune(item)
    started = time.perf_counter()
    records = {"ladder": ladder, "retention": retention, "outside": outside}[args.experiment](args)
    print(f"\n{len(records)} games in {time.perf_counter() - started:.0f} s with {args.processes} processes")
    if args.json:
        Path(args.json).write_text(json.dumps(records))


if __name__ == "__main__":
    main()
