"""Prints 'WIDTH HEIGHT DISTINCT_COLOURS' of an 8-bit RGB or RGBA PNG (standard library only)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "support"))
from png_rows import png_rows  # noqa: E402


def read_png(path):
    width, height, depth, colour, rows = png_rows(open(path, "rb").read())
    assert depth == 8 and colour in (2, 6), f"{path}: not 8-bit RGB(A)"
    channels = 3 if colour == 2 else 4
    pixels = {row[i:i + 3] for row in rows for i in range(0, width * channels, channels)}
    return width, height, len(pixels)


if __name__ == "__main__":
    print(*read_png(sys.argv[1]))
