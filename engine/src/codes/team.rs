//! The team tiebreaks' codes (C.07 article 13, TRF-2026's team records): a team's score
//! ([`TeamScore`]), each team tiebreak ([`TeamTiebreak`]) read and written as files, flags and
//! settings name it, and the default order. Computed in `team::standings`; named here, below
//! the tournament (a file's declared order holds them) and the tiebreaks (an order's repeats).

use super::individual::{Tiebreak, UnknownTiebreak};
use crate::error::NameError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A team's score: match points (2 a won match, 1 a drawn one) or game points (its boards').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamScore {
    MatchPoints,
    GamePoints,
}

impl TeamScore {
    pub const ALL: [TeamScore; 2] = [TeamScore::MatchPoints, TeamScore::GamePoints];

    pub fn code(self) -> &'static str {
        match self {
            TeamScore::MatchPoints => "MP",
            TeamScore::GamePoints => "GP",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TeamScore::MatchPoints => "match points",
            TeamScore::GamePoints => "game points",
        }
    }

    pub fn other(self) -> TeamScore {
        match self {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        }
    }

    fn letter(self) -> char {
        self.code().chars().next().expect("a code")
    }
}

/// The team tiebreaks a new user starts with: the other score, then the extended
/// Sonneborn-Berger in match points, then Buchholz cut 1.
pub const DEFAULT_TEAM_TIEBREAKS: [TeamTiebreak; 3] = [
    TeamTiebreak::Secondary,
    TeamTiebreak::Esb { opponent: TeamScore::MatchPoints, own: TeamScore::MatchPoints },
    TeamTiebreak::Individual(Tiebreak::BhC1),
];

/// A team tiebreak (C.07 13), or an individual one on the primary score. Kept (in settings)
/// as its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TeamTiebreak {
    /// The other score (`MPvGP`, 13.1).
    Secondary,
    /// Extended Sonneborn-Berger (13.2): each opponent's score in `opponent` points times the
    /// team's result against it in `own` points.
    Esb { opponent: TeamScore, own: TeamScore },
    /// Scores and schedule strength combination (13.4): the secondary score plus the Buchholz
    /// of the primary divided by a normalising factor.
    Sssc,
    /// Extended direct encounter (13.3), then, when exactly two teams are still level, the
    /// board steps chosen on their matches against each other (13.3.2).
    Ede(EdeBoards),
    /// Board count (12.1): each game point times its board number, summed; lower is better.
    BoardCount,
    /// Top-board results (12.2): the points on board 1, then board 2, ...
    TopBoards,
    /// Bottom-board elimination (12.3): the points without the last board, then without the
    /// last two, ...
    BottomBoards,
    /// An individual tiebreak computed on the primary score.
    Individual(Tiebreak),
    /// An individual tiebreak computed on the given score (C.07's `BH:GP`, `PS:MP`).
    On(Tiebreak, TeamScore),
}

/// What follows an extended direct encounter that leaves two teams level (C.07 13.3.2), on the
/// games of their matches against each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdeBoards {
    /// Nothing (`EDE`).
    Nothing,
    /// Board count, then top-board results (`EDEBT`).
    CountThenTop,
    /// Board count, then bottom-board elimination (`EDEBB`).
    CountThenBottom,
    /// Top-board results (`EDET`).
    Top,
    /// Bottom-board elimination (`EDEB`).
    Bottom,
}

impl EdeBoards {
    const ALL: [EdeBoards; 5] =
        [EdeBoards::Nothing, EdeBoards::CountThenTop, EdeBoards::CountThenBottom, EdeBoards::Top, EdeBoards::Bottom];

    fn suffix(self) -> &'static str {
        match self {
            EdeBoards::Nothing => "",
            EdeBoards::CountThenTop => "BT",
            EdeBoards::CountThenBottom => "BB",
            EdeBoards::Top => "T",
            EdeBoards::Bottom => "B",
        }
    }

    pub(crate) fn words(self) -> &'static str {
        match self {
            EdeBoards::Nothing => "",
            EdeBoards::CountThenTop => "; two teams still level: board count, then top-board results, in their matches",
            EdeBoards::CountThenBottom => "; two teams still level: board count, then bottom-board elimination, in their matches",
            EdeBoards::Top => "; two teams still level: top-board results in their matches",
            EdeBoards::Bottom => "; two teams still level: bottom-board elimination in their matches",
        }
    }
}

impl TeamTiebreak {
    /// Every team tiebreak offered, the individual ones after the team ones.
    pub fn all() -> Vec<TeamTiebreak> {
        use TeamScore::*;
        let esb = [(MatchPoints, MatchPoints), (MatchPoints, GamePoints), (GamePoints, MatchPoints), (GamePoints, GamePoints)];
        let team = [TeamTiebreak::Secondary]
            .into_iter()
            .chain(esb.map(|(opponent, own)| TeamTiebreak::Esb { opponent, own }))
            .chain([TeamTiebreak::Sssc]);
        let individual = super::individual::all_codes()
            .iter()
            .copied()
            .filter(|t| !matches!(t, Tiebreak::De | Tiebreak::Eig))
            .map(TeamTiebreak::Individual);
        let on = [Tiebreak::Bh, Tiebreak::BhC1, Tiebreak::BhC2, Tiebreak::BhM1, Tiebreak::Ps, Tiebreak::Ks]
            .into_iter()
            .flat_map(|t| TeamScore::ALL.map(|s| TeamTiebreak::On(t, s)));
        team.chain(individual).chain(on).collect()
    }

    pub fn code(self) -> String {
        match self {
            TeamTiebreak::Secondary => "MPvGP".into(),
            TeamTiebreak::Esb { opponent, own } => format!("E{}{}SB", opponent.letter(), own.letter()),
            TeamTiebreak::Sssc => "SSSC".into(),
            TeamTiebreak::Ede(boards) => format!("EDE{}", boards.suffix()),
            TeamTiebreak::BoardCount => "BC".into(),
            TeamTiebreak::TopBoards => "TBR".into(),
            TeamTiebreak::BottomBoards => "BBE".into(),
            TeamTiebreak::Individual(t) => t.code().into(),
            TeamTiebreak::On(t, score) => format!("{}:{}", t.code(), score.code()),
        }
    }

    pub fn name(self) -> String {
        match self {
            TeamTiebreak::Secondary => "The other score (game points after match points, or match points after game points)".into(),
            TeamTiebreak::Esb { opponent, own } => {
                format!("Extended Sonneborn-Berger: each opponent's {} × the team's {} against it", opponent.name(), own.name())
            }
            TeamTiebreak::Sssc => {
                "Scores and schedule strength combination: the secondary score + Buchholz of the primary ÷ a normalising factor".into()
            }
            TeamTiebreak::Ede(boards) => {
                format!("Extended direct encounter: match points, then game points, among the teams level{}", boards.words())
            }
            TeamTiebreak::BoardCount => "Board count: each game point times its board number (lower is better)".into(),
            TeamTiebreak::TopBoards => "Top-board results: the points on board 1, then board 2, ...".into(),
            TeamTiebreak::BottomBoards => {
                "Bottom-board elimination: the points without the last board, then without the last two, ...".into()
            }
            TeamTiebreak::Individual(t) => format!("{}, on the primary score", t.name()),
            TeamTiebreak::On(t, score) => format!("{}, on {}", t.name(), score.name()),
        }
    }

    /// Reads a code as C.07 and TRF-2026 write it (`EMGSB`, `ESB:MG`, `SSSC`, `MPvGP`, `BH-C1`).
    pub fn parse(code: &str) -> Result<TeamTiebreak, NameError> {
        let norm = code.trim().to_ascii_uppercase().replace(':', "");
        let score = |c: char| match c {
            'M' => Some(TeamScore::MatchPoints),
            'G' => Some(TeamScore::GamePoints),
            _ => None,
        };
        let letters: Vec<char> = norm.chars().collect();
        let esb = match letters[..] {
            ['E', o, w, 'S', 'B'] | ['E', 'S', 'B', o, w] => score(o).zip(score(w)),
            _ => None,
        };
        let ede = EdeBoards::ALL.into_iter().find(|b| norm == format!("EDE{}", b.suffix()));
        match (norm.as_str(), esb) {
            (_, Some((opponent, own))) => Ok(TeamTiebreak::Esb { opponent, own }),
            _ if ede.is_some() => Ok(TeamTiebreak::Ede(ede.expect("found"))),
            ("BC", _) => Ok(TeamTiebreak::BoardCount),
            ("TBR", _) => Ok(TeamTiebreak::TopBoards),
            ("BBE", _) => Ok(TeamTiebreak::BottomBoards),
            ("MPVGP" | "GPVMP", _) => Ok(TeamTiebreak::Secondary),
            ("SSSC", _) => Ok(TeamTiebreak::Sssc),
            _ => match individual(code) {
                Ok((Tiebreak::De | Tiebreak::Eig, _)) => {
                    Err(NameError::NotOffered { name: code.into(), here: "teams", instead: "EDE is the teams' direct encounter" })
                }
                Ok((t, None)) => Ok(TeamTiebreak::Individual(t)),
                Ok((t, Some(on))) => Ok(TeamTiebreak::On(t, on)),
                Err(_) => Err(NameError::Unknown {
                    what: "team tiebreak",
                    name: code.into(),
                    expected: "MPvGP, EMMSB, EMGSB, EGMSB, EGGSB, SSSC, EDE, EDEBT, EDEBB, EDET, EDEB, BC, TBR, BBE or an individual code such as BH-C1 (on the primary score) or BH:GP".into(),
                }),
            },
        }
    }
}

/// An individual code, with the score it is computed on when given (`BH-C1:GP`).
fn individual(code: &str) -> Result<(Tiebreak, Option<TeamScore>), UnknownTiebreak> {
    let on = code.rsplit_once(':').and_then(|(t, s)| match s.trim().to_ascii_uppercase().as_str() {
        "MP" => Some((t, TeamScore::MatchPoints)),
        "GP" => Some((t, TeamScore::GamePoints)),
        _ => None,
    });
    match on {
        Some((t, score)) => Ok((Tiebreak::parse(t)?, Some(score))),
        None => Ok((Tiebreak::parse(code)?, None)),
    }
}

impl TryFrom<String> for TeamTiebreak {
    type Error = NameError;

    fn try_from(code: String) -> Result<TeamTiebreak, NameError> {
        TeamTiebreak::parse(&code)
    }
}

impl From<TeamTiebreak> for String {
    fn from(t: TeamTiebreak) -> String {
        t.code()
    }
}

impl fmt::Display for TeamTiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}
