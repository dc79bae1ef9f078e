#!/usr/bin/env bash
# Coverage-guided fuzzing of the engine's readers (budget/fuzz/: duration, tries, tsv) with
# cargo-fuzz and libFuzzer, each target for a bounded time: FUZZ_SECONDS (default 60) each,
# or FUZZ_RUNS inputs each when set (docs/benchmarks.md's 1,000,000). Needs a nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz --locked`); the stable harness that CI runs is
# budget/tests/engine/fuzz.rs. A crash leaves its input in budget/fuzz/artifacts/<target>/ and fails.
#
# Usage: bench/fuzz.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../budget"
command -v cargo-fuzz >/dev/null || { echo "fuzz.sh: cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2; exit 1; }
rustup run nightly rustc --version >/dev/null 2>&1 || { echo "fuzz.sh: a nightly toolchain is needed: rustup toolchain install nightly" >&2; exit 1; }
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(duration tries tsv)
if [[ -n ${FUZZ_RUNS:-} ]]; then limit=(-runs="$FUZZ_RUNS"); else limit=(-max_total_time="${FUZZ_SECONDS:-60}"); fi
# No sanitizer by default: the engine is safe Rust, and AddressSanitizer halves the inputs per
# second; FUZZ_SANITIZER=address brings it back.
sanitizer=(--sanitizer "${FUZZ_SANITIZER:-none}")
nice cargo +nightly fuzz build "${sanitizer[@]}" >/dev/null 2>&1 || nice cargo +nightly fuzz build "${sanitizer[@]}"
for target in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$target"
  start=$(date +%s.%N)
  nice cargo +nightly fuzz run "${sanitizer[@]}" "$target" "fuzz/corpus/$target" -- \
    -dict=fuzz/grammar.dict -max_len=4096 -print_final_stats=1 "${limit[@]}" 2> "fuzz/$target.log" \
    || { tail -40 "fuzz/$target.log" >&2; exit 1; }
  end=$(date +%s.%N)
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "fuzz/$target.log" | grep -Eo '[0-9]+$')
  cov=$(grep -Eo 'cov: [0-9]+' "fuzz/$target.log" | tail -1)
  printf '%-9s %10s inputs in %6.1f s, %s, no crash\n' "$target" "$runs" "$(echo "$end - $start" | bc)" "$cov"
done
