//! Pairing (issue 21: the FIDE Dutch system, FIDE Handbook C.04.3, with the general handling
//! rules C.04.2 and the basic rules C.04.1): the maximum-weight matching a round is paired
//! with (`docs/pairing.md` §3–4), its weights, the Dutch system itself (`dutch`: §5–8) and
//! round robins (`berger`: §9), and a round's legality read from the file alone (`legal`).

pub mod berger;
pub mod dutch;
pub mod legal;
pub mod matching;
pub mod weight;

pub use matching::{matching_weight, max_weight_matching, BlossomDual, Duals, Matcher, Matching, Mode};
pub use weight::{Weight, Wide};
