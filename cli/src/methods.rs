//! `--methods`: the methods a comparison, an evaluation or a simulation runs, each with flags
//! of its own (`elo:k=40:margin`), read by the same parser as the flags.

use crate::args::{Cli, Command, MethodArgs};
use clap::{CommandFactory, Parser};
use ratings_engine::job::own_format;
use ratings_engine::MethodKind;
use std::ffi::OsString;

/// One entry of `--methods`: a method, and flags of its own (`elo:k=40:margin` →
/// `--k=40 --margin`).
pub struct MethodSpec {
    pub kind: MethodKind,
    pub flags: Vec<String>,
}

/// Reads `--methods`; a bad entry is a bad argument (exit status 2), as clap's own are.
pub fn method_specs(list: &str) -> Vec<MethodSpec> {
    let bad = |message: String| -> ! { Cli::command().error(clap::error::ErrorKind::InvalidValue, message).exit() };
    let known: Vec<String> = <MethodArgs as clap::Args>::augment_args(clap::Command::new("flags"))
        .get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    let specs: Vec<MethodSpec> = list
        .split(',')
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let mut parts = entry.trim().split(':');
            let kind = parts.next().unwrap_or_default().parse::<MethodKind>().unwrap_or_else(|e| bad(format!("--methods: {e}")));
            let flags = parts
                .map(|flag| {
                    let (name, value) = flag.split_once('=').map_or((flag, None), |(n, v)| (n, Some(v)));
                    let name = name.trim().replace('_', "-");
                    if !known.contains(&name) {
                        bad(format!("--methods '{entry}': '{name}' is not a method's parameter (expected one of {})", known.join(", ")));
                    }
                    value.map_or(format!("--{name}"), |v| format!("--{name}={v}"))
                })
                .collect();
            MethodSpec { kind, flags }
        })
        .collect();
    if specs.is_empty() {
        bad("--methods: expected at least one method, such as brent,elo".into());
    }
    specs
}

/// A method's parameters: the command line's flags, with the method's own flags after them
/// (parsed again by clap, so they mean, default and fail exactly as the flags do).
pub fn method_params(params: &MethodArgs, spec: &MethodSpec, argv: &[OsString]) -> MethodArgs {
    if spec.flags.is_empty() {
        return params.clone();
    }
    let extended = argv.iter().cloned().chain(spec.flags.iter().map(OsString::from));
    match Cli::try_parse_from(extended).unwrap_or_else(|e| e.exit()).command {
        Command::Compare(again) => again.params,
        Command::Evaluate(again) => again.params,
        Command::Simulate(again) => again.params,
        _ => unreachable!("the same command line, parsed again"),
    }
}

/// The method whose reading of the file every method rates: the first with formats of its
/// own (multiplayer Elo reads events, the AGA its results format), else the first.
pub fn reading_method(specs: &[MethodSpec]) -> MethodKind {
    specs.iter().map(|s| s.kind).find(|&k| own_format(k).is_some()).unwrap_or(specs[0].kind)
}
