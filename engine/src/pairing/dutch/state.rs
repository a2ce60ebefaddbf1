//! What the Dutch system knows of each player before round R is paired (FIDE Handbook
//! C.04.3, applied from 1 February 2026, chapter C0403202602: Art. 1.2 scores and pairing
//! numbers, 1.4 floats, 1.6–1.7 colour differences and preferences, 1.8 topscorers; C.04.1
//! Art. 4 bye eligibility; C.04.2 3.4–3.5: only games played count for colours and for
//! "players shall not meet twice").

use crate::tournament::{Acceleration, Colour, RoundResult, RoundStatus, Tournament};

/// A float received in an earlier round (1.4.2–1.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    Down,
    Up,
}

/// How strongly a player wants a colour (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// One player to pair, as the criteria read them.
#[derive(Clone, Debug)]
pub struct Player {
    /// Index into `Tournament::entrants`.
    pub entrant: usize,
    /// Pairing number: the start number (the fixtures' files give the initial order).
    pub tpn: u32,
    /// Points in tenths (integers: equal scores must compare equal).
    pub score: i64,
    /// Colours of the games played, oldest first (unplayed rounds left out: R4).
    pub colours: Vec<Colour>,
    pub strength: Strength,
    /// The colour wanted (`None` with `Strength::None`).
    pub wants: Option<Colour>,
    /// Floats of rounds.
    pub floats: [Float; 2],
    /// C.04.1 Art. 4 (2026): no earlier PAB and no unplayed round worth a win.
    pub bye_eligible: bool,
    /// Entrants met over the board (C1).
    pub met: Vec<usize>,
    /// Games played (C9).
    pub played: usize,
    /// 1.8: more than half the maximum score, only when pairing the last round.
    pub topscorer: bool,
}

impl Player {
    /// CD = whites − blacks (1.6).
    pub fn colour_difference(&self) -> i64 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }
}

/// Points in tenths, so that scores compare exactly.
pub fn tenths(x: f64) -> i64 {
    (x * 10.0).round() as i64
}

/// The pairing scores of every entrant before each round 1..=round (index r: before round
/// r + 1): the points scored, plus that round's virtual points (`virtual_points`, C.04.5),
/// which every criterion reads as the score (the floats of earlier rounds included, each
/// with its own round's virtual points, as bbpPairings has them).
pub fn scores_before(t: &Tournament, round: usize, virtual_points: Option<&Acceleration>) -> Vec<Vec<i64>> {
    let ps = &t.point_system;
    let mut acc = vec![0i64; t.entrants.len()];
    let mut out = Vec::with_capacity(round);
    for r in 0..round {
        let bonus = |i: usize| virtual_points.map_or(0, |a| tenths(a.points(t.entrants[i].start, r + 1)));
        out.push(acc.iter().enumerate().map(|(i, s)| s + bonus(i)).collect());
        for (i, e) in t.entrants.iter().enumerate() {
            // Points given or taken by the arbiter (TRF-2026 `299`) are the round's points.
            let given = t.points_by_round.as_ref().and_then(|by| by.get(i)?.get(r).copied());
            if let Some(entry) = e.rounds.get(r) {
                acc[i] += tenths(given.unwrap_or_else(|| ps.points(entry.result)));
            }
        }
    }
    out
}

/// The float entrant `i` received in round `r` (1-based; 1.4.2–1.4.4): a game between
/// different scores floats both; a PAB, or more than a loss's points without playing, a
/// downfloat; anything else none.
fn float_in(t: &Tournament, scores: &[Vec<i64>], i: usize, r: usize) -> Float {
    let Some(entry) = t.entrants[i].rounds.get(r - 1) else { return Float::None };
    let ps = &t.point_system;
    if let (Some(j), true) = (entry.opponent, entry.result.over_the_board()) {
        let (a, b) = (scores[r - 1][i], scores[r - 1][j]);
        return match a.cmp(&b) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        };
    }
    let unplayed_points = tenths(ps.points(entry.result));
    match entry.result == RoundResult::PairingBye || unplayed_points > tenths(ps.loss) {
        true => Float::Down,
        false => Float::None,
    }
}

/// Preference and its strength from the colours played (1.7): absolute beyond ±1 or after
/// two games of one colour (the CD decides when both apply); strong at ±1; mild at 0.
fn preference(colours: &[Colour]) -> (Strength, Option<Colour>) {
    let cd: i64 = colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum();
    let other = |c: Colour| if c == Colour::White { Colour::Black } else { Colour::White };
    let Some(&last) = colours.last() else { return (Strength::None, None) };
    let twice = colours.len() >= 2 && colours[colours.len() - 2] == last;
    match cd {
        d if d > 1 => (Strength::Absolute, Some(Colour::Black)),
        d if d < -1 => (Strength::Absolute, Some(Colour::White)),
        _ if twice => (Strength::Absolute, Some(other(last))),
        1 => (Strength::Strong, Some(Colour::Black)),
        -1 => (Strength::Strong, Some(Colour::White)),
        _ => (Strength::Mild, Some(other(last))),
    }
}

/// The player `i` as round `round` sees it.
pub fn player(t: &Tournament, scores: &[Vec<i64>], i: usize, round: usize, last_round: bool) -> Player {
    let e = &t.entrants[i];
    let ps = &t.point_system;
    let win = tenths(ps.win);
    let (mut colours, mut met, mut bye_eligible) = (Vec::new(), Vec::new(), true);
    for entry in e.rounds.iter().take(round - 1) {
        if let (Some(j), true) = (entry.opponent, entry.result.over_the_board()) {
            colours.extend(entry.colour);
            met.push(j);
        } else if entry.result == RoundResult::PairingBye || tenths(ps.points(entry.result)) >= win {
            bye_eligible = false;
        }
    }
    let (strength, wants) = preference(&colours);
    let floats = [1, 2].map(|back| if round > back { float_in(t, scores, i, round - back) } else { Float::None });
    let score = scores[round - 1][i];
    let max_game = tenths(ps.win.max(ps.draw));
    // 1.8: more than 50 % of the maximum possible score, judged before the last round.
    let topscorer = last_round && 2 * score > (round as i64 - 1) * max_game;
    let played = colours.len();
    Player { entrant: i, tpn: e.start, score, colours, strength, wants, floats, bye_eligible, met, played, topscorer }
}

/// Whether entrant `i` is to be paired in `round`: nothing entered, or the entry is the
/// pairing itself (a game or the PAB); a requested bye or an absence is not (R1).
pub fn to_pair(t: &Tournament, i: usize, round: usize) -> bool {
    match t.status(i, round) {
        RoundStatus::Open | RoundStatus::Paired(_) => true,
        RoundStatus::Unpaired(u) => !u.requested(),
        RoundStatus::ForfeitWinAlone => false,
    }
}
