//! Bytes to text: the one rule for every file, in the command line and the app alike.
//!
//! Bytes that are not text at all — a file with a known binary signature (a PNG image, a
//! PDF, a spreadsheet, an archive …) or with NUL bytes, which no text file has — are refused
//! with [`ParseError::NotText`], naming what the file looks like: read as text they would be
//! screens of mojibake with every line "bad". Otherwise UTF-8 when the bytes are valid UTF-8
//! (a byte-order mark is dropped); else Windows-1252, the superset of Latin-1 that older chess
//! and club files are written in (bytes 0x80–0x9F are its printable characters: `€`, `‚`,
//! `Š`, ...; the five it leaves undefined map to the control characters of the same number, as
//! browsers do), with a note saying so. Line ends become `\n`, as a browser's text area keeps
//! them, so line numbers and selections agree everywhere.

use crate::error::ParseError;

/// Decoded text, and a note when it was not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub note: Option<String>,
}

/// What the note says about a file that is not UTF-8.
pub const NOT_UTF8: &str = "not UTF-8: read as Windows-1252 (Latin-1)";

/// UTF-8's byte-order mark, dropped wherever bytes become text.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// The note for `bytes` (a file's, or the part of it read so far, with or without its
/// byte-order mark) that are not UTF-8: where the first byte that is not UTF-8 is.
pub(crate) fn not_utf8(bytes: &[u8]) -> String {
    not_utf8_after(0, bytes.strip_prefix(BOM).unwrap_or(bytes))
}

/// Whether a source's bytes, read from the first to the last in pieces, are UTF-8 (after a
/// byte-order mark, if any): `None` when they are, else the note [`decode`] gives them. A
/// file on disk is looked over this way before it is read, so that its reader need keep
/// nothing in case a late line is not UTF-8 (`stream::CsvReader::knowing`).
#[cfg(not(target_arch = "wasm32"))] // The browser reads a file once, in pieces.
pub fn utf8_note(source: &mut impl std::io::Read) -> std::io::Result<Option<String>> {
    let mut piece = vec![0u8; 1 << 18];
    // `carried` bytes at the piece's start: a character cut at the last piece's end (or, until
    // three bytes are in, the file's first bytes, which may be a byte-order mark).
    let (mut checked, mut carried, mut marked) = (0usize, 0usize, false);
    loop {
        let n = match source.read(&mut piece[carried..]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (mut start, end) = (0, carried + n);
        // A NUL byte: the file is refused at it whatever its encoding ([`nul_error`]), by the
        // reader, at once; reading on here would only read it through.
        if piece[carried..end].contains(&0) {
            return Ok(None);
        }
        if !marked {
            if end < BOM.len() {
                carried = end;
                continue;
            }
            marked = true;
            start = if piece.starts_with(BOM) { BOM.len() } else { 0 };
        }
        match std::str::from_utf8(&piece[start..end]) {
            Ok(_) => (checked, carried) = (checked + end - start, 0),
            // A character cut at the piece's end: carried to the next.
            Err(e) if e.error_len().is_none() => {
                let valid = start + e.valid_up_to();
                piece.copy_within(valid..end, 0);
                (checked, carried) = (checked + valid - start, end - valid);
            }
            Err(e) => return Ok(Some(not_utf8_at(checked + e.valid_up_to()))),
        }
    }
    if !marked {
        // Fewer than three bytes in all: no mark.
        return Ok(std::str::from_utf8(&piece[..carried]).err().map(|e| not_utf8_at(e.valid_up_to())));
    }
    // A character cut off by the end.
    Ok((carried > 0).then(|| not_utf8_at(checked)))
}

/// The note for bytes whose first that is not UTF-8 is the `at`th (from 0, after a mark).
fn not_utf8_at(at: usize) -> String {
    format!("{NOT_UTF8} (the first byte that is not UTF-8 is byte {})", at + 1)
}

/// [`not_utf8`] for `bytes` that come after `ascii` bytes of ASCII (no byte-order mark).
pub(crate) fn not_utf8_after(ascii: usize, bytes: &[u8]) -> String {
    not_utf8_at(ascii + std::str::from_utf8(bytes).err().map_or(bytes.len(), |e| e.valid_up_to()))
}

/// Decodes a file's bytes by the rule above; an error when they are not text.
pub fn decode(bytes: &[u8]) -> Result<Decoded, ParseError> {
    if let Some(e) = not_text(bytes) {
        return Err(e);
    }
    Ok(after_mark(bytes.strip_prefix(BOM).unwrap_or(bytes)))
}

/// [`decode`] of bytes whose byte-order mark, if they had one, is gone: a second mark is text,
/// and the note counts from after the first (as the chunked reader counts).
fn after_mark(bytes: &[u8]) -> Decoded {
    let (text, note) = match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), None),
        Err(_) => (bytes.iter().map(|&b| windows_1252(b)).collect::<String>(), Some(not_utf8_after(0, bytes))),
    };
    let text = if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text };
    Decoded { text, note }
}

/// How many of a file's first bytes [`not_text`] needs to recognise every signature.
pub const SIGNATURE_BYTES: usize = 16;

/// Why a file's `bytes` are not text, or `None`: a known signature at the start, or a NUL byte.
pub fn not_text(bytes: &[u8]) -> Option<ParseError> {
    signature_error(bytes).or_else(|| nul_error(bytes, 0))
}

/// The error for a file that starts with `head` (its first [`SIGNATURE_BYTES`] bytes, or the
/// whole file when shorter) when that is a known binary signature.
pub fn signature_error(head: &[u8]) -> Option<ParseError> {
    signature(head).map(|kind| ParseError::NotText { looks_like: kind.into() })
}

/// The error for a NUL byte in `bytes`, the file's bytes from byte `offset` (0-based): a
/// reader that has the file in pieces asks about each piece.
pub fn nul_error(bytes: &[u8], offset: usize) -> Option<ParseError> {
    let nul = bytes.iter().position(|&b| b == 0)?;
    Some(ParseError::NotText {
        looks_like: format!(
            "a binary file: byte {} is a NUL (0), which no text file has (if it is text saved as UTF-16, save it as UTF-8)",
            offset + nul + 1
        ),
    })
}

/// What a file starting with `head` is, by the signatures ("magic numbers") of the binary
/// files most often opened by mistake.
fn signature(head: &[u8]) -> Option<&'static str> {
    const SPREADSHEET: &str = "a spreadsheet (save it as CSV, then open the CSV)";
    const KNOWN: [(&[u8], &str); 16] = [
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF87a", "a GIF image"),
        (b"GIF89a", "a GIF image"),
        (b"%PDF-", "a PDF document"),
        (b"PK\x03\x04", "a ZIP archive, or an .xlsx or .ods spreadsheet, which is one (save it as CSV, then open the CSV)"),
        (b"PK\x05\x06", "an (empty) ZIP archive"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", SPREADSHEET),
        (b"\x1f\x8b", "a gzip-compressed file (uncompress it first)"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
        (b"Rar!\x1a\x07", "a RAR archive"),
        (b"\xfd7zXZ\x00", "an xz-compressed file (uncompress it first)"),
        (b"\x7fELF", "a program (an ELF executable)"),
        (b"SQLite format 3\x00", "an SQLite database"),
        (b"\xff\xfe", "text saved as UTF-16 (save it as UTF-8)"),
        (b"\xfe\xff", "text saved as UTF-16 (save it as UTF-8)"),
    ];
    if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        return Some("a WebP image");
    }
    KNOWN.iter().find(|(magic, _)| head.starts_with(magic)).map(|&(_, kind)| kind)
}

/// [`decode`] of bytes the caller gives up: UTF-8 becomes the text in the same buffer, not a
/// copy of it (a file of 50 MB read whole is held once, not twice).
pub fn decode_owned(mut bytes: Vec<u8>) -> Result<Decoded, ParseError> {
    if let Some(e) = not_text(&bytes) {
        return Err(e);
    }
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    // Not `decode` again: it would drop a second byte-order mark, which is text.
    match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\r') => Ok(Decoded { text, note: None }),
        Ok(text) => Ok(after_mark(text.as_bytes())),
        Err(e) => Ok(after_mark(e.as_bytes())),
    }
}

/// Windows-1252: Latin-1 but for 0x80–0x9F, where it has printable characters.
pub(crate) fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•',
        '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
    ];
    if (0x80..0xa0).contains(&b) {
        HIGH[(b - 0x80) as usize]
    } else {
        b as char
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8], text: &str, noted: bool) {
        let d = decode(bytes).unwrap();
        assert_eq!(d.text, text);
        assert_eq!(d.note.is_some(), noted, "{:?}", d.note);
        assert_eq!(decode_owned(bytes.to_vec()), Ok(d), "the same, from owned bytes");
    }

    #[test]
    fn utf8_stays_and_other_bytes_are_windows_1252() {
        check(b"\xef\xbb\xbfwhite,black\r\nAnna,Bo\r\n", "white,black\nAnna,Bo\n", false);
        check("Zoë,Ça".as_bytes(), "Zoë,Ça", false);
        check(b"Zo\xeb,\x80 5,\x8a\r", "Zoë,€ 5,Š\n", true);
        assert!(decode(b"ab\xff").unwrap().note.unwrap().contains("byte 3"));
    }

    fn refused(bytes: &[u8]) -> String {
        decode(bytes).expect_err("not text").to_string()
    }

    #[test]
    fn binary_files_are_not_text() {
        let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";
        assert_eq!(refused(png), "this is not a results file: it looks like a PNG image");
        assert!(refused(b"\xff\xd8\xff\xe0\x00\x10JFIF").contains("a JPEG image"));
        assert!(refused(b"GIF89a\x01\x00").contains("a GIF image"));
        assert!(refused(b"%PDF-1.7\n%\xe2\xe3").contains("a PDF document"));
        assert!(refused(b"PK\x03\x04\x14\x00\x06\x00").contains("save it as CSV"));
        assert!(refused(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00").contains("a spreadsheet (save it as CSV"));
        assert!(refused(b"\x1f\x8b\x08\x00").contains("gzip"));
        assert!(refused(b"RIFF\x10\x00\x00\x00WEBPVP8 ").contains("a WebP image"));
        assert!(refused(b"\xff\xfew\x00h\x00").contains("UTF-16"));
        // No signature, but a NUL byte: said by its place.
        let nul = refused(b"white,black,result\nA,B,1-0\x00\n");
        assert!(nul.contains("byte 27 is a NUL"), "{nul}");
        assert!(nul_error(b"ab\x00", 10).unwrap().to_string().contains("byte 13"));
        // Text that merely starts like a signature's letters is text.
        assert!(decode(b"PKO,Bo,1-0\n").is_ok());
        assert!(decode(b"GIF,Bo,1-0\n").is_ok());
    }
}
