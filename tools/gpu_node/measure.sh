#!/usr/bin/env bash
# The farm node's figures on a lent GPU machine (issue #42), in one run of the device tool:
#   run(command="tools/gpu_node/measure.sh", carry=[".gl", ".gpukit"], timeout_s=600)
# after tools/gpu_node/pack.sh here. It checks the EGL device path (the OpenGL, render-check and
# generate tests with RAILYARD_EGL=device), then measures `bench pipeline` at 480x270 (10,000
# images) and at 1920x1080 (1,000), and the README's main job (10,000 images) with its peak memory,
# sampling the GPU's utilisation all along (nvidia-smi dmon). Every log lands in $OUT.
# --quick: small counts and the machine's own EGL platform, to try the script on a CPU machine.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
quick=${1:-}
# Anything else is refused: without --quick the script unpacks GL loaders into / (a lent machine).
[[ -z $quick || $quick == --quick ]] || { sed -n 2,8p "$0" >&2; exit 2; }
counts=(10000 1000 10000)
[[ $quick == --quick ]] && counts=(100 10 100)

kit=$(mktemp -d)
tar -C "$kit" -xJf .gpukit/kit.tar.xz
export LD_LIBRARY_PATH=$kit/lib RAILYARD_DATA=$PWD
source_dir=$(cat "$kit/source_dir")
if [[ ! -e $source_dir ]]; then mkdir -p "$(dirname "$source_dir")" && ln -s "$PWD" "$source_dir"; fi
if [[ $quick != --quick ]]; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
  vendor=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
  [[ -f $vendor ]] && export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
  export RAILYARD_EGL=device
  nvidia-smi -L >"$out/gpu.txt" 2>&1
  nvidia-smi dmon -s u -d 1 >"$out/gpu_utilisation.txt" 2>&1 &
  dmon=$!
fi
railyard=$kit/bin/railyard
step() {  # name, command...: its output in $OUT/<name>.txt, its time and exit status on stdout
  local name=$1
  shift
  local start=$SECONDS
  "$@" >"$out/$name.txt" 2>&1
  echo "$name: exit $? in $((SECONDS - start)) s"
}
nproc >"$out/machine.txt"
step opengl_tests "$kit/bin/railyard_opengl_tests"
step render_checks_tests "$kit/bin/render_checks_tests"
step generate_tests "$kit/bin/generate_tests"
step pipeline_480x270 "$railyard" bench pipeline -n "${counts[0]}"
step pipeline_1920x1080 "$railyard" bench pipeline -n "${counts[1]}" --set width=1920 \
  --set height=1080
rm -rf /tmp/main_job
step main_job /usr/bin/time -v "$railyard" generate -o /tmp/main_job --set count="${counts[2]}" -q
rm -rf /tmp/main_job
# The writers default to one per core, beside the producing thread: whether leaving it a core of
# its own makes the images faster (on 2026-11-30 they were made at 1,197/s, bare at 1,680/s).
step main_job_writers_one_fewer /usr/bin/time -v "$railyard" generate -o /tmp/main_job \
  --set count="${counts[2]}" -q -j "$(($(nproc) - 1))"
rm -rf /tmp/main_job
[[ -n ${dmon:-} ]] && kill "$dmon"
grep -H -E "images/s|backend:|peak|Maximum resident|Elapsed" "$out"/pipeline_*.txt "$out"/main_job*.txt
tail -n 3 "$out"/*_tests.txt
