"""Two output folders hold the same bytes: every file but the runs' timing records, manifests
compared without their timing. Exits non-zero naming the files that differ.
  same_tree.py A B [SUFFIX]   (SUFFIX: a file that must be among them, e.g. pairs.jsonl)"""
import json
import sys
from pathlib import Path


def tree(root):
    files = {}
    for path in sorted(Path(root).rglob("*")):
        rel = str(path.relative_to(root))
        if not path.is_file() or "/runs/" in "/" + rel:
            continue
        data = path.read_bytes()
        if path.name == "manifest.json":
            manifest = json.loads(data)
            manifest.pop("timing", None)
            data = json.dumps(manifest, sort_keys=True).encode()
        files[rel] = data
    return files


a, b = tree(sys.argv[1]), tree(sys.argv[2])
assert a.keys() == b.keys(), sorted(set(a) ^ set(b))[:10]
bad = [k for k in a if a[k] != b[k]]
assert not bad, bad[:10]
if len(sys.argv) > 3:
    assert any(k.endswith(sys.argv[3]) for k in a), f"no {sys.argv[3]}"
print(len(a), "files equal")
