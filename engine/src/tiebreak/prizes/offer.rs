//! What the organiser offers: the prizes ([`PrizeTable`], each [`Prize`] in its [`List`]), how
//! players tied on points share them ([`Sharing`]), and amounts in cents written as money.
//!
//! [`super::table`] reads them from what the organiser types and [`super`] awards them: both
//! import them from here, so that the table's reader never imports the module that declares
//! it (a circle).

use super::category::Category;
use crate::error::NameError;
use serde::{Deserialize, Serialize};

/// How players tied on points share the prizes their places span.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sharing {
    /// No sharing: the tiebreak ranking decides.
    #[default]
    Tiebreak,
    /// The tied players share the sum of the prizes their places span equally.
    Split,
    /// Half of each prize by the tiebreak ranking, the other half pooled and split equally.
    Hort,
}

impl Sharing {
    pub const ALL: [Sharing; 3] = [Sharing::Tiebreak, Sharing::Split, Sharing::Hort];

    pub fn name(self) -> &'static str {
        match self {
            Sharing::Tiebreak => "tiebreak",
            Sharing::Split => "split",
            Sharing::Hort => "hort",
        }
    }

    pub fn about(self) -> &'static str {
        match self {
            Sharing::Tiebreak => "no sharing: the tiebreak ranking decides who takes each prize",
            Sharing::Split => "players tied on points share the sum of the prizes their places span equally",
            Sharing::Hort => "half of each prize by the tiebreak ranking, the other half split equally among the players tied on points",
        }
    }

    pub(super) fn names() -> String {
        Sharing::ALL.map(Sharing::name).join(", ")
    }
}

impl std::str::FromStr for Sharing {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Sharing, NameError> {
        let found = Sharing::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(s.trim()));
        found.ok_or_else(|| NameError::Unknown { what: "sharing method", name: s.trim().to_string(), expected: Sharing::names() })
    }
}

/// A list of prizes: the main prizes, or a category's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum List {
    Main,
    Category(Category),
}

impl List {
    pub fn label(self) -> String {
        match self {
            List::Main => "Main prizes".into(),
            List::Category(c) => c.label(),
        }
    }
}

/// One prize: its list, its place in it (from 1) and its amount in cents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    pub list: List,
    pub place: usize,
    pub amount: u64,
}

/// What the organiser offers: the prizes in the order listed (a list's places in order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTable {
    pub prizes: Vec<Prize>,
    /// A player takes one prize at most (the most valuable), as is usual; else one of each list.
    pub one_each: bool,
    /// The sharing method the table names (`sharing: hort`), if it names one.
    pub sharing: Option<Sharing>,
}

/// Cents as an amount: `166.67`.
pub fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}
