#!/usr/bin/env python3
"""Writes a worst-case sheet of about N rows as TSV on standard output, for the server's load
figures (bench/load.sh): the shapes that once grew faster than the sheet.

    bench/hostile.py nested 5000   # one hop, 4,998 nested "1000 tries, waits 0.5s" rows
    bench/hostile.py chain 5000    # a chain of 2,500 retried hops under a 10 s deadline
    bench/hostile.py fanout 5000   # one caller, 1,000 retried hops, each an inversion

The engine's own generators of these shapes are in budget/tests/engine/shapes/mod.rs.
"""
import sys

HEADER = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale"


def row(segment, item, value):
    return f"\t{segment}\t{item}\t\t\t{value}\t\t"


def nested(n):
    yield row("a -> b", "connect timeout", "0.5s")
    yield row("a -> b", "read timeout", "1s")
    for _ in range(n - 2):
        yield row("a -> b", "tries and waits", "1000 tries, waits 0.5s")


def chain(n):
    yield row("n0", "deadline", "10s")
    for i in range((n - 1) // 2):
        yield row(f"n{i} -> n{i + 1}", "read timeout", "1s")
        yield row(f"n{i} -> n{i + 1}", "tries and waits", "2 tries, waits 0.1s")


def fanout(n):
    for i in range(n // 5):
        hop = f"app -> svc{i}"
        yield row(hop, "connect timeout", "1s")
        yield row(hop, "read timeout", "2s")
        yield row(hop, "tries and waits", "3 tries, waits 0.5s, 1s")
        yield row(hop, "idempotency", "non-idempotent")
        yield row(f"svc{i}", "deadline", "5s")


SHAPES = {"nested": nested, "chain": chain, "fanout": fanout}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES:
        sys.exit(f"usage: {sys.argv[0]} {'|'.join(SHAPES)} ROWS")
    print(HEADER)
    for line in SHAPES[sys.argv[1]](int(sys.argv[2])):
        print(line)
