"""Positions the renderer's tests draw, shared between their modules."""

from __future__ import annotations

# A retreat phase of five powers spread over the board: fronts of one power and of
# several (neighbours, far apart), dislodged units included.
POSITION = {
    "phase": "F1903R",
    "units": {
        "ENGLAND": ["F NWG", "F NTH", "A YOR", "F ENG"],
        "FRANCE": ["A BRE", "A PAR", "F MAO", "A SPA"],
        "RUSSIA": ["F STP/SC", "A MOS", "F SEV", "A UKR"],
        "ITALY": ["F ION", "A VEN", "F TUN"],
        "TURKEY": ["F BLA", "A CON", "A SMY"],
    },
    "dislodged": {"RUSSIA": {"A WAR": ["LVN", "PRU"]}, "TURKEY": {"F ANK": ["ARM"]}},
}
