//! The ratings written out: a text table for people, CSV for spreadsheets, and the JSON
//! object documented in `docs/json.md` (a public interface: fields are only ever added).

mod json;
pub use json::{json, write_json, JsonGame, JsonReport};

use crate::diagnose::Status;
use crate::methods::fit::{Measures, Quantity};
use crate::methods::rating::{IterationRecord, MethodVariant, Rating, StopReason};

/// Decimals that show a rating's meaningful digits on its method's scale.
pub fn decimals(r: &Rating) -> usize {
    r.method.decimals(r.scale.as_ref().map(|s| s.kind))
}

/// Why a player has no rating, in a few words.
pub fn status_note(s: Status) -> &'static str {
    match s {
        Status::Rated => "",
        Status::NoGames => "no games",
        Status::UnboundedAbove => "no finite rating: lost no points",
        Status::UnboundedBelow => "no finite rating: scored no points",
        Status::NotComparable => "no finite rating: not comparable with the groups it met",
    }
}

pub fn csv(r: &Rating) -> String {
    // The period methods' deviation and volatility, as columns of their own at the end.
    let deviation = r.players.iter().any(|p| p.deviation.is_some());
    let volatility = r.players.iter().any(|p| p.volatility.is_some());
    let mut out = String::from("rank,name,rating,log_strength,games,score,group,status,sigma,label");
    out += if deviation { ",deviation" } else { "" };
    out += if volatility { ",volatility\n" } else { "\n" };
    let quote = |s: &str| crate::escape::csv_text(s).into_owned();
    let opt = |v: Option<f64>, d: usize| v.map(|v| format!("{v:.d$}")).unwrap_or_default();
    for p in &r.players {
        let extra = match (deviation, volatility) {
            (false, _) => String::new(),
            (true, false) => format!(",{}", opt(p.deviation, decimals(r) + 2)),
            (true, true) => format!(",{},{}", opt(p.deviation, decimals(r) + 2), opt(p.volatility, 8)),
        };
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{}{extra}\n",
            p.rank.map(|k| k.to_string()).unwrap_or_default(),
            quote(&p.name),
            opt(p.rating, decimals(r) + 2),
            opt(p.log_strength, 8),
            p.games,
            p.score,
            p.group.map(|g| g.to_string()).unwrap_or_default(),
            p.status.name(),
            opt(p.sigma, decimals(r) + 2),
            p.label.as_deref().map(quote).unwrap_or_default(),
        );
    }
    out
}

pub fn table(r: &Rating) -> String {
    let width = r.players.iter().map(|p| crate::escape::terminal(&p.name).chars().count()).max().unwrap_or(4).clamp(4, 40);
    let groups = r.groups > 1;
    let d = decimals(r);
    let mut out = String::new();
    let mut how = r.report.stop.text(r.report.iterations);
    if matches!(r.variant, MethodVariant::MultiElo { games: None, .. }) && r.report.stop == StopReason::Finished {
        how = "one pass through the events".into();
    }
    if let Some(p) = r.report.passes.filter(|&p| p != r.report.iterations) {
        how += &format!(" ({})", crate::text::count(p, "pass", "passes"));
    }
    if r.report.final_residual.is_finite() && r.report.stop != StopReason::Finished {
        out += &format!("{} ({}): {how}; largest residual {:.1e}\n\n", r.method.title(), r.variant, r.report.final_residual);
    } else {
        out += &format!("{} ({}): {how}\n\n", r.method.title(), r.variant);
    }
    // Events (multiplayer Elo's and Weng–Lin's input) are said as events.
    let events = matches!(r.variant, MethodVariant::MultiElo { games: None, .. });
    if let Some(a) = r.accuracy {
        out += &match events {
            true => {
                format!("foresight accuracy: {:.1}% of the events with one favourite and one winner won by the favourite\n\n", 100.0 * a)
            }
            false => format!("foresight accuracy: {:.1}% of decisive games won by the favourite\n\n", 100.0 * a),
        };
    }
    let sigma = r.players.iter().any(|p| p.sigma.is_some());
    let label = r.players.iter().any(|p| p.label.is_some());
    let deviation = r.players.iter().any(|p| p.deviation.is_some());
    let volatility = r.players.iter().any(|p| p.volatility.is_some());
    out += &format!(
        "{:>4}  {:<width$}  {:>9}{}{}{}{}  {:>5}  {:>6}{}\n",
        "Rank",
        "Name",
        "Rating",
        if sigma { format!("  {:>7}", "±") } else { String::new() },
        if label { format!("  {:>6}", "Level") } else { String::new() },
        if deviation { format!("  {:>7}", "RD") } else { String::new() },
        if volatility { format!("  {:>8}", "σ") } else { String::new() },
        "Games",
        "Score",
        if groups { "  Group" } else { "" }
    );
    for p in &r.players {
        let name: String = crate::escape::terminal(&p.name).chars().take(width).collect();
        let rating = p.rating.map(|v| format!("{v:.d$}")).unwrap_or_else(|| "-".into());
        let rank = p.rank.map(|k| k.to_string()).unwrap_or_default();
        let group = if groups { format!("  {:>5}", p.group.map(|g| g.to_string()).unwrap_or_default()) } else { String::new() };
        let note = status_note(p.status);
        let note = if note.is_empty() { String::new() } else { format!("  ({note})") };
        let sig = if sigma { format!("  {:>7}", p.sigma.map(|v| format!("{v:.d$}")).unwrap_or_default()) } else { String::new() };
        let lab = if label { format!("  {:>6}", crate::escape::terminal(p.label.as_deref().unwrap_or_default())) } else { String::new() };
        let dev = if deviation { format!("  {:>7}", p.deviation.map(|v| format!("{v:.d$}")).unwrap_or_default()) } else { String::new() };
        let vol = if volatility { format!("  {:>8}", p.volatility.map(|v| format!("{v:.5}")).unwrap_or_default()) } else { String::new() };
        out +=
            &format!("{rank:>4}  {name:<width$}  {rating:>9}{sig}{lab}{dev}{vol}  {:>5}  {:>6}{group}{note}\n", p.games, points(p.score));
    }
    for f in &r.diagnosis.findings {
        out += &format!("\nnote: {}", f.message);
    }
    for w in &r.warnings {
        out += &format!("\nwarning: {w}");
    }
    if !r.diagnosis.findings.is_empty() || !r.warnings.is_empty() {
        out.push('\n');
    }
    out
}

/// Every step of a trace as a table, its columns named by what the method measures.
pub fn trace_table(trace: &[IterationRecord], m: &Measures) -> String {
    let tolerance = match m.tolerance {
        Some((Quantity::Change, t)) => format!("; stops when the {} is below {t:.1e}", m.change),
        Some((Quantity::Residual, t)) => format!("; stops when the {} is below {t:.1e}", m.residual),
        None => String::new(),
    };
    let mut out = format!("\nper {}{tolerance}\n{:>9}  {:>28}  {:>28}\n", m.step, m.step, m.change, m.residual);
    for t in trace {
        out += &format!("{:>9}  {:>28.3e}  {:>28.3e}\n", t.iteration, t.change, t.residual);
    }
    out
}

/// Points as people write them: one decimal, two when a quarter point needs it.
fn points(v: f64) -> String {
    if (v * 10.0).fract().abs() < 1e-9 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rate, BrentParams, Dataset, Method, Options};
    use expect_test::expect;

    fn sample() -> Rating {
        let mut d = Dataset::new();
        for (a, b, s) in [
            ("Anna", "Ben", 1.0),
            ("Anna", "Ben", 0.5),
            ("Ben", "Cleo, Jr", 1.0),
            ("Cleo, Jr", "Anna", 1.0),
            ("Anna", "Cleo, Jr", 1.0),
            ("Dan", "Anna", 0.0),
        ] {
            d.add_game(a, b, s);
        }
        rate(&d, &Method::Brent(BrentParams { eps: 1e-12, ..Default::default() }), &Options::default()).unwrap()
    }

    #[test]
    fn table_names_unrated_players_in_words() {
        let t = table(&sample());
        let body: Vec<&str> = t.lines().skip(2).collect();
        expect![[r#"
            Rank  Name         Rating        ±  Games   Score
               1  Anna         1560.2    120.7      5     3.5
               2  Ben          1515.4    138.6      3     1.5
               3  Cleo, Jr     1424.4    143.7      3     1.0
               4  Dan               -               1     0.0  (no finite rating: scored no points)

            note: Dan has not scored a point: on these results their rating is infinitely low.
            warning: degenerate results (see the diagnosis): try a dummy player, gamma = 1"#]]
        .assert_eq(&body.join("\n"));
    }

    #[test]
    fn csv_quotes_and_leaves_missing_values_empty() {
        let c = csv(&sample());
        assert!(c.starts_with("rank,name,rating,log_strength,games,score,group,status,sigma,label\n1,Anna,"));
        assert!(c.contains("\"Cleo, Jr\""));
        assert!(c.ends_with("4,Dan,,,1,0,,unbounded_below,,\n"), "{c}");
    }

    #[test]
    fn json_has_the_documented_shape_and_no_non_numbers() {
        let v: serde_json::Value = serde_json::from_str(&json(&sample())).unwrap();
        assert_eq!(v["method"], "brent");
        for key in ["players", "iterations", "converged", "trace", "warnings"] {
            assert!(!v[key].is_null(), "{key}");
        }
        let p = &v["players"][0];
        assert_eq!(p["name"], "Anna");
        assert!(p["rating"].is_f64() && p["games"].is_u64() && p["score"].is_f64());
        assert!(v["players"][3]["rating"].is_null());
        assert_eq!(v["players"][3]["status"], "unbounded_below");
        assert!(v["trace"][0]["change"].is_f64() && v["trace"][0]["residual"].is_f64());
        // serde_json writes a non-finite number as null: so a null rating must come with a
        // status that explains it, and a rated player must have a number.
        for p in v["players"].as_array().unwrap() {
            assert_eq!(p["rating"].is_null(), p["status"] != "rated", "{p}");
        }
    }
}
