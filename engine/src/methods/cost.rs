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
}

impl Passes {
    /// A method whose cost a game is the same on any input's size.
    pub const fn flat(worker: f64, native: f64) -> Passes {
        Passes { worker, native, growth: 0.0 }
    }

    /// The work where the fit runs, a game, on `MEASURED_GAMES`.
    pub const fn on(self, runtime: Runtime) -> f64 {
        match runtime {
            Runtime::Worker => self.worker,
            Runtime::Native => self.native,
        }
    }

    /// A fit's time on `games` games (or events) where it runs, in seconds.
    pub fn seconds(self, games: f64, runtime: Runtime) -> f64 {
        // x^0 is 1 exactly, 0^0 too: a flat method's time is its passes times the games.
        let grown = (games / MEASURED_GAMES).powf(self.growth);
        games * self.on(runtime) * grown * runtime.seconds_per_game_pass()
    }
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
        assert_eq!(flat.seconds(1e6, Runtime::Native), 1e6 * 2.5 * native);
        assert_eq!(flat.seconds(1e5, Runtime::Worker), 1e5 * 3.0 * worker);
        let growing = Passes { worker: 510.0, native: 240.0, growth: 0.8 };
        assert!((growing.seconds(1e6, Runtime::Native) - 240e6 * native).abs() < 1e-9);
        // A tenth of the games: a tenth of the games, each 10^-0.8 of the cost.
        let tenth = growing.seconds(1e5, Runtime::Native);
        assert!((tenth - 24e6 * native * 10f64.powf(-0.8)).abs() < 1e-9, "{tenth}");
        assert_eq!(growing.seconds(0.0, Runtime::Worker), 0.0);
    }
}
