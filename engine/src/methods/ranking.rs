//! Best first, with shared ranks: one order and one tie rule for every method.
//!
//! Players sort by whether they are ranked at all, then by tier (a rated group, or a
//! dominance tier of Brent's diagnosis), then by value (higher first), then by name in lower
//! case, so the order never depends on the order of the input. Two values tie when they agree
//! to 1e-9 (both rounded to 1e-9): rounding errors of a different summation order do not
//! split a tie, and equal players share a rank, the next rank skipping (1, 1, 3).

use crate::methods::rating::PlayerRating;

/// Where a player places.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placing {
    /// Gets a rank at all (players without games do not).
    pub ranked: bool,
    /// May share a rank with an equal player (Brent's unbounded players never do).
    pub shares: bool,
    /// Lower tiers come first (a rated group, then a dominance tier within it).
    pub tier: (usize, usize),
    /// Higher values come first; `None` after every value of its tier.
    pub value: Option<f64>,
}

/// A row's sort key: unranked last, tier, then the value's key.
type Key = (bool, (usize, usize), (i64, f64));

/// The sort key of a value: rounded to 1e-9 and negated (so an ascending sort is best
/// first); beyond what 1e-9 steps can count (|v| > 9e9), the value itself orders.
fn quantise(value: Option<f64>) -> (i64, f64) {
    match value.filter(|v| v.is_finite()) {
        None => (i64::MAX, 0.0),
        Some(v) => {
            let q = -(v * 1e9).round();
            if q.abs() < 9e18 {
                (q as i64, 0.0)
            } else {
                (if q < 0.0 { i64::MIN } else { i64::MAX - 1 }, -v)
            }
        }
    }
}

/// Sorts `rows` best first by `placing` (given each row's index in `rows`) and sets their
/// ranks.
pub fn rank(rows: Vec<PlayerRating>, placing: impl Fn(usize, &PlayerRating) -> Placing) -> Vec<PlayerRating> {
    // Only the keys and whether each may share are kept (a run of 100,000 players peaks here).
    let (keys, shares): (Vec<Key>, Vec<bool>) = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let p = placing(i, r);
            ((!p.ranked, p.tier, quantise(p.value)), p.shares)
        })
        .unzip();
    let key = |i: usize| keys[i];
    let order = |a: usize, b: usize| {
        let ((ra, ta, (qa, xa)), (rb, tb, (qb, xb))) = (key(a), key(b));
        (ra, ta, qa).cmp(&(rb, tb, qb)).then(xa.total_cmp(&xb))
    };
    // Names in lower case, compared character by character only for equal keys: no copy of
    // every name, and no allocation inside the comparison.
    let lower = |a: usize, b: usize| crate::text::lower_case_cmp(&rows[a].name, &rows[b].name);
    let mut idx: Vec<usize> = (0..rows.len()).collect();
    crate::sort::by(&mut idx, |&a, &b| order(a, b).then_with(|| lower(a, b)));
    let mut rows = rows;
    crate::sort::permute(&mut rows, &idx);
    // The previous ranked row: its rank, key, and whether it may share.
    let mut previous: Option<(usize, Key, bool)> = None;
    for (pos, (row, &i)) in rows.iter_mut().zip(&idx).enumerate() {
        let ranked = !key(i).0;
        row.rank = None;
        if ranked {
            let rank = match previous {
                Some((rank, k, may)) if may && shares[i] && k == key(i) => rank,
                _ => pos + 1,
            };
            row.rank = Some(rank);
            previous = Some((rank, key(i), shares[i]));
        }
    }
    rows
}

/// Values as classes of the one tie rule, for what ranks players by values elsewhere (the
/// methods' rank agreement, the simulation lab): each value replaced by its place among the
/// distinct values, the lowest 1, so values that agree to 1e-9 share one and the order is
/// [`rank`]'s; `NaN` (no value) stays `NaN`.
pub fn tie_classes(values: &[f64]) -> Vec<f64> {
    let key = |i: usize| quantise(Some(values[i]));
    let mut idx: Vec<usize> = (0..values.len()).filter(|&i| !values[i].is_nan()).collect();
    // Best first, as `rank` sorts (the keys are negated): the classes count down.
    crate::sort::by(&mut idx, |&a, &b| {
        let ((qa, xa), (qb, xb)) = (key(a), key(b));
        qa.cmp(&qb).then(xa.total_cmp(&xb))
    });
    let distinct = 1 + idx.windows(2).filter(|w| key(w[0]) != key(w[1])).count();
    let mut out = vec![f64::NAN; values.len()];
    let mut class = distinct as f64;
    for (pos, &i) in idx.iter().enumerate() {
        if pos > 0 && key(idx[pos - 1]) != key(i) {
            class -= 1.0;
        }
        out[i] = class;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_classes_follow_the_one_tie_rule() {
        let v = [2.0, 1.0, 2.0 + 1e-12, f64::NAN, f64::MAX, 1.0 + 1e-6];
        let c = tie_classes(&v);
        assert_eq!(&c[..3], &[3.0, 1.0, 3.0]);
        assert!(c[3].is_nan());
        assert_eq!((c[4], c[5]), (4.0, 2.0));
        assert!(tie_classes(&[]).is_empty());
    }

    use crate::diagnose::Status;

    fn row(name: &str) -> PlayerRating {
        PlayerRating {
            deviation: None,
            volatility: None,
            name: name.into(),
            index: 0,
            id: None,
            rank: None,
            rating: None,
            log_strength: None,
            games: 1,
            score: 0.0,
            group: None,
            status: Status::Rated,
            sigma: None,
            history: None,
            label: None,
        }
    }

    /// Ranks players given as (name, ranked, shares, tier, value) and returns "rank name" lines.
    fn check(players: &[(&str, bool, bool, usize, Option<f64>)], expect: &[&str]) {
        let rows = players.iter().map(|p| row(p.0)).collect();
        let ranked = rank(rows, |i, _| {
            let (_, ranked, shares, tier, value) = players[i];
            Placing { ranked, shares, tier: (tier, 0), value }
        });
        let got: Vec<String> = ranked.iter().map(|r| format!("{} {}", r.rank.map_or("-".into(), |k| k.to_string()), r.name)).collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn best_first_with_shared_ranks_and_names_breaking_ties() {
        check(
            &[
                ("cleo", true, true, 0, Some(1.0)),
                ("Ben", true, true, 0, Some(1.0 + 1e-12)),
                ("Anna", true, true, 0, Some(2.0)),
                ("Dan", true, true, 0, Some(0.5)),
            ],
            &["1 Anna", "2 Ben", "2 cleo", "4 Dan"],
        );
    }

    #[test]
    fn tiers_come_before_values_and_unranked_players_last() {
        check(
            &[
                ("Zed", false, true, 0, None),
                ("Low tier", true, true, 1, Some(9.0)),
                ("Top", true, true, 0, Some(1.0)),
                ("Lone", true, false, 0, Some(1.0)),
                ("Huge", true, true, 0, Some(1e300)),
            ],
            &["1 Huge", "2 Lone", "3 Top", "4 Low tier", "- Zed"],
        );
    }
}
