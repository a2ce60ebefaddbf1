//! The FIDE rating tables (B.02, 8.1a and 8.1b) and the rating-based tiebreaks' arithmetic:
//! average rating of opponents, tournament performance rating, perfect tournament performance.
//! The tables are the rating regulations' own, kept once in [`crate::fide::rating`].

use crate::fide::rating::{expected, DP_TABLE};

/// `dp` for a score of `score` points out of `games`, with the fraction rounded to hundredths
/// (half up), as table 8.1a is read.
pub(crate) fn dp(score: f64, games: usize) -> i32 {
    let p = (score * 100.0 / games as f64 + 1e-9).round().clamp(0.0, 100.0) as usize;
    i32::from(DP_TABLE[p])
}

/// The expected score, in hundredths, of a player rated `own` against one rated `opponent`
/// (table 8.1b, with no 400-point limit).
pub(crate) fn expected_hundredths(own: i64, opponent: i64) -> i32 {
    i32::from(expected((own - opponent).clamp(-800, 800) as i32))
}

/// Rounds to the nearest integer, halves up (the FIDE convention for averages of ratings).
pub(crate) fn round_half_up(x: f64) -> f64 {
    (x + 0.5 + 1e-9).floor()
}

/// The average of `ratings`, rounded half up; `None` when empty.
pub(crate) fn average_rating(ratings: &[i64]) -> Option<i64> {
    if ratings.is_empty() {
        return None;
    }
    let sum: i64 = ratings.iter().sum();
    Some(round_half_up(sum as f64 / ratings.len() as f64) as i64)
}

/// Tournament performance rating (C.07 10.2): the rounded average rating of the opponents plus
/// `dp` for the fraction scored.
pub(crate) fn tpr(score: f64, ratings: &[i64]) -> Option<i64> {
    Some(average_rating(ratings)? + dp(score, ratings.len()) as i64)
}

/// Perfect tournament performance (C.07 10.3): the lowest rating whose expected score against
/// the opponents (table 8.1b) reaches the score; for no points, which every rating reaches,
/// the lowest opponent's rating less 800 (10.3's one exception). All the points are reached
/// by the table itself, 736 above the highest-rated opponent (1.00 from a difference of 736):
/// C.07 gives no other value for them, and TieBreakServer reads it so.
pub(crate) fn ptp(score: f64, ratings: &[i64]) -> Option<i64> {
    let (&lo, &hi) = (ratings.iter().min()?, ratings.iter().max()?);
    if score <= 1e-9 {
        return Some(lo - 800);
    }
    let target = (score * 100.0).round() as i64;
    let reaches = |r: i64| ratings.iter().map(|&o| expected_hundredths(r, o) as i64).sum::<i64>() >= target;
    // The expected score grows with the rating: the lowest rating that reaches the score.
    let (mut low, mut high) = (lo - 800, hi + 800);
    while low < high {
        let mid = low + (high - low) / 2;
        if reaches(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Some(low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        assert_eq!(dp(3.5, 5), 149);
        assert_eq!(dp(0.0, 2), -800);
        assert_eq!(dp(2.0, 3), 125); // 0.67
        assert_eq!(expected_hundredths(2000, 2000), 50);
        assert_eq!(expected_hundredths(2004, 2000), 51);
        assert_eq!(expected_hundredths(2000, 2004), 49);
        assert_eq!(expected_hundredths(2736, 2000), 100);
        assert_eq!(expected_hundredths(2735, 2000), 99);
        assert_eq!(round_half_up(1987.5), 1988.0);
        assert_eq!(round_half_up(1987.49), 1987.0);
        assert_eq!(average_rating(&[1500, 1501]), Some(1501));
    }

    #[test]
    fn perfect_performance() {
        // Held's exercise 22: Charline, 3.5 from opponents rated 1700, 1950, 1850, 2050, 2150.
        assert_eq!(ptp(3.5, &[1700, 1950, 1850, 2050, 2150]), Some(2112));
        assert_eq!(ptp(0.0, &[1700, 1950]), Some(900));
        // All the points: the lowest rating expected to score every game, 736 above the
        // highest-rated opponent (table 8.1b gives 1.00 from a difference of 736; C.07 10.3
        // fixes only the zero score, at the lowest opponent's rating less 800).
        assert_eq!(ptp(2.0, &[1700, 1950]), Some(2686));
        assert_eq!(ptp(1.0, &[2232]), Some(2968));
        // Differences up to 3 points give an even score.
        assert_eq!(ptp(1.0, &[2000, 2000]), Some(1997));
    }
}
