//! The work the worker does, as plain functions over the engine (so it is testable without
//! a worker): parse the text, set up the solver, and turn the engine's results into messages.

use crate::protocol::{
    Finding, FitGrid, InputSummary, LineMessage, PlayerRow, RatingResult, Settings, StandingRowView, StandingsView, TraceEntry,
};
use ratings_engine::methods::aga::AgaParams;
use ratings_engine::methods::brent::{self, Solver};
use ratings_engine::methods::elo::EloParams;
use ratings_engine::methods::jrank::{FitParams, JRankParams};
use ratings_engine::methods::multi_elo::MultiEloParams;
use ratings_engine::parse::aga::{looks_like_aga, parse_aga};
use ratings_engine::parse::pgn::{looks_like_pgn, parse_pgn};
use ratings_engine::parse::trf::{looks_like_trf, parse_trf};
use ratings_engine::parse::{looks_like_events, parse_csv, parse_events, BadLines, ColumnMap, CsvOptions};
use ratings_engine::tiebreak::{all_codes, standings_with, Options as TiebreakOptions, Rules, Tiebreak};
use ratings_engine::tournament::{eigenvector_ratings, Tournament};
use ratings_engine::{export, BrentParams, Dataset, Method, Offset, Options, Rating, Scale, ScaleKind, Variant};

/// Inputs up to this size record every iterate for the step-by-step view.
pub const STEP_PLAYERS: usize = 400;
pub const STEP_ITERATIONS: usize = 2_000;
/// Rating histories are sent for at most this many points in all.
pub const HISTORY_POINTS: usize = 200_000;

/// What was read: the games for the methods, and for a tournament file the tournament too.
pub struct Input {
    pub data: Dataset,
    pub summary: InputSummary,
    pub warnings: Vec<LineMessage>,
    pub tournament: Option<Tournament>,
}

/// Reads the text: a FIDE TRF or PGN tournament file (any method rates its games, and the
/// standings come with it), or the format the method takes — multi-player events for
/// multiplayer Elo, the AGA's results format for AGA — or CSV games.
pub fn parse(text: &str, settings: &Settings) -> Result<Input, Vec<LineMessage>> {
    let lines =
        |e: ratings_engine::ParseErrors| e.0.iter().map(|e| LineMessage { line: e.line(), message: e.to_string() }).collect::<Vec<_>>();
    let tournament = if looks_like_trf(text) {
        Some((parse_trf(text).map_err(lines)?, "TRF"))
    } else if looks_like_pgn(text) {
        Some((parse_pgn(text).map_err(lines)?, "PGN"))
    } else {
        None
    };
    if let Some(((t, warnings), format)) = tournament {
        let data = t.dataset();
        let summary = InputSummary {
            format: format.into(),
            events: 0,
            games: data.games.len(),
            players: t.entrants.len(),
            columns: vec![("tournament".into(), t.name.clone().unwrap_or_default()), ("rounds".into(), t.rounds.to_string())],
        };
        let warnings = warnings.iter().map(|w| LineMessage { line: w.line, message: w.message.clone() }).collect();
        return Ok(Input { data, summary, warnings, tournament: Some(t) });
    }
    let (parsed, format) = match settings.method.as_str() {
        "multi_elo" if looks_like_events(text) || settings.mapping.contains("players=") => {
            (parse_events(text, &settings.mapping).map_err(lines)?, "events")
        }
        "aga" if looks_like_aga(text) => (parse_aga(text).map_err(lines)?, "AGA results"),
        _ => {
            let columns = ColumnMap::parse(&settings.mapping).map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])?;
            let bad_lines = if settings.skip_bad_lines { BadLines::Skip } else { BadLines::Fail };
            (parse_csv(text, &CsvOptions { columns, bad_lines }).map_err(lines)?, "CSV")
        }
    };
    let summary = InputSummary {
        format: format.into(),
        events: parsed.dataset.events.len(),
        games: parsed.dataset.games.len(),
        players: parsed.dataset.players.len(),
        columns: parsed
            .columns
            .found
            .iter()
            .map(|(role, i)| (role.key().to_string(), parsed.columns.name(*i).trim().to_string()))
            .collect(),
    };
    let warnings = parsed.warnings.iter().map(|w| LineMessage { line: w.line, message: w.message.clone() }).collect();
    Ok(Input { data: parsed.dataset, summary, warnings, tournament: None })
}

/// The standings of a tournament with the tiebreaks chosen (unknown codes are left out with
/// a note), EIG from Brent's ratings.
pub fn standings(t: &Tournament, settings: &Settings) -> (StandingsView, Vec<String>) {
    let mut notes = Vec::new();
    let order: Vec<Tiebreak> = settings
        .tiebreaks
        .iter()
        .filter_map(|c| match Tiebreak::parse(c) {
            Ok(tb) => Some(tb),
            Err(e) => {
                notes.push(e.to_string());
                None
            }
        })
        .collect();
    // The page offers 2023 and 2026; anything else is read as 2023, as it always was.
    let rules = settings.rules.parse::<Rules>().unwrap_or_default();
    let eig = order.contains(&Tiebreak::Eig).then(|| eigenvector_ratings(t));
    let options = TiebreakOptions { rules, eigenvector: eig.as_ref().map(|e| e.rating.clone()), ..Default::default() };
    let st = standings_with(t, &order, &options);
    let rows = st
        .rows
        .iter()
        .map(|r| StandingRowView {
            rank: r.rank,
            start: r.start,
            name: r.name.clone(),
            rating: t.entrants.get(r.entrant).and_then(|e| e.rating),
            points: r.points,
            values: r.values.iter().map(|v| v.value.filter(|x| x.is_finite())).collect(),
            explanations: r
                .values
                .iter()
                .map(|v| match (&eig, v.code) {
                    (Some(eig), Tiebreak::Eig) => {
                        let pm = eig.sigma.get(r.entrant).copied().flatten().map(|s| format!(" ± {s:.1}")).unwrap_or_default();
                        format!("{}{pm}: {}", v.value.map(|x| format!("{x:.1}")).unwrap_or_else(|| "no rating".into()), eig.note)
                    }
                    _ => v.explanation.clone(),
                })
                .collect(),
        })
        .collect();
    let view = StandingsView {
        codes: order.iter().map(|tb| tb.code().to_string()).collect(),
        rows,
        available: all_codes().iter().map(|tb| tb.code().to_string()).collect(),
        csv: st.to_csv(),
    };
    (view, notes)
}

/// The method chosen, with its parameters (Brent's come from [`params`]).
pub fn method(settings: &Settings) -> Method {
    let e = &settings.elo;
    match settings.method.as_str() {
        "elo" => Method::Elo(EloParams {
            zeta: e.zeta,
            k: e.k,
            home: e.home,
            initial: e.initial,
            margin: e.margin,
            home_in_update: e.home_in_update,
            chronological: e.chronological,
        }),
        "multi_elo" => Method::MultiElo(MultiEloParams { zeta: e.zeta, k: e.k, initial: e.initial }),
        "jrank" => Method::JRank(JRankParams {
            k: settings.jrank.k,
            p: settings.jrank.p,
            fit: settings.jrank.fit.then_some(FitParams { holdout: settings.jrank.holdout }),
            ..Default::default()
        }),
        "aga" => Method::Aga(AgaParams { by_event: settings.aga_by_event, ..Default::default() }),
        _ => Method::Brent(params(settings).0),
    }
}

pub fn params(settings: &Settings) -> (BrentParams, Scale) {
    let variant = match settings.variant.as_str() {
        "fixed" => Variant::Fixed,
        "zermelo" => Variant::Zermelo,
        _ => Variant::Alg1,
    };
    let params =
        BrentParams { variant, sigma: settings.sigma, gamma: settings.gamma, eps: settings.eps, max_iter: settings.max_iter as usize };
    let kind = if settings.scale == "natural" { ScaleKind::Natural } else { ScaleKind::Elo };
    let default = if kind == ScaleKind::Natural { 0.0 } else { 1500.0 };
    let shown = settings.shown.filter(|v| v.is_finite()).unwrap_or(default);
    let offset = if settings.anchor.trim().is_empty() {
        settings.shown.map(|_| Offset::Mean(shown))
    } else {
        Some(Offset::Anchor { player: settings.anchor.trim().to_string(), rating: shown })
    };
    (params, Scale { kind, offset })
}

pub fn trace_entries(solver: &Solver, from: usize) -> Vec<TraceEntry> {
    solver.trace()[from..].iter().map(|t| TraceEntry { iteration: t.iteration, change: t.change, residual: t.residual }).collect()
}

/// Records the strengths after each iteration, for the step-by-step view.
pub struct StepRecorder {
    steps: Option<Vec<Vec<f64>>>,
}

impl StepRecorder {
    pub fn new(data: &Dataset) -> StepRecorder {
        StepRecorder { steps: (data.players.len() <= STEP_PLAYERS).then(Vec::new) }
    }

    pub fn record(&mut self, solver: &Solver) {
        let Some(steps) = &mut self.steps else { return };
        if steps.len() >= STEP_ITERATIONS {
            self.steps = None;
            return;
        }
        steps.push(solver.strengths()[..solver.problem.n].to_vec());
    }

    /// Display ratings per iteration, in the order of `rating.players`, placed on the scale
    /// the final ratings use (each group's mean at the same value).
    pub fn aligned(self, solver: &Solver, data: &Dataset, rating: &Rating) -> Option<Vec<Vec<Option<f64>>>> {
        let steps = self.steps?;
        let group = &solver.problem.structure.group;
        let ngroups = solver.problem.structure.groups.len();
        let order: Vec<usize> = rating.players.iter().map(|p| data.find(&p.name).expect("a rated player is in the data")).collect();
        let factor = rating.scale.as_ref().map_or(1.0, |s| s.factor);
        // The final ratings fix each group's displayed mean; every step keeps it.
        let mut shown_mean = vec![0.0; ngroups];
        let mut count = vec![0usize; ngroups];
        for p in &rating.players {
            if let (Some(g), Some(r)) = (p.group, p.rating) {
                shown_mean[g - 1] += r;
                count[g - 1] += 1;
            }
        }
        for (m, c) in shown_mean.iter_mut().zip(&count) {
            *m /= (*c).max(1) as f64;
        }
        Some(
            steps
                .iter()
                .map(|x| {
                    let mut mean = vec![0.0; ngroups];
                    for (i, g) in group.iter().enumerate() {
                        if let Some(g) = g {
                            mean[*g] += x[i].ln() / count[*g].max(1) as f64;
                        }
                    }
                    order.iter().map(|&i| group[i].map(|g| factor * (x[i].ln() - mean[g]) + shown_mean[g])).collect()
                })
                .collect(),
        )
    }
}

pub fn result(rating: &Rating, steps: Option<Vec<Vec<Option<f64>>>>, parse_warnings: &[LineMessage]) -> RatingResult {
    let history_points: usize = rating.players.iter().map(|p| p.history.as_ref().map_or(0, Vec::len)).sum();
    let players: Vec<PlayerRow> = rating
        .players
        .iter()
        .map(|p| PlayerRow {
            name: p.name.clone(),
            rank: p.rank,
            rating: p.rating.filter(|r| r.is_finite()),
            games: p.games,
            score: p.score,
            group: p.group,
            note: export::status_note(p.status).to_string(),
            sigma: p.sigma.filter(|s| s.is_finite()),
            label: p.label.clone(),
            history: p
                .history
                .as_ref()
                .filter(|_| history_points <= HISTORY_POINTS)
                .map(|h| h.iter().filter(|x| x.rating.is_finite()).map(|x| (x.game, x.rating)).collect()),
        })
        .collect();
    let mut warnings: Vec<String> =
        parse_warnings.iter().map(|w| if w.line > 0 { format!("line {}: {}", w.line, w.message) } else { w.message.clone() }).collect();
    warnings.extend(rating.warnings.iter().cloned());
    RatingResult {
        method: rating.method.clone(),
        players,
        iterations: rating.report.iterations,
        converged: rating.report.converged,
        stop: stop_name(rating.report.stop).into(),
        final_residual: rating.report.final_residual,
        warnings,
        findings: rating.diagnosis.findings.iter().map(|f| Finding { kind: format!("{:?}", f.kind), message: f.message.clone() }).collect(),
        suggested_gamma: rating.diagnosis.suggested_gamma,
        groups: rating.groups,
        accuracy: rating.accuracy.filter(|a| a.is_finite()),
        fit: rating.fit.as_ref().map(|f| FitGrid {
            k_values: f.k_values.clone(),
            p_values: f.p_values.clone(),
            error: f.error.clone(),
            best_k: f.best_k,
            best_p: f.best_p,
            best_error: f.best_error,
            in_sample: f.in_sample,
            fitted_games: f.fitted_games,
            scored_games: f.scored_games,
        }),
        steps,
        csv: export::csv(rating),
        json: export::json(rating),
        standings: None,
    }
}

fn stop_name(s: ratings_engine::StopReason) -> &'static str {
    use ratings_engine::StopReason::*;
    match s {
        Converged => "converged",
        MaxIterations => "max_iterations",
        Cancelled => "cancelled",
        NonFinite => "non_finite",
        NothingToRate => "nothing_to_rate",
        Finished => "finished",
    }
}

/// A result with no ratings, only the reason (a tournament's standings are added to it).
pub fn empty_result(method: &str, reason: &str) -> RatingResult {
    RatingResult {
        method: method.into(),
        players: Vec::new(),
        iterations: 0,
        converged: false,
        stop: "nothing_to_rate".into(),
        final_residual: 0.0,
        warnings: vec![format!("no ratings: {reason}")],
        findings: Vec::new(),
        suggested_gamma: None,
        groups: 0,
        accuracy: None,
        fit: None,
        steps: None,
        csv: String::new(),
        json: String::new(),
        standings: None,
    }
}

/// Rates a dataset by a method other than Brent's (those finish quickly; Brent's runs in
/// slices, see the worker), reporting each iteration to `progress`.
pub fn rate_other(
    data: &Dataset,
    settings: &Settings,
    progress: &mut dyn FnMut(&ratings_engine::IterationRecord) -> bool,
) -> Result<Rating, Vec<LineMessage>> {
    ratings_engine::rate_with(data, &method(settings), &Options::default(), progress)
        .map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])
}

/// Rates `text` in one go (no worker): used by tests and as the reference for the worker.
pub fn rate_text(text: &str, settings: &Settings) -> Result<RatingResult, Vec<LineMessage>> {
    let Input { data, warnings, tournament, .. } = parse(text, settings)?;
    let with_standings = |mut r: RatingResult| {
        if let Some(t) = &tournament {
            let (view, notes) = standings(t, settings);
            r.standings = Some(view);
            r.warnings.extend(notes);
        }
        r
    };
    let unrated = |reason: String| {
        if tournament.is_some() {
            Ok(with_standings(empty_result(&settings.method, &reason)))
        } else {
            Err(vec![LineMessage { line: 0, message: reason }])
        }
    };
    if settings.method != "brent" {
        return match rate_other(&data, settings, &mut |_| true) {
            Ok(rating) => Ok(with_standings(result(&rating, None, &warnings))),
            Err(e) => unrated(e.into_iter().map(|m| m.message).collect::<Vec<_>>().join("; ")),
        };
    }
    let (params, scale) = params(settings);
    let mut solver = match brent::solver(&data, &params) {
        Ok(s) => s,
        Err(e) => return unrated(e.to_string()),
    };
    let mut steps = StepRecorder::new(&data);
    while solver.step().is_some() {
        steps.record(&solver);
    }
    let rating = brent::snapshot(&solver, &data, &params, &scale).map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])?;
    let steps = steps.aligned(&solver, &data, &rating);
    Ok(with_standings(result(&rating, steps, &warnings)))
}
