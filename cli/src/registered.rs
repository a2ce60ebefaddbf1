//! Every method's flags, made from the engine's registry (`ratings_engine::methods::registry`):
//! each parameter is a `--flag` under its method's heading, with the registry's label, help,
//! unit and default (in the help: a flag not given is left as the engine's default, never
//! parsed from text). A flag several methods share (`--k` for Elo and multiplayer Elo, `--eps`
//! for Brent, JRank and the AGA) sets each of theirs; an on/off parameter is a switch, which
//! turns it off where the registry says its flag does (`--input-order`).

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use ratings_engine::methods::registry::{self, Access, Param};
use ratings_engine::methods::Params;
use ratings_engine::MethodKind;

/// Every method's parameters.
fn params() -> Vec<Param> {
    MethodKind::ALL.iter().flat_map(|&k| registry::of(k)).collect()
}

/// The flags given on the command line: (flag, value).
#[derive(Clone, Debug, Default)]
pub struct RegisteredArgs {
    pub given: Vec<(&'static str, String)>,
}

impl RegisteredArgs {
    /// The number given for `flag` on the command line, if any (`--holdout`, which
    /// `evaluate` reads as well).
    pub fn number(&self, flag: &str) -> Option<f64> {
        self.given.iter().find(|(f, _)| *f == flag).and_then(|(_, v)| v.trim().parse().ok())
    }

    /// Writes the given flags into `params`, or says which value was wrong.
    pub fn apply(&self, params: &mut Params) -> Result<(), String> {
        for (flag, value) in &self.given {
            for p in params_for(flag) {
                // A switch turns its setting on, or off where its flag says so.
                let value = match (p.access, p.flag_negates) {
                    (Access::Flag { .. }, negates) => (!negates).to_string(),
                    _ => value.clone(),
                };
                p.put(params, &value).map_err(|e| format!("--{e}"))?;
            }
        }
        Ok(())
    }
}

fn params_for(flag: &str) -> Vec<Param> {
    params().into_iter().filter(|p| p.flag == flag).collect()
}

/// The defaults of the methods sharing a flag: one value, or each method's when they differ
/// (`--eps`: Brent's 1e-9, JRank's 1e-10).
fn defaults(sharing: &[Param]) -> String {
    let values: Vec<String> = sharing.iter().map(shown).collect();
    if values.iter().all(|v| *v == values[0]) {
        return values[0].clone();
    }
    sharing.iter().zip(&values).map(|(p, v)| format!("{} {v}", p.method.label())).collect::<Vec<_>>().join(", ")
}

/// A default as the help shows it: a few significant digits (34.64, not 34.64101615137755).
fn shown(p: &Param) -> String {
    let d = Params::default();
    match p.access {
        Access::Number { get, .. } => {
            let v = get(&d);
            let short = format!("{:.4}", v).trim_end_matches('0').trim_end_matches('.').to_string();
            if v != 0.0 && v.abs() < 1e-3 {
                format!("{v:e}")
            } else if short.parse::<f64>() == Ok(v) {
                ratings_engine::error::number(v)
            } else {
                format!("{short}…")
            }
        }
        _ => p.show(&d),
    }
}

impl clap::Args for RegisteredArgs {
    fn augment_args(cmd: Command) -> Command {
        let all = params();
        let firsts: Vec<Param> =
            all.iter().enumerate().filter(|(i, p)| all[..*i].iter().all(|q| q.flag != p.flag)).map(|(_, p)| *p).collect();
        firsts.into_iter().fold(cmd, |cmd, p| {
            let unit = if p.unit.is_empty() { String::new() } else { format!(" ({})", p.unit) };
            // A flag several methods share (their conventions) names them.
            let owners: Vec<&str> = all.iter().filter(|q| q.flag == p.flag).map(|q| q.method.label()).collect();
            let whose = if owners.len() > 1 { format!("{}: ", owners.join(", ")) } else { String::new() };
            let sharing: Vec<Param> = all.iter().filter(|q| q.flag == p.flag).copied().collect();
            let help = match (p.access, p.flag_negates) {
                (Access::Flag { .. }, true) => format!("{whose}{}: on unless this switch is given. {}", p.label, p.help),
                (Access::Flag { .. }, false) => format!("{whose}{}: {}", p.label, p.help),
                _ => format!("{whose}{}{unit}: {} [default: {}]", p.label, p.help, defaults(&sharing)),
            };
            let arg = Arg::new(p.flag).long(p.flag).help(help).help_heading(p.method.label());
            // Values that are not numbers, or not one of the names, are bad arguments (exit
            // status 2), as clap's own; a number out of range is the method's check's to name.
            let arg = match p.access {
                Access::Number { integer: true, .. } => {
                    arg.action(ArgAction::Set).value_name("N").allow_negative_numbers(true).value_parser(parse_number)
                }
                Access::Number { .. } => {
                    arg.action(ArgAction::Set).value_name("NUMBER").allow_negative_numbers(true).value_parser(parse_number)
                }
                Access::Flag { .. } => arg.action(ArgAction::SetTrue),
                Access::Choice { options, .. } => {
                    arg.action(ArgAction::Set).value_name("NAME").value_parser(Named { what: p.id, options: options() })
                }
            };
            cmd.arg(arg)
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for RegisteredArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = RegisteredArgs::default();
        args.update_from_arg_matches(m)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        let mut seen: Vec<&'static str> = Vec::new();
        for p in params() {
            if seen.contains(&p.flag) || m.value_source(p.flag) != Some(ValueSource::CommandLine) {
                continue;
            }
            seen.push(p.flag);
            let value = match p.access {
                Access::Flag { .. } => Some(String::from("true")),
                _ => m.get_one::<String>(p.flag).cloned(),
            };
            if let Some(v) = value {
                self.given.retain(|(f, _)| *f != p.flag);
                self.given.push((p.flag, v));
            }
        }
        Ok(())
    }
}

/// A number as text, checked to be one.
fn parse_number(s: &str) -> Result<String, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(s.trim().to_string()),
        _ => Err(format!("expected a number, found '{s}'")),
    }
}

/// One of a parameter's names (its options listed in the help); another is refused with the
/// list: `unknown variant 'alg2': expected one of auto, alg1, …`.
#[derive(Clone)]
struct Named {
    what: &'static str,
    options: Vec<(&'static str, &'static str)>,
}

impl clap::builder::TypedValueParser for Named {
    type Value = String;

    fn parse_ref(&self, _cmd: &Command, _arg: Option<&Arg>, value: &std::ffi::OsStr) -> Result<String, clap::Error> {
        let s = value.to_string_lossy();
        match self.options.iter().find(|o| o.0.eq_ignore_ascii_case(s.trim())) {
            Some(o) => Ok(o.0.to_string()),
            None => {
                let names: Vec<&str> = self.options.iter().map(|o| o.0).collect();
                let message = format!("unknown {} '{s}': expected one of {}\n", self.what, names.join(", "));
                Err(clap::Error::raw(clap::error::ErrorKind::InvalidValue, message))
            }
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.options.iter().map(|&(name, label)| clap::builder::PossibleValue::new(name).help(label))))
    }
}
