//! What every fuzz target checks beyond "no panic": an error names a line the input has and
//! quotes little of it, and every number shown is finite.

use ratings_engine::error::ParseErrors;
use ratings_engine::parse::lines::lines;
use ratings_engine::methods::rating::Rating;
use ratings_engine::tiebreak::Standings;

/// The longest error message allowed for one bad line (the input is quoted ≤ ~200 chars).
pub const MESSAGE_LIMIT: usize = 600;

/// Every error lies on a line of `text` (0 for the whole input) and is short. Lines are
/// counted by the readers' rules: `\n` (CSV records) or, in a text without `\n`, a lone `\r`
/// (`parse::lines`, as TRF, PGN and the AGA's format split an old Mac file).
pub fn check_errors(text: &str, errors: &ParseErrors) {
    let lines = text.lines().count().max(lines(text).count()).max(1) + 1;
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

/// Every team's points and tiebreak values are finite; ranks run from 1, one row a team.
pub fn check_team_standings(s: &ratings_engine::team::TeamStandings) {
    for row in &s.rows {
        assert!(row.match_points.is_finite() && row.game_points.is_finite(), "{}: {} / {}", row.name, row.match_points, row.game_points);
        assert!(row.rank >= 1 && row.rank <= s.rows.len(), "{}: rank {}", row.name, row.rank);
        assert_eq!(row.values.len(), s.order.len(), "{}: a value per tiebreak", row.name);
        for v in row.values.iter().filter_map(|v| v.value) {
            assert!(v.is_finite(), "{}: {v}", row.name);
        }
    }
    let mut teams: Vec<usize> = s.rows.iter().map(|r| r.team).collect();
    teams.sort_unstable();
    teams.dedup();
    assert_eq!(teams.len(), s.rows.len(), "each team once");
}

/// Reads fuzz bytes as numbers, zeros once they run out (so every input is a whole setup).
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | (u64::from(self.u32()) << 32)
    }

    /// A number: mostly an ordinary one (thousandths), sometimes any bit pattern (NaN, ±∞,
    /// subnormals, huge), as a form or a hand-edited request could send.
    pub fn f64(&mut self) -> f64 {
        match self.u8() % 4 {
            0 => f64::from_bits(self.u64()),
            1 => -f64::from(self.u16()) / 1000.0,
            _ => f64::from(self.u16()) / 1000.0,
        }
    }

    /// What is left.
    pub fn rest(&self) -> &[u8] {
        self.0
    }
}
