#!/usr/bin/env python3
"""The Python peer's side of bench/peer.sh: runs PEER (a script taking a sheet path, such as
../shared/bench/peer_check.py) on SHEET RUNS times inside this one interpreter, after one
warm-up run that also imports the modules it needs, and prints the median CPU time of one run
(time.thread_time) in microseconds: interpreter start-up is excluded, the script's reading,
parsing, computing and printing (into memory) are included.
Usage: peer_time.py PEER SHEET RUNS"""
import contextlib
import io
import statistics
import sys
import time


def main(peer, sheet, runs):
    with open(peer, encoding="utf-8") as f:
        code = compile(f.read(), peer, "exec")
    times = []
    for run in range(runs + 1):
        sys.argv = [peer, sheet]
        out = io.StringIO()
        start = time.thread_time()
        with contextlib.redirect_stdout(out):
            try:
                exec(code, {"__name__": "__main__", "__file__": peer})
            except SystemExit:
                pass
        elapsed = time.thread_time() - start
        if run > 0:
            times.append(elapsed)
    lines = out.getvalue().count("\n")
    inverted = out.getvalue().count("INVERTED")
    print(f"python\t{sheet}\t{statistics.median(times) * 1e6:.0f}\t{lines}\t{inverted}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
