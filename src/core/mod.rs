//! The app's core: everything of the app that needs no browser, and the app's only door to
//! the engine. Components, charts and the workers reach `ratings_engine` only through here
//! (checked by `tests/layers.rs`): the items they use are named once, in [`engine`], and the
//! views they draw are plain data made here. Wasm-free, so every test of it runs natively.
//!
//! * [`engine`]: the engine's items the rest of the app uses, listed once (the door).
//! * [`protocol`]: the messages between the page and the workers; [`later`]: a view's result
//!   decoded by the view that shows it; [`numbered`]: a text sent to a worker once, then by
//!   its number.
//! * [`compute`]: the worker's work as plain functions (the input's summary, the finished job
//!   as the messages the page shows); [`compare`]: methods side by side.
//! * [`settings`], [`link`], [`json`]: what the page keeps (storage, a share link).
//! * [`lessons`], [`help`]: the teacher's datasets and the input formats' help; [`history`]:
//!   a rating history as the chart draws it, in time.
//! * [`categories`], [`print`]: the organiser's category lists and how tables print.
//! * [`entry`], [`kept`], [`listed`], [`session`]: the tournament desk's model — results typed a
//!   board at a time, the kept record and its journal, the rating-list form, and the session
//!   (a change made, queued, made by the worker or refused, undone).

pub mod categories;
pub mod compare;
pub mod compute;
pub mod engine;
pub mod entry;
pub mod help;
pub mod history;
pub mod json;
pub mod kept;
pub mod later;
pub mod lessons;
pub mod link;
pub mod listed;
pub mod numbered;
pub mod print;
pub mod protocol;
pub mod session;
pub mod settings;
pub mod shown;
