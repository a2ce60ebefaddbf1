//! FIDE's rating and title regulations applied to one tournament (issue 22): each player's
//! rating change under the FIDE Rating Regulations (Handbook B.02, effective from 1 March 2024,
//! with 8.3.1's 400-point rule as amended from 1 October 2025: [`rating`]) and the title-norm
//! check of the Title Regulations (B.01, effective from 1 January 2024, article 1.4:
//! [`norms`]), with the working, as the report `ratings-lab report` prints ([`report`]: text
//! and JSON).
//!
//! What a TRF does not hold is an option ([`Options`]): each player's K, or whether they are
//! new to the list (fewer than 30 games) or have reached 2400, and the event's year for the
//! junior rule; the defaults are said in the report's notes.

pub mod norms;
pub mod rating;
pub mod report;

use std::collections::{BTreeMap, BTreeSet};

/// The K-factor inputs the file lacks, by start number, and what to report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A player's K as published (`--k-factor START=K`): wins over the rules.
    pub k: BTreeMap<u32, u32>,
    /// Players new to the list: fewer than 30 rated games before the event (K 40).
    pub new_players: BTreeSet<u32>,
    /// Players who have reached 2400 at some time (K 10), besides those rated 2400 or more.
    pub reached_2400: BTreeSet<u32>,
    /// The event's year, for the junior rule (else read from the file's dates).
    pub year: Option<i32>,
    /// Only these players (start numbers); all when empty.
    pub players: BTreeSet<u32>,
}
