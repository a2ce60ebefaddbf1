//! What the checker reports: each round against the pairing the file's own system makes and
//! against the rules any pairing keeps, and the final standings against the declared ranks.
//! Plain data, written as JSON as it stands (`docs/json.md`, `## check`) and as text by
//! `Report::text`.

use crate::pairing::legal::Illegal;
use crate::tiebreak::Rules;
use serde::Serialize;

/// A whole file checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The tournament's name (`012`), if the file gives one.
    pub tournament: Option<String>,
    /// Every round agrees and is legal, and the declared ranks (when there are any) are the
    /// standings'.
    pub agrees: bool,
    /// The system the rounds were re-paired by.
    pub system: System,
    pub rounds: Vec<RoundReport>,
    pub standings: StandingsReport,
    /// What the check took by default or read from the file (once each).
    pub notes: Vec<String>,
    /// What the reader said of the file, each naming its line.
    pub warnings: Vec<String>,
}

/// The pairing system a file is checked by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// FIDE's Dutch system (C.04.3), with the file's acceleration, forbidden pairs and initial
    /// colour.
    Dutch,
    /// C.05's Berger tables, one cycle.
    RoundRobin,
    /// C.05's Berger tables, two cycles.
    DoubleRoundRobin,
}

impl System {
    /// The system in words, for the report's title.
    pub fn words(self) -> &'static str {
        match self {
            System::Dutch => "the FIDE Dutch system (C.04.3)",
            System::RoundRobin => "the Berger tables of a round robin (C.05)",
            System::DoubleRoundRobin => "the Berger tables of a double round robin (C.05)",
        }
    }
}

/// A game by start numbers: White first when `coloured`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pair {
    pub white: u32,
    pub black: u32,
    /// False for a file's game whose records give no colours (it then agrees with a board of
    /// the same two either way round).
    pub coloured: bool,
}

/// One round of the file: compared with the reference's pairing, and checked on its own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundReport {
    pub round: usize,
    /// The file's games.
    pub boards: usize,
    /// The reference's boards.
    pub our_boards: usize,
    /// The file's games whose two players the reference also pairs together.
    pub pairs: usize,
    /// Of those, the games with the reference's colours too (a game without colours counts).
    pub colours: usize,
    /// The file's pairing-allocated bye (a round robin's: the player without a game).
    pub file_bye: Option<u32>,
    /// The reference's.
    pub our_bye: Option<u32>,
    pub bye_agrees: bool,
    /// The reference's boards the file does not hold (the same two with the same colours).
    pub ours_only: Vec<Pair>,
    /// The file's games the reference does not make.
    pub file_only: Vec<Pair>,
    /// The rules the file's round breaks, found without any reference.
    pub illegal: Vec<Illegal>,
    /// The file says the arbiter changed or paired the round by hand (`### manual round R:`).
    pub by_hand: bool,
    /// Why the reference could not pair the round (the engine's error), when it could not.
    pub not_paired: Option<String>,
    /// The round is the reference's and breaks no rule.
    pub agrees: bool,
}

/// The final standings against the ranks the file declares (TRF columns 86-89).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingsReport {
    pub status: RanksStatus,
    /// The tie-break list the standings were ranked by, as codes.
    pub order: Vec<String>,
    /// Where it came from.
    pub order_from: OrderFrom,
    /// The tie-break regulations (C.07) applied.
    pub rules: Rules,
    /// Players with a declared rank.
    pub declared: usize,
    /// Of those, the ranks within their tie in the standings (any order within a tie counts).
    pub agree: usize,
    /// Each player whose declared rank is not within their tie, in the standings' order.
    pub differ: Vec<RankDifference>,
}

/// How the declared ranks compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RanksStatus {
    /// Every declared rank is the standings'.
    Agree,
    /// Some differ.
    Differ,
    /// The file declares no rank: nothing to compare (not a failure).
    NotDeclared,
}

/// Where the tie-break list came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderFrom {
    /// The file's own (TRF-2026 `202` or `212`).
    File,
    /// FIDE's recommended order for the event's type (C.07), the file declaring none this
    /// tool computes.
    Recommended,
}

/// A player whose declared rank the standings do not give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankDifference {
    pub start: u32,
    pub name: String,
    pub declared: u32,
    /// The rank the standings give (the first of the tie).
    pub ours: usize,
    /// The last rank of the tie (`ours` when the player is alone on it).
    pub ours_to: usize,
}
