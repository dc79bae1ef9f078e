#!/usr/bin/env bash
# One command for every test: installs what is missing, then runs the engine's tests (unit,
# golden, property), the server's integration tests (API in-process, the workbench binary,
# storage on SQLite and PostgreSQL), clippy for the server and the browser halves, and the
# Playwright specs in Debian's Chromium against a release build with a fresh database.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh

say() { printf '\n==> %s\n' "$*"; }

# A whole run from a fresh clone writes about 5 GB under target/ (see docs/benchmarks.md). Say so
# up front when the disk is short, rather than fail half-way with "No space left on device".
free_kib=$(df -Pk . | awk 'NR == 2 { print $4 }')
built=$(if [ -d target ]; then du -sh target | cut -f1; else echo "nothing yet"; fi)
say "disk: $((free_kib / 1024 / 1024)) GiB free here; target/ holds $built"
if [ "$free_kib" -lt $((6 * 1024 * 1024)) ]; then
  echo "warning: less than 6 GiB free; a run from a fresh clone needs about 5 GiB" >&2
fi

# PostgreSQL backs the storage tests of that backend; it normally runs already.
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  say "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
fi

say "formatting"
cargo fmt --all -- --check

say "engine and server tests"
cargo test -p budget -p workbench-model -p workbench-store -p workbench-import -p app -p server

say "clippy: server half and browser half"
cargo clippy -p budget -p workbench-model -p workbench-store -p workbench-import -p app -p server --tests -- -D warnings
cargo clippy -p frontend --target wasm32-unknown-unknown -- -D warnings

say "end to end: release build, fresh database, Playwright in Chromium"
# The specs must run against the server built here: refuse to start when another one
# (scripts/run.sh, say) already listens on the site address.
if (exec 3<>/dev/tcp/127.0.0.1/3000) 2>/dev/null; then
  echo "127.0.0.1:3000 is in use (is scripts/run.sh running?): stop it, then run the tests again" >&2
  exit 1
fi
rm -f target/e2e.db target/e2e.db-shm target/e2e.db-wal
mkdir -p target
export DATABASE_URL="sqlite://target/e2e.db?mode=rwc"
# --split as scripts/run.sh builds it: the specs run against the files a user gets.
cargo leptos end-to-end --release --split

say "all tests passed"
