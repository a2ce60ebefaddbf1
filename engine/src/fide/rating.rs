//! FIDE Rating Regulations, FIDE Handbook B.02 (effective from 1 March 2024; article 8.3.1 as
//! amended from 1 October 2025), for a rated player's change over one event:
//!
//! * 8.1.2: the table of conversion of a rating difference D into the scoring probability PD
//!   ([`PD_TABLE`], [`expected`]), used as printed, not as a formula;
//! * 8.3.1: a difference of more than 400 points counts as 400 for a player rated below 2650;
//!   from 2650 the whole difference counts ([`difference`]); games against unrated opponents
//!   are not rated;
//! * 8.3.2: ΔR = score − PD per game, the change ΣΔR × K;
//! * 8.3.3: K = 40 for a player new to the list until 30 games, 20 while the rating is under
//!   2400, 10 once the published rating has reached 2400, 40 for a player until the end of the
//!   year of their 18th birthday while their rating is under 2300; K × n at most 700
//!   ([`k_factor`], [`cap_700`]);
//! * 8.3.4: the change rounded to the nearest whole number, 0.5 away from zero ([`change`]);
//! * 8.1.1: the table of conversion of a fractional score p into a rating difference dp
//!   ([`DP_TABLE`], [`dp`]), for the performance rating Ra + dp ([`performance`]), with B.01
//!   1.4.7 and 1.4.9's roundings (the average and the percentage to the nearest whole
//!   number, 0.5 up).
//!
//! The tables are transcribed from handbook.fide.com, chapter B022024 (tables 8.1.1 and 8.1.2);
//! table 1.4.9 of the Title Regulations (B012024) is the same as 8.1.1. Probabilities are kept
//! in hundredths, as printed, so every sum and the rounding of the change is exact.

/// Table 8.1.2: each row's upper end of D (inclusive) and the higher-rated player's PD in
/// hundredths, from `0-3 .50` to `620-735 .99`; above 735, PD is 1.0 (0 for the lower).
pub const PD_TABLE: [(u16, u8); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// Table 8.1.1: `DP_TABLE[p]` is dp for a fractional score of p hundredths (p from .00 to
/// 1.0); dp is "necessarily indeterminate" at 0 and 1.0 and printed as ∓800.
pub const DP_TABLE: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, // .00-.09
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251, // .10-.19
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, // .20-.29
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, // .30-.39
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, // .40-.49
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50-.59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60-.69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70-.79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80-.89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90-.99
    800, // 1.0
];

/// 8.3.1: the largest difference counted for a player rated below [`CAP_EXEMPT_FROM`].
pub const CAP: i32 = 400;

/// 8.3.1 (from 1 October 2025): a player rated this or more counts the whole difference.
pub const CAP_EXEMPT_FROM: u32 = 2650;

/// 8.3.3: the most K × n may be.
pub const MAX_K_TIMES_GAMES: u32 = 700;

/// The higher-rated player's PD in hundredths for a difference of `d` points (table 8.1.2).
pub fn pd_higher(d: u32) -> u8 {
    PD_TABLE.iter().find(|&&(upper, _)| d <= u32::from(upper)).map_or(100, |&(_, pd)| pd)
}

/// The player's PD in hundredths for `d` = the player's rating − the opponent's (positive: the
/// player is the higher rated).
pub fn expected(d: i32) -> u8 {
    let pd = pd_higher(d.unsigned_abs());
    if d >= 0 {
        pd
    } else {
        100 - pd
    }
}

/// A game's rating difference D: as it is (the player's rating − the opponent's) and as
/// counted under 8.3.1's 400-point rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    pub actual: i32,
    pub counted: i32,
}

impl Difference {
    /// Whether the 400-point rule changed it.
    pub fn capped(&self) -> bool {
        self.actual != self.counted
    }
}

/// 8.3.1: D for a player rated `player` against `opponent`, more than 400 counted as 400
/// unless the player is rated 2650 or more.
pub fn difference(player: u32, opponent: u32) -> Difference {
    // A TRF rating has four digits: the difference fits.
    let actual = (i64::from(player) - i64::from(opponent)).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let counted = if player >= CAP_EXEMPT_FROM { actual } else { actual.clamp(-CAP, CAP) };
    Difference { actual, counted }
}

/// Why a player has the K they have (8.3.3), or that it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KRule {
    /// Given by the user (`--k-factor`).
    Given,
    /// 40: new to the rating list, fewer than 30 games.
    NewPlayer,
    /// 40: until the end of the year of their 18th birthday, rated under 2300.
    Junior,
    /// 20: rated under 2400.
    Under2400,
    /// 10: a published rating of 2400 reached.
    Reached2400,
}

impl KRule {
    pub fn name(self) -> &'static str {
        match self {
            KRule::Given => "given",
            KRule::NewPlayer => "new_player",
            KRule::Junior => "junior",
            KRule::Under2400 => "under_2400",
            KRule::Reached2400 => "reached_2400",
        }
    }

    /// In words, with the article.
    pub fn words(self) -> &'static str {
        match self {
            KRule::Given => "as given",
            KRule::NewPlayer => "new player, fewer than 30 games (B.02 8.3.3)",
            KRule::Junior => "until the end of the year of the 18th birthday, rated under 2300 (B.02 8.3.3)",
            KRule::Under2400 => "rated under 2400 (B.02 8.3.3)",
            KRule::Reached2400 => "a rating of 2400 reached (B.02 8.3.3)",
        }
    }
}

/// What 8.3.3 needs to know of a player besides the rating; a TRF holds none of it but the
/// year of birth, so the defaults are: not new (30 games or more), 2400 reached only when the
/// rating is 2400 or more now, a junior when the year of birth says so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KInputs {
    /// K as published for the player, which wins over the rest.
    pub given: Option<u32>,
    /// Fewer than 30 rated games before the event.
    pub new_player: bool,
    /// A published rating of 2400 reached at some time.
    pub reached_2400: bool,
    /// The event falls in or before the year of the player's 18th birthday.
    pub junior: bool,
}

/// 8.3.3's K for a player rated `rating`: given; else 10 once 2400 is reached (it stays);
/// else 40 for a junior under 2300 or a new player; else 20.
pub fn k_factor(rating: u32, inputs: &KInputs) -> (u32, KRule) {
    match inputs.given {
        Some(k) => (k, KRule::Given),
        None if inputs.reached_2400 || rating >= 2400 => (10, KRule::Reached2400),
        None if inputs.junior && rating < 2300 => (40, KRule::Junior),
        None if inputs.new_player => (40, KRule::NewPlayer),
        None => (20, KRule::Under2400),
    }
}

/// 8.3.3: when K × n exceeds 700, K is the largest whole number with K × n at most 700.
pub fn cap_700(k: u32, games: u32) -> u32 {
    match games {
        0 => k,
        n if k.saturating_mul(n) > MAX_K_TIMES_GAMES => MAX_K_TIMES_GAMES / n,
        _ => k,
    }
}

/// One rated game: the player's score in hundredths (100, 50 or 0) and PD in hundredths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub score: u8,
    pub expected: u8,
}

/// 8.3.2 and 8.3.4: ΣΔR × K over the games, in hundredths of a point (exact), and rounded to
/// the nearest whole number with 0.5 away from zero.
pub fn change(k: u32, games: &[Scored]) -> (i64, i64) {
    let sum: i64 = games.iter().map(|g| i64::from(g.score) - i64::from(g.expected)).sum();
    let hundredths = sum * i64::from(k);
    let rounded = (hundredths.abs() + 50) / 100 * hundredths.signum();
    (hundredths, rounded)
}

/// A fraction `num / den` rounded to the nearest whole number, 0.5 up (B.01 1.4.7 b, 1.4.9);
/// `num` may be negative. `den` must not be 0.
pub fn round_half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

/// dp for a score of `half_points` / 2 out of `games` (table 8.1.1), the percentage rounded
/// to the nearest whole number, 0.5 up; with the percentage. `None` without games.
pub fn dp(half_points: u32, games: u32) -> Option<(u8, i16)> {
    if games == 0 || half_points > 2 * games {
        return None;
    }
    let p = round_half_up(i64::from(half_points) * 50, i64::from(games)).clamp(0, 100) as u8;
    Some((p, DP_TABLE[usize::from(p)]))
}

/// A performance rating Rp = Ra + dp: the opponents' average Ra (rounded, 0.5 up), the
/// percentage, dp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Performance {
    pub average: i64,
    pub percent: u8,
    pub dp: i16,
    pub rating: i64,
}

/// Rp over `ratings` (the opponents') with `half_points` / 2 scored; `None` without games.
pub fn performance(ratings: &[i64], half_points: u32) -> Option<Performance> {
    let n = u32::try_from(ratings.len()).ok()?;
    let (percent, dp) = dp(half_points, n)?;
    let average = round_half_up(ratings.iter().sum(), i64::from(n));
    Some(Performance { average, percent, dp, rating: average + i64::from(dp) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of table 8.1.2 as printed (B.02, 2024): both ends of a row give its PD.
    #[test]
    fn table_8_1_2_reads_as_printed() {
        for (d, h) in [(0, 50), (3, 50), (4, 51), (10, 51), (92, 63), (98, 63), (99, 64), (198, 76), (345, 89), (357, 89)] {
            assert_eq!(pd_higher(d), h, "D = {d}");
        }
        for (d, h) in [(391, 91), (392, 92), (400, 92), (411, 92), (412, 93), (620, 99), (735, 99), (736, 100), (2000, 100)] {
            assert_eq!(pd_higher(d), h, "D = {d}");
        }
        // The lower-rated player's column is 1 − H: .50/.50, .64/.36, .92/.08, 1.0/.00.
        for d in [0, 100, 400, 800] {
            assert_eq!(u32::from(expected(d)) + u32::from(expected(-d)), 100);
        }
        assert_eq!((expected(-100), expected(-400), expected(-800)), (36, 8, 0));
        // Rows are contiguous and PD rises by .01 a row.
        for (i, w) in PD_TABLE.windows(2).enumerate() {
            assert!(w[1].0 > w[0].0 && w[1].1 == w[0].1 + 1, "row {i}");
        }
    }

    /// Rows of table 8.1.1 as printed, and its mirror image about .50.
    #[test]
    fn table_8_1_1_reads_as_printed() {
        for (p, d) in [(100, 800), (99, 677), (83, 273), (66, 117), (50, 0), (49, -7), (35, -110), (15, -296), (1, -677), (0, -800)] {
            assert_eq!(DP_TABLE[p], d, "p = .{p}");
        }
        for p in 0..=100 {
            assert_eq!(DP_TABLE[p], -DP_TABLE[100 - p], "p = .{p}");
        }
        assert!(DP_TABLE.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn the_400_point_rule_and_its_2650_exception() {
        assert_eq!(difference(2000, 1500), Difference { actual: 500, counted: 400 });
        assert_eq!(difference(1500, 2000), Difference { actual: -500, counted: -400 });
        assert!(!difference(2000, 1600).capped());
        // A player rated 2650 or more counts the whole difference, even past the table (PD 1.0).
        assert_eq!(difference(2650, 2100), Difference { actual: 550, counted: 550 });
        assert_eq!(expected(difference(2800, 2000).counted), 100);
        // The opponent below 2650 still counts 400 in the same game.
        assert_eq!(difference(2100, 2650).counted, -400);
    }

    #[test]
    fn k_by_the_rules_in_force() {
        let none = KInputs::default();
        assert_eq!(k_factor(2000, &none), (20, KRule::Under2400));
        assert_eq!(k_factor(2400, &none), (10, KRule::Reached2400));
        assert_eq!(k_factor(2350, &KInputs { reached_2400: true, ..none }), (10, KRule::Reached2400));
        assert_eq!(k_factor(2299, &KInputs { junior: true, ..none }), (40, KRule::Junior));
        assert_eq!(k_factor(2300, &KInputs { junior: true, ..none }), (20, KRule::Under2400));
        assert_eq!(k_factor(1800, &KInputs { new_player: true, ..none }), (40, KRule::NewPlayer));
        assert_eq!(k_factor(2500, &KInputs { given: Some(20), ..none }), (20, KRule::Given));
        // K × n at most 700: 40 × 18 = 720, so K = 38 (38 × 18 = 684); 40 × 17 = 680 stays.
        assert_eq!((cap_700(40, 18), cap_700(40, 17), cap_700(20, 36), cap_700(20, 0)), (38, 40, 19, 20));
    }

    /// 8.3.4: 0.5 rounded away from zero, on exact hundredths.
    #[test]
    fn the_change_is_rounded_half_away_from_zero() {
        let win = |expected| Scored { score: 100, expected };
        let loss = |expected| Scored { score: 0, expected };
        assert_eq!(change(10, &[win(95)]), (50, 1)); // +0.5 → +1
        assert_eq!(change(10, &[loss(5)]), (-50, -1)); // −0.5 → −1
        assert_eq!(change(10, &[win(96)]), (40, 0));
        assert_eq!(change(20, &[win(50), loss(50), Scored { score: 50, expected: 36 }]), (280, 3));
        assert_eq!(change(20, &[]), (0, 0));
    }

    #[test]
    fn performance_by_table_8_1_1() {
        // 5.5 of 9 = 61.1% → .61 → dp 80; average 2401.33 → 2401.
        let p = performance(&[2400, 2403, 2400, 2403, 2400, 2403, 2400, 2403, 2400], 11).unwrap();
        assert_eq!((p.average, p.percent, p.dp, p.rating), (2401, 61, 80, 2481));
        // Average 2401.5 → 2402 (0.5 up).
        let q = performance(&[2401, 2402], 2).unwrap();
        assert_eq!((q.average, q.percent, q.dp, q.rating), (2402, 50, 0, 2402));
        // 6.5 of 10: 65% → 110; 1 of 2: 50%; 2.5 of 8 = 31.25% → .31; 0.5% rounds up: 1 of 200.
        assert_eq!((dp(13, 10), dp(2, 2), dp(5, 8), dp(1, 100)), (Some((65, 110)), Some((50, 0)), Some((31, -141)), Some((1, -677))));
        assert_eq!((performance(&[], 0), dp(5, 2)), (None, None));
        assert_eq!((round_half_up(5, 2), round_half_up(-5, 2), round_half_up(7, 3)), (3, -2, 2));
    }
}
