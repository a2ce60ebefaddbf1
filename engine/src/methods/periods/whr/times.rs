//! Each player-day's time in WHR's arrays, in 4 bytes where the history's times span less
//! than 2³².
//!
//! Why: a day's time as an `i64` was 8 of the bytes a player-day held through the solve
//! (16 MB of a million-game history, issue 40's target of 4 × the file). A dated history
//! spans a few thousand days, an undated one its number of periods: each fits 32 bits above
//! the earliest time, and reads back as the same `i64`. A history spanning more keeps its
//! times as they are.

/// The Wiener prior's link 1/σ² = 1/(gap × w²) between two days of a player ([`Times::links`]).
///
/// Why: a link is needed three times a day in each conjugate-gradient iteration. Kept a day,
/// they cost 8 bytes a player-day (16 MB of a million-game history's peak); divided out
/// where used, a tenth more time on an undated million-game league (three divisions a day an
/// iteration, 973 iterations). A dated history's gaps are days, a few thousand at most: a table
/// of each gap's link (15 KB over five years) costs neither. An undated one's gaps are counts
/// of periods, up to the number of games: its links are kept a day.
#[derive(Clone, Debug)]
pub enum Links {
    /// The link of each gap from 0 to the largest.
    ByGap(Vec<f64>),
    /// The link after each day (0 after a player's last).
    ByDay(Vec<f64>),
}

impl Links {
    /// The links kept a day (empty if by gap).
    pub fn by_day(&self) -> &[f64] {
        match self {
            Links::ByDay(l) => l,
            Links::ByGap(_) => &[],
        }
    }

    /// The links of each gap (empty if by day).
    pub fn by_gap(&self) -> &[f64] {
        match self {
            Links::ByGap(l) => l,
            Links::ByDay(_) => &[],
        }
    }
}

/// The times of every player-day, in the order of the days.
#[derive(Clone, Debug)]
pub enum Times {
    /// Each time as `base` plus its offset.
    Offset { base: i64, offset: Vec<u32> },
    /// Each time as it is (the times span 2³² or more).
    Plain(Vec<i64>),
}

impl Times {
    /// `times` as offsets from the earliest where they span less than 2³².
    pub fn of(times: Vec<i64>) -> Times {
        let (Some(&low), Some(&high)) = (times.iter().min(), times.iter().max()) else { return Times::Plain(times) };
        if (high as i128 - low as i128) > u32::MAX as i128 {
            return Times::Plain(times);
        }
        let offset = times.iter().map(|&t| (t as i128 - low as i128) as u32).collect();
        Times::Offset { base: low, offset }
    }

    /// Day `d`'s time.
    #[inline]
    pub fn get(&self, d: usize) -> i64 {
        match self {
            Times::Offset { base, offset } => base + offset[d] as i64,
            Times::Plain(t) => t[d],
        }
    }

    /// |time of day `d + 1` − time of day `d`| (as the `i64`s would give it).
    #[inline]
    pub fn gap(&self, d: usize) -> u64 {
        match self {
            Times::Offset { offset, .. } => (offset[d + 1] as i64 - offset[d] as i64).unsigned_abs(),
            Times::Plain(t) => (t[d + 1] - t[d]).unsigned_abs(),
        }
    }

    /// The Wiener prior's links 1/(gap × `w2`) between the days of each player (whose days
    /// start at `start`): by gap where no gap is over [`Times::MOST_LINKS`], else by day.
    pub fn links(&self, start: &[usize], w2: f64) -> Links {
        let within = || start.windows(2).flat_map(|w| w[0]..w[1].saturating_sub(1));
        let link = |gap: u64| 1.0 / (gap as f64 * w2);
        match within().map(|d| self.gap(d)).try_fold(0, |m, g| (g <= Times::MOST_LINKS).then_some(m.max(g))) {
            Some(largest) => Links::ByGap((0..=largest).map(link).collect()),
            None => {
                let mut by_day = vec![0.0; start.last().copied().unwrap_or(0)];
                within().for_each(|d| by_day[d] = link(self.gap(d)));
                Links::ByDay(by_day)
            }
        }
    }

    /// The largest gap [`Times::links`] makes a table for (128 KB).
    const MOST_LINKS: u64 = 1 << 14;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_within_2_to_the_32_are_offsets_and_read_back() {
        let given = vec![737_761, 737_814, 739_585, 737_761 + u32::MAX as i64, -5 + 737_761 + 5];
        let times = Times::of(given.clone());
        assert!(matches!(times, Times::Offset { .. }));
        assert_eq!((0..given.len()).map(|d| times.get(d)).collect::<Vec<_>>(), given);
        for d in 0..given.len() - 1 {
            assert_eq!(times.gap(d), (given[d + 1] - given[d]).unsigned_abs());
        }
    }

    #[test]
    fn times_spanning_more_are_kept_as_they_are() {
        let given = vec![i64::MIN, 0, i64::MAX, -1, 1 << 40];
        let times = Times::of(given.clone());
        assert!(matches!(times, Times::Plain(_)));
        assert_eq!((0..given.len()).map(|d| times.get(d)).collect::<Vec<_>>(), given);
        assert_eq!(times.gap(3), 1 + (1u64 << 40));
        let wide = Times::of(vec![0, u32::MAX as i64 + 1]);
        assert!(matches!(wide, Times::Plain(_)), "a span of 2³² does not fit 32 bits");
        assert!(matches!(Times::of(Vec::new()), Times::Plain(t) if t.is_empty()));
    }

    #[test]
    fn the_links_are_tabled_for_short_gaps_and_kept_a_day_for_long_ones() {
        // Two players: days at 0, 3, 10 and at 5, 6.
        let times = Times::of(vec![0, 3, 10, 5, 6]);
        let start = [0, 3, 5];
        let link = |g: u64| 1.0f64 / (g as f64 * 0.25);
        let Links::ByGap(table) = times.links(&start, 0.25) else { panic!("short gaps are tabled") };
        assert_eq!(table.len(), 8, "gaps 0 to 7 (the 5 − 10 between the players is not a gap)");
        assert!((1..8).all(|g| table[g].to_bits() == link(g as u64).to_bits()));
        let far = Times::of(vec![0, 1, 1 + Times::MOST_LINKS as i64 + 1, 7, 9]);
        let Links::ByDay(by_day) = far.links(&[0, 3, 5], 0.25) else { panic!("a long gap is not tabled") };
        let want = [link(1), link(Times::MOST_LINKS + 1), 0.0, link(2), 0.0];
        assert_eq!(by_day.iter().map(|l| l.to_bits()).collect::<Vec<_>>(), want.iter().map(|l| l.to_bits()).collect::<Vec<_>>());
        let edge = Times::of(vec![0, Times::MOST_LINKS as i64]);
        assert!(matches!(edge.links(&[0, 2], 0.25), Links::ByGap(t) if t.len() == Times::MOST_LINKS as usize + 1));
    }
}
