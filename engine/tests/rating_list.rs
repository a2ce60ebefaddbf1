//! The rating list read offline (issue 36): FIDE's TXT and XML downloads and a national CSV,
//! from hand-written fixtures in FIDE's formats with broken lines (`tests/data/rating_list/`),
//! read whole and in pieces; the search by name and the lookup by id; and a 100,000-line
//! synthetic list read in pieces (the time it takes: `docs/performance.md`).

#[path = "common/fide_sample.rs"]
mod fide_sample;

use ratings_engine::parse::rating_list::{read_list, ListFormat, ListReader, RatingList, RatingType, ReadList};
use ratings_engine::tournament::{Sex, Title};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/rating_list/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn in_pieces(bytes: &[u8], size: usize) -> ReadList {
    let mut r = ListReader::new(None);
    bytes.chunks(size).for_each(|c| r.push(c));
    r.finish()
}

fn names(list: &RatingList, found: &[&ratings_engine::parse::rating_list::ListEntry]) -> Vec<String> {
    found.iter().map(|e| list.name(e).to_string()).collect()
}

#[test]
fn fides_txt_is_read_by_its_header_with_every_broken_line_named() {
    let read = read_list(&data("players_list_foa.txt"), Some("2026-04".into()));
    let list = &read.list;
    assert_eq!((list.format, list.len(), list.date.as_deref()), (ListFormat::FideTxt, 16, Some("2026-04")));
    let carlsen = list.find(1503014).unwrap();
    assert_eq!(list.name(carlsen), "Carlsen, Magnus", "the first of a repeated id is kept");
    assert_eq!(
        (carlsen.rating(RatingType::Standard), carlsen.rating(RatingType::Rapid), carlsen.rating(RatingType::Blitz)),
        (Some(2833), Some(2818), Some(2886))
    );
    assert_eq!(
        (carlsen.federation(), carlsen.title, carlsen.sex, carlsen.birth_year()),
        (Some("NOR"), Some(Title::Gm), Some(Sex::Male), Some(1990))
    );
    let hou = list.find(5000017).unwrap();
    assert_eq!((hou.title, hou.sex), (Some(Title::Gm), Some(Sex::Female)), "the open title before the women's");
    let ase = list.find(1700010).unwrap();
    assert_eq!((list.name(ase), ase.title, ase.rating(RatingType::Blitz), ase.inactive), ("Sørensen, Åse", Some(Title::Wfm), None, false));
    assert!(list.find(1700029).unwrap().inactive, "flag i");
    let smithson = list.find(12345680).unwrap();
    assert_eq!((smithson.birth_year(), smithson.sex), (None, Some(Sex::Female)), "0000 is no year");
    let garcia = list.find(13300029).unwrap();
    assert_eq!((garcia.rating(RatingType::Standard), garcia.birth_year()), (None, Some(1999)), "kept without the bad rating");
    let perez = list.find(13300045).unwrap();
    assert_eq!((perez.sex, perez.title, perez.rating(RatingType::Standard)), (None, None, Some(1760)));
    let unrated = list.find(24100010).unwrap();
    assert_eq!((unrated.rating(RatingType::Standard), unrated.sex), (None, Some(Sex::Female)));
    let w = read.warning_lines();
    let expect = [
        "columns not read: OTit, FOA, SGm, SK, RGm, Rk, BGm, BK",
        "3 lines left out, no player read from them (each named below)",
        "line 14, column 'SRtng': expected a rating: a whole number from 0 (unrated) to 3500 (the player is kept without it), found '25OO'",
        "line 15: 33 characters, cut off before the federation (column 77); expected a player line of FIDE's TXT list",
        "line 16, column 'ID Number': expected a FIDE id: up to 11 digits (the line is not read), found 'ABC'",
        "line 17, column 'Sex': expected M or F (the player is kept without it), found 'X'",
        "line 17, column 'Tit': expected a FIDE title",
        "line 18: FIDE id 1503014 is on line 2 too; expected each id once (the first line's player is kept)",
    ];
    assert_eq!(w.len(), expect.len(), "{w:#?}");
    for (got, want) in w.iter().zip(expect) {
        assert!(got.starts_with(want), "{got}\n  expected to start with\n{want}");
    }
}

#[test]
fn any_pieces_read_as_the_whole() {
    for name in ["players_list_foa.txt", "players_list_xml_foa.xml", "national.csv"] {
        let whole = read_list(&data(name), None);
        for size in [1, 7, 64, 4096] {
            assert_eq!(in_pieces(&data(name), size), whole, "{name} in pieces of {size}");
        }
    }
}

#[test]
fn the_search_ignores_case_and_accents_and_ranks_the_surname_then_activity_then_rating() {
    let list = read_list(&data("players_list_foa.txt"), None).list;
    let search = |q: &str, kind| names(&list, &list.search(q, kind, 10));
    assert_eq!(search("sorensen", RatingType::Standard), ["Sørensen, Åse", "Sorensen, Bent"], "the active before the inactive");
    assert_eq!(search("SØRENSEN, b", RatingType::Standard), ["Sorensen, Bent"]);
    assert_eq!(search("smith", RatingType::Standard), ["Smith, John", "Smith, John", "Smithson, Anna"]);
    let smiths = list.search("smith, john", RatingType::Standard, 10);
    assert_eq!(smiths.iter().map(|e| e.federation().unwrap()).collect::<Vec<_>>(), ["ENG", "SCO"], "the higher rated first");
    assert_eq!(search("muller", RatingType::Standard), ["Müller, Jürgen", "Muller, Jan"]);
    assert_eq!(search("gonzalez nunez", RatingType::Standard), ["González Núñez, José"]);
    assert_eq!(search("kowalski, l", RatingType::Rapid), ["Kowalski, Łukasz"]);
    assert_eq!(search("  ", RatingType::Standard), Vec::<String>::new());
    assert_eq!(search("1503014", RatingType::Standard), ["Carlsen, Magnus"], "digits are an id");
    assert_eq!(list.search("s", RatingType::Standard, 2).len(), 2, "at most the limit");
    assert_eq!(search("nielsen, peter h", RatingType::Standard), ["Nielsen, Peter Heine"]);
}

#[test]
fn fides_xml_is_read_with_its_entities_and_latin_1_and_every_broken_player_named() {
    let read = read_list(&data("players_list_xml_foa.xml"), None);
    let list = &read.list;
    assert_eq!(list.format, ListFormat::FideXml);
    let ids: Vec<u64> = list.entries.iter().map(|e| e.id).collect();
    assert_eq!(ids, [1503014, 1700010, 4100018, 5000017, 12345678, 12345686, 12345694, 12345718]);
    assert_eq!(list.name(list.find(4100018).unwrap()), "Müller, Jürgen", "ISO-8859-1, as FIDE declares");
    let obrien = list.find(12345678).unwrap();
    assert_eq!((list.name(obrien), obrien.inactive), ("O'Brien & Sons, Pat", true));
    let last = list.find(12345718).unwrap();
    assert_eq!(
        (last.rating(RatingType::Standard), last.rating(RatingType::Rapid), last.rating(RatingType::Blitz)),
        (Some(1600), Some(1550), None)
    );
    let w = read.warning_lines();
    let expect = [
        "elements not read: o_title, foa_title, games, k, rapid_games, rapid_k, blitz_games, blitz_k",
        "3 lines left out, no player read from them (each named below)",
        "line 108, column 'rating': expected a rating",
        "line 129: a <player> element not closed before the next one; expected '</player>' after each player",
        "line 153, column 'fideid': expected a FIDE id: up to 11 digits (the line is not read), found ''",
        "line 174: a <player> element that cannot be read; expected '</country>' closing '<country>'",
    ];
    assert_eq!(w.len(), expect.len(), "{w:#?}");
    for (got, want) in w.iter().zip(expect) {
        assert!(got.starts_with(want), "{got}\n  expected to start with\n{want}");
    }
}

#[test]
fn a_national_csv_is_read_by_its_header() {
    let read = read_list(&data("national.csv"), None);
    let list = &read.list;
    assert_eq!((list.format, list.len()), (ListFormat::Csv, 7));
    let hansen = list.search("hansen", RatingType::Standard, 5);
    assert_eq!((hansen.len(), hansen[0].fide_id(), hansen[0].rating(RatingType::Standard)), (1, None, Some(1850)), "kept without an id");
    assert_eq!(list.name(list.find(10002).unwrap()), "Dahl; Per", "a quoted separator");
    let berg = list.find(10001).unwrap();
    assert_eq!((berg.birth_year(), berg.sex, berg.rating(RatingType::Rapid)), (Some(1999), Some(Sex::Female), Some(1700)));
    assert_eq!(list.find(10008).unwrap().sex, Some(Sex::Female), "w");
    assert_eq!(list.find(10005).unwrap().federation(), None, "kept without the bad federation");
    let w = read.warning_lines();
    let expect = [
        "2 lines left out, no player read from them (each named below)",
        "line 5, column 'Rating': expected a rating",
        "line 6, column 'Name': expected a player's name (the line is not read)",
        "line 7, column 'Fed': expected a federation: three letters (the player is kept without it), found 'Norway'",
        "line 8: 9 fields; expected at most 8 fields, as the header names",
    ];
    assert_eq!(w.len(), expect.len(), "{w:#?}");
    for (got, want) in w.iter().zip(expect) {
        assert!(got.starts_with(want), "{got}\n  expected to start with\n{want}");
    }
}

#[test]
fn a_file_that_is_no_list_says_what_was_expected() {
    let read = read_list(b"white,black,result\nAnna,Ben,1-0\n", None);
    assert!(read.list.is_empty());
    let w = read.warning_lines();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("line 1: the first line names no 'name' column; the 1 lines after it were not read; expected FIDE's TXT header"),
        "{}",
        w[0]
    );
    let empty = read_list(b"\n\n", None);
    assert!(empty.list.is_empty() && empty.warning_lines()[0].contains("the input is empty"));
}

#[test]
fn warnings_past_the_cap_are_counted_not_listed() {
    let mut text = format!("{}\n", fide_sample::HEADER);
    for k in 0..250 {
        text.push_str(&format!("{:<15}Broken, Number{k}\n", 1000 + k));
    }
    let read = read_list(text.as_bytes(), None);
    assert_eq!((read.warnings.len(), read.more_warnings), (100, 150));
    assert_eq!(read.warning_lines().last().unwrap(), "150 more problems like these, not listed (the first 100 are)");
}

/// 100,000 lines of FIDE's TXT, read in 64 KiB pieces as the app's worker reads a file:
/// every line read, the ids unique, and a search and a lookup answering. (The time is a
/// benchmark, not asserted: `docs/performance.md`.)
#[test]
fn a_100000_line_list_reads_in_pieces() {
    let text = fide_sample::sample_list(100_000, 36);
    assert_eq!(text.lines().count(), 100_001);
    let started = std::time::Instant::now();
    let read = in_pieces(text.as_bytes(), 64 * 1024);
    let took = started.elapsed();
    assert_eq!(read.warning_lines(), ["columns not read: OTit, FOA, SGm, SK, RGm, Rk, BGm, BK"]);
    assert!(read.warnings.is_empty() && read.skipped == 0);
    let list = &read.list;
    assert_eq!(list.len(), 100_000);
    let first = list.find(1_000_000).unwrap();
    assert!(list.name(first).contains(", "));
    let found = list.search("kowalski, l", RatingType::Standard, 20);
    assert_eq!(found.len(), 20);
    assert!(found.iter().all(|e| list.name(e).starts_with("Kowalski, Łukasz")));
    let ratings: Vec<u32> = found.iter().filter(|e| !e.inactive).map(|e| e.rating(RatingType::Standard).unwrap_or(0)).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "the active by rating: {ratings:?}");
    let rated = list.entries.iter().filter(|e| e.rating(RatingType::Standard).is_some()).count();
    assert!((40_000..70_000).contains(&rated), "{rated} rated");
    eprintln!("100,000 lines read in {took:?}");
}

fn named(name: &str) -> ReadList {
    let mut r = ListReader::named(name);
    r.push(&data(name));
    r.finish()
}

/// Q122: FIDE's separate standard, rapid and blitz lists (the month as the rating's heading,
/// `Gms`, `K`, `Bday`) read with the rating of the kind the file's name says, and without a
/// warning but for a field that cannot be read.
#[test]
fn fides_separate_lists_give_the_rating_of_their_kind() {
    let standard = named("standard_nov26frl.txt");
    assert!(standard.warnings.is_empty(), "{:?}", standard.warning_lines());
    let list = &standard.list;
    assert_eq!(
        (list.format, list.len(), list.date.as_deref(), list.kind),
        (ListFormat::FideTxt, 4, Some("2026-11"), Some(RatingType::Standard))
    );
    let carlsen = list.player(list.find(1503014).unwrap());
    assert_eq!((carlsen.standard, carlsen.rapid, carlsen.blitz, carlsen.birth_year), (Some(2833), None, None, Some(1990)));
    let hou = list.player(list.find(8603006).unwrap());
    assert_eq!(
        (hou.standard, hou.sex, hou.title, hou.federation.as_deref()),
        (Some(2633), Some(Sex::Female), Some(Title::Gm), Some("CHN"))
    );
    assert!(list.player(list.find(4100018).unwrap()).inactive);

    let rapid = named("rapid_nov26frl.txt");
    let carlsen = rapid.list.player(rapid.list.find(1503014).unwrap());
    assert_eq!((carlsen.standard, carlsen.rapid, carlsen.birth_year), (None, Some(2818), Some(1990)));
    // The one broken rating is named by its heading, the player kept.
    assert_eq!(rapid.warnings.len(), 1, "{:?}", rapid.warning_lines());
    let w = rapid.warnings[0].to_string();
    assert!(w.contains("NOV26") && w.contains("25OO"), "{w}");
    assert_eq!(rapid.list.player(rapid.list.find(8603006).unwrap()).rapid, None);

    let blitz = named("blitz_nov26frl.txt");
    assert!(blitz.warnings.is_empty(), "{:?}", blitz.warning_lines());
    let caruana = blitz.list.player(blitz.list.find(2020009).unwrap());
    assert_eq!((caruana.standard, caruana.blitz), (None, Some(2738)));
    // The search orders by the list's own rating.
    assert_eq!(names(&blitz.list, &blitz.list.search("ca", RatingType::Blitz, 5)), ["Carlsen, Magnus", "Caruana, Fabiano"]);
}

#[test]
fn a_separate_lists_xml_gives_its_rating_to_its_kind() {
    let read = named("rapid_nov26frl_xml.xml");
    assert!(read.warnings.is_empty(), "{:?}", read.warning_lines());
    let list = &read.list;
    assert_eq!((list.format, list.len(), list.kind), (ListFormat::FideXml, 2, Some(RatingType::Rapid)));
    let hou = list.player(list.find(8603006).unwrap());
    assert_eq!((hou.standard, hou.rapid, hou.birth_year), (None, Some(2610), Some(1994)));
    // Without the kind (the combined list's reading), `<rating>` is the standard rating.
    let plain = read_list(&data("rapid_nov26frl_xml.xml"), None).list;
    assert_eq!(plain.player(plain.find(8603006).unwrap()).standard, Some(2610));
}

#[test]
fn a_separate_list_of_a_kind_not_told_or_a_header_not_known_is_warned_of() {
    // The name does not say the kind: read as standard, with a warning naming the column.
    let read = read_list(&data("rapid_nov26frl.txt"), None);
    let lines = read.warning_lines();
    assert!(lines.iter().any(|l| l.contains("NOV26") && l.contains("standard")), "{lines:?}");
    assert_eq!(read.list.player(read.list.find(1503014).unwrap()).standard, Some(2818));
    assert_eq!(read.list.date.as_deref(), Some("2026-11"), "the month heading gives the date");
    // Headings the reader cannot place are named, once; the rest is read.
    let text = "ID Number      Name                 Fed Sex Elo  Games Born\n1503014        Carlsen, Magnus      NOR M   2833 10    1990\n";
    let read = read_list(text.as_bytes(), None);
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warning_lines());
    let w = read.warnings[0].to_string();
    assert!(w.contains("'Elo'") && w.contains("'Games'") && w.contains("'Born'") && !w.contains("'Fed'"), "{w}");
    assert_eq!(read.list.len(), 1);
    // FIDE's combined list knows every heading: no warning.
    assert!(read_list(&data("players_list_foa.txt"), None).warnings.iter().all(|w| w.line() != 1));
}

/// What a list holds and the reader does not keep is named once, in words: FIDE's TXT's other
/// titles, FIDE Online Arena's, each rating's games and K; the XML's elements skipped; a CSV's
/// columns not known.
#[test]
fn the_columns_and_elements_not_read_are_named_once() {
    let txt = read_list(&data("players_list_foa.txt"), None);
    assert_eq!(txt.not_read, ["OTit", "FOA", "SGm", "SK", "RGm", "Rk", "BGm", "BK"]);
    assert_eq!(txt.warning_lines()[0], "columns not read: OTit, FOA, SGm, SK, RGm, Rk, BGm, BK");
    let separate = named("standard_nov26frl.txt");
    assert_eq!(separate.warning_lines()[0], "columns not read: OTit, FOA, Gms, K");
    let xml = read_list(
        b"<?xml version=\"1.0\"?>\n<playerslist>\n<player><fideid>1503014</fideid><name>Carlsen, Magnus</name>\
          <o_title/><foa_title/><rating>2833</rating><games>0</games><k>20</k></player>\n\
          <player><fideid>2020009</fideid><name>Caruana, Fabiano</name><games>9</games><k>10</k></player>\n</playerslist>\n",
        None,
    );
    assert_eq!(xml.list.len(), 2);
    assert!(xml.warnings.is_empty(), "{:?}", xml.warning_lines());
    assert_eq!(xml.warning_lines(), ["elements not read: o_title, foa_title, games, k"]);
    let csv = read_list(b"name;rating;club;\nHansen, Ola;1850;Oslo SK;\n", None);
    assert_eq!(csv.warning_lines(), ["columns not read: club"]);
    // A list with every column read says nothing.
    assert_eq!(read_list(b"name,rating\nOla,1850\n", None).warning_lines(), Vec::<String>::new());
}

/// A FIDE TXT list with broken lines: every good line read, each broken one named by its
/// number and what was expected, and the lines left out counted. (Letters in a rating keep
/// the player without it; a blank line is no player and no problem; a byte that is not UTF-8
/// is read as Windows-1252, the line kept.)
#[test]
fn a_broken_fide_txt_reads_every_good_line_and_counts_the_lines_left_out() {
    // A player line: each field at its heading's column (0-based characters).
    let line = |fields: &[(usize, &str)]| {
        let mut l = String::new();
        for (at, v) in fields {
            l.push_str(&" ".repeat(at.saturating_sub(l.chars().count())));
            l.push_str(v);
        }
        l
    };
    let player = |id, name, fed, rating, born| line(&[(0, id), (15, name), (76, fed), (80, "M"), (113, rating), (152, born)]);
    let mut bytes: Vec<u8> = Vec::new();
    for l in [
        fide_sample::HEADER.to_string(),
        player("1503014", "Carlsen, Magnus", "NOR", "2833", "1990"),
        line(&[(0, "2020009"), (15, "Caruana, Fa")]),
        String::new(),
        player("13300029", "Garcia, Ana", "ESP", "25OO", "1999"),
        player("ABC", "Nobody, No", "ENG", "1800", "1980"),
        player("4100018", "M\u{1}ller, J", "GER", "2400", "1970"),
    ] {
        bytes.extend_from_slice(l.as_bytes());
        bytes.push(b'\n');
    }
    let at = bytes.iter().position(|&b| b == 1).unwrap();
    bytes[at] = 0xFC; // `ü` in Windows-1252, not UTF-8
    let read = read_list(&bytes, None);
    let ids: Vec<u64> = read.list.entries.iter().map(|e| e.id).collect();
    assert_eq!(ids, [1503014, 4100018, 13300029], "every good line, the bad rating's player kept");
    assert_eq!(read.list.name(read.list.find(4100018).unwrap()), "Müller, J");
    assert_eq!(read.skipped, 2);
    let w = read.warning_lines();
    let expect = [
        "columns not read: OTit, FOA, SGm, SK, RGm, Rk, BGm, BK",
        "2 lines left out, no player read from them (each named below)",
        "line 3: 26 characters, cut off before the federation (column 77); expected a player line of FIDE's TXT list",
        "line 5, column 'SRtng': expected a rating: a whole number from 0 (unrated) to 3500 (the player is kept without it), found '25OO'",
        "line 6, column 'ID Number': expected a FIDE id: up to 11 digits (the line is not read), found 'ABC'",
    ];
    assert_eq!(w.len(), expect.len(), "{w:#?}");
    for (got, want) in w.iter().zip(expect) {
        assert!(got.starts_with(want), "{got}\n  expected to start with\n{want}");
    }
}
