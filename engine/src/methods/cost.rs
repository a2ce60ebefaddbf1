//! What a fit costs, for the estimates said before long work (the app's compare and prediction
//! views, `ratings-lab evaluate`): a method's work in replays of Elo ([`Passes`], in its
//! `About`), times the seconds a game of one such replay where it runs ([`Runtime`]).
//!
//! Both are measured on a league of 100,000 players and 1,000,000 random games: natively by
//! `cargo run --profile cli -p ratings-engine --example evaluate_cost`, in the browser by
//! `tests/web_bench.rs`'s `evaluation_costs` (docs/performance.md, *Evaluation's estimate*).
//! A method's cost is measured on each side because the two differ by more than rounding:
//! wasm pays relatively more for the Glicko family's square roots and logarithms (Glicko 2.0–2.8
//! replays in the browser, 0.9–1.0 natively), native code relatively more for the AGA's sums
//! (7.9–9.4 replays in the browser, 10.8–10.9 natively).

use crate::model::Dataset;

/// Where a fit runs: the page's workers (wasm in the browser, one thread) or native code (the
/// command line, with a second core where there is one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    Worker,
    Native,
}

impl Runtime {
    /// Seconds a game for one replay of Elo, the unit of [`Passes`]; rounded up, so that an
    /// estimate errs long.
    ///
    /// * In the worker, 3.5e-7: Elo's fit on the league above took 0.19–0.27 s in headless
    ///   Chromium (the fastest of three, two runs on 2026-12-01, load about 1), and the compare
    ///   view's replays in other orders, its heaviest use of a replay, 0.28–0.33 s each on a
    ///   million games of 50,000 players (`tests/e2e/trust_large.test.mjs`'s step times).
    /// * Natively, 2e-7 (`--profile cli`): 0.14–0.19 s of processor time on 2026-12-01, over
    ///   two runs (it was 0.59 s on the loaded machine of 2026-11-29, before Elo's histories were
    ///   made to size).
    /// * A debug build (the tests' command line) is slower by about 10 (measured on 2026-12-01:
    ///   Elo 4.4 ×, Glicko-2 3.9 ×, Brent 11 ×, WHR 7–14 ×), and says so.
    pub const fn seconds_per_game_pass(self) -> f64 {
        let unoptimised = if cfg!(debug_assertions) { 10.0 } else { 1.0 };
        unoptimised
            * match self {
                Runtime::Worker => 3.5e-7,
                Runtime::Native => 2.0e-7,
            }
    }
}

/// The league's size the passes are measured on: a million games.
pub const MEASURED_GAMES: f64 = 1e6;

/// A method's work on the whole input in replays of Elo, measured on each side (rounded up
/// to a half): the league's fit time over Elo's on the same side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Passes {
    pub worker: f64,
    pub native: f64,
    /// How a game's cost grows with the input: it is `(games / MEASURED_GAMES)^growth` times
    /// the measured one. 0 for a method whose passes over the games do not grow in number with
    /// them; WHR's Newton steps take more conjugate-gradient iterations on a longer history.
    pub growth: f64,
    /// A method whose cost differs on a dated history ([`dated`]): its passes there. WHR's
    /// days are then linked closely, where on an undated history each game is a period of its
    /// own and the links are loose: its Newton steps take a fraction of the conjugate-gradient
    /// iterations.
    pub dated: Option<&'static Passes>,
}

impl Passes {
    /// A method whose cost a game is the same on any input's size, dated or not.
    pub const fn flat(worker: f64, native: f64) -> Passes {
        Passes { worker, native, growth: 0.0, dated: None }
    }

    /// The work where the fit runs, a game, on `MEASURED_GAMES`.
    pub const fn on(self, runtime: Runtime) -> f64 {
        match runtime {
            Runtime::Worker => self.worker,
            Runtime::Native => self.native,
        }
    }

    /// A fit's time on `games` games (or events), `dated` or not ([`dated`]), where it runs,
    /// in seconds.
    pub fn seconds(self, games: f64, dated: bool, runtime: Runtime) -> f64 {
        let passes = match self.dated.filter(|_| dated) {
            Some(&passes) => passes,
            None => self,
        };
        // x^0 is 1 exactly, 0^0 too: a flat method's time is its passes times the games.
        let grown = (games / MEASURED_GAMES).powf(passes.growth);
        games * passes.on(runtime) * grown * runtime.seconds_per_game_pass()
    }
}

/// Whether `data` is a dated history for [`Passes::seconds`]: every game has a date, or every
/// game a round (what a method's periods are then made of, rather than each game being a period
/// of its own). Multi-player events are not.
pub fn dated(data: &Dataset) -> bool {
    let given = |s: Option<&str>| s.is_some_and(|s| !s.trim().is_empty());
    let games = &data.games;
    !games.is_empty() && (games.iter().all(|g| given(g.date())) || games.iter().all(|g| given(g.round())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_costs_its_passes_at_the_measured_size_and_grows_as_it_says() {
        let (native, worker) = (Runtime::Native.seconds_per_game_pass(), Runtime::Worker.seconds_per_game_pass());
        let build = if cfg!(debug_assertions) { 10.0 } else { 1.0 };
        assert_eq!((native, worker), (build * 2e-7, build * 3.5e-7));
        let flat = Passes::flat(3.0, 2.5);
        assert_eq!(flat.seconds(1e6, false, Runtime::Native), 1e6 * 2.5 * native);
        assert_eq!(flat.seconds(1e5, false, Runtime::Worker), 1e5 * 3.0 * worker);
        assert_eq!(flat.seconds(1e5, true, Runtime::Worker), 1e5 * 3.0 * worker, "dated: the same");
        const DATED: Passes = Passes { worker: 40.0, native: 15.0, growth: 0.5, dated: None };
        let growing = Passes { worker: 510.0, native: 240.0, growth: 0.8, dated: Some(&DATED) };
        assert!((growing.seconds(1e6, false, Runtime::Native) - 240e6 * native).abs() < 1e-9);
        // A tenth of the games: a tenth of the games, each 10^-0.8 of the cost.
        let tenth = growing.seconds(1e5, false, Runtime::Native);
        assert!((tenth - 24e6 * native * 10f64.powf(-0.8)).abs() < 1e-9, "{tenth}");
        assert_eq!(growing.seconds(0.0, false, Runtime::Worker), 0.0);
        // Dated: its own passes, and its own growth.
        assert_eq!(growing.seconds(1e6, true, Runtime::Native), 1e6 * 15.0 * native);
        let dated_tenth = growing.seconds(1e5, true, Runtime::Worker);
        assert!((dated_tenth - 1e5 * 40.0 * worker * 10f64.powf(-0.5)).abs() < 1e-9, "{dated_tenth}");
    }

    #[test]
    fn a_history_is_dated_when_every_game_has_a_date_or_every_game_a_round() {
        let mut d = Dataset::new();
        assert!(!dated(&d), "no games");
        d.add_game("a", "b", 1.0);
        d.add_game("b", "c", 0.5);
        assert!(!dated(&d));
        d.games[0].set_when(Some("2024-05-01"), None);
        assert!(!dated(&d), "one game undated");
        d.games[1].set_when(Some("2024-05-02"), None);
        assert!(dated(&d));
        d.games[1].set_when(None, Some("3"));
        assert!(!dated(&d), "a date and a round");
        d.games[0].set_when(None, Some("2"));
        assert!(dated(&d), "every game a round");
    }
}
