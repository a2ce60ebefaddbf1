//! `rate`: one method's ratings of the games in a file.

use crate::args::{FormatArg, RateArgs};
use crate::input::{load, settings};
use crate::memory;
use crate::output::Output;
use ratings_engine::{escape, export};

pub fn run(args: &RateArgs) -> Result<Output, String> {
    let mut warnings = Vec::new();
    let settings = settings(args.method, &args.params, &args.scale, &args.input)?;
    settings.method().validate().map_err(|e| e.to_string())?;
    let job = load(&args.file, &settings, &args.input, &mut warnings)?;
    memory::release_freed_memory();
    let finished = job.run_once();
    let mut rating = finished.rating.map_err(|e| e.to_string())?;
    warnings.append(&mut rating.warnings);
    rating.warnings = warnings;
    Ok(Output::Text(match (args.format, &finished.measures) {
        (FormatArg::Table, Some(measures)) if args.trace => export::table(&rating) + &export::trace_table(&finished.trace, measures),
        (FormatArg::Table, _) => export::table(&rating),
        (FormatArg::Csv, _) => {
            for w in &rating.warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            export::csv(&rating)
        }
        (FormatArg::Json, _) => return Ok(Output::Json(Box::new(rating))),
    }))
}
