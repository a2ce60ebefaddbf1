//! The work the worker does, as plain functions over the engine (so it is testable without
//! a worker): parse the text, set up the solver, and turn the engine's results into messages.

use crate::protocol::{Finding, InputSummary, LineMessage, PlayerRow, RatingResult, Settings, TraceEntry};
use ratings_engine::methods::brent::{self, Solver};
use ratings_engine::parse::{parse_csv, BadLines, ColumnMap, CsvOptions};
use ratings_engine::{export, BrentParams, Dataset, Rating, Scale, ScaleKind, Variant};

/// Inputs up to this size record every iterate for the step-by-step view.
pub const STEP_PLAYERS: usize = 400;
pub const STEP_ITERATIONS: usize = 2_000;

pub fn parse(text: &str, settings: &Settings) -> Result<(Dataset, InputSummary, Vec<LineMessage>), Vec<LineMessage>> {
    let columns = ColumnMap::parse(&settings.mapping).map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])?;
    let bad_lines = if settings.skip_bad_lines { BadLines::Skip } else { BadLines::Fail };
    let parsed = parse_csv(text, &CsvOptions { columns, bad_lines })
        .map_err(|e| e.0.iter().map(|e| LineMessage { line: e.line(), message: e.to_string() }).collect::<Vec<_>>())?;
    let summary = InputSummary {
        games: parsed.dataset.games.len(),
        players: parsed.dataset.players.len(),
        columns: parsed.columns.found.iter().map(|(role, i)| (role.key().to_string(), parsed.columns.name(*i).trim().to_string())).collect(),
    };
    let warnings = parsed.warnings.iter().map(|w| LineMessage { line: w.line, message: w.message.clone() }).collect();
    Ok((parsed.dataset, summary, warnings))
}

pub fn params(settings: &Settings) -> (BrentParams, Scale) {
    let variant = match settings.variant.as_str() {
        "fixed" => Variant::Fixed,
        "zermelo" => Variant::Zermelo,
        _ => Variant::Alg1,
    };
    let params = BrentParams { variant, sigma: settings.sigma, gamma: settings.gamma, eps: settings.eps, max_iter: settings.max_iter as usize };
    let kind = if settings.scale == "natural" { ScaleKind::Natural } else { ScaleKind::Elo };
    (params, Scale { kind, offset: None })
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
    fn aligned(self, solver: &Solver, data: &Dataset, rating: &Rating) -> Option<Vec<Vec<Option<f64>>>> {
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

pub fn result(rating: &Rating, steps: StepRecorder, solver: &Solver, data: &Dataset, parse_warnings: &[LineMessage]) -> RatingResult {
    let steps = steps.aligned(solver, data, rating);
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
        })
        .collect();
    let mut warnings: Vec<String> = parse_warnings.iter().map(|w| if w.line > 0 { format!("line {}: {}", w.line, w.message) } else { w.message.clone() }).collect();
    warnings.extend(rating.warnings.iter().cloned());
    RatingResult {
        players,
        iterations: rating.report.iterations,
        converged: rating.report.converged,
        stop: stop_name(rating.report.stop).into(),
        final_residual: rating.report.final_residual,
        warnings,
        findings: rating
            .diagnosis
            .findings
            .iter()
            .map(|f| Finding { kind: format!("{:?}", f.kind), message: f.message.clone() })
            .collect(),
        suggested_gamma: rating.diagnosis.suggested_gamma,
        groups: rating.groups,
        steps,
        csv: export::csv(rating),
        json: export::json(rating),
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
    }
}

/// Rates `text` in one go (no worker): used by tests and as the reference for the worker.
pub fn rate_text(text: &str, settings: &Settings) -> Result<RatingResult, Vec<LineMessage>> {
    let (data, _, warnings) = parse(text, settings)?;
    let (params, scale) = params(settings);
    let mut solver = brent::solver(&data, &params).map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])?;
    let mut steps = StepRecorder::new(&data);
    while solver.step().is_some() {
        steps.record(&solver);
    }
    let rating = brent::snapshot(&solver, &data, &params, &scale).map_err(|e| vec![LineMessage { line: 0, message: e.to_string() }])?;
    Ok(result(&rating, steps, &solver, &data, &warnings))
}
