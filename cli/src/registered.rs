//! The flags of the methods whose parameters are made from the engine's registry
//! (`ratings_engine::methods::registry`) rather than written out in `args`: Glicko, Glicko-2,
//! Stephenson and Whole-History Rating. Each parameter is a `--flag` under its method's
//! heading, with the registry's help, unit and default (in the help: a flag not given is
//! left as the engine's default, never parsed from text).

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use ratings_engine::methods::registry::{self, Access, Param};
use ratings_engine::methods::Params;
use ratings_engine::MethodKind;

/// The methods whose flags are made here.
pub const METHODS: [MethodKind; 4] = [MethodKind::Glicko, MethodKind::Glicko2, MethodKind::Stephenson, MethodKind::Whr];

/// Their parameters, each with a flag of its own.
fn params() -> Vec<Param> {
    METHODS.iter().flat_map(|&k| registry::of(k)).collect()
}

/// The flags given on the command line: (flag, value).
#[derive(Clone, Debug, Default)]
pub struct RegisteredArgs {
    pub given: Vec<(&'static str, String)>,
}

impl RegisteredArgs {
    /// Writes the given flags into `params`, or says which value was wrong.
    pub fn apply(&self, params: &mut Params) -> Result<(), String> {
        for (flag, value) in &self.given {
            for p in params_for(flag) {
                p.put(params, value).map_err(|e| format!("--{e}"))?;
            }
        }
        Ok(())
    }
}

fn params_for(flag: &str) -> Vec<Param> {
    params().into_iter().filter(|p| p.flag == flag).collect()
}

/// A default as the help shows it: a few significant digits (34.64, not 34.64101615137755).
fn shown(p: &Param) -> String {
    let d = Params::default();
    match p.access {
        Access::Number { get, .. } => {
            let v = get(&d);
            let short = format!("{:.4}", v).trim_end_matches('0').trim_end_matches('.').to_string();
            if short.parse::<f64>() == Ok(v) || v.abs() < 1e-3 {
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
            let arg = Arg::new(p.flag)
                .long(p.flag)
                .help(format!("{whose}{}{unit}: {} [default: {}]", p.label, p.help, shown(&p)))
                .help_heading(p.method.label())
                .action(ArgAction::Set);
            let arg = match p.access {
                Access::Number { integer: true, .. } => arg.value_name("N").allow_negative_numbers(true),
                Access::Number { .. } => arg.value_name("NUMBER").allow_negative_numbers(true),
                Access::Flag { .. } => arg.value_name("BOOL").value_parser(["true", "false"]),
                Access::Choice { options, .. } => {
                    arg.value_name("NAME").value_parser(clap::builder::PossibleValuesParser::new(options().into_iter().map(|o| o.0)))
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
            if let Some(v) = m.get_one::<String>(p.flag) {
                self.given.retain(|(f, _)| *f != p.flag);
                self.given.push((p.flag, v.clone()));
            }
        }
        Ok(())
    }
}
