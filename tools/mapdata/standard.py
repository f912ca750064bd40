"""Hand-written source of the standard board's geometry, in longitude/latitude.

This file is ours: seed points, anchors and projection settings chosen by hand.
`tools/map_build.py` combines it with Natural Earth country outlines (public domain,
via the npm package world-atlas) to write `renderer/assets/standard_map.json`.

How the board is made (see map_build.py for the details):
- some provinces are whole modern countries (FIXED);
- the rest are Voronoi cells of the seed points below, computed inside a GROUP (a union
  of countries), so that a seed in France never takes a slice of Germany;
- seas are Voronoi cells of SEA_SEEDS inside the water of the frame.
A province may have seeds in several groups (Tyrolia reaches into South Tyrol, which was
Austrian in 1901). Seed code "XX" is impassable land, "WATER" is water that belongs to
no sea province (the Sea of Marmara).

Coordinates are (longitude, latitude) in degrees. Tune here, rebuild, look at the PNG.
"""

from __future__ import annotations

# Projection: Lambert conformal conic, then a radial enlargement around FOCUS so that
# the crowded west and centre of Europe get more room (the classic board does the same).
PROJECTION = {
    "parallels": (40.0, 62.0),
    "origin": (18.0, 50.0),
    "focus": (8.0, 50.0),
    "fisheye": 0.5,
    # Local enlargements after that: (lon, lat, strength, radius as a share of the map).
    "bumps": (
        (-3.0, 54.6, 0.75, 0.15),  # Britain: six provinces on a small island
        (7.5, 52.8, 0.35, 0.09),  # Holland, Belgium, Kiel, Ruhr, Denmark
        (26.5, 41.3, 0.45, 0.09),  # Constantinople and the Straits
        (15.5, 41.0, 0.25, 0.08),  # Apulia and Naples
    ),
    # The frame, given as lon/lat points that must sit on the left, right, top and bottom edge.
    "frame_left": (-10.4, 40.0),
    "frame_right": (44.0, 41.5),
    "frame_top": (25.0, 71.7),
    "frame_bottom": (12.0, 34.2),
    "width": 1600,
}

# Provinces that are (parts of) modern countries. Each value: country names as spelled
# in Natural Earth, and an optional lon/lat box (west, south, east, north) to keep.
FIXED: dict[str, tuple[tuple[str, ...], tuple[float, float, float, float] | None]] = {
    "SPA": (("Spain", "Andorra"), (-10.0, 35.9, 3.5, 44.0)),
    "POR": (("Portugal",), (-10.0, 36.0, -6.0, 42.5)),
    "HOL": (("Netherlands",), (3.0, 50.5, 7.5, 54.0)),
    "BEL": (("Belgium", "Luxembourg"), None),
    "NWY": (("Norway",), (4.0, 57.0, 32.0, 72.0)),
    "SWE": (("Sweden",), None),
    "DEN": (("Denmark",), (7.5, 54.4, 13.0, 58.0)),
    "FIN": (("Finland", "Åland"), None),
    "TUN": (("Tunisia",), None),
    "ALB": (("Albania",), None),
    "NAF": (("Morocco", "Algeria", "W. Sahara"), None),
    "SWI": (("Switzerland", "Liechtenstein"), None),
}

# Land that is no province: drawn grey, not playable.
IMPASSABLE_COUNTRIES = (
    "Ireland", "Iceland", "Faeroe Is.", "Cyprus", "N. Cyprus", "Malta", "Libya", "Egypt",
    "Isle of Man", "Iraq", "Iran", "Saudi Arabia", "Jordan", "Israel", "Palestine",
    "Lebanon", "Kuwait", "Azerbaijan", "Kazakhstan", "Turkmenistan", "Sudan", "Chad",
    "Niger", "Mali", "Mauritania",
)

# Boxes (west, south, east, north) of islands cut out of their country and made impassable.
IMPASSABLE_BOXES = (
    (-10.8, 51.3, -5.3, 55.5),  # Northern Ireland, with the rest of Ireland
    (8.0, 38.7, 10.0, 41.4),  # Sardinia
    (8.4, 41.3, 9.7, 43.1),  # Corsica
    (1.0, 38.5, 4.5, 40.2),  # Balearics
    (23.3, 34.7, 26.5, 35.75),  # Crete
    (24.3, 34.5, 29.5, 40.3),  # Aegean islands: decoration, so no island links Greece to Smyrna
    (14.0, 54.9, 15.3, 55.4),  # Bornholm, alone in the Baltic
)

# Water filled as land of a province: (province, other provinces it closes against,
# lon/lat box, closing radius in px).
CLOSE_WATER: tuple[tuple[str, tuple[str, ...], tuple[float, float, float, float], float], ...] = (
    ("DEN", ("SWE",), (10.2, 54.9, 13.1, 56.15), 9.0),  # the Belts and the Sound: Den-Swe land link
    ("DEN", (), (8.0, 56.4, 10.6, 57.3), 8.0),  # the Limfjord, which would cut Jutland in two
)

GROUPS: dict[str, dict] = {
    "britain": {
        "countries": ("United Kingdom",),
        "box": (-9.0, 49.8, 2.0, 61.0),
        "seeds": [
            ("CLY", -5.3, 56.3), ("CLY", -5.4, 57.6), ("CLY", -4.5, 58.4), ("CLY", -4.3, 55.7),
            ("EDI", -3.2, 55.9), ("EDI", -2.6, 57.2), ("EDI", -3.4, 58.2), ("EDI", -1.5, 60.3),
            ("EDI", -2.9, 59.0),
            ("LVP", -2.8, 53.6), ("LVP", -2.9, 54.6), ("LVP", -4.4, 55.0), ("YOR", -1.5, 52.7), ("WAL", -2.7, 52.4),
            ("YOR", -1.3, 53.9), ("YOR", -1.7, 54.9), ("YOR", -0.6, 53.3),
            ("WAL", -3.7, 52.3), ("WAL", -3.3, 51.7), ("WAL", -4.6, 50.5), ("WAL", -2.9, 51.0),
            ("LON", -0.2, 51.6), ("LON", 0.8, 52.3), ("LON", -1.2, 51.0), ("LON", -1.3, 52.2),
        ],
    },
    "france": {
        "countries": ("France", "Monaco", "Jersey", "Guernsey"),
        "box": (-5.5, 42.2, 8.3, 51.2),
        "seeds": [
            ("BRE", -3.2, 48.2), ("BRE", -1.4, 48.5), ("BRE", -1.2, 47.3),
            ("PIC", 2.3, 50.2), ("PIC", 1.0, 49.7),
            ("PAR", 2.4, 48.6), ("PAR", 1.0, 48.0), ("PAR", 1.5, 47.0), ("PAR", 3.3, 47.5),
            ("BUR", 4.8, 47.2), ("BUR", 6.4, 48.6), ("BUR", 4.7, 49.3), ("BUR", 5.2, 46.2),
            ("GAS", 0.0, 44.3), ("GAS", -0.6, 45.8), ("GAS", 1.5, 45.3), ("GAS", 1.0, 43.4),
            ("MAR", 5.4, 43.7), ("MAR", 3.3, 43.6), ("MAR", 6.3, 44.7), ("MAR", 4.4, 44.9),
            ("MAR", 2.4, 42.6), ("MAR", 6.6, 45.5),
        ],
    },
    "italy": {
        "countries": ("Italy", "San Marino", "Vatican"),
        "box": (6.0, 36.5, 19.0, 47.5),
        "seeds": [
            ("PIE", 7.7, 45.1), ("PIE", 9.4, 45.6), ("PIE", 8.8, 44.4), ("PIE", 10.2, 46.2),
            ("TYR", 11.3, 46.6),
            ("VEN", 12.1, 45.6), ("VEN", 11.1, 44.8), ("VEN", 13.0, 46.1), ("VEN", 12.8, 43.6),
            ("TUS", 11.1, 43.4), ("TUS", 10.3, 44.0),
            ("ROM", 12.6, 42.0), ("ROM", 13.2, 41.5),
            ("APU", 16.4, 41.0), ("APU", 15.2, 41.7), ("APU", 18.0, 40.3), ("APU", 14.0, 42.2),
            ("NAP", 14.7, 40.8), ("NAP", 16.2, 39.1), ("NAP", 14.0, 37.5),
        ],
    },
    # Everything else in the frame: from Germany to the Caucasus.
    "east": {
        "countries": None,
        "box": (-20.0, 15.0, 95.0, 73.0),
        "seeds": [
            ("KIE", 9.6, 54.2), ("KIE", 8.0, 53.0), ("KIE", 9.8, 52.8),
            ("BER", 13.4, 52.5), ("BER", 12.5, 53.8), ("BER", 14.2, 53.4),
            ("MUN", 11.5, 48.2), ("MUN", 9.3, 48.6), ("MUN", 10.9, 50.5), ("MUN", 12.8, 51.1),
            ("RUH", 7.1, 51.4), ("RUH", 6.9, 50.2),
            ("PRU", 20.6, 54.6), ("PRU", 17.6, 54.1), ("PRU", 15.6, 53.6), ("PRU", 22.0, 54.0),
            ("SIL", 17.0, 51.1), ("SIL", 15.5, 51.3), ("SIL", 18.4, 50.6),
            ("WAR", 21.0, 52.2), ("WAR", 19.4, 51.6), ("WAR", 23.0, 51.2), ("WAR", 23.3, 53.1),
            ("WAR", 18.0, 52.6),
            ("GAL", 24.0, 49.8), ("GAL", 19.7, 49.7), ("GAL", 25.6, 48.5),
            ("BOH", 14.4, 50.0), ("BOH", 16.8, 49.4), ("BOH", 17.9, 49.75), ("BOH", 13.3, 49.4),
            ("TYR", 11.4, 47.3), ("TYR", 13.0, 47.5), ("TYR", 14.2, 46.7), ("TYR", 10.0, 47.2),
            ("VIE", 16.3, 48.2), ("VIE", 15.6, 47.2), ("VIE", 18.2, 48.5),
            ("BUD", 19.0, 47.5), ("BUD", 21.6, 47.6), ("BUD", 20.9, 48.4), ("BUD", 17.6, 46.8),
            ("BUD", 19.8, 46.3),
            ("TRI", 14.5, 45.9), ("TRI", 16.0, 45.6), ("TRI", 16.6, 43.6), ("TRI", 18.4, 43.9),
            ("TRI", 19.2, 42.6), ("TRI", 13.9, 45.3),
            ("SER", 20.5, 44.6), ("SER", 21.6, 43.4), ("SER", 21.4, 42.0), ("SER", 20.9, 42.6),
            ("RUM", 26.1, 44.5), ("RUM", 24.0, 46.6), ("RUM", 27.4, 47.1), ("RUM", 28.7, 46.9),
            ("RUM", 22.5, 45.2),
            ("BUL", 25.0, 42.7), ("BUL", 27.2, 43.0), ("BUL", 23.4, 42.0),
            ("GRE", 22.3, 39.4), ("GRE", 23.0, 40.8), ("GRE", 22.0, 37.6), ("BUL", 25.2, 41.15),
            ("GRE", 21.0, 39.8),
            ("CON", 27.4, 41.5), ("CON", 26.5, 40.4), ("CON", 29.5, 40.4), ("CON", 30.3, 40.8),
            ("ANK", 32.8, 40.0), ("ANK", 35.6, 41.0), ("ANK", 33.5, 41.6), ("ANK", 31.6, 40.9),
            ("SMY", 27.6, 38.4), ("SMY", 30.5, 38.0), ("SMY", 33.2, 37.4), ("SMY", 35.4, 37.2),
            ("SMY", 29.0, 39.6), ("SMY", 35.0, 38.8),
            ("ARM", 41.2, 40.0), ("ARM", 39.0, 40.7), ("ARM", 44.5, 40.2), ("ARM", 41.8, 42.2),
            ("ARM", 38.0, 39.0), ("ARM", 42.5, 38.8),
            ("SYR", 36.8, 36.2), ("SYR", 37.0, 34.0), ("SYR", 39.5, 36.8), ("SYR", 41.5, 36.8),
            ("SEV", 34.0, 45.0), ("SEV", 37.7, 47.5), ("SEV", 40.5, 46.8), ("SEV", 40.5, 44.6),
            ("SEV", 44.5, 46.5), ("SEV", 38.5, 45.0), ("SEV", 44.0, 49.5),
            ("UKR", 30.5, 50.4), ("UKR", 28.0, 49.0), ("UKR", 32.8, 48.2), ("UKR", 35.0, 49.8),
            ("SEV", 31.5, 46.9), ("SEV", 33.5, 46.4), ("UKR", 38.0, 49.8),
            ("MOS", 37.6, 55.8), ("MOS", 33.0, 54.0), ("MOS", 42.0, 56.0), ("MOS", 40.0, 52.5),
            ("MOS", 28.5, 53.8), ("MOS", 44.0, 53.0), ("MOS", 45.0, 58.5), ("MOS", 39.0, 59.0),
            ("MOS", 30.5, 52.0),
            ("LVN", 24.1, 56.9), ("LVN", 26.0, 58.5), ("LVN", 24.0, 55.2), ("LVN", 27.5, 56.2),
            ("LVN", 22.5, 57.2),
            ("STP", 30.3, 59.9), ("STP", 33.0, 63.5), ("STP", 33.0, 67.7), ("STP", 40.0, 64.5),
            ("STP", 46.0, 65.0), ("STP", 30.2, 58.2),
            ("XX", 44.0, 33.0), ("XX", 51.0, 35.0), ("XX", 44.0, 26.0), ("XX", 36.5, 31.0),
            ("XX", 35.0, 31.6), ("XX", 17.0, 28.0), ("XX", 29.0, 27.0), ("XX", 56.0, 48.0),
            ("XX", 40.0, 31.0), ("XX", 47.0, 31.0),
        ],
    },
}

SEA_SEEDS: list[tuple[str, float, float]] = [
    ("NAO", -25.0, 55.0), ("NAO", -18.0, 50.0), ("NAO", -16.0, 60.0), ("NAO", -11.5, 55.0),
    ("NAO", -6.0, 55.4), ("NAO", -9.5, 57.5),
    ("IRI", -5.0, 53.8), ("IRI", -5.8, 52.2), ("IRI", -7.5, 51.2), ("IRI", -10.0, 50.6),
    ("ENG", -3.0, 49.9), ("ENG", -0.5, 50.3), ("ENG", 1.3, 50.8), ("ENG", -5.2, 49.4),
    ("MAO", -12.0, 45.0), ("MAO", -6.0, 45.0), ("MAO", -15.0, 38.0), ("MAO", -10.0, 36.0),
    ("MAO", -8.5, 48.3), ("MAO", -3.5, 44.6), ("MAO", -14.0, 33.0), ("MAO", -6.5, 35.8),
    ("MAO", -20.0, 44.0),
    ("NWG", 0.0, 66.0), ("NWG", -5.0, 63.0), ("NWG", 8.0, 68.5), ("NWG", -14.0, 66.0),
    ("NWG", 14.0, 70.0), ("NWG", -2.0, 61.0),
    ("BAR", 35.0, 71.0), ("BAR", 25.0, 71.0), ("BAR", 39.0, 65.8), ("BAR", 45.0, 69.0),
    ("NTH", 3.0, 56.0), ("NTH", 1.0, 54.0), ("NTH", 4.0, 58.5), ("NTH", 1.5, 60.0),
    ("NTH", 2.5, 52.4), ("NTH", 7.0, 57.0),
    ("HEL", 7.8, 54.2), ("HEL", 8.0, 55.2),
    ("SKA", 9.5, 57.9), ("SKA", 11.6, 57.2), ("SKA", 11.6, 56.3),
    ("BAL", 17.5, 55.5), ("BAL", 14.0, 54.8), ("BAL", 19.5, 57.5), ("BAL", 11.0, 54.5),
    ("BAL", 12.6, 55.6), ("BAL", 23.3, 57.8), ("BAL", 20.0, 55.0),
    ("BOT", 20.0, 62.5), ("BOT", 22.5, 64.8), ("BOT", 20.3, 60.3), ("BOT", 25.5, 59.8),
    ("BOT", 28.5, 60.0), ("BOT", 22.0, 59.3),
    ("WES", 2.5, 38.5), ("WES", 0.0, 36.8), ("WES", 6.0, 38.0), ("WES", 8.6, 37.5), ("WES", -3.5, 36.2),
    ("LYO", 4.5, 42.3), ("LYO", 7.3, 43.3), ("LYO", 2.3, 41.3), ("LYO", 8.3, 44.0),
    ("TYS", 12.0, 40.0), ("TYS", 10.6, 42.6), ("TYS", 13.5, 39.0), ("TYS", 11.0, 38.2),
    ("ION", 18.0, 37.0), ("ION", 20.0, 35.0), ("ION", 17.2, 39.6), ("ION", 15.0, 34.0),
    ("ION", 22.0, 36.0), ("ION", 19.3, 39.5), ("ION", 15.8, 37.0), ("ION", 20.5, 31.5), ("ION", 12.0, 34.5),
    ("ADR", 15.0, 43.0), ("ADR", 17.5, 42.0), ("ADR", 13.0, 44.7), ("ADR", 18.9, 41.2),
    ("AEG", 25.0, 39.5), ("AEG", 25.0, 37.0), ("AEG", 24.3, 40.5), ("AEG", 25.5, 35.9),
    ("AEG", 26.2, 40.5),
    ("EAS", 30.0, 34.5), ("EAS", 33.5, 35.9), ("EAS", 26.0, 33.5), ("EAS", 34.0, 32.5),
    ("EAS", 28.5, 35.9),
    ("BLA", 34.0, 43.5), ("BLA", 31.0, 43.0), ("BLA", 38.0, 42.5), ("BLA", 30.5, 45.5),
    ("BLA", 36.7, 45.8), ("BLA", 40.5, 42.0), ("BLA", 28.7, 42.5),
    ("WATER", 28.2, 40.7), ("WATER", 50.5, 42.0), ("WATER", 49.5, 45.0),
]

# Hand-placed anchors, overriding the automatic ones. Keys: label, unit, dislodged, sc;
# coasts: {coast: (lon, lat)} for the fleet anchor. Without them the unit stands at the
# pole of inaccessibility and map_build.layout places label, centre and dislodged spot
# around it, clear of every token. The big seas get a unit anchor by hand, near the coasts
# their fleets sail to, so a move arrow into them stays short (the pole of the Norwegian
# Sea is half-way to the Arctic); their labels follow the unit.
ANCHORS: dict[str, dict] = {
    "STP": {"coasts": {"NC": (36.5, 68.6), "SC": (29.0, 60.1)}},
    "SPA": {"coasts": {"NC": (-5.5, 43.2), "SC": (-1.0, 37.7)}},
    "BUL": {"coasts": {"EC": (28.0, 43.0), "SC": (24.8, 41.2)}},
    "NWG": {"unit": (-5.9, 62.4)},
    "NAO": {"unit": (-13.0, 56.2)},
    "MAO": {"unit": (-6.2, 45.1)},
    "IRI": {"unit": (-5.6, 52.0)},
    # Southern Italy is too narrow for the automatic layout: Naples' unit goes south to
    # Calabria, its label north by the border; Apulia's unit into the heel's base.
    "NAP": {"unit": (15.16, 40.02), "label": (14.55, 41.14)},
    "APU": {"unit": (16.28, 41.22)},
}
