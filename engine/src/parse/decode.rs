//! Bytes to text: the one rule for every file, in the command line and the app alike.
//!
//! UTF-8 when the bytes are valid UTF-8 (a byte-order mark is dropped); otherwise
//! Windows-1252, the superset of Latin-1 that older chess and club files are written in
//! (bytes 0x80–0x9F are its printable characters: `€`, `‚`, `Š`, ...; the five it leaves
//! undefined map to the control characters of the same number, as browsers do), with a note
//! saying so. Line ends become `\n`, as a browser's text area keeps them, so line numbers
//! and selections agree everywhere.

/// Decoded text, and a note when it was not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub note: Option<String>,
}

/// What the note says about a file that is not UTF-8.
pub const NOT_UTF8: &str = "not UTF-8: read as Windows-1252 (Latin-1)";

/// Decodes a file's bytes by the rule above.
pub fn decode(bytes: &[u8]) -> Decoded {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let (text, note) = match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), None),
        Err(e) => {
            let note = format!("{NOT_UTF8} (the first byte that is not UTF-8 is byte {})", e.valid_up_to() + 1);
            (bytes.iter().map(|&b| windows_1252(b)).collect::<String>(), Some(note))
        }
    };
    let text = if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text };
    Decoded { text, note }
}

/// [`decode`] of bytes the caller gives up: UTF-8 becomes the text in the same buffer, not a
/// copy of it (a file of 50 MB read whole is held once, not twice).
pub fn decode_owned(mut bytes: Vec<u8>) -> Decoded {
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\r') => Decoded { text, note: None },
        Ok(text) => decode(text.as_bytes()),
        Err(e) => decode(e.as_bytes()),
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
        let d = decode(bytes);
        assert_eq!(d.text, text);
        assert_eq!(d.note.is_some(), noted, "{:?}", d.note);
        assert_eq!(decode_owned(bytes.to_vec()), d, "the same, from owned bytes");
    }

    #[test]
    fn utf8_stays_and_other_bytes_are_windows_1252() {
        check(b"\xef\xbb\xbfwhite,black\r\nAnna,Bo\r\n", "white,black\nAnna,Bo\n", false);
        check("Zoë,Ça".as_bytes(), "Zoë,Ça", false);
        check(b"Zo\xeb,\x80 5,\x8a\r", "Zoë,€ 5,Š\n", true);
        assert!(decode(b"ab\xff").note.unwrap().contains("byte 3"));
    }
}
