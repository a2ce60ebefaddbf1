//! The standings written out, as the command line prints them: a text table for people and
//! the JSON object its help documents (`{"players": [...], "rules", "order", "warnings"}`).
//! CSV is [`Standings::to_csv`].

use super::categories::CategoryStandings;
use super::declared::{RankCheck, Search};
use super::eig::EigenvectorRatings;
use super::{Rules, RulesChoice, Standings, Tiebreak, TiebreakValue};
use crate::tournament::{DeclaredOrder, DeclaredUse, PendingRound, Tournament};
use serde_json::{json, Map, Value};

/// Names longer than this are cut in the table, so one long name does not push every column
/// off the screen.
const NAME_WIDTH: usize = 32;

/// The standings as a text table: a title naming the tournament and the rules, one row per
/// player (rank, start number, name, points, the tiebreaks in order), then the warnings.
pub fn table(tournament_name: Option<&str>, st: &Standings, warnings: &[String]) -> String {
    table_with(tournament_name, st, warnings, &Extras::default())
}

/// What `--round` and `--check-ranks` add to a report.
#[derive(Clone, Copy, Default)]
pub struct Extras<'a> {
    /// The standings are after round `.0` of the `.1` played.
    pub round: Option<(usize, usize)>,
    /// The file's declared ranks checked against the standings.
    pub ranks: Option<Ranks<'a>>,
    /// The tiebreaks the file declares (TRF 212/202).
    pub file_order: Option<&'a DeclaredOrder>,
    /// Why the standings follow their rules (chosen, or by the start date).
    pub rules: Option<&'a RulesChoice>,
    /// The file's round entered but not yet played.
    pub pending: Option<PendingRound>,
    /// Whether the file left FIDE mode (the checklist's Q46: said wherever standings are shown).
    pub mode: crate::tournament::Mode,
    /// The standings are a category's (`--category`): its own, given as the standings, each
    /// row with its place within the category.
    pub category: Option<&'a CategoryStandings>,
}

/// The declared ranks of `tournament` against the standings, and the order that gives them.
#[derive(Clone, Copy)]
pub struct Ranks<'a> {
    pub tournament: &'a Tournament,
    /// `None` when the file declares no rank.
    pub check: Option<&'a RankCheck>,
    pub search: Option<&'a Search>,
}

impl Ranks<'_> {
    fn agree(&self) -> bool {
        self.check.is_some_and(|c| c.agree == c.declared)
    }

    /// The order (and rules) that gives the declared ranks: the one in force when they agree.
    fn matching(&self, st: &Standings) -> Option<(Vec<Tiebreak>, Rules)> {
        match self.agree() {
            true => Some((st.order.clone(), st.rules)),
            false => self.search.and_then(|s| s.reproduced_by.clone()),
        }
    }

    /// The check in words, as the table ends with it.
    fn words(&self, st: &Standings) -> String {
        let Some(check) = self.check else { return String::new() };
        let codes = |o: &[Tiebreak]| {
            if o.is_empty() {
                "points alone".to_string()
            } else {
                o.iter().map(|t| t.code()).collect::<Vec<_>>().join(", ")
            }
        };
        if self.agree() {
            return format!("The file's declared ranks ({}) agree with these standings.\n", check.declared);
        }
        let mut out = format!(
            "The file declares {} ranks; {} differ from these standings. The first: {}.\n",
            check.declared,
            check.declared - check.agree,
            check.first_difference.as_deref().unwrap_or("")
        );
        match (self.matching(st), self.search.and_then(|s| s.closest.clone())) {
            (Some((order, rules)), _) => {
                let own = if self.search.is_some_and(|s| s.from_file) { ", the file's own order," } else { "" };
                out += &format!("They follow {}{own} under the {} rules.\n", codes(&order), rules.code())
            }
            (None, Some((order, rules, n))) => {
                out += &format!("No common order gives them; the closest, {} under the {} rules, gives {n}.\n", codes(&order), rules.code())
            }
            (None, None) => {}
        }
        out
    }
}

/// [`table`] with the round the standings are after and the declared ranks' check.
pub fn table_with(tournament_name: Option<&str>, st: &Standings, warnings: &[String], extras: &Extras) -> String {
    let width = st.rows.iter().map(|r| crate::escape::terminal(&r.name).chars().count()).max().unwrap_or(4).clamp(4, NAME_WIDTH);
    let after = extras.round.map_or(String::new(), |(n, of)| format!(" after round {n} of {of} played"));
    let name = tournament_name.unwrap_or("Tournament");
    let mut out = format!("{name} — standings{after}, FIDE C.07 ({} rules)\n", st.rules.code());
    if extras.mode == crate::tournament::Mode::Left {
        out += "Not in FIDE mode: the arbiter left it (the file says so); the tournament was not run in it throughout.\n";
    }
    if let Some(choice) = extras.rules {
        out += &format!("Rules: {} ({})\n", choice.rules.code(), choice.why());
    }
    if let Some(pending) = extras.pending {
        let text = pending.text();
        out += &format!("{}{}\n", text[..1].to_uppercase(), &text[1..]);
    }
    if let Some(c) = extras.category {
        out += &c.heading();
    }
    out.push('\n');
    // A category's place before the rank (blank for a row it does not place).
    let place = |i: usize| extras.category.map(|c| c.places.get(i).map_or(String::new(), |p| p.to_string()));
    let place = |i: usize| place(i).map_or(String::new(), |p| format!("{p:>3}  "));
    if extras.category.is_some() {
        out += &format!("{:>3}  ", "Cat");
    }
    out += &format!("{:>3}  {:>4}  {:<width$}  {:>4}", "Rk", "No", "Name", "Pts");
    let declared = |e: usize| extras.ranks.and_then(|r| r.tournament.entrants[e].declared_rank);
    if extras.ranks.is_some() {
        out += &format!("  {:>4}", "File");
    }
    for tb in &st.order {
        out += &format!("  {:>7}", tb.code());
    }
    out.push('\n');
    for (i, r) in st.rows.iter().enumerate() {
        let name: String = crate::escape::terminal(&r.name).chars().take(width).collect();
        // An expelled player is listed without a rank (Q198), `exp`; a player not counted
        // (C.06 V.4a) with `nc`.
        let rank = match (r.ranked(), r.not_counted) {
            (true, _) => r.rank.to_string(),
            (false, true) => "nc".into(),
            (false, false) => "exp".into(),
        };
        out += &format!("{}{rank:>3}  {:>4}  {:<width$}  {:>4.1}", place(i), r.start, name, r.points);
        if extras.ranks.is_some() {
            out += &format!("  {:>4}", declared(r.entrant).map_or("-".to_string(), |d| d.to_string()));
        }
        for v in &r.values {
            out += &format!("  {:>7}", cell(v));
        }
        out.push('\n');
    }
    let gone: Vec<String> = st.rows.iter().filter_map(|r| Some(format!("{} (#{}): {}", r.name, r.start, r.departure?.text()))).collect();
    if !gone.is_empty() {
        // Withdrawn and expelled players named under the table (Q170): the row has no room.
        out += &format!("\nWithdrawn or expelled: {}.\n", gone.join("; "));
    }
    if let Some(note) = not_counted_note(st) {
        out += &format!("\n{note}\n");
    }
    if let Some(declared) = extras.file_order {
        let used = match declared.used_as(&st.order) {
            DeclaredUse::AsDeclared => "in use",
            DeclaredUse::WithoutBuchholz => "in use without its Buchholz tie-breaks, which a round robin may not use",
            DeclaredUse::Not => "not the order in use",
        };
        out += &format!("\nThe file declares its tiebreaks: {} — {used}.\n", declared.describe());
    }
    if let Some(words) = extras.ranks.map(|r| r.words(st)).filter(|w| !w.is_empty()) {
        out += &format!("\n{words}");
    }
    for w in warnings {
        out += &format!("\nwarning: {w}");
    }
    if !warnings.is_empty() {
        out.push('\n');
    }
    out
}

/// What the standings say of a round robin's players not counted (C.06 V.4a), if any: who,
/// and why their results, and their opponents' against them, count nowhere in the standings.
pub fn not_counted_note(st: &Standings) -> Option<String> {
    let who: Vec<String> = st.rows.iter().filter(|r| r.not_counted).map(|r| format!("{} (#{})", r.name, r.start)).collect();
    (!who.is_empty()).then(|| {
        format!(
            "Not counted: {} left the round robin having played fewer than half of their games (FIDE Tournament Rules C.06 V.4a): \
             their results stay in the crosstable, but the points they scored and those scored against them count in no one's \
             points or tiebreaks here.",
            who.join(", ")
        )
    })
}

/// One tiebreak value in the table: ratings, performances and the pairing number as whole
/// numbers, EIG to a tenth (its precision is no better), points to a half, anything else
/// (averages) to two places; `-` when the tiebreak does not apply.
pub(crate) fn cell(v: &TiebreakValue) -> String {
    use Tiebreak::*;
    match v.value.filter(|x| x.is_finite()) {
        Some(x) if matches!(v.code, Aro | AroC1 | Tpr | Ptp | Apro | Appo | Rtng | RtngR | Tpn | TpnR) => format!("{x:.0}"),
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
/// given and the player has one. A player withdrawn or expelled has `"status": {"status":
/// "withdrawn" | "expelled", "from_round"}`; an expelled player is listed last with `"rank":
/// null` (not ranked, FIDE's checklist Q198), and so is a round robin's player not counted
/// (C.06 V.4a), with `"not_counted": true` and every tiebreak `null`.
pub fn json(st: &Standings, eig: Option<&EigenvectorRatings>, warnings: &[String]) -> String {
    json_with(st, eig, warnings, &Extras::default())
}

/// [`json`] with `"round"` and `"rounds_played"` (after `--round`), and with `--check-ranks`
/// each player's `"declared_rank"` (null when the file gives none), `"ranks_agree"`, and when
/// they differ `"first_difference"` and `"matching_order"` (`{"order", "rules"}`: the order
/// that gives them, when one was found; the order in force when they agree) or
/// `"closest_order"` (`{"order", "rules", "ranks_matched"}`); `"declared_order"` (`{"record",
/// "order", "unknown"}`) when the file declares its tiebreaks; `"rules_reason"` (why these
/// rules) and `"pending_round"` (`{"round", "entries", "paired", "text"}`: a round with only
/// byes entered) when the caller gives them. A category's standings (`--category`) add each
/// player's `"category_place"` and `"category"` (`{"name", "label", "year"}`).
pub fn json_with(st: &Standings, eig: Option<&EigenvectorRatings>, warnings: &[String], extras: &Extras) -> String {
    let players: Vec<Value> = st
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let values: Map<String, Value> = r
                .values
                .iter()
                .map(|v| (v.code.code().to_string(), v.value.filter(|x| x.is_finite()).map_or(Value::Null, |x| json!(x))))
                .collect();
            let why: Map<String, Value> = r.values.iter().map(|v| (v.code.code().to_string(), json!(v.explanation))).collect();
            // An expelled player has no rank (null) and says so; a withdrawn one keeps theirs.
            let rank = if r.ranked() { json!(r.rank) } else { Value::Null };
            let mut p =
                json!({"name": r.name, "start": r.start, "points": r.points, "rank": rank, "tiebreaks": values, "explanations": why});
            if let Some(d) = r.departure {
                let (status, from) = match d {
                    crate::tournament::Departure::Withdrawn { from_round } => ("withdrawn", from_round),
                    crate::tournament::Departure::Expelled { from_round } => ("expelled", from_round),
                };
                p["status"] = json!({"status": status, "from_round": from});
            }
            if r.not_counted {
                p["not_counted"] = json!(true);
            }
            // EIG's uncertainty: the Bradley–Terry standard error on the same scale.
            if let Some(se) = eig.and_then(|e| e.sigma.get(r.entrant).copied().flatten()) {
                p["eig_sigma"] = json!(se);
            }
            if let Some(ranks) = extras.ranks {
                p["declared_rank"] = json!(ranks.tournament.entrants[r.entrant].declared_rank);
            }
            if let Some(c) = extras.category {
                p["category_place"] = json!(c.places.get(i));
            }
            p
        })
        .collect();
    let codes = |o: &[Tiebreak]| o.iter().map(|tb| tb.code()).collect::<Vec<_>>();
    let mut out = json!({"players": players, "rules": st.rules.code(), "order": codes(&st.order), "warnings": warnings});
    if let Some((n, of)) = extras.round {
        (out["round"], out["rounds_played"]) = (json!(n), json!(of));
    }
    if let Some(choice) = extras.rules {
        out["rules_reason"] = json!(choice.why());
    }
    if let Some(p) = extras.pending {
        out["pending_round"] = json!({"round": p.round, "entries": p.entries, "paired": p.paired, "text": p.text()});
    }
    if let Some(c) = extras.category {
        out["category"] = json!({"name": c.category.value(), "label": c.category.label(), "year": c.year});
    }
    if let Some(d) = extras.file_order {
        out["declared_order"] = json!({"record": d.record, "order": codes(&d.tiebreaks), "unknown": d.unknown});
    }
    if let Some(ranks) = extras.ranks {
        out["ranks_agree"] = json!(ranks.agree());
        if let Some(first) = ranks.check.and_then(|c| c.first_difference.as_ref()) {
            out["first_difference"] = json!(first);
        }
        match (ranks.matching(st), ranks.search.and_then(|s| s.closest.as_ref())) {
            (Some((order, rules)), _) => out["matching_order"] = json!({"order": codes(&order), "rules": rules.code()}),
            (None, Some((order, rules, n))) => {
                out["closest_order"] = json!({"order": codes(order), "rules": rules.code(), "ranks_matched": n})
            }
            (None, None) => {}
        }
    }
    serde_json::to_string_pretty(&out).expect("plain data")
}
