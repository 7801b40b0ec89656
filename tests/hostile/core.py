"""The hostile-input harness's core: what a case is, how one runs, and how its outcome is
classified (tests/hostile/README.md).

A case is data: a name, the surface it attacks, a setup (files and folders planted in a fresh
scratch folder), the command (argv for the railyard binary, or a Python snippet run in a child
/usr/bin/python3), and an expectation: `refuse` (the message must name what is at fault: tokens),
`accept` (an oracle checks the output), or `either` (a true refusal or a right answer). Each
outcome lands in exactly one class of CLASSES.
"""
import dataclasses
import hashlib
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import time
from typing import Callable, Optional

CLASSES = ["crash", "hang", "destroyed", "wrong", "accepted", "unclear", "ok_refused", "ok_edge"]
# A case the harness itself could not set up or check (a fault of the harness, not railyard's).
HARNESS_ERROR = "harness_error"
BAD_CLASSES = CLASSES[:6]

# Every child runs under this address-space limit (4 GB): growth past it is "hang" (unbounded).
ADDRESS_SPACE_LIMIT = 4_000_000_000
# A hang detector, not a speed goal: generous, so that a slow or busy machine never fails a case
# that finishes (speed is measured in BENCHMARKS.md, never asserted here).
DEFAULT_TIMEOUT = 120.0
# No command here works on more than a few tiny files: a process group seen above this resident
# size (sampled every half second) grows with its input, not its work: "hang" (unbounded memory).
MEMORY_BOUND_MB = 1500

# Text that says the program ran out of memory (the limit above hit).
MEMORY_MARKERS = ["std::bad_alloc", "bad_alloc", "cannot allocate", "MemoryError",
                  "Cannot allocate memory", "out of memory"]
# Text that says the program died rather than refused.
CRASH_MARKERS = ["terminate called", "Segmentation fault", "AddressSanitizer",
                 "UndefinedBehaviorSanitizer", "runtime error:", "Fatal Python error",
                 "core dumped", "stack smashing", "double free", "free(): ", "malloc(): "]
# Text a user-facing message must not show: library internals.
INTERNAL_MARKERS = ["std::", "filesystem error", "basic_string", "nlohmann", "json.exception",
                    "what():", "pybind11", "incompatible function arguments",
                    "Traceback (most recent call last)", "/tmp/railyard", ".partial-",
                    "railyard-tmp-", "Invoked with:", "vector::_M", "stoi", "stod",
                    "std::out_of_range", "__cxx11"]


def lower(text):
    return text.lower()


@dataclasses.dataclass
class Case:
    name: str
    surface: str
    argv: Optional[list] = None       # railyard's arguments (the binary is prepended)
    python: Optional[str] = None      # a snippet run by /usr/bin/python3 (S, FX, REPO defined)
    setup: list = dataclasses.field(default_factory=list)
    expect: str = "refuse"            # refuse | accept | either
    tokens: list = dataclasses.field(default_factory=list)  # groups: str or tuple (any of)
    forbid: list = dataclasses.field(default_factory=list)  # a message saying these misdescribes
    oracle: Optional[Callable] = None  # (Result) -> None when right, else what is wrong
    keep: list = dataclasses.field(default_factory=list)    # sentinels, relative to scratch
    keep_all: Optional[bool] = None   # every planted path is a sentinel (default: refuse cases)
    timeout: float = DEFAULT_TIMEOUT
    kill_after: Optional[float] = None  # SIGKILL the first command's group after this long
    kill_when: Optional[str] = None   # ... or as soon as this glob (relative to scratch) matches
    then: Optional[list] = None       # railyard arguments run after the first command
    probe: Optional[dict] = None      # memory probe: seconds, max_mb, settle, progress glob
    stdin: Optional[bytes] = None
    stdin_file: Optional[str] = None  # standard input from this planted file instead
    cwd: str = ""
    exc: Optional[tuple] = None       # python: acceptable exception class names for a refusal
    needs: list = dataclasses.field(default_factory=list)  # fixtures read by oracles/setups
    memory_mb: float = MEMORY_BOUND_MB  # the resident size past which the case is "hang"
    refusal_check: Optional[Callable] = None  # (message) -> None, or how it misdescribes
    note: str = ""
    env: dict = dataclasses.field(default_factory=dict)

    def fixtures(self):
        return {a[1] for a in self.setup if a[0] == "copy"} | set(self.needs)

    def command_text(self):
        if self.python is not None:
            return "python3 -c " + shlex.quote(self.python.strip())
        text = "railyard " + " ".join(shlex.quote(shorten(a)) for a in self.argv)
        if self.then:
            text += "   (killed, then) railyard " + " ".join(shlex.quote(shorten(a))
                                                              for a in self.then)
        return text


def shorten(text, limit=160):
    if len(text) <= limit:
        return text
    return text[:limit // 2] + f"...[{len(text)} chars]..." + text[-limit // 4:]


@dataclasses.dataclass
class Step:
    argv: list
    rc: Optional[int] = None          # exit code; negative: killed by that signal
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.0
    timed_out: bool = False
    killed: bool = False              # killed on purpose (kill_after, probe)
    peak_rss_mb: float = 0.0
    sampled_peak_mb: float = 0.0      # the group's resident size, sampled while it ran
    rss_samples: list = dataclasses.field(default_factory=list)  # (seconds, MB)

    @property
    def output(self):
        return (self.stderr + "\n" + self.stdout).strip()


@dataclasses.dataclass
class Result:
    case: Case
    scratch: str                      # the case's working folder (S)
    steps: list
    klass: str = ""
    reason: str = ""
    seconds: float = 0.0

    @property
    def last(self):
        return self.steps[-1]

    @property
    def rc(self):
        return self.last.rc

    @property
    def stdout(self):
        return self.last.stdout

    @property
    def stderr(self):
        return self.last.stderr

    @property
    def output(self):
        return self.last.output

    def path(self, relative):
        return os.path.join(self.scratch, relative)

    def python_result(self):
        """The JSON a snippet left in RESULT, or None."""
        import json
        for line in self.stdout.splitlines():
            if line.startswith("HOSTILE-RESULT "):
                return json.loads(line[len("HOSTILE-RESULT "):])
        return None


# ---------------------------------------------------------------------------------------------
# Planting and snapshots

def expand(text, ctx, scratch):
    return (text.replace("{S}", scratch).replace("{FX}", ctx.fixtures_dir)
            .replace("{REPO}", ctx.repo).replace("{B}", ctx.binary))


def apply_setup(case, ctx, scratch):
    for action in case.setup:
        kind = action[0]
        if kind == "copy":        # ("copy", fixture, relative destination)
            source = ctx.fixture_path(action[1])
            shutil.copytree(source, os.path.join(scratch, action[2]), symlinks=True)
        elif kind == "write":     # ("write", relative, str | bytes)
            path = os.path.join(scratch, action[1])
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            data = action[2]
            if isinstance(data, str):
                data = expand(data, ctx, scratch).encode("utf-8")
            with open(path, "wb") as f:
                f.write(data)
        elif kind == "mkdir":
            os.makedirs(os.path.join(scratch, action[1]), exist_ok=True)
        elif kind == "symlink":   # ("symlink", target (expanded), relative link)
            path = os.path.join(scratch, action[2])
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            os.symlink(expand(action[1], ctx, scratch), path)
        elif kind == "fifo":
            path = os.path.join(scratch, action[1])
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            os.mkfifo(path)
        elif kind == "fn":        # ("fn", callable(scratch, ctx))
            action[1](scratch, ctx)
        else:
            raise ValueError(f"{case.name}: unknown setup action {kind}")


def snapshot(root, paths):
    """{relative path: fingerprint} of every entry under each of `paths` (relative to root)."""
    out = {}

    def visit(rel):
        full = os.path.join(root, rel)
        try:
            st = os.lstat(full)
        except FileNotFoundError:
            out[rel] = "missing"
            return
        if stat.S_ISLNK(st.st_mode):
            out[rel] = "link:" + os.readlink(full)
        elif stat.S_ISDIR(st.st_mode):
            out[rel] = "dir"
            for name in sorted(os.listdir(full)):
                visit(os.path.join(rel, name) if rel else name)
        elif stat.S_ISREG(st.st_mode):
            h = hashlib.sha256()
            with open(full, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    h.update(block)
            out[rel] = "file:" + h.hexdigest()
        else:
            out[rel] = "special:%o" % stat.S_IFMT(st.st_mode)

    for p in paths:
        visit(p)
    return out


def listing(root):
    """Every entry under root, relative (links not followed)."""
    found = set()
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            found.add(os.path.relpath(os.path.join(folder, name), root))
    return found


# A new entry whose name says it is a temporary or a half-written thing.
TEMP_NAME = re.compile(r"(\.partial|\.old-|railyard-tmp|\.tmp|tmp-\d|\.swp$|~$|^\.nfs)")
# Hidden names railyard writes on purpose: folder markers and lock files.
ALLOWED_HIDDEN = re.compile(r"^(\.railyard-(export|worlds|score|compare|suite|dataset|run|lock|pack|gallery)"
                            r"[a-z_-]*|\.[a-z_-]+\.lock)$")


def is_temporary(rel):
    name = os.path.basename(rel)
    if TEMP_NAME.search(name):
        return True
    if name.startswith(".") and not ALLOWED_HIDDEN.match(name):
        return True
    return False


# ---------------------------------------------------------------------------------------------
# Running one command

def group_rss_mb(pgid):
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:  # field 5: pgrp
                continue
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1024.0


def read_head(path, limit=64 << 20):
    try:
        with open(path, "rb") as f:
            data = f.read(limit)
    except OSError:
        return ""
    return data.decode("utf-8", "replace")


def run_step(argv, cwd, env, timeout, log_prefix, stdin=None, kill_after=None, kill_when=None,
             probe=None, scratch=None):
    """One command, retried while the binary cannot be executed (relinked under the harness)."""
    for attempt in range(60):
        step = run_step_once(argv, cwd, env, timeout, log_prefix, stdin, kill_after, kill_when,
                             probe, scratch)
        if step.rc in (126, 127) and "prlimit: failed to execute" in step.stderr:
            time.sleep(2)
            continue
        return step
    return step


def run_step_once(argv, cwd, env, timeout, log_prefix, stdin=None, kill_after=None,
                  kill_when=None, probe=None, scratch=None):
    step = Step(argv=list(argv))
    out_path, err_path = log_prefix + ".out", log_prefix + ".err"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        if isinstance(stdin, str):  # a device or file to read from as it is (/dev/zero)
            stdin_file = open(stdin, "rb")
        elif stdin is not None:
            in_path = log_prefix + ".in"
            with open(in_path, "wb") as f:
                f.write(stdin)
            stdin_file = open(in_path, "rb")
        else:
            stdin_file = subprocess.DEVNULL
        limited = ["prlimit", f"--as={ADDRESS_SPACE_LIMIT}", "--"] + list(argv)
        start = time.monotonic()
        try:
            proc = subprocess.Popen(limited, cwd=cwd, env=env, stdin=stdin_file, stdout=out,
                                    stderr=err, start_new_session=True)
        except OSError as e:
            step.rc = 127
            step.stderr = f"HARNESS: could not start: {e}"
            return step
        finally:
            if stdin is not None:
                stdin_file.close()
        status = None
        usage = None
        next_sample = 0.0
        deadline = probe["seconds"] if probe else None
        while True:
            pid, st, ru = os.wait4(proc.pid, os.WNOHANG)
            elapsed = time.monotonic() - start
            if pid != 0:
                status, usage = st, ru
                break
            if elapsed >= next_sample and (probe or elapsed >= 0.5):
                mb = group_rss_mb(proc.pid)
                step.rss_samples.append((round(elapsed, 2), round(mb, 1)))
                step.sampled_peak_mb = max(step.sampled_peak_mb, mb)
                next_sample = elapsed + (0.25 if probe else 0.5)
                if probe and mb > probe.get("max_mb", 1500) * 1.5:
                    deadline = elapsed  # no need to wait: it is past the bound already
                if len(step.rss_samples) > 400:
                    del step.rss_samples[:200]
            stop = None
            if kill_after is not None and elapsed >= kill_after:
                stop = "killed"
            if kill_when and scratch and elapsed > 0.05:
                import glob
                if glob.glob(os.path.join(scratch, kill_when)):
                    stop = "killed"
            if deadline is not None and elapsed >= deadline:
                stop = "killed"
            # A probe ends once the run has shown its progress (its memory sampled a while):
            # what is asserted is that it gets there within its bounds, not how fast.
            if probe and probe.get("progress") and scratch and elapsed >= probe.get("settle", 2.0):
                import glob
                if glob.glob(os.path.join(scratch, probe["progress"])):
                    stop = "killed"
            if elapsed >= timeout:
                stop = "timeout"
            if stop:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                _, st, ru = os.wait4(proc.pid, 0)
                status, usage = st, ru
                step.timed_out = stop == "timeout"
                step.killed = stop == "killed"
                break
            time.sleep(0.01 if elapsed < 1 else 0.03)
        proc.returncode = 0  # reaped above; keep Popen from waiting again
        step.seconds = time.monotonic() - start
        # Anything the command left running in its group goes too.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    step.rc = os.waitstatus_to_exitcode(status)
    step.peak_rss_mb = (usage.ru_maxrss / 1024.0) if usage else 0.0
    step.stdout = read_head(out_path)
    step.stderr = read_head(err_path)
    return step


PY_WRAPPER = r"""
import json, os, sys
S, FX, REPO = os.environ["HOSTILE_S"], os.environ["HOSTILE_FX"], os.environ["HOSTILE_REPO"]
BIN = os.environ["HOSTILE_BIN"]
scope = {"S": S, "FX": FX, "REPO": REPO, "BIN": BIN, "__name__": "__hostile__"}
with open(os.environ["HOSTILE_SNIPPET"], encoding="utf-8") as f:
    source = f.read()
os.chdir(S)
try:
    exec(compile(source, "<case>", "exec"), scope)
except BaseException as e:
    sys.stdout.flush()
    sys.stderr.write("\nHOSTILE-RAISED %s\nHOSTILE-BASES %s\nHOSTILE-MESSAGE %s\n" % (
        type(e).__name__, " ".join(c.__name__ for c in type(e).__mro__), e))
    sys.stderr.flush()
    os._exit(3)
if "RESULT" in scope:
    print("HOSTILE-RESULT " + json.dumps(scope["RESULT"], default=repr))
sys.stdout.flush()
os._exit(0)
"""


def python_exception(step):
    """(class name, message) of the exception a snippet raised, or None."""
    m = re.search(r"HOSTILE-RAISED (\S+)\nHOSTILE-BASES ([^\n]*)\nHOSTILE-MESSAGE (.*)",
                  step.stderr, re.S)
    if not m:
        return None
    return m.group(1), m.group(3).strip(), m.group(2).split()


# ---------------------------------------------------------------------------------------------
# Classification

def check_tokens(message, groups):
    """The token groups a message lacks (each group: one string, or a tuple of alternatives)."""
    text = lower(message)
    missing = []
    for group in groups:
        options = group if isinstance(group, tuple) else (group,)
        if not any(lower(o) in text for o in options):
            missing.append(" | ".join(options))
    return missing


def internals_in(message, scratch_tmp):
    shown = [m for m in INTERNAL_MARKERS if m in message]
    if scratch_tmp and scratch_tmp in message:
        shown.append("a temporary path (" + scratch_tmp + "/...)")
    return shown


def crashed(step, is_python):
    if step.rc is None:
        return "no exit status"
    if step.killed or step.timed_out:
        return None
    text = step.output
    if step.rc < 0:
        return f"killed by signal {signal.Signals(-step.rc).name}"
    if step.rc >= 128:
        return f"exit code {step.rc}"
    for marker in CRASH_MARKERS:
        if marker in text:
            return f"'{marker}' in its output"
    if is_python and step.rc != 0 and python_exception(step) is None:
        return f"python child exited {step.rc} without a Python exception"
    return None


def out_of_memory(step):
    for marker in MEMORY_MARKERS:
        if marker in step.output:
            return f"'{marker}' (the {ADDRESS_SPACE_LIMIT // 10**9} GB address-space limit)"
    return None


def classify(result, roots, before, before_listing, tmp_dir):
    case = result.case
    first, last = result.steps[0], result.steps[-1]
    is_python = case.python is not None

    # hang: past the timeout, or unbounded memory
    for step in result.steps:
        if step.timed_out:
            return "hang", f"still running after {step.seconds:.0f} s (killed)"
        oom = out_of_memory(step)
        if oom:
            return "hang", "unbounded memory: " + oom
        if step.sampled_peak_mb > case.memory_mb and not case.probe:
            return "hang", (f"unbounded memory: the process group reached {step.sampled_peak_mb:.0f}"
                            f" MB resident (bound {case.memory_mb:.0f} MB) and ran "
                            f"{step.seconds:.1f} s")
    if case.probe and first.killed:
        p = case.probe
        peak = max([mb for _, mb in first.rss_samples] or [0])
        early = [mb for t, mb in first.rss_samples if t >= p.get("settle", 2.0)]
        growth = (early[-1] - early[0]) if len(early) >= 2 else 0.0  # reported, not asserted
        if peak > p.get("max_mb", 1500):
            return "hang", (f"memory not flat: peak RSS {peak:.0f} MB within {first.seconds:.1f} s "
                            f"(bound {p.get('max_mb', 1500)} MB); samples {first.rss_samples[-6:]}")
        if p.get("progress"):
            import glob
            if not glob.glob(os.path.join(result.scratch, p["progress"])):
                return "hang", (f"no output ({p['progress']}) after {first.seconds:.1f} s "
                                f"(peak RSS {peak:.0f} MB)")
        if len(result.steps) == 1 and not crashed(first, is_python):
            return "ok_edge", (f"started at once with flat memory: peak RSS {peak:.0f} MB, "
                               f"+{growth:.0f} MB after {p.get('settle', 2.0)} s, killed after "
                               f"{first.seconds:.0f} s")

    # crash
    for step in result.steps:
        c = crashed(step, is_python)
        if c:
            return "crash", c

    # destroyed: sentinels, temporaries beside the output, temporaries in TMPDIR
    after = snapshot(result.scratch, roots)
    changed = sorted(k for k in before if before[k] != after.get(k, "missing"))
    if changed:
        what = ", ".join(f"{k} ({'vanished' if after.get(k, 'missing') == 'missing' else 'changed'})"
                         for k in changed[:5])
        return "destroyed", f"{len(changed)} planted path(s) changed or vanished: {what}"
    new = sorted(p for p in listing(result.scratch) - before_listing if is_temporary(p))
    if last.killed:  # killed on purpose with nothing run after: its temporaries are expected
        new = []
    if new:
        return "destroyed", "temporaries left behind: " + ", ".join(new[:5])
    leftovers = sorted(os.listdir(tmp_dir)) if os.path.isdir(tmp_dir) else []
    if leftovers:
        return "destroyed", "left in TMPDIR: " + ", ".join(leftovers[:5])

    # expectation
    refused = last.rc != 0
    message = last.output
    if is_python:
        exc = python_exception(last)
        refused = exc is not None
        if exc:
            message = f"{exc[0]}: {exc[1]}"
    if case.expect == "accept" or (case.expect == "either" and not refused):
        if refused:
            return "wrong", "refused a valid input: " + first_lines(message, 3)
        if case.oracle:
            fault = case.oracle(result)
            if isinstance(fault, tuple):
                return fault
            if fault:
                return "wrong", fault
        return "ok_edge", "accepted, output checked" if case.oracle else "accepted"
    # refuse (or a refused `either`)
    if not refused:
        return "accepted", "exit 0: " + (first_lines(message, 2) or "(no output)")
    if not message.strip():
        return "unclear", "refused with no message"
    shown = internals_in(message, tmp_dir)
    if shown:
        return "unclear", "shows internals: " + ", ".join(shown)
    if is_python and case.exc:
        if not set(exc[2]) & set(case.exc):
            return "unclear", f"raised {exc[0]}, not one of the exceptions a user can catch for " \
                              f"bad input ({', '.join(case.exc[:4])}, ...)"
    contradiction = re.search(r"made by (railyard[^,;\n]*?)\s*,\s*not by (railyard[^,;\n]*)",
                              message)
    if contradiction and contradiction.group(1).strip() == contradiction.group(2).strip():
        return "unclear", ("misdescribes: contradicts itself: '" +
                           " ".join(contradiction.group(0).split()) + "'")
    raw = sorted({f"\\x{ord(c):02x}" for c in message if ord(c) < 32 and c not in "\n\t\r"
                  or ord(c) == 127})
    if raw:
        return "unclear", ("echoes raw control characters of the input (" + ", ".join(raw[:5]) +
                           "); the user's text should be shown escaped")
    lies = [f for f in case.forbid if lower(f) in lower(message)]
    if lies:
        return "unclear", "misdescribes: says '" + "', '".join(lies) + "'"
    missing = check_tokens(message, case.tokens)
    if missing:
        return "unclear", "does not name: " + "; ".join(missing)
    if case.refusal_check:
        fault = case.refusal_check(message)
        if fault:
            return "unclear", fault
    return "ok_refused", "refused: " + first_lines(message, 1)


def first_lines(text, n):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    out = " / ".join(shorten(l, 300) for l in lines[:n])
    return out


# ---------------------------------------------------------------------------------------------
# One case, whole

def run_case(case, ctx, index):
    base = os.path.join(ctx.run_dir, "cases", f"{index:04d}")
    scratch = os.path.join(base, "w")
    tmp_dir = os.path.join(base, "t")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(scratch)
    os.makedirs(tmp_dir)
    start = time.monotonic()
    try:
        apply_setup(case, ctx, scratch)
    except Exception as e:
        result = Result(case=case, scratch=scratch, steps=[Step(argv=[])])
        result.klass = HARNESS_ERROR
        result.reason = f"the setup failed: {type(e).__name__}: {e}"
        return result
    keep_all = case.keep_all if case.keep_all is not None else case.expect == "refuse"
    roots = sorted(os.listdir(scratch)) if keep_all else []
    roots = sorted(set(roots) | set(case.keep))
    before = snapshot(scratch, roots)
    before_listing = listing(scratch)

    env = dict(ctx.env)
    env["TMPDIR"] = tmp_dir
    env.update(case.env)
    cwd = os.path.join(scratch, case.cwd) if case.cwd else scratch
    stdin = case.stdin
    if case.stdin_file and case.stdin_file.startswith("/dev/"):
        stdin = case.stdin_file
    elif case.stdin_file:
        with open(os.path.join(scratch, case.stdin_file), "rb") as f:
            stdin = f.read()
    steps = []
    if case.python is not None:
        snippet = os.path.join(base, "snippet.py")
        with open(snippet, "w", encoding="utf-8") as f:
            f.write(expand(case.python, ctx, scratch))
        env.update({"HOSTILE_S": scratch, "HOSTILE_FX": ctx.fixtures_dir, "HOSTILE_REPO": ctx.repo,
                    "HOSTILE_BIN": ctx.binary, "HOSTILE_SNIPPET": snippet})
        argv = [ctx.python, "-c", PY_WRAPPER]
        steps.append(run_step(argv, cwd, env, case.timeout, os.path.join(base, "1"), stdin,
                              case.kill_after, case.kill_when, case.probe, scratch))
    else:
        argv = [ctx.binary] + [expand(a, ctx, scratch) for a in case.argv]
        steps.append(run_step(argv, cwd, env, case.timeout, os.path.join(base, "1"), stdin,
                              case.kill_after, case.kill_when, case.probe, scratch))
        if case.then is not None and not steps[0].timed_out:
            argv2 = [ctx.binary] + [expand(a, ctx, scratch) for a in case.then]
            steps.append(run_step(argv2, cwd, env, case.timeout, os.path.join(base, "2"),
                                  scratch=scratch))
    result = Result(case=case, scratch=scratch, steps=steps)
    try:
        result.klass, result.reason = classify(result, roots, before, before_listing, tmp_dir)
    except Exception as e:  # an oracle's own fault must not hide the case
        result.klass, result.reason = HARNESS_ERROR, f"the oracle failed: {type(e).__name__}: {e}"
    result.seconds = time.monotonic() - start
    if not ctx.keep_scratch:
        shutil.rmtree(base, ignore_errors=True)
    return result
