//! The tournament desk: a Swiss run from registration to the last result, as changes to the
//! tournament's own file (issue 22).
//!
//! The tournament *is* its TRF text, the file FIDE's Tournament Report File defines (TRF-16
//! and TRF-2026 share the player record's columns): every [`Action`] takes the text and gives
//! the next text, so what the app keeps after each change, what *Undo* goes back to, what
//! *Export* writes and what the command line reads are one thing, and a reload or an export
//! loses nothing. The app's worker runs these; the page keeps the texts.
//!
//! * [`register`]: a pasted players table and the tournament's details → a new file, the
//!   players in C.04.2's initial order (A.2) and numbered by it (pairing numbers = start
//!   numbers).
//! * [`late`]: a late entry, placed by the initial order (the players below renumbered) while
//!   fewer than four rounds are paired (C.04.2 Art. 2), else given the next number.
//! * [`players`]: a player's record edited (logged), a player expelled, a late entry with
//!   ½-point byes, a player from a rating list, and the players list's warnings.
//! * [`rounds`]: pair the next round (C.04.3, [`crate::pairing::dutch`]), enter a result, unpair
//!   the last round while it has none, byes and withdrawals entered before pairing, and the
//!   arbiter's manual changes (colours swapped, two players exchanged), each marked in the file.
//! * [`view`]: what a desk shows of a file: players, rounds with their boards in C.04.2's
//!   board order, and what can be done next.
//! * [`paper`]: what the desk prints besides the boards: the round's alphabetical list and the
//!   start list, as rows; a round's time is kept by [`dates`] (`### round R time HH:MM`).
//! * [`export`]: the file as TRF-2026, or as TRF-16 for older programs, with the ranks, the
//!   rounds' dates ([`dates`]) and every `###` line; the final export refused while a result is
//!   missing or an adjourned game open.
//! * [`import`]: an imported file's rounds checked against its rules and every default taken
//!   in reading it, for the arbiter to accept.
//! * [`from_list`]: players pasted at registration rated from the rating list open, and the
//!   list's month checked against the start date (the checklist's Q127).
//! * [`fide_mode`]: FIDE mode, on by default, left for good with a Level-4 confirmation.

pub mod confirm;
pub mod correction;
pub mod dates;
mod error;
pub mod export;
pub mod fide_mode;
pub mod from_list;
pub mod import;
pub mod late;
pub mod manual;
pub mod outcome;
pub mod paper;
pub mod players;
pub mod progress;
pub mod register;
pub mod rounds;
pub mod system;
pub mod view;

pub use confirm::{Level, Mode};
pub use error::DeskError;
pub use outcome::{Outcome, SheetRead};
pub use players::PlayerFields;
pub use register::{parse_players, Details, NewPlayer};
pub use rounds::{apply, Action, ByeKind};
pub use view::{view, DeskView};

/// Why round `round` of `text` is paired as the Dutch system pairs it, bracket by bracket
/// (`ratings-lab pair --explain`): the players, the downfloaters, the criterion that ruled out
/// each candidate passed over. A pairing the arbiter changed by hand is explained as the
/// engine pairs it, which the text says first.
pub fn explain(text: &str, round: usize) -> Result<String, DeskError> {
    use crate::pairing::dutch::{explain::render, pair_round, PairOptions};
    let t = rounds::read(text)?;
    let p = pair_round(&t, round, &PairOptions { explain: true, ..PairOptions::default() })?;
    let name = |x: u32| t.entrants.iter().find(|e| e.start == x).map_or(String::new(), |e| e.name.clone());
    let mut out = String::new();
    if text.lines().any(|l| l.starts_with(&format!("### manual round {round}:"))) {
        out.push_str("The arbiter changed this round's pairing by hand; below is how the Dutch system pairs it.\n\n");
    }
    out.push_str(&render(&p.brackets, p.bye, &name));
    Ok(out)
}
