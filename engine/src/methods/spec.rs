//! What a method declares of itself, once, in its own module: its words, how it starts, how it
//! checks its parameters and the model its predictions follow. A method is its parameter type
//! implementing [`MethodSpec`], its line in the table of methods (in [`super`], `methods/mod.rs`)
//! and its parameters in [`super::registry`]. Every `match` over all the methods
//! ([`super::MethodKind`], [`super::Method`], [`super::Params`]) is made from that table; what
//! names a method by hand is a feature only some have (Brent's display scale, Elo's working,
//! the race), never a list of them all.

use super::fit::Fit;
use super::predictive::Model;
use super::report::Rating;
use super::Options;
use crate::error::RateError;
use crate::model::{Dataset, Player};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A method's words and facts the views read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct About {
    /// The heading of a table of its ratings ("Glicko-2 ratings").
    pub title: &'static str,
    /// Its name in a menu ("Glicko-2").
    pub label: &'static str,
    /// Its name in a column heading ("Glicko-2").
    pub short: &'static str,
    /// What the method does, in one or two sentences.
    pub about: &'static str,
    /// It goes once through the games in order (Elo), rather than iterating to a fixed point;
    /// the compare view replays such methods in other orders.
    pub sequential: bool,
    /// Decimals that show a rating's meaningful digits (`None`: one on a rating scale, four on
    /// the natural one).
    pub decimals: Option<usize>,
    /// Its work on the whole input, in replays of Elo (the compare view's time estimate,
    /// measured in the worker on a million games where it says so in the method's module).
    pub passes: f64,
}

/// A rating method, as its parameter type.
pub trait MethodSpec: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned {
    /// Its words.
    const ABOUT: About;

    /// Checks every parameter, naming the first that cannot be used.
    fn validate(&self) -> Result<(), RateError>;

    /// Sets the method up on `data` (checked already by [`super::check_data`]), ready to step.
    fn start<'d>(&self, data: &'d Dataset, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError>;

    /// The model its predictions follow, given its fit `rating` of `players` players.
    fn model(&self, rating: &Rating, players: usize) -> Model;

    /// The rating a player the fit left without one is predicted at (the model's mean unless
    /// the method starts players elsewhere).
    fn unrated(&self, _player: &Player) -> f64 {
        0.0
    }
}

/// Makes the methods' types and every `match` over them from the table of methods
/// (`methods/mod.rs`): one line a method, `Kind = "name": path::ParamsType, params_field;`,
/// with the attributes its kind's variant and its `Params` field need. `Params` is made by
/// [`method_params!`], to keep each macro short enough to read at once.
macro_rules! methods {
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

            /// The method's words and facts, as its module declares them.
            pub fn words(self) -> $crate::methods::spec::About {
                match self { $(MethodKind::$Kind => <$P as $crate::methods::spec::MethodSpec>::ABOUT,)* }
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

            /// Checks every parameter, naming the first that cannot be used.
            pub fn validate(&self) -> Result<(), $crate::error::RateError> {
                match self { $(Method::$Kind(p) => $crate::methods::spec::MethodSpec::validate(p),)* }
            }

            /// The method set up on `data`, ready to step (the data checked already).
            pub(crate) fn start_fit<'d>(
                &self,
                data: &'d $crate::model::Dataset,
                options: &$crate::methods::Options,
            ) -> Result<Box<dyn $crate::methods::fit::Fit + 'd>, $crate::error::RateError> {
                match self { $(Method::$Kind(p) => $crate::methods::spec::MethodSpec::start(p, data, options),)* }
            }

            /// The model its predictions follow, given its fit `rating` of `players` players.
            pub fn model(&self, rating: &$crate::methods::report::Rating, players: usize) -> $crate::methods::predictive::Model {
                match self { $(Method::$Kind(p) => $crate::methods::spec::MethodSpec::model(p, rating, players),)* }
            }

            /// The rating a player the fit left without one is predicted at.
            pub fn unrated(&self, player: &$crate::model::Player) -> f64 {
                match self { $(Method::$Kind(p) => $crate::methods::spec::MethodSpec::unrated(p, player),)* }
            }
        }

        $crate::methods::spec::method_params! { $( $Kind: $P, $(#[$field_meta])* $field; )* }
    };
}
pub(crate) use methods;

/// `Params`, every method's parameters at once, and its two matches (see [`methods!`]).
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
pub(crate) use method_params;
