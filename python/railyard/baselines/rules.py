"""A small rule learner over symbolic trains (the neuro-symbolic baseline's stand-in for Aleph,
which this machine lacks): greedy sequential covering over a fixed, documented clause language,
written as a Prolog rule that railyard's engine runs (railyard.Rule(text=...)).

    rule_text, report = learn_rule(descriptions, labels)    # description lines, 1 = east

The language: a clause is one of
  * one car with one or two properties:       eastbound(T) :- has_car(T, C), P(C), Q(C).
  * a car with P somewhere in front of a car with Q (any later position), or directly in
    front of it (infront/3):
        eastbound(T) :- has_car(T, C1, N1), P(C1), has_car(T, C2, N2), N1 < N2, Q(C2).
        eastbound(T) :- infront(T, C1, C2), P(C1), Q(C2).
with P, Q among 27 car properties: the five shapes, short/long, double/solid_wall, the five
roofs (has_roof0) and closed (a roof), 2 or 3 axles (has_wheel0), the six load shapes
(has_load0) and load counts 0..3 (load_num). The learner adds, one at a time, the clause that
covers the most east trains not yet covered minus the west trains it covers, until no clause
gains at least `min_gain` trains or `max_clauses` are chosen; ties go to the shorter clause, then
to the earlier one in the order above. The rule is the disjunction of the chosen clauses.
Theory X is expressible in it (short and closed; a triangle load in front of a circle load); the
numerical and complex rules are not."""
import numpy as np

# (Prolog literal on a variable, test of a car dict of the description line's values)
PROPERTIES = (
    [(f"{shape}({{c}})", ("shape", shape))
     for shape in ("rectangle", "bucket", "ellipse", "hexagon", "u_shaped")]
    + [("short({c})", ("length", "short")), ("long({c})", ("length", "long")),
       ("double({c})", ("wall", "double")), ("solid_wall({c})", ("wall", "not_double"))]
    + [(f"has_roof0({{c}}, {roof})", ("roof", roof))
       for roof in ("none", "arc", "flat", "jagged", "peaked")]
    + [("closed({c})", ("roof", "!none"))]
    + [(f"has_wheel0({{c}}, {axles})", ("axles", str(axles))) for axles in (2, 3)]
    + [(f"has_load0({{c}}, {shape})", ("load_shape", shape))
       for shape in ("rectangle", "triangle", "circle", "diamond", "hexagon", "utriangle")]
    + [(f"load_num({{c}}, {count})", ("load_count", str(count))) for count in range(4)])

FIELDS = ("shape", "length", "wall", "roof", "axles", "load_shape", "load_count")


def car_properties(line):
    """A description line's cars as a (cars x properties) boolean array."""
    words = line.split()[2:]
    rows = []
    for first in range(0, len(words), 8):
        car = dict(zip(FIELDS, words[first + 1:first + 8]))
        rows.append([car[field] != value[1:] if value.startswith("!") else car[field] == value
                     for _, (field, value) in PROPERTIES])
    return np.array(rows, dtype=bool).reshape(-1, len(PROPERTIES))


def clause_coverage(lines):
    """(clauses, coverage): every clause of the language as (kind, p, q) and a boolean
    (trains x clauses) array of the trains each clause makes east."""
    longest = max(1, max(len(line.split()[2:]) // 8 for line in lines))
    count = len(PROPERTIES)
    table = np.zeros((len(lines), longest, count), dtype=bool)
    for k, line in enumerate(lines):
        cars = car_properties(line)
        table[k, :len(cars)] = cars
    clauses, columns = [], []
    for p in range(count):  # one car, one property or two
        for q in range(p, count):
            clauses.append(("car", p, q))
            columns.append((table[:, :, p] & table[:, :, q]).any(1))
    before = np.zeros_like(table)  # some car in front of position b has the property
    for b in range(1, longest):
        before[:, b] = before[:, b - 1] | table[:, b - 1]
    behind = (before[:, :, :, None] & table[:, :, None, :]).any(1)
    adjacent = (table[:, :-1, :, None] & table[:, 1:, None, :]).any(1) if longest > 1 else \
        np.zeros((len(lines), count, count), dtype=bool)
    for kind, cover in (("behind", behind), ("infront", adjacent)):
        for p in range(count):
            for q in range(count):
                clauses.append((kind, p, q))
                columns.append(cover[:, p, q])
    return clauses, np.stack(columns, 1)


def clause_text(clause):
    kind, p, q = clause
    first, second = PROPERTIES[p][0], PROPERTIES[q][0]
    if kind == "car":
        body = [first.format(c="C")] + ([second.format(c="C")] if q != p else [])
        return "eastbound(T) :- has_car(T, C), " + ", ".join(body) + "."
    if kind == "behind":
        return (f"eastbound(T) :- has_car(T, C1, N1), {first.format(c='C1')}, "
                f"has_car(T, C2, N2), N1 < N2, {second.format(c='C2')}.")
    return (f"eastbound(T) :- infront(T, C1, C2), {first.format(c='C1')}, "
            f"{second.format(c='C2')}.")


def learn_rule(lines, labels, max_clauses=4, min_gain=None):
    """(Prolog text, report) of the rule learned from description lines and their labels (1
    east). The report: the clauses with the trains each covered when chosen, and the rule's
    accuracy on the lines it was learned from."""
    labels = np.asarray(labels, dtype=bool)
    if min_gain is None:
        min_gain = max(2, round(0.01 * len(lines)))
    clauses, coverage = clause_coverage(lines)
    length = np.array([1 if (kind == "car" and p == q) else 2 for kind, p, q in clauses])
    uncovered = labels.copy()
    chosen, report = [], []
    predicted = np.zeros(len(lines), dtype=bool)
    for _ in range(max_clauses):
        gain = (coverage & uncovered[:, None]).sum(0) - (coverage & ~labels[:, None]).sum(0)
        best = max(range(len(clauses)), key=lambda c: (gain[c], -length[c], -c))
        if gain[best] < min_gain:
            break
        chosen.append(best)
        report.append({"clause": clause_text(clauses[best]),
                       "east_covered": int((coverage[:, best] & uncovered).sum()),
                       "west_covered": int((coverage[:, best] & ~labels).sum())})
        uncovered &= ~coverage[:, best]
        predicted |= coverage[:, best]
    if not chosen:  # nothing gains: the majority class as a rule
        text = "eastbound(_) :- true." if labels.mean() >= 0.5 else "eastbound(_) :- fail."
        return text, {"clauses": [], "train_accuracy": float(max(labels.mean(),
                                                                   1 - labels.mean()))}
    text = "\n".join(clause_text(clauses[c]) for c in chosen)
    return text, {"clauses": report,
                  "train_accuracy": round(float((predicted == labels).mean()), 4)}
