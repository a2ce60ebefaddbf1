//! The page's panels, each a component reading the shared [`crate::state::State`].

pub mod controls;
pub mod convergence;
pub mod input;
pub mod method;
pub mod race;
pub mod results;
pub mod standings;
pub mod working;

pub use convergence::ConvergencePanel;
pub use input::InputPanel;
pub use method::MethodPanel;
pub use race::RacePanel;
pub use results::ResultsPanel;
pub use standings::StandingsPanel;
