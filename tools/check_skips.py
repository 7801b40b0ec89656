#!/usr/bin/python3
"""Fails the test run when a test was skipped that is not on the allow-list.

A skipped test is a promise not checked: ctest counts it as a pass, so this reads ctest's JUnit
report, lists every skipped test with the reason it gave, and exits 1 unless each one is on
tests/skip_allowlist.txt (one test name a line, then '#' and why the skip is legitimate).

Usage: check_skips.py JUNIT.xml ALLOWLIST
"""
import re
import sys
import xml.etree.ElementTree as ElementTree


def allowed(path):
    names = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            name, _, why = line.partition("#")
            if name.strip():
                names[name.strip()] = why.strip()
    return names


def skip_reason(case):
    """The test's own words: gtest's line after 'Skipped', or the script's last output line."""
    out = case.findtext("system-out") or ""
    lines = [line for line in out.splitlines() if line.strip()]
    for i, line in enumerate(lines):
        if re.search(r": Skipped$", line) and i + 1 < len(lines):
            return lines[i + 1].strip()
    return lines[-1].strip() if lines else "(no reason given)"


def main():
    report, allowlist = sys.argv[1], sys.argv[2]
    allow = allowed(allowlist)
    skipped = [case for case in ElementTree.parse(report).getroot().iter("testcase")
               if case.find("skipped") is not None or case.get("status") == "notrun"]
    unexpected = [case for case in skipped if case.get("name") not in allow]
    if skipped:
        print(f"\n{len(skipped)} test(s) skipped:")
        for case in skipped:
            name = case.get("name")
            verdict = f"allowed: {allow[name]}" if name in allow else "NOT ALLOWED"
            print(f"  {name}: {skip_reason(case)} [{verdict}]")
    if unexpected:
        print(f"\nFAIL: {len(unexpected)} skipped test(s) are not on {allowlist}: "
              "make them run here, or add them there with the reason.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
