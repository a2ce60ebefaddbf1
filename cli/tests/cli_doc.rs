//! `docs/cli.md` against the command line's own help: everything below the file's marker line
//! is the top-level `--help` and each command's, generated here from the built binary. A
//! difference fails with the first line that differs; `UPDATE_DOCS=1 cargo test -p
//! ratings-lab-cli --test cli_doc` rewrites the generated part (the hand-written head above
//! the marker is kept).

use std::path::PathBuf;
use std::process::Command;

/// The line that ends the hand-written head: the generated part follows it.
const MARKER: &str = "<!-- generated below: UPDATE_DOCS=1 cargo test -p ratings-lab-cli --test cli_doc -->";

const REGENERATE: &str = "UPDATE_DOCS=1 cargo test -p ratings-lab-cli --test cli_doc";

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/cli.md")
}

/// `ratings-lab ARGS`' standard output. A narrow `COLUMNS` on purpose: the help is wrapped at
/// the program's fixed width, whatever the terminal says.
fn help(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(args).env("COLUMNS", "41").output().expect("runs");
    assert!(o.status.success(), "ratings-lab {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8 help")
}

/// The commands the top-level help lists (its `Commands:` section), but `help` itself.
fn commands(top: &str) -> Vec<String> {
    let section = top.split("\nCommands:\n").nth(1).expect("a Commands: section");
    section
        .lines()
        .take_while(|l| l.starts_with(' '))
        // A command's name starts at column 2; its description's continuation lines further in.
        .filter(|l| l.len() > 2 && !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

/// One section: a heading, then the help in a fenced block, each line's trailing spaces gone
/// (clap indents its blank lines; a document's editor would strip them).
fn section(args: &[&str], text: &str) -> String {
    let body: String = text.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    format!("\n## `ratings-lab {}`\n\n```text\n{}```\n", args.join(" "), body.trim_end().to_string() + "\n")
}

/// The generated part of the document: the top-level help, then each command's.
fn generated() -> String {
    let top = help(&["--help"]);
    let mut out = section(&["--help"], &top);
    for name in commands(&top) {
        out += &section(&[&name, "--help"], &help(&[&name, "--help"]));
    }
    out
}

#[test]
fn the_command_lines_reference_is_its_help() {
    let path = doc_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let end = text.find(MARKER).unwrap_or_else(|| panic!("docs/cli.md: expected the marker line {MARKER}"));
    let (head, written) = text.split_at(end + MARKER.len());
    let written = written.strip_prefix('\n').unwrap_or(written);
    let wanted = generated();
    if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(&path, format!("{head}\n{wanted}")).expect("docs/cli.md written");
        return;
    }
    if written == wanted {
        return;
    }
    let first = head.lines().count() + 1;
    let (mut file, mut help) = (written.lines(), wanted.lines());
    for n in first.. {
        match (file.next(), help.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (None, None) => panic!("docs/cli.md differs from the help in its last newlines; regenerate it with: {REGENERATE}"),
            (a, b) => panic!(
                "docs/cli.md line {n} is not the command line's help:\n  in the file: {}\n  the help:    {}\n\
                 regenerate it with: {REGENERATE}",
                a.map_or("(the file ends)".to_string(), |l| format!("{l:?}")),
                b.map_or("(the help ends)".to_string(), |l| format!("{l:?}")),
            ),
        }
    }
}
