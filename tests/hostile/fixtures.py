"""Small folders railyard made, built once per run and copied into a case's scratch folder by
its setup (("copy", NAME, DEST)): a tiny dataset, sequence sets, worlds folders, an export, a
score folder, predictions. Each is made by the binary under test with fixed seeds, so the same
tree gives the same fixtures. A fixture that cannot be built stops the run: the harness would
otherwise report the fixture's fault as every case's.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import time

# The size of every rendered fixture: tiny pictures, few samples.
TINY = ["--set", "width=32", "--set", "height=18", "--set", "threads=2"]

# A sequence config: 4 sequences of 2-3 steps over east (the rule) and roofed.
SEQUENCE_CONFIG = """\
count: 4
seed: 3
rule: theoryx
width: 32
height: 18
splits: {train: 0.5, val: 0.25, test: 0.25}
sequence:
  formula: "FORMULA"
  min_length: 2
  max_length: 3
  predicates:
    roofed: {text: "roofed(T) :- has_car(T, C), closed(C)."}
  labels: balanced
  rate_trains: 1000
"""

DATASET_CONFIG = """\
count: 4
seed: 7
width: 32
height: 18
min_cars: 2
max_cars: 3
"""


def sequence_config(formula="G(east -> X roofed)"):
    return SEQUENCE_CONFIG.replace("FORMULA", formula)


def dataset_root(folder):
    roots = sorted(os.path.dirname(p) for p in glob.glob(os.path.join(folder, "*", "manifest.json")))
    if len(roots) != 1:
        raise RuntimeError(f"expected one dataset under {folder}, found {roots}")
    return roots[0]


class Builder:
    def __init__(self, ctx, quiet):
        self.ctx = ctx
        self.quiet = quiet
        self.fx = ctx.fixtures_dir
        self.scratch = os.path.join(ctx.run_dir, "fixture-work")
        os.makedirs(self.scratch, exist_ok=True)

    def run(self, *argv, cwd=None):
        command = [self.ctx.binary, *argv]
        start = time.monotonic()
        for attempt in range(120):  # the binary may be relinked under the harness
            try:
                p = subprocess.run(command, cwd=cwd or self.scratch, env=self.ctx.env,
                                   capture_output=True, text=True, timeout=600)
                break
            except OSError:
                time.sleep(2)
        else:
            raise RuntimeError(f"cannot execute {command[0]}")
        if p.returncode != 0:
            raise RuntimeError(f"fixture command failed ({p.returncode}): {' '.join(command)}\n"
                               f"{p.stdout[-2000:]}\n{p.stderr[-2000:]}")
        if not self.quiet:
            print(f"  fixture: {' '.join(argv)[:140]} ({time.monotonic() - start:.1f} s)",
                  file=sys.stderr)
        return p

    def write(self, name, text):
        path = os.path.join(self.scratch, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def path(self, name):
        return os.path.join(self.fx, name)


def build_dataset_out(b):
    config = b.write("dataset.yaml", DATASET_CONFIG)
    b.run("generate", config, "-q", "-o", b.path("dataset_out"))


def build_dataset(b):
    shutil.copytree(dataset_root(b.path("dataset_out")), b.path("dataset"), symlinks=True)


def build_seqset_out(b):
    config = b.write("sequences.yaml", sequence_config())
    b.run("generate", config, "-q", "-o", b.path("seqset_out"))


def build_seqset(b):
    shutil.copytree(dataset_root(b.path("seqset_out")), b.path("seqset"), symlinks=True)


def build_seqset_f(b):
    """Another sequence set of another formula (same size): its automaton is another's."""
    config = b.write("sequences_f.yaml", sequence_config("F roofed & F east"))
    out = os.path.join(b.scratch, "seqset_f_out")
    b.run("generate", config, "-q", "-o", out)
    shutil.copytree(dataset_root(out), b.path("seqset_f"), symlinks=True)


def build_worlds(b):
    b.run("worlds", os.path.join(b.ctx.repo, "configs/worlds/small.yaml"), "-o", b.path("worlds"))


def build_worlds_other(b):
    b.run("worlds", os.path.join(b.ctx.repo, "configs/worlds/small.yaml"), "--set", "name=other",
          "--set", "seed=5", "-o", b.path("worlds_other"))


def build_export(b):
    b.run("export", b.path("dataset"), "-t", "popper", "-o", b.path("export"))


def build_seqset_exports(b):
    for target in ("popper", "aleph", "scene_graphs"):
        b.run("export", b.path("seqset"), "-t", target, "-o",
              os.path.join(b.path("seqset_exports"), target))


def build_preds(b):
    """predictions files: dataset.jsonl (the rule's, right on every sample), seq.jsonl (the
    sequence set's), and a score folder of the dataset's."""
    os.makedirs(b.path("preds"), exist_ok=True)
    b.run("score", "--baseline", "rule", b.path("dataset"), "--write-predictions",
          os.path.join(b.path("preds"), "dataset.jsonl"))
    b.run("score", "--baseline", "rule", b.path("seqset"), "--write-predictions",
          os.path.join(b.path("preds"), "seq.jsonl"))


def build_score(b):
    b.run("score", os.path.join(b.path("preds"), "dataset.jsonl"), b.path("dataset"), "-o",
          b.path("score"))


def build_wsuite(b):
    """The suite of the worlds fixture's suite.yaml (5 worlds, 4 samples each) and the rule's
    predictions for it (wsuite/preds.jsonl); the suite is wsuite/small."""
    b.run("suite", os.path.join(b.path("worlds"), "suite.yaml"), "-o", b.path("wsuite"), "--set",
          "count=4", *TINY[:4], "-q")
    b.run("score", "--baseline", "rule", os.path.join(b.path("wsuite"), "small"),
          "--write-predictions", os.path.join(b.path("wsuite"), "preds.jsonl"))


def build_glb_out(b):
    config = b.write("glb.yaml", DATASET_CONFIG + "outputs: {scene: glb}\n")
    shutil.copy(config, os.path.join(b.scratch, "glb_config.yaml"))
    out = b.path("glb_out")
    b.run("generate", config, "-q", "-o", out)
    shutil.copy(config, os.path.join(out, "glb.yaml"))


def build_packed(b):
    """The dataset fixture packed into shards of 2 samples, with its card."""
    b.run("pack", b.path("dataset"), "-o", b.path("packed"), "-q", "--samples-per-shard", "2",
          "--card")


# name -> (builder, fixtures it needs first)
FIXTURES = {
    "dataset_out": (build_dataset_out, []),
    "dataset": (build_dataset, ["dataset_out"]),
    "seqset_out": (build_seqset_out, []),
    "seqset": (build_seqset, ["seqset_out"]),
    "seqset_f": (build_seqset_f, []),
    "worlds": (build_worlds, []),
    "worlds_other": (build_worlds_other, []),
    "export": (build_export, ["dataset"]),
    "seqset_exports": (build_seqset_exports, ["seqset"]),
    "preds": (build_preds, ["dataset", "seqset"]),
    "score": (build_score, ["preds", "dataset"]),
    "glb_out": (build_glb_out, []),
    "wsuite": (build_wsuite, ["worlds"]),
    "packed": (build_packed, ["dataset"]),
}


def build(ctx, needed, quiet=False):
    b = Builder(ctx, quiet)
    os.makedirs(ctx.fixtures_dir, exist_ok=True)
    done = set()

    def make(name):
        if name in done:
            return
        if name not in FIXTURES:
            raise RuntimeError(f"unknown fixture {name}")
        builder, deps = FIXTURES[name]
        for d in deps:
            make(d)
        builder(b)
        done.add(name)

    for name in sorted(needed):
        make(name)
    # Every fixture is read-only from here: a case works on its own copy.
    with open(os.path.join(ctx.fixtures_dir, "fixtures.json"), "w") as f:
        json.dump(sorted(done), f)
