//! The rating methods, behind one fit interface ([`fit::Fit`], started by [`start`]) and one
//! entry point that runs a fit to the end ([`rate`]).
//!
//! A method is a [`MethodKind`] (which one) or a [`Method`] (which one, with its
//! parameters). Names appear only at the edges: [`MethodKind::name`] for files, flags and
//! JSON, [`MethodKind::title`] and [`MethodKind::label`] for people, and `FromStr`, which
//! refuses an unknown name with the list of known ones.

pub mod aga;
pub mod brent;
pub mod elo;
pub mod fit;
pub mod jrank;
pub mod multi_elo;
pub mod periods;
pub mod race;
pub mod ranking;
pub mod registry;
pub mod report;
pub mod sequential;
pub mod working;

use crate::error::RateError;
use crate::model::Dataset;
use crate::scale::{Scale, ScaleKind};
use aga::AgaParams;
use brent::BrentParams;
use elo::EloParams;
use fit::Fit;
use jrank::JRankParams;
use multi_elo::MultiEloParams;
use periods::glicko::GlickoParams;
use periods::glicko2::Glicko2Params;
use periods::stephenson::StephensonParams;
use periods::whr::WhrParams;
use report::Rating;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which rating method, without its parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MethodKind {
    #[default]
    #[serde(rename = "brent")]
    Brent,
    #[serde(rename = "elo")]
    Elo,
    #[serde(rename = "multi_elo", alias = "multi-elo")]
    MultiElo,
    #[serde(rename = "jrank")]
    JRank,
    #[serde(rename = "aga")]
    Aga,
    #[serde(rename = "glicko")]
    Glicko,
    #[serde(rename = "glicko2")]
    Glicko2,
    #[serde(rename = "stephenson")]
    Stephenson,
    #[serde(rename = "whr")]
    Whr,
}

impl MethodKind {
    pub const ALL: [MethodKind; 9] = [
        MethodKind::Brent,
        MethodKind::Elo,
        MethodKind::MultiElo,
        MethodKind::JRank,
        MethodKind::Aga,
        MethodKind::Glicko,
        MethodKind::Glicko2,
        MethodKind::Stephenson,
        MethodKind::Whr,
    ];

    /// The name in files, flags and JSON: `brent`, `elo`, `multi_elo`, `jrank`, `aga`,
    /// `glicko`, `glicko2`, `stephenson`, `whr`.
    pub fn name(self) -> &'static str {
        match self {
            MethodKind::Brent => "brent",
            MethodKind::Elo => "elo",
            MethodKind::MultiElo => "multi_elo",
            MethodKind::JRank => "jrank",
            MethodKind::Aga => "aga",
            MethodKind::Glicko => "glicko",
            MethodKind::Glicko2 => "glicko2",
            MethodKind::Stephenson => "stephenson",
            MethodKind::Whr => "whr",
        }
    }

    /// The heading of a table of its ratings.
    pub fn title(self) -> &'static str {
        match self {
            MethodKind::Brent => "Brent eigenvector ratings",
            MethodKind::Elo => "Elo ratings",
            MethodKind::MultiElo => "Multiplayer Elo ratings",
            MethodKind::JRank => "JRank strengths",
            MethodKind::Aga => "AGA ratings",
            MethodKind::Glicko => "Glicko ratings",
            MethodKind::Glicko2 => "Glicko-2 ratings",
            MethodKind::Stephenson => "Stephenson ratings",
            MethodKind::Whr => "Whole-History ratings",
        }
    }

    /// A short name for a menu.
    pub fn label(self) -> &'static str {
        match self {
            MethodKind::Brent => "Brent's eigenvector ratings",
            MethodKind::Elo => "Elo",
            MethodKind::MultiElo => "Multiplayer Elo",
            MethodKind::JRank => "JRank",
            MethodKind::Aga => "AGA (Go)",
            MethodKind::Glicko => "Glicko",
            MethodKind::Glicko2 => "Glicko-2",
            MethodKind::Stephenson => "Stephenson (Glicko variant)",
            MethodKind::Whr => "Whole-History Rating",
        }
    }

    /// What the method does, in one or two sentences.
    pub fn about(self) -> &'static str {
        match self {
            MethodKind::Brent => "Brent: each player's expected score equals their actual score (Bradley–Terry maximum likelihood; a draw is half a win each way). The iterations below all reach that answer.",
            MethodKind::Elo => "Elo: after each game, both players move by K × (result − expected result). Games are taken in date or round order when every game has one.",
            MethodKind::MultiElo => "Multiplayer Elo: one winner among n players; each player expects a share 10^(R/ζ) / Σ 10^(R/ζ) of the win. Reads event,player,place rows or numbered player/score columns; two-player games count too.",
            MethodKind::JRank => "JRank: each player's strength is the geometric mean over their games of the opponent's strength × M(points for) / M(points against), M(x) = (x + k)^p.",
            MethodKind::Aga => "AGA (Go): the most probable ratings given each player's prior (declared rank or previous rating) and the games, with handicap and komi; shown on the dan/kyu scale with σ.",
            MethodKind::Glicko => "Glicko: a rating and a deviation RD per player, rated period by period (rounds, or days); a player who sits periods out keeps the rating while the RD grows.",
            MethodKind::Glicko2 => "Glicko-2: Glicko with a volatility σ per player, which sets how fast their deviation grows; what lichess uses.",
            MethodKind::Stephenson => "Stephenson: Glicko with a deviation that also grows per game, a bonus for playing and a pull toward the opponents' ratings; won Kaggle's 2012 chess rating contest.",
            MethodKind::Whr => "Whole-History Rating: each player's strength drifts over time (a Wiener process), and every day's ratings are fitted to all games at once, so later games revise earlier ratings.",
        }
    }

    /// Whether the method goes once through the games (Elo) rather than iterating to a fixed point.
    pub fn sequential(self) -> bool {
        matches!(self, MethodKind::Elo | MethodKind::MultiElo | MethodKind::Glicko | MethodKind::Glicko2 | MethodKind::Stephenson)
    }

    /// Decimals that show a rating's meaningful digits on the method's scale.
    pub fn decimals(self, scale: Option<ScaleKind>) -> usize {
        match (self, scale) {
            (MethodKind::Aga, _) => 2,
            (MethodKind::JRank, _) => 3,
            (_, Some(ScaleKind::Natural)) => 4,
            _ => 1,
        }
    }
}

impl fmt::Display for MethodKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MethodKind {
    type Err = crate::error::NameError;

    /// A method's [`name`](MethodKind::name), case-insensitive, `-` for `_` allowed.
    fn from_str(s: &str) -> Result<MethodKind, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        MethodKind::ALL.into_iter().find(|m| m.name() == t).ok_or_else(|| {
            let names: Vec<&str> = MethodKind::ALL.iter().map(|m| m.name()).collect();
            crate::error::NameError::Unknown { what: "method", name: s.into(), expected: format!("one of {}", names.join(", ")) }
        })
    }
}

/// A method with its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Method {
    #[serde(rename = "brent")]
    Brent(BrentParams),
    #[serde(rename = "elo")]
    Elo(EloParams),
    #[serde(rename = "multi_elo")]
    MultiElo(MultiEloParams),
    #[serde(rename = "jrank")]
    JRank(JRankParams),
    #[serde(rename = "aga")]
    Aga(AgaParams),
    #[serde(rename = "glicko")]
    Glicko(GlickoParams),
    #[serde(rename = "glicko2")]
    Glicko2(Glicko2Params),
    #[serde(rename = "stephenson")]
    Stephenson(StephensonParams),
    #[serde(rename = "whr")]
    Whr(WhrParams),
}

impl Method {
    pub fn kind(&self) -> MethodKind {
        match self {
            Method::Brent(_) => MethodKind::Brent,
            Method::Elo(_) => MethodKind::Elo,
            Method::MultiElo(_) => MethodKind::MultiElo,
            Method::JRank(_) => MethodKind::JRank,
            Method::Aga(_) => MethodKind::Aga,
            Method::Glicko(_) => MethodKind::Glicko,
            Method::Glicko2(_) => MethodKind::Glicko2,
            Method::Stephenson(_) => MethodKind::Stephenson,
            Method::Whr(_) => MethodKind::Whr,
        }
    }

    /// The method with its default parameters.
    pub fn default_for(kind: MethodKind) -> Method {
        match kind {
            MethodKind::Brent => Method::Brent(BrentParams::default()),
            MethodKind::Elo => Method::Elo(EloParams::default()),
            MethodKind::MultiElo => Method::MultiElo(MultiEloParams::default()),
            MethodKind::JRank => Method::JRank(JRankParams::default()),
            MethodKind::Aga => Method::Aga(AgaParams::default()),
            MethodKind::Glicko => Method::Glicko(GlickoParams::default()),
            MethodKind::Glicko2 => Method::Glicko2(Glicko2Params::default()),
            MethodKind::Stephenson => Method::Stephenson(StephensonParams::default()),
            MethodKind::Whr => Method::Whr(WhrParams::default()),
        }
    }

    /// Checks every parameter, naming the first that cannot be used.
    pub fn validate(&self) -> Result<(), RateError> {
        match self {
            Method::Brent(p) => p.validate(),
            Method::Elo(p) => p.validate(),
            Method::MultiElo(p) => p.validate(),
            Method::JRank(p) => p.validate(),
            Method::Aga(p) => p.validate(),
            Method::Glicko(p) => p.validate(),
            Method::Glicko2(p) => p.validate(),
            Method::Stephenson(p) => p.validate(),
            Method::Whr(p) => p.validate(),
        }
    }
}

/// Every method's parameters at once: what a user's settings keep, so that switching
/// method keeps each one's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Params {
    pub brent: BrentParams,
    pub elo: EloParams,
    pub multi_elo: MultiEloParams,
    pub jrank: JRankParams,
    pub aga: AgaParams,
    // The methods added later are left out of settings and links at their defaults: a shared
    // link stays as short as it was.
    #[serde(skip_serializing_if = "is_default")]
    pub glicko: GlickoParams,
    #[serde(skip_serializing_if = "is_default")]
    pub glicko2: Glicko2Params,
    #[serde(skip_serializing_if = "is_default")]
    pub stephenson: StephensonParams,
    #[serde(skip_serializing_if = "is_default")]
    pub whr: WhrParams,
}

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

impl Params {
    /// Puts `method`'s parameters in their place.
    pub fn set(&mut self, method: Method) {
        match method {
            Method::Brent(p) => self.brent = p,
            Method::Elo(p) => self.elo = p,
            Method::MultiElo(p) => self.multi_elo = p,
            Method::JRank(p) => self.jrank = p,
            Method::Aga(p) => self.aga = p,
            Method::Glicko(p) => self.glicko = p,
            Method::Glicko2(p) => self.glicko2 = p,
            Method::Stephenson(p) => self.stephenson = p,
            Method::Whr(p) => self.whr = p,
        }
    }

    /// Method `kind` with its parameters.
    pub fn method(&self, kind: MethodKind) -> Method {
        match kind {
            MethodKind::Brent => Method::Brent(self.brent.clone()),
            MethodKind::Elo => Method::Elo(self.elo.clone()),
            MethodKind::MultiElo => Method::MultiElo(self.multi_elo.clone()),
            MethodKind::JRank => Method::JRank(self.jrank.clone()),
            MethodKind::Aga => Method::Aga(self.aga.clone()),
            MethodKind::Glicko => Method::Glicko(self.glicko.clone()),
            MethodKind::Glicko2 => Method::Glicko2(self.glicko2.clone()),
            MethodKind::Stephenson => Method::Stephenson(self.stephenson.clone()),
            MethodKind::Whr => Method::Whr(self.whr.clone()),
        }
    }
}

/// Options every method shares.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub scale: Scale,
}

/// Sets up `method` on `data`, ready to step ([`Fit::step`]) and be watched.
/// Each method's constructor checks its parameters; the data are checked here ([`check_data`]).
pub fn start<'d>(data: &'d Dataset, method: &Method, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
    check_data(data)?;
    Ok(match method {
        Method::Brent(p) => Box::new(brent::BrentFit::new(data, p, &options.scale)?),
        Method::Elo(p) => Box::new(elo::fit(data, p)?),
        Method::MultiElo(p) => Box::new(multi_elo::fit(data, p)?),
        Method::JRank(p) => Box::new(jrank::JRankFit::new(data, p)?),
        Method::Aga(p) => Box::new(aga::AgaFit::new(data, p)?),
        Method::Glicko(_) | Method::Glicko2(_) | Method::Stephenson(_) => Box::new(periods::fit::PeriodFit::new(data, method)?),
        Method::Whr(p) => Box::new(periods::fit::WhrFit::new(data, p)?),
    })
}

/// Checks what every method relies on and no reader ever breaks, so that data built wrongly
/// (by code, or two people merged into one) are refused, never rated into a wrong answer or a
/// panic: every game and event names players of the dataset, no game has one player on both
/// sides and no event one player twice, and every score that is a number lies in [0, 1] (a
/// score that is no number is the methods' to leave out, or to take from the points). Linear
/// in the games and events, in release builds as in debug ones.
pub fn check_data(data: &Dataset) -> Result<(), RateError> {
    let n = data.players.len();
    let name = |p: usize| crate::error::excerpt(&data.players[p].name);
    let at =
        |what: &str, k: usize, line: usize| if line > 0 { format!("{what} {} (line {line})", k + 1) } else { format!("{what} {}", k + 1) };
    let bad = |item: String, problem: String, expected| {
        Err(RateError::InvalidData { item, problem, expected: std::borrow::Cow::Borrowed(expected) })
    };
    for (k, g) in data.games.iter().enumerate() {
        if let Some(p) = [g.first(), g.second()].into_iter().find(|&p| p >= n) {
            return bad(at("game", k, g.line()), format!("player number {p} is not in the data"), "one of the dataset's players");
        }
        if g.first() == g.second() {
            return bad(at("game", k, g.line()), format!("'{}' is on both sides", name(g.first())), "two different players");
        }
        if !g.score.is_nan() && !(0.0..=1.0).contains(&g.score) {
            return bad(at("game", k, g.line()), format!("the score is {}", g.score), "a score in [0, 1]");
        }
    }
    // Per player, the last event they were seen in (plus one): one pass, no set per event.
    let mut seen = vec![0usize; n];
    for (k, e) in data.events.iter().enumerate() {
        for &(p, _) in &e.places {
            if p >= n {
                return bad(at("event", k, e.line), format!("player number {p} is not in the data"), "one of the dataset's players");
            }
            if seen[p] == k + 1 {
                return bad(at("event", k, e.line), format!("'{}' is in it twice", name(p)), "each player once in an event");
            }
            seen[p] = k + 1;
        }
    }
    Ok(())
}

/// Rates `data` by `method`.
pub fn rate(data: &Dataset, method: &Method, options: &Options) -> Result<Rating, RateError> {
    rate_with(data, method, options, &mut |_| true)
}

/// As [`rate`], calling `progress` with each step's record; it returns `false` to cancel.
pub fn rate_with(
    data: &Dataset,
    method: &Method,
    options: &Options,
    progress: &mut dyn FnMut(&report::IterationRecord) -> bool,
) -> Result<Rating, RateError> {
    let mut fit = start(data, method, options)?;
    while let Some(record) = fit.step() {
        if !progress(&record) {
            fit.cancel();
        }
    }
    fit.finish()
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
        assert_eq!(e, "unknown method 'elo2': expected one of brent, elo, multi_elo, jrank, aga, glicko, glicko2, stephenson, whr");
        let e = serde_json::from_str::<MethodKind>("\"bradley\"").unwrap_err().to_string();
        assert!(e.contains("unknown variant `bradley`") && e.contains("brent"), "{e}");
    }
}
