#!/usr/bin/env python3
"""Writes the seed corpus of the `art` fuzz target into fuzz/seeds/art/
(run by seeds.sh; Python's standard library only). Each seed is one byte
picking the kind (0 SVG, 1 PNG, 2 JPEG, 3 font; see fuzz/src/lib.rs) and
the file: small SVGs of what card art draws and of what it refuses, a PNG
and two JPEGs made here, and a minimal TrueType font made here."""

import math
import os
import struct
import sys
import zlib

SVG, PNG, JPEG, FONT = 0, 1, 2, 3


def png(width, height, rgba):
    """A truecolour-with-alpha PNG of one colour."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\0" + bytes(rgba) * width
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )


def jpeg(components):
    """A baseline JPEG, 16 x 8 pixels of mid-grey: DC and AC Huffman tables
    of one code each ("0": DC category 0, AC end of block), so each of the
    two blocks of each component is the two bits "00"."""

    def seg(marker, body):
        return struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body

    out = b"\xFF\xD8"
    out += seg(0xE0, b"JFIF\0" + bytes([1, 1, 0]) + struct.pack(">HH", 1, 1) + b"\0\0")
    out += seg(0xDB, bytes([0]) + bytes([1] * 64))
    sof = struct.pack(">BHHB", 8, 8, 16, components)
    for c in range(components):
        sof += bytes([c + 1, 0x11, 0])
    out += seg(0xC0, sof)
    one = bytes([1] + [0] * 15)
    out += seg(0xC4, bytes([0x00]) + one + bytes([0x00]))
    out += seg(0xC4, bytes([0x10]) + one + bytes([0x00]))
    sos = bytes([components])
    for c in range(components):
        sos += bytes([c + 1, 0x00])
    out += seg(0xDA, sos + bytes([0, 63, 0]))
    bits = "00" * (2 * components)
    bits += "1" * ((8 - len(bits) % 8) % 8)
    data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    return out + data.replace(b"\xFF", b"\xFF\x00") + b"\xFF\xD9"


def font():
    """A minimal TrueType font: two glyphs (both a square), every printable
    ASCII character, the minus sign and Omega mapped to glyph 1."""

    def checksum(b):
        b += b"\0" * ((4 - len(b) % 4) % 4)
        return sum(struct.unpack(">%dI" % (len(b) // 4), b)) & 0xFFFFFFFF

    glyph = struct.pack(">hhhhh", 1, 100, 0, 500, 400) + struct.pack(">HH", 3, 0)
    glyph += bytes([0x01] * 4)
    glyph += b"".join(struct.pack(">h", x) for x in [100, 400, 0, -400])
    glyph += b"".join(struct.pack(">h", y) for y in [0, 0, 400, 0])
    glyf = glyph + glyph
    loca = struct.pack(">HHH", 0, len(glyph) // 2, len(glyf) // 2)
    glyphs = 2
    head = struct.pack(
        ">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0, 0, 0, 500, 400, 0, 3, 2, 0, 0
    )
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, 600, 0, 0, 500, 1, 0, 0, 0, 0, 0, 0, 0, glyphs)
    maxp = struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, glyphs, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    hmtx = struct.pack(">HhHh", 600, 100, 600, 100)
    segs = [(0x20, 0x7E), (0x3A9, 0x3A9), (0x2212, 0x2212), (0xFFFF, 0xFFFF)]
    n = len(segs)
    ends = b"".join(struct.pack(">H", e) for _, e in segs)
    starts = b"".join(struct.pack(">H", s) for s, _ in segs)
    deltas = b"".join(struct.pack(">H", (1 - s) % 65536 if s != 0xFFFF else 1) for s, _ in segs)
    search = 2 * (2 ** int(math.log2(n)))
    sub = struct.pack(">HHHHHHH", 4, 0, 0, 2 * n, search, int(math.log2(n)), 2 * n - search)
    sub += ends + b"\0\0" + starts + deltas + b"\0\0" * n
    sub = sub[:2] + struct.pack(">H", len(sub)) + sub[4:]
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    tiny = "Tiny".encode("utf-16-be")
    records = [(1, tiny), (2, "Regular".encode("utf-16-be")), (4, tiny), (6, tiny)]
    strings = rec = b""
    for name_id, s in records:
        rec += struct.pack(">HHHHHH", 3, 1, 0x409, name_id, len(s), len(strings))
        strings += s
    name = struct.pack(">HHH", 0, len(records), 6 + 12 * len(records)) + rec + strings
    post = struct.pack(">IihhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    os2 = struct.pack(">HhHHHhhhhhhhhhhh", 4, 500, 400, 5, 0, 650, 600, 0, 75, 650, 600, 0, 350, 50, 250, 0)
    os2 += bytes(10) + struct.pack(">IIII", 1, 0, 0, 0) + b"NONE" + struct.pack(">HHH", 0x40, 0x20, 0x7E)
    os2 += struct.pack(">hhhHH", 800, -200, 0, 800, 200) + struct.pack(">II", 1, 0)
    os2 += struct.pack(">hhHHH", 500, 700, 0, 0x20, 1)
    tables = {
        b"OS/2": os2, b"cmap": cmap, b"glyf": glyf, b"head": head, b"hhea": hhea,
        b"hmtx": hmtx, b"loca": loca, b"maxp": maxp, b"name": name, b"post": post,
    }
    tags = sorted(tables)
    selector = int(math.log2(len(tags)))
    search = 16 * 2**selector
    out = struct.pack(">IHHHH", 0x00010000, len(tags), search, selector, len(tags) * 16 - search)
    offset = 12 + 16 * len(tags)
    directory = body = b""
    for tag in tags:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, checksum(data), offset + len(body), len(data))
        body += data + b"\0" * ((4 - len(data) % 4) % 4)
    return out + directory + body


NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
SVGS = {
    "svg-badge": f'<svg {NS} viewBox="0 0 10 10"><rect width="10" height="10" fill="#0000ff"/></svg>',
    "svg-shapes": f"""<svg {NS} width="40" height="20" viewBox="0 0 40 20">
  <defs><path id="a" d="M0 0h4v4z M1 1a2 2 0 1 0 2 2q1 1 2 0c1 1 2 2 3 3" fill="#c00"/></defs>
  <g transform="translate(2 2) rotate(10)" fill-rule="evenodd">
    <use href="#a"/><use xlink:href="#a" x="6" style="fill:rgb(0,128,0)"/>
    <circle cx="20" cy="10" r="5" fill="none" stroke="navy" stroke-width="2" stroke-dasharray="2 1"/>
    <polygon points="30,2 38,2 34,9" fill="#abc"/><ellipse cx="10" cy="15" rx="4" ry="2"/>
    <polyline points="1,19 5,15 9,19" fill="none" stroke="black" stroke-linejoin="round"/>
  </g>
  <style>.x {{ fill: url(#a) }}</style>
</svg>""",
    "svg-illustrator": """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_svg "http://www.w3.org/2000/svg">
	<!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
	<!ENTITY red "#ff0000">
]>
<svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" viewBox="0 0 10 10"><rect width="5" height="5" fill="&red;"/></svg>""",
    "svg-refused": f"""<svg {NS} viewBox="0 0 10 10">
  <image href="/dev/zero"/><image href="../x.png"/><image href="data:image/png;base64,AAAA"/>
  <use href="other.svg#a"/><rect fill="url(http://example.com/g)" onclick="x()"/>
  <style>@import url(x.css);</style><text>Hi<tspan>!</tspan></text><foreignObject/>
  <linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
  <rect width="2" height="2" fill="url(#g)" opacity="0.5" filter="url(#f)"/>
</svg>""",
    "svg-uses": f"""<svg {NS} viewBox="0 0 10 10"><defs><path id="l0" d="M0 0L1 1Z"/>
<g id="l1"><use href="#l0"/><use href="#l0"/><use href="#l0"/></g>
<g id="l2"><use href="#l1"/><use href="#l1"/><use href="#l1"/></g>
<marker id="m"><use href="#l2"/></marker></defs>
<path d="M0 0L5 5L9 1" marker-mid="url(#m)" stroke="black"/><use href="#l2"/></svg>""",
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    seeds = os.path.join(here, "seeds", "art")
    os.makedirs(seeds, exist_ok=True)
    files = {name: (SVG, text.encode()) for name, text in SVGS.items()}
    files["png-rgba"] = (PNG, png(16, 8, (20, 160, 60, 255)))
    files["jpeg-ycbcr"] = (JPEG, jpeg(3))
    files["jpeg-grey"] = (JPEG, jpeg(1))
    files["font-tiny"] = (FONT, font())
    for name, (kind, data) in files.items():
        with open(os.path.join(seeds, name), "wb") as f:
            f.write(bytes([kind]) + data)
    print(f"art: {len(files)} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
