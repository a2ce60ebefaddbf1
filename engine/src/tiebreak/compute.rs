//! Every tiebreak but direct encounter: one value and its explanation per entrant.

use super::context::{num, unplayed_kind, Adjusted, Ctx, EPS};
use super::rating;
use super::TiebreakValue;
use crate::codes::{Cut, Rules, Tiebreak};
use crate::tournament::{Colour, RoundResult};

/// One round's term of a Buchholz-like sum.
#[derive(Clone, Debug)]
struct Term {
    /// 1-based.
    round: usize,
    /// The opponent's (or virtual opponent's) score.
    score: f64,
    /// What the term adds: the score (Buchholz) or the score times the result (Sonneborn-Berger).
    value: f64,
    /// From a voluntarily unplayed round (cut first, 16.5).
    vur: bool,
    text: String,
}

/// A game over the board against a rated opponent.
struct RatedGame {
    opponent: usize,
    rating: i64,
    /// 1, ½ or 0, whatever the tournament's scoring.
    score: f64,
}

/// Computes the tiebreaks of one tournament, caching what several of them share.
pub(crate) struct Computer<'c, 'a> {
    pub ctx: &'c Ctx<'a>,
    adjusted: Option<Vec<Adjusted>>,
    adjusted_fore: Option<Vec<Adjusted>>,
    bh: Option<Vec<TiebreakValue>>,
    tpr: Option<Vec<TiebreakValue>>,
    ptp: Option<Vec<TiebreakValue>>,
}

/// The longest explanation kept, in bytes: a 20-round event's longest is under 1,000; a player
/// of a game collection with thousands of games would otherwise carry a list of every one, in
/// every tiebreak (a million PGN games made 300 MB of explanations).
pub(crate) const MAX_EXPLANATION: usize = 2_000;

fn tv(code: Tiebreak, value: Option<f64>, explanation: String) -> TiebreakValue {
    TiebreakValue { code, value, explanation: crate::text::cut_to(explanation, MAX_EXPLANATION) }
}

impl<'c, 'a> Computer<'c, 'a> {
    pub fn new(ctx: &'c Ctx<'a>) -> Self {
        Computer { ctx, adjusted: None, adjusted_fore: None, bh: None, tpr: None, ptp: None }
    }

    /// The values of `t` for every entrant (not DE, which depends on the order).
    pub fn values(&mut self, t: Tiebreak, eigenvector: Option<&[Option<f64>]>) -> Vec<TiebreakValue> {
        use Tiebreak::*;
        let n = self.ctx.n();
        match t {
            Bh | BhC1 | BhC2 | BhM1 | BhM2 => (0..n).map(|p| self.buchholz(t, p, false, false)).collect(),
            Fb | FbC1 => (0..n).map(|p| self.buchholz(t, p, true, false)).collect(),
            Sb | SbC1 | SbC2 | SbM1 | SbM2 => (0..n).map(|p| self.buchholz(t, p, false, true)).collect(),
            Aob => self.aob(),
            Win | Won | Bpg | Bwg | Rep => (0..n).map(|p| self.count(t, p)).collect(),
            Std => (0..n).map(|p| self.standard(p)).collect(),
            Tpn | TpnR => (0..n).map(|p| self.pairing_number(t, p)).collect(),
            Rtng | RtngR => self.own_ratings(t),
            Ps | PsC1 => (0..n).map(|p| self.progressive(t, p)).collect(),
            Ks => self.koya(),
            Aro | AroC1 => (0..n).map(|p| self.aro(t, p)).collect(),
            Tpr => self.tpr_all().to_vec(),
            Ptp => self.ptp_all().to_vec(),
            Apro => self.average_of_opponents(Apro),
            Appo => self.average_of_opponents(Appo),
            Eig => (0..n)
                .map(|p| match eigenvector.and_then(|v| v.get(p).copied().flatten()) {
                    Some(x) => tv(
                        Eig,
                        Some(x),
                        format!("Brent's eigenvector rating {}: from the whole results graph, not from sums of opponents' scores", num(x)),
                    ),
                    None => tv(Eig, None, "no eigenvector rating was supplied for this player".into()),
                })
                .collect(),
            De => unreachable!("direct encounter is computed by the standings"),
        }
    }

    fn adjusted_all(&mut self, fore: bool) -> &[Adjusted] {
        let ctx = self.ctx;
        let slot = if fore { &mut self.adjusted_fore } else { &mut self.adjusted };
        slot.get_or_insert_with(|| (0..ctx.n()).map(|p| ctx.adjusted(p, fore)).collect())
    }

    /// The terms of a Buchholz-like sum (16.2-16.4): a game against an opponent adds their
    /// adjusted score; an unplayed round adds a virtual opponent with the participant's own
    /// score (capped under the 2026 rules); with pre-determined pairings a forfeit is a game
    /// against the scheduled opponent and a round without one adds nothing.
    fn terms(&mut self, p: usize, fore: bool, sb: bool) -> Vec<Term> {
        let ctx = self.ctx;
        self.adjusted_all(fore);
        let adj: &[Adjusted] = if fore { self.adjusted_fore.as_deref() } else { self.adjusted.as_deref() }.expect("computed");
        let last = ctx.rounds.saturating_sub(1);
        let mut out = Vec::new();
        for r in 0..ctx.rounds {
            let result = ctx.result(p, r);
            let pts = ctx.pts(p, r);
            let opp = ctx.opponent(p, r);
            let as_game = opp.filter(|_| ctx.predetermined || ctx.played(p, r) || (fore && r == last));
            let (score, vur, mut text) = if let Some(o) = as_game {
                let a = &adj[o];
                let mut text = format!("R{} {} {}", r + 1, ctx.who(o), num(a.score));
                let mut notes = Vec::new();
                if !a.as_draws.is_empty() {
                    notes.push(format!("R{} unplayed at the end as draws", list(&a.as_draws)));
                }
                if a.fore {
                    notes.push("last round drawn".to_string());
                }
                if !ctx.played(p, r) {
                    notes.push(format!("{}, counted as played", unplayed_kind(result)));
                }
                if !notes.is_empty() {
                    text.push_str(&format!(" ({})", notes.join("; ")));
                }
                (a.score, false, text)
            } else if ctx.predetermined {
                continue;
            } else {
                let own = adj[p].own;
                let (score, cap) = match ctx.rules {
                    Rules::Fide2023 => (own, String::new()),
                    Rules::Fide2026 => match opp {
                        Some(o) if adj[o].score < own - EPS => {
                            (adj[o].score, format!(", capped at {}'s {}", ctx.who(o), num(adj[o].score)))
                        }
                        Some(_) => (own, String::new()),
                        None => {
                            let limit = ctx.draw() * ctx.rounds as f64;
                            if limit < own - EPS {
                                (limit, format!(", capped at {}, a draw every round", num(limit)))
                            } else {
                                (own, String::new())
                            }
                        }
                    },
                };
                let fore_words = if adj[p].fore { " with the last round drawn" } else { "" };
                let text = format!(
                    "R{} {}: virtual opponent {} (own score {}{fore_words}{cap})",
                    r + 1,
                    unplayed_kind(result),
                    num(score),
                    num(own)
                );
                (score, ctx.vur(p, r), text)
            };
            let factor = if sb { ctx.sb_factor(p, r) } else { pts };
            let value = if sb { score * factor } else { score };
            if sb {
                text.push_str(&format!(" ×{}", num(factor)));
            }
            out.push(Term { round: r + 1, score, value, vur, text });
        }
        out
    }

    fn buchholz(&mut self, t: Tiebreak, p: usize, fore: bool, sb: bool) -> TiebreakValue {
        let terms = self.terms(p, fore, sb);
        let Cut { low, high } = t.cut();
        let (kept, cut) = cut_terms(terms.clone(), low, high);
        let value: f64 = kept.iter().map(|k| k.value).sum::<f64>() + 0.0;
        let what = if sb {
            "opponents' scores × results"
        } else if fore {
            "opponents' scores, last-round games as draws"
        } else {
            "opponents' scores"
        };
        let mut text =
            format!("{} {} = {what}: {}", t.code(), num(value), terms.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(", "));
        if terms.is_empty() {
            text = format!("{} 0: no opponents", t.code());
        }
        if !cut.is_empty() {
            let c: Vec<String> = cut
                .iter()
                .map(|c| format!("R{} ({}{})", c.round, num(c.value), if c.vur { ", voluntarily unplayed" } else { "" }))
                .collect();
            text.push_str(&format!("; cut {}", c.join(", ")));
        }
        tv(t, Some(value), text)
    }

    fn bh_all(&mut self) -> Vec<TiebreakValue> {
        if self.bh.is_none() {
            let v = (0..self.ctx.n()).map(|p| self.buchholz(Tiebreak::Bh, p, false, false)).collect();
            self.bh = Some(v);
        }
        self.bh.clone().unwrap()
    }

    /// Average of the Buchholz of the opponents met over the board (8.2), to two decimals.
    fn aob(&mut self) -> Vec<TiebreakValue> {
        let bh = self.bh_all();
        let ctx = self.ctx;
        (0..ctx.n())
            .map(|p| {
                let opps: Vec<usize> = (0..ctx.rounds).filter(|&r| ctx.played(p, r)).filter_map(|r| ctx.opponent(p, r)).collect();
                if opps.is_empty() {
                    return tv(Tiebreak::Aob, None, "no games played over the board".into());
                }
                let sum: f64 = opps.iter().map(|&o| bh[o].value.unwrap_or(0.0)).sum();
                let avg = (sum / opps.len() as f64 * 100.0 + 0.5 + EPS).floor() / 100.0;
                let parts: Vec<String> = opps.iter().map(|&o| format!("{} {}", ctx.who(o), num(bh[o].value.unwrap_or(0.0)))).collect();
                let of = if opps.len() == 1 { "the opponent".to_string() } else { format!("the {} opponents", opps.len()) };
                tv(Tiebreak::Aob, Some(avg), format!("AOB {} = average Buchholz of {of} played: {}", num(avg), parts.join(", ")))
            })
            .collect()
    }

    fn count(&self, t: Tiebreak, p: usize) -> TiebreakValue {
        let ctx = self.ctx;
        let win = ctx.scoring.win;
        let mut rounds: Vec<String> = Vec::new();
        for r in 0..ctx.rounds {
            let res = ctx.result(p, r);
            let played = ctx.played(p, r);
            let black = ctx.colour(p, r) == Some(Colour::Black);
            let counts = match t {
                Tiebreak::Win => (ctx.pts(p, r) - win).abs() < EPS,
                Tiebreak::Won => played && ctx.won(p, r),
                Tiebreak::Bpg => played && black,
                Tiebreak::Bwg => played && black && ctx.won(p, r),
                _ => !ctx.vur(p, r),
            };
            if counts {
                rounds.push(if played { format!("R{}", r + 1) } else { format!("R{} ({})", r + 1, unplayed_kind(res)) });
            }
        }
        let what = match t {
            Tiebreak::Win => "rounds scored as a win, played or not",
            Tiebreak::Won => "games won over the board",
            Tiebreak::Bpg => "games played with black",
            Tiebreak::Bwg => "games won with black",
            _ => "rounds not voluntarily unplayed (byes H/Z, forfeit losses and unpaired rounds are not)",
        };
        let text = if rounds.is_empty() {
            format!("{} 0: no {what}", t.code())
        } else {
            format!("{} {} = {what}: {}", t.code(), rounds.len(), rounds.join(", "))
        };
        tv(t, Some(rounds.len() as f64), text)
    }

    /// Standard points (C.07 7.7): a game counts 1, ½ or 0 as the participant scored more than,
    /// as much as or less than the opponent (a game the arbiter scored ½-0 is 1 to the ½); a
    /// round won or lost without playing (byes, forfeits, a double forfeit) by its points
    /// against a draw's, so that a forfeit win is 1, a half-point bye ½, a double forfeit 0.
    fn standard(&self, p: usize) -> TiebreakValue {
        let ctx = self.ctx;
        let mut value = 0.0;
        let mut parts = Vec::new();
        for r in 0..ctx.rounds {
            let own = ctx.pts(p, r);
            let (than, whom) = match ctx.opponent(p, r).filter(|_| ctx.played(p, r)) {
                // A score no result gives (the arbiter's ½-0, 0-0): the two scores, which decide.
                Some(o) if !standard_pair(own, ctx.pts(o, r), &ctx.scoring) => {
                    (ctx.pts(o, r), format!(" (scored {}-{})", num(own), num(ctx.pts(o, r))))
                }
                Some(o) => (ctx.pts(o, r), String::new()),
                None => (ctx.draw(), format!(" ({}, against a draw's {})", unplayed_kind(ctx.result(p, r)), num(ctx.draw()))),
            };
            let std = if own > than + EPS {
                1.0
            } else if (own - than).abs() <= EPS {
                0.5
            } else {
                0.0
            };
            value += std;
            parts.push(format!("R{} {}{whom}", r + 1, num(std)));
        }
        let list = if parts.is_empty() { "no rounds".to_string() } else { parts.join(", ") };
        tv(Tiebreak::Std, Some(value), format!("STD {} = the rounds counted 1/½/0 whatever the point system: {list}", num(value)))
    }

    /// The tournament pairing number (C.07 7.8): the start number, the lower ranking higher
    /// (TPN) or, reversed, the higher (TPN-R).
    fn pairing_number(&self, t: Tiebreak, p: usize) -> TiebreakValue {
        let start = self.ctx.t.entrants[p].start;
        let first = if t.lower_is_better() { "lower" } else { "higher" };
        tv(t, Some(f64::from(start)), format!("{} {start}: the pairing (start) number; the {first} ranks higher", t.code()))
    }

    /// The participants' own ratings (C.07 10.6). With an unrated participant and no rating
    /// fixed for the unrated, C.07 10 drops the rating tiebreaks: no value for anyone, so that
    /// RTNG separates no one rather than ranking the unrated last by default.
    fn own_ratings(&self, t: Tiebreak) -> Vec<TiebreakValue> {
        let ctx = self.ctx;
        let unrated: Vec<usize> = (0..ctx.n()).filter(|&p| ctx.rating(p).is_none()).collect();
        (0..ctx.n())
            .map(|p| match ctx.rating(p).filter(|_| unrated.is_empty()) {
                None => {
                    let names: Vec<String> = unrated.iter().take(3).map(|&o| ctx.who(o)).collect();
                    let more = if unrated.len() > 3 { format!(" and {} more", unrated.len() - 3) } else { String::new() };
                    let text = format!(
                        "{} not applied: unrated players take part ({}{more}) and no rating is fixed for them (C.07 10)",
                        t.code(),
                        names.join(", ")
                    );
                    tv(t, None, text)
                }
                Some(r) if ctx.t.entrants[p].rating.is_some_and(|own| own > 0) => {
                    let first = if t.lower_is_better() { "lower" } else { "higher" };
                    tv(t, Some(r as f64), format!("{} {r}: the player's rating; the {first} ranks higher", t.code()))
                }
                Some(r) => tv(t, Some(r as f64), format!("{} {r}: unrated, the rating fixed for unrated players", t.code())),
            })
            .collect()
    }

    fn progressive(&self, t: Tiebreak, p: usize) -> TiebreakValue {
        let ctx = self.ctx;
        let mut running = 0.0;
        let cumulative: Vec<f64> = (0..ctx.rounds)
            .map(|r| {
                running += ctx.pts(p, r);
                running
            })
            .collect();
        let low = t.cut().low.min(cumulative.len());
        let value: f64 = cumulative[low..].iter().sum();
        let list: Vec<String> = cumulative.iter().map(|&x| num(x)).collect();
        let mut text = format!("{} {} = sum of the running scores after each round: {}", t.code(), num(value), list.join(", "));
        if low > 0 {
            text.push_str(&format!(
                "; cut the first {} ({})",
                if low == 1 { "round".to_string() } else { format!("{low} rounds") },
                list[..low].join(", ")
            ));
        }
        tv(t, Some(value), text)
    }

    /// Koya (9.2): points scored against the opponents who finished with at least half the
    /// points possible.
    fn koya(&self) -> Vec<TiebreakValue> {
        let ctx = self.ctx;
        let n = ctx.n();
        let mut games = ctx.rounds;
        // A round robin with an odd number of players: every player sits out a round per cycle.
        if ctx.predetermined && n > 0 && ctx.rounds % n == 0 {
            games -= ctx.rounds / n;
        }
        let limit = 0.5 * ctx.scoring.win * games as f64;
        (0..n)
            .map(|p| {
                let mut value = 0.0;
                let mut parts = Vec::new();
                for r in 0..ctx.rounds {
                    let Some(o) = ctx.opponent(p, r) else { continue };
                    if ctx.points[o] >= limit - EPS {
                        value += ctx.pts(p, r);
                        let how = if ctx.played(p, r) { String::new() } else { format!(", {}", unplayed_kind(ctx.result(p, r))) };
                        parts.push(format!("R{} {} {}{how}", r + 1, ctx.who(o), num(ctx.pts(p, r))));
                    }
                }
                let list = if parts.is_empty() { "none".to_string() } else { parts.join(", ") };
                tv(
                    Tiebreak::Ks,
                    Some(value),
                    format!("KS {} = points against opponents with at least {} (half of {games} games): {list}", num(value), num(limit)),
                )
            })
            .collect()
    }

    /// The games over the board against opponents with a rating, and the unrated opponents.
    /// The ratings of p's rated opponents, p's score against them, and the note on unrated
    /// opponents left out: what TPR and PTP start from.
    fn rated_summary(&self, p: usize) -> (Vec<i64>, f64, String) {
        let (games, unrated) = self.rated_games(p);
        let ratings = games.iter().map(|g| g.rating).collect();
        let score = games.iter().map(|g| g.score).sum();
        (ratings, score, self.unrated_note(&unrated))
    }

    fn rated_games(&self, p: usize) -> (Vec<RatedGame>, Vec<usize>) {
        let ctx = self.ctx;
        let mut games = Vec::new();
        let mut unrated = Vec::new();
        for r in 0..ctx.rounds {
            if !ctx.played(p, r) {
                continue;
            }
            let o = ctx.opponent(p, r).expect("played");
            let score = match ctx.result(p, r) {
                RoundResult::Win | RoundResult::WinUnrated => 1.0,
                RoundResult::Draw | RoundResult::DrawUnrated => 0.5,
                _ => 0.0,
            };
            match ctx.rating(o) {
                Some(rating) => games.push(RatedGame { opponent: o, rating, score }),
                None => unrated.push(o),
            }
        }
        (games, unrated)
    }

    fn unrated_note(&self, unrated: &[usize]) -> String {
        if unrated.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = unrated.iter().map(|&o| self.ctx.who(o)).collect();
            format!("; unrated opponents left out (no rating given for unrated players): {}", names.join(", "))
        }
    }

    fn aro(&self, t: Tiebreak, p: usize) -> TiebreakValue {
        let (mut games, unrated) = self.rated_games(p);
        let mut cut = String::new();
        if t.cut().low > 0 && !games.is_empty() {
            let i = (0..games.len()).min_by_key(|&i| games[i].rating).expect("non-empty");
            let g = games.remove(i);
            cut = format!("; cut the lowest, {} {}", self.ctx.who(g.opponent), g.rating);
        }
        let ratings: Vec<i64> = games.iter().map(|g| g.rating).collect();
        let note = self.unrated_note(&unrated);
        match rating::average_rating(&ratings) {
            Some(a) => {
                let list: Vec<String> = games.iter().map(|g| format!("{} {}", self.ctx.who(g.opponent), g.rating)).collect();
                tv(
                    t,
                    Some(a as f64),
                    format!("{} {a} = average rating of the opponents played, rounded: {}{cut}{note}", t.code(), list.join(", ")),
                )
            }
            None if cut.is_empty() => tv(t, None, format!("{}: no rated opponents played over the board{note}", t.code())),
            None => {
                tv(t, None, format!("{}: none left after the cut{}{note}", t.code(), cut.replacen("; cut the lowest", " of the lowest", 1)))
            }
        }
    }

    fn tpr_all(&mut self) -> &[TiebreakValue] {
        if self.tpr.is_none() {
            let v = (0..self.ctx.n())
                .map(|p| {
                    let (ratings, score, note) = self.rated_summary(p);
                    match rating::tpr(score, &ratings) {
                        Some(x) => {
                            let aro = rating::average_rating(&ratings).unwrap_or(0);
                            let d = rating::dp(score, ratings.len());
                            tv(
                                Tiebreak::Tpr,
                                Some(x as f64),
                                format!(
                                    "TPR {x} = average opponents' rating {aro} {} dp {} for {}/{} ({:.2}){note}",
                                    if d < 0 { "-" } else { "+" },
                                    d.abs(),
                                    num(score),
                                    ratings.len(),
                                    score / ratings.len() as f64
                                ),
                            )
                        }
                        None => tv(Tiebreak::Tpr, None, format!("TPR: no rated opponents played over the board{note}")),
                    }
                })
                .collect();
            self.tpr = Some(v);
        }
        self.tpr.as_deref().unwrap()
    }

    fn ptp_all(&mut self) -> &[TiebreakValue] {
        if self.ptp.is_none() {
            let v = (0..self.ctx.n())
                .map(|p| {
                    let (ratings, score, note) = self.rated_summary(p);
                    let list: Vec<String> = ratings.iter().map(|r| r.to_string()).collect();
                    match rating::ptp(score, &ratings) {
                        Some(x) => {
                            let how = if score <= EPS {
                                "no points: the lowest opponent's rating - 800".to_string()
                            } else if score >= ratings.len() as f64 - EPS {
                                "all the points: the lowest rating expected to win every game, 736 above the highest-rated opponent (FIDE table)"
                                    .to_string()
                            } else {
                                format!("the lowest rating expected to score {} (FIDE table) against {}", num(score), list.join(", "))
                            };
                            tv(Tiebreak::Ptp, Some(x as f64), format!("PTP {x} = {how}{note}"))
                        }
                        None => tv(Tiebreak::Ptp, None, format!("PTP: no rated opponents played over the board{note}")),
                    }
                })
                .collect();
            self.ptp = Some(v);
        }
        self.ptp.as_deref().unwrap()
    }

    /// APRO / APPO: the average of the opponents' TPR / PTP, rounded.
    fn average_of_opponents(&mut self, t: Tiebreak) -> Vec<TiebreakValue> {
        let of = if t == Tiebreak::Apro { self.tpr_all().to_vec() } else { self.ptp_all().to_vec() };
        let ctx = self.ctx;
        let inner = if t == Tiebreak::Apro { "TPR" } else { "PTP" };
        (0..ctx.n())
            .map(|p| {
                let opps: Vec<usize> = (0..ctx.rounds).filter(|&r| ctx.played(p, r)).filter_map(|r| ctx.opponent(p, r)).collect();
                let vals: Vec<(usize, i64)> = opps.iter().filter_map(|&o| of[o].value.map(|v| (o, v as i64))).collect();
                let ratings: Vec<i64> = vals.iter().map(|v| v.1).collect();
                match rating::average_rating(&ratings) {
                    Some(a) => {
                        let list: Vec<String> = vals.iter().map(|(o, v)| format!("{} {v}", ctx.who(*o))).collect();
                        tv(
                            t,
                            Some(a as f64),
                            format!("{} {a} = average {inner} of the opponents played, rounded: {}", t.code(), list.join(", ")),
                        )
                    }
                    None => tv(t, None, format!("{}: no opponent played over the board has a {inner}", t.code())),
                }
            })
            .collect()
    }
}

/// Whether a game's two scores are a result's (win-loss, draw-draw, loss-win).
fn standard_pair(own: f64, other: f64, s: &crate::tournament::Scoring) -> bool {
    let is = |a: f64, b: f64| (a - b).abs() < EPS;
    (is(own, s.win) && is(other, s.loss)) || (is(own, s.draw) && is(other, s.draw)) || (is(own, s.loss) && is(other, s.win))
}

/// Cuts `low` least significant and `high` most significant terms (14.1-14.4). The least
/// significant is the lowest opponent's score (and of those the lowest value); but when the
/// participant has voluntarily unplayed rounds, the lowest of those is cut instead unless the
/// least significant term is worth more (16.5).
fn cut_terms(mut terms: Vec<Term>, low: usize, high: usize) -> (Vec<Term>, Vec<Term>) {
    let mut cut = Vec::new();
    let by = |a: (f64, f64), b: (f64, f64)| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1));
    for _ in 0..low {
        if terms.is_empty() {
            break;
        }
        let least =
            (0..terms.len()).min_by(|&i, &j| by((terms[i].score, terms[i].value), (terms[j].score, terms[j].value))).expect("non-empty");
        let vur = (0..terms.len())
            .filter(|&i| terms[i].vur)
            .min_by(|&i, &j| by((terms[i].value, terms[i].score), (terms[j].value, terms[j].score)));
        let i = match vur {
            Some(v) if terms[least].value <= terms[v].value + EPS => v,
            _ => least,
        };
        cut.push(terms.remove(i));
    }
    for _ in 0..high {
        if terms.is_empty() {
            break;
        }
        let most =
            (0..terms.len()).min_by(|&i, &j| by((terms[j].score, terms[j].value), (terms[i].score, terms[i].value))).expect("non-empty");
        cut.push(terms.remove(most));
    }
    (terms, cut)
}

/// Rounds for "R{list}": "4, R5" or, for three or more in a row, "7-20".
fn list(rounds: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &r in rounds {
        match runs.last_mut() {
            Some(run) if run.1 + 1 == r => run.1 = r,
            _ => runs.push((r, r)),
        }
    }
    let mut parts = Vec::new();
    for (a, b) in runs {
        if b >= a + 2 {
            parts.push(format!("{a}-{b}"));
        } else {
            parts.extend((a..=b).map(|r| r.to_string()));
        }
    }
    parts.join(", R")
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_lists() {
        assert_eq!(super::list(&[4, 5]), "4, R5");
        assert_eq!(super::list(&[2, 7, 8, 9, 10, 12]), "2, R7-10, R12");
    }
}
