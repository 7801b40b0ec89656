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

from . import _native
from ._checks import existing_file, path_argument, position
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
        elif lines is None or not hasattr(lines, "__iter__"):
            raise TypeError("TrainSet.from_descriptions: lines must be a string or a list of "
                            f"description lines, got {type(lines).__name__}")
        lines = list(lines)
        for number, line in enumerate(lines, 1):
            if not isinstance(line, str):
                raise TypeError(f"TrainSet.from_descriptions: line {number} is a "
                                f"{type(line).__name__}, not a string")
        return cls(_native.parse_descriptions(lines))

    @classmethod
    def read(cls, path):
        """From a description file (FileNotFoundError, IsADirectoryError, or DescriptionError
        naming file:line)."""
        path = existing_file(path_argument(path, "description file", "TrainSet.read"),
                             "description file")
        return cls(_native.read_descriptions(path))

    def __len__(self):
        return len(self._native)

    def __getitem__(self, index):
        return self._native.json(position(index, len(self), "trains"))

    @property
    def labels(self):
        return self._native.labels

    def description(self, index):
        return self._native.description(position(index, len(self), "trains"))

    def descriptions(self):
        return self._native.descriptions()


def sample_trains(config=None, balanced=True, **overrides):
    """`count` trains of a dataset config (the same trains `generate` and `sample` make for
    indices 0..count-1), labelled by its rule; balanced 50/50 unless balanced=False."""
    return TrainSet(_native.sample_trains(config_path(config), assignments(overrides), balanced))


class Rule:
    """A rule loaded once: a shipped name ("theoryx"), a .pl path, or Prolog text (`text=`)
    defining eastbound/1 over the background predicates. RuleError names file, line and column;
    a text rule is '<rule text>' in every message ('<rule text>:line:column' when loading,
    '<rule text>: step limit exceeded ...' when labelling runs away) and is named 'rule_text'."""

    def __init__(self, name_or_path=None, text=None, threads=0):
        if name_or_path is None and text is None:
            raise ValueError("Rule: give a rule name or path, or text= (got neither)")
        if name_or_path is not None and text is not None:
            raise ValueError("Rule: give a rule name or path, or text=, not both")
        if text is None:
            name = path_argument(name_or_path, "rule", "Rule")
            if os.path.isdir(name) and ("/" in name or name.endswith(".pl")):
                raise _native.RuleError(f"rule file {name!r} is a folder, not a .pl file")
            self._native = _native.Rule(name, threads)
        elif isinstance(text, str):
            self._native = _native.Rule.from_text(text, threads)
        else:
            raise TypeError(f"Rule: text= must be a string of Prolog, got {type(text).__name__}")

    @property
    def name(self):
        return self._native.name

    def label(self, trains):
        """A new TrainSet: the same trains with this rule's labels."""
        return TrainSet(self._native.label(_batch(trains, "Rule.label")))

    def intervene(self, trains, operations):
        """Applies operations ("swap_loads(1,3); set(2, roof=none)") to every train: per train a
        dict (operations, train, description, base_label, label, flipped, changes) or
        {"refused": reason}. InterventionError names a malformed operation and its column."""
        batch = _batch(trains, "Rule.intervene")
        if not isinstance(operations, str):
            raise TypeError("Rule.intervene: operations must be a string such as "
                            f"'swap_loads(1,3)', got {type(operations).__name__}")
        return self._native.intervene(batch, operations)

    def counterfactuals(self, trains, mode="flip", max_edits=1, kinds="", max_candidates=1000000):
        """mode 'flip': per train the smallest edit sequence (up to max_edits) that changes the
        label, or {"refused": reason}; 'preserve': per train the list of single edits that keep
        it. kinds: edit kinds as the intervene command takes them ('' = the search default)."""
        batch = _batch(trains, "Rule.counterfactuals")
        for name, value in (("mode", mode), ("kinds", kinds)):
            if not isinstance(value, str):
                raise TypeError(f"Rule.counterfactuals: {name} must be a string, got "
                                f"{type(value).__name__}")
        return self._native.counterfactuals(batch, mode, max_edits, kinds, max_candidates)


def _batch(trains, caller):
    """The native batch of a TrainSet; TypeError naming the expected type otherwise."""
    if not isinstance(trains, TrainSet):
        raise TypeError(f"{caller}: trains must be a railyard.TrainSet (from sample_trains, "
                        f"TrainSet.read or TrainSet.from_descriptions), got "
                        f"{type(trains).__name__}")
    return trains._native


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
        if rule is None:
            raise TypeError("rule_stats: a rule in rules is None (give names, paths or Rule "
                            "objects)")
        if not isinstance(rule, Rule):
            rule = Rule(rule)
        east, n = rule._native.east_count(path, sets)
        stats[rule.name] = {"east": east, "count": n, "share": east / n,
                            "interval": wilson_interval(east, n)}
    return stats
