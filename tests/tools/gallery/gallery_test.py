#!/usr/bin/python3
"""A gallery written by `railyard gallery FOLDER -o DIR`, in a real browser: Debian's chromium,
headless, opening DIR/index.html from the file system at chosen URL hashes.

    gallery_test.py --gallery DIR --source FOLDER --kind dataset|pairs|sequences|suite --out SHOTS
                    [--unpacked]

A gallery of a folder of shards holds the units unpacked under its files/: FOLDER is then that
files/ (the e2e test checks it is the folder packed), or for a suite of shards (--unpacked) the
suite folder, whose variants' truth and pictures are each variant gallery's files/.

The truth comes from FOLDER's own files (records/<i>.json, splits/*.txt; a pairs folder's
manifest.json, pairs.jsonl and its two sides; a sequence set's sequences/sequences.jsonl; a
suite's summary.json and its variants' folders), never from the gallery's data/. Per page load
the test requires:
  - the page ran without a JavaScript error (data-gallery-errors, #js-errors) and reached
    data-gallery-ready="1"; no src or href leaves the file system (http, https, //), and every
    picture it shows is a file of FOLDER;
  - the grid: #match-count's data-count is the number of units matching the hash's filters,
    #page's data-page/data-pages the page, the tiles (a.tile[data-unit]) exactly the matching
    units of that page in unit order, and every filter option's data-count the number of units
    with that value among those matching the other filters (unfiltered, a split, a label, a
    cars or steps value, a roof value, a combination on page 2, a split with no units);
  - a unit view (#unit=N&parts=all): #view[data-unit=N], one .part-toggle per part of the
    record, and #mask-layer's data-painted-pixels the union area of the painted parts' masks
    (every part but the rail), decoded here from the records' COCO RLE; then a chosen subset of
    parts (&parts=ids). A pair shows both pictures, the difference panel (#difference, its two
    pictures) and #difference-mask painting colour_difference's pixels, and &side=intervened the
    intervened sample's masks; a sequence shows one figure.step per step with its transition
    (span.state "s -> t") and predicates as its step records hold them;
  - a suite: one a.variant per variant of summary.json linking to <folder>/index.html, each
    variant's gallery passing its own kind's checks (with its link up to the suite).
Screenshots (grid, filtered grid, unit view with masks; per kind its view) are written to SHOTS.
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

PAGE_SIZE = 48
SPLITS = ("train", "val", "test")
ATTRIBUTES = ("shape", "length", "wall", "roof", "axles", "load_shape", "load_count")
UNPAINTED_KINDS = {"rail"}  # parts of a kind the gallery has no colour for


class Failures(list):
    def check(self, condition, message):
        if not condition:
            self.append(message)
        return bool(condition)


# --------------------------------------------------------------------------------------------
# Browser and DOM


class Dom(html.parser.HTMLParser):
    """Elements in document order: tag, attributes, parent (index) and text content."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self, text):
        super().__init__()
        self.elements, self.stack = [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "parent": self.stack[-1] if self.stack else None,
                   "text": []}
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(len(self.elements) - 1)

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.elements[self.stack[depth]]["tag"] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        for index in self.stack:
            self.elements[index]["text"].append(data)

    def text(self, element):
        return "".join(element["text"])

    def find(self, tag=None, **attrs):
        """Elements with `tag` whose attributes have the given values (None: present; a class
        value matches one of the element's classes)."""
        out = []
        for element in self.elements:
            if tag and element["tag"] != tag:
                continue
            ok = True
            for name, value in attrs.items():
                name = name.rstrip("_").replace("_", "-")
                have = element["attrs"].get(name)
                if value is None:
                    ok = have is not None
                elif name == "class":
                    ok = have is not None and value in have.split()
                else:
                    ok = have == str(value)
                if not ok:
                    break
            if ok:
                out.append(element)
        return out

    def by_id(self, id_):
        found = self.find(id=id_)
        return found[0] if found else None

    def inside(self, element, ancestor):
        index = element["parent"]
        target = self.elements.index(ancestor)
        while index is not None:
            if index == target:
                return True
            index = self.elements[index]["parent"]
        return False


class Browser:
    def __init__(self, profile):
        self.profile = profile
        self.runs = 0

    def _run(self, *arguments):
        self.runs += 1
        command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--no-first-run", f"--user-data-dir={self.profile}",
                   "--virtual-time-budget=20000", *arguments]
        print("+", " ".join(command[-2:]), flush=True)
        return subprocess.run(command, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=180, text=True).stdout

    def dom(self, url):
        return Dom(self._run("--dump-dom", url))

    def screenshot(self, url, path, size="1400,1000"):
        self._run(f"--window-size={size}", f"--screenshot={path}", url)


def page_url(gallery, hash_=""):
    return "file://" + urllib.parse.quote(os.path.abspath(os.path.join(gallery, "index.html"))) + hash_


def hash_of(filters, **extra):
    items = [f"{urllib.parse.quote(k)}={urllib.parse.quote(str(v))}" for k, v in filters.items()]
    items += [f"{k}={v}" for k, v in extra.items()]
    return "#" + "&".join(items)


def local_file(gallery, reference):
    """The file a relative src/href of the gallery's page names (None for an anchor)."""
    path = urllib.parse.unquote(reference.split("#")[0].split("?")[0])
    return os.path.normpath(os.path.join(gallery, path)) if path else None


def check_loaded(dom, gallery, failures, where, source=None):
    """No script error, ready, nothing from outside, every picture a file (under `source`)."""
    root = dom.find("html")[0]["attrs"]
    failures.check(root.get("data-gallery-errors") in (None, "0"),
                   f"{where}: {root.get('data-gallery-errors')} JavaScript errors")
    errors = dom.by_id("js-errors")
    if errors is not None:
        items = [e for e in dom.find("li") if dom.inside(e, errors)]
        failures.check(not items, f"{where}: #js-errors lists {[dom.text(e) for e in items][:3]}")
    failures.check(root.get("data-gallery-ready") == "1",
                   f"{where}: the page did not reach data-gallery-ready")
    inside = os.path.abspath(source) + os.sep if source else None
    for element in dom.elements:
        for name in ("src", "href"):
            value = element["attrs"].get(name)
            if value is None:
                continue
            if not failures.check(not re.match(r"^(https?:|//|ftp:)", value, re.I),
                                  f"{where}: <{element['tag']} {name}={value[:80]}> leaves the machine"):
                continue
            if element["tag"] == "img" and not value.startswith("data:"):
                path = local_file(gallery, value)
                failures.check(path and os.path.isfile(path), f"{where}: picture {value} is no file")
                if inside and path:
                    failures.check(os.path.abspath(path).startswith(inside),
                                   f"{where}: picture {value} is not under {source}")
        failures.check("data-missing" not in element["attrs"],
                       f"{where}: picture {element['attrs'].get('src')} did not load")


# --------------------------------------------------------------------------------------------
# Truth from the folder


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def jsonl(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def dataset_root(folder):
    """A dataset folder's root: `folder` itself or its one V-LoL dataset folder."""
    if os.path.isdir(os.path.join(folder, "records")):
        return folder
    inner = [os.path.join(folder, d) for d in sorted(os.listdir(folder))
             if os.path.isdir(os.path.join(folder, d, "records"))]
    if len(inner) != 1:
        raise SystemExit(f"{folder}: not a dataset folder (no records/)")
    return inner[0]


class Dataset:
    """A dataset's records (read as needed) and splits."""

    def __init__(self, root):
        self.root = root
        names = [n for n in os.listdir(os.path.join(root, "records")) if re.fullmatch(r"\d+\.json", n)]
        self.count = len(names)
        self.split = {}
        for split in SPLITS:
            path = os.path.join(root, "splits", split + ".txt")
            if os.path.exists(path):
                with open(path) as file:
                    for line in file:
                        if line.strip():
                            self.split[int(line)] = split
        self._records = {}

    def record(self, i):
        if i not in self._records:
            self._records[i] = load(os.path.join(self.root, "records", f"{i}.json"))
        return self._records[i]

    def image(self, i):
        name = self.record(i).get("files", {}).get("image", "")
        return os.path.join(self.root, "images", name) if name else None


def attributes_of(records):
    """{(attribute, value)} some car of the records has (values as the page names them)."""
    out = set()
    for record in records:
        for car in record["train"]["cars"]:
            for name in ATTRIBUTES:
                if name in car:
                    out.add((name, str(car[name])))
    return out


class Unit:
    def __init__(self, facets, attributes, images, samples):
        self.facets = facets          # {facet name: value}
        self.attributes = attributes  # {(attribute, value)}
        self.images = images          # the pictures' files, in order
        self.samples = samples        # [(Dataset, index)] of its pictures


def dataset_units(folder):
    data = Dataset(dataset_root(folder))
    units = []
    for i in range(data.count):
        r = data.record(i)
        units.append(Unit({"split": data.split.get(i, ""), "label": r["label"],
                           "cars": str(len(r["train"]["cars"])), "scene": r["scene"]},
                          attributes_of([r]), [data.image(i)], [(data, i)]))
        data._records.pop(i)  # the records of a large dataset are not all kept
    return units


def pair_units(folder):
    manifest = load(os.path.join(folder, "manifest.json"))
    base = Dataset(os.path.join(folder, manifest["base"]))
    intervened = Dataset(os.path.join(folder, manifest["intervened"]))
    units = []
    for pair in jsonl(os.path.join(folder, "pairs.jsonl")):
        b, i = base.record(pair["base"]), intervened.record(pair["intervened"])
        unit = Unit({"split": base.split.get(pair["base"], ""), "label": pair["base_label"],
                     "intervened_label": pair["label"], "flipped": "yes" if pair["flipped"] else "no",
                     "operation": "+".join(pair["kinds"]), "cars": str(len(b["train"]["cars"])),
                     "scene": b["scene"]},
                    attributes_of([b, i]), [base.image(pair["base"]), intervened.image(pair["intervened"])],
                    [(base, pair["base"]), (intervened, pair["intervened"])])
        unit.pair = pair
        units.append(unit)
    return units


def sequence_units(folder):
    data = Dataset(dataset_root(folder))
    units = []
    for line in jsonl(os.path.join(data.root, "sequences", "sequences.jsonl")):
        records = [data.record(i) for i in line["samples"]]
        unit = Unit({"split": line["split"], "label": "accepted" if line["accepted"] else "rejected",
                     "steps": str(line["length"]), "scene": records[0]["scene"]},
                    attributes_of(records), [data.image(i) for i in line["samples"][:4]],
                    [(data, i) for i in line["samples"]])
        unit.line = line
        units.append(unit)
    return units


def kind_of(folder):
    if os.path.exists(os.path.join(folder, "summary.json")):
        return "suite"
    if os.path.exists(os.path.join(folder, "pairs.jsonl")):
        return "pairs"
    if os.path.exists(os.path.join(dataset_root(folder), "sequences", "sequences.jsonl")):
        return "sequences"
    return "dataset"


def matches(units, filters, skip=None):
    """Unit numbers matching every filter but `skip` (facets by name, attributes as any car)."""
    out = []
    for u, unit in enumerate(units):
        if all(name == skip or (unit.facets.get(name) == value if name not in ATTRIBUTES
                                else (name, value) in unit.attributes)
               for name, value in filters.items()):
            out.append(u)
    return out


# --------------------------------------------------------------------------------------------
# COCO RLE (pycocotools' rleFrString), for the masks' union areas


def rle_counts(text):
    counts, p = [], 0
    while p < len(text):
        x, k, more = 0, 0, True
        while more:
            c = ord(text[p]) - 48
            x |= (c & 0x1F) << (5 * k)
            more = c & 0x20
            p, k = p + 1, k + 1
            if not more and c & 0x10:
                x |= -1 << (5 * k)
        if len(counts) > 2:
            x += counts[-2]
        counts.append(x)
    return counts


def union_area(masks):
    """Pixels covered by the union of COCO RLE masks (all of one size)."""
    if not masks:
        return 0
    height, width = masks[0]["size"]
    covered = bytearray(height * width)
    for mask in masks:
        counts = rle_counts(mask["counts"]) if isinstance(mask["counts"], str) else mask["counts"]
        position = 0
        for k, run in enumerate(counts):
            if k % 2:
                covered[position:position + run] = b"\x01" * run
            position += run
    return covered.count(1)


def painted_parts(record, ids=None):
    return [p for p in record.get("parts") or []
            if p.get("kind") not in UNPAINTED_KINDS and p.get("mask") and (ids is None or p["id"] in ids)]


# --------------------------------------------------------------------------------------------
# Checks of one gallery


def check_grid(browser, gallery, source, units, filters, page, failures, where, shot=None, up=None):
    """One page load of the grid at `filters` and `page` against the truth (and the link up to
    the suite's page `up`)."""
    url = page_url(gallery, hash_of(filters, **({"page": page} if page > 1 else {})))
    dom = browser.dom(url)
    check_loaded(dom, gallery, failures, where, source)
    if up:
        link = dom.by_id("up-link")
        failures.check(link is not None and os.path.realpath(local_file(gallery, link["attrs"].get("href", "")))
                       == os.path.realpath(up), f"{where}: no link up to the suite's page")
    expected = matches(units, filters)
    count = dom.by_id("match-count")
    if not failures.check(count is not None, f"{where}: no #match-count"):
        return
    failures.check(count["attrs"].get("data-count") == str(len(expected)),
                   f"{where}: #match-count {count['attrs'].get('data-count')}, the records {len(expected)}")
    pages = max(1, -(-len(expected) // PAGE_SIZE))
    shown_page = min(page, pages)
    pager = dom.by_id("page")
    failures.check(pager is not None and pager["attrs"].get("data-page") == str(shown_page)
                   and pager["attrs"].get("data-pages") == str(pages),
                   f"{where}: #page {pager and pager['attrs']}, expected page {shown_page} of {pages}")
    want = expected[(shown_page - 1) * PAGE_SIZE:shown_page * PAGE_SIZE]
    tiles = dom.find("a", class_="tile")
    got = [int(t["attrs"].get("data-unit", -1)) for t in tiles]
    failures.check(got == want, f"{where}: tiles {got[:8]}... ({len(got)}), the records' {want[:8]}... ({len(want)})")
    for tile in tiles[:PAGE_SIZE]:
        u = int(tile["attrs"].get("data-unit", -1))
        failures.check(f"unit={u}" in tile["attrs"].get("href", ""), f"{where}: tile {u} does not link to its view")
        if 0 <= u < len(units):
            pictures = [local_file(gallery, e["attrs"]["src"]) for e in dom.find("img")
                        if dom.inside(e, tile) and e["attrs"].get("src")]
            expected_files = [f for f in units[u].images if f]
            failures.check([os.path.realpath(p) for p in pictures] == [os.path.realpath(f) for f in expected_files],
                           f"{where}: tile {u} shows {pictures}, the records' pictures are {expected_files}")
    check_options(dom, units, filters, failures, where)
    if shot:
        browser.screenshot(url, shot)


def check_options(dom, units, filters, failures, where):
    """Every option's data-count: the units with that value among those matching the other
    filters. Facets the test knows must all have a select."""
    names = set(units[0].facets) | set(ATTRIBUTES) if units else set()
    selects = {s["attrs"].get("name"): s for s in dom.find("select") if s["attrs"].get("name") in names}
    for name in sorted(names):
        if not failures.check(name in selects, f"{where}: no filter for {name}"):
            continue
        options = [o for o in dom.find("option") if dom.inside(o, selects[name])]
        others = matches(units, filters, skip=name)
        listed = set()
        for option in options:
            value = option["attrs"].get("value")
            if value in (None, "any"):
                continue
            listed.add(value)
            if name in ATTRIBUTES:
                want = sum(1 for u in others if (name, value) in units[u].attributes)
            else:
                want = sum(1 for u in others if units[u].facets.get(name) == value)
            failures.check(option["attrs"].get("data-count") == str(want),
                           f"{where}: option {name}={value} counts {option['attrs'].get('data-count')}, the records {want}")
        if name not in ATTRIBUTES:
            present = {unit.facets[name] for unit in units}
            failures.check(present <= listed, f"{where}: filter {name} lacks {sorted(present - listed)}")


def choose_filters(units, kind):
    """Fixed filters from the truth: a split, a label, a cars/steps value, a roof value, a
    combination, and a split with no units when there is one."""
    if not units:
        return []
    present = lambda name: sorted({u.facets[name] for u in units})
    splits = [s for s in SPLITS if s in present("split")]
    label_value = {"dataset": "east", "pairs": "east", "sequences": "accepted"}[kind]
    label = label_value if label_value in present("label") else present("label")[0]
    size_name = "steps" if kind == "sequences" else "cars"
    sizes = present(size_name)
    size = max(sizes, key=lambda v: (sum(1 for u in units if u.facets[size_name] == v), v))
    roofs = sorted({v for u in units for (n, v) in u.attributes if n == "roof" and v != "none"})
    roof = "peaked" if "peaked" in roofs else (roofs[0] if roofs else "none")
    split = "test" if "test" in splits else splits[-1]
    chosen = [({"split": split}, 1), ({"label": label}, 2), ({size_name: size}, 1), ({"roof": roof}, 1),
              ({"split": splits[0], "label": label, "roof": roof}, 2)]
    if kind == "pairs":
        chosen.append(({"flipped": "yes", "intervened_label": present("intervened_label")[0]}, 1))
    empty = [s for s in SPLITS if s not in splits]
    if empty:
        chosen.append(({"split": empty[0]}, 1))
    return chosen


def check_sample(dom, gallery, sample, failures, where, ids=None):
    """#mask-layer and the part toggles of a sample view against its record."""
    dataset, index = sample
    record = dataset.record(index)
    parts = record.get("parts") or []
    toggles = dom.find("input", class_="part-toggle")
    failures.check(sorted(int(t["attrs"].get("data-part", -1)) for t in toggles) == sorted(p["id"] for p in parts),
                   f"{where}: {len(toggles)} part toggles for the record's {len(parts)} parts")
    layer = dom.by_id("mask-layer")
    if not failures.check(layer is not None, f"{where}: no #mask-layer"):
        return
    want = union_area([p["mask"] for p in painted_parts(record, ids)])
    failures.check(layer["attrs"].get("data-painted-pixels") == str(want),
                   f"{where}: #mask-layer paints {layer['attrs'].get('data-painted-pixels')} pixels, "
                   f"the union of the parts' masks is {want}")
    images = [local_file(gallery, e["attrs"]["src"]) for e in dom.find("img", class_="picture")]
    expected = dataset.image(index)
    if expected:
        failures.check(any(os.path.realpath(i) == os.path.realpath(expected) for i in images if i),
                       f"{where}: the view does not show {expected}")


def check_view(browser, gallery, kind, units, failures, where, shots):
    """The unit views: masks of a sample, a pair's panels, a sequence's strip."""
    if not units:
        return
    u = len(units) // 2
    unit = units[u]
    url = page_url(gallery, f"#unit={u}&parts=all&boxes=1")
    dom = browser.dom(url)
    check_loaded(dom, gallery, failures, f"{where} #unit={u}")
    view = dom.by_id("view")
    failures.check(view is not None and view["attrs"].get("data-unit") == str(u), f"{where}: no #view[data-unit={u}]")
    failures.check(dom.by_id("close") is not None, f"{where}: the view has no way back to the grid")
    check_sample(dom, gallery, unit.samples[0], failures, f"{where} #unit={u}&parts=all")
    if kind == "pairs":
        check_pair(dom, gallery, unit, failures, f"{where} pair {u}")
    if kind == "sequences":
        check_strip(dom, unit, failures, f"{where} sequence {u}")
    if shots:
        browser.screenshot(url, shots + "_unit_masks.png", "1400,1400")

    # A subset of the parts; for a pair the intervened side, for a sequence its second step.
    sample, extra = unit.samples[0], ""
    if kind == "pairs":
        sample, extra = unit.samples[1], "&side=intervened"
    if kind == "sequences" and len(unit.samples) > 1:
        sample, extra = unit.samples[1], "&step=1"
    record = sample[0].record(sample[1])
    chosen = [p["id"] for p in painted_parts(record) if p.get("car") in (0, 1)][:5]
    hash_ = f"#unit={u}{extra}&parts=" + (",".join(map(str, chosen)) if chosen else "all")
    dom = browser.dom(page_url(gallery, hash_))
    check_loaded(dom, gallery, failures, f"{where} {hash_}")
    check_sample(dom, gallery, sample, failures, f"{where} {hash_}", set(chosen) if chosen else None)
    if kind == "sequences" and extra:
        selected = [f for f in dom.find("figure", class_="step") if "selected" in f["attrs"].get("class", "").split()]
        failures.check([f["attrs"].get("data-step") for f in selected] == ["1"], f"{where}: step 1 is not the selected step")


def check_pair(dom, gallery, unit, failures, where):
    base, intervened = unit.images
    for role, expected in (("base", base), ("intervened", intervened)):
        panels = dom.find("figure", data_panel=role)
        pictures = [local_file(gallery, e["attrs"]["src"]) for p in panels for e in dom.find("img") if dom.inside(e, p)]
        failures.check(expected and any(os.path.realpath(p) == os.path.realpath(expected) for p in pictures),
                       f"{where}: the {role} panel does not show {expected}")
    difference = dom.by_id("difference")
    if failures.check(difference is not None, f"{where}: no difference panel (#difference)"):
        pictures = [local_file(gallery, e["attrs"]["src"]) for e in dom.find("img") if dom.inside(e, difference)]
        failures.check(sorted(map(os.path.realpath, pictures)) == sorted(map(os.path.realpath, [base, intervened])),
                       f"{where}: the difference panel stacks {pictures}, not the pair's two pictures")
    overlay = dom.by_id("difference-mask")
    mask = unit.pair.get("colour_difference")
    if failures.check(overlay is not None, f"{where}: no #difference-mask") and mask:
        want = union_area([mask])
        failures.check(overlay["attrs"].get("data-painted-pixels") == str(want),
                       f"{where}: #difference-mask paints {overlay['attrs'].get('data-painted-pixels')}, "
                       f"colour_difference holds {want} pixels")


def check_strip(dom, unit, failures, where):
    steps = dom.find("figure", class_="step")
    failures.check([s["attrs"].get("data-step") for s in steps] == [str(t) for t in range(len(unit.samples))],
                   f"{where}: {len(steps)} .step figures for {len(unit.samples)} steps")
    for t, (step, (dataset, index)) in enumerate(zip(steps, unit.samples)):
        own = dataset.record(index).get("sequence") or {}
        states = [dom.text(e).strip() for e in dom.find("span", class_="state") if dom.inside(e, step)]
        want = f"{own.get('state')} -> {own.get('next_state')}"
        failures.check(states == [want], f"{where}: step {t} shows state {states}, its record {want}")
        shown = {e["attrs"].get("data-name"): e["attrs"].get("data-value")
                 for e in dom.find("span", class_="predicate") if dom.inside(e, step)}
        truth = {name: "true" if value else "false" for name, value in (own.get("predicates") or {}).items()}
        failures.check(shown == truth, f"{where}: step {t} predicates {shown}, its record {truth}")


def check_gallery(browser, gallery, source, kind, shots, failures, where, up=None):
    """Every check of one gallery; screenshots to `shots` + "_grid.png" etc. (None: none)."""
    if not failures.check(os.path.isfile(os.path.join(gallery, "index.html")), f"{where}: no index.html"):
        return
    for name in ("index.html", "gallery.css", "gallery.js"):
        with open(os.path.join(gallery, name), encoding="utf-8") as file:
            failures.check(not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", file.read()),
                           f"{where}: {name} links outside the folder")
    units = {"dataset": dataset_units, "pairs": pair_units, "sequences": sequence_units}[kind](source)
    print(f"{where}: {len(units)} {kind} units in {source}", flush=True)

    # The unfiltered grid: the whole count, the first page, every option's count.
    dom_where = f"{where} (no filter)"
    check_grid(browser, gallery, source, units, {}, 1, failures, dom_where,
               shots + "_grid.png" if shots else None, up)
    for filters, page in choose_filters(units, kind):
        label = f"{where} {hash_of(filters)}" + (f" page {page}" if page > 1 else "")
        combination = len(filters) > 1 and shots and "label" in filters
        check_grid(browser, gallery, source, units, filters, page, failures, label,
                   shots + "_filtered.png" if combination else None)
    check_view(browser, gallery, kind, units, failures, where, shots)


def check_suite(browser, gallery, source, out, failures, unpacked=False):
    summary = load(os.path.join(source, "summary.json"))
    variants = summary["variants"]
    url = page_url(gallery)
    dom = browser.dom(url)
    check_loaded(dom, gallery, failures, "suite page")
    links = dom.find("a", class_="variant")
    failures.check(len(links) == len(variants), f"suite page: {len(links)} variant links for {len(variants)} variants")
    failures.check(not dom.find("a", class_="tile"), "suite page: a suite shows no grid")
    browser.screenshot(url, os.path.join(out, "suite.png"), "1400,800")
    for k, variant in enumerate(variants):
        link = [a for a in links if a["attrs"].get("data-variant") == variant["name"]]
        if not failures.check(len(link) == 1, f"suite page: no link for variant {variant['name']}"):
            continue
        href = link[0]["attrs"].get("href", "")
        failures.check(urllib.parse.unquote(href) == variant["folder"].rstrip("/") + "/index.html",
                       f"suite page: variant {variant['name']} links to {href}, not {variant['folder']}/index.html")
        failures.check(str(variant["count"]) in dom.text(link[0]).replace(",", ""),
                       f"suite page: variant {variant['name']}'s card does not say its {variant['count']} samples")
        sub = os.path.dirname(local_file(gallery, href))
        folder = os.path.join(sub, "files") if unpacked else os.path.join(source, variant["folder"])
        kind = kind_of(folder)
        shots = os.path.join(out, f"variant_{k}_{kind}") if k == 0 else None  # the first one's
        check_gallery(browser, sub, folder, kind, shots, failures, f"variant {variant['name']}",
                      up=os.path.join(gallery, "index.html"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gallery", required=True, help="the folder railyard gallery wrote")
    parser.add_argument("--source", required=True, help="the folder the gallery shows")
    parser.add_argument("--kind", required=True, choices=["dataset", "pairs", "sequences", "suite"])
    parser.add_argument("--out", required=True, help="where the screenshots go")
    parser.add_argument("--unpacked", action="store_true",
                        help="a suite of shard folders: its variants are unpacked in the gallery")
    args = parser.parse_args()
    if shutil.which("chromium") is None:
        sys.exit("chromium is not installed (tools/install-deps.sh installs it)")
    os.makedirs(args.out, exist_ok=True)
    profile = os.path.join(args.out, "chromium-profile")
    shutil.rmtree(profile, ignore_errors=True)
    browser = Browser(profile)
    failures = Failures()
    found = kind_of(args.source)
    if found != args.kind:
        sys.exit(f"FAIL: {args.source} is a {found} folder, not {args.kind}")
    if args.kind == "suite":
        check_suite(browser, args.gallery, args.source, args.out, failures, args.unpacked)
    else:
        check_gallery(browser, args.gallery, args.source, args.kind, os.path.join(args.out, args.kind),
                      failures, args.kind)
    shutil.rmtree(profile, ignore_errors=True)
    for shot in sorted(os.listdir(args.out)):
        if shot.endswith(".png"):
            failures.check(os.path.getsize(os.path.join(args.out, shot)) > 10000, f"screenshot {shot} is nearly empty")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{args.gallery}: {'FAILED, ' + str(len(failures)) + ' failures' if failures else 'passed'} "
          f"({browser.runs} chromium runs; screenshots in {args.out})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
