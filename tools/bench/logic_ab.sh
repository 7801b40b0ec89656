#!/usr/bin/env bash
# `railyard bench logic` of two binaries, alternated round by round on one core (taskset -c 1),
# SWI-Prolog left out of PATH, and each rule's labelling rate as the median over rounds of
# after/before of adjacent runs: a shared machine's rate drifts by tens of percent within minutes,
# a pair of adjacent runs far less (BENCHMARKS.md, "The readable machine").
#
#   tools/bench/logic_ab.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]     # ROUNDS: 30 by default
set -euo pipefail

[ $# -ge 2 ] || { sed -n 2,7p "$0"; exit 2; }
before=$1
after=$2
rounds=${3:-30}
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT

# One run's rates as lines "SIDE ROUND RULE M/s".
rates() {
  taskset -c 1 env PATH=/nonexistent "$1" bench logic 2>&1 | awk -v side="$2" -v round="$3" '
    ($2 ~ /M\/s$/ || $2 ~ /k\/s$/) && $1 != "sampling" {
      v = $2; scale = (v ~ /k\/s$/) ? 0.001 : 1; sub(/[Mk]\/s$/, "", v)
      print side, round, $1, v * scale }'
}

for round in $(seq "$rounds"); do
  rates "$before" before "$round" >> "$runs"
  rates "$after" after "$round" >> "$runs"
done
/usr/bin/python3 - "$runs" <<'PY'
import collections, statistics, sys
rate = {}
for line in open(sys.argv[1]):
    side, round_, rule, value = line.split()
    rate[side, int(round_), rule] = float(value)
rules = list(dict.fromkeys(rule for _, _, rule in rate))
rounds = sorted({r for _, r, _ in rate})
print(f"{'rule':10s} {'before (median)':>16s} {'after (median)':>15s} {'after/before, paired median':>28s}")
for rule in rules:
    b = [rate["before", r, rule] for r in rounds]
    a = [rate["after", r, rule] for r in rounds]
    paired = statistics.median(x / y for x, y in zip(a, b))
    print(f"{rule:10s} {statistics.median(b):14.3f}M/s {statistics.median(a):13.3f}M/s "
          f"{100 * (paired - 1):+27.1f}%")
PY
