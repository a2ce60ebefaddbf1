//! Team standings written out, as the command line prints them (`ratings-lab tiebreaks
//! --teams`): a text table, CSV, and the JSON object its help documents.

use super::TeamStandings;
use crate::escape::csv_text;
use crate::tournament::TeamRecord;
use serde_json::{json, Map, Value};

/// A value as the table shows it: halves to one place, anything else to two; `-` when none.
fn cell(v: Option<f64>) -> String {
    match v.filter(|x| x.is_finite()) {
        Some(x) if (x * 2.0).fract().abs() < 1e-9 => format!("{x:.1}"),
        Some(x) => format!("{x:.2}"),
        None => "-".into(),
    }
}

/// The team's pairing number (its place when the file gives none) and declared rank.
fn record(records: &[TeamRecord], team: usize) -> (u32, Option<u32>) {
    records.get(team).map_or((team as u32 + 1, None), |r| (r.number, r.declared_rank))
}

impl TeamStandings {
    /// Rank, number, team, match points, game points, then the tiebreaks; then the warnings.
    pub fn table(&self, name: Option<&str>, records: &[TeamRecord], warnings: &[String]) -> String {
        let width = self.rows.iter().map(|r| crate::escape::terminal(&r.name).chars().count()).max().unwrap_or(4).clamp(4, 32);
        let mut out = format!(
            "{} — team standings by {}, FIDE C.07 ({} rules)\n\n{:>3}  {:>4}  {:<width$}  {:>6}  {:>6}",
            name.unwrap_or("Tournament"),
            self.primary.name(),
            self.rules.code(),
            "Rk",
            "No",
            "Team",
            "MP",
            "GP"
        );
        if let Some(why) = &self.rules_reason {
            out.insert_str(out.find("\n\n").unwrap_or(out.len()), &format!("\nRules: {} ({why})", self.rules.code()));
        }
        for tb in &self.order {
            out += &format!("  {:>7}", tb.code());
        }
        out.push('\n');
        for r in &self.rows {
            let short: String = crate::escape::terminal(&r.name).chars().take(width).collect();
            let (number, _) = record(records, r.team);
            out += &format!(
                "{:>3}  {number:>4}  {short:<width$}  {:>6}  {:>6}",
                r.rank,
                cell(Some(r.match_points)),
                cell(Some(r.game_points))
            );
            for v in &r.values {
                out += &format!("  {:>7}", cell(v.value));
            }
            out.push('\n');
        }
        for w in warnings {
            out += &format!("\nwarning: {w}");
        }
        out
    }

    /// `rank,number,team,match_points,game_points,` then one column per tiebreak.
    pub fn to_csv(&self, records: &[TeamRecord]) -> String {
        let mut out = String::from("rank,number,team,match_points,game_points");
        for tb in &self.order {
            out += &format!(",{}", tb.code());
        }
        out.push('\n');
        for r in &self.rows {
            let (number, _) = record(records, r.team);
            out += &format!("{},{number},{},{},{}", r.rank, csv_text(&r.name), r.match_points, r.game_points);
            for v in &r.values {
                out += &format!(",{}", v.value.filter(|x| x.is_finite()).map_or(String::new(), |x| x.to_string()));
            }
            out.push('\n');
        }
        out
    }

    /// `{"teams": [{"number", "name", "rank", "match_points", "game_points", "tiebreaks":
    /// {"EMGSB": 68.5, ...}, "explanations": {...}, "declared_rank"}], "primary", "order",
    /// "rules", "rules_reason", "warnings"}` (`rules_reason` when known); a tiebreak that does not apply is null, a rank the file does not
    /// declare null.
    pub fn json(&self, records: &[TeamRecord], warnings: &[String]) -> String {
        let teams: Vec<Value> = self
            .rows
            .iter()
            .map(|r| {
                let codes = self.order.iter().map(|t| t.code());
                let values: Map<String, Value> =
                    codes.clone().zip(&r.values).map(|(c, v)| (c, json!(v.value.filter(|x| x.is_finite())))).collect();
                let why: Map<String, Value> = codes.zip(&r.values).map(|(c, v)| (c, json!(v.explanation))).collect();
                let (number, declared_rank) = record(records, r.team);
                json!({"number": number, "name": r.name, "rank": r.rank, "match_points": r.match_points, "game_points": r.game_points,
                    "tiebreaks": values, "explanations": why, "declared_rank": declared_rank})
            })
            .collect();
        let order: Vec<String> = self.order.iter().map(|t| t.code()).collect();
        let mut out =
            json!({"teams": teams, "primary": self.primary.code(), "order": order, "rules": self.rules.code(), "warnings": warnings});
        if let Some(why) = &self.rules_reason {
            out["rules_reason"] = json!(why);
        }
        serde_json::to_string_pretty(&out).expect("plain data")
    }
}
