# Writes the corner-case TRFs (JaVaFo TRF(x) layout) from game lists; results 1/0.5/0 unless
# the case gives its own points for a win and a draw (then written as BBW and BBD).
import sys
def trf(name, n, rounds, pending, planned, title, win=1.0, draw=0.5):
    cells = {p: [] for p in range(1, n + 1)}
    pts = {p: 0.0 for p in cells}
    val = {'1': win, '=': draw, '0': 0, '+': win, '-': 0}
    inv = {'1': '0', '0': '1', '=': '=', '+': '-', '-': '+'}
    for r, games in enumerate(rounds):
        for g in games:
            if len(g) == 3:
                w, b, res = g
                rb = inv[res] if res != '--' else '-'
                rw = res if res != '--' else '-'
                cells[w].append(f"{b:4d} w {rw}"); cells[b].append(f"{w:4d} b {rb}")
                pts[w] += val[rw]; pts[b] += val[rb]
            else:
                p, code = g
                cells[p].append(f"0000 - {code}")
                pts[p] += {'U': 1, 'F': 1, 'H': .5, 'Z': 0, '-': 0}[code]
        for p in cells:
            assert len(cells[p]) == r + 1, (name, r + 1, p)
    for p, code in pending:
        cells[p].append(f"0000 - {code}")
        pts[p] += {'H': .5, 'Z': 0, '-': 0, 'F': 1}[code]
    out = [f"012 {title}", f"XXR {planned}"]
    if (win, draw) != (1.0, 0.5):
        out += [f"BBW {win:4.1f}", f"BBD {draw:4.1f}"]
    for p in cells:
        nm = f"Player {p:02d}"
        line = f"001 {p:4d}      {nm:<33s} {2500 - 50 * p:4d}" + " " * 28 + f"{pts[p]:4.1f} {p:4d}"
        assert len(line) == 89, len(line)
        out.append(line + "".join("  " + c for c in cells[p]))
    open(f"/tmp/cases/{name}.trf", "w").write("\n".join(out) + "\n")

# 1. Seven players: the pairing-allocated bye of round 3 goes to the lowest eligible.
trf("odd-bye-lowest", 7, [
    [(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (4, 'U')],
    [(2, 3, '='), (4, 1, '0'), (5, 6, '1'), (7, 'U')],
], [], 5, "Case odd-bye-lowest")
# 2. Seven players, round 4: the lowest bracket's lowest players (7, then 6) already had a bye.
trf("bye-already-had", 7, [
    [(1, 5, '1'), (6, 2, '0'), (3, 4, '1'), (7, 'U')],
    [(2, 7, '1'), (1, 3, '='), (5, 6, '1'), (4, 'U')],
    [(1, 2, '='), (3, 7, '1'), (4, 5, '1'), (6, 'U')],
], [], 5, "Case bye-already-had")
# 3. Six players, last round (5 of 5): top scorers with absolute colour preferences.
trf("absolute-colours-last-round", 6, [
    [(1, 4, '1'), (5, 2, '0'), (3, 6, '1')],
    [(4, 3, '0'), (2, 1, '='), (6, 5, '=')],
    [(1, 3, '1'), (5, 4, '1'), (6, 2, '0')],
    [(1, 6, '1'), (2, 4, '1'), (3, 5, '1')],
], [], 5, "Case absolute-colours-last-round")
# 3b. The same six players with round 4 as first written: no perfect matching is left.
trf("no-valid-pairing", 6, [
    [(1, 4, '1'), (5, 2, '0'), (3, 6, '1')],
    [(4, 3, '0'), (2, 1, '='), (6, 5, '=')],
    [(1, 3, '1'), (5, 4, '1'), (2, 6, '1')],
    [(6, 1, '0'), (3, 2, '0'), (4, 5, '=')],
], [], 5, "Case no-valid-pairing")
# 4. Eight players, player 3 withdrew after round 2 (round 3 cell 0000 - -).
trf("withdrawn", 8, [
    [(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')],
    [(2, 1, '='), (4, 3, '0'), (5, 8, '1'), (7, 6, '=')],
], [(3, '-')], 5, "Case withdrawn")
# 5. Nine players, player 9 enters late in round 3 (rounds 1-2: 0000 - Z), one requested bye.
trf("late-entry", 9, [
    [(1, 5, '1'), (6, 2, '0'), (3, 7, '='), (8, 4, '0'), (9, 'Z')],
    [(2, 3, '1'), (4, 1, '='), (5, 8, '1'), (7, 6, '0'), (9, 'Z')],
], [(6, 'H')], 5, "Case late-entry")
# 6. Eight players after 3 of 4 rounds: 6, 7, 8 (the last bracket, 1 point each) have all met.
trf("last-bracket-all-met", 8, [
    [(1, 5, '='), (2, 4, '='), (3, 8, '1'), (6, 7, '1')],
    [(5, 2, '='), (4, 1, '='), (6, 3, '0'), (7, 8, '1')],
    [(1, 2, '='), (3, 5, '='), (4, 7, '1'), (8, 6, '1')],
], [], 4, "Case last-bracket-all-met")
# 7. Odd bracket where the bye cannot go to the lowest: 5 players, 3 rounds, byes already given.
trf("bye-every-low-had", 5, [
    [(1, 3, '1'), (2, 4, '1'), (5, 'U')],
    [(3, 5, '0'), (2, 1, '='), (4, 'U')],
    [(1, 5, '1'), (4, 2, '0'), (3, 'U')],
], [], 4, "Case bye-every-low-had")
# 8. Eight players, round 3, three points a win and one a draw (BBW 3, BBD 1): 1 and 2 (a win
#    and a loss) and 3 and 7 (two draws, met in round 1) are one scoregroup under 1/0.5/0 (1-3,
#    2-7), two under 3/1/0 (1-2; 3 and 7 float apart).
trf("points-three-one", 8, [
    [(1, 5, '1'), (6, 2, '1'), (3, 7, '='), (8, 4, '=')],
    [(4, 1, '1'), (2, 8, '1'), (3, 6, '='), (7, 5, '=')],
], [], 5, "Case points-three-one", win=3.0, draw=1.0)
# 9. Eight players, round 2, all drawn in round 1 with 1-4 white against 5-8: one bracket, S1
#    1-4 (all want black) and S2 5-8 (all want white), so colours rule out nothing between S1
#    and S2 and Art. 4.2's order of transpositions alone decides: 5-6-7-8 and every order
#    starting 5 or giving 3 its round-1 opponent 7 are blocked; the first left is 6-5-8-7.
trf("transposition-order", 8, [
    [(1, 5, '='), (2, 6, '='), (3, 7, '='), (4, 8, '=')],
], [], 5, "Case transposition-order")
