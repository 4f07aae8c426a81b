#!/usr/bin/env python3
"""Makes the CJK font subset the server PDFs embed (src/assets/fonts/NotoSansSC-Subset.otf).

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
OUT = 'src/assets/fonts/NotoSansSC-Subset.otf'
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
    options.layout_features = ['kern', 'vert', 'locl']
    options.name_IDs = ['*']
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=wanted)
    sub.subset(font)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    font.save(OUT)
    print(f'{OUT}: {len(wanted)} characters, {os.path.getsize(OUT)} bytes', file=sys.stderr)


if __name__ == '__main__':
    main()
