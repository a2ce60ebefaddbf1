//! Plackett–Luce ratings from rankings (issue 39): a ranking of an event's players is Luce's
//! choice made place by place, `P = Π_s x_(winner s) / Σ_(k still in at s) x_k`; top-k
//! rankings leave their unranked players in every stage's denominator, never chosen; ties by
//! the Davidson–Luce extension (Firth, Kosmidis & Turner 2019): a tie of `t` players at a
//! stage weighs `δ (Π x)^(1/t)`, every subset of up to `D` players (the largest tie) in the
//! denominator, with `δ` a fixed parameter. Two-player games are two-player events, a draw a
//! tie of two.
//!
//! Fit by maximum likelihood with Hunter's MM iteration (2004), Brent's iteration (14)
//! generalised: `x_i ← (W_i + σ) / (E_i/x_i + σ/x_i)`, `W_i` the stages won (a tie of `t`
//! counting `1/t`), `E_i` the stages expected at `x` ([`sweep`]); Brent's damping σ (games
//! against oneself) and dummy player γ (half a win each way with every player, total weight
//! γ) carried over. Every step raises the likelihood; with two-player wins only, the fixed
//! point is Brent's.
//!
//! ```
//! use ratings_engine::{rate, Dataset, Event, Method, Options};
//! use ratings_engine::methods::plackett_luce::PlackettLuceParams;
//! let mut d = Dataset::new();
//! let [a, b, c] = ["A", "B", "C"].map(|n| d.player(n).unwrap());
//! d.events.push(Event::ranked("1", vec![(a, 1), (b, 2), (c, 3)], 2));
//! d.events.push(Event::ranked("2", vec![(b, 1), (c, 2), (a, 3)], 3));
//! d.events.push(Event::ranked("3", vec![(a, 1), (c, 2), (b, 3)], 4));
//! let r = rate(&d, &Method::PlackettLuce(PlackettLuceParams::default()), &Options::default()).unwrap();
//! assert!(r.report.converged);
//! assert_eq!(r.players[0].name, "A");
//! ```

mod coarse;
mod fit;
mod params;
pub mod problem;
pub mod sweep;
pub mod uncertainty;

pub use fit::{measures, PlackettLuceFit};
pub use params::PlackettLuceParams;
