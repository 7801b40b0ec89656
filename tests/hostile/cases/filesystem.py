"""Filesystem hostility on every command that takes a path: a name longer than NAME_MAX, a path
longer than PATH_MAX, a symlink loop, a path through a regular file, a folder where a file is
expected, /dev/zero, /dev/null, a fifo, an empty file, a missing parent, a dangling link; for
inputs that are files, inputs that are folders, and outputs. (We run as root: permission denials
are not tested.) The issue's first example is here: a suite whose `base:` is a path too long
aborted with `std::filesystem::filesystem_error: status: File name too long`."""
import os

from cases.common import Case

NOT_FOUND = ["not found", "does not exist", "no such "]
LONG_NAME = "n" * 300
LONG_PATH = "/".join(["p" * 200] * 26)


def file_kinds(ext, drop=("dangling_link", "missing_parent")):
    return [k for k in all_file_kinds(ext) if k[0] not in drop]


def all_file_kinds(ext):
    """(label, path, setup, expect, tokens, forbid, timeout) of hostile paths for a file input."""
    return [
        ("long_name", "{S}/" + LONG_NAME + ext, [], "refuse", [("n" * 40, "too long")], [], 30),
        ("long_path", "{S}/" + LONG_PATH + "/f" + ext, [], "refuse", [("p" * 40, "too long")], [], 30),
        ("symlink_loop", "{S}/loop" + ext, [("symlink", "{S}/loop2" + ext, "loop" + ext),
                                            ("symlink", "{S}/loop" + ext, "loop2" + ext)],
         "refuse", ["loop"], NOT_FOUND, 30),
        ("through_file", "{S}/plain.txt/sub" + ext, [("write", "plain.txt", "x\n")], "refuse",
         ["plain.txt"], [], 30),
        ("folder", "{S}/adir" + ext, [("mkdir", "adir" + ext)], "refuse", ["adir"], NOT_FOUND, 30),
        ("dev_zero", "/dev/zero", [], "refuse", ["/dev/zero"], NOT_FOUND, 20),
        ("dev_null", "/dev/null", [], "either", ["/dev/null"], NOT_FOUND, 30),
        ("fifo", "{S}/fifo" + ext, [("fifo", "fifo" + ext)], "refuse", ["fifo"], NOT_FOUND, 8),
        ("empty_file", "{S}/empty" + ext, [("write", "empty" + ext, "")], "either", ["empty"], [], 30),
        ("missing_parent", "{S}/no/such/dir/x" + ext, [], "refuse", [("x" + ext, "no/such")], [], 30),
        ("dangling_link", "{S}/dangling" + ext, [("symlink", "{S}/nowhere" + ext, "dangling" + ext)],
         "refuse", ["dangling"], [], 30),
    ]


def folder_kinds():
    kinds = [k for k in all_file_kinds("") if k[0] not in ("folder", "empty_file", "dev_null",
                                                             "dangling_link")]
    kinds += [("regular_file", "{S}/plain.txt", [("write", "plain.txt", "x\n")], "refuse",
               ["plain.txt"], NOT_FOUND, 30),
              ("empty_folder", "{S}/adir", [("mkdir", "adir")], "refuse", ["adir"], [], 30),
              ("dev_null", "/dev/null", [], "refuse", ["/dev/null"], NOT_FOUND, 30)]
    return kinds


def output_kinds():
    return [
        ("long_name", "{S}/" + LONG_NAME, [], "refuse", [("n" * 40, "too long")], [], 30),
        ("long_path", "{S}/" + LONG_PATH + "/o", [], "refuse", [("p" * 40, "too long")], [], 30),
        ("through_file", "{S}/plain.txt/o", [("write", "plain.txt", "x\n")], "refuse",
         ["plain.txt"], [], 30),
        ("dev_null", "/dev/null", [], "refuse", ["/dev/null"], [], 30),
        ("fifo", "{S}/fifo", [("fifo", "fifo")], "refuse", ["fifo"], [], 8),
        ("symlink_loop", "{S}/loop", [("symlink", "{S}/loop2", "loop"), ("symlink", "{S}/loop", "loop2")],
         "refuse", ["loop"], [], 30),
        ("existing_file", "{S}/plain.txt", [("write", "plain.txt", "x\n")], "refuse",
         ["plain.txt"], [], 30),
        ("missing_parent", "{S}/no/such/o", [], "either", ["o"], [], 60),
    ]


TINY = ["-n", "2", "--width", "32", "--height", "18", "-q"]
SEQ = """count: 4
rule: theoryx
sequence:
  formula: "G(east -> X roofed)"
  min_length: 2
  max_length: 3
  predicates:
    roofed: {rule: P}
  rate_trains: 1000
"""


def file_commands():
    """(name, ext, argv with P, extra setup, python?)"""
    return [
        ("generate_config", ".yaml", ["generate", "P", *TINY, "-o", "{S}/out"], []),
        ("sample_config", ".yaml", ["sample", "P", "-n", "4", "-o", "{S}/out"], []),
        ("intervene_config", ".yaml", ["intervene", "P", *TINY, "-o", "{S}/out"], []),
        ("suite_file", ".yaml", ["suite", "P", "--check", "-q"], []),
        ("worlds_spec", ".yaml", ["worlds", "P", "-o", "{S}/out"], []),
        ("render_descriptions", ".txt", ["render", "P", "--width", "32", "--height", "18", "-q",
                                         "-o", "{S}/out"], []),
        ("label_input", ".txt", ["label", "P", "-o", "{S}/labelled.txt"], []),
        ("score_predictions", ".jsonl", ["score", "P", "{S}/ds", "-o", "{S}/sc"],
         [("copy", "dataset", "ds")]),
        ("score_worlds", ".json", ["score", "{S}/preds/dataset.jsonl", "{S}/ds", "--worlds", "P",
                                   "-o", "{S}/sc"], [("copy", "dataset", "ds"), ("copy", "preds", "preds")]),
        ("generate_rule_flag", ".pl", ["generate", *TINY, "--set", "rule=P", "-o", "{S}/out"], []),
        ("generate_scene_flag", ".yaml", ["generate", *TINY, "--scene", "P", "-o", "{S}/out"], []),
        ("config_rule_key", ".pl", ["generate", "{S}/cfg.yaml", *TINY, "-o", "{S}/out"],
         [("write", "cfg.yaml", "rule: P\n")]),
        ("sequence_predicate_rule", ".pl", ["sample", "{S}/seq.yaml", "-o", "{S}/out"],
         [("write", "seq.yaml", SEQ)]),
        ("suite_base", ".yaml", ["suite", "{S}/suite.yaml", "--check", "-q"],
         [("write", "suite.yaml", "suite: s\nseed: 0\nbase: P\nvariants:\n  - name: train\n"
                                  "    set: {count: 4}\n")]),
        # dataset.rule is refused whatever it names (each world takes its own rule): the scene
        # is the spec's path key.
        ("worlds_spec_dataset_scene", ".yaml", ["worlds", "{S}/spec.yaml", "-o", "{S}/out"],
         [("spec_with_scene",)]),
    ]


def python_file_commands():
    return [
        ("py_Generator_config", ".yaml", "g = railyard.Generator(P, count=2, width=32, height=18)\n"
                                         "RESULT = len(g)\n"),
        ("py_SequenceGenerator_config", ".yaml", "RESULT = len(railyard.SequenceGenerator(P))\n"),
        ("py_score_predictions", ".jsonl", "RESULT = railyard.score(P, S + '/ds')['coverage']\n"),
    ]


def folder_commands():
    return [
        ("verify", ["verify", "P", "-q"], []),
        ("export", ["export", "P", "-t", "popper", "-o", "{S}/e"], []),
        ("score_target", ["score", "{S}/preds/dataset.jsonl", "P", "-o", "{S}/sc"],
         [("copy", "preds", "preds")]),
        ("score_compare", ["score", "--compare", "P", "{S}/s1", "-o", "{S}/cmp"],
         [("copy", "score", "s1")]),
    ]


def output_commands():
    return [
        ("generate_o", ["generate", *TINY, "-o", "P"], []),
        ("worlds_o", ["worlds", "{REPO}/configs/worlds/small.yaml", "-o", "P"], []),
        ("score_o", ["score", "{S}/preds/dataset.jsonl", "{S}/ds", "-o", "P"],
         [("copy", "dataset", "ds"), ("copy", "preds", "preds")]),
        ("export_o", ["export", "{S}/ds", "-t", "popper", "-o", "P"], [("copy", "dataset", "ds")]),
        ("write_predictions", ["score", "--baseline", "rule", "{S}/ds", "--write-predictions", "P"],
         [("copy", "dataset", "ds")]),
        ("sample_o", ["sample", "-n", "4", "-o", "P"], []),
        ("sheet_o", ["sheet", "--width", "32", "--height", "18", "-o", "P"], []),
    ]


def substitute(argv, path):
    return [a.replace("P", path) if a == "P" or a.endswith("=P") else a for a in argv]


def sub_setup(setup, path):
    out = []
    for a in setup:
        if a[0] == "write" and isinstance(a[2], str) and "P" in a[2]:
            out.append(("write", a[1], a[2].replace(": P", ": " + path)))
        elif a[0] == "spec_with_scene":
            def act(scratch, ctx, path=path):
                with open(os.path.join(ctx.repo, "configs/worlds/small.yaml")) as f:
                    text = f.read()
                text = text.replace("dataset:\n", "dataset:\n  scene: " +
                                    path.replace("{S}", scratch) + "\n")
                with open(os.path.join(scratch, "spec.yaml"), "w") as f:
                    f.write(text)
            out.append(("fn", act))
        else:
            out.append(a)
    return out


def cases(ctx):
    out = []
    for name, ext, argv, setup in file_commands():
        for label, path, plant, expect, tokens, forbid, timeout in file_kinds(ext):
            if name == "score_worlds" and label == "folder":
                forbid = []  # --worlds takes a folder of `railyard worlds` too: its worlds.json
            out.append(Case(name=f"{name}_{label}", surface="filesystem",
                            setup=plant + sub_setup(setup, path), argv=substitute(argv, path),
                            expect=expect, tokens=tokens, forbid=forbid, timeout=timeout,
                            note="a suite whose base: is too long aborted with "
                                 "std::filesystem::filesystem_error (issue #40)"
                            if name == "suite_base" and label == "long_name" else ""))
    for name, ext, code in python_file_commands():
        for label, path, plant, expect, tokens, forbid, timeout in file_kinds(
                ext, drop=("dangling_link", "missing_parent", "long_path", "through_file",
                           "dev_null", "empty_file")):
            p = repr(path).replace("{S}", "' + S + '")
            setup = plant + ([("copy", "dataset", "ds")] if "score" in name else [])
            out.append(Case(name=f"{name}_{label}", surface="filesystem", setup=setup,
                            python="import railyard\nP = " + p + "\n" + code, expect=expect,
                            tokens=tokens, forbid=forbid, timeout=timeout))
    for name, argv, setup in folder_commands():
        for label, path, plant, expect, tokens, forbid, timeout in folder_kinds():
            out.append(Case(name=f"{name}_{label}", surface="filesystem", setup=plant + setup,
                            argv=substitute(argv, path), expect=expect, tokens=tokens,
                            forbid=forbid, timeout=timeout))
    for label, path, plant, expect, tokens, forbid, timeout in folder_kinds():
        p = repr(path).replace("{S}", "' + S + '")
        out.append(Case(name=f"py_read_sequences_{label}", surface="filesystem", setup=plant,
                        python=f"import railyard\nRESULT = len(railyard.read_sequences({p}))\n",
                        expect=expect, tokens=tokens, forbid=forbid, timeout=timeout))
    for name, argv, setup in output_commands():
        for label, path, plant, expect, tokens, forbid, timeout in output_kinds():
            out.append(Case(name=f"{name}_{label}", surface="filesystem", setup=plant + setup,
                            argv=substitute(argv, path), expect=expect, tokens=tokens,
                            forbid=forbid, timeout=timeout))
    return out
