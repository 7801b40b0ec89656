#!/usr/bin/env bash
# Installs what is missing, then configures and builds railyard in ./build (Release).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)"
