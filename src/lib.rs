//! # Ratings Lab in the browser
//!
//! A Leptos (client-side rendering) app over `ratings-engine`. The page ([`app`]) holds the
//! input, the controls and the charts; the engine runs in a Web Worker ([`worker`]), spoken to
//! through [`bridge`] with the messages of [`protocol`]; [`compute`] is the work itself.

pub mod core;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod bridge;
#[cfg(target_arch = "wasm32")]
pub mod charts;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod download;
#[cfg(target_arch = "wasm32")]
pub mod idb;
#[cfg(target_arch = "wasm32")]
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub mod worker;

/// The example shown on a first visit: the 2023/24 Premier League (openfootball, CC0).
pub const EXAMPLE: &str = include_str!("example/premier-league-2023-24.csv");
pub const EXAMPLE_CREDIT: &str = "2023/24 Premier League, from openfootball/football.json (CC0)";
#[cfg(target_arch = "wasm32")]
pub mod workers;
