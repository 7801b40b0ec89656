# Sourced by end-to-end tests of commands that read finished folders (pack, gallery): makes one
# small folder of each kind under the current directory with the built command and sets
#   ds (a dataset)  sq (a sequence set)  pr (a pairs folder)  su (a suite of two variants).
#   make_folder_kinds RAILYARD_BINARY REPO
# and gives the tests `fail MESSAGE` (exits 1 naming the failure) and `write_tiny_suite`.
export RAILYARD_EGL=surfaceless

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The one dataset folder a run wrote under $1.
folder_in() { find "$1" -mindepth 1 -maxdepth 1 -type d ! -name dataset_descriptions; }

# suite.yaml: a suite "tiny" of two variants written under OUTPUT, in LAYOUT (default files).
#   write_tiny_suite OUTPUT [LAYOUT]
write_tiny_suite() {
  cat >suite.yaml <<YAML
suite: tiny
seed: 7
output: $1
config: {count: 6, width: 64, height: 36, subsets: [], outputs: {depth_exr: false, layout: ${2:-files}}}
variants:
  - name: train
    set: {count: 8}
  - name: long
    ladder: {cars: [5]}
YAML
}

make_folder_kinds() {
  local railyard=$1 golden=$2/tests/tools/dataset/golden
  "$railyard" generate "$golden/raster_trains_base.yaml" -o runs/ds -q -j 2 >/dev/null || fail "generate"
  "$railyard" generate "$golden/raster_sequences.yaml" -o runs/sq -q -j 2 >/dev/null || fail "sequences"
  "$railyard" intervene "$golden/pairs/raster_flip.yaml" -o runs/pr -q -j 2 >/dev/null || fail "intervene"
  write_tiny_suite runs/su
  "$railyard" suite suite.yaml -q >/dev/null 2>&1 || fail "suite"
  ds=$(folder_in runs/ds); sq=$(folder_in runs/sq); pr=$(folder_in runs/pr); su=runs/su/tiny
}
