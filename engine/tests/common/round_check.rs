//! One round of a file compared with the engine's pairing of it, and both checked for
//! legality without any reference (issue 38): shared by the validation harness
//! (`examples/validate_pairings.rs`) and the committed sample's test (`tests/pairing_sample.rs`).
//!
//! Legality is read from the file's records alone, so that neither the engine nor bbpPairings
//! grades its own work: each player present in the round (not a requested bye or an absence)
//! paired exactly once, nobody else paired, no two players who met over the board before paired
//! again (a forfeit is not a game: C.04.1's "played"), no pair a `260`/`XXP` forbids, a
//! pairing-allocated bye exactly when the number present is odd, and never to a player who
//! already had one or scored a win without playing (C.04.1 d).

use ratings_engine::pairing::dutch::check::{file_round, last_paired_round};
use ratings_engine::pairing::dutch::{pair_round, PairOptions, Pairing};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{RoundResult, RoundStatus, Tournament, Unpaired};
use std::collections::HashMap;

/// A round's boards as (white, black) start numbers, and its pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub boards: Vec<(u32, u32)>,
    pub bye: Option<u32>,
    /// The boards whose record gives no colour (a forfeit written without one): their pair is
    /// compared, their colours are not.
    pub uncoloured: Vec<(u32, u32)>,
}

impl Round {
    pub fn ours(p: &Pairing) -> Round {
        Round { boards: p.boards.iter().map(|b| (b.white, b.black)).collect(), bye: p.bye, uncoloured: vec![] }
    }

    pub fn of_file(t: &Tournament, round: usize) -> Round {
        let (games, bye) = file_round(t, round);
        let uncoloured = games.iter().filter(|g| !g.coloured).map(|g| (g.white, g.black)).collect();
        Round { boards: games.iter().map(|g| (g.white, g.black)).collect(), bye, uncoloured }
    }
}

/// How the engine's round compares with the file's: pairs (the same two players), colours
/// (the same pair with the same colours; counted only where the file gives the colours), the
/// pairing-allocated bye.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub pairs: usize,
    pub pairs_agreeing: usize,
    pub colours: usize,
    pub colours_agreeing: usize,
    /// 1 when either has a bye, else 0; agreeing when both name the same player.
    pub byes: usize,
    pub byes_agreeing: usize,
}

impl Agreement {
    pub fn of(ours: &Round, file: &Round) -> Agreement {
        let key = |(w, b): (u32, u32)| (w.min(b), w.max(b));
        let colours = file.boards.len() - file.uncoloured.len();
        let mut a = Agreement { pairs: file.boards.len(), colours, ..Agreement::default() };
        for &(w, b) in &file.boards {
            if let Some(&(ow, _)) = ours.boards.iter().find(|&&o| key(o) == key((w, b))) {
                a.pairs_agreeing += 1;
                a.colours_agreeing += usize::from(ow == w && !file.uncoloured.contains(&(w, b)));
            }
        }
        if ours.bye.is_some() || file.bye.is_some() {
            a.byes = 1;
            a.byes_agreeing = usize::from(ours.bye == file.bye);
        }
        a
    }

    /// Every pair with its colours, and the bye, as the file has them.
    pub fn identical(&self, ours: &Round) -> bool {
        self.pairs_agreeing == self.pairs
            && self.colours_agreeing == self.colours
            && ours.boards.len() == self.pairs
            && self.byes == self.byes_agreeing
    }
}

/// What makes `round` (the file's or the engine's) illegal for round `r` of `t`, in words.
pub fn illegal(t: &Tournament, r: usize, round: &Round) -> Vec<String> {
    let index: HashMap<u32, usize> = t.entrants.iter().enumerate().map(|(i, e)| (e.start, i)).collect();
    let mut seen = vec![0usize; t.entrants.len()];
    let mut why = Vec::new();
    let players = round.boards.iter().flat_map(|&(w, b)| [w, b]).chain(round.bye);
    for s in players {
        match index.get(&s) {
            Some(&i) => seen[i] += 1,
            None => why.push(format!("{s} is no player of the file")),
        }
    }
    let present: Vec<bool> = (0..t.entrants.len()).map(|i| present(t, i, r)).collect();
    for (i, e) in t.entrants.iter().enumerate() {
        match (present[i], seen[i]) {
            (true, 1) | (false, 0) => {}
            (true, n) => why.push(format!("{} present and paired {n} times", e.start)),
            (false, _) => why.push(format!("{} paired without being present", e.start)),
        }
    }
    for &(w, b) in &round.boards {
        let (Some(&i), Some(&j)) = (index.get(&w), index.get(&b)) else { continue };
        if i == j || met(t, i, j, r) {
            why.push(format!("{w}-{b} met over the board before round {r}"));
        }
        if forbidden(t, w, b, r) {
            why.push(format!("{w}-{b} must not meet in round {r} (260/XXP)"));
        }
    }
    let odd = present.iter().filter(|&&p| p).count() % 2 == 1;
    match (odd, round.bye.and_then(|s| index.get(&s))) {
        (true, None) => why.push("an odd number present and no pairing-allocated bye".into()),
        (false, Some(_)) => why.push("a pairing-allocated bye with an even number present".into()),
        (true, Some(&i)) if had_bye(t, i, r) => why.push(format!("{} had a bye or a win without playing before", t.entrants[i].start)),
        _ => {}
    }
    why
}

/// In the round: not a requested bye, an absence or a forfeit win with nobody named.
fn present(t: &Tournament, i: usize, r: usize) -> bool {
    matches!(t.status(i, r), RoundStatus::Open | RoundStatus::Paired(_) | RoundStatus::Unpaired(Unpaired::PairingBye))
}

fn met(t: &Tournament, i: usize, j: usize, r: usize) -> bool {
    t.entrants[i].rounds.iter().take(r - 1).any(|x| x.opponent == Some(j) && x.result.over_the_board())
}

fn forbidden(t: &Tournament, a: u32, b: u32, r: usize) -> bool {
    t.forbidden.iter().any(|f| {
        let applies = f.rounds.is_none_or(|(first, last)| (first..=last).contains(&r));
        applies && f.players.contains(&a) && f.players.contains(&b)
    })
}

/// A pairing-allocated bye, or a round not played over the board that scored a win (a forfeit
/// win, a full-point bye), before round `r`.
fn had_bye(t: &Tournament, i: usize, r: usize) -> bool {
    let ps = &t.point_system;
    t.entrants[i].rounds.iter().take(r - 1).any(|x| {
        x.result == RoundResult::PairingBye
            || (!x.result.over_the_board() && x.result != RoundResult::NotPaired && ps.points(x.result) >= ps.win)
    })
}

/// Every round of the file at `path` re-paired by the engine and checked: how many rounds, and
/// each that differs from the file (pairs, colours, bye), does not pair, or is illegal (the
/// file's or ours), in words.
pub fn check_file(path: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (t, _) = parse_trf(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file = path.rsplit('/').next().unwrap_or(path);
    let mut wrong = Vec::new();
    let rounds = last_paired_round(&t);
    for r in 1..=rounds {
        let file_round = Round::of_file(&t, r);
        wrong.extend(illegal(&t, r, &file_round).into_iter().map(|w| format!("{file} round {r}, the file: {w}")));
        let checker = ratings_engine::pairing::legal::illegal(&t, r);
        wrong.extend(checker.iter().map(|i| format!("{file} round {r}, the file by pairing::legal: {}", i.words())));
        let ours = match pair_round(&t, r, &PairOptions::default()) {
            Ok(p) => Round::ours(&p),
            Err(e) => {
                wrong.push(format!("{file} round {r}: {e}"));
                continue;
            }
        };
        wrong.extend(illegal(&t, r, &ours).into_iter().map(|w| format!("{file} round {r}, ours: {w}")));
        if !Agreement::of(&ours, &file_round).identical(&ours) {
            wrong.push(format!(
                "{file} round {r}: ours {:?} bye {:?}, the file {:?} bye {:?}",
                ours.boards, ours.bye, file_round.boards, file_round.bye
            ));
        }
    }
    (rounds, wrong)
}
