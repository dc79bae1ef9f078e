#!/usr/bin/env bash
# Installs what the workbench needs to build, run and test, skipping whatever is already
# present at the right version: the wasm target, cargo-leptos, wasm-bindgen-cli (the version
# in Cargo.lock), Debian's Chromium and a Japanese font, and the npm packages of end2end/
# (Playwright, binaryen).
# Safe to run again; a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_LEPTOS_VERSION=0.3.10   # 0.3.11 needs rustc 1.96
say() { printf '\n==> %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! cargo leptos --version 2>/dev/null | grep -q "$CARGO_LEPTOS_VERSION"; then
  say "installing cargo-leptos $CARGO_LEPTOS_VERSION (about 16 minutes, once)"
  cargo install cargo-leptos --locked --version "$CARGO_LEPTOS_VERSION"
fi

# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock. Installed without
# --locked: its own lockfile pins a crate version the registry here lacks.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

# A Japanese font, so that Chromium draws Japanese sheets and pages (and their screenshots)
# with glyphs instead of empty boxes; about 2 MB.
if [ ! -d /usr/share/fonts/truetype/vlgothic ]; then
  say "installing Debian's fonts-vlgothic (Japanese glyphs for Chromium)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-vlgothic \
    || { $SUDO apt-get update && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-vlgothic; }
fi

# Playwright without browsers (never `npx playwright install`: it downloads and fails here),
# and binaryen from npm for wasm-opt (Debian's binaryen 108 breaks hydration).
if [ ! -f end2end/node_modules/.package-lock.json ] || ! cmp -s end2end/package-lock.json end2end/node_modules/.ci-lock; then
  say "installing end2end npm packages"
  (cd end2end && npm ci --no-audit --no-fund && cp package-lock.json node_modules/.ci-lock)
fi

say "tools ready: $(cargo leptos --version), $(wasm-bindgen --version), $(/usr/bin/chromium --version 2>/dev/null | head -1)"
