//! Read any text as a TRF and pair every round from 1 to the rounds played + 1 by the FIDE
//! Dutch system (`pairing::dutch::pair_round`; the first byte picks the initial colour and the
//! total number of rounds), then check what any pairing must be (C.04.1, C.04.2): each board
//! two distinct entrants, no one on two boards, the bye and the absent on none, boards numbered
//! 1, 2, …; every error names its round. The next round written into the file for results
//! (`parse::trf::with_pairing`, as `ratings-lab pair --format trf`) reads back with that round
//! pending and pairs again to the same boards. The records a real event's file adds (issue 35)
//! are read as any other: virtual points (`XXA`, `250`, `192 …_BAKU`, or Baku asked for by the
//! first byte), players who must not meet (`260`, `XXP`: never on one board), the initial
//! colour (`152`, `XXC`), a round robin (`192 FIDE_ROUNDROBIN`: paired by the Berger tables,
//! the same invariants). Files of more than 40 entrants are skipped, so a run stays fast.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::pairing::dutch::check::last_paired_round;
use ratings_engine::error::PairError;
use ratings_engine::pairing::berger::{self, Cycles};
use ratings_engine::pairing::dutch::{pair_round, AccelerationMethod, PairOptions, Pairing};
use ratings_engine::tournament::TournamentType;
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::trf::{parse_trf, with_pairing};
use ratings_engine::tournament::{Colour, Tournament};
use std::collections::BTreeSet;

/// The entrants and rounds a run pairs at most.
const MAX_ENTRANTS: usize = 40;
const MAX_ROUNDS: usize = 15;

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    let Ok((t, _)) = parse_trf(&text) else { return };
    if t.entrants.is_empty() || t.entrants.len() > MAX_ENTRANTS || t.rounds_played() >= MAX_ROUNDS {
        return;
    }
    let initial_colour = match pick & 3 {
        1 => Some(Colour::White),
        2 => Some(Colour::Black),
        _ => None,
    };
    let rounds = match (pick >> 2) as usize % 16 {
        0 => None,
        n => Some(n),
    };
    let acceleration = (pick & 0x40 != 0).then_some(AccelerationMethod::Baku);
    let opts = PairOptions { rounds, initial_colour, explain: false, acceleration };
    if let Some(TournamentType::RoundRobin { double }) = t.tournament_type.as_ref().map(|d| &d.kind) {
        return robin(&t, if *double { Cycles::Double } else { Cycles::Single });
    }
    for round in 0..=t.rounds_played() + 2 {
        match pair_round(&t, round, &opts) {
            Ok(p) => {
                assert!(round >= 1 && round <= t.rounds_played() + 1, "round {round} paired");
                valid(&t, &p);
                if round == t.rounds_played() + 1 && last_paired_round(&t) < round {
                    written_back(&text, &t, &p, &opts);
                }
            }
            // A round, or an earlier one whose records disagree, or the record's line; or Baku
            // asked for under other scoring.
            Err(e) => assert!(
                e.to_string().contains("round ") || e.to_string().contains("line ") || matches!(e, PairError::BakuScoring { .. }),
                "{e}"
            ),
        }
    }
});

/// A round robin: every round of its table paired from the file, each a valid round (the
/// player with the round off on no board), or an error.
fn robin(t: &Tournament, cycles: Cycles) {
    for round in 1..=berger::rounds(t.entrants.len(), cycles).min(MAX_ROUNDS) {
        let Ok((boards, off)) = berger::pair_round(t, round, cycles) else { continue };
        let boards = boards.iter().enumerate().map(|(k, &(white, black))| ratings_engine::pairing::dutch::Board { number: k + 1, white, black });
        let p = Pairing { round, boards: boards.collect(), bye: off, absent: Vec::new(), brackets: Vec::new(), notes: Vec::new() };
        valid(t, &p);
    }
    let _ = berger::check(t, cycles);
}

/// C.04.1/C.04.2's invariants of one round's pairing, and no two players who must not meet
/// on one board.
fn valid(t: &Tournament, p: &Pairing) {
    let starts: BTreeSet<u32> = t.entrants.iter().map(|e| e.start).collect();
    let mut seen = BTreeSet::new();
    for (k, b) in p.boards.iter().enumerate() {
        assert_eq!(b.number, k + 1, "boards numbered in order");
        assert_ne!(b.white, b.black, "board {}: a player against themselves", b.number);
        if t.tournament_type.as_ref().is_none_or(|d| !matches!(d.kind, TournamentType::RoundRobin { .. })) {
            assert!(!t.forbidden.iter().any(|f| f.forbids(b.white, b.black, p.round)), "board {}: players who must not meet", b.number);
        }
        for x in [b.white, b.black] {
            assert!(starts.contains(&x), "board {}: {x} is no entrant", b.number);
            assert!(seen.insert(x), "{x} on two boards");
        }
    }
    if let Some(x) = p.bye {
        assert!(starts.contains(&x) && !seen.contains(&x), "the bye {x} is on a board or no entrant");
    }
    for x in &p.absent {
        assert!(!seen.contains(x) && p.bye != Some(*x), "{x} is absent and paired");
    }
}

/// The round written for results reads back with the round pending and pairs the same.
fn written_back(text: &str, t: &Tournament, p: &Pairing, opts: &PairOptions) {
    let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    let written = with_pairing(text, t, p.round, &boards, p.bye);
    let (back, _) = parse_trf(&written).unwrap_or_else(|e| panic!("the round written does not read: {e}"));
    assert_eq!(back.entrants.len(), t.entrants.len());
    // A round of games is written without results, so it is pending; a round with no game
    // (one player: only the pairing-allocated bye, whose result is known) is complete.
    let expected = t.rounds_played() + p.boards.is_empty() as usize;
    assert_eq!(back.rounds_played(), expected, "the round written has no results");
    let again = pair_round(&back, p.round, opts).unwrap_or_else(|e| panic!("the round written does not pair again: {e}"));
    assert_eq!((&again.boards, again.bye), (&p.boards, p.bye), "paired again differently");
}
