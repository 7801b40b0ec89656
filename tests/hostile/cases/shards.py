"""`railyard pack` and the shard folders it writes (issue #43): each damage to a shard (truncated
anywhere, bytes flipped or zeroed at its own size, deleted, garbage, empty, a folder, junk
appended, two shards swapped, a member renamed, removed, added, doubled, a record edited, a
member whose header claims a terabyte) and to shards.json (garbage, truncated, deleted, each key
edited) against `railyard verify` and `railyard card` (must refuse, naming the shard or
shards.json) and against
railyard.torch.Shards (a Python exception naming the shard); pack with hostile arguments, pack of
folders it cannot pack, and destinations it must not write (inside the input, a dataset, a file,
a folder of another command), which must change nothing."""
import io
import json
import os
import tarfile

from cases.common import (Case, edit_json, flip_middle, remove, replace_with,
                          replace_with_folder, truncate)

P = "packed/"  # the fixture "packed": the dataset fixture in shards of 2, with its card
SHARD = P + "train-000000.tar"


def zero_fill(rel):
    def act(scratch, ctx):
        path = os.path.join(scratch, rel)
        size = os.path.getsize(path)
        with open(path, "wb") as f:
            f.write(bytes(size))
    return act


def append(rel, data):
    def act(scratch, ctx):
        with open(os.path.join(scratch, rel), "ab") as f:
            f.write(data)
    return act


def swap(a, b):
    def act(scratch, ctx):
        pa, pb = os.path.join(scratch, a), os.path.join(scratch, b)
        os.rename(pa, pa + ".swap")
        os.rename(pb, pa)
        os.rename(pa + ".swap", pb)
    return act


def rewrite_members(rel, change):
    """The shard rewritten with its members (name, bytes) passed through change(list)."""
    def act(scratch, ctx):
        path = os.path.join(scratch, rel)
        with tarfile.open(path) as tar:
            members = [(m.name, tar.extractfile(m).read()) for m in tar.getmembers()]
        members = change(members)
        with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as tar:
            for name, data in members:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    return act


def huge_member(scratch, ctx):
    """A shard whose first member's header claims 8 GiB (ustar's largest) and whose data stops
    at once."""
    info = tarfile.TarInfo("000002.json")
    info.size = 8 ** 11 - 1
    with open(os.path.join(scratch, SHARD), "wb") as f:
        f.write(info.tobuf(format=tarfile.USTAR_FORMAT) + bytes(1024))


def png_flipped(members):
    """A byte of the first image (not a depth map) inverted: same size, other content."""
    out, done = [], False
    for name, data in members:
        if not done and name.endswith(".png") and ".depth." not in name:
            middle = len(data) // 2
            data = data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]
            done = True
        out.append((name, data))
    return out


def record_index_edited(members):
    out = []
    for name, data in members:
        if name.endswith(".json") and not out_has_json(out):
            record = json.loads(data)
            record["index"] += 1
            data = json.dumps(record).encode()
        out.append((name, data))
    return out


def out_has_json(out):
    return any(n.endswith(".json") for n, _ in out)


SHARD_DAMAGES = [
    *[(f"truncated_{int(keep * 1000)}", truncate(SHARD, keep))
      for keep in (0.0, 0.001, 0.1, 0.5, 0.9, 0.999)],
    ("flipped", flip_middle(SHARD)),
    ("zeroed", zero_fill(SHARD)),
    ("deleted", remove(SHARD)),
    ("garbage", replace_with(SHARD, "not a tar archive\n" * 100)),
    ("empty", replace_with(SHARD, b"")),
    ("folder", replace_with_folder(SHARD)),
    ("junk_appended", append(SHARD, b"junk" * 300)),
    ("swapped", swap(SHARD, P + "train-000001.tar")),
    ("member_renamed", rewrite_members(SHARD, lambda ms: [(n.replace(".png", ".jpg"), d)
                                                         for n, d in ms])),
    ("member_removed", rewrite_members(SHARD, lambda ms: ms[1:])),
    ("member_added", rewrite_members(SHARD, lambda ms: ms + [(ms[0][0].split(".")[0] + ".txt",
                                                              b"x")])),
    ("member_doubled", rewrite_members(SHARD, lambda ms: ms[:1] + ms)),
    ("member_not_a_key", rewrite_members(SHARD, lambda ms: [("../" + ms[0][0], ms[0][1])] +
                                         ms[1:])),
    ("record_index_edited", rewrite_members(SHARD, record_index_edited)),
    ("image_byte_flipped", rewrite_members(SHARD, png_flipped)),
    ("huge_member_header", huge_member),
]

INDEX = P + "shards.json"
INDEX_DAMAGES = [
    ("index_garbage", replace_with(INDEX, "{garbage")),
    ("index_truncated", truncate(INDEX, 0.5)),
    ("index_deleted", remove(INDEX)),
    ("index_empty_object", replace_with(INDEX, "{}")),
    ("index_samples", edit_json(INDEX, lambda j: j.update(samples=j["samples"] + 1))),
    ("index_per_shard_0", edit_json(INDEX, lambda j: j.update(samples_per_shard=0))),
    ("index_key_digits_99", edit_json(INDEX, lambda j: j.update(key_digits=99))),
    ("index_kind", edit_json(INDEX, lambda j: j.update(kind="zip"))),
    ("index_shard_name", edit_json(INDEX, lambda j: j["shards"][0].update(name="../x.tar"))),
    ("index_shard_split", edit_json(INDEX, lambda j: j["shards"][0].update(split="val"))),
    ("index_shard_bytes", edit_json(INDEX, lambda j: j["shards"][0].update(bytes=1))),
    ("index_shard_sha", edit_json(INDEX, lambda j: j["shards"][0].update(sha256="0" * 64))),
    ("index_shard_first", edit_json(INDEX, lambda j: j["shards"][0].update(first=5))),
    ("index_shard_dropped", edit_json(INDEX, lambda j: j.update(shards=j["shards"][1:],
                                                               samples=j["samples"] - 2))),
    ("index_shards_not_a_list", edit_json(INDEX, lambda j: j.update(shards={}))),
    ("index_extra_key", edit_json(INDEX, lambda j: j.update(extra=1))),
]

# The shard damages `railyard card` meets too (it verifies as verify does: a sample of them).
CARD_SHARD_DAMAGES = {"truncated_500", "deleted", "member_renamed", "image_byte_flipped"}

# Damages that leave every member an item uses whole (the trailing zero blocks cut, junk after
# the end, a depth map the label target never reads removed): the reader may give every sample.
# (The middle of the fixture's first shard is in a depth EXR.)
HARMLESS_TO_ITEMS = {"truncated_900", "truncated_999", "junk_appended", "member_removed",
                     "flipped"}


def all_train_samples(result):
    got = result.python_result()
    return None if got == 4 else f"gave {got!r} samples, not the 4 of the train split"


SHARDS_READ = ("import railyard.torch\n"
               "RESULT = len(list(railyard.torch.Shards({S!r} + '/packed', split='train')))\n")


def cases(ctx):
    out = []
    for name, damage in SHARD_DAMAGES:
        token = ("train-000000.tar", "train-000001.tar")
        out.append(Case(name=f"verify_{name}", surface="shards", setup=[
            ("copy", "packed", "packed"), ("fn", damage)], argv=["verify", "-q", "{S}/packed"],
            expect="refuse", tokens=[token]))
        harmless = name in HARMLESS_TO_ITEMS
        out.append(Case(name=f"python_{name}", surface="shards", setup=[
            ("copy", "packed", "packed"), ("fn", damage)],
            python=SHARDS_READ.replace("{S!r}", "S"), expect="either" if harmless else "refuse",
            oracle=all_train_samples if harmless else None,
            exc=("DatasetError", "FileNotFoundError", "IsADirectoryError", "OSError"),
            tokens=[] if harmless else [token]))
    for name, damage in INDEX_DAMAGES:
        out.append(Case(name=f"verify_{name}", surface="shards", setup=[
            ("copy", "packed", "packed"), ("fn", damage)], argv=["verify", "-q", "{S}/packed"],
            expect="refuse", tokens=[("shards.json", ".tar")]))
    # the card's flags end up in YAML front matter and JSON: nothing that could end a string
    for name, flag, value in [("card_license_newline", "--license", "cc-by\nextra: 1"),
                              ("card_license_empty", "--license", ""),
                              ("card_license_quote", "--license", 'a"b'),
                              ("card_url_quote", "--url", 'https://x/"><b>/'),
                              ("card_url_no_slash", "--url", "https://example.org/shards"),
                              ("card_url_space", "--url", "https://x y/")]:
        out.append(Case(name=name, surface="shards", setup=[("copy", "packed", "packed")],
                        argv=["card", "{S}/packed", flag, value], expect="refuse",
                        tokens=[flag]))
    # railyard card describes only a folder that verifies
    for name, damage in INDEX_DAMAGES + [d for d in SHARD_DAMAGES if d[0] in CARD_SHARD_DAMAGES]:
        out.append(Case(name=f"card_{name}", surface="shards", setup=[
            ("copy", "packed", "packed"), ("fn", damage)], argv=["card", "{S}/packed"],
            expect="refuse", tokens=[("shards.json", ".tar", "packed")]))
    # pack: hostile arguments, folders it cannot pack, destinations it must not write
    for value in ("0", "-1", "abc", "1e3", "99999999999999999999", ""):
        out.append(Case(name=f"pack_samples_per_shard_{value or 'empty'}", surface="shards",
                        setup=[("copy", "dataset", "ds")],
                        argv=["pack", "{S}/ds", "-o", "{S}/o", "--samples-per-shard", value],
                        expect="refuse", tokens=["samples-per-shard"]))
    for name, setup, tokens in [
            ("pack_missing_folder", [], ["nowhere"]),
            ("pack_shard_folder", [("copy", "packed", "nowhere")], ["already a folder of shards"]),
            ("pack_worlds_folder", [("copy", "worlds", "nowhere")], ["worlds"]),
            ("pack_score_folder", [("copy", "score", "nowhere")], ["score"]),
            ("pack_empty_folder", [("fn", lambda s, c: os.makedirs(os.path.join(s, "nowhere")))],
             ["nowhere"])]:
        out.append(Case(name=name, surface="shards", setup=setup,
                        argv=["pack", "{S}/nowhere", "-o", "{S}/o"], expect="refuse",
                        tokens=tokens))
    for name, setup, dest, tokens in [
            ("pack_into_its_input", [], "{S}/ds/shards", ["one inside the other"]),
            ("pack_over_a_dataset", [("copy", "dataset", "other")], "{S}/other", ["other"]),
            ("pack_over_a_file", [("fn", lambda s, c: open(os.path.join(s, "f"), "w").write("x"))],
             "{S}/f", ["f"]),
            ("pack_over_an_export", [("copy", "export", "e")], "{S}/e", ["e"]),
            ("pack_over_worlds", [("copy", "worlds", "w")], "{S}/w", ["w"])]:
        out.append(Case(name=name, surface="shards", setup=[("copy", "dataset", "ds")] + setup,
                        argv=["pack", "{S}/ds", "-o", dest], expect="refuse", tokens=tokens))
    return out
