"""`sequence:` sections of dataset configs (README's temporal sequences; tools/lib/dataset/sequences/
sequence_settings.cpp): every key against wrong types, out-of-range and huge numbers; formulas
that do not parse, are unsatisfiable or tautologies, have 12 and 13 atoms; predicates that do not
load or run away; exclude/require that are temporal, false, contradictory; through `railyard
sample` (symbolic: fast) and, for the semantic ones, `railyard generate` too. A count of 10^9
must start at once with flat memory (a memory probe)."""
import glob
import json
import os

from cases.common import (BOOL_VALUES, CHOICE_VALUES, WHOLE_VALUES, Case, q, safe, set_key)

CONFIG = "seq.yaml"

BASE = """\
count: 4
seed: 3
rule: theoryx
min_cars: 2
max_cars: 3
width: 32
height: 18
sequence:
  formula: "G(east -> X roofed)"
  min_length: 2
  max_length: 3
  predicates:
    roofed: {text: "roofed(T) :- has_car(T, C), closed(C)."}
  rate_trains: 1000
"""

ROOFED = '{text: "roofed(T) :- has_car(T, C), closed(C)."}'
# Twelve predicates that all load, and a thirteenth.
PREDICATE_TEXTS = [
    "has_car(T, C), closed(C)", "has_car(T, C), long(C)", "has_car(T, C), short(C)",
    "has_car(T, C), double(C)", "has_load1(T, circle)", "has_load1(T, triangle)",
    "has_car(T, C), open(C)", "has_car(T, C), has_roof(C, R), jagged(R)",
    "has_load1(T, rectangle)", "has_car(T, C), has_wheel0(C, 3)", "has_load1(T, hexagon)",
    "has_car(T, C), has_wheel0(C, 2)", "has_load1(T, diamond)",
]


def predicates_map(k, offset=1):
    items = [f"a{i + offset}: {{text: \"a{i + offset}(T) :- {PREDICATE_TEXTS[i]}.\"}}"
             for i in range(k)]
    return "{" + ", ".join(items) + "}"


def config(**changes):
    text = BASE
    for key, value in changes.items():
        text = set_key(text, key.replace("__", "."), value)
    return text


# Whole-number keys of the section: (key, lo, hi, default).
WHOLE_KEYS = [("min_length", 1, 10_000, None), ("max_length", 1, 10_000, None),
              ("max_edits", 1, 3, 1), ("rate_trains", 100, 10_000_000, None),
              ("episodes", 1, 10_000, 10), ("episode", 0, 9_999, 0),
              ("curriculum_seed", 0, 1_000_000_000, 0)]
FULL_MATRIX = {"min_length", "max_length", "rate_trains"}
INCREMENTAL_ONLY = {"episodes", "episode", "curriculum_seed"}
CHOICE_KEYS = {"mode": ["sequential", "incremental"], "labels": ["balanced", "positive", "natural"],
               "dynamics": ["independent", "edits"],
               "train_annotations": ["label", "predicates", "states"]}
DECAY_KEYS = ["self_loops", "accepting_sinks", "rejecting_sinks"]
# (value, valid)
DECAY_VALUES = [("linear -1", False), ('"linear .nan"', False), ("linear nan", False),
                ("linear inf", False), ("linear 1e7", False), ("linear 1e6", True),
                ("linear 0", True), ("exponential 0.5", True), ("linear", False),
                ("off", True), ('"off 0.1"', False), ('"linear 0.1 0.2"', False),
                ("Linear 0.1", False), ("{linear: 0.1, exponential: 0.2}", False),
                ("{linear: x}", False), ("[linear, 0.1]", False), ("~", False), ("42", False)]


def sample_oracle(count=4, min_length=2, max_length=3):
    """`railyard sample` wrote one *_sequences.jsonl of `count` lines (any, for None)."""
    def check(result):
        files = glob.glob(os.path.join(result.scratch, "out", "**", "*_sequences.jsonl"),
                          recursive=True)
        if len(files) != 1:
            return f"expected one *_sequences.jsonl under out/, found {len(files)}"
        with open(files[0], encoding="utf-8") as f:
            lines = [json.loads(l) for l in f if l.strip()]
        if count is not None and len(lines) != count:
            return f"{len(lines)} sequences written, expected {count}"
        for i, line in enumerate(lines):
            for key in ("length", "steps", "trains"):
                if key in line:
                    n = line[key] if isinstance(line[key], int) else len(line[key])
                    if not min_length <= n <= max_length:
                        return (f"sequence {i}: {n} steps, outside [{min_length}, {max_length}]")
                    break
        return None
    return check


def sample_case(name, text, expect="refuse", tokens=(), oracle=None, note="", timeout=120,
                **kw):
    return Case(name=name, surface="sequences", setup=[("write", CONFIG, text)],
                argv=["sample", CONFIG, "-o", "{S}/out"], expect=expect, tokens=list(tokens),
                oracle=oracle if oracle else (sample_oracle() if expect != "refuse" else None),
                note=note, timeout=timeout, **kw)


def generate_case(name, text, expect="refuse", tokens=(), note="", **kw):
    if "atoms_1" in name:  # 2^12 letters x 2^12 states: large but bounded by the atom limit
        kw.setdefault("memory_mb", 3000)
    def rendered(result):
        roots = glob.glob(os.path.join(result.scratch, "out", "*", "sequences", "sequences.jsonl"))
        if len(roots) != 1:
            return "no sequences/sequences.jsonl written"
        return None
    return Case(name="generate_" + name, surface="sequences", setup=[("write", CONFIG, text)],
                argv=["generate", CONFIG, "-q", "-o", "{S}/out"], expect=expect,
                tokens=list(tokens), oracle=rendered if expect != "refuse" else None, note=note,
                **kw)


def key_tokens(key):
    return [key, (CONFIG, "sequence.")]


def whole_cases():
    out = []
    for key, lo, hi, default in WHOLE_KEYS:
        values = list(WHOLE_VALUES) + [(str(hi + 1), hi + 1), (str(lo), lo)]
        if key not in FULL_MATRIX:  # the same schema code: a few values suffice
            values = [v for v in values if v[0] in ("-1", "1.5", "ten", "[]", "~", str(hi + 1),
                                                    str(lo), "99999999999999999999")]
        values = [v for i, v in enumerate(values) if v[0] not in [w[0] for w in values[:i]]]
        for text, number in values:
            valid = number is not None and lo <= number <= hi
            changes = {f"sequence__{key}": text}
            if key in INCREMENTAL_ONLY:
                # sequential mode: only the default may be given
                valid = valid and number == default
            if key == "min_length" and valid and number > 3:
                valid = False  # above max_length
            if key == "max_length" and valid and number < 2:
                valid = False  # below min_length
            if key == "max_edits" and valid and number != 1:
                valid = True
            name = f"{key}={safe(text)}"
            if valid:
                lengths = {"min_length": (number, 3), "max_length": (2, number)}.get(key, (2, 3))
                out.append(sample_case(name, config(**changes), expect="accept",
                                       oracle=sample_oracle(4, *lengths)))
            else:
                out.append(sample_case(name, config(**changes), tokens=key_tokens(key)))
        # the incremental keys in incremental mode, where they are read
        if key in INCREMENTAL_ONLY:
            for text, number in [("-1", -1), (str(hi + 1), hi + 1), ("1.5", None)]:
                changes = {"sequence__mode": "incremental", "sequence__labels": "positive",
                           f"sequence__{key}": text}
                out.append(sample_case(f"incremental_{key}={safe(text)}", config(**changes),
                                       tokens=key_tokens(key)))
    return out


def choice_cases():
    out = []
    for key, names in CHOICE_KEYS.items():
        for raw in CHOICE_VALUES:
            text = raw.replace("CHOICE_UPPER", names[0].upper()).replace("CHOICE", names[0])
            out.append(sample_case(f"{key}={safe(text)}", config(**{f"sequence__{key}": text}),
                                   tokens=key_tokens(key)))
        for valid in names[1:]:
            if key == "mode":
                continue  # incremental is a different run; its own cases below
            out.append(sample_case(f"{key}={valid}", config(**{f"sequence__{key}": valid}),
                                   expect="either", tokens=[key]))
    return out


def bool_cases():
    out = []
    for text, value in BOOL_VALUES:
        c = config(sequence__show_orphans=text)
        if value is None:
            out.append(sample_case(f"show_orphans={safe(text)}", c, tokens=key_tokens("show_orphans")))
        else:
            out.append(sample_case(f"show_orphans={safe(text)}", c, expect="accept"))
    return out


def decay_cases():
    out = []
    for key in DECAY_KEYS:
        values = DECAY_VALUES if key == "self_loops" else [
            v for v in DECAY_VALUES if v[0] in ("linear -1", "linear nan", "linear 1e7", "linear",
                                                '"off 0.1"', "{linear: 0.1, exponential: 0.2}",
                                                "exponential 0.5")]
        for text, valid in values:
            c = config(**{f"sequence__{key}": text})
            name = f"{key}={safe(text)}"
            if valid:
                out.append(sample_case(name, c, expect="either", tokens=[key]))
            else:
                out.append(sample_case(name, c, tokens=key_tokens(key)))
    return out


def conj(k, op="F", offset=1):
    return " & ".join(f"{op} a{i + offset}" for i in range(k))


# (name, formula YAML, predicates YAML or None for roofed's, expect, tokens, note)
FORMULAS = [
    ("empty", '""', None, "refuse", [("formula",)], "empty formula with predicates set"),
    ("temporal_next", q("X roofed"), None, "either", ["formula"], ""),
    ("true", q("true"), "~", "refuse", ["formula", ("tautology", "always")], ""),
    ("false", q("false"), "~", "refuse", ["formula", ("unsatisfiable", "never")], ""),
    ("unsat_G_F", q("G roofed & F !roofed"), None, "refuse", ["formula", ("unsatisfiable", "never")], ""),
    ("tautology_or", q("roofed | !roofed"), None, "refuse", ["formula", ("tautology", "always")], ""),
    ("unclosed", q("G(east -> X roofed"), None, "refuse", ["formula", ("column", "')'")], ""),
    ("dangling_and", q("east &&"), None, "refuse", ["formula", "column"], ""),
    ("upper_atom", q("G(East -> X roofed)"), None, "refuse", ["formula", ("East", "upper", "lower")], ""),
    ("unicode_atom", q("G(east -> X r\u00f6ofed)"), None, "refuse", ["formula", "column"], ""),
    ("unbound_atom", q("G(east -> X unknown_atom)"), None, "refuse", ["unknown_atom"], ""),
    ("list", "[G east]", None, "refuse", ["formula"], ""),
    ("map", "{G: east}", None, "refuse", ["formula"], ""),
    ("number", "1", None, "refuse", ["formula"], ""),
    ("yaml_bool", "true", "~", "refuse", ["formula"], "YAML true read as the formula 'true'"),
    ("last_only", q("last"), "~", "either", ["formula"], "never true at step 0 of 2-3 steps"),
    ("control_char", q("G(east -> X roofed)\u0007"), None, "refuse", ["formula", "column"], ""),
    ("long_5000", q("east & " * 714 + "east"), "~", "refuse", ["formula", ("4096", "long")], ""),
    ("nested_150", q("(" * 150 + "east" + ")" * 150), "~", "either", ["formula"], ""),
    ("atoms_12_F", q(conj(12)), predicates_map(12), "either", ["formula"],
     "12 atoms: allowed (more than 12 refused); must finish"),
    ("atoms_12_G", q(conj(12, "G")), predicates_map(12), "either", ["formula"], ""),
    ("atoms_12_or", q(" | ".join(f"a{i + 1}" for i in range(12))), predicates_map(12), "either",
     ["formula"], ""),
    ("atoms_13", q(conj(13)), predicates_map(13), "refuse", [("12",), ("predicates", "atoms")], ""),
    ("atoms_11_F_east", q(conj(11) + " & F east"), predicates_map(11), "either", ["formula"], ""),
]


def formula_cases(make):
    out = []
    for name, formula, preds, expect, tokens, note in FORMULAS:
        changes = {"sequence__formula": formula}
        if preds is not None:
            changes["sequence__predicates"] = preds
        out.append(make(f"formula_{name}", config(**changes), expect=expect, tokens=tokens,
                        note=note))
    return out


PREDICATES = [
    ("list", "[roofed]", "refuse", ["predicates"]),
    ("empty_map", "{}", "refuse", ["roofed"]),
    ("null", "~", "refuse", ["roofed"]),
    ("no_such_rule", "{roofed: no_such_rule}", "refuse", ["no_such_rule"]),
    ("missing_pl", "{roofed: missing.pl}", "refuse", ["missing.pl"]),
    ("syntax_error", '{roofed: {text: "roofed(T) :- "}}', "refuse", ["roofed"]),
    ("defines_other", '{roofed: {text: "other(T) :- has_car(T, _)."}}', "refuse", ["roofed"]),
    ("runaway", '{roofed: {text: "roofed(T) :- roofed(T)."}}', "refuse",
     ["roofed", ("limit", "depth", "steps", "space")]),
    ("division_by_zero", '{roofed: {text: "roofed(T) :- X is 1/0, X > 0."}}', "refuse",
     ["roofed"]),
    ("always_true", '{roofed: {text: "roofed(_)."}}', "either", ["roofed"]),
    ("always_false", '{roofed: {text: "roofed(_) :- fail."}}', "either", ["roofed"]),
    ("text_number", "{roofed: {text: 1}}", "refuse", ["roofed"]),
    ("text_and_rule_empty", '{roofed: {text: "", rule: ""}}', "refuse", ["roofed"]),
    ("text_and_rule", '{roofed: {text: "roofed(_).", rule: theoryx}}', "refuse", ["roofed"]),
    ("extra_key", "{roofed: {rule: theoryx, extra: 1}}", "refuse", ["extra"]),
    ("upper_name", "{Roofed: theoryx, roofed: theoryx}", "refuse", ["Roofed"]),
    ("list_value", "{roofed: [theoryx]}", "refuse", ["roofed"]),
    ("unused", f"{{roofed: {ROOFED}, unused: theoryx}}", "refuse", ["unused"]),
    ("east_overridden", f"{{roofed: {ROOFED}, east: numerical}}", "either", ["east"]),
    ("rule_name_ok", "{roofed: numerical}", "either", ["roofed"]),
    ("duplicate_key", f"{{roofed: {ROOFED}, roofed: theoryx}}", "refuse", ["roofed"]),
    ("thirteen_with_orphans", "PRED13", "refuse", [("12",)]),
    ("deep_parentheses", '{roofed: {text: "roofed(T) :- ' + "(" * 100_000 + "true" + ")" * 100_000
     + '."}}', "either", ["roofed"]),
    ("deep_term", '{roofed: {text: "roofed(T) :- X = ' + "f(" * 100_000 + "a" + ")" * 100_000
     + ', nonvar(T), nonvar(X)."}}', "either", ["roofed"]),
    ("long_body_100k_goals", '{roofed: {text: "roofed(T) :- ' + ", ".join(["true"] * 100_000)
     + '."}}', "either", ["roofed"]),
    ("runaway_append", '{roofed: {text: "roofed(T) :- length(L, N), N > 1000000000, member(T, L)."}}',
     "refuse", ["roofed", ("limit", "depth", "steps", "space")]),
]


def predicate_cases(make):
    out = []
    for name, value, expect, tokens in PREDICATES:
        changes = {"sequence__predicates": value}
        if value == "PRED13":
            changes["sequence__predicates"] = predicates_map(13)[:-1] + ", " + ROOFED.join(
                ["roofed: ", ""]) + "}"
            changes["sequence__orphans"] = "[" + ", ".join(f"a{i + 1}" for i in range(13)) + "]"
        out.append(make(f"predicates_{name}", config(**changes), expect=expect, tokens=tokens,
                        timeout=120))
    return out


HEAVY = f"{{roofed: {ROOFED}, heavy: numerical}}"
ORPHANS = [
    ("unknown", "[nope]", "refuse", ["nope"]),
    ("string", "heavy", "refuse", ["orphans"]),
    ("number", "[1]", "refuse", ["orphans"]),
    ("in_formula", "[roofed]", "refuse", ["roofed"]),
    ("duplicate", "[heavy, heavy]", "either", ["heavy"]),
    ("empty", "[]", "refuse", ["heavy"]),     # heavy is then unused
    ("map", "{heavy: 1}", "refuse", ["orphans"]),
    ("east", "[east]", "refuse", ["east"]),
]


def orphan_cases(make):
    return [make(f"orphans_{name}", config(sequence__predicates=HEAVY, sequence__orphans=value),
                 expect=expect, tokens=tokens) for name, value, expect, tokens in ORPHANS]


# exclude / require: (name, value, expect for exclude, expect for require, tokens)
LETTERS = [
    ("false", '["false"]', "either", "refuse", [("false", "never", "impossible", "no step")]),
    ("true", '["true"]', "refuse", "either", [("true", "every", "all", "impossible")]),
    ("X_roofed", '["X roofed"]', "refuse", "refuse", [("X roofed", "propositional", "temporal")]),
    ("F_roofed", '["F roofed"]', "refuse", "refuse", [("F roofed", "propositional", "temporal")]),
    ("G_roofed", '["G roofed"]', "refuse", "refuse", [("G roofed", "propositional", "temporal")]),
    ("until", '["roofed U east"]', "refuse", "refuse", [("U", "propositional", "temporal")]),
    ("last", '["last"]', "refuse", "refuse", [("last", "propositional", "temporal")]),
    ("unknown_atom", '["nope"]', "refuse", "refuse", ["nope"]),
    ("parse_error", '["roofed &"]', "refuse", "refuse", [("column", "roofed &")]),
    ("contradiction", '["roofed & !roofed"]', "either", "refuse", [("roofed & !roofed", "never", "impossible", "no step")]),
    ("empty_formula", '[""]', "refuse", "refuse", [("exclude", "require")]),
    ("string", "roofed", "either", "either", [("exclude", "require")]),
    ("number", "[1]", "refuse", "refuse", [("exclude", "require")]),
    ("nested_list", "[[roofed]]", "refuse", "refuse", [("exclude", "require")]),
    ("map", "{roofed: 1}", "refuse", "refuse", [("exclude", "require")]),
    ("all_letters", '["roofed", "!roofed"]', "refuse", "either", [("exclude", "require", "every", "impossible")]),
]


def letter_cases(make):
    out = []
    for name, value, ex_expect, req_expect, tokens in LETTERS:
        for key, expect in (("exclude", ex_expect), ("require", req_expect)):
            out.append(make(f"{key}_{name}", config(**{f"sequence__{key}": value}),
                            expect=expect, tokens=[key] + tokens))
    out.append(make("exclude_require_same", config(sequence__exclude='["roofed"]',
                                                   sequence__require='["roofed"]'),
                    expect="refuse", tokens=[("exclude", "require"), "roofed"]))
    return out


def other_cases():
    out = []
    for text, expect in [("0", "refuse"), ("-1", "refuse"), ("1", "either"), ("3", "either")]:
        out.append(sample_case(f"count={text}", config(count=text), expect=expect,
                               tokens=["count"],
                               oracle=sample_oracle(int(text)) if expect == "either" else None))
    out.append(sample_case("section_is_list", BASE.split("sequence:")[0] + "sequence: [1, 2]\n",
                           tokens=["sequence"]))
    out.append(sample_case("section_null_with_formula_elsewhere",
                           BASE.split("sequence:")[0] + "sequence: ~\n", expect="either",
                           tokens=["sequence"]))
    out.append(sample_case("unknown_key", config(sequence__nope="1"), tokens=["nope"]))
    out.append(sample_case("min_above_max", config(sequence__min_length="5",
                                                   sequence__max_length="4"),
                           tokens=["min_length", "max_length"]))
    out.append(sample_case("length_10000", config(sequence__min_length="10000",
                                                  sequence__max_length="10000"),
                           expect="either", tokens=["length"],
                           oracle=sample_oracle(4, 10000, 10000)))
    out.append(sample_case("incremental_positive", config(sequence__mode="incremental",
                                                          sequence__labels="positive",
                                                          sequence__episodes="3"),
                           expect="either", tokens=["incremental"], oracle=sample_oracle(None)))
    out.append(sample_case("incremental_balanced", config(sequence__mode="incremental",
                                                          sequence__episodes="3"),
                           expect="either", tokens=["incremental"], oracle=sample_oracle(None)))
    return out


def memory_probes():
    # Until the run shows progress (at most 120 s, a hang detector), its memory bounded: a plan
    # of every sequence up front (the fault of issue #40) passes 1.5 GB within seconds.
    probe = {"seconds": 120, "max_mb": 1500, "settle": 3.0}
    out = []
    out.append(Case(name="generate_count_1e9_flat_memory", surface="sequences",
                    setup=[("write", CONFIG, config(count="1000000000"))],
                    argv=["generate", CONFIG, "-q", "-o", "{S}/out"], expect="either",
                    tokens=["count"], keep_all=False,
                    probe=dict(probe, progress="out/*/records/*.json"),
                    note="a job of any size starts at once with flat memory (README)"))
    out.append(Case(name="sample_count_1e9_flat_memory", surface="sequences",
                    setup=[("write", CONFIG, config(count="1000000000"))],
                    argv=["sample", CONFIG, "-o", "{S}/out"], expect="either", tokens=["count"],
                    keep_all=False,
                    probe=dict(probe, progress="out/dataset_descriptions/*/.*railyard-tmp*"),
                    note="sample writes in blocks so memory stays flat (command_sample.cpp)"))
    out.append(Case(name="generate_count_1e9_shard", surface="sequences",
                    setup=[("write", CONFIG, config(count="1000000000"))],
                    argv=["generate", CONFIG, "-q", "--shard", "5/7", "-o", "{S}/out"],
                    expect="either", tokens=["count"], keep_all=False,
                    probe=dict(probe, progress="out/*/records/*.json")))
    # Sequences of up to 10,000 steps: the first is written once all its steps are rendered
    # (longer than the probe), so "started at once" is the run's lock, made after the probe
    # renders one step.
    out.append(Case(name="generate_max_length_10000_count_1e6", surface="sequences",
                    setup=[("write", CONFIG, config(count="1000000", sequence__max_length="10000"))],
                    argv=["generate", CONFIG, "-q", "-o", "{S}/out"], expect="either",
                    tokens=["count"], keep_all=False,
                    probe=dict(probe, progress="out/*/config.yaml")))
    return out


def cases(ctx):
    out = []
    out += whole_cases()
    out += choice_cases()
    out += bool_cases()
    out += decay_cases()
    out += formula_cases(sample_case)
    out += predicate_cases(sample_case)
    out += orphan_cases(sample_case)
    out += letter_cases(sample_case)
    out += other_cases()
    # the semantic ones through generate too: refused before any file, or rendered
    out += formula_cases(generate_case)
    out += letter_cases(generate_case)
    out += memory_probes()
    out += yaml_cases()
    out += destination_cases()
    out += foreign_output_cases()
    kills = sequence_kill_cases()
    for c in kills:
        if c.oracle:
            c.oracle.ctx = ctx
    out += kills
    return out


# ---------------------------------------------------------------------------------------------
# Hostile YAML in a dataset config and a suite file: deep nesting, alias bombs, tags, several
# documents, tabs, BOM, NUL, invalid UTF-8, a 10 MB scalar.

ALIAS_BOMB = "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9) if p else ', '.join(['1'] * 9)}]\n"
    for n, p in zip("abcdefgh", [""] + list("abcdefg")))


def yaml_variants(base):
    """(name, bytes, expect) of hostile YAML texts built on a valid document `base`."""
    b = base.encode()
    return [
        ("deep_list", b + b"subsets: " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "refuse"),
        ("deep_map", b + b"constraints: " + b"{a: " * 20_000 + b"1" + b"}" * 20_000 + b"\n", "refuse"),
        ("deep_block", b + b"".join(b"  " * i + b"k%d:\n" % i for i in range(3000)), "refuse"),
        ("alias_bomb_unused_key", ALIAS_BOMB.encode() + b, "refuse"),
        ("alias_bomb_value", b + b"subsets: &s [1, 2]\nexclude: *s\n", "refuse"),
        ("duplicate_key", b + b"count: 5\n", "refuse"),
        ("tab_indent", b + b"outputs:\n\tmasks: false\n", "refuse"),
        ("bom", b"\xef\xbb\xbf" + b, "either"),
        ("crlf", b.replace(b"\n", b"\r\n"), "either"),
        ("two_documents", b + b"---\ncount: 5\n", "refuse"),
        ("python_tag", b + b"rule: !!python/object/apply:os.system ['true']\n", "refuse"),
        ("custom_tag", b.replace(b"count: 4", b"count: !big 4"), "either"),
        ("merge_key", b + b"outputs:\n  <<: {masks: false}\n", "either"),
        ("binary", bytes(range(256)) * 4, "refuse"),
        ("nul_byte", b + b"rule: theo\x00ryx\n", "refuse"),
        ("invalid_utf8", b + b"rule: \xff\xfe\n", "refuse"),
        ("scalar_document", b"hello\n", "refuse"),
        ("list_document", b"- count: 4\n", "refuse"),
        ("long_scalar_10MB", b + b"rule: " + b"x" * 10_000_000 + b"\n", "refuse"),
        ("anchor_to_self", b + b"subsets: &s [*s]\n", "refuse"),
    ]


TINY_FLAGS = ["-n", "4", "--width", "32", "--height", "18", "-q", "-o", "{S}/out"]
SUITE = "suite: s\nseed: 0\nconfig: {count: 4, width: 32, height: 18}\nvariants:\n  - name: train\n"


def yaml_cases():
    out = []
    plain = "count: 4\nseed: 1\n"
    for name, data, expect in yaml_variants(plain):
        out.append(Case(name=f"yaml_config_{name}", surface="sequences",
                        setup=[("write", "cfg.yaml", data)],
                        argv=["generate", "cfg.yaml", *TINY_FLAGS], expect=expect,
                        tokens=["cfg.yaml"], timeout=120))
    for name, data, expect in yaml_variants(SUITE.replace("count: 4", "count: 4")):
        out.append(Case(name=f"yaml_suite_{name}", surface="sequences",
                        setup=[("write", "suite.yaml", data)],
                        argv=["suite", "suite.yaml", "--check", "-q"], expect=expect,
                        tokens=["suite.yaml"], timeout=120))
    return out


def sequence_kill_cases():
    """generate of a sequence set killed with kill -9, then run again: the set is whole (it
    verifies) and no temporary is left."""
    from cases.common import railyard

    def verified(result):
        import glob as g
        roots = [os.path.dirname(p) for p in g.glob(os.path.join(result.scratch, "out", "*",
                                                                   "manifest.json"))]
        if len(roots) != 1:
            return "no finished dataset after the rerun"
        v = railyard(verified.ctx, "verify", roots[0], "-q")
        if v.returncode != 0:
            return "the rerun's set does not verify: " + " / ".join(
                (v.stdout + v.stderr).strip().splitlines()[:3])
        return None
    out = []
    text = config(count="40", sequence__min_length="2", sequence__max_length="3")
    for name, kw in [("at_records_10", {"kill_when": "out/*/records/10.json"}),
                     ("after_0.3s", {"kill_after": 0.3}),
                     ("at_first_temporary", {"kill_when": "out/*/records/.*"})]:
        c = Case(name=f"generate_kill9_{name}_then_rerun", surface="sequences",
                 setup=[("write", CONFIG, text)], argv=["generate", CONFIG, "-q", "-o", "{S}/out"],
                 then=["generate", CONFIG, "-q", "-o", "{S}/out"], expect="accept",
                 oracle=verified, timeout=120, **kw)
        out.append(c)
    out.append(Case(name="generate_plain_count_1e9_flat_memory", surface="sequences",
                    setup=[("write", "plain.yaml", "count: 1000000000\nwidth: 32\nheight: 18\n")],
                    argv=["generate", "plain.yaml", "-q", "-o", "{S}/out"], expect="either",
                    tokens=["count"], keep_all=False,
                    probe={"seconds": 120, "max_mb": 1500, "settle": 3.0,
                           "progress": "out/*/records/*.json"}))
    return out


# ---------------------------------------------------------------------------------------------
# generate into folders it did not make, or made from another config

NAME = "Trains_theoryx_MichalskiTrains_base_scene_len_2-3"


def destination_cases():
    out = []
    seq = config()
    plain = "count: 4\nseed: 3\nrule: theoryx\nmin_cars: 2\nmax_cars: 3\nwidth: 32\nheight: 18\n"
    runs = [("sequence_set", seq), ("plain", plain)]
    for label, text in runs:
        argv = ["generate", CONFIG, "-q", "-o", "{S}/out"]
        refuse = [
            ("foreign_folder", [("write", f"out/{NAME}/notes.txt", "mine\n"),
                                ("write", f"out/{NAME}/images/0_m_train.png", "my picture\n")],
             [NAME]),
            ("file_at_dataset_path", [("write", f"out/{NAME}", "mine\n")], [NAME]),
            ("other_seed", [("fn", lambda s, c, label=label: _finished(s, c, label, seed=9))],
             ["seed"]),
        ]
        if label == "plain":
            refuse.append(("sequence_set_there", [("copy", "seqset", f"out/{NAME}")],
                           [("sequence", "config")]))
        else:
            refuse.append(("plain_dataset_there", [("copy", "dataset", f"out/{NAME}")],
                           [("sequence", "config")]))
        for name, setup, tokens in refuse:
            out.append(Case(name=f"destination_{label}_{name}", surface="sequences",
                            setup=[("write", CONFIG, text)] + setup, argv=argv, expect="refuse",
                            tokens=tokens))
        stale = [("fn", lambda s, c, label=label: _finished(s, c, label)),
                 ("write", f"out/{NAME}/records/.0.json.railyard-tmp-999999-0", "{"),
                 ("write", f"out/{NAME}/images/.0_m_train.png.railyard-tmp-999999-3", "x")]
        from cases.common import absent
        out.append(Case(name=f"destination_{label}_stale_temporaries", surface="sequences",
                        setup=[("write", CONFIG, text)] + stale, argv=argv, expect="accept",
                        oracle=absent(f"out/{NAME}/**/.*railyard-tmp*")))
    return out


SUITE_SMALL = ("suite: s\nseed: 0\nconfig: {count: 4, width: 32, height: 18}\n"
               "variants:\n  - name: train\n")
PLAIN_NAME = "Trains_theoryx_MichalskiTrains_base_scene_len_2-4"


def foreign_output_cases():
    """suite and intervene writing where a person's files already are."""
    out = []
    out.append(Case(name="destination_suite_foreign_variant_folder", surface="sequences",
                    setup=[("write", "s.yaml", SUITE_SMALL),
                           ("write", f"out/s/train/{PLAIN_NAME}/images/0_m_train.png", "mine\n"),
                           ("write", f"out/s/train/{PLAIN_NAME}/notes.txt", "mine\n")],
                    argv=["suite", "s.yaml", "-o", "out", "-q"], expect="refuse",
                    tokens=[PLAIN_NAME]))
    out.append(Case(name="destination_suite_foreign_summary", surface="sequences",
                    setup=[("write", "s.yaml", SUITE_SMALL),
                           ("write", "out/s/summary.md", "my notes\n")],
                    argv=["suite", "s.yaml", "-o", "out", "-q"], expect="refuse",
                    tokens=["summary.md"]))
    pairs = f"{PLAIN_NAME}_flip_pairs"
    out.append(Case(name="destination_intervene_foreign_pairs_folder", surface="sequences",
                    setup=[("write", f"out/{pairs}/base/images/0_m_train.png", "mine\n"),
                           ("write", f"out/{pairs}/notes.txt", "mine\n")],
                    argv=["intervene", "-n", "2", "--width", "32", "--height", "18", "-q", "-o",
                          "out"], expect="refuse", tokens=[pairs]))
    return out


def _finished(scratch, ctx, label, seed=None):
    """A finished output folder of this case's config (seed 3), made by generate, the config
    then changed to `seed` when given."""
    import subprocess
    subprocess.run([ctx.binary, "generate", os.path.join(scratch, CONFIG), "-q", "-o",
                    os.path.join(scratch, "out")], env=ctx.env, check=True, capture_output=True)
    if seed is not None:
        path = os.path.join(scratch, CONFIG)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("seed: 3", f"seed: {seed}"))
