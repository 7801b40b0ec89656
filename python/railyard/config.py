"""Keyword overrides as the command's `--set key=value` assignments.

`Generator(config, **overrides)` takes the same keys as `railyard generate`: `count=8`,
`rule="numerical"`, `outputs={"depth_exr": False}` or `outputs__depth_exr=False` (a double
underscore stands for the dot of a section), `constraints={"roof": ["none", "flat"]}`,
`exports=[{"target": "popper"}]`. An entry of a key that takes entries is a dotted key below it:
`constraints__roof=["none"]`, `exports__0__noise=0.1` (item 0 of the list). Values are written as
JSON, which YAML reads, so the schema checks them exactly as it checks a config file.
"""
import json
import os

from . import _native
from ._checks import existing_file, path_argument, position


def config_path(config):
    """The config file as a string ('' for none); FileNotFoundError naming a missing one,
    IsADirectoryError naming a folder."""
    if config is None:
        return ""
    return existing_file(path_argument(config, "config file", "config"), "config file")


def _plain(value):
    """JSON for what json does not know: paths and numpy scalars."""
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"config value {value!r} is not a number, string, list or dict")


def _is_section(key, keys):
    return any(k.startswith(key + ".") for k in keys)


def _is_entry(key, keys):
    """Below a key that is not a section (constraints.roof, exports.0.noise): the schema decides
    whether that key takes entries, and names it when it does not."""
    parts = key.split(".")
    return any(".".join(parts[:i]) in keys for i in range(1, len(parts)))


def assignments(overrides):
    """`key=value` strings, in the order given; KeyError naming a key the schema does not have."""
    keys = _native.config_keys()
    out = []

    def add(key, value):
        if key in keys or _is_entry(key, keys):
            out.append(f"{key}={json.dumps(value, default=_plain)}")
        elif _is_section(key, keys) and isinstance(value, dict):
            for name, inner in value.items():
                add(f"{key}.{name}", inner)
        elif _is_section(key, keys):
            raise TypeError(f"config key {key!r} is a section: give a dict of its keys, or "
                            f"{key.replace('.', '__')}__<key>=value, got {value!r}")
        else:
            raise KeyError(f"unknown config key {key!r} (railyard generate --print-config lists them)")

    for key, value in overrides.items():
        add(key.replace("__", "."), value)
    return out


class ConfigRenderer:
    """What railyard.Generator and railyard.SequenceGenerator share: a config (a YAML file or None,
    and keyword overrides) made into the native renderer of its run kind (`_native_class`, whose
    setup is one in C++: python/bindings/generator_setup.h), its units by index, and pickling as
    the config, so each DataLoader worker makes its own renderer."""

    _native_class = None
    _unit = "samples"  # what an index counts, for messages

    def __init__(self, config=None, **overrides):
        self._args = (config, dict(overrides))
        self._native = self._native_class(config_path(config), assignments(overrides))

    def __getstate__(self):
        return {"_args": self._args}

    def __setstate__(self, state):
        self.__init__(state["_args"][0], **state["_args"][1])

    def __len__(self):
        return len(self._native)

    def _index(self, index):
        return position(index, len(self), self._unit)

    @property
    def effective_config(self):
        """The config as YAML, every key (what `generate --print-config` prints)."""
        return self._native.effective_config

    @property
    def dataset_root(self):
        """Where `railyard generate` would write this config's dataset."""
        return self._native.dataset_root

    @property
    def renderer_description(self):
        return self._native.renderer_description
