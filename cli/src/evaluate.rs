//! `evaluate`: which method predicts best, each fit on the earlier games and scored on the
//! later ones; with `--tune`, a parameter chosen out of sample.

use crate::args::{EvaluateArgs, FormatArg, ScaleArgs};
use crate::input::{display_name, load, settings};
use crate::methods::{method_params, method_specs, reading_method};
use ratings_engine::evaluation::run::{estimate_seconds, estimate_words, progress_text, Items, Unfinished};
use ratings_engine::evaluation::{self, printed as evaluation_report, Evaluation, EvaluationRun, Tuning};
use ratings_engine::methods::cost::Runtime;
use ratings_engine::{Method, Options};
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `evaluate`: every method fit on the earlier games and scored on the later ones.
pub fn run(args: &EvaluateArgs, argv: &[OsString]) -> Result<(String, ExitCode), String> {
    let started = Instant::now();
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
    let mut err = std::io::stderr();
    say_estimate(Items::of(data), holdout, args, &methods, &mut err);
    let mut run = EvaluationRun::new(data, &methods, &options, holdout, args.rolling);
    if let Some(limit) = args.max_seconds {
        // The fit under way is stopped too, between its steps: a long fit (WHR's on a
        // million games) no longer runs on past the limit. A timer sets the flag the steps read
        // (Elo asks at every game: a flag costs a nanosecond, the clock twenty).
        run = run.stop_when(deadline(started, limit));
    }
    let Ran { evaluation: e, stopped } = run_with_progress(run, args.max_seconds, &mut || started.elapsed(), &mut err);
    if e.folds < args.rolling {
        warnings.push(format!(
            "--rolling {}: the held-out share has {} games, so {} blocks of one game each",
            args.rolling, e.games_scored, e.folds
        ));
    }
    // The tuning is a search of its own: not begun once the time is up.
    let tune = args.tune.filter(|_| stopped.is_none());
    let tuning = tune.map(|parameter| {
        let base =
            methods.iter().find(|m| parameter.set(m, 1.0).is_some()).cloned().unwrap_or_else(|| Method::default_for(parameter.method()));
        evaluation::tune(data, &base, &options, parameter, grid.as_deref().unwrap_or(&parameter.grid()), holdout)
    });
    let failed = e.methods.iter().filter(|m| m.scores.is_err()).count();
    if stopped.is_none() && failed == methods.len() {
        return Err("no method could be fit on the earlier games".into());
    }
    if let Some(s) = &stopped {
        warnings.push(s.text(args.tune.is_some()));
    }
    let out = printed(&e, tuning.as_ref(), stopped.as_ref(), &warnings, args.format);
    let status = match (&stopped, failed) {
        (Some(_), _) => ExitCode::from(STOPPED_EARLY),
        (None, 0) => ExitCode::SUCCESS,
        (None, _) => ExitCode::FAILURE,
    };
    Ok((out, status))
}

/// The exit status of an evaluation stopped by `--max-seconds` (what it did is printed).
pub const STOPPED_EARLY: u8 = 3;

/// The evaluation as `format` prints it: the table with its warnings (the stop among them),
/// the CSV (the stop said on stderr and by the exit status only), or the JSON with
/// `stopped_after_seconds` and `unfinished` (null and [] when it ran to the end).
fn printed(e: &Evaluation, tuning: Option<&Tuning>, stopped: Option<&Stopped>, warnings: &[String], format: FormatArg) -> String {
    match format {
        FormatArg::Table => {
            let notes: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
            evaluation_report::evaluation_table(e) + &tuning.map(evaluation_report::tuning_table).unwrap_or_default() + &notes
        }
        FormatArg::Csv => evaluation_report::evaluation_csv(e),
        FormatArg::Json => with_stop(&evaluation_report::evaluation_json(e, tuning), stopped) + "\n",
    }
}

/// `json` (the evaluation's) with the stop added: `"stopped_after_seconds"` (the seconds run,
/// or null) and `"unfinished"`: `[{"method", "blocks_done", "blocks"}]`.
fn with_stop(json: &str, stopped: Option<&Stopped>) -> String {
    let Ok(serde_json::Value::Object(mut out)) = serde_json::from_str::<serde_json::Value>(json) else { return json.to_string() };
    let unfinished: Vec<serde_json::Value> = stopped
        .map(|s| &s.unfinished[..])
        .unwrap_or_default()
        .iter()
        .map(|u| serde_json::json!({"method": u.label, "blocks_done": u.blocks_done, "blocks": u.blocks}))
        .collect();
    out.insert("stopped_after_seconds".into(), serde_json::json!(stopped.map(|s| (s.after_seconds * 10.0).round() / 10.0)));
    out.insert("unfinished".into(), unfinished.into());
    serde_json::to_string_pretty(&out).unwrap_or_else(|_| json.to_string())
}

/// An estimate worth saying before the fits start: over [`SAY_ESTIMATE_S`] at this machine's
/// measured cost of a game natively ([`Runtime::Native`]).
fn say_estimate(items: Items, holdout: f64, args: &EvaluateArgs, methods: &[Method], err: &mut impl Write) {
    let s = estimate_seconds(items, holdout, args.rolling, methods, Runtime::Native);
    if s >= SAY_ESTIMATE_S {
        let limit = args.max_seconds.filter(|&m| m < s).map(|m| format!(" (--max-seconds {m} stops it sooner)")).unwrap_or_default();
        _ = writeln!(err, "evaluate: {}{limit}", estimate_words(s, items.count, args.rolling, methods.len()));
    }
}

/// An evaluation estimated to take this long (seconds) says so before it starts.
const SAY_ESTIMATE_S: f64 = 1.0;

/// A run longer than this says its progress on stderr.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// An evaluation run: every fit done, or stopped at the time limit.
pub struct Ran {
    pub evaluation: Evaluation,
    pub stopped: Option<Stopped>,
}

/// An evaluation stopped at `--max-seconds` (`limit`): after how long, and the methods it did
/// not score.
pub struct Stopped {
    pub limit: f64,
    pub after_seconds: f64,
    pub unfinished: Vec<Unfinished>,
}

impl Stopped {
    /// "stopped by --max-seconds 1 after 1.3 s: not finished: whr (3 of 10 blocks done),
    /// glicko2 (not started); only the methods that finished are scored" (a method whose first fit
    /// was stopped: "whr (stopped during its first fit)").
    pub fn text(&self, tuning: bool) -> String {
        let names: Vec<String> = self.unfinished.iter().map(Unfinished::text).collect();
        format!(
            "stopped by --max-seconds {} after {:.1} s: not finished: {}; only the methods that finished are scored{}",
            self.limit,
            self.after_seconds,
            names.join(", "),
            if tuning { "; --tune was not run" } else { "" }
        )
    }
}

/// A flag that a timer thread raises `limit` seconds after `started`: what a fit under way asks
/// between its steps.
fn deadline(started: Instant, limit: f64) -> impl Fn() -> bool {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let raise = flag.clone();
    let left = Duration::from_secs_f64(limit).saturating_sub(started.elapsed());
    std::thread::spawn(move || {
        std::thread::sleep(left);
        raise.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    move || flag.load(std::sync::atomic::Ordering::Relaxed)
}

/// Runs the evaluation a fit at a time, saying on `err` (stderr) after the first second, at
/// most once a second, which fit of how many is done and roughly how long is left (from the
/// time taken so far); and, given a `limit`, starting no fit once `clock` (the time since the
/// command started) has reached it, or once the run stopped the fit under way
/// ([`EvaluationRun::stop_when`], which the caller sets with the same limit).
pub fn run_with_progress(mut run: EvaluationRun, limit: Option<f64>, clock: &mut impl FnMut() -> Duration, err: &mut impl Write) -> Ran {
    let start = clock();
    let mut said: Option<Duration> = None;
    loop {
        let (done, total) = run.progress();
        let now = clock();
        if done == total {
            return Ran { evaluation: run.finish(), stopped: None };
        }
        if let Some(limit) = limit.filter(|&l| now.as_secs_f64() >= l || run.stopped()) {
            let stopped = Stopped { limit, after_seconds: now.as_secs_f64(), unfinished: run.unfinished() };
            _ = writeln!(err, "evaluate: {}", stopped.text(false));
            return Ran { evaluation: run.finish(), stopped: Some(stopped) };
        }
        let elapsed = now.saturating_sub(start);
        if done > 0 && elapsed >= QUIET_FOR && said.is_none_or(|s| now.saturating_sub(s) >= QUIET_FOR) {
            said = Some(now);
            _ = writeln!(err, "evaluate: {}", progress_text(done, total, run.next_fit().as_deref().unwrap_or("-"), elapsed.as_secs_f64()));
        }
        run.step();
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

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::{Dataset, MethodKind};

    /// 300 games among 20 players, a player's strength their number.
    fn league() -> Dataset {
        let mut data = Dataset::new();
        for k in 0..300usize {
            let (a, b) = (k * 7 % 20, (k * 13 + 5) % 20);
            if a != b {
                data.add_game(&format!("p{a}"), &format!("p{b}"), if (a + k % 5) > b { 1.0 } else { 0.0 });
            }
        }
        data
    }

    /// A clock that moves `step` seconds each time it is read.
    fn ticking(step: f64) -> impl FnMut() -> Duration {
        let mut t = 0.0;
        move || {
            t += step;
            Duration::from_secs_f64(t)
        }
    }

    #[test]
    fn no_fit_starts_once_the_time_is_up_and_the_finished_methods_are_scored() {
        let data = league();
        let methods = [Method::default_for(MethodKind::Elo), Method::default_for(MethodKind::Brent)];
        let run = || EvaluationRun::new(&data, &methods, &Options::default(), 0.2, 4);
        let mut err = Vec::new();
        let whole = run_with_progress(run(), None, &mut ticking(0.2), &mut err);
        assert!(whole.stopped.is_none() && whole.evaluation.methods.len() == 2);
        // The clock is read once at the start and once before each fit: 0.4, 0.6, 0.8 and 1.0
        // s before Elo's four blocks, 1.2 s before Brent's first: past the limit.
        let mut err = Vec::new();
        let ran = run_with_progress(run(), Some(1.1), &mut ticking(0.2), &mut err);
        let stopped = ran.stopped.expect("stopped at the limit");
        assert!((stopped.after_seconds - 1.2).abs() < 1e-9, "{}", stopped.after_seconds);
        assert_eq!(stopped.unfinished, vec![Unfinished { label: "brent".into(), blocks_done: 0, blocks: 4, started: false }]);
        assert_eq!(ran.evaluation.methods, whole.evaluation.methods[..1], "Elo scored as in the whole run");
        let said = String::from_utf8(err).unwrap();
        assert!(said.ends_with("evaluate: stopped by --max-seconds 1.1 after 1.2 s: not finished: brent (not started); only the methods that finished are scored\n"), "{said}");
        // A limit already passed when the fits would start: none is started.
        let ran = run_with_progress(run(), Some(0.1), &mut ticking(0.2), &mut Vec::new());
        assert!(ran.evaluation.methods.is_empty() && ran.stopped.unwrap().unfinished.len() == 2);
    }

    #[test]
    fn the_json_says_whether_the_run_stopped() {
        let ran = run_with_progress(
            EvaluationRun::new(&league(), &[Method::default_for(MethodKind::Elo)], &Options::default(), 0.2, 2),
            None,
            &mut ticking(0.1),
            &mut Vec::new(),
        );
        let plain = evaluation_report::evaluation_json(&ran.evaluation, None);
        let whole: serde_json::Value = serde_json::from_str(&with_stop(&plain, None)).unwrap();
        assert!(whole["stopped_after_seconds"].is_null() && whole["unfinished"] == serde_json::json!([]), "{whole}");
        // Every other field as the engine wrote it, numbers to the last digit.
        let mut without = whole.as_object().unwrap().clone();
        without.retain(|k, _| k != "stopped_after_seconds" && k != "unfinished");
        assert_eq!(serde_json::to_string_pretty(&without).unwrap(), plain);
        let stopped = Stopped {
            limit: 1.0,
            after_seconds: 1.234,
            unfinished: vec![Unfinished { label: "whr".into(), blocks_done: 3, blocks: 10, started: true }],
        };
        let v: serde_json::Value = serde_json::from_str(&with_stop(&plain, Some(&stopped))).unwrap();
        assert_eq!(v["stopped_after_seconds"], 1.2);
        assert_eq!(v["unfinished"], serde_json::json!([{"method": "whr", "blocks_done": 3, "blocks": 10}]));
    }
}
