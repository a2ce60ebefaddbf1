//! Random tournaments as TRF-2026 files (`ratings-lab generate`): the random tournament
//! generator FIDE's checklist for tournament programs asks for (Q22–Q32), made by this
//! engine's own pairing, round by round.
//!
//! A tournament is drawn from a seed and [`Params`]; whatever is not given is drawn
//! ([`params::resolve`]) and every value is written into the file as a `###` line, so the
//! same seed and parameters give the same file, and the file says how to make it again.
//! Then, round by round:
//!
//! 1. the requests of the round, entered before it is paired as an arbiter enters them:
//!    a late entrant's rounds before entry (`0000 - Z`), a withdrawn player's rounds
//!    (`0000 - -`), and byes asked for (`H`, `Z`, `F`);
//! 2. the pairing, by the file's own system (`192`): the Dutch system (C.04.3) with its Baku
//!    acceleration (C.04.5.1), the players who must not meet (`260`) and the initial colour
//!    (`152`), or the Berger tables (C.05);
//! 3. the results ([`play`]): drawn from the rating gap by FIDE's table of expected scores
//!    (B.02 8.1.2), with the draw rate and White's advantage; some forfeited by one player or
//!    both, some scored ½–0.
//!
//! At the end the file gets its points and its ranks by its own tie-break list (`202`), as
//! the desk's final export has them, so that `ratings-lab check` can check both.

pub mod params;
mod play;

use crate::desk::register::{new_file, Details, NewPlayer};
use crate::evaluation::random::Random;
use crate::pairing::berger;
use crate::pairing::dutch::{pair_round, PairOptions};
use crate::parse::trf::{parse_trf, with_header, with_pairing, with_points, with_round, with_round_off};
use crate::tournament::Colour;
pub use params::{Acceleration, GenerateError, Pairing, Params, Resolved, Span};

/// A generated tournament: the file, and every parameter's value.
#[derive(Clone, Debug)]
pub struct Generated {
    pub text: String,
    pub resolved: Resolved,
}

/// A tournament drawn from `p` (see the module's documentation).
pub fn generate(p: &Params) -> Result<Generated, GenerateError> {
    let mut rng = Random::new(p.seed);
    let resolved = params::resolve(p, &mut rng)?;
    let mut text = first_file(&resolved, &mut rng)?;
    let plan = play::Plan::draw(&resolved, &mut rng);
    for round in 1..=resolved.rounds {
        text = play_round(&text, round, &resolved, &plan, &mut rng)?;
    }
    let (t, _) = parse_trf(&text).map_err(|e| GenerateError::Unreadable(e.to_string()))?;
    let points = |start: u32| t.entrants.iter().position(|e| e.start == start).map(|i| t.points_after(i, resolved.rounds));
    let text = crate::desk::export::with_current_ranks(&with_points(&text, &points));
    Ok(Generated { text, resolved })
}

/// The file before round 1: the header, the `###` lines saying each parameter, the players
/// in C.04.2's initial order, the players who must not meet, the teams.
fn first_file(r: &Resolved, rng: &mut Random) -> Result<String, GenerateError> {
    let players: Vec<NewPlayer> = play::names(r.players, rng)
        .into_iter()
        .zip(&r.ratings)
        .map(|(name, &rating)| NewPlayer { name, rating, ..NewPlayer::default() })
        .collect();
    let month = 3 + rng.below(9);
    let day = 1 + rng.below(28);
    let details = Details {
        name: format!("Generated tournament {}", r.seed),
        city: "Ratings Lab".into(),
        start_date: format!("2026/{month:02}/{day:02}"),
        rounds: r.rounds,
        points: r.points,
        tiebreaks: r.tiebreaks.clone(),
        system: r.system,
        must_not_meet: play::apart(&players, r.forbidden, rng),
        pab: r.pab,
        ..Details::default()
    };
    let text = new_file(&details, &players).map_err(|e| GenerateError::Param(e.to_string()))?;
    let text = with_header(&text, "152", if r.initial_colour == Colour::White { "W" } else { "B" });
    let mut said: Vec<String> = vec![format!("### made by ratings-lab generate {} with seed {}", env!("CARGO_PKG_VERSION"), r.seed)];
    said.extend(r.said.iter().map(|s| format!("### {s}")));
    if let Some((teams, boards)) = r.teams {
        said.push(format!(
            "### a team tournament of {teams} teams of {boards} boards, paired as individuals by the Dutch system: team pairing is not built yet"
        ));
    }
    let first = text.find("\n001").map_or(0, |i| i + 1);
    let teams = r.teams.map_or(String::new(), |(teams, boards)| play::team_records(teams, boards, rng));
    Ok(format!("{}{}\n{}{teams}", &text[..first], said.join("\n"), &text[first..]))
}

/// Round `round` entered, paired and played.
fn play_round(text: &str, round: usize, r: &Resolved, plan: &play::Plan, rng: &mut Random) -> Result<String, GenerateError> {
    let read = |text: &str| parse_trf(text).map(|(t, _)| t).map_err(|e| GenerateError::Unreadable(e.to_string()));
    let t = read(text)?;
    let requests = plan.requests(&t, round, r, rng);
    let text = with_round(text, round, &|start| requests.get(&start).cloned());
    let t = read(&text)?;
    let fail = |why: String| GenerateError::Round { round, why, seed: r.seed };
    let text = match r.system.cycles() {
        Some(cycles) => {
            let (boards, off) = berger::pair_round(&t, round, cycles).map_err(|e| fail(e.to_string()))?;
            with_round_off(&text, &t, round, &boards, off)
        }
        None => {
            let p = pair_round(&t, round, &PairOptions { rounds: Some(r.rounds), ..PairOptions::default() })
                .map_err(|e| fail(e.to_string()))?;
            let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
            with_pairing(&text, &t, round, &boards, p.bye)
        }
    };
    let t = read(&text)?;
    let results = play::results(&t, round, r, plan, rng);
    Ok(with_round(&text, round, &|start| results.get(&start).cloned()))
}
