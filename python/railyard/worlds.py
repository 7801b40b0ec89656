"""Rule worlds, GraphLog's families of rules in railyard's terms (`railyard worlds`).

    ws = railyard.worlds("configs/worlds/small.yaml")                # build; nothing written
    ws = railyard.worlds("configs/worlds/small.yaml", output="worlds/small", pool=12,
                         window=4, concepts__share=[0.02, 0.2])       # and write the folder
    ws = railyard.worlds("worlds/small")                             # a folder already written
    world = ws[0]                  # ws["small_0"] too; ws.split("test") lists the test worlds
    world.rule.label(trains)       # a railyard.Rule: label, intervene, counterfactuals
    world.concepts                 # each concept's clause, kinds, complexity and shares
    ws.similarity, ws.distance     # shared concepts and semantic distance, world by world

Overrides are the spec's keys, a double underscore for a section's dot (`worlds__share`,
`dataset__count`); values are written as JSON, which the spec's schema checks as it checks the
file. A spec that cannot be met raises WorldsError's message as an InputError (a ValueError)
with the rejection counts; nothing is written then.
"""
import json
import os

import numpy as np

from . import _native
from ._checks import existing_file, path_argument
from .symbolic import Rule


class World:
    """One world: id, index, split ("train", "val", "test"), concepts (dicts), share, interval,
    text (its rule file) and rule (a railyard.Rule of that text, made on first use)."""

    def __init__(self, record, concepts, text):
        self.id = record["id"]
        self.index = record["index"]
        self.split = record["split"]
        self.file = record["file"]
        self.share = record["share"]
        self.interval = tuple(record["interval"])
        self.complexity = record["complexity"]
        self.concepts = [concepts[c] for c in record["concepts"]]
        self.text = text
        self.path = None  # its rule file, when read from a folder: errors then name it
        self._rule = None

    @property
    def rule(self):
        if self._rule is None:
            self._rule = Rule(self.path) if self.path else Rule(text=self.text)
        return self._rule

    def __repr__(self):
        return (f"World({self.id!r}, split={self.split!r}, {len(self.concepts)} concepts, "
                f"share={self.share:.3f})")


class Worlds:
    """The worlds in sliding order, with the family's spec, concepts, similarity (shared
    concepts) and distance (share of probe trains labelled differently) matrices as numpy
    arrays, held-out concept pairs and the checks' rejection counts."""

    def __init__(self, data, texts):
        self.spec = data["spec"]
        self.concepts = data["concepts"]
        by_id = {c["id"]: c for c in self.concepts}
        self._worlds = [World(w, by_id, t) for w, t in zip(data["worlds"], texts)]
        self.similarity = np.array(data["similarity"], dtype=np.int64)
        self.distance = np.array(data["distance"], dtype=np.float64)
        self.heldout_pairs = [tuple(p) for p in data["heldout_pairs"]]
        self.rejections = data["rejections"]
        self.candidates = data["candidates"]

    def __len__(self):
        return len(self._worlds)

    def __iter__(self):
        return iter(self._worlds)

    def __getitem__(self, key):
        if isinstance(key, str):
            for world in self._worlds:
                if world.id == key:
                    return world
            raise KeyError(f"no world {key!r}; worlds are {self._worlds[0].id}.."
                           f"{self._worlds[-1].id}")
        return self._worlds[key]

    def split(self, name):
        """The worlds of one split, in sliding order."""
        if name not in ("train", "val", "test"):
            raise ValueError(f"split must be train, val or test, got {name!r}")
        return [w for w in self._worlds if w.split == name]


def _assignments(overrides):
    out = []
    for key, value in overrides.items():
        try:
            text = json.dumps(value, allow_nan=False)
        except (TypeError, ValueError):
            raise TypeError(f"worlds: {key}={value!r} is not a number, string, bool, list or "
                            "dict") from None
        out.append(f"{key.replace('__', '.')}={text}")
    return out


def _read_folder(source):
    """A folder `railyard worlds` wrote: worlds.json through railyard's checked reader (a
    DatasetError names the file and the key at fault) and each world's rule file."""
    index = os.path.join(source, "worlds.json")
    try:
        existing_file(index, "worlds index")
    except FileNotFoundError:
        raise FileNotFoundError(f"{source!r} has no worlds.json: not a folder made by "
                                "`railyard worlds`") from None
    data = _native.read_worlds(index)
    paths = [os.path.normpath(os.path.join(source, w["file"])) for w in data["worlds"]]
    texts = []
    for path in paths:
        with open(existing_file(path, "world rule file"), encoding="utf-8",
                  errors="replace") as f:
            texts.append(f.read())
    worlds = Worlds(data, texts)
    for world, path in zip(worlds, paths):
        world.path = path
    return worlds


def worlds(source, output=None, **overrides):
    """Builds the worlds of a spec file (writing the folder too when `output` is given), or
    reads a folder `railyard worlds` wrote (then no output or overrides)."""
    source = path_argument(source, "worlds spec or folder", "worlds")
    if os.path.isdir(source):
        if output is not None or overrides:
            raise ValueError("worlds: a folder is read as it is; output= and overrides are for "
                             "a spec file")
        return _read_folder(source)
    existing_file(source, "worlds spec")
    out = "" if output is None else path_argument(output, "output folder", "worlds")
    return Worlds(*_native.build_worlds(source, _assignments(overrides), out))
