#!/usr/bin/env bash
# `railyard view` in a real window (run under xvfb-run by CTest): scripted runs of the raster and
# the progressive path-traced view save the window, which must be the requested size and show a
# train (many distinct colours, not a cleared window). Usage: view_test.sh RAILYARD PNG_STATS_PY
set -euo pipefail
railyard=$1
png_stats=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check PNG WIDTH HEIGHT MIN_COLOURS
  read -r width height colours < <(python3 "$png_stats" "$1")
  if [[ $width != "$2" || $height != "$3" || $colours -lt $4 ]]; then
    echo "FAIL: $1 is ${width}x${height} with $colours colours; wanted $2x$3, >= $4 colours"
    exit 1
  fi
  echo "ok: $1 ${width}x${height}, $colours colours"
}

"$railyard" view -n 10 --index 2 --frames 2 --screenshot "$tmp/raster.png"
check "$tmp/raster.png" 960 540 200

"$railyard" view -n 10 --index 2 --mode ids --frames 2 --window-width 480 --window-height 270 \
  --screenshot "$tmp/ids.png"
check "$tmp/ids.png" 480 270 5

# Path tracer, progressive: levels of 1, 2 and 4 samples per pixel.
"$railyard" view -n 10 --index 2 --backend pathtrace --samples 4 --frames 3 \
  --window-width 320 --window-height 180 --screenshot "$tmp/pathtrace.png"
check "$tmp/pathtrace.png" 320 180 200

# A train past the end of the dataset is refused before any window opens.
if "$railyard" view -n 3 --index 7 --frames 1 2>"$tmp/err.txt"; then
  echo "FAIL: --index past the dataset's end was accepted"
  exit 1
fi
grep -q "index" "$tmp/err.txt" || { echo "FAIL: message does not name the index:"; cat "$tmp/err.txt"; exit 1; }
echo "PASS"
