//! The dan/kyu scale and a player's starting point: declared ranks, seed σ, time decay
//! (eq. (32)) and self-promotion (eqs. (30)–(31)).
//!
//! AGA ratings have a gap: nothing lies in (−1, 1); 1.01 and −1.01 are 0.02 apart in
//! strength. The fit works on a *continuous* scale `x` (dan ratings minus 1, kyu ratings
//! plus 1), on which one unit is one stone everywhere.

// A declared rank and a date are read by the parser too: the rules live in the model.
pub use crate::model::{day_number, rank_seed};

/// AGA rating → continuous scale: `r ≥ 1 → r − 1`, `r ≤ −1 → r + 1`. A value inside the gap
/// (not a valid AGA rating) is taken as the gap's edge, 0.
pub fn to_continuous(r: f64) -> f64 {
    if r >= 1.0 {
        r - 1.0
    } else if r <= -1.0 {
        r + 1.0
    } else {
        0.0
    }
}

/// Continuous scale → AGA rating: `x ≥ 0 → x + 1`, `x < 0 → x − 1`.
pub fn from_continuous(x: f64) -> f64 {
    if x >= 0.0 {
        x + 1.0
    } else {
        x - 1.0
    }
}

/// A rating in words: one decimal of its magnitude with its unit, `3.4` → `"3.4d"`,
/// `−5.2` → `"5.2k"`.
pub fn label(r: f64) -> String {
    if r >= 0.0 {
        format!("{:.1}d", r)
    } else {
        format!("{:.1}k", -r)
    }
}

/// Parameters of the seed σ curve (see [`seed_sigma`]).
const SEED_SIGMA_C: f64 = 0.2;

/// A new player's σ from their seed rating `r` (AGA scale). The seed's Figure 1 is not
/// reproduced, so this curve is our choice: σ = 1 above 7.5 and σ = 6 below −50.5, as the
/// seed says, and in between a hyperbola in the continuous units `x` of the seed rating,
///
/// ```text
/// u = (6.5 − x)/56            (0 at a 7.5 seed, 1 at a −50.5 seed)
/// σ = 1 + 5 (√(u² + c²) − c) / (√(1 + c²) − c),   c = 0.2
/// ```
///
/// which is smooth, increasing as the seed falls, flat at the strong end and close to
/// linear (about 0.11 σ per stone) at the weak end, and meets 1 and 6 continuously at the two
/// ends. Values (seed: σ): 7d 1.000, 5d 1.019, 3d 1.075, 1d 1.164, 1k 1.219, 5k 1.490,
/// 10k 1.907, 20k 2.863, 30k 3.886, 40k 4.936, 50k 6.000.
pub fn seed_sigma(r: f64) -> f64 {
    if r.is_nan() {
        return 6.0;
    }
    if r > 7.5 {
        return 1.0;
    }
    if r < -50.5 {
        return 6.0;
    }
    let x = to_continuous(r);
    let u = ((6.5 - x) / 56.0).clamp(0.0, 1.0);
    let c = SEED_SIGMA_C;
    1.0 + 5.0 * ((u * u + c * c).sqrt() - c) / ((1.0 + c * c).sqrt() - c)
}

/// Eq. (32): σ after `days` days without play, `√(σ0² + (0.0005 t)²)`.
pub fn decayed_sigma(sigma0: f64, days: f64) -> f64 {
    let a = 0.0005 * days.max(0.0);
    (sigma0 * sigma0 + a * a).sqrt()
}

/// Eqs. (30)–(31): the prior `(μ, σ)` of a player who promotes themselves by `delta` stones
/// (continuous units) from a previous `(μ0, σ0)`: no change below one stone, else
/// `μ = μ0 + 0.024746 + 0.32127 Δr` and `σ = √(σ0² + 0.256 Δr^1.9475)`.
pub fn promoted(mu0: f64, sigma0: f64, delta: f64) -> (f64, f64) {
    if delta.is_nan() || delta < 1.0 {
        return (mu0, sigma0);
    }
    let mu = mu0 + 0.024746 + 0.32127 * delta;
    let sigma = (sigma0 * sigma0 + 0.256 * delta.powf(1.9475)).sqrt();
    (mu, sigma)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_labels() {
        assert_eq!(rank_seed("3d"), Some(3.5));
        assert_eq!(rank_seed("5k"), Some(-5.5));
        assert_eq!(rank_seed(" 5 KYU "), Some(-5.5));
        assert_eq!(rank_seed("1p"), Some(9.5));
        assert_eq!(rank_seed("625"), None);
        assert_eq!(rank_seed("0k"), None);
        assert_eq!(label(3.44), "3.4d");
        assert_eq!(label(-5.2), "5.2k");
    }

    #[test]
    fn seed_sigma_is_monotone_and_meets_its_ends() {
        assert!((seed_sigma(7.5) - 1.0).abs() < 1e-12);
        assert!((seed_sigma(-50.5) - 6.0).abs() < 1e-12);
        let mut prev = 0.0;
        for i in 0..=580 {
            let r = 7.5 - i as f64 * 0.1;
            if r > -1.0 && r < 1.0 {
                continue;
            }
            let s = seed_sigma(r);
            assert!(s >= prev - 1e-15, "{r}");
            prev = s;
        }
    }

    #[test]
    fn dates() {
        assert_eq!(day_number("2000-03-01").unwrap() - day_number("2000-02-28").unwrap(), 2);
        assert_eq!(day_number("2001-01-01").unwrap() - day_number("2000-01-01").unwrap(), 366);
        assert_eq!(day_number("0000-00-00"), None);
        assert_eq!(day_number("2000-05-02 10:00"), day_number("2000/05/02"));
    }
}
