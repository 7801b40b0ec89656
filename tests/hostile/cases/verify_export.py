"""`railyard verify` and `railyard export` of sequence sets: each damage of sequences/ (the
automaton deleted, garbage, another formula's; sequences.jsonl truncated, lines swapped,
removed, duplicated; the CSVs; a step record's sequence block) against verify (must refuse,
naming the file) and each export target (must refuse naming the file, or give exactly the
undamaged export); `export -o` at a worlds folder and other folders it must not replace, stale
temporaries and kill -9 mid-export."""
import filecmp
import json
import os
import shutil

from cases.common import (Case, absent, edit_lines, edit_text, flip_middle, remove,
                          replace_with, replace_with_folder, truncate)

SQ = "sq/sequences/"


def other_automaton(scratch, ctx):
    shutil.copyfile(os.path.join(ctx.fixtures_dir, "seqset_f/sequences/automaton.json"),
                    os.path.join(scratch, SQ + "automaton.json"))


def other_jsonl(scratch, ctx):
    shutil.copyfile(os.path.join(ctx.fixtures_dir, "seqset_f/sequences/sequences.jsonl"),
                    os.path.join(scratch, SQ + "sequences.jsonl"))


def edit_record_sequence(key, change):
    """records/1.json's sequence.<key> changed by change(value) (the file rewritten)."""
    def act(scratch, ctx):
        path = os.path.join(scratch, "sq/records/1.json")
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        record["sequence"][key] = change(record["sequence"][key])
        with open(path, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1)
    return act


def csv_name(scratch):
    names = sorted(n for n in os.listdir(os.path.join(scratch, "sq/sequences"))
                   if n.endswith(".csv"))
    return names[0]


def csv_delete(scratch, ctx):
    os.remove(os.path.join(scratch, SQ + csv_name(scratch)))


def csv_edit(scratch, ctx):
    path = os.path.join(scratch, SQ + csv_name(scratch))
    with open(path, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    last = lines[-1]
    # flip one 0/1 cell of the last row (same size)
    i = max(last.rfind(b",0"), last.rfind(b",1"))
    cell = b"1" if last[i + 1:i + 2] == b"0" else b"0"
    lines[-1] = last[:i + 1] + cell + last[i + 2:]
    with open(path, "wb") as f:
        f.write(b"".join(lines))


# (name, setup actions, the file a refusal must name)
DAMAGES = [
    ("automaton_deleted", [("fn", remove(SQ + "automaton.json"))], "automaton.json"),
    ("automaton_garbage", [("fn", replace_with(SQ + "automaton.json", "{garbage"))], "automaton.json"),
    ("automaton_empty", [("fn", replace_with(SQ + "automaton.json", ""))], "automaton.json"),
    ("automaton_truncated", [("fn", truncate(SQ + "automaton.json", 0.5))], "automaton.json"),
    ("automaton_other_formula", [("fn", other_automaton)], "automaton.json"),
    ("automaton_is_folder", [("fn", replace_with_folder(SQ + "automaton.json"))], "automaton.json"),
    ("automaton_formula_edited", [("fn", edit_text(SQ + "automaton.json", "X roofed", "F roofed"))],
     "automaton.json"),
    ("jsonl_truncated", [("fn", truncate(SQ + "sequences.jsonl", 0.6))], "sequences.jsonl"),
    ("jsonl_lines_swapped", [("fn", edit_lines(SQ + "sequences.jsonl",
                                               lambda ls: [ls[1], ls[0]] + ls[2:]))], "sequences.jsonl"),
    ("jsonl_line_removed", [("fn", edit_lines(SQ + "sequences.jsonl", lambda ls: ls[:-1]))],
     "sequences.jsonl"),
    ("jsonl_line_duplicated", [("fn", edit_lines(SQ + "sequences.jsonl", lambda ls: ls + ls[-1:]))],
     "sequences.jsonl"),
    ("jsonl_blank_line", [("fn", edit_lines(SQ + "sequences.jsonl", lambda ls: ls + [b"\n"]))],
     "sequences.jsonl"),
    ("jsonl_crlf", [("fn", edit_lines(SQ + "sequences.jsonl",
                                      lambda ls: [l.rstrip(b"\n") + b"\r\n" for l in ls]))],
     "sequences.jsonl"),
    ("jsonl_other_set", [("fn", other_jsonl)], "sequences.jsonl"),
    ("jsonl_deleted", [("fn", remove(SQ + "sequences.jsonl"))], "sequences.jsonl"),
    ("jsonl_is_folder", [("fn", replace_with_folder(SQ + "sequences.jsonl"))], "sequences.jsonl"),
    ("jsonl_accepted_flipped", [("fn", edit_text(SQ + "sequences.jsonl", '"accepted":true',
                                                 '"accepted":false'))], "sequences.jsonl"),
    ("csv_deleted", [("fn", csv_delete)], ".csv"),
    ("csv_cell_flipped", [("fn", csv_edit)], ".csv"),
    ("sequences_folder_deleted", [("fn", remove("sq/sequences"))], "sequences"),
    ("record_deleted", [("fn", remove("sq/records/1.json"))], ("1.json", "records")),
    ("image_deleted", [("fn", remove("sq/images/1_m_train.png"))], "1_m_train.png"),
    ("image_same_size_damage", [("fn", flip_middle("sq/images/1_m_train.png"))], "1_m_train.png"),
    ("record_state_edited", [("fn", edit_record_sequence("state", lambda v: v + 7))],
     ("1.json", "records")),
    ("record_step_edited", [("fn", edit_record_sequence("step", lambda v: v + 1))],
     ("1.json", "records")),
]


def same_export(target, reference=None):
    """The export equals the undamaged set's (fixture seqset_exports/<target>, or the fixture
    `reference`), file by file."""
    def check(result):
        mine = os.path.join(result.scratch, "e")
        ref = os.path.join(result.case._ctx.fixtures_dir,
                           *(["seqset_exports", target] if reference is None else [reference]))
        if not os.path.isdir(mine):
            return "no export folder e/"
        diffs = []

        def walk(a, b, rel=""):
            cmp = filecmp.dircmp(a, b)
            for n in cmp.left_only + cmp.right_only:
                diffs.append(os.path.join(rel, n))
            for n in cmp.common_files:
                if n.startswith(".railyard-"):
                    continue
                if not filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False):
                    diffs.append(os.path.join(rel, n))
            for n in cmp.common_dirs:
                walk(os.path.join(a, n), os.path.join(b, n), os.path.join(rel, n))
        walk(mine, ref)
        diffs = [d for d in diffs if not os.path.basename(d).startswith(".railyard-")]
        if diffs:
            return ("exported the damaged set without refusing, and the export differs from the "
                    f"undamaged one: {', '.join(sorted(diffs)[:4])}")
        return None
    return check


TARGETS = ["popper", "aleph", "scene_graphs"]


def damage_cases(ctx):
    out = []
    for name, setup, token in DAMAGES:
        needs = ["seqset_f"] if "other" in name else []
        base = [("copy", "seqset", "sq")] + setup
        out.append(Case(name=f"verify_{name}", surface="verify_export", setup=base,
                        argv=["verify", "sq", "-q"], expect="refuse", tokens=[token], needs=needs,
                        note="a sequence set's sequences/ files are remade from the records "
                             "(ARCHITECTURE: SequenceFinalize), so verify remakes them"))
        for target in TARGETS:
            c = Case(name=f"export_{target}_{name}", surface="verify_export",
                     setup=base, needs=["seqset_exports"] + needs,
                     argv=["export", "sq", "-t", target, "-o", "e"], expect="either",
                     tokens=[token], oracle=same_export(target),
                     note="README: an inconsistent dataset is refused naming the file")
            c._ctx = ctx
            out.append(c)
    return out


def output_cases():
    out = []
    refuse = [
        ("worlds_folder", [("copy", "worlds", "o")]),
        ("score_folder", [("copy", "score", "o")]),
        ("dataset", [("copy", "dataset", "o")]),
        ("other_dataset_export_edited", [("copy", "export", "o"),
                                         ("fn", lambda s, c: open(os.path.join(s, "o", "notes.txt"), "w").write("x"))]),
        ("file", [("write", "o", "mine\n")]),
        ("foreign_folder", [("write", "o/notes.txt", "mine\n")]),
        ("target_itself", []),
        ("dev_null", []),
    ]
    for name, setup in refuse:
        target = {"target_itself": "ds", "dev_null": "/dev/null"}.get(name, "o")
        out.append(Case(name=f"export_o_{name}", surface="verify_export",
                        setup=[("copy", "dataset", "ds")] + setup,
                        argv=["export", "ds", "-t", "popper", "-o", target], expect="refuse",
                        tokens=[os.path.basename(target)], forbid=["not found", "does not exist"]))
    out.append(Case(name="export_o_earlier_export", surface="verify_export",
                    setup=[("copy", "dataset", "ds"), ("copy", "export", "o")],
                    argv=["export", "ds", "-t", "popper", "-o", "o"], expect="accept"))
    out.append(Case(name="export_o_earlier_export_other_target", surface="verify_export",
                    setup=[("copy", "dataset", "ds"), ("copy", "export", "o")],
                    argv=["export", "ds", "-t", "aleph", "-o", "o"], expect="either", tokens=["o"]))
    out.append(Case(name="worlds_o_export_folder", surface="verify_export",
                    setup=[("copy", "export", "o")],
                    argv=["worlds", "{REPO}/configs/worlds/small.yaml", "-o", "o"], expect="refuse",
                    tokens=["o"]))
    out.append(Case(name="export_default_place_foreign_folder", surface="verify_export",
                    setup=[("copy", "dataset", "ds"),
                           ("write", "ds/exports/popper_relational/notes.txt", "mine\n")],
                    argv=["export", "ds", "-t", "popper"], expect="refuse",
                    tokens=["popper_relational"]))
    out.append(Case(name="export_default_place_file", surface="verify_export",
                    setup=[("copy", "dataset", "ds"),
                           ("write", "ds/exports/popper_relational", "mine\n")],
                    argv=["export", "ds", "-t", "popper"], expect="refuse",
                    tokens=["popper_relational"]))
    out.append(Case(name="export_stale_staging_removed", surface="verify_export",
                    setup=[("copy", "dataset", "ds"), ("write", ".o.railyard-tmp-999999-0/bk.pl", "x"),
                           ("write", "ds/exports/.popper_relational.railyard-tmp-999999-0/x", "")],
                    argv=["export", "ds", "-t", "popper", "-o", "o"], expect="accept",
                    oracle=absent(".o.railyard-tmp-*")))
    out.append(Case(name="export_default_place_stale_staging", surface="verify_export",
                    setup=[("copy", "dataset", "ds"),
                           ("write", "ds/exports/.popper_relational.railyard-tmp-999999-0/x", "")],
                    argv=["export", "ds", "-t", "popper"], expect="accept",
                    oracle=absent("ds/exports/.*")))
    for when in ("staging", 0.15):
        kw = {"kill_when": ".o.railyard-tmp-*"} if when == "staging" else {"kill_after": when}
        out.append(Case(name=f"export_kill9_{when}_then_rerun", surface="verify_export",
                        setup=[("copy", "seqset", "ds")],
                        argv=["export", "ds", "-t", "popper", "-o", "o"],
                        then=["export", "ds", "-t", "popper", "-o", "o"], expect="accept",
                        oracle=absent(".o*"), **kw))
    # verify/export on things that are not datasets
    for name, setup, target in [("worlds_folder", [("copy", "worlds", "x")], "x"),
                                ("export_folder", [("copy", "export", "x")], "x"),
                                ("score_folder", [("copy", "score", "x")], "x"),
                                ("empty_folder", [("mkdir", "x")], "x")]:
        out.append(Case(name=f"verify_{name}", surface="verify_export", setup=setup,
                        argv=["verify", target, "-q"], tokens=[target]))
        out.append(Case(name=f"export_{name}", surface="verify_export", setup=setup,
                        argv=["export", target, "-t", "popper", "-o", "e"], tokens=[target]))
    return out




# ---------------------------------------------------------------------------------------------
# Hostile JSON in a finished folder's files, against every reader of them: nesting 100,000
# deep (a recursive parser's stack), counts past memory, indices past 2^64.

DEEP = "[" * 100_000 + "]" * 100_000


def deep_json(rel, key=None):
    """rel's content replaced by 100,000 nested lists, or (with `key`) its object (a JSON Lines
    file's first line) given that key with such a value."""
    def act(scratch, ctx):
        path = os.path.join(scratch, rel)
        if key is None:
            text = DEEP
        else:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines(keepends=True) if rel.endswith(".jsonl") else [f.read()]
            obj = json.loads(lines[0])
            obj[key] = "__DEEP__"
            lines[0] = json.dumps(obj).replace('"__DEEP__"', DEEP) + "\n"
            text = "".join(lines)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return act


def manifest_count(value):
    def act(scratch, ctx):
        path = os.path.join(scratch, "ds/manifest.json")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        m = json.loads(text)
        old = m["counts"]["samples"]
        text = text.replace(f'"samples": {old}', f'"samples": {value}', 1).replace(
            f'"samples":{old}', f'"samples":{value}', 1)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return act


def append_line(rel, line):
    def act(scratch, ctx):
        with open(os.path.join(scratch, rel), "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return act


DATASET_JSON = [
    ("manifest_deep", [("fn", deep_json("ds/manifest.json"))], "manifest.json"),
    ("manifest_deep_key", [("fn", deep_json("ds/manifest.json", "extra"))], "manifest.json"),
    ("manifest_count_1e12", [("fn", manifest_count(10**12))], "manifest.json"),
    ("manifest_count_2e64", [("fn", manifest_count(2**64 - 1))], "manifest.json"),
    ("manifest_count_negative", [("fn", manifest_count(-1))], "manifest.json"),
    ("manifest_count_float", [("fn", manifest_count("4.5"))], "manifest.json"),
    ("record_deep", [("fn", deep_json("ds/records/0.json"))], "0.json"),
    ("record_deep_key", [("fn", deep_json("ds/records/0.json", "extra"))], "0.json"),
    ("all_scenes_deep", [("fn", deep_json("ds/all_scenes/all_scenes.json"))], "all_scenes.json"),
    ("coco_deep", [("fn", deep_json("ds/coco/instances.json"))], "instances.json"),
    ("inputs_deep", [("fn", deep_json("ds/inputs.json"))], "inputs.json"),
    ("split_index_2e64", [("fn", append_line("ds/splits/train.txt", "18446744073709551615"))],
     "train.txt"),
    ("split_index_wraps", [("fn", append_line("ds/splits/train.txt", "18446744073709551616"))],
     "train.txt"),
    ("split_index_negative", [("fn", append_line("ds/splits/train.txt", "-1"))], "train.txt"),
]
SEQUENCE_JSON = [
    ("jsonl_deep_line", [("fn", deep_json(SQ + "sequences.jsonl", "extra"))], "sequences.jsonl"),
    ("automaton_deep", [("fn", deep_json(SQ + "automaton.json"))], "automaton.json"),
    ("record_deep_sequence", [("fn", deep_json("sq/records/0.json", "extra"))], "0.json"),
]


def json_cases(ctx):
    out = []
    from cases.score import accuracy_is
    for name, setup, token in DATASET_JSON:
        base = [("copy", "dataset", "ds")] + setup
        token = (token, "records") if token.endswith(".json") and token[0].isdigit() else token
        for command, argv in [("verify", ["verify", "ds", "-q"]),
                              ("export", ["export", "ds", "-t", "popper", "-o", "e"]),
                              ("score", ["score", "{FX}/preds/dataset.jsonl", "ds", "-o", "sc"])]:
            # export and score need not read every file: a refusal, or the undamaged answer
            oracle = {"verify": None, "export": same_export("popper", "export"),
                      "score": accuracy_is(1.0)}[command]
            c = Case(name=f"json_{command}_{name}", surface="verify_export", setup=base,
                     argv=argv, expect="refuse" if command == "verify" else "either",
                     tokens=[token], needs=["preds", "export"], oracle=oracle, timeout=120)
            c._ctx = ctx
            out.append(c)
    for name, setup, token in SEQUENCE_JSON:
        base = [("copy", "seqset", "sq")] + setup
        token = (token, "records") if token.endswith(".json") and token[0].isdigit() else token
        for command, argv in [("verify", ["verify", "sq", "-q"]),
                              ("export", ["export", "sq", "-t", "popper", "-o", "e"]),
                              ("score", ["score", "{FX}/preds/seq.jsonl", "sq", "-o", "sc"])]:
            out.append(Case(name=f"json_{command}_{name}", surface="verify_export", setup=base,
                            argv=argv, expect="refuse", tokens=[token], needs=["preds"]))
        out.append(Case(name=f"json_read_sequences_{name}", surface="verify_export", setup=base,
                        python="import railyard\nss = railyard.read_sequences(S + '/sq')\n"
                               "RESULT = [len(s) for s in ss]\n",
                        expect="refuse", tokens=[token],
                        exc=("ValueError", "TypeError", "OSError", "KeyError", "IndexError")))
    return out


def cases(ctx):
    return damage_cases(ctx) + output_cases() + json_cases(ctx)
