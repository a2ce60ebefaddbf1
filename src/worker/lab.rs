//! The worker's answers to the lab's requests: the iterations raced on the input
//! ([`crate::core::engine::methods::race`]) and one step's working for one player
//! ([`crate::core::engine::methods::working`]). Both run at once (small inputs only) and are
//! numbered apart from rating jobs, which they never supersede.

use super::input::job_for;
use super::slices::post;
use crate::core::engine::job::STEP_PLAYERS;
use crate::core::engine::methods::{race, working};
use crate::core::engine::MethodKind;
use crate::core::protocol::{FromWorker, Later, Settings, Source};

/// Races the four iterations (and sweeps σ) on the input, with the user's parameters.
pub async fn race(job: u32, source: Source, settings: Settings) {
    let settings = Settings { method: MethodKind::Brent, ..settings };
    let race = match job_for(job, source, &settings).await {
        Ok(read) => {
            let data = &read.input.dataset;
            if data.players.len() > STEP_PLAYERS {
                Err(format!("The race runs on inputs of up to {STEP_PLAYERS} players; this one has {}.", data.players.len()))
            } else {
                race::race(data, &settings.params.brent, &settings.params.jrank).map_err(|e| e.to_string())
            }
        }
        Err(_) => Err("The input cannot be read: fix its errors first.".into()),
    };
    post(&FromWorker::Raced { job, race: race.map(Later::new) });
}

/// The working of step `step` for the player named `player`, under the chosen method.
pub async fn working(job: u32, source: Source, settings: Settings, step: usize, player: String) {
    let working = match job_for(job, source, &settings).await {
        Ok(read) => {
            let data = &read.input.dataset;
            match data.find(&player) {
                Some(i) => working::working(data, &settings.method(), step, i).map_err(|e| e.to_string()),
                None => Err(format!("{player} is not in the data")),
            }
        }
        Err(_) => Err("The input cannot be read: fix its errors first.".into()),
    };
    post(&FromWorker::Worked { job, working: working.map(Later::new) });
}
