"""railyard from Python: samples rendered on the fly, datasets read from disk, the symbolic API.

    import railyard
    g = railyard.Generator("configs/vlol_theoryx.yaml", count=100)
    sample = g[7]          # exactly what `railyard generate` writes for sample 7
    sample["image"]        # H x W x 3 uint8; also depth, part_ids, masks, parts, camera, ...

`railyard.torch` has the PyTorch datasets, `railyard.reader` reads datasets on disk, and
`railyard.symbolic` samples, labels and intervenes on trains without images.
`railyard.sequences` has temporal sequences (a config's `sequence:` section): LTLf formulas and
their automata (Formula, Automaton), sequence datasets on disk (read_sequences) and sequences
rendered on the fly (SequenceGenerator). `railyard.worlds(spec)` builds a family of generated
rules (GraphLog's worlds), each usable as a railyard.Rule. `railyard.score(predictions, target)`
scores a model's predictions as `railyard score` does (a dict of figures; `score_rows` makes them
DataFrame rows).

Errors are Python exceptions naming the key, file or line: ConfigError, RuleError, SceneError,
DescriptionError, InterventionError and FormulaError are ValueErrors, IoError an OSError,
RendererError a RuntimeError; an unknown config key is a KeyError, a missing file a
FileNotFoundError, a folder given for a file an IsADirectoryError, an index out of range an
IndexError naming it. A dataset on disk whose files disagree (railyard.reader) is a DatasetError,
an InputError.
"""
import numpy as np

from . import _native
from ._native import (ConfigError, DatasetError, DescriptionError, FormulaError, InputError,
                      InterventionError, IoError, PrologError, RendererError, RuleError,
                      SceneError, UnreachableClassError)
from .config import ConfigRenderer
from .symbolic import Rule, TrainSet, rule_stats, sample_trains

__all__ = ["Generator", "Rule", "TrainSet", "sample_trains", "rule_stats", "ConfigError",
           "DatasetError", "DescriptionError", "InputError", "InterventionError", "IoError",
           "PrologError", "RendererError", "RuleError", "SceneError", "UnreachableClassError",
           "Formula", "Automaton", "FormulaError", "SequenceGenerator", "SequenceSet", "Sequence",
           "read_sequences", "worlds", "Worlds", "World", "score", "score_rows"]


def camera_matrices(camera):
    """(K 3x3, world_to_camera 4x4) float64 from a record's camera (OpenCV axes)."""
    return (np.asarray(camera["K"], dtype=np.float64),
            np.asarray(camera["world_to_camera"], dtype=np.float64))


def part_boxes(parts, key="visible_box"):
    """P x 4 float32 [x, y, width, height] boxes of the record's parts."""
    return np.asarray([p[key] for p in parts], dtype=np.float32).reshape(-1, 4)


class Generator(ConfigRenderer):
    """Sample i of a dataset config, rendered in this process as `railyard generate` renders it.

    `config` is a YAML file (or None for the defaults); keyword overrides are the config's keys
    (see railyard.config). `len(g)` is the config's count. `g[i]` is a dict:
      image (H x W x 3 uint8), depth (H x W float32, metric, inf for sky), part_ids (H x W
      uint32, 0 for background), masks (P x H x W uint8: part k's visible pixels, id k + 1),
      parts (kind, car, payload, label, area, visible_box, full_box, centre per part), boxes and
      full_boxes (P x 4 float32, x y w h), train (structured, all three vocabularies),
      description (the description line with the published label), true_label,
      published_label ('east'/'west'), labelled, camera (the record's), intrinsics (K),
      extrinsics (world_to_camera), record (records/<i>.json as generate writes it).
    The renderer starts on first use in each process (so each DataLoader worker has its own).
    """

    _native_class = _native.Generator

    def __getitem__(self, index):
        return self.sample(index)

    def sample(self, index, annotations=True, masks=True):
        """Sample `index`; without annotations only the passes, train and labels (faster)."""
        out = self._native.sample(self._index(index), annotations, masks and annotations)
        if annotations:
            record = out["record"]
            out["parts"] = record["parts"]
            out["boxes"] = part_boxes(record["parts"])
            out["full_boxes"] = part_boxes(record["parts"], "full_box")
            out["camera"] = record["camera"]
            out["intrinsics"], out["extrinsics"] = camera_matrices(record["camera"])
        return out


# Last: railyard.shards reads through railyard.reader, which needs the helpers above.
from .sequences import (Automaton, Formula, Sequence, SequenceGenerator,  # noqa: E402
                        SequenceSet, read_sequences)
from .worlds import World, Worlds, worlds  # noqa: E402
from .score import score, score_rows  # noqa: E402
from .shards import ShardFolder  # noqa: E402
