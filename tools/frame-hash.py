#!/usr/bin/env python3
"""The frame hash (docs/internals/render-server.md, "The frame hash"), written out
from its definition, independently of the Swift code.

  python3 tools/frame-hash.py                 the hashes TiledFrameHashTests pins
  python3 tools/frame-hash.py FRAME.ppm ...   the hash of each P6 frame file
                                              (opaque: alpha 255, as LoopSim reads one)
"""
import struct
import sys

MASK = (1 << 64) - 1
OFFSET = 0xCBF29CE484222325
PRIME = 0x100000001B3
TILE = 64


def fnv_words(words):
    """FNV-1a 64 over 64-bit words, a word a step."""
    h = OFFSET
    for w in words:
        h = ((h ^ w) * PRIME) & MASK
    return h


def lane_hash(words):
    """Word j to lane j mod 4 (four FNV-1a 64 from the offset basis), folded."""
    lanes = [OFFSET] * 4
    for j, w in enumerate(words):
        lanes[j % 4] = ((lanes[j % 4] ^ w) * PRIME) & MASK
    return fnv_words(lanes)


def row_words(row):
    """A tile row's bytes (RGBA) as little-endian words: two pixels each, an odd last pixel zero-extended."""
    words = [struct.unpack_from("<Q", row, k)[0] for k in range(0, len(row) - 7, 8)]
    if len(row) % 8:
        words.append(struct.unpack_from("<I", row, len(row) - 4)[0])
    return words


def frame_hash(width, height, rgba):
    tiles = []
    for ty in range(0, height, TILE):
        for tx in range(0, width, TILE):
            x1 = min(tx + TILE, width)
            rows = [lane_hash(row_words(rgba[(y * width + tx) * 4:(y * width + x1) * 4]))
                    for y in range(ty, min(ty + TILE, height))]
            tiles.append(lane_hash(rows))
    h = OFFSET
    for v in [width, height] + tiles:
        for b in struct.pack("<Q", v):
            h = ((h ^ b) * PRIME) & MASK
    return "%016x" % h


def image(width, height, pixel):
    return width, height, bytes(c for y in range(height) for x in range(width) for c in pixel(x, y))


def read_p6(path):
    data = open(path, "rb").read()
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] not in (b"\n", b""):
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P6" or fields[3] != b"255":
        raise SystemExit(f"{path}: not a P6 file with maxval 255")
    width, height = int(fields[1]), int(fields[2])
    rgb = data[i + 1:i + 1 + width * height * 3]
    rgba = bytearray(width * height * 4)
    rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = rgb[0::3], rgb[1::3], rgb[2::3], b"\xff" * (width * height)
    return width, height, bytes(rgba)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        for path in sys.argv[1:]:
            print(frame_hash(*read_p6(path)), path)
    else:
        print(frame_hash(*image(2, 1, lambda x, y: [[255, 0, 0, 255], [0, 0, 0, 255]][x])))
        print(frame_hash(*image(11, 2, lambda x, y: [x * 20, y * 100, x + y, 255])))
        print(frame_hash(*image(130, 70, lambda x, y: [x & 255, y & 255, (x * y) & 255, 255])))
