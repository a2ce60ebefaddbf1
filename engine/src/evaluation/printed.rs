//! The evaluation and the simulation lab written out, as the command line prints them
//! (`ratings-lab evaluate`, `ratings-lab simulate`): a text table, CSV, and the JSON objects its
//! help documents.

use super::baseline::{Baseline, BaselineScores, SUGGESTED_ROLLING};
use super::simulate::{Outcome, Simulation, Summary};
use super::{Evaluation, Tuning};
use serde_json::{json, Value};

fn fixed(x: Option<f64>, places: usize) -> String {
    x.filter(|v| v.is_finite()).map_or("-".into(), |v| format!("{v:.places$}"))
}

/// A baseline as the table names it: "coin", "home rate".
fn baseline_label(b: &BaselineScores) -> String {
    match b.baseline {
        Baseline::Coin => "coin".into(),
        Baseline::HomeRate => "home rate".into(),
    }
}

/// How the command line asks for rolling blocks, as the note suggests them.
fn rolling_hint(e: &Evaluation) -> String {
    format!("--rolling {}", SUGGESTED_ROLLING.min(e.games_scored.max(1)))
}

/// The notes below the tables: whether the best method's lead is within noise, the methods
/// behind a baseline (and why), those overfitting behind the best, each method's own.
pub fn evaluation_notes(e: &Evaluation) -> Vec<String> {
    let behind = e.behind().map(|b| b.text(&rolling_hint(e)));
    let own = e.methods.iter().filter_map(|m| Some(format!("{}: {}.", m.label, m.note.as_deref()?)));
    e.noise_note().into_iter().chain(behind).chain(e.overfitting_notes()).map(|n| e.in_words(n)).chain(own).collect()
}

/// "0.6523 ± 0.0081": a score with its standard error.
pub fn with_se(value: f64, se: Option<f64>) -> String {
    match se.filter(|s| s.is_finite()) {
        Some(se) => format!("{value:.4} ± {se:.4}"),
        None => format!("{value:.4}"),
    }
}

const GAMES_LEGEND: &str = "\nLog-loss: a draw counts half each way; ln 2 = 0.6931 is a coin's; ± one standard error (the per-game\nlosses' sd / √games). Accuracy: decisive games whose winner was favoured. Unseen: games with a player the\nearlier games leave unrated (the method's default used). In-sample: the first fit's log-loss on its own games.\n";

const EVENTS_LEGEND: &str = "\nLog-loss: −ln of the probability each method's strengths give an event's whole finishing order\n(Plackett–Luce: tied places in any order, unranked players last); a coin's (equal strengths) is ln n! for a\nfull ranking of n; ± one standard error (the per-event losses' sd / √events). Brier and accuracy: first\nplace (accuracy: events whose favourite finished first). Unseen: events with a player the earlier events\nleave unrated (the method's default used). In-sample: the first fit's log-loss on its own events.\n";

/// Held-out scores: one row per method as listed, then the baselines; then how the games were
/// split, the notes, and each method that could not be fit.
pub fn evaluation_table(e: &Evaluation) -> String {
    let mut out = format!(
        "Held-out prediction: {} {} predicted ({} later share, {}{}), fit on the {} before\n\n",
        e.games_scored,
        e.noun(),
        format_args!("{:.0} %", e.holdout * 100.0),
        e.order,
        if e.folds > 1 { format!(", rolling origin in {} blocks", e.folds) } else { String::new() },
        e.first_training_games
    );
    out += &format!(
        "{:<12} {:>17} {:>17} {:>9} {:>7} {:>7} {:>9}\n",
        "method",
        "log-loss",
        "Brier",
        "accuracy",
        e.noun(),
        "unseen",
        "in-sample"
    );
    let acc = |s: &super::Scores| s.accuracy.map_or("-".into(), |a| format!("{:.1} %", a * 100.0));
    let (log, brier) = (|s: &super::Scores| with_se(s.log_loss, s.log_loss_se), |s: &super::Scores| with_se(s.brier, s.brier_se));
    for m in &e.methods {
        match &m.scores {
            Ok(s) => {
                out += &format!(
                    "{:<12} {:>17} {:>17} {:>9} {:>7} {:>7} {:>9}\n",
                    m.label,
                    log(s),
                    brier(s),
                    acc(s),
                    s.games,
                    m.unseen_games,
                    fixed(m.in_sample, 4)
                )
            }
            Err(why) => out += &format!("{:<12} could not be fit: {why}\n", m.label),
        }
    }
    if !e.baselines.is_empty() {
        out += "baselines:\n";
    }
    for b in &e.baselines {
        let s = &b.scores;
        out += &format!("{:<12} {:>17} {:>17} {:>9} {:>7} {:>7} {:>9}\n", baseline_label(b), log(s), brier(s), acc(s), s.games, "-", "-");
    }
    out += if e.events { EVENTS_LEGEND } else { GAMES_LEGEND };
    if let Some(g) = e.games_per_player {
        out += &format!("Earlier {} a player predicted (median): {g}.\n", e.noun());
    }
    if let Some(rate) = e.baselines.iter().find_map(|b| b.rate) {
        out += &format!("Home rate: the first side (home, White) scored {:.1} % in the earlier games; predicted for every later game not on neutral ground.\n", rate * 100.0);
    }
    if e.methods.iter().any(|m| m.fits_parameters) {
        out += "JRank's k and p were fitted on the earlier games only.\n";
    }
    for note in evaluation_notes(e) {
        out += &note;
        out += "\n";
    }
    out
}

/// `method,log_loss,brier,accuracy,games_scored,unseen_games,error,kind`: the methods (`kind`
/// `method`), then the baselines (`kind` `baseline`, named `coin`, `home_rate`).
pub fn evaluation_csv(e: &Evaluation) -> String {
    let mut out = String::from("method,log_loss,brier,accuracy,games_scored,unseen_games,error,kind\n");
    let acc = |s: &super::Scores| s.accuracy.map_or(String::new(), |a| a.to_string());
    for m in &e.methods {
        match &m.scores {
            Ok(s) => {
                out += &format!(
                    "{},{},{},{},{},{},,method\n",
                    crate::escape::csv_field(&m.label),
                    s.log_loss,
                    s.brier,
                    acc(s),
                    s.games,
                    m.unseen_games
                )
            }
            Err(why) => {
                out += &format!("{},,,,,,{},method\n", crate::escape::csv_field(&m.label), crate::escape::csv_text(&why.to_string()))
            }
        }
    }
    for b in &e.baselines {
        let s = &b.scores;
        out += &format!("{},{},{},{},{},,,baseline\n", b.baseline.name(), s.log_loss, s.brier, acc(s), s.games);
    }
    out
}

/// `{"methods": [{"method", "log_loss", "log_loss_se", "brier", "brier_se", "accuracy",
/// "games_scored", "unseen_games", "in_sample_log_loss", "fits_parameters", "note",
/// "calibration": [{"from", "to", "games", "predicted", "observed"}]}], "order", "holdout",
/// "folds", "games_scored", "training_games", "games_per_player", "events"}`; a method that could not be
/// fit has `"error"` and null scores; `"baselines": [{"baseline", "log_loss", "log_loss_se",
/// "brier", "brier_se", "accuracy", "games_scored", "rate", "calibration"}]` (`coin`,
/// `home_rate`); `"differences": [{"better", "worse", "difference", "se", "within_noise"}]`
/// (the method with the lowest log-loss against each other and the best baseline, game by
/// game); `"noise"` (whether the best method's lead over the next, or alone over the best
/// baseline, is within noise, in words); `"best_method"` (the label of the method with the
/// lowest log-loss if it beats every baseline, else null); `"notes"` (the methods behind a
/// baseline and why: stale ratings or overfitting; methods overfitting behind the best); `"tuning"` when a parameter was tuned,
/// with its `"edge_note"` when the value chosen is at an end of the grid.
pub fn evaluation_json(e: &Evaluation, tuning: Option<&Tuning>) -> String {
    let methods: Vec<Value> = e
        .methods
        .iter()
        .map(|m| {
            let s = m.scores.as_ref().ok();
            json!({"method": m.label, "log_loss": s.map(|s| s.log_loss), "log_loss_se": s.and_then(|s| s.log_loss_se),
                "brier": s.map(|s| s.brier), "brier_se": s.and_then(|s| s.brier_se), "in_sample_log_loss": m.in_sample,
                "accuracy": s.and_then(|s| s.accuracy), "games_scored": s.map_or(0, |s| s.games), "unseen_games": m.unseen_games,
                "fits_parameters": m.fits_parameters, "calibration": s.map(|s| &s.calibration), "error": m.scores.as_ref().err().map(|e| e.to_string()), "note": m.note})
        })
        .collect();
    let baselines: Vec<Value> = e
        .baselines
        .iter()
        .map(|b| {
            let s = &b.scores;
            json!({"baseline": b.baseline.name(), "log_loss": s.log_loss, "log_loss_se": s.log_loss_se, "brier": s.brier,
                "brier_se": s.brier_se, "accuracy": s.accuracy,
                "games_scored": s.games, "rate": b.rate, "calibration": s.calibration})
        })
        .collect();
    let best = e.best_method().map(|i| e.methods[i].label.clone());
    let notes: Vec<String> = e.behind().map(|b| b.text(&rolling_hint(e))).into_iter().chain(e.overfitting_notes()).collect();
    let differences: Vec<Value> = e
        .differences
        .iter()
        .map(|d| json!({"better": d.better, "worse": d.worse, "difference": d.difference, "se": d.se, "within_noise": d.within_noise()}))
        .collect();
    let mut out = json!({"methods": methods, "order": e.order, "holdout": e.holdout, "folds": e.folds,
        "games_scored": e.games_scored, "training_games": e.first_training_games, "games_per_player": e.games_per_player, "events": e.events,
        "baselines": baselines, "differences": differences, "noise": e.noise_note(), "best_method": best, "notes": notes});
    if let Some(t) = tuning {
        out["tuning"] = json!({"parameter": t.parameter.name(), "chosen": t.chosen, "edge_note": t.edge_note(),
            "points": t.points.iter().map(|p| json!({"value": p.value, "validation_log_loss": p.validation, "held_out_log_loss": p.held_out})).collect::<Vec<_>>()});
    }
    serde_json::to_string_pretty(&out).expect("plain data")
}

/// The tuning curve as text.
pub fn tuning_table(t: &Tuning) -> String {
    let mut out =
        format!("\nTuning {}: chosen on the last share of the earlier games, then scored on the held-out games\n", t.parameter.name());
    out += &format!("{:>10} {:>12} {:>12}\n", "value", "validation", "held out");
    for p in &t.points {
        let mark = if t.chosen == Some(p.value) { "  ← chosen" } else { "" };
        out += &format!("{:>10} {:>12} {:>12}{mark}\n", p.value.to_string(), fixed(p.validation, 4), fixed(p.held_out, 4));
    }
    if let Some(note) = t.edge_note() {
        out += &format!("{note} (--grid).\n");
    }
    out
}

fn summary(s: &Summary) -> Value {
    json!({"mean": s.mean, "sd": s.sd})
}

fn outcome_json(o: &Outcome) -> Value {
    json!({"method": o.label, "kendall_tau": summary(&o.kendall_tau), "top1_share": o.top1_share,
        "mean_abs_rank_error": summary(&o.mean_abs_rank_error), "failures": o.failures, "error": o.failure})
}

fn plus_minus(s: &Summary, places: usize) -> String {
    format!("{} ± {}", fixed(s.mean, places), fixed(s.sd, places))
}

/// The lab's results: a line saying what was simulated, then one row per method and the
/// baseline.
pub fn simulation_table(sim: &Simulation) -> String {
    let s = &sim.setup;
    let mut out = format!(
        "{} tournaments ({}) of {} players, log-strength spread {}{}{}, draws {} between equals, seed {}\n\n",
        sim.completed,
        s.schedule,
        s.players,
        s.spread,
        if s.clusters > 1 { format!(" in {} clusters", s.clusters) } else { String::new() },
        if s.drift > 0.0 { format!(", drifting {} a round (the truth: the strengths at the end)", s.drift) } else { String::new() },
        s.draws,
        s.seed
    );
    out += &format!("{:<18} {:>17} {:>8} {:>17}\n", "method", "Kendall's tau", "top-1", "mean |rank err|");
    for o in sim.methods.iter().chain([&sim.baseline]) {
        let top = o.top1_share.map_or("-".into(), |t| format!("{:.0} %", t * 100.0));
        out += &format!("{:<18} {:>17} {top:>8} {:>17}\n", o.label, plus_minus(&o.kendall_tau, 3), plus_minus(&o.mean_abs_rank_error, 2));
        if let Some(why) = &o.failure {
            out += &format!("  {} could not rate {} of them: {why}\n", o.label, o.failures);
        }
    }
    let baseline = match s.schedule.events() {
        true => "mean_place: the organisers' order, each player's mean place.",
        false => "points_buchholz: the organisers' order, points then Buchholz.",
    };
    out += &format!(
        "\nKendall's tau: with the true strengths (mean ± sd over the tournaments). Top-1: the share in which the\ntrue best is ranked first. {baseline}\n"
    );
    out
}

/// `method,kendall_tau_mean,kendall_tau_sd,top1_share,mean_abs_rank_error_mean,mean_abs_rank_error_sd,failures`.
pub fn simulation_csv(sim: &Simulation) -> String {
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| v.to_string());
    let mut out =
        String::from("method,kendall_tau_mean,kendall_tau_sd,top1_share,mean_abs_rank_error_mean,mean_abs_rank_error_sd,failures\n");
    for o in sim.methods.iter().chain([&sim.baseline]) {
        out += &format!(
            "{},{},{},{},{},{},{}\n",
            crate::escape::csv_field(&o.label),
            opt(o.kendall_tau.mean),
            opt(o.kendall_tau.sd),
            opt(o.top1_share),
            opt(o.mean_abs_rank_error.mean),
            opt(o.mean_abs_rank_error.sd),
            o.failures
        );
    }
    out
}

/// `{"methods": [{"method", "kendall_tau": {"mean", "sd"}, "top1_share",
/// "mean_abs_rank_error": {"mean", "sd"}, "failures", "error"}], "baseline": {...
/// "method": "points_buchholz"}, "setup": {...}, "completed"}`.
pub fn simulation_json(sim: &Simulation) -> String {
    let out = json!({"methods": sim.methods.iter().map(outcome_json).collect::<Vec<_>>(), "baseline": outcome_json(&sim.baseline),
        "setup": {"players": sim.setup.players, "schedule": sim.setup.schedule.to_string(), "spread": sim.setup.spread,
            "clusters": sim.setup.clusters, "draws": sim.setup.draws, "repetitions": sim.setup.repetitions, "seed": sim.setup.seed},
        "completed": sim.completed});
    serde_json::to_string_pretty(&out).expect("plain data")
}
