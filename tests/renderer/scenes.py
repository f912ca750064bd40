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

# The standard opening position, as the renderer reads it.
START = {
    "phase": "S1901M",
    "units": {
        "AUSTRIA": ["A BUD", "A VIE", "F TRI"],
        "ENGLAND": ["A LVP", "F EDI", "F LON"],
        "FRANCE": ["A MAR", "A PAR", "F BRE"],
        "GERMANY": ["A BER", "A MUN", "F KIE"],
        "ITALY": ["A ROM", "A VEN", "F NAP"],
        "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
        "TURKEY": ["A CON", "A SMY", "F ANK"],
    },
    "centers": {
        "AUSTRIA": ["BUD", "TRI", "VIE"],
        "ENGLAND": ["EDI", "LON", "LVP"],
        "FRANCE": ["BRE", "MAR", "PAR"],
        "GERMANY": ["BER", "KIE", "MUN"],
        "ITALY": ["NAP", "ROM", "VEN"],
        "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
        "TURKEY": ["ANK", "CON", "SMY"],
    },
}
