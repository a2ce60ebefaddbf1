//! `simulate`: the simulation lab, tournaments of players of known strength rated by each
//! method and compared with the truth.

use crate::args::{FormatArg, InputArgs, ScaleArgs, SimulateArgs, DEFAULT_METHODS};
use crate::input::settings;
use crate::methods::{method_params, method_specs};
use ratings_engine::evaluation::printed as evaluation_report;
use ratings_engine::evaluation::simulate::{simulate, Setup};
use ratings_engine::{MethodKind, Options};
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
    // Events are rated only by the methods that rate events: all of them unless told.
    let events = || MethodKind::ALL.into_iter().filter(|k| k.rates_events()).map(MethodKind::name).collect::<Vec<_>>().join(",");
    let list = match &args.methods {
        Some(list) => list.clone(),
        None if setup.schedule.events() => events(),
        None => DEFAULT_METHODS.to_string(),
    };
    let specs = method_specs(&list);
    let (scale, input) = (ScaleArgs::default(), InputArgs::default());
    let methods = specs
        .iter()
        .map(|spec| settings(spec.kind, &method_params(&args.params, spec, argv), &scale, &input).map(|s| s.method()))
        .collect::<Result<Vec<_>, _>>()?;
    setup.check_methods(&methods).map_err(|e| e.to_string())?;
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    Ok(match args.format {
        FormatArg::Table => evaluation_report::simulation_table(&sim),
        FormatArg::Csv => evaluation_report::simulation_csv(&sim),
        FormatArg::Json => evaluation_report::simulation_json(&sim) + "\n",
    })
}
