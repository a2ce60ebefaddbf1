//! Registration: a players table as an organiser pastes it (from a spreadsheet: tabs; or
//! `;`- or `,`-separated, `"…"` quoting a field), and the tournament's details, made into a
//! new TRF file with the players in C.04.2's initial order (A.2: rating, title, name) and
//! numbered by it: the pairing numbers are the start numbers.
//!
//! A first line naming columns (`name`, `rating`, `fide id`, `federation`, `title`, `birth`,
//! `sex`, in any order and any case; `elo`, `fed`, `id`, `born` too) says which field is
//! which; without one the fields are, in order: name, rating, FIDE id, federation, title,
//! birth year (any may be left empty). Every field is checked: a bad one is an error naming
//! the line and the column and saying what was expected.

use crate::codes::Tiebreak;
use crate::error::{bad_field, excerpt, ParseError, ParseErrors};
use crate::parse::trf_record::{self, PlayerRecord};
use crate::tournament::{initial_order_key, PointSystem, RankingMethod, Sex, Title};
use serde::{Deserialize, Serialize};

/// One player as registered.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NewPlayer {
    pub name: String,
    pub rating: Option<u32>,
    pub fide_id: Option<String>,
    pub federation: Option<String>,
    pub title: Option<Title>,
    /// A year (`1994`) or a date as TRF writes it (`1994/05/12`).
    pub birth: Option<String>,
    pub sex: Option<Sex>,
    /// A national rating (written as TRF-2026's National Rating Support record of the
    /// details' federation), for a tournament ranked by it ([`RankingMethod`]).
    #[serde(default)]
    pub national_rating: Option<u32>,
}

/// How games score: FIDE's 1 / ½ / 0, or 3 / 1 / 0 (written as TRF-2026's `162`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Points {
    #[default]
    Fide,
    ThreeOne,
}

impl Points {
    pub const ALL: [Points; 2] = [Points::Fide, Points::ThreeOne];

    pub fn name(self) -> &'static str {
        match self {
            Points::Fide => "1-½-0",
            Points::ThreeOne => "3-1-0",
        }
    }

    pub fn system(self) -> PointSystem {
        match self {
            Points::Fide => PointSystem::default(),
            Points::ThreeOne => PointSystem {
                win: 3.0,
                draw: 1.0,
                forfeit_win: 3.0,
                full_bye: 3.0,
                half_bye: 1.0,
                pairing_bye: 3.0,
                ..PointSystem::default()
            },
        }
    }
}

/// The tournament's details, as its file's header records hold them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Details {
    pub name: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub federation: String,
    /// `YYYY/MM/DD` (or `YYYY-MM-DD`, written with slashes).
    #[serde(default)]
    pub start_date: String,
    #[serde(default)]
    pub end_date: String,
    #[serde(default)]
    pub arbiter: String,
    #[serde(default)]
    pub time_control: String,
    pub rounds: usize,
    #[serde(default)]
    pub points: Points,
    /// After points, in order (TRF-2026 `202`).
    #[serde(default)]
    pub tiebreaks: Vec<Tiebreak>,
    /// The rating used for the initial order (TRF-2026 `172`, with the federation above as
    /// the national ratings' federation).
    #[serde(default)]
    pub ranking: RankingMethod,
    /// The pairing system (TRF-2026 `192`; a round robin's rounds are its table's).
    #[serde(default)]
    pub system: super::system::System,
    /// Players who must not meet, as typed: a group a line, names separated by `;`
    /// ([`super::system::parse_apart`]; written as `260` records).
    #[serde(default)]
    pub must_not_meet: String,
    /// What the pairing-allocated bye scores (FIDE's checklist Q80: a win by default; with
    /// standard scoring only 1, ½ or 0, Q83), written in the `162` record when not a win.
    #[serde(default)]
    pub pab: Pab,
}

/// What the pairing-allocated bye scores: a win, a draw or nothing, in the tournament's points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pab {
    #[default]
    Win,
    Draw,
    Nothing,
}

impl Pab {
    pub const ALL: [Pab; 3] = [Pab::Win, Pab::Draw, Pab::Nothing];

    pub fn name(self) -> &'static str {
        match self {
            Pab::Win => "a win",
            Pab::Draw => "a draw",
            Pab::Nothing => "nothing",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Pab::Win => "win",
            Pab::Draw => "draw",
            Pab::Nothing => "nothing",
        }
    }

    /// `points` with the pairing-allocated bye scoring as this says.
    pub fn applied(self, points: Points) -> PointSystem {
        let mut s = points.system();
        s.pairing_bye = match self {
            Pab::Win => s.win,
            Pab::Draw => s.draw,
            Pab::Nothing => s.loss,
        };
        s
    }
}

impl Default for Details {
    /// A 7-round Swiss ranked by C.07's usual Swiss tiebreaks.
    fn default() -> Details {
        Details {
            name: String::new(),
            city: String::new(),
            federation: String::new(),
            start_date: String::new(),
            end_date: String::new(),
            arbiter: String::new(),
            time_control: String::new(),
            rounds: 7,
            points: Points::Fide,
            tiebreaks: crate::job::recommended_order(false).to_vec(),
            ranking: RankingMethod::Fide,
            system: super::system::System::Swiss,
            must_not_meet: String::new(),
            pab: Pab::Win,
        }
    }
}

impl Details {
    /// The defaults for `system`: a round robin ranked by C.07's usual round-robin tiebreaks
    /// (DE, WIN, SB, KS: no Buchholz, which a round robin may not use), a Swiss by the Swiss's.
    pub fn for_system(system: super::system::System) -> Details {
        let tiebreaks = crate::job::recommended_order(system.cycles().is_some()).to_vec();
        Details { system, tiebreaks, ..Details::default() }
    }
}

/// The most rounds a desk tournament may have (a TRF round block is ten columns; 99 keeps
/// the `142` record and the round numbers in their fields).
pub const MAX_ROUNDS: usize = 99;
/// The TRF name field's width (columns 15-47).
pub const NAME_WIDTH: usize = trf_record::NAME.width();

/// What a column of the players table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Name,
    Rating,
    FideId,
    Federation,
    Title,
    Birth,
    Sex,
    National,
}

impl Field {
    /// Without a header line, the columns in this order.
    const ORDER: [Field; 6] = [Field::Name, Field::Rating, Field::FideId, Field::Federation, Field::Title, Field::Birth];

    fn named(header: &str) -> Option<Field> {
        let h: String = header.trim().to_lowercase().chars().filter(|c| c.is_alphanumeric()).collect();
        Some(match h.as_str() {
            "name" | "player" | "players" => Field::Name,
            "rating" | "elo" | "rtg" | "fiderating" => Field::Rating,
            "fideid" | "id" | "fide" => Field::FideId,
            "federation" | "fed" | "country" => Field::Federation,
            "title" => Field::Title,
            "birth" | "born" | "birthyear" | "year" | "yob" | "birthdate" => Field::Birth,
            "sex" | "gender" => Field::Sex,
            "national" | "nationalrating" | "nat" | "natrating" | "nrating" | "nrtg" => Field::National,
            _ => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Rating => "rating",
            Field::FideId => "FIDE id",
            Field::Federation => "federation",
            Field::Title => "title",
            Field::Birth => "birth",
            Field::Sex => "sex",
            Field::National => "national rating",
        }
    }
}

/// The fields of one line, split at `sep` (a field in double quotes may hold it), trimmed:
/// the CSV reader the rating lists use.
fn split(line: &str, sep: char) -> Vec<String> {
    crate::parse::rating_list::formats::split(line, sep)
}

/// Reads a pasted players table (see the module's documentation). Every bad field is listed.
pub fn parse_players(text: &str) -> Result<Vec<NewPlayer>, ParseErrors> {
    let sep = if text.contains('\t') {
        '\t'
    } else if text.contains(';') {
        ';'
    } else {
        ','
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    let Some((first_no, first)) = lines.next() else { return Err(ParseErrors(vec![ParseError::Empty])) };
    let head = split(first, sep);
    let named: Vec<Option<Field>> = head.iter().map(|h| Field::named(h)).collect();
    let (columns, body): (Vec<Option<Field>>, Vec<(usize, &str)>) = if named.contains(&Some(Field::Name)) {
        (named, lines.collect())
    } else {
        (Field::ORDER.iter().copied().map(Some).collect(), std::iter::once((first_no, first)).chain(lines).collect())
    };
    let mut players = Vec::new();
    let mut errors = Vec::new();
    // Where each FIDE id was first given: a player entered twice is refused by line.
    let mut ids: Vec<(String, usize, String)> = Vec::new();
    for (no, line) in body {
        match player(no, &split(line, sep), &columns) {
            Ok(p) => match p.fide_id.as_ref().and_then(|id| ids.iter().find(|(i, ..)| i == id)) {
                Some((id, first, name)) => errors.push(ParseError::BadRecord {
                    line: no,
                    problem: format!("FIDE id {id} again"),
                    expected: format!("each player once: FIDE id {id} is on line {first} ({name}) already"),
                }),
                None => {
                    if let Some(id) = &p.fide_id {
                        ids.push((id.clone(), no, p.name.clone()));
                    }
                    players.push(p)
                }
            },
            Err(e) => errors.extend(e),
        }
    }
    match errors.is_empty() {
        true if players.is_empty() => Err(ParseErrors(vec![ParseError::Empty])),
        true => Ok(players),
        false => Err(ParseErrors(errors)),
    }
}

/// One line's player: each field read by its column.
fn player(line: usize, fields: &[String], columns: &[Option<Field>]) -> Result<NewPlayer, Vec<ParseError>> {
    let mut p = NewPlayer::default();
    let mut errors = Vec::new();
    if fields.len() > columns.len() && fields[columns.len()..].iter().any(|f| !f.is_empty()) {
        let expected =
            format!("at most {} fields ({})", columns.len(), columns.iter().flatten().map(|f| f.label()).collect::<Vec<_>>().join(", "));
        errors.push(ParseError::BadRecord { line, problem: format!("{} fields", fields.len()), expected });
    }
    for (field, column) in fields.iter().zip(columns) {
        let Some(column) = column else { continue };
        if let Err(e) = read_field(&mut p, *column, field) {
            errors.push(bad_field(line, column.label(), e, excerpt(field)));
        }
    }
    if p.name.is_empty() && errors.is_empty() {
        errors.push(bad_field(line, "name", "a player's name", ""));
    }
    if errors.is_empty() {
        Ok(p)
    } else {
        Err(errors)
    }
}

/// Sets `column` of `p` from `v` (empty: unknown), or says what was expected.
fn read_field(p: &mut NewPlayer, column: Field, v: &str) -> Result<(), &'static str> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(());
    }
    match column {
        Field::Name if v.chars().count() > NAME_WIDTH => return Err("a name of at most 33 characters (the TRF's name field)"),
        Field::Name => p.name = v.to_string(),
        Field::Rating => p.rating = rating(v)?,
        Field::National => p.national_rating = rating(v)?,
        Field::FideId if v.len() <= 11 && v.chars().all(|c| c.is_ascii_digit()) => p.fide_id = Some(v.to_string()),
        Field::FideId => return Err("a FIDE id: up to 11 digits"),
        Field::Federation if v.len() == 3 && v.chars().all(|c| c.is_ascii_alphabetic()) => p.federation = Some(v.to_uppercase()),
        Field::Federation => return Err("a federation: three letters (e.g. NOR)"),
        Field::Title => p.title = Some(v.parse().map_err(|_| "a FIDE title: GM, IM, WGM, FM, WIM, CM, WFM or WCM")?),
        Field::Birth => p.birth = Some(birth(v).ok_or("a year of birth (e.g. 1994) or a date YYYY/MM/DD")?),
        Field::Sex => {
            p.sex = Some(match v.to_lowercase().as_str() {
                "m" | "male" => Sex::Male,
                "w" | "f" | "female" => Sex::Female,
                _ => return Err("m, or w (f)"),
            })
        }
    }
    Ok(())
}

/// A rating: 0 (unrated) to 3500.
fn rating(v: &str) -> Result<Option<u32>, &'static str> {
    match v.parse::<u32>() {
        Ok(0) => Ok(None),
        Ok(r) if r <= 3500 => Ok(Some(r)),
        _ => Err("a rating: a whole number from 0 (unrated) to 3500"),
    }
}

/// A year, or a date with `/` or `-` between its parts, as TRF writes it.
fn birth(v: &str) -> Option<String> {
    let parts: Vec<&str> = v.split(['/', '-', '.']).collect();
    let year_ok = |y: &str| y.len() == 4 && y.parse::<u16>().is_ok_and(|y| (1900..=2100).contains(&y));
    match parts.as_slice() {
        [y] if year_ok(y) => Some(y.to_string()),
        [y, m, d] if year_ok(y) && m.len() == 2 && d.len() == 2 && m.parse::<u8>().is_ok() && d.parse::<u8>().is_ok() => {
            Some(format!("{y}/{m}/{d}"))
        }
        _ => None,
    }
}

/// A date as TRF writes it (`YYYY/MM/DD`), from that or `YYYY-MM-DD`; empty stays empty.
fn trf_date(what: &str, v: &str) -> Result<String, super::DeskError> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(String::new());
    }
    match birth(v).filter(|d| d.len() == 10) {
        Some(d) => Ok(d),
        None => Err(super::DeskError::Details(format!("{what}: expected a date YYYY/MM/DD, found '{}'", excerpt(v)))),
    }
}

/// A `001` record: start number, sex, title, name, rating, federation, FIDE id, birth,
/// points 0, in the columns the TRF reader reads them from ([`crate::parse::trf_record`]).
pub(crate) fn player_record(start: u32, p: &NewPlayer) -> String {
    let name: String = p.name.chars().take(NAME_WIDTH).collect();
    PlayerRecord {
        start,
        sex: p.sex,
        title: p.title.map(|t| t.name()),
        name: &name,
        rating: p.rating,
        federation: p.federation.as_deref(),
        fide_id: p.fide_id.as_deref(),
        birth: p.birth.as_deref(),
        points: Some(0.0),
        rank: None,
    }
    .write()
}

/// TRF-2026's `162` record for a point system: its codes only (`W D L A P`: win, draw, loss,
/// absence, pairing-allocated bye); a forfeit win and a full-point bye score as `W`, a
/// half-point bye as `D`, as TRF-2026 reads them. In TRF-2026's columns, a code in column 6,
/// 15, 24, … and its points in the four columns after it, the only layout FIDE's reference
/// reader (TieBreakServer) reads.
fn points_record(p: &PointSystem) -> String {
    let cells = [('W', p.win), ('D', p.draw), ('L', p.loss), ('A', p.zero_bye), ('P', p.pairing_bye)];
    let cells: Vec<String> = cells.iter().map(|(code, points)| format!("{code}{points:4.1}")).collect();
    format!("162  {}\n", cells.join("    "))
}

/// A header record, if it has a value.
fn header(out: &mut String, code: &str, value: &str) {
    if !value.trim().is_empty() {
        out.push_str(&format!("{code} {}\n", value.trim()));
    }
}

/// The players in C.04.2's initial order (Art. 2): the rating `ranking` uses (unrated last),
/// title, name, then the FIDE id; another method ([`RankingMethod::Other`]) keeps the order
/// listed.
pub fn initial_order(players: &[NewPlayer], ranking: RankingMethod) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    if ranking != RankingMethod::Other {
        crate::sort::by_cached_key(&mut order, |&i| (order_key(&players[i], ranking), i));
    }
    order
}

/// A place in the initial order: strength, title, name, FIDE id.
pub(crate) type OrderKey = (std::cmp::Reverse<u32>, usize, String, u64);

/// The FIDE id as the order's last key (none: after every id).
fn id_key(id: Option<&str>) -> u64 {
    id.and_then(|i| i.trim().parse().ok()).unwrap_or(u64::MAX)
}

/// A registered player's place in the initial order by `ranking`. C.04.2 Art. 2 (Initial
/// Order) ranks by strength (the rating), then FIDE title, then alphabetically "unless it has
/// been previously stated that another criterion will be used"; two players of one name
/// (issue 36) are ordered by their FIDE ids, which this stated order adds after the name.
pub(crate) fn order_key(p: &NewPlayer, ranking: RankingMethod) -> OrderKey {
    let (strength, title, name) = initial_order_key(ranking.strength(p.rating, p.national_rating), p.title, &p.name);
    (strength, title, name, id_key(p.fide_id.as_deref()))
}

/// An entrant's place in the initial order by `ranking` ([`order_key`]).
pub(crate) fn entrant_key(e: &crate::tournament::Entrant, ranking: RankingMethod) -> OrderKey {
    let (strength, title, name) = initial_order_key(ranking.strength(e.rating, e.national_rating), e.fide_title(), &e.name);
    (strength, title, name, id_key(e.fide_id.as_deref()))
}

/// A National Rating Support record (TRF-2026): the federation, the start number, the
/// national rating in the `001` record's rating columns (49-52), the rest left as in `001`.
pub(crate) fn national_record(federation: &str, start: u32, rating: u32) -> String {
    format!("{federation} {start:>4}{:40}{rating:>4}", "")
}

/// A new tournament's file: the details' records, then the players in the initial order.
pub fn new_file(d: &Details, players: &[NewPlayer]) -> Result<String, super::DeskError> {
    use super::DeskError::Details as Bad;
    if d.name.trim().is_empty() {
        return Err(Bad("the tournament's name: expected a name".into()));
    }
    if !(1..=MAX_ROUNDS).contains(&d.rounds) {
        return Err(Bad(format!("rounds: expected a number from 1 to {MAX_ROUNDS}, found {}", d.rounds)));
    }
    if players.len() < 2 {
        return Err(Bad(format!("players: expected at least 2, found {}", players.len())));
    }
    if players.len() > 9999 {
        return Err(Bad("players: expected at most 9999 (the TRF's start number has four digits)".into()));
    }
    d.system.check(&d.points.system())?;
    // A round robin may not use a Buchholz tie-break (FIDE's checklist, Q105).
    crate::codes::check_round_robin(&d.tiebreaks, d.system.cycles().is_some()).map_err(|e| Bad(format!("tiebreaks: {e}")))?;
    let rounds = d.system.rounds(players.len(), d.rounds)?;
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    let apart = super::system::parse_apart(&d.must_not_meet, &names)?;
    let fed = d.federation.trim();
    let three_letters = fed.len() == 3 && fed.chars().all(|c| c.is_ascii_alphabetic());
    if !fed.is_empty() && !three_letters {
        return Err(Bad(format!("federation: expected three letters, found '{}'", excerpt(fed))));
    }
    let mut out = String::new();
    header(&mut out, "012", &d.name);
    header(&mut out, "022", &d.city);
    header(&mut out, "032", &fed.to_uppercase());
    header(&mut out, "042", &trf_date("start date", &d.start_date)?);
    header(&mut out, "052", &trf_date("end date", &d.end_date)?);
    header(&mut out, "062", &players.len().to_string());
    header(&mut out, "072", &players.iter().filter(|p| p.rating.is_some()).count().to_string());
    header(&mut out, "092", d.system.description());
    header(&mut out, "102", &d.arbiter);
    header(&mut out, "122", &d.time_control);
    header(&mut out, "142", &rounds.to_string());
    header(&mut out, "192", d.system.tournament_type().code());
    if d.points != Points::Fide || d.pab != Pab::Win {
        out.push_str(&points_record(&d.pab.applied(d.points)));
    }
    let tiebreaks: Vec<&str> = d.tiebreaks.iter().map(|t| t.code()).collect();
    header(&mut out, "202", &tiebreaks.join(" "));
    let national = d.ranking.national() || players.iter().any(|p| p.national_rating.is_some());
    if national && !three_letters {
        return Err(Bad(format!(
            "the rating used ({}): expected the federation (three letters) whose national ratings they are",
            d.ranking.name()
        )));
    }
    if national || d.ranking != RankingMethod::Fide {
        header(&mut out, "172", &format!("{:<3} {}", fed.to_uppercase(), d.ranking.code()));
    }
    let order = initial_order(players, d.ranking);
    for (k, &i) in order.iter().enumerate() {
        out.push_str(&player_record(k as u32 + 1, &players[i]));
        out.push('\n');
    }
    let start_of = |i: usize| order.iter().position(|&x| x == i).map_or(0, |k| k as u32 + 1);
    for group in &apart {
        let mut starts: Vec<u32> = group.iter().map(|&i| start_of(i)).collect();
        starts.sort_unstable();
        out.push_str(&super::system::apart_record(&starts, rounds));
        out.push('\n');
    }
    for (k, &i) in order.iter().enumerate() {
        if let Some(r) = players[i].national_rating {
            out.push_str(&national_record(&fed.to_uppercase(), k as u32 + 1, r));
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::trf::parse_trf;

    #[test]
    fn a_table_with_a_header_in_any_order_is_read() {
        let text = "Rating\tName\tFed\tTitle\tBorn\n2100\tAnna\tnor\tIM\t1994\n\tBen\t\t\t\n";
        let p = parse_players(text).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[0].name.as_str(), p[0].rating, p[0].federation.as_deref(), p[0].title, p[0].birth.as_deref()),
            ("Anna", Some(2100), Some("NOR"), Some(Title::Im), Some("1994"))
        );
        assert_eq!((p[1].name.as_str(), p[1].rating), ("Ben", None));
    }

    #[test]
    fn without_a_header_the_fields_are_in_the_documented_order_and_quotes_keep_commas() {
        let p = parse_players("\"Carlsen, Magnus\",2830,1503014,NOR,GM,1990\nAnna,1800\n").unwrap();
        assert_eq!(p[0].name, "Carlsen, Magnus");
        assert_eq!((p[0].rating, p[0].fide_id.as_deref(), p[0].title), (Some(2830), Some("1503014"), Some(Title::Gm)));
        assert_eq!((p[1].name.as_str(), p[1].rating), ("Anna", Some(1800)));
    }

    #[test]
    fn every_bad_field_is_named_by_line_and_column() {
        let e = parse_players("name;rating;fed\nAnna;21oo;NOR\nBen;2000;Norway\n;1500;\n").unwrap_err().to_string();
        assert!(e.contains("line 2, column 'rating': expected a rating: a whole number from 0 (unrated) to 3500, found '21oo'"), "{e}");
        assert!(e.contains("line 3, column 'federation': expected a federation: three letters (e.g. NOR), found 'Norway'"), "{e}");
        assert!(e.contains("line 4, column 'name': expected a player's name"), "{e}");
    }

    #[test]
    fn the_new_file_numbers_players_in_the_initial_order_and_reads_back() {
        let players = parse_players("name,rating,title\nZoe,2000,\nAnna,2000,\nBen,2000,FM\nCleo,,\nDan,2200,\n").unwrap();
        let d = Details { name: "Club Swiss".into(), rounds: 5, start_date: "2026-12-01".into(), ..Details::default() };
        let text = new_file(&d, &players).unwrap();
        let (t, warnings) = parse_trf(&text).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        let names: Vec<&str> = t.entrants.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Dan", "Ben", "Anna", "Zoe", "Cleo"], "rating, then title, then name");
        assert_eq!((t.total_rounds, t.start_date.as_deref(), t.entrants[1].title.as_deref()), (Some(5), Some("2026/12/01"), Some("FM")));
        assert_eq!(t.initial_order(), (0..5).collect::<Vec<_>>(), "the engine's own initial order agrees");
        let order = t.declared_order.unwrap();
        assert_eq!(order.tiebreaks, [Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb]);
    }

    #[test]
    fn the_rating_used_orders_the_players_and_is_written_as_trf_2026_records() {
        use crate::desk::export::{export, TrfVersion};
        let players = parse_players("name,rating,national\nAnna,1900,2050\nBen,2000,\nCleo,,2100\nDan,,\n").unwrap();
        let d = |ranking| Details { name: "Club".into(), federation: "nor".into(), ranking, ..Details::default() };
        let names = |text: &str| parse_trf(text).unwrap().0.entrants.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        let expect = [
            (RankingMethod::Fide, ["Ben", "Anna", "Cleo", "Dan"]),
            (RankingMethod::National, ["Cleo", "Anna", "Ben", "Dan"]),
            (RankingMethod::FideElseNational, ["Cleo", "Ben", "Anna", "Dan"]),
            (RankingMethod::NationalElseFide, ["Cleo", "Anna", "Ben", "Dan"]),
            (RankingMethod::Higher, ["Cleo", "Anna", "Ben", "Dan"]),
            (RankingMethod::Lower, ["Cleo", "Ben", "Anna", "Dan"]),
            (RankingMethod::Other, ["Anna", "Ben", "Cleo", "Dan"]),
        ];
        for (method, order) in expect {
            let text = new_file(&d(method), &players).unwrap();
            assert_eq!(names(&text), order, "{}", method.name());
            let (t, warnings) = parse_trf(&text).unwrap();
            assert!(warnings.is_empty(), "{warnings:?}");
            assert_eq!(t.ranking.as_ref().map(|r| (r.federation.as_str(), r.method)), Some(("NOR", method)));
            assert_eq!(t.initial_order(), (0..4).collect::<Vec<_>>(), "the reader's initial order agrees ({})", method.code());
            let cleo = t.entrants.iter().find(|e| e.name == "Cleo").unwrap();
            assert_eq!((cleo.rating, cleo.national_rating), (None, Some(2100)));
            let old = export(&text, TrfVersion::Trf16);
            assert!(!old.contains("\n172 ") && !old.contains("\nNOR "), "{old}");
        }
        let text = new_file(&d(RankingMethod::FideElseNational), &players).unwrap();
        assert!(text.contains("172 NOR FIDON\n"), "{text}");
        assert!(text.contains(&format!("NOR    1{:40}2100\n", "")), "{text}");
        let unnamed = Details { federation: String::new(), ..d(RankingMethod::National) };
        assert!(new_file(&unnamed, &players).unwrap_err().to_string().contains("expected the federation (three letters)"));
    }

    #[test]
    fn details_that_cannot_be_written_are_refused() {
        let players = parse_players("Anna\nBen\n").unwrap();
        let bad = |d: Details| new_file(&d, &players).unwrap_err().to_string();
        assert!(bad(Details { rounds: 0, name: "X".into(), ..Details::default() }).contains("rounds: expected a number from 1 to 99"));
        assert!(bad(Details::default()).contains("the tournament's name"));
        assert!(bad(Details { name: "X".into(), end_date: "tomorrow".into(), ..Details::default() })
            .contains("end date: expected a date YYYY/MM/DD"));
    }
}
