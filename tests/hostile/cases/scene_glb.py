"""`outputs.scene: glb`: a finished dataset whose files are damaged (same size, truncated,
deleted), then `railyard generate` run again with the same config. README ("Resume"): a rerun
renders again a sample whose record is missing or unreadable or one of whose files is missing
or has another size than its record keeps; "a file damaged in place at its own size is kept",
and `railyard verify` checks every file's SHA-256. The oracles: after truncation or deletion
the rerun repairs the dataset (it verifies); after a same-size change the rerun keeps the file
and `railyard verify` refuses, naming it; `railyard verify` refuses each damaged file."""
import os

from cases.common import Case, dataset_root, railyard

FILES = {"image": "images/{i}_m_train.png", "scene": "scenes/{i}_m_train.glb",
         "depth_png": "depths/{i}_m_train.png", "depth_exr": "depths/{i}_m_train.exr",
         "record": "records/{i}.json"}


def damage(kind, what, index=1):
    def act(scratch, ctx):
        root = dataset_root(os.path.join(scratch, "out"))
        path = os.path.join(root, FILES[what].format(i=index))
        if kind == "flip":
            with open(path, "r+b") as f:
                data = bytearray(f.read())
                mid = len(data) // 2
                for k in range(mid, min(mid + 16, len(data))):
                    data[k] ^= 0xFF
                f.seek(0)
                f.write(data)
        elif kind == "truncate":
            with open(path, "r+b") as f:
                f.truncate(os.path.getsize(path) // 2)
        elif kind == "delete":
            os.remove(path)
        elif kind == "zero":  # same size, all zero bytes
            size = os.path.getsize(path)
            with open(path, "wb") as f:
                f.write(bytes(size))
    return act


def verifies_after(result):
    root = dataset_root(os.path.join(result.scratch, "out"))
    if root is None:
        return "no dataset folder after the rerun"
    v = railyard(result.case._ctx, "verify", root, "-q")
    if v.returncode != 0:
        said = " / ".join(l for l in result.stdout.strip().splitlines()[-2:])
        faults = " / ".join((v.stdout + v.stderr).strip().splitlines()[:2])
        return (f"the rerun left the damaged file in place (it said: {said!r}); verify then "
                f"refuses: {faults}")
    return None


def kept_and_found(what):
    """A same-size change: the rerun keeps it (README) and verify names the damaged file."""
    def oracle(result):
        root = dataset_root(os.path.join(result.scratch, "out"))
        if root is None:
            return "no dataset folder after the rerun"
        v = railyard(result.case._ctx, "verify", root, "-q")
        name = FILES[what].format(i=1)
        if v.returncode == 0 or name not in v.stdout + v.stderr:
            return f"verify did not name the damaged {name}: {(v.stdout + v.stderr)[:200]!r}"
        return None
    return oracle


def cases(ctx):
    out = []
    rerun = ["generate", "out/glb.yaml", "-o", "out"]
    for kind in ("flip", "zero", "truncate", "delete"):
        for what in FILES:
            same_size = kind in ("flip", "zero") and what != "record"
            c = Case(name=f"rerun_after_{kind}_{what}", surface="scene_glb",
                     setup=[("copy", "glb_out", "out"), ("fn", damage(kind, what))],
                     argv=rerun, expect="accept",
                     oracle=kept_and_found(what) if same_size else verifies_after, timeout=120,
                     note="README: a rerun checks sizes; verify checks content" if same_size
                     else "")
            c._ctx = ctx
            out.append(c)
    for kind in ("flip", "truncate", "delete"):
        for what in ("scene", "image"):
            out.append(Case(name=f"verify_{kind}_{what}", surface="scene_glb",
                            setup=[("copy", "glb_out", "out"), ("fn", damage(kind, what))],
                            argv=["verify", "{S}/out/Trains_theoryx_MichalskiTrains_base_scene_len_2-3", "-q"],
                            expect="refuse", tokens=[FILES[what].format(i=1).split("/")[-1]]))
    # killed while writing, then run again: complete, verified, no temporaries
    bigger = Case(name="kill9_then_rerun_glb", surface="scene_glb",
                  setup=[("copy", "glb_out", "seed"),
                         ("fn", lambda s, c: open(os.path.join(s, "big.yaml"), "w").write(
                             open(os.path.join(s, "seed", "glb.yaml")).read().replace(
                                 "count: 4", "count: 12")))],
                  argv=["generate", "big.yaml", "-o", "out"], kill_when="out/*/records/3.json",
                  then=["generate", "big.yaml", "-o", "out"], expect="accept",
                  oracle=verifies_after, timeout=120)
    bigger._ctx = ctx
    out.append(bigger)
    return out
