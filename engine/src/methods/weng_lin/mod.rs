//! Weng–Lin (Weng & Lin 2011, "A Bayesian approximation method for online ranking", JMLR 12;
//! the method behind OpenSkill): each player a skill μ ± σ, updated event by event from the
//! event's whole ranking, ties and unranked players included, by the Plackett–Luce update
//! (Algorithm 4) or the Bradley–Terry update of every pair (Algorithm 1). Teams are rated by
//! the sums of their members' μ and σ² ([`rate_teams`]); the data's events are teams of one.
//! The rating shown is μ on the method's own scale (25 at the start), σ its ±.
//!
//! ```
//! use ratings_engine::methods::weng_lin::{rate_teams, Skill, WengLinParams};
//! let p = WengLinParams { tau: 0.0, ..WengLinParams::default() };
//! let new = Skill { mu: 25.0, sigma: 25.0 / 3.0 };
//! let after = rate_teams(&[vec![new], vec![new]], &[1, 2], &p).unwrap();
//! assert!(after[0][0].mu > 25.0 && after[1][0].mu < 25.0);
//! assert!((after[0][0].mu - 25.0 + (after[1][0].mu - 25.0)).abs() < 1e-12);
//! ```

mod fit;
mod params;
mod update;

pub use fit::{fit, rate, WengLinRule};
pub use params::{WengLinModel, WengLinParams};
pub use update::{rate_teams, validate, Skill};
