#!/usr/bin/python3
"""The hostile-input harness (issue #40): every case of tests/hostile/cases/ run against the
railyard binary and the Python module, each outcome classified (tests/hostile/README.md).

    /usr/bin/python3 tests/hostile/hostile.py -j 2 --report hostile.md --json hostile.json
    /usr/bin/python3 tests/hostile/hostile.py --surface ltlf --surface score --check
    /usr/bin/python3 tests/hostile/hostile.py --list
    /usr/bin/python3 tests/hostile/hostile.py --case 'ltlf/parens_100' --keep

Cases run in a fixed order and their report lists them in that order: the same tree gives the
same report (apart from times).
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import core  # noqa: E402
import fixtures  # noqa: E402
from cases import SURFACES, load_cases  # noqa: E402


class Context:
    def __init__(self, args):
        self.repo = os.path.abspath(args.repo)
        self.binary = os.path.abspath(args.binary or os.path.join(self.repo, "build/bin/railyard"))
        self.python = "/usr/bin/python3"
        self.python_dir = os.path.abspath(args.python_dir or os.path.join(self.repo, "build/python"))
        self.run_dir = os.path.abspath(args.work)
        self.fixtures_dir = os.path.join(self.run_dir, "fixtures")
        self.keep_scratch = args.keep
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PYTHON", "RAILYARD", "SLURM", "JOB_COMPLETION",
                                    "AWS_BATCH"))}
        env["PYTHONPATH"] = self.python_dir
        env["RAILYARD_BIN"] = self.binary
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["LC_ALL"] = "C.UTF-8"
        self.env = env
        self.fixture_info = {}

    def fixture_path(self, name):
        return os.path.join(self.fixtures_dir, name)

    def help_text(self, *command):
        """`railyard COMMAND --help`, for cases that depend on what a command offers."""
        import subprocess
        for attempt in range(60):  # the binary may be relinked under the harness
            try:
                return subprocess.run([self.binary, *command, "--help"], capture_output=True,
                                      text=True, timeout=30).stdout
            except OSError:
                time.sleep(2)
        return ""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--surface", action="append", help=f"only these surfaces ({', '.join(SURFACES)})")
    p.add_argument("--case", action="append", help="only cases whose surface/name matches (glob)")
    p.add_argument("-j", "--jobs", type=int, default=2, help="cases run at once (default 2)")
    p.add_argument("--report", help="write the Markdown report here")
    p.add_argument("--json", help="write every case's outcome as JSON here")
    p.add_argument("--check", action="store_true", help="exit 1 if any case lands in a bad class")
    p.add_argument("--list", action="store_true", help="list the cases and exit")
    p.add_argument("--repo", default=os.path.dirname(os.path.dirname(HERE)))
    p.add_argument("--binary", help="the railyard binary (default build/bin/railyard)")
    p.add_argument("--python-dir", help="the built Python package's folder (default build/python)")
    p.add_argument("--work", default="/tmp/hostile-run",
                   help="scratch root: fixtures and one folder per case (emptied first)")
    p.add_argument("--keep", action="store_true", help="keep each case's scratch folder")
    p.add_argument("--quiet", "-q", action="store_true")
    return p.parse_args()


def selected(cases, args):
    out = []
    for c in cases:
        if args.surface and c.surface not in args.surface:
            continue
        if args.case and not any(fnmatch.fnmatch(f"{c.surface}/{c.name}", g) for g in args.case):
            continue
        out.append(c)
    return out


def table(results):
    surfaces = [s for s in SURFACES if any(r.case.surface == s for r in results)]
    counts = {s: {k: 0 for k in core.CLASSES} for s in surfaces}
    for r in results:
        if r.klass in core.CLASSES:
            counts[r.case.surface][r.klass] += 1
    head = "| surface | " + " | ".join(core.CLASSES) + " | total |"
    rule = "|---|" + "---:|" * (len(core.CLASSES) + 1)
    rows = [head, rule]
    for s in surfaces:
        rows.append(f"| {s} | " + " | ".join(str(counts[s][k]) for k in core.CLASSES) +
                    f" | {sum(counts[s].values())} |")
    total = {k: sum(counts[s][k] for s in surfaces) for k in core.CLASSES}
    rows.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in core.CLASSES) +
                f" | **{len(results)}** |")
    return "\n".join(rows)


def shown_output(result, lines=6):
    out = []
    for i, step in enumerate(result.steps):
        text = step.output
        if result.case.python is not None:
            exc = core.python_exception(step)
            text = f"{exc[0]}: {exc[1]}" if exc else text
        picked = [core.shorten(l, 400) for l in text.splitlines() if l.strip()][:lines]
        prefix = f"[step {i + 1}, exit {step.rc}] " if len(result.steps) > 1 else f"[exit {step.rc}] "
        out.append(prefix + ("\n".join(picked) if picked else "(no output)"))
    return "\n".join(out)


def report(results, seconds, ctx):
    md = ["# Hostile-input harness report", "",
          f"{len(results)} cases, {seconds:.0f} s wall; binary `{ctx.binary}`.", "",
          table(results), ""]
    for klass in core.BAD_CLASSES + [core.HARNESS_ERROR]:
        members = [r for r in results if r.klass == klass]
        if not members:
            continue
        md += [f"## {klass} ({len(members)})", ""]
        for r in members:
            c = r.case
            md += [f"### `{c.surface}/{c.name}`", "",
                   f"- why: {r.reason}"]
            if c.note:
                md.append(f"- note: {c.note}")
            md += ["- command:", "", "```", c.command_text(), "```", "- output:", "", "```",
                   shown_output(r), "```", ""]
    slow = sorted(results, key=lambda r: -r.seconds)[:15]
    md += ["## Slowest cases", "", "| case | class | seconds |", "|---|---|---:|"]
    md += [f"| `{r.case.surface}/{r.case.name}` | {r.klass} | {r.seconds:.1f} |" for r in slow]
    return "\n".join(md) + "\n"


def to_json(results, seconds):
    return {"seconds": round(seconds, 1),
            "cases": [{"surface": r.case.surface, "name": r.case.name, "class": r.klass,
                       "reason": r.reason, "expect": r.case.expect,
                       "command": r.case.command_text(),
                       "seconds": round(r.seconds, 2),
                       "steps": [{"rc": s.rc, "seconds": round(s.seconds, 2),
                                  "timed_out": s.timed_out, "killed": s.killed,
                                  "sampled_peak_mb": round(s.sampled_peak_mb, 1),
                                  "rss_samples": s.rss_samples[-40:],
                                  "stdout": core.shorten(s.stdout, 4000), "stderr": core.shorten(s.stderr, 4000)}
                                 for s in r.steps]}
                      for r in results]}


def main():
    args = parse_args()
    ctx = Context(args)
    cases = load_cases(ctx)
    names = set()
    for c in cases:
        key = f"{c.surface}/{c.name}"
        if key in names:
            sys.exit(f"hostile.py: two cases named {key}")
        names.add(key)
    cases = selected(cases, args)
    if args.list:
        for c in cases:
            print(f"{c.surface}/{c.name}\t{c.expect}\t{c.command_text()}")
        print(f"{len(cases)} cases", file=sys.stderr)
        return 0
    for path in (ctx.binary,):
        if not os.path.exists(path):
            sys.exit(f"hostile.py: {path} does not exist; build first")
    shutil.rmtree(ctx.run_dir, ignore_errors=True)
    os.makedirs(ctx.run_dir)
    start = time.monotonic()
    needed = set().union(*(c.fixtures() for c in cases)) if cases else set()
    fixtures.build(ctx, needed, quiet=args.quiet)
    if not args.quiet:
        print(f"fixtures built in {time.monotonic() - start:.0f} s; running {len(cases)} cases "
              f"with -j {args.jobs}", file=sys.stderr)
    results = [None] * len(cases)
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(core.run_case, c, ctx, i): i for i, c in enumerate(cases)}
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            done += 1
            r = results[i]
            if not args.quiet:
                mark = "!!" if r.klass in core.BAD_CLASSES else "  "
                print(f"{mark} [{done}/{len(cases)}] {r.klass:10s} {r.seconds:5.1f}s "
                      f"{r.case.surface}/{r.case.name}: {core.shorten(r.reason, 150)}",
                      file=sys.stderr, flush=True)
    seconds = time.monotonic() - start
    print(table(results))
    print(f"\n{len(results)} cases in {seconds:.0f} s")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write(report(results, seconds, ctx))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(to_json(results, seconds), f, indent=1)
    if not args.keep:
        shutil.rmtree(os.path.join(ctx.run_dir, "cases"), ignore_errors=True)
    broken = [r for r in results if r.klass == core.HARNESS_ERROR]
    for r in broken:
        print(f"HARNESS ERROR {r.case.surface}/{r.case.name}: {r.reason}", file=sys.stderr)
    if broken:
        return 2
    if args.check and any(r.klass in core.BAD_CLASSES for r in results):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
