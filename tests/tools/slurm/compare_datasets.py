"""Compares a sharded railyard dataset with an unsharded one, file by file.

    compare_datasets.py SHARDED UNSHARDED SAMPLES SHARDS

Every file must be byte-identical except:
- runs/: one timing record per process that rendered (SHARDS of them against one), and
- manifest.json's "timing" block (wall times, process count); the rest of it must match.
Also checks that both datasets hold SAMPLES images and that each of the SHARDS processes
rendered its own share, so two empty or wrongly sharded datasets cannot pass.
"""

import json
import sys
from pathlib import Path

TIMING_RECORDS = "runs"
MANIFEST = "manifest.json"


def files(root: Path) -> set[Path]:
    return {p.relative_to(root) for p in root.rglob("*") if p.is_file()}


def is_timing_record(path: Path) -> bool:
    """<dataset folder>/runs/..."""
    return len(path.parts) > 2 and path.parts[1] == TIMING_RECORDS


def dataset_folder(root: Path) -> Path:
    """The <Visualization>_<rule>_..._len_<min>-<max> folder beside dataset_descriptions/."""
    folders = [p for p in root.iterdir() if p.is_dir() and p.name != "dataset_descriptions"]
    if len(folders) != 1:
        sys.exit(f"{root}: expected one dataset folder, found {[p.name for p in folders]}")
    return folders[0]


def manifest_without_timing(path: Path) -> str:
    manifest = json.loads(path.read_text())
    manifest.pop("timing", None)
    return json.dumps(manifest, indent=1)


def check_shards(folder: Path, samples: int, shards: int) -> list[str]:
    problems = []
    records = sorted((folder / TIMING_RECORDS).glob("*.json"))
    names = sorted(f"shard-{i}-of-{shards}.json" for i in range(shards))
    if [r.name for r in records] != names:
        return [f"{folder}/runs holds {[r.name for r in records]}, expected {names}"]
    for i, record in enumerate(records):
        rendered = json.loads(record.read_text()).get("rendered_last_run")
        share = len(range(i, samples, shards))
        if rendered != share:
            problems.append(f"{record}: rendered {rendered} samples, its share is {share}")
    timing = json.loads((folder / MANIFEST).read_text()).get("timing", {})
    if timing.get("shards") != shards:
        problems.append(f"{folder}/{MANIFEST}: timing.shards is {timing.get('shards')}, "
                        f"expected {shards}")
    return problems


def main() -> int:
    sharded, unsharded = Path(sys.argv[1]), Path(sys.argv[2])
    samples, shards = int(sys.argv[3]), int(sys.argv[4])
    problems = []

    left = {p for p in files(sharded) if not is_timing_record(p)}
    right = {p for p in files(unsharded) if not is_timing_record(p)}
    for p in sorted(left - right):
        problems.append(f"only in the sharded dataset: {p}")
    for p in sorted(right - left):
        problems.append(f"only in the unsharded dataset: {p}")

    identical = 0
    for p in sorted(left & right):
        a, b = sharded / p, unsharded / p
        if p.name == MANIFEST:
            same = manifest_without_timing(a) == manifest_without_timing(b)
        else:
            same = a.read_bytes() == b.read_bytes()
        if same:
            identical += 1
        else:
            problems.append(f"differs: {p}")

    folder = dataset_folder(sharded)
    images = list((folder / "images").glob("*_m_train.png"))
    if len(images) != samples:
        problems.append(f"{folder}/images holds {len(images)} images, expected {samples}")
    problems += check_shards(folder, samples, shards)

    for problem in problems:
        print(problem)
    print(f"{identical} files identical, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
