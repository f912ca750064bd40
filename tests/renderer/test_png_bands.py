"""The PNG of a map encoded in bands (issue 24: renderer.png) shows a player the very pixels
of the map encoded whole as before (the RGB image mapped onto the fixed palette, saved by
Pillow): for a busy board, fog, a duel, front crops, a board repainted from a kept one and
one drawn whole; bands taken from a map encoded before make a valid PNG of the new map, a
band with one pixel changed is compressed again, and the file is hardly larger."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from renderer import View, encode_png, png, render_image, render_many, style
from renderer import draw as draw_module
from renderer.layers import CACHE
from renderer.render import _palette
from tests.renderer.scenes import POSITION, START

DUEL = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "AUSTRIA": ["A VIE", "A BUD", "F TRI"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "AUSTRIA": ["VIE", "BUD", "TRI"]},
    "powers": ["FRANCE", "AUSTRIA"],
}
OPENING = {
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
    "RUSSIA": ["A WAR - GAL", "F SEV - BLA", "F STP/SC - BOT", "A MOS H"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY H"],
}


def palette() -> Image.Image:
    return CACHE.get_or_build("palette", "png", _palette)


def pillow_png(img: Image.Image) -> bytes:
    """The map encoded whole, as encode_png did before bands."""
    indices = img.quantize(palette=palette(), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    indices.save(buf, format="PNG", compress_level=style.PNG_COMPRESS_LEVEL, compress_type=style.PNG_COMPRESS_STRATEGY)
    return buf.getvalue()


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks of a PNG, each checked against its CRC (a second reader beside Pillow's)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i : i + 4])
        kind, body = data[i + 4 : i + 8], data[i + 8 : i + 8 + n]
        assert struct.unpack(">I", data[i + 8 + n : i + 12 + n])[0] == zlib.crc32(kind + body), kind
        out.append((kind, body))
        i += 12 + n
    assert out[-1][0] == b"IEND"
    return out


def image_data(data: bytes) -> bytes:
    """The IDAT stream inflated by zlib itself (checks the Adler-32 and the final block)."""
    stream = b"".join(body for kind, body in chunks(data) if kind == b"IDAT")
    inflater = zlib.decompressobj()
    rows = inflater.decompress(stream)
    assert inflater.eof and not inflater.unused_data
    return rows


def assert_same_picture(ours: bytes, img: Image.Image) -> None:
    """Our PNG decodes to the palette indices and palette of the map encoded whole, so to
    the same RGB pixels; and zlib reads its image data as the filter-None rows of them."""
    theirs = decoded(pillow_png(img))
    mine = decoded(ours)
    assert (mine.mode, mine.size) == ("P", img.size)
    assert mine.getpalette() == theirs.getpalette()
    assert mine.tobytes() == theirs.tobytes()
    assert mine.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()
    w, h = img.size
    pixels = theirs.tobytes()
    assert image_data(ours) == b"".join(b"\0" + pixels[y * w : (y + 1) * w] for y in range(h))


def board(kind: str) -> Image.Image:
    if kind == "busy":
        return render_image(POSITION, game_name="Busy")
    if kind == "orders":
        return render_image(START, OPENING, game_name="Orders")
    if kind == "fog":
        return render_image(START, OPENING, fog="FRANCE")
    if kind == "duel":
        return render_image(DUEL, game_name="Duel")
    if kind == "front":
        return render_image(POSITION, front="ENGLAND", language="ru")
    if kind == "fronts":
        return render_image(START, OPENING, front=("RUSSIA", "TURKEY"), language="bg")
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["busy", "orders", "fog", "duel", "front", "fronts"])
def test_a_map_encoded_in_bands_shows_the_pixels_of_the_map_encoded_whole(kind):
    png.RECENT.clear()
    img = board(kind)
    assert img.height % style.PNG_BAND_ROWS or kind == "busy"  # a short last band is tried too
    assert_same_picture(encode_png(img), img)


def test_a_board_repainted_from_a_kept_one_and_one_drawn_whole_give_the_same_png(monkeypatch):
    draw_module.BASES.clear()
    png.RECENT.clear()
    whole = render_image(POSITION, game_name="G")
    draw_module.BASES.clear()
    render_image(START, OPENING, game_name="G")  # kept: the next board is repainted from it
    painted = []
    repaint = draw_module._repaint
    monkeypatch.setattr(draw_module, "_repaint", lambda *a: painted.append(a[3]) or repaint(*a))
    repainted = render_image(POSITION, game_name="G")
    assert painted  # the case under test: provinces painted again on a kept board
    first = encode_png(whole)
    assert_same_picture(first, whole)
    png.RECENT.clear()
    render_image(START, game_name="G")
    again = encode_png(repainted)
    assert_same_picture(again, repainted)
    assert again == first


def test_bands_taken_from_a_map_encoded_before_make_a_valid_png_of_the_new_map():
    """The maps of a phase: the resolved phase with its orders, then the new phase's board.
    The second takes the bands it shares with the first (the very compressed bytes) and
    still decodes, by Pillow and by zlib, to its own pixels."""
    png.RECENT.clear()
    resolved = render_image(START, OPENING, game_name="Phase")
    board_after = render_image(POSITION, game_name="Phase")
    first = encode_png(resolved)
    second = encode_png(board_after)
    assert_same_picture(first, resolved)
    assert_same_picture(second, board_after)
    alone = png.encode([board_after], palette(), png._RecentEncodings())
    assert second == alone  # a band taken from a map is the band compressed afresh
    # ... and taken it was: the second PNG holds long runs of the first one's compressed bytes
    stream = b"".join(body for kind, body in chunks(first) if kind == b"IDAT")
    kept = png.RECENT._entries[0]
    shared = [b for b in kept.bands if b.deflated in second and len(b.deflated) > 64]
    assert len(shared) >= 5
    assert all(b.deflated in stream for b in shared)


@pytest.mark.parametrize("where", ["inside", "first", "last", "bottom"])
def test_a_band_with_one_pixel_changed_is_encoded_again(where):
    """A map equal to one kept but for one pixel (one palette index) in one band (inside it,
    its first pixel, its last, the picture's last): every other band is taken from the kept
    map, that one is compressed again, and the pixel is there."""
    png.RECENT.clear()
    img = board("orders")
    encode_png(img)
    changed = img.copy()
    rows = style.PNG_BAND_ROWS
    band = {"inside": 5, "first": 6, "last": 7, "bottom": -(-img.height // rows) - 1}[where]
    x, y = {
        "inside": (700, band * rows + 3),
        "first": (0, band * rows),
        "last": (img.width - 1, band * rows + rows - 1),
        "bottom": (img.width - 1, img.height - 1),
    }[where]
    old = changed.getpixel((x, y))
    changed.putpixel((x, y), (215, 20, 30) if old != (215, 20, 30) else (20, 70, 160))
    before = palette().palette.tobytes()
    ours = encode_png(changed)
    assert palette().palette.tobytes() == before
    assert_same_picture(ours, changed)
    assert decoded(ours).getpixel((x, y)) != decoded(pillow_png(img)).getpixel((x, y))
    kept = png.RECENT._entries
    assert kept[-1].bands[band] is not kept[0].bands[band]
    assert [a is b for a, b in zip(kept[-1].bands, kept[0].bands)].count(False) == 1


def test_render_many_encodes_the_board_and_legend_as_the_map_they_make():
    """render_many encodes a map as its board and legend strip, one under the other, without
    making them one image first: the very bytes of encode_png of the map as one image."""
    views = [View("en"), View("ru", front=("RUSSIA", "TURKEY")), View("bg", front=("ENGLAND",))]
    png.RECENT.clear()
    pictures = render_many(START, OPENING, game_name="Parts", views=views)
    for view in views:
        png.RECENT.clear()
        whole = render_image(START, OPENING, game_name="Parts", front=view.front, language=view.language)
        assert pictures[view] == encode_png(whole)
        assert_same_picture(pictures[view], whole)
    with pytest.raises(ValueError, match="one width"):
        png.encode([whole, whole.crop((0, 0, 10, 10))], palette())


def test_bands_are_taken_only_from_a_map_of_the_same_size():
    png.RECENT.clear()
    img = board("busy")
    encode_png(img)
    taller = Image.new("RGB", (img.width, img.height + 5), (245, 240, 228))
    taller.paste(img, (0, 5))
    assert_same_picture(encode_png(taller), taller)
    narrower = img.crop((0, 0, img.width - 1, img.height))
    assert_same_picture(encode_png(narrower), narrower)


def test_a_small_picture_and_a_grey_one_still_encode():
    png.RECENT.clear()
    tiny = Image.new("RGB", (3, 2), (178, 208, 232))
    ImageDraw.Draw(tiny).point((1, 1), fill=(215, 20, 30))
    assert_same_picture(encode_png(tiny), tiny)
    grey = board("duel").convert("L")  # a grey picture is mapped as before, whole
    assert decoded(encode_png(grey)).tobytes() == decoded(pillow_png(grey)).tobytes()


def test_the_png_is_hardly_larger_than_the_map_encoded_whole():
    png.RECENT.clear()
    for kind in ("busy", "orders", "front"):
        img = board(kind)
        assert len(encode_png(img)) <= 1.05 * len(pillow_png(img)), kind


@given(st.binary(max_size=3000), st.binary(max_size=3000))
def test_adler32_of_two_pieces_combined_is_the_adler32_of_both(a, b):
    assert png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_adler32_combines_long_pieces():
    a, b = bytes(range(256)) * 300, b"\xff" * 200_000
    assert png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_a_map_encoded_again_is_not_kept_twice():
    """The same map encoded again (in a storm, a map asked for again) takes all its bands
    from the kept one and does not push the other kept maps out."""
    png.RECENT.clear()
    maps = [board("busy"), board("orders"), board("duel")]
    first = [encode_png(img) for img in maps]
    for _ in range(style.PNGS_KEPT):
        assert encode_png(maps[2]) == first[2]
    assert len(png.RECENT._entries) == 3
    kept = list(png.RECENT._entries)
    assert encode_png(maps[0]) == first[0]  # from the kept map: all its bands shared
    assert [e is k for e, k in zip(png.RECENT._entries, kept[1:] + kept[:1])] == [True] * 3
