#!/usr/bin/env bash
# `railyard gallery` end to end: a dataset, a sequence set, a pairs folder and a suite each get a
# gallery that Debian's headless chromium loads and that shows what the folders' own files say
# (gallery_test.py); so does a folder of shards (pack's, or a run's with outputs.layout: shards),
# shown from its units unpacked into the gallery: the files it was packed from (markers of
# hidden folders aside: pack leaves them out), and the
# same pages; the same folder makes the same bytes; folders that hold no samples, a damaged shard,
# an edited record and destinations inside the folder shown are refused with a message, and the
# gallery already there is left as it was.
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

echo "== folders of shards, unpacked into the gallery"
# same_pages FILES_GALLERY SHARDS_GALLERY: the same data/ but for meta.js's "source" (where the
# pictures are) and "name" (the folder's: packed_ds for pack's), its other keys alike.
same_pages() {
  /usr/bin/python3 - "$1" "$2" <<'PY' || fail "$2: not the pages of $1"
import filecmp, json, os, re, sys
a, b = (os.path.join(g, "data") for g in sys.argv[1:])
names = sorted(os.listdir(a))
assert names == sorted(os.listdir(b)), "data/ files differ"
for name in names:
    if name != "meta.js":
        assert filecmp.cmp(os.path.join(a, name), os.path.join(b, name), shallow=False), name
def meta(folder):
    text = open(os.path.join(folder, "meta.js")).read()
    m = json.loads(re.search(r"\((\{.*\})\)", text, re.S).group(1))
    m.pop("source")
    m.pop("name")
    return m
assert meta(a) == meta(b), "meta.js differs beyond its source"
PY
}
for kind in ds sq pr; do
  "$railyard" pack "${!kind}" -o "packed_$kind" -q --samples-per-shard 2 >/dev/null || fail "pack $kind"
  "$railyard" gallery "packed_$kind" -o "galleries/shards_$kind" -q >/dev/null ||
    fail "gallery of the $kind shards"
  diff -r --exclude=runs --exclude=".railyard-*" "${!kind}" "galleries/shards_$kind/files" \
    >/dev/null ||
    fail "$kind: the unpacked files are not those packed"
  same_pages "galleries/$kind" "galleries/shards_$kind"
done
/usr/bin/python3 "$repo/tests/tools/gallery/gallery_test.py" --gallery galleries/shards_pr \
  --source galleries/shards_pr/files --kind pairs --out "$screenshots/shards_pr" ||
  fail "the gallery of a pairs shard folder in chromium"
"$railyard" generate "$repo/tests/tools/dataset/golden/raster_trains_base.yaml" -o runs/ds_shards \
  -q -j 2 --layout shards >/dev/null || fail "a run writing shards"
"$railyard" gallery "$(folder_in runs/ds_shards)" -o galleries/run_shards -q >/dev/null ||
  fail "gallery of a run's shards"
same_pages galleries/ds galleries/run_shards
write_tiny_suite runs/su_shards shards
"$railyard" suite suite.yaml -q >/dev/null 2>&1 || fail "a suite of shard variants"
"$railyard" gallery runs/su_shards/tiny -o galleries/suite_shards -q >/dev/null ||
  fail "gallery of a suite of shards"
/usr/bin/python3 "$repo/tests/tools/gallery/gallery_test.py" --gallery galleries/suite_shards \
  --source runs/su_shards/tiny --kind suite --out "$screenshots/suite_shards" --unpacked ||
  fail "the gallery of a suite of shards in chromium"

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
cp -r packed_ds damaged
first_shard=$(ls damaged/*.tar | head -1)
head -c 3000 "$first_shard" >"$first_shard.cut" && mv "$first_shard.cut" "$first_shard"
refused "a damaged shard" "$(basename "$first_shard")" "$railyard" gallery damaged -o galleries/ds
mkdir -p empty
refused "an empty folder" "empty: no records/" "$railyard" gallery empty -o galleries/ds
cp -r "$ds" edited
first=$(ls edited/records | head -1)
sed -i 's/"published_label":"/"published_label": "/' "edited/records/$first"
refused "an edited record" "records" "$railyard" gallery edited -o galleries/ds
refused "a destination that is a dataset" "$ds" "$railyard" gallery "$sq" -o "$ds"
[ -f "$ds/manifest.json" ] && [ ! -f "$ds/index.html" ] || fail "the dataset was written into"
echo "PASS"
