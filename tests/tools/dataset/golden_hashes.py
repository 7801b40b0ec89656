#!/usr/bin/python3
"""SHA-256 of every file a `railyard generate` or `intervene` run wrote under OUTPUT, minus what legitimately
differs between runs: the wall times (runs/, the manifest's timing) and the day the dataset was
started (replaced by a placeholder wherever it appears). Prints `<sha256>  <case>/<relative path>`
lines, sorted. Beside a PNG's bytes, the hash of its decoded pixels (`...png#content`), and beside a
record's or manifest's bytes, that of its content without the checksums of other files
(`...json#content`): a change of encoder (zlib to libdeflate, a filter) changes byte lines only,
so its diff of hashes.txt shows that no picture, mask, depth or record changed.
Usage: golden_hashes.py CASE OUTPUT"""
import hashlib
import json
import pathlib
import sys
import zlib


def png_pixels(data: bytes) -> bytes:
    """IHDR's size, depth and colour type, then the unfiltered samples of a non-interlaced PNG."""
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[header[9]]
    bpp = max(1, channels * header[8] // 8)
    stride = (width * channels * header[8] + 7) // 8
    raw, out, above = zlib.decompress(idat), bytearray(), bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b, c = above[i], above[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        above = row
    return header[:10] + bytes(out)


def content(path: pathlib.Path, data: bytes):
    """What a reader takes from the file whatever its encoder, or None for a file that is its
    bytes."""
    if path.suffix == ".png":
        return png_pixels(data)
    if path.suffix == ".json" and (path.parent.name == "records" or path.name == "manifest.json"):
        value = json.loads(data)
        for key in ("file_checks", "records_sha256"):
            value.pop(key, None)
        return json.dumps(value, sort_keys=True).encode()
    return None


def normalised(path: pathlib.Path, created: str) -> bytes:
    data = path.read_bytes()
    if path.name == "manifest.json":
        manifest = json.loads(data)
        manifest.pop("timing", None)
        data = (json.dumps(manifest, indent=2) + "\n").encode()
    if created and path.suffix in (".json", ".jsonl", ".yaml", ".txt"):
        data = data.replace(created.encode(), b"YYYY-MM-DD")
    return data


def main() -> None:
    case, output = sys.argv[1], pathlib.Path(sys.argv[2])
    # A dataset's manifest says the day (a pairs folder's is one level down, in base/).
    days = [json.loads(m.read_text()).get("created", "") for m in sorted(output.rglob("manifest.json"))]
    created = next((day for day in days if day), "")
    lines = []
    for path in sorted(p for p in output.rglob("*") if p.is_file()):
        relative = path.relative_to(output).as_posix()
        if "/runs/" in "/" + relative:
            continue
        data = normalised(path, created)
        lines.append(f"{hashlib.sha256(data).hexdigest()}  {case}/{relative}")
        decoded = content(path, data)
        if decoded is not None:
            lines.append(f"{hashlib.sha256(decoded).hexdigest()}  {case}/{relative}#content")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
