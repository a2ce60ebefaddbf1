//! The app's wasm-free core: plain types that hold what the views show and do, tested
//! natively (issue 37 moves the rest of the app's model here, and makes it the app's one door
//! to the engine).
//!
//! * [`entry`]: results typed at the desk, a board at a time (one key a board, or a score
//!   sheet), whichever way the text arrives.

pub mod entry;
