#!/usr/bin/python3
"""Layers point one way: each top-level folder may include only the folders below it.

    util      <- everything
    logic     -> util                       (trains, samplers, rules, the Prolog engine)
    renderer  -> util                       (meshes, materials, cameras, lenses, passes)
    scenes    -> logic, renderer, util      (a train laid out as a render::Scene)
    tools     -> anything above, and inside tools/ its own sub-layers: the libraries in tools/lib/,
              the programs beside them (tools/README.md)
        tools/lib/records   the record layer: a dataset folder's layout, typed records, formats
        tools/lib/export    -> records                 (exports for symbolic learners)
        tools/lib/dataset   -> export, records, shards  (config, the run skeleton, its run kinds)
        tools/lib/shards    -> records                 (tar shards: pack, verify)
        tools/lib/card      -> dataset, export, records, shards  (dataset card, Croissant)
        tools/lib/sheet     -> records                 (contact sheets)
        tools/lib/suite     -> dataset, export, records, sheet
        tools/lib/worlds    -> dataset, export, records  (rule worlds: spec file, build, folder)
        tools/lib/score     -> suite, worlds, dataset, export, records, sheet  (predictions scored)
        tools/lib/gallery   -> score, shards, records   (a static site to browse a folder)
        tools/assetgen  -> nothing of tools/       (the program that writes assets/)
        tools/railyard and tools/bench sit on top: no other part of tools includes them
      every folder of tools/lib/ is a row here; a library without one is a failure.
    tools/lib/dataset -> its own floors, each including only those below it and its own folder:
        settings/   the config's sections        config.h, config.cpp   the config
        the rest of tools/lib/dataset/: the run skeleton, with the samples kind
        pairs/, sequences/   the other kinds (neither includes the other)
        run_kinds/  the table of kinds, and verify
      a folder of tools/lib/dataset/ without a floor here is a failure too.

No two folders include each other, whatever their depth (renderer/ and renderer/opengl/, a library
and its formats/): a folder loop is one concept split in two, or a registry in the wrong place.

No JSON member is read by string key outside the record layer (tools/lib/records/): every file
railyard writes or reads back is a typed record there, with one validating reader (`x.at("key")`,
`x["key"]` not assigned to, `x.contains("key")`, `x.value("key", default)` are reads; writing a
member is fine). Python reads no JSON file of railyard's itself: the native readers check it and
hand it over (COCO, a standard format its own readers read, aside).

Outside util/ and tests/, no code calls a std::filesystem function that throws
std::filesystem::filesystem_error (util/file_system.h gives them with railyard's IoError naming the
path); a call that takes an error_code (`..., error)`) is allowed.

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
TOOLS_ALLOWED = {
    "tools/lib/records": {"tools/lib/records"},
    "tools/lib/export": {"tools/lib/export", "tools/lib/records"},
    "tools/lib/dataset": {"tools/lib/dataset", "tools/lib/export", "tools/lib/records",
                          "tools/lib/shards"},
    "tools/lib/shards": {"tools/lib/shards", "tools/lib/records"},
    "tools/lib/card": {"tools/lib/card", "tools/lib/dataset", "tools/lib/export",
                       "tools/lib/records", "tools/lib/shards"},
    "tools/lib/sheet": {"tools/lib/sheet", "tools/lib/records"},
    "tools/lib/suite": {"tools/lib/suite", "tools/lib/dataset", "tools/lib/export",
                        "tools/lib/records", "tools/lib/sheet"},
    "tools/lib/worlds": {"tools/lib/worlds", "tools/lib/dataset", "tools/lib/export",
                         "tools/lib/records"},
    "tools/lib/score": {"tools/lib/score", "tools/lib/suite", "tools/lib/dataset",
                        "tools/lib/export", "tools/lib/records", "tools/lib/sheet",
                        "tools/lib/worlds"},
    "tools/lib/gallery": {"tools/lib/gallery", "tools/lib/score", "tools/lib/shards",
                          "tools/lib/records"},
    "tools/assetgen": {"tools/assetgen"},
}
# Floors inside tools/dataset: the longest prefix names a file's floor and group; a file may
# include a lower floor or its own group.
DATASET_FLOORS = {
    "tools/lib/dataset/settings/": 0,
    "tools/lib/dataset/config.": 1,
    "tools/lib/dataset/": 2,
    "tools/lib/dataset/pairs/": 3,
    "tools/lib/dataset/sequences/": 3,
    "tools/lib/dataset/run_kinds/": 4,
}


def dataset_group(path):
    """('tools/lib/dataset/pairs/', 3) for tools/lib/dataset/pairs/x.h; None outside tools/dataset."""
    groups = [g for g in DATASET_FLOORS if path.startswith(g)]
    group = max(groups, key=len) if groups else None
    return (group, DATASET_FLOORS[group]) if group else None


def dataset_floor_problem(relative, target):
    source, included = dataset_group(relative), dataset_group(target)
    if source and included and included[0] != source[0] and included[1] >= source[1]:
        return [f"{relative} includes {target} (in tools/dataset, {source[0]} may include only "
                f"lower floors and its own)"]
    return []


def tools_part(path):
    """'tools/lib/export' for tools/lib/export/x.h, 'tools/bench' for tools/bench/x.h; None outside
    tools/."""
    parts = path.split("/")
    depth = 3 if parts[:2] == ["tools", "lib"] else 2
    return "/".join(parts[:depth]) if parts[0] == "tools" and len(parts) > depth else None

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
THROWING_CALL = re.compile(
    r"\b(?:std::filesystem|fs)::(exists|is_directory|is_regular_file|is_empty|create_directory|"
    r"create_directories|remove|remove_all|rename|file_size|canonical|weakly_canonical|"
    r"directory_iterator|recursive_directory_iterator|status|symlink_status|last_write_time|copy|"
    r"copy_file|relative|proximate|equivalent|read_symlink|resize_file|temp_directory_path|space|"
    r"absolute|current_path|create_directory_symlink|create_symlink|create_hard_link|"
    r"hard_link_count|permissions)\(")
WITH_ERROR_CODE = re.compile(r",\s*(?:error|ec|ignored|unknown)$")


def arguments(line, start):
    """The text between the call's parentheses (opened just before `start`), to the line's end."""
    depth = 1
    for i in range(start, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return line[start:i]
    return line[start:]


def throwing_calls(relative, text):
    """The lines of a file outside util/ and tests/ that call a throwing std::filesystem function."""
    if relative.split("/")[0] in ("util", "tests"):
        return []
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in THROWING_CALL.finditer(line):
            if not WITH_ERROR_CODE.search(arguments(line, match.end()).strip()):
                found.append(f"{relative}:{number}: std::filesystem::{match.group(1)} throws "
                             "filesystem_error; use util/file_system.h")
    return found


JSON_KEY_READ = re.compile(
    r'\.(?:at|contains)\(\s*"\w+"\s*\)'
    r'|\.value\(\s*"\w+"\s*,\s*(?:"|-?\d|true\b|false\b|nullptr\b|\{)'
    r'|\[\s*"\w+"\s*\](?!\s*(?:=(?!=)|\.push_back\(|\.emplace_back\())')
PYTHON_JSON_READ = re.compile(r"\bjson\.loads?\(")


def json_key_reads(relative, text):
    """Lines outside the record layer that read a JSON member by key, or Python that parses JSON."""
    if relative.endswith(".py"):
        return [f"{relative}:{number}: parses JSON itself; read it through a native reader"
                for number, line in enumerate(text.splitlines(), 1)
                if PYTHON_JSON_READ.search(line) and "COCO" not in line]
    if relative.split("/")[0] == "tests" or relative.startswith("tools/lib/records/") or \
            "json" not in text:
        return []
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//")[0]
        if JSON_KEY_READ.search(code):
            found.append(f"{relative}:{number}: reads a JSON member by key outside the record "
                         "layer; add a typed record to tools/lib/records/")
    return found


def folder_loops(includes):
    """Cycles in the folder graph ({folder: {folder it includes}}), each once, as 'a -> b -> a'."""
    loops, seen = [], set()

    def walk(folder, path):
        for target in sorted(includes.get(folder, ())):
            if target in path:
                cycle = path[path.index(target):]
                if frozenset(cycle) not in seen:
                    seen.add(frozenset(cycle))
                    loops.append(" -> ".join(cycle + [target]))
            elif len(path) < 8:
                walk(target, path + [target])

    for folder in sorted(includes):
        walk(folder, [folder])
    return [f"folder loop: {loop}" for loop in loops]


def main():
    root = pathlib.Path(sys.argv[1])
    problems = []
    for path in sorted(root.glob("python/railyard/**/*.py")):
        problems += json_key_reads(path.relative_to(root).as_posix(), path.read_text())
    folders = {}  # folder -> folders its files include, tests aside
    for path in sorted(root.glob("*/**/*")):
        if path.suffix not in (".h", ".cpp") or "build" in path.parts[len(root.parts):][:1]:
            continue
        relative = path.relative_to(root).as_posix()
        layer = relative.split("/")[0]
        text = path.read_text(encoding="utf-8", errors="replace")
        problems += throwing_calls(relative, text)
        folder = relative.rsplit("/", 1)[0] + "/"
        if folder.startswith("tools/lib/dataset/") and folder not in DATASET_FLOORS:
            problems.append(f"{relative}: {folder} has no floor in DATASET_FLOORS")
        if relative.startswith("tools/lib/") and tools_part(relative) not in TOOLS_ALLOWED:
            problems.append(f"{relative}: {tools_part(relative)} is no row of TOOLS_ALLOWED")
        problems += json_key_reads(relative, text)
        for target in INCLUDE.findall(text):
            top = target.split("/")[0]
            target_folder = target.rsplit("/", 1)[0] + "/"
            if layer != "tests" and top not in ("tests",) and "/" in target and \
                    target_folder != folder and (root / target).exists():
                folders.setdefault(folder, set()).add(target_folder)
            if top not in ("util", "logic", "renderer", "scenes", "tools", "tests"):
                continue  # a file beside it, or a generated header
            if layer in ALLOWED and top not in ALLOWED[layer]:
                problems.append(f"{relative} includes {target}")
            if layer == "tools" and not any(relative.startswith(t) for t in TOP_OF_TOOLS):
                if any(target.startswith(t + "/") for t in TOP_OF_TOOLS):
                    problems.append(f"{relative} includes {target} (the command and benchmarks "
                                    "are the top of tools/)")
            part, target_part = tools_part(relative), tools_part(target)
            if part in TOOLS_ALLOWED and target_part and target_part not in TOOLS_ALLOWED[part]:
                problems.append(f"{relative} includes {target} ({part} sits below {target_part})")
            problems += dataset_floor_problem(relative, target)
            if layer != "tests" and top == "tests":
                problems.append(f"{relative} includes test code {target}")
    problems += folder_loops(folders)
    for problem in problems:
        print(problem)
    print(f"{'FAIL' if problems else 'PASS'}: {len(problems)} fault(s): includes against the "
          "layers, folder loops, throwing file system calls, JSON members read by key")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
