//! The app's wasm-free core: plain types that hold what the views show and do, tested
//! natively (issue 37 moves the rest of the app's model here, and makes it the app's one door
//! to the engine).
//!
//! * [`entry`]: results typed at the desk, a board at a time (one key a board, or a score
//!   sheet), whichever way the text arrives.
//! * [`kept`]: a tournament as the desk keeps it (the record IndexedDB holds) and the journal
//!   of the changes made since, replayed on the next visit.
//! * [`listed`]: the new-tournament form's rating list: the players pasted rated from it or
//!   not, and the list's month against the start date.
//! * [`session`]: the desk's model: a change made, queued, made by the worker or refused,
//!   undone; the players' numbers followed when a late entry moves them.

pub mod entry;
pub mod kept;
pub mod listed;
pub mod session;
