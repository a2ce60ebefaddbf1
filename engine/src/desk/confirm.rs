//! The desk's confirmations as data: the levels of FIDE's checklist for tournament programs
//! (VCL4THP, C.02), and the checks of a seating the arbiter makes by hand (an exchange, colours
//! swapped, a round paired by hand) against the rules a program must warn of.
//!
//! An action that needs confirming is refused with [`super::DeskError::Confirm`], its level
//! and its warnings, and goes through when sent again wrapped in
//! [`super::rounds::Action::Confirmed`]: the app shows the warnings, the arbiter agrees, the
//! same action comes back confirmed. The levels, as the checklist defines them:
//!
//! * [`Level::Notice`] (Level 1): information only, nothing to confirm; never refuses.
//! * [`Level::Warning`] (Level 2): to acknowledge (one click): both players of a game off
//!   their due colour; pairing the next round while an adjourned game of an earlier round is
//!   still open.
//! * [`Level::Confirm`] (Level 3): to confirm (a deliberate yes): a rematch, a forbidden pair,
//!   a second pairing-allocated bye, a colour against an absolute preference, a result of the
//!   round before the current one changed after the current one was paired.
//! * [`Level::DoubleConfirm`] (Level 4): confirmed twice (leaving FIDE mode,
//!   [`super::fide_mode`]): the app asks twice, then sends the action confirmed.
//!
//! FIDE mode ([`Mode`]) is on for every desk tournament until the arbiter leaves it, and in it
//! no warning can be switched off ([`may_switch_off`]): every concern is asked at its level.
//! Outside FIDE mode nothing else changes yet: the same warnings are asked the same way; the
//! file only says that the tournament was not run in FIDE mode throughout.

use super::error::DeskError;
use crate::pairing::dutch::state::{player, scores_before, Player};
use crate::tournament::{Colour, Tournament};

// The levels live beside the refusal that carries them (`DeskError::Confirm`, in `error.rs`,
// which this module refuses with): `confirm::Level` still names them.
pub use super::error::Level;

// The mark of FIDE mode left and the mode it gives live with the tournament (its reader keeps
// them for the standings); the desk's names for them stay these.
pub use crate::tournament::marks::{Mode, LEFT_FIDE_MODE};

/// Whether warnings of a level may be switched off in `mode`: never in FIDE mode (the
/// checklist: every warning shown at its level, none switched off), and not yet outside it
/// either (nothing but the file's mark changes when FIDE mode is left). [`ask`] therefore
/// asks every concern, whatever the mode.
pub fn may_switch_off(mode: Mode, _level: Level) -> bool {
    match mode {
        Mode::Fide => false,
        // Switching warnings off outside FIDE mode is not offered yet.
        Mode::Left => false,
    }
}

/// A warning with its level.
pub type Concern = (Level, String);

/// Refuses with the concerns' highest level unless `confirmed` (or there is nothing above a
/// notice to agree to). Every concern is asked: none can be switched off ([`may_switch_off`]).
pub(crate) fn ask(confirmed: bool, concerns: Vec<Concern>) -> Result<(), DeskError> {
    let level = concerns.iter().map(|c| c.0).max();
    match level {
        Some(level) if level > Level::Notice && !confirmed => {
            Err(DeskError::Confirm { level, warnings: concerns.into_iter().map(|c| c.1).collect() })
        }
        _ => Ok(()),
    }
}

/// A player as a warning names them: start number and name.
pub(crate) fn who(t: &Tournament, start: u32) -> String {
    t.entrants.iter().find(|e| e.start == start).map_or(format!("{start}"), |e| format!("{start} ({})", e.name))
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// What the rules say of these boards (white, black) and this pairing-allocated bye in
/// `round`, from the rounds before it as the Dutch system reads them
/// ([`crate::pairing::dutch::state::player`]: the opponents met, the colours played, whether
/// the PAB may still be given by C.04.1 Art. 4 / C.04.3 C2).
pub fn seating(t: &Tournament, round: usize, boards: &[(u32, u32)], bye: Option<u32>) -> Vec<Concern> {
    let scores = scores_before(t, round.max(1), None);
    let index = |s: u32| t.entrants.iter().position(|e| e.start == s);
    let of = |s: u32| index(s).map(|i| player(t, &scores, i, round.max(1), false));
    let mut out = Vec::new();
    for &(w, b) in boards {
        let (Some(pw), Some(pb)) = (of(w), of(b)) else { continue };
        if pw.met.contains(&pb.entrant) {
            out.push((Level::Confirm, format!("{} and {} have met already: a rematch (C.04.3 C1)", who(t, w), who(t, b))));
        }
        if t.forbidden.iter().any(|f| f.forbids(w, b, round)) {
            out.push((Level::Confirm, format!("{} and {} must not meet: a forbidden pair (the file's 260/XXP)", who(t, w), who(t, b))));
        }
        out.extend(colour_concern(t, &pw, Colour::White));
        out.extend(colour_concern(t, &pb, Colour::Black));
        let off = |p: &Player, c: Colour| p.wants.is_some_and(|x| x != c);
        if off(&pw, Colour::White) && off(&pb, Colour::Black) {
            out.push((
                Level::Warning,
                format!("{} and {}: both play off their due colour (C.04.3 1.7, the colour preferences)", who(t, w), who(t, b)),
            ));
        }
    }
    if let Some(p) = bye.and_then(of).filter(|p| !p.bye_eligible) {
        out.push((
            Level::Confirm,
            format!(
                "{} already had a pairing-allocated bye or a full point without playing: a second one (C.04.1 Art. 4, C.04.3 C2)",
                who(t, p.tpn)
            ),
        ));
    }
    out
}

/// A colour given against the absolute rules: a third of one colour in a row, or a colour
/// difference beyond ±2 (C.04.3 1.7 and C3).
fn colour_concern(t: &Tournament, p: &Player, c: Colour) -> Option<Concern> {
    let n = p.colours.len();
    let third = n >= 2 && p.colours[n - 2..].iter().all(|&x| x == c);
    let cd = p.colour_difference() + if c == Colour::White { 1 } else { -1 };
    let what = match (third, cd.abs() > 2) {
        (true, _) => format!("{} would have {} a third time in a row", who(t, p.tpn), colour_name(c)),
        (false, true) => format!("{} would reach a colour difference of {cd:+}", who(t, p.tpn)),
        _ => return None,
    };
    Some((Level::Confirm, format!("{what} (C.04.3 1.7 and C3, the absolute colour rules)")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIDE mode's promise, as a property of the module: no level can be switched off in it,
    /// and every concern above a notice is asked until confirmed.
    #[test]
    fn in_fide_mode_no_warning_can_be_switched_off() {
        for level in [Level::Notice, Level::Warning, Level::Confirm, Level::DoubleConfirm] {
            assert!(!may_switch_off(Mode::Fide, level), "{level:?}");
            let asked = ask(false, vec![(level, "a concern".into())]);
            assert_eq!(asked.is_err(), level > Level::Notice, "{level:?}");
            assert!(ask(true, vec![(level, "a concern".into())]).is_ok());
        }
        assert_eq!(Mode::of("012 Cup\n"), Mode::Fide);
        assert_eq!(Mode::of("012 Cup\n### FIDE mode left by the arbiter on 26/11/29\n"), Mode::Left);
    }
}
