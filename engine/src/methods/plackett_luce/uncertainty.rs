//! Standard errors of the Plackett–Luce ratings from the Fisher information, as Brent's
//! ([`crate::methods::brent::uncertainty`]): the observed information of the log-likelihood in
//! the log-strengths `r`, `H = Σ_stages ∇² ln D_s` (the chosen players' terms are linear in
//! `r`), plus the dummy's games; with the scale fixed by measuring each rating from its
//! group's mean, the covariance is `(H + J/n)⁻¹` seen through that contrast. Groups above
//! [`MAX_GROUP`] get `1/√H_ii`.
//!
//! For one stage, with `y_a = x_a^(1/k)`: `∂D/∂r_a = Σ_k δ_k/k · y_a e_(k−1)(y without a)` and
//! `∂²D/∂r_a∂r_b = Σ_k δ_k/k² · y_a y_b e_(k−2)(y without a, b)` (`a ≠ b`; on the diagonal
//! `Σ_k δ_k/k² · y_a e_(k−1)(y without a)`), and `∇² ln D = D''/D − D'D'ᵀ/D²`: without ties,
//! the multinomial `p_a(δ_ab − p_b)`.

use super::problem::{Problem, Teams, UNRATED};
use crate::linalg::{dot, packed_index, packed_len, Cholesky};

pub use crate::methods::brent::uncertainty::MAX_GROUP;

/// Per node, the standard error of its log-strength, where it can be had.
pub struct StandardErrors {
    pub se: Vec<Option<f64>>,
}

/// Per node, the standard error of its log-strength (exact up to [`MAX_GROUP`] players a
/// group, `1/√H_ii` beyond).
pub fn standard_errors(p: &Problem, x: &[f64]) -> StandardErrors {
    let mut se = vec![None; p.nodes];
    let groups = p.group_size.len();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); groups];
    for i in 0..p.nodes {
        if p.group[i] != UNRATED {
            members[p.group[i] as usize].push(i);
        }
    }
    let mut local = vec![usize::MAX; p.nodes];
    for m in &members {
        m.iter().enumerate().for_each(|(k, &i)| local[i] = k);
    }
    let dense: Vec<bool> = members.iter().map(|m| m.len() <= MAX_GROUP).collect();
    let mut h: Vec<Vec<f64>> = members.iter().zip(&dense).map(|(m, &d)| vec![0.0; if d { packed_len(m.len()) } else { m.len() }]).collect();
    let diagonal = !dense.iter().zip(&members).any(|(&d, m)| d && m.len() >= 2);
    let mut add = |a: usize, b: usize, v: f64| {
        let g = p.group[a] as usize;
        let (la, lb) = (local[a], local[b]);
        if dense[g] {
            h[g][packed_index(la.max(lb), la.min(lb))] += v;
        } else if a == b {
            h[g][la] += v;
        }
    };
    if let Some(t) = &p.teams {
        team_information(p, t, x, &mut add);
    } else if diagonal && p.ties == 1 {
        untied_diagonal(p, x, &mut add);
    } else {
        information(p, x, diagonal, &mut add);
    }
    for (g, m) in members.iter().enumerate() {
        if m.len() < 2 {
            continue;
        }
        let level = p.teams.as_ref().is_some_and(|t| t.level);
        let var =
            if dense[g] { covariance(std::mem::take(&mut h[g]), m, p.n, level) } else { h[g].iter().map(|&d| Some(1.0 / d)).collect() };
        for (k, &i) in m.iter().enumerate() {
            se[i] = var[k].filter(|v| *v > 0.0 && v.is_finite()).map(f64::sqrt);
        }
    }
    StandardErrors { se }
}

/// The variances of `r_i − mean(real r)` from the packed information `h` of the group `m`;
/// of `r_i` itself when the data fix the `level` (teams of different sizes).
fn covariance(mut h: Vec<f64>, m: &[usize], n: usize, level: bool) -> Vec<Option<f64>> {
    let size = m.len();
    if level {
        let Some(a) = Cholesky::factor(h, size) else { return vec![None; size] };
        return a.inverse_diagonal().into_iter().map(Some).collect();
    }
    // Only differences are identified: J/n leaves every contrast alone.
    h.iter_mut().for_each(|v| *v += 1.0 / size as f64);
    let Some(a) = Cholesky::factor(h, size) else { return vec![None; size] };
    let diag = a.inverse_diagonal();
    let u: Vec<f64> = m.iter().map(|&i| f64::from(u8::from(i < n))).collect();
    let mut s = u.clone();
    a.solve(&mut s);
    let total = dot(&u, &s);
    let count = u.iter().sum::<f64>();
    diag.iter().zip(&s).map(|(d, s)| Some(d - 2.0 * s / count + total / (count * count))).collect()
}

/// Calls `add(a, b, H_ab)` for every term of the observed information (`a ≥ b` by node
/// number off the diagonal is not promised: the caller folds); only `a = b` when `diagonal`
/// (every group is large: their errors are `1/√H_ii`).
fn information(p: &Problem, x: &[f64], diagonal: bool, add: &mut dyn FnMut(usize, usize, f64)) {
    let mut d1: Vec<f64> = Vec::new();
    let mut d2: Vec<f64> = Vec::new();
    for ev in &p.events {
        let (a0, len) = (ev.start as usize, ev.len as usize);
        let (items, stages) = (&p.item[a0..a0 + len], &p.stage[a0..a0 + len]);
        for q in 0..len {
            let st = stages[q];
            if st >= ev.stages || (q > 0 && stages[q - 1] == st) {
                continue;
            }
            let risk = &items[q..];
            let denom = stage_derivatives(p, risk, x, !diagonal, &mut d1, &mut d2);
            let r = risk.len();
            for a in 0..r {
                for b in (if diagonal { a } else { 0 })..=a {
                    let v = d2[a * r + b] / denom - d1[a] * d1[b] / (denom * denom);
                    add(risk[a] as usize, risk[b] as usize, ev.weight * v);
                }
            }
        }
    }
    dummy_information(p, x, add);
}

/// The information with teams: the sides' (in their log-strengths, each the sum of its
/// members'), each term `H_ab` of sides `a`, `b` added to every pair of their members (once a
/// pair within one side), then the dummy's games. Teammates who always play together are not
/// told apart: their information is singular and they get no standard error.
fn team_information(p: &Problem, t: &Teams, x: &[f64], add: &mut dyn FnMut(usize, usize, f64)) {
    let mut strengths = Vec::new();
    t.strengths(x, &mut strengths);
    information(&t.sides, &strengths, false, &mut |a, b, v| {
        let (ma, mb) = (t.of(a), t.of(b));
        for (k, &i) in ma.iter().enumerate() {
            let partners = if a == b { &mb[..=k] } else { mb };
            partners.iter().for_each(|&j| add(i as usize, j as usize, v));
        }
    });
    dummy_information(p, x, add);
}

/// [`information`]'s diagonal without ties, in one pass over the places: a stage adds
/// `p(1 − p) = x/S − x²/S²` to each player still in, so prefix sums of `1/S` and `1/S²` over the
/// stages give each player's in two products.
fn untied_diagonal(p: &Problem, x: &[f64], add: &mut dyn FnMut(usize, usize, f64)) {
    let mut sums: Vec<(f64, f64)> = Vec::new();
    for ev in &p.events {
        let (a0, len, nstages) = (ev.start as usize, ev.len as usize, ev.stages as usize);
        let (items, stages) = (&p.item[a0..a0 + len], &p.stage[a0..a0 + len]);
        sums.clear();
        sums.resize(nstages, (0.0, 0.0));
        let mut total = 0.0;
        for q in (0..len).rev() {
            total += x[items[q] as usize];
            let st = stages[q] as usize;
            if st < nstages && (q == 0 || stages[q - 1] as usize != st) {
                sums[st] = (1.0 / total, 1.0 / (total * total));
            }
        }
        for st in 1..nstages {
            sums[st] = (sums[st].0 + sums[st - 1].0, sums[st].1 + sums[st - 1].1);
        }
        for (&i, &st) in items.iter().zip(stages) {
            let (xi, (s1, s2)) = (x[i as usize], sums[(st as usize).min(nstages - 1)]);
            add(i as usize, i as usize, ev.weight * (xi * s1 - xi * xi * s2));
        }
    }
    dummy_information(p, x, add);
}

/// The dummy's games: Bradley–Terry's `γ p(1 − p)` for each player who draws it.
fn dummy_information(p: &Problem, x: &[f64], add: &mut dyn FnMut(usize, usize, f64)) {
    if p.gamma > 0.0 {
        let d = p.n;
        for i in (0..p.n).filter(|&i| p.hub[i]) {
            let q = x[i] / (x[i] + x[d]);
            let w = p.gamma * q * (1.0 - q);
            add(i, i, w);
            add(d, d, w);
            add(d, i, -w);
        }
    }
}

/// A stage's `D`, and its first and second derivatives in the log-strengths of `risk` (`d2`
/// row-major, `r × r`; off the diagonal only when `pairs`).
fn stage_derivatives(p: &Problem, risk: &[u32], x: &[f64], pairs: bool, d1: &mut Vec<f64>, d2: &mut Vec<f64>) -> f64 {
    let r = risk.len();
    d1.clear();
    d1.resize(r, 0.0);
    d2.clear();
    d2.resize(r * r, 0.0);
    let mut denom = 0.0;
    for k in 1..=p.ties {
        let y: Vec<f64> = risk.iter().map(|&i| x[i as usize].powf(1.0 / k as f64)).collect();
        let e = elementary(&y, k);
        let dk = p.delta[k - 1];
        denom += dk * e[k];
        let kf = k as f64;
        for a in 0..r {
            let without_a = remove(&e, y[a]);
            d1[a] += dk / kf * y[a] * without_a[k - 1];
            d2[a * r + a] += dk / (kf * kf) * y[a] * without_a[k - 1];
            if k >= 2 && pairs {
                for b in 0..a {
                    let without_ab = remove(&without_a, y[b]);
                    let v = dk / (kf * kf) * y[a] * y[b] * without_ab[k - 2];
                    d2[a * r + b] += v;
                }
            }
        }
    }
    denom
}

/// `e_0..=e_k` of `y`.
fn elementary(y: &[f64], k: usize) -> Vec<f64> {
    let mut e = vec![0.0; k + 1];
    e[0] = 1.0;
    for &v in y {
        for j in (1..=k).rev() {
            e[j] += v * e[j - 1];
        }
    }
    e
}

/// `e_j` of a set without one of its values `v`: `e_j − v e_(j−1)(without)`.
fn remove(e: &[f64], v: f64) -> Vec<f64> {
    let mut out = vec![0.0; e.len()];
    out[0] = 1.0;
    for j in 1..e.len() {
        out[j] = e[j] - v * out[j - 1];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::plackett_luce::PlackettLuceParams;
    use crate::model::{Dataset, Event};

    #[test]
    fn the_quick_diagonal_is_the_informations() {
        let mut d = Dataset::new();
        let [a, b, c, e] = ["A", "B", "C", "D"].map(|n| d.player(n).unwrap());
        d.events.push(Event::ranked("1", vec![(a, 1), (b, 2), (c, 3), (e, 4)], 2));
        let mut top = Event::ranked("2", vec![(c, 1), (a, 2)], 3);
        top.unranked = vec![b, e];
        d.events.push(top);
        d.events.push(Event::ranked("3", vec![(e, 1), (a, 2), (b, 3)], 4));
        d.add_game("B", "D", 1.0);
        d.add_game("D", "C", 1.0);
        let p = Problem::new(&d, &PlackettLuceParams { gamma: 0.4, ..Default::default() });
        let x = [1.3, 0.4, 2.2, 0.9, 1.1];
        let (mut slow, mut quick) = (vec![0.0; 5], vec![0.0; 5]);
        information(&p, &x, true, &mut |i, j, v| slow[i] += if i == j { v } else { 0.0 });
        untied_diagonal(&p, &x, &mut |i, j, v| quick[i] += if i == j { v } else { 0.0 });
        assert!(slow.iter().zip(&quick).all(|(s, q)| (s - q).abs() < 1e-14), "{slow:?} against {quick:?}");
        assert!(slow.iter().all(|&v| v > 0.0));
    }
}
