//! The rating report of a tournament: per player, the rating change under B.02 with each
//! game's working (ratings, the difference as counted, PD, score, K × (score − PD)), the games
//! left out and why, the performance rating, and the GM, IM, WGM and WIM norm checks of B.01
//! 1.4 ([`super::norms`]); as JSON ([`json`], documented field by field in `docs/json.md`) and
//! as text ([`text`]).
//!
//! A game counts for rating when it was played over the board (`1 = 0`) against a rated
//! opponent (B.02 8.3.1); forfeits, byes and games of less than one move are unplayed games,
//! not counted (B.02 5.1), and each is listed with the reason it was left out. A player without
//! a rating gets no change (an initial rating, B.02 8.2, pools events over up to 26 months).

use super::norms::{self, NormCheck, NormInput, NormTitle, Opponent};
use super::rating::{self, KInputs, Scored};
use super::Options;
use crate::tournament::{Entrant, RoundResult, Tournament};
use serde::Serialize;

/// One game counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Game {
    pub round: usize,
    /// The opponent's start number.
    pub opponent: u32,
    pub opponent_name: String,
    pub player_rating: Option<u32>,
    pub opponent_rating: u32,
    /// The player's rating − the opponent's, as it is.
    pub difference: Option<i32>,
    /// As 8.3.1 counts it (400 at most below 2650).
    pub counted_difference: Option<i32>,
    pub score: f64,
    /// PD, table 8.1.2.
    pub expected: Option<f64>,
    /// K × (score − PD).
    pub change: Option<f64>,
}

/// A round left out of the rating, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Omitted {
    pub round: usize,
    pub opponent: Option<u32>,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Condition {
    pub article: &'static str,
    pub name: &'static str,
    pub met: bool,
    pub working: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Norm {
    pub title: &'static str,
    pub achieved: bool,
    pub games: usize,
    pub score: f64,
    pub average: Option<i64>,
    pub performance: Option<i64>,
    pub conditions: Vec<Condition>,
}

impl From<NormCheck> for Norm {
    fn from(c: NormCheck) -> Norm {
        let conditions =
            c.conditions.into_iter().map(|c| Condition { article: c.article, name: c.name, met: c.met, working: c.working }).collect();
        Norm {
            title: c.title.name(),
            achieved: c.achieved,
            games: c.games,
            score: c.score,
            average: c.average,
            performance: c.performance,
            conditions,
        }
    }
}

/// One player's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Player {
    pub start: u32,
    pub name: String,
    pub federation: Option<String>,
    pub title: Option<String>,
    pub rating: Option<u32>,
    /// K after 8.3.3's 700 rule; `None` for an unrated player.
    pub k: Option<u32>,
    /// Why: `given`, `new_player`, `junior`, `under_2400`, `reached_2400`.
    pub k_rule: Option<&'static str>,
    pub rated_games: usize,
    pub score_rated: f64,
    /// ΣPD.
    pub expected: Option<f64>,
    /// K × Σ(score − PD), before rounding.
    pub change_exact: Option<f64>,
    /// Rounded (8.3.4).
    pub change: Option<i64>,
    pub new_rating: Option<i64>,
    /// Ra + dp over the games counted (table 8.1.1).
    pub performance: Option<i64>,
    pub games: Vec<Game>,
    pub omitted: Vec<Omitted>,
    pub notes: Vec<String>,
    pub norms: Vec<Norm>,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub tournament: Option<String>,
    pub year: Option<i32>,
    pub players: Vec<Player>,
    /// How the figures were made: the regulations, the defaults taken.
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
}

/// A 4-digit year in a date as a file writes it (`2005/07/28`, `28.07.2005`).
fn year_in(date: &str) -> Option<i32> {
    date.split(|c: char| !c.is_ascii_digit()).filter(|p| p.len() == 4).filter_map(|p| p.parse().ok()).find(|y| (1900..=2200).contains(y))
}

/// The event's year: given, else the file's start, end or a round's date.
fn event_year(t: &Tournament, opts: &Options) -> Option<i32> {
    let dates =
        [t.start_date.as_deref(), t.end_date.as_deref()].into_iter().flatten().chain(t.round_dates.iter().flatten().map(String::as_str));
    opts.year.or_else(|| dates.filter_map(year_in).next())
}

/// Why a round is not a rated game; `None` for a game over the board (or nothing entered).
fn unplayed(result: RoundResult) -> Option<&'static str> {
    use RoundResult::*;
    match result {
        Win | Draw | Loss | NotPaired => None,
        ForfeitWin | ForfeitLoss => Some("forfeit: an unplayed game is not counted (B.02 5.1)"),
        WinUnrated | DrawUnrated | LossUnrated => Some("a game of less than one move (W, D, L) is not rated (B.02 5.1)"),
        HalfBye | FullBye | PairingBye | ZeroBye => Some("a bye is not a game (B.02 5.1)"),
        // Its result is still to come: reported once the game is resolved.
        Adjourned => Some("adjourned, result still to come: not reported until resolved"),
    }
}

fn score_of(result: RoundResult) -> u32 {
    match result {
        RoundResult::Win => 2,
        RoundResult::Draw => 1,
        _ => 0,
    }
}

/// A game over the board: the opponent's index, the round (1-based), the half points scored.
type Played = (usize, usize, u32);

/// The player's rounds sorted into games counted, games against unrated opponents and rounds
/// left out.
fn rounds(t: &Tournament, e: &Entrant) -> (Vec<Played>, Vec<Played>, Vec<Omitted>) {
    let (mut rated, mut unrated, mut omitted) = (Vec::new(), Vec::new(), Vec::new());
    for (r, entry) in e.rounds.iter().enumerate() {
        let opponent = entry.opponent.and_then(|j| t.entrants.get(j).map(|o| (j, o)));
        if let Some(reason) = unplayed(entry.result) {
            omitted.push(Omitted { round: r + 1, opponent: opponent.map(|(_, o)| o.start), reason: reason.into() });
            continue;
        }
        let Some((j, o)) = opponent.filter(|_| entry.result.rated()) else { continue };
        match o.rating {
            Some(_) => rated.push((j, r + 1, score_of(entry.result))),
            None => {
                unrated.push((j, r + 1, score_of(entry.result)));
                let reason = "unrated opponent: only games against rated players are rated (B.02 8.3.1)".into();
                omitted.push(Omitted { round: r + 1, opponent: Some(o.start), reason });
            }
        }
    }
    (rated, unrated, omitted)
}

/// K for the player (8.3.3, then the 700 rule over `n` games) and its rule, with a note when
/// the 700 rule lowered it.
fn k_of(e: &Entrant, rating: u32, year: Option<i32>, opts: &Options, n: u32, notes: &mut Vec<String>) -> (u32, &'static str) {
    let junior = matches!((year, e.birth_year), (Some(y), Some(b)) if y - i32::from(b) <= 18);
    let inputs = KInputs {
        given: opts.k.get(&e.start).copied(),
        new_player: opts.new_players.contains(&e.start),
        reached_2400: opts.reached_2400.contains(&e.start),
        junior,
    };
    let (k, rule) = rating::k_factor(rating, &inputs);
    let capped = rating::cap_700(k, n);
    if capped != k {
        notes.push(format!("K {k} × {n} games exceeds 700: K {capped} (B.02 8.3.3)"));
    }
    (capped, rule.name())
}

fn hundredths(x: i64) -> f64 {
    x as f64 / 100.0
}

/// The games counted, each with its working; the ΣPD and change when the player is rated.
fn games(t: &Tournament, rating: Option<u32>, k: Option<u32>, rated: &[Played]) -> (Vec<Game>, Vec<Scored>) {
    let mut out = Vec::new();
    let mut scored = Vec::new();
    for &(j, round, half) in rated {
        let o = &t.entrants[j];
        let theirs = o.rating.unwrap_or(0);
        let d = rating.map(|r| rating::difference(r, theirs));
        let pd = d.map(|d| rating::expected(d.counted));
        if let Some(expected) = pd {
            scored.push(Scored { score: (half * 50) as u8, expected });
        }
        let change = pd.zip(k).map(|(p, k)| hundredths(i64::from(k) * (i64::from(half) * 50 - i64::from(p))));
        out.push(Game {
            round,
            opponent: o.start,
            opponent_name: o.name.clone(),
            player_rating: rating,
            opponent_rating: theirs,
            difference: d.map(|d| d.actual),
            counted_difference: d.map(|d| d.counted),
            score: f64::from(half) / 2.0,
            expected: pd.map(|p| f64::from(p) / 100.0),
            change,
        });
    }
    (out, scored)
}

/// The norm checks over every game played over the board (rated opponents or not).
fn norm_checks(t: &Tournament, e: &Entrant, rated: &[Played], unrated: &[Played]) -> Vec<Norm> {
    let mut all: Vec<&Played> = rated.iter().chain(unrated).collect();
    crate::sort::by_key(&mut all, |g| g.1);
    let games: Vec<(Opponent, u32)> = all
        .iter()
        .map(|&&(j, _, half)| {
            let o = &t.entrants[j];
            (Opponent { rating: o.rating, title: o.fide_title(), federation: o.federation.clone() }, half)
        })
        .collect();
    let input = NormInput { federation: e.federation.as_deref(), sex: e.sex, games: &games };
    NormTitle::ALL.into_iter().map(|title| Norm::from(norms::check(title, &input))).collect()
}

/// One player's report.
fn player(t: &Tournament, e: &Entrant, year: Option<i32>, opts: &Options) -> Player {
    let (rated, unrated, omitted) = rounds(t, e);
    let mut notes = Vec::new();
    let n = rated.len() as u32;
    let k = e.rating.map(|r| k_of(e, r, year, opts, n, &mut notes));
    if e.rating.is_none() {
        notes.push(
            "unrated: no change; an initial rating (B.02 8.2) needs 5 games against rated opponents, pooled over up to 26 months".into(),
        );
    }
    let (games, scored) = games(t, e.rating, k.map(|k| k.0), &rated);
    let half: u32 = rated.iter().map(|g| g.2).sum();
    let total = k.map(|(k, _)| rating::change(k, &scored));
    let expected = e.rating.map(|_| hundredths(scored.iter().map(|s| i64::from(s.expected)).sum()));
    let ratings: Vec<i64> = rated.iter().map(|&(j, _, _)| i64::from(t.entrants[j].rating.unwrap_or(0))).collect();
    Player {
        start: e.start,
        name: e.name.clone(),
        federation: e.federation.clone(),
        title: e.fide_title().map(|t| t.name().to_string()).or_else(|| e.title.clone()),
        rating: e.rating,
        k: k.map(|k| k.0),
        k_rule: k.map(|k| k.1),
        rated_games: rated.len(),
        score_rated: f64::from(half) / 2.0,
        expected,
        change_exact: total.map(|(h, _)| hundredths(h)),
        change: total.map(|(_, r)| r),
        new_rating: total.zip(e.rating).map(|((_, r), rating)| i64::from(rating) + r),
        performance: rating::performance(&ratings, half).map(|p| p.rating),
        games,
        omitted,
        notes,
        norms: norm_checks(t, e, &rated, &unrated),
    }
}

/// The notes on the whole report: the regulations and the defaults taken for what the file
/// does not hold.
fn notes(year: Option<i32>, opts: &Options) -> Vec<String> {
    let junior = match year {
        Some(y) => format!("a player born in {} or later counts as a junior in {y} (K 40 under 2300)", y - 18),
        None => "the event's year is unknown (no --year, no date in the file): the junior rule is not applied".into(),
    };
    let mut out = vec![
        "FIDE Rating Regulations (B.02, from 1 March 2024; 8.3.1 as from 1 October 2025): PD from table 8.1.2, a difference over 400 counted as 400 below 2650; change = K × Σ(score − PD), rounded, 0.5 away from zero".to_string(),
        format!("K (8.3.3): the file gives no K and no count of earlier games; unless --k-factor, --new-player or --reached-2400 say otherwise, a rated player is taken to have 30 games or more and to have reached 2400 only if rated 2400 or more now; {junior}"),
        "K × n at most 700 is applied over this event's rated games (the rule counts the rating period's)".into(),
        "The ratings in the file are taken as the list's at the start of the event; performance = Ra + dp (table 8.1.1, the percentage and Ra rounded, 0.5 up)".into(),
        "Norms (B.01 1.4, from 1 January 2024): games played over the board; the exemptions of 1.4.1 b-c and 1.4.3 a-d, the games a player may leave out (1.4.1 e-f) and the Annex are not applied".into(),
    ];
    if !opts.players.is_empty() {
        out.push(format!("only the players asked for: {}", opts.players.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")));
    }
    out
}

/// The report of `t` with `opts`; start numbers in the options that are not in the file are
/// named in the warnings.
pub fn report(t: &Tournament, opts: &Options) -> Report {
    let year = event_year(t, opts);
    let starts: std::collections::BTreeSet<u32> = t.entrants.iter().map(|e| e.start).collect();
    let asked = opts.k.keys().chain(&opts.new_players).chain(&opts.reached_2400).chain(&opts.players);
    let unknown: std::collections::BTreeSet<u32> = asked.filter(|s| !starts.contains(s)).copied().collect();
    let warnings = unknown.iter().map(|s| format!("start number {s} is not in the file (expected one of its 001 records)")).collect();
    let players = t
        .entrants
        .iter()
        .filter(|e| opts.players.is_empty() || opts.players.contains(&e.start))
        .map(|e| player(t, e, year, opts))
        .collect();
    Report { tournament: t.name.clone(), year, players, notes: notes(year, opts), warnings }
}

/// The report as JSON (one line).
pub fn json(r: &Report) -> String {
    serde_json::to_string(r).unwrap_or_else(|e| format!("{{\"error\":{}}}", serde_json::Value::from(e.to_string())))
}

fn signed(x: f64) -> String {
    format!("{x:+.2}")
}

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map_or("-".into(), |x| x.to_string())
}

/// A player's games as a table, with the totals.
fn text_games(p: &Player, out: &mut String) {
    if !p.games.is_empty() {
        out.push_str("    Rd  Opponent                        Rtg   Opp    D   Dcap    PD  Score  K×(S−PD)\n");
    }
    for g in &p.games {
        let name: String = format!("{} {}", g.opponent, g.opponent_name).chars().take(30).collect();
        let d = |x: Option<i32>| x.map_or("-".into(), |d| format!("{d:+}"));
        let pd = g.expected.map_or("-".into(), |x| format!("{x:.2}"));
        let ch = g.change.map_or("-".into(), signed);
        out.push_str(&format!(
            "    {:>2}  {name:<30}  {:>4}  {:>4}  {:>4}  {:>4}  {pd:>4}  {:>5}  {ch:>8}\n",
            g.round,
            opt(g.player_rating),
            g.opponent_rating,
            d(g.difference),
            d(g.counted_difference),
            g.score
        ));
    }
    for o in &p.omitted {
        let with = o.opponent.map_or(String::new(), |s| format!(" (against {s})"));
        out.push_str(&format!("    round {}{with} left out: {}\n", o.round, o.reason));
    }
    let totals = match (p.k, p.expected, p.change_exact, p.change, p.new_rating) {
        (Some(k), Some(e), Some(x), Some(c), Some(n)) => {
            format!(
                "{} rated games, score {} − expected {e:.2}; K {k} × ΣΔR = {} → {c:+} (8.3.4); new rating {n}",
                p.rated_games,
                p.score_rated,
                signed(x)
            )
        }
        _ => format!("{} games against rated opponents, score {}; no rating change", p.rated_games, p.score_rated),
    };
    out.push_str(&format!("    {totals}\n"));
    if let Some(r) = p.performance {
        out.push_str(&format!("    performance {r} (8.1.1)\n"));
    }
}

/// The norm checks: each title's verdict, and the conditions with their working when the
/// player has at least the norm's games; otherwise one line.
fn text_norms(p: &Player, out: &mut String) {
    let games = p.norms.first().map_or(0, |n| n.games);
    if games < norms::MIN_GAMES {
        out.push_str(&format!("    norms: {games} games over the board, fewer than {} (B.01 1.4.1a): none possible\n", norms::MIN_GAMES));
        return;
    }
    for n in &p.norms {
        let verdict = if n.achieved { "achieved" } else { "not achieved" };
        out.push_str(&format!("    {} norm: {verdict}\n", n.title));
        for c in &n.conditions {
            out.push_str(&format!("      [{}] {} {}: {}\n", if c.met { "x" } else { " " }, c.article, c.name, c.working));
        }
    }
}

/// The report as text: per player, the games and totals, the omissions, the notes, the norms;
/// then the report's notes and warnings.
pub fn text(r: &Report) -> String {
    let mut out = match &r.tournament {
        Some(n) => format!("{n} — FIDE rating report (B.02) and norm check (B.01)\n"),
        None => "FIDE rating report (B.02) and norm check (B.01)\n".to_string(),
    };
    for p in &r.players {
        let who: Vec<String> = [p.title.clone(), p.federation.clone()].into_iter().flatten().collect();
        let k = match (p.k, p.k_rule) {
            (Some(k), Some(rule)) => format!(", K {k} ({})", rule.replace('_', " ")),
            _ => String::new(),
        };
        let who = if who.is_empty() { String::new() } else { format!(" ({})", who.join(", ")) };
        out.push_str(&format!("\n{:>4} {}{who}: rating {}{k}\n", p.start, p.name, opt(p.rating)));
        text_games(p, &mut out);
        for n in &p.notes {
            out.push_str(&format!("    note: {n}\n"));
        }
        text_norms(p, &mut out);
    }
    out.push('\n');
    for n in &r.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    for w in &r.warnings {
        out.push_str(&format!("warning: {w}\n"));
    }
    out
}
