//! Running the `ratings-lab` binary as a user does, for the command line's tests: its
//! arguments, what it reads on standard input, and what it printed.
#![allow(dead_code)] // each test file uses its own part

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The program run with `args`, `stdin` written to it.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratings-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut input = child.stdin.take().unwrap();
    // The program may exit before reading (a missing file): a closed pipe is fine.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

/// What it printed on standard output.
pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What it printed on standard error.
pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The path of a file in the engine's test data.
pub fn fixture_path(path: &str) -> String {
    format!("{}/../engine/tests/data/{path}", env!("CARGO_MANIFEST_DIR"))
}
