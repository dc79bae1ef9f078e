#!/usr/bin/env bash
# Measures what docs/benchmarks.md reports: the release build's time (cold when target/ is empty,
# incremental otherwise) and the size of the wasm the browser downloads, raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
start=$(date +%s)
cargo leptos build --release --split >/dev/null 2>&1
end=$(date +%s)
pkg=target/site/pkg
printf 'release build: %d s\n' "$((end - start))"
size() { printf '%s: %d bytes raw, %d bytes gzip -9\n' "$1" "$(stat -c %s "$2")" "$(gzip -9 -c "$2" | wc -c)"; }
# What every page loads first: the main wasm, its JavaScript glue and the split loader.
size wasm "$pkg/workbench.wasm"
size 'js glue' "$pkg/workbench.js"
for loader in "$pkg"/__wasm_split.*.js; do size 'split loader' "$loader"; done
# What a page loads only when it has a lazy island (app/src/island.rs).
for part in "$pkg"/split_*.wasm "$pkg"/chunk_*.wasm; do size "lazy part $(basename "$part")" "$part"; done
