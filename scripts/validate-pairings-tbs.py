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
file's). XXP and XXA are given to it as 260 and 250 (as_trf2026). All files in this one
process: a process per file would spend most of its time importing (about 1 s a file).
"""

import contextlib
import io
import os
import sys
import tempfile
import time


def as_trf2026(path, work):
    """The file with JaVaFo's XXP and XXA written as TRF-2026's 260 and 250, which
    TieBreakServer reads: its reader skips XXP, and takes an XXA value only when it equals a
    win's, a draw's or a loss's points, and then not as bbpPairings applies it (so that Baku and
    random virtual points differ from the first round). The file itself when it has neither."""
    with open(path, encoding="latin-1", newline="") as f:
        lines = f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not any(line.startswith(("XXP", "XXA")) for line in lines):
        return path
    rounds = next((int(line[4:].split()[0]) for line in lines if line.startswith("XXR")), 0)
    rounds = rounds or max((len(line) - 89 + 2) // 10 for line in lines if line.startswith("001"))
    out = []
    for line in lines:
        if line.startswith("XXP"):
            out.append(f"260 {1:>3} {rounds:>3}" + "".join(f" {int(p):>4}" for p in line[4:].split()))
        elif line.startswith("XXA"):
            player, values = int(line[4:8]), [float(line[i:i + 4]) for i in range(9, len(line.rstrip()) - 2, 5)]
            r = 0
            while r < len(values):
                end = r
                while end + 1 < len(values) and values[end + 1] == values[r]:
                    end += 1
                if values[r]:
                    out.append(f"250 {'':>4} {values[r]:>4.1f} {r + 1:>3} {end + 1:>3} {player:>4} {player:>4}")
                r = end + 1
        else:
            out.append(line)
    converted = os.path.join(work, os.path.basename(path))
    with open(converted, "w", encoding="latin-1") as f:
        f.write("\n".join(out))
    return converted


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
    work = tempfile.mkdtemp()
    for path in files:
        try:
            checked = check(pairingchecker, as_trf2026(path, work))
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
