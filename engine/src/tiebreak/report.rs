//! The standings written out, as the command line prints them: a text table for people and
//! the JSON object its help documents (`{"players": [...], "rules", "order", "warnings"}`).
//! CSV is [`Standings::to_csv`].

use super::{Standings, Tiebreak, TiebreakValue};
use crate::tournament::EigenvectorRatings;
use serde_json::{json, Map, Value};

/// Names longer than this are cut in the table, so one long name does not push every column
/// off the screen.
const NAME_WIDTH: usize = 32;

/// The standings as a text table: a title naming the tournament and the rules, one row per
/// player (rank, start number, name, points, the tiebreaks in order), then the warnings.
pub fn table(tournament_name: Option<&str>, st: &Standings, warnings: &[String]) -> String {
    let width = st.rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(4).clamp(4, NAME_WIDTH);
    let mut out = format!("{} — standings, FIDE C.07 ({} rules)\n\n", tournament_name.unwrap_or("Tournament"), st.rules.code());
    out += &format!("{:>3}  {:>4}  {:<width$}  {:>4}", "Rk", "No", "Name", "Pts");
    for tb in &st.order {
        out += &format!("  {:>7}", tb.code());
    }
    out.push('\n');
    for r in &st.rows {
        let name: String = r.name.chars().take(width).collect();
        out += &format!("{:>3}  {:>4}  {:<width$}  {:>4.1}", r.rank, r.start, name, r.points);
        for v in &r.values {
            out += &format!("  {:>7}", cell(v));
        }
        out.push('\n');
    }
    for w in warnings {
        out += &format!("\nwarning: {w}");
    }
    if !warnings.is_empty() {
        out.push('\n');
    }
    out
}

/// One tiebreak value in the table: ratings as whole numbers, EIG to a tenth (its precision
/// is no better), points to a half, anything else (averages) to two places; `-` when the
/// tiebreak does not apply.
fn cell(v: &TiebreakValue) -> String {
    match v.value.filter(|x| x.is_finite()) {
        Some(x) if matches!(v.code, Tiebreak::Aro | Tiebreak::AroC1 | Tiebreak::Tpr | Tiebreak::Ptp) => format!("{x:.0}"),
        Some(x) if v.code == Tiebreak::Eig => format!("{x:.1}"),
        Some(x) if (x * 2.0).fract().abs() < 1e-9 => format!("{x:.1}"),
        Some(x) => format!("{x:.2}"),
        None => "-".into(),
    }
}

/// The standings as the documented JSON object (pretty-printed, without a final newline):
/// `{"players": [{"name", "start", "points", "rank", "tiebreaks": {"BH": 13.0, ...},
/// "explanations": {"BH": "..."}, "eig_sigma"}], "rules", "order", "warnings"}`. A tiebreak
/// that does not apply is `null`; `eig_sigma`, EIG's standard error, is there when `eig` is
/// given and the player has one.
pub fn json(st: &Standings, eig: Option<&EigenvectorRatings>, warnings: &[String]) -> String {
    let players: Vec<Value> = st
        .rows
        .iter()
        .map(|r| {
            let values: Map<String, Value> = r
                .values
                .iter()
                .map(|v| (v.code.code().to_string(), v.value.filter(|x| x.is_finite()).map_or(Value::Null, |x| json!(x))))
                .collect();
            let why: Map<String, Value> = r.values.iter().map(|v| (v.code.code().to_string(), json!(v.explanation))).collect();
            let mut p =
                json!({"name": r.name, "start": r.start, "points": r.points, "rank": r.rank, "tiebreaks": values, "explanations": why});
            // EIG's uncertainty: the Bradley–Terry standard error on the same scale.
            if let Some(se) = eig.and_then(|e| e.sigma.get(r.entrant).copied().flatten()) {
                p["eig_sigma"] = json!(se);
            }
            p
        })
        .collect();
    let order: Vec<&str> = st.order.iter().map(|tb| tb.code()).collect();
    serde_json::to_string_pretty(&json!({"players": players, "rules": st.rules.code(), "order": order, "warnings": warnings}))
        .expect("plain data")
}
