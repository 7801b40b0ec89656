"""Checks shared by the package: sample indices and path arguments, with messages that name
what was given and what was expected."""
import os
import stat

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


def boolean(value, what, caller):
    """`value` when it is a bool (numpy's too); TypeError naming `what` otherwise: a string such
    as 'no' is true to Python, so it is refused rather than guessed."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{caller}: {what} must be True or False, got {value!r}")


def whole(value, what, caller, low=0, high=None):
    """`value` as an int in [low, high]; TypeError for a non-integer (a bool or a float
    included), ValueError naming the range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{caller}: {what} must be a whole number, got {value!r}")
    value = int(value)
    if value < low or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"between {low} and {high}"
        raise ValueError(f"{caller}: {what} must be {bounds}, got {value}")
    return value


def fraction(value, what, caller):
    """`value` as a float strictly between 0 and 1; TypeError for a non-number."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                   np.floating)):
        raise TypeError(f"{caller}: {what} must be a number, got {value!r}")
    value = float(value)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{caller}: {what} must lie strictly between 0 and 1, got {value}")
    return value


def _kind(mode):
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a fifo"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _status(path, what):
    """os.stat of the path; FileNotFoundError naming it when absent, OSError with the OS's
    reason (a loop of links, a name too long) when the OS cannot tell."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        raise FileNotFoundError(f"{what} {path!r} does not exist") from None
    except NotADirectoryError:
        raise FileNotFoundError(f"{what} {path!r} does not exist (a folder on its way is a "
                                "file)") from None
    except OSError as error:
        raise OSError(error.errno, f"{what} {path!r}: {error.strerror}") from None


def existing_file(path, what):
    """`path` when it is a regular file; else the error saying what it is instead."""
    mode = _status(path, what).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"{what} {path!r} is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise OSError(f"{what} {path!r} is {_kind(mode)}, not a file")
    return path


def existing_folder(path, what):
    """`path` when it is a folder; else the error saying what it is instead."""
    if not stat.S_ISDIR(_status(path, what).st_mode):
        raise NotADirectoryError(f"{what} {path!r} is a file, not a folder")
    return path
