#!/usr/bin/env python3
"""Developer-only helper: write tests/engine/datc/6A.txt ... 6J.txt from /work/shared/datc.

    python tools/datc_convert.py /path/to/shared/datc [--out tests/engine/datc] [--report]

This was used ONCE to produce the first draft of the DATC case files; the
committed .txt files are the source of truth and have been checked (and
partly hand-edited) against the DATC v3.0 text.  Re-running the converter
overwrites those hand edits, so don't, unless you mean to redo the review.

What it does
------------
* Orders come from the DATC v3.0 text itself (DATC_v3_0.txt), exactly as the
  players wrote them (wrong coasts, missing coasts, illegal orders are kept),
  translated to the canonical notation of docs/spec engine-cli.md.
* Expected outcomes (Succeeds/Fails) come from datc_v3_0.json following the
  README "Recipe" (edition absent or 2023; 6.G.2 -> 1982; 6.G.4 either; the
  JSON's second 6.J.9 entry dropped), corrected by datc_v3_0.deviations.json.
  6.D.16 and 6.H.1-6.H.3 come from the deviations file / the godip file;
  6.I.* and 6.J.* are written from the DATC text (HAND table below).
* Unit positions come from the JSON (starting_state, or the ordered units).
* The AFTER / DISLODGED blocks are derived from the outcomes with the standard
  map (a unit whose move succeeds is at its destination; a unit that stays is
  dislodged iff some move into its province succeeds; retreat options =
  neighbours minus occupied, minus the attacker's origin unless it came by
  convoy, minus provinces left empty by a standoff), and then cross-checked
  against the godip file's POSTSTATE where that case exists (differences are
  printed with --report and were resolved by hand from the DATC text).

Hand edits made to the committed files after conversion (a re-run loses them):
6.A.5 (Liverpool's support => fail, DATC: illegal), 6.B.7/6.B.8/6.B.15 (supports
asserted ok), comments of 6.B.3/6.B.9/6.D.28-30/6.E.6/6.E.7/6.F.12/6.F.25/6.G.2/6.G.3,
6.D.16 (written from the deviations/godip data), 6.H.3 (F NTH H => ok; the JSON's
truncated position says Fails), 6.H.15 comment, 6.G.4 / 6.H.9 retreat options
(PIC / BER: now also produced by derive()).
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

POWERS = {
    "AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY",
    "ITA": "ITALY", "RUS": "RUSSIA", "TUR": "TURKEY",
}
POWER_WORDS = {v.capitalize(): v for v in POWERS.values()}
SECTION_COUNTS = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25,
                  "G": 20, "H": 16, "I": 7, "J": 11}
GODIP_RENAME = {"mid": "mao", "nrg": "nwg", "gol": "lyo", "nat": "nao"}
HOME = {
    "AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"],
    "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"],
    "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
    "TURKEY": ["ANK", "CON", "SMY"],
}


# --------------------------------------------------------------------- map
class Map:
    def __init__(self, d: Path):
        self.names = {}
        self.centers = set()
        with open(d / "provinces.csv") as f:
            for row in csv.DictReader(f):
                self.names[row["full_name"].lower()] = row["short_name"].upper()
                if row["supply_center_for"]:
                    self.centers.add(row["short_name"].upper())
        self.names.update({"gulf of lyons": "LYO", "helgoland": "HEL",
                           "st. petersburg": "STP", "mid atlantic ocean": "MAO", "rhur": "RUH"})
        self.army = defaultdict(set)   # province -> provinces
        self.fleet = defaultdict(set)  # region -> regions (SPA/NC style)
        with open(d / "borders.csv") as f:
            next(f)
            for line in f:
                a, b, t = [x.strip() for x in line.split(",")]
                a, b = reg(a), reg(b)
                if t in ("land", "coast"):
                    self.army[a].add(b); self.army[b].add(a)
                if t in ("sea", "coast"):
                    self.fleet[a].add(b); self.fleet[b].add(a)

    def adjacent(self, utype, frm, to):
        if utype == "A":
            return prov(to) in self.army[prov(frm)]
        return to in self.fleet[frm]

    def fleet_targets(self, frm, province):
        return sorted(r for r in self.fleet[frm] if prov(r) == province)


def reg(s: str) -> str:
    s = s.strip().upper()
    m = re.match(r"^([A-Z]{3})\((NC|SC|EC)\)$", s)
    return f"{m.group(1)}/{m.group(2)}" if m else s


def prov(r: str) -> str:
    return r.split("/")[0]


# ----------------------------------------------------------- DATC text
HEADER = re.compile(r"^(6\.[A-J]\.\d+)\.? TEST CASE, (.*)$")
POWER_LINE = re.compile(r"^(Austria|England|France|Germany|Italy|Russia|Turkey):?\s*$")
ORDER_LINE = re.compile(r"^(A|F|Build|Remove) ")


def place(m: Map, text: str) -> str:
    text = text.strip()
    mm = re.match(r"^(.*?)\s*\((nc|sc|ec)\)$", text)
    coast = None
    if mm:
        text, coast = mm.group(1), mm.group(2).upper()
    code = m.names[text.lower()]
    return f"{code}/{coast}" if coast else code


def canon(m: Map, text: str, kind: str) -> str:
    """DATC text order -> canonical order text. kind: M, R or A."""
    t = text.strip()
    mm = re.match(r"^Build (A|F) (.*)$", t)
    if mm:
        return f"{mm.group(1)} {place(m, mm.group(2))} B"
    mm = re.match(r"^Remove (A|F) (.*)$", t)
    if mm:
        return f"{mm.group(1)} {place(m, mm.group(2))} D"
    via = ""
    if re.search(r" via convoy$", t, re.I):
        t = re.sub(r" via convoy$", "", t, flags=re.I)
        via = " VIA"
    mm = re.match(r"^(A|F) (.*?) (Supports|Convoys) (?:(A|F) )?(.*?)(?: - (.*))?$", t)
    if mm:
        u, at, verb, u2, frm, to = mm.groups()
        u2 = u2 or "?"  # DATC 6.D.34/6.F.25 omit the unit letter: filled in later
        s = f"{u} {place(m, at)} {'S' if verb == 'Supports' else 'C'} {u2} {place(m, frm)}"
        if to:
            s += f" - {place(m, to)}"
        return s
    mm = re.match(r"^(A|F) (.*?) Hold$", t)
    if mm:
        return f"{mm.group(1)} {place(m, mm.group(2))} H"
    mm = re.match(r"^(A|F) (.*?) - (.*)$", t)
    if mm:
        if kind == "R":
            return f"{mm.group(1)} {place(m, mm.group(2))} R {place(m, mm.group(3))}"
        return f"{mm.group(1)} {place(m, mm.group(2))} - {place(m, mm.group(3))}{via}"
    raise ValueError(f"cannot convert {text!r}")


def parse_datc_text(path: Path):
    lines = path.read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "6. TEST CASES")
    cases = {}
    cur = None
    for line in lines[start:]:
        s = line.strip()
        h = HEADER.match(s)
        if h:
            cur = {"num": h.group(1), "title": h.group(2), "groups": [], "text": []}
            cases[cur["num"]] = cur
            group = None
            power = None
            continue
        if cur is None:
            continue
        if re.match(r"^6\.[A-J]\. TEST CASES", s):
            cur = None
            continue
        cur["text"].append(line)
        if not s:
            continue
        pm = POWER_LINE.match(s)
        if pm:
            power = POWER_WORDS[pm.group(1)]
            if group is None:
                group = []
                cur["groups"].append(group)
            continue
        if power and ORDER_LINE.match(s):
            group.append((power, s))
            continue
        # prose
        power = None
        group = None
    return cases


# ------------------------------------------------------------- JSON
def case_num(url: str) -> str:
    return url.split("#")[1]


def parse_json_order(key: str):
    p, rest = key.split(":", 1)
    w = rest.split()
    return POWERS[p], w[0].upper(), reg(w[1]), " ".join(w[2:])


def select_json(d: Path):
    data = json.loads((d / "datc_v3_0.json").read_text())["cases"]
    by = defaultdict(list)
    for c in data:
        by[case_num(c["url"])].append(c)
    sel = {}
    for num, entries in by.items():
        if num == "6.G.2":
            pick = [e for e in entries if e.get("edition") == "1982"]
        elif num == "6.G.4":
            pick = entries[:1]
        else:
            pick = [e for e in entries if e.get("edition") in (None, "2023")]
        if num == "6.J.9":
            pick = pick[:1]
        if num == "6.G.11":
            # first entry = implicit (replaced by deviation), keep it only
            pick = [e for e in pick if "variant" not in e["name"]]
        sel[num] = pick
    return sel, by


def outcome_word(v):
    if v is None:
        return None
    return v.split()[0]


# --------------------------------------------------------- resolution
NOTES = []


def derive(m: Map, units, orders, outcome):
    """units: {(power, region, type)}; orders: list of (power, canon);
    outcome: canon-order -> 'Succeeds'/'Fails'/None.
    Returns (after: set of (power,type,region)), dislodged {unit: options}."""
    at = {prov(r): (p, t, r) for (p, r, t) in units}
    moves = {}  # province -> (dest region, order, via)
    for p, o in orders:
        w = o.split()
        if len(w) >= 4 and w[2] == "-":
            src = prov(w[1])
            if src in at and at[src][0] == p and at[src][1] == w[0]:
                moves[src] = (w[3], o, "VIA" in w)
            elif src in at and at[src][0] == p:
                moves[src] = (w[3], o, "VIA" in w)
    after = {}
    moved = {}
    for src, (dest, o, via) in moves.items():
        if outcome.get(o) == "Succeeds":
            p, t, r = at[src]
            if t == "F" and "/" not in dest:
                cands = m.fleet_targets(r, dest)
                dest = cands[0] if len(cands) == 1 else dest
            if t == "A":
                dest = prov(dest)
            moved[src] = (p, t, dest)
    for src, u in at.items():
        if src not in moved:
            after[src] = u
    dislodged = {}
    for src, (p, t, dest) in moved.items():
        d = prov(dest)
        if d in after:
            dislodged[d] = after.pop(d)
        after[d] = (p, t, dest)
    # contested provinces: empty after movement and target of a failed legal move
    contested = set()
    for src, (dest, o, via) in moves.items():
        if outcome.get(o) == "Succeeds":
            continue
        p, t, r = at[src]
        d = prov(dest)
        if d in after or d == src:
            continue
        if t == "A" and (via or not m.adjacent("A", r, dest)):
            # failed convoyed move: bounce or disrupted convoy?  Not decidable
            # here; assumed disrupted (no standoff) -- checked by hand.
            NOTES.append(f"failed convoyed move {o}: assumed no standoff in {d}")
        elif m.adjacent(t, r, dest) or (t == "F" and m.fleet_targets(r, d)):
            # a unit dislodged by a unit coming from d has no effect on d (DATC 6.E.1/6.H.9)
            if src in dislodged and d in moved and prov(moved[d][2]) == src:
                continue
            contested.add(d)
    options = {}
    for d, (p, t, r) in dislodged.items():
        attacker_src = None
        convoyed = False
        for src, (mp, mt, mdest) in moved.items():
            if prov(mdest) == d:
                attacker_src = src
                mo = moves[src]
                convoyed = mt == "A" and (mo[2] or not m.adjacent("A", src, d) or any(
                    op == mp and ow.split()[2] == "C" and ow.split()[4] == src and ow.split()[-1] == d
                    for op, ow in orders if len(ow.split()) > 5))
        if t == "A":
            cand = sorted(m.army[prov(r)])
        else:
            cand = sorted(m.fleet[r])
        opts = []
        for c in cand:
            pc = prov(c)
            if pc in after or pc in contested:
                continue
            if pc == attacker_src and not convoyed:
                continue
            if pc == "SWI":
                continue
            opts.append(c)
        options[(p, t, r)] = opts
    return {u for u in after.values()}, options


# ------------------------------------------------------------- godip
def parse_godip(path: Path):
    cases = {}
    cur = None
    block = None
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("CASE "):
            cur = {"name": line[5:].strip(), "blocks": defaultdict(list)}
            cases[cur["name"]] = cur
            block = None
            continue
        if line == "END":
            cur = None
            continue
        if cur is None:
            continue
        if line.startswith("PRESTATE_SETPHASE"):
            cur["phase"] = line.split(None, 1)[1]
            continue
        if re.match(r"^[A-Z_]+$", line):
            block = line
            cur["blocks"][block]
            continue
        cur["blocks"][block].append(line)
    return cases


def godip_units(lines):
    out = set()
    for l in lines:
        mm = re.match(r"^(\w+):?\s+([AaFf])\s+(\S+)$", l)
        if not mm:
            continue
        p = mm.group(1).upper().replace("GERMNAY", "GERMANY")
        r = mm.group(3).lower()
        base, _, coast = r.partition("/")
        base = GODIP_RENAME.get(base, base)
        r = base.upper() + ("/" + coast.upper() if coast else "")
        out.add((p, mm.group(2).upper(), r))
    return out


# -------------------------------------------------------- hand tables
# Moves the JSON leaves unasserted (null) or cannot express, decided from the DATC text.
MOVE_OVERRIDE = {
    "6.D.5": {("GERMANY", "MUN"): "Succeeds"},
    "6.D.28": {("RUSSIA", "RUM"): "Fails"},
    "6.D.29": {("RUSSIA", "RUM"): "Fails"},
    "6.F.6": {("ENGLAND", "LON"): "Fails", ("GERMANY", "SKA"): "Succeeds"},
    "6.F.20": {("FRANCE", "TUN"): "Fails"},
    "6.F.21": {("RUSSIA", "NWY"): "Succeeds"},
    "6.F.24": {("ENGLAND", "EDI"): "Succeeds", ("ENGLAND", "IRI"): "Fails"},
    "6.F.25": {("GERMANY", "DEN"): "Succeeds"},
    "6.G.15": {("ENGLAND", "LON"): "Succeeds", ("FRANCE", "BEL"): "Fails"},
    "6.H.2": {("ENGLAND", "LVP"): "Succeeds", ("GERMANY", "RUH"): "Succeeds",
              ("RUSSIA", "FIN"): "Succeeds", ("ENGLAND", "NWY"): "Fails",
              ("RUSSIA", "EDI"): "Fails", ("RUSSIA", "HOL"): "Fails"},
    "6.H.3": {("GERMANY", "RUH"): "Succeeds"},
    "6.H.12": {("FRANCE", "BRE"): "Succeeds"},
}
# Retreat-phase outcomes for 6.H.1-6.H.3 (from the godip file / DATC text).
RETREAT_OVERRIDE = {
    "6.H.1": {("AUSTRIA", "TRI"): "Fails", ("AUSTRIA", "SER"): "Fails", ("TURKEY", "GRE"): "Fails"},
    "6.H.2": {("ENGLAND", "NWY"): "Fails", ("RUSSIA", "EDI"): "Fails", ("RUSSIA", "HOL"): "Fails"},
    "6.H.3": {("ENGLAND", "HOL"): "Fails", ("ENGLAND", "NTH"): "Fails"},
}

def _centers(**over):
    c = {k: list(v) for k, v in HOME.items()}
    for power, provs in over.items():
        for pr in provs:
            for k in c:
                if pr in c[k]:
                    c[k].remove(pr)
            c[power].append(pr)
    return "CENTERS\n" + "\n".join(f"  {k}: {' '.join(sorted(v))}" for k, v in c.items() if v)


HAND_TEXT = {
"6.B.14": f"""
# DATC: Build fails (issue 4.B.7: a fleet built on a split coast needs a coast).
PHASE W1901A
{_centers()}
UNITS
ORDERS
  RUSSIA: F STP B  => fail
AFTER
""",
"6.I.1": f"""
# DATC: Germany may build one: build in Warsaw fails, Kiel succeeds, Munich fails.
# Position from datc_v3_0.json (F DEN, A RUH, A PRU; Germany owns DEN); orders as in the DATC text.
PHASE W1901A
{_centers(GERMANY=["DEN"])}
UNITS
  GERMANY: F DEN A RUH A PRU
ORDERS
  GERMANY: A WAR B  => fail
  GERMANY: A KIE B  => ok
  GERMANY: A MUN B  => fail
AFTER
  GERMANY: A KIE A PRU A RUH F DEN
""",
"6.I.2": f"""
# DATC: Build fails (a fleet cannot be built in a land area; not changed into an army).
PHASE W1901A
{_centers()}
UNITS
ORDERS
  RUSSIA: F MOS B  => fail
AFTER
""",
"6.I.3": f"""
# DATC: Build fails (Berlin is occupied).
PHASE W1901A
{_centers()}
UNITS
  GERMANY: A BER
ORDERS
  GERMANY: A BER B  => fail
AFTER
  GERMANY: A BER
""",
"6.I.4": f"""
# DATC: Build fails (the other coast of St Petersburg is occupied).
# The DATC order is literally "Build A St Petersburg(nc)" (an army with a coast): kept as written.
PHASE W1901A
{_centers()}
UNITS
  RUSSIA: F STP/SC
ORDERS
  RUSSIA: A STP/NC B  => fail
AFTER
  RUSSIA: F STP/SC
""",
"6.I.5": f"""
# DATC: Build fails (Berlin is a home centre of Germany but owned by Russia).
PHASE W1901A
{_centers(RUSSIA=["BER"])}
UNITS
ORDERS
  GERMANY: A BER B  => fail
AFTER
""",
"6.I.6": f"""
# DATC: Build fails (Warsaw is owned by Germany but is not a German home centre).
PHASE W1901A
{_centers(GERMANY=["WAR"])}
UNITS
ORDERS
  GERMANY: A WAR B  => fail
AFTER
""",
"6.I.7": f"""
# DATC: The second build in Moscow fails (Russia may build two).
PHASE W1901A
{_centers()}
UNITS
  RUSSIA: F SEV F STP/NC
ORDERS
  RUSSIA: A MOS B  => ok
  RUSSIA: A MOS B  => fail
AFTER
  RUSSIA: A MOS F SEV F STP/NC
""",
"6.J.1": f"""
# DATC: Removal of F Gulf of Lyon fails (no fleet), A Picardy succeeds, A Paris fails (too many disbands).
PHASE W1901A
{_centers(ENGLAND=["BRE"], ITALY=["MAR"])}
UNITS
  FRANCE: A PAR A PIC
ORDERS
  FRANCE: F LYO D  => fail
  FRANCE: A PIC D  => ok
  FRANCE: A PAR D  => fail
AFTER
  FRANCE: A PAR
""",
"6.J.2": f"""
# DATC: Paris is removed and another unit is removed by the civil disorder rules.
# France owns only PAR and must remove two of A PAR, F LYO, A RUH. The second unit under the
# 2023 civil-disorder rule (DATC 4.D.8 preference): F LYO (distance 3 to PAR) before A RUH (2).
PHASE W1901A
{_centers(ENGLAND=["BRE"], ITALY=["MAR"])}
UNITS
  ENGLAND: F BRE
  FRANCE: A PAR F LYO A RUH
  ITALY: A MAR
ORDERS
  FRANCE: A PAR D  => ok
  FRANCE: A PAR D  => fail
AFTER
  ENGLAND: F BRE
  FRANCE: A RUH
  ITALY: A MAR
""",
"6.J.3": """
# DATC: The army in Sweden is removed (2023 rules: distance to the nearest owned centre, STP).
# Position from the DATC text (deviations file): Russia owns only STP; nobody else owns anything.
PHASE W1901A
CENTERS
  RUSSIA: STP
UNITS
  RUSSIA: A LVN A SWE
ORDERS
AFTER
  RUSSIA: A LVN
""",
"6.J.4": """
# DATC: Both armies have distance one; the Livonia army is removed (alphabetical order).
PHASE W1901A
CENTERS
  RUSSIA: MOS
UNITS
  RUSSIA: A LVN A UKR
ORDERS
AFTER
  RUSSIA: A UKR
""",
"6.J.5": """
# DATC: Fleet in Berlin (distance 3) is removed; Skagerrak has distance 2 (via Norway).
# Position from the DATC text (deviations file).
PHASE W1901A
CENTERS
  RUSSIA: STP
UNITS
  RUSSIA: F SKA F BER
ORDERS
AFTER
  RUSSIA: F SKA
""",
"6.J.6": """
# DATC: Both distances are three (2023: to owned centres, over land and sea); Gulf of Bothnia is removed (alphabetical).
PHASE W1901A
CENTERS
  RUSSIA: MUN
UNITS
  RUSSIA: F BOT F NTH
ORDERS
AFTER
  RUSSIA: F NTH
""",
"6.J.7": """
# DATC: All distances are two; fleets go before armies; the fleet in the North Sea is removed (alphabetical).
PHASE W1901A
CENTERS
  RUSSIA: STP WAR
UNITS
  RUSSIA: A BOH F SKA F NTH
ORDERS
AFTER
  RUSSIA: A BOH F SKA
""",
"6.J.8": """
# DATC: Army to Warsaw is three, fleet is two: the army in Tyrolia is removed.
PHASE W1901A
CENTERS
  RUSSIA: WAR
UNITS
  RUSSIA: A TYR F BAL
ORDERS
AFTER
  RUSSIA: F BAL
""",
"6.J.9": """
# The DATC gives two scenarios; both are checked under this one case number.
# DATC (scenario 1): the fleet is 2 from St Petersburg(sc): the army in Greece must be removed.
PHASE W1901A
CENTERS
  RUSSIA: SEV STP
UNITS
  RUSSIA: A GRE A SEV F BAL
ORDERS
AFTER
  RUSSIA: A SEV F BAL
END

CASE 6.J.9 Civil disorder must be counted from both coasts (scenario 2)
# DATC (scenario 2): the fleet is 2 from St Petersburg(nc): the army in Greece must be removed.
PHASE W1901A
CENTERS
  RUSSIA: SEV STP
UNITS
  RUSSIA: A GRE A SEV F SKA
ORDERS
AFTER
  RUSSIA: A SEV F SKA
""",
"6.J.10": """
# DATC: Greece is two from Naples over water; the army in Piedmont has to be removed.
# Position from the DATC text (deviations file).
PHASE W1901A
CENTERS
  ITALY: NAP
UNITS
  ITALY: A GRE A PIE
ORDERS
AFTER
  ITALY: A GRE
""",
"6.J.11": """
# DATC: The army in Tuscany is removed (2023: distance to the owned centre Warsaw; older rulebooks kept it).
PHASE W1901A
CENTERS
  ITALY: WAR
UNITS
  ITALY: A WAR A TUS
ORDERS
AFTER
  ITALY: A WAR
""",
}
TEXT_UNITS = {"6.H.2", "6.H.3"}  # JSON position truncated: use the DATC text's units
# Adjustment cases are written from the DATC text (the JSON changes some orders).
# value: (phase, centers or None, units [(power, unit)], orders [(power, order, exp)], comment)
HAND = {}


def fmt_unit(u):
    p, t, r = u
    return f"{t} {r}"


def write_block(out, title, units):
    out.append(title)
    byp = defaultdict(list)
    for u in units:
        byp[u[0]].append(fmt_unit(u))
    for p in sorted(byp):
        out.append(f"  {p}: {' '.join(sorted(byp[p]))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shared_datc", type=Path)
    ap.add_argument("--out", type=Path, default=Path("tests/engine/datc"))
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    d = a.shared_datc
    m = Map(d / "standard_map")
    text = parse_datc_text(d / "DATC_v3_0.txt")
    sel, allj = select_json(d)
    dev = {c["datc"]: c for c in json.loads((d / "datc_v3_0.deviations.json").read_text())["cases"]}
    godip = parse_godip(d / "datc_v2.4_06.godip.txt")
    godip_by = {}
    for name, c in godip.items():
        mm = re.match(r"^(6\.[A-J]\.\d+)\.?(\s|$)", name)
        if mm and "mod" not in name and "old" not in name and "extended" not in name:
            godip_by.setdefault(mm.group(1), c)
    godip_by["6.F.5"] = godip.get("6.F.E")
    report = []
    files = defaultdict(list)
    for num, tc in text.items():
        sec = num.split(".")[1]
        out = files[sec]
        out.append(f"CASE {num} {tc['title'].capitalize()}")
        paras = [" ".join(x.split()) for x in "\n".join(tc["text"]).split("\n\n") if x.strip()]
        if num in HAND_TEXT:
            out.extend(HAND_TEXT[num].strip("\n").splitlines())
            out.append("END")
            out.append("")
            continue
        if paras:
            last = paras[-1]
            sent = re.split(r"(?<=[.!?])\s", last)[0]
            out.append(f"# DATC: {sent[:180]}")
        entries = sel.get(num, [])
        e = entries[0] if entries else None
        groups = tc["groups"]
        if e is None or e["phase"] == "Build":
            out.append("# TODO hand-write (adjustment / missing)")
            for g in groups:
                for p, o in g:
                    out.append(f"#   {p}: {o}")
            out.append("END")
            out.append("")
            continue
        main_json = e["preceding_main_phase"] if e["phase"] == "Retreat" else e
        # outcomes by (power, province)
        oc = {}
        for k, v in main_json["orders"].items():
            p, t, r, rest = parse_json_order(k)
            oc[(p, prov(r))] = outcome_word(v)
        if num in dev and isinstance(dev[num].get("datc_v3_preferred"), dict):
            for k, v in dev[num]["datc_v3_preferred"].items():
                p, t, r, rest = parse_json_order(k)
                if num == "6.A.5":
                    continue
                oc[(p, prov(r))] = outcome_word(v)
        units = set()
        if main_json.get("starting_state"):
            for s in main_json["starting_state"]:
                p, rest = s.split(":")
                t, r = rest.split()
                units.add((POWERS[p], reg(r), t.upper()))
        else:
            for k in main_json["orders"]:
                p, t, r, rest = parse_json_order(k)
                units.add((p, r, t))
        if num in TEXT_UNITS:
            units = set()
            for p, o in groups[0]:
                w = canon(m, o, "M").split()
                units.add((p, w[1], w[0]))
        for k, v in MOVE_OVERRIDE.get(num, {}).items():
            oc[k] = v
        g0 = groups[0]
        orders = [(p, canon(m, o, "M")) for p, o in g0]
        typ = {prov(r): t for p_, r, t in units}
        fixed = []
        for p, o in orders:
            if " ? " in o:
                w = o.split()
                o = o.replace(" ? ", f" {typ[prov(w[4])]} ")
                report.append(f"{num}: unit letter missing in DATC text, wrote {o}")
            fixed.append((p, o))
        orders = fixed
        outcome = {}
        # compare positions
        text_units = {(p, o.split()[1], o.split()[0]) for p, o in orders}
        if {(p, prov(r)) for p, r, t in text_units} != {(p, prov(r)) for p, r, t in units}:
            report.append(f"{num}: units differ text={sorted(text_units)} json={sorted(units)}")
        exp_line = {}
        for p, o in orders:
            v = oc.get((p, prov(o.split()[1])), "MISSING")
            if v == "MISSING":
                report.append(f"{num}: no JSON outcome for {p}: {o}")
                v = None
            outcome[o] = v
        NOTES.clear()
        after, dis = derive(m, units, orders, outcome)
        report.extend(f"{num}: {n}" for n in NOTES)
        # derive move/hold expectations not asserted by the JSON
        after_set = after
        for p, o in orders:
            v = outcome[o]
            w = o.split()
            if v is None and w[2] == "H":
                v = "Succeeds" if (p, w[0], w[1]) in after_set else "Fails"
                outcome[o] = v
            elif v is None and w[2] == "-":
                v = "Succeeds" if any(u[0] == p and prov(u[2]) == prov(w[3]) and u[1] == w[0] for u in after_set) else "Fails"
                outcome[o] = v
        for p, o in orders:
            v = outcome[o]
            e_ = {"Succeeds": "ok", "Fails": "fail", None: "?"}[v]
            out.append(f"  {p}: {o}  => {e_}")
        # reorganize: ORDERS header
        idx = len(out) - len(orders)
        out.insert(idx, "ORDERS")
        out.insert(idx, "")
        ins = []
        ins.append("PHASE S1901M")
        write_block(ins, "UNITS", {(p, t, r) for p, r, t in units})
        out[idx:idx] = ins
        write_block(out, "AFTER", after)
        real_dis = {u: o for u, o in dis.items() if o}
        if real_dis:
            out.append("DISLODGED")
            for u, o in sorted(real_dis.items()):
                out.append(f"  {u[0]}: {fmt_unit(u)} -> {' '.join(o)}")
        # godip cross-check
        g = godip_by.get(num)
        if g and g.get("phase", "").endswith("Movement"):
            post = godip_units(g["blocks"].get("POSTSTATE", [])) if "POSTSTATE" in g["blocks"] else godip_units(g["blocks"]["PRESTATE"])
            pd = godip_units(g["blocks"].get("POSTSTATE_DISLODGED", []))
            if post != after:
                report.append(f"{num}: AFTER differs from godip: mine-godip={sorted(after-post)} godip-mine={sorted(post-after)}")
            if pd != set(real_dis):
                report.append(f"{num}: DISLODGED differs from godip: mine={sorted(real_dis)} godip={sorted(pd)}")
        if real_dis and (e["phase"] == "Retreat" or len(groups) > 1):
            out.append("NEXT PHASE S1901R")
            out.append("ORDERS")
            roc = {}
            if e["phase"] == "Retreat":
                for k, v in e["orders"].items():
                    p, t, r, rest = parse_json_order(k)
                    roc[(p, prov(r))] = outcome_word(v)
            rorders = [(p, canon(m, o, "R")) for p, o in groups[1]] if len(groups) > 1 else []
            if not rorders:
                for k, v in e["orders"].items():
                    p, t, r, rest = parse_json_order(k)
                    rest = rest.replace("->", "R").upper().split()
                    rest = " ".join(reg(x.lower()) if "(" in x else x for x in rest)
                    rorders.append((p, f"{t} {r} {rest}"))
                out.append("  # (retreat orders from datc_v3_0.json; the DATC text gives only the movement)")
            roc.update(RETREAT_OVERRIDE.get(num, {}))
            dests = defaultdict(int)
            for p, o in rorders:
                w = o.split()
                if w[2] == "R":
                    dests[prov(w[3])] += 1
            after2 = set(after)
            for p, o in rorders:
                w = o.split()
                v = roc.get((p, prov(w[1])))
                uk = next((u for u in real_dis if u[0] == p and prov(u[2]) == prov(w[1])), None)
                if v is None and w[2] == "R":
                    v = "Succeeds" if uk and w[3] in real_dis[uk] and dests[prov(w[3])] == 1 else "Fails"
                if v == "Succeeds" and w[2] == "R":
                    after2.add((p, w[0], w[3]))
                e_ = {"Succeeds": "ok", "Fails": "fail", None: "?"}[v]
                out.append(f"  {p}: {o}  => {e_}")
            write_block(out, "AFTER", after2)
        out.append("END")
        out.append("")
    a.out.mkdir(parents=True, exist_ok=True)
    for sec, lines in sorted(files.items()):
        head = [f"# DATC v3.0 section 6.{sec} ({SECTION_COUNTS[sec]} cases), DATC-v3.0-preferred outcomes.",
                "# Format: see tests/engine/datc_format.py.", ""]
        (a.out / f"6{sec}.txt").write_text("\n".join(head + lines))
    if a.report:
        print("\n".join(report))


if __name__ == "__main__":
    main()
