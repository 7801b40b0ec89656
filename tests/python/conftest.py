"""Shared fixtures of the Python module's tests: the railyard command and small datasets it
wrote, to compare the module against. ctest sets PYTHONPATH (the built package) and
RAILYARD_BIN (the command)."""
import glob
import os
import subprocess

import pytest

# Small, quick samples; every test that compares with `generate` uses these keys.
SMALL = {"count": 4, "width": 160, "height": 90, "seed": 7}


def railyard_command():
    return os.environ.get("RAILYARD_BIN", "build/bin/railyard")


def generate(output, **keys):
    """Runs `railyard generate` with keys as --set assignments; returns the dataset folder."""
    keys = {**SMALL, **keys, "output": str(output)}
    command = [railyard_command(), "generate", "-q"]
    for key, value in keys.items():
        command += ["--set", f"{key}={value}"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (root,) = [path for path in glob.glob(os.path.join(output, "*"))
               if os.path.isfile(os.path.join(path, "manifest.json"))]
    return root


@pytest.fixture(scope="session")
def small_dataset(tmp_path_factory):
    """(folder, output folder) of a 4-sample dataset written by `railyard generate`."""
    output = tmp_path_factory.mktemp("generated")
    return generate(output), output


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A skipped test fails: a skip is a check not made (tools/check_skips.py's rule)."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"skipped tests are not allowed: {report.longrepr}"
