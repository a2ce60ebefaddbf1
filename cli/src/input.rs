//! Files and settings: a file (or standard input) read by the engine's rules, and the
//! engine's `Settings` the flags give, every default the engine's own.

use crate::args::{InputArgs, MethodArgs, ScaleArgs};
use ratings_engine::job::file::{self, FileError};
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::decode::decode_owned;
use ratings_engine::parse::detect::{detect, Format, ReadOptions};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::parse::{apply_players, parse_players};
use ratings_engine::tournament::Tournament;
use ratings_engine::MethodKind;
use std::io::Read;

/// A FIDE TRF file (or standard input) as `pair` and `report` read it: its text and its
/// tournament, the reader's warnings added to `warnings`; a file that is not a TRF, cannot be
/// read or has no players is an error naming it.
pub fn read_trf(path: &str, warnings: &mut Vec<String>) -> Result<(String, Tournament), String> {
    let text = read_text(path, warnings)?;
    let name = display_name(path);
    if detect(&text, &ReadOptions::default()) != Format::Trf {
        return Err(format!("{name}: expected a FIDE TRF file (player records starting 001)"));
    }
    let (t, read) = parse_trf(&text).map_err(|e| format!("{name}:\n{e}"))?;
    warnings.extend(read.iter().map(|w| format!("line {}: {}", w.line, w.message)));
    if t.entrants.is_empty() {
        return Err(format!("{name}: no players (expected 001 records)"));
    }
    Ok((text, t))
}

/// Reads a file (or standard input) as text by the engine's one decoding rule; a file that
/// is not UTF-8 is read as Windows-1252, with a warning.
pub fn read_text(path: &str, warnings: &mut Vec<String>) -> Result<String, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    }
    let decoded = decode_owned(bytes).map_err(|e| format!("{}: {e}", display_name(path)))?;
    if let Some(note) = decoded.note {
        warnings.push(format!("{} is {note}", display_name(path)));
    }
    Ok(decoded.text)
}

/// Reads a file (or standard input) into a job piece by piece, so a large games file is
/// parsed as it arrives and never held whole; a large file on disk in two parts at once
/// ([`ratings_engine::job::file`]).
pub fn read_job(path: &str, settings: &Settings) -> Result<Job, String> {
    let read = match path {
        "-" => file::read_stream(&mut std::io::stdin().lock(), settings),
        _ => file::read_path(std::path::Path::new(path), settings),
    };
    read.map_err(|e| match e {
        FileError::Io(e) => format!("cannot read {}: {e}", display_name(path)),
        FileError::Parse(e) => format!("{}:\n{e}", display_name(path)),
    })
}

pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "standard input"
    } else {
        path
    }
}

/// The settings the flags give for `method`, every default the engine's own.
pub fn settings(method: MethodKind, args: &MethodArgs, scale: &ScaleArgs, input: &InputArgs) -> Result<Settings, String> {
    // γ is what the flags say, on a tournament file too (the app follows EIG's rule until set).
    let mut s = Settings { method, scale: scale.scale, skip_bad_lines: input.skip_bad_lines, gamma_as_eig: false, ..Default::default() };
    s.mapping = input.map.clone().unwrap_or_default();
    set_params(&mut s, args)?;
    match (&scale.anchor, scale.mean) {
        (Some(spec), _) => {
            let (player, rating) = spec
                .rsplit_once('=')
                .filter(|(p, _)| !p.trim().is_empty())
                .ok_or_else(|| format!("--anchor '{spec}': expected NAME=RATING"))?;
            let rating = rating.trim().parse().ok().filter(|r: &f64| r.is_finite());
            s.shown = Some(rating.ok_or_else(|| format!("--anchor '{spec}': expected a number after '='"))?);
            s.anchor = player.trim().to_string();
        }
        (None, Some(m)) if m.is_finite() => s.shown = Some(m),
        (None, Some(m)) => return Err(format!("--mean {m}: expected a finite number")),
        (None, None) => {}
    }
    Ok(s)
}

/// Every method's parameters from the flags.
pub fn set_params(s: &mut Settings, args: &MethodArgs) -> Result<(), String> {
    // The command line's Brent iteration is the engine's default (the accelerated one, the
    // fewest passes), not the app's (which steps through Algorithm 1 on small groups).
    s.params.brent.variant = ratings_engine::BrentParams::default().variant;
    args.registered.apply(&mut s.params)
}

/// Reads the input for `settings` and applies the player list: what `rate` and `compare`
/// share. Warnings about the input go to `warnings`.
pub fn load(file: &str, settings: &Settings, input: &InputArgs, warnings: &mut Vec<String>) -> Result<Job, String> {
    let mut job = read_job(file, settings)?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    if !(input.prior_weight.is_finite() && input.prior_weight >= 0.0) {
        return Err(format!("--prior-weight {}: expected a number of games, 0 or more", input.prior_weight));
    }
    if let Some(path) = &input.players {
        let list_text = read_text(path, warnings)?;
        let list = parse_players(&list_text).map_err(|e| format!("{path}:\n{e}"))?;
        let scale = settings.scale();
        job = job.changed(|i| apply_players(&mut i.dataset, &list, |r| scale.to_log_strength(r), input.prior_weight));
    }
    Ok(job)
}
