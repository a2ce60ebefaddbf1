//! What a method declares of itself, once, in its own module: its words, how it starts, how it
//! checks its parameters and the model its predictions follow. A method is its parameter type
//! (in a file of its own, such as `elo/params.rs`) implementing [`MethodSpec`] (in its module),
//! its line in the table of methods (`methods/table.rs`) and its parameters in
//! [`super::registry`]. Every `match` over all the methods ([`super::MethodKind`],
//! [`super::Method`], [`super::Params`]) is made from that table; what names a method by hand
//! is a feature only some have (Brent's display scale, Elo's working, the race), never a list
//! of them all.

use super::cost::Passes;
use super::fit::Fit;
use super::predictive::Model;
use super::rating::Rating;
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
    /// What a rating is, as a chart's axis names it, for a method with a scale of its own
    /// (`None`: a rating on the display scale, in Elo points or as a log-strength).
    pub axis: Option<&'static str>,
    /// Its work on the whole input, in replays of Elo, in the worker and natively (the time
    /// estimates': [`super::cost`]; measured on a million games, each figure's source beside it
    /// in the method's module).
    pub passes: Passes,
}

/// A rating method, as its parameter type.
pub trait MethodSpec: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned {
    /// Its words.
    const ABOUT: About;

    /// Checks every parameter, naming the first that cannot be used.
    fn validate(&self) -> Result<(), RateError>;

    /// Sets the method up on `data` (checked already by [`super::check_data`]), ready to step.
    fn start<'d>(&self, data: &'d Dataset, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError>;

    /// [`MethodSpec::start`] for a method whose fit, once begun, reads nothing of `data` but
    /// `players`, which are `data`'s (the periods it made hold what it reads of the games);
    /// `None` for one that reads the games as it steps. A caller that rates once may then let
    /// go of the games while the fit runs ([`super::start_once`]).
    fn start_apart<'p>(&self, _data: &Dataset, _players: &'p [Player], _options: &Options) -> Option<Result<Box<dyn Fit + 'p>, RateError>> {
        None
    }

    /// The model its predictions follow, given its fit `rating` of `players` players.
    fn model(&self, rating: &Rating, players: usize) -> Model;

    /// The rating a player the fit left without one is predicted at (the model's mean unless
    /// the method starts players elsewhere).
    fn unrated(&self, _player: &Player) -> f64 {
        0.0
    }
}
