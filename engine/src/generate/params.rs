//! What a generated tournament is made of: the parameters as given ([`Params`], every one
//! optional), and the same with each unset one drawn at random ([`Resolved`]), each value
//! said in a `###` line of the file with whether it was given or drawn, so that a file says
//! how to make it again (FIDE's checklist for tournament programs, Q24–Q30).

use crate::codes::Tiebreak;
use crate::desk::register::{Pab, Points};
use crate::desk::system::System;
use crate::evaluation::random::Random;
use crate::pairing::berger::{self, Cycles};
use crate::tournament::Colour;

/// Why no tournament was made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// A parameter that cannot make a tournament: the parameter, what was expected.
    #[error("{0}")]
    Param(String),
    /// A round the pairing could not pair (too many rounds for the players left, say).
    #[error("round {round} could not be paired ({why}); with seed {seed}: fewer rounds, fewer byes or another seed may pair it")]
    Round { round: usize, why: String, seed: u64 },
    /// The file made could not be read back (a defect: it names what).
    #[error("the generated file does not read back: {0}")]
    Unreadable(String),
}

/// The pairing system of a generated tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// FIDE's Dutch system (C.04.3).
    Dutch,
    /// A single round robin by the Berger tables (C.05).
    RoundRobin,
    /// A double round robin by the Berger tables (C.05).
    DoubleRoundRobin,
}

/// Acceleration of a Dutch Swiss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acceleration {
    None,
    /// FIDE's Baku method (C.04.5.1).
    Baku,
}

/// A number of players: exactly `low` when `low == high`, else drawn from the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub low: usize,
    pub high: usize,
}

/// The parameters of [`super::generate`]; `None` is drawn at random from the seed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params {
    pub seed: u64,
    pub players: Option<Span>,
    pub rounds: Option<usize>,
    pub pairing: Option<Pairing>,
    pub acceleration: Option<Acceleration>,
    /// The highest and lowest rating, and the ratings' standard deviation (Elo points).
    pub rating_high: Option<u32>,
    pub rating_low: Option<u32>,
    pub rating_spread: Option<f64>,
    /// The share of players without a rating (0 to 1).
    pub unrated: Option<f64>,
    /// Every player's rating, given (`None`: unrated); the players are then these.
    pub ratings: Option<Vec<Option<u32>>>,
    /// The share of games drawn between equal players (0 to 1).
    pub draw_rate: Option<f64>,
    /// White's advantage, in Elo points added to White's rating in drawing a result.
    pub white_advantage: Option<f64>,
    /// The chance that a player asks for a half-, zero- or full-point bye in a round.
    pub half_point_byes: Option<f64>,
    pub zero_point_byes: Option<f64>,
    pub full_point_byes: Option<f64>,
    /// The chance that a game is forfeited by one player, by both, or scored ½–0.
    pub forfeits: Option<f64>,
    pub double_forfeits: Option<f64>,
    pub half_zero: Option<f64>,
    /// The share of players who withdraw, and who enter late.
    pub withdrawals: Option<f64>,
    pub late_entries: Option<f64>,
    pub points: Option<Points>,
    pub pab: Option<Pab>,
    /// The tie-break list after points (written as `202`).
    pub tiebreaks: Option<Vec<Tiebreak>>,
    /// How many pairs of players must not meet (written as `260`).
    pub forbidden: Option<usize>,
    pub initial_colour: Option<Colour>,
    /// Teams and boards a team (written as `310`): the players are teams × boards.
    pub teams: Option<usize>,
    pub boards: Option<usize>,
}

/// Every parameter with a value: what the tournament is made from.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub seed: u64,
    pub players: usize,
    pub rounds: usize,
    pub system: System,
    /// Each player's rating, in no order (`None`: unrated).
    pub ratings: Vec<Option<u32>>,
    pub draw_rate: f64,
    pub white_advantage: f64,
    pub half_point_byes: f64,
    pub zero_point_byes: f64,
    pub full_point_byes: f64,
    pub forfeits: f64,
    pub double_forfeits: f64,
    pub half_zero: f64,
    pub withdrawals: f64,
    pub late_entries: f64,
    pub points: Points,
    pub pab: Pab,
    pub tiebreaks: Vec<Tiebreak>,
    pub forbidden: usize,
    pub initial_colour: Colour,
    pub teams: Option<(usize, usize)>,
    /// One line a parameter: its name, value, and "given" or "drawn".
    pub said: Vec<String>,
}

/// The most players: a TRF start number has four digits.
pub const MAX_PLAYERS: usize = 9999;
/// The most rounds: a round is a ten-column block, and `142` two digits.
pub const MAX_ROUNDS: usize = 99;

/// The tie-break lists drawn for a Swiss (C.07's recommendations for individual Swiss events).
const SWISS_LISTS: [&[Tiebreak]; 4] = [
    &[Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb],
    &[Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::De, Tiebreak::Win],
    &[Tiebreak::BhC1, Tiebreak::Sb, Tiebreak::Win, Tiebreak::Bpg],
    &[Tiebreak::Aro, Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Ps],
];
/// The tie-break lists drawn for a round robin (C.07's recommendations for round robins).
const ROBIN_LISTS: [&[Tiebreak]; 2] =
    [&[Tiebreak::De, Tiebreak::Sb, Tiebreak::Win, Tiebreak::Ks], &[Tiebreak::Sb, Tiebreak::De, Tiebreak::Win]];

/// Draws what is unset; writes down every value.
struct Draw<'a> {
    rng: &'a mut Random,
    said: Vec<String>,
}

impl Draw<'_> {
    fn say(&mut self, name: &str, value: String, given: bool) {
        self.said.push(format!("{name}: {value} ({})", if given { "given" } else { "drawn" }));
    }

    /// A share from 0 to 1: the given one checked, else uniform in `low..high`.
    fn share(&mut self, name: &str, given: Option<f64>, low: f64, high: f64) -> Result<f64, GenerateError> {
        let value = match given {
            Some(v) if !(0.0..=1.0).contains(&v) || v.is_nan() => {
                return Err(GenerateError::Param(format!("{name}: expected a share from 0 to 1 (0% to 100%), found {v}")))
            }
            Some(v) => v,
            None => low + (high - low) * self.rng.unit(),
        };
        let rounded = (value * 10_000.0).round() / 10_000.0;
        self.say(name, format!("{:.2}%", rounded * 100.0), given.is_some());
        Ok(rounded)
    }

    /// A whole number in `low..=high`.
    fn whole(&mut self, low: usize, high: usize) -> usize {
        low + self.rng.below(high - low + 1)
    }
}

/// Every parameter given or drawn, checked: what cannot make a tournament is an error naming
/// the parameter and what was expected.
pub fn resolve(p: &Params, rng: &mut Random) -> Result<Resolved, GenerateError> {
    let mut d = Draw { rng, said: vec![format!("seed: {}", p.seed)] };
    let pairing = p.pairing.unwrap_or(Pairing::Dutch);
    d.say("system", pairing_name(pairing).into(), p.pairing.is_some());
    let teams = teams(p)?;
    let players = players(p, pairing, teams, &mut d)?;
    let rounds = rounds(p, pairing, players, &mut d)?;
    let (points, pab) = scoring(p, pairing, &mut d)?;
    let system = system(p, pairing, points, players, &mut d)?;
    let ratings = ratings(p, players, &mut d)?;
    let draw_rate = d.share("draw rate", p.draw_rate, 0.15, 0.45)?;
    let white_advantage = match p.white_advantage {
        Some(w) if !w.is_finite() || w.abs() > 400.0 => {
            return Err(GenerateError::Param(format!("white advantage: expected Elo points from -400 to 400, found {w}")))
        }
        Some(w) => w,
        None => (d.rng.unit() * 60.0).round(),
    };
    d.say("white advantage", format!("{white_advantage} Elo points"), p.white_advantage.is_some());
    let swiss = pairing == Pairing::Dutch;
    // A round robin's players are all there every round: byes and entries are a Swiss's.
    let (bye_top, entry_top) = if swiss { (0.04, 0.1) } else { (0.0, 0.0) };
    let asked = [("half-point byes requested", p.half_point_byes), ("zero-point byes requested", p.zero_point_byes)];
    for (name, rate) in asked.into_iter().chain([("full-point byes requested", p.full_point_byes)]) {
        if let Some(v) = rate.filter(|v| !(0.0..=1.0).contains(v)) {
            return Err(GenerateError::Param(format!("{name}: expected a share from 0 to 1 (0% to 100%), found {v}")));
        }
    }
    let given: f64 = [p.half_point_byes, p.zero_point_byes, p.full_point_byes].iter().flatten().sum();
    if given > 1.0 {
        return Err(GenerateError::Param(format!(
            "byes requested: the rates given add up to {:.1}%, expected at most 100%",
            given * 100.0
        )));
    }
    // A rate drawn leaves room for those given: the three add up to 100% at most.
    let room = |top: f64| top.min(1.0 - given).max(0.0);
    let half_point_byes = d.share("half-point byes requested", p.half_point_byes, 0.0, room(bye_top))?;
    let zero_point_byes = d.share("zero-point byes requested", p.zero_point_byes, 0.0, room(bye_top / 2.0))?;
    let full_point_byes = d.share("full-point byes requested", p.full_point_byes, 0.0, room(bye_top / 4.0))?;
    if !swiss && half_point_byes + zero_point_byes + full_point_byes > 0.0 {
        return Err(GenerateError::Param("byes requested: a round robin has no byes on request (every player meets every other)".into()));
    }
    let forfeits = d.share("forfeits", p.forfeits, 0.0, 0.03)?;
    let double_forfeits = d.share("double forfeits", p.double_forfeits, 0.0, 0.005)?;
    let half_zero = d.share("results scored 1/2-0", p.half_zero, 0.0, 0.005)?;
    let withdrawals = d.share("withdrawals", p.withdrawals, 0.0, 0.05)?;
    let late_entries = d.share("late entries", p.late_entries, 0.0, entry_top)?;
    if !swiss && late_entries > 0.0 {
        return Err(GenerateError::Param("late entries: a round robin's players are all in from round 1 (C.05)".into()));
    }
    if forfeits + double_forfeits + half_zero > 1.0 {
        return Err(GenerateError::Param("forfeits, double forfeits and 1/2-0 results: the rates add up to more than 100%".into()));
    }
    let tiebreaks = tiebreaks(p, swiss, &mut d);
    let forbidden = forbidden(p, swiss, players, &mut d)?;
    let initial_colour = p.initial_colour.unwrap_or(if d.rng.below(2) == 0 { Colour::White } else { Colour::Black });
    let colour = if initial_colour == Colour::White { "white" } else { "black" };
    d.say("initial colour", colour.into(), p.initial_colour.is_some());
    Ok(Resolved {
        seed: p.seed,
        players,
        rounds,
        system,
        ratings,
        draw_rate,
        white_advantage,
        half_point_byes,
        zero_point_byes,
        full_point_byes,
        forfeits,
        double_forfeits,
        half_zero,
        withdrawals,
        late_entries,
        points,
        pab,
        tiebreaks,
        forbidden,
        initial_colour,
        teams,
        said: d.said,
    })
}

fn pairing_name(p: Pairing) -> &'static str {
    match p {
        Pairing::Dutch => "Dutch (C.04.3)",
        Pairing::RoundRobin => "round robin (C.05)",
        Pairing::DoubleRoundRobin => "double round robin (C.05)",
    }
}

/// Teams × boards, both given or neither.
fn teams(p: &Params) -> Result<Option<(usize, usize)>, GenerateError> {
    match (p.teams, p.boards) {
        (None, None) => Ok(None),
        (Some(t), Some(b)) if t >= 2 && b >= 1 => Ok(Some((t, b))),
        (Some(t), Some(b)) => Err(GenerateError::Param(format!("teams: expected at least 2 teams of at least 1 board, found {t} of {b}"))),
        (Some(_), None) => Err(GenerateError::Param("teams: give the boards a team too (--boards)".into())),
        (None, Some(_)) => Err(GenerateError::Param("boards: give the number of teams too (--teams)".into())),
    }
}

/// The number of players: the ratings given, teams × boards, a count, a range, or drawn.
fn players(p: &Params, pairing: Pairing, teams: Option<(usize, usize)>, d: &mut Draw) -> Result<usize, GenerateError> {
    let robin = pairing != Pairing::Dutch;
    let (min, max) = if robin { (berger::MIN_PLAYERS, berger::MAX_PLAYERS) } else { (2, MAX_PLAYERS) };
    let fixed = p.ratings.as_ref().map(|r| (r.len(), "ratings given")).or(teams.map(|(t, b)| (t * b, "teams × boards")));
    let n = match (fixed, p.players) {
        (Some((n, why)), Some(s)) if !(s.low..=s.high).contains(&n) => {
            return Err(GenerateError::Param(format!(
                "players: the {why} make {n} players, outside the players asked for ({}-{})",
                s.low, s.high
            )))
        }
        (Some((n, _)), _) => n,
        (None, Some(s)) if s.low > s.high => {
            return Err(GenerateError::Param(format!("players: expected a range low-high with low ≤ high, found {}-{}", s.low, s.high)))
        }
        (None, Some(s)) => d.whole(s.low, s.high),
        (None, None) if robin => d.whole(6, 14),
        (None, None) => d.whole(8, 60),
    };
    if !(min..=max).contains(&n) {
        let what = if robin { "a round robin by the Berger tables (C.05)" } else { "a tournament" };
        return Err(GenerateError::Param(format!("players: expected {min} to {max} for {what}, found {n}")));
    }
    let given = p.players.is_some_and(|s| s.low == s.high) || fixed.is_some();
    d.say("players", n.to_string(), given);
    Ok(n)
}

/// The rounds: a round robin's are its table's; a Swiss has at most players − 1.
fn rounds(p: &Params, pairing: Pairing, players: usize, d: &mut Draw) -> Result<usize, GenerateError> {
    let cycles = match pairing {
        Pairing::Dutch => None,
        Pairing::RoundRobin => Some(Cycles::Single),
        Pairing::DoubleRoundRobin => Some(Cycles::Double),
    };
    let rounds = match (cycles, p.rounds) {
        (Some(c), Some(r)) if r != berger::rounds(players, c) => {
            let table = berger::rounds(players, c);
            return Err(GenerateError::Param(format!("rounds: a {c} round robin of {players} players has {table} rounds (C.05), not {r}")));
        }
        (Some(c), _) => berger::rounds(players, c),
        (None, Some(0)) => return Err(GenerateError::Param("rounds: expected at least 1, found 0".into())),
        (None, Some(r)) if r >= players || r > MAX_ROUNDS => {
            let most = (players - 1).min(MAX_ROUNDS);
            return Err(GenerateError::Param(format!(
                "rounds: {r} rounds is more than {players} players allow: a Swiss of {players} players has at most {most} rounds"
            )));
        }
        (None, Some(r)) => r,
        // Drawn: a Swiss's usual 5 to 11 rounds, fewer for a small field, which a
        // late round with everyone met could not pair.
        (None, None) => {
            let most = 11.min(players / 2 + 1).max(1).min(players - 1);
            d.whole(5.min(most), most)
        }
    };
    d.say("rounds", rounds.to_string(), p.rounds.is_some() || cycles.is_some());
    Ok(rounds)
}

/// The point system and what the pairing-allocated bye scores.
fn scoring(p: &Params, pairing: Pairing, d: &mut Draw) -> Result<(Points, Pab), GenerateError> {
    let baku = p.acceleration == Some(Acceleration::Baku);
    let points = p.points.unwrap_or(if baku || d.rng.below(8) != 0 { Points::Fide } else { Points::ThreeOne });
    d.say("point system", points.name().into(), p.points.is_some());
    let pab = match p.pab {
        Some(pab) => pab,
        None if pairing != Pairing::Dutch || d.rng.below(8) != 0 => Pab::Win,
        None => [Pab::Draw, Pab::Nothing][d.rng.below(2)],
    };
    d.say("pairing-allocated bye scores", pab.name().into(), p.pab.is_some());
    Ok((points, pab))
}

/// The system with its acceleration: Baku drawn for one Swiss in five.
fn system(p: &Params, pairing: Pairing, points: Points, players: usize, d: &mut Draw) -> Result<System, GenerateError> {
    let system = match (pairing, p.acceleration) {
        (Pairing::RoundRobin, Some(Acceleration::Baku)) | (Pairing::DoubleRoundRobin, Some(Acceleration::Baku)) => {
            return Err(GenerateError::Param("acceleration: Baku accelerates a Swiss (C.04.5.1), not a round robin".into()))
        }
        (Pairing::RoundRobin, _) => System::RoundRobin,
        (Pairing::DoubleRoundRobin, _) => System::DoubleRoundRobin,
        (Pairing::Dutch, Some(Acceleration::Baku)) if points != Points::Fide => {
            return Err(GenerateError::Param("acceleration: Baku needs standard scoring, 1-1/2-0 (C.04.5.1)".into()))
        }
        (Pairing::Dutch, Some(Acceleration::Baku)) => System::SwissBaku,
        (Pairing::Dutch, Some(Acceleration::None)) => System::Swiss,
        (Pairing::Dutch, None) if points == Points::Fide && players >= 8 && d.rng.below(5) == 0 => System::SwissBaku,
        (Pairing::Dutch, None) => System::Swiss,
    };
    if pairing == Pairing::Dutch {
        let name = if system == System::SwissBaku { "Baku (C.04.5.1)" } else { "none" };
        d.say("acceleration", name.into(), p.acceleration.is_some());
    }
    Ok(system)
}

/// The ratings: given, or normal about the middle of the range, clamped to it; some unrated.
fn ratings(p: &Params, players: usize, d: &mut Draw) -> Result<Vec<Option<u32>>, GenerateError> {
    if let Some(given) = &p.ratings {
        if let Some(r) = given.iter().flatten().find(|&&r| r > 3500) {
            return Err(GenerateError::Param(format!("ratings: expected ratings from 1 to 3500, found {r}")));
        }
        d.say("ratings", format!("{} given", given.len()), true);
        return Ok(given.clone());
    }
    let high = p.rating_high.unwrap_or_else(|| 1900 + 100 * d.rng.below(9) as u32);
    let low = p.rating_low.unwrap_or_else(|| (1000 + 100 * d.rng.below(7) as u32).min(high.saturating_sub(200)));
    if low > high || high > 3500 {
        return Err(GenerateError::Param(format!("ratings: expected lowest ≤ highest ≤ 3500, found lowest {low}, highest {high}")));
    }
    d.say("highest rating", high.to_string(), p.rating_high.is_some());
    d.say("lowest rating", low.to_string(), p.rating_low.is_some());
    let spread = match p.rating_spread {
        Some(s) if !(s >= 0.0 && s.is_finite()) => {
            return Err(GenerateError::Param(format!("rating spread: expected a standard deviation of 0 or more, found {s}")))
        }
        Some(s) => s,
        None => (100.0 + 300.0 * d.rng.unit()).round(),
    };
    d.say("rating spread (standard deviation)", spread.to_string(), p.rating_spread.is_some());
    let unrated = d.share("unrated players", p.unrated, 0.0, 0.2)?;
    let middle = (f64::from(high) + f64::from(low)) / 2.0;
    Ok((0..players)
        .map(|_| {
            let r = (middle + spread * d.rng.normal()).round().clamp(f64::from(low), f64::from(high)) as u32;
            (d.rng.unit() >= unrated).then_some(r.max(1))
        })
        .collect())
}

fn tiebreaks(p: &Params, swiss: bool, d: &mut Draw) -> Vec<Tiebreak> {
    let list = match &p.tiebreaks {
        Some(list) => list.clone(),
        None if swiss => SWISS_LISTS[d.rng.below(SWISS_LISTS.len())].to_vec(),
        None => ROBIN_LISTS[d.rng.below(ROBIN_LISTS.len())].to_vec(),
    };
    let codes: Vec<&str> = list.iter().map(|t| t.code()).collect();
    d.say("tie-breaks (202)", codes.join(" "), p.tiebreaks.is_some());
    list
}

/// Pairs that must not meet: none in most Swiss events, one or two in some.
fn forbidden(p: &Params, swiss: bool, players: usize, d: &mut Draw) -> Result<usize, GenerateError> {
    let n = match p.forbidden {
        Some(n) if n > players / 2 => {
            return Err(GenerateError::Param(format!(
                "forbidden pairs: expected at most {} for {players} players (each player in one pair at most), found {n}",
                players / 2
            )))
        }
        Some(n) if n > 0 && !swiss => {
            return Err(GenerateError::Param(
                "forbidden pairs: a round robin's pairings are its table's (C.05): every player meets every other".into(),
            ))
        }
        Some(n) => n,
        None if swiss && players >= 10 && d.rng.below(4) == 0 => 1 + d.rng.below(2),
        None => 0,
    };
    d.say("pairs that must not meet (260)", n.to_string(), p.forbidden.is_some());
    Ok(n)
}
