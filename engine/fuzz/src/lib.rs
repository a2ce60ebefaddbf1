//! What every fuzz target checks beyond "no panic": an error names a line the input has and
//! quotes little of it, and every number shown is finite.

use ratings_engine::error::ParseErrors;
use ratings_engine::methods::report::Rating;
use ratings_engine::tiebreak::Standings;

/// The longest error message allowed for one bad line (the input is quoted ≤ ~200 chars).
pub const MESSAGE_LIMIT: usize = 600;

/// Every error lies on a line of `text` (0 for the whole input) and is short.
pub fn check_errors(text: &str, errors: &ParseErrors) {
    let lines = text.lines().count().max(1) + 1;
    for e in &errors.0 {
        assert!(e.line() <= lines, "error on line {} of {lines}: {e}", e.line());
        let message = e.to_string();
        assert!(message.chars().count() <= MESSAGE_LIMIT, "message of {} chars: {message:.200}", message.chars().count());
    }
}

/// Every number of a rating is finite (a value that cannot be had is `None`, never NaN).
pub fn check_rating(r: &Rating) {
    for p in &r.players {
        for v in [p.rating, p.log_strength, p.sigma].into_iter().flatten() {
            assert!(v.is_finite(), "{}: {v}", p.name);
        }
        assert!(p.score.is_finite(), "{}: score {}", p.name, p.score);
    }
    for t in &r.report.trace {
        assert!(!t.change.is_nan() && !t.residual.is_nan(), "iteration {}: {t:?}", t.iteration);
    }
    serde_json::to_string(r).expect("a rating serialises");
}

/// Every tiebreak value and every score is finite; ranks run from 1.
pub fn check_standings(s: &Standings) {
    for row in &s.rows {
        assert!(row.points.is_finite(), "{}: {}", row.name, row.points);
        assert!(row.rank >= 1 && row.rank <= s.rows.len());
        for v in row.values.iter().filter_map(|v| v.value) {
            assert!(v.is_finite(), "{}: {v}", row.name);
        }
    }
}
