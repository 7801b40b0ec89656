"""The Python module (`import railyard`), each snippet in a child /usr/bin/python3 so an
interpreter crash is seen: railyard.Formula's truth values with more than 32 atoms and on long
traces against the harness's evaluator (ltlf_eval.py), railyard.worlds with the infront grammar
and hostile overrides or damaged folders, railyard.score with wrong-typed keywords,
read_sequences on damaged sequence sets, SequenceGenerator and Generator with hostile configs
and indices, Formula/Automaton with hostile arguments. Errors must be Python exceptions whose
messages name the argument, not pybind11's argument dumps or temporary file names."""
import ltlf_eval as L
from cases.common import Case
from cases.sequences import BASE as SEQ_BASE
from cases.verify_export import DAMAGES

EXC = ("TypeError", "ValueError", "KeyError", "IndexError", "FileNotFoundError",
       "IsADirectoryError", "NotADirectoryError", "InputError", "ConfigError", "DatasetError",
       "FormulaError", "RuleError", "IoError", "WorldsError", "OSError", "ScoreError",
       "OutputFolderError", "SceneError")


def py(name, code, expect="refuse", tokens=(), oracle=None, exc=EXC, **kw):
    return Case(name=name, surface="python_module", python="import railyard\n" + code,
                expect=expect, tokens=list(tokens), oracle=oracle, exc=exc, **kw)


def result_is(want):
    def check(result):
        got = result.python_result()
        if got != want:
            return f"returned {got!r}, expected {want!r}"
        return None
    return check


def lazy_result(formula, trace_expr):
    """The value LTLf's definition gives on the trace the expression makes (made when checked:
    a million steps are not kept in memory while the other cases run)."""
    def check(result):
        return result_is(L.holds(formula, eval(trace_expr)))(result)
    return check


# ---------------------------------------------------------------------------------------------
# Formula: more than 32 atoms, long traces

def wide_cases():
    out = []
    specs = []
    for n in (33, 34, 40, 64):
        atoms = [f"x{i}" for i in range(n)]
        # every atom but the last true; the last one negated
        specs.append((f"conj_{n}_last_negated", " & ".join(atoms[:-1]) + f" & !{atoms[-1]}",
                      [set(atoms[:-1])]))
        specs.append((f"last_atom_alone_{n}", " & ".join(f"(x{i} | !x{i})" for i in range(n - 1))
                      + f" & !{atoms[-1]}", [{"x0"}]))
        specs.append((f"G_next_{n}", " & ".join(f"G({a} -> X {b})" for a, b in zip(atoms, atoms[1:])),
                      [{atoms[0]}, {atoms[1]}, set()]))
    for name, f, trace in specs:
        want = L.holds(f, trace)
        code = f"f = railyard.Formula({f!r})\nRESULT = f.holds({[sorted(s) for s in trace]!r})\n"
        out.append(py(f"formula_{name}", code, expect="either", tokens=[("32", "atoms")],
                      oracle=result_is(want),
                      note="railyard.Formula gave wrong truth values past 32 atoms (issue #40)"))
    return out


LONG = [
    ("G_not_F_1e6", "G(!F a)", "[set()] * 10**6", "quadratic today (issue #40)"),
    ("G_a_implies_F_b_1e6", "G(a -> F b)", "[{'a'} if i % 7 else {'b'} for i in range(10**6)]", ""),
    ("F_G_a_1e6", "F G a", "[{'a'}] * 10**6", ""),
    ("a_U_b_1e6", "a U b", "[{'a'}] * (10**6 - 1) + [{'b'}]", ""),
    ("G_F_a_1e5", "G F a", "[{'a'} if i % 1000 == 999 else set() for i in range(10**5)]", ""),
    ("nested_until_1e6", "G(a -> X(!a U b))", "[{'a'} if i % 2 == 0 else {'b'} for i in range(10**6)]", ""),
    ("release_1e6", "b R a", "[{'a'}] * 10**6", ""),
    ("WX_chain_1e5", "G(a -> WX a)", "[{'a'}] * 10**5", ""),
]


def long_cases():
    out = []
    for name, f, expr, note in LONG:
        code = f"trace = {expr}\nRESULT = railyard.Formula({f!r}).holds(trace)\n"
        out.append(py(f"holds_{name}", code, expect="accept", oracle=lazy_result(f, expr),
                      note=note, timeout=120))
    code = ("trace = [{'a'} if i % 7 else {'b'} for i in range(10**6)]\n"
            "a = railyard.Formula('G(a -> F b)').automaton()\nRESULT = a.accepts(trace)\n")
    out.append(py("automaton_accepts_1e6", code, expect="accept",
                  oracle=lazy_result("G(a -> F b)",
                                     "[{'a'} if i % 7 else {'b'} for i in range(10**6)]")))
    return out


def random_holds_cases():
    out = []
    rng = L.rng_for("python random formulas")
    atoms = ["a", "b", "c"]
    for k in range(25):
        f = L.random_formula(rng, atoms, rng.randint(2, 7))
        own = L.parse(f)[1]  # a Formula's alphabet is its own atoms
        traces = [L.random_trace(rng, own, rng.randint(0, 6)) for _ in range(8)]
        want = [L.holds(f, t) for t in traces]
        code = (f"f = railyard.Formula({f!r})\n"
                f"traces = {[[sorted(s) for s in t] for t in traces]!r}\n"
                "RESULT = [f.holds(t) for t in traces]\n")
        out.append(py(f"holds_random_{k:02d}", code, expect="accept", oracle=result_is(want)))
    return out


FORMULA_ARGS = [
    ("Formula_None", "railyard.Formula(None)", ["text"]),
    ("Formula_bytes", "railyard.Formula(b'a')", ["text"]),
    ("Formula_int", "railyard.Formula(5)", ["text"]),
    ("Formula_5000", "railyard.Formula('a & ' * 1250 + 'a')", [("4096", "long")]),
    ("Formula_empty", "railyard.Formula('')", ["column"]),
    ("Formula_unclosed", "railyard.Formula('G(a')", ["column"]),
    ("Formula_nested_100", "railyard.Formula('(' * 100 + 'a' + ')' * 100)", []),
    ("holds_None", "railyard.Formula('a').holds(None)", ["trace"]),
    ("holds_int_atom", "railyard.Formula('a').holds([{1}])", ["step 0"]),
    ("holds_unknown_atom", "railyard.Formula('a').holds([{'zz'}])", ["zz"]),
    ("holds_ragged_columns", "railyard.Formula('a & b').holds({'a': [1, 0], 'b': [1]})", ["a", "b"]),
    ("holds_bad_truth", "railyard.Formula('a').holds([{'a': 2}])", ["a"]),
    ("holds_float_truth", "railyard.Formula('a').holds([{'a': 0.5}])", ["a"]),
    ("holds_string_steps", "railyard.Formula('a').holds('a; -; zz')", ["zz"]),
    ("holds_string_empty_step", "railyard.Formula('a').holds('a;;a')", ["step 1"]),
    ("holds_nested_list", "railyard.Formula('a').holds([[['a']]])", ["step 0"]),
    ("holds_generator", "RESULT = railyard.Formula('F a').holds(iter([{'a'}]))", []),
    ("automaton_duplicate_atoms", "railyard.Formula('a').automaton(atoms=['a', 'a'])", ["a"]),
    ("automaton_13_atoms", "railyard.Formula('a').automaton(atoms=['a'] + [f'b{i}' for i in range(12)])", ["12"]),
    ("automaton_missing_atom", "railyard.Formula('a & b').automaton(atoms=['a'])", ["b"]),
    ("automaton_int_atom", "railyard.Formula('a').automaton(atoms=[1])", ["atom"]),
    ("automaton_string_atoms", "railyard.Formula('a').automaton(atoms='ab')", ["atoms"]),
    ("automaton_12_F", "railyard.Formula(' & '.join(f'F a{i}' for i in range(1, 13))).automaton()", []),
    ("run_unknown_atom", "railyard.Formula('a').automaton().run([{'zz'}])", ["zz"]),
    ("next_bad_state", "railyard.Formula('a').automaton().next(99, set())", ["99"]),
    ("next_negative_state", "railyard.Formula('a').automaton().next(-1, set())", ["-1"]),
    ("accepting_huge_state", "railyard.Formula('a').automaton().accepting(2**40)", ["1099511627776"]),
    ("accepting_float_state", "railyard.Formula('a').automaton().accepting(0.5)", ["state"]),
    ("relevant_unknown_atom", "railyard.Formula('a').automaton().relevant(0, {'zz'})", ["zz"]),
    ("guard_bad_states", "railyard.Formula('a').automaton().guard(7, 8)", [("7", "8")]),
]


def formula_arg_cases():
    out = []
    for name, code, tokens in FORMULA_ARGS:
        expect = "either" if name in ("Formula_nested_100", "holds_generator", "automaton_12_F",
                                      "automaton_duplicate_atoms") else "refuse"
        out.append(py(f"formula_{name}", code, expect=expect, tokens=tokens, timeout=120))
    return out


# ---------------------------------------------------------------------------------------------
# worlds

SPEC = "REPO + '/configs/worlds/small.yaml'"
WORLD_OVERRIDES = [
    ("infront_only", "concepts__kinds=['infront']", "either",
     "railyard.worlds with the infront spec crashed the interpreter (issue #40)"),
    ("infront_equality", "concepts__kinds=['infront', 'equality']", "either", ""),
    ("name_escape", "name='../escape', output=S + '/out'", "refuse", ""),
    ("name_absolute", "name='/var/tmp/hostile-abs', output=S + '/out'", "refuse", ""),
    ("pool_negative", "pool=-1", "refuse", ""),
    ("pool_string", "pool='x'", "refuse", ""),
    ("pool_float", "pool=1.5", "refuse", ""),
    ("pool_None", "pool=None", "refuse", ""),
    ("pool_bool", "pool=True", "refuse", ""),
    ("window_above_pool", "window=9", "refuse", ""),
    ("seed_negative", "seed=-1", "refuse", ""),
    ("seed_huge", "seed=2**64", "refuse", ""),
    ("share_reversed", "concepts__share=[0.3, 0.03]", "refuse", ""),
    ("share_nan", "concepts__share=[float('nan'), 1]", "refuse", ""),
    ("unknown_key", "nope=1", "refuse", ""),
    ("dataset_seed", "dataset__seed=3", "refuse", ""),
    ("dataset_dict", "dataset={'count': 0}", "refuse", ""),
    ("kinds_string", "concepts__kinds='attribute'", "either", ""),
    ("kinds_empty", "concepts__kinds=[]", "refuse", ""),
    ("set_value", "pool={1, 2}", "refuse", ""),
]


def worlds_cases():
    out = []
    for name, overrides, expect, note in WORLD_OVERRIDES:
        key = overrides.split("=")[0].replace("__", ".").split(".")[-1]
        if name.startswith("name_"):
            key = "name"
        code = f"ws = railyard.worlds({SPEC}, {overrides})\nRESULT = len(ws)\n"
        out.append(py(f"worlds_{name}", code, expect=expect, tokens=[key],
                      oracle=result_is(5) if expect != "refuse" else None, note=note, timeout=120))
    # reading written folders, damaged
    reads = [
        ("json_deleted", "os.remove(S + '/wo/worlds.json')", ["worlds.json"]),
        ("json_garbage", "open(S + '/wo/worlds.json', 'w').write('{garbage')", ["worlds.json"]),
        ("json_empty_object", "open(S + '/wo/worlds.json', 'w').write('{}')", ["worlds.json"]),
        ("json_list", "open(S + '/wo/worlds.json', 'w').write('[]')", ["worlds.json"]),
        ("rule_deleted", "os.remove(S + '/wo/rules/small_0.pl')", ["small_0.pl"]),
        ("rule_garbage", "open(S + '/wo/rules/small_0.pl', 'w').write('eastbound(T) :- (((')",
         ["small_0.pl"]),
        ("json_deep", "open(S + '/wo/worlds.json', 'w').write('{\"worlds\": ' + '[' * 100000 + "
         "']' * 100000 + '}')", ["worlds.json"]),
        ("rules_is_file", "import shutil; shutil.rmtree(S + '/wo/rules'); open(S + '/wo/rules', 'w').write('x')",
         ["rules"]),
    ]
    for name, damage, tokens in reads:
        code = (f"import os\n{damage}\nws = railyard.worlds(S + '/wo')\n"
                "RESULT = [w.rule.label(railyard.sample_trains(count=4)).tolist() for w in ws][:1]\n")
        out.append(Case(name=f"worlds_read_{name}", surface="python_module",
                        setup=[("copy", "worlds", "wo")], python="import railyard\n" + code,
                        expect="refuse", tokens=tokens, exc=EXC, keep_all=False))
    for name, arg, tokens in [("int", "123", ["worlds"]), ("None", "None", ["worlds"]),
                              ("missing", "S + '/nope.yaml'", ["nope.yaml"]),
                              ("dataset_folder", "S + '/ds'", ["ds"])]:
        out.append(Case(name=f"worlds_source_{name}", surface="python_module",
                        setup=[("copy", "dataset", "ds")],
                        python=f"import railyard\nRESULT = len(railyard.worlds({arg}))\n",
                        expect="refuse", tokens=tokens, exc=EXC))
    out.append(Case(name="worlds_output_dataset", surface="python_module",
                    setup=[("copy", "dataset", "ds")],
                    python=f"import railyard\nRESULT = len(railyard.worlds({SPEC}, output=S + '/ds'))\n",
                    expect="refuse", tokens=["ds"], exc=EXC))
    return out


# ---------------------------------------------------------------------------------------------
# score

SCORE_KW = [
    ("partial_no", "partial='no'", "partial", "turned --partial on (issue #40)"),
    ("partial_yes_string", "partial='yes'", "partial", ""),
    ("partial_None", "partial=None", "partial", ""),
    ("partial_list", "partial=[]", "partial", ""),
    ("partial_2", "partial=2", "partial", ""),
    ("misclassified_negative", "misclassified=-1", "misclassified", ""),
    ("misclassified_float", "misclassified=1.5", "misclassified", ""),
    ("misclassified_string", "misclassified='3'", "misclassified", ""),
    ("misclassified_None", "misclassified=None", "misclassified", ""),
    ("misclassified_huge", "misclassified=2**64", "misclassified", ""),
    ("confidence_string", "confidence='0.9'", "confidence", ""),
    ("confidence_None", "confidence=None", "confidence", ""),
    ("confidence_2", "confidence=2", "confidence", ""),
    ("confidence_nan", "confidence=float('nan')", "confidence", ""),
    ("confidence_bool", "confidence=True", "confidence", ""),
    ("worlds_int", "worlds=3", "worlds", ""),
    ("worlds_missing", "worlds=S + '/nope'", "nope", ""),
    ("baseline_int", "baseline=1", "baseline", ""),
    ("baseline_nope", "baseline='nope'", "baseline", ""),
    ("output_int", "output=3", "output", ""),
    ("output_dataset", "output=S + '/ds'", "ds", ""),
    ("unknown_keyword", "nope=1", "nope", ""),
]


def score_cases():
    out = []
    preds = "S + '/preds/dataset.jsonl'"
    setup = [("copy", "dataset", "ds"), ("copy", "preds", "preds")]
    for name, kw, token, note in SCORE_KW:
        code = f"RESULT = railyard.score({preds}, S + '/ds', {kw})['coverage']\n"
        out.append(Case(name=f"score_{name}", surface="python_module", setup=setup,
                        python="import railyard\n" + code, expect="refuse", tokens=[token],
                        exc=EXC, note=note))
    for name, args, token in [
            ("target_None", f"{preds}, None", "target"), ("target_int", f"{preds}, 3", "target"),
            ("predictions_None", "None, S + '/ds'", "predictions"),
            ("predictions_int", "3, S + '/ds'", "predictions"),
            ("predictions_empty_list", "[], S + '/ds'", "predictions"),
            ("predictions_ints", "[1, 2], S + '/ds'", "predictions"),
            ("predictions_nan_index", "[{'index': float('nan'), 'label': 'east'}], S + '/ds', partial=True",
             "index"),
            ("predictions_duplicate", "[{'index': 0, 'label': 'east'}] * 2, S + '/ds', partial=True",
             ("index", "twice", "0")),
            ("predictions_bad_label", "[{'index': 0, 'label': 'up'}], S + '/ds', partial=True", "label"),
            ("predictions_set", "[{'index', 'label'}], S + '/ds'", "predictions"),
            ("predictions_missing_file", "S + '/nope.jsonl', S + '/ds'", "nope.jsonl"),
            ("target_file", f"{preds}, S + '/preds/dataset.jsonl'", "dataset.jsonl")]:
        code = f"RESULT = railyard.score({args})['coverage']\n"
        out.append(Case(name=f"score_{name}", surface="python_module", setup=setup,
                        python="import railyard\n" + code, expect="refuse", tokens=[token],
                        exc=EXC))
    code = (f"lines = open({preds}).read().splitlines()[:3]\n"
            "import json\nRESULT = railyard.score([json.loads(l) for l in lines], S + '/ds', "
            "partial=True)['coverage']['scored']\n")
    out.append(Case(name="score_partial_true_dicts", surface="python_module", setup=setup,
                    python="import railyard\n" + code, expect="accept", oracle=result_is(3)))
    return out


# ---------------------------------------------------------------------------------------------
# read_sequences

def read_sequences_cases():
    out = []
    reader = ("ss = railyard.read_sequences(S + '/sq')\n"
              "RESULT = [[bool(s.label), len(s), str(ss.formula), s.states[:2], "
              "list(s.images.shape)] for s in ss]\n")
    for name, setup, token in DAMAGES:
        expect = "either" if name.startswith("csv") else "refuse"
        out.append(Case(name=f"read_sequences_{name}", surface="python_module",
                        setup=[("copy", "seqset", "sq")] + setup, python="import railyard\n" + reader,
                        expect=expect, tokens=[token], exc=EXC,
                        needs=["seqset_f"] if "other" in name else []))
    for name, code, tokens in [
            ("split_nope", "railyard.read_sequences(S + '/sq', split='nope')", ["nope"]),
            ("split_int", "railyard.read_sequences(S + '/sq', split=1)", ["split"]),
            ("root_None", "railyard.read_sequences(None)", ["folder"]),
            ("root_dataset", "railyard.read_sequences(S + '/ds')", ["ds"]),
            ("root_file", "railyard.read_sequences(S + '/sq/manifest.json')", ["manifest.json"]),
            ("root_missing", "railyard.read_sequences(S + '/nope')", ["nope"]),
            ("index_out_of_range", "railyard.read_sequences(S + '/sq')[4]", ["4"]),
            ("index_float", "railyard.read_sequences(S + '/sq')[1.5]", ["index"]),
            ("index_huge", "railyard.read_sequences(S + '/sq')[10**20]", ["100000000000000000000"])]:
        out.append(Case(name=f"read_sequences_{name}", surface="python_module",
                        setup=[("copy", "seqset", "sq"), ("copy", "dataset", "ds")],
                        python="import railyard\n" + code, expect="refuse", tokens=tokens, exc=EXC))
    return out


# ---------------------------------------------------------------------------------------------
# SequenceGenerator and Generator

SEQGEN = [
    ("formula_empty", "sequence__formula=''", "formula", "refuse"),
    ("formula_true", "sequence__formula='true'", "formula", "refuse"),
    ("formula_unclosed", "sequence__formula='G('", "formula", "refuse"),
    ("formula_temporal_ok", "sequence__formula='X roofed'", "formula", "accept"),
    ("formula_int", "sequence__formula=1", "formula", "refuse"),
    ("min_length_negative", "sequence__min_length=-1", "min_length", "refuse"),
    ("min_length_string", "sequence__min_length='x'", "min_length", "refuse"),
    ("min_length_float", "sequence__min_length=1.5", "min_length", "refuse"),
    ("min_length_None", "sequence__min_length=None", "min_length", "refuse"),
    ("labels_nope", "sequence__labels='nope'", "labels", "refuse"),
    ("exclude_temporal", "sequence__exclude=['X roofed']", "exclude", "refuse"),
    ("require_false", "sequence__require=['false']", "require", "refuse"),
    ("unknown_sequence_key", "sequence__nope=1", "nope", "refuse"),
    ("section_not_dict", "sequence=1", "sequence", "refuse_section"),
    ("count_zero", "count=0", "count", "refuse"),
    ("width_string", "width='x'", "width", "refuse"),
    ("count_1e9", "count=10**9", "count", "either"),
]


def generator_cases():
    out = []
    setup = [("write", "seq.yaml", SEQ_BASE)]
    for name, kw, token, expect in SEQGEN:
        # A billion sequences: made at once, len() at once. A sequence's split (in symbolic()'s
        # published line) is a stratified shuffle of every label, made on first use (README).
        code = (f"g = railyard.SequenceGenerator(S + '/seq.yaml', {kw})\nRESULT = [len(g)]\n"
                if name == "count_1e9" else
                f"g = railyard.SequenceGenerator(S + '/seq.yaml', {kw})\n"
                "RESULT = [len(g), len(g.symbolic(0))]\n")
        forbid = ["unknown config key"] if expect == "refuse_section" else []
        expect = "refuse" if expect == "refuse_section" else expect
        out.append(Case(name=f"SequenceGenerator_{name}", surface="python_module", setup=setup,
                        python="import railyard\n" + code, expect=expect, tokens=[token], exc=EXC,
                        forbid=forbid,
                        timeout=120, note="count 10^9 must not allocate per sequence up front"
                        if name == "count_1e9" else ""))
    for name, index, tokens in [("index_4", "4", ["4"]), ("index_minus_5", "-5", ["-5"]),
                                ("index_float", "1.5", ["index"]), ("index_string", "'0'", ["index"]),
                                ("index_huge", "10**20", ["100000000000000000000"]),
                                ("index_None", "None", ["index"])]:
        code = f"g = railyard.SequenceGenerator(S + '/seq.yaml')\nRESULT = len(g.symbolic({index}))\n"
        out.append(Case(name=f"SequenceGenerator_{name}", surface="python_module", setup=setup,
                        python="import railyard\n" + code, expect="refuse", tokens=tokens, exc=EXC))
    for name, kw, token in [("count_negative", "count=-1", "count"), ("width_float", "width=1.5", "width"),
                            ("width_string", "width='x'", "width"), ("outputs_string", "outputs='x'", "outputs"),
                            ("unknown_key", "nope=1", "nope"), ("height_huge", "height=10**30", "height"),
                            ("rule_int", "rule=3", "rule"), ("scene_missing", "scene='nope_scene'", "nope_scene"),
                            ("sequence_section", "sequence={'formula': 'G east'}", ("sequence", "SequenceGenerator"))]:
        code = (f"keys = dict(count=4, width=32, height=18)\nkeys.update(dict({kw}))\n"
                "g = railyard.Generator(**keys)\nRESULT = g[0]['label']\n")
        forbid = ["unknown config key"] if name in ("outputs_string", "sequence_section") else []
        out.append(py(f"Generator_{name}", code, tokens=[token], forbid=forbid))
    for name, index, tokens in [("index_huge", "10**20", ["100000000000000000000"]),
                                ("index_float", "0.5", ["index"]), ("index_4", "4", ["4"])]:
        code = f"g = railyard.Generator(count=4, width=32, height=18)\nRESULT = g[{index}]['label']\n"
        out.append(py(f"Generator_{name}", code, tokens=tokens))
    out.append(Case(name="Generator_config_folder", surface="python_module", setup=[("mkdir", "cfg")],
                    python="import railyard\nrailyard.Generator(S + '/cfg')\n", tokens=["cfg"],
                    exc=EXC, forbid=["does not exist", "not found"]))
    return out


def cases(ctx):
    return (wide_cases() + long_cases() + random_holds_cases() + formula_arg_cases() +
            worlds_cases() + score_cases() + read_sequences_cases() + generator_cases())
