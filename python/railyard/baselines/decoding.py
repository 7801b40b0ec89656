"""The neuro-symbolic baseline's symbols: the records' (Michalski) vocabulary, the car reader's
per-attribute probabilities decoded into cars (the most probable car under the visual
constraints, or cars drawn from them), trains written as V-LoL's description lines, and their
labels by a rule evaluated by railyard's Prolog engine."""
import torch

from ..symbolic import TrainSet

# The records' (Michalski) vocabularies, V-LoL's; load_shape `none` only with load_count 0.
VOCABULARY = {
    "shape": ["rectangle", "bucket", "ellipse", "hexagon", "u_shaped"],
    "length": ["short", "long"],
    "wall": ["not_double", "double"],
    "roof": ["none", "arc", "flat", "jagged", "peaked"],
    "axles": [2, 3],
    "load_shape": ["none", "rectangle", "triangle", "circle", "diamond", "hexagon", "utriangle"],
    "load_count": [0, 1, 2, 3],
}
ATTRIBUTES = list(VOCABULARY)


def _valid_joint(probabilities):
    """K x 2 x 2 x 4 probabilities of (length, axles, load count) that the visual constraints
    allow (a short car: 2 axles, at most 2 loads), renormalised."""
    joint = (probabilities["length"][:, :, None, None] * probabilities["axles"][:, None, :, None]
             * probabilities["load_count"][:, None, None, :])
    allowed = torch.ones(2, 2, 4)
    allowed[0, 1, :] = 0   # short with 3 axles
    allowed[0, :, 3] = 0   # short with 3 loads
    joint = joint * allowed
    return joint / joint.flatten(1).sum(1).clamp(min=1e-12)[:, None, None, None]


def most_probable_cars(probabilities):
    """The most probable car under the constraints, per row: [{attribute: value}]."""
    joint = _valid_joint(probabilities).flatten(1).argmax(1)
    cars = []
    for k in range(len(joint)):
        length, rest = divmod(int(joint[k]), 8)
        axles, count = divmod(rest, 4)
        car = {"shape": VOCABULARY["shape"][int(probabilities["shape"][k].argmax())],
               "length": VOCABULARY["length"][length], "axles": VOCABULARY["axles"][axles],
               "wall": VOCABULARY["wall"][int(probabilities["wall"][k].argmax())],
               "roof": VOCABULARY["roof"][int(probabilities["roof"][k].argmax())],
               "load_count": count,
               "load_shape": "none" if count == 0 else
               VOCABULARY["load_shape"][1 + int(probabilities["load_shape"][k, 1:].argmax())]}
        cars.append(car)
    return cars


def sampled_cars(probabilities, samples, generator):
    """`samples` draws of every car (rows) from its probabilities under the constraints:
    [draw][row] -> {attribute: value}."""
    rows = len(probabilities["shape"])
    joint = _valid_joint(probabilities).flatten(1)
    draws = {"joint": torch.multinomial(joint, samples, True, generator=generator)}
    for name in ("shape", "wall", "roof"):
        draws[name] = torch.multinomial(probabilities[name], samples, True, generator=generator)
    loaded = probabilities["load_shape"][:, 1:] + 1e-12
    draws["load_shape"] = 1 + torch.multinomial(loaded, samples, True, generator=generator)
    out = []
    for s in range(samples):
        cars = []
        for k in range(rows):
            length, rest = divmod(int(draws["joint"][k, s]), 8)
            axles, count = divmod(rest, 4)
            cars.append({"shape": VOCABULARY["shape"][int(draws["shape"][k, s])],
                         "length": VOCABULARY["length"][length],
                         "wall": VOCABULARY["wall"][int(draws["wall"][k, s])],
                         "roof": VOCABULARY["roof"][int(draws["roof"][k, s])],
                         "axles": VOCABULARY["axles"][axles], "load_count": count,
                         "load_shape": "none" if count == 0 else
                         VOCABULARY["load_shape"][int(draws["load_shape"][k, s])]})
        out.append(cars)
    return out


def description(cars, label="west", angle=0):
    """V-LoL's description line of a train (cars in position order)."""
    parts = [label, str(angle)]
    for position, car in enumerate(cars, 1):
        parts += [str(position), car["shape"], car["length"], car["wall"], car["roof"],
                  str(car["axles"]), car["load_shape"], str(car["load_count"])]
    return " ".join(parts)


def rule_labels(rule, lines):
    """1 (east) or 0 per description line, by the rule."""
    if not lines:
        return []
    return [int(v) for v in rule.label(TrainSet.from_descriptions(lines)).labels]


def labelled(perceived, rule):
    """[{"index", "label", "probability"}]: the label the rule gives the most probable train,
    the probability of east the share of the drawn trains it labels east."""
    labels = rule_labels(rule, [description(p["cars"]) for p in perceived])
    east = rule_labels(rule, [description(cars) for p in perceived for cars in p["draws"]])
    rows, start = [], 0
    for p, label in zip(perceived, labels):
        drawn = east[start:start + len(p["draws"])]
        start += len(p["draws"])
        rows.append({"index": p["index"], "label": "east" if label else "west",
                     "probability": round(sum(drawn) / len(drawn), 6) if drawn else
                     float(label)})
    return rows
