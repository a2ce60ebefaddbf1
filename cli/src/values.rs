//! Flag values named by the engine's enums: each read by the engine's own rule and listed, with
//! what it does, in `--help` (from the enum's `ALL`), so that no list of names is written twice.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use ratings_engine::error::NameError;
use ratings_engine::evaluation::Parameter;
use ratings_engine::team::TeamScore;
use ratings_engine::tiebreak::categories::Category;
use ratings_engine::tiebreak::prizes::Sharing;
use ratings_engine::tiebreak::Rules;
use ratings_engine::{MethodKind, ScaleKind};
use std::ffi::OsStr;

/// A value read by its `FromStr` (the engine's names, aliases and message) and listed in the
/// help as `values`.
#[derive(Clone)]
pub struct Listed<T> {
    values: Vec<PossibleValue>,
    parse: fn(&str) -> Result<T, NameError>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Listed<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().cloned()))
    }
}

/// `name: about` for each of `all`.
fn listed<T: Copy>(all: &[T], name: fn(T) -> &'static str, about: fn(T) -> &'static str) -> Vec<PossibleValue> {
    all.iter().map(|&v| PossibleValue::new(name(v)).help(about(v))).collect()
}

/// A value of an enum without `FromStr`: one of its names (case-insensitive).
fn named<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
    about: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(listed(all, name, about)).try_map(move |s: String| {
        all.iter().copied().find(|&v| name(v).eq_ignore_ascii_case(&s)).ok_or_else(|| format!("unknown value '{s}'"))
    })
}

/// `--method`: the engine's methods.
pub fn method() -> Listed<MethodKind> {
    Listed { values: listed(&MethodKind::ALL, MethodKind::name, MethodKind::label), parse: str::parse }
}

/// `--scale`: the display scales.
pub fn scale() -> Listed<ScaleKind> {
    Listed { values: listed(&ScaleKind::ALL, ScaleKind::name, ScaleKind::label), parse: str::parse }
}

/// `--rules`: FIDE's rule sets, by their codes only (`2023`, `2026`).
pub fn rules() -> impl TypedValueParser<Value = Rules> {
    PossibleValuesParser::new(listed(&Rules::ALL, Rules::code, Rules::name)).try_map(|s| s.parse::<Rules>())
}

/// `--primary`: a team's score.
pub fn team_score() -> impl TypedValueParser<Value = TeamScore> {
    named(&TeamScore::ALL, TeamScore::code, TeamScore::name)
}

/// `--sharing`: how tied players share prizes.
pub fn sharing() -> impl TypedValueParser<Value = Sharing> {
    named(&Sharing::ALL, Sharing::name, Sharing::about)
}

/// `--tune`: the parameters `evaluate` tunes.
pub fn parameter() -> impl TypedValueParser<Value = Parameter> {
    named(Parameter::all(), Parameter::key, Parameter::name)
}

/// `--category`: a category of players, by the engine's names (its error lists them).
pub fn category(s: &str) -> Result<Category, NameError> {
    s.parse()
}

/// `START=K` (`--k-factor 12=40`): a start number and a K from 1 to 700.
pub fn start_k(s: &str) -> Result<(u32, u32), String> {
    let (start, k) = s.split_once('=').ok_or_else(|| format!("'{s}': expected START=K, as 12=40"))?;
    let start: u32 = start.trim().parse().map_err(|_| format!("'{s}': expected a start number before '='"))?;
    let k: u32 = k.trim().parse().map_err(|_| format!("'{s}': expected a whole number K after '='"))?;
    if !(1..=700).contains(&k) {
        return Err(format!("'{s}': expected K from 1 to 700"));
    }
    Ok((start, k))
}

/// `--players`: a number, or a range `low-high`.
pub fn span(s: &str) -> Result<ratings_engine::generate::Span, String> {
    let number =
        |x: &str| x.trim().parse::<usize>().map_err(|_| format!("expected a number of players or a range such as 20-40, found '{s}'"));
    match s.split_once('-') {
        Some((low, high)) => Ok(ratings_engine::generate::Span { low: number(low)?, high: number(high)? }),
        None => number(s).map(|n| ratings_engine::generate::Span { low: n, high: n }),
    }
}

/// A share: `0.15` or `15%`, from 0 to 1 (100%).
pub fn share(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let (number, scale) = match t.strip_suffix('%') {
        Some(p) => (p.trim(), 100.0),
        None => (t, 1.0),
    };
    let v = number.parse::<f64>().map_err(|_| format!("expected a share such as 0.15 or 15%, found '{s}'"))? / scale;
    if !(0.0..=1.0).contains(&v) {
        return Err(format!("expected a share from 0 to 1 (0% to 100%), found '{s}'"));
    }
    Ok(v)
}

/// `evaluate --max-seconds`: a time in seconds, above 0 (fractions allowed).
pub fn seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("expected a number of seconds above 0 such as 60 or 0.5, found '{s}'")),
    }
}
