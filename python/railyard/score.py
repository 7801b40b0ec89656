"""Scoring a model's predictions against what railyard made (`railyard score`), from Python.

    result = railyard.score("predictions.jsonl", "output/Trains_theoryx_...")
    result["datasets"][0]["accuracy"]          # {"n", "correct", "value", "low", "high"}
    railyard.score(preds, "output/suite", output="scores/model_a")   # also the score folder
    rows = railyard.score_rows(result)          # pandas.DataFrame(rows), one row per figure

`predictions` is a predictions file (JSON Lines or CSV: index or image name, predicted label,
optional probability of east; tools/lib/score/README.md), a list of files (a suite: one per
variant), or the predictions themselves as a list of dicts ({"index": 3, "label": "east",
"probability": 0.8}), written to a temporary JSON Lines file first. The result is score.json's
object: the same figures, computed by the same code as the command. With `output` the score
folder is written too (score.json, score.md, plots, report.html). `partial=True` scores what
is there and reports the rest as missing (coverage); otherwise predictions that miss, repeat or
name unknown samples raise InputError (a ValueError) naming the file and line.
"""
import json
import math
import os
import re
import tempfile

from . import _native
from ._checks import boolean, fraction, path_argument, whole


def _bad_float(value, where):
    """The place of a NaN or infinity inside a prediction, which JSON cannot hold."""
    if isinstance(value, float) and not math.isfinite(value):
        return where
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, (list, tuple)) else ()
    for key, inner in items:
        found = _bad_float(inner, f"{where}[{key!r}]")
        if found:
            return found
    return None


def _prediction_files(predictions, scratch):
    if predictions is None or not isinstance(predictions, (str, os.PathLike, list, tuple)):
        raise TypeError(f"score: predictions must be a file, a list of files or a list of dicts "
                        f"such as {{'index': 3, 'label': 'east', 'probability': 0.8}}, got "
                        f"{type(predictions).__name__} (predictions=None only with a baseline)")
    if isinstance(predictions, (str, os.PathLike)):
        return [path_argument(predictions, "predictions file", "score")]
    predictions = list(predictions)
    if predictions and all(isinstance(p, (str, os.PathLike)) for p in predictions):
        return [path_argument(p, "predictions file", "score") for p in predictions]
    if not all(isinstance(p, dict) for p in predictions):
        raise TypeError("score: predictions must be a file, a list of files or a list of dicts "
                        "such as {'index': 3, 'label': 'east', 'probability': 0.8}")
    path = os.path.join(scratch, "predictions.jsonl")
    with open(path, "w", encoding="utf-8") as file:
        for k, line in enumerate(predictions):
            bad = _bad_float(line, f"predictions[{k}]")
            if bad:
                raise ValueError(f"score: {bad} is NaN or infinite, which JSON cannot hold")
            try:
                file.write(json.dumps(line) + "\n")
            except TypeError as error:
                raise TypeError(f"score: predictions[{k}]: {error}") from None
    return [path]


def _named_as_given(error, files, predictions):
    """An InputError about the temporary file made from a list of dicts, told of the list: the
    user never wrote that file."""
    if isinstance(predictions, (str, os.PathLike)) or not files or files[0] not in str(error):
        return error
    path = re.escape(files[0])
    message = re.sub(path + r":(\d+)", lambda m: f"predictions[{int(m.group(1)) - 1}]", str(error))
    return type(error)(re.sub(path, "the predictions list", message))


# The options of railyard.score, as the command's flags, with ScoreRequest's defaults.
OPTIONS = {**_native.score_defaults(), "worlds": None}


def score(predictions, target, output=None, partial=False, **options):
    """The figures of `predictions` scored against `target` (a dataset, suite, pairs or sequence
    folder) as a dict (score.json's object, tools/lib/score/README.md). Options, as the command's
    flags: confidence (of every interval, 0.95), misclassified (samples listed per dataset,
    50), worlds (worlds.json of a worlds suite), baseline ("rule" or "majority": score that
    instead; predictions=None)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise TypeError(f"score: unknown option {', '.join(unknown)} (options: "
                        f"{', '.join(OPTIONS)})")
    settings = {**OPTIONS, **options}
    partial = boolean(partial, "partial", "score")
    confidence = fraction(settings["confidence"], "confidence", "score")
    misclassified = whole(settings["misclassified"], "misclassified", "score", 0, 1_000_000)
    if settings["baseline"] not in ("", "rule", "majority"):
        raise ValueError(f"score: baseline must be 'rule' or 'majority', got "
                         f"{settings['baseline']!r}")
    target = path_argument(target, "target folder", "score")
    if not os.path.isdir(target):
        raise FileNotFoundError(f"score: target folder {target!r} does not exist")
    out = "" if output is None else path_argument(output, "output folder", "score")
    worlds = "" if settings["worlds"] is None else \
        path_argument(settings["worlds"], "worlds.json", "score")
    with tempfile.TemporaryDirectory(prefix="railyard-score-") as scratch:
        files = [] if predictions is None and settings["baseline"] else \
            _prediction_files(predictions, scratch)
        try:  # with an output folder, its score.json: the figures and the plots written
            return _native.score(files, target, out, partial, settings["baseline"], confidence,
                                 worlds, misclassified)
        except _native.InputError as error:
            raise _named_as_given(error, files, predictions) from None


def _figure_row(dataset, breakdown, group, figure, values):
    return {"dataset": dataset, "breakdown": breakdown, "group": group, "figure": figure,
            "value": values.get("value"), "low": values.get("low"),
            "high": values.get("high"), "n": values.get("n"), "correct": values.get("correct")}


def _breakdown_rows(dataset, figure, breakdown):
    return [_figure_row(dataset, breakdown.get("by"), str(row["value"]), figure, row["figure"])
            for row in breakdown.get("rows", [])]


def _dataset_rows(dataset):
    name, rows = dataset["name"], []
    for figure in ("accuracy", "balanced_accuracy"):
        if dataset.get(figure):
            rows.append(_figure_row(name, "all", "all", figure, dataset[figure]))
    for split, values in (dataset.get("splits") or {}).items():
        rows.append(_figure_row(name, "split", split, "accuracy", values))
    for breakdown in dataset.get("breakdowns") or []:
        rows += _breakdown_rows(name, "accuracy", breakdown)
    if dataset.get("calibration") and dataset["calibration"].get("ece"):
        rows.append(_figure_row(name, "all", "all", "ece", dataset["calibration"]["ece"]))
    for section, groups in (("confounder", ("agrees", "disagrees")),
                            ("heldout", ("with", "without"))):
        for group in groups if dataset.get(section) else ():
            rows.append(_figure_row(name, section, group, "accuracy", dataset[section][group]))
    return rows


def score_rows(result):
    """One dict per figure of a score (railyard.score's result, or a score.json file's path):
    dataset (the dataset or variant; "pairs", "sequences" for those), breakdown ("all",
    "split", "train_length", "scene", "cars_with:roof=flat", "confounder", ...), group (the
    split, length, ... the figure covers; "all"), figure ("accuracy", "balanced_accuracy",
    "ece", "consistency", ...), value, low, high (its interval), n and correct (None for a
    figure that is not a proportion). pandas.DataFrame(rows) makes the table. A file is read
    through railyard's checked reader (a DatasetError names the key of a fault)."""
    if isinstance(result, (str, os.PathLike)):
        result = _native.read_score(os.fspath(result))
    rows = []
    for dataset in result.get("datasets") or []:
        rows += _dataset_rows(dataset)
    pairs = result.get("pairs")
    if pairs:
        for figure in ("consistency", "base", "intervened"):
            if pairs.get(figure):
                rows.append(_figure_row("pairs", "all", "all" if figure == "consistency"
                                        else figure, "consistency" if figure == "consistency"
                                        else "accuracy", pairs[figure]))
        if pairs.get("by_operation"):
            rows += _breakdown_rows("pairs", "consistency", pairs["by_operation"])
    sequences = result.get("sequences")
    if sequences:
        if sequences.get("sequence_accuracy"):
            rows.append(_figure_row("sequences", "all", "all", "sequence_accuracy",
                                    sequences["sequence_accuracy"]))
        for split, values in (sequences.get("splits") or {}).items():
            rows.append(_figure_row("sequences", "split", split, "sequence_accuracy", values))
        if sequences.get("by_length"):
            rows += _breakdown_rows("sequences", "sequence_accuracy", sequences["by_length"])
        if sequences.get("predicates"):
            rows += _breakdown_rows("sequences", "predicate_accuracy", sequences["predicates"])
    worlds = result.get("worlds")
    if worlds and worlds.get("by_world"):
        rows += _breakdown_rows("worlds", "accuracy", worlds["by_world"])
    return rows
