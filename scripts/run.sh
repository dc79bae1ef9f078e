#!/usr/bin/env bash
# One command for a newcomer: installs what is missing, builds the release app and serves it
# at http://127.0.0.1:3000 on SQLite (the file workbench.db in the repository root, created on
# first run; set DATABASE_URL to use another file, e.g. sqlite://my.db?mode=rwc).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
export DATABASE_URL="${DATABASE_URL:-sqlite://workbench.db?mode=rwc}"
echo "==> building the release app (about 10 minutes the first time, 2 after a change); it serves"
echo "    on http://127.0.0.1:3000 with $DATABASE_URL once 'workbench: listening on' appears (Ctrl-C stops)"
# --split: the lazy islands' code in wasm files of their own (app/src/island.rs).
exec cargo leptos serve --release --split
