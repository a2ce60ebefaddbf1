//! What a command prints, and printing it: text (escaped for a terminal when it is a table)
//! or ratings written as JSON as they are written.

use ratings_engine::{escape, export};
use std::io::Write;
use std::process::ExitCode;

/// What a command prints: its text, or ratings written as JSON while they are written (the
/// input let go first: a large file's JSON is never held, beside its input, as one string).
pub enum Output {
    Text(String),
    Json(Box<ratings_engine::Rating>),
}

/// Prints a command's output; `status` unless the output cannot be written.
pub fn write(out: Output, table: bool, status: ExitCode) -> ExitCode {
    // A reader that stops early (`| head`) closes the pipe: that is not an error.
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = match out {
        Output::Text(text) if table => stdout.write_all(escape::terminal_lines(&text).as_bytes()),
        Output::Text(text) => stdout.write_all(text.as_bytes()),
        Output::Json(rating) => export::write_json(&rating, &mut stdout).and_then(|()| stdout.write_all(b"\n")),
    };
    match written.and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("ratings-lab: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        _ => status,
    }
}
