//! `simulate`: the simulation lab, tournaments of players of known strength rated by each
//! method and compared with the truth.

use crate::args::{FormatArg, InputArgs, ScaleArgs, SimulateArgs};
use crate::input::settings;
use crate::methods::{method_params, method_specs};
use ratings_engine::evaluation::printed as evaluation_report;
use ratings_engine::evaluation::simulate::{simulate, Setup};
use ratings_engine::Options;
use std::ffi::OsString;

/// `simulate`: the lab, as the flags set it up.
pub fn run(args: &SimulateArgs, argv: &[OsString]) -> Result<String, String> {
    let setup = Setup {
        players: args.players,
        schedule: args.schedule,
        spread: args.spread,
        clusters: args.clusters,
        draws: args.draws,
        repetitions: args.repetitions,
        seed: args.seed,
        drift: args.drift,
    };
    setup.check().map_err(|e| e.to_string())?;
    let specs = method_specs(&args.methods);
    let (scale, input) = (ScaleArgs::default(), InputArgs::default());
    let methods = specs
        .iter()
        .map(|spec| settings(spec.kind, &method_params(&args.params, spec, argv), &scale, &input).map(|s| s.method()))
        .collect::<Result<Vec<_>, _>>()?;
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    Ok(match args.format {
        FormatArg::Table => evaluation_report::simulation_table(&sim),
        FormatArg::Csv => evaluation_report::simulation_csv(&sim),
        FormatArg::Json => evaluation_report::simulation_json(&sim) + "\n",
    })
}
