#!/usr/bin/env bash
# One row of V-LoL's Table 4 (Theory X, base scene) reproduced on railyard's pictures: the model
# trained on TRAIN_COUNT images of the README's main job (its train split, chosen stratified by
# label) with V-LoL's protocol, evaluated through `railyard score` on the i.i.d. test split, 1,000
# 7-car trains, 1,000 trains in each of desert, sky and fisheye scenes, and two intervention pairs
# sets (payloads of cars 1 and 2 swapped where the label flips; roofs of cars 1 and 3 removed where
# it stays). The data sets are made once under SETS and reused by every row; the row goes to
# SETS/../<model>_<count>/ and is printed as a line of the README's table.
#
#   tools/baselines/vlol_table.sh MODEL TRAIN_COUNT [OUTPUT]
#     MODEL: cnn | resnet18 | neurosymbolic;  TRAIN_COUNT: 100 | 1000 | 8000 (any up to 8000)
#     OUTPUT: default output/vlol_table (sets in OUTPUT/sets, the row in OUTPUT/<model>_<count>)
# Run from the repository root after tools/build.sh; BUILD=build by default. Extra options for
# `python3 -m railyard.baselines` go in BASELINE_OPTIONS (e.g. "--weights resnet18-imagenet.pt").
set -euo pipefail

[ $# -ge 2 ] || { sed -n 2,14p "$0"; exit 2; }
model=$1
count=$2
output=${3:-output/vlol_table}
build=${BUILD:-build}
railyard=$build/bin/railyard
sets=$output/sets
configs=configs
export RAILYARD_EGL=${RAILYARD_EGL:-surfaceless}

# The one dataset folder under $1.
folder_in() { find -L "$1" -mindepth 1 -maxdepth 1 -type d ! -name dataset_descriptions | head -1; }

# make_set NAME COMMAND...: a set, made once (a rerun of a finished run renders nothing).
make_set() {
  local name=$1
  shift
  if [ -z "$(folder_in "$sets/$name" 2>/dev/null)" ] || [ ! -e "$sets/$name.done" ]; then
    echo "== $name" >&2
    "$@" -o "$sets/$name" -q
    touch "$sets/$name.done"
  fi
}

mkdir -p "$sets"
all_test=(--set subsets=[] --set "splits={train: 0.0, val: 0.0, test: 1.0}")
make_set train "$railyard" generate                              # the README's main job: 10,000
make_set long "$railyard" generate "$configs/vlol_theoryx_long_trains.yaml" -n 1000
for scene in desert_scene sky_scene fisheye_scene; do
  make_set "$scene" "$railyard" generate "$configs/vlol_theoryx.yaml" -n 1000 --seed 11 \
    "${all_test[@]}" --scene "$scene"
done
make_set swap "$railyard" intervene "$configs/vlol_theoryx_swap_payloads.yaml" --set count=500
make_set roofs "$railyard" intervene "$configs/vlol_theoryx_remove_roofs.yaml" --set count=500

train=$(folder_in "$sets/train")
run="$output/${model}_${count}"
# A row cut short (a kill, a job's limit, --epochs-per-run in BASELINE_OPTIONS: status 75) goes
# on where it stopped when the script runs again; a finished row is only printed.
if [ ! -e "$run/results.json" ]; then
  # shellcheck disable=SC2086 # BASELINE_OPTIONS is a list of options
  PYTHONPATH=$build/python /usr/bin/python3 -m railyard.baselines --model "$model" --resume \
    --train "$train" --train-count "$count" \
    --test "$train:test" --test "$(folder_in "$sets/long"):all" \
    --test "$(folder_in "$sets/desert_scene"):all" --test "$(folder_in "$sets/sky_scene"):all" \
    --test "$(folder_in "$sets/fisheye_scene"):all" \
    --pairs "$(folder_in "$sets/swap")" --pairs "$(folder_in "$sets/roofs")" \
    ${BASELINE_OPTIONS:-} -o "$run"
fi
/usr/bin/python3 "$(dirname "$0")/table_row.py" "$run/results.json"
