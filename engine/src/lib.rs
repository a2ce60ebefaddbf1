//! # ratings-engine
//!
//! Rating calculations over plain data, with no I/O, no clock and no web dependencies, so
//! the same code runs natively (the `ratings-lab` command line) and in the browser (wasm).
//!
//! * [`model`]: players, games, events ([`Dataset`]);
//! * [`parse`]: CSV games files and player lists, every error naming its line and column;
//! * [`methods`]: every method behind one fit interface ([`Fit`], begun by [`start`]), and
//!   [`rate`] by a [`Method`] to the end — Brent's eigenvector ratings ([`methods::brent`]),
//!   Elo, multiplayer Elo, JRank, AGA;
//! * [`compare`]: methods side by side (rank agreement: Kendall's τ-b, Spearman's ρ, top-10
//!   overlap) and Elo's order dependence (replays in other orders);
//! * [`diagnose`]: degenerate data (unbeaten players, groups that never met, ...);
//! * [`pairs`]: the scores as compact pairs, the kernels' input; [`scale`]: display scales;
//! * [`job`]: one rating job as the command line and the app run it (read, fit, step, finish);
//! * [`linalg`]: the one Cholesky factorisation and the one conjugate-gradient solver;
//! * [`graph`]: union–find, connected and strongly connected components;
//! * [`sort`]: the standard sorts with one compiled copy per element type in wasm;
//! * [`text`]: "A, B and N more" lists of players in messages; [`distinct`]: people who
//!   share a name kept apart;
//! * [`export`]: the ratings as a table, CSV or the documented JSON shape;
//! * [`tournament`]: organisers' tournaments (from TRF or PGN), as data; [`tiebreak`]: FIDE's
//!   tiebreaks (EIG among them: [`tiebreak::eig`]), [`team`]: a team tournament's, and
//!   [`codes`]: their codes, below the tournament that declares an order of them;
//! * [`fide`]: a tournament's FIDE rating changes (B.02) and title-norm checks (B.01 1.4).
//! * [`generate`]: random tournaments as TRF-2026 files, paired by this engine round by round
//!   (`ratings-lab generate`).
//!
//! The modules import in layers, bottom to top, without circles: `ARCHITECTURE.md` ("The
//! engine's layers") lists them, and the repository's `tests/layers.rs` checks the imports.
//!
//! ```
//! use ratings_engine::{parse::{parse_csv, CsvOptions}, rate, Method, Options};
//! let text = "white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\n";
//! let parsed = parse_csv(text, &CsvOptions::default()).unwrap();
//! let rating = rate(&parsed.dataset, &Method::Brent(Default::default()), &Options::default()).unwrap();
//! assert_eq!(rating.players[0].name, "Anna");
//! ```

pub mod checker;
pub mod codes;
pub mod compare;
pub mod desk;
pub mod diagnose;
pub mod distinct;
pub mod error;
pub mod escape;
pub mod evaluation;
pub mod export;
pub mod fide;
pub mod generate;
pub mod graph;
pub mod job;
pub mod linalg;
pub mod methods;
pub mod model;
pub mod pairing;
pub mod pairs;
pub mod parse;
pub mod scale;
pub mod sort;
pub mod team;
pub mod text;
pub mod threads;
pub mod tiebreak;
pub mod tournament;

pub use error::{NameError, ParseError, ParseErrors, RateError, SettingError};
pub use methods::brent::{BrentParams, Variant};
pub use methods::fit::{Fit, Fits, Measures, Quantity};
pub use methods::plackett_luce::PlackettLuceParams;
pub use methods::rating::{GameOrder, IterationRecord, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
pub use methods::{rate, rate_with, start, Method, MethodKind, Options};
pub use model::{Dataset, Event, Game, Player, Prior};
pub use scale::{Offset, Scale, ScaleKind};
