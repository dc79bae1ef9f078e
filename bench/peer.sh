#!/usr/bin/env bash
# The workbench beside the Python peer (../shared/bench/peer_check.py, a naive
# checker of budgets and inversions only) on sheets of ../shared/bench/gen_sheet.py: 14, 143
# and 714 services, i.e. 99, 1,002 and 4,999 rows. For each sheet it prints the CPU time of one
# check inside each program, interpreter and process start-up excluded (the median of
# PEER_RUNS runs, default 30, after a warm-up run), and the ratio peer / workbench.
#
#   workbench: budget/benches/peer.rs, built in the bench (release) profile: read the file,
#              tsv::import, check, the report as pretty JSON (what `workbench check --format
#              json` does once started).
#   peer:      bench/peer_time.py runs peer_check.py's compiled code in one interpreter: read,
#              parse, compute, print (into memory).
#
# Usage: bench/peer.sh (from anywhere; PEER_DIR points elsewhere than ../shared/bench).
set -euo pipefail
cd "$(dirname "$0")/.."
peer_dir=${PEER_DIR:-../shared/bench}
runs=${PEER_RUNS:-30}
for f in gen_sheet.py peer_check.py; do
  [[ -f $peer_dir/$f ]] || { echo "peer.sh: $peer_dir/$f is missing (set PEER_DIR)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sheets=()
for services in 14 143 714; do
  python3 "$peer_dir/gen_sheet.py" "$services" > "$tmp/gen-$services.tsv"
  sheets+=("$tmp/gen-$services.tsv")
done
# The peer's whole process once, for comparison: how much of it is the interpreter starting.
empty=$( { TIMEFORMAT=%R; time python3 -c pass; } 2>&1 )
whole=$( { TIMEFORMAT=%R; time python3 "$peer_dir/peer_check.py" "${sheets[2]}" >/dev/null; } 2>&1 )
PEER_RUNS=$runs nice cargo bench -q -p budget --bench peer -- "${sheets[@]}" > "$tmp/rust.tsv"
for sheet in "${sheets[@]}"; do
  python3 bench/peer_time.py "$peer_dir/peer_check.py" "$sheet" "$runs"
done > "$tmp/python.tsv"
printf '%-8s %14s %14s %8s   %s\n' rows "workbench µs" "peer µs" ratio "workbench: import / check / json µs; errors, warnings"
paste "$tmp/rust.tsv" "$tmp/python.tsv" | while IFS=$'\t' read -r _ _ rows total import check json errors warnings _ _ peer _ inverted; do
  ratio=$(python3 -c "print(f'{$peer / $total:.1f}x')")
  printf '%-8s %14s %14s %8s   %s / %s / %s; %s, %s (peer: %s inverted)\n' \
    "$rows" "$total" "$peer" "$ratio" "$import" "$check" "$json" "$errors" "$warnings" "$inverted"
done
echo "peer_check.py's whole process on the 4,999-row sheet: ${whole} s wall, of which an empty python3 start takes ${empty} s"
