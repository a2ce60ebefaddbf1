//! Read any text as a TRF and pair every round from 1 to the rounds played + 1 by the FIDE
//! Dutch system (`pairing::dutch::pair_round`; the first byte picks the initial colour and the
//! total number of rounds), then check what any pairing must be (C.04.1, C.04.2): each board
//! two distinct entrants, no one on two boards, the bye and the absent on none, boards numbered
//! 1, 2, …; every error names its round. The next round written into the file for results
//! (`parse::trf::with_pairing`, as `ratings-lab pair --format trf`) reads back with that round
//! pending and pairs again to the same boards. Files of more than 40 entrants are skipped, so
//! a run stays fast.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::pairing::dutch::check::last_paired_round;
use ratings_engine::pairing::dutch::{pair_round, PairOptions, Pairing};
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
    let opts = PairOptions { rounds, initial_colour, explain: false };
    for round in 0..=t.rounds_played() + 2 {
        match pair_round(&t, round, &opts) {
            Ok(p) => {
                assert!(round >= 1 && round <= t.rounds_played() + 1, "round {round} paired");
                valid(&t, &p);
                if round == t.rounds_played() + 1 && last_paired_round(&t) < round {
                    written_back(&text, &t, &p, &opts);
                }
            }
            // A round, or an earlier one whose records disagree.
            Err(e) => assert!(e.to_string().contains("round "), "{e}"),
        }
    }
});

/// C.04.1/C.04.2's invariants of one round's pairing.
fn valid(t: &Tournament, p: &Pairing) {
    let starts: BTreeSet<u32> = t.entrants.iter().map(|e| e.start).collect();
    let mut seen = BTreeSet::new();
    for (k, b) in p.boards.iter().enumerate() {
        assert_eq!(b.number, k + 1, "boards numbered in order");
        assert_ne!(b.white, b.black, "board {}: a player against themselves", b.number);
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
