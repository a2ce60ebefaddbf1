//! The one pass over the events' places that each MM step makes: per player, its expected
//! stage wins `E_i = Σ_s x_i ∂ln D_s/∂x_i` at strengths `x`, where `D_s` is stage `s`'s
//! denominator, `Σ_{k≤D} δ_k e_k(x^(1/k))` over the players still in the event (`e_k` the
//! elementary symmetric polynomial: every subset of `k` players, each weighing the geometric
//! mean of its strengths). Without ties (`D = 1`) `D_s` is the sum of the strengths left.
//!
//! Each event's places are sorted once (in [`super::problem`]); a pass walks an event from
//! its last place up, adding each player to the running `e_j` (a suffix sum when `D = 1`),
//! which gives each stage's `D_s`; then down, summing the stages' coefficients, so that a
//! player's share of every stage it was in is its powers times one prefix sum per
//! coefficient: O(places · D²) in all, O(places) without ties.

use super::problem::{Problem, Span, Teams, UNRATED};

/// What a pass keeps between events, so that it allocates nothing.
#[derive(Default)]
pub struct Scratch {
    /// The running `e_j(x^(1/k))`, for each `k` the `k + 1` values `j = 0..=k`.
    e: Vec<f64>,
    /// Per stage of the event, the `D(D+1)/2` coefficients `e_(k−1−m)/D_s`.
    coef: Vec<f64>,
    /// Per item of the event, `x^(1/k)` for `k = 1..=D`.
    y: Vec<f64>,
    /// With teams: the sides' strengths and their expected wins.
    sides: Vec<f64>,
    side_wins: Vec<f64>,
}

/// The offset of `k`'s values in [`Scratch::e`] (`k ≥ 1`): `Σ_{j<k} (j + 1)`.
#[inline]
fn e_at(k: usize) -> usize {
    (k - 1) * (k + 2) / 2
}

/// The offset of `k`'s coefficients among a stage's (`Σ_{j<k} j`).
#[inline]
fn c_at(k: usize) -> usize {
    k * (k - 1) / 2
}

/// Per node, the expected stage wins at `x` (the dummy's games are not included); `out` is
/// resized and overwritten.
/// Returns `Σ_stages w ln D_s`, the likelihood's denominators.
pub fn expected(p: &Problem, x: &[f64], out: &mut Vec<f64>, s: &mut Scratch) -> f64 {
    if let Some(t) = &p.teams {
        return team_expected(p, t, x, out, s);
    }
    out.clear();
    out.resize(p.nodes, 0.0);
    let mut logs = Logs::default();
    if p.ties == 1 {
        untied(p, x, out, s, &mut logs);
    } else {
        tied(p, x, out, s, &mut logs);
    }
    logs.total()
}

/// [`expected`] with teams: the pass over the sides' places at the sides' strengths, each
/// member expecting what its sides expect (`∂ ln X_side/∂ ln x_i = 1`).
fn team_expected(p: &Problem, t: &Teams, x: &[f64], out: &mut Vec<f64>, s: &mut Scratch) -> f64 {
    let (mut strengths, mut wins) = (std::mem::take(&mut s.sides), std::mem::take(&mut s.side_wins));
    t.strengths(x, &mut strengths);
    let logs = expected(&t.sides, &strengths, &mut wins, s);
    out.clear();
    out.resize(p.nodes, 0.0);
    for (side, &w) in wins.iter().enumerate() {
        t.of(side).iter().for_each(|&i| out[i as usize] += w);
    }
    (s.sides, s.side_wins) = (strengths, wins);
    logs
}

/// Sums of logarithms taken as products, one logarithm when the product nears the ends of the
/// floating-point range (a logarithm per stage would cost as much as the rest of the pass).
struct Logs {
    product: f64,
    sum: f64,
}

impl Default for Logs {
    fn default() -> Logs {
        Logs { product: 1.0, sum: 0.0 }
    }
}

impl Logs {
    #[inline]
    fn add(&mut self, d: f64, weight: f64) {
        if weight == 1.0 {
            self.product *= d;
            if !(1e-150..=1e150).contains(&self.product) {
                self.sum += self.product.ln();
                self.product = 1.0;
            }
        } else {
            self.sum += weight * d.ln();
        }
    }

    fn total(&self) -> f64 {
        self.sum + self.product.ln()
    }
}

/// [`expected`] without ties: suffix sums of the strengths give each stage's `S_s`, prefix
/// sums of `w/S_s` each player's share, `x_i Σ_(s ≤ its stage) w/S_s`.
fn untied(p: &Problem, x: &[f64], out: &mut [f64], s: &mut Scratch, logs: &mut Logs) {
    for ev in &p.events {
        let (a, len, nstages) = (ev.start as usize, ev.len as usize, ev.stages as usize);
        let (items, stages) = (&p.item[a..a + len], &p.stage[a..a + len]);
        s.coef.clear();
        s.coef.resize(nstages, 0.0);
        let mut sum = 0.0;
        for q in (0..len).rev() {
            sum += x[items[q] as usize];
            let st = stages[q] as usize;
            if st < nstages && (q == 0 || stages[q - 1] as usize != st) {
                s.coef[st] = sum;
            }
        }
        let mut acc = 0.0;
        for c in &mut s.coef {
            logs.add(*c, ev.weight);
            acc += ev.weight / *c;
            *c = acc;
        }
        for (&i, &st) in items.iter().zip(stages) {
            let i = i as usize;
            out[i] += x[i] * s.coef[(st as usize).min(nstages - 1)];
        }
    }
}

/// [`expected`] with ties (`D ≥ 2`): a two-player event (a game) by [`pair`], any other by
/// [`tied_event`].
fn tied(p: &Problem, x: &[f64], out: &mut [f64], s: &mut Scratch, logs: &mut Logs) {
    for ev in &p.events {
        if ev.len == 2 {
            pair(p.delta[1], x, ev, &p.item[ev.start as usize..ev.start as usize + 2], out, logs);
        } else {
            tied_event(p, ev, x, out, s, logs);
        }
    }
}

/// [`tied_event`] on a two-player event, in closed form: `e_k` of two players is 0 for
/// `k ≥ 3`, so their stage's denominator is `D = x_a + x_b + δ_2 √(x_a x_b)` and each expects
/// `(x_i + δ_2/2 · √(x_a x_b))/D` of it; a win's second stage, the loser alone, is a choice of
/// one from one (`D = x_b`, the loser expecting 1). A million games' pass took 60–70 ms by
/// the running sums.
#[inline]
fn pair(delta: f64, x: &[f64], ev: &Span, items: &[u32], out: &mut [f64], logs: &mut Logs) {
    let (a, b) = (items[0] as usize, items[1] as usize);
    let (xa, xb) = (x[a], x[b]);
    // √x_a · √x_b, not √(x_a x_b): the product of two extreme strengths can overflow.
    let tie = delta * xa.sqrt() * xb.sqrt();
    let denom = xa + xb + tie;
    logs.add(denom, ev.weight);
    let each = ev.weight / denom;
    out[a] += each * (xa + 0.5 * tie);
    out[b] += each * (xb + 0.5 * tie);
    if ev.stages == 2 {
        logs.add(xb, ev.weight);
        out[b] += ev.weight;
    }
}

/// One event's expected stage wins with ties: the running `e_j(x^(1/k))` for every `k ≤ D`.
fn tied_event(p: &Problem, ev: &Span, x: &[f64], out: &mut [f64], s: &mut Scratch, logs: &mut Logs) {
    let d = p.ties;
    let per_stage = c_at(d + 1);
    let (a, len) = (ev.start as usize, ev.len as usize);
    let items = &p.item[a..a + len];
    let stages = &p.stage[a..a + len];
    let nstages = ev.stages as usize;
    s.e.clear();
    s.e.resize(e_at(d + 1), 0.0);
    for k in 1..=d {
        s.e[e_at(k)] = 1.0;
    }
    s.coef.clear();
    s.coef.resize(nstages * per_stage, 0.0);
    s.y.clear();
    s.y.resize(len * d, 0.0);
    // Up from the last place: each item joins the running e_j; at a stage's first item
    // the running values are the stage's.
    for q in (0..len).rev() {
        let xi = x[items[q] as usize];
        for k in 1..=d {
            let y = power(xi, k);
            s.y[q * d + k - 1] = y;
            let e = &mut s.e[e_at(k)..e_at(k) + k + 1];
            for j in (1..=k).rev() {
                e[j] += y * e[j - 1];
            }
        }
        let st = stages[q] as usize;
        if st < nstages && (q == 0 || stages[q - 1] as usize != st) {
            let denom: f64 = (1..=d).map(|k| p.delta[k - 1] * s.e[e_at(k) + k]).sum();
            logs.add(denom, ev.weight);
            let c = &mut s.coef[st * per_stage..(st + 1) * per_stage];
            for k in 1..=d {
                for m in 0..k {
                    c[c_at(k) + m] = s.e[e_at(k) + k - 1 - m] / denom;
                }
            }
        }
    }
    // Prefix sums over the stages: a player at stage t was in stages 0..=t.
    for st in 1..nstages {
        let (before, now) = s.coef.split_at_mut(st * per_stage);
        let prev = &before[(st - 1) * per_stage..];
        now[..per_stage].iter_mut().zip(prev).for_each(|(c, p)| *c += p);
    }
    for q in 0..len {
        let st = (stages[q] as usize).min(nstages - 1);
        let c = &s.coef[st * per_stage..(st + 1) * per_stage];
        let y = &s.y[q * d..(q + 1) * d];
        out[items[q] as usize] += ev.weight * share(p, c, y);
    }
}

/// A player's share of the stages it was in: `Σ_k (δ_k/k) Σ_m (−1)^m y_k^(m+1) C_(k,m)`,
/// the prefix sums `C` of the coefficients, `y_k = x^(1/k)`.
#[inline]
fn share(p: &Problem, c: &[f64], y: &[f64]) -> f64 {
    let mut total = y[0] * c[0];
    for k in 2..=p.ties {
        let yk = y[k - 1];
        let (mut pow, mut sign, mut sum) = (yk, 1.0, 0.0);
        for m in 0..k {
            sum += sign * pow * c[c_at(k) + m];
            pow *= yk;
            sign = -sign;
        }
        total += p.delta[k - 1] / k as f64 * sum;
    }
    total
}

/// `x^(1/k)`.
#[inline]
fn power(x: f64, k: usize) -> f64 {
    match k {
        1 => x,
        2 => x.sqrt(),
        3 => x.cbrt(),
        _ => x.powf(1.0 / k as f64),
    }
}

/// The log-likelihood at `x` (strengths per node, the dummy's games included), what the MM
/// iteration never lowers; σ's games against oneself add a constant and are left out.
pub fn log_likelihood(p: &Problem, x: &[f64]) -> f64 {
    let mut total = match &p.teams {
        Some(t) => {
            let mut strengths = Vec::new();
            t.strengths(x, &mut strengths);
            log_likelihood(&t.sides, &strengths)
        }
        None => 0.0,
    };
    let mut e: Vec<f64> = Vec::new();
    for ev in &p.events {
        let (a, len) = (ev.start as usize, ev.len as usize);
        let (items, stages) = (&p.item[a..a + len], &p.stage[a..a + len]);
        let mut q = 0;
        while q < len {
            let st = stages[q];
            let end = q + stages[q..].iter().take_while(|&&s| s == st).count();
            if st >= ev.stages {
                break;
            }
            let t = end - q;
            let chosen: f64 = items[q..end].iter().map(|&i| x[i as usize].ln()).sum::<f64>() / t as f64;
            let denom = denominator(p, &items[q..], x, &mut e);
            total += ev.weight * (p.delta[t - 1].ln() + chosen - denom.ln());
            q = end;
        }
    }
    if p.gamma > 0.0 {
        let xd = x[p.n];
        for i in (0..p.n).filter(|&i| p.hub[i]) {
            total += p.gamma / 2.0 * (x[i].ln() + xd.ln()) - p.gamma * (x[i] + xd).ln();
        }
    }
    total
}

/// `D = Σ_k δ_k e_k(x^(1/k))` over the players `risk`.
pub fn denominator(p: &Problem, risk: &[u32], x: &[f64], e: &mut Vec<f64>) -> f64 {
    let mut denom = 0.0;
    for k in 1..=p.ties {
        e.clear();
        e.resize(k + 1, 0.0);
        e[0] = 1.0;
        for &i in risk {
            let y = power(x[i as usize], k);
            for j in (1..=k).rev() {
                e[j] += y * e[j - 1];
            }
        }
        denom += p.delta[k - 1] * e[k];
    }
    denom
}

/// Whether node `i` takes part in the fit.
#[inline]
pub fn rated(p: &Problem, i: usize) -> bool {
    p.group[i] != UNRATED
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::plackett_luce::PlackettLuceParams;
    use crate::model::{Dataset, Event};

    /// Four players: a full ranking, a top-2 of four, a tie of two, a tie of three.
    fn small() -> Dataset {
        let mut d = Dataset::new();
        let [a, b, c, e] = ["A", "B", "C", "D"].map(|n| d.player(n).unwrap());
        d.events.push(Event::ranked("1", vec![(a, 1), (b, 2), (c, 3), (e, 4)], 2));
        let mut top = Event::ranked("2", vec![(c, 1), (a, 2)], 3);
        top.unranked = vec![b, e];
        d.events.push(top);
        d.events.push(Event::ranked("3", vec![(b, 1), (e, 1), (a, 3)], 4));
        d.events.push(Event::ranked("4", vec![(e, 1), (c, 2), (a, 2), (b, 2)], 5));
        d.add_game("A", "D", 0.5);
        d
    }

    #[test]
    fn the_expected_wins_are_the_derivatives_of_the_denominators() {
        let d = small();
        let p = Problem::new(&d, &PlackettLuceParams { delta: 0.7, ..Default::default() });
        assert_eq!(p.ties, 3);
        let x = [1.3, 0.4, 2.2, 0.9];
        let mut e = Vec::new();
        let logs = expected(&p, &x, &mut e, &mut Scratch::default());
        // Σ w ln D_s and x_i ∂/∂x_i of it by central differences.
        let total = |x: &[f64]| {
            let mut sum = 0.0;
            let mut buf = Vec::new();
            for ev in &p.events {
                let a = ev.start as usize;
                for q in 0..ev.len as usize {
                    let st = p.stage[a + q];
                    if st < ev.stages && (q == 0 || p.stage[a + q - 1] != st) {
                        sum += ev.weight * denominator(&p, &p.item[a + q..a + ev.len as usize], x, &mut buf).ln();
                    }
                }
            }
            sum
        };
        assert!((logs - total(&x)).abs() < 1e-12, "{logs} against {}", total(&x));
        for i in 0..4 {
            let h = 1e-6;
            let (mut up, mut down) = (x, x);
            up[i] *= (h as f64).exp();
            down[i] *= (-h as f64).exp();
            let want = (total(&up) - total(&down)) / (2.0 * h);
            assert!((e[i] - want).abs() < 1e-8, "player {i}: {} against {want}", e[i]);
        }
        // Wins: a tie of t counts 1/t (a full ranking's last player wins the last stage, alone);
        // the game's draw is a tie of two.
        let third = 1.0 / 3.0;
        assert_eq!(p.wins, vec![1.0 + 1.0 + 1.0 + third + 0.5, 1.0 + 0.5 + third, 1.0 + 1.0 + third, 1.0 + 0.5 + 1.0 + 0.5]);
    }

    /// A two-player event's closed form ([`pair`]) is the running sums' ([`tied_event`]): a
    /// win, a draw, a winner beside an unranked player, with three-way ties elsewhere (so
    /// `D = 3`), at ordinary and at extreme strengths.
    #[test]
    fn a_games_closed_form_is_the_running_sums() {
        let mut d = small();
        let [a, b, c, e] = [0, 1, 2, 3];
        d.events.push(Event::ranked("win", vec![(c, 1), (b, 2)], 6));
        d.events.push(Event::ranked("draw", vec![(b, 1), (c, 1)], 7));
        let mut alone = Event::ranked("alone", vec![(e, 1)], 8);
        alone.unranked = vec![a];
        d.events.push(alone);
        let p = Problem::new(&d, &PlackettLuceParams { delta: 0.7, ..Default::default() });
        assert_eq!(p.ties, 3);
        let pairs: Vec<&Span> = p.events.iter().filter(|ev| ev.len == 2).collect();
        assert_eq!(pairs.iter().map(|ev| ev.stages).collect::<Vec<_>>(), vec![2, 1, 1, 1]);
        for x in [[1.3, 0.4, 2.2, 0.9], [1e-150, 3.0, 1e150, 1e149]] {
            for ev in &pairs {
                let (mut want, mut got) = (vec![0.0; 4], vec![0.0; 4]);
                let (mut want_logs, mut got_logs) = (Logs::default(), Logs::default());
                tied_event(&p, ev, &x, &mut want, &mut Scratch::default(), &mut want_logs);
                pair(p.delta[1], &x, ev, &p.item[ev.start as usize..ev.start as usize + 2], &mut got, &mut got_logs);
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w).abs() <= 1e-14 * w.abs().max(1.0), "{x:?}, {}: {got:?} against {want:?}", ev.start);
                }
                let (g, w) = (got_logs.total(), want_logs.total());
                assert!((g - w).abs() <= 1e-13 * w.abs().max(1.0), "{x:?}: {g} against {w}");
            }
        }
    }

    #[test]
    fn the_log_likelihood_of_one_ranking_is_luces_product() {
        let mut d = Dataset::new();
        let [a, b, c] = ["A", "B", "C"].map(|n| d.player(n).unwrap());
        d.events.push(Event::ranked("1", vec![(a, 1), (b, 2), (c, 3)], 2));
        d.events.push(Event::ranked("2", vec![(c, 1), (a, 2), (b, 3)], 3));
        let p = Problem::new(&d, &PlackettLuceParams::default());
        let x = [2.0, 1.0, 0.5];
        let want = (2.0 / 3.5 * 1.0 / 1.5 * 1.0f64).ln() + (0.5 / 3.5 * 2.0 / 3.0f64).ln();
        assert!((log_likelihood(&p, &x) - want).abs() < 1e-14);
    }
}
