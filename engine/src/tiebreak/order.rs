//! An order of tiebreaks lists each tiebreak at most once, wherever the order comes from: the
//! command line's `--order`, stored settings, a shared link ([`distinct`], which
//! `job::Settings` reads its orders through), a file's TRF-2026 `212`/`202` record
//! (read with the repeats left out and a warning).
//!
//! A tiebreak repeated adds a column of the same values and breaks no tie the first did not
//! (C.07 lists each once), so a repeat is a slip, and refusing it also bounds what an order
//! can ask for: at most [`MAX_ORDER`] individual tiebreaks, each computed once, however the
//! order arrived (a link of 13 KB once asked for a million Buchholz columns).

use crate::codes::TeamTiebreak;
use crate::codes::{all_codes, Tiebreak, UnknownTiebreak};
use rustc_hash::FxHashSet;
use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

/// The longest order of individual tiebreaks: each one once.
pub const MAX_ORDER: usize = all_codes().len();

/// A tiebreak of an order: individual ([`Tiebreak`]) or a team's ([`TeamTiebreak`]).
pub trait OrderItem: Copy + Eq + Hash {
    /// The code as messages write it (`BH-C1`, `EMGSB`).
    fn code_text(self) -> String;
}

impl OrderItem for Tiebreak {
    fn code_text(self) -> String {
        self.code().to_string()
    }
}

impl OrderItem for TeamTiebreak {
    fn code_text(self) -> String {
        self.code()
    }
}

/// A tiebreak listed twice in an order (`first` and `again`: its places, from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code} is listed twice in the order of tiebreaks (at {first} and {again}): each tiebreak may be listed once")]
pub struct Repeated {
    pub code: String,
    pub first: usize,
    pub again: usize,
}

/// Refuses an order that lists a tiebreak twice, naming the first repeat.
pub fn check<T: OrderItem>(order: &[T]) -> Result<(), Repeated> {
    let mut seen = FxHashSet::default();
    for (k, &t) in order.iter().enumerate() {
        if !seen.insert(t) {
            let first = order.iter().position(|&o| o == t).expect("seen") + 1;
            return Err(Repeated { code: t.code_text(), first, again: k + 1 });
        }
    }
    Ok(())
}

/// Why a list of codes is not an order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error(transparent)]
    Unknown(#[from] UnknownTiebreak),
    #[error(transparent)]
    Repeated(#[from] Repeated),
}

/// Reads a comma-separated list of codes (`BH-C1,BH,SB`), as the command line's `--order`:
/// an unknown code or a repeated one is an error naming it.
pub fn parse_order(list: &str) -> Result<Vec<Tiebreak>, OrderError> {
    let order = list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(Tiebreak::parse).collect::<Result<Vec<_>, _>>()?;
    check(&order)?;
    Ok(order)
}

/// [`distinct`] for an order that may be absent (`null`: none chosen).
pub fn distinct_some<'de, D: Deserializer<'de>, T: OrderItem + Deserialize<'de>>(d: D) -> Result<Option<Vec<T>>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(bound = "T: OrderItem + Deserialize<'de>")]
    struct Chosen<T>(#[serde(deserialize_with = "distinct")] Vec<T>);
    Ok(Option::<Chosen<T>>::deserialize(d)?.map(|c| c.0))
}

/// Reads an order (serde's `deserialize_with`), refusing it at its first repeat: a list of a
/// million codes stops at the second, having held one of each.
pub fn distinct<'de, D: Deserializer<'de>, T: OrderItem + Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    struct Distinct<T>(PhantomData<T>);

    impl<'de, T: OrderItem + Deserialize<'de>> Visitor<'de> for Distinct<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of tiebreak codes, each at most once")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut order: Vec<T> = Vec::new();
            while let Some(t) = seq.next_element::<T>()? {
                if let Some(first) = order.iter().position(|&o| o == t) {
                    let repeated = Repeated { code: t.code_text(), first: first + 1, again: order.len() + 1 };
                    return Err(serde::de::Error::custom(repeated));
                }
                order.push(t);
            }
            Ok(order)
        }
    }

    d.deserialize_seq(Distinct(PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::Settings;

    #[test]
    fn a_repeated_tiebreak_is_named_with_its_places() {
        assert_eq!(check(&[Tiebreak::Bh, Tiebreak::Sb]), Ok(()));
        let e = check(&[Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Bh]).unwrap_err();
        assert_eq!(e, Repeated { code: "BH".into(), first: 1, again: 3 });
        assert_eq!(e.to_string(), "BH is listed twice in the order of tiebreaks (at 1 and 3): each tiebreak may be listed once");
        let team = [TeamTiebreak::parse("EMGSB").unwrap(), TeamTiebreak::parse("ESB:MG").unwrap()];
        assert_eq!(check(&team).unwrap_err().code, "EMGSB");
        assert_eq!(MAX_ORDER, 34);
        let e = parse_order("BH-C1, BH, bh-c1").unwrap_err();
        assert_eq!(e.to_string(), "BH-C1 is listed twice in the order of tiebreaks (at 1 and 3): each tiebreak may be listed once");
        assert!(matches!(parse_order("BH,XX"), Err(OrderError::Unknown(_))));
    }

    #[test]
    fn settings_with_a_repeated_tiebreak_are_refused_at_the_repeat() {
        let ok: Settings = serde_json::from_str(r#"{"tiebreaks": ["BH", "SB", "DE"], "team_tiebreaks": ["EDE", "MPvGP"]}"#).unwrap();
        assert_eq!(ok.tiebreaks, Some(vec![Tiebreak::Bh, Tiebreak::Sb, Tiebreak::De]));
        let e = serde_json::from_str::<Settings>(r#"{"tiebreaks": ["BH", "SB", "bh"]}"#);
        assert!(e.is_err(), "an unknown spelling is an error too");
        let e = serde_json::from_str::<Settings>(r#"{"tiebreaks": ["BH", "SB", "BH"]}"#).unwrap_err().to_string();
        assert!(e.contains("BH is listed twice") && e.contains("at 1 and 3"), "{e}");
        let e = serde_json::from_str::<Settings>(r#"{"team_tiebreaks": ["EDE", "EDE"]}"#).unwrap_err().to_string();
        assert!(e.contains("EDE is listed twice"), "{e}");
        // A million: refused at the second, the list never held.
        let million = format!(r#"{{"tiebreaks": [{}"BH"]}}"#, r#""BH","#.repeat(1_000_000));
        let e = serde_json::from_str::<Settings>(&million).unwrap_err().to_string();
        assert!(e.contains("at 1 and 2"), "{e}");
    }
}
