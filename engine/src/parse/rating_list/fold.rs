//! Names as a search compares them: case and accents left out, so that "gonzalez" finds
//! "González" and "sorensen" finds "Sørensen", whatever the list's spelling.
//!
//! A folded name is lower case, each accented Latin letter its base letter (`ø` → `o`, `ł` →
//! `l`, `ß` → `ss`, `æ` → `ae`), the comma kept (it parts the surname from the first names),
//! every run of spaces and hyphens one space, no space next to a comma, and other punctuation
//! (`'`, `.`) left out: "O'Brien-Smith,  J." folds to "obrien smith,j". Folding is lazy
//! ([`Folded`], an iterator), so that the list's index is sorted and searched without a
//! second copy of a million names.

use std::cmp::Ordering;

/// Base letters of U+0100–U+017F (Latin Extended-A), in code order; `Ĳ ĳ` and `Œ œ` are two
/// letters each and handled apart.
const EXTENDED_A: &[u8; 128] =
    b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii__jjkkkllllllllllnnnnnnnnnoooooo__rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// The letters `c` folds to (none: left out).
fn base(c: char) -> (Option<char>, Option<char>) {
    let one = |c: char| (Some(c), None);
    match c {
        'a'..='z' | '0'..='9' | ',' => one(c),
        'A'..='Z' => one(c.to_ascii_lowercase()),
        c if c.is_ascii() => (None, None),
        'À'..='Å' | 'à'..='å' => one('a'),
        'Æ' | 'æ' => (Some('a'), Some('e')),
        'Ç' | 'ç' => one('c'),
        'È'..='Ë' | 'è'..='ë' => one('e'),
        'Ì'..='Ï' | 'ì'..='ï' => one('i'),
        'Ð' | 'ð' => one('d'),
        'Ñ' | 'ñ' => one('n'),
        'Ò'..='Ö' | 'Ø' | 'ò'..='ö' | 'ø' => one('o'),
        'Ù'..='Ü' | 'ù'..='ü' => one('u'),
        'Ý' | 'ý' | 'ÿ' => one('y'),
        'Þ' | 'þ' => (Some('t'), Some('h')),
        'ß' => (Some('s'), Some('s')),
        'Ĳ' | 'ĳ' => (Some('i'), Some('j')),
        'Œ' | 'œ' => (Some('o'), Some('e')),
        '\u{100}'..='\u{17f}' => one(EXTENDED_A[c as usize - 0x100] as char),
        // Romanian's comma-below letters, often typed for the cedilla ones above.
        'Ș' | 'ș' => one('s'),
        'Ț' | 'ț' => one('t'),
        c if c.is_alphanumeric() => one(c.to_lowercase().next().unwrap_or(c)),
        _ => (None, None),
    }
}

/// A name folded, one letter at a time (see the module's documentation).
#[derive(Clone)]
pub struct Folded<'a> {
    chars: std::str::Chars<'a>,
    queue: [char; 3],
    queued: usize,
    at: usize,
    /// The last letter given ('\0' before the first).
    last: char,
    /// A space or hyphen was passed since the last letter.
    space: bool,
}

impl Iterator for Folded<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        loop {
            if self.at < self.queued {
                self.at += 1;
                self.last = self.queue[self.at - 1];
                return Some(self.last);
            }
            let c = self.chars.next()?;
            if c.is_whitespace() || c == '-' {
                self.space = true;
                continue;
            }
            let (a, b) = base(c);
            let Some(a) = a else { continue };
            let spaced = std::mem::take(&mut self.space) && !matches!(self.last, '\0' | ',') && a != ',';
            (self.queued, self.at) = (0, 0);
            for x in [spaced.then_some(' '), Some(a), b].into_iter().flatten() {
                self.queue[self.queued] = x;
                self.queued += 1;
            }
        }
    }
}

/// `name` folded.
pub fn fold(name: &str) -> Folded<'_> {
    Folded { chars: name.chars(), queue: ['\0'; 3], queued: 0, at: 0, last: '\0', space: false }
}

/// `name` folded, as a string.
pub fn folded(name: &str) -> String {
    fold(name).collect()
}

/// Two names in the order of their folded forms.
pub fn cmp_folded(a: &str, b: &str) -> Ordering {
    fold(a).cmp(fold(b))
}

/// Whether `name` folded starts with `prefix` (already folded).
pub fn starts_with_folded(name: &str, prefix: &str) -> bool {
    let mut f = fold(name);
    prefix.chars().all(|c| f.next() == Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_accents_and_punctuation_fold_away() {
        assert_eq!(folded("Sørensen, Åse"), "sorensen,ase");
        assert_eq!(folded("O'Brien-Smith,  J."), "obrien smith,j");
        assert_eq!(folded("  Łukasz  Ściegienny "), "lukasz sciegienny");
        assert_eq!(folded("Straße , Œdipe"), "strasse,oedipe");
        assert_eq!(folded("González Núñez, José"), "gonzalez nunez,jose");
        assert_eq!(folded("Čepulková, Ľubica"), "cepulkova,lubica");
        assert!(starts_with_folded("Carlsen, Magnus", "carlsen,m"));
        assert!(!starts_with_folded("Carl", "carlsen"));
        assert_eq!(cmp_folded("Ärzt", "arzt"), Ordering::Equal);
    }

    #[test]
    fn the_extended_a_table_maps_each_letter_to_its_base() {
        for (c, want) in [('ā', 'a'), ('č', 'c'), ('đ', 'd'), ('ě', 'e'), ('ğ', 'g'), ('ħ', 'h'), ('ı', 'i'), ('ĵ', 'j')] {
            assert_eq!(folded(&c.to_string()), want.to_string(), "{c}");
        }
        for (c, want) in [('ķ', 'k'), ('ł', 'l'), ('ň', 'n'), ('ő', 'o'), ('ř', 'r'), ('š', 's'), ('ť', 't'), ('ű', 'u')] {
            assert_eq!(folded(&c.to_string()), want.to_string(), "{c}");
        }
        for (c, want) in [('ŵ', 'w'), ('ŷ', 'y'), ('Ÿ', 'y'), ('ž', 'z'), ('ſ', 's')] {
            assert_eq!(folded(&c.to_string()), want.to_string(), "{c}");
        }
    }
}
