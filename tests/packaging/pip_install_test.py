#!/usr/bin/python3
"""`pip install .` of the checkout, offline, into a fresh venv of Debian's python3 (with the
system's site packages: numpy, torch), then `import railyard` from outside the tree with no
PYTHONPATH: the installed package (extension and every subpackage, baselines included) must
come from the venv and give the same trains, labels and pictures as the build tree's module.

    pip_install_test.py SOURCE_DIR BUILD_DIR

BUILD_DIR is a CMake build that already holds the extension (ctest's own): pip reuses it
(RAILYARD_BUILD_DIR, RAILYARD_NO_BUILD=1, see setup.py) instead of building the C++ again. Exit
status 0 on success; a failure says what differed."""
import json
import os
import subprocess
import sys
import tempfile

PYTHON = "/usr/bin/python3"

# What both modules compute: sampled trains, their labels, and two small pictures.
PROBE = r"""
import hashlib, json, sys
import railyard
trains = railyard.sample_trains(count=50, seed=3)
labels = railyard.Rule("theoryx").label(trains).labels
generator = railyard.Generator(count=2, width=64, height=36, seed=5)
samples = [generator[i] for i in range(2)]
print(json.dumps({
    "module": railyard.__file__,
    "native": railyard._native.__file__,
    "descriptions": trains.descriptions(),
    "labels": [int(v) for v in labels],
    "images": [hashlib.sha256(s["image"].tobytes()).hexdigest() for s in samples],
    "trains": [s["description"] for s in samples],
}))
"""


def run(command, **options):
    done = subprocess.run(command, capture_output=True, text=True, **options)
    if done.returncode != 0:
        sys.exit(f"FAILED: {' '.join(command)} (exit {done.returncode})\n{done.stdout}\n"
                 f"{done.stderr}")
    return done.stdout


def main():
    source, build = (os.path.abspath(path) for path in sys.argv[1:3])
    clean = {key: value for key, value in os.environ.items()
             if key != "PYTHONPATH" and not key.startswith("PIP_")}
    clean["PIP_CONFIG_FILE"] = os.devnull  # no pip.conf's index or find-links: offline
    with tempfile.TemporaryDirectory(prefix="railyard-pip-") as work:
        venv = os.path.join(work, "venv")
        run([PYTHON, "-m", "venv", "--system-site-packages", venv], env=clean)
        python = os.path.join(venv, "bin", "python")
        run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
             "--disable-pip-version-check", "-q", source],
            env={**clean, "RAILYARD_BUILD_DIR": build, "RAILYARD_NO_BUILD": "1"}, cwd=work)

        # Outside the tree, no PYTHONPATH: the venv's railyard.
        installed = json.loads(run([python, "-c", PROBE], env=clean, cwd=work))
        site = os.path.join(venv, "lib")
        for key in ("module", "native"):
            if not installed[key].startswith(site):
                sys.exit(f"FAILED: railyard's {key} came from {installed[key]}, not the venv")
        run([python, "-c", "import railyard.baselines, railyard.torch, railyard.reader, "
             "railyard.score"], env=clean, cwd=work)
        usage = run([python, "-m", "railyard.baselines", "--help"], env=clean, cwd=work)
        if "--model" not in usage:
            sys.exit(f"FAILED: python -m railyard.baselines --help:\n{usage}")

        # The build tree's module, for comparison.
        built = json.loads(run([PYTHON, "-c", PROBE], cwd=work,
                               env={**clean, "PYTHONPATH": os.path.join(build, "python")}))
        for key in ("descriptions", "labels", "images", "trains"):
            if installed[key] != built[key]:
                sys.exit(f"FAILED: the installed module's {key} differ from the build's:\n"
                         f"{installed[key]}\n{built[key]}")

        files = run([python, "-m", "pip", "show", "-f", "railyard"], env=clean, cwd=work)
        for name in ("railyard/__init__.py", "railyard/baselines/__main__.py",
                     "railyard/_native."):
            if name not in files:
                sys.exit(f"FAILED: pip show -f railyard lists no {name}:\n{files}")
        run([python, "-m", "pip", "uninstall", "-y", "-q", "railyard"], env=clean, cwd=work)
        print(f"pip install: railyard imported from {installed['module']}, "
              f"{len(installed['labels'])} labels and {len(installed['images'])} images as built")


if __name__ == "__main__":
    main()
