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

use super::teams::Teams;
use crate::codes::{EdeBoards, TeamScore, TeamTiebreak};
use crate::tiebreak::{standings_with, Options, Rules, Tiebreak};
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

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
        crate::sort::by(&mut g, |&a, &b| key(b).partial_cmp(&key(a)).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b)));
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
