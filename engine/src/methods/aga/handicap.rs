//! Handicap equivalents: what a game's handicap and komi are worth in stones (`d`), and the
//! spread of the result (`σ_px`), eqs. (2)–(3) and Table 1 of the seed.

use crate::error::SettingError;

/// Table 1: `b(h)` for handicaps 2..=9.
pub const B_TABLE: [f64; 8] = [1.13672, 1.18795, 1.22841, 1.27457, 1.31978, 1.35881, 1.39782, 1.43614];

/// The mean step of Table 1 per stone, `(b(9) − b(2))/7`, used beyond 9 stones.
pub const B_STEP: f64 = (1.43614 - 1.13672) / 7.0;

/// `b(h)` for `h ≥ 2`: Table 1 at whole handicaps, linear in between, and extrapolated
/// linearly beyond 9 stones with the table's mean step (the seed gives no value there).
pub fn b(h: f64) -> f64 {
    if h >= 9.0 {
        return B_TABLE[7] + (h - 9.0) * B_STEP;
    }
    let h = h.max(2.0);
    let i = (h.floor() as usize).clamp(2, 8) - 2;
    let f = h - (i + 2) as f64;
    B_TABLE[i] + f * (B_TABLE[(i + 1).min(7)] - B_TABLE[i])
}

/// `(d, σ_px)` for a game with `handicap` stones and `komi` points given to White (negative
/// komi is reverse komi, allowed).
///
/// * handicap below 2 (0 or 1: an even game, or Black moving first without komi):
///   `d = 0.580 − 0.0757 k`, `σ_px = 1.0649 − 0.0021976 k + 0.00014984 k²`;
/// * handicap `h ≥ 2`: `d = h − 0.0757 k`, `σ_px = b(h) − 0.0035169 k` with [`b`].
///
/// The formulas take any numbers; which games are fit to rate is [`checked`]'s business.
pub fn handicap_equivalent(handicap: f64, komi: f64) -> (f64, f64) {
    let k = komi;
    if handicap < 2.0 {
        (0.580 - 0.0757 * k, 1.0649 - 0.0021976 * k + 0.000_149_84 * k * k)
    } else {
        (handicap - 0.0757 * k, b(handicap) - 0.0035169 * k)
    }
}

/// [`handicap_equivalent`] for a game as recorded, or why it cannot be rated. A missing
/// handicap or komi counts as 0. Refused: a handicap that is negative, fractional or not a
/// number, a komi that is not a number, and the conditions the AGA's own BayRate leaves
/// out (a handicap of 2 or more with `|komi| ≥ 10`, or a handicap below 2 with `komi ≤ −20`).
pub fn checked(handicap: Option<f64>, komi: Option<f64>) -> Result<(f64, f64), SettingError> {
    let both =
        |h: f64, k: f64, problem: &str| SettingError::Conflict { settings: format!("handicap {h} with komi {k}"), problem: problem.into() };
    let h = handicap.unwrap_or(0.0);
    let k = komi.unwrap_or(0.0);
    if !h.is_finite() || h < 0.0 || h.fract() != 0.0 {
        return Err(SettingError::OutOfRange {
            setting: "handicap",
            value: h.to_string(),
            expected: "a whole number of stones, 0 or more".into(),
        });
    }
    if !k.is_finite() {
        return Err(SettingError::OutOfRange { setting: "komi", value: k.to_string(), expected: "a number".into() });
    }
    if h >= 2.0 && k.abs() >= 10.0 {
        return Err(both(h, k, "a handicap game's komi must lie within ±10"));
    }
    if h < 2.0 && k <= -20.0 {
        let problem = "an even game's reverse komi must be above −20".into();
        return Err(SettingError::Conflict { settings: format!("komi {k}"), problem });
    }
    let (d, s) = handicap_equivalent(h, k);
    if !(d.is_finite() && s.is_finite() && s > 0.0) {
        return Err(both(h, k, "no valid result spread"));
    }
    Ok((d, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_and_extrapolation() {
        assert_eq!(b(2.0), 1.13672);
        assert_eq!(b(9.0), 1.43614);
        assert!((b(10.0) - (1.43614 + B_STEP)).abs() < 1e-15);
        assert!((b(2.5) - (1.13672 + 1.18795) / 2.0).abs() < 1e-15);
        assert_eq!(handicap_equivalent(0.0, 0.0), (0.580, 1.0649));
        assert!(checked(Some(2.5), None).is_err());
        assert!(checked(Some(-1.0), None).is_err());
        assert!(checked(Some(3.0), Some(-10.0)).is_err());
        assert!(checked(Some(0.0), Some(-7.5)).is_ok());
    }

    /// The messages as they were when they were strings (a skipped game's warning quotes them).
    #[test]
    fn refusals_say_what_was_expected() {
        let text = |h, k| checked(h, k).unwrap_err().to_string();
        assert_eq!(text(Some(2.5), None), "handicap 2.5: expected a whole number of stones, 0 or more");
        assert_eq!(text(None, Some(f64::NAN)), "komi NaN: expected a number");
        assert_eq!(text(Some(3.0), Some(-10.0)), "handicap 3 with komi -10: a handicap game's komi must lie within ±10");
        assert_eq!(text(Some(1.0), Some(-20.0)), "komi -20: an even game's reverse komi must be above −20");
    }
}
