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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "support"))
from png_rows import png_rows  # noqa: E402


def png_pixels(data: bytes) -> bytes:
    """The PNG's size, depth and colour type, then its unfiltered samples."""
    width, height, depth, colour, rows = png_rows(data)
    return f"{width} {height} {depth} {colour}\n".encode() + b"".join(rows)


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
