//! # Ratings Lab in the browser
//!
//! A Leptos (client-side rendering) app over `ratings-engine`, in two parts:
//!
//! * [`core`]: everything that needs no browser — the messages between the page and the
//!   workers, the work the workers do as plain functions, the views' plain data, settings,
//!   the link, the lessons, the tournament desk's model — and the app's only door to the
//!   engine. Native tests run all of it.
//! * the browser's part, compiled for wasm32 only: the page ([`app`], [`components`],
//!   [`charts`], [`state`]), the workers ([`worker`]) and the page's side of them
//!   ([`bridge`], [`workers`]), and what the browser keeps ([`storage`], [`idb`], [`download`]).

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

#[cfg(target_arch = "wasm32")]
pub mod workers;
