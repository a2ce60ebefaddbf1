//! `evaluate`: which method predicts best, each fit on the earlier games and scored on the
//! later ones; with `--tune`, a parameter chosen out of sample.

use crate::args::{EvaluateArgs, FormatArg, ScaleArgs};
use crate::input::{display_name, load, settings};
use crate::methods::{method_params, method_specs, reading_method};
use ratings_engine::evaluation::run::progress_text;
use ratings_engine::evaluation::{self, printed as evaluation_report, Evaluation, EvaluationRun};
use ratings_engine::{Method, Options};
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `evaluate`: every method fit on the earlier games and scored on the later ones.
pub fn run(args: &EvaluateArgs, argv: &[OsString]) -> Result<(String, ExitCode), String> {
    // `--holdout` is the method flags' (JRank's own held-out share, the same idea).
    let holdout = args.params.registered.number("holdout").unwrap_or(evaluation::DEFAULT_HOLDOUT);
    if !(holdout > 0.0 && holdout < 1.0) {
        return Err(format!("--holdout {holdout}: expected a share between 0 and 1"));
    }
    let specs = method_specs(&args.methods);
    let scale = ScaleArgs::default();
    let methods = specs
        .iter()
        .map(|spec| settings(spec.kind, &method_params(&args.params, spec, argv), &scale, &args.input).map(|s| s.method()))
        .collect::<Result<Vec<_>, _>>()?;
    let read = settings(reading_method(&specs), &args.params, &scale, &args.input)?;
    let mut warnings = Vec::new();
    let job = load(&args.file, &read, &args.input, &mut warnings)?;
    let data = &job.input.dataset;
    let items = if evaluation::events_only(data) { data.events.len() } else { data.games.len() };
    if items < 10 {
        return Err(format!("{}: {items} games; at least 10 are needed to hold some out", display_name(&args.file)));
    }
    let options = Options { scale: read.scale() };
    let grid = args.grid.as_deref().map(parse_grid).transpose()?;
    evaluation::check_rolling(args.rolling).map_err(|e| e.to_string())?;
    let e = run_with_progress(evaluation::EvaluationRun::new(data, &methods, &options, holdout, args.rolling), &mut std::io::stderr());
    if e.folds < args.rolling {
        warnings.push(format!(
            "--rolling {}: the held-out share has {} games, so {} blocks of one game each",
            args.rolling, e.games_scored, e.folds
        ));
    }
    let tuning = args.tune.map(|parameter| {
        let base =
            methods.iter().find(|m| parameter.set(m, 1.0).is_some()).cloned().unwrap_or_else(|| Method::default_for(parameter.method()));
        evaluation::tune(data, &base, &options, parameter, grid.as_deref().unwrap_or(&parameter.grid()), holdout)
    });
    let failed = e.methods.iter().filter(|m| m.scores.is_err()).count();
    if failed == methods.len() {
        return Err("no method could be fit on the earlier games".into());
    }
    let out = match args.format {
        FormatArg::Table => {
            let notes: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
            evaluation_report::evaluation_table(&e) + &tuning.as_ref().map(evaluation_report::tuning_table).unwrap_or_default() + &notes
        }
        FormatArg::Csv => evaluation_report::evaluation_csv(&e),
        FormatArg::Json => evaluation_report::evaluation_json(&e, tuning.as_ref()) + "\n",
    };
    Ok((out, if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }))
}

/// A run longer than this says its progress on stderr.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Runs the evaluation a fit at a time, saying on `err` (stderr) after the first second, at
/// most once a second, which fit of how many is done and roughly how long is left (from the
/// time taken so far).
pub fn run_with_progress(mut run: EvaluationRun, err: &mut impl Write) -> Evaluation {
    let start = Instant::now();
    let mut said = start;
    loop {
        let more = run.step();
        let (done, total) = run.progress();
        let elapsed = start.elapsed();
        if more && elapsed >= QUIET_FOR && (said == start || said.elapsed() >= QUIET_FOR) {
            said = Instant::now();
            _ = writeln!(err, "evaluate: {}", progress_text(done, total, run.next_fit().as_deref().unwrap_or("-"), elapsed.as_secs_f64()));
        }
        if !more {
            return run.finish();
        }
    }
}

/// `--grid 1,2,4`: the values to tune over, each a number.
fn parse_grid(text: &str) -> Result<Vec<f64>, String> {
    let values = text
        .split(',')
        .map(|v| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("--grid: '{}' is not a number", ratings_engine::error::excerpt(v.trim())))
        })
        .collect::<Result<Vec<f64>, String>>()?;
    match values.len() {
        0 => Err("--grid: expected values such as 1,2,4".into()),
        n if n > 200 => Err(format!("--grid: {n} values; at most 200")),
        _ => Ok(values),
    }
}
