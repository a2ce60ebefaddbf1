//! The table of methods and the types made from it: [`MethodKind`] (which method), [`Method`]
//! (which, with its parameters), [`Params`] (every method's parameters at once), their names,
//! and [`Options`], which every method shares.
//!
//! A method is its line in the table ([`method_table!`]), its parameter type in a file of its
//! own (`elo/params.rs`, `periods/glicko/params.rs`, …), its fit and its
//! [`super::spec::MethodSpec`] in its module, and its parameters in [`super::registry`]. This
//! file imports the parameter files alone, never a fit or a rating: a [`super::rating::Rating`]
//! holds a [`Method`], and what starts, reads or runs a fit by the table ([`super::dispatch`])
//! is made from the same table there, so that no import goes back.

use crate::error::NameError;
use crate::scale::Scale;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The table of methods, one line a method, `Kind = "name": ParamsType, params_field;` with the
/// attributes its kind's variant and its `Params` field need, handed to the macro `$make`:
/// `method_types!` here, and the one that makes the matches that start a fit in
/// [`super::dispatch`]. The table's order is the menus'.
macro_rules! method_table {
    ($make:ident) => {
        $make! {
            #[default]
            Brent = "brent": crate::methods::brent::BrentParams, brent;
            Elo = "elo": crate::methods::elo::EloParams, elo;
            #[serde(alias = "multi-elo")]
            MultiElo = "multi_elo": crate::methods::multi_elo::MultiEloParams, multi_elo;
            JRank = "jrank": crate::methods::jrank::JRankParams, jrank;
            Aga = "aga": crate::methods::aga::AgaParams, aga;
            // The methods added later are left out of settings and links at their defaults: a
            // shared link stays as short as it was.
            Glicko = "glicko": crate::methods::periods::glicko::GlickoParams,
                #[serde(skip_serializing_if = "is_default")] glicko;
            Glicko2 = "glicko2": crate::methods::periods::glicko2::Glicko2Params,
                #[serde(skip_serializing_if = "is_default")] glicko2;
            Stephenson = "stephenson": crate::methods::periods::stephenson::StephensonParams,
                #[serde(skip_serializing_if = "is_default")] stephenson;
            Whr = "whr": crate::methods::periods::whr::WhrParams,
                #[serde(skip_serializing_if = "is_default")] whr;
            PlackettLuce = "plackett_luce": crate::methods::plackett_luce::PlackettLuceParams,
                #[serde(skip_serializing_if = "is_default")] plackett_luce;
            WengLin = "weng_lin": crate::methods::weng_lin::WengLinParams,
                #[serde(skip_serializing_if = "is_default")] weng_lin;
        }
    };
}
pub(crate) use method_table;

/// Makes [`MethodKind`] and [`Method`], with the matches that need no fit, from the table
/// ([`method_table!`]). `Params` is made by `method_params!`, to keep each macro short enough
/// to read at once.
macro_rules! method_types {
    ($( $(#[$kind_meta:meta])* $Kind:ident = $name:literal : $P:ty, $(#[$field_meta:meta])* $field:ident; )*) => {
        /// Which rating method, without its parameters.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        pub enum MethodKind {
            $( $(#[$kind_meta])* #[serde(rename = $name)] $Kind, )*
        }

        impl MethodKind {
            /// Every method, in the table's order (the menus').
            pub const ALL: [MethodKind; [$($name),*].len()] = [$(MethodKind::$Kind),*];

            /// The name in files, flags and JSON (`brent`, `multi_elo`, `glicko2`, …).
            pub fn name(self) -> &'static str {
                match self { $(MethodKind::$Kind => $name,)* }
            }
        }

        /// A method with its parameters.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum Method {
            $( #[serde(rename = $name)] $Kind($P), )*
        }

        impl Method {
            pub fn kind(&self) -> MethodKind {
                match self { $(Method::$Kind(_) => MethodKind::$Kind,)* }
            }

            /// The method with its default parameters.
            pub fn default_for(kind: MethodKind) -> Method {
                match kind { $(MethodKind::$Kind => Method::$Kind(<$P>::default()),)* }
            }
        }

        method_params! { $( $Kind: $P, $(#[$field_meta])* $field; )* }
    };
}

/// `Params`, every method's parameters at once, and its matches (see `method_types!`).
macro_rules! method_params {
    ($( $Kind:ident: $P:ty, $(#[$field_meta:meta])* $field:ident; )*) => {
        /// Every method's parameters at once: what a user's settings keep, so that switching
        /// method keeps each one's.
        #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(default)]
        pub struct Params {
            $( $(#[$field_meta])* pub $field: $P, )*
        }

        impl Params {
            /// Puts `method`'s parameters in their place.
            pub fn set(&mut self, method: Method) {
                match method { $(Method::$Kind(p) => self.$field = p,)* }
            }

            /// Method `kind` with its parameters.
            pub fn method(&self, kind: MethodKind) -> Method {
                match kind { $(MethodKind::$Kind => Method::$Kind(self.$field.clone()),)* }
            }

            /// Reads the value of `key` from `map` if `key` names a method's parameters (the
            /// settings' own reading, `job::Settings`, which keeps them flat); `false` if not.
            pub fn read_field<'de, A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
                match key {
                    $(stringify!($field) => self.$field = map.next_value()?,)*
                    _ => return Ok(false),
                }
                Ok(true)
            }
        }
    };
}

method_table!(method_types);

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

impl fmt::Display for MethodKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MethodKind {
    type Err = NameError;

    /// A method's [`name`](MethodKind::name), case-insensitive, `-` for `_` allowed.
    fn from_str(s: &str) -> Result<MethodKind, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        MethodKind::ALL.into_iter().find(|m| m.name() == t).ok_or_else(|| {
            let names: Vec<&str> = MethodKind::ALL.iter().map(|m| m.name()).collect();
            NameError::Unknown { what: "method", name: s.into(), expected: format!("one of {}", names.join(", ")) }
        })
    }
}

/// Options every method shares.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub scale: Scale,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_names_round_trip_and_unknown_names_are_refused() {
        for m in MethodKind::ALL {
            assert_eq!(m.name().parse::<MethodKind>(), Ok(m));
            assert_eq!(serde_json::to_string(&m).unwrap(), format!("\"{}\"", m.name()));
            assert_eq!(Method::default_for(m).kind(), m);
        }
        assert_eq!("Multi-Elo".parse::<MethodKind>(), Ok(MethodKind::MultiElo));
        let e = "elo2".parse::<MethodKind>().unwrap_err().to_string();
        let names: Vec<&str> = MethodKind::ALL.iter().map(|m| m.name()).collect();
        assert!(names.starts_with(&["brent", "elo", "multi_elo", "jrank", "aga"]), "{names:?}");
        assert_eq!(e, format!("unknown method 'elo2': expected one of {}", names.join(", ")));
        let e = serde_json::from_str::<MethodKind>("\"bradley\"").unwrap_err().to_string();
        assert!(e.contains("unknown variant `bradley`") && e.contains("brent"), "{e}");
    }
}
