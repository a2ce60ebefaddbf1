//! Team standings (C.07 articles 11-13): teams ranked by their primary score (match points or
//! game points), then by tiebreaks in order: the other score (13.1, `MPvGP`), the extended
//! Sonneborn-Berger in any pairing of the two kinds of points (13.2, `EMMSB` `EMGSB` `EGMSB`
//! `EGGSB`), the scores and schedule strength combination (13.4, `SSSC`), or any individual
//! tiebreak on the primary score (13's preamble). Unplayed rounds follow article 16 as for
//! players (the teams are read as players: [`super::Teams::match_points`]). Checked against
//! Held's team exercises 34-41 and 49 (`tests/team.rs`).
//!
//! Not here: the extended direct encounter (13.3) and the board tiebreaks (12: board count,
//! top-board results, bottom-board elimination), which need each board's result; and the
//! individual DE and EIG, which are not offered for teams.

use super::Teams;
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

/// A team tiebreak (C.07 13), or an individual one on the primary score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamTiebreak {
    /// The other score (`MPvGP`, 13.1).
    Secondary,
    /// Extended Sonneborn-Berger (13.2): each opponent's score in `opponent` points times the
    /// team's result against it in `own` points.
    Esb { opponent: TeamScore, own: TeamScore },
    /// Scores and schedule strength combination (13.4): the secondary score plus the Buchholz
    /// of the primary divided by a normalising factor.
    Sssc,
    /// An individual tiebreak computed on the primary score.
    Individual(Tiebreak),
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
        team.chain(individual).collect()
    }

    pub fn code(self) -> String {
        match self {
            TeamTiebreak::Secondary => "MPvGP".into(),
            TeamTiebreak::Esb { opponent, own } => format!("E{}{}SB", opponent.letter(), own.letter()),
            TeamTiebreak::Sssc => "SSSC".into(),
            TeamTiebreak::Individual(t) => t.code().into(),
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
            TeamTiebreak::Individual(t) => format!("{}, on the primary score", t.name()),
        }
    }

    /// Reads a code as C.07 and TRF-2026 write it (`EMGSB`, `ESB:MG`, `SSSC`, `MPvGP`, `BH-C1`).
    pub fn parse(code: &str) -> Result<TeamTiebreak, String> {
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
        match (norm.as_str(), esb) {
            (_, Some((opponent, own))) => Ok(TeamTiebreak::Esb { opponent, own }),
            ("MPVGP" | "GPVMP", _) => Ok(TeamTiebreak::Secondary),
            ("SSSC", _) => Ok(TeamTiebreak::Sssc),
            _ => match Tiebreak::parse(code) {
                Ok(Tiebreak::De | Tiebreak::Eig) => {
                    Err(format!("'{code}' is not offered for teams (the extended direct encounter is not computed here)"))
                }
                Ok(t) => Ok(TeamTiebreak::Individual(t)),
                Err(_) => Err(format!(
                    "unknown team tiebreak '{code}': expected MPvGP, EMMSB, EMGSB, EGMSB, EGGSB, SSSC or an individual code such as BH-C1"
                )),
            },
        }
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
    /// Best first.
    pub rows: Vec<TeamRow>,
}

/// Each entrant's points round by round.
fn per_round(t: &Tournament) -> Vec<Vec<f64>> {
    let computed = || t.entrants.iter().map(|e| e.rounds.iter().map(|r| r.result.points(&t.scoring)).collect()).collect();
    t.points_by_round.clone().unwrap_or_else(computed)
}

impl Teams {
    fn scored(&self, score: TeamScore) -> Tournament {
        match score {
            TeamScore::MatchPoints => self.match_points(),
            TeamScore::GamePoints => self.game_points(),
        }
    }

    /// The teams ranked by `primary`, then by `order` (see the module's notes).
    pub fn standings(&self, primary: TeamScore, order: &[TeamTiebreak], rules: Rules) -> TeamStandings {
        let options = Options { rules, ..Options::default() };
        let (mp, gp) = (self.match_points(), self.game_points());
        let totals = |t: &Tournament| -> Vec<f64> { per_round(t).iter().map(|r| r.iter().sum::<f64>() + 0.0).collect() };
        let (mp_total, gp_total) = (totals(&mp), totals(&gp));
        let columns: Vec<Vec<TeamValue>> = order.iter().map(|&tb| self.column(tb, primary, &options)).collect();
        let score = |k: usize| if primary == TeamScore::MatchPoints { mp_total[k] } else { gp_total[k] };
        let key = |k: usize| -> Vec<f64> {
            let mut key = vec![score(k)];
            key.extend(columns.iter().map(|c| c[k].value.unwrap_or(f64::NEG_INFINITY)));
            key
        };
        let mut idx: Vec<usize> = (0..self.names.len()).collect();
        idx.sort_by(|&a, &b| key(b).partial_cmp(&key(a)).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b)));
        let mut rows: Vec<TeamRow> = Vec::with_capacity(idx.len());
        for (place, &k) in idx.iter().enumerate() {
            let rank = match rows.last() {
                Some(prev) if key(prev.team) == key(k) => prev.rank,
                _ => place + 1,
            };
            let values = columns.iter().map(|c| c[k].clone()).collect();
            rows.push(TeamRow { team: k, name: self.names[k].clone(), match_points: mp_total[k], game_points: gp_total[k], rank, values });
        }
        TeamStandings { primary, order: order.to_vec(), rules, rows }
    }

    /// One tiebreak's value for every team (by team index).
    fn column(&self, tb: TeamTiebreak, primary: TeamScore, options: &Options) -> Vec<TeamValue> {
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
