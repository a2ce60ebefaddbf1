//! A rating list's player as the list keeps it ([`ListEntry`]: compact, its name in the
//! list's shared buffer), with the kinds of rating ([`RatingType`]) and the formats a list
//! is read in ([`ListFormat`]).
//!
//! The formats ([`super::formats`]) make the entries and the list ([`super`]) holds them:
//! both import them from here, so that neither imports the other for them (a circle).

use crate::error::{excerpt, NameError};
use crate::tournament::{Sex, Title};
use serde::{Deserialize, Serialize};

/// Which of a player's ratings a tournament uses: its rate of play (FIDE lists all three).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingType {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl RatingType {
    pub const ALL: [RatingType; 3] = [RatingType::Standard, RatingType::Rapid, RatingType::Blitz];

    pub fn name(self) -> &'static str {
        ["standard", "rapid", "blitz"][self as usize]
    }
}

impl std::str::FromStr for RatingType {
    type Err = NameError;

    fn from_str(s: &str) -> Result<RatingType, NameError> {
        RatingType::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| NameError::Unknown {
            what: "rating type",
            name: excerpt(s),
            expected: "standard, rapid or blitz".into(),
        })
    }
}

/// The format a list was read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListFormat {
    /// FIDE's fixed-width TXT, its columns placed by its header line.
    #[default]
    FideTxt,
    /// FIDE's XML (`<playerslist><player>…`).
    FideXml,
    /// A CSV with a header (a national list).
    Csv,
}

/// One player of a list, compact; the name is the list's ([`RatingList::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListEntry {
    /// The FIDE id (0: none, in a national list without ids).
    pub id: u64,
    pub(super) name_at: u32,
    pub(super) name_len: u16,
    /// Three letters, or blanks.
    pub(super) federation: [u8; 3],
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    /// Standard, rapid, blitz (0: none).
    pub(super) ratings: [u16; 3],
    /// 0: not given.
    pub(super) birth_year: u16,
    /// FIDE's flag `i`: inactive (still listed, with a rating).
    pub inactive: bool,
}

impl ListEntry {
    /// The rating of `kind`, if the player has one.
    pub fn rating(&self, kind: RatingType) -> Option<u32> {
        Some(self.ratings[kind as usize]).filter(|&r| r > 0).map(u32::from)
    }

    pub fn federation(&self) -> Option<&str> {
        std::str::from_utf8(&self.federation).ok().filter(|f| f.trim().len() == 3)
    }

    pub fn birth_year(&self) -> Option<u16> {
        Some(self.birth_year).filter(|&y| y > 0)
    }

    pub fn fide_id(&self) -> Option<u64> {
        Some(self.id).filter(|&i| i > 0)
    }
}
