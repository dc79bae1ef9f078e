#!/usr/bin/env bash
# Load figures for docs/benchmarks.md: starts the release server on a throwaway SQLite file and
# measures the JSON check, the sheet page (server-rendered) and the sheet API with wrk
# (Debian's package). Build first with `cargo leptos build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
db=$(mktemp -d)
DATABASE_URL="sqlite://$db/load.db?mode=rwc" LEPTOS_SITE_ADDR=127.0.0.1:3100 target/release/workbench serve &
server=$!
trap 'kill $server; rm -rf "$db"' EXIT
for _ in $(seq 50); do curl -fs http://127.0.0.1:3100/api/v1/sheets >/dev/null && break; sleep 0.2; done
id=$(curl -fs -X POST --data-binary @fixtures/reservation-en.tsv "http://127.0.0.1:3100/api/v1/sheets?name=load" | sed -E 's/.*"id":([0-9]+).*/\1/')
echo "== POST /api/v1/check (the reservation sheet)"
wrk -t2 -c16 -d10s -s bench/check.lua http://127.0.0.1:3100
echo "== GET /api/v1/sheets/$id (rows and report)"
wrk -t2 -c16 -d10s "http://127.0.0.1:3100/api/v1/sheets/$id"
echo "== GET /sheets/$id (the page, rendered on the server)"
wrk -t2 -c16 -d10s "http://127.0.0.1:3100/sheets/$id"

echo "== worst-case 5,000-row sheets (bench/hostile.py): one check each, then stored"
for shape in nested chain fanout; do
  python3 bench/hostile.py "$shape" 5000 > "$db/$shape.tsv"
  curl -s -o /dev/null --data-binary @"$db/$shape.tsv" \
    -w "POST /api/v1/check ($shape): %{http_code}, %{size_download} bytes, %{time_total} s\n" \
    http://127.0.0.1:3100/api/v1/check
  curl -fs -o /dev/null --data-binary @"$db/$shape.tsv" "http://127.0.0.1:3100/api/v1/sheets?name=$shape"
done
echo "== GET /api/v1/sheets (four sheets, three of them worst cases: counts are stored, nothing is checked)"
wrk -t2 -c16 -d10s http://127.0.0.1:3100/api/v1/sheets
echo "== POST /api/v1/check (reservation) while 4 other clients check the nested worst case"
SHEET="$db/nested.tsv" wrk -t1 -c4 -d14s -s bench/check.lua http://127.0.0.1:3100 > "$db/busy.txt" &
busy=$!
sleep 2
wrk -t1 -c4 -d10s --latency -s bench/check.lua http://127.0.0.1:3100
wait $busy
echo "-- the nested worst case meanwhile:"
cat "$db/busy.txt"
