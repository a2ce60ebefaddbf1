#!/usr/bin/env python3
"""The second reference of the validation harness (issue 38): FIDE's TieBreakServer
(github.com/OttoMilvang/TieBreakServer, MIT; kept OUTSIDE this repository) re-pairs every
round of each TRF with its own Dutch implementation (pairingchecker.py -c), and its pairs are
compared with the file's: pairs and colours counted apart, the bye, the rounds that differ.

Usage: scripts/validate-pairings-tbs.py TBS_DIR LABEL FILE.trf... > line
  TBS_DIR  the directory of pairingchecker.py (its requirements importable: networkx)
  LABEL    the first column of the output line (the axis)
Prints one tab-separated line: label, files, rounds, pairs, pairs_agreeing, colours_agreeing,
byes, byes_agreeing, rounds_differing, files_failing (TieBreakServer stopped with an error),
seconds; and on stderr each round that differs (file, round, TieBreakServer's pairs, the
file's). All files in this one process: a process per file would spend most of its time
importing (about 1 s a file).
"""

import contextlib
import io
import os
import sys
import time


def check(checker_class, path):
    """TieBreakServer's rounds of one file: [(round, its pairs, the file's pairs)]."""
    sys.argv = ["pairingchecker.py", "-c", "-i", path, "-o", os.devnull]
    pch = checker_class()
    with contextlib.redirect_stdout(io.StringIO()):
        pch.common_main()
    result = getattr(pch.chessfile, "result", None) or {}
    return [(r["round"], r["pairs"], r["current"]) for r in result.get("roundpairing", [])]


def compare(pairs, current):
    """(pairs, pairs agreeing, colours agreeing, byes, byes agreeing) of one round; a pair
    [w, 0] is the bye."""
    key = lambda p: (min(p), max(p))
    ours = {key(p): tuple(p) for p in pairs if 0 not in p}
    file_pairs = [tuple(p) for p in current if 0 not in p]
    agree = sum(1 for p in file_pairs if key(p) in ours)
    colours = sum(1 for p in file_pairs if ours.get(key(p)) == p)
    bye = [max(p) for p in pairs if 0 in p]
    file_bye = [max(p) for p in current if 0 in p]
    byes = 1 if bye or file_bye else 0
    return len(file_pairs), agree, colours, byes, int(byes == 1 and bye == file_bye)


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    tbs, label, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    sys.path.insert(0, tbs)
    from pairingchecker import pairingchecker

    start = time.time()
    totals = [0] * 5
    rounds = differing = failing = 0
    for path in files:
        try:
            checked = check(pairingchecker, path)
        except (Exception, SystemExit) as e:  # noqa: BLE001 - a file TieBreakServer cannot take is counted, not fatal
            failing += 1
            print(f"{path}\terror\t{e!r}", file=sys.stderr)
            continue
        if not checked:
            failing += 1
            print(f"{path}\tno rounds checked", file=sys.stderr)
        for rnd, pairs, current in checked:
            rounds += 1
            c = compare(pairs, current)
            totals = [t + x for t, x in zip(totals, c)]
            if c[1] != c[0] or c[2] != c[0] or c[3] != c[4] or len(pairs) != len(current):
                differing += 1
                print(f"{path}\t{rnd}\t{sorted(pairs)}\t{sorted(current)}", file=sys.stderr)
    print("\t".join(map(str, [label, len(files), rounds, *totals, differing, failing, f"{time.time() - start:.1f}"])))


if __name__ == "__main__":
    main()
