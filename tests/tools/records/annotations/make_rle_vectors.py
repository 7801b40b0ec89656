#!/usr/bin/env python3
"""Derives the expected strings of rle_test.cpp's kVectors: a transcription of pycocotools'
maskApi.c rleToString (pycocotools itself is not installable here), applied to masks that the
test rebuilds with the same generator. Run it and paste its output into rle_test.cpp."""


def lcg(seed):
    state = seed
    while True:
        state = (state * 1103515245 + 12345) % (1 << 31)
        yield state >> 16


def random_mask(h, w, seed, percent):
    gen = lcg(seed)
    return [[1 if next(gen) % 100 < percent else 0 for _ in range(w)] for _ in range(h)]


def rect_mask(h, w, rects):
    m = [[0] * w for _ in range(h)]
    for x0, y0, x1, y1 in rects:
        for y in range(y0, y1):
            for x in range(x0, x1):
                m[y][x] = 1
    return m


def counts_of(mask):
    """Column-major runs, starting with zeros (as pycocotools' rleEncode)."""
    h, w = len(mask), len(mask[0])
    flat = [mask[y][x] for x in range(w) for y in range(h)]
    counts, previous, run = [], 0, 0
    for v in flat:
        if v != previous:
            counts.append(run)
            run, previous = 0, v
        run += 1
    counts.append(run)
    return counts


def rle_to_string(counts):
    """maskApi.c rleToString: 5-bit groups, continuation bit 0x20, delta to cnts[i-2] for i > 2."""
    out = []
    for i, count in enumerate(counts):
        x = count
        if i > 2:
            x -= counts[i - 2]
        more = True
        while more:
            c = x & 0x1F
            x >>= 5  # Python's >> on negative ints is arithmetic, like C's on long
            more = (x != -1) if (c & 0x10) else (x != 0)
            if more:
                c |= 0x20
            out.append(chr(c + 48))
    return "".join(out)


def bbox(mask):
    pts = [(x, y) for y, row in enumerate(mask) for x, v in enumerate(row) if v]
    if not pts:
        return [0, 0, 0, 0]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return [min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1]


def fnv1a64(text):
    h = 0xCBF29CE484222325
    for ch in text.encode():
        h = ((h ^ ch) * 0x100000001B3) % (1 << 64)
    return h


CASES = [
    ("random", 5, 7, 1, 50),
    ("random", 16, 9, 7, 30),
    ("random", 27, 48, 42, 80),
    ("random", 270, 480, 3, 2),
    ("rects", 270, 480, [(10, 20, 200, 120), (150, 100, 300, 260), (470, 0, 480, 270)]),
    ("rects", 1080, 1920, [(0, 0, 1920, 540), (800, 600, 1200, 1000)]),
    ("rects", 64, 64, [(3, 0, 5, 64), (5, 10, 6, 11)]),
]

for case in CASES:
    if case[0] == "random":
        _, h, w, seed, percent = case
        mask = random_mask(h, w, seed, percent)
        spec = f"Random({h}, {w}, {seed}, {percent})"
    else:
        _, h, w, rects = case
        mask = rect_mask(h, w, rects)
        spec = "Rects(%d, %d, {%s})" % (h, w, ", ".join("{%d, %d, %d, %d}" % r for r in rects))
    counts = counts_of(mask)
    area = sum(counts[1::2])
    string = rle_to_string(counts)
    # Long strings are pinned by length, FNV-1a hash and prefix to keep the test source short.
    shown = (string if len(string) <= 100 else string[:40]).replace("\\", "\\\\")
    print('    {%s, %d, {%s},\n     "%s", %d, 0x%016xull},' % (
        spec, area, ", ".join(map(str, bbox(mask))), shown, len(string), fnv1a64(string)))
