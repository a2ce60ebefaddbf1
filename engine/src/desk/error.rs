//! Why a desk action is refused ([`DeskError`]), and how firmly the arbiter must agree to an
//! action refused for confirmation ([`Level`], the checklist's levels: [`super::confirm`]
//! says what each asks).
//!
//! Every part of the desk refuses with this error, so it lives in a file of its own that the
//! others import; the level lives with it, as the refusal for confirmation carries one and
//! [`super::confirm`] refuses with the error (in `confirm.rs` the two would import each other).

use crate::error::PairError;
use serde::{Deserialize, Serialize};

/// Why a desk action was refused; the file is unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DeskError {
    #[error("the file cannot be read: {0}")]
    Unreadable(String),
    #[error("{0}")]
    Pairing(#[from] PairError),
    #[error("round {round}: {what}")]
    Round { round: usize, what: String },
    #[error("start number {start}: {what}")]
    Player { start: u32, what: String },
    #[error("{0}")]
    Details(String),
    /// The action needs the arbiter's agreement at this level ([`super::confirm`]): sent
    /// again as [`super::Action::Confirmed`], it goes through.
    #[error("to confirm ({level:?}): {}", warnings.join("; "))]
    Confirm { level: Level, warnings: Vec<String> },
    /// Leaving or entering FIDE mode refused ([`super::fide_mode`]).
    #[error("{0}")]
    FideMode(String),
    /// The final standings and TRF are not made while a round is unplayed, a result missing or
    /// an adjourned game open (the checklist's Q161, Q169): each, naming its board.
    #[error("not final (the final standings and TRF wait for every result): {}", open.join("; "))]
    NotFinal { open: Vec<String> },
}

/// How firmly the arbiter must agree before an action goes through (ordered: the highest of
/// an action's warnings is the one asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Level 1: shown, nothing to confirm.
    Notice,
    /// Level 2: acknowledged.
    Warning,
    /// Level 3: confirmed.
    Confirm,
    /// Level 4: confirmed twice.
    DoubleConfirm,
}
