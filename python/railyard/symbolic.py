"""Trains without pictures: sample, read, label, measure rules and intervene, a batch per call.

    trains = railyard.sample_trains(count=10000, rule="theoryx", seed=1)   # balanced
    rule = railyard.Rule("numerical")            # a shipped name, a .pl path ...
    rule = railyard.Rule(text="eastbound(T) :- has_car(T, C), has_roof0(C, flat).")
    rule.label(trains).labels                    # int8 array, 1 = east
    rule.intervene(trains, "swap_loads(1,2)")    # one result per train
    rule.counterfactuals(trains, "flip", max_edits=2)
    railyard.rule_stats(["theoryx", "numerical"], count=100000)

The work runs in C++ on all threads (`threads` config key) without the GIL: Python pays per
call, not per train.
"""
import math
import os
import re
import tempfile

from . import _native
from .config import assignments, config_path


class TrainSet:
    """Labelled trains: len, [i] (the train as JSON, all three vocabularies), labels (int8, 1 =
    east), descriptions() (the description lines), description(i)."""

    def __init__(self, native):
        self._native = native

    @classmethod
    def from_descriptions(cls, lines):
        """From description lines (DescriptionError naming the line)."""
        if isinstance(lines, str):
            lines = [line for line in lines.splitlines() if line.strip()]
        return cls(_native.parse_descriptions(list(lines)))

    @classmethod
    def read(cls, path):
        """From a description file (FileNotFoundError, or DescriptionError naming file:line)."""
        if not os.path.isfile(path):
            raise FileNotFoundError(f"description file {os.fspath(path)!r} does not exist")
        return cls(_native.read_descriptions(os.fspath(path)))

    def __len__(self):
        return len(self._native)

    def __getitem__(self, index):
        return self._native.json(index)

    @property
    def labels(self):
        return self._native.labels

    def description(self, index):
        return self._native.description(index)

    def descriptions(self):
        return self._native.descriptions()


def sample_trains(config=None, balanced=True, **overrides):
    """`count` trains of a dataset config (the same trains `generate` and `sample` make for
    indices 0..count-1), labelled by its rule; balanced 50/50 unless balanced=False."""
    return TrainSet(_native.sample_trains(config_path(config), assignments(overrides), balanced))


class Rule:
    """A rule loaded once: a shipped name ("theoryx"), a .pl path, or Prolog text (`text=`)
    defining eastbound/1 over the background predicates. RuleError names file, line and column
    (for text: '<rule text>:line:column')."""

    def __init__(self, name_or_path=None, text=None, threads=0):
        if (name_or_path is None) == (text is None):
            raise ValueError("Rule: give a rule name or path, or text=, not both")
        if text is None:
            self._native = _native.Rule(os.fspath(name_or_path), threads)
            return
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "rule_text.pl")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            try:
                self._native = _native.Rule(path, threads)
            except _native.RuleError as error:
                raise _native.RuleError(re.sub(re.escape(path), "<rule text>", str(error))) \
                    from None

    @property
    def name(self):
        return self._native.name

    def label(self, trains):
        """A new TrainSet: the same trains with this rule's labels."""
        return TrainSet(self._native.label(trains._native))

    def intervene(self, trains, operations):
        """Applies operations ("swap_loads(1,3); set(2, roof=none)") to every train: per train a
        dict (operations, train, description, base_label, label, flipped, changes) or
        {"refused": reason}. InterventionError names a malformed operation and its column."""
        return self._native.intervene(trains._native, operations)

    def counterfactuals(self, trains, mode="flip", max_edits=1, kinds="", max_candidates=1000000):
        """mode 'flip': per train the smallest edit sequence (up to max_edits) that changes the
        label, or {"refused": reason}; 'preserve': per train the list of single edits that keep
        it. kinds: edit kinds as the intervene command takes them ('' = the search default)."""
        return self._native.counterfactuals(trains._native, mode, max_edits, kinds, max_candidates)


def wilson_interval(east, n, z=1.959963984540054):
    """95% Wilson score interval of a proportion: sound near 0 and 1."""
    p = east / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rule_stats(rules=None, config=None, **overrides):
    """`railyard rule-stats`: per rule (names, paths or Rule objects; default the config's), the
    eastbound share of `count` trains of the config's distribution at the rule's natural odds:
    {name: {"east": k, "count": n, "share": k/n, "interval": (low, high)}}."""
    path, sets = config_path(config), assignments(overrides)
    if rules is None:
        rules = [_native.config_rule(path, sets)]
    elif isinstance(rules, (str, os.PathLike, Rule)):
        rules = [rules]
    stats = {}
    for rule in rules:
        if not isinstance(rule, Rule):
            rule = Rule(rule)
        east, n = rule._native.east_count(path, sets)
        stats[rule.name] = {"east": east, "count": n, "share": east / n,
                            "interval": wilson_interval(east, n)}
    return stats
