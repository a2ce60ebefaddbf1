//! The title-norm check of the FIDE Title Regulations, FIDE Handbook B.01 (effective from
//! 1 January 2024), article 1.4, for one player's games in one event and each of the GM, IM,
//! WGM and WIM norms ([`NormTitle`]). Each condition is reported met or not with its working:
//!
//! * 1.4.1 a: at least 9 games;
//! * 1.4.3: opponents from at least two federations other than the player's (`FID` is not a
//!   federation for this, 1.4.2 a);
//! * 1.4.4: at most 3/5 of the opponents from the player's federation and at most 2/3 from any
//!   one federation (maxima rounded down);
//! * 1.4.5 a: at least 50% of the opponents titleholders (GM, IM, WGM, FM, WIM, WFM; CM and
//!   WCM do not count), rounded up;
//! * 1.4.5 b–e: at least 1/3 of the opponents, and at least 3, holding the norm's title or a
//!   higher one (GM; IM or GM; WGM, IM or GM; WIM, WGM, IM or GM), rounded up;
//! * 1.4.6–1.4.7: the opponents' average Ra, after raising the lowest-rated opponent (one at
//!   most) to the adjusted rating floor (GM 2200, IM 2050, WGM 2000, WIM 1850) and counting
//!   any other unrated opponent as 1400; rounded to the nearest whole number, 0.5 up;
//! * 1.4.8 a: Ra at least GM 2380, IM 2230, WGM 2180, WIM 2030;
//! * 1.4.8 b: a score of at least 35%;
//! * 1.4.8–1.4.9: a performance Rp = Ra + dp (table 1.4.9, the same as B.02's 8.1.1) of at
//!   least GM 2600, IM 2450, WGM 2400, WIM 2250;
//! * 0.3 (the titles' list): WGM and WIM are women's titles, met only for a player the file
//!   lists as a woman (TRF sex `f`): a blank sex is said, not taken as a woman.
//!
//! Only games played over the board count (1.4.2 c). Not applied: the exemptions of 1.4.1 b–c
//! (fewer games in some events), 1.4.3 a–d (events exempt from the federation mix), the
//! games a player may leave out (1.4.1 e–f), the double round-robin rule of 1.4.5 and the
//! Annex's tables; the QC's own check decides.

use super::rating::dp;
use crate::tournament::{Sex, Title};

/// A title norm of B.01 1.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormTitle {
    Gm,
    Im,
    Wgm,
    Wim,
}

impl NormTitle {
    pub const ALL: [NormTitle; 4] = [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    pub fn name(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }

    /// 1.4.8: the least performance.
    pub fn performance(self) -> i64 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// 1.4.8 a: the least average rating of the opponents.
    pub fn average(self) -> i64 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// 1.4.6 b: the adjusted rating floor.
    pub fn floor(self) -> i64 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// 1.4.5 b–e: the opponents' titles that count towards the third.
    pub fn counting(self) -> &'static [Title] {
        match self {
            NormTitle::Gm => &[Title::Gm],
            NormTitle::Im => &[Title::Gm, Title::Im],
            NormTitle::Wgm => &[Title::Gm, Title::Im, Title::Wgm],
            NormTitle::Wim => &[Title::Gm, Title::Im, Title::Wgm, Title::Wim],
        }
    }

    fn women(self) -> bool {
        matches!(self, NormTitle::Wgm | NormTitle::Wim)
    }
}

impl std::str::FromStr for NormTitle {
    type Err = crate::error::NameError;

    fn from_str(s: &str) -> Result<NormTitle, Self::Err> {
        NormTitle::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| crate::error::NameError::Unknown {
            what: "norm",
            name: crate::error::excerpt(s),
            expected: "GM, IM, WGM or WIM".into(),
        })
    }
}

/// 1.4.6 d: an unrated opponent not raised to the floor counts as this.
pub const UNRATED: i64 = 1400;

/// 1.4.1 a: the fewest games.
pub const MIN_GAMES: usize = 9;

/// 1.4.8 b: the least score, in per cent.
pub const MIN_PERCENT: u32 = 35;

/// An opponent in a game played over the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponent {
    pub rating: Option<u32>,
    pub title: Option<Title>,
    /// As the file writes it (`GER`); `None` when not given.
    pub federation: Option<String>,
}

/// The player whose norms are checked, and their games: each opponent and the half points
/// scored against them.
#[derive(Clone, Debug, PartialEq)]
pub struct NormInput<'a> {
    pub federation: Option<&'a str>,
    pub sex: Option<Sex>,
    pub games: &'a [(Opponent, u32)],
}

/// One condition, met or not, with the article and the working in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    pub article: &'static str,
    pub name: &'static str,
    pub met: bool,
    pub working: String,
}

/// A norm checked: every condition, and the figures.
#[derive(Clone, Debug, PartialEq)]
pub struct NormCheck {
    pub title: NormTitle,
    pub achieved: bool,
    pub games: usize,
    /// Points (half points / 2).
    pub score: f64,
    /// Ra after 1.4.6; `None` without games.
    pub average: Option<i64>,
    pub performance: Option<i64>,
    pub conditions: Vec<Condition>,
}

fn condition(article: &'static str, name: &'static str, met: bool, working: String) -> Condition {
    Condition { article, name, met, working }
}

/// A federation as the federation mix counts it: upper case, `None` for `FID` (1.4.2 a) or none.
fn federation(f: Option<&str>) -> Option<String> {
    f.map(|f| f.trim().to_ascii_uppercase()).filter(|f| !f.is_empty() && f != "FID")
}

/// 1.4.3 and 1.4.4.
fn federation_mix(input: &NormInput) -> Vec<Condition> {
    let n = input.games.len();
    let own = federation(input.federation);
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for (o, _) in input.games {
        if let Some(f) = federation(o.federation.as_deref()) {
            *counts.entry(f).or_default() += 1;
        }
    }
    let (own_max, one_max) = (3 * n / 5, 2 * n / 3);
    let Some(own) = own else {
        let why = "the file gives no federation for the player (or FID)".to_string();
        return vec![condition("1.4.3", "federations", false, why.clone()), condition("1.4.4", "own_federation", false, why)];
    };
    let others: Vec<&String> = counts.keys().filter(|f| **f != own).collect();
    let others_text = others.iter().map(|f| format!("{f} {}", counts[*f])).collect::<Vec<_>>().join(", ");
    let own_count = counts.get(&own).copied().unwrap_or(0);
    let (top, top_count) =
        counts.iter().max_by_key(|(f, c)| (**c, std::cmp::Reverse((*f).clone()))).map_or(("none".into(), 0), |(f, c)| (f.clone(), *c));
    vec![
        condition(
            "1.4.3",
            "federations",
            others.len() >= 2,
            format!(
                "{} federations other than {own} ({}); at least 2 needed",
                others.len(),
                if others.is_empty() { "none" } else { &others_text }
            ),
        ),
        condition(
            "1.4.4",
            "own_federation",
            own_count <= own_max,
            format!("{own_count} of {n} opponents from {own}; at most 3/5 of {n} = {own_max}"),
        ),
        condition(
            "1.4.4",
            "one_federation",
            top_count <= one_max,
            format!("most from one federation: {top_count} ({top}); at most 2/3 of {n} = {one_max}"),
        ),
    ]
}

/// 1.4.5 a and b–e.
fn titles(title: NormTitle, input: &NormInput) -> Vec<Condition> {
    let n = input.games.len();
    let holders = input.games.iter().filter(|(o, _)| o.title.is_some_and(|t| !matches!(t, Title::Cm | Title::Wcm))).count();
    let counting = input.games.iter().filter(|(o, _)| o.title.is_some_and(|t| title.counting().contains(&t))).count();
    let (half, third) = (n.div_ceil(2), n.div_ceil(3).max(3));
    let names = title.counting().iter().map(|t| t.name()).collect::<Vec<_>>().join("/");
    vec![
        condition(
            "1.4.5a",
            "titled",
            holders >= half,
            format!("{holders} of {n} opponents hold a title (CM, WCM not counted); at least 50% = {half}"),
        ),
        condition(
            "1.4.5",
            "norm_titles",
            counting >= third,
            format!("{counting} of {n} opponents are {names}; at least 1/3 of {n}, and 3: {third}"),
        ),
    ]
}

/// 1.4.6 and 1.4.7: the ratings counted (the lowest raised to the floor, at most one; other
/// unrated opponents 1400) and the working.
fn ratings(title: NormTitle, input: &NormInput) -> (Vec<i64>, String) {
    let mut ratings: Vec<Option<i64>> = input.games.iter().map(|(o, _)| o.rating.map(i64::from)).collect();
    let floor = title.floor();
    // The lowest: an unrated opponent first (the floor covers it), else the lowest rating.
    let lowest = (0..ratings.len()).min_by_key(|&i| ratings[i].unwrap_or(i64::MIN));
    let mut notes = Vec::new();
    if let Some(i) = lowest.filter(|&i| ratings[i].is_none_or(|r| r < floor)) {
        let was = ratings[i].map_or("unrated".to_string(), |r| r.to_string());
        notes.push(format!("one opponent ({was}) raised to the floor {floor}"));
        ratings[i] = Some(floor);
    }
    let unrated = ratings.iter().filter(|r| r.is_none()).count();
    if unrated > 0 {
        notes.push(format!("{unrated} unrated counted as {UNRATED}"));
    }
    let counted: Vec<i64> = ratings.into_iter().map(|r| r.unwrap_or(UNRATED)).collect();
    (counted, notes.join("; "))
}

/// The norm `title` checked for `input`.
pub fn check(title: NormTitle, input: &NormInput) -> NormCheck {
    let n = input.games.len();
    let half_points: u32 = input.games.iter().map(|(_, h)| h).sum();
    let mut conditions = Vec::new();
    if title.women() {
        // Only a file that says so makes the player a woman: a blank sex is not taken as one,
        // or a man whose record leaves column 10 blank would be shown a WGM norm.
        let met = input.sex == Some(Sex::Female);
        let working = match input.sex {
            Some(Sex::Male) => "a women's title; the file lists the player as a man",
            Some(Sex::Female) => "a women's title; the player is a woman",
            None => "a women's title; sex not given (the player's record leaves it blank: f for a woman)",
        };
        conditions.push(condition("0.3", "women", met, working.into()));
    }
    conditions.push(condition("1.4.1a", "games", n >= MIN_GAMES, format!("{n} games played over the board; at least {MIN_GAMES}")));
    conditions.extend(federation_mix(input));
    conditions.extend(titles(title, input));
    let (counted, notes) = ratings(title, input);
    let perf = super::rating::performance(&counted, half_points);
    let (average, performance) = (perf.map(|p| p.average), perf.map(|p| p.rating));
    let sum: i64 = counted.iter().sum();
    let notes = if notes.is_empty() { String::new() } else { format!(" ({notes})") };
    let avg_text = average.map_or("no games".into(), |a| format!("{sum} / {n} = {a}{notes}"));
    conditions.push(condition(
        "1.4.8a",
        "average",
        average.is_some_and(|a| a >= title.average()),
        format!("Ra {avg_text}; at least {}", title.average()),
    ));
    let percent = if n == 0 { 0 } else { (half_points * 50) / n as u32 };
    let exact = if n == 0 { 0.0 } else { f64::from(half_points) * 50.0 / n as f64 };
    let score = f64::from(half_points) / 2.0;
    conditions.push(condition(
        "1.4.8b",
        "score",
        n > 0 && percent >= MIN_PERCENT,
        format!("{score} of {n} = {exact:.1}%; at least {MIN_PERCENT}%"),
    ));
    let perf_text = match (perf, dp(half_points, n as u32)) {
        (Some(p), Some((pc, d))) => format!("Rp = Ra {} + dp {d} (for {pc}%) = {}", p.average, p.rating),
        _ => "no games".into(),
    };
    let met = performance.is_some_and(|r| r >= title.performance());
    conditions.push(condition("1.4.8", "performance", met, format!("{perf_text}; at least {}", title.performance())));
    let achieved = conditions.iter().all(|c| c.met);
    NormCheck { title, achieved, games: n, score, average, performance, conditions }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opp(rating: Option<u32>, title: Option<Title>, fed: &str) -> Opponent {
        Opponent { rating, title, federation: Some(fed.to_string()) }
    }

    /// A made-up GM norm: 9 games, 6.5 points, opponents from four federations besides the
    /// player's (ENG), five of them titled, three GMs, average 2444 → 72% → dp 166 → Rp 2610.
    fn gm_norm() -> Vec<(Opponent, u32)> {
        use Title::*;
        vec![
            (opp(Some(2550), Some(Gm), "GER"), 1),
            (opp(Some(2520), Some(Gm), "FRA"), 1),
            (opp(Some(2500), Some(Gm), "NED"), 2),
            (opp(Some(2450), Some(Im), "ENG"), 2),
            (opp(Some(2430), Some(Im), "GER"), 2),
            (opp(Some(2410), None, "ESP"), 1),
            (opp(Some(2400), None, "ENG"), 2),
            (opp(Some(2380), None, "FRA"), 2),
            (opp(Some(2356), Some(Cm), "NED"), 0),
        ]
    }

    fn input(games: &[(Opponent, u32)]) -> NormInput<'_> {
        NormInput { federation: Some("ENG"), sex: Some(Sex::Female), games }
    }

    fn failed(c: &NormCheck) -> Vec<&str> {
        c.conditions.iter().filter(|c| !c.met).map(|c| c.name).collect()
    }

    #[test]
    fn a_norm_with_every_condition_met() {
        let games = gm_norm();
        let c = check(NormTitle::Gm, &input(&games));
        assert!(c.achieved, "{:#?}", c.conditions);
        assert_eq!((c.games, c.score, c.average, c.performance), (9, 6.5, Some(2444), Some(2610)));
        // Met for the lower norms too (their titles and floors are wider).
        for t in [NormTitle::Im, NormTitle::Wgm, NormTitle::Wim] {
            assert!(check(t, &input(&games)).achieved, "{}", t.name());
        }
        assert!(check(NormTitle::Gm, &input(&games)).conditions.iter().all(|c| !c.working.is_empty()));
    }

    #[test]
    fn each_condition_fails_alone() {
        let base = gm_norm();
        let fails = |games: &[(Opponent, u32)], who: NormInput| failed(&check(NormTitle::Gm, &NormInput { games, ..who })).join(",");
        // 8 games (the last, a loss, dropped: 6.5 of 8 against 2455, Rp 2706).
        let eight: Vec<_> = base[..8].to_vec();
        assert_eq!(fails(&eight, input(&eight)), "games");
        // One other federation only.
        let mut one_fed = base.clone();
        for (o, _) in &mut one_fed {
            if o.federation.as_deref() != Some("ENG") {
                o.federation = Some("GER".into());
            }
        }
        assert_eq!(fails(&one_fed, input(&one_fed)), "federations,one_federation");
        // Six opponents from the player's own federation: more than 3/5 of 9 = 5.
        let mut home = base.clone();
        for (o, _) in home.iter_mut().take(5) {
            o.federation = Some("eng".into());
        }
        assert_eq!(fails(&home, input(&home)), "own_federation");
        // Only four titled (the CM does not count, 1.4.5 a needs 5).
        let mut untitled = base.clone();
        untitled[4].0.title = None;
        assert_eq!(fails(&untitled, input(&untitled)), "titled");
        // Two GMs: below 3.
        let mut two_gms = base.clone();
        two_gms[2].0.title = Some(Title::Im);
        assert_eq!(fails(&two_gms, input(&two_gms)), "norm_titles");
        // A weaker field: the average under 2380 and Rp under 2600.
        let mut weak = base.clone();
        for (o, _) in &mut weak {
            o.rating = o.rating.map(|r| r - 70);
        }
        assert_eq!(fails(&weak, input(&weak)), "average,performance");
        // A lower score: 5.5 of 9 → 61% → dp 80 → 2524.
        let mut lower = base.clone();
        lower[0].1 = 0;
        lower[1].1 = 0;
        assert_eq!(fails(&lower, input(&lower)), "performance");
        // Under 35%: the same field, 3 of 9.
        let mut poor = base.clone();
        for (i, g) in poor.iter_mut().enumerate() {
            g.1 = if i < 3 { 2 } else { 0 };
        }
        assert_eq!(fails(&poor, input(&poor)), "score,performance");
        // A man: WGM is not his to gain, GM is.
        let man = NormInput { sex: Some(Sex::Male), ..input(&base) };
        assert_eq!(failed(&check(NormTitle::Wgm, &man)), ["women"]);
        assert!(check(NormTitle::Gm, &man).achieved);
    }

    /// 0.3: a women's title norm needs the file to say the player is a woman; a blank sex is
    /// not taken as one (issue 35: a WGM norm was shown achieved for such a player).
    #[test]
    fn a_womens_norm_needs_the_sex_given() {
        let games = gm_norm();
        let blank = NormInput { sex: None, ..input(&games) };
        for t in [NormTitle::Wgm, NormTitle::Wim] {
            let c = check(t, &blank);
            assert!(!c.achieved, "{}: {:#?}", t.name(), c.conditions);
            assert_eq!(failed(&c), ["women"], "{}", t.name());
            let women = c.conditions.iter().find(|c| c.name == "women").expect("the women's condition");
            assert!(women.working.contains("sex not given"), "{}", women.working);
        }
        // The open titles do not ask.
        assert!(check(NormTitle::Gm, &blank).achieved);
        assert!(check(NormTitle::Wgm, &input(&games)).achieved, "a woman's WGM norm stands");
    }

    /// 1.4.6: only the lowest opponent is raised to the floor; other unrated ones count 1400.
    #[test]
    fn the_rating_floor_raises_one_opponent() {
        let mut games = gm_norm();
        games[8].0.rating = Some(1900);
        games[7].0.rating = None;
        let (counted, working) = ratings(NormTitle::Gm, &input(&games));
        assert_eq!((counted[7], counted[8]), (2200, 1900), "the unrated one is the lowest");
        assert_eq!(working, "one opponent (unrated) raised to the floor 2200");
        games[6].0.rating = None;
        let (counted, working) = ratings(NormTitle::Gm, &input(&games));
        assert_eq!(counted.iter().filter(|&&r| r == 2200).count() + counted.iter().filter(|&&r| r == UNRATED).count(), 2);
        assert!(working.ends_with("1 unrated counted as 1400"), "{working}");
        // An opponent above the floor is not raised.
        let (counted, working) = ratings(NormTitle::Wim, &input(&gm_norm()));
        assert_eq!((counted[8], working.as_str()), (2356, ""));
        assert_eq!("wgm".parse::<NormTitle>(), Ok(NormTitle::Wgm));
        assert!("FM".parse::<NormTitle>().unwrap_err().to_string().contains("expected GM, IM, WGM or WIM"));
    }
}
