//! A comparison written out: a text table (the agreement on top, then one line per player),
//! CSV (one row per player) and the JSON object documented in `docs/analysts.md`:
//!
//! ```text
//! {"methods": [...], "players": [{"name", "ratings": {method: r}, "ranks": {method: k},
//!   "spread": {method: {"min", "max", "sd"}}}],
//!  "agreement": [{"a", "b", "kendall_tau_b", "spearman_rho", "top10_overlap"}]}
//! ```
//!
//! Methods are named here, at the edge, by [`labels`]: the method's name, and `name#k` for
//! its k-th appearance in the list (`elo`, `elo#2`). Only the methods that rated appear; a
//! failed method's error names it by the same label ([`failure_messages`]).

use super::{Comparison, Row};
use crate::export::decimals;
use crate::methods::Method;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// Each method's name in the output: `brent`, `elo`, and `elo#2` for a second Elo.
pub fn labels(methods: &[Method]) -> Vec<String> {
    methods
        .iter()
        .enumerate()
        .map(|(k, m)| match methods[..k].iter().filter(|x| x.kind() == m.kind()).count() {
            0 => m.kind().name().to_string(),
            before => format!("{}#{}", m.kind().name(), before + 1),
        })
        .collect()
}

/// "label: error" for each method that could not rate.
pub fn failure_messages(c: &Comparison) -> Vec<String> {
    let labels = labels(&c.methods);
    c.failures().map(|(k, e)| format!("{}: {e}", labels[k])).collect()
}

/// "label: warning" for each warning of each method that rated.
pub fn warnings(c: &Comparison, labels: &[String]) -> Vec<String> {
    let rated = c.outcomes.iter().enumerate().filter_map(|(k, o)| o.as_ref().ok().map(|r| (k, r)));
    rated.flat_map(|(k, r)| r.rating.warnings.iter().map(move |w| format!("{}: {w}", labels[k]))).collect()
}

/// The positions of the methods that rated, with their labels.
fn shown(c: &Comparison) -> Vec<(usize, String)> {
    labels(&c.methods).into_iter().enumerate().filter(|(k, _)| c.outcomes[*k].is_ok()).collect()
}

/// A JSON object keyed by method label, in the methods' order (serde_json's map would sort
/// the keys).
struct ByMethod<'a, T>(Vec<(&'a str, T)>);

impl<T: Serialize> Serialize for ByMethod<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (label, value) in &self.0 {
            map.serialize_entry(label, value)?;
        }
        map.end()
    }
}

#[derive(serde::Serialize)]
struct JsonSpread {
    min: f64,
    max: f64,
    sd: f64,
}

#[derive(serde::Serialize)]
struct JsonPlayer<'a> {
    name: &'a str,
    ratings: ByMethod<'a, Option<f64>>,
    ranks: ByMethod<'a, Option<usize>>,
    /// Empty without orders.
    spread: ByMethod<'a, Option<JsonSpread>>,
}

#[derive(serde::Serialize)]
struct JsonPair<'a> {
    a: &'a str,
    b: &'a str,
    kendall_tau_b: Option<f64>,
    spearman_rho: Option<f64>,
    top10_overlap: Option<f64>,
}

#[derive(serde::Serialize)]
struct JsonComparison<'a> {
    methods: Vec<&'a str>,
    players: Vec<JsonPlayer<'a>>,
    agreement: Vec<JsonPair<'a>>,
}

pub fn json(c: &Comparison) -> String {
    let methods = shown(c);
    let labels = labels(&c.methods);
    let by = |f: &dyn Fn(usize) -> bool| methods.iter().filter(|(k, _)| f(*k)).map(|(k, l)| (*k, l.as_str())).collect::<Vec<_>>();
    let (all, spread) = (by(&|_| true), by(&|_| c.orders > 0));
    let pair = |p: &super::Pair| JsonPair {
        a: &labels[p.a],
        b: &labels[p.b],
        kendall_tau_b: p.agreement.kendall_tau_b,
        spearman_rho: p.agreement.spearman_rho,
        top10_overlap: p.agreement.top.map(|t| t.overlap),
    };
    let report = JsonComparison {
        methods: all.iter().map(|&(_, l)| l).collect(),
        players: c
            .rows
            .iter()
            .map(|r| JsonPlayer {
                name: &r.name,
                ratings: ByMethod(all.iter().map(|&(k, l)| (l, r.ratings[k])).collect()),
                ranks: ByMethod(all.iter().map(|&(k, l)| (l, r.ranks[k])).collect()),
                spread: ByMethod(
                    spread.iter().map(|&(k, l)| (l, r.spread[k].map(|s| JsonSpread { min: s.min, max: s.max, sd: s.sd }))).collect(),
                ),
            })
            .collect(),
        agreement: c.pairs.iter().map(pair).collect(),
    };
    serde_json::to_string_pretty(&report).expect("plain data serialises")
}

pub fn csv(c: &Comparison) -> String {
    let methods = shown(c);
    let mut header = vec!["name".to_string()];
    for (_, l) in &methods {
        header.extend([format!("{l}_rating"), format!("{l}_rank")]);
        if c.orders > 0 {
            header.extend([format!("{l}_min"), format!("{l}_max"), format!("{l}_sd")]);
        }
    }
    let mut out = header.iter().map(|h| crate::escape::csv_field(h)).collect::<Vec<_>>().join(",") + "\n";
    for r in &c.rows {
        let mut cells = vec![crate::escape::csv_text(&r.name).into_owned()];
        for &(k, _) in &methods {
            let d = places(c, k) + 2;
            let num = |v: Option<f64>| v.map(|v| format!("{v:.d$}")).unwrap_or_default();
            cells.extend([num(r.ratings[k]), r.ranks[k].map(|x| x.to_string()).unwrap_or_default()]);
            if c.orders > 0 {
                let s = r.spread[k];
                cells.extend([num(s.map(|s| s.min)), num(s.map(|s| s.max)), num(s.map(|s| s.sd))]);
            }
        }
        out += &(cells.join(",") + "\n");
    }
    out
}

/// Decimals that show method `k`'s ratings (it rated).
fn places(c: &Comparison, k: usize) -> usize {
    c.outcomes[k].as_ref().map_or(1, |r| decimals(&r.rating))
}

/// Cells laid out in columns: the first left-aligned, the rest right-aligned, two spaces apart.
fn columns(lines: &[Vec<String>]) -> String {
    let width = |j: usize| lines.iter().filter_map(|l| l.get(j)).map(|c| c.chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..lines.iter().map(Vec::len).max().unwrap_or(0)).map(width).collect();
    let mut out = String::new();
    for line in lines {
        let cells: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(j, c)| if j == 0 { format!("{c:<w$}", w = widths[0]) } else { format!("{c:>w$}", w = widths[j]) })
            .collect();
        out += cells.join("  ").trim_end();
        out.push('\n');
    }
    out
}

/// The agreement of every pair, a line each.
fn agreement_table(c: &Comparison, labels: &[String]) -> String {
    let fmt = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.4}"));
    let mut lines = vec![["methods", "players", "Kendall τ-b", "Spearman ρ", "top 10"].map(String::from).to_vec()];
    for p in &c.pairs {
        let a = &p.agreement;
        let top = a.top.map_or("-".to_string(), |t| format!("{} of {}", trim_number(t.overlap), t.size));
        lines.push(vec![
            format!("{} – {}", labels[p.a], labels[p.b]),
            a.common.to_string(),
            fmt(a.kendall_tau_b),
            fmt(a.spearman_rho),
            top,
        ]);
    }
    columns(&lines)
}

/// A count as people write it: `9`, or `9.5` when ties at the boundary share a place.
fn trim_number(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One player's cells: per method rating and rank (and the rank shift from the first method
/// shown), and for a sequential method with orders its spread.
fn player_cells(c: &Comparison, r: &Row, methods: &[(usize, String)]) -> Vec<String> {
    let name: String = crate::escape::terminal(&r.name).chars().take(40).collect();
    let mut cells = vec![name];
    for (j, &(k, _)) in methods.iter().enumerate() {
        let d = places(c, k);
        cells.push(r.ratings[k].map_or("-".into(), |v| format!("{v:.d$}")));
        cells.push(r.ranks[k].map(|x| x.to_string()).unwrap_or_default());
        if j > 0 {
            let shift = r.shift(methods[0].0, k);
            cells.push(shift.map_or(String::new(), |s| if s == 0 { "=".into() } else { format!("{s:+}") }));
        }
        if c.orders > 0 && c.methods[k].kind().sequential() {
            let s = r.spread[k];
            cells.push(s.map_or(String::new(), |s| format!("{:.d$}–{:.d$}", s.min, s.max)));
            cells.push(s.map_or(String::new(), |s| format!("{:.d$}", s.sd)));
        }
    }
    cells
}

pub fn table(c: &Comparison) -> String {
    let methods = shown(c);
    let labels = labels(&c.methods);
    let mut out = String::new();
    for (k, l) in &methods {
        let r = &c.outcomes[*k].as_ref().expect("shown methods rated").rating;
        out += &format!("{l}: {} ({})\n", r.method.title(), r.variant);
    }
    if !c.pairs.is_empty() {
        out += "\nAgreement of the ranks, over the players both methods rate:\n";
        out += &agreement_table(c, &labels);
    }
    out.push('\n');
    let mut header = vec!["Name".to_string()];
    for (j, (k, l)) in methods.iter().enumerate() {
        header.extend([l.clone(), "rank".into()]);
        if j > 0 {
            header.push("shift".into());
        }
        if c.orders > 0 && c.methods[*k].kind().sequential() {
            header.extend([format!("{l} min–max"), "sd".into()]);
        }
    }
    let mut lines = vec![header];
    lines.extend(c.rows.iter().map(|r| player_cells(c, r, &methods)));
    out += &columns(&lines);
    out += &notes(c, &methods, &labels);
    out
}

/// What the table needs said under it: the shift's meaning, the spread's, and each method's
/// warnings (failures are errors, which the caller reports).
fn notes(c: &Comparison, methods: &[(usize, String)], labels: &[String]) -> String {
    let mut notes = Vec::new();
    if methods.len() > 1 {
        notes.push(format!("shift: places gained (+) or lost (−) against {}", methods[0].1));
    }
    if c.orders > 0 {
        let free: Vec<&str> = methods.iter().filter(|(k, _)| !c.methods[*k].kind().sequential()).map(|(_, l)| l.as_str()).collect();
        notes.push(format!("min–max, sd: the rating over {} other orders of the games", c.orders));
        if !free.is_empty() {
            notes.push(format!("{}: no order changes these ratings (spread 0)", free.join(", ")));
        }
    }
    notes.extend(warnings(c, labels).into_iter().map(|w| format!("warning: {w}")));
    if notes.is_empty() {
        String::new()
    } else {
        format!("\n{}\n", notes.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::compare;
    use crate::compare::order::Order;
    use crate::methods::elo::EloParams;
    use crate::methods::Options;
    use crate::{BrentParams, Dataset};

    fn sample(orders: &[Order]) -> Comparison {
        let mut d = Dataset::new();
        for (a, b, s) in [("Anna", "Ben", 1.0), ("Ben", "Cleo, Jr", 1.0), ("Cleo, Jr", "Anna", 0.5), ("Ben", "Anna", 0.5)] {
            d.add_game(a, b, s);
        }
        let methods = [
            Method::Brent(BrentParams::default()),
            Method::Elo(EloParams::default()),
            Method::Elo(EloParams { k: -1.0, ..Default::default() }),
            Method::Elo(EloParams { k: 40.0, ..Default::default() }),
        ];
        compare(&d, &methods, &Options::default(), orders)
    }

    #[test]
    fn the_same_method_twice_is_numbered() {
        let m = [Method::Elo(EloParams::default()), Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())];
        assert_eq!(labels(&m), ["elo", "brent", "elo#2"]);
        assert_eq!(failure_messages(&sample(&[])).len(), 1);
        assert!(failure_messages(&sample(&[]))[0].starts_with("elo#2: "));
    }

    #[test]
    fn json_keys_follow_the_methods_order() {
        let text = json(&sample(&Order::shuffles(4, 1)));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["methods"], serde_json::json!(["brent", "elo", "elo#3"]), "a failed method is left out");
        let anna = &v["players"][0];
        assert_eq!(anna["name"], "Anna");
        let keys: Vec<&str> = text.lines().skip_while(|l| !l.contains("\"ratings\"")).skip(1).take(3).map(|l| l.trim()).collect();
        assert!(keys[0].starts_with("\"brent\"") && keys[1].starts_with("\"elo\"") && keys[2].starts_with("\"elo#3\""), "{keys:?}");
        assert_eq!(anna["ranks"]["elo"], 1);
        assert_eq!(anna["spread"]["brent"]["sd"], 0.0);
        assert!(anna["spread"]["elo"]["max"].as_f64() >= anna["spread"]["elo"]["min"].as_f64());
        assert_eq!(v["agreement"].as_array().unwrap().len(), 3);
        let first = &v["agreement"][0];
        assert_eq!((first["a"].as_str(), first["b"].as_str()), (Some("brent"), Some("elo")));
        assert!(first["kendall_tau_b"].is_f64() && first["spearman_rho"].is_f64() && first["top10_overlap"].is_f64());
        // Without orders, every player's spread is an empty object.
        let v: serde_json::Value = serde_json::from_str(&json(&sample(&[]))).unwrap();
        assert_eq!(v["players"][0]["spread"], serde_json::json!({}));
    }

    #[test]
    fn csv_is_one_row_per_player() {
        let text = csv(&sample(&[]));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "name,brent_rating,brent_rank,elo_rating,elo_rank,elo#3_rating,elo#3_rank");
        assert_eq!(lines.len(), 4);
        assert!(lines.iter().any(|l| l.starts_with("\"Cleo, Jr\",")));
        let spread = csv(&sample(&Order::shuffles(2, 1)));
        assert!(spread.starts_with("name,brent_rating,brent_rank,brent_min,brent_max,brent_sd,elo_rating"), "{spread}");
    }

    #[test]
    fn table_puts_the_agreement_on_top_in_aligned_columns() {
        let text = table(&sample(&[]));
        let agreement = text.find("Agreement").unwrap();
        let players = text.find("Name").unwrap();
        assert!(agreement < players, "{text}");
        let body: Vec<&str> = text[players..].lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(body.len(), 4, "{text}");
        // Right-aligned columns end at the same place on every line.
        let ends = |l: &str| l.chars().count();
        assert!(body.iter().all(|l| ends(l) == ends(body[0])), "{text}");
        assert!(!text.contains("elo#2"), "a failed method has no column: {text}");
        assert!(text.contains("brent – elo"), "{text}");
    }
}
