#!/usr/bin/env bash
# Pins the bytes of small datasets: raster and path tracer, both representations, pinhole and
# fisheye lenses, label noise, subsets and compressed depth, a sequence set, and a pairs folder (golden/pairs/,
# made by `railyard intervene`). Every file the run writes is hashed (golden_hashes.py says what is normalised) and compared with golden/hashes.txt.
# A change that alters dataset bytes on purpose regenerates the file with --update and says in
# its commit which bytes changed and why. The raster runs on llvmpipe, whose output is the same on
# every machine with Debian 12's Mesa.
# Usage: golden_bytes_test.sh RAILYARD [--update]
set -euo pipefail
railyard=$1
here=$(cd "$(dirname "$0")" && pwd)
expected=$here/golden/hashes.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export RAILYARD_EGL=surfaceless

for config in "$here"/golden/*.yaml; do
  case_name=$(basename "$config" .yaml)
  "$railyard" generate "$config" -o "$tmp/$case_name" -j 2 -q >/dev/null
  /usr/bin/python3 "$here/golden_hashes.py" "$case_name" "$tmp/$case_name" >>"$tmp/hashes.txt"
done
for config in "$here"/golden/pairs/*.yaml; do
  case_name=pairs_$(basename "$config" .yaml)
  "$railyard" intervene "$config" -o "$tmp/$case_name" -j 2 -q >/dev/null
  /usr/bin/python3 "$here/golden_hashes.py" "$case_name" "$tmp/$case_name" >>"$tmp/hashes.txt"
done

if [[ ${2:-} == --update ]]; then
  cp "$tmp/hashes.txt" "$expected"
  echo "wrote $expected ($(wc -l <"$expected") files)"
  exit 0
fi
if ! diff -u "$expected" "$tmp/hashes.txt" >"$tmp/diff.txt"; then
  echo "FAIL: dataset bytes differ from tests/tools/dataset/golden/hashes.txt:"
  grep '^[-+][0-9a-f]' "$tmp/diff.txt" | awk '{print $1 " " $2}' | sed 's/^\(.\)[0-9a-f]* /\1 /' | sort -k2 | head -60
  exit 1
fi
echo "PASS: $(wc -l <"$expected") files byte-identical"
