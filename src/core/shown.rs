//! Numbers as the app's number boxes show them (the box keeps its value; this is its text).

/// The value as the number box shows it: whole numbers without a point, in powers of ten
/// when `exponent` (tolerances), and a value of 15 or more significant digits, which no one
/// types (a default such as Weng–Lin's β = 25/6), at six: 4.16667, not 4.166666666666667.
/// Anything typed shows as typed (the box is re-shown when its value is applied, mid-typing),
/// and the value itself is kept until the box is edited.
pub fn shown_number(v: f64, integer: bool, exponent: bool) -> String {
    if integer {
        format!("{v:.0}")
    } else if exponent {
        format!("{v:e}")
    } else {
        let digits = format!("{v}").chars().filter(char::is_ascii_digit).collect::<String>().trim_start_matches('0').len();
        if digits < 15 || !v.is_finite() || v == 0.0 {
            return format!("{v}");
        }
        let decimals = (5 - v.abs().log10().floor() as i32).clamp(0, 15) as usize;
        let text = format!("{v:.decimals$}");
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::shown_number;

    /// Weng–Lin's β = 25/6 and τ = 25/300 showed all sixteen digits; what a person types shows
    /// as typed.
    #[test]
    fn at_most_six_significant_digits() {
        assert_eq!(shown_number(25.0 / 6.0, false, false), "4.16667");
        assert_eq!(shown_number(25.0 / 300.0, false, false), "0.0833333");
        assert_eq!(shown_number(1.0 / 3.0 * 1000.0, false, false), "333.333");
        for (v, text) in
            [(0.3, "0.3"), (400.0, "400"), (0.0057565, "0.0057565"), (32.0, "32"), (0.0, "0"), (-1.25, "-1.25"), (0.12345678, "0.12345678")]
        {
            assert_eq!(shown_number(v, false, false), text);
        }
        assert_eq!(shown_number(1e-8, false, true), "1e-8");
        assert_eq!(shown_number(12.0, true, false), "12");
    }
}
