//! Brent's eigenvector ratings (R. P. Brent, *Note on computing ratings from eigenvectors*,
//! 2010), the Bradley–Terry maximum-likelihood ratings with a draw as half a win each way.
//!
//! Three iterations share one fixed point, selectable by [`Variant`]:
//! * [`Variant::Alg1`]: Algorithm 1, iteration (13), damped by the diagonal `s_ii = σ`;
//! * [`Variant::Fixed`]: the fixed-weight eigenproblem `D⁻¹A x = x` of §3 by the power
//!   method, with the weights `u_ij = 1/(x_i + x_j)` re-taken once it has converged (§4);
//! * [`Variant::Zermelo`]: iteration (14) (Zermelo's, Hunter's MM), slower;
//! * [`Variant::Accelerated`]: iteration (13) with Anderson acceleration in log space, each
//!   step safeguarded by the likelihood ([`accelerated`]), with a coarse correction along the
//!   chain of levels where players meet only their own ([`coarse`]): the fewest passes, and
//!   the default;
//! * [`Variant::Auto`]: Algorithm 1 for small inputs (to watch), accelerated for large ones.
//!
//! A dummy player who draws everyone with weight γ keeps every rating finite; old ratings
//! enter as virtual draws (§6, eq. (17)). Each iteration is one pass over the pairs of
//! players who met ([`crate::pairs`]).
//!
//! ```
//! use ratings_engine::{rate, BrentParams, Dataset, Method, Options};
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0);
//! d.add_game("Ben", "Cleo", 1.0);
//! d.add_game("Cleo", "Anna", 0.5);
//! let r = rate(&d, &Method::Brent(BrentParams::default()), &Options::default()).unwrap();
//! assert!(r.report.converged);
//! assert_eq!(r.players[0].name, "Anna");
//! ```

pub(crate) mod accelerated;
pub(crate) mod coarse;
mod fit;
mod params;
mod problem;
mod solver;
pub mod sweep;
pub mod uncertainty;
mod variant;

pub use fit::{measures, run, snapshot, solver, BrentFit, EARLY_ERRORS};
pub use params::BrentParams;
pub use problem::{Problem, UNRATED};
pub use solver::Solver;
pub use variant::{Variant, AUTO_PLAYERS};
