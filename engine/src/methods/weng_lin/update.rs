//! Weng and Lin's update of one event (JMLR 12, 2011): teams ranked with ties, each player a
//! skill N(μ, σ²), a team's μ and σ² the sums of its members' (the paper's team rule, §3.5).
//! Algorithm 1 (Bradley–Terry, every pair of teams compared) and Algorithm 4 (Plackett–Luce)
//! give each team i a change of mean Ω_i and a share Δ_i of its variance to remove; a member
//! j then moves by its share of the team's variance:
//!
//! ```text
//! μ_ij ← μ_ij + (σ_ij² / σ_i²) Ω_i,      σ_ij² ← σ_ij² · max(1 − (σ_ij² / σ_i²) Δ_i, κ).
//! ```
//!
//! γ, the paper's free factor of Δ, is its suggested σ_i / c (openskill's and skillratings'
//! default). Before the update every player's σ² grows by τ² (openskill's additive dynamics).

use super::params::{WengLinModel, WengLinParams};
use crate::error::{check, RateError};

/// A player's skill: mean μ and standard deviation σ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub mu: f64,
    pub sigma: f64,
}

/// A team's sums, and its place (1 = best; equal places tie).
#[derive(Clone, Copy, Debug)]
struct Team {
    mu: f64,
    var: f64,
    place: u32,
}

/// Checks every parameter, naming the first that cannot be used.
pub fn validate(p: &WengLinParams) -> Result<(), RateError> {
    check(p.mu.is_finite(), "mu", p.mu, "a finite number")?;
    check(p.sigma.is_finite() && p.sigma > 0.0, "sigma", p.sigma, "a number > 0")?;
    check(p.beta.is_finite() && p.beta > 0.0, "beta", p.beta, "a number > 0")?;
    check((0.0..=1.0).contains(&p.kappa), "kappa", p.kappa, "a number from 0 to 1")?;
    check(p.tau.is_finite() && p.tau >= 0.0, "tau", p.tau, "a number ≥ 0")
}

/// Rates one event of teams: `teams[t]` its members' skills before it, `places[t]` its place
/// (1 = best, equal places a tie). Returns each member's skill after it, in the same shape.
/// Refuses fewer than two teams, an empty team, places not one a team, and skills that are no
/// finite μ with σ > 0.
pub fn rate_teams(teams: &[Vec<Skill>], places: &[u32], params: &WengLinParams) -> Result<Vec<Vec<Skill>>, RateError> {
    validate(params)?;
    let bad = |problem: String, expected: &'static str| {
        Err(RateError::InvalidData { item: "event".into(), problem, expected: std::borrow::Cow::Borrowed(expected) })
    };
    if teams.len() < 2 {
        return bad(format!("{} teams", teams.len()), "at least two teams");
    }
    if places.len() != teams.len() {
        return bad(format!("{} places for {} teams", places.len(), teams.len()), "one place a team");
    }
    if let Some(t) = teams.iter().position(Vec::is_empty) {
        return bad(format!("team {} has no players", t + 1), "at least one player a team");
    }
    if teams.iter().flatten().any(|s| !s.mu.is_finite() || !(s.sigma.is_finite() && s.sigma > 0.0)) {
        return bad("a skill is not a finite μ with σ > 0".into(), "finite μ and σ > 0");
    }
    let mut out = teams.to_vec();
    let mut refs: Vec<Vec<&mut Skill>> = out.iter_mut().map(|t| t.iter_mut().collect()).collect();
    update(&mut refs, places, params);
    Ok(out)
}

/// The update in place (parameters and skills checked already): each team's members, its place.
pub(super) fn update(teams: &mut [Vec<&mut Skill>], places: &[u32], p: &WengLinParams) {
    let tau2 = p.tau * p.tau;
    for s in teams.iter_mut().flatten() {
        s.sigma = (s.sigma * s.sigma + tau2).sqrt();
    }
    let sums: Vec<Team> = teams
        .iter()
        .zip(places)
        .map(|(t, &place)| Team { mu: t.iter().map(|s| s.mu).sum(), var: t.iter().map(|s| s.sigma * s.sigma).sum(), place })
        .collect();
    let changes = match p.model {
        WengLinModel::BradleyTerryFull => bradley_terry_full(&sums, p.beta),
        WengLinModel::PlackettLuce => plackett_luce(&sums, p.beta),
    };
    for ((members, team), (omega, delta)) in teams.iter_mut().zip(&sums).zip(changes) {
        // A team of no variance (κ = 0 and τ = 0 can lead there) has nothing left to learn.
        if team.var <= 0.0 {
            continue;
        }
        for s in members.iter_mut() {
            let share = s.sigma * s.sigma / team.var;
            s.mu += share * omega;
            s.sigma *= (1.0 - share * delta).max(p.kappa).sqrt();
        }
    }
}

/// `1 / (1 + e^(−x))`, without overflow.
fn logistic(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// The score of a team placed `a` against one placed `b`: 1 for the better place, ½ a tie.
pub(super) fn pair_score(a: u32, b: u32) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// Algorithm 1: every pair (i, q) a Bradley–Terry game, `c_iq² = σ_i² + σ_q² + 2β²`,
/// `p_iq = 1 / (1 + e^((μ_q − μ_i)/c_iq))`; Ω_i = Σ_q σ_i²/c_iq (s_iq − p_iq) and
/// Δ_i = Σ_q γ_q σ_i²/c_iq² p_iq p_qi with γ_q = σ_i/c_iq.
fn bradley_terry_full(teams: &[Team], beta: f64) -> Vec<(f64, f64)> {
    let b2 = 2.0 * beta * beta;
    teams
        .iter()
        .enumerate()
        .map(|(i, ti)| {
            let (mut omega, mut delta) = (0.0, 0.0);
            for tq in teams.iter().enumerate().filter(|&(q, _)| q != i).map(|(_, t)| t) {
                let c = (ti.var + tq.var + b2).sqrt();
                let p = logistic((ti.mu - tq.mu) / c);
                omega += ti.var / c * (pair_score(ti.place, tq.place) - p);
                delta += (ti.var.sqrt() / c) * ti.var / (c * c) * p * (1.0 - p);
            }
            (omega, delta)
        })
        .collect()
}

/// Algorithm 4: one `c² = Σ_i (σ_i² + β²)`; for each team q the sum S_q of `e^(μ_s/c)` over
/// the teams s placed no better than q (C_q), and A_q the number tied with q. Team i gains,
/// over every q placed at or above i (so that i ∈ C_q), `(1[q = i] − e^(μ_i/c)/S_q) / A_q` (times
/// σ_i²/c), and Δ_i is `γ σ_i²/c² Σ (e^(μ_i/c)/S_q)(1 − e^(μ_i/c)/S_q) / A_q`, γ = σ_i/c.
/// The exponentials are taken relative to the largest μ, which the ratios do not see.
fn plackett_luce(teams: &[Team], beta: f64) -> Vec<(f64, f64)> {
    let c = teams.iter().map(|t| t.var + beta * beta).sum::<f64>().sqrt();
    let top = teams.iter().map(|t| t.mu).fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = teams.iter().map(|t| ((t.mu - top) / c).exp()).collect();
    let sum: Vec<f64> = teams.iter().map(|tq| teams.iter().zip(&e).filter(|(ts, _)| ts.place >= tq.place).map(|(_, &x)| x).sum()).collect();
    let ties: Vec<f64> = teams.iter().map(|tq| teams.iter().filter(|ts| ts.place == tq.place).count() as f64).collect();
    teams
        .iter()
        .enumerate()
        .map(|(i, ti)| {
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, _) in teams.iter().enumerate().filter(|(_, tq)| tq.place <= ti.place) {
                let share = e[i] / sum[q];
                omega += (if q == i { 1.0 } else { 0.0 } - share) / ties[q];
                delta += share * (1.0 - share) / ties[q];
            }
            (omega * ti.var / c, delta * (ti.var.sqrt() / c) * ti.var / (c * c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(mu: f64, sigma: f64) -> Skill {
        Skill { mu, sigma }
    }

    fn params(model: WengLinModel) -> WengLinParams {
        WengLinParams { model, tau: 0.0, ..WengLinParams::default() }
    }

    #[test]
    fn the_logistic_curve_neither_overflows_nor_loses_its_symmetry() {
        for x in [-1e308, -800.0, -3.0, 0.0, 2.5, 800.0, 1e308] {
            let (a, b) = (logistic(x), logistic(-x));
            assert!(a.is_finite() && (0.0..=1.0).contains(&a) && (a + b - 1.0).abs() < 1e-15, "{x}: {a} {b}");
        }
        assert_eq!(logistic(0.0), 0.5);
    }

    /// Two players by hand (Algorithm 1 with k = 2): c² = 2β² + σ₁² + σ₂², the winner gains
    /// σ²/c · (1 − ½) and keeps the share 1 − (σ/c)³ · ¼ of σ².
    #[test]
    fn a_game_of_two_new_players_by_hand() {
        for model in WengLinModel::ALL {
            let p = params(model);
            let s = 25.0 / 3.0;
            let c = (2.0 * p.beta * p.beta + 2.0 * s * s).sqrt();
            let after = rate_teams(&[vec![skill(25.0, s)], vec![skill(25.0, s)]], &[1, 2], &p).unwrap();
            assert!((after[0][0].mu - (25.0 + s * s / c * 0.5)).abs() < 1e-12, "{model:?}");
            assert!((after[1][0].mu - (25.0 - s * s / c * 0.5)).abs() < 1e-12, "{model:?}");
            let sigma = s * (1.0 - (s / c).powi(3) * 0.25).sqrt();
            assert!((after[0][0].sigma - sigma).abs() < 1e-12 && (after[1][0].sigma - sigma).abs() < 1e-12, "{model:?}");
        }
    }

    #[test]
    fn tau_widens_sigma_before_the_update_and_kappa_is_a_floor() {
        let with_tau = WengLinParams { tau: 1.0, ..params(WengLinModel::PlackettLuce) };
        let base = [vec![skill(25.0, 3.0)], vec![skill(25.0, 3.0)]];
        let widened = [vec![skill(25.0, 10f64.sqrt())], vec![skill(25.0, 10f64.sqrt())]];
        let a = rate_teams(&base, &[1, 2], &with_tau).unwrap();
        let b = rate_teams(&widened, &[1, 2], &params(WengLinModel::PlackettLuce)).unwrap();
        assert!((a[0][0].mu - b[0][0].mu).abs() < 1e-12 && (a[0][0].sigma - b[0][0].sigma).abs() < 1e-12);
        // A huge σ against a tiny β: without the floor σ² would go below zero.
        let floor = WengLinParams { kappa: 0.25, beta: 0.01, ..params(WengLinModel::BradleyTerryFull) };
        let teams: Vec<Vec<Skill>> = (0..8).map(|_| vec![skill(0.0, 100.0)]).collect();
        let after = rate_teams(&teams, &[1, 2, 3, 4, 5, 6, 7, 8], &floor).unwrap();
        assert!(after.iter().all(|t| t[0].sigma >= 50.0 - 1e-9 && t[0].mu.is_finite()), "{after:?}");
    }

    /// κ = 0 and τ = 0 may leave a σ of 0 (sixteen players of huge σ: Δ > 1); such a team
    /// then no longer moves, and nothing becomes 0/0.
    #[test]
    fn a_team_without_variance_stays_where_it_is() {
        let p = WengLinParams { kappa: 0.0, beta: 1e-3, ..params(WengLinModel::BradleyTerryFull) };
        let mut skills = vec![skill(0.0, 1e3); 16];
        let places: Vec<u32> = (1..=16).collect();
        update(&mut skills.iter_mut().map(|s| vec![s]).collect::<Vec<_>>(), &places, &p);
        assert!(skills.iter().any(|s| s.sigma == 0.0), "{skills:?}");
        let before = skills.clone();
        update(&mut skills.iter_mut().map(|s| vec![s]).collect::<Vec<_>>(), &places, &p);
        assert!(skills.iter().all(|s| s.mu.is_finite() && s.sigma.is_finite()), "{skills:?}");
        assert!(skills.iter().zip(&before).all(|(a, b)| b.sigma > 0.0 || a == b));
    }

    #[test]
    fn far_apart_skills_give_finite_updates() {
        for model in WengLinModel::ALL {
            let after =
                rate_teams(&[vec![skill(1e6, 1.0)], vec![skill(-1e6, 1.0)], vec![skill(0.0, 1.0)]], &[3, 1, 2], &params(model)).unwrap();
            assert!(after.iter().flatten().all(|s| s.mu.is_finite() && s.sigma.is_finite() && s.sigma > 0.0), "{model:?}: {after:?}");
        }
    }
}
