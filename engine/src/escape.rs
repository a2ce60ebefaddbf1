//! Text from the input (names, teams, labels, messages) as it is written out: the one place
//! that makes it safe in a CSV file and on a terminal.
//!
//! * CSV, [`csv_text`]: a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
//!   is a formula to a spreadsheet (`=HYPERLINK(…)`, `+cmd|' /C calc'!A0`): as OWASP's "CSV
//!   Injection" page recommends, such a cell is prefixed with a single quote `'` (shown as text,
//!   not run) and quoted. Every field is quoted by RFC 4180 ([`csv_field`]) when it holds a
//!   comma, a quote or a line break, quotes doubled. Only text cells go through
//!   [`csv_text`]: numbers (`-0.5`) and the program's own cells (`-½`, a bye) are written as
//!   they are, through [`csv_field`].
//! * Terminal, [`terminal`]: control characters (an escape sequence `\x1b]0;…\x07` that
//!   retitles or clears the terminal, a line break that breaks a table) and the invisible
//!   direction overrides are written as Rust escapes (`\u{1b}`), as `error::excerpt` quotes
//!   input in messages.

use std::borrow::Cow;

/// A CSV field made by the program (a header, a number, a crosstable cell): quoted, quotes
/// doubled, when it holds a comma, a quote or a line break (RFC 4180).
pub fn csv_field(s: &str) -> Cow<'_, str> {
    match s.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", s.replace('"', "\"\"")).into(),
        false => s.into(),
    }
}

/// A CSV field holding text from the input (a name, a team, a label): a would-be formula is
/// prefixed with `'` and quoted (OWASP), anything else as [`csv_field`].
pub fn csv_text(s: &str) -> Cow<'_, str> {
    match s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        true => format!("\"'{}\"", s.replace('"', "\"\"")).into(),
        false => csv_field(s),
    }
}

/// Whether `c` is written as an escape on a terminal: a control character, or one of the
/// invisible marks that reorder the text shown around them (U+202A–U+202E, U+2066–U+2069).
fn unsafe_on_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text from the input as a terminal is to show it: control characters (tabs and line breaks
/// too: a cell is one line) written as escapes (`\u{1b}`, `\n`).
pub fn terminal(s: &str) -> Cow<'_, str> {
    if !s.chars().any(unsafe_on_terminal) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match unsafe_on_terminal(c) {
            true => out.extend(c.escape_default()),
            false => out.push(c),
        }
    }
    out.into()
}

/// A whole report for a terminal: [`terminal`] on every line, the line breaks kept (what a
/// writer of text tables passes its finished text through, so that a name, a team, a title or
/// a warning quoted anywhere in it reaches the terminal escaped).
pub fn terminal_lines(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c != '\n' && unsafe_on_terminal(c)) {
        return s.into();
    }
    s.split('\n').map(terminal).collect::<Vec<_>>().join("\n").into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_fields_quoted() {
        assert_eq!(csv_text("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
        assert_eq!(csv_text("+cmd|' /C calc'!A0"), "\"'+cmd|' /C calc'!A0\"");
        assert_eq!(csv_text("-2+3"), "\"'-2+3\"");
        assert_eq!(csv_text("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(csv_text("\t=1"), "\"'\t=1\"");
        assert_eq!(csv_text("\r=1"), "\"'\r=1\"");
        assert_eq!(csv_text("Carlsen, Magnus"), "\"Carlsen, Magnus\"");
        assert_eq!(csv_text("Anna"), "Anna");
        assert_eq!(csv_text("Anna-Lena"), "Anna-Lena");
        // The program's own cells and numbers stay as they are.
        assert_eq!(csv_field("-0.5"), "-0.5");
        assert_eq!(csv_field("-½"), "-½");
    }

    #[test]
    fn control_characters_are_escaped_for_a_terminal() {
        assert_eq!(terminal("Ann\u{1b}]0;pwned\u{7}\u{1b}[2J"), "Ann\\u{1b}]0;pwned\\u{7}\\u{1b}[2J");
        assert_eq!(terminal("two\nlines\tand tab"), "two\\nlines\\tand tab");
        assert_eq!(terminal("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(terminal("Zoë Ça"), "Zoë Ça");
        assert_eq!(terminal_lines("a\u{1b}[2J\nb\tc\n"), "a\\u{1b}[2J\nb\\tc\n");
        assert!(matches!(terminal_lines("plain\ntext\n"), Cow::Borrowed(_)));
    }
}
