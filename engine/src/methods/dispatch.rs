//! What starts, reads or runs a fit of any method: the matches over the table of methods that
//! go through each method's [`MethodSpec`] (its words, checks, fit and model), made from the
//! table ([`super::table`]) by `method_fits!`, and the entry points: [`start`] (a fit, ready
//! to step), [`rate`] (a fit run to its end), the narrower [`start_brent`] and [`rate_brent`],
//! and [`check_data`], what every method relies on in its data.

use super::brent::BrentParams;
use super::fit::Fit;
use super::rating::{IterationRecord, Rating};
use super::spec::MethodSpec;
use super::table::{method_table, Method, MethodKind, Options};
use crate::error::RateError;
use crate::model::Dataset;
use crate::scale::ScaleKind;

/// Makes the matches over the table of methods that need a method's [`MethodSpec`]: its words
/// ([`MethodKind::words`]) and what [`Method`] checks, starts and predicts by. Takes the table's
/// lines as [`super::table::method_table!`] hands them (the attributes, this file's no concern,
/// are left aside).
macro_rules! method_fits {
    ($( $(#[$kind_meta:meta])* $Kind:ident = $name:literal : $P:ty, $(#[$field_meta:meta])* $field:ident; )*) => {
        impl MethodKind {
            /// The method's words and facts, as its module declares them.
            pub fn words(self) -> $crate::methods::spec::About {
                match self { $(MethodKind::$Kind => <$P as MethodSpec>::ABOUT,)* }
            }
        }

        impl Method {
            /// Checks every parameter, naming the first that cannot be used.
            pub fn validate(&self) -> Result<(), RateError> {
                match self { $(Method::$Kind(p) => MethodSpec::validate(p),)* }
            }

            /// The method set up on `data`, ready to step (the data checked already).
            pub(crate) fn start_fit<'d>(&self, data: &'d Dataset, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
                match self { $(Method::$Kind(p) => MethodSpec::start(p, data, options),)* }
            }

            /// [`MethodSpec::start_apart`]: the fit on `data` keeping only `players`, where it can.
            pub(crate) fn start_apart<'p>(
                &self,
                data: &Dataset,
                players: &'p [$crate::model::Player],
                options: &Options,
            ) -> Option<Result<Box<dyn Fit + 'p>, RateError>> {
                match self { $(Method::$Kind(p) => MethodSpec::start_apart(p, data, players, options),)* }
            }

            /// The model its predictions follow, given its fit `rating` of `players` players.
            pub fn model(&self, rating: &Rating, players: usize) -> $crate::methods::predictive::Model {
                match self { $(Method::$Kind(p) => MethodSpec::model(p, rating, players),)* }
            }

            /// The rating a player the fit left without one is predicted at.
            pub fn unrated(&self, player: &$crate::model::Player) -> f64 {
                match self { $(Method::$Kind(p) => MethodSpec::unrated(p, player),)* }
            }
        }
    };
}

method_table!(method_fits);

impl MethodKind {
    /// The heading of a table of its ratings.
    pub fn title(self) -> &'static str {
        self.words().title
    }

    /// A short name for a menu.
    pub fn label(self) -> &'static str {
        self.words().label
    }

    /// What the method does, in one or two sentences.
    pub fn about(self) -> &'static str {
        self.words().about
    }

    /// A short name for a column heading.
    pub fn short(self) -> &'static str {
        self.words().short
    }

    /// Whether the method goes once through the games (Elo) rather than iterating to a fixed point.
    pub fn sequential(self) -> bool {
        self.words().sequential
    }

    /// Whether it rates multi-player events (and so predicts their rankings); the others
    /// rate games between two players.
    pub fn rates_events(self) -> bool {
        matches!(self, MethodKind::MultiElo | MethodKind::PlackettLuce | MethodKind::WengLin)
    }

    /// Decimals that show a rating's meaningful digits on the method's scale.
    pub fn decimals(self, scale: Option<ScaleKind>) -> usize {
        match (self.words().decimals, scale) {
            (Some(d), _) => d,
            (None, Some(ScaleKind::Natural)) => 4,
            (None, _) => 1,
        }
    }
}

/// Sets up `method` on `data`, ready to step ([`Fit::step`]) and be watched.
/// Each method's constructor checks its parameters; the data are checked here ([`check_data`]).
pub fn start<'d>(data: &'d Dataset, method: &Method, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
    check_data(data)?;
    method.start_fit(data, options)
}

/// [`start`] for a caller that reads nothing of `data` afterwards, as the command line's `rate`
/// does: where the method's fit, once begun, reads only the players ([`MethodSpec::start_apart`]:
/// Glicko, Glicko-2, Stephenson and WHR, whose periods hold what they read of the games), the
/// dataset's games and events are let go of then, so that they are never held beside the
/// rating's histories (32 MB of a million-game league's peak). Any other method starts as by
/// [`start`], the dataset whole.
pub fn start_once<'p>(data: &'p mut Dataset, method: &Method, options: &Options) -> Result<Box<dyn Fit + 'p>, RateError> {
    check_data(data)?;
    let players = &data.players;
    match method.start_apart(data, players, options) {
        Some(fit) => {
            let fit = fit?;
            data.games = Vec::new();
            data.events = Vec::new();
            Ok(fit)
        }
        None => method.start_fit(data, options),
    }
}

/// How a fit is begun: [`start`] (every method), or a narrower one such as [`start_brent`]
/// that a program which must stay small passes to [`crate::job::Job::start_with`]: the methods
/// it never names are then left out of its code (issue 24: the app's first worker, which rates
/// with the default method alone, is a third of the size of one that rates with every method).
pub type Starter = for<'d> fn(&'d Dataset, &Method, &Options) -> Result<Box<dyn Fit + 'd>, RateError>;

/// [`start`] for Brent's method alone; any other is refused ([`RateError::NotHere`]).
pub fn start_brent<'d>(data: &'d Dataset, method: &Method, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
    check_data(data)?;
    match method {
        Method::Brent(p) => MethodSpec::start(p, data, options),
        other => Err(RateError::NotHere { method: other.kind().name().to_string() }),
    }
}

/// Checks what every method relies on and no reader ever breaks, so that data built wrongly
/// (by code, or two people merged into one) are refused, never rated into a wrong answer or a
/// panic: every game and event names players of the dataset, no game has one player on both
/// sides and no event one player twice, and every score that is a number lies in [0, 1] (a
/// score that is no number is the methods' to leave out, or to take from the points); a team
/// event's `team` one entry a player, teammates at one place. Linear
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
        if e.has_teams() && !teams_hold(e) {
            return bad(
                at("event", k, e.line),
                "its teams do not match its players".into(),
                "one team for each player, teammates sharing a place",
            );
        }
    }
    Ok(())
}

/// Whether a team event's `team` gives each entry a team (numbered below the event's size)
/// and teammates share a place (or are all unranked).
fn teams_hold(e: &crate::model::Event) -> bool {
    let mut place: Vec<Option<Option<u32>>> = vec![None; e.size()];
    let entries = e.places.iter().map(|&(_, k)| Some(k)).chain(e.unranked.iter().map(|_| None));
    e.team.len() == e.size()
        && e.team.iter().zip(entries).all(|(&t, k)| match place.get_mut(t as usize) {
            Some(slot) => *slot.get_or_insert(k) == k,
            None => false,
        })
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
    progress: &mut dyn FnMut(&IterationRecord) -> bool,
) -> Result<Rating, RateError> {
    run(start(data, method, options)?, progress)
}

/// [`rate`] with Brent's method through [`start_brent`]: for a caller that needs no other
/// method (the EIG tiebreak), so that a program holding it need not hold them.
pub fn rate_brent(data: &Dataset, params: BrentParams, options: &Options) -> Result<Rating, RateError> {
    run(start_brent(data, &Method::Brent(params), options)?, &mut |_| true)
}

/// Steps `fit` to its end (or until `progress` says stop) and finishes it.
fn run(mut fit: Box<dyn Fit + '_>, progress: &mut dyn FnMut(&IterationRecord) -> bool) -> Result<Rating, RateError> {
    while let Some(record) = fit.step() {
        if !progress(&record) {
            fit.cancel();
        }
    }
    fit.into_rating()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brent_starter_rates_as_start_does_and_refuses_every_other_method() {
        let text = "white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\n";
        let data = crate::parse::parse_csv(text, &Default::default()).unwrap().dataset;
        let options = Options::default();
        let finish = |fit: Box<dyn Fit + '_>| {
            let mut fit = fit;
            while fit.step().is_some() {}
            fit.finish().unwrap().players.iter().map(|p| (p.name.clone(), p.rating)).collect::<Vec<_>>()
        };
        let brent = Method::default_for(MethodKind::Brent);
        let ours = finish(start_brent(&data, &brent, &options).unwrap());
        assert_eq!(ours, finish(start(&data, &brent, &options).unwrap()));
        for kind in MethodKind::ALL.into_iter().filter(|&k| k != MethodKind::Brent) {
            let refused = start_brent(&data, &Method::default_for(kind), &options).err();
            assert_eq!(refused, Some(RateError::NotHere { method: kind.name().to_string() }));
        }
    }
}
