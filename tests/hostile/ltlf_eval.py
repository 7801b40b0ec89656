"""An LTLf parser and evaluator of the harness's own, written from the documented grammar and
semantics (logic/ltlf/formula.h, README's sequences section), independent of railyard's code:
the oracle for `railyard ltlf --trace`, railyard.Formula.holds and automata printed as JSON.

Grammar (flloat's): atoms [a-z][a-z0-9_]* other than true, false, last; unary ! X WX F G; binary
& | -> (right associative) <-> (a <-> b <-> c: all equal) U R (right associative). Precedence,
lowest first: <->, ->, |, &, U, R, unary.

Semantics on a nonempty trace of n steps, at position i: X p iff i+1 < n and p at i+1; WX p iff
i+1 = n or p at i+1; last iff i+1 = n; p U q iff q at some j >= i and p at every k in [i, j);
p R q iff !(!p U !q); F p = true U p; G p = false R p. On the empty trace atoms, X, F, U, last
and false are false; G, WX, R and true are true; ! & | -> <-> as usual.

Truth is computed backwards over the trace, one pass per subformula: linear in the trace.
"""
import random


class ParseError(Exception):
    pass


def tokenize(text):
    tokens, i = [], 0
    while i < len(text):
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif "a" <= c <= "z":
            j = i
            while j < len(text) and (text[j].islower() and text[j].isascii() or
                                     text[j].isdigit() and text[j].isascii() or text[j] == "_"):
                j += 1
            tokens.append(("word", text[i:j]))
            i = j
        elif text.startswith("WX", i):
            tokens.append(("op", "WX"))
            i += 2
        elif text.startswith("<->", i):
            tokens.append(("op", "<->"))
            i += 3
        elif text.startswith("->", i):
            tokens.append(("op", "->"))
            i += 2
        elif c in "()!&|XFGUR":
            tokens.append(("op", c))
            i += 1
        else:
            raise ParseError(f"unexpected {c!r} at {i}")
    return tokens


class Parser:
    def __init__(self, text):
        self.tokens = tokenize(text)
        self.at = 0
        self.atoms = []

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def take(self, value):
        if self.peek() == ("op", value):
            self.at += 1
            return True
        return False

    def parse(self):
        node = self.equivalence()
        if self.at != len(self.tokens):
            raise ParseError(f"trailing {self.peek()}")
        return node

    def equivalence(self):
        left = self.implication()
        parts = [left]
        while self.take("<->"):
            parts.append(self.implication())
        if len(parts) == 1:
            return left
        node = None
        for a, b in zip(parts, parts[1:]):
            pair = ("<->", a, b)
            node = pair if node is None else ("&", node, pair)
        return node

    def implication(self):
        left = self.disjunction()
        if self.take("->"):
            return ("->", left, self.implication())
        return left

    def disjunction(self):
        left = self.conjunction()
        while self.take("|"):
            left = ("|", left, self.conjunction())
        return left

    def conjunction(self):
        left = self.until()
        while self.take("&"):
            left = ("&", left, self.until())
        return left

    def until(self):
        left = self.release()
        if self.take("U"):
            return ("U", left, self.until())
        return left

    def release(self):
        left = self.unary()
        if self.take("R"):
            return ("R", left, self.release())
        return left

    def unary(self):
        for op in ("!", "X", "WX", "F", "G"):
            if self.take(op):
                return (op, self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.peek()
        if kind == "word":
            self.at += 1
            if value in ("true", "false", "last"):
                return (value,)
            if value not in self.atoms:
                self.atoms.append(value)
            return ("atom", value)
        if self.take("("):
            node = self.equivalence()
            if not self.take(")"):
                raise ParseError("expected )")
            return node
        raise ParseError(f"unexpected {self.peek()}")


def parse(text):
    """(tree, atoms in order of first appearance)."""
    p = Parser(text)
    tree = p.parse()
    return tree, p.atoms


def on_empty(node):
    op = node[0]
    if op in ("true", "WX", "G", "R"):
        return True
    if op == "!":
        return not on_empty(node[1])
    if op == "&":
        return on_empty(node[1]) and on_empty(node[2])
    if op == "|":
        return on_empty(node[1]) or on_empty(node[2])
    if op == "->":
        return (not on_empty(node[1])) or on_empty(node[2])
    if op == "<->":
        return on_empty(node[1]) == on_empty(node[2])
    return False  # false, last, atoms, X, F, U


def truth(node, trace):
    """The list of truth values of `node` at every position of a nonempty trace; a trace is a
    list of sets of atom names true at each step."""
    n = len(trace)
    op = node[0]
    if op == "true":
        return [True] * n
    if op == "false":
        return [False] * n
    if op == "last":
        return [i == n - 1 for i in range(n)]
    if op == "atom":
        name = node[1]
        return [name in step for step in trace]
    if op == "!":
        return [not v for v in truth(node[1], trace)]
    if op in ("X", "WX"):
        a = truth(node[1], trace)
        end = op == "WX"
        return [a[i + 1] if i + 1 < n else end for i in range(n)]
    if op == "F":
        a = truth(node[1], trace)
        out, seen = [False] * n, False
        for i in range(n - 1, -1, -1):
            seen = seen or a[i]
            out[i] = seen
        return out
    if op == "G":
        a = truth(node[1], trace)
        out, ok = [False] * n, True
        for i in range(n - 1, -1, -1):
            ok = ok and a[i]
            out[i] = ok
        return out
    if op in ("&", "|", "->", "<->"):
        a, b = truth(node[1], trace), truth(node[2], trace)
        if op == "&":
            return [x and y for x, y in zip(a, b)]
        if op == "|":
            return [x or y for x, y in zip(a, b)]
        if op == "->":
            return [(not x) or y for x, y in zip(a, b)]
        return [x == y for x, y in zip(a, b)]
    if op == "U":  # q now, or p now and (p U q) next
        p, q = truth(node[1], trace), truth(node[2], trace)
        out, nxt = [False] * n, False
        for i in range(n - 1, -1, -1):
            nxt = q[i] or (p[i] and nxt)
            out[i] = nxt
        return out
    if op == "R":  # q now, and (p now or (p R q) next); true past the end
        p, q = truth(node[1], trace), truth(node[2], trace)
        out, nxt = [False] * n, True
        for i in range(n - 1, -1, -1):
            nxt = q[i] and (p[i] or nxt)
            out[i] = nxt
        return out
    raise ValueError(op)


def holds(text_or_tree, trace):
    """Whether the trace (a list of sets of true atoms) satisfies the formula."""
    tree = parse(text_or_tree)[0] if isinstance(text_or_tree, str) else text_or_tree
    if not trace:
        return on_empty(tree)
    return truth(tree, trace)[0]


def depth(text):
    """(deepest parenthesis nesting, the tree's height in operators) of a formula's text, each
    counting the innermost atom as a level of its own (so `!a` and `(a)` are 2 levels deep)."""
    deepest = level = 0
    for c in text:
        if c == "(":
            level += 1
            deepest = max(deepest, level)
        elif c == ")":
            level -= 1

    def height(node):
        kids = [k for k in node[1:] if isinstance(k, tuple)]
        return 1 + max((height(k) for k in kids), default=-1) if kids else 0
    try:
        import sys
        sys.setrecursionlimit(100000)
        h = height(parse(text)[0])
    except Exception:
        h = 0
    return deepest + 1, h + 1


# ---------------------------------------------------------------------------------------------
# Deterministic random formulas and traces (fixed seeds: the same cases every run)

UNARY = ["!", "X", "WX", "F", "G"]
BINARY = ["&", "|", "->", "<->", "U", "R"]


def random_formula(rng, atoms, size):
    """A fully parenthesised formula text of about `size` operators."""
    if size <= 0:
        r = rng.random()
        if r < 0.06:
            return rng.choice(["true", "false", "last"])
        return rng.choice(atoms)
    if rng.random() < 0.4:
        op = rng.choice(UNARY)
        return f"{op}({random_formula(rng, atoms, size - 1)})"
    op = rng.choice(BINARY)
    left = rng.randint(0, size - 1)
    return (f"({random_formula(rng, atoms, left)}) {op} "
            f"({random_formula(rng, atoms, size - 1 - left)})")


def random_bare_formula(rng, atoms, size):
    """A formula with no parentheses at all: precedence and associativity decide."""
    parts = []
    for k in range(size + 1):
        unary = "".join(rng.choice(["!", "X ", "WX ", "F ", "G "]) for _ in range(rng.randint(0, 2)))
        parts.append(unary + rng.choice(atoms))
        if k < size:
            parts.append(rng.choice(BINARY))
    return " ".join(parts)


def random_trace(rng, atoms, length, density=0.5):
    return [{a for a in atoms if rng.random() < density} for _ in range(length)]


def trace_text(trace):
    """railyard's trace text: steps separated by ';', atoms by ',', '-' for none."""
    return "; ".join(",".join(sorted(step)) if step else "-" for step in trace)


def rng_for(name):
    import zlib
    return random.Random(zlib.crc32(name.encode()))
