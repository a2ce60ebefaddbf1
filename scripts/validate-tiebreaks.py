#!/usr/bin/env python3
"""Tiebreaks at scale against TieBreakServer (a benchmark, not part of the test run).

For every TRF file under the paths given, runs our `ratings-lab tiebreaks FILE --order LIST
--format json --rules R` and TieBreakServer's `tiebreakchecker.py -i FILE -dT -t PTS LIST`
under the same list and rules, and compares, player by player, the points, every tiebreak
both compute and the rank (points, then the list; TPN last breaks every tie in both). Prints
the counts (tournaments, players, values compared, differences per tiebreak) and keeps each
file that differs in --keep, beside a `.diff.txt` with every difference and our explanation
of the value.

    nice -n 19 scripts/validate-tiebreaks.py --ours target/release/ratings-lab \\
        --tbs /tmp/tbs/tiebreakchecker.py --keep /tmp/tb-diffs /tmp/bbp-extras engine/tests/data/trf

TieBreakServer (MIT, https://github.com/OttoMilvang/TieBreakServer) needs Python 3.8+ and
networkx. What is compared, and why some values are left out, is in docs/organisers.md
("Tiebreaks against TieBreakServer at scale"). Standard library only; one file at a time.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

# Our code -> TieBreakServer's (its `/Cn`, `/Mn` modifiers; `/V2` the 2026 rules, `/V1` 2023).
# DE first (after points): its value depends on the order, and both compute it among the
# players tied on points alone there. TPN last: it breaks every tie, so the ranks are total.
# FB and FB-C1 just before it: TieBreakServer's Fore Buchholz leaves each player paired in the
# last round with that round as their last available one, and the Buchholz-like tiebreaks it
# computes after it in the same run then count no unplayed round of theirs as a draw (16.3.2):
# SB or AOB after FB differ from SB or AOB alone (tiebreakchecker 1.9.57).
CODES = [
    "DE", "WIN", "WON", "BPG", "BWG", "REP", "STD", "PS", "PS-C1", "KS", "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "AOB", "SB",
    "SB-C1", "SB-C2", "SB-M1", "SB-M2", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "FB", "FB-C1", "TPN",
]
# Rating based: TieBreakServer gives no value to anyone once a player is unrated (C.07 10 drops
# them), we leave the unrated opponents out; compared only when every player is rated.
RATED = {"ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO"}
# The Buchholz tie-breaks (C.07 8), which a round robin may not use (FIDE's checklist Q105): our
# `tiebreaks --order` refuses them for one, so neither side is asked for them there (the ranks
# then follow the same order on both sides).
BUCHHOLZ = {"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "FB", "FB-C1", "AOB"}
# Modifiers TieBreakServer applies by rule version.
VERSIONED = {"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "FB", "FB-C1", "SB", "SB-C1", "SB-C2", "SB-M1", "SB-M2", "AOB"}


def tbs_code(code, rules):
    base = code.replace("-", "/")
    if code in VERSIONED:
        base += "/V2" if rules == "2026" else "/V1"
    return base


def codes_for(path):
    """The codes compared for `path`: every one, but a round robin's without the Buchholz ones."""
    return [c for c in CODES if not (c in BUCHHOLZ and pre_determined(path))]


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", f"timeout after {timeout} s"


def ours(args, path):
    code, out, err = run([args.ours, "tiebreaks", path, "--order", ",".join(codes_for(path)), "--format", "json", "--rules", args.rules], args.timeout)
    if code != 0:
        return None, err.strip().splitlines()[-1:] or [f"exit {code}"]
    data = json.loads(out)
    players = {}
    for p in data["players"]:
        values = dict(p["tiebreaks"])
        values["PTS"] = p["points"]
        values["Rank"] = p["rank"]
        players[str(p["start"])] = (values, p.get("explanations", {}))
    return players, data.get("warnings", [])


def pre_determined(path):
    """Whether we rank `path` by the pre-determined pairings' rules (`tiebreak::is_pre_determined`):
    its 192 declares a round robin (or the Dutch system), else its 092 names a round robin, or,
    unless it names a Swiss, everyone met everyone.
    TieBreakServer is told the same (-p or -s): left to itself it takes any event of n players
    and n or n-1 rounds for a round robin, a 6-player 5-round Swiss too."""
    kind, declared, opponents = "", None, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("092"):
                kind = line[4:].strip().lower()
            elif line.startswith("192"):
                declared = line[4:].strip()
            elif line.startswith("001") and len(line) > 8 and line[4:8].strip().isdigit():
                start = int(line[4:8])
                opponents[start] = {int(line[i : i + 4]) for i in range(91, len(line) - 3, 10) if line[i : i + 4].strip().isdigit()}
    if declared in ("FIDE_ROUNDROBIN", "BERGER_ROUNDROBIN", "FIDE_DOUBLEROUNDROBIN", "BERGER_DOUBLEROUNDROBIN"):
        return True
    if declared in ("FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026", "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026_BAKU"):
        return False
    if "swiss" in kind:
        return False
    if "robin" in kind or "berger" in kind or "rr" in kind.replace("-", " ").split():
        return True
    everyone = set(opponents)
    return len(everyone) >= 3 and all(everyone - {p} <= met for p, met in opponents.items())


def fixed_162(path, counts):
    """TieBreakServer reads a 162 record's codes at fixed columns (6, 15, 24, …: `162  W 3.0
    D 1.0`, as TRF-2026 lays it out) and refuses one written `162 W 3.0 D 1.0`; ours reads
    both. Such a line is rewritten in a copy for it (counted); None when nothing needs it."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    changed = False
    for i, line in enumerate(lines):
        if line.startswith("162") and not (len(line) > 6 and line[3:5] == "  " and line[5].isalpha()):
            words = line[3:].split()
            pairs = [(words[k], words[k + 1]) for k in range(0, len(words) - 1, 2)]
            lines[i] = "162 " + "".join(f" {c}{float(p):4.1f}   " for c, p in pairs).rstrip() + "\n"
            changed = True
    if not changed:
        return None
    counts["162 rewritten for TieBreakServer"] += 1
    tmp = tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False, encoding="utf-8")
    tmp.writelines(lines)
    tmp.close()
    return tmp.name


def tbs(args, path, counts):
    ours_codes = codes_for(path)
    codes = [tbs_code(c, args.rules) for c in ours_codes]
    system = "-p" if pre_determined(path) else "-s"
    copy = fixed_162(path, counts)
    try:
        code, out, err = run([args.python, args.tbs, "-i", copy or path, system, "-dT", "-t", "PTS", *codes], args.timeout)
    finally:
        if copy:
            os.unlink(copy)
    lines = [l for l in out.splitlines() if l.strip() and not l.startswith("Check:")]
    if code != 0 or not lines or not lines[0].startswith("StartNo"):
        return None, (err.strip() or out.strip()).splitlines()[-2:] or [f"exit {code}"]
    header = lines[0].split("\t")
    players = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) != len(header):
            return None, [f"a row of {len(cells)} cells under a header of {len(header)}"]
        row = dict(zip(header, cells))
        values = {"PTS": row["PTS"], "Rank": row["Rank"]}
        for c, t in zip(ours_codes, codes):
            values[c] = row[t]
        players[row["StartNo"]] = values
    return players, []


def same(mine, theirs, code):
    """Our value written as TieBreakServer writes its (its decimals, halves up); `-0` is its
    "no value"."""
    if theirs == "-0":
        return mine is None
    if mine is None:
        return False
    decimals = len(theirs.split(".")[1]) if "." in theirs else 0
    q = Decimal(1).scaleb(-decimals)
    shown = Decimal(repr(float(mine)) if isinstance(mine, float) else str(mine)).quantize(q, rounding=ROUND_HALF_UP)
    try:
        return shown == Decimal(theirs).quantize(q)
    except ArithmeticError:
        return False


VUR_WORDS = ("half-point bye", "zero-point bye", "forfeit loss", "not paired")
# One term of our SB explanation: "R3 Name (#12) 5.5 ×0.5" or "R2 half-point bye: virtual opponent 4 (…) ×0.5".
TERM = re.compile(
    r"(?:: |, )R(\d+) (?:(half-point bye|zero-point bye|forfeit loss|forfeit win|pairing-allocated bye|full-point bye|not paired)"
    r": virtual opponent ([\d.]+)|.*?\(#\d+\) ([\d.]+)).*? ×([\d.]+)"
)
SB_CUTS = {"SB-C1": (1, 0), "SB-C2": (2, 0), "SB-M1": (1, 1), "SB-M2": (2, 2)}


def sb_terms(why):
    """(round, opponent's score, value, from a VUR) of each term of our SB explanation."""
    body = why.split(" = ", 1)[1].split("; cut ")[0]
    out = []
    for m in TERM.finditer(body):
        score = float(m.group(3) or m.group(4))
        out.append((int(m.group(1)), score, score * float(m.group(5)), m.group(2) in VUR_WORDS))
    return out


def sb_cut(terms, low, high, vur_key):
    """14.1-14.4 with 16.5.1: the least significant value is the lowest opponent's score (then
    the lowest value); a VUR (the lowest by `vur_key`) is cut instead when worth no less."""
    terms = list(terms)
    for _ in range(low):
        if terms:
            least = min(terms, key=lambda t: (t[1], t[2]))
            vurs = [t for t in terms if t[3]]
            vur = min(vurs, key=vur_key) if vurs else None
            terms.remove(vur if vur is not None and least[2] <= vur[2] + 1e-9 else least)
    for _ in range(high):
        if terms:
            terms.remove(max(terms, key=lambda t: (t[1], t[2])))
    return sum(t[2] for t in terms)


def sb_vur_by_dummy(code, mine, theirs, why):
    """Whether our own terms, cut taking the VUR whose dummy scored least, give TieBreakServer's
    value, and taken by contribution (16.5.1's words), ours."""
    if code not in SB_CUTS or mine is None or theirs == "-0":
        return False
    low, high = SB_CUTS[code]
    terms = sb_terms(why)
    q = lambda x: Decimal(repr(float(x))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    ours_again = sb_cut(terms, low, high, lambda t: (t[2], t[1]))
    theirs_again = sb_cut(terms, low, high, lambda t: (t[1], t[2]))
    return q(ours_again) == q(mine) and q(theirs_again) == Decimal(theirs).quantize(Decimal("0.01"))


def known(code, why, mine=None, theirs=None):
    """A difference of a kind already explained in docs/organisers.md, or None."""
    if sb_vur_by_dummy(code, mine, theirs, why):
        # C.07 16.5.1 cuts "the lowest contribution coming from" a VUR (when not lower than the
        # least significant value); TieBreakServer takes the VUR whose dummy scored least.
        # Checked, not guessed: our terms re-cut its way give its value.
        return "16.5.1: the VUR cut by its contribution (TieBreakServer: by its dummy's score)"
    if code == "STD" and "(scored " in why:
        # A game scored ½-0 (or 0-0): 7.7 compares the score with the scheduled opponent's
        # (½ against 0 is 1); TieBreakServer with a draw's points (½).
        return "7.7: a game's score against the opponent's (½-0 is 1; TieBreakServer: ½, a draw's points)"
    return None


def de_separates(mine, theirs):
    """DE as both write it differs (TieBreakServer 0 where DE separates no one, we the shared
    place 1): compared as whether DE separates each group of players level on points; the
    order it gives is compared in the ranks, where DE comes first."""
    groups = {}
    for start, t in theirs.items():
        if start in mine:
            groups.setdefault(t["PTS"], []).append(start)
    out = {}
    for starts in groups.values():
        ours_sep = len({mine[s][0].get("DE") or 1 for s in starts}) > 1
        theirs_sep = len({theirs[s]["DE"] for s in starts}) > 1
        for s in starts:
            out[s] = (ours_sep, theirs_sep)
    return out


def separated_by_ratings(mine, theirs, found):
    """Whether the players whose ranks differ come in groups level on every value before the
    rating-based ones (TieBreakServer's; DE aside, compared in the ranks), each group
    separated in our rating-based values."""
    moved = [f[1] for f in found if f[0] == "Rank"]
    groups = {}
    for start in moved:
        key = tuple(theirs[start].get(c) for c in ["PTS", *CODES[1 : CODES.index("ARO")]])
        groups.setdefault(key, []).append(start)
    return all(
        len(g) > 1 and len({tuple(mine[s][0].get(c) for c in sorted(RATED)) for s in g}) == len(g) for g in groups.values()
    )


def compare(path, mine, theirs, counts, diffs):
    rated = all(v["RTNG"] != "-0" for v in theirs.values())
    de = de_separates(mine, theirs)
    found = []
    for start, t in sorted(theirs.items(), key=lambda kv: int(kv[0])):
        if start not in mine:
            found.append(("player", start, None, "missing here"))
            continue
        m, why = mine[start]
        for code in ["PTS", *codes_for(path), "Rank"]:
            if code in RATED and not rated:
                counts["skipped (unrated players)"] += 1
                continue
            counts["values"] += 1
            if code == "DE":
                if de[start][0] != de[start][1]:
                    words = ["separates no one", "separates"]
                    found.append((code, start, f"DE {words[de[start][0]]}", f"DE {words[de[start][1]]}", why.get(code, "")))
                continue
            if not same(m.get(code), t[code], code):
                found.append((code, start, m.get(code), t[code], why.get(code, "")))
    explained = all(known(f[0], f[4] if len(f) > 4 else "", f[2], f[3]) for f in found if f[0] != "Rank")
    for f in found:
        reason = known(f[0], f[4] if len(f) > 4 else "", f[2], f[3])
        if f[0] == "Rank" and explained and len(found) > sum(1 for g in found if g[0] == "Rank"):
            reason = "follows from the tournament's known differences above"
        elif f[0] == "Rank" and explained and not rated and separated_by_ratings(mine, theirs, found):
            # Level on everything compared; the rating-based tiebreaks, not compared here,
            # separate them for us (unrated opponents left out) and not for TieBreakServer
            # (none for anyone once a player is unrated).
            reason = "follows from the rating-based tiebreaks, not compared with unrated players"
        diffs[(f[0], reason)] += 1
    return found


def is_team(path):
    """A team tournament (TRF 013 or 310 records): its standings are the teams', another command."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return any(line.startswith(("013", "310")) for line in f)


def trf_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                for f in sorted(files):
                    if f.lower().endswith(".trf"):
                        yield os.path.join(root, f)
        elif p.lower().endswith(".trf"):
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="TRF files or folders (searched recursively)")
    ap.add_argument("--ours", default="target/release/ratings-lab", help="the ratings-lab binary")
    ap.add_argument("--tbs", default="/tmp/tbs/tiebreakchecker.py", help="TieBreakServer's tiebreakchecker.py")
    ap.add_argument("--python", default=sys.executable, help="the Python that runs TieBreakServer")
    ap.add_argument("--rules", default="2026", choices=["2023", "2026"], help="C.07's rules, for both")
    ap.add_argument("--keep", help="folder for the files that differ, each with a .diff.txt")
    ap.add_argument("--limit", type=int, default=0, help="stop after this many files")
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    counts, diffs, errors = Counter(), Counter(), Counter()
    differing = []
    started = time.time()
    tbs_time = ours_time = 0.0
    for n, path in enumerate(trf_files(args.paths), 1):
        if args.limit and n > args.limit:
            break
        if is_team(path):
            counts["team tournaments left out"] += 1
            continue
        t0 = time.time()
        mine, note = ours(args, path)
        t1 = time.time()
        theirs, their_note = tbs(args, path, counts)
        t2 = time.time()
        ours_time += t1 - t0
        tbs_time += t2 - t1
        if mine is None or theirs is None:
            side = "ours" if mine is None else "TieBreakServer"
            errors[side] += 1
            print(f"{path}: not compared, {side} could not read it: {' '.join(note if mine is None else their_note)}", flush=True)
            continue
        counts["tournaments"] += 1
        counts["players"] += len(theirs)
        found = compare(path, mine, theirs, counts, diffs)
        if found:
            differing.append(path)
            print(f"{path}: {len(found)} differences ({', '.join(sorted({f[0] for f in found}))})", flush=True)
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                name = path.strip("/").replace("/", "__")
                shutil.copy(path, os.path.join(args.keep, name))
                with open(os.path.join(args.keep, name + ".diff.txt"), "w") as out:
                    out.write(f"{path}\n")
                    for f in found:
                        why = f[4] if len(f) > 4 else ""
                        reason = known(f[0], why, f[2], f[3])
                        out.write(f"{f[0]} #{f[1]}: ours {f[2]}, TieBreakServer {f[3]}" + (f" [known: {reason}]" if reason else ""))
                        out.write((f"; ours: {why}" if why else "") + "\n")
        if n % 100 == 0:
            print(f"... {n} files, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
    elapsed = time.time() - started
    done = max(counts["tournaments"], 1)
    print(f"\ntournaments compared {counts['tournaments']}, players {counts['players']}, values compared {counts['values']}")
    print(f"rating-based values not compared (a player unrated) {counts['skipped (unrated players)']}")
    print(f"not compared: ours could not read {errors['ours']}, TieBreakServer could not read {errors['TieBreakServer']}")
    print(f"team tournaments left out {counts['team tournaments left out']}")
    print(f"162 records rewritten in fixed columns for TieBreakServer {counts['162 rewritten for TieBreakServer']}")
    print(f"tournaments with a difference {len(differing)}")
    for code in ["PTS", *CODES, "Rank", "player"]:
        for (c, reason), k in sorted(diffs.items(), key=lambda kv: str(kv[0])):
            if c == code:
                print(f"  {code}: {k} values differ" + (f", known: {reason}" if reason else ", unexplained"))
    print(f"time {elapsed:.0f} s: ours {1000 * ours_time / done:.0f} ms, TieBreakServer {1000 * tbs_time / done:.0f} ms a tournament")
    unexplained = sum(k for (c, reason), k in diffs.items() if reason is None)
    print(f"unexplained differences {unexplained}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
