//! The tournament desk's model: what happens to a tournament ([`Kept`]) as the arbiter acts
//! and the desk's worker answers, as plain functions tested natively (the property tests in
//! `session_tests.rs`: any sequence of changes undone gives the start; the journal replayed
//! gives the same tournament). The view (`components::desk`) holds a `Kept` in a signal,
//! calls these, sends [`Kept::next_change`] to the worker and writes the journal entries they
//! return.
//!
//! The worker makes one change at a time, the first of `Kept::pending`: the others wait
//! behind it, kept with the tournament, so that a reload sends them again. A change the
//! worker makes ([`Kept::made`]) puts the text before it on the undo stack; one it refuses
//! or asks the arbiter about first ([`Kept::not_made`]) is dropped from the queue.
//!
//! *Invariant*: `pending` and `skips` have the same length whenever `skips` is not empty
//! (a record kept before `skips` existed has none: every skip 0).

use super::kept::{Change, Entry, Kept};
use ratings_engine::desk::confirm::LEFT_FIDE_MODE;
use ratings_engine::desk::view::Next;
use ratings_engine::desk::{Action, DeskView};

/// Texts kept for *Undo*.
pub const UNDO_DEPTH: usize = 300;

/// Why *Undo* did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoUndo {
    /// Nothing left to undo.
    Nothing,
    /// The last change left FIDE mode, which is for good (C.02's checklist, Q40).
    FideModeLeft,
}

impl NoUndo {
    /// What the page says (nothing for [`NoUndo::Nothing`]).
    pub fn message(self) -> Option<&'static str> {
        match self {
            NoUndo::Nothing => None,
            NoUndo::FideModeLeft => Some("Leaving FIDE mode cannot be undone."),
        }
    }
}

impl Kept {
    /// A tournament just created or imported, as change 1 (it has no undo history yet), and
    /// the journal's entry for it.
    pub fn created(id: String, name: String, text: String, progress: String, updated: f64) -> (Kept, Entry) {
        let k = Kept { id, name, text, progress, updated, acted: 1, ..Kept::default() };
        let entry = Entry { seq: 1, change: Change::Created(k.clone()) };
        (k, entry)
    }

    /// A change made by the arbiter: numbered, queued behind those not yet answered; the
    /// journal's entry for it (written before the page goes on).
    pub fn act(&mut self, action: Action) -> Entry {
        let ahead = self.pending.len();
        self.acted += 1;
        self.queue(action.clone(), 0);
        Entry { seq: self.acted, change: Change::Queued { action, ahead } }
    }

    /// Puts `action` last in the queue; the first `skip` changes made before it do not
    /// renumber it ([`Kept::made`]).
    pub(crate) fn queue(&mut self, action: Action, skip: usize) {
        if self.skips.len() < self.pending.len() {
            self.skips.resize(self.pending.len(), 0);
        }
        self.pending.push(action);
        self.skips.push(skip);
    }

    /// The change to send the worker next, if any.
    pub fn next_change(&self) -> Option<&Action> {
        self.pending.first()
    }

    /// The worker made the first change waiting: `text` is the file after it; `moved`, the
    /// first start number a late entry moved down one ([`moved_from`]). The changes queued
    /// behind a late entry that moved players' numbers name the players as the page showed
    /// them when they were typed: renumbered to follow, unless typed after it was made (a
    /// change replayed from the journal, [`super::kept::replay`]).
    /// With nothing waiting (the change taken back by *Undo* while on its way), the answer is
    /// stale: nothing changes.
    pub fn made(&mut self, text: String, moved: Option<u32>) {
        if self.pending.is_empty() {
            return;
        }
        let before = std::mem::replace(&mut self.text, text);
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.pending.remove(0);
        self.skips.resize(self.pending.len() + 1, 0);
        self.skips.remove(0);
        let new_of = |s: u32| match moved {
            Some(from) if s >= from => s + 1,
            _ => s,
        };
        for (action, skip) in self.pending.iter_mut().zip(self.skips.iter_mut()) {
            match *skip {
                0 => *action = action.renumbered(&new_of),
                _ => *skip -= 1,
            }
        }
    }

    /// The first change waiting was not made (refused, or to be asked of the arbiter first):
    /// taken from the queue and given back; the changes behind it go on.
    pub fn not_made(&mut self) -> Option<Action> {
        if self.pending.is_empty() {
            return None;
        }
        if !self.skips.is_empty() {
            self.skips.resize(self.pending.len(), 0);
            self.skips.remove(0);
            // Answered, though not made: one fewer of those answered before they were typed.
            self.skips.iter_mut().for_each(|s| *s = s.saturating_sub(1));
        }
        Some(self.pending.remove(0))
    }

    /// *Undo*: the last change taken back. One still waiting for the worker is dropped from
    /// the queue; otherwise the text before the last change made is put back. Never past the
    /// arbiter's leaving FIDE mode, which is for good. The journal's entry for it.
    pub fn undo(&mut self) -> Result<Entry, NoUndo> {
        if let Some(action) = self.pending.pop() {
            self.skips.truncate(self.pending.len());
            self.acted += 1;
            return Ok(Entry { seq: self.acted, change: Change::Unqueued(action) });
        }
        let left = |t: &str| t.contains(LEFT_FIDE_MODE);
        if left(&self.text) && self.undo.last().is_some_and(|b| !left(b)) {
            return Err(NoUndo::FideModeLeft);
        }
        let before = self.undo.pop().ok_or(NoUndo::Nothing)?;
        self.text = before.clone();
        self.skips.clear();
        self.acted += 1;
        Ok(Entry { seq: self.acted, change: Change::Undo { text: before, depth: self.undo.len() } })
    }
}

/// The first start number whose player changed between two views of one tournament with one
/// player more (a late entry placed by the initial order, the players from there moved down
/// one), or `None` when nobody moved.
pub fn moved_from(old: &DeskView, new: &DeskView) -> Option<u32> {
    if new.players.len() != old.players.len() + 1 {
        return None;
    }
    old.players.iter().find(|p| new.players.iter().find(|q| q.start == p.start).is_some_and(|q| q.name != p.name)).map(|p| p.start)
}

/// What the list of tournaments says of one.
pub fn progress(v: &DeskView) -> String {
    match &v.next {
        Next::Pair(1) => format!("{} players registered, {} rounds", v.players.len(), v.total_rounds),
        Next::Pair(r) => format!("round {} of {} played; round {r} to pair", r - 1, v.total_rounds),
        Next::Results { round, missing } => format!("round {round} of {}: {} results to enter", v.total_rounds, missing.len()),
        Next::Finished => format!("finished: {} rounds", v.total_rounds),
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
