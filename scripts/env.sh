# Sourced by the run and test scripts: the tools cargo-leptos looks for on PATH (it would
# otherwise try to download them and fail). wasm-opt comes from npm's binaryen.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/end2end/node_modules/.bin:$HOME/.cargo/bin:$PATH"
