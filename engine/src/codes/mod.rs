//! The tiebreaks' codes: FIDE's individual tiebreaks (C.07: `BH-C1`, `SB`, `DE`, ...) with
//! the rule sets ([`individual`]), and the team tiebreaks (`EMGSB`, `MPvGP`, `EDE`, ...:
//! [`team`]), read and written as files, flags and settings name them. Names only, nothing
//! computed: they sit below `tournament` (a file's declared order holds them), `tiebreak`
//! and `team` (which compute them), and `parse` (TRF-2026's record 212 lists them).

pub mod individual;
pub mod team;

pub(crate) use individual::Cut;
pub use individual::{all_codes, check_round_robin, for_round_robin, BuchholzInRoundRobin, Rules, Tiebreak, UnknownTiebreak};
pub use team::{EdeBoards, TeamScore, TeamTiebreak, DEFAULT_TEAM_TIEBREAKS};
