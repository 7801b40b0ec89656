"""`railyard worlds SPEC -o DIR` with configs/worlds/small.yaml: `--set` of every key against
hostile values (names that escape the folder, bad numbers, windows larger than pools, the
infront-only grammar), and -o at folders it must not replace (a dataset, an export, a score
folder, a file, a foreign folder, a worlds folder a user edited) or may (an earlier worlds folder,
unchanged); stale temporaries and kill -9 mid-run."""
import glob
import os

from cases.common import Case, absent, all_of, edit_text, safe

SPEC = "{REPO}/configs/worlds/small.yaml"


def worlds_ok(folder="out", name="small", count=None):
    def check(result):
        base = os.path.join(result.scratch, folder)
        if not os.path.isfile(os.path.join(base, "worlds.json")):
            return f"no {folder}/worlds.json"
        rules = glob.glob(os.path.join(base, "rules", "*.pl"))
        if not rules:
            return f"no rule files in {folder}/rules"
        bad = [r for r in rules if not os.path.basename(r).startswith(name + "_")]
        if bad:
            return f"rule files not named {name}_<k>.pl: {os.path.basename(bad[0])}"
        if count is not None and len(rules) != count:
            return f"{len(rules)} rule files, expected {count}"
        # nothing written outside the scratch folder's out/
        return None
    return check


def nothing_escaped(result):
    """A name must not put files outside -o: nothing new beside out/ in the scratch folder, or
    above it."""
    extra = [e for e in os.listdir(result.scratch) if e not in ("out", "spec")]
    if extra:
        return ("destroyed", f"wrote outside -o: {', '.join(extra)}")
    parent = os.path.dirname(result.scratch)
    stray = [e for e in os.listdir(parent) if e not in ("w", "t", "1.out", "1.err", "2.out",
                                                        "2.err", "snippet.py", "1.in")]
    if stray:
        return ("destroyed", f"wrote above the scratch folder: {', '.join(stray)}")
    return None


def run(name, sets, expect="refuse", tokens=(), oracle=None, **kw):
    argv = ["worlds", SPEC, "-o", "out"]
    for s in sets:
        argv += ["--set", s]
    if oracle is None and expect != "refuse":
        oracle = worlds_ok()
    return Case(name=name, surface="worlds", argv=argv, expect=expect, tokens=list(tokens),
                oracle=oracle, **kw)


NAMES = [("escape", "../escape"), ("absolute", "/var/tmp/hostile-abs"), ("space", "with space"),
         ("dotdot", ".."), ("dot", "."), ("empty", ""), ("slash", "a/b"), ("long_300", "x" * 300),
         ("unicode", "w\u00f6rlds"), ("hidden", ".hidden"), ("dash", "-rf"), ("newline", "a\nb"),
         ("quote", "a'b"), ("colon", "a:b"), ("backslash", "a\\b")]

# key -> list of (value, expect); tokens are the key's last part
KEY_VALUES = {
    "seed": [("-1", "refuse"), ("1.5", "refuse"), ("18446744073709551616", "refuse"),
             ("18446744073709551615", "accept"), ("x", "refuse")],
    "pool": [("0", "refuse"), ("-1", "refuse"), ("10001", "refuse"), ("1.5", "refuse"),
             ("x", "refuse"), ("3", "refuse"), ("[]", "refuse")],
    "window": [("0", "refuse"), ("9", "refuse"), ("1001", "refuse"), ("-4", "refuse"),
               ("x", "refuse")],
    "stride": [("0", "refuse"), ("5", "refuse"), ("1001", "refuse"), ("-1", "refuse")],
    "concepts.cars": [("[2, 1]", "refuse"), ("[0, 1]", "refuse"), ("99", "refuse"),
                      ("x", "refuse"), ("[1, 2, 3]", "refuse"), ("[]", "refuse")],
    "concepts.literals": [("[3, 1]", "refuse"), ("[0, 1]", "refuse"), ("99", "refuse"),
                          ("x", "refuse"), ("[1]", "refuse")],
    "concepts.kinds": [("[infront]", "either"), ("[]", "refuse"), ("[attribute, attribute]", "either"),
                       ("[nope]", "refuse"), ("attribute", "either"), ("[comparison]", "either"),
                       ("[equality]", "either"), ("[attribute]", "either"), ("[infront, infront]", "either"),
                       ("[infront, equality]", "either"), ("{attribute: 1}", "refuse")],
    "concepts.negation": [("-0.1", "refuse"), ("1.1", "refuse"), (".nan", "refuse"),
                          ("x", "refuse"), ("1", "either")],
    "concepts.share": [("[0.3, 0.03]", "refuse"), ("[0, 1]", "either"), ("[.nan, 1]", "refuse"),
                       ("[1]", "refuse"), ("[-1, 2]", "refuse"), ("0.5", "refuse"),
                       ("[0.5, 0.5]", "refuse")],
    "worlds.share": [("[0.75, 0.25]", "refuse"), ("[.nan, 1]", "refuse"), ("[1]", "refuse"),
                     ("[-1, 2]", "refuse"), ("[0.49, 0.51]", "either")],
    "worlds.confidence": [("0.4", "refuse"), ("1", "refuse"), ("1.5", "refuse"), ("x", "refuse")],
    "worlds.split.train": [("0", "refuse"), ("-1", "refuse"), ("10001", "refuse"), ("x", "refuse"),
                           ("100", "refuse")],
    "worlds.split.val": [("-1", "refuse"), ("10001", "refuse"), ("0", "either")],
    "worlds.split.test": [("-1", "refuse"), ("10001", "refuse"), ("0", "either")],
    "probe.trains": [("99", "refuse"), ("1000001", "refuse"), ("x", "refuse")],
    "probe.share_trains": [("99", "refuse"), ("10000001", "refuse")],
    "probe.min_distance": [("-0.1", "refuse"), ("1.1", "refuse"), ("1", "either")],
    "patience": [("0", "refuse"), ("1", "either"), ("-5", "refuse")],
    "curriculum.gamma": [("0", "refuse"), ("1.1", "refuse"), ("0.1", "refuse")],
    "curriculum.beta": [("0", "refuse"), ("0.9", "refuse"), ("x", "refuse")],
    "dataset.count": [("0", "refuse"), ("-1", "refuse"), ("x", "refuse")],
    "dataset.seed": [("3", "refuse")],
    "dataset.output": [("elsewhere", "refuse")],
    "dataset.threads": [("2", "refuse")],
    "dataset.nope": [("1", "refuse")],
    "dataset.rule": [("no_such_rule", "refuse")],  # each world's dataset takes its world's rule
    "nope": [("1", "refuse")],
    "curriculum.nope": [("1", "refuse")],
}


def set_cases():
    out = []
    for label, name in NAMES:
        oracle = all_of(worlds_ok(name=name), nothing_escaped)
        out.append(run(f"name_{label}", [f"name={name}"],
                       expect="either" if label in ("unicode", "dash") else "refuse",
                       tokens=["name"], oracle=oracle,
                       note="a name makes file names: rules/<name>_<k>.pl"))
    out.append(run("name_ok", ["name=fine_name"], expect="accept",
                   oracle=all_of(worlds_ok(name="fine_name"), nothing_escaped)))
    for key, values in KEY_VALUES.items():
        for value, expect in values:
            last = key.split(".")[-1]
            out.append(run(f"set_{key}={safe(value)}", [f"{key}={value}"], expect=expect,
                           tokens=[last], timeout=120,
                           note="concepts.kinds=[infront] segfaulted (issue #40)"
                           if value == "[infront]" else ""))
    for text in ["=1", "pool", "pool==3", "", "=", " pool=3"]:
        out.append(run(f"set_malformed_{safe(text) or 'empty'}", [text], expect="refuse",
                       tokens=[("--set", "key=value", "pool")]))
    return out


def planted_output_cases():
    """-o at folders: refused (and left byte for byte) unless an earlier worlds folder."""
    out = []
    refuse = [
        ("dataset", [("copy", "dataset", "out")]),
        ("export_folder", [("copy", "export", "out")]),
        ("score_folder", [("copy", "score", "out")]),
        ("seqset", [("copy", "seqset", "out")]),
        ("file", [("write", "out", "a file the user wrote\n")]),
        ("foreign_folder", [("write", "out/notes.txt", "mine\n")]),
        ("foreign_hidden_file", [("write", "out/.keep", "")]),
        ("worlds_edited_rule", [("copy", "worlds", "out"),
                                ("fn", edit_text("out/rules/small_0.pl", ":-", ":-  "))]),
        ("worlds_added_file", [("copy", "worlds", "out"), ("write", "out/mine.txt", "x\n")]),
        ("worlds_marker_only_forged", [("write", "out/.railyard-worlds", "# made by railyard worlds\n"),
                                       ("write", "out/notes.txt", "mine\n")]),
        ("symlink_to_dataset", [("copy", "dataset", "ds"), ("symlink", "{S}/ds", "out")]),
    ]
    for name, setup in refuse:
        out.append(Case(name=f"o_{name}", surface="worlds", setup=setup,
                        argv=["worlds", SPEC, "-o", "out"], expect="refuse",
                        tokens=["out"], forbid=["not found", "does not exist"]))
    accept = [
        ("earlier_worlds", [("copy", "worlds", "out")], worlds_ok()),
        ("other_family", [("copy", "worlds_other", "out")], worlds_ok()),
        ("empty_folder", [("mkdir", "out")], worlds_ok()),
        ("missing_parents", [], worlds_ok("a/b/out")),
        ("worlds_deleted_file", [("copy", "worlds", "out"), ("fn", lambda s, c: os.remove(
            os.path.join(s, "out", "curriculum.yaml")))], worlds_ok()),
    ]
    for name, setup, oracle in accept:
        target = "a/b/out" if name == "missing_parents" else "out"
        out.append(Case(name=f"o_{name}", surface="worlds", setup=setup,
                        argv=["worlds", SPEC, "-o", target], expect="either",
                        tokens=["out"], oracle=oracle))
    out.append(Case(name="o_trailing_slash", surface="worlds", argv=["worlds", SPEC, "-o", "out/"],
                    expect="accept", oracle=worlds_ok()))
    out.append(Case(name="o_dot_nonempty_cwd", surface="worlds",
                    setup=[("write", "mine.txt", "x\n")], argv=["worlds", SPEC, "-o", "."],
                    expect="refuse", tokens=[("'.'", "\".\"", " . ", "folder")]))
    out.append(Case(name="o_empty_string", surface="worlds", argv=["worlds", SPEC, "-o", ""],
                    expect="refuse", tokens=[("-o", "output", "folder")]))
    out.append(Case(name="o_dev_null", surface="worlds", argv=["worlds", SPEC, "-o", "/dev/null"],
                    expect="refuse", tokens=["/dev/null"]))
    out.append(Case(name="o_spec_folder", surface="worlds",
                    setup=[("fn", lambda s, c: (os.makedirs(os.path.join(s, "spec")),
                                                __import__("shutil").copy(
                                                    os.path.join(c.repo, "configs/worlds/small.yaml"),
                                                    os.path.join(s, "spec", "small.yaml"))))],
                    argv=["worlds", "spec/small.yaml", "-o", "spec"], expect="refuse",
                    tokens=["spec"]))
    # stale temporaries of a killed run beside the destination: removed by the next run
    stale = [("write", ".out.railyard-tmp-999999-0/worlds.json", "{}"),
             ("write", ".out.railyard-tmp-999999-1-old/x", "")]
    out.append(Case(name="stale_staging_removed", surface="worlds", setup=stale,
                    argv=["worlds", SPEC, "-o", "out"], expect="accept",
                    oracle=all_of(worlds_ok(), absent(".out.railyard-tmp-*"))))
    # kill -9 mid-run (the 57-world spec takes seconds), then a run that must leave nothing
    for when in (1.0, 3.0):
        out.append(Case(name=f"kill9_after_{when:g}s_then_rerun", surface="worlds",
                        argv=["worlds", "{REPO}/configs/worlds/graphlog57.yaml", "-o", "out"],
                        kill_after=when, then=["worlds", SPEC, "-o", "out"], expect="accept",
                        oracle=all_of(worlds_ok(), absent(".out*")), timeout=120))
    out.append(Case(name="kill9_at_staging_then_rerun", surface="worlds",
                    argv=["worlds", "{REPO}/configs/worlds/graphlog57.yaml", "-o", "out"],
                    kill_when=".out.railyard-tmp-*", then=["worlds", SPEC, "-o", "out"],
                    expect="accept", oracle=all_of(worlds_ok(), absent(".out*")), timeout=120))
    return out


def cases(ctx):
    return set_cases() + planted_output_cases()
