"""Helpers the surfaces share: config text with one key replaced, oracles, damage to files."""
import glob
import json
import os
import shutil
import subprocess

from core import Case  # noqa: F401  (re-exported for the surface modules)

# Values for whole-number keys: (YAML text, what it is). Each is tried against every such key;
# in_range() decides which of them the key takes.
WHOLE_VALUES = [
    ("-1", -1), ("0", 0), ("1.5", None), ("1e3", None), ("0x10", None), ("ten", None),
    ("99999999999999999999", None), ("-99999999999999999999", None), ("[]", None), ("{}", None),
    ("~", None), ('""', None), ("true", None), (".nan", None), (".inf", None), ("'7'", 7),
]

# Values for a choice key, beside its valid names.
CHOICE_VALUES = ['""', "1", "~", "[CHOICE]", "{CHOICE: 1}", "nope", '"CHOICE "', "CHOICE_UPPER",
                 '"b\\u00e4d"']

BOOL_VALUES = [("yes", True), ("True", None), ("1", None), ("maybe", None), ("[]", None),
               ("{}", None), ("~", None), ('""', None)]


def q(text):
    """A YAML double-quoted string (JSON's escapes are YAML's)."""
    return json.dumps(text, ensure_ascii=True)


def safe(text):
    """A case-name fragment for a value."""
    out = []
    for c in text:
        if c.isalnum() or c in "._-":
            out.append(c)
        elif c == " ":
            out.append("_")
        else:
            out.append(f"x{ord(c):02x}")
    s = "".join(out)
    return s[:60] if len(s) <= 60 else s[:50] + f"_len{len(text)}"


def set_key(text, path, value):
    """YAML text (block style, two-space indent) with `path` (a.b) set to `value` (YAML text), or
    removed when value is None; keys are added at the end of their section."""
    lines = text.splitlines()
    parts = path.split(".")
    indent = 0
    start, end = 0, len(lines)
    for depth, part in enumerate(parts):
        prefix = " " * indent + part + ":"
        found = None
        for i in range(start, end):
            if lines[i].startswith(prefix) and (len(lines[i]) == len(prefix) or
                                                lines[i][len(prefix)] == " "):
                found = i
                break
        last = depth == len(parts) - 1
        if found is None:
            if value is None:
                return "\n".join(lines) + "\n"
            if last:
                lines.insert(end, prefix + " " + value)
            else:
                lines.insert(end, prefix)
                lines.insert(end + 1, " " * (indent + 2) + ".".join(parts[depth + 1:]) + ": " +
                             value)
            return "\n".join(lines) + "\n"
        # the block of this key: following lines indented deeper
        block_end = found + 1
        while block_end < end and (lines[block_end].startswith(" " * (indent + 1)) or
                                   not lines[block_end].strip()):
            block_end += 1
        if last:
            if value is None:
                del lines[found:block_end]
            else:
                lines[found:block_end] = [prefix + " " + value]
            return "\n".join(lines) + "\n"
        start, end = found + 1, block_end
        indent += 2
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Oracles: (Result) -> None when right, else what is wrong (or ("destroyed", what))

def all_of(*oracles):
    def check(result):
        for o in oracles:
            fault = o(result)
            if fault:
                return fault
        return None
    return check


def exists(pattern, count=None):
    def check(result):
        found = glob.glob(os.path.join(result.scratch, pattern), recursive=True)
        if not found:
            return f"nothing at {pattern}"
        if count is not None and len(found) != count:
            return f"{len(found)} files at {pattern}, expected {count}"
        return None
    return check


def absent(pattern, klass="destroyed"):
    def check(result):
        found = glob.glob(os.path.join(result.scratch, pattern), recursive=True)
        if found:
            names = ", ".join(os.path.relpath(f, result.scratch) for f in found[:3])
            return (klass, f"still there after the run: {names}")
        return None
    return check


def stdout_has(*texts):
    def check(result):
        for t in texts:
            if t not in result.stdout:
                return f"stdout lacks {t!r}: {result.stdout[:300]!r}"
        return None
    return check


def railyard(ctx, *argv, timeout=120):
    return subprocess.run([ctx.binary, *argv], capture_output=True, text=True, env=ctx.env,
                          timeout=timeout)


def dataset_root(folder):
    roots = sorted(os.path.dirname(p)
                   for p in glob.glob(os.path.join(folder, "*", "manifest.json")))
    return roots[0] if len(roots) == 1 else None


# ---------------------------------------------------------------------------------------------
# Damage (setup actions: ("fn", damage(...)))

def at(scratch, rel):
    return os.path.join(scratch, rel)


def flip_middle(rel):
    """Same size, different bytes: the middle 16 bytes inverted."""
    def act(scratch, ctx):
        path = at(scratch, rel)
        with open(path, "r+b") as f:
            data = bytearray(f.read())
            mid = len(data) // 2
            for i in range(mid, min(mid + 16, len(data))):
                data[i] ^= 0xFF
            f.seek(0)
            f.write(data)
    return act


def truncate(rel, keep=0.5):
    def act(scratch, ctx):
        path = at(scratch, rel)
        size = os.path.getsize(path)
        with open(path, "r+b") as f:
            f.truncate(int(size * keep))
    return act


def remove(rel):
    def act(scratch, ctx):
        path = at(scratch, rel)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    return act


def replace_with(rel, data):
    def act(scratch, ctx):
        path = at(scratch, rel)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
    return act


def replace_with_folder(rel):
    def act(scratch, ctx):
        path = at(scratch, rel)
        os.remove(path)
        os.makedirs(path)
    return act


def copy_from(fixture_rel, rel):
    """The file at rel replaced by a fixture's file (FX/fixture_rel)."""
    def act(scratch, ctx):
        shutil.copyfile(os.path.join(ctx.fixtures_dir, fixture_rel), at(scratch, rel))
    return act


def edit_lines(rel, fn):
    """The file's lines (bytes, with their endings) passed through fn(lines) -> lines."""
    def act(scratch, ctx):
        path = at(scratch, rel)
        with open(path, "rb") as f:
            lines = f.read().splitlines(keepends=True)
        with open(path, "wb") as f:
            f.write(b"".join(fn(lines)))
    return act


def edit_json(rel, fn):
    """A JSON file rewritten after fn(obj) (fn mutates or returns a replacement)."""
    def act(scratch, ctx):
        path = at(scratch, rel)
        with open(path, encoding="utf-8") as f:
            obj = json.load(f)
        out = fn(obj)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(obj if out is None else out, f)
    return act


def edit_text(rel, old, new, count=1):
    def act(scratch, ctx):
        path = at(scratch, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if old not in text:
            raise RuntimeError(f"setup: {old!r} not in {rel}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, count))
    return act


def chain(*acts):
    def act(scratch, ctx):
        for a in acts:
            a(scratch, ctx)
    return act
