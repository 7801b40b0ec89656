#!/usr/bin/env bash
# `railyard gallery` end to end: a dataset, a sequence set, a pairs folder and a suite each get a
# gallery that Debian's headless chromium loads and that shows what the folders' own files say
# (gallery_test.py); the same folder makes the same bytes; folders that hold no samples, a shard
# folder, an edited record and destinations inside the folder shown are refused with a message,
# and the gallery already there is left as it was.
#   gallery_e2e_test.sh RAILYARD_BINARY REPO SCREENSHOT_DIR
set -uo pipefail

railyard=$1
repo=$2
screenshots=$3
tmp=$(mktemp -d /tmp/railyard-gallery.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$repo/tests/tools/folder_kinds.sh"

echo "== four kinds of folder"
cd "$tmp"
make_folder_kinds "$railyard" "$repo"
declare -A kind_name=([ds]=dataset [sq]=sequences [pr]=pairs [su]=suite)
for kind in ds sq pr su; do
  "$railyard" gallery "${!kind}" -o "galleries/$kind" >"$kind.log" 2>&1 ||
    { cat "$kind.log"; fail "gallery of $kind"; }
  /usr/bin/python3 "$repo/tests/tools/gallery/gallery_test.py" --gallery "galleries/$kind" \
    --source "${!kind}" --kind "${kind_name[$kind]}" --out "$screenshots/$kind" ||
    fail "the $kind gallery in chromium"
done
grep -q "index.html: 6 units (dataset)" ds.log || { cat ds.log; fail "gallery's summary line"; }
grep -q "a suite of 2 variants" su.log || { cat su.log; fail "suite summary line"; }

echo "== the same bytes again"
"$railyard" gallery "$ds" -o again/ds -q >/dev/null || fail "gallery again"
diff -r galleries/ds again/ds >/dev/null || fail "the same dataset made another gallery"
"$railyard" gallery "$sq" -o galleries/ds -q >/dev/null || fail "a gallery replaces its own kind"
grep -q '"kind":"sequences"' galleries/ds/data/meta.js || fail "the replaced gallery's meta"
"$railyard" gallery "$ds" -o galleries/ds -q >/dev/null || fail "replace back"

echo "== refusals leave everything as it was"
cp -r galleries/ds before
refused() {  # refused WHAT EXPECTED_MESSAGE COMMAND...
  local what=$1 expected=$2
  shift 2
  out=$("$@" 2>&1) && fail "$what: accepted"
  echo "$out" | grep -qF "$expected" || { echo "$out"; fail "$what: message"; }
  diff -r before galleries/ds >/dev/null || fail "$what: the gallery changed"
}
refused "inside the dataset" "lie one inside the other" "$railyard" gallery "$ds" -o "$ds/gallery"
refused "around the dataset" "lie one inside the other" "$railyard" gallery "$ds" -o runs
"$railyard" pack "$ds" -o packed -q >/dev/null || fail "pack"
refused "a shard folder" "a folder of shards" "$railyard" gallery packed -o galleries/ds
mkdir -p empty
refused "an empty folder" "empty: no records/" "$railyard" gallery empty -o galleries/ds
cp -r "$ds" edited
first=$(ls edited/records | head -1)
sed -i 's/"published_label":"/"published_label": "/' "edited/records/$first"
refused "an edited record" "records" "$railyard" gallery edited -o galleries/ds
refused "a destination that is a dataset" "$ds" "$railyard" gallery "$sq" -o "$ds"
[ -f "$ds/manifest.json" ] && [ ! -f "$ds/index.html" ] || fail "the dataset was written into"
echo "PASS"
