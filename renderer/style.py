"""The look of the board: colours, sizes and fonts, in one place.

Owns every visual constant. Power colours were chosen so that all pairs stay apart under a
deuteranopia simulation (Machado et al. 2009, full severity): unit colours by at least
30 CIE76 units, territory tints by at least 12 (tests/renderer/test_style.py checks this).
"""

from __future__ import annotations

from importlib.resources import as_file

from PIL import ImageFont

from renderer.board import assets_dir

RGB = tuple[int, int, int]

# Strong colours, for units, arrows and supply-centre dots.
UNIT_COLOURS: dict[str, RGB] = {
    "AUSTRIA": (213, 94, 0),
    "ENGLAND": (200, 70, 160),
    "FRANCE": (0, 100, 190),
    "GERMANY": (55, 55, 55),
    "ITALY": (0, 150, 80),
    "RUSSIA": (250, 250, 250),
    "TURKEY": (245, 215, 40),
}
# Light tints, for the land a power owns.
TINTS: dict[str, RGB] = {
    "AUSTRIA": (238, 140, 100),
    "ENGLAND": (200, 120, 200),
    "FRANCE": (120, 165, 225),
    "GERMANY": (168, 168, 160),
    "ITALY": (110, 190, 120),
    "RUSSIA": (245, 245, 250),
    "TURKEY": (250, 225, 90),
}
UNKNOWN_POWER: RGB = (150, 150, 150)  # a power this style does not know (variants)
NEUTRAL_LAND: RGB = (232, 218, 182)
# Fog of War: what a player does not see, greyed (land and sea kept apart so the map reads)
FOG_LAND: RGB = (128, 128, 128)
FOG_SEA: RGB = (105, 115, 128)
FOG_CENTRE: RGB = (170, 170, 170)  # a supply centre out of sight: its owner unknown
IMPASSABLE: RGB = (118, 110, 100)
SEA: RGB = (178, 208, 232)
SEA_DEEP: RGB = (160, 194, 224)
COAST_HALO: RGB = (214, 232, 244)
LAND_BORDER: RGB = (70, 52, 40)
SEA_BORDER: RGB = (120, 150, 180)
LABEL: RGB = (25, 20, 15)
SEA_LABEL: RGB = (40, 70, 110)
OUTLINE: RGB = (20, 20, 20)
FAIL: RGB = (215, 20, 30)
SUPPORT: RGB = (30, 30, 30)
CONVOY: RGB = (20, 70, 160)
BUILD: RGB = (20, 140, 40)
LEGEND_BG: RGB = (245, 240, 228)

# Sizes in board pixels.
LAND_BORDER_WIDTH = 1.6
SEA_BORDER_WIDTH = 1.0
LABEL_SIZE = 15
SEA_LABEL_SIZE = 15
UNIT_SIZE = 42  # a unit token's design size (its silhouette is drawn on a 30-unit grid)
# The box a token covers around its anchor (silhouette, outline and white edge): labels keep clear.
UNIT_HALF_W = UNIT_SIZE * 20 / 30
UNIT_UP = UNIT_SIZE * 13.5 / 30
UNIT_DOWN = UNIT_SIZE * 12 / 30
DISLODGED_SCALE = 0.85  # a dislodged unit is drawn this much smaller, beside its province's unit
LABEL_STROKE = 2  # width of the pale edge around label letters
LABEL_MIN_SIZE = 12  # where a label has no room at LABEL_SIZE, it may shrink down to this
SC_RADIUS = 5.5
ARROW_WIDTH = 4.0
ARROW_START_GAP = 18  # an arrow starts this far from the moving unit's anchor
ARROW_END_GAP = 22  # and stops this far short of where it ends (clear of a token there)
ARROW_INTO = 64  # a move into a big province ends at most this far past its border
LEGEND_HEIGHT = 56
LEGEND_TITLE_SIZE = 22
LEGEND_TEXT_SIZE = 18
# Front crops (a player's part of the board, sent by DM) are read on phones: Discord shows a
# picture about as wide as the screen, 360-430 points. A crop is drawn FRONT_SCALE times
# larger than the full map (crisp on high-density screens), with labels large enough that
# they are still PHONE_LABEL_PX tall when the crop is shown PHONE_WIDTH wide.
FRONT_SCALE = 1.5
PHONE_WIDTH = 400
PHONE_LABEL_PX = 11.0
FRONT_LABEL_MAX = 24  # board px: larger labels no longer fit the crowded provinces
FRONT_MARGIN = 100  # board pixels kept around a front's units
FRONT_MIN_SIZE = (520, 520)  # board pixels: enough of the board around a lone unit
# A crop is at least as tall as it is wide: phones are upright, and height costs nothing in
# legibility (a picture is shown as wide as the screen); at most FRONT_MAX_TALL times taller.
FRONT_MAX_TALL = 1.6
# Legible width: the widest crop whose labels can still be PHONE_LABEL_PX at phone width.
# Powers whose units lie farther apart get a crop each (renderer.render.front_groups).
FRONT_LEGIBLE_WIDTH = FRONT_LABEL_MAX * PHONE_WIDTH / PHONE_LABEL_PX
LEGEND_PHONE_PX = 12.0  # the legend's text in a front crop, in px at phone width
SUPERSAMPLE = 2  # static layers and shapes are drawn this many times larger, then reduced

# Tinted boards kept per map process to start the next from (renderer.draw._RecentBases): a
# full board is 7.6 MB; a board more than BASE_REPAINT_MAX tints away is drawn whole.
BASES_KEPT = 3
BASE_REPAINT_MAX = 40
LEGENDS_KEPT = 32  # the supply-centre counts of a legend, drawn once (renderer.draw.legend)
MOVE_ENDS_KEPT = 4096  # where arrows end (renderer.draw._move_end): a unit anchor and a province each

PNG_COLOURS = 160  # palette size of the PNG: looks the same as full colour, a quarter of the bytes
PNG_COMPRESS_LEVEL = 3  # zlib level: 6 costs twice the time for 15 % fewer bytes
# zlib strategy: Z_RLE (3) suits a palette map of flat areas: about 25 % faster than the
# default strategy at this level for 2 % more bytes (and barely depends on the level).
PNG_COMPRESS_STRATEGY = 3
# The PNG is compressed in bands of this many rows, each on its own (renderer.png), so that the
# bands a map shares with one encoded lately are taken as they are: 16 rows cost 3 % more bytes
# than one stream (8: 5 %) and compress no slower.
PNG_BAND_ROWS = 16
PNGS_KEPT = 4  # maps kept per map process to take bands from (a full board: 7.6 MB of pixels)

BOLD_FONT = "DejaVuSansCondensed-Bold.ttf"
ITALIC_FONT = "DejaVuSerifCondensed-Italic.ttf"
FONTS_DIR = "fonts"  # inside the assets folder (renderer.board.assets_dir)


def unit_colour(power: str) -> RGB:
    return UNIT_COLOURS.get(power, UNKNOWN_POWER)


def tint(power: str) -> RGB:
    return TINTS.get(power, UNKNOWN_POWER)


def load_font(name: str, size: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Load a bundled font; renderer.layers keeps the loaded fonts in its cache."""
    try:
        # as_file hands back the file itself when the package is a folder (every pip install).
        with as_file(assets_dir() / FONTS_DIR / name) as path:
            return ImageFont.truetype(str(path), size)
    except OSError:  # fonts missing (odd install): Pillow's own scalable font still reads
        return ImageFont.load_default(size=size)
