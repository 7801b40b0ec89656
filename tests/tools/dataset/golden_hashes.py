#!/usr/bin/python3
"""SHA-256 of every file a `railyard generate` or `intervene` run wrote under OUTPUT, minus what legitimately
differs between runs: the wall times (runs/, the manifest's timing) and the day the dataset was
started (replaced by a placeholder wherever it appears). Prints `<sha256>  <case>/<relative path>`
lines, sorted. Usage: golden_hashes.py CASE OUTPUT"""
import hashlib
import json
import pathlib
import sys


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
        digest = hashlib.sha256(normalised(path, created)).hexdigest()
        lines.append(f"{digest}  {case}/{relative}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
