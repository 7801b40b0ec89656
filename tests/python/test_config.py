"""Keyword overrides (python/railyard/config.py) as the command's --set assignments: sections,
entries of keys that take them (constraints.roof, exports.0.noise) and whole lists of structs."""
import pytest

import railyard
from railyard import config


def test_sections_entries_and_lists_become_assignments():
    out = config.assignments({
        "outputs": {"coco": False},
        "constraints__roof": ["none", "flat"],
        "exports": [{"target": "aleph", "vocabulary": "michalski"}],
        "exports__0__noise": 0.1,
        "interventions__mode": "random",
    })
    assert out == [
        "outputs.coco=false",
        'constraints.roof=["none", "flat"]',
        'exports=[{"target": "aleph", "vocabulary": "michalski"}]',
        "exports.0.noise=0.1",
        'interventions.mode="random"',
    ]


def test_unknown_keys_are_key_errors():
    with pytest.raises(KeyError, match="colour_count"):
        config.assignments({"colour_count": 3})
    with pytest.raises(KeyError, match="outputs.depth"):
        config.assignments({"outputs__depth": True})


def test_generator_reads_export_items_like_the_command(tmp_path):
    g = railyard.Generator(None, count=2, exports=[{"target": "popper"}, {"target": "scene_graphs"}],
                           exports__0__noise=0.25, exports__0__seed=4)
    assert ("exports: [{target: popper, vocabulary: relational, noise: 0.25, seed: 4}, "
            "{target: scene_graphs}]") in g.effective_config
    with pytest.raises(Exception, match=r"exports\[1\]\.target"):
        railyard.Generator(None, exports=[{"target": "popper"}, {"target": "prolog"}])
    with pytest.raises(Exception, match="no item 3 in exports"):
        railyard.Generator(None, exports=[{"target": "popper"}], exports__3__noise=0.1)
