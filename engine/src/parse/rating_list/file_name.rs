//! What a FIDE download's file name tells: the kind of a separate list's one rating
//! ([`kind_in_name`]) and the list's month ([`date_in_name`]); the month reads a separate
//! list's rating column (`NOV26`) too ([`super::formats`]).

use super::entry::RatingType;

/// The kind of a FIDE separate list its file's name gives (`standard_nov26frl.txt`,
/// `rapid_nov26frl_xml.xml`, `blitz_…`: the word between characters that are not letters),
/// or `None` (the combined `players_list_foa.txt`, or any other name).
pub fn kind_in_name(name: &str) -> Option<RatingType> {
    let lower = name.to_ascii_lowercase();
    let base = lower.rsplit(['/', '\\']).next().unwrap_or(&lower);
    let words: Vec<&str> = base.split(|c: char| !c.is_ascii_alphabetic()).collect();
    RatingType::ALL.into_iter().find(|k| words.contains(&k.name()))
}

/// The month a FIDE download's file name gives (`standard_apr26frl.txt` → `2026-04`;
/// `players_list_foa_2026-04.txt` → `2026-04`), or `None`.
pub fn date_in_name(name: &str) -> Option<String> {
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let lower = name.to_ascii_lowercase();
    let b = lower.as_bytes();
    let digits = |from: usize, n: usize| b.get(from..from + n).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    for i in 0..b.len() {
        let word_start = i == 0 || !b[i - 1].is_ascii_alphabetic();
        if let Some(m) = MONTHS.iter().position(|m| lower[i..].starts_with(m)).filter(|_| word_start && digits(i + 3, 2)) {
            return Some(format!("20{}-{:02}", &lower[i + 3..i + 5], m + 1));
        }
        if digits(i, 4) && b.get(i + 4).is_some_and(|&c| c == b'-' || c == b'_') && digits(i + 5, 2) && !digits(i + 7, 1) {
            let month: usize = lower[i + 5..i + 7].parse().ok()?;
            if (1..=12).contains(&month) {
                return Some(format!("{}-{:02}", &lower[i..i + 4], month));
            }
        }
    }
    None
}
