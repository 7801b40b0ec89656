#!/usr/bin/python3
"""report.html in a real browser: Debian's chromium, headless.

Two pages are opened: the one `railyard score` writes for a small dataset it scores against
predictions with known mistakes and probabilities, and the one render_report_page writes for a
hand-made score.json (fixture_score.json) with every section a single run lacks (pairs with their
pictures, sequences, worlds, confounder, held-out combinations). For each page the test requires:
  - the page's scripts ran to the end (data-report-ready on <html>) and raised no error
    (window.onerror writes them into the DOM: data-report-errors, #js-errors);
  - nothing is loaded from outside the page (every src is a data: URI, no http(s) reference);
  - every Figure of score.json is in the DOM at its path (data-figure) with its value, interval
    and n exactly as the file holds them, and every data-figure of the DOM is one of score.json;
  - the gallery shows the misclassified samples score.json lists (and, for the real run, those
    are exactly the samples the predictions got wrong), each with a thumbnail and mask overlay.
Screenshots (plain, and with the part masks shown: report.html#masks) are saved next to the
pages under --out for a person to look at.
"""
import argparse
import glob
import html.parser
import json
import os
import shutil
import subprocess
import sys


def run(command, **kwargs):
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, check=True, **kwargs)


class Dom(html.parser.HTMLParser):
    """The elements' attributes, in document order (enough for data-* checks)."""

    def __init__(self):
        super().__init__()
        self.elements = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def with_attribute(self, name):
        return [(tag, attrs) for tag, attrs in self.elements if name in attrs]


def chromium(*arguments, profile):
    return run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", f"--user-data-dir={profile}", *arguments],
               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, text=True).stdout


def figures_of(value, path=""):
    """{path: Figure} of every Figure object in score.json (value, low, high and n)."""
    out = {}
    if isinstance(value, dict):
        if all(k in value for k in ("value", "low", "high", "n")) and \
                isinstance(value["value"], (int, float)):
            out[path] = value
        for key, item in value.items():
            out.update(figures_of(item, f"{path}.{key}" if path else key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            out.update(figures_of(item, f"{path}.{k}" if path else str(k)))
    return out


def at_path(score, path):
    value = score
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def check_page(folder, profile, expect_misclassified=None):
    page = os.path.join(folder, "report.html")
    url = "file://" + os.path.abspath(page)
    with open(os.path.join(folder, "score.json"), encoding="utf-8") as file:
        score = json.load(file)
    with open(page, encoding="utf-8") as file:
        text = file.read()
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    check("http://" not in text and "https://" not in text, "the page references the network")
    dom = Dom()
    dom.feed(chromium("--dump-dom", url, profile=profile))
    root = next(attrs for tag, attrs in dom.elements if tag == "html")
    check(root.get("data-report-ready") == "1", "the page's script did not run to its end")
    check("data-report-errors" not in root, f"JavaScript errors: {root.get('data-report-errors')}")
    errors = [attrs for tag, attrs in dom.elements if attrs.get("id") == "js-errors"]
    check(errors and errors[0].get("data-errors") == "0", "#js-errors records errors")
    for tag, attrs in dom.elements:
        if "src" in attrs:
            check(attrs["src"].startswith("data:"), f"<{tag}> loads {attrs['src'][:60]}")

    # Figures: the DOM's against score.json's, both ways, exactly as the file writes them.
    shown = {}
    for _, attrs in dom.with_attribute("data-figure"):
        shown.setdefault(attrs["data-figure"], []).append(attrs)
    expected = figures_of(score)
    check(expected, "score.json has no figures")
    for path, figure in expected.items():
        if path not in shown:
            failures.append(f"figure {path} is not on the page")
            continue
        for attrs in shown[path]:
            for key in ("value", "low", "high", "n", "correct"):
                if key in figure:
                    got = attrs.get("data-" + key)
                    check(got is not None and float(got) == float(figure[key]),
                          f"{path}.{key}: page {got}, score.json {figure[key]}")
    for path, elements in shown.items():
        try:
            value = at_path(score, path)
        except (KeyError, IndexError, ValueError, TypeError):
            failures.append(f"the page shows {path}, which score.json does not have")
            continue
        number = value["value"] if isinstance(value, dict) else value
        for attrs in elements:
            check(float(attrs["data-value"]) == float(number), f"{path}: page "
                  f"{attrs['data-value']}, score.json {number}")
    check(root.get("data-figures") == str(len(dom.with_attribute("data-figure"))),
          "the script counted another number of figures")

    # Galleries: the misclassified samples of each dataset, in score.json's order.
    galleries = {attrs["data-gallery"]: attrs for _, attrs in dom.with_attribute("data-gallery")}
    cards = [attrs for tag, attrs in dom.with_attribute("data-sample")]
    listed = []
    for k, dataset in enumerate(score["datasets"]):
        entries = dataset.get("misclassified") or []
        listed += entries[:50]
        if entries:
            check(f"datasets.{k}" in galleries, f"dataset {k} has no gallery")
    check([c["data-sample"] for c in cards] == [str(e["index"]) for e in listed],
          f"gallery cards {[c['data-sample'] for c in cards]} are not score.json's "
          f"{[e['index'] for e in listed]}")
    for card, entry in zip(cards, listed):
        check(card["data-label"] == entry["label"] and card["data-predicted"] == entry["predicted"],
              f"card {entry['index']}: labels differ from score.json")
    overlays = [a for t, a in dom.elements if t == "img" and a.get("class") == "overlay"]
    check(len(overlays) == len(cards), f"{len(overlays)} mask overlays for {len(cards)} cards")
    check("missing" not in {a.get("class") for _, a in dom.elements},
          "a picture of the gallery could not be read")
    if expect_misclassified is not None:
        check(sorted(e["index"] for e in listed) == sorted(expect_misclassified),
              f"misclassified {sorted(e['index'] for e in listed)}, the predictions got "
              f"{sorted(expect_misclassified)} wrong")
    examples = ((score.get("pairs") or {}).get("examples")) or []
    pairs = [a for _, a in dom.with_attribute("data-pair")]
    check(len(pairs) == min(len(examples), 24), f"{len(pairs)} pair cards for "
          f"{len(examples)} examples")
    pair_pictures = [a for t, a in dom.elements if t == "img" and a.get("alt") == "difference"]
    check(len(pair_pictures) == len(pairs), "a pair card lacks its difference picture")

    for name, address in (("screenshot.png", url), ("screenshot_masks.png", url + "#masks")):
        shot = os.path.join(folder, name)
        chromium("--window-size=1400,2600", f"--screenshot={shot}", address, profile=profile)
        check(os.path.getsize(shot) > 20000, f"{shot} is nearly empty")
    print(f"{page}: {len(expected)} figures, {len(cards)} misclassified, {len(pairs)} pairs; "
          f"screenshots in {folder}")
    return failures


def generate(railyard, output, *arguments):
    run([railyard, "generate", "-q", "-n", "40", "--width", "240", "--height", "135",
         "-o", output, *arguments])
    (root,) = glob.glob(os.path.join(output, "Trains_*"))
    return root


def write_predictions(dataset, path):
    """Predictions for every sample: every fourth one wrong, with a probability of east that
    agrees with the prediction. Returns the indices predicted wrongly."""
    wrong = []
    with open(path, "w", encoding="utf-8") as file:
        for record in sorted(glob.glob(os.path.join(dataset, "records", "*.json")),
                             key=lambda p: int(os.path.basename(p).split(".")[0])):
            with open(record, encoding="utf-8") as r:
                data = json.load(r)
            index, label = data["index"], data["published_label"]
            predicted = label if index % 4 else ("west" if label == "east" else "east")
            if predicted != label:
                wrong.append(index)
            probability = (0.55 + 0.4 * ((index * 7) % 10) / 10) if predicted == "east" \
                else (0.45 - 0.4 * ((index * 3) % 10) / 10)
            file.write(json.dumps({"index": index, "label": predicted,
                                   "probability": round(probability, 3)}) + "\n")
    return wrong


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--railyard", required=True)
    parser.add_argument("--render-page", required=True)
    parser.add_argument("--fixture", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if shutil.which("chromium") is None:
        sys.exit("chromium is not installed (tools/install-deps.sh installs it)")
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    profile = os.path.join(args.out, "chromium-profile")
    os.environ.setdefault("RAILYARD_EGL", "surfaceless")

    # The page of a real run of railyard score.
    dataset = generate(args.railyard, os.path.join(args.out, "data"))
    predictions = os.path.join(args.out, "predictions.jsonl")
    wrong = write_predictions(dataset, predictions)
    scored = os.path.join(args.out, "score")
    run([args.railyard, "score", predictions, dataset, "-o", scored])
    failures = check_page(scored, profile, expect_misclassified=wrong)

    # The page of every section, from the hand-made score.json over real folders.
    pairs_out = os.path.join(args.out, "pairs")
    run([args.railyard, "intervene", "-q", os.path.join(os.path.dirname(args.fixture), "..", "..",
         "..", "..", "configs", "vlol_theoryx_counterfactual.yaml"), "-n", "12", "--width", "240",
         "--height", "135", "-o", pairs_out])
    (pairs,) = glob.glob(os.path.join(pairs_out, "*_pairs"))
    fixture = os.path.join(args.out, "fixture")
    os.makedirs(os.path.join(fixture, "plots"))
    with open(args.fixture, encoding="utf-8") as file:
        text = file.read().replace("@DATASET@", dataset).replace("@PAIRS@", pairs)
    with open(os.path.join(fixture, "score.json"), "w", encoding="utf-8") as file:
        file.write(text)
    plots = glob.glob(os.path.join(scored, "plots", "*.png"))
    shutil.copy(plots[0] if plots else os.path.join(dataset, "images", "0_m_train.png"),
                os.path.join(fixture, "plots", "accuracy_by_length.png"))
    run([args.render_page, fixture])
    failures += check_page(fixture, profile)

    for failure in failures:
        print("FAIL:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
