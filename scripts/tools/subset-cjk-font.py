#!/usr/bin/env python3
"""Makes the CJK font subset the server PDFs embed (src/assets/fonts/NotoSansSC-Subset.ttf).

Why a subset in the repo: a fresh clone and a Netlify function have no system CJK font, and the whole
Noto Sans CJK collection is ~20 MB. The subset covers GB 2312 level 1 (3755 hanzi, rows 16-55), GB 2312's
symbol rows 1-9 (full-width punctuation, ±, ×, ÷, °, №, ...), ASCII, a few extra symbols the certificates
print (≤ ≥ ³ μ ℃ ·), and every character of the given source files (gas names such as 氩 氦 氖 氪 氙 are
level 2). pdfkit subsets again when it embeds, so a PDF carries only the glyphs it uses.

Run (Debian: apt-get install -y python3-fonttools; use the system python that has it):
  /usr/bin/python3 scripts/tools/subset-cjk-font.py
"""
import glob
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
SC_INDEX = 2  # Noto Sans CJK SC inside the collection
OUT = 'src/assets/fonts/NotoSansSC-Subset.ttf'
SCAN = [
    'scripts/sandbox/seed/gases.ts',
    'scripts/sandbox/seed/goods.ts',
    'scripts/sandbox/seed/coa.ts',
    'scripts/sandbox/seed/site.ts',
    'src/lib/coa/*.ts',
    'src/lib/pdf/*.ts',
    'src/lib/company/*.ts',
]


def gb2312(rows):
    out = []
    for row in rows:
        for cell in range(0xA1, 0xFF):
            try:
                out.append(bytes([0xA0 + row, cell]).decode('gb2312'))
            except UnicodeDecodeError:
                pass
    return out


def to_truetype(font):
    """CFF outlines to quadratic TrueType ones: fontkit subsets a CID-keyed CFF font slowly (hundreds of ms a PDF), glyf
    tables fast. The curves are approximated within 1 unit of the 1000-unit em, invisible at print sizes."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable('glyf')
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font['glyf'] = glyf
    font['loca'] = newTable('loca')
    del font['CFF ']
    if 'VORG' in font:
        del font['VORG']
    maxp = font['maxp']
    maxp.tableVersion = 0x00010000
    for attr in ('maxZones', 'maxTwilightPoints', 'maxStorage', 'maxFunctionDefs', 'maxInstructionDefs', 'maxStackElements',
                 'maxSizeOfInstructions', 'maxComponentElements', 'maxPoints', 'maxContours', 'maxCompositePoints',
                 'maxCompositeContours', 'maxComponentDepth'):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    font['head'].indexToLocFormat = 0
    font['head'].glyphDataFormat = 0
    font['post'].formatType = 3.0
    font.sfntVersion = '\x00\x01\x00\x00'
    return font


def main():
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars.update(gb2312(range(1, 10)))   # symbols
    chars.update(gb2312(range(16, 56)))  # level 1 hanzi
    chars.update('±×÷≤≥°³²μµ℃·—–‘’“”…、。，：；！？（）《》【】～№₂₃₄₆⁻¹')
    for pattern in SCAN:
        for path in glob.glob(pattern):
            with open(path, encoding='utf-8') as f:
                chars.update(ch for ch in f.read() if ord(ch) >= 0x80)
    font = TTCollection(SOURCE).fonts[SC_INDEX]
    cmap = font.getBestCmap()
    wanted = sorted(ord(c) for c in chars if ord(c) in cmap)
    options = subset.Options()
    # Horizontal Chinese text needs no OpenType layout features; without GSUB/GPOS pdfkit's layout is several times faster.
    options.layout_features = []
    options.name_IDs = ['*']
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=wanted)
    sub.subset(font)
    font = to_truetype(font)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    font.save(OUT)
    print(f'{OUT}: {len(wanted)} characters, {os.path.getsize(OUT)} bytes', file=sys.stderr)


if __name__ == '__main__':
    main()
