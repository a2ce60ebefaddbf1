//! A pairing, and a file's check, as JSON (`ratings-lab pair --format json`, documented field
//! by field in `docs/json.md`, which `tests/docs.rs` checks against these writers). Boards are
//! in C.04.2's board order (Art. 3.6), players as start numbers.

use super::check::RoundCheck;
use super::explain::BracketNote;
use super::{Board, Pairing};
use serde_json::Value;

/// A JSON object with its keys in the order given (the documented order; `serde_json`'s map
/// would sort them), each value already written.
fn obj(fields: &[(&str, String)]) -> String {
    let fields: Vec<String> = fields.iter().map(|(k, v)| format!("{}:{v}", Value::from(*k))).collect();
    format!("{{{}}}", fields.join(","))
}

fn arr(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(","))
}

fn val(v: impl Into<Value>) -> String {
    v.into().to_string()
}

fn boards(bs: &[Board]) -> String {
    arr(bs.iter().map(|b| obj(&[("board", val(b.number)), ("white", val(b.white)), ("black", val(b.black))])))
}

/// The explanation's brackets, scores in points.
pub fn brackets(notes: &[BracketNote]) -> String {
    let pair = |p: &super::explain::PairNote| {
        let passed = arr(p.passed_over.iter().map(|x| obj(&[("player", val(x.player)), ("why", val(x.why.text()))])));
        obj(&[("higher", val(p.higher)), ("lower", val(p.lower)), ("passed_over", passed)])
    };
    let bracket = |b: &BracketNote| {
        obj(&[
            ("score", val(b.score as f64 / 10.0)),
            ("residents", val(b.residents.clone())),
            ("mdps", val(b.mdps.clone())),
            ("pairs", arr(b.pairs.iter().map(pair))),
            ("downfloaters", val(b.downfloaters.clone())),
        ])
    };
    arr(notes.iter().map(bracket))
}

/// `{"round", "pairings", "bye", "absent", "warnings", "notes"}`, then `"brackets"` when
/// `explain`.
pub fn json(p: &Pairing, warnings: &[String], explain: bool) -> String {
    let mut fields = vec![
        ("round", val(p.round)),
        ("pairings", boards(&p.boards)),
        ("bye", val(p.bye)),
        ("absent", val(p.absent.clone())),
        ("warnings", val(warnings.to_vec())),
        ("notes", val(p.notes.clone())),
    ];
    if explain {
        fields.push(("brackets", brackets(&p.brackets)));
    }
    obj(&fields)
}

/// `--check`: whether every round is identical, the rounds that differ, each round compared.
pub fn check_json(checks: &[RoundCheck], warnings: &[String], notes: &[String]) -> String {
    let round = |c: &RoundCheck| {
        let game = |g: &super::check::Game| obj(&[("white", val(g.white)), ("black", val(g.black)), ("coloured", val(g.coloured))]);
        obj(&[
            ("round", val(c.round)),
            ("identical", val(c.identical())),
            ("ours_only", boards(&c.ours_only)),
            ("file_only", arr(c.file_only.iter().map(game))),
            ("bye", val(c.ours.bye)),
            ("file_bye", val(c.file_bye)),
        ])
    };
    let differ: Vec<usize> = checks.iter().filter(|c| !c.identical()).map(|c| c.round).collect();
    obj(&[
        ("identical", val(differ.is_empty())),
        ("differ", val(differ)),
        ("rounds", arr(checks.iter().map(round))),
        ("warnings", val(warnings.to_vec())),
        ("notes", val(notes.to_vec())),
    ])
}
