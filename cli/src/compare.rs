//! `compare`: one file rated by several methods, side by side, and how far they agree.

use crate::args::{CompareArgs, FormatArg, MAX_ORDERS};
use crate::input::{load, settings};
use crate::methods::{method_params, method_specs, reading_method};
use ratings_engine::compare::{self, export as compare_export, order::Order};
use ratings_engine::{escape, Method, Options};
use std::ffi::OsString;
use std::process::ExitCode;

/// `compare`: every method's ratings of the file, their agreement, and with `--shuffles` or
/// `--reversed` how far the sequential methods move with the games' order.
pub fn run(args: &CompareArgs, argv: &[OsString]) -> Result<(String, ExitCode), String> {
    let specs = method_specs(&args.methods);
    if args.shuffles > MAX_ORDERS {
        return Err(format!("--shuffles {}: expected at most {MAX_ORDERS}", args.shuffles));
    }
    let mut methods: Vec<Method> = Vec::new();
    for spec in &specs {
        methods.push(settings(spec.kind, &method_params(&args.params, spec, argv), &args.scale, &args.input)?.method());
    }
    let read = settings(reading_method(&specs), &args.params, &args.scale, &args.input)?;
    let mut warnings = Vec::new();
    let job = load(&args.file, &read, &args.input, &mut warnings)?;
    let mut orders = if args.reversed { vec![Order::Reversed] } else { Vec::new() };
    orders.extend(Order::shuffles(args.shuffles, args.seed));
    let options = Options { scale: read.scale() };
    let comparison = compare::compare(&job.input.dataset, &methods, &options, &orders);
    let failures = compare_export::failure_messages(&comparison);
    for f in &failures {
        eprintln!("ratings-lab: {}", escape::terminal_lines(f));
    }
    if failures.len() == methods.len() {
        return Err("no method could rate the games".into());
    }
    let out = match args.format {
        FormatArg::Table => {
            let notes: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
            compare_export::table(&comparison) + &notes
        }
        FormatArg::Csv | FormatArg::Json => {
            let labels = compare_export::labels(&comparison.methods);
            for w in warnings.iter().chain(&compare_export::warnings(&comparison, &labels)) {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            match args.format {
                FormatArg::Csv => compare_export::csv(&comparison),
                _ => compare_export::json(&comparison) + "\n",
            }
        }
    };
    Ok((out, if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }))
}
