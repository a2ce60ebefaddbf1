//! FIDE tiebreaks (C.07, the 2023 regulations, with the rules approved for 2026 selectable),
//! computed on a [`Tournament`] as arbiters apply them, and the standings they give.
//!
//! * Buchholz family ([`Tiebreak::Bh`], cuts and medians, Fore Buchholz, average of opponents'
//!   Buchholz) and Sonneborn-Berger family, with the unplayed rounds of Article 16: an
//!   opponent's score counts the rounds as they were scored, except that byes and absences
//!   after the last round the opponent was available for count as draws (16.3); a
//!   participant's own unplayed round (bye, forfeit won or lost) counts as a game against a
//!   virtual opponent with the participant's own final score (16.4; the 2026 rules cap it by
//!   the scheduled opponent's score for a forfeit and by a draw in every round for a bye); the
//!   cut removes a voluntarily unplayed round first unless the least significant value is
//!   worth more (16.5). With pre-determined pairings (round robin) forfeits count as games
//!   against the scheduled opponent and there are no virtual opponents.
//! * Direct encounter, among the players tied on points and every earlier tiebreak.
//! * Counts (WIN, WON, BPG, BWG, REP; GE, its old name, reads as REP), standard points (STD),
//!   the pairing number (TPN), progressive score, Koya.
//! * Rating based: ARO (cut-1), TPR, PTP, APRO, APPO, on the games played over the board, and
//!   RTNG, the own rating (dropped for all when an unrated player has no rating fixed);
//!   unrated opponents are left out unless [`Options::unrated_rating`] gives them a rating.
//! * EIG: the eigenvector rating, which the caller computes and passes in
//!   [`Options::eigenvector`].
//!
//! * A round robin's player who left having played fewer than half of their games is not
//!   counted (FIDE Tournament Rules C.06 V.4a, [`annulled`]): the others are ranked as in the
//!   tournament without them, and they are listed last, unranked.
//!
//! The standings are those after the last round with a game ([`Tournament::rounds_played`]):
//! rounds a file announces (or has paired, or has only byes entered in) but nobody has played
//! yet are not counted as unplayed rounds. Which rules apply by default: [`rules`] (the start
//! date).
//! [`printed`] writes them as a text table or JSON, [`Standings::to_csv`] as CSV.
//!
//! ```
//! use ratings_engine::tiebreak::{standings, Rules, Tiebreak};
//! use ratings_engine::tournament::{Colour, Entrant, RoundEntry, RoundResult, Tournament};
//!
//! // Three players, a round robin: Ann beats Bo, Bo beats Cy, Cy beats Ann.
//! let game = |opponent, colour, result| RoundEntry::new(Some(opponent), Some(colour), result);
//! let bye = RoundEntry::NOT_PAIRED;
//! let entrant = |start: u32, name: &str, rounds| Entrant { rounds, ..Entrant::new(start, name, 0) };
//! let (w, b) = (Colour::White, Colour::Black);
//! let t = Tournament {
//!     rounds: 3,
//!     entrants: vec![
//!         entrant(1, "Ann", vec![game(1, w, RoundResult::Win), bye, game(2, b, RoundResult::Loss)]),
//!         entrant(2, "Bo", vec![game(0, b, RoundResult::Loss), game(2, w, RoundResult::Win), bye]),
//!         entrant(3, "Cy", vec![bye, game(1, b, RoundResult::Loss), game(0, w, RoundResult::Win)]),
//!     ],
//!     ..Default::default()
//! };
//! let order = [Tiebreak::parse("DE").unwrap(), Tiebreak::parse("sb").unwrap()];
//! let s = standings(&t, &order, Rules::Fide2023);
//! // All on 1 point, all 1 point among them, the same Sonneborn-Berger: one shared rank.
//! assert!(s.rows.iter().all(|r| r.points == 1.0 && r.rank == 1));
//! assert_eq!(s.rows[0].values[1].code.code(), "SB");
//! assert!(s.rows[0].values[1].explanation.contains("Bo (#2)"));
//! ```

pub mod annulled;
pub mod categories;
mod compute;
mod context;
pub mod crosstable;
mod de;
pub mod declared;
pub mod eig;
pub mod order;
pub mod printed;
pub mod prizes;
mod rating;
pub mod rules;

// The codes live below the tournament (a file's declared order holds them): `crate::codes`.
pub use crate::codes::{all_codes, check_round_robin, for_round_robin, BuchholzInRoundRobin, Rules, Tiebreak, UnknownTiebreak};
pub use order::{parse_order, OrderError, MAX_ORDER};
pub use rules::{RulesChoice, RulesReason};

use crate::tournament::Tournament;
pub(crate) use context::{num, Ctx};
pub(crate) use de::{extended as extended_direct_encounter, NAMED as DE_NAMED};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How the unplayed games of the tournament are treated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pairing {
    /// Pre-determined when the file says so (TRF 092 naming a round robin) or when every
    /// player was paired with every other; Swiss otherwise (also when 092 says Swiss).
    #[default]
    Auto,
    /// Swiss system: virtual opponents for unplayed rounds.
    Swiss,
    /// Pre-determined pairings (round robin): forfeits count as played games.
    PreDetermined,
}

/// Everything the standings can be asked for beyond the order of tiebreaks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub rules: Rules,
    pub pairing: Pairing,
    /// The rating an unrated opponent counts with in ARO, TPR, PTP (as the tournament
    /// regulations fix it); `None` leaves games against unrated opponents out.
    pub unrated_rating: Option<u32>,
    /// The eigenvector rating of each entrant (by index), for [`Tiebreak::Eig`].
    pub eigenvector: Option<Vec<Option<f64>>>,
}

/// One tiebreak's value for one player, and how it was derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TiebreakValue {
    pub code: Tiebreak,
    /// `None` when the tiebreak does not apply (no rated opponents, DE for a player nobody is
    /// tied with, EIG not supplied); such values rank last.
    pub value: Option<f64>,
    /// In plain words, short enough for a tooltip.
    pub explanation: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// Index into [`Tournament::entrants`].
    pub entrant: usize,
    pub start: u32,
    pub name: String,
    pub points: f64,
    /// 1-based; shared by players level on points and on every tiebreak.
    pub rank: usize,
    /// In the order asked for.
    pub values: Vec<TiebreakValue>,
    /// Withdrawn or expelled ([`Tournament::departure`]). An expelled player is not ranked
    /// (FIDE's checklist Q198): listed after every ranked player, `rank` is then only the
    /// place in that list (the ranked players' last rank + 1, + 2, …, never shared), which a
    /// TRF's rank column needs; the standings print "expelled" instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub departure: Option<crate::tournament::Departure>,
    /// Left a round robin having played fewer than half of their games: their results are not
    /// counted, for them or their opponents ([`annulled`], FIDE Tournament Rules C.06 V.4a).
    /// Listed after every other player, unranked as the expelled are (`rank` only the place in
    /// the list), with their own points and no tiebreak values.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_counted: bool,
}

impl StandingRow {
    /// Ranked: neither expelled nor [`StandingRow::not_counted`].
    pub fn ranked(&self) -> bool {
        !self.not_counted && !self.departure.is_some_and(|d| d.is_expelled())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Best first: by points, then the tiebreaks in order, then start number.
    pub rows: Vec<StandingRow>,
    pub rules: Rules,
    pub order: Vec<Tiebreak>,
    /// Whether the unplayed games were treated as in a round robin (pre-determined pairings).
    pub pre_determined: bool,
}

/// The standings sorted by points and then by the tiebreaks in `order` (then start number).
pub fn standings(t: &Tournament, order: &[Tiebreak], rules: Rules) -> Standings {
    standings_with(t, order, &Options { rules, ..Options::default() })
}

/// Whether the tournament has pre-determined pairings, as [`Pairing::Auto`] decides: the
/// system its `192` declares (a round robin, or the Dutch system), else its `092`'s words,
/// else whether every player has met every other.
pub fn is_pre_determined(t: &Tournament) -> bool {
    use crate::tournament::TournamentType;
    match t.tournament_type.as_ref().map(|d| &d.kind) {
        Some(TournamentType::RoundRobin { .. }) => return true,
        Some(TournamentType::Dutch { .. }) => return false,
        Some(TournamentType::Other(_)) | None => {}
    }
    let kind = t.kind.as_deref().unwrap_or("").to_ascii_lowercase();
    if kind.contains("swiss") {
        return false;
    }
    if kind.contains("robin") || kind.contains("berger") || kind.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "rr") {
        return true;
    }
    let n = t.entrants.len();
    if n < 3 {
        return false;
    }
    (0..n).all(|p| {
        let mut met = vec![false; n];
        met[p] = true;
        for e in &t.entrants[p].rounds {
            if let Some(o) = e.opponent.filter(|&o| o < n) {
                met[o] = true;
            }
        }
        met.iter().all(|&m| m)
    })
}

/// [`standings`] with every option. A round robin's players who left having played fewer than
/// half of their games are not counted ([`annulled`]): listed last, unranked.
pub fn standings_with(t: &Tournament, order: &[Tiebreak], options: &Options) -> Standings {
    let gone = match pre_determined(t, options) {
        true => annulled::annulled(t),
        false => Vec::new(),
    };
    match gone.is_empty() {
        true => standings_counting_all(t, order, options),
        false => annulled::standings(t, &gone, order, options),
    }
}

/// [`standings_with`] counting every player's results.
fn standings_counting_all(t: &Tournament, order: &[Tiebreak], options: &Options) -> Standings {
    let ctx = Ctx::new(t, options.rules, pre_determined(t, options), options.unrated_rating);
    standings_in(&ctx, order, options, &mut Vec::new())
}

pub(crate) fn pre_determined(t: &Tournament, options: &Options) -> bool {
    match options.pairing {
        Pairing::Auto => is_pre_determined(t),
        Pairing::Swiss => false,
        Pairing::PreDetermined => true,
    }
}

/// Values computed once per tiebreak (DE aside, which depends on the order before it), kept
/// across standings of the same tournament and rules ([`declared`]'s search).
pub(crate) type Cache = Vec<(Tiebreak, Vec<TiebreakValue>)>;

fn standings_in(ctx: &Ctx, order: &[Tiebreak], options: &Options, cache: &mut Cache) -> Standings {
    let (t, n) = (ctx.t, ctx.n());
    let (idx, values) = ranked(ctx, order, options, cache);
    let cols = values.columns(cache);
    let mut rows: Vec<StandingRow> = Vec::with_capacity(n);
    let gone = t.departures_by_entrant();
    // An expelled player is not ranked (Q198): after the ranked players, whose ranks close up.
    let (kept, expelled): (Vec<usize>, Vec<usize>) = idx.iter().partition(|&&p| !gone[p].is_some_and(|d| d.is_expelled()));
    for (i, &p) in kept.iter().chain(&expelled).enumerate() {
        let tied = i > 0 && i < kept.len() && compare(ctx, order, &cols, kept[i - 1], p) == Ordering::Equal;
        let rank = if tied { rows[i - 1].rank } else { i + 1 };
        let e = &t.entrants[p];
        rows.push(StandingRow {
            entrant: p,
            start: e.start,
            name: e.name.clone(),
            points: ctx.points[p] + 0.0,
            rank,
            // `+ 0.0` turns an empty sum's −0.0 into 0.0, so nothing prints as "-0.0".
            values: cols.iter().map(|col| TiebreakValue { value: col[p].value.map(|v| v + 0.0), ..col[p].clone() }).collect(),
            departure: gone[p],
            not_counted: false,
        });
    }
    Standings { rows, rules: options.rules, order: order.to_vec(), pre_determined: ctx.predetermined }
}

/// The columns of an order's values: cached ones by their place in the cache, DE's (which
/// depend on the tiebreaks before it) computed for the order.
pub(crate) struct Columns {
    /// Per tiebreak of the order: `Ok(place in the cache)` or `Err(place in `de`)`.
    at: Vec<Result<usize, usize>>,
    de: Vec<Vec<TiebreakValue>>,
}

impl Columns {
    fn columns<'a>(&'a self, cache: &'a Cache) -> Vec<&'a [TiebreakValue]> {
        self.at
            .iter()
            .map(|at| match *at {
                Ok(c) => cache[c].1.as_slice(),
                Err(d) => self.de[d].as_slice(),
            })
            .collect()
    }
}

/// The entrants in standings order under `order` (ties left in start order), and the
/// order's values; values not yet in `cache` are computed into it.
pub(crate) fn ranked(ctx: &Ctx, order: &[Tiebreak], options: &Options, cache: &mut Cache) -> (Vec<usize>, Columns) {
    let (t, n) = (ctx.t, ctx.n());
    let mut computer = compute::Computer::new(ctx);
    for &tb in order.iter().filter(|&&tb| tb != Tiebreak::De) {
        if !cache.iter().any(|(c, _)| *c == tb) {
            let v = computer.values(tb, options.eigenvector.as_deref());
            cache.push((tb, v));
        }
    }
    let mut columns = Columns { at: Vec::with_capacity(order.len()), de: Vec::new() };
    for (k, &tb) in order.iter().enumerate() {
        if tb != Tiebreak::De {
            columns.at.push(Ok(cache.iter().position(|(c, _)| *c == tb).expect("computed above")));
            continue;
        }
        let mut column: Vec<Option<TiebreakValue>> = vec![None; n];
        let tied_on = match k {
            0 => "points".to_string(),
            _ => format!("points, {}", order[..k].iter().map(|t| t.code()).collect::<Vec<_>>().join(", ")),
        };
        for group in groups(ctx, &columns.columns(cache), k) {
            for (p, value, explanation) in de::direct_encounter(ctx, &group, &tied_on) {
                column[p] = Some(TiebreakValue { code: tb, value, explanation });
            }
        }
        columns.de.push(column.into_iter().map(|v| v.expect("every entrant is in a group")).collect());
        columns.at.push(Err(columns.de.len() - 1));
    }
    let cols = columns.columns(cache);
    let mut idx: Vec<usize> = (0..n).collect();
    crate::sort::by(&mut idx, |&a, &b| compare(ctx, order, &cols, a, b).then(t.entrants[a].start.cmp(&t.entrants[b].start)));
    (idx, columns)
}

/// A value as the ranking compares it.
fn key(v: Option<f64>) -> Option<i64> {
    v.map(|x| (x * 1e6).round() as i64)
}

/// Better first: points, then the first `values.len()` tiebreaks.
fn compare(ctx: &Ctx, order: &[Tiebreak], values: &[&[TiebreakValue]], a: usize, b: usize) -> Ordering {
    let mut o = key(Some(ctx.points[b])).cmp(&key(Some(ctx.points[a])));
    for (k, col) in values.iter().enumerate() {
        if o != Ordering::Equal {
            break;
        }
        let (x, y) = (key(col[a].value), key(col[b].value));
        o = match (x, y) {
            (Some(x), Some(y)) if order[k].lower_is_better() => x.cmp(&y),
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
    }
    o
}

/// The entrants grouped by points and the first `k` tiebreaks (groups in order of their first
/// entrant; each group's signature found by hashing, not by a scan of the groups so far).
fn groups(ctx: &Ctx, values: &[&[TiebreakValue]], k: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut seen: rustc_hash::FxHashMap<Vec<Option<i64>>, usize> = Default::default();
    for p in 0..ctx.n() {
        let sig: Vec<Option<i64>> =
            std::iter::once(key(Some(ctx.points[p]))).chain(values[..k].iter().map(|col| key(col[p].value))).collect();
        match seen.get(&sig) {
            Some(&i) => out[i].push(p),
            None => {
                seen.insert(sig, out.len());
                out.push(vec![p]);
            }
        }
    }
    out
}

impl Standings {
    /// The standings as CSV: rank, start, name, points and one column per tiebreak.
    pub fn to_csv(&self) -> String {
        self.to_csv_with(None, None)
    }

    /// The standings as CSV with every column a page shows: rank, start, name, the listed
    /// `ratings` (by entrant) after the name when given, points, one column per tiebreak, and
    /// after EIG its standard error (`EIG ±`, by entrant) when given.
    pub fn to_csv_with(&self, ratings: Option<&[Option<u32>]>, eig_sigma: Option<&[Option<f64>]>) -> String {
        let mut s = String::from("rank,start,name");
        s.push_str(if ratings.is_some() { ",rating,points" } else { ",points" });
        for t in &self.order {
            s.push(',');
            s.push_str(t.code());
            if *t == Tiebreak::Eig && eig_sigma.is_some() {
                s.push_str(",EIG ±");
            }
        }
        s.push('\n');
        let cell = |x: Option<f64>| x.filter(|x| x.is_finite()).map(num).unwrap_or_default();
        for r in &self.rows {
            // An expelled player has no rank (Q198): the cell is left empty.
            let rank = if r.ranked() { r.rank.to_string() } else { String::new() };
            s.push_str(&format!("{rank},{},{}", r.start, crate::escape::csv_text(&r.name)));
            if let Some(ratings) = ratings {
                s.push_str(&format!(",{}", ratings.get(r.entrant).copied().flatten().map(|x| x.to_string()).unwrap_or_default()));
            }
            s.push_str(&format!(",{}", num(r.points)));
            for v in &r.values {
                s.push_str(&format!(",{}", cell(v.value)));
                if let (Tiebreak::Eig, Some(sd)) = (v.code, eig_sigma) {
                    s.push_str(&format!(",{}", cell(sd.get(r.entrant).copied().flatten())));
                }
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests;
