#!/usr/bin/env bash
# Measures what docs/benchmarks.md reports: the release build's time (cold when target/ is empty,
# incremental otherwise) and the size of the wasm the browser downloads, raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
start=$(date +%s)
cargo leptos build --release >/dev/null 2>&1
end=$(date +%s)
wasm=target/site/pkg/workbench.wasm
printf 'release build: %d s\n' "$((end - start))"
printf 'wasm: %d bytes raw, %d bytes gzip -9\n' "$(stat -c %s "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
printf 'js glue: %d bytes raw, %d bytes gzip -9\n' "$(stat -c %s target/site/pkg/workbench.js)" "$(gzip -9 -c target/site/pkg/workbench.js | wc -c)"
