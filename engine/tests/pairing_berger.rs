//! Round robins by FIDE's Berger tables (FIDE Handbook C.05 Annex 1;
//! `ratings_engine::pairing::berger`) against FIDE's TieBreakServer (`pairingberger.py`, MIT)
//! and against files played by them:
//! * every table TieBreakServer makes for 3 to 24 players, single and double
//!   (`tests/data/pairing/berger/n<size>-<single|double>.tsv`, its `FIDE_ROUNDROBIN` and
//!   `FIDE_DOUBLEROUNDROBIN`), round by round, board by board, the bye;
//! * where the two differ: TieBreakServer's plain double round robin (`-double-plain.tsv`,
//!   without its `fide` flag) does not exchange the last two rounds of the first cycle, which
//!   Annex 1 recommends; the engine follows the annex;
//! * the audit ([`check`]) of Mario Held's 6-player round robin (FIDE C.07 exercises, MIT) and
//!   of a 7-player double round robin TieBreakServer played, as they are, renumbered, and with
//!   a round altered; and the pairing of each round from the rounds before it.
//!
//! Origins, commits and the exact commands: `tests/data/pairing/berger/SOURCE.txt`.

use ratings_engine::pairing::berger::{berger_numbers, check, pair_round, rounds, table_round, Cycles, NumberSource, RrError, TableRound};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, Tournament};
use std::collections::BTreeMap;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pairing/berger");

/// Held's round robin as the shared data set holds it (MIT: its SOURCE.txt), else the copy
/// committed with the tiebreak tests (the same bytes).
const HELD_SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/fide_c07_held_exercises_trf/held_round_robin.trf");
const HELD_COPY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf/held_round_robin.trf");

/// A TSV of TieBreakServer's: by round, `(board, white, black)`, black 0 for the bye.
fn tsv(name: &str) -> BTreeMap<usize, Vec<(u32, u32, u32)>> {
    let path = format!("{DATA}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut by_round: BTreeMap<usize, Vec<(u32, u32, u32)>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line.split('\t').map(|c| c.parse().unwrap_or_else(|e| panic!("{path}: '{line}': {e}"))).collect();
        by_round.entry(v[0] as usize).or_default().push((v[1], v[2], v[3]));
    }
    by_round
}

/// A round of TieBreakServer's as the engine gives it: the boards in order (the bye's, which
/// must be board 1, left out), and the bye.
fn as_table(rows: &[(u32, u32, u32)], name: &str, round: usize) -> TableRound {
    let mut t = TableRound::default();
    for &(board, w, b) in rows {
        match b {
            0 => {
                assert_eq!(board, 1, "{name} round {round}: the bye is on board 1 (the player meeting n)");
                t.bye = Some(w);
            }
            _ => t.boards.push((w, b)),
        }
    }
    t
}

fn mode(cycles: Cycles) -> &'static str {
    match cycles {
        Cycles::Single => "single",
        Cycles::Double => "double",
    }
}

#[test]
fn every_tiebreakserver_table_is_the_engines() {
    let mut files = 0;
    for players in 3..=24 {
        for cycles in [Cycles::Single, Cycles::Double] {
            let name = format!("n{players}-{}.tsv", mode(cycles));
            let theirs = tsv(&name);
            assert_eq!(theirs.len(), rounds(players, cycles), "{name}: rounds");
            for (&round, rows) in &theirs {
                let ours = table_round(players, round, cycles).unwrap();
                assert_eq!(ours, as_table(rows, &name, round), "{name} round {round}");
            }
            files += 1;
        }
    }
    assert_eq!(files, 44);
}

/// The one difference: Annex 1's "For a double-round tournament it is recommended to reverse
/// the order of the last two rounds of the first cycle." TieBreakServer does it only with its
/// `fide` flag (`pairingberger.py`: `if self.fide and self.maxmeets == 2 and …`); without it
/// the first cycle is the table in order. Every other round is the same.
#[test]
fn tiebreakservers_plain_double_round_robin_keeps_the_last_two_rounds_of_the_first_cycle_in_order() {
    for players in 3..=24 {
        let name = format!("n{players}-double-plain.tsv");
        let plain = tsv(&name);
        let q = rounds(players, Cycles::Single);
        for (&round, rows) in &plain {
            let theirs = as_table(rows, &name, round);
            let exchanged = match round {
                r if r + 1 == q => q,
                r if r == q => q - 1,
                r => r,
            };
            assert_eq!(table_round(players, exchanged, Cycles::Double).unwrap(), theirs, "{name} round {round}");
            if exchanged != round {
                assert_ne!(table_round(players, round, Cycles::Double).unwrap(), theirs, "{name} round {round}");
            }
        }
    }
}

fn trf(path: &str) -> Tournament {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_trf(&text).unwrap_or_else(|e| panic!("{path}: {e}")).0
}

fn held() -> Tournament {
    let path = if std::path::Path::new(HELD_SHARED).exists() { HELD_SHARED } else { HELD_COPY };
    trf(path)
}

/// Which rounds of `t` the audit finds identical to the table.
fn identical(t: &Tournament, cycles: Cycles) -> Vec<bool> {
    check(t, cycles).unwrap().iter().map(|c| c.identical()).collect()
}

#[test]
fn held_round_robin_follows_the_table() {
    let t = held();
    let numbers = berger_numbers(&t, Cycles::Single).unwrap();
    // Round 1 is 1-5, 2-6, 3-4: 5 and 6 hold numbers 6 and 5; rounds 2 to 5 order the boards.
    assert_eq!(numbers.berger, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (6, 5)]);
    assert_eq!(numbers.source, NumberSource::EveryRound);
    assert_eq!(identical(&t, Cycles::Single), [true; 5]);
    // Round 4's forfeit (5 - 6, White 5) is a game paired as the table says.
    let round4 = &check(&t, Cycles::Single).unwrap()[3];
    assert_eq!(round4.table.boards, [(5, 6), (1, 4), (2, 3)]);
    // As a double round robin the same five rounds are not the first cycle: its rounds 4 and 5
    // are the table's 5 and 4.
    assert_eq!(identical(&t, Cycles::Double), [true, true, true, false, false]);
}

/// Exchanges the colours of `a` and `b`'s game in round `round`.
fn swap_colours(t: &mut Tournament, round: usize, a: u32, b: u32) {
    for e in t.entrants.iter_mut().filter(|e| e.start == a || e.start == b) {
        let entry = &mut e.rounds[round - 1];
        entry.colour = entry.colour.map(|c| if c == Colour::White { Colour::Black } else { Colour::White });
    }
}

/// Exchanges the opponents of `a` and `c` in round `round` (a-b and c-d become c-b and a-d).
fn swap_opponents(t: &mut Tournament, round: usize, a: u32, c: u32) {
    let index = |t: &Tournament, s: u32| t.entrants.iter().position(|e| e.start == s).unwrap();
    let (ia, ic) = (index(t, a), index(t, c));
    let (ib, id) = (t.entrants[ia].rounds[round - 1].opponent.unwrap(), t.entrants[ic].rounds[round - 1].opponent.unwrap());
    let (ea, ec) = (t.entrants[ia].rounds[round - 1], t.entrants[ic].rounds[round - 1]);
    t.entrants[ia].rounds[round - 1] = ec;
    t.entrants[ic].rounds[round - 1] = ea;
    t.entrants[ib].rounds[round - 1].opponent = Some(ic);
    t.entrants[id].rounds[round - 1].opponent = Some(ia);
}

#[test]
fn an_altered_round_of_helds_round_robin_is_flagged_with_what_the_table_says() {
    // Round 3 is 2-5, 3-1, 4-6 (start numbers): give 1 White against 3.
    let mut t = held();
    swap_colours(&mut t, 3, 1, 3);
    assert_eq!(identical(&t, Cycles::Single), [true, true, false, true, true]);
    let round3 = &check(&t, Cycles::Single).unwrap()[2];
    assert_eq!(round3.table.boards, [(2, 5), (3, 1), (4, 6)]);
    assert_eq!(round3.table_only, [(3, 1)]);
    assert_eq!(round3.file_only.iter().map(|g| (g.white, g.black)).collect::<Vec<_>>(), [(1, 3)]);
    // Round 5 is 3-5, 4-2, 6-1: 6 and 4 exchange opponents (6-2, 4-1).
    let mut t = held();
    swap_opponents(&mut t, 5, 6, 4);
    assert_eq!(identical(&t, Cycles::Single), [true, true, true, true, false]);
    let round5 = &check(&t, Cycles::Single).unwrap()[4];
    assert_eq!(round5.table_only, [(4, 2), (6, 1)]);
    assert_eq!(round5.file_only.iter().map(|g| (g.white, g.black)).collect::<Vec<_>>(), [(4, 1), (6, 2)]);
}

#[test]
fn each_round_of_helds_round_robin_is_paired_from_the_rounds_before_it() {
    let t = held();
    // Round 2 is paired from round 1 alone, its boards in their White's start-number order
    // (1-5, 2-6, 3-4): Held's own order.
    for round in 2..=5 {
        let before = t.after_round(round - 1);
        let (boards, bye) = pair_round(&before, round, Cycles::Single).unwrap();
        let table = &check(&t, Cycles::Single).unwrap()[round - 1];
        assert_eq!((&boards, bye), (&table.table.boards, None), "round {round}");
        assert!(table.identical(), "round {round}");
    }
    // Round 1 with no game yet: Berger numbers are the start numbers (Held drew others).
    assert_eq!(pair_round(&t.after_round(0), 1, Cycles::Single).unwrap(), (vec![(1, 6), (2, 5), (3, 4)], None));
    assert_eq!(
        pair_round(&t, 6, Cycles::Single),
        Err(RrError::RoundOutOfRange { round: 6, players: 6, cycles: Cycles::Single, rounds: 5 })
    );
}

/// `t` with start number `s` renumbered `relabel[s - 1]` (every record, the opponents are
/// indices and stay).
fn renumbered(t: &Tournament, relabel: &[u32]) -> Tournament {
    let mut t = t.clone();
    for e in &mut t.entrants {
        e.start = relabel[e.start as usize - 1];
    }
    t
}

#[test]
fn tiebreakservers_double_round_robin_follows_the_table_under_any_start_numbers() {
    let t = trf(&format!("{DATA}/tbs-double-n7.trf"));
    assert_eq!(t.entrants.len(), 7);
    assert_eq!(identical(&t, Cycles::Double), [true; 14]);
    let numbers = berger_numbers(&t, Cycles::Double).unwrap();
    assert_eq!(numbers.berger, (1..=7).map(|s| (s, s)).collect::<Vec<_>>());
    // The same games under start numbers that are not the Berger numbers.
    let relabel = [12, 3, 30, 7, 21, 5, 16];
    let moved = renumbered(&t, &relabel);
    assert_eq!(identical(&moved, Cycles::Double), [true; 14]);
    let mut want: Vec<(u32, u32)> = relabel.iter().zip(1..).map(|(&s, b)| (s, b)).collect();
    want.sort_unstable();
    assert_eq!(berger_numbers(&moved, Cycles::Double).unwrap().berger, want);
    // Each round paired from the rounds before it is the file's round, once two rounds are
    // played (round 1 alone leaves the order of its boards open).
    for round in 3..=14 {
        let (boards, bye) = pair_round(&moved.after_round(round - 1), round, Cycles::Double).unwrap();
        let table = &check(&moved, Cycles::Double).unwrap()[round - 1].table;
        assert_eq!((boards, bye), (table.boards.clone(), table.bye), "round {round}");
    }
    // Fourteen rounds are no single round robin of 7.
    assert_eq!(check(&t, Cycles::Single), Err(RrError::RoundOutOfRange { round: 14, players: 7, cycles: Cycles::Single, rounds: 7 }));
}

#[test]
fn a_double_round_robin_played_without_the_exchange_is_flagged_in_those_two_rounds() {
    // TieBreakServer without its `fide` flag: rounds 6 and 7 are the table's 6 and 7, where
    // Annex 1 recommends 7 and 6.
    let t = trf(&format!("{DATA}/tbs-double-plain-n7.trf"));
    let mut want = [true; 14];
    want[5] = false;
    want[6] = false;
    assert_eq!(identical(&t, Cycles::Double), want);
    let round6 = &check(&t, Cycles::Double).unwrap()[5];
    assert_eq!(round6.table, table_round(7, 6, Cycles::Double).unwrap());
    assert_eq!(round6.file_without_game, [table_round(7, 7, Cycles::Double).unwrap().bye.unwrap()]);
}

#[test]
fn a_player_added_after_round_1_is_refused() {
    // Held's round robin with a seventh player, nothing entered for round 1, who meets start
    // number 1 in round 2 instead of 2 (who is left without a game), and an eighth who never
    // plays. (In an odd field a lone player without a round-1 game is taken for the bye.)
    let mut t = held();
    let mut absent = t.entrants[0].clone();
    absent.start = 8;
    absent.rounds = vec![ratings_engine::tournament::RoundEntry::NOT_PAIRED; 5];
    let mut late = t.entrants[0].clone();
    late.start = 7;
    late.name = "Late".into();
    late.rounds = vec![ratings_engine::tournament::RoundEntry::NOT_PAIRED; 5];
    late.rounds[1] = t.entrants[1].rounds[1];
    t.entrants[1].rounds[1] = ratings_engine::tournament::RoundEntry::NOT_PAIRED;
    t.entrants[0].rounds[1].opponent = Some(6);
    t.entrants.push(late);
    t.entrants.push(absent);
    let e = check(&t, Cycles::Single).unwrap_err();
    assert_eq!(e, RrError::AddedAfterRound1 { start: 7, name: "Late".into(), round: 2 });
    assert_eq!(
        e.to_string(),
        "start number 7 (Late) has no round-1 entry but plays in round 2: a round robin's players are all paired from round 1 (expected a game or the bye in round 1)"
    );
}
