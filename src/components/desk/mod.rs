//! The tournament desk (issue 22): a Swiss run here from registration to the last result.
//!
//! A tournament is its TRF text (`crate::core::engine::desk`): every change is sent to the worker
//! with the text, one at a time and in the order made, and the text it gives back replaces
//! the old one, which goes on the *Undo* stack. What happens to the tournament is
//! `core::session`'s (a plain type, tested natively); this module holds it in signals, talks
//! to the worker and storage, and shows it. What is kept in IndexedDB after every change
//! ([`Kept`], `idb::tournaments`) is the text, the undo stack and the changes not yet
//! answered, which are sent again on the next visit: a reload, a crash or a closed tab in the
//! middle of entering results loses nothing that was typed. Each change is also written at
//! once to a [`journal`] in local storage, for the moment before IndexedDB has it.
//!
//! The views: [`list`] (the tournaments kept, a new one, an import), [`register`] (details
//! and players), [`round`] (pairing, results by keyboard, the arbiter's changes) and
//! [`players`] (byes, withdrawals, late entries); [`handle`] holds the desk in signals.
//! This file only declares the views and re-exports what the page uses (no item of its own:
//! the children import each other, never their parent).

pub mod confirm;
mod handle;
mod journal;
mod list;
mod lists;
mod local;
mod paper;
pub mod player_form;
mod players;
pub mod players_view;
mod prizes;
mod register;
mod round;
mod shown;

pub use handle::{Desk, Kept};
pub use list::DeskPanel;
