//! The ranks a tournament file declares (TRF `001` columns 86-89), checked against computed
//! standings: where they differ, and which common order of tiebreaks, under which rules,
//! reproduces them.
//!
//! Against the order in force a declared rank agrees when it falls within the computed rank's
//! tie (players level on points and every tiebreak share a rank, in any order among
//! themselves). The search asks more: an order reproduces the file when it gives every
//! declared rank exactly, ties in start order. It tries the order the file declares (TRF-2026
//! record 212 or 202) first, then points alone, the orders organisers
//! commonly use ([`COMMON`]), then every order of up to three tiebreaks from [`POOL`], under
//! both rule sets, each tiebreak's values computed once per rule set. A round robin's search
//! leaves out every order with a Buchholz tie-break, which a round robin may not use (Q105).

use super::{ranked, Cache, Options, Rules, StandingRow, Standings, Tiebreak};
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// Orders of tiebreaks seen in organisers' files and C.07's recommendations, tried first.
const COMMON: &[&[Tiebreak]] = {
    use Tiebreak::*;
    &[
        &[BhC1, Bh, Sb],
        &[BhC1, Bh, Sb, De],
        &[BhC1, Bh, De],
        &[BhC1, Bh, Sb, Win],
        &[BhC1, Bh, Aro],
        &[BhC1, Bh, Sb, Ps],
        &[BhM1, Bh, Sb],
        &[Bh, BhC1, Sb],
        &[BhC2, BhC1, Bh],
        &[BhC1, BhC2, Bh],
        &[De, BhC1, Bh],
        &[De, Win, Sb, Ks],
        &[De, Sb, Win, Ks],
        &[Sb, De, Win],
        &[Sb, Win, De],
        &[Aro, BhC1, Bh],
    ]
};

/// The tiebreaks every order of up to three is made from.
const POOL: &[Tiebreak] = {
    use Tiebreak::*;
    &[BhC1, Bh, BhC2, BhM1, Sb, De, Win, Aro]
};

/// How the declared ranks compare with the standings in force.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankCheck {
    /// Entrants with a declared rank.
    pub declared: usize,
    /// Of those, how many agree with the standings in force.
    pub agree: usize,
    /// The first declared rank (in rank order) that the standings in force do not give, and why.
    pub first_difference: Option<String>,
}

/// Which order of tiebreaks gives the declared ranks exactly (players level on all of them in
/// start order), under which rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Search {
    /// The first order tried that gives every declared rank (an empty order: points, then
    /// start number); `None` when none does.
    pub reproduced_by: Option<(Vec<Tiebreak>, Rules)>,
    /// When none does: the order that comes closest, and how many ranks it gives.
    pub closest: Option<(Vec<Tiebreak>, Rules, usize)>,
    /// Whether the order found is the one the file declares (TRF 212/202), tried first.
    #[serde(default)]
    pub from_file: bool,
}

/// Per row of `rows` (in order): whether its declared rank, if any, lies within its tie.
pub fn agrees(t: &Tournament, rows: &[StandingRow]) -> Vec<bool> {
    let mut tie_end = vec![0; rows.len()];
    for i in (0..rows.len()).rev() {
        tie_end[i] = if i + 1 < rows.len() && rows[i + 1].rank == rows[i].rank { tie_end[i + 1] } else { i + 1 };
    }
    rows.iter()
        .zip(&tie_end)
        .map(|(r, &end)| t.entrants[r.entrant].declared_rank.is_some_and(|d| (r.rank..=end).contains(&(d as usize))))
        .collect()
}

/// Checks the declared ranks of `t` against `standings` (the order and rules in force); `None`
/// when the file declares no rank.
pub fn check(t: &Tournament, standings: &Standings) -> Option<RankCheck> {
    let declared = t.entrants.iter().filter(|e| e.declared_rank.is_some()).count();
    (declared > 0).then(|| RankCheck {
        declared,
        agree: agrees(t, &standings.rows).into_iter().filter(|&a| a).count(),
        first_difference: first_difference(t, standings),
    })
}

/// Searches the common orders (then every order of up to three tiebreaks from the pool) under
/// both rule sets for one that gives every declared rank. Each tiebreak's values are computed
/// once per rule set.
pub fn search(t: &Tournament, options: &Options) -> Search {
    let declared = t.entrants.iter().filter(|e| e.declared_rank.is_some()).count();
    let predetermined = super::pre_determined(t, options);
    // A round robin's players not counted (C.06 V.4a) are ranked without, then listed last.
    let gone = if predetermined { super::annulled::annulled(t) } else { Vec::new() };
    let reduced = (!gone.is_empty()).then(|| super::annulled::without(t, &gone));
    let (counted, kept) = reduced.as_ref().map_or((t, None), |(r, kept)| (r, Some(kept)));
    let in_t = |i: usize| kept.map_or(i, |k| k[i]);
    let mut closest: Option<(Vec<Tiebreak>, Rules, usize)> = None;
    for rules in Rules::ALL {
        let options = Options { rules, eigenvector: None, ..options.clone() };
        let ctx = super::Ctx::new(counted, rules, predetermined, options.unrated_rating);
        let mut cache = Cache::new();
        // A round robin may not use a Buchholz tie-break (Q105): none is offered.
        let allowed = |order: &Vec<Tiebreak>| !ctx.predetermined || !order.iter().any(|t| t.is_buchholz());
        for order in candidates(t).into_iter().filter(allowed) {
            let (idx, _) = ranked(&ctx, &order, &options, &mut cache);
            let listed = idx.iter().map(|&i| in_t(i)).chain(gone.iter().copied());
            let exact = listed.enumerate().filter(|&(i, p)| t.entrants[p].declared_rank == Some(i as u32 + 1)).count();
            if exact == declared {
                let from_file = t.declared_order.as_ref().and_then(|d| d.usable()) == Some(&order[..]);
                return Search { reproduced_by: Some((order, rules)), closest: None, from_file };
            }
            if closest.as_ref().is_none_or(|c| exact > c.2) {
                closest = Some((order, rules, exact));
            }
        }
    }
    Search { reproduced_by: None, closest, from_file: false }
}

/// The file's own order (when it declares one computed here), points alone, the common
/// orders, then every order of one to three tiebreaks from the pool.
fn candidates(t: &Tournament) -> Vec<Vec<Tiebreak>> {
    let mut out: Vec<Vec<Tiebreak>> = t.declared_order.as_ref().and_then(|d| d.usable()).map(|o| vec![o.to_vec()]).unwrap_or_default();
    // Points alone (ties in start order): a file written before its tiebreaks were.
    out.push(Vec::new());
    out.extend(COMMON.iter().map(|o| o.to_vec()));
    for &a in POOL {
        out.push(vec![a]);
        for &b in POOL.iter().filter(|&&b| b != a) {
            out.push(vec![a, b]);
            for &c in POOL.iter().filter(|&&c| c != a && c != b) {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

/// The first declared rank the standings do not give: who the file puts there, who the
/// standings put there, and the values that separate them (points, then each tiebreak in
/// order up to the first that differs).
fn first_difference(t: &Tournament, st: &Standings) -> Option<String> {
    let ok = agrees(t, &st.rows);
    let declared_rank = |r: &StandingRow| t.entrants[r.entrant].declared_rank.unwrap_or(u32::MAX);
    let wrong = st.rows.iter().zip(&ok).filter(|(r, &a)| !a && t.entrants[r.entrant].declared_rank.is_some()).map(|(r, _)| r);
    let declared = wrong.min_by_key(|r| declared_rank(r))?;
    let rank = declared_rank(declared);
    let computed = st.rows.get(rank as usize - 1).unwrap_or(declared);
    let who = |r: &StandingRow| format!("{} (no. {}, {} points)", r.name, r.start, super::num(r.points));
    let mut why = format!(
        "the file gives rank {rank} to {}, these standings rank {}; rank {rank} here is {}",
        who(declared),
        declared.rank,
        who(computed)
    );
    if declared.points == computed.points {
        for (a, b) in declared.values.iter().zip(&computed.values) {
            let show = |v: Option<f64>| v.map_or("—".to_string(), super::num);
            why.push_str(&format!("; {}: {} and {}", a.code.code(), show(a.value), show(b.value)));
            if a.value != b.value {
                break;
            }
        }
    }
    Some(why)
}
