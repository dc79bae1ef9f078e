-- wrk script: POST a sheet to /api/v1/check (see the README's figures): the reservation
-- sheet, or the file named by SHEET (e.g. one bench/hostile.py wrote).
-- Run from the repository root: wrk -t2 -c16 -d10s -s bench/check.lua http://127.0.0.1:3000
local f = assert(io.open(os.getenv("SHEET") or "fixtures/reservation-en.tsv", "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "text/tab-separated-values"
wrk.path = "/api/v1/check"
