"""PNG encoding of a map in bands of rows, reusing the bands of a map encoded before (issue 24).

A map is mapped onto the fixed palette and compressed in bands of PNG_BAND_ROWS rows. PNG's
image data is one zlib stream, but deflate allows it to be made of pieces that each start
afresh: every band is compressed by its own raw-deflate compressor and ended with a full
flush (byte-aligned, no back-reference into an earlier band), so a band's compressed bytes
decode the same wherever they stand. The stream is the zlib header, the bands in order, an
empty final block and the Adler-32 of all the filtered rows (combined from the bands' own).

The last few maps encoded are kept (their palette indices and compressed bands, by band).
A band of a map whose indices are those of the same band of a kept map of the same size is
taken as it is, not compressed again: maps of a storm share many bands (the sea, rows
without a change of tint or unit, the boards of games in the same year), and a phase's two
maps the rows their moves did not touch. Compression is most of the encoding; the palette
mapping is done whole (telling unchanged parts apart in RGB costs about as much as mapping
them). A player sees the pixels of the map encoded whole (tests compare them); the flushes
cost about 3 % of the bytes, which Pillow's own chunking of the stream about makes up.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from renderer import style

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KiB window, "fast" levels (informative only)
_FINAL_BLOCK = b"\x03\x00"  # an empty final block (fixed Huffman codes), after a byte-aligned flush
_ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data one after the other from each one's own (zlib's
    adler32_combine, which Python does not expose)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@dataclass(frozen=True, slots=True)
class Band:
    """Some rows of a map as they stand in the PNG."""

    deflated: bytes  # raw deflate ended by a full flush: decodes alone, from a byte boundary
    adler: int  # Adler-32 of its filtered rows
    length: int  # how many bytes its filtered rows are


@dataclass(frozen=True, slots=True)
class _Encoded:
    key: tuple  # size and palette: bands of maps with the same key line up
    indices: tuple[bytes, ...]  # each band's palette indices, to tell which bands a later map shares
    bands: tuple[Band, ...]


class _RecentEncodings:
    """The last few maps encoded, to take unchanged bands from; safe for threads (the kept
    maps are never changed, the lock guards the list)."""

    def __init__(self, kept: int = style.PNGS_KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._entries: list[_Encoded] = []  # oldest first

    def shared_bands(self, key: tuple, indices: bytes, band_bytes: int, count: int) -> list[tuple[bytes, Band] | None]:
        """For each band of a map's palette indices, the band (its indices and compressed
        bytes) of the kept map with the same key that shares the most bands with it, where
        their indices are the same (else None)."""
        with self._lock:
            candidates = [e for e in self._entries if e.key == key]
        best: list[tuple[bytes, Band] | None] = [None] * count
        best_count = 0
        for entry in reversed(candidates):  # newest first: ties go to the latest
            same: list[tuple[bytes, Band] | None] = []
            missed = 0
            for i, (old, band) in enumerate(zip(entry.indices, entry.bands)):
                # startswith at an offset compares in place (a slice would copy both bands)
                if indices.startswith(old, i * band_bytes):
                    same.append((old, band))
                else:
                    same.append(None)
                    missed += 1
                    if count - missed <= best_count:
                        break  # cannot share more than the best so far
            else:
                best, best_count = same, count - missed
                if not missed:
                    break
        return best

    def keep(self, encoded: _Encoded) -> None:
        """Keep a map encoded; one kept already (every band the same: the same picture) is
        only moved to the newest place, not kept twice (it would push another out)."""
        with self._lock:
            for i, entry in enumerate(self._entries):
                if entry.key == encoded.key and all(a is b for a, b in zip(entry.bands, encoded.bands)):
                    self._entries.append(self._entries.pop(i))
                    return
            self._entries.append(encoded)
            del self._entries[: -self.kept]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


RECENT = _RecentEncodings()


def _filtered(indices: bytes, width: int) -> bytes:
    """Rows of palette indices as PNG's filter stage gives them with filter None (each row
    after a 0 byte): what Pillow writes for a palette image."""
    return b"".join(b"\0" + indices[i : i + width] for i in range(0, len(indices), width))


def _deflate(rows: bytes) -> Band:
    compressor = zlib.compressobj(style.PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15, 8, style.PNG_COMPRESS_STRATEGY)
    deflated = compressor.compress(rows) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Band(deflated, zlib.adler32(rows), len(rows))


def assemble(size: tuple[int, int], palette: bytes, bands: Sequence[Band]) -> bytes:
    """A PNG (8-bit palette, no interlacing) whose image data is the bands in order."""
    adler = 1  # the Adler-32 of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    stream = b"".join([_ZLIB_HEADER, *(b.deflated for b in bands), _FINAL_BLOCK, adler.to_bytes(4, "big")])
    header = struct.pack(">IIBBBBB", size[0], size[1], 8, 3, 0, 0, 0)
    return b"".join(
        [_SIGNATURE, chunk(b"IHDR", header), chunk(b"PLTE", palette), chunk(b"IDAT", stream), chunk(b"IEND", b"")]
    )


def encode(parts: Sequence[Image.Image], palette: Image.Image, recent: _RecentEncodings = RECENT) -> bytes:
    """RGB pictures of one width, one under the other, as one PNG on ``palette`` (a palette
    image): pixel for pixel img.quantize(palette=palette) of them stacked (the mapping is
    per pixel); the bands it shares with a map encoded lately are taken from that map."""
    w, h = parts[0].width, sum(p.height for p in parts)
    if any(p.width != w or p.mode != "RGB" for p in parts):
        raise ValueError("the parts of a PNG are RGB pictures of one width")
    colours = palette.palette.tobytes() if palette.palette else b""
    band_bytes = style.PNG_BAND_ROWS * w
    count = -(-h // style.PNG_BAND_ROWS)
    key = ((w, h), colours)
    # the bands are told apart by their indices (what the filtered rows are made of, without
    # building them for the bands taken as they are)
    indices = b"".join(p.quantize(palette=palette, dither=Image.Dither.NONE).tobytes() for p in parts)  # type: ignore[arg-type]
    shared = recent.shared_bands(key, indices, band_bytes, count)
    kept: list[bytes] = []
    bands: list[Band] = []
    for i, same in enumerate(shared):
        if same is None:
            part = indices[i * band_bytes : (i + 1) * band_bytes]
            same = (part, _deflate(_filtered(part, w)))
        kept.append(same[0])
        bands.append(same[1])
    recent.keep(_Encoded(key, tuple(kept), tuple(bands)))
    return assemble((w, h), colours, bands)
