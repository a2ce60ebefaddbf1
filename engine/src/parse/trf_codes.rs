//! Every TRF record code the reader knows, and what it does with each (TRF-16, TRF-2026 and
//! the JaVaFo / bbpPairings extensions): [`RECORDS`], the table the docs and the tests read, so
//! that no record is dropped in silence. A record the table calls [`Use::Ignored`], or a code
//! it does not list, is named in one warning a code (its lines), and `pair` says it too.
//!
//! Also the readers of the pairing records that came with issue 35: the initial colour
//! (`152`, `XXC`), players who must not meet (`260`, `XXP`).

use super::csv::Warning;
use crate::tournament::{Colour, DeclaredType, ForbiddenPairs, ForbiddenRecord, InitialColour, Tournament, TournamentType};

/// What the reader does with a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Read into the tournament and used (standings, pairing, checks).
    Read,
    /// Information that neither the standings nor a pairing needs (a federation, a time
    /// control, a deputy arbiter): not read, kept in the file written back.
    Kept,
    /// Read only to check the file (a declared count).
    Checked,
    /// Not used: each such record is named in a warning.
    Ignored,
}

/// Every record code the reader knows: code, what is done, what it is.
pub const RECORDS: &[(&str, Use, &str)] = &[
    ("001", Use::Read, "player: start rank, sex, title, name, rating, federation, FIDE id, birth date, points, rank, rounds"),
    ("012", Use::Read, "tournament name"),
    ("013", Use::Read, "team (TRF-16): name and players"),
    ("022", Use::Read, "city"),
    ("032", Use::Kept, "federation"),
    ("042", Use::Read, "start date"),
    ("052", Use::Read, "end date"),
    ("062", Use::Checked, "number of players (checked against the 001 records)"),
    ("072", Use::Kept, "number of rated players"),
    ("082", Use::Kept, "number of teams"),
    ("092", Use::Read, "type of tournament (free text)"),
    ("102", Use::Read, "chief arbiter"),
    ("112", Use::Kept, "deputy arbiter"),
    ("122", Use::Kept, "time control"),
    ("132", Use::Read, "round dates"),
    ("142", Use::Read, "number of rounds"),
    ("152", Use::Read, "initial colour (W or B): the colour of round 1's top player"),
    ("162", Use::Read, "point system (W D L A P ...)"),
    ("172", Use::Read, "starting rank method and the national ratings' federation"),
    ("182", Use::Kept, "pairing controller identifier"),
    ("192", Use::Read, "encoded tournament type: the pairing system (Dutch, Baku, round robin)"),
    ("202", Use::Read, "tiebreaks after points"),
    ("212", Use::Read, "standings order, points first"),
    ("222", Use::Kept, "encoded time control"),
    ("240", Use::Read, "byes entered by record (F, H, Z)"),
    ("250", Use::Read, "acceleration: virtual points for a range of rounds and players"),
    ("260", Use::Read, "players who must not meet, for a range of rounds"),
    ("299", Use::Read, "abnormal points (checked against the declared points)"),
    ("300", Use::Ignored, "out-of-order games"),
    ("310", Use::Read, "team (TRF-2026): number, name, points, rank, players"),
    ("320", Use::Ignored, "team pairing-allocated byes (the players' own byes are read)"),
    ("330", Use::Ignored, "forfeited team matches (the players' own forfeits are read)"),
    ("352", Use::Ignored, "team boards' colour sequence"),
    ("362", Use::Ignored, "team match points other than 2, 1, 0"),
    ("801", Use::Kept, "informative team record"),
    ("802", Use::Kept, "informative team record"),
    ("XXR", Use::Read, "number of rounds (JaVaFo)"),
    ("XXC", Use::Read, "initial colour (white1, black1; JaVaFo); 'rank' is not read"),
    ("XXA", Use::Read, "acceleration: a player's virtual points round by round (JaVaFo)"),
    ("XXP", Use::Read, "players who must not meet, the whole event (JaVaFo)"),
    ("XXS", Use::Read, "point system (JaVaFo)"),
    ("XXZ", Use::Ignored, "players absent from the next round (JaVaFo): enter them as 0000 - Z, or a 240 Z record"),
    ("BBW", Use::Read, "points of a win (bbpPairings)"),
    ("BBD", Use::Read, "points of a draw (bbpPairings)"),
    ("BBL", Use::Read, "points of a played loss (bbpPairings)"),
    ("BBZ", Use::Read, "points of a zero-point bye (bbpPairings)"),
    ("BBF", Use::Read, "points of a forfeit loss (bbpPairings)"),
    ("BBU", Use::Read, "points of the pairing-allocated bye (bbpPairings)"),
    ("###", Use::Kept, "comment"),
];

/// What the table says of `code`, if it lists it.
pub fn record(code: &str) -> Option<(Use, &'static str)> {
    RECORDS.iter().find(|r| r.0 == code).map(|r| (r.1, r.2))
}

/// A ruler or blank line (`DDD SSSS sTTT ...`, `        1         2`), not a record.
pub fn is_ruler(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || line.starts_with(' ') || line.starts_with("DDD") || t.chars().all(|c| c.is_ascii_digit())
}

/// One warning a code for the records not used (`unread`: code → lines): those the table
/// calls [`Use::Ignored`] and codes it does not know (a National Rating Support record is
/// read elsewhere).
pub fn unread_warnings(unread: &std::collections::BTreeMap<String, Vec<usize>>, warnings: &mut Vec<Warning>) {
    for (code, lines) in unread {
        let what = match record(code) {
            Some((Use::Kept | Use::Read | Use::Checked, _)) => continue,
            Some((Use::Ignored, what)) => format!("{code} ({what})"),
            None => format!("{code} (a record code this program does not know)"),
        };
        let at = listed(lines);
        let s = if lines.len() == 1 { "" } else { "s" };
        warnings.push(Warning { line: lines[0], message: format!("{what}: not read, so not used (line{s} {at})") });
    }
}

/// The records that say how a tournament is paired, as read: the type (`192`), the initial
/// colour (`152`, `XXC`; the last record read wins), players who must not meet (`260`, `XXP`).
#[derive(Default)]
pub(crate) struct PairingRecords {
    tournament_type: Option<DeclaredType>,
    initial_colour: Option<InitialColour>,
    forbidden: Vec<ForbiddenPairs>,
}

impl PairingRecords {
    /// Reads one record of code `code` (`152`, `XXC`, `192`, `260` or `XXP`); a record that does
    /// not read is a warning naming the line.
    pub(crate) fn read(&mut self, code: &str, line: usize, l: &str, warnings: &mut Vec<Warning>) {
        match code {
            "152" => self.initial_colour = read_152(line, l, warnings).or(self.initial_colour),
            "XXC" => {
                if l.split_whitespace().skip(1).any(|w| w.eq_ignore_ascii_case("rank")) {
                    let message = "XXC rank: pairing numbers from the rank column are not read; players are paired by start number".into();
                    warnings.push(Warning { line, message });
                }
                self.initial_colour = read_xxc(line, l).or(self.initial_colour);
            }
            "192" => match Some(l.chars().skip(4).collect::<String>()).filter(|v| !v.trim().is_empty()) {
                Some(code) => self.tournament_type = Some(DeclaredType { kind: TournamentType::from_code(&code), line }),
                None => warnings.push(Warning {
                    line,
                    message: "192: expected a tournament type (e.g. FIDE_DUTCH_2025); the record is ignored".into(),
                }),
            },
            _ => match read_forbidden(code, line, l) {
                Ok(f) => self.forbidden.push(f),
                Err(expected) => {
                    let message = format!("{code} (players who must not meet): expected {expected}; the record is ignored");
                    warnings.push(Warning { line, message })
                }
            },
        }
    }

    /// Puts what was read into the tournament.
    pub(crate) fn into_tournament(self, t: &mut Tournament) {
        (t.tournament_type, t.initial_colour, t.forbidden) = (self.tournament_type, self.initial_colour, self.forbidden);
    }
}

/// Line numbers as a warning lists them (the first ten, then how many more).
pub(crate) fn listed(lines: &[usize]) -> String {
    crate::text::first_of(lines.iter().map(usize::to_string), lines.len(), 10)
}

/// TRF-2026 `152`: `W` or `B` in column 5.
pub fn read_152(line: usize, l: &str, warnings: &mut Vec<Warning>) -> Option<InitialColour> {
    let colour = match l.chars().skip(4).collect::<String>().trim().to_ascii_uppercase().as_str() {
        "W" => Colour::White,
        "B" => Colour::Black,
        other => {
            let found = crate::error::excerpt(other);
            warnings.push(Warning {
                line,
                message: format!("152 (initial colour): expected W or B in column 5, found '{found}'; the record is ignored"),
            });
            return None;
        }
    };
    Some(InitialColour { colour, line })
}

/// JaVaFo's `XXC`: `white1` or `black1` among its words (`rank` asks to pair by the file's
/// ranks, which is not read: a player's start number is the pairing number).
pub fn read_xxc(line: usize, l: &str) -> Option<InitialColour> {
    let words: String = l.chars().skip(3).collect();
    words.split_whitespace().rev().find_map(|w| match w.to_ascii_lowercase().as_str() {
        "white1" => Some(InitialColour { colour: Colour::White, line }),
        "black1" => Some(InitialColour { colour: Colour::Black, line }),
        _ => None,
    })
}

/// TRF-2026 `260` (first round in columns 5-7, last in 9-11, start numbers from column 13 in
/// four columns a column apart) or JaVaFo's `XXP` (start numbers separated by spaces, for the
/// whole event). `Err`: what was expected.
pub fn read_forbidden(code: &str, line: usize, l: &str) -> Result<ForbiddenPairs, String> {
    let chars: Vec<char> = l.chars().collect();
    let field = |from: usize, to: usize| {
        chars.get(from - 1..to.min(chars.len())).map_or(String::new(), |c| c.iter().collect::<String>()).trim().to_string()
    };
    let (record, rounds, rest) = match code {
        "260" => {
            let round = |from, to| field(from, to).parse::<usize>().ok().filter(|&r| r > 0);
            let first = round(5, 7).ok_or("a first round in columns 5-7")?;
            let last = round(9, 11).ok_or("a last round in columns 9-11")?;
            if first > last {
                return Err(format!("a first round (columns 5-7) no later than the last (9-11), found {first} and {last}"));
            }
            (ForbiddenRecord::Trf260, Some((first, last)), chars.iter().skip(12).collect::<String>())
        }
        _ => (ForbiddenRecord::Xxp, None, chars.iter().skip(3).collect::<String>()),
    };
    let mut players = Vec::new();
    for word in rest.split_whitespace() {
        match word.parse::<u32>() {
            Ok(n) if n > 0 => players.push(n),
            _ => return Err(format!("start numbers, found '{}'", crate::error::excerpt(word))),
        }
    }
    players.sort_unstable();
    players.dedup();
    if players.len() < 2 {
        return Err("at least two start numbers".into());
    }
    Ok(ForbiddenPairs { line, record, rounds, players })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_the_reader_matches_is_in_the_table() {
        // The codes `Records::read` handles by name (engine/src/parse/trf.rs): each must say
        // here what is done with it, and no code twice.
        for code in [
            "001", "012", "022", "042", "052", "062", "092", "102", "132", "142", "152", "162", "172", "192", "202", "212", "240", "250",
            "260", "299", "013", "310", "362", "XXR", "XXC", "XXA", "XXP", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
        ] {
            assert!(matches!(record(code), Some((Use::Read | Use::Checked | Use::Ignored, _))), "{code}");
        }
        let mut codes: Vec<&str> = RECORDS.iter().map(|r| r.0).collect();
        codes.sort_unstable();
        let n = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), n, "a code listed twice");
    }

    #[test]
    fn forbidden_records_read() {
        let f = read_forbidden("260", 3, "260   1   5 0003 0007 0012").unwrap();
        assert_eq!((f.rounds, f.players.clone()), (Some((1, 5)), vec![3, 7, 12]));
        assert!(f.forbids(3, 12, 5) && !f.forbids(3, 12, 6) && !f.forbids(3, 4, 1));
        let x = read_forbidden("XXP", 4, "XXP 5 2").unwrap();
        assert_eq!((x.rounds, x.players), (None, vec![2, 5]));
        assert!(read_forbidden("XXP", 4, "XXP 5").unwrap_err().contains("two"));
        assert!(read_forbidden("260", 4, "260   5   1 0003 0007").unwrap_err().contains("no later"));
        assert!(read_forbidden("XXP", 4, "XXP 5 x").unwrap_err().contains("'x'"));
    }

    #[test]
    fn initial_colours_read() {
        let mut w = Vec::new();
        assert_eq!(read_152(1, "152 B", &mut w).map(|c| c.colour), Some(Colour::Black));
        assert_eq!(read_152(1, "152 X", &mut w), None);
        assert!(w[0].message.contains("expected W or B"));
        assert_eq!(read_xxc(2, "XXC rank white1").map(|c| c.colour), Some(Colour::White));
        assert_eq!(read_xxc(2, "XXC rank"), None);
    }
}
