#!/usr/bin/env python3
"""`railyard export`'s flags and the items of a dataset config's `exports:` are one declaration
(tools/lib/export/export_schema.h): `railyard export --help` and `railyard generate --print-config`
show the same export keys, and each flag's default is the value an item given only its target
prints.

    export_flags_test.py RAILYARD_BINARY
"""
import re
import subprocess
import sys


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def run(*args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(args)} failed: {result.stderr}")
    return result.stdout


def help_options(text):
    """Each option of CLI11's help as one line (its description may wrap onto the next)."""
    options = []
    for line in text.splitlines():
        if re.match(r"^\s+-", line):
            options.append(line.strip())
        elif options and line.startswith(" ") and line.strip():
            options[-1] += " " + line.strip()
        elif not line.strip() and options:
            options.append("")
    return [o for o in options if o]


def flow_entry(text):
    """{key: value, ...} of `exports: [{...}]` (flat values) as a dict, in order."""
    inner = text.strip()
    if not (inner.startswith("[{") and inner.endswith("}]")):
        fail(f"exports is not a one-item flow list: {text}")
    entry = {}
    for pair in inner[2:-2].split(", "):
        key, _, value = pair.partition(": ")
        entry[key] = value
    return entry


def main():
    railyard = sys.argv[1]
    flags = {}  # key -> (option line)
    for option in help_options(run(railyard, "export", "--help")):
        found = re.search(r"\(config: exports\[\]\.(\w+)\)", option)
        if found:
            flags[found.group(1)] = option
    printed = run(railyard, "generate", "--print-config", "--set", "exports=[{target: popper}]")
    line = next((l for l in printed.splitlines() if l.startswith("exports: ")), None)
    if line is None:
        fail("--print-config shows no exports key")
    entry = flow_entry(line[len("exports: "):])

    if list(flags) != list(entry):
        fail(f"export --help names the keys {list(flags)}, an exports item {list(entry)}")
    for key, value in entry.items():
        option = flags[key]
        default = re.match(r"^\S+ \S+?=(\[[^\]]*\]|\S+)", option)
        if key == "target":
            # The command's target defaults to every target; a config item must name one.
            choices = re.search(r"\[((?:\w+\|)+\w+)\]", option)
            if not choices or not default:
                fail(f"--target shows no choices or default: {option}")
            if default.group(1) != "[" + choices.group(1).replace("|", ",") + "]":
                fail(f"--target's default is not every target: {option}")
            if value not in choices.group(1).split("|"):
                fail(f"the item's target {value} is not one of --target's choices: {option}")
            continue
        if not default:
            fail(f"the flag of {key} shows no default: {option}")
        if default.group(1) != value:
            fail(f"the flag of {key} defaults to {default.group(1)}, an exports item to {value}")
    print(f"export flags and exports items agree: {entry}")


main()
