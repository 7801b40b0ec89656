#!/usr/bin/env bash
# `railyard pack` and `railyard verify` of shard folders end to end: a dataset, a sequence set, a
# pairs folder and a suite pack into WebDataset shards that `tar` lists in the convention (every
# member "<6-digit key>.<name>", a unit's members together and in name order) and that verify
# passes; packing again gives the same bytes; damaged shards (truncated, a member renamed or
# missing, garbage, a shard shards.json does not list, an index that lies) are faults naming the
# shard and the member; folders that cannot be packed, and destinations inside the input, are
# refused with a message and change nothing.
#   pack_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$1
repo=$2
tmp=$(mktemp -d /tmp/railyard-pack.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$repo/tests/tools/folder_kinds.sh"

echo "== four kinds of folder"
cd "$tmp"
make_folder_kinds "$railyard" "$repo"

for kind in ds sq pr su; do
  "$railyard" pack "${!kind}" -o "packed/$kind" -q --samples-per-shard 2 >"$kind.log" 2>&1 ||
    { cat "$kind.log"; fail "pack $kind"; }
  "$railyard" verify -q "packed/$kind" >"$kind.verify" 2>&1 ||
    { cat "$kind.verify"; fail "verify of packed $kind"; }
  grep -q ": OK" "$kind.verify" || fail "verify of $kind says no OK"
done
grep -q "6 samples in 3 shards (2 per shard)" ds.log || { cat ds.log; fail "pack's summary line"; }
grep -q "a suite of 2 variant shard folders" su.log || { cat su.log; fail "suite summary line"; }
[ "$(grep -c ': OK' su.verify)" = 3 ] || { cat su.verify; fail "suite verify: a report per folder"; }

echo "== the convention, as tar lists it"
/usr/bin/python3 - "$tmp/packed" <<'PY' || fail "shards do not follow the convention"
import json, pathlib, re, sys, tarfile
root = pathlib.Path(sys.argv[1])
for index_file in root.rglob("shards.json"):
    index = json.loads(index_file.read_text())
    for shard in index["shards"]:
        names = tarfile.open(index_file.parent / shard["name"]).getnames()
        keys = [name.split(".", 1)[0] for name in names]
        assert all(re.fullmatch(r"\d{6}\.[a-z0-9.]+", n) for n in names), names
        assert keys == sorted(keys), names                  # units together, ascending
        for key in set(keys):
            unit = [n for n in names if n.startswith(key + ".")]
            assert unit == sorted(unit), unit
        assert len(set(keys)) == shard["samples"] and int(keys[0]) == shard["first"]
        assert shard["name"].startswith(shard["split"] + "-")
PY
tar -tf packed/pr/train-000000.tar | grep -x '[0-9]\{6\}\.base\.png' >/dev/null || fail "a pair's base image"
tar -tf packed/pr/train-000000.tar | grep -x '[0-9]\{6\}\.intervened\.json' >/dev/null || fail "a pair's twin"
tar -tf packed/sq/train-000000.tar | grep -x '[0-9]\{6\}\.step001\.png' >/dev/null || fail "a sequence's step"
tar -tvf packed/ds/train-000000.tar | grep -v ' 0/0 ' && fail "owner is not 0/0"
[ -f packed/ds/manifest.json ] && [ -f packed/ds/splits/train.txt ] && [ -f packed/ds/coco/instances.json ] ||
  fail "dataset-wide files beside the shards"
[ -f packed/pr/pairs.jsonl ] && [ -f packed/su/summary.json ] || fail "pairs.jsonl, summary.json"
[ -d packed/ds/images ] || [ -d packed/ds/records ] && fail "per-sample folders copied"

echo "== the same folder packs to the same bytes"
"$railyard" pack "$ds" -o again -q --samples-per-shard 2 >/dev/null || fail "pack again"
for f in packed/ds/*.tar packed/ds/shards.json; do
  cmp -s "$f" "again/$(basename "$f")" || fail "$f differs between two packs"
done
"$railyard" pack "$ds" -o packed/ds -q --samples-per-shard 4 >/dev/null || fail "replace own kind"
[ "$(ls packed/ds/*.tar | wc -l)" = 2 ] || fail "a repack left the old shards"
"$railyard" pack "$ds" -o packed/ds -q --samples-per-shard 2 >/dev/null

echo "== damaged shards"
damaged() {  # name, what to do in the copy, expected text of a fault
  rm -rf "bad_$1"
  cp -r packed/ds "bad_$1"
  (cd "bad_$1" && eval "$2")
  out=$("$railyard" verify -q "bad_$1" 2>&1) && fail "$1: verify passed a damaged folder"
  echo "$out" | grep -q -- "$3" || { echo "$out"; fail "$1: no fault '$3'"; }
}
damaged truncated 'truncate -s 30000 train-000000.tar' "train-000000.tar: in member '000002.png'"
repack='mkdir x && cd x && tar -xf ../train-000000.tar'
damaged renamed "$repack"' && mv 000002.png 000002.image.png && tar --format=ustar -cf ../train-000000.tar $(ls | sort)' \
  "train-000000.tar: member '000002.png': missing"
damaged missing "$repack"' && rm 000003.depth.exr && tar --format=ustar -cf ../train-000000.tar $(ls | sort)' \
  "member '000003.depth.exr': missing"
damaged edited "$repack"' && printf x >>000002.png && tar --format=ustar -cf ../train-000000.tar $(ls | sort)' \
  "member '000002.png': .* SHA-256 is not its record's"
damaged garbage 'head -c 70000 /dev/zero | tr "\0" g >val-000000.tar' "val-000000.tar: at its start"
damaged unlisted 'cp val-000000.tar val-000001.tar' "val-000001.tar: a shard shards.json does not list"
damaged lying_count 'sed -i "s/\"samples\": 6/\"samples\": 7/" shards.json' "key 'samples'"
damaged lying_sha 'sed -i "0,/\"sha256\": \"./s//\"sha256\": \"0/" shards.json' "SHA-256 is not the one shards.json lists"
damaged no_index 'rm shards.json' "shards.json"

echo "== folders pack refuses"
mkdir empty
out=$("$railyard" pack empty -o never 2>&1) && fail "packed an empty folder"
echo "$out" | grep -q "not a railyard dataset" || { echo "$out"; fail "empty: message"; }
out=$("$railyard" pack packed/ds -o never 2>&1) && fail "packed a shard folder"
echo "$out" | grep -q "already a folder of shards" || { echo "$out"; fail "shard folder: message"; }
out=$("$railyard" pack "$ds" -o "$ds/shards" 2>&1) && fail "packed into the dataset"
echo "$out" | grep -q "one inside the other" || { echo "$out"; fail "inside: message"; }
[ -e never ] || [ -e "$ds/shards" ] && fail "a refused pack wrote something"
before=$(cd "$ds" && find . -type f | sort | xargs sha256sum | sha256sum)
out=$("$railyard" pack "$sq" -o "$ds" 2>&1) && fail "packed over a dataset"
after=$(cd "$ds" && find . -type f | sort | xargs sha256sum | sha256sum)
[ "$before" = "$after" ] || fail "a refused pack changed the dataset it was pointed at"
echo "PASS"
