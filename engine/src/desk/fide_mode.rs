//! Leaving FIDE mode (the checklist's Q40-Q43). Every desk tournament starts in it; the arbiter
//! may leave it with a Level-4 confirmation, which the file records as a comment line
//! ([`super::confirm::LEFT_FIDE_MODE`], with the date when the app gives one), so that
//! whoever reads the file (FIDE's rating officer, another program, the arbiter later) knows
//! the tournament was not run in FIDE mode throughout. It cannot be undone: no action takes
//! the line out, and entering FIDE mode again is refused, since the warnings that were not
//! asked while outside it cannot be asked afterwards. Outside FIDE mode nothing else changes
//! yet ([`super::confirm::may_switch_off`]).

use super::confirm::{ask, Level, Mode, LEFT_FIDE_MODE};
use super::error::DeskError;
use super::manual::with_comment;

/// `text` with FIDE mode left (on `on`, a date as the app gives it), once confirmed at
/// Level 4; refused when it was left already.
pub(crate) fn leave(text: &str, on: Option<&str>, confirmed: bool) -> Result<String, DeskError> {
    if Mode::of(text) == Mode::Left {
        return Err(DeskError::FideMode("FIDE mode was left already".into()));
    }
    let warning = "leaving FIDE mode: the file will say that this tournament was not run in FIDE mode throughout, and \
                   FIDE mode cannot be entered again (FIDE's checklist for tournament programs, Level 4)";
    ask(confirmed, vec![(Level::DoubleConfirm, warning.to_string())])?;
    let line = match on.map(str::trim).filter(|d| !d.is_empty()) {
        Some(date) => format!("{LEFT_FIDE_MODE} on {}", crate::error::excerpt(date)),
        None => LEFT_FIDE_MODE.to_string(),
    };
    Ok(with_comment(text, &line))
}

/// Always refused: in FIDE mode there is nothing to enter; once left, FIDE mode cannot be
/// entered again.
pub(crate) fn enter(text: &str) -> Result<String, DeskError> {
    Err(DeskError::FideMode(match Mode::of(text) {
        Mode::Fide => "the tournament is in FIDE mode already".into(),
        Mode::Left => "FIDE mode was left and cannot be entered again: the rounds run outside it were not held to its \
                       warnings, and entering it again would not make them so"
            .into(),
    }))
}
