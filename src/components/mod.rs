//! The page's panels, each a component reading the shared [`crate::state::State`].

pub mod compare;
pub mod controls;
pub mod convergence;
pub mod crosstable;
pub mod desk;
pub mod input;
pub mod lazy;
pub mod method;
pub mod pairings;
pub mod predict;
pub mod race;
pub mod results;
pub mod share;
pub mod standings;
pub mod table_parts;
pub mod teams;
pub mod working;

pub use compare::ComparePanel;
pub use convergence::ConvergencePanel;
pub use desk::DeskPanel;
pub use input::InputPanel;
pub use method::MethodPanel;
pub use predict::PredictPanel;
pub use race::RacePanel;
pub use results::ResultsPanel;
pub use share::ShareBar;
pub use standings::StandingsPanel;
