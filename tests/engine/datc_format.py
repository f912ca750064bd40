"""Parser for the project's DATC case files (tests/engine/datc/6A.txt ... 6J.txt).

Format (one file holds many cases; '#' starts a comment anywhere on a line)::

    CASE 6.A.1 Moving to an area that is not a neighbour
    PHASE S1901M
    CENTERS                  # optional: complete centre ownership; absent = standard 1901
      GERMANY: BER KIE MUN
    UNITS                    # the position before the phase
      ENGLAND: F NTH
    ORDERS
      ENGLAND: F NTH - PIC  => fail:illegal [not_adjacent]
      GERMANY: F LON H      => fail:no_unit   # ':word' also checks the CLI 'result'
      ENGLAND: A YOR - YOR  => ?              # '?' = not asserted
    AFTER                    # complete expected next.units
      ENGLAND: F NTH
    DISLODGED                # expected next.dislodged; omitted block = none
      AUSTRIA: F TRI -> ALB ADR    # '-> ...' = exact retreat options (optional)
    NEXT PHASE S1901R        # optional: continue from the output's `next`
    ORDERS
      AUSTRIA: F TRI R ALB  => ok
    AFTER
      ...
    END

``[code]`` after the expectation is the reason (``engine.validation.Reason``) that
``explain`` gives for the order and the adjudicator reports with its result; an order
without one must be legal (tests/engine/test_validation_datc.py).

Unit lists may hold several units per line (``ENGLAND: A LVP F NTH``) and a
power may appear on several lines.  Blocks may be empty.  Two CASE blocks may
carry the same DATC number (scenarios of one DATC case, e.g. 6.J.9); the test
runner treats them as one case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
CASE_NUMBER = re.compile(r"^6\.[A-J]\.\d+$")
PHASE_RE = re.compile(r"^[SFW]\d{4}[MRA]$")
UNIT_RE = re.compile(r"^(A|F) ([A-Z]{3}(?:/(?:NC|SC|EC))?)$")
PLACE_RE = re.compile(r"^[A-Z]{3}(?:/(?:NC|SC|EC))?$")


class FormatError(ValueError):
    pass


@dataclass
class OrderLine:
    power: str
    order: str
    ok: bool | None  # None = not asserted ('?')
    result: str | None  # expected CLI result word, or None
    line: int
    reason: str | None = None  # expected engine.validation.Reason code, or None (legal)

    def expectation(self) -> str:
        e = "?" if self.ok is None else ("ok" if self.ok else "fail")
        e = f"{e}:{self.result}" if self.result else e
        return f"{e} [{self.reason}]" if self.reason else e


@dataclass
class Step:
    phase: str
    orders: list[OrderLine] = field(default_factory=list)
    after: dict[str, set[str]] | None = None
    # power -> {unit: options (set) or None when not given}
    dislodged: dict[str, dict[str, set[str] | None]] = field(default_factory=dict)
    line: int = 0


@dataclass
class Case:
    number: str  # e.g. "6.B.2"
    title: str
    file: str
    line: int
    units: dict[str, list[str]] = field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    steps: list[Step] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def section(self) -> str:
        return self.number.split(".")[1]

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


def _units(text: str, where: str) -> list[str]:
    w = text.split()
    if len(w) % 2:
        raise FormatError(f"{where}: odd unit list {text!r}")
    out = []
    for i in range(0, len(w), 2):
        u = f"{w[i]} {w[i + 1]}"
        if not UNIT_RE.match(u):
            raise FormatError(f"{where}: bad unit {u!r}")
        out.append(u)
    return out


def _power_line(s: str, where: str) -> tuple[str, str]:
    if ":" not in s:
        raise FormatError(f"{where}: expected 'POWER: ...', got {s!r}")
    p, rest = s.split(":", 1)
    p = p.strip()
    if p not in POWERS:
        raise FormatError(f"{where}: unknown power {p!r}")
    return p, rest.strip()


def _expect(text: str, where: str) -> tuple[bool | None, str | None, str | None]:
    text, bracket, reason_text = text.partition("[")
    reason = None
    if bracket:
        reason = reason_text.strip()
        if not reason.endswith("]") or not re.match(r"^[a-z_]+$", reason[:-1].strip()):
            raise FormatError(f"{where}: bad reason {'[' + reason_text!r} (expected e.g. [not_adjacent])")
        reason = reason[:-1].strip()
    word, _, result = text.strip().partition(":")
    word = word.strip()
    result = result.strip() or None
    if word not in ("ok", "fail", "?"):
        raise FormatError(f"{where}: expectation must be ok, fail or ?, got {text!r}")
    if result is not None and not re.match(r"^[a-z_]+$", result):
        raise FormatError(f"{where}: bad result word {result!r}")
    return {"ok": True, "fail": False, "?": None}[word], result, reason


def parse_text(text: str, file: str = "<string>") -> list[Case]:
    cases: list[Case] = []
    case: Case | None = None
    step: Step | None = None
    block: str | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        where = f"{file}:{n}"
        body, _, comment = raw.partition("#")
        s = " ".join(body.split())
        if not s:
            if case is not None and comment.strip() and block is None:
                case.comments.append(comment.strip())
            continue
        if s.startswith("CASE "):
            if case is not None:
                raise FormatError(f"{where}: CASE inside CASE (missing END)")
            parts = s.split(" ", 2)
            if len(parts) < 2 or not CASE_NUMBER.match(parts[1]):
                raise FormatError(f"{where}: bad CASE line {s!r}")
            case = Case(parts[1], parts[2] if len(parts) > 2 else "", file, n)
            step, block = None, None
            continue
        if case is None:
            raise FormatError(f"{where}: text outside CASE: {s!r}")
        if s == "END":
            if step is None:
                raise FormatError(f"{where}: case {case.number} has no PHASE")
            for st in case.steps:
                if st.after is None:
                    raise FormatError(f"{case.where}: case {case.number} phase {st.phase}: AFTER missing")
            cases.append(case)
            case, step, block = None, None, None
            continue
        if s.startswith("PHASE ") or s.startswith("NEXT PHASE "):
            ph = s.split()[-1]
            if not PHASE_RE.match(ph):
                raise FormatError(f"{where}: bad phase {ph!r}")
            if s.startswith("PHASE ") and case.steps:
                raise FormatError(f"{where}: second PHASE (use NEXT PHASE)")
            if s.startswith("NEXT ") and not case.steps:
                raise FormatError(f"{where}: NEXT PHASE before PHASE")
            step = Step(ph, line=n)
            case.steps.append(step)
            block = None
            continue
        if s in ("CENTERS", "UNITS", "ORDERS", "AFTER", "DISLODGED"):
            if step is None:
                raise FormatError(f"{where}: {s} before PHASE")
            if s in ("CENTERS", "UNITS") and len(case.steps) > 1:
                raise FormatError(f"{where}: {s} is only allowed in the first phase")
            if s == "CENTERS":
                case.centers = {}
            if s == "AFTER":
                if step.after is not None:
                    raise FormatError(f"{where}: second AFTER")
                step.after = {}
            block = s
            continue
        if block is None:
            raise FormatError(f"{where}: line outside a block: {s!r}")
        p, rest = _power_line(s, where)
        if block == "CENTERS":
            provs = rest.split()
            for x in provs:
                if not re.match(r"^[A-Z]{3}$", x):
                    raise FormatError(f"{where}: bad centre {x!r}")
            case.centers.setdefault(p, []).extend(provs)
        elif block == "UNITS":
            case.units.setdefault(p, []).extend(_units(rest, where))
        elif block == "AFTER":
            step.after.setdefault(p, set()).update(_units(rest, where))
        elif block == "DISLODGED":
            unit, arrow, opts = rest.partition("->")
            (u,) = _units(unit, where)
            options = None
            if arrow:
                options = set(opts.split())
                for o in options:
                    if not PLACE_RE.match(o):
                        raise FormatError(f"{where}: bad retreat option {o!r}")
            step.dislodged.setdefault(p, {})[u] = options
        elif block == "ORDERS":
            order, arrow, exp = rest.partition("=>")
            if not arrow:
                raise FormatError(f"{where}: order without '=> expectation': {s!r}")
            ok, result, reason = _expect(exp, where)
            step.orders.append(OrderLine(p, " ".join(order.split()), ok, result, n, reason))
    if case is not None:
        raise FormatError(f"{file}: case {case.number} not closed by END")
    return cases


def parse_file(path: Path | str) -> list[Case]:
    path = Path(path)
    return parse_text(path.read_text(encoding="utf-8"), path.name)


DATC_DIR = Path(__file__).resolve().parent / "datc"
SECTION_COUNTS = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}


def load_all(directory: Path | str = DATC_DIR) -> list[Case]:
    out: list[Case] = []
    for sec in SECTION_COUNTS:
        out.extend(parse_file(Path(directory) / f"6{sec}.txt"))
    return out


def grouped(cases: list[Case]) -> dict[str, list[Case]]:
    """DATC number -> its scenarios, in file order."""
    g: dict[str, list[Case]] = {}
    for c in cases:
        g.setdefault(c.number, []).append(c)
    return g
