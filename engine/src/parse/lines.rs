//! Text to lines: the one rule the readers that take a text whole split by (TRF, PGN, the
//! AGA's format, the check on line lengths). A line ends with `\n` or `\r\n`, or with a
//! lone `\r` in a text that has no `\n` at all (old Mac files); a byte-order mark is
//! dropped; lines are numbered from 1. A file's bytes become text by [`super::decode`]'s
//! rule, which already makes every line end `\n`; these take texts given otherwise too (the
//! library's callers, the tests). CSV records are split by [`super::records`] (a quoted
//! field may hold line breaks), the chunked reader [`super::stream`] splitting as `decode`
//! does, with its note and byte-order mark from `decode`.

/// The lines of a text: (1-based number, content without its line end). Handles LF, CRLF,
/// CR-only line ends and a BOM.
pub(crate) fn split_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out: Vec<(usize, &str)> = lines(text).collect();
    if out.last().is_some_and(|(_, l)| l.is_empty()) {
        out.pop();
    }
    out
}

/// [`split_lines`] one at a time (with a last empty line when the text ends with a line
/// end): detection looks at a few lines of what may be a large file, and keeps none.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let end = if text.contains('\n') { '\n' } else { '\r' };
    text.split(end).map(|l| l.strip_suffix('\r').unwrap_or(l)).enumerate().map(|(i, l)| (i + 1, l))
}
