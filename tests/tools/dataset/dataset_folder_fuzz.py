#!/usr/bin/python3
"""The dataset folder fuzzer: damage one file of a small finished dataset, then require of
`railyard verify` a refusal naming a file, and of `railyard export` a refusal or the very export
the undamaged dataset gives, never exit 0 with another. First the classes of damage one by one
(a missing, stray, surplus or copied record; an index in two splits; an emptied or missing split;
a garbage manifest; a truncated image; an edited dataset-wide file), then ROUNDS random ones
(truncate, flip a byte, delete, append, duplicate a line, swap two files) drawn from SEED.

    dataset_folder_fuzz.py RAILYARD [ROUNDS] [SEED]
"""
import filecmp
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RAILYARD = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 40
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
failures = []


def run(*args):
    return subprocess.run([RAILYARD, *map(str, args)], capture_output=True, text=True,
                          env=dict(os.environ, RAILYARD_EGL="surfaceless"))


def same_tree(a: Path, b: Path) -> bool:
    comparison = filecmp.dircmp(a, b)
    if comparison.left_only or comparison.right_only or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, comparison.common_files, shallow=False)
    return not mismatch and not errors and all(
        same_tree(a / d, b / d) for d in comparison.common_dirs)


def check(name: str, dataset: Path, pristine_export: Path, scratch: Path):
    """verify must refuse; export must refuse or give the pristine export."""
    verified = run("verify", "-q", dataset)
    if verified.returncode == 0:
        failures.append(f"{name}: verify passed a damaged dataset")
    elif "fault" not in verified.stdout:
        failures.append(f"{name}: verify failed without a report: {verified.stderr.strip()}")
    out = scratch / "export"
    shutil.rmtree(out, ignore_errors=True)
    exported = run("export", "-t", "popper", "-o", out, dataset)
    if exported.returncode == 0 and not same_tree(out, pristine_export):
        failures.append(f"{name}: export exit 0 with a result other than the dataset's")
    if exported.returncode != 0 and "error:" not in exported.stderr:
        failures.append(f"{name}: export failed without a message: {exported.stderr.strip()}")
    if exported.returncode not in (0, 1):
        failures.append(f"{name}: export exit {exported.returncode}: {exported.stderr.strip()}")
    print(f"{name}: verify {'refused' if verified.returncode else 'PASSED'}, export "
          f"{'refused' if exported.returncode else 'same result'}")


def damage_cases(root: Path):
    """(name, damage): one case of each class of the issue, and some of our own."""
    def write(rel, text):
        (root / rel).write_text(text)

    def edit(rel, old, new):
        path = root / rel
        text = path.read_text()
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1))

    first_test = (root / "splits/test.txt").read_text().split()[0]
    return [
        ("missing record", lambda: (root / "records/3.json").unlink()),
        ("record copied from another index",
         lambda: shutil.copy(root / "records/1.json", root / "records/2.json")),
        ("record beyond the count",
         lambda: shutil.copy(root / "records/1.json", root / "records/20.json")),
        ("stray records/foo.json", lambda: write("records/foo.json", "{}")),
        ("index in two splits",
         lambda: write("splits/train.txt",
                       (root / "splits/train.txt").read_text() + first_test + "\n")),
        ("emptied split file", lambda: write("splits/test.txt", "")),
        ("missing split file", lambda: (root / "splits/val.txt").unlink()),
        ("garbage manifest", lambda: write("manifest.json", "garbage")),
        ("manifest of another count", lambda: edit("manifest.json", '"samples": 20', '"samples": 19')),
        ("truncated image", lambda: os.truncate(root / "images/4_m_train.png", 100)),
        ("deleted depth EXR", lambda: (root / "depths/5_m_train.exr").unlink()),
        ("edited all_scenes.json", lambda: edit("all_scenes/all_scenes.json", "east", "west")),
        ("edited COCO file", lambda: edit("coco/instances.json", '"area":', '"area":1')),
        ("image no record names", lambda: shutil.copy(root / "images/1_m_train.png",
                                                     root / "images/99_m_train.png")),
        ("subset outside train", lambda: write("splits/train_4.txt", first_test + "\n")),
        ("record with another label",
         lambda: edit("records/6.json", '"published_label":"', '"published_label":"x')),
    ]


def pairs_cases(root: Path):
    """(name, damage) for a pairs folder: its lines, manifest and sides must align."""
    lines = (root / "pairs.jsonl").read_text().splitlines(keepends=True)
    base = next((root / "base").glob("Trains_*"))

    def write(rel, text):
        (root / rel).write_text(text)

    return [
        ("pairs: truncated pairs.jsonl", lambda: write("pairs.jsonl", "".join(lines)[:-40])),
        ("pairs: a line missing", lambda: write("pairs.jsonl", "".join(lines[:-1]))),
        ("pairs: two lines swapped",
         lambda: write("pairs.jsonl", "".join([lines[1], lines[0]] + lines[2:]))),
        ("pairs: manifest side of the wrong type",
         lambda: write("manifest.json", (root / "manifest.json").read_text().replace(
             '"base": "', '"base": ["', 1).replace('",\n  "intervened"', '"],\n  "intervened"', 1))),
        ("pairs: manifest side outside the folder",
         lambda: write("manifest.json", (root / "manifest.json").read_text().replace(
             '"base": "', '"base": "../', 1))),
        ("pairs: sides no longer align",
         lambda: shutil.rmtree(root / "intervened") or shutil.copytree(
             root / "base", root / "intervened")),
        ("pairs: a side's record missing", lambda: (base / "records" / "1.json").unlink()),
    ]


def random_damage(root: Path, rng: random.Random) -> str:
    files = sorted(p for p in root.rglob("*") if p.is_file()
                   and not {"runs", "exports", "unpaired.jsonl"} & set(p.relative_to(root).parts)
                   and not (p.name == "manifest.json" and p.parent == root
                            and (root / "pairs.jsonl").exists()))
    path = rng.choice(files)
    rel = path.relative_to(root).as_posix()
    data = path.read_bytes()
    kind = rng.choice(["truncate", "flip", "delete", "append", "duplicate line", "swap"])
    if kind == "truncate" and data:
        path.write_bytes(data[:rng.randrange(len(data))])
    elif kind == "flip" and data:
        at = rng.randrange(len(data))
        path.write_bytes(data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:])
    elif kind == "append":
        path.write_bytes(data + b"\n0\n")
    elif kind == "duplicate line" and b"\n" in data:
        lines = data.split(b"\n")
        at = rng.randrange(len(lines))
        path.write_bytes(b"\n".join(lines[:at + 1] + lines[at:]))
    elif kind == "swap":
        others = [p for p in path.parent.iterdir() if p.is_file() and p != path
                  and p.read_bytes() != data]
        if not others:
            return ""
        other = rng.choice(others)
        path.write_bytes(other.read_bytes())
        other.write_bytes(data)
        rel += " <-> " + other.name
    else:
        path.unlink()
        kind = "delete"
    return f"{kind} {rel}"


def main():
    with tempfile.TemporaryDirectory(prefix="railyard-folder-fuzz-") as tmp:
        tmp = Path(tmp)
        made = run("generate", "-q", "-n", "20", "--width", "64", "--height", "36", "--seed", "4",
                   "--set", "subsets=[4]", "-o", tmp / "out")
        assert made.returncode == 0, made.stderr
        pristine = next((tmp / "out").glob("Trains_*"))
        verified = run("verify", "-q", pristine)
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert run("export", "-t", "popper", "-o", tmp / "pristine_export", pristine).returncode == 0
        copy = tmp / "out" / "copy"  # beside the original, so its descriptions are found

        def fresh() -> Path:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(pristine, copy, symlinks=True)
            return copy

        assert run("verify", "-q", fresh()).returncode == 0, "a copy must verify"
        for name, damage in damage_cases(fresh()):
            damage()
            check(name, copy, tmp / "pristine_export", tmp)
            fresh()
        made = run("intervene", "-q", "-n", "8", "--width", "64", "--height", "36", "--seed", "4",
                   "-o", tmp / "p")
        assert made.returncode == 0, made.stderr
        pairs = next((tmp / "p").glob("*_pairs"))
        assert run("verify", "-q", pairs).returncode == 0
        assert run("export", "-t", "popper", "-o", tmp / "pairs_export", pairs).returncode == 0
        pairs_copy = tmp / "p" / "copy_pairs"

        def fresh_pairs() -> Path:
            shutil.rmtree(pairs_copy, ignore_errors=True)
            shutil.copytree(pairs, pairs_copy, symlinks=True)
            return pairs_copy

        for name, damage in pairs_cases(fresh_pairs()):
            damage()
            check(name, pairs_copy, tmp / "pairs_export", tmp)
            fresh_pairs()
        rng = random.Random(SEED)
        for round_ in range(ROUNDS // 4):
            what = random_damage(fresh_pairs(), rng)
            if what:
                check(f"pairs round {round_}: {what}", pairs_copy, tmp / "pairs_export", tmp)
        for round_ in range(ROUNDS):
            what = random_damage(fresh(), rng)
            if what:
                check(f"round {round_}: {what}", copy, tmp / "pristine_export", tmp)
    for failure in failures:
        print("FAIL:", failure)
    print(f"{'FAIL' if failures else 'PASS'}: {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
