#!/usr/bin/env bash
# The whole `workbench check --format json` process on a 5,000-row sheet of
# ../shared/bench/gen_sheet.py (715 services, cut to 5,000 rows), timed with hyperfine
# (`cargo install hyperfine --locked --version 1.20.0`; 2.x needs a newer rustc): process
# start, reading, checking and printing the JSON report to /dev/null. The sheet has errors, so
# the command exits 1 (-i). Builds the release binary first (plain cargo; `check` needs no site).
#
# Usage: bench/cli.sh [WORKBENCH_BINARY...] (default target/release/workbench)
set -euo pipefail
cd "$(dirname "$0")/.."
peer_dir=${PEER_DIR:-../shared/bench}
command -v hyperfine >/dev/null || { echo "cli.sh: hyperfine is missing: cargo install hyperfine --locked --version 1.20.0" >&2; exit 1; }
binaries=("$@")
if [[ ${#binaries[@]} -eq 0 ]]; then
  nice cargo build -q --release -p server --bin workbench
  binaries=(target/release/workbench)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$peer_dir/gen_sheet.py" 715 | head -n 5001 > "$tmp/sheet-5000.tsv"
commands=()
for bin in "${binaries[@]}"; do commands+=("$bin check --format json $tmp/sheet-5000.tsv"); done
hyperfine -N -i --warmup 3 --runs "${CLI_RUNS:-30}" --output=null "${commands[@]}"
