"""`railyard gallery` (issue #43): a gallery of a damaged dataset or sequence set (every damage
verify and export meet: files deleted, garbage, truncated, edited, deep JSON, lying counts) is
refused naming the file, or, for a file the gallery does not read, written without a crash; so is
a gallery of a damaged shard folder (every damage of cases/shards.py: the shard or shards.json
named), which the gallery unpacks only once it verifies; folders it cannot show (missing,
worlds, a score, empty) and destinations it must not write (inside the folder shown, a dataset, a
file, a folder of another command) are refused and change nothing."""
import os

from cases.common import Case
from cases.shards import INDEX_DAMAGES, SHARD_DAMAGES
from cases.verify_export import DAMAGES, DATASET_JSON, SEQUENCE_JSON

# Files the gallery does not read (it remakes no dataset-wide file and reads images' sizes only).
UNREAD = ("csv_", "image_same_size_damage", "all_scenes_", "coco_", "inputs_")


def damage_cases():
    out = []
    for fixture, folder, damages in [("seqset", "sq", DAMAGES + SEQUENCE_JSON),
                                     ("dataset", "ds", DATASET_JSON)]:
        for name, setup, token in damages:
            if isinstance(token, str) and token.endswith(".json") and token[0].isdigit():
                token = (token, "records")
            unread = name.startswith(UNREAD)
            out.append(Case(name=f"gallery_{name}", surface="gallery",
                            setup=[("copy", fixture, folder)] + setup,
                            argv=["gallery", folder, "-q", "-o", "g"],
                            expect="either" if unread else "refuse",
                            tokens=[] if unread else [token],
                            needs=["seqset_f"] if "other" in name else []))
    return out


def folder_cases():
    out = []
    for name, setup, tokens in [
            ("gallery_missing_folder", [], ["nowhere"]),
            ("gallery_worlds_folder", [("copy", "worlds", "nowhere")], ["worlds"]),
            ("gallery_score_folder", [("copy", "score", "nowhere")], ["score"]),
            ("gallery_empty_folder", [("fn", lambda s, c: os.makedirs(os.path.join(s, "nowhere")))],
             ["nowhere"])]:
        out.append(Case(name=name, surface="gallery", setup=setup,
                        argv=["gallery", "{S}/nowhere", "-o", "{S}/o"], expect="refuse",
                        tokens=tokens))
    for name, setup, dest, tokens in [
            ("gallery_into_its_input", [], "{S}/ds/gallery", ["one inside the other"]),
            ("gallery_around_its_input", [], "{S}", ["one inside the other"]),
            ("gallery_over_a_dataset", [("copy", "dataset", "other")], "{S}/other", ["other"]),
            ("gallery_over_a_file", [("fn", lambda s, c: open(os.path.join(s, "f"), "w").write("x"))],
             "{S}/f", ["f"]),
            ("gallery_over_an_export", [("copy", "export", "e")], "{S}/e", ["e"]),
            ("gallery_over_shards", [("copy", "packed", "p")], "{S}/p", ["p"])]:
        out.append(Case(name=name, surface="gallery", setup=[("copy", "dataset", "ds")] + setup,
                        argv=["gallery", "{S}/ds", "-o", dest], expect="refuse", tokens=tokens))
    return out


def shard_cases():
    out = []
    for name, damage in SHARD_DAMAGES:
        out.append(Case(name=f"gallery_shards_{name}", surface="gallery",
                        setup=[("copy", "packed", "packed"), ("fn", damage)],
                        argv=["gallery", "{S}/packed", "-q", "-o", "{S}/g"], expect="refuse",
                        tokens=[("train-000000.tar", "train-000001.tar")]))
    for name, damage in INDEX_DAMAGES:
        out.append(Case(name=f"gallery_shards_{name}", surface="gallery",
                        setup=[("copy", "packed", "packed"), ("fn", damage)],
                        argv=["gallery", "{S}/packed", "-q", "-o", "{S}/g"], expect="refuse",
                        tokens=[("shards.json", ".tar", "packed")]))
    return out


def cases(ctx):
    return damage_cases() + folder_cases() + shard_cases()
