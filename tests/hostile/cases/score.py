"""`railyard score PREDICTIONS TARGET -o DIR`: each field of a prediction line against hostile
JSON values (NaN, Infinity, 0x1, 1e999, -0, indices past 2^64 that wrap, strings, nulls),
damaged files (empty, BOM, CRLF, duplicate keys, truncated, UTF-16, binary), CSV variants,
options (--misclassified -1, --confidence, --baseline, --worlds of another family,
--write-predictions at a dataset's manifest.json, --compare), -o at folders it must not replace
(a dataset holding a planted score.json, an export, a worlds folder), stale temporaries and
kill -9, and damaged targets (sequence sets, an edited record label)."""
import json
import os

from cases.common import (Case, absent, all_of, edit_json, edit_lines, edit_text, remove,
                          replace_with, safe, truncate)

DS_PREDS = "preds/dataset.jsonl"   # the rule's predictions: right on all 4 samples
SEQ_PREDS = "preds/seq.jsonl"


def read_fixture_lines(ctx, rel):
    with open(os.path.join(ctx.fixtures_dir, rel), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def line_text(obj, field=None, raw=None):
    items = []
    placed = False
    for k, v in obj.items():
        if k == field:
            items.append(f'"{k}": {raw}')
            placed = True
        else:
            items.append(f'"{k}": {json.dumps(v)}')
    if field is not None and not placed:
        items.append(f'"{field}": {raw}')
    return "{" + ", ".join(items) + "}"


def mutated(src, dest, line, field, raw, drop=None):
    """dest: the fixture predictions src with line `line`'s `field` written as raw JSON text."""
    def act(scratch, ctx):
        lines = read_fixture_lines(ctx, src)
        out = []
        for i, obj in enumerate(lines):
            if drop and i == line:
                obj = {k: v for k, v in obj.items() if k not in drop}
            out.append(line_text(obj, field, raw) if i == line else json.dumps(obj))
        with open(os.path.join(scratch, dest), "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
    return act


def accuracy_is(value, key="datasets"):
    """score.json's accuracy (the dataset's, or the sequences') must be `value`."""
    def check(result):
        path = os.path.join(result.scratch, "sc", "score.json")
        if not os.path.isfile(path):
            return "no sc/score.json"
        with open(path, encoding="utf-8") as f:
            score = json.load(f)
        if key == "datasets":
            got = score["datasets"][0]["accuracy"]["value"]
        else:
            got = score["sequences"]["sequence_accuracy"]["value"]
        if abs(got - value) > 1e-9:
            return f"accuracy {got}, expected {value}"
        return None
    return check


def true_label(ctx, rel, line):
    return read_fixture_lines(ctx, rel)[line]["label"]


def score_case(name, setup, argv=None, expect="refuse", tokens=(), oracle=None, **kw):
    argv = argv or ["score", "p.jsonl", "ds", "-o", "sc"]
    setup = [("copy", "dataset", "ds"), ("copy", "preds", "preds")] + list(setup)
    return Case(name=name, surface="score", setup=setup, argv=argv, expect=expect,
                tokens=list(tokens), oracle=oracle, **kw)


# index values on the last line (index 3): (raw, meaning: the index it stands for or None)
INDEX_VALUES = [("3", 3), ("3.0", 3), ("3.5", None), ("-1", None), ("4", None), ('"3"', 3),
                ("true", None), ("null", None), ("[]", None), ("{}", None), ("3e0", 3),
                ("0x3", None), ("NaN", None), ("Infinity", None), ("-Infinity", None),
                ("1e999", None), ("18446744073709551616", None),
                ("18446744073709551619", None), ("9223372036854775811", None),
                ("-18446744073709551613", None), ("4294967299", None), ('""', None),
                ("03", None), ("+3", None)]
LABEL_VALUES = [('"EAST"', "east"), ('" east"', "east"), ('"eastbound"', None), ("2", None),
                ("-1", None), ("1.0", "east"), ("true", "east"), ("null", None), ('""', None),
                ("NaN", None), ('"\\u00e9"', None), ("[]", None), ('"1"', "east"), ('"0"', "west"),
                ("0.5", None), ('"e"', None)]
PROBABILITY_VALUES = [("0.5", True), ("NaN", False), ("Infinity", False), ("-0.1", False),
                      ("1.1", False), ('"0.5"', None), ("true", False), ("null", None),
                      ("1e999", False), ("-0", True), ("1e-400", True), ("0x1", False),
                      ("-Infinity", False), ("[0.5]", False)]


def field_cases(ctx_free=True):
    out = []
    tokens = ["p.jsonl", (":4", "line 4")]
    for raw, meaning in INDEX_VALUES:
        setup = [("fn", mutated(DS_PREDS, "p.jsonl", 3, "index", raw))]
        if meaning == 3:
            out.append(score_case(f"index={safe(raw)}", setup, expect="either", tokens=tokens,
                                  oracle=accuracy_is(1.0)))
        else:
            note = ("an index past 2^64 must not wrap onto a real sample"
                    if raw.startswith(("1844", "-1844", "4294")) else "")
            out.append(score_case(f"index={safe(raw)}", setup, tokens=tokens, note=note))
    # -0 on line 0 (index 0)
    out.append(score_case("index=-0", [("fn", mutated(DS_PREDS, "p.jsonl", 0, "index", "-0"))],
                          expect="either", tokens=["p.jsonl", (":1", "line 1")],
                          oracle=accuracy_is(1.0)))
    for raw, meaning in LABEL_VALUES:
        setup = [("fn", mutated(DS_PREDS, "p.jsonl", 3, "label", raw))]
        if meaning is None:
            out.append(score_case(f"label={safe(raw)}", setup, tokens=tokens))
        else:
            def oracle(result, meaning=meaning):
                truth = json.loads(open(os.path.join(result.scratch, DS_PREDS)).readlines()[3])
                want = 1.0 if truth["label"] in (meaning, 1 if meaning == "east" else 0) else 0.75
                return accuracy_is(want)(result)
            out.append(score_case(f"label={safe(raw)}", setup, expect="either", tokens=tokens,
                                  oracle=oracle))
    for raw, valid in PROBABILITY_VALUES:
        setup = [("fn", mutated(DS_PREDS, "p.jsonl", 3, "probability", raw))]
        expect = "accept" if valid else ("either" if valid is None else "refuse")
        out.append(score_case(f"probability={safe(raw)}", setup, expect=expect, tokens=tokens,
                              oracle=accuracy_is(1.0) if expect != "refuse" else None))
    # image naming
    for name, raw, meaning in [("other_sample", '"0_m_train.png"', None),
                               ("unknown", '"99_m_train.png"', None),
                               ("relative", '"../images/3_m_train.png"', "either"),
                               ("absolute", '"/etc/passwd"', None), ("number", "3", None),
                               ("empty", '""', None)]:
        setup = [("fn", mutated(DS_PREDS, "p.jsonl", 3, "image", raw, drop=("index",)))]
        out.append(score_case(f"image_{name}", setup, expect=meaning or "refuse", tokens=tokens,
                              oracle=accuracy_is(1.0) if meaning else None))
    out.append(score_case("index_and_image_disagree",
                          [("fn", mutated(DS_PREDS, "p.jsonl", 3, "image", '"0_m_train.png"'))],
                          tokens=tokens))
    out.append(score_case("unknown_key", [("fn", mutated(DS_PREDS, "p.jsonl", 3, "foo", "1"))],
                          tokens=tokens + ["foo"]))
    out.append(score_case("no_answer", [("fn", mutated(DS_PREDS, "p.jsonl", 3, None, None,
                                                       drop=("label", "probability")))],
                          tokens=tokens))
    out.append(score_case("duplicate_key_index", [("fn", copy_preds()), ("fn", edit_lines(
        "p.jsonl", lambda ls: ls[:3] + [ls[3].replace(b'{"index": 3', b'{"index": 3, "index": 2', 1)]))],
        tokens=tokens, note="JSON parsers keep the last of duplicate keys"))
    return out


def copy_preds(dest="p.jsonl"):
    def act(scratch, ctx):
        lines = read_fixture_lines(ctx, DS_PREDS)
        with open(os.path.join(scratch, dest), "w", encoding="utf-8") as f:
            f.write("\n".join(json.dumps(l) for l in lines) + "\n")
    return act


def file_transform(fn):
    """p.jsonl made from the fixture's JSON lines by fn(list of line texts) -> bytes."""
    def act(scratch, ctx):
        lines = [json.dumps(l) for l in read_fixture_lines(ctx, DS_PREDS)]
        with open(os.path.join(scratch, "p.jsonl"), "wb") as f:
            f.write(fn(lines))
    return act


def csv_of(ctx, header=True, sep=",", quote=False, extra=False, bom=False, crlf=False):
    lines = read_fixture_lines(ctx, DS_PREDS)
    rows = []
    if header:
        rows.append(sep.join(["index", "label", "probability"] + (["extra"] if extra else [])))
    for l in lines:
        cells = [str(l["index"]), l["label"], str(l.get("probability", ""))]
        if quote:
            cells = [f'"{c}"' for c in cells]
        if extra:
            cells.append("x")
        rows.append(sep.join(cells))
    text = ("\r\n" if crlf else "\n").join(rows) + ("\r\n" if crlf else "\n")
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode()


def file_cases():
    out = []
    tokens = ["p.jsonl"]
    J = lambda ls: ("\n".join(ls) + "\n").encode()  # noqa: E731
    variants = [
        ("empty_file", lambda ls: b"", "refuse", None),
        ("only_newline", lambda ls: b"\n", "refuse", None),
        ("bom", lambda ls: b"\xef\xbb\xbf" + J(ls), "either", 1.0),
        ("crlf", lambda ls: ("\r\n".join(ls) + "\r\n").encode(), "either", 1.0),
        ("blank_lines", lambda ls: ("\n\n".join(ls) + "\n").encode(), "either", 1.0),
        ("no_final_newline", lambda ls: "\n".join(ls).encode(), "accept", 1.0),
        ("duplicate_line", lambda ls: J(ls + ls[-1:]), "refuse", None),
        ("trailing_garbage", lambda ls: J(ls[:3] + [ls[3] + " x"]), "refuse", None),
        ("array_line", lambda ls: J(ls[:3] + ["[3, \"east\"]"]), "refuse", None),
        ("truncated_last", lambda ls: J(ls[:3] + [ls[3][: len(ls[3]) // 2]]), "refuse", None),
        ("utf16", lambda ls: J(ls).decode().encode("utf-16"), "refuse", None),
        ("binary", lambda ls: bytes(range(256)) * 4, "refuse", None),
        ("nul_in_line", lambda ls: J(ls[:3] + [ls[3].replace(",", ",\x00", 1)]), "refuse", None),
        ("huge_line_10MB", lambda ls: J(ls[:3] + ['{"index": 3, "label": "' + "e" * 10_000_000 + '"}']),
         "refuse", None),
        ("deep_nesting", lambda ls: J(ls[:3] + ['{"index": 3, "label": ' + "[" * 100000 + "]" * 100000 + "}"]),
         "refuse", None),
        ("missing_line", lambda ls: J(ls[:3]), "refuse", None),
        ("latin1", lambda ls: J(ls[:3]).replace(b"\n", b"\n", 1) + b'{"index": 3, "label": "\xe9"}\n',
         "refuse", None),
        ("top_level_string", lambda ls: J(['"east"'] * 4), "refuse", None),
    ]
    for name, fn, expect, acc in variants:
        out.append(score_case(f"file_{name}", [("fn", file_transform(fn))], expect=expect,
                              tokens=tokens, oracle=accuracy_is(acc) if acc else None,
                              timeout=120))
    out.append(score_case("file_missing_line_partial", [("fn", file_transform(lambda ls: J(ls[:3])))],
                          argv=["score", "p.jsonl", "ds", "-o", "sc", "--partial"], expect="accept",
                          oracle=accuracy_is(1.0)))
    out.append(score_case("file_empty_partial", [("fn", file_transform(lambda ls: b""))],
                          argv=["score", "p.jsonl", "ds", "-o", "sc", "--partial"], expect="either",
                          tokens=tokens))
    # CSV
    for name, kw, expect in [("ok", {}, "accept"), ("no_header", {"header": False}, "refuse"),
                             ("extra_column", {"extra": True}, "refuse"),
                             ("quoted", {"quote": True}, "either"),
                             ("semicolons", {"sep": ";"}, "refuse"),
                             ("bom", {"bom": True}, "either"), ("crlf", {"crlf": True}, "either")]:
        def act(scratch, ctx, kw=kw):
            with open(os.path.join(scratch, "p.csv"), "wb") as f:
                f.write(csv_of(ctx, **kw))
        out.append(score_case(f"csv_{name}", [("fn", act)],
                              argv=["score", "p.csv", "ds", "-o", "sc"], expect=expect,
                              tokens=["p.csv"], oracle=accuracy_is(1.0)))
    out.append(score_case("csv_header_only", [("write", "p.csv", "index,label,probability\n")],
                          argv=["score", "p.csv", "ds", "-o", "sc"], tokens=["p.csv"]))
    out.append(score_case("csv_nan_probability",
                          [("write", "p.csv", "index,label,probability\n0,east,nan\n")],
                          argv=["score", "p.csv", "ds", "-o", "sc", "--partial"],
                          tokens=["p.csv", ("2", "nan")]))
    out.append(score_case("txt_extension", [("fn", copy_preds("p.txt"))],
                          argv=["score", "p.txt", "ds", "-o", "sc"], expect="either",
                          tokens=["p.txt"], oracle=accuracy_is(1.0)))
    # a folder of predictions
    out.append(score_case("folder_empty", [("mkdir", "pf")], argv=["score", "pf", "ds", "-o", "sc"],
                          tokens=["pf"]))
    out.append(score_case("folder_with_file", [("mkdir", "pf"), ("fn", copy_preds("pf/p.jsonl"))],
                          argv=["score", "pf", "ds", "-o", "sc"], expect="accept",
                          oracle=accuracy_is(1.0)))
    out.append(score_case("folder_with_subfolder", [("mkdir", "pf/sub"), ("fn", copy_preds("pf/p.jsonl"))],
                          argv=["score", "pf", "ds", "-o", "sc"], expect="either", tokens=["sub"],
                          oracle=accuracy_is(1.0)))
    out.append(score_case("same_file_twice", [("fn", copy_preds())],
                          argv=["score", "p.jsonl", "p.jsonl", "ds", "-o", "sc"], tokens=["p.jsonl"]))
    return out


def option_cases():
    out = []
    base = ["score", "p.jsonl", "ds", "-o", "sc"]
    setup = [("fn", copy_preds())]
    for value, expect in [("-1", "refuse"), ("1.5", "refuse"), ("x", "refuse"),
                          ("99999999999999999999", "refuse"), ("0", "accept"),
                          ("18446744073709551615", "either")]:
        out.append(score_case(f"misclassified={safe(value)}", setup,
                              argv=base + ["--misclassified", value], expect=expect,
                              tokens=["misclassified"], oracle=accuracy_is(1.0),
                              note="--misclassified -1 wrapped to 2^64-1 (issue #40)"
                              if value == "-1" else ""))
    for value, expect in [("0", "refuse"), ("1", "refuse"), ("1.5", "refuse"), ("-0.5", "refuse"),
                          ("nan", "refuse"), ("inf", "refuse"), ("x", "refuse"), ("0.5", "accept"),
                          ("0.999999", "accept"), ("1e-300", "either")]:
        out.append(score_case(f"confidence={safe(value)}", setup,
                              argv=base + ["--confidence", value], expect=expect,
                              tokens=["confidence"], oracle=accuracy_is(1.0)))
    out.append(score_case("baseline_nope", [], argv=["score", "--baseline", "nope", "ds", "-o", "sc"],
                          tokens=["baseline", "nope"]))
    out.append(score_case("baseline_and_predictions", setup,
                          argv=["score", "--baseline", "rule", "p.jsonl", "ds", "-o", "sc"],
                          tokens=["baseline"]))
    # --worlds of another family, or not a worlds file
    for name, extra, tokens in [
            ("other_family", [("copy", "worlds_other", "w")], ["w"]),
            ("missing", [], []),
            ("garbage_file", [("write", "w.json", "{not json")], ["w.json"]),
            ("dataset_folder", [], ["ds"])]:
        target = {"other_family": "w", "missing": "nope", "garbage_file": "w.json",
                  "dataset_folder": "ds"}[name]
        out.append(score_case(f"worlds_{name}", setup + extra, argv=base + ["--worlds", target],
                              tokens=tokens + [(target,)]))
    # --write-predictions at files and folders that are not the user's to overwrite
    for name, target in [("dataset_manifest", "ds/manifest.json"), ("dataset_record", "ds/records/0.json"),
                         ("dataset_config", "ds/config.yaml"), ("dataset_folder", "ds"),
                         ("score_json", "sc0/score.json"), ("existing_predictions", "preds/dataset.jsonl")]:
        extra = [("copy", "score", "sc0")] if name == "score_json" else []
        out.append(score_case(f"write_predictions_{name}", extra,
                              argv=["score", "--baseline", "rule", "ds", "--write-predictions",
                                    target],
                              expect="either" if name == "existing_predictions" else "refuse",
                              tokens=[os.path.basename(target)],
                              note="--write-predictions at a dataset's manifest.json must be "
                                   "refused (issue #40)" if name == "dataset_manifest" else ""))
    out.append(score_case("write_predictions_dev_null", [],
                          argv=["score", "--baseline", "rule", "ds", "--write-predictions", "/dev/null"],
                          expect="either", tokens=["/dev/null"]))
    # --compare
    cmp_setup = [("copy", "score", "s1"), ("copy", "score", "s2")]
    out.append(score_case("compare_dataset_and_export", [("copy", "export", "ex")],
                          argv=["score", "--compare", "ds", "ex", "-o", "cmp"],
                          tokens=[("ds", "ex"), "score"]))
    out.append(score_case("compare_missing", cmp_setup,
                          argv=["score", "--compare", "s1", "nope", "-o", "cmp"], tokens=["nope"]))
    out.append(score_case("compare_same_twice", cmp_setup,
                          argv=["score", "--compare", "s1", "s1", "-o", "cmp"], expect="either",
                          tokens=["s1"]))
    out.append(score_case("compare_output_is_input", cmp_setup,
                          argv=["score", "--compare", "s1", "s2", "-o", "s1"], tokens=["s1"]))
    out.append(score_case("compare_no_output", cmp_setup,
                          argv=["score", "--compare", "s1", "s2"], tokens=["-o"]))
    out.append(score_case("compare_one_arg", cmp_setup, argv=["score", "--compare", "s1", "-o", "cmp"],
                          tokens=["compare"]))
    out.append(score_case("compare_score_json_deep",
                          cmp_setup + [("fn", replace_with("s2/score.json", "[" * 100000 + "]" * 100000))],
                          argv=["score", "--compare", "s1", "s2", "-o", "cmp"], tokens=["score.json"]))
    out.append(score_case("compare_score_json_garbage",
                          cmp_setup + [("fn", replace_with("s2/score.json", "{"))],
                          argv=["score", "--compare", "s1", "s2", "-o", "cmp"], tokens=["score.json"]))
    out.append(score_case("compare_score_json_edited",
                          cmp_setup + [("fn", edit_text("s2/score.json", '"scored"', '"scored" '))],
                          argv=["score", "--compare", "s1", "s2", "-o", "cmp"], expect="either",
                          tokens=["s2"]))
    return out


def output_cases():
    out = []
    setup = [("fn", copy_preds())]
    refuse = [
        ("dataset_with_planted_score_json", [("write", "ds/score.json", "{}")], "ds",
         "a dataset with {} as score.json was deleted (issue #40)"),
        ("dataset", [], "ds", ""),
        ("export_folder", [("copy", "export", "ex")], "ex", ""),
        ("worlds_folder", [("copy", "worlds", "wo")], "wo", ""),
        ("seqset", [("copy", "seqset", "sq")], "sq", ""),
        ("file", [("write", "f.txt", "mine\n")], "f.txt", ""),
        ("foreign_folder", [("write", "mine/notes.txt", "x\n")], "mine", ""),
        ("foreign_folder_with_score_json", [("write", "mine/notes.txt", "x\n"),
                                            ("write", "mine/score.json", "{}")], "mine", ""),
        ("score_folder_extra_file", [("copy", "score", "s0"), ("write", "s0/notes.txt", "x\n")],
         "s0", ""),
        ("score_folder_edited", [("copy", "score", "s0"),
                                 ("fn", edit_text("s0/score.md", "#", "# ", 1))], "s0", ""),
        ("target_itself", [], "ds", ""),
        ("dev_null", [], "/dev/null", ""),
        ("symlink_to_dataset", [("symlink", "{S}/ds", "link")], "link", ""),
    ]
    for name, extra, target, note in refuse:
        out.append(score_case(f"o_{name}", setup + extra,
                              argv=["score", "p.jsonl", "ds", "-o", target],
                              tokens=[os.path.basename(target)], note=note,
                              forbid=["not found", "does not exist"]))
    out.append(score_case("o_earlier_score_folder", setup + [("copy", "score", "sc")],
                          expect="accept", oracle=accuracy_is(1.0)))
    out.append(score_case("o_empty_folder", setup + [("mkdir", "sc")], expect="accept",
                          oracle=accuracy_is(1.0)))
    out.append(score_case("o_missing_parents", setup,
                          argv=["score", "p.jsonl", "ds", "-o", "a/b/sc"], expect="either",
                          tokens=["sc"]))
    # stale temporaries of killed runs beside the destination: the next run removes them
    stale = [("write", ".sc.railyard-tmp-999999-0/score.json", "{}"),
             ("write", ".sc.railyard-tmp-999999-1-old/score.json", "{}")]
    out.append(score_case("stale_temporaries_removed", setup + stale, expect="accept",
                          oracle=all_of(accuracy_is(1.0), absent(".sc.*"))))
    legacy = [("write", ".sc.partial-999999/score.json", "{}"),
              ("write", ".sc.old-999999/score.json", "{}")]
    out.append(score_case("stale_legacy_partial_removed", setup + legacy, expect="accept",
                          oracle=all_of(accuracy_is(1.0), absent(".sc.*")),
                          note="kill -9 during score left .partial-* forever (issue #40); these are "
                               "the names the earlier score_folder.cpp gave its staging folders"))
    for when in ("staging", 0.2):
        kw = {"kill_when": ".sc.*"} if when == "staging" else {"kill_after": when}
        out.append(score_case(f"kill9_{when}_then_rerun", setup,
                              then=["score", "p.jsonl", "ds", "-o", "sc"], expect="accept",
                              oracle=all_of(accuracy_is(1.0), absent(".sc.*")), **kw))
    return out


def seq_mutated(field, raw, line=0, drop=None):
    return ("fn", mutated(SEQ_PREDS, "p.jsonl", line, field, raw, drop=drop))


def sequence_cases():
    out = []
    argv = ["score", "p.jsonl", "sq", "-o", "sc"]

    def seq_case(name, setup, expect="refuse", tokens=("p.jsonl",), oracle=None, **kw):
        return score_case(name, [("copy", "seqset", "sq")] + setup, argv=argv, expect=expect,
                          tokens=tokens, oracle=oracle, **kw)

    ok = accuracy_is(1.0, key="sequences")
    for raw, meaning in [("0", 0), ("-1", None), ("99", None), ('"0"', 0), ("0.5", None),
                         ("NaN", None), ("null", None), ("18446744073709551616", None),
                         ("true", None)]:
        out.append(seq_case(f"seq_sequence={safe(raw)}", [seq_mutated("sequence", raw)],
                            expect="either" if meaning == 0 else "refuse",
                            tokens=["p.jsonl", (":1", "line 1")], oracle=ok))
    out.append(seq_case("seq_index_instead_of_sequence",
                        [seq_mutated("index", "0", drop=("sequence",))], expect="either",
                        tokens=["p.jsonl", "sequence"], oracle=ok))
    for name, raw in [("wrong_length", '{"roofed": [0]}'), ("too_long", '{"roofed": [0, 1, 0, 1, 0, 1]}'),
                      ("unknown_name", '{"nope": [0, 1]}'), ("bad_value", '{"roofed": [2, 0]}'),
                      ("string_value", '{"roofed": "yes"}'), ("null_value", '{"roofed": null}'),
                      ("list", "[0, 1]"), ("nan_value", '{"roofed": [NaN, 0]}'),
                      ("float_value", '{"roofed": [0.5, 0]}'), ("empty_map", "{}")]:
        out.append(seq_case(f"seq_predicates_{name}", [seq_mutated("predicates", raw)],
                            expect="either" if name == "empty_map" else "refuse",
                            tokens=["p.jsonl", (":1", "line 1")], oracle=ok))
    # damaged sequence sets: refused naming the file (score must not trust a damaged folder)
    damages = [
        ("jsonl_truncated", [("fn", truncate("sq/sequences/sequences.jsonl", 0.6))], "sequences.jsonl"),
        ("jsonl_garbage_line", [("fn", edit_lines("sq/sequences/sequences.jsonl",
                                                  lambda ls: ls[:1] + [b"garbage\n"] + ls[2:]))],
         "sequences.jsonl"),
        ("jsonl_lines_swapped", [("fn", edit_lines("sq/sequences/sequences.jsonl",
                                                   lambda ls: [ls[1], ls[0]] + ls[2:]))],
         "sequences.jsonl"),
        ("jsonl_line_removed", [("fn", edit_lines("sq/sequences/sequences.jsonl", lambda ls: ls[:-1]))],
         "sequences.jsonl"),
        ("jsonl_deleted", [("fn", remove("sq/sequences/sequences.jsonl"))], "sequences.jsonl"),
        ("automaton_missing", [("fn", remove("sq/sequences/automaton.json"))], "automaton.json"),
        ("automaton_garbage", [("fn", replace_with("sq/sequences/automaton.json", "{garbage"))],
         "automaton.json"),
        ("automaton_of_other_formula", [("fn", lambda s, c: __import__("shutil").copyfile(
            os.path.join(c.fixtures_dir, "seqset_f/sequences/automaton.json"),
            os.path.join(s, "sq/sequences/automaton.json")))],
         "automaton.json"),
        ("record_accepted_flipped", [("fn", flip_record_accepted("sq"))], "records"),
    ]
    for name, setup, token in damages:
        out.append(seq_case(f"seq_target_{name}", [("fn", copy_preds_from(SEQ_PREDS))] + setup,
                            tokens=[token], needs=["seqset_f"] if "other" in name else []))
    return out


def copy_preds_from(src):
    def act(scratch, ctx):
        lines = read_fixture_lines(ctx, src)
        with open(os.path.join(scratch, "p.jsonl"), "w", encoding="utf-8") as f:
            f.write("\n".join(json.dumps(l) for l in lines) + "\n")
    return act


def flip_record_accepted(root):
    """The first step record's sequence.accepted flipped (its size kept: true <-> false is not
    the same length, so a space pads the shorter)."""
    def act(scratch, ctx):
        path = os.path.join(scratch, root, "records", "0.json")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if '"accepted": true' in text:
            text = text.replace('"accepted": true', '"accepted":false', 1)
        elif '"accepted":true' in text:
            text = text.replace('"accepted":true', '"accepted":false', 1)[:-1] + text[-1:]
        else:
            text = text.replace('"accepted": false', '"accepted": true', 1)
            text = text.replace('"accepted":false', '"accepted":true ', 1)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return act


def swap_label(root, index=0):
    """records/<index>.json's label east <-> west (same length: the size check passes)."""
    def act(scratch, ctx):
        path = os.path.join(scratch, root, "records", f"{index}.json")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for a, b in (('"label": "east"', '"label": "west"'), ('"label": "west"', '"label": "east"'),
                     ('"label":"east"', '"label":"west"'), ('"label":"west"', '"label":"east"')):
            if a in text:
                text = text.replace(a, b, 1)
                break
        else:
            raise RuntimeError(f"setup: no label in {path}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return act


def target_cases():
    out = []
    setup = [("fn", copy_preds())]
    damages = [
        ("record_label_edited", [("fn", swap_label("ds", 0))], [("0.json", "records")],
         "score must not trust an edited label silently (verify-style checks)"),
        ("manifest_deleted", [("fn", remove("ds/manifest.json"))], ["manifest.json"], ""),
        ("manifest_garbage", [("fn", replace_with("ds/manifest.json", "{"))], ["manifest.json"], ""),
        ("record_deleted", [("fn", remove("ds/records/1.json"))], [("1.json", "records")], ""),
        ("record_truncated", [("fn", truncate("ds/records/1.json", 0.5))], ["1.json"], ""),
        ("split_file_deleted", [("fn", remove("ds/splits/train.txt"))], ["train.txt"], ""),
        ("records_folder_is_file", [("fn", remove("ds/records")), ("write", "ds/records", "x")],
         ["records"], ""),
        ("empty_folder", [("fn", lambda s, c: (__import__("shutil").rmtree(os.path.join(s, "ds")),
                                               os.makedirs(os.path.join(s, "ds"))))], ["ds"], ""),
    ]
    for name, extra, tokens, note in damages:
        out.append(score_case(f"target_{name}", setup + extra, tokens=tokens, note=note))
    return out


def has_worlds(result):
    path = os.path.join(result.scratch, "sc", "score.json")
    if not os.path.isfile(path):
        return "no sc/score.json"
    with open(path, encoding="utf-8") as f:
        score = json.load(f)
    rows = ((score.get("worlds") or {}).get("by_world") or {}).get("rows") or []
    if len(rows) != 5:
        return f"{len(rows)} rows in worlds.by_world, expected the 5 worlds"
    return None


def worlds_suite_cases():
    """--worlds against a suite made from a worlds folder: its own family, another family, and
    a worlds.json a user edited."""
    out = []
    setup = [("copy", "wsuite", "ws"), ("copy", "worlds", "wo")]
    argv = ["score", "ws/preds.jsonl", "ws/small", "-o", "sc", "--worlds"]
    out.append(score_case("wsuite_own_family", setup, argv=argv + ["wo"], expect="accept",
                          oracle=has_worlds))
    out.append(score_case("wsuite_own_worlds_json", setup, argv=argv + ["wo/worlds.json"],
                          expect="accept", oracle=has_worlds))
    out.append(score_case("wsuite_other_family", setup + [("copy", "worlds_other", "wx")],
                          argv=argv + ["wx"], tokens=["wx"],
                          note="--worlds of another family (issue #40)"))
    out.append(score_case("wsuite_world_removed", setup + [("fn", edit_json(
        "wo/worlds.json", lambda d: d["worlds"].pop()))], argv=argv + ["wo"], tokens=["worlds.json"]))
    out.append(score_case("wsuite_worlds_renamed", setup + [("fn", edit_text(
        "wo/worlds.json", '"small_4"', '"small_9"'))], argv=argv + ["wo"],
        tokens=[("worlds.json", "small_4", "small_9")]))
    out.append(score_case("wsuite_no_worlds_flag_ok", setup,
                          argv=["score", "ws/preds.jsonl", "ws/small", "-o", "sc"], expect="accept",
                          oracle=accuracy_is(1.0)))
    out.append(score_case("wsuite_deep_worlds_json", setup + [("fn", replace_with(
        "wo/worlds.json", '{"worlds": ' + "[" * 100000 + "]" * 100000 + "}"))],
        argv=argv + ["wo"], tokens=["worlds.json"]))
    return out


def cases(ctx):
    return worlds_suite_cases() + field_cases() + file_cases() + option_cases() + output_cases() + sequence_cases() + \
        target_cases()
