//! A prize table as an organiser types it, one prize line a line:
//!
//! ```text
//! 1: 500          # the main prizes, place by place
//! 2: 300
//! 3-4: 100        # the same amount for each place of a range
//! U16: 50 30      # a category's prizes, its 1st, 2nd, ...
//! women: 50
//! rating<1800: 40
//! sharing: hort   # or split, tiebreak (optional)
//! prizes per player: one   # or several (optional; one by default)
//! ```
//!
//! Amounts are read in whole units with at most two decimals (`500`, `499.50`, `12,5`) and
//! kept in cents, so that sharing never rounds behind anyone's back. Every error names the
//! line and says what was expected there.

use super::offer::{List, Prize, PrizeTable, Sharing};
use crate::error::excerpt;
use thiserror::Error;

/// A line of a prize table that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: '{}': expected {expected}", excerpt(.found))]
pub struct PrizeTableError {
    pub line: usize,
    /// The part of the line that could not be read.
    pub found: String,
    pub expected: String,
}

const KEYS: &str = "a place (1, 2, … or a range 4-6), a category (U16, S65, women, rating<1800, unrated), 'sharing' or 'prizes per player'";

/// The largest amount taken, in whole units: far beyond any prize, far below overflow when
/// amounts are summed.
const MAX_UNITS: u64 = 1_000_000_000_000;

/// Reads a prize table (see the module's text); the first line that cannot be read is the error.
pub fn parse_table(text: &str) -> Result<PrizeTable, PrizeTableError> {
    let mut table = PrizeTable { prizes: Vec::new(), one_each: true, sharing: None };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let err = |found: &str, expected: &str| PrizeTableError { line, found: found.trim().into(), expected: expected.into() };
        let (key, value) =
            content.split_once(':').ok_or_else(|| err(content, "KEY: AMOUNT, such as '1: 500', 'U16: 50' or 'women: 50'"))?;
        let lower = key.trim().to_lowercase();
        match lower.as_str() {
            "sharing" | "shared" | "share" => {
                table.sharing = Some(value.trim().parse().map_err(|_| err(value, &format!("a sharing method: {}", Sharing::names())))?);
            }
            "prizes per player" | "prizes a player" | "per player" => {
                table.one_each = per_player(value).ok_or_else(|| err(value, "one or several"))?
            }
            _ => add_prizes(&mut table, key, value, &err)?,
        }
    }
    Ok(table)
}

/// `one` (or `1`): a player takes one prize, the most valuable; `several`: any number.
fn per_player(value: &str) -> Option<bool> {
    match value.trim().to_lowercase().as_str() {
        "one" | "1" | "single" => Some(true),
        "several" | "any" | "more" | "many" => Some(false),
        _ => None,
    }
}

/// A prize line: its places (the main list's, or a category's next ones) and amounts.
fn add_prizes(table: &mut PrizeTable, key: &str, value: &str, err: &dyn Fn(&str, &str) -> PrizeTableError) -> Result<(), PrizeTableError> {
    let places = main_places(key);
    let list = match places {
        Some(_) => List::Main,
        None => List::Category(super::Category::read(key).ok_or_else(|| err(key, KEYS))?),
    };
    let amounts = value.split_whitespace().map(|tok| tok.trim_end_matches([',', ';'])).filter(|tok| !tok.is_empty());
    let amounts: Vec<u64> =
        amounts.map(|tok| cents(tok).ok_or_else(|| err(tok, "an amount above 0 such as 500 or 499.50"))).collect::<Result<_, _>>()?;
    if amounts.is_empty() {
        return Err(err(value, "an amount such as 500 or 499.50 after the ':'"));
    }
    let next = 1 + table.prizes.iter().filter(|p| p.list == list).count();
    let amounts = match places {
        Some((from, _)) if from != next => return Err(err(key, &format!("place {next} next (the places are listed in order, from 1)"))),
        Some((from, to)) if amounts.len() == 1 => vec![amounts[0]; to - from + 1],
        Some((from, to)) if amounts.len() != to - from + 1 => {
            return Err(err(value, &format!("one amount for every place {from} to {to}, or one for each of them")));
        }
        _ => amounts,
    };
    for (k, amount) in amounts.into_iter().enumerate() {
        let before = table.prizes.iter().rev().find(|p| p.list == list).map(|p| p.amount);
        if let Some(b) = before.filter(|&b| amount > b) {
            let expected =
                format!("at most {} (the place before's prize): a prize list's amounts do not grow down the places", super::money(b));
            return Err(err(value, &expected));
        }
        table.prizes.push(Prize { list, place: next + k, amount });
    }
    Ok(())
}

/// `3` or `4-6` (a hyphen or an en dash): the main list's places, first and last.
fn main_places(key: &str) -> Option<(usize, usize)> {
    let key = key.trim();
    let place = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| (1..=10_000).contains(&n));
    match key.split_once(['-', '–']) {
        Some((a, b)) => Some((place(a)?, place(b)?)).filter(|(a, b)| a <= b),
        None => place(key).map(|p| (p, p)),
    }
}

/// An amount in cents: digits, then at most two decimals after a point or a comma; above 0.
fn cents(tok: &str) -> Option<u64> {
    let (units, decimals) = match tok.split_once(['.', ',']) {
        Some((u, d)) => (u, d),
        None => (tok, ""),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(units) || decimals.len() > 2 || (!decimals.is_empty() && !digits(decimals)) {
        return None;
    }
    let units: u64 = units.parse().ok().filter(|&u| u <= MAX_UNITS)?;
    let hundredths: u64 = format!("{decimals:0<2}").parse().ok()?;
    Some(units * 100 + hundredths).filter(|&c| c > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_in_cents() {
        assert_eq!(cents("500"), Some(50_000));
        assert_eq!(cents("499.5"), Some(49_950));
        assert_eq!(cents("12,05"), Some(1_205));
        for bad in ["", "0", "1.234", "-5", "5€", ".5", "1e3", "99999999999999"] {
            assert_eq!(cents(bad), None, "{bad}");
        }
        assert_eq!(main_places("4-6"), Some((4, 6)));
        assert_eq!(main_places("6-4"), None);
    }
}
