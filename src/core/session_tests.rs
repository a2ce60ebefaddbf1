//! The desk's model driven as the page drives it, with the engine standing in for the worker:
//! random sequences of changes (pairings, results, byes, withdrawals, late entries that move
//! players' numbers, edits, colour swaps, exchanges, corrections), answered at random moments
//! with changes still queued, then (1) every change undone gives the start, (2) the journal
//! replayed on a copy kept at a random moment, or on none, gives the same tournament.

use super::*;
use crate::core::kept::{replay, Entry};
use ratings_engine::compare::order::SplitMix64;
use ratings_engine::desk::register::{new_file, parse_players, Details, NewPlayer};
use ratings_engine::desk::{apply, view, ByeKind, Outcome};
use ratings_engine::tournament::Colour;

fn start_text() -> String {
    let players = "A,2100\nB,2000\nC,1900\nD,1800\nE,1700\nF,1600\nG,1500\n";
    new_file(&Details { name: "T".into(), rounds: 5, ..Details::default() }, &parse_players(players).unwrap()).unwrap()
}

/// What the page shows: the view of the last text the worker gave.
fn shown(k: &Kept) -> DeskView {
    view(&k.text).unwrap()
}

/// The worker makes (or refuses) the first change waiting, as `components::desk` applies its
/// answer.
fn answer_one(k: &mut Kept) {
    let Some(action) = k.next_change().cloned() else { return };
    match apply(&k.text, &action) {
        Ok(text) => {
            let moved = moved_from(&shown(k), &view(&text).unwrap());
            k.made(text, moved);
        }
        // Refused, or asked of the arbiter (who here never agrees): not made either way.
        Err(_) => {
            k.not_made();
        }
    }
}

fn answer_all(k: &mut Kept) {
    while k.next_change().is_some() {
        answer_one(k);
    }
}

const OUTCOMES: [Outcome; 6] =
    [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins, Outcome::HalfZero, Outcome::WhiteByForfeit, Outcome::ZeroZero];

fn pick<T: Clone>(rng: &mut SplitMix64, items: &[T]) -> T {
    items[rng.below(items.len())].clone()
}

/// A change the arbiter might make on the page as it is shown.
fn some_action(rng: &mut SplitMix64, v: &DeskView, late: &mut u32) -> Action {
    let starts: Vec<u32> = v.players.iter().map(|p| p.start).collect();
    let paired = v.rounds.len();
    let unpaired = (paired + 1).min(v.total_rounds);
    let start = pick(rng, &starts);
    match (rng.below(12), &v.next) {
        (0..=3, Next::Results { round, missing }) if !missing.is_empty() => {
            Action::Result { round: *round, white: pick(rng, missing), outcome: pick(rng, &OUTCOMES) }
        }
        (0..=4, Next::Pair(round)) => Action::Pair { round: *round, initial_colour: Some(Colour::White), date: None },
        (5, _) => Action::Bye { start, round: unpaired, kind: Some(pick(rng, &ByeKind::ALL)) },
        (6, _) if paired > 0 && !v.rounds[paired - 1].boards.is_empty() => {
            let board = pick(rng, &v.rounds[paired - 1].boards);
            Action::SwapColours { round: paired, white: board.white }
        }
        (7, _) if paired > 0 => Action::Exchange { round: paired, a: start, b: pick(rng, &starts) },
        (8, _) => {
            *late += 1;
            let player = NewPlayer { name: format!("Late {late}"), rating: Some(1400 + 150 * rng.below(6) as u32), ..NewPlayer::default() };
            Action::AddLate { player, half_point_byes: rng.below(2) == 0 }
        }
        (9, _) => Action::Withdraw { start, from_round: unpaired },
        (10, _) => {
            let player =
                NewPlayer { name: format!("Player {start}"), rating: Some(1450 + 50 * rng.below(12) as u32), ..NewPlayer::default() };
            Action::EditPlayer { start, fields: player }
        }
        (11, _) if paired > 2 && !v.rounds[0].boards.is_empty() => {
            let board = pick(rng, &v.rounds[0].boards);
            Action::Correction { round: 1, white: board.white, outcome: pick(rng, &OUTCOMES) }
        }
        (_, Next::Results { round, missing }) if !missing.is_empty() => {
            Action::Result { round: *round, white: missing[0], outcome: Outcome::Draw }
        }
        (_, Next::Pair(round)) => Action::Pair { round: *round, initial_colour: None, date: None },
        _ => Action::Bye { start, round: unpaired, kind: None },
    }
}

/// A session: `steps` changes typed, the worker answering some of those waiting after each;
/// the journal written, and a copy kept (as IndexedDB would) at a random step.
struct Run {
    start: Kept,
    live: Kept,
    journal: Vec<Entry>,
    copy: Option<Kept>,
    undos: usize,
}

fn run(seed: u64, steps: usize) -> Run {
    let mut rng = SplitMix64::new(seed);
    let (start, created) = Kept::created("t1".into(), "T".into(), start_text(), String::new(), 0.0);
    let mut live = start.clone();
    let mut journal = vec![created];
    let (mut copy, mut late, mut undos) = (None, 0, 0);
    for step in 0..steps {
        let action = some_action(&mut rng, &shown(&live), &mut late);
        journal.push(live.act(action));
        // Now and then an undo, of a change waiting or made.
        if rng.below(10) == 0 {
            if let Ok(e) = live.undo() {
                journal.push(e);
                undos += 1;
            }
        }
        for _ in 0..rng.below(3) {
            answer_one(&mut live);
        }
        if step == steps / 2 || (copy.is_none() && rng.below(8) == 0) {
            copy = Some(live.clone());
        }
    }
    Run { start, live, journal, copy, undos }
}

#[test]
fn any_sequence_of_changes_undone_gives_the_start() {
    for seed in 0..40 {
        let Run { start, mut live, .. } = run(seed, 30 + (seed as usize % 4) * 15);
        answer_all(&mut live);
        assert!(live.undo.len() > 3, "seed {seed}: only {} changes made", live.undo.len());
        while live.undo().is_ok() {}
        assert_eq!(live.text, start.text, "seed {seed}: undoing every change did not give the start");
        assert!(live.pending.is_empty());
    }
}

#[test]
fn the_journal_replayed_gives_the_same_tournament() {
    let (mut undos, mut skipped) = (0, 0);
    for seed in 100..140 {
        let Run { mut live, journal, copy, undos: u, .. } = run(seed, 40);
        undos += u;
        // The page closed with changes waiting: what it would have become.
        let closed = live.clone();
        answer_all(&mut live);
        let held = copy.as_ref().map_or(0, |c| c.acted);
        for from in [None, copy.clone()] {
            let mut back = replay(from.clone(), &journal).expect("the journal creates the tournament");
            // Every change the page still had waiting is waiting again (as typed: the page may
            // have renumbered it since), after those whose answers the copy did not hold.
            assert!(back.pending.len() >= closed.pending.len(), "seed {seed}: a change waiting was lost");
            skipped += usize::from(back.skips.iter().any(|&s| s > 0));
            answer_all(&mut back);
            let which = if from.is_some() { format!("the copy of change {held}") } else { "no copy".into() };
            assert_eq!(back.text, live.text, "seed {seed}: the journal replayed on {which} gave another tournament");
            assert_eq!(back.acted, live.acted);
        }
    }
    assert!(undos > 10, "the runs undid only {undos} changes");
    // Changes typed after others were made, replayed behind them: numbered as typed.
    assert!(skipped > 5, "only {skipped} replays had changes typed after others were made");
}

#[test]
fn a_change_queued_behind_a_late_entry_that_moved_numbers_names_the_same_player() {
    let (mut k, _) = Kept::created("t1".into(), "T".into(), start_text(), String::new(), 0.0);
    // Placed by rating between A (1) and B (2): B and those below move down one.
    let player = NewPlayer { name: "Late".into(), rating: Some(2050), ..NewPlayer::default() };
    k.act(Action::AddLate { player, half_point_byes: false });
    // Typed before the late entry was answered: B as the page showed it, number 2.
    k.act(Action::Withdraw { start: 2, from_round: 1 });
    answer_all(&mut k);
    // Typed after: D is number 5 now.
    k.act(Action::Withdraw { start: 5, from_round: 1 });
    answer_all(&mut k);
    let withdrawn: Vec<String> = shown(&k).players.iter().filter(|p| p.withdrawn).map(|p| p.name.clone()).collect();
    assert_eq!(withdrawn, ["B", "D"]);
}

#[test]
fn undo_takes_back_a_change_still_waiting_before_any_made() {
    let (mut k, _) = Kept::created("t1".into(), "T".into(), start_text(), String::new(), 0.0);
    k.act(Action::Withdraw { start: 2, from_round: 1 });
    answer_all(&mut k);
    let after_first = k.text.clone();
    k.act(Action::Withdraw { start: 3, from_round: 1 });
    // The second is still on its way: undo drops it, and leaves the first made.
    assert!(matches!(k.undo(), Ok(Entry { change: crate::core::kept::Change::Unqueued(_), .. })));
    answer_all(&mut k);
    assert_eq!(k.text, after_first);
    assert!(k.undo().is_ok());
    assert_eq!(k.text, start_text());
    assert_eq!(k.undo(), Err(NoUndo::Nothing));
}

#[test]
fn undo_stops_at_leaving_fide_mode() {
    let (mut k, _) = Kept::created("t1".into(), "T".into(), start_text(), String::new(), 0.0);
    k.act(Action::Confirmed(Box::new(Action::LeaveFideMode { on: None })));
    answer_all(&mut k);
    assert!(k.text.contains(LEFT_FIDE_MODE));
    assert_eq!(k.undo(), Err(NoUndo::FideModeLeft));
    assert!(k.text.contains(LEFT_FIDE_MODE));
}

#[test]
fn the_answer_to_a_change_undone_on_its_way_changes_nothing() {
    let (mut k, _) = Kept::created("t1".into(), "T".into(), start_text(), String::new(), 0.0);
    k.act(Action::Withdraw { start: 2, from_round: 1 });
    let answer = apply(&k.text, k.next_change().unwrap()).unwrap();
    k.undo().unwrap();
    k.made(answer, None);
    assert_eq!((k.text.as_str(), k.undo.len()), (start_text().as_str(), 0));
}
