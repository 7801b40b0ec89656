#!/usr/bin/python3
"""A baseline run's results.json (python -m railyard.baselines) as a row of the README's table
beside V-LoL's Table 4: accuracy on the i.i.d. test, the 7-car set and the three scenes, then
counterfactual consistency on the two pairs sets, each with its 95% Wilson interval, then
V-LoL's i.i.d. figure for the same model and training size, where the paper has one.

    table_row.py RESULTS_JSON
"""
import json
import sys

# V-LoL's Table 4, Theory X in the base scene, ImageNet-initialised, by training images.
VLOL = {"resnet18": {100: "75.2%", 1000: "87.3%", 8000: "99.6%"}}
NAMES = {"cnn": "small CNN", "resnet18": "ResNet18", "neurosymbolic": "neuro-symbolic"}


def cell(figure):
    if figure is None:
        return ""
    value, low, high = (100 * figure[k] for k in ("value", "low", "high"))
    return f"{value:.1f}% [{low:.1f}, {high:.1f}]"


def figure(test, name, group="all"):
    for f in test["figures"]:
        if f["figure"] == name and f["breakdown"] == "all" and f["group"] == group:
            return f
    return None


def main():
    results = json.load(open(sys.argv[1]))
    tests = results["runs"][0]["tests"]
    images = [t for t in tests if not t["name"].endswith("_pairs")]
    pairs = [t for t in tests if t["name"].endswith("_pairs")]
    count = results["train"]["images"]
    cells = [cell(figure(t, "accuracy")) for t in images]
    cells += [cell(figure(t, "consistency")) for t in pairs]
    vlol = VLOL.get(results["model"], {}).get(count, "")
    minutes = f"{results['seconds'] / 60:.1f} min" if "seconds" in results else ""
    print(f"| {NAMES.get(results['model'], results['model'])}, {count:,} | "
          + " | ".join(cells) + f" | {vlol} | {minutes} |")


if __name__ == "__main__":
    main()
