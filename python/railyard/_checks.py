"""Checks shared by the package: sample indices and path arguments, with messages that name
what was given and what was expected."""
import os

import numpy as np


def position(index, count, what):
    """`index` (negative: from the end) as 0..count-1 of `count` `what` ("samples", "trains",
    "pairs"); TypeError for a non-integer, IndexError naming the index as given."""
    if not isinstance(index, (int, np.integer)):
        raise TypeError(f"{what[:-1]} index must be an integer, got {type(index).__name__}")
    index = int(index)
    k = index + count if index < 0 else index
    if not 0 <= k < count:
        valid = f"{-count}..{count - 1}" if count else "none"
        raise IndexError(f"index {index} is out of range for {count} {what} (valid: {valid})")
    return k


def path_argument(path, what, caller):
    """A path argument as a string; TypeError naming `what` for None or a non-path."""
    if path is None or not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"{caller}: the {what} must be a path, got {type(path).__name__}")
    path = os.fspath(path)
    return os.fsdecode(path) if isinstance(path, bytes) else path
