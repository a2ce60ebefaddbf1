//! One rating job, exactly as the command line, the app's worker and the tests run it: read
//! the text ([`crate::parse::detect`]; a large file in chunks, [`JobReader`]; from disk,
//! natively, [`file`]: a large one in two parts at once), start the chosen method's fit, step it (all at once,
//! or in slices between which a caller looks at its messages), record the iterates for the
//! step-by-step view, and finish with the ratings and, for a tournament file, the standings.
//!
//! [`Settings`] are what a user chooses: every method's parameters (so switching method
//! keeps each one's), the display scale, the column mapping, and the tiebreaks. Their
//! defaults are the engine's own; the command line and the app read them from here.

use crate::error::{ParseError, ParseErrors, RateError};
use crate::methods::brent::{BrentParams, Variant};
use crate::methods::fit::{Fit, Measures, Part, Partway};
use crate::methods::rating::{IterationRecord, Rating};
use crate::methods::{start, start_once, Method, MethodKind, Options, Params, Starter};
use crate::parse::decode::{decode, decode_owned, nul_error};
use crate::parse::detect::{detect, read, Format, Input, ReadOptions, Reader};
use crate::parse::stream::CsvReader;
use crate::parse::{BadLines, ColumnMap, CsvOptions, Warning};
use crate::scale::{Offset, Scale, ScaleKind};
use crate::team::{TeamScore, TeamStandings, TeamTiebreak, Teams, DEFAULT_TEAM_TIEBREAKS};
use crate::tiebreak::declared::{self, RankCheck, Search};
use crate::tiebreak::eig::{eig_gamma, EigenvectorRatings};
use crate::tiebreak::{standings_with, Options as TiebreakOptions, Rules, RulesChoice, Standings, Tiebreak};
use crate::tournament::{DeclaredOrder, PendingRound, Tournament};
use serde::Serialize;
use std::rc::Rc;

#[cfg(not(target_arch = "wasm32"))]
pub mod file;

/// The tiebreak order this tool started every user with before it followed the event's type:
/// the app's settings stored with it by an older version (which wrote the order out, chosen
/// or not) read as none chosen.
pub const OLD_DEFAULT_TIEBREAKS: [Tiebreak; 4] = [Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Eig];

/// FIDE's recommended tiebreaks for an individual event: for a round robin (pairings fixed in
/// advance) direct encounter, wins, Sonneborn-Berger, Koya; for a Swiss Buchholz cut-1,
/// Buchholz, Sonneborn-Berger. These are the first of the lists FIDE recommends by event
/// type (Handbook C.02 (2017) 13.16.2 for round robins and 13.16.5 for Swiss events, whose
/// tiebreaks C.07 (2023) defines: DE 6, WIN 7.1, BH 8.1 and its cut-1, SB 9.1, KS 9.2).
pub fn recommended_order(round_robin: bool) -> &'static [Tiebreak] {
    match round_robin {
        true => &[Tiebreak::De, Tiebreak::Win, Tiebreak::Sb, Tiebreak::Ks],
        false => &[Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb],
    }
}

/// Inputs up to this many players record every iterate for the step-by-step view...
pub const STEP_PLAYERS: usize = 400;
/// ... for up to this many steps.
pub const STEP_LIMIT: usize = 2_000;

/// What the user chose. Fields added later default, so settings kept by an older version
/// still load; an unknown method, variant, scale, rules or tiebreak name is an error.
/// Read by [`read_settings`] (written by the derive).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    pub method: MethodKind,
    /// Every method's parameters (kept apart, so switching method keeps each one's), stored
    /// flat: `"brent": {...}, "elo": {...}, ...`.
    #[serde(flatten)]
    pub params: Params,
    /// Brent's display scale.
    pub scale: ScaleKind,
    /// Brent: the rating shown for each group's mean (or for the anchor player); `None`:
    /// the scale's default (1500 on the Elo-like scale, 0 on the natural one).
    pub shown: Option<f64>,
    /// Brent: a player who gets the `shown` rating, everyone else relative to them ("" = none).
    pub anchor: String,
    /// Column mapping, `ROLE=COLUMN,...` (empty: header names decide).
    pub mapping: String,
    pub skip_bad_lines: bool,
    /// Tournament files: the tiebreaks in the organiser's order; `None`: the default for the
    /// file ([`Job::order`]: its declared order, else FIDE's recommended one for its type).
    /// Each tiebreak once: a list that repeats one is refused when read
    /// ([`crate::tiebreak::order`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<Tiebreak>>,
    /// The C.07 rules chosen; `None` (the default): those in force when the tournament
    /// started ([`RulesChoice`]: its start date, else the rules in force now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// Tournament files: Brent's γ follows the EIG tiebreak's rule ([`eig_gamma`]: 0, or 1
    /// when the results alone leave someone without a finite rating), so the ratings and the
    /// EIG column agree; off once γ is set by hand (the command line always sets it).
    pub gamma_as_eig: bool,
    /// Tournament files: the standings, tiebreaks and ratings after this round (`None`: all
    /// rounds played).
    pub after_round: Option<usize>,
    /// Team tournaments: the score teams are ranked by first, and the tiebreaks after it
    /// (left out of the serialised settings at their defaults: shared links stay short).
    #[serde(skip_serializing_if = "is_match_points")]
    pub team_primary: TeamScore,
    /// `None`: the file's own order (TRF-2026 212/202) when it declares one every code of
    /// which is computed here, else [`DEFAULT_TEAM_TIEBREAKS`] ([`Job::team_order`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_tiebreaks: Option<Vec<TeamTiebreak>>,
}

/// The settings read by hand rather than by serde's derive, whose `#[serde(flatten)]` of the
/// parameters buffered every field and compiled the whole of serde's buffering for each of
/// them (23 KiB of `FlatMapDeserializer` alone in each wasm file, issue 24). It reads what the
/// derive read: each field, default when missing (the parameters those of `Params::default()`,
/// as the flattened struct's were), unknown keys left out.
mod read_settings {
    use super::{Params, Settings};
    use crate::tiebreak::order::{distinct_some, OrderItem};
    use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
    use std::fmt;

    /// An order of tiebreaks, each once ([`distinct_some`]).
    struct Order<T>(Option<Vec<T>>);

    impl<'de, T: OrderItem + Deserialize<'de>> Deserialize<'de> for Order<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Order<T>, D::Error> {
            distinct_some(d).map(Order)
        }
    }

    impl<'de> Deserialize<'de> for Settings {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
            d.deserialize_map(SettingsVisitor)
        }
    }

    struct SettingsVisitor;

    impl<'de> Visitor<'de> for SettingsVisitor {
        type Value = Settings;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("struct Settings")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Settings, A::Error> {
            let mut s = Settings { params: Params::default(), ..Settings::default() };
            let mut seen: Vec<String> = Vec::new();
            while let Some(key) = map.next_key::<String>()? {
                // Refused, as the derive refused it (the last one would silently win).
                if seen.contains(&key) {
                    return Err(serde::de::Error::custom(format_args!("duplicate field `{key}`")));
                }
                seen.push(key.clone());
                match key.as_str() {
                    "method" => s.method = map.next_value()?,
                    "scale" => s.scale = map.next_value()?,
                    "shown" => s.shown = map.next_value()?,
                    "anchor" => s.anchor = map.next_value()?,
                    "mapping" => s.mapping = map.next_value()?,
                    "skip_bad_lines" => s.skip_bad_lines = map.next_value()?,
                    "tiebreaks" => s.tiebreaks = map.next_value::<Order<_>>()?.0,
                    "rules" => s.rules = map.next_value()?,
                    "gamma_as_eig" => s.gamma_as_eig = map.next_value()?,
                    "after_round" => s.after_round = map.next_value()?,
                    "team_primary" => s.team_primary = map.next_value()?,
                    "team_tiebreaks" => s.team_tiebreaks = map.next_value::<Order<_>>()?.0,
                    other => {
                        if !s.params.read_field(other, &mut map)? {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
            }
            Ok(s)
        }
    }
}

fn is_match_points(s: &TeamScore) -> bool {
    *s == TeamScore::MatchPoints
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            method: MethodKind::default(),
            // Not Brent's default iteration (`Variant::default()`, the fewest passes) but the
            // app's choice for a job: Algorithm 1 on small inputs, to watch and step through;
            // accelerated on large ones (`brent::AUTO_PLAYERS`), and it says so.
            params: Params { brent: BrentParams { variant: Variant::Auto, ..Default::default() }, ..Default::default() },
            scale: ScaleKind::Elo,
            shown: None,
            anchor: String::new(),
            mapping: String::new(),
            skip_bad_lines: false,
            tiebreaks: None,
            rules: None,
            gamma_as_eig: true,
            after_round: None,
            team_primary: TeamScore::MatchPoints,
            team_tiebreaks: None,
        }
    }
}

impl Settings {
    /// The chosen method with its parameters.
    pub fn method(&self) -> Method {
        self.params.method(self.method)
    }

    /// Brent's display scale: where the mean, or the anchor player, is shown.
    pub fn scale(&self) -> Scale {
        let shown = self.shown.filter(|v| v.is_finite());
        let offset = match self.anchor.trim() {
            "" => shown.map(Offset::Mean),
            player => Some(Offset::Anchor { player: player.to_string(), rating: shown.unwrap_or(self.default_shown()) }),
        };
        Scale { kind: self.scale, offset }
    }

    /// The rating the mean is shown at when none is chosen.
    pub fn default_shown(&self) -> f64 {
        match self.scale {
            ScaleKind::Elo => 1500.0,
            ScaleKind::Natural => 0.0,
        }
    }

    pub fn read_options(&self) -> ReadOptions {
        let bad_lines = if self.skip_bad_lines { BadLines::Skip } else { BadLines::Fail };
        ReadOptions { own: own_format(self.method), mapping: self.mapping.clone(), bad_lines }
    }
}

/// Events with places given to `method`, which rates two-player games: said once, with the
/// methods that rate events, rather than as the games reader's missing columns.
fn events_not_games(method: MethodKind) -> ParseErrors {
    let rate: Vec<&str> = MethodKind::ALL.into_iter().filter(|&m| own_format(m) == Some(Format::Events)).map(MethodKind::label).collect();
    ParseErrors(vec![ParseError::BadRecord {
        line: 1,
        problem: format!("these are events with places (an event, a player and a place a row), which {} does not rate: it rates games between two players", method.label()),
        expected: format!("a method that rates events ({}), or games with columns such as white, black, result", rate.join(", ")),
    }])
}

/// The format of its own a method reads besides CSV games: multi-player events for
/// multiplayer Elo, Plackett–Luce and Weng–Lin, the AGA's results for AGA. Said here, where
/// methods meet formats (parsing knows formats, not methods).
pub fn own_format(method: MethodKind) -> Option<Format> {
    match method {
        m if m.rates_events() => Some(Format::Events),
        MethodKind::Aga => Some(Format::AgaResults),
        _ => None,
    }
}

/// A text read for rating, with the settings it is rated by. The input is shared, so a
/// caller that keeps it (the app's worker) can rate it again with other settings without
/// reading it again ([`Job::with_settings`]).
#[derive(Clone, Debug)]
pub struct Job {
    /// What is rated and ranked: the input, or on a tournament file with
    /// [`Settings::after_round`] the tournament as it stood after that round.
    pub input: Rc<Input>,
    /// The input as read, all rounds.
    pub full: Rc<Input>,
    pub settings: Settings,
}

/// A tournament's standings with the chosen tiebreaks, and the eigenvector ratings (EIG)
/// when they are among them.
#[derive(Clone, Debug)]
pub struct TournamentStandings {
    pub standings: Standings,
    pub eigenvector: Option<EigenvectorRatings>,
    /// The file's declared ranks against these standings (when it declares any).
    pub declared: Option<RankCheck>,
    /// When they differ: the order of tiebreaks and rules that gives them, or the closest.
    pub search: Option<Search>,
    /// The round these standings are after, of the rounds played in the file.
    pub round: usize,
    pub rounds_played: usize,
    /// The standings after the round before (for each player's move), from round 2.
    pub previous: Option<Standings>,
    /// The tiebreaks the file declares (TRF-2026 212/202), if it does.
    pub file_order: Option<DeclaredOrder>,
    /// The rules the standings follow, and why (chosen, or by the start date).
    pub rules: RulesChoice,
    /// The file's round entered but not played (byes requested before pairing), if any: the
    /// standings are after the round before it.
    pub pending_round: Option<PendingRound>,
    /// The Buchholz tie-breaks a round robin's order asked for, left out ([`Job::refused`]).
    pub refused: Vec<Tiebreak>,
    /// Whether the whole file is a round robin ([`Job::is_round_robin`]); the standings'
    /// `pre_determined` is judged on the rounds shown.
    pub round_robin: bool,
}

impl TournamentStandings {
    /// What the standings say of the tie-breaks left out of a round robin's order, if any.
    pub fn refused_note(&self) -> Option<String> {
        (!self.refused.is_empty()).then(|| {
            let why = crate::tiebreak::BuchholzInRoundRobin(self.refused.clone());
            format!("{why}; left out of the order of tiebreaks")
        })
    }
}

impl Job {
    /// Reads `text` (in whatever format [`crate::parse::detect::detect`] finds).
    pub fn read(text: &str, settings: &Settings) -> Result<Job, ParseErrors> {
        Job::read_with(text, settings, read)
    }

    /// Reads `text` with `reader` ([`crate::parse::detect::read`], or `read_games` where
    /// tournament files are read elsewhere).
    pub fn read_with(text: &str, settings: &Settings, reader: Reader) -> Result<Job, ParseErrors> {
        let options = settings.read_options();
        let input = reader(text, &options).map_err(|e| match options.own {
            Some(Format::Events) => e,
            _ if crate::parse::looks_like_events(text) => events_not_games(settings.method),
            _ => e,
        })?;
        Ok(Job::of(Rc::new(input), settings))
    }

    /// The same input with other settings; `None` when they would read it differently (another
    /// method's format, another column mapping, bad lines kept or not).
    pub fn with_settings(&self, settings: &Settings) -> Option<Job> {
        (settings.read_options() == self.settings.read_options()).then(|| Job::of(Rc::clone(&self.full), settings))
    }

    /// The job with its input changed by `change` (a player list applied: the command line's
    /// `--players`), in place: where the input is the file as read (no round cut off), the
    /// file as read is the input changed; else the cut alone is changed. Changing the input
    /// while the file as read held it too copied the whole input, the games included (32 MB
    /// more while loading a million games).
    pub fn changed(self, change: impl FnOnce(&mut Input)) -> Job {
        let Job { mut input, full, settings } = self;
        if Rc::ptr_eq(&input, &full) {
            drop(full);
            change(Rc::make_mut(&mut input));
            return Job::of(input, &settings);
        }
        change(Rc::make_mut(&mut input));
        Job { input, full, settings }
    }

    /// The job on `full` with `settings`: a tournament cut after [`Settings::after_round`], or
    /// without its pending round's entries ([`Tournament::pending_round`]).
    fn of(full: Rc<Input>, settings: &Settings) -> Job {
        let cut = full.tournament.as_ref().and_then(|t| match settings.after_round {
            Some(n) if n < t.rounds_played() => Some(t.after_round(n)),
            _ => t.pending_round().map(|_| t.without_pending()),
        });
        let input = match cut {
            Some(t) => {
                let (format, recognised, warnings) = (full.format, full.recognised.clone(), full.warnings.clone());
                Rc::new(Input {
                    format,
                    dataset: t.dataset(),
                    tournament: Some(t),
                    recognised,
                    warnings,
                    declared_search: Default::default(),
                })
            }
            None => Rc::clone(&full),
        };
        Job { input, full, settings: settings.clone() }
    }

    /// Starts the chosen method's fit, recording iterates for the step-by-step view when the
    /// input is small enough.
    pub fn start(&self) -> Result<Running<'_>, RateError> {
        self.start_from(None)
    }

    /// Starts as [`Job::start`], from `warm` (a previous fit's [`Running::iterate`] on this
    /// input) when the method can use one ([`Fit::warm`]) and the input is too large to step
    /// through: a small input keeps the method's own start, so its steps show the method.
    pub fn start_from(&self, warm: Option<&[f64]>) -> Result<Running<'_>, RateError> {
        self.start_with(warm, start)
    }

    /// As [`Job::start_from`], the fit begun by `starter` ([`Starter`]: a program that rates
    /// with fewer methods, and so is smaller, passes its own).
    pub fn start_with(&self, warm: Option<&[f64]>, starter: Starter) -> Result<Running<'_>, RateError> {
        let data = &self.input.dataset;
        let (method, eig) = self.method_set();
        let fit = starter(data, &method, &Options { scale: self.settings.scale() })?;
        Ok(Running::begun(fit, data.players.len(), warm, eig))
    }

    /// The method set, with Brent's γ by the EIG tiebreak's rule where it applies
    /// ([`Job::eig_rule_gamma`], also given).
    fn method_set(&self) -> (Method, Option<f64>) {
        let mut method = self.settings.method();
        let eig = self.eig_rule_gamma();
        if let (Method::Brent(p), Some(gamma)) = (&mut method, eig) {
            p.gamma = gamma;
        }
        (method, eig)
    }

    /// Brent's γ by the EIG tiebreak's rule, when it applies: a tournament file, Brent's
    /// method, and γ not set by hand ([`Settings::gamma_as_eig`]).
    pub fn eig_rule_gamma(&self) -> Option<f64> {
        let applies = self.input.tournament.is_some() && self.settings.gamma_as_eig && self.settings.method == MethodKind::Brent;
        applies.then(|| eig_gamma(&self.input.dataset))
    }

    /// Runs to the end in one go.
    pub fn run(&self) -> Finished {
        match self.start() {
            Ok(running) => running.run_to_end(),
            Err(e) => Finished::failed(e),
        }
    }

    /// [`Job::run`] for a caller that needs nothing more of the job, as the command line's
    /// `rate`: the input's games are let go of once the fit no longer reads them
    /// ([`crate::methods::start_once`]: Glicko, Glicko-2, Stephenson and WHR), so that the
    /// file's games are not held beside the histories the rating makes (a fifth of Glicko-2's
    /// peak on an undated million games); nor is the rest of the input (a tournament's records,
    /// the warnings said already). The same rating as [`Job::run`]'s; where the input
    /// is shared (another job of it lives), it is run as by [`Job::run`].
    pub fn run_once(self) -> Finished {
        let (method, eig) = self.method_set();
        let Job { input, full, settings } = self;
        drop(full);
        let input = match Rc::try_unwrap(input) {
            Ok(input) => input,
            Err(input) => return Job { full: Rc::clone(&input), input, settings }.run(),
        };
        let Input { mut dataset, .. } = input;
        let players = dataset.players.len();
        // Bound to a name, not the function's value: the fit borrows `dataset`, which must
        // outlive the match's temporaries.
        let finished = match start_once(&mut dataset, &method, &Options { scale: settings.scale() }) {
            Ok(fit) => Running::begun(fit, players, None, eig).run_to_end(),
            Err(e) => Finished::failed(e),
        };
        finished
    }

    /// For a tournament file: the standings with the chosen tiebreaks (EIG from Brent's
    /// ratings of the games played).
    pub fn standings(&self) -> Option<TournamentStandings> {
        let t = self.input.tournament.as_ref()?;
        let (standings, eigenvector) = self.standings_of(t);
        let declared = declared::check(t, &standings);
        let differs = declared.as_ref().is_some_and(|d| d.agree < d.declared);
        let search = differs.then(|| self.input.declared_search.get_or_init(|| declared::search(t, &TiebreakOptions::default())).clone());
        let (shown, full) = (t.rounds_played(), self.full.tournament.as_ref()?);
        let previous = (shown > 1).then(|| self.standings_of(&full.after_round(shown - 1)).0);
        let file_order = full.declared_order.clone();
        Some(TournamentStandings {
            standings,
            eigenvector,
            declared,
            search,
            round: shown,
            rounds_played: full.rounds_played(),
            previous,
            file_order,
            rules: self.rules(),
            pending_round: full.pending_round(),
            refused: self.refused(),
            round_robin: self.is_round_robin(),
        })
    }

    /// For a team tournament file (TRF 013 or 310 records): the team standings in the primary
    /// score and order chosen, with warnings from making the matches.
    pub fn team_standings(&self) -> Option<(TeamStandings, Vec<String>)> {
        let (teams, warnings) = Teams::of(self.input.tournament.as_ref()?)?;
        let rules = self.rules();
        let mut st = teams.standings(self.settings.team_primary, &self.team_order(), rules.rules);
        st.rules_reason = Some(rules.why());
        Some((st, warnings))
    }

    /// The rules the standings follow: those chosen, or those in force when the tournament
    /// started ([`RulesChoice::of`]).
    pub fn rules(&self) -> RulesChoice {
        RulesChoice::of(self.full.tournament.as_ref(), self.settings.rules)
    }

    /// The team tiebreaks in force: the ones chosen, else the file's declared order (as the
    /// command line does for players), else [`DEFAULT_TEAM_TIEBREAKS`].
    pub fn team_order(&self) -> Vec<TeamTiebreak> {
        let file = || self.full.tournament.as_ref().and_then(|t| t.declared_order.as_ref()).and_then(|o| o.team_order());
        self.settings.team_tiebreaks.clone().or_else(file).unwrap_or_else(|| DEFAULT_TEAM_TIEBREAKS.to_vec())
    }

    /// The tiebreaks in force: the ones chosen, else the file's declared order (TRF-2026
    /// 212/202) when every code in it is computed here, else FIDE's recommended order for the
    /// event's type ([`recommended_order`]). EIG is offered, never put in unasked. A round
    /// robin's order has no Buchholz tie-break ([`Job::refused`]).
    pub fn order(&self) -> Vec<Tiebreak> {
        self.order_and_refused().0
    }

    /// The Buchholz tie-breaks the order chosen or declared for a round robin asked for, left
    /// out of [`Job::order`] (C.07 8; FIDE's checklist, Q105), in their order; empty for a
    /// Swiss, or when none was asked for.
    pub fn refused(&self) -> Vec<Tiebreak> {
        self.order_and_refused().1
    }

    /// Whether the file is a round robin (its `192`, else its `092`, else its shape:
    /// [`crate::tiebreak::is_pre_determined`]), judged on the whole file, not on the rounds
    /// shown: what decides which tiebreaks its order may hold.
    pub fn is_round_robin(&self) -> bool {
        self.full.tournament.as_ref().is_some_and(crate::tiebreak::is_pre_determined)
    }

    /// `order`, given for this job's file, refused when it is a round robin's and holds a
    /// Buchholz tie-break (what the command line's `--order` asks).
    pub fn check_order(&self, order: &[Tiebreak]) -> Result<(), crate::tiebreak::BuchholzInRoundRobin> {
        crate::tiebreak::check_round_robin(order, self.is_round_robin())
    }

    fn order_and_refused(&self) -> (Vec<Tiebreak>, Vec<Tiebreak>) {
        let t = self.full.tournament.as_ref();
        let round_robin = self.is_round_robin();
        let asked = match (&self.settings.tiebreaks, t) {
            (Some(order), _) => order.clone(),
            (None, None) => recommended_order(false).to_vec(),
            (None, Some(t)) => match t.declared_order.as_ref().and_then(|o| o.usable()) {
                Some(order) => order.to_vec(),
                None => recommended_order(round_robin).to_vec(),
            },
        };
        match round_robin {
            true => crate::tiebreak::for_round_robin(&asked),
            false => (asked, Vec::new()),
        }
    }

    /// `t`'s standings in the order and rules chosen, with EIG's ratings when it is a tiebreak.
    fn standings_of(&self, t: &Tournament) -> (Standings, Option<EigenvectorRatings>) {
        let order = &self.order();
        // From the results the standings count (a round robin's leavers under half left out).
        let eigenvector = order.contains(&Tiebreak::Eig).then(|| crate::tiebreak::annulled::counted_eigenvector(t));
        let options = TiebreakOptions {
            rules: self.rules().rules,
            eigenvector: eigenvector.as_ref().map(|e| e.rating.clone()),
            ..Default::default()
        };
        (standings_with(t, order, &options), eigenvector)
    }
}

/// A job's input read in chunks (a large file read piece by piece): a CSV games file is
/// parsed as it arrives ([`crate::parse::stream::CsvReader`]); any other format, recognised
/// from the first chunk, is kept and read whole at the end. Gives what [`Job::read`] gives
/// on the whole decoded text.
pub struct JobReader {
    settings: Settings,
    state: Reading,
    /// The first lines are events with places, read for a method that rates games: a failed
    /// read says so ([`events_not_games`]).
    events: bool,
    /// The input's encoding, when it was found before reading ([`JobReader::knowing`]).
    #[cfg(not(target_arch = "wasm32"))] // Only a file on disk can be looked over first.
    known: Option<Option<String>>,
}

enum Reading {
    /// The first bytes, until there are enough to recognise the format.
    Start(Vec<u8>),
    Csv(Box<CsvReader>),
    Whole(Vec<u8>),
    /// Not text (`parse::decode`'s rule): nothing more is kept.
    Refused(ParseError),
}

/// Bytes enough to recognise a format by its first lines.
pub const DETECT_BYTES: usize = 65_536;

/// The reader of a large games file's later part, read on another thread while a
/// [`JobReader`] reads the part before it, then joined on ([`JobReader::join`]).
#[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
pub struct LaterPart(Option<Box<CsvReader>>);

#[cfg(not(target_arch = "wasm32"))]
impl LaterPart {
    /// Reads the bytes from the start of line `line` on, for `settings`, given the file's
    /// first bytes (`head`, at least [`DETECT_BYTES`] of them when the file has as many):
    /// nothing is read when they are not a games CSV with its header.
    pub fn new(settings: &Settings, head: &[u8], line: usize) -> LaterPart {
        // Whole lines only: a character cut at the end would make the head look not UTF-8.
        let head = &head[..head.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1)];
        let options = settings.read_options();
        let csv = decode(head).is_ok_and(|d| detect(&d.text, &options) == Format::Csv);
        let reader = match (csv, ColumnMap::parse(&options.mapping)) {
            (true, Ok(columns)) => CsvReader::later_part(&CsvOptions { columns, bad_lines: options.bad_lines }, head, line),
            _ => None,
        };
        LaterPart(reader.map(Box::new))
    }

    /// Whether the bytes will be read (else pushing them is of no use).
    pub fn reads(&self) -> bool {
        self.0.is_some()
    }

    pub fn push(&mut self, bytes: &[u8]) {
        if let Some(reader) = &mut self.0 {
            reader.push(bytes);
        }
    }

    /// The last byte was pushed: the part's last line is read and what only reading needs is
    /// let go of (call it on the part's thread: then it is not done at the join).
    pub fn end(&mut self) {
        if let Some(reader) = &mut self.0 {
            reader.end_part();
        }
    }
}

impl JobReader {
    pub fn new(settings: &Settings) -> JobReader {
        JobReader {
            settings: settings.clone(),
            state: Reading::Start(Vec::new()),
            events: false,
            #[cfg(not(target_arch = "wasm32"))]
            known: None,
        }
    }

    /// A reader of bytes whose encoding was found first ([`crate::parse::decode::utf8_note`]'s
    /// `note`: `None` for UTF-8): a games CSV among them is read keeping nothing in case a
    /// late line is not UTF-8 ([`CsvReader::knowing`]).
    #[cfg(not(target_arch = "wasm32"))] // Only a file on disk can be looked over first.
    pub fn knowing(settings: &Settings, note: Option<String>) -> JobReader {
        JobReader { known: Some(note), ..JobReader::new(settings) }
    }

    pub fn push(&mut self, bytes: &[u8]) {
        match &mut self.state {
            Reading::Start(buf) => {
                buf.extend_from_slice(bytes);
                if buf.len() >= DETECT_BYTES {
                    self.decide();
                }
            }
            Reading::Csv(reader) => reader.push(bytes),
            Reading::Whole(buf) => {
                if let Some(e) = nul_error(bytes, buf.len()) {
                    self.state = Reading::Refused(e);
                } else {
                    buf.extend_from_slice(bytes);
                }
            }
            Reading::Refused(_) => {}
        }
    }

    /// Chooses how to read, from the first bytes.
    fn decide(&mut self) {
        if !matches!(self.state, Reading::Start(_)) {
            return;
        }
        let Reading::Start(buf) = std::mem::replace(&mut self.state, Reading::Whole(Vec::new())) else { return };
        let options = self.settings.read_options();
        let decoded = match decode(&buf) {
            Ok(decoded) => decoded,
            Err(e) => {
                self.state = Reading::Refused(e);
                return;
            }
        };
        let csv = detect(&decoded.text, &options) == Format::Csv;
        self.events = csv && crate::parse::looks_like_events(&decoded.text);
        match (csv, ColumnMap::parse(&options.mapping)) {
            (true, Ok(columns)) => {
                let options = CsvOptions { columns, bad_lines: options.bad_lines };
                #[cfg(not(target_arch = "wasm32"))]
                let mut reader = match self.known.take() {
                    Some(note) => CsvReader::knowing(options, note),
                    None => CsvReader::new(options),
                };
                #[cfg(target_arch = "wasm32")]
                let mut reader = CsvReader::new(options);
                reader.push(&buf);
                self.state = Reading::Csv(Box::new(reader));
            }
            _ => self.state = Reading::Whole(buf),
        }
    }

    /// The games and the players read so far, when the bytes are read as a games CSV.
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn counts(&self) -> Option<(usize, usize)> {
        match &self.state {
            Reading::Csv(reader) => Some(reader.counts()),
            _ => None,
        }
    }

    /// Takes in `later`, given every byte after those pushed here: then this reader reads as
    /// if it had been pushed them. False, and this reader unchanged, when it cannot
    /// ([`CsvReader::join`]; or the file is not read as a games CSV): the caller then pushes
    /// those bytes here itself.
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn join(&mut self, later: LaterPart) -> bool {
        match (&mut self.state, later.0) {
            (Reading::Csv(reader), Some(later)) => reader.join(*later),
            _ => false,
        }
    }

    /// The job, with a warning when the bytes were not UTF-8.
    pub fn finish(mut self) -> Result<Job, ParseErrors> {
        self.decide();
        let (method, events) = (self.settings.method, self.events);
        self.read().map_err(|e| if events { events_not_games(method) } else { e })
    }

    fn read(self) -> Result<Job, ParseErrors> {
        let (input, note) = match self.state {
            Reading::Csv(reader) => {
                let note = reader.note();
                (Input::from_parsed(Format::Csv, reader.finish()?), note)
            }
            Reading::Refused(e) => return Err(ParseErrors(vec![e])),
            Reading::Whole(buf) | Reading::Start(buf) => {
                let decoded = decode_owned(buf).map_err(|e| ParseErrors(vec![e]))?;
                (read(&decoded.text, &self.settings.read_options())?, decoded.note)
            }
        };
        let mut input = input;
        if let Some(note) = note {
            input.warnings.insert(0, Warning { line: 0, message: format!("the file is {note}") });
        }
        Ok(Job::of(Rc::new(input), &self.settings))
    }
}

/// A fit under way, with the iterates recorded so far.
pub struct Running<'j> {
    fit: Box<dyn Fit + 'j>,
    /// Said first among the rating's warnings (γ set by EIG's rule).
    note: Option<String>,
    /// The display ratings after each step (the first entry: before any), per dataset
    /// player; `None` once the input or the run is too large to record.
    steps: Option<Vec<Vec<Option<f64>>>>,
}

impl<'j> Running<'j> {
    /// `fit` just begun on `players` players: its steps recorded when the input is small enough
    /// to step through, else started from `warm` where given; `eig` Brent's γ when set by the
    /// EIG tiebreak's rule (said first among the rating's warnings when positive).
    fn begun(mut fit: Box<dyn Fit + 'j>, players: usize, warm: Option<&[f64]>, eig: Option<f64>) -> Running<'j> {
        let mut steps = (players <= STEP_PLAYERS).then(Vec::new);
        match (&mut steps, warm) {
            (Some(s), _) => s.push(fit.display()),
            (None, Some(warm)) => {
                fit.warm(warm);
            }
            (None, None) => {}
        }
        let note = eig.filter(|&g| g > 0.0).map(|g| {
            format!(
                "γ = {g}, as for the EIG tiebreak: the results alone leave some players without a finite rating (set γ to rate otherwise)"
            )
        });
        Running { fit, steps, note }
    }

    /// Steps to the end and finishes.
    fn run_to_end(mut self) -> Finished {
        self.advance(&mut || true);
        self.finish()
    }

    /// Steps while `more()` says so; returns whether the fit has more steps to take.
    pub fn advance(&mut self, more: &mut dyn FnMut() -> bool) -> bool {
        while more() {
            match self.fit.step_part(more) {
                Part::Step(None) => return false,
                // The time ran out within a long step: the next call goes on with it.
                Part::Partway => return true,
                Part::Step(Some(_)) => {}
            }
            if let Some(steps) = &mut self.steps {
                if steps.len() > STEP_LIMIT {
                    self.steps = None;
                } else {
                    steps.push(self.fit.display());
                }
            }
        }
        self.fit.stop_reason().is_none()
    }

    pub fn trace(&self) -> &[IterationRecord] {
        self.fit.trace()
    }

    /// How far the step under way is, when the last [`Running::advance`] stopped within one.
    pub fn partway(&self) -> Option<Partway> {
        self.fit.partway()
    }

    pub fn measures(&self) -> Measures {
        self.fit.measures()
    }

    pub fn cancel(&mut self) {
        self.fit.cancel();
    }

    /// The current iterate, for a later run of the same input to start from
    /// ([`Job::start_from`]); `None` when the method has no use for one.
    pub fn iterate(&self) -> Option<Vec<f64>> {
        self.fit.iterate()
    }

    /// The ratings at the current iterate, with the recorded steps in the order of the
    /// ratings' players.
    pub fn finish(self) -> Finished {
        let (measures, trace) = (self.fit.measures(), self.fit.trace().to_vec());
        let (note, steps) = (self.note, self.steps);
        let rating = self.fit.into_rating();
        finished(rating, note.as_ref(), steps.as_ref(), measures, trace)
    }

    /// The ratings without their slow parts (see [`Fit::finish_early`]), when the fit has
    /// any: what the app shows first, before [`Running::finish`]'s whole result.
    pub fn finish_early(&self) -> Option<Finished> {
        let rating = self.fit.finish_early()?;
        Some(self.finished(rating))
    }

    fn finished(&self, rating: Result<Rating, RateError>) -> Finished {
        finished(rating, self.note.as_ref(), self.steps.as_ref(), self.fit.measures(), self.fit.trace().to_vec())
    }
}

/// What a run shows: its `rating` with the `note` said first, the recorded `steps` in the order
/// of the rating's players, what the trace measures and the trace.
fn finished(
    mut rating: Result<Rating, RateError>,
    note: Option<&String>,
    steps: Option<&Vec<Vec<Option<f64>>>>,
    measures: Measures,
    trace: Vec<IterationRecord>,
) -> Finished {
    if let (Ok(r), Some(note)) = (&mut rating, note) {
        r.warnings.insert(0, note.clone());
    }
    let steps = match (&rating, steps) {
        (Ok(r), Some(steps)) => Some(steps.iter().map(|s| r.players.iter().map(|p| s.get(p.index).copied().flatten()).collect()).collect()),
        _ => None,
    };
    Finished { rating, steps, measures: Some(measures), trace }
}

/// What a finished (or cancelled) job has to show.
#[derive(Clone, Debug)]
pub struct Finished {
    pub rating: Result<Rating, RateError>,
    /// Display ratings after each step (`steps[0]`: before the first), aligned with
    /// `rating.players`; `None` for large inputs.
    pub steps: Option<Vec<Vec<Option<f64>>>>,
    /// What the trace measures; `None` when the fit never started.
    pub measures: Option<Measures>,
    /// Every step's record (a sequential method's too, which its report leaves out).
    pub trace: Vec<IterationRecord>,
}

impl Finished {
    /// A run that could not start.
    fn failed(e: RateError) -> Finished {
        Finished { rating: Err(e), steps: None, measures: None, trace: Vec::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events with places read by a method that rates two-player games say so, naming the
    /// methods that rate events (issue 39: the card-nights lesson switched to Brent said "no
    /// column for the first player").
    #[test]
    fn events_read_for_a_games_method_say_they_are_events_and_which_methods_rate_them() {
        let text = "game,player,place\nNight 1,Ana,1\nNight 1,Bea,2\nNight 1,Cy,3\n";
        for method in [MethodKind::Brent, MethodKind::Elo, MethodKind::Glicko2] {
            let e = Job::read(text, &Settings { method, ..Default::default() }).unwrap_err();
            let message = e.to_string();
            assert!(message.starts_with("line 1: these are events with places"), "{method}: {message}");
            assert!(message.contains(MethodKind::MultiElo.label()), "{method}: {message}");
            assert_eq!(e.0.len(), 1, "{method}: one message, not one per line");
            let mut streamed = JobReader::new(&Settings { method, ..Default::default() });
            streamed.push(text.as_bytes());
            assert_eq!(streamed.finish().unwrap_err().to_string(), message, "{method}: read in pieces (the command line's way)");
        }
        assert!(Job::read(text, &Settings { method: MethodKind::MultiElo, ..Default::default() }).is_ok());
    }

    /// A job run once (letting go of its games where the method allows, [`Job::run_once`])
    /// rates as a job run and kept: every method of games, on a dated league, an undated one
    /// and a tournament cut after a round, the rating, its steps, trace and measures the same;
    /// and a job whose input is shared runs whole.
    #[test]
    fn a_job_run_once_rates_as_a_job_kept() {
        let mut text = String::from("white,black,result,date\n");
        for i in 0..600 {
            let (a, b) = (i * 37 % 41, (i * 37 % 41 + 1 + i % 5) % 41);
            text += &format!("P{a},P{b},{},2024-{:02}-{:02}\n", ["1-0", "0-1", "1/2-1/2"][i % 3], 1 + i / 60, 1 + i % 28);
        }
        let undated: String = text.lines().map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n").collect();
        let trf = include_str!("../tests/data/fide/reference.trf");
        for (text, after_round) in [(text.as_str(), None), (&undated, None), (trf, Some(3))] {
            for method in MethodKind::ALL.into_iter().filter(|&m| own_format(m).is_none()) {
                let settings = Settings { method, after_round, ..Settings::default() };
                let job = Job::read(text, &settings).unwrap();
                let kept = job.run();
                let shared = Job::read(text, &settings).unwrap();
                let other = shared.with_settings(&settings).unwrap();
                for once in [Job::read(text, &settings).unwrap().run_once(), shared.run_once()] {
                    let json = |f: &Finished| f.rating.as_ref().map(|r| serde_json::to_string(r).unwrap()).map_err(|e| e.to_string());
                    assert_eq!(json(&once), json(&kept), "{method}");
                    assert_eq!(once.steps, kept.steps, "{method}");
                    assert_eq!((&once.trace, &once.measures), (&kept.trace, &kept.measures), "{method}");
                }
                assert!(!other.input.dataset.games.is_empty(), "{method}: a shared input keeps its games");
            }
        }
    }

    /// A job's input changed (as by a player list) is changed in place, not copied, and the
    /// file as read is the input changed where no round is cut off; where one is, the cut alone.
    #[test]
    fn a_job_changed_changes_its_input_in_place() {
        let text = "white,black,result\nA,B,1-0\nB,C,0-1\n";
        let job = Job::read(text, &Settings::default()).unwrap();
        let games = job.input.dataset.games.as_ptr();
        let job = job.changed(|input| {
            input.dataset.players[0].set_id(Some("X1".to_string()));
        });
        assert_eq!(job.input.dataset.games.as_ptr(), games, "the games not copied");
        assert!(Rc::ptr_eq(&job.input, &job.full));
        assert_eq!(job.full.dataset.players[0].id(), Some("X1"));
        let trf = include_str!("../tests/data/fide/reference.trf");
        let job = Job::read(trf, &Settings { after_round: Some(3), ..Settings::default() }).unwrap();
        let job = job.changed(|input| {
            input.dataset.players[0].set_id(Some("X1".to_string()));
        });
        assert!(!Rc::ptr_eq(&job.input, &job.full));
        assert_eq!(job.input.dataset.players[0].id(), Some("X1"));
        assert_ne!(job.full.dataset.players[0].id(), Some("X1"), "the file as read is not the cut");
    }

    /// The settings read by hand (`read_settings`) read what they write, every field set;
    /// a missing field is its default (the parameters `Params::default()`'s, as the derive's
    /// flattened reading gave), an unknown key is left out, a bad name is refused by name.
    #[test]
    fn settings_read_what_they_write_and_what_older_versions_wrote() {
        use crate::codes::individual::Rules;
        use crate::methods::elo::EloParams;
        let mut every = Settings {
            method: MethodKind::Glicko2,
            scale: ScaleKind::Natural,
            shown: Some(2000.0),
            anchor: "Žofie".into(),
            mapping: "white=W".into(),
            skip_bad_lines: true,
            tiebreaks: Some(vec![Tiebreak::parse("BH-C1").unwrap(), Tiebreak::parse("SB").unwrap()]),
            rules: Some(Rules::Fide2023),
            gamma_as_eig: false,
            after_round: Some(3),
            team_primary: TeamScore::GamePoints,
            team_tiebreaks: Some(vec![DEFAULT_TEAM_TIEBREAKS[0]]),
            ..Settings::default()
        };
        every.params.elo = EloParams { k: 40.0, ..Default::default() };
        every.params.glicko2.tau = 0.9;
        let json = serde_json::to_string(&every).unwrap();
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), every);
        // An older version's settings: what is missing defaults, what is unknown is left out.
        let old: Settings = serde_json::from_str(r#"{"method": "elo", "elo": {"k": 16}, "gone": [1, 2]}"#).unwrap();
        let expected = Settings {
            method: MethodKind::Elo,
            params: Params { elo: EloParams { k: 16.0, ..Default::default() }, ..Params::default() },
            ..Settings::default()
        };
        assert_eq!(old, expected);
        let e = serde_json::from_str::<Settings>(r#"{"method": "elephant"}"#).unwrap_err().to_string();
        assert!(e.contains("elephant") && e.contains("brent"), "{e}");
        assert!(serde_json::from_str::<Settings>(r#"{"scale": 3}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"[1]"#).is_err(), "a map, not a list");
        for twice in [r#"{"method": "elo", "method": "brent"}"#, r#"{"elo": {}, "elo": {"k": 8}}"#] {
            let e = serde_json::from_str::<Settings>(twice).unwrap_err().to_string();
            assert!(e.contains("duplicate field"), "{twice}: {e}");
        }
    }

    /// Read in chunks, a job is what it is read whole: CSV (parsed as it arrives), a
    /// tournament file, and bytes that are not UTF-8.
    #[test]
    fn a_job_read_in_chunks_is_the_job_read_whole() {
        let csv = include_str!("../tests/data/openfootball/en.1.csv").repeat(40).replace("round,date,time,team1", "r,date,time,team1");
        let csv = format!(
            "round,date,time,team1,team2,ft1,ft2,ht1,ht2\n{}",
            csv.lines().filter(|l| !l.starts_with("r,")).collect::<Vec<_>>().join("\n")
        );
        let trf = include_str!("../tests/data/trf/held_swiss_5.trf").to_string();
        let latin = b"white,black,result\nM\xfcller,B,1-0\nB,M\xfcller,1/2-1/2\n".to_vec();
        for bytes in [csv.into_bytes(), trf.into_bytes(), latin] {
            let settings = Settings::default();
            let mut reader = JobReader::new(&settings);
            for chunk in bytes.chunks(7_001) {
                reader.push(chunk);
            }
            let streamed = reader.finish().unwrap();
            let decoded = decode(&bytes).unwrap();
            let whole = Job::read(&decoded.text, &settings).unwrap();
            assert_eq!(streamed.input.format, whole.input.format);
            assert_eq!(streamed.input.dataset, whole.input.dataset);
            assert_eq!(streamed.input.recognised, whole.input.recognised);
            let noted = streamed.input.warnings.len() - whole.input.warnings.len();
            assert_eq!(noted, usize::from(decoded.note.is_some()));
        }
    }
}
