#!/usr/bin/env python3
"""Where a run's wall time goes, thread by thread: `perf script` output binned by time.

    perf record -F 499 -o /tmp/run.perf target/cli/ratings-lab rate --method glicko2 FILE --format json > /dev/null
    perf script -i /tmp/run.perf -F tid,time,ip,sym | python3 scripts/perf-timeline.py [--bin 0.05]

Each line is a bin of wall time: how many threads had samples in it (1 or 2 on this
machine's two cores), each thread's share of the bin, and the functions seen most. A stage
on one thread while the other core idles shows as a run of lines with one thread. At the
end, the seconds with two threads busy, with one, and with none sampled (waiting, or perf's
own start). Samples of perf's own start (before the program's first) are not counted.
"""
import argparse
import collections
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", type=float, default=0.05, help="seconds a line (default 0.05)")
    ap.add_argument("--top", type=int, default=2, help="functions shown a line (default 2)")
    args = ap.parse_args()
    rows = []
    for line in sys.stdin:
        parts = line.split()
        if len(parts) < 3:
            continue
        try:
            tid, t = parts[0], float(parts[1].rstrip(":"))
        except ValueError:
            continue
        rows.append((t, tid, " ".join(parts[3:])[:50]))
    if not rows:
        sys.exit("no samples read: pipe `perf script -F tid,time,ip,sym` in")
    start = rows[0][0]
    threads = collections.defaultdict(collections.Counter)
    symbols = collections.defaultdict(collections.Counter)
    for t, tid, sym in rows:
        k = int((t - start) / args.bin)
        threads[k][tid] += 1
        symbols[k][sym] += 1
    busy = collections.Counter()
    per_thread = max(max(c.values()) for c in threads.values())
    for k in range(max(threads) + 1):
        counts = threads.get(k, collections.Counter())
        # A thread counts as busy in a bin when it has at least a third of a full bin's samples.
        n = sum(1 for v in counts.values() if v >= per_thread / 3)
        busy[n] += 1
        shares = " ".join(f"{v / per_thread:.2f}" for v in sorted(counts.values(), reverse=True))
        top = ", ".join(f"{s or '?'} ({c})" for s, c in symbols.get(k, collections.Counter()).most_common(args.top))
        print(f"{k * args.bin:6.2f} s  {n} busy  [{shares}]  {top}")
    print()
    for n in sorted(busy, reverse=True):
        print(f"{n} thread(s) busy: {busy[n] * args.bin:.2f} s")


if __name__ == "__main__":
    main()
