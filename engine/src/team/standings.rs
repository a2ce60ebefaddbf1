//! Team standings (C.07 articles 11-13): teams ranked by their primary score (match points or
//! game points), then by tiebreaks in order: the other score (13.1, `MPvGP`), the extended
//! Sonneborn-Berger in any pairing of the two kinds of points (13.2, `EMMSB` `EMGSB` `EGMSB`
//! `EGGSB`), the scores and schedule strength combination (13.4, `SSSC`), or any individual
//! tiebreak on the primary score or on either (13's preamble: `BH:GP`). Unplayed rounds follow article 16 as for
//! players (the teams are read as players: [`super::Teams::match_points`]). Checked against
//! Held's team exercises 34-41 and 49 (`tests/team.rs`).
//!
//! Also the extended direct encounter (13.3; with the board steps of 13.3.2: `EDEBT`, `EDEBB`,
//! `EDET`, `EDEB`) and the board tiebreaks (12: board count, top-board results, bottom-board
//! elimination), which need each board's result ([`Teams::board_points`]). The individual DE
//! and EIG are not offered for teams.

use super::Teams;
use crate::error::NameError;
use crate::tiebreak::{standings_with, Options, Rules, Tiebreak};
use crate::tournament::Tournament;
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

    fn words(self) -> &'static str {
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
        let individual = crate::tiebreak::all_codes()
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
fn individual(code: &str) -> Result<(Tiebreak, Option<TeamScore>), crate::tiebreak::UnknownTiebreak> {
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

/// One team's value of one tiebreak, and how it was derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamValue {
    pub value: Option<f64>,
    pub explanation: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamRow {
    /// Index into [`Teams::names`].
    pub team: usize,
    pub name: String,
    pub match_points: f64,
    pub game_points: f64,
    /// 1-based; shared by teams level on the primary score and every tiebreak.
    pub rank: usize,
    pub values: Vec<TeamValue>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamStandings {
    pub primary: TeamScore,
    pub order: Vec<TeamTiebreak>,
    pub rules: Rules,
    /// Why these rules, in words ([`crate::tiebreak::RulesChoice::why`]), when the caller knows.
    pub rules_reason: Option<String>,
    /// Best first.
    pub rows: Vec<TeamRow>,
}

/// `groups` (in order) each split by `key` (higher first; teams with equal keys stay together,
/// in team order).
fn split(groups: &[Vec<usize>], key: &dyn Fn(usize) -> Vec<f64>) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for group in groups {
        let mut g = group.clone();
        g.sort_by(|&a, &b| key(b).partial_cmp(&key(a)).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b)));
        let start = out.len();
        for (i, &k) in g.iter().enumerate() {
            if i > 0 && key(g[i - 1]) == key(k) && out.len() > start {
                out.last_mut().expect("a group").push(k);
            } else {
                out.push(vec![k]);
            }
        }
    }
    out
}

/// Each entrant's points round by round.
fn per_round(t: &Tournament) -> Vec<Vec<f64>> {
    let computed = || t.entrants.iter().map(|e| e.rounds.iter().map(|r| r.result.points(&t.scoring)).collect()).collect();
    t.points_by_round.clone().unwrap_or_else(computed)
}

impl Teams {
    pub(super) fn scored(&self, score: TeamScore) -> Tournament {
        match score {
            TeamScore::MatchPoints => self.match_points(),
            TeamScore::GamePoints => self.game_points(),
        }
    }

    /// The teams ranked by `primary`, then by `order` (see the module's notes): each tiebreak
    /// splits the groups still level, so the extended direct encounter sees only the teams
    /// level on everything before it.
    pub fn standings(&self, primary: TeamScore, order: &[TeamTiebreak], rules: Rules) -> TeamStandings {
        let options = Options { rules, ..Options::default() };
        let totals = |t: &Tournament| -> Vec<f64> { per_round(t).iter().map(|r| r.iter().sum::<f64>() + 0.0).collect() };
        let (mp_total, gp_total) = (totals(&self.match_points()), totals(&self.game_points()));
        let first = if primary == TeamScore::MatchPoints { &mp_total } else { &gp_total };
        let n = self.names.len();
        let mut groups = split(&[(0..n).collect()], &|k| vec![first[k]]);
        let mut columns = Vec::with_capacity(order.len());
        for &tb in order {
            let (column, next) = match tb {
                TeamTiebreak::Ede(boards) => self.ede(&groups, primary, boards, &options),
                _ => {
                    let (column, keys) = self.column(tb, primary, &options);
                    (column, split(&groups, &|k| keys[k].clone()))
                }
            };
            columns.push(column);
            groups = next;
        }
        let mut rows = Vec::with_capacity(n);
        for group in &groups {
            let rank = rows.len() + 1;
            for &k in group {
                let values = columns.iter().map(|c: &Vec<TeamValue>| c[k].clone()).collect();
                rows.push(TeamRow {
                    team: k,
                    name: self.names[k].clone(),
                    match_points: mp_total[k],
                    game_points: gp_total[k],
                    rank,
                    values,
                });
            }
        }
        TeamStandings { primary, order: order.to_vec(), rules, rules_reason: None, rows }
    }

    /// The extended direct encounter in each group of more than one team: its places (the
    /// column) and the groups it leaves.
    fn ede(&self, groups: &[Vec<usize>], primary: TeamScore, boards: EdeBoards, options: &Options) -> (Vec<TeamValue>, Vec<Vec<usize>>) {
        let (first, second) = (self.scored(primary), self.scored(primary.other()));
        let pre = crate::tiebreak::is_pre_determined(&first);
        let ctx = |t| crate::tiebreak::Ctx::new(t, options.rules, pre, None);
        let (a, b) = (ctx(&first), ctx(&second));
        let mut column = vec![TeamValue { value: None, explanation: "EDE: level with no other team".into() }; self.names.len()];
        let mut out = Vec::new();
        for group in groups {
            if group.len() < 2 {
                out.push(group.clone());
                continue;
            }
            let mut tiers = crate::tiebreak::extended_direct_encounter([&a, &b], group);
            tiers = tiers.into_iter().flat_map(|tier| self.board_steps(tier, boards)).collect();
            let mut place = 1;
            for tier in &tiers {
                for &k in tier {
                    // The first few others by name, the rest counted: a group can be thousands.
                    let names = group.iter().filter(|&&o| o != k).map(|&o| self.names[o].as_str());
                    let others = crate::text::first_of(names, group.len() - 1, crate::tiebreak::DE_NAMED);
                    let shared = if tier.len() > 1 { "shares " } else { "" };
                    let explanation =
                        format!("EDE {place}: level with {others}; {shared}place {place} of {}{}", group.len(), boards.words());
                    column[k] = TeamValue { value: Some(place as f64), explanation };
                }
                place += tier.len();
            }
            out.extend(tiers);
        }
        (column, out)
    }

    /// One tiebreak's value for every team (by team index), and the keys it ranks by (higher
    /// first).
    fn column(&self, tb: TeamTiebreak, primary: TeamScore, options: &Options) -> (Vec<TeamValue>, Vec<Vec<f64>>) {
        let keys = |values: &[TeamValue]| values.iter().map(|v| vec![v.value.unwrap_or(f64::NEG_INFINITY)]).collect();
        let column = match tb {
            TeamTiebreak::BoardCount | TeamTiebreak::TopBoards | TeamTiebreak::BottomBoards => return self.board_column(tb),
            _ => self.value_column(tb, primary, options),
        };
        let k = keys(&column);
        (column, k)
    }

    fn value_column(&self, tb: TeamTiebreak, primary: TeamScore, options: &Options) -> Vec<TeamValue> {
        let individual = |t: &Tournament, code: Tiebreak| -> Vec<TeamValue> {
            let st = standings_with(t, &[code], options);
            let mut out = vec![TeamValue { value: None, explanation: String::new() }; t.entrants.len()];
            for r in st.rows {
                let v = &r.values[0];
                out[r.entrant] = TeamValue { value: v.value, explanation: v.explanation.clone() };
            }
            out
        };
        match tb {
            TeamTiebreak::Individual(code) => individual(&self.scored(primary), code),
            TeamTiebreak::On(code, score) => individual(&self.scored(score), code),
            TeamTiebreak::Secondary => {
                let other = primary.other();
                let t = self.scored(other);
                per_round(&t)
                    .iter()
                    .map(|r| {
                        let v = r.iter().sum::<f64>() + 0.0;
                        TeamValue { value: Some(v), explanation: format!("{} {}", crate::tiebreak::num(v), other.name()) }
                    })
                    .collect()
            }
            TeamTiebreak::Esb { opponent, own } => {
                let mut t = self.scored(opponent);
                if own != opponent {
                    t.sb_factor_by_round = Some(per_round(&self.scored(own)));
                }
                let code = tb.code();
                individual(&t, Tiebreak::Sb)
                    .into_iter()
                    .map(|v| TeamValue { explanation: v.explanation.replacen("SB", &code, 1), ..v })
                    .collect()
            }
            TeamTiebreak::Sssc => self.sssc(primary, options),
            _ => unreachable!("computed apart"),
        }
    }

    /// SSSC (13.4): the secondary score + the primary's Buchholz ÷ the normalising factor (the
    /// most primary points a team can make in the event ÷ the most secondary points in one
    /// match, truncated), to two decimals.
    fn sssc(&self, primary: TeamScore, options: &Options) -> Vec<TeamValue> {
        let (rounds, boards) = (self.planned.max(1) as f64, self.boards as f64);
        let factor = match primary {
            TeamScore::MatchPoints => (2.0 * rounds / boards).trunc(),
            TeamScore::GamePoints => (boards * rounds / 2.0).trunc(),
        }
        .max(1.0);
        let bh = standings_with(&self.scored(primary), &[Tiebreak::Bh], options);
        let secondary = per_round(&self.scored(primary.other()));
        let mut out = vec![TeamValue { value: None, explanation: String::new() }; self.names.len()];
        for r in bh.rows {
            let (second, buchholz) = (secondary[r.entrant].iter().sum::<f64>() + 0.0, r.values[0].value.unwrap_or(0.0));
            let value = ((second + buchholz / factor) * 100.0).round() / 100.0;
            let num = crate::tiebreak::num;
            let explanation =
                format!("SSSC {value:.2} = {} {} + BH {} ÷ {}", num(second), primary.other().name(), num(buchholz), num(factor));
            out[r.entrant] = TeamValue { value: Some(value), explanation };
        }
        out
    }
}
