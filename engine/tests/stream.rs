//! `CsvReader` fed in random chunks (1..64 bytes: mid-line, mid-character, mid-quoted-field)
//! reads exactly what `parse_csv` reads from the decoded whole: the same dataset, columns and
//! warnings, or the same errors, and the same decoding note.

mod common;

use common::Rng;
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::stream::CsvReader;
use ratings_engine::parse::{parse_csv, BadLines, ColumnMap, CsvOptions};

fn check(what: &str, bytes: &[u8], options: &CsvOptions, rng: &mut Rng) {
    let decoded = decode(bytes).expect("text");
    let whole = parse_csv(&decoded.text, options);
    for round in 0..4 {
        let mut reader = CsvReader::new(options.clone());
        let mut rest = bytes;
        while !rest.is_empty() {
            let n = (1 + rng.below(64)).min(rest.len());
            reader.push(&rest[..n]);
            rest = &rest[n..];
        }
        assert_eq!(reader.note(), decoded.note, "{what}, round {round}: the note");
        let streamed = reader.finish();
        assert!(streamed == whole, "{what}, round {round}:\nstreamed {streamed:?}\nwhole {whole:?}");
    }
}

#[test]
fn the_fixture_in_random_chunks() {
    let mut rng = Rng::new(1);
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openfootball/en.1.csv")).expect("fixture");
    check("en.1.csv", &bytes, &CsvOptions::default(), &mut rng);
    let crlf = String::from_utf8(bytes).unwrap().replace('\n', "\r\n");
    check("en.1.csv with CRLF", crlf.as_bytes(), &CsvOptions::default(), &mut rng);
}

/// Pieces a generated file is made of: names with quotes, commas, line breaks, accents,
/// Windows-1252 bytes; comments, blank lines, bad results, unclosed quotes; line ends of all kinds.
const PIECES: &[&[u8]] = &[
    b"Anna",
    b"Ben",
    b"  cleo ",
    b"\"Carlsen, Magnus\"",
    b"\"say \"\"hi\"\"\"",
    b"\"two\nlines\"",
    b"\"two\r\nlines\"",
    b"Zo\xc3\xab",
    b"\xc3\x87a",
    b"\"\"",
    b" \"q\" x",
    b"a\"b",
    b"#1 Seed",
    b"Dan",
    b"Eve",
    b"\xef\xbb\xbfBom",
];
const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "=", "x", "*", "+-", "3-1", "", "\"1-0\""];
const ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r", b"\n\n", b"\n# a comment\n", b"\n  \n"];

fn generated(rng: &mut Rng, delimiter: u8, lines: usize) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.below(4) == 0 {
        out.extend_from_slice(b"\xef\xbb\xbf");
    }
    if rng.below(4) == 0 {
        out.extend_from_slice(b"# leading comment\n\n");
    }
    out.extend_from_slice(&[b"white", &[delimiter][..], b"black", &[delimiter], b"result", &[delimiter], b"date\n"].concat());
    for _ in 0..lines {
        let (a, b) = (PIECES[rng.below(PIECES.len())], PIECES[rng.below(PIECES.len())]);
        out.extend_from_slice(a);
        out.push(delimiter);
        out.extend_from_slice(b);
        out.push(delimiter);
        out.extend_from_slice(RESULTS[rng.below(RESULTS.len())].as_bytes());
        if rng.below(3) == 0 {
            out.push(delimiter);
            out.extend_from_slice(b"2024-01-02");
        }
        match rng.below(40) {
            0 => out.extend_from_slice(b",\"never closed"),
            1 => out.extend_from_slice(b"\xe9\x80"),
            _ => {}
        }
        out.extend_from_slice(ENDS[rng.below(ENDS.len())]);
    }
    if rng.below(2) == 0 {
        out.pop();
    }
    out
}

#[test]
fn generated_files_in_random_chunks() {
    let mut rng = Rng::new(2);
    let plain = CsvOptions::default();
    let skip = CsvOptions { bad_lines: BadLines::Skip, ..CsvOptions::default() };
    let mapped = CsvOptions { columns: ColumnMap::parse("first=#2,second=#1").unwrap(), bad_lines: BadLines::Skip };
    for case in 0..300 {
        let delimiter = [b',', b';', b'\t'][case % 3];
        let lines = 1 + rng.below(30);
        let bytes = generated(&mut rng, delimiter, lines);
        let options = [&plain, &skip, &mapped][case % 3];
        check(&format!("case {case}: {:?}", String::from_utf8_lossy(&bytes)), &bytes, options, &mut rng);
    }
}

#[test]
fn edge_cases() {
    let mut rng = Rng::new(3);
    for text in [
        &b""[..],
        b"\xef\xbb\xbf",
        b"\xef\xbb",
        b"\r",
        b"white,black,result",
        b"white,black,result\r",
        b"\xef\xbb\xbf\xef\xbb\xbfwhite,black,result\nA,B,1-0",
        b"# only a comment\n\n",
        b"white,black,result\n\"A\nB,1-0\nC,D,0-1\n\"E,F,1-0\nG,H,1-0",
        b"white;black;result\rA;B;1-0\rC;\"D\r\nE\";0-1\r",
        b"white,black,result\nZo\xc3\xab,B,1-0\nZo\xeb,C,0-1\n",
        // ASCII, then UTF-8, then a byte that is not: read again from where the ASCII ends.
        b"white,black,result\nA,B,1-0\nC,D,0-1\nE,F,1-0\nG,H,0-1\nZo\xc3\xab,B,1-0\nI,J,1-0\nZo\xeb,C,0-1\n",
        // ASCII, then Windows-1252 only.
        b"white,black,result\nA,B,1-0\nC,D,0-1\nE,F,1-0\nG,H,0-1\nI,J,1-0\nK,L,1-0\nJos\xe9,C,0-1\nA,Jos\xe9,1-0\n",
    ] {
        check(&format!("{:?}", String::from_utf8_lossy(text)), text, &CsvOptions::default(), &mut rng);
    }
}
