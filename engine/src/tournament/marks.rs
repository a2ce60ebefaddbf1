//! The arbiter's marks a tournament's file carries as TRF comment records (`###`, which other
//! programs skip) and the standings need: a player withdrawn or expelled, and FIDE mode left.
//!
//! The desk writes them (`### withdrawn S from round R`, `### expelled S from round R`,
//! [`LEFT_FIDE_MODE`]); the TRF reader keeps them in the [`super::Tournament`], so that the
//! standings, the crosstable and the prize list of any view of the file (the organiser's
//! rating views read it through a job, without the desk) show them (FIDE's checklist for
//! tournament programs, Q46, Q170, Q198). [`super::Tournament::departure`] is the one reading
//! of a player's status.

use serde::{Deserialize, Serialize};

/// The first words of the comment record that says FIDE mode was left (the file's own record
/// of it, which no action takes out).
pub const LEFT_FIDE_MODE: &str = "### FIDE mode left by the arbiter";

/// Whether a tournament is run in FIDE mode (the checklist's Q40-Q43): explicit, and on by
/// default for every desk tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// FIDE mode: the default, and what a file without the mark of leaving it is in.
    #[default]
    Fide,
    /// Left by the arbiter (a Level-4 confirmation), for good.
    Left,
}

impl Mode {
    /// The mode of the file `text`: left once it holds the [`LEFT_FIDE_MODE`] mark.
    pub fn of(text: &str) -> Mode {
        match text.lines().any(|l| l.starts_with(LEFT_FIDE_MODE)) {
            true => Mode::Left,
            false => Mode::Fide,
        }
    }

    /// For serde's `skip_serializing_if`: the default says nothing.
    pub fn is_fide(&self) -> bool {
        *self == Mode::Fide
    }
}

/// Why a player stopped playing before the last round, and from which round (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Departure {
    /// Withdrew (or was withdrawn): keeps their place in the standings (absent from the round
    /// on, each absence scored as the file scores it).
    Withdrawn { from_round: usize },
    /// Expelled by the arbiter: not ranked (FIDE's checklist Q198), listed after the ranked
    /// players, given no prize; their games stay in the opponents' scores and tiebreaks.
    Expelled { from_round: usize },
}

impl Departure {
    /// The round from which the player is gone.
    pub fn from_round(self) -> usize {
        match self {
            Departure::Withdrawn { from_round } | Departure::Expelled { from_round } => from_round,
        }
    }

    pub fn is_expelled(self) -> bool {
        matches!(self, Departure::Expelled { .. })
    }

    /// In words, as the standings print it beside the name: `withdrawn from round 4`.
    pub fn text(self) -> String {
        match self {
            Departure::Withdrawn { from_round } => format!("withdrawn from round {from_round}"),
            Departure::Expelled { from_round } => format!("expelled from round {from_round}"),
        }
    }
}

/// A `### withdrawn S from round R` or `### expelled S from round R` mark: the start number
/// and the departure (`None`: not such a mark).
pub fn mark(line: &str) -> Option<(u32, Departure)> {
    let (rest, expelled) = match (line.strip_prefix("### withdrawn "), line.strip_prefix("### expelled ")) {
        (Some(rest), _) => (rest, false),
        (_, Some(rest)) => (rest, true),
        _ => return None,
    };
    let (start, round) = rest.split_once(" from round ")?;
    let (start, from_round) = (start.trim().parse().ok()?, round.trim().parse().ok()?);
    Some((start, if expelled { Departure::Expelled { from_round } } else { Departure::Withdrawn { from_round } }))
}

/// Every departure the file `text` marks, in the file's order.
pub fn departures(text: &str) -> Vec<(u32, Departure)> {
    text.lines().filter_map(mark).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_read_and_other_comments_are_not() {
        assert_eq!(mark("### expelled 3 from round 4"), Some((3, Departure::Expelled { from_round: 4 })));
        assert_eq!(mark("### withdrawn 12 from round 2"), Some((12, Departure::Withdrawn { from_round: 2 })));
        assert_eq!(mark("### edit player 3: rating 1800 → 1850"), None);
        assert_eq!(mark("### withdrawn 3"), None);
        assert_eq!(Mode::of(&format!("012 Cup\n{LEFT_FIDE_MODE} on 2026/05/02\n")), Mode::Left);
        assert_eq!(Mode::of("012 Cup\n"), Mode::Fide);
    }
}
