"""The harness's cases, one module per surface; each module's cases(ctx) returns its Case list,
generated combinatorially (each hostile value against each key or argument), in a fixed order."""
import importlib

# In report order.
SURFACES = ["sequences", "ltlf", "worlds", "score", "scene_glb", "verify_export", "python_module",
            "shards", "gallery", "filesystem"]


def load_cases(ctx):
    cases = []
    for surface in SURFACES:
        module = importlib.import_module(f"cases.{surface}")
        for case in module.cases(ctx):
            case.surface = surface
            cases.append(case)
    return cases
