# Makes src/lessons/debate-league.csv, the debate lesson (issue 39): twelve made-up teams of
# known strengths (log-strength sd 0.8, seed 39), nine rounds of three rooms of four, each
# room ranked 1st to 4th by Luce's choice place by place (Plackett-Luce). CC0.
# Run: python3 scripts/make-debate-lesson.py > src/lessons/debate-league.csv
import random, math
random.seed(39)
teams = ["Aldgate", "Bankside", "Camden", "Dalston", "Euston", "Fulham", "Greenwich", "Hackney", "Islington", "Kennington", "Lambeth", "Mayfair"]
strength = {t: math.exp(random.gauss(0, 0.8)) for t in teams}
rows = []
for rnd in range(1, 10):
    order = teams[:]
    random.shuffle(order)
    for room in range(3):
        four = order[4*room:4*room+4]
        left = four[:]
        rank = 1
        while left:
            total = sum(strength[t] for t in left)
            x = random.random() * total
            for t in left:
                x -= strength[t]
                if x <= 0: break
            rows.append((rnd, "ABC"[room], t, rank))
            left.remove(t); rank += 1
print("round,room,team,rank")
for r in sorted(rows, key=lambda r: (r[0], r[1], r[3])):
    print(f"{r[0]},{r[1]},{r[2]},{r[3]}")
import sys
print(sorted(strength.items(), key=lambda kv: -kv[1]), file=sys.stderr)
