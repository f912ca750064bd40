"""The demo's game: four players (the four-player game: England; Austria and France; Germany
and Turkey; Russia and Italy) play 1901, each order written as the canonical codes write it
(the demo sends it in the players' language). Spring opens with two bounces; in the Fall
Germany attacks Burgundy with support and dislodges the French army; France's player taps
the map button under the DM and retreats it to Paris; in the Winter everyone who gained a centre builds."""

from __future__ import annotations

from dataclasses import dataclass

PLAYERS = ("alice", "boris", "carmen", "dimitar")  # alice creates and starts the game


@dataclass(frozen=True, slots=True)
class Step:
    """One phase: the orders of each power, and an order one player gets wrong first."""

    phase: str  # the phase these orders are for (S1901M...)
    orders: dict[str, tuple[str, ...]]  # power (ENGLAND...) -> its orders
    mistake: tuple[str, str] | None = None  # (power, a wrong order) sent before the right ones
    looks: str | None = None  # the player of this power first taps "My map" under the phase's DM


SCRIPT = (
    Step(
        "S1901M",
        {
            "ENGLAND": ("F LON - NTH", "F EDI - NWG", "A LVP - YOR"),
            "FRANCE": ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO"),
            "GERMANY": ("A MUN - RUH", "A BER - MUN", "F KIE - DEN"),
            "AUSTRIA": ("A VIE - GAL", "A BUD - SER"),
            "RUSSIA": ("A WAR - GAL", "F SEV - BLA"),  # both bounce
            "TURKEY": ("F ANK - BLA", "A CON - BUL"),
            "ITALY": ("F NAP - ION",),
        },
        # a fleet cannot go inland: the player reads why, then sends it right
        mistake=("GERMANY", "F KIE - MUN"),
    ),
    Step(
        "F1901M",
        {
            "ENGLAND": ("F NTH - NWY",),
            "FRANCE": ("A BUR H", "F MAO - POR"),
            "GERMANY": ("A RUH - BUR", "A MUN S A RUH - BUR", "F DEN H"),  # two against one
            "AUSTRIA": ("A SER H",),
            "RUSSIA": ("F SEV - RUM",),
            "TURKEY": ("A BUL H",),
            "ITALY": ("F ION - TUN",),
        },
    ),
    # France's player looks at the map of the retreat before ordering it
    Step("F1901R", {"FRANCE": ("A BUR - PAR",)}, looks="FRANCE"),
    Step(
        "W1901A",
        {
            "ENGLAND": ("F LON B",),
            "FRANCE": ("F BRE B", "A MAR B"),
            "GERMANY": ("A BER B",),
            "AUSTRIA": ("A BUD B",),
            "RUSSIA": ("A SEV B",),
            "TURKEY": ("A CON B",),
            "ITALY": ("F NAP B",),
        },
    ),
)
NEXT = "S1902M"  # the phase the demo ends on
