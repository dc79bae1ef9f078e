#!/usr/bin/env python3
"""Attacks a running workbench on this machine the way a security trial did, one attack per
subcommand, and says whether the server held. Every request goes to the server's loopback
address; every loop is bounded in count and time. Exit 0 when the server held, 1 when not.

    bench/attack.py inject         # a cell holding </textarea><h1>…: is it markup of the page?
    bench/attack.py login-flood    # 100,000 unique e-mails at /login, then 500 of 1 MB: memory
    bench/attack.py concurrent     # 50 concurrent proposals and comments: any 500?
    bench/attack.py connections    # 1,100 slow bodies from one address: does /healthz answer?
    bench/attack.py identical-put  # 100 identical PUTs: how many revisions?
    bench/attack.py restore DB     # `workbench restore` under the running server: refused?

Options: --url (default http://127.0.0.1:3000), --pid (the server's process, for its memory:
login-flood), --count (the attack's size). `login-flood` needs team mode
(WORKBENCH_MODE=team); the others run in local mode. The server test suite checks each point
too (server/tests/api/: hostile_html.rs, sign_in_limits.rs, ids.rs, first_admin.rs,
emails.rs, cli.rs; server/src/serve.rs for the connection limit); this script is for a
release build under load, and its figures are in docs/security.md.
"""
import argparse
import concurrent.futures
import json
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

HEADER = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale"


def request(url, method="GET", body=None, headers=None, timeout=30):
    """(status, body bytes, headers) of one request; errors answer as statuses."""
    data = body.encode() if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)
    except urllib.error.URLError as e:
        # A server that refuses a large body by its length answers and closes before the
        # body is sent: the sender sees the connection closed (0).
        if isinstance(e.reason, (BrokenPipeError, ConnectionResetError)):
            return 0, b"", {}
        raise


def create_sheet(base, name, tsv):
    status, body, _ = request(f"{base}/api/v1/sheets?name={urllib.parse.quote(name)}", "POST", tsv,
                              {"content-type": "text/tab-separated-values"})
    if status != 201:
        sys.exit(f"attack: cannot create a sheet ({status}): {body[:200]!r}")
    return json.loads(body)["id"]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def inject(args):
    marker = "<h1 data-injected>INJ</h1>"
    tsv = f"{HEADER}\n1\tapp -> db\tread timeout\t\t\t1s\t\t</textarea>{marker}<textarea>\n"
    sheet = create_sheet(args.url, "inject", tsv)
    held = True
    for path in [f"/sheets/{sheet}", f"/sheets/{sheet}?since=1", f"/sheets/{sheet}/propose"]:
        status, body, _ = request(args.url + path)
        found = marker in body.decode()
        print(f"{path}: {status}, marker as markup: {'yes' if found else 'no'}")
        held &= status == 200 and not found
    return held


def login_flood(args):
    count = args.count or 100_000
    before = rss_kib(args.pid) if args.pid else None
    local = "x" * (254 - len("-000000@example.com"))
    statuses = {}
    start = time.time()

    def one(n):
        body = urllib.parse.urlencode({"email": f"{local}-{n:06d}@example.com", "password": "guess"})
        return request(f"{args.url}/login", "POST", body,
                       {"content-type": "application/x-www-form-urlencoded"})[0]

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        for status in pool.map(one, range(count)):
            statuses[status] = statuses.get(status, 0) + 1
    huge = "x" * (1 << 20)

    def big(n):
        body = urllib.parse.urlencode({"email": f"{huge}{n}@example.com", "password": "guess"})
        return request(f"{args.url}/login", "POST", body,
                       {"content-type": "application/x-www-form-urlencoded"})[0]

    big_statuses = {}
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for status in pool.map(big, range(500)):
            big_statuses[status] = big_statuses.get(status, 0) + 1
    elapsed = time.time() - start
    print(f"{count} unique e-mails: {statuses}; 500 of 1 MB: {big_statuses} "
          f"(0: closed while sending); {elapsed:.1f} s")
    held = set(big_statuses) <= {413, 0} and set(statuses) <= {401, 403, 429}
    if args.pid:
        after = rss_kib(args.pid)
        grown = (after - before) / 1024
        print(f"server memory: {before / 1024:.0f} MB before, {after / 1024:.0f} MB after ({grown:+.0f} MB)")
        held &= grown < 32
    return held


def concurrent_creates(args):
    count = args.count or 50
    sheet = create_sheet(args.url, "concurrent",
                         f"{HEADER}\n1\tapp -> db\tread timeout\t\t\t1s\t\t\n")
    headers = {"content-type": "application/json", "x-workbench-author": "attack"}

    def propose(n):
        body = json.dumps({"title": f"proposal {n}", "cells": [
            {"row_id": 1, "column": "rationale", "base": "", "value": f"why {n}"}]})
        return request(f"{args.url}/api/v1/sheets/{sheet}/proposals", "POST", body, headers)

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        proposals = list(pool.map(propose, range(count)))
    made = [json.loads(b)["id"] for s, b, _ in proposals if s == 201]
    first = made[0] if made else 1

    def comment(n):
        body = json.dumps({"body": f"comment {n}"})
        return request(f"{args.url}/api/v1/sheets/{sheet}/proposals/{first}/comments", "POST", body,
                       headers)

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        comments = list(pool.map(comment, range(count)))
    p_status = sorted({s for s, _, _ in proposals})
    c_status = sorted({s for s, _, _ in comments})
    print(f"{count} proposals: statuses {p_status}, {len(set(made))} distinct ids; "
          f"{count} comments: statuses {c_status}")
    # A comment answers the proposal's review with its comments (200).
    return p_status == [201] and c_status == [200] and len(set(made)) == count


def connections(args):
    count = args.count or 1_100
    # This script's own descriptors: one per connection it holds.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 64)), hard))
    host, port = urllib.parse.urlsplit(args.url).hostname, urllib.parse.urlsplit(args.url).port
    held_open = []
    refused = 0
    for _ in range(count):
        try:
            s = socket.create_connection((host, port), timeout=5)
            s.sendall(b"POST /api/v1/check HTTP/1.1\r\nhost: 127.0.0.1\r\n"
                      b"content-type: text/tab-separated-values\r\ncontent-length: 1000000\r\n\r\nx")
            held_open.append(s)
        except OSError:
            refused += 1
    time.sleep(1)
    closed = 0
    for s in held_open:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    # Another client (another loopback address) asks the probe while the slow bodies hold on.
    probe = socket.create_connection((host, port), timeout=5, source_address=("127.0.0.2", 0))
    probe.sendall(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
    answer = probe.recv(100).split(b"\r\n")[0].decode()
    for s in held_open:
        s.close()
    print(f"{count} slow bodies from one address: {len(held_open) - closed} kept open, "
          f"{closed + refused} closed by the server; /healthz from another address: {answer}")
    return answer == "HTTP/1.1 200 OK" and len(held_open) - closed <= 128


def identical_put(args):
    count = args.count or 100
    tsv = f"{HEADER}\n1\tapp -> db\tread timeout\t\t\t1s\t\t\n"
    sheet = create_sheet(args.url, "identical", tsv)
    def revisions():
        return len(json.loads(request(f"{args.url}/api/v1/sheets/{sheet}/revisions")[1]))

    before = revisions()
    for _ in range(count):
        _, _, headers = request(f"{args.url}/api/v1/sheets/{sheet}")
        etag = headers.get("ETag") or headers.get("etag")
        status, body, _ = request(f"{args.url}/api/v1/sheets/{sheet}", "PUT", tsv,
                                  {"content-type": "text/tab-separated-values", "if-match": etag})
        if status != 200:
            print(f"PUT answered {status}: {body[:200]!r}")
            return False
    after = revisions()
    print(f"{count} identical PUTs: {after - before} revisions added")
    return after == before


def restore(args):
    backup = f"{args.database}.attack-backup"
    if os.path.exists(backup):
        os.remove(backup)
    subprocess.run([args.workbench, "backup", backup], check=True, capture_output=True,
                   env={**os.environ, "DATABASE_URL": f"sqlite://{args.database}"})
    done = subprocess.run([args.workbench, "restore", backup], capture_output=True, text=True,
                          env={**os.environ, "DATABASE_URL": f"sqlite://{args.database}"})
    os.remove(backup)
    print(f"restore under the running server: exit {done.returncode}: {done.stderr.strip()}")
    return done.returncode == 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("attack", choices=["inject", "login-flood", "concurrent", "connections",
                                           "identical-put", "restore"])
    parser.add_argument("database", nargs="?", help="restore: the SQLite file the server serves")
    parser.add_argument("--url", default="http://127.0.0.1:3000")
    parser.add_argument("--pid", type=int, help="the server's process id (its memory)")
    parser.add_argument("--count", type=int, help="the attack's size")
    parser.add_argument("--workbench", default="target/release/workbench")
    args = parser.parse_args()
    host = urllib.parse.urlsplit(args.url).hostname
    if not host.startswith("127.") and host not in ("localhost", "::1"):
        sys.exit("attack: only a server on this machine's loopback address")
    attacks = {"inject": inject, "login-flood": login_flood, "concurrent": concurrent_creates,
               "connections": connections, "identical-put": identical_put, "restore": restore}
    held = attacks[args.attack](args)
    print("held" if held else "DID NOT HOLD")
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()
