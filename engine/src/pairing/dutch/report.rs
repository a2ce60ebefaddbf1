//! A pairing, and a file's check, as JSON (`ratings-lab pair --format json`, documented field
//! by field in `docs/json.md`, which `tests/docs.rs` checks against these writers). Boards are
//! in C.04.2's board order (Art. 3.6), players as start numbers.

use super::check::RoundCheck;
use super::explain::BracketNote;
use super::{Board, Pairing};
use crate::parse::trf::{with_round, Cell};
use crate::tournament::{Colour, RoundResult, Tournament};
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

/// `{"round", "pairings", "bye", "absent", "warnings"}`, then `"brackets"` when `explain`.
pub fn json(p: &Pairing, warnings: &[String], explain: bool) -> String {
    let mut fields = vec![
        ("round", val(p.round)),
        ("pairings", boards(&p.boards)),
        ("bye", val(p.bye)),
        ("absent", val(p.absent.clone())),
        ("warnings", val(warnings.to_vec())),
    ];
    if explain {
        fields.push(("brackets", brackets(&p.brackets)));
    }
    obj(&fields)
}

/// `--check`: whether every round is identical, the rounds that differ, each round compared.
pub fn check_json(checks: &[RoundCheck], warnings: &[String]) -> String {
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
    ])
}

/// The TRF `text` (of `t`) with round `p.round` added to each paired player's record: `  12 w  `
/// (opponent, colour, result blank, as FIDE's TRF writes a scheduled game), the
/// pairing-allocated bye as `0000 - U` with its points added to the player's points (columns
/// 81-84) by the file's point system; requested byes already entered are kept as they are.
pub fn trf_with_round(text: &str, t: &Tournament, p: &Pairing) -> String {
    let pab = t.point_system.points(RoundResult::PairingBye);
    let cell = |start: u32| -> Option<Cell> {
        if p.bye == Some(start) {
            let e = t.entrants.iter().find(|e| e.start == start)?;
            let had = e.declared_points.unwrap_or_else(|| e.points_in(&t.point_system, p.round - 1));
            return Some(Cell { opponent: None, colour: None, result: Some(RoundResult::PairingBye), points: Some(had + pab) });
        }
        let b = p.boards.iter().find(|b| b.white == start || b.black == start)?;
        let (opponent, colour) = if b.white == start { (b.black, Colour::White) } else { (b.white, Colour::Black) };
        Some(Cell { opponent: Some(opponent), colour: Some(colour), result: None, points: None })
    };
    with_round(text, p.round, &cell)
}
