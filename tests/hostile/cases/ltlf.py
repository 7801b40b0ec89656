"""`railyard ltlf FORMULA [--json] [--atoms ...] [--trace ...]`: nesting by parentheses, unary
operators and right-associative chains around the limit (a refusal must tell the truth about
the depth), formulas past the length limit, 12 `F a_i` conjuncts (must finish), more than 12
atoms, unicode, control characters and empty text, hostile --atoms and --trace values, long
traces, and the automaton's and the trace's answers checked against the harness's own LTLf
evaluator (ltlf_eval.py) on deterministic random formulas and traces."""
import itertools
import json
import os
import re

import ltlf_eval as L
from cases.common import Case, safe


def trace_oracle(formula, trace):
    """`accepted: true|false` must be LTLf's value of the formula on the trace."""
    want = L.holds(formula, trace)

    def check(result):
        m = re.search(r"^accepted: (true|false)", result.stdout, re.M)
        if not m:
            return f"no 'accepted:' line in the output: {result.stdout[-300:]!r}"
        got = m.group(1) == "true"
        if got != want:
            return (f"accepted: {m.group(1)}, but LTLf's definition gives {str(want).lower()} "
                    f"(trace of {len(trace)} steps)")
        n = re.search(r"^trace: (\d+) steps", result.stdout, re.M)
        if n and int(n.group(1)) != len(trace):
            return f"'trace: {n.group(1)} steps', expected {len(trace)}"
        return None
    return check


def automaton_oracle(formula, max_length=4, states=None, atoms=None):
    """The JSON automaton accepts exactly the traces (over its atoms, up to max_length steps)
    that satisfy the formula by LTLf's definition; `states` when given is its size."""
    def check(result):
        try:
            data, _ = json.JSONDecoder().raw_decode(result.stdout.lstrip())
        except ValueError as e:
            return f"--json output is not JSON: {e}"
        alphabet = data["atoms"]
        if atoms is not None and alphabet != atoms:
            return f"atoms {alphabet}, expected {atoms}"
        count = len(data["states"])
        if states is not None and count != states:
            return f"{count} states, expected {states}"
        accepting = {s["id"]: s["accepting"] for s in data["states"]}
        initial = [s["id"] for s in data["states"] if s["initial"]]
        if len(initial) != 1:
            return f"{len(initial)} initial states"
        nxt = {}
        for t in data["transitions"]:
            for letter in t["letters"]:
                if (t["from"], letter) in nxt:
                    return f"state {t['from']} has two transitions on letter {letter}"
                nxt[(t["from"], letter)] = t["to"]
        letters = range(1 << len(alphabet))
        budget = 40_000
        for length in range(0, max_length + 1):
            for word in itertools.product(letters, repeat=length):
                budget -= 1
                if budget < 0:
                    return None
                state = initial[0]
                for letter in word:
                    if (state, letter) not in nxt:
                        return f"state {state} has no transition on letter {letter}"
                    state = nxt[(state, letter)]
                trace = [{a for i, a in enumerate(alphabet) if letter >> i & 1} for letter in word]
                want = L.holds(formula, trace)
                if accepting[state] != want:
                    return (f"the automaton {'accepts' if accepting[state] else 'rejects'} "
                            f"{L.trace_text(trace)!r}, LTLf's definition says "
                            f"{str(want).lower()}")
        return None
    return check


def all_states(count, then):
    def check(result):
        m = re.search(r"^states: (\d+)", result.stdout, re.M)
        if not m or int(m.group(1)) != count:
            return f"'states: {m.group(1) if m else '?'}', expected {count}"
        return then(result)
    return check


def depth_claim(formula):
    """A refusal that says 'nested deeper than N levels' must be about a formula that is."""
    parens, height = L.depth(formula)

    def check(message):
        m = re.search(r"deeper than (\d+)", message)
        if m and max(parens, height) <= int(m.group(1)):
            return (f"misdescribes: says nested deeper than {m.group(1)} levels; the formula "
                    f"is {parens} levels deep in parentheses and {height} in operators (its "
                    "atom counted as a level)")
        return None
    return check


def ltlf(name, argv, expect="refuse", tokens=(), oracle=None, **kw):
    return Case(name=name, surface="ltlf", argv=["ltlf", *argv], expect=expect,
                tokens=list(tokens), oracle=oracle, **kw)


def nesting_cases():
    out = []
    for n in [10, 50, 66, 67, 99, 100, 101, 150, 199, 200, 201, 300, 1000]:
        f = "(" * n + "a" + ")" * n
        trace = [{"a"}, set()]
        out.append(ltlf(f"parens_{n}", [f, "--trace", "a; -"], expect="either",
                        tokens=["column"], oracle=trace_oracle(f, trace),
                        refusal_check=depth_claim(f),
                        note="100 nested parentheses were refused as 'nested deeper than 200 "
                             "levels' (issue #40)" if n == 100 else ""))
    for op in ["!", "X ", "F ", "G ", "WX "]:
        for n in [100, 199, 200, 201, 400]:
            f = op * n + "a"
            trace = [{"a"}] * 3
            out.append(ltlf(f"unary_{op.strip()}_{n}", [f, "--trace", "a; a; a"],
                            expect="either", tokens=["column"], oracle=trace_oracle(f, trace),
                            refusal_check=depth_claim(f), timeout=120))
    for op in ["->", "U", "R"]:
        for n in [100, 200, 201, 500]:
            f = f" {op} ".join(["a"] * (n + 1))
            trace = [{"a"}, set()]
            out.append(ltlf(f"chain_{op}_{n}", [f, "--trace", "a; -"], expect="either",
                            tokens=["column"], oracle=trace_oracle(f, trace),
                            refusal_check=depth_claim(f)))
    for op in ["&", "|"]:  # left-associative: bounded by the text's length only
        for n in [500, 1000]:
            f = f" {op} ".join(["a"] * (n + 1))
            out.append(ltlf(f"left_chain_{op}_{n}", [f, "--trace", "a"], expect="either",
                            tokens=["column"], oracle=trace_oracle(f, [{"a"}]),
                            refusal_check=depth_claim(f)))
    mixed = "G(" * 60 + "a" + ")" * 60
    out.append(ltlf("G_parens_60", [mixed, "--trace", "a"], expect="either", tokens=["column"],
                    oracle=trace_oracle(mixed, [{"a"}]), refusal_check=depth_claim(mixed)))
    return out


def length_cases():
    out = []
    for n in [4000, 4096, 4097, 10000, 100000]:
        f = ("a & " * n)[: n - 1] if n > 5 else "a"
        f = f.rstrip(" &")
        # pad to exactly n characters with spaces at the end
        f = f + " " * (n - len(f))
        out.append(ltlf(f"length_{n}", [f], expect="either" if n <= 4096 else "refuse",
                        tokens=[("4096", "long", "characters")]))
    return out


def atom_count_cases():
    out = []
    for k in [8, 10, 11, 12]:
        f = " & ".join(f"F a{i}" for i in range(1, k + 1))
        note = "12 F a_i conjuncts hung (issue #40)" if k == 12 else ""
        if k <= 10:
            out.append(ltlf(f"F_conjuncts_{k}", [f, "--json"], expect="either", tokens=["12"],
                            oracle=automaton_oracle(f, max_length=2 if k < 10 else 1, states=2 ** k), note=note))
        else:  # its JSON lists 2^k letters per state: the text's state count instead
            trace = [{f"a{i}"} for i in range(1, k + 1)]
            out.append(ltlf(f"F_conjuncts_{k}", [f, "--trace", L.trace_text(trace)],
                            expect="either", tokens=["12"],
                            oracle=all_states(2 ** k, trace_oracle(f, trace)), note=note))
    for k in [12, 13, 20, 33, 64]:
        for shape, joiner in [("and", " & "), ("G", " & G ")]:
            f = ("G " if shape == "G" else "") + joiner.join(f"a{i}" for i in range(1, k + 1))
            if k <= 12:
                out.append(ltlf(f"atoms_{k}_{shape}", [f, "--json"], expect="either",
                                tokens=["12"], oracle=automaton_oracle(f, max_length=1)))
            else:
                out.append(ltlf(f"atoms_{k}_{shape}", [f], tokens=[("12",), ("atoms", "atom")]))
    f12 = " | ".join(f"F a{i}" for i in range(1, 13))
    out.append(ltlf("F_disjuncts_12", [f12, "--json"], expect="either", tokens=["12"],
                    oracle=automaton_oracle(f12, max_length=1, states=2)))
    chain = "F(a1 & X F(a2 & X F(a3 & X F(a4 & X F(a5 & X F(a6 & X F(a7 & X F(a8 & X F(a9 & " \
            "X F(a10 & X F(a11 & X F a12)))))))))))"
    out.append(ltlf("F_sequence_12", [chain, "--json"], expect="either", tokens=["12"],
                    oracle=automaton_oracle(chain, max_length=1, states=13)))
    g12 = " & ".join(f"G(a{i} -> X a{i % 12 + 1})" for i in range(1, 13))
    out.append(ltlf("G_ring_12", [g12], expect="either", tokens=["12"]))
    return out


TEXTS = [
    ("empty", "", [("the end", "empty", "formula")]),
    ("space", "   ", [("the end", "empty", "formula")]),
    ("unicode_atom", "r\u00f6ofed", ["column"]),
    ("unicode_and", "a \u2227 b", ["column"]),
    ("unicode_arrow", "a \u2192 b", ["column"]),
    ("zero_width", "a\u200bb", ["column"]),
    ("emoji", "F \U0001F682", ["column"]),
    ("escape_sequence", "a & \x1b[31mb", ["column"]),
    ("tab_newline", "a &\t\n b", []),
    ("upper_atom", "Roofed", ["column"]),
    ("keyword_atom_W", "a W b", ["column"]),
    ("single_minus", "a - b", ["column"]),
    ("lt_only", "a < b", ["column"]),
    ("unbalanced_close", "a)", ["column"]),
    ("unbalanced_open", "(a", ["column"]),
    ("empty_parens", "()", ["column"]),
    ("double_not_keyword", "!!", ["column"]),
    ("binary_missing", "a U", ["column"]),
    ("atom_with_digit_first", "1a", ["column"]),
    ("trailing_operator", "a &", ["column"]),
]


def explosion_cases():
    """Formulas whose automata grow past the documented 10,000-state limit: a refusal naming
    the limit, or the automaton, within the timeout."""
    out = []
    for k in (8, 12, 13, 14, 16, 24):
        xs = "X " * k
        for name, f in ((f"F_a_then_X{k}_b", f"F(a & {xs}b)"), (f"G_a_implies_X{k}_b", f"G(a -> {xs}b)")):
            trace = [{"a"}] + [set()] * (k - 1) + [{"b"}]
            out.append(ltlf(f"explosion_{name}", [f, "--trace", L.trace_text(trace)],
                            expect="either", tokens=[("10000", "10,000", "states")],
                            oracle=trace_oracle(f, trace), timeout=120))
    return out


def text_cases():
    out = []
    for name, text, tokens in TEXTS:
        expect = "either" if name == "tab_newline" else "refuse"
        out.append(ltlf(f"text_{name}", [text], expect=expect, tokens=tokens,
                        forbid=["\x1b"]))
    return out


ATOMS = [
    ("same", "a,b", "accept", []),
    ("extra_orphans", "a,b,c,d", "accept", []),
    ("missing", "a", "refuse", ["b"]),
    ("duplicate", "a,a,b", "either", ["a"]),
    ("empty_item", "a,,b", "refuse", [("atom", "empty", "''")]),
    ("upper", "a,B", "refuse", ["B"]),
    ("unicode", "a,b,\u00e4", "refuse", ["\u00e4"]),
    ("keyword_true", "a,b,true", "refuse", ["true"]),
    ("thirteen", ",".join(["a", "b"] + [f"c{i}" for i in range(11)]), "refuse", ["12"]),
    ("thirty_three", ",".join(["a", "b"] + [f"c{i}" for i in range(31)]), "refuse", ["12"]),
    ("spaces", "a, b", "either", ["b"]),
    ("empty", "", "either", [("atoms", "alphabet")]),
]


def atoms_cases():
    out = []
    f = "G(a -> X b)"
    for name, atoms, expect, tokens in ATOMS:
        alphabet = [a for a in atoms.split(",")]
        oracle = automaton_oracle(f, max_length=3, atoms=alphabet) if expect == "accept" else None
        out.append(ltlf(f"atoms_{name}", [f, "--json", "--atoms", atoms], expect=expect,
                        tokens=tokens, oracle=oracle))
    return out


TRACE_FORMULAS = ["G(a -> F b)", "a U b", "F G a", "G F a", "X X a", "WX false", "last",
                  "a R b", "!F a", "G(a <-> X b)", "F(a & last)", "b R (a | last)"]
TRACES = [
    ("empty", ""), ("dash", "-"), ("two_dashes", "-;-"), ("semicolon_only", ";"),
    ("double_semicolon", "a;;a"), ("trailing_semicolon", "a;b;"), ("spaces", " a , b ; b "),
    ("comma_only", ","), ("double_comma", "a,,b"),
]
BAD_TRACES = [
    ("unknown_atom", "a; zz; b", ["zz"]), ("upper", "A", ["A"]), ("unicode", "\u00e4", ["\u00e4"]),
    ("keyword", "true", ["true"]), ("number", "1", ["1"]), ("newline_separated", "a\nb", ["trace"]),
    ("dash_with_atom", "-,a", ["-"]),
]


def parse_trace_text(text, atoms):
    """What a trace text means, as railyard documents it (None when it is malformed)."""
    if not text.strip():
        return []
    steps = []
    for step in text.split(";"):
        step = step.strip()
        if step == "-":
            steps.append(set())
            continue
        names = [n.strip() for n in step.split(",")]
        if any(n not in atoms for n in names):
            return None
        steps.append(set(names))
    return steps


def trace_cases():
    out = []
    for f in TRACE_FORMULAS[:3]:
        atoms = L.parse(f)[1]
        for name, text in TRACES:
            trace = parse_trace_text(text, atoms + ["a", "b"])
            label = f"trace_{safe(f)}_{name}"
            if trace is None:
                out.append(ltlf(label, [f, "--atoms", "a,b", "--trace", text],
                                tokens=[("step", "atom", "trace")]))
            else:
                out.append(ltlf(label, [f, "--atoms", "a,b", "--trace", text], expect="accept",
                                oracle=trace_oracle(f, trace)))
    for name, text, tokens in BAD_TRACES:
        out.append(ltlf(f"trace_bad_{name}", ["G(a -> F b)", "--trace", text], tokens=tokens,
                        forbid=["\x1b"]))
    # long traces on the command line (each argument stays under Linux's 128 KiB)
    for f in TRACE_FORMULAS:
        rng = L.rng_for("long:" + f)
        trace = L.random_trace(rng, ["a", "b"], 20000, density=0.3)
        out.append(ltlf(f"long_trace_20000_{safe(f)}", [f, "--atoms", "a,b", "--trace",
                                                        L.trace_text(trace)],
                        expect="accept", oracle=trace_oracle(f, trace), timeout=120))
    return out


class LongTrace:
    """A million steps (a, -, a, a, -, ...), made when a setup or an oracle needs them."""
    N = 1_000_000

    def steps(self):
        return [{"a"} if i % 3 else set() for i in range(self.N)]

    def text(self):
        return L.trace_text(self.steps())


def lazy_trace_oracle(formula, long_trace):
    def check(result):
        return trace_oracle(formula, long_trace.steps())(result)
    return check


def trace_file_cases(ctx):
    """Long traces from a file or standard input, when the command offers one."""
    help_text = ctx.help_text("ltlf")
    out = []
    long_trace = LongTrace()
    f = "G(a -> F b) | F G !b"
    file_flag = None
    for flag in ("--trace-file", "--traces"):
        if flag in help_text:
            file_flag = flag
    if file_flag:
        out.append(Case(name=f"trace_file_1e6{file_flag}", surface="ltlf",
                        setup=[("fn", lambda s, c: open(os.path.join(s, "trace.txt"), "w").write(
                            long_trace.text()))],
                        argv=["ltlf", f, "--atoms", "a,b", file_flag, "trace.txt"],
                        expect="accept", oracle=lazy_trace_oracle(f, long_trace), timeout=120))
        out.append(Case(name=f"trace_file_missing{file_flag}", surface="ltlf",
                        argv=["ltlf", f, file_flag, "nope.txt"], tokens=["nope.txt"]))
        out.append(Case(name=f"trace_file_folder{file_flag}", surface="ltlf",
                        setup=[("mkdir", "adir")], argv=["ltlf", f, file_flag, "adir"],
                        tokens=["adir"], forbid=["not found", "does not exist", "no such"]))
        out.append(Case(name=f"trace_file_dev_zero{file_flag}", surface="ltlf",
                        argv=["ltlf", f, file_flag, "/dev/zero"], tokens=["/dev/zero"],
                        timeout=120))
    # @FILE and '-' (standard input) as --trace values: a trace or a clear refusal
    short = [{"a"}, set(), {"b"}]
    out.append(Case(name="trace_at_file", surface="ltlf",
                    setup=[("write", "trace.txt", L.trace_text(short))],
                    argv=["ltlf", f, "--atoms", "a,b", "--trace", "@trace.txt"],
                    expect="either", tokens=[("@trace.txt", "trace")],
                    oracle=trace_oracle(f, short)))
    # '-' as --trace is one step with no atom (documented); as --trace-file, standard input
    out.append(Case(name="trace_dash_is_one_empty_step", surface="ltlf",
                    stdin=L.trace_text(short).encode(),
                    argv=["ltlf", f, "--atoms", "a,b", "--trace", "-"], expect="accept",
                    oracle=trace_oracle(f, [set()])))
    if file_flag == "--trace-file":
        out.append(Case(name="trace_file_stdin", surface="ltlf", stdin=L.trace_text(short).encode(),
                        argv=["ltlf", f, "--atoms", "a,b", "--trace-file", "-"], expect="accept",
                        oracle=trace_oracle(f, short)))
        out.append(Case(name="trace_file_stdin_1e6", surface="ltlf",
                        setup=[("fn", lambda s, c: open(os.path.join(s, "trace.txt"), "w").write(
                            long_trace.text()))], stdin_file="trace.txt",
                        argv=["ltlf", f, "--atoms", "a,b", "--trace-file", "-"], expect="accept",
                        oracle=lazy_trace_oracle(f, long_trace), timeout=120))
        out.append(Case(name="trace_file_stdin_dev_zero", surface="ltlf", stdin_file="/dev/zero",
                        argv=["ltlf", f, "--atoms", "a,b", "--trace-file", "-"],
                        tokens=[("trace", "standard input", "stdin")], timeout=120))
        out.append(Case(name="trace_file_stdin_dev_urandom", surface="ltlf",
                        stdin_file="/dev/urandom",
                        argv=["ltlf", f, "--atoms", "a,b", "--trace-file", "-"],
                        tokens=[("trace", "standard input", "stdin")], timeout=120))
        out.append(Case(name="trace_file_and_trace", surface="ltlf",
                        setup=[("write", "trace.txt", "a")],
                        argv=["ltlf", f, "--trace", "a", "--trace-file", "trace.txt"],
                        tokens=[("--trace", "trace-file")]))
        out.append(Case(name="trace_file_fifo", surface="ltlf", setup=[("fifo", "fifo")],
                        argv=["ltlf", f, "--trace-file", "fifo"], tokens=["fifo"], timeout=120))
        out.append(Case(name="trace_file_lines", surface="ltlf",
                        setup=[("write", "trace.txt", "a;\n-;\nb\n")],
                        argv=["ltlf", f, "--atoms", "a,b", "--trace-file", "trace.txt"],
                        expect="accept", oracle=trace_oracle(f, short)))
        out.append(Case(name="trace_file_binary", surface="ltlf",
                        setup=[("write", "trace.txt", bytes(range(256)))],
                        argv=["ltlf", f, "--trace-file", "trace.txt"], tokens=["trace.txt"]))
    return out


def random_cases():
    out = []
    rng = L.rng_for("random formulas")
    atoms = ["a", "b", "c"]
    for k in range(40):
        f = L.random_formula(rng, atoms, rng.randint(1, 6))
        trace = L.random_trace(rng, atoms, rng.randint(0, 7))
        out.append(ltlf(f"random_{k:02d}_trace", [f, "--atoms", "a,b,c", "--trace",
                                                  L.trace_text(trace) if trace else ""],
                        expect="accept", oracle=trace_oracle(f, trace)))
    for k in range(12):
        f = L.random_bare_formula(rng, atoms, rng.randint(2, 5))
        out.append(ltlf(f"random_{k:02d}_precedence_json", [f, "--json", "--atoms", "a,b,c"],
                        expect="accept", oracle=automaton_oracle(f, max_length=3)))
    for k in range(10):
        f = L.random_formula(rng, atoms, rng.randint(3, 8))
        out.append(ltlf(f"random_{k:02d}_json", [f, "--json", "--atoms", "a,b,c"],
                        expect="accept", oracle=automaton_oracle(f, max_length=3)))
    return out


def cases(ctx):
    out = []
    out += nesting_cases()
    out += length_cases()
    out += atom_count_cases()
    out += explosion_cases()
    out += text_cases()
    out += atoms_cases()
    out += trace_cases()
    out += trace_file_cases(ctx)
    out += random_cases()
    return out
