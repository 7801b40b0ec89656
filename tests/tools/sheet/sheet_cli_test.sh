#!/usr/bin/env bash
# `railyard sheet` end to end: -o names the PNG it writes (making missing folders) or the folder
# of several, and a PNG name with --all, which writes several sheets, is refused.
# Usage: sheet_cli_test.sh RAILYARD
set -euo pipefail
railyard=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }

# OpenGL is a dependency (llvmpipe without a GPU): a failure here is a failure, never a skip.
"$railyard" sheet --representation SimpleObjects -o blocks.png >out.txt 2>err.txt ||
  fail "sheet failed: $(cat err.txt)"
[[ -s blocks.png ]] || fail "no blocks.png written"
grep -q "wrote blocks.png" out.txt || fail "does not say what it wrote: $(cat out.txt)"
[[ ! -e output ]] || fail "-o was also taken as a dataset folder"

"$railyard" sheet --scene desert_scene -o sheets >out.txt
[[ -s sheets/sheet_Trains_desert_scene.png ]] || fail "no sheet in the -o folder: $(ls -R)"

# A PNG in folders that do not exist yet: they are made.
"$railyard" sheet --width 160 --height 90 -o new/folders/trains.png >out.txt
[[ -s new/folders/trains.png ]] || fail "no sheet under new folders: $(ls -R)"

if "$railyard" sheet --all -o all.png >out.txt 2>err.txt; then fail "--all -o all.png accepted"; fi
grep -q "names a folder" err.txt || fail "refusal does not say why: $(cat err.txt)"
[[ ! -e all.png ]] || fail "a refused run wrote all.png"
