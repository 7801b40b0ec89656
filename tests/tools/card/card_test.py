#!/usr/bin/python3
"""`railyard pack --card`: README.md is a Hugging Face Hub card whose front matter parses and
whose data_files globs select exactly each split's shards, with the rule's text, the splits, every
input's SHA-256 and the regenerating commands; card.png is a picture; croissant.json is Croissant
1.1 that a real JSON-LD processor (pyld, Debian's python3-pyld) expands and compacts back without
loss, every term and data type resolving to the Croissant, RAI, Dublin Core or schema.org
vocabulary (schema.org terms checked against a list of those that exist), every reference
resolving inside the document, every shard listed with its SHA-256 and size, and every field's
JSON path finding values in a real record. A suite's variants and a sequence set get cards too.
`railyard card` writes the same into a run's own shard folder (outputs.layout: shards) and a
suite of them, and refuses a folder that is not a finished one.

    card_test.py RAILYARD REPO
"""
import fnmatch
import json
import os
import struct
import subprocess
import sys
import tarfile
import tempfile

import yaml
from pyld import jsonld

CROISSANT = "http://mlcommons.org/croissant/"
RAI = CROISSANT + "RAI/"
SCHEMA = "https://schema.org/"
# Terms of schema.org this card uses, each looked up on schema.org (properties and types).
SCHEMA_TERMS = {"Dataset", "name", "description", "license", "version", "dateCreated", "keywords",
                "url", "distribution", "contentUrl", "contentSize", "encodingFormat", "sha256",
                "containedIn", "Integer", "Text", "ImageObject", "Boolean"}
CROISSANT_TERMS = {"FileObject", "FileSet", "RecordSet", "Field", "BoundingBox",
                   "SegmentationMask", "citeAs", "dataType", "extract", "field", "fileProperty",
                   "fileSet", "includes", "jsonPath", "key", "recordSet", "regex", "repeated",
                   "source", "subField", "transform"}
RAI_TERMS = {"dataCollection", "dataCollectionType", "dataAnnotationProtocol", "dataBiases",
             "dataLimitations", "dataUseCases", "personalSensitiveInformation",
             "dataSocialImpact"}


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def run(*command, cwd=None):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(command)}:\n{result.stdout}{result.stderr}")
    return result.stdout


def dataset_in(output):
    (root,) = [os.path.join(output, d) for d in os.listdir(output) if d != "dataset_descriptions"]
    return root


def known_iri(iri):
    for prefix, terms in ((RAI, RAI_TERMS), (CROISSANT, CROISSANT_TERMS), (SCHEMA, SCHEMA_TERMS)):
        if iri.startswith(prefix):
            return iri[len(prefix):] in terms
    return iri == "http://purl.org/dc/terms/conformsTo"


def single(value):
    """As JSON-LD compaction writes a value: lists of one item as the item, and schema.org
    names without their "sc:" prefix (schema.org is the vocabulary), at every depth."""
    if isinstance(value, list):
        value = [single(v) for v in value]
        return value[0] if len(value) == 1 else value
    if isinstance(value, dict):
        return {k: single(v) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("sc:"):
        return value[3:]
    return value


def walk_iris(node, found):
    if isinstance(node, list):
        for item in node:
            walk_iris(item, found)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "@type":
                found.update(value if isinstance(value, list) else [value])
            elif not key.startswith("@"):
                found.add(key)
            walk_iris(value, found)


def json_path(record, path):
    """The values of a JSON path of the forms the card uses: $.a.b and $.a[*].b."""
    values = [record]
    for step in path[2:].split("."):
        many = step.endswith("[*]")
        step = step[:-3] if many else step
        values = [v[step] for v in values if isinstance(v, dict) and step in v]
        if many:
            values = [item for v in values for item in v]
    return values


def check_croissant(folder, shards_index, record, parts=None):
    """`parts`: a suite's [(variant folder + "/", its shards.json)]; a folder's own index else."""
    parts = parts or [("", shards_index)]
    path = os.path.join(folder, "croissant.json")
    doc = json.load(open(path))
    check(doc["conformsTo"] == CROISSANT + "1.1", "conformsTo is not Croissant 1.1")
    expanded = jsonld.expand(doc)
    compacted = jsonld.compact(expanded, doc["@context"])
    body = {k: v for k, v in doc.items() if k != "@context"}
    back = {k: v for k, v in compacted.items() if k != "@context"}
    check(single(back) == single(body), "croissant.json does not survive expand + compact")
    iris = set()
    walk_iris(expanded, iris)
    data_types = set()
    for record_set in doc["recordSet"]:
        for field in record_set["field"]:
            for sub in [field] + field.get("subField", []):
                if "dataType" in sub:
                    data_types.add(sub["dataType"])
    iris |= {t.replace("sc:", SCHEMA).replace("cr:", CROISSANT) for t in data_types}
    unknown = sorted(i for i in iris if not known_iri(i))
    check(not unknown, f"terms outside the vocabularies: {unknown}")
    ids = {}
    for node in doc["distribution"]:
        ids[node["@id"]] = node
    for prefix, index in parts:
        for entry in index["shards"]:
            node = ids.get(prefix + entry["name"])
            check(node and node["@type"] == "cr:FileObject", f"shard {entry['name']} not listed")
            check(node["sha256"] == entry["sha256"] and
                  node["contentSize"] == f"{entry['bytes']} B", f"shard {entry['name']}: hash")
            check(os.path.isfile(os.path.join(folder, node["name"])), f"{node['name']}: no file")
    for node in ids.values():
        for ref in node.get("containedIn", []):
            check(ref["@id"] in ids, f"{node['@id']}: containedIn {ref['@id']}")
    for record_set in doc["recordSet"]:
        fields = {f["@id"]: f for f in record_set["field"]}
        check(record_set["key"]["@id"] in fields, f"{record_set['@id']}: key")
        for field in record_set["field"]:
            for sub in [field] + field.get("subField", []):
                source = sub.get("source")
                if not source:
                    continue
                check(source["fileSet"]["@id"] in ids, f"{sub['@id']}: fileSet")
                path = source["extract"].get("jsonPath")
                if path:
                    check(json_path(record, path), f"{sub['@id']}: {path} finds nothing")
    members = [m for m in ids.values() if m["@type"] == "cr:FileSet"]
    prefix, first = parts[0]
    names = tarfile.open(os.path.join(folder, prefix + first["shards"][0]["name"])).getnames()
    for member_set in members:
        glob = member_set["includes"]
        check(any(fnmatch.fnmatch(n, glob) for n in names), f"{member_set['@id']}: {glob}")
    check(not any(fnmatch.fnmatch("000001.depth.png", s["includes"])
                  for s in members if s["@id"].endswith("/images")), "images glob takes depth")


def check_readme(folder, shards_index, repo, packed=True):
    text = open(os.path.join(folder, "README.md")).read()
    check(text.startswith("---\n"), "README has no front matter")
    front = yaml.safe_load(text.split("---\n")[1])
    check(front["license"] == "cc-by-4.0", "license")
    check(front["size_categories"] == ["n<1K"], "size category")
    shards = [s["name"] for s in shards_index["shards"]]
    for item in front["configs"][0]["data_files"]:
        split = {"validation": "val"}.get(item["split"], item["split"])
        chosen = sorted(n for n in shards if fnmatch.fnmatch(n, item["path"]))
        check(chosen == sorted(s["name"] for s in shards_index["shards"] if s["split"] == split),
              f"data_files of {item['split']}")
    rule = open(os.path.join(repo, "logic/rules/theoryx.pl")).read()
    check("```prolog\n" + rule in text, "the rule's text")
    for entry in json.load(open(os.path.join(folder, "inputs.json"))):
        check(entry["sha256"] in text, f"input {entry['path']}'s SHA-256")
    check("railyard generate config.yaml" in text, "the regenerating command")
    # A run that wrote its shards itself regenerates them alone; a files run is packed after.
    check(("--samples-per-shard 2" in text) == packed, "the regenerating pack command")
    with open(os.path.join(folder, "card.png"), "rb") as picture:
        head = picture.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "card.png is not a PNG")
    width, height = struct.unpack(">II", head[16:24])
    check(width >= 900 and height >= 400, f"card.png is {width}x{height}")


SUITE = """suite: tiny
seed: 7
output: su
config: {count: 6, width: 64, height: 36, subsets: [], outputs: {depth_exr: false}}
variants:
  - name: train
    set: {count: 8}
  - name: long
    ladder: {cars: [5]}
"""


def check_suite(suite, packed, railyard):
    """The suite's card: a Hub config per variant whose data_files are exactly its shards; each
    variant with a card of its own."""
    run(railyard, "pack", suite, "-o", packed, "-q", "--card")
    front = yaml.safe_load(open(os.path.join(packed, "README.md")).read().split("---\n")[1])
    top = json.load(open(os.path.join(packed, "shards.json")))
    configs = {c["config_name"]: c["data_files"] for c in front["configs"]}
    check(len(configs) == len(top["folders"]) == 2, "a config per variant")
    for folder in top["folders"]:
        index = json.load(open(os.path.join(packed, folder, "shards.json")))
        files = [f"{folder}/{s['name']}" for s in index["shards"]]
        (data_files,) = [d for d in configs.values() if d[0]["path"].startswith(folder + "/")]
        chosen = sorted(f for item in data_files for f in files if fnmatch.fnmatch(f, item["path"]))
        check(chosen == sorted(files), f"{folder}: data_files select its shards")
        for name in ("README.md", "card.png", "croissant.json"):
            check(os.path.isfile(os.path.join(packed, folder, name)), f"{folder}: no {name}")
    parts = [(f + "/", json.load(open(os.path.join(packed, f, "shards.json"))))
             for f in top["folders"]]
    first = os.path.join(packed, parts[0][0] + parts[0][1]["shards"][0]["name"])
    with tarfile.open(first) as tar:
        name = next(n for n in tar.getnames() if n.endswith(".json"))
        record = json.load(tar.extractfile(name))
    check_croissant(packed, None, record, parts)
    run(railyard, "verify", "-q", packed)


def main():
    railyard, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    golden = os.path.join(repo, "tests/tools/dataset/golden")
    os.environ["RAILYARD_EGL"] = "surfaceless"
    with tempfile.TemporaryDirectory() as tmp:
        run(railyard, "generate", os.path.join(golden, "raster_trains_base.yaml"), "-o",
            f"{tmp}/ds", "-q")
        packed = f"{tmp}/packed"
        run(railyard, "pack", dataset_in(f"{tmp}/ds"), "-o", packed, "-q", "--card",
            "--license", "cc-by-4.0", "--url", "https://example.org/shards/",
            "--samples-per-shard", "2")
        index = json.load(open(os.path.join(packed, "shards.json")))
        with tarfile.open(os.path.join(packed, index["shards"][0]["name"])) as tar:
            name = next(n for n in tar.getnames() if n.endswith(".json"))
            record = json.load(tar.extractfile(name))
        check_readme(packed, index, repo)
        check_croissant(packed, index, record)
        run(railyard, "verify", "-q", packed)  # the card's files sit beside the shards

        run(railyard, "generate", os.path.join(golden, "raster_sequences.yaml"), "-o",
            f"{tmp}/sq", "-q")
        run(railyard, "pack", dataset_in(f"{tmp}/sq"), "-o", f"{tmp}/sq_packed", "-q", "--card")
        for f in ("README.md", "card.png", "croissant.json"):
            check(os.path.isfile(os.path.join(tmp, "sq_packed", f)), f"sequence set: no {f}")

        run(railyard, "intervene", os.path.join(golden, "pairs/raster_flip.yaml"), "-o",
            f"{tmp}/pr", "-q")
        pairs = f"{tmp}/pr_packed"
        (pairs_root,) = [os.path.join(f"{tmp}/pr", d) for d in os.listdir(f"{tmp}/pr")]
        run(railyard, "pack", pairs_root, "-o", pairs, "-q", "--card", "--samples-per-shard", "2")
        index = json.load(open(os.path.join(pairs, "shards.json")))
        with tarfile.open(os.path.join(pairs, index["shards"][0]["name"])) as tar:
            name = next(n for n in tar.getnames() if n.count(".") == 1 and n.endswith(".json"))
            pair = json.load(tar.extractfile(name))
        check_croissant(pairs, index, pair)
        text = open(os.path.join(pairs, "README.md")).read()
        check("railyard intervene " in text and "| all |" in text, "the pairs' card")

        with open(f"{tmp}/suite.yaml", "w") as suite:
            suite.write(SUITE)
        run(railyard, "suite", "suite.yaml", "-q", cwd=tmp)
        check_suite(f"{tmp}/su/tiny", f"{tmp}/su_packed", railyard)
        check_card_command(railyard, repo, golden, tmp, packed)
    print("PASS")


def check_card_command(railyard, repo, golden, tmp, packed):
    """`railyard card` on a run's own shards: the card of pack --card, but for the regenerating
    commands; its croissant.json is pack's, byte for byte. A suite of shard variants gets a card
    and one per variant. A folder that is not finished shards is refused, and nothing written."""
    run(railyard, "generate", os.path.join(golden, "raster_trains_base.yaml"), "-o",
        f"{tmp}/run", "-q", "--layout", "shards", "--set", "outputs.samples_per_shard=2")
    folder = dataset_in(f"{tmp}/run")
    run(railyard, "card", folder, "--license", "cc-by-4.0", "--url", "https://example.org/shards/")
    index = json.load(open(os.path.join(folder, "shards.json")))
    with tarfile.open(os.path.join(folder, index["shards"][0]["name"])) as tar:
        name = next(n for n in tar.getnames() if n.endswith(".json"))
        record = json.load(tar.extractfile(name))
    check_readme(folder, index, repo, packed=False)
    check_croissant(folder, index, record)
    check(open(os.path.join(folder, "croissant.json")).read() ==
          open(os.path.join(packed, "croissant.json")).read(), "croissant.json differs from pack's")
    run(railyard, "verify", "-q", folder)

    with open(f"{tmp}/suite.yaml", "w") as suite:
        suite.write(SUITE.replace("output: su", "output: su_shards")
                    .replace("depth_exr: false", "depth_exr: false, layout: shards"))
    run(railyard, "suite", "suite.yaml", "-q", cwd=tmp)
    suite = f"{tmp}/su_shards/tiny"
    run(railyard, "card", suite)
    top = json.load(open(os.path.join(suite, "shards.json")))
    for variant in top["folders"]:
        for name in ("README.md", "card.png", "croissant.json"):
            check(os.path.isfile(os.path.join(suite, variant, name)), f"{variant}: no {name}")
    for name in ("README.md", "croissant.json", "summary.png"):  # the suite's picture is its own
        check(os.path.isfile(os.path.join(suite, name)), f"the suite: no {name}")
    front = yaml.safe_load(open(os.path.join(suite, "README.md")).read().split("---\n")[1])
    check(len(front["configs"]) == 2, "the suite's card: a config per variant")
    run(railyard, "verify", "-q", suite)

    files = dataset_in(f"{tmp}/ds")
    result = subprocess.run([railyard, "card", files], capture_output=True, text=True)
    check(result.returncode == 1 and "not a finished folder of shards" in result.stderr,
          f"card of a files dataset: {result.returncode} {result.stderr}")
    check(not os.path.exists(os.path.join(files, "README.md")), "card wrote into a files dataset")


if __name__ == "__main__":
    main()
