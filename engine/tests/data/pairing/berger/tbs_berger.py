"""Runs TieBreakServer's Berger pairing engine (pairingberger.py, through its own
tournamentgenerator.py, which pairs round after round as a tournament would) and writes
one TSV per size (3 to 24) and mode: round, board, white, black (black 0: the bye).
Imports TieBreakServer's modules; copies none of its code.

Usage: python3 tbs_berger.py <TieBreakServer checkout> <output directory>
"""
import contextlib
import io
import os
import sys

TBS, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, TBS)
os.chdir(TBS)
from tournamentgenerator import tournamentgenerator  # noqa: E402

# mode name -> (method list, maxmeets, cycles)
MODES = {
    "single": ("berger-fide", 1, 1),
    "double": ("berger-fide", 2, 2),          # FIDE_DOUBLEROUNDROBIN: pairingSystem berger, fide
    "double-plain": ("berger", 2, 2),         # BERGER_DOUBLEROUNDROBIN: no 'fide' flag
}


def run(players, mode):
    method, maxmeets, cycles = MODES[mode]
    rounds = cycles * (players + players % 2 - 1)
    sys.argv = ["tournamentgenerator.py", "-m", method, "-K", str(maxmeets), "-p", str(players),
                "-N", str(rounds), "-S", "0", "0", "0", "-g", "0", "1", "-o", os.devnull]
    tge = tournamentgenerator()
    tge.read_command_line()
    rows = []
    original = tge.compute_pairing

    def capture(engine, params):
        result = original(engine, params)
        for level in result["checker"]:
            for pair in level["pairs"]:
                rows.append((result["round"], pair["board"], pair["w"], pair["b"]))
        return result

    tge.compute_pairing = capture
    with contextlib.redirect_stdout(io.StringIO()):
        tge.gen_tournament(0)
    rows.sort()
    with open(os.path.join(OUT, f"n{players}-{mode}.tsv"), "w") as f:
        f.write("round\tboard\twhite\tblack\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")


for players in range(3, 25):
    for mode in MODES:
        run(players, mode)
