//! The tiebreak codes (C.07's abbreviations) and the rule sets.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which version of FIDE's tiebreak regulations (C.07) to apply. Serialised as its
/// [`code`](Rules::code), `"2023"` or `"2026"`; the variant names of earlier versions
/// (`"Fide2023"`, `"Fide2026"`) are still read, so JSON written by them still loads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rules {
    /// The regulations approved in 2023 (in force from 2024 until February 2026).
    #[default]
    #[serde(rename = "2023", alias = "Fide2023")]
    Fide2023,
    /// The regulations approved for March 2026: as 2023, but the virtual opponent of an
    /// unplayed round is capped (Art. 16.4): by the scheduled opponent's score for a forfeit,
    /// by half the rounds (a draw in every round) for a bye.
    #[serde(rename = "2026", alias = "Fide2026")]
    Fide2026,
}

impl Rules {
    pub const ALL: [Rules; 2] = [Rules::Fide2023, Rules::Fide2026];
    /// The newest rules: those in force now, for a tournament with no start date
    /// (`tiebreak::RulesChoice`).
    pub const LATEST: Rules = Rules::Fide2026;

    pub fn year(self) -> u16 {
        match self {
            Rules::Fide2023 => 2023,
            Rules::Fide2026 => 2026,
        }
    }

    /// The short name the command line and the JSON use: `"2023"` or `"2026"`.
    pub fn code(self) -> &'static str {
        match self {
            Rules::Fide2023 => "2023",
            Rules::Fide2026 => "2026",
        }
    }

    /// The rules in words, e.g. "FIDE C.07 as approved in 2023".
    pub fn name(self) -> &'static str {
        match self {
            Rules::Fide2023 => "FIDE C.07 as approved in 2023",
            Rules::Fide2026 => "FIDE C.07 with the changes in force from March 2026",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FIDE C.07 ({})", self.year())
    }
}

impl FromStr for Rules {
    type Err = crate::error::NameError;

    /// `2023` / `2024` / `fide2023` or `2026` / `fide2026` (case-insensitive).
    fn from_str(s: &str) -> Result<Rules, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let t = t.strip_prefix("fide").unwrap_or(&t).trim_start_matches(['-', '_', ' ']);
        match t {
            "2023" | "2024" | "2025" => Ok(Rules::Fide2023),
            "2026" => Ok(Rules::Fide2026),
            _ => Err(crate::error::NameError::Unknown { what: "rules", name: s.into(), expected: "2023 or 2026".into() }),
        }
    }
}

/// A tiebreak, by its C.07 abbreviation (serialised as the abbreviation, e.g. `"BH-C1"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tiebreak {
    /// Buchholz (8.1): the sum of the opponents' scores.
    #[serde(rename = "BH")]
    Bh,
    /// Buchholz cut-1: without the least significant opponent.
    #[serde(rename = "BH-C1")]
    BhC1,
    /// Buchholz cut-2.
    #[serde(rename = "BH-C2")]
    BhC2,
    /// Median Buchholz: without the highest and the lowest.
    #[serde(rename = "BH-M1")]
    BhM1,
    /// Median-2 Buchholz: without the two highest and the two lowest.
    #[serde(rename = "BH-M2")]
    BhM2,
    /// Fore Buchholz (8.3): Buchholz as if every game of the last round were drawn.
    #[serde(rename = "FB")]
    Fb,
    /// Fore Buchholz cut-1.
    #[serde(rename = "FB-C1")]
    FbC1,
    /// Average of opponents' Buchholz (8.2).
    #[serde(rename = "AOB")]
    Aob,
    /// Sonneborn–Berger (9.1): opponents' scores weighted by the result against them.
    #[serde(rename = "SB")]
    Sb,
    /// Sonneborn–Berger cut-1.
    #[serde(rename = "SB-C1")]
    SbC1,
    /// Sonneborn–Berger cut-2.
    #[serde(rename = "SB-C2")]
    SbC2,
    /// Sonneborn–Berger median-1.
    #[serde(rename = "SB-M1")]
    SbM1,
    /// Sonneborn–Berger median-2.
    #[serde(rename = "SB-M2")]
    SbM2,
    /// Direct encounter (6), among the players tied on points and every earlier tiebreak.
    #[serde(rename = "DE")]
    De,
    /// Number of wins, with or without playing (7.1).
    #[serde(rename = "WIN")]
    Win,
    /// Number of games won over the board (7.2).
    #[serde(rename = "WON")]
    Won,
    /// Number of games played with black (7.3).
    #[serde(rename = "BPG")]
    Bpg,
    /// Number of games won with black (7.4).
    #[serde(rename = "BWG")]
    Bwg,
    /// Rounds one elected to play (C.07 7.6): the rounds less the half-point byes, the
    /// zero-point byes and the forfeit losses. Named GE ("games one elected to play") until
    /// C.07's text of August 2024: `GE` still reads as REP, in a code and in JSON.
    #[serde(rename = "REP", alias = "GE")]
    Rep,
    /// Sum of progressive scores (7.5).
    #[serde(rename = "PS")]
    Ps,
    /// Sum of progressive scores, cut-1 (without the first round's).
    #[serde(rename = "PS-C1")]
    PsC1,
    /// Standard points (C.07 7.7, new in 2026): the score counted 1/½/0 whatever the point
    /// system: 1 for a round in which the participant scored more than the scheduled opponent
    /// (or, without playing, more than a draw's points), ½ for one in which they scored the same
    /// (or, without playing, exactly a draw's points).
    #[serde(rename = "STD")]
    Std,
    /// Tournament pairing number (C.07 7.8, new in 2026): the start number; the lower ranks
    /// higher.
    #[serde(rename = "TPN")]
    Tpn,
    /// The tournament pairing number reversed (TPN/R; C.07 7.8 allows descending order): the
    /// higher ranks higher.
    #[serde(rename = "TPN-R")]
    TpnR,
    /// Koya system (9.2): points scored against the opponents with at least half the
    /// possible points.
    #[serde(rename = "KS")]
    Ks,
    /// Average rating of opponents (10.1).
    #[serde(rename = "ARO")]
    Aro,
    /// Average rating of opponents, cut-1 (without the lowest rated).
    #[serde(rename = "ARO-C1")]
    AroC1,
    /// Tournament performance rating (10.2).
    #[serde(rename = "TPR")]
    Tpr,
    /// Perfect tournament performance (10.3).
    #[serde(rename = "PTP")]
    Ptp,
    /// Average performance rating of opponents (10.4).
    #[serde(rename = "APRO")]
    Apro,
    /// Average perfect performance of opponents (10.5).
    #[serde(rename = "APPO")]
    Appo,
    /// The participant's rating (C.07 10.6, new in 2026), the higher ranking higher. An
    /// unrated participant has the rating the tournament's rules fix for the unrated
    /// (`tiebreak::Options::unrated_rating`); without one, the tiebreak is dropped for all
    /// (C.07 10: rating tiebreaks are not used when unrated players take part, unless the
    /// rules say how they count).
    #[serde(rename = "RTNG")]
    Rtng,
    /// The rating reversed (RTNG/R; C.07 10.6 allows the reverse order): the lower ranks higher.
    #[serde(rename = "RTNG-R")]
    RtngR,
    /// Brent's eigenvector rating: computed by the caller from the whole results graph (not a
    /// sum of opponents' scores) and passed in `tiebreak::Options::eigenvector`.
    #[serde(rename = "EIG")]
    Eig,
}

const ALL: [Tiebreak; 34] = [
    Tiebreak::Bh,
    Tiebreak::BhC1,
    Tiebreak::BhC2,
    Tiebreak::BhM1,
    Tiebreak::BhM2,
    Tiebreak::Fb,
    Tiebreak::FbC1,
    Tiebreak::Aob,
    Tiebreak::Sb,
    Tiebreak::SbC1,
    Tiebreak::SbC2,
    Tiebreak::SbM1,
    Tiebreak::SbM2,
    Tiebreak::De,
    Tiebreak::Win,
    Tiebreak::Won,
    Tiebreak::Bpg,
    Tiebreak::Bwg,
    Tiebreak::Rep,
    Tiebreak::Ps,
    Tiebreak::PsC1,
    Tiebreak::Std,
    Tiebreak::Tpn,
    Tiebreak::TpnR,
    Tiebreak::Ks,
    Tiebreak::Aro,
    Tiebreak::AroC1,
    Tiebreak::Tpr,
    Tiebreak::Ptp,
    Tiebreak::Apro,
    Tiebreak::Appo,
    Tiebreak::Rtng,
    Tiebreak::RtngR,
    Tiebreak::Eig,
];

/// Every tiebreak this module knows, in the order of C.07's families.
pub const fn all_codes() -> &'static [Tiebreak] {
    &ALL
}

/// How many of the lowest / highest values a Buchholz-like tiebreak cuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    pub low: usize,
    pub high: usize,
}

impl Tiebreak {
    /// A Buchholz tie-break (C.07 8: BH with its cuts and medians, AOB, FB with its cut): a sum
    /// of the opponents' scores, which a round robin may not use (FIDE's checklist for
    /// tournament programs, Q105, a hard fail: there every player meets the same field).
    pub fn is_buchholz(self) -> bool {
        use Tiebreak::*;
        matches!(self, Bh | BhC1 | BhC2 | BhM1 | BhM2 | Fb | FbC1 | Aob)
    }

    /// The C.07 abbreviation, e.g. `"BH-C1"`.
    pub fn code(self) -> &'static str {
        use Tiebreak::*;
        match self {
            Bh => "BH",
            BhC1 => "BH-C1",
            BhC2 => "BH-C2",
            BhM1 => "BH-M1",
            BhM2 => "BH-M2",
            Fb => "FB",
            FbC1 => "FB-C1",
            Aob => "AOB",
            Sb => "SB",
            SbC1 => "SB-C1",
            SbC2 => "SB-C2",
            SbM1 => "SB-M1",
            SbM2 => "SB-M2",
            De => "DE",
            Win => "WIN",
            Won => "WON",
            Bpg => "BPG",
            Bwg => "BWG",
            Rep => "REP",
            Ps => "PS",
            PsC1 => "PS-C1",
            Std => "STD",
            Tpn => "TPN",
            TpnR => "TPN-R",
            Ks => "KS",
            Aro => "ARO",
            AroC1 => "ARO-C1",
            Tpr => "TPR",
            Ptp => "PTP",
            Apro => "APRO",
            Appo => "APPO",
            Rtng => "RTNG",
            RtngR => "RTNG-R",
            Eig => "EIG",
        }
    }

    /// The name in words, e.g. "Buchholz cut-1".
    pub fn name(self) -> &'static str {
        use Tiebreak::*;
        match self {
            Bh => "Buchholz",
            BhC1 => "Buchholz cut-1",
            BhC2 => "Buchholz cut-2",
            BhM1 => "Median Buchholz",
            BhM2 => "Median-2 Buchholz",
            Fb => "Fore Buchholz",
            FbC1 => "Fore Buchholz cut-1",
            Aob => "Average of opponents' Buchholz",
            Sb => "Sonneborn-Berger",
            SbC1 => "Sonneborn-Berger cut-1",
            SbC2 => "Sonneborn-Berger cut-2",
            SbM1 => "Sonneborn-Berger median-1",
            SbM2 => "Sonneborn-Berger median-2",
            De => "Direct encounter",
            Win => "Number of wins",
            Won => "Number of games won",
            Bpg => "Games played with black",
            Bwg => "Games won with black",
            Rep => "Rounds elected to play",
            Ps => "Progressive score",
            PsC1 => "Progressive score cut-1",
            Std => "Standard points",
            Tpn => "Tournament pairing number",
            TpnR => "Tournament pairing number, reversed",
            Ks => "Koya system",
            Aro => "Average rating of opponents",
            AroC1 => "Average rating of opponents cut-1",
            Tpr => "Tournament performance rating",
            Ptp => "Perfect tournament performance",
            Apro => "Average performance rating of opponents",
            Appo => "Average perfect performance of opponents",
            Rtng => "Rating",
            RtngR => "Rating, reversed",
            Eig => "Eigenvector rating",
        }
    }

    /// What it measures, in one line (the app's list and the printed footnotes).
    pub fn description(self) -> &'static str {
        use Tiebreak::*;
        match self {
            Bh => "the sum of the opponents' scores (unplayed rounds count as C.07 says)",
            BhC1 => "Buchholz without the lowest opponent's score",
            BhC2 => "Buchholz without the two lowest opponents' scores",
            BhM1 => "Buchholz without the highest and the lowest opponent's score",
            BhM2 => "Buchholz without the two highest and the two lowest",
            Fb => "Buchholz as if every game of the last round were drawn",
            FbC1 => "Fore Buchholz without the lowest opponent's score",
            Aob => "the average of the opponents' Buchholz",
            Sb => "the scores of the opponents beaten, plus half the scores of those drawn",
            SbC1 => "Sonneborn-Berger without the least significant opponent",
            SbC2 => "Sonneborn-Berger without the two least significant opponents",
            SbM1 => "Sonneborn-Berger without the most and the least significant opponent",
            SbM2 => "Sonneborn-Berger without the two most and the two least significant",
            De => "the points scored against the other players still tied",
            Win => "the rounds won, with or without playing",
            Won => "the games won over the board",
            Bpg => "the games played with black",
            Bwg => "the games won with black",
            Rep => "the rounds the player chose to play (all but requested byes and own forfeits); GE before 2024",
            Ps => "the sum of the running scores after each round",
            PsC1 => "progressive score without the first round",
            Std => "the score counted 1 for a win, ½ for a draw, 0 for a loss, whatever the point system",
            Tpn => "the start number (the lower ranks higher)",
            TpnR => "the start number (the higher ranks higher)",
            Ks => "the points scored against opponents who finished on at least half the maximum",
            Aro => "the average rating of the opponents",
            AroC1 => "the average rating of the opponents without the lowest-rated",
            Tpr => "the opponents' average rating plus the difference the score percentage gives",
            Ptp => "the rating at which the expected score equals the score made",
            Apro => "the average of the opponents' performance ratings",
            Appo => "the average of the opponents' perfect performances",
            Rtng => "the player's own rating (the higher ranks higher; dropped when a player is unrated and no rating is fixed)",
            RtngR => "the player's own rating (the lower ranks higher; dropped as RTNG is)",
            Eig => "Brent's eigenvector rating of the games played: every result weighed through all the results",
        }
    }

    /// Reads a code: case-insensitive, `/` or `_` for `-` (`bh/c1`), C.07's run-together
    /// forms (`BHC1`) accepted, and `GE`, REP's name before August 2024. Unknown codes are an
    /// error listing the valid ones.
    pub fn parse(code: &str) -> Result<Tiebreak, UnknownTiebreak> {
        let norm: String = code.trim().to_ascii_uppercase().replace(['/', '_', ' '], "-");
        let bare: String = norm.chars().filter(|&c| c != '-').collect();
        if bare == "GE" {
            return Ok(Tiebreak::Rep);
        }
        ALL.iter().copied().find(|t| t.code() == norm || t.code().replace('-', "") == bare).ok_or_else(|| UnknownTiebreak(code.to_string()))
    }

    /// Lower values rank higher: DE, whose value is a place among the tied players, TPN, the
    /// start number (C.07 7.8: ascending), and RTNG/R, the rating reversed (10.6).
    pub fn lower_is_better(self) -> bool {
        matches!(self, Tiebreak::De | Tiebreak::Tpn | Tiebreak::RtngR)
    }

    /// The cut of a Buchholz- or Sonneborn-Berger-like tiebreak (none for the others).
    pub(crate) fn cut(self) -> Cut {
        use Tiebreak::*;
        let (low, high) = match self {
            BhC1 | FbC1 | SbC1 | PsC1 | AroC1 => (1, 0),
            BhC2 | SbC2 => (2, 0),
            BhM1 | SbM1 => (1, 1),
            BhM2 | SbM2 => (2, 2),
            _ => (0, 0),
        };
        Cut { low, high }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Tiebreak {
    type Err = UnknownTiebreak;

    fn from_str(s: &str) -> Result<Tiebreak, UnknownTiebreak> {
        Tiebreak::parse(s)
    }
}

/// `order` as a round robin may take it: the Buchholz tie-breaks (C.07 8;
/// [`Tiebreak::is_buchholz`]) taken out, and given apart, in their order. FIDE's checklist for
/// tournament programs fails a program that lets a round robin use them (Q105).
pub fn for_round_robin(order: &[Tiebreak]) -> (Vec<Tiebreak>, Vec<Tiebreak>) {
    order.iter().partition(|t| !t.is_buchholz())
}

/// Buchholz tie-breaks asked for in a round robin ([`for_round_robin`]): what the command
/// line's `--order` and the desk's tiebreaks refuse, and what the standings say they left out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: a round robin may not use Buchholz tie-breaks (C.07 8; FIDE's checklist for tournament programs, Q105): they sum the opponents' scores, and in a round robin every player meets the same field", listed(.0))]
pub struct BuchholzInRoundRobin(pub Vec<Tiebreak>);

/// `BH`, `BH and FB`, `BH-C1, BH and AOB`.
fn listed(codes: &[Tiebreak]) -> String {
    let codes: Vec<&str> = codes.iter().map(|t| t.code()).collect();
    match codes.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => codes.join(""),
    }
}

/// Refuses an order for a round robin (`round_robin`) that lists a Buchholz tie-break.
pub fn check_round_robin(order: &[Tiebreak], round_robin: bool) -> Result<(), BuchholzInRoundRobin> {
    let (_, refused) = for_round_robin(order);
    match round_robin && !refused.is_empty() {
        true => Err(BuchholzInRoundRobin(refused)),
        false => Ok(()),
    }
}

/// A tiebreak code that is not one of [`all_codes`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("unknown tiebreak '{0}': expected one of {list}", list = valid_list())]
pub struct UnknownTiebreak(pub String);

fn valid_list() -> String {
    ALL.iter().map(|t| t.code()).collect::<Vec<_>>().join(", ")
}
