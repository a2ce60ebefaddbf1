//! What the tournament desk keeps of a tournament: the record IndexedDB holds ([`Kept`]), and
//! the journal of the changes made since ([`Entry`]), which local storage holds until
//! IndexedDB has committed a record with them (`components::desk::journal` writes it).
//!
//! IndexedDB writes asynchronously: opening the database and committing take milliseconds
//! (far more on a loaded laptop), and a page reloaded or closed in between loses the write. A
//! result typed and the page reloaded at once came back without the result, every time
//! (`tests/e2e/desk.test.mjs`, "a result typed and the page reloaded at once"). Local storage
//! is written before `setItem` returns, so the journal survives what IndexedDB may not, and the
//! next visit replays on the record what it does not hold yet ([`replay`]).
//!
//! Each change is numbered (`Kept::acted`, the last change a record holds): the journal keeps
//! the changes numbered above the last record committed ([`without_settled`]).

use ratings_engine::desk::Action;
use serde::{Deserialize, Serialize};

/// One tournament as kept in IndexedDB.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub id: String,
    pub name: String,
    pub text: String,
    #[serde(default)]
    pub undo: Vec<String>,
    /// Changes made and not yet answered by the worker, in order (`core::session`).
    #[serde(default)]
    pub pending: Vec<Action>,
    /// For each change pending, how many of the changes ahead of it were answered on the page
    /// (made or refused) before it was typed (it names the players as numbered after them):
    /// those do not renumber it (`Kept::made`). Empty: every one 0 (a record kept before this existed).
    #[serde(default)]
    pub skips: Vec<usize>,
    /// What the list says of it ("round 3 of 7").
    #[serde(default)]
    pub progress: String,
    /// The rating report's K inputs as typed (`5=40`; new players; reached 2400).
    #[serde(default)]
    pub k_inputs: [String; 3],
    /// The prize table as typed (`1: 500`, `women: 50`…) and how ties share it.
    #[serde(default)]
    pub prize_table: String,
    /// When it was last changed (milliseconds since 1970).
    #[serde(default)]
    pub updated: f64,
    /// The number of the last change made to it ([`Entry`]).
    #[serde(default)]
    pub acted: u64,
}

/// One change, as the journal holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Change {
    /// A tournament created or imported, whole (it has no undo history yet).
    Created(Kept),
    /// A change sent to the worker (kept among the pending changes until answered), as
    /// journals written before [`Change::Queued`] hold it.
    Act(Action),
    /// A change sent to the worker, with the number of changes still waiting ahead of it
    /// when it was typed (those it was numbered before).
    Queued { action: Action, ahead: usize },
    /// *Undo* of a change still waiting for the worker: dropped from the queue.
    Unqueued(Action),
    /// *Undo*: the text it put back, and how many texts were left to undo after it.
    Undo { text: String, depth: usize },
}

/// A change and its number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub seq: u64,
    pub change: Change,
}

/// `kept` (the copy IndexedDB holds, if any) with the journal's changes it does not hold
/// replayed in order; `None` when there is no copy and the journal does not create one.
///
/// A change numbered at or below `kept.acted` is in the copy already. A replayed change
/// leaves the copy as the page had it then, with the changes the worker had not answered
/// still pending (they are sent again); if the worker's answers were lost too, *Undo* cannot
/// go back past the oldest text kept, but the tournament is as it was.
pub fn replay(kept: Option<Kept>, journal: &[Entry]) -> Option<Kept> {
    let mut kept = kept;
    for entry in journal {
        if kept.as_ref().is_some_and(|k| entry.seq <= k.acted) {
            continue;
        }
        match (&mut kept, &entry.change) {
            (None, Change::Created(created)) => kept = Some(Kept { acted: entry.seq, ..created.clone() }),
            (Some(k), Change::Act(action)) => {
                k.queue(action.clone(), 0);
                k.acted = entry.seq;
            }
            (Some(k), Change::Queued { action, ahead }) => {
                // The changes ahead of it here that were not ahead of it on the page had been
                // made there already: it was numbered after them.
                let skip = k.pending.len().saturating_sub(*ahead);
                k.queue(action.clone(), skip);
                k.acted = entry.seq;
            }
            (Some(k), Change::Unqueued(_)) => {
                k.pending.pop();
                k.skips.truncate(k.pending.len());
                k.acted = entry.seq;
            }
            (Some(k), Change::Undo { text, depth }) => {
                // The page's undo stack held the record's text too when the worker's answers
                // after it were not kept: put back, so that the next *Undo* goes to it.
                if k.undo.len() < *depth {
                    k.undo.push(std::mem::take(&mut k.text));
                }
                k.text = text.clone();
                k.pending.clear();
                k.skips.clear();
                k.undo.truncate(*depth);
                k.acted = entry.seq;
            }
            // A change to a tournament never kept nor created here (removed since): nothing.
            _ => {}
        }
    }
    kept
}

/// Drops the changes numbered at or below `acted` from `journal`.
pub fn without_settled(journal: Vec<Entry>, acted: u64) -> Vec<Entry> {
    journal.into_iter().filter(|e| e.seq > acted).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::desk::Outcome;

    fn result(white: u32) -> Action {
        Action::Result { round: 1, white, outcome: Outcome::Draw }
    }

    fn kept(text: &str, undo: &[&str], pending: Vec<Action>, acted: u64) -> Kept {
        let undo = undo.iter().map(|s| s.to_string()).collect();
        let skips = vec![0; pending.len()];
        Kept { id: "t1".into(), text: text.into(), undo, pending, skips, acted, ..Kept::default() }
    }

    fn entry(seq: u64, change: Change) -> Entry {
        Entry { seq, change }
    }

    #[test]
    fn a_change_the_copy_does_not_hold_is_pending_again() {
        let copy = kept("T1", &["T0"], vec![], 3);
        let journal = [entry(4, Change::Act(result(1))), entry(5, Change::Act(result(3)))];
        let back = replay(Some(copy.clone()), &journal).unwrap();
        assert_eq!(back, kept("T1", &["T0"], vec![result(1), result(3)], 5));
    }

    #[test]
    fn a_change_the_copy_holds_is_not_replayed() {
        // The copy holds change 4 pending and change 3 answered (its text): neither again.
        let copy = kept("T1", &["T0"], vec![result(1)], 4);
        let journal = [entry(3, Change::Act(result(5))), entry(4, Change::Act(result(1))), entry(5, Change::Act(result(3)))];
        let back = replay(Some(copy), &journal).unwrap();
        assert_eq!(back.pending, vec![result(1), result(3)]);
        assert_eq!(back.acted, 5);
    }

    #[test]
    fn undo_puts_back_its_text_and_drops_what_was_pending() {
        // On the page: T0 → (a answered) T1 → Undo back to T0. The copy kept holds only a, pending.
        let copy = kept("T0", &["S"], vec![result(1)], 1);
        let journal = [entry(2, Change::Undo { text: "T0".into(), depth: 1 })];
        assert_eq!(replay(Some(copy), &journal).unwrap(), kept("T0", &["S"], vec![], 2));
        // The copy holds the answer: the undo stack is cut to the page's depth.
        let copy = kept("T1", &["S", "T0"], vec![], 1);
        let journal = [entry(2, Change::Undo { text: "T0".into(), depth: 1 })];
        assert_eq!(replay(Some(copy), &journal).unwrap(), kept("T0", &["S"], vec![], 2));
    }

    #[test]
    fn undo_after_answers_not_kept_goes_back_to_the_records_text_next() {
        // Kept: T1 (T0 before). On the page, a → T2 and b → T3 answered but not kept, then
        // Undo back to T2, which leaves [T0, T1] to undo.
        let copy = kept("T1", &["T0"], vec![], 3);
        let journal =
            [entry(4, Change::Act(result(1))), entry(5, Change::Act(result(3))), entry(6, Change::Undo { text: "T2".into(), depth: 2 })];
        assert_eq!(replay(Some(copy), &journal).unwrap(), kept("T2", &["T0", "T1"], vec![], 6));
    }

    #[test]
    fn a_tournament_created_and_never_kept_comes_back() {
        let created = kept("T0", &[], vec![], 0);
        let journal = [entry(1, Change::Created(created)), entry(2, Change::Act(result(1)))];
        assert_eq!(replay(None, &journal).unwrap(), kept("T0", &[], vec![result(1)], 2));
        // A copy kept already is not replaced by the journal's creation.
        let copy = kept("T5", &["T4"], vec![], 1);
        assert_eq!(replay(Some(copy.clone()), &journal[..1]).unwrap(), copy);
    }

    #[test]
    fn changes_to_a_tournament_not_kept_nor_created_are_dropped() {
        assert_eq!(replay(None, &[entry(7, Change::Act(result(1)))]), None);
    }

    #[test]
    fn settling_drops_what_the_commit_holds() {
        let journal = vec![entry(4, Change::Act(result(1))), entry(5, Change::Act(result(3)))];
        assert_eq!(without_settled(journal.clone(), 4), journal[1..]);
        assert!(without_settled(journal, 5).is_empty());
    }

    #[test]
    fn a_journal_reads_back_as_written() {
        let journal = vec![entry(1, Change::Created(kept("T0", &[], vec![], 0))), entry(2, Change::Undo { text: "x".into(), depth: 0 })];
        let text = crate::core::json::to_json(&journal);
        assert_eq!(crate::core::json::from_json::<Vec<Entry>>(&text).unwrap(), journal);
    }
}
