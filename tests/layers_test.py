#!/usr/bin/python3
"""Layers point one way: each top-level folder may include only the folders below it.

    util      <- everything
    logic     -> util                       (trains, samplers, rules, the Prolog engine)
    renderer  -> util                       (meshes, materials, cameras, lenses, passes)
    scenes    -> logic, renderer, util      (a train laid out as a render::Scene)
    tools     -> anything above; tools/railyard and tools/bench are used by no library

Usage: layers_test.py SOURCE_DIR
"""
import pathlib
import re
import sys

ALLOWED = {
    "util": {"util"},
    "logic": {"logic", "util"},
    "renderer": {"renderer", "util"},
    "scenes": {"scenes", "logic", "renderer", "util"},
}
# Inside tools/: the command and the benchmarks sit on top; no other part of tools includes them.
TOP_OF_TOOLS = {"tools/railyard", "tools/bench"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def main():
    root = pathlib.Path(sys.argv[1])
    problems = []
    for path in sorted(root.glob("*/**/*")):
        if path.suffix not in (".h", ".cpp") or "build" in path.parts[len(root.parts):][:1]:
            continue
        relative = path.relative_to(root).as_posix()
        layer = relative.split("/")[0]
        for target in INCLUDE.findall(path.read_text(encoding="utf-8", errors="replace")):
            top = target.split("/")[0]
            if top not in ("util", "logic", "renderer", "scenes", "tools", "tests"):
                continue  # a file beside it, or a generated header
            if layer in ALLOWED and top not in ALLOWED[layer]:
                problems.append(f"{relative} includes {target}")
            if layer == "tools" and not any(relative.startswith(t) for t in TOP_OF_TOOLS):
                if any(target.startswith(t + "/") for t in TOP_OF_TOOLS):
                    problems.append(f"{relative} includes {target} (the command and benchmarks "
                                    "are the top of tools/)")
            if layer != "tests" and top == "tests":
                problems.append(f"{relative} includes test code {target}")
    for problem in problems:
        print(problem)
    print(f"{'FAIL' if problems else 'PASS'}: {len(problems)} include(s) against the layers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
