"""Compares two folders of railyard output (a suite, a dataset), file by file.

    compare_trees.py LEFT RIGHT [MIN_FILES]

Every file must be byte-identical except what records how a run went rather than what it made:
files under a runs/ folder (one timing record per process) and the "timing" block of each
manifest.json. At least MIN_FILES files (default 1) must be compared, so two empty folders
cannot pass. Exit 0 when equal, 1 with the differences listed otherwise.
"""

import json
import sys
from pathlib import Path


def files(root: Path) -> set[Path]:
    return {p.relative_to(root) for p in root.rglob("*")
            if p.is_file() and "runs" not in p.relative_to(root).parts}


def same(a: Path, b: Path) -> bool:
    if a.name == "manifest.json":
        left, right = json.loads(a.read_text()), json.loads(b.read_text())
        left.pop("timing", None)
        right.pop("timing", None)
        return left == right
    return a.read_bytes() == b.read_bytes()


def main() -> int:
    left, right = Path(sys.argv[1]), Path(sys.argv[2])
    minimum = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    a, b = files(left), files(right)
    problems = [f"only in {left}: {p}" for p in sorted(a - b)]
    problems += [f"only in {right}: {p}" for p in sorted(b - a)]
    common = sorted(a & b)
    problems += [f"differs: {p}" for p in common if not same(left / p, right / p)]
    if len(common) < minimum:
        problems.append(f"only {len(common)} files compared, expected at least {minimum}")
    for problem in problems:
        print(problem)
    print(f"{len(common)} files compared, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
