#!/usr/bin/env bash
# Installs railyard's build and test dependencies from Debian 12 packages (run as root).
# Does nothing when everything is already installed.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  python3-glad              # generates the OpenGL loader at build time
  libglm-dev nlohmann-json3-dev libcli11-dev libyaml-cpp-dev
  libarchive-dev libassimp-dev libdeflate-dev libembree-dev libopenexr-dev libpng-dev libtbb-dev
  libssl-dev                # SHA-256 of the inputs a dataset was started with
  libglfw3-dev libegl-dev libgl-dev
  libegl-mesa0 libgl1-mesa-dri  # Mesa's EGL and llvmpipe: OpenGL on the CPU without a GPU
  libfreetype-dev fonts-dejavu-core  # captions of the contact sheet
  libgtest-dev
  swi-prolog-nox            # the reference Prolog the engine is compared with
  clang libclang-rt-14-dev  # libFuzzer, ASan and UBSan for tools/fuzz.sh
  gringo                    # clingo's grounder: reads the Popper exports as Popper does
  python3-networkx          # loads the scene graph exports in their test
  xvfb xauth                # a display for the viewer's test
  slurm-wlm munge           # a local Slurm farm for the tools/slurm test
  pybind11-dev python3-dev  # the Python module (python/)
  python3-numpy python3-pytest python3-torch  # its arrays, tests and DataLoader
  python3-torchvision       # the baselines (railyard.baselines): ResNet18
  python3-pip python3-venv python3-setuptools python3-wheel  # pip install . (pyproject.toml,
                            # setup.py) offline into a venv, and its test (tests/packaging)
  python3-pyld python3-yaml  # the dataset card's test: a JSON-LD processor, the Hub's front matter
  chromium fonts-liberation  # opens report.html headless in railyard score's test
  blender                   # imports each sample's .glb (outputs.scene) and renders its camera in
                            # the scene output's test; bench pathtrace's Cycles reference
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: run as root (or install these packages yourself)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
