//! The rating methods, behind one fit interface ([`fit::Fit`], started by [`start`]) and one
//! entry point that runs a fit to the end ([`rate`]).
//!
//! A method is a [`MethodKind`] (which one) or a [`Method`] (which one, with its
//! parameters). Names appear only at the edges: [`MethodKind::name`] for files, flags and
//! JSON, [`MethodKind::title`] and [`MethodKind::label`] for people, and `FromStr`, which
//! refuses an unknown name with the list of known ones.
//!
//! This file declares the modules and re-exports: the table of methods and the types made from
//! it are in `table.rs` (which imports only the methods' parameter files), what starts and runs
//! a fit of any method in `dispatch.rs`.

pub mod aga;
pub mod brent;
pub mod cost;
mod dispatch;
pub mod elo;
pub mod event_score;
pub mod fit;
pub mod jrank;
pub mod multi_elo;
pub mod periods;
pub mod plackett_luce;
pub mod predictive;
pub mod race;
pub mod ranking;
pub mod rating;
pub mod registry;
pub mod sequential;
pub mod spec;
mod table;
pub mod weng_lin;
pub mod working;

pub use dispatch::{check_data, rate, rate_brent, rate_with, start, start_brent, start_once, Starter};
pub use table::{Method, MethodKind, Options, Params};
