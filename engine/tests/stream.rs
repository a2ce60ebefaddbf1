//! `CsvReader` fed in random chunks (1..64 bytes: mid-line, mid-character, mid-quoted-field)
//! reads exactly what `parse_csv` reads from the decoded whole: the same dataset, columns and
//! warnings, or the same errors, and the same decoding note.

mod common;

use common::Rng;
use ratings_engine::job::file::{read_path_splitting, read_stream};
use ratings_engine::job::Settings;
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

/// Pushes `bytes` to `push` in random chunks of 1..64 bytes.
fn in_chunks(bytes: &[u8], rng: &mut Rng, push: &mut impl FnMut(&[u8])) {
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = (1 + rng.below(64)).min(rest.len());
        push(&rest[..n]);
        rest = &rest[n..];
    }
}

/// `bytes` with less of what stops a join: a lone `\r` becomes `\n`, and when `utf8`, bytes
/// that are not UTF-8 are left out.
fn tamed(bytes: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (k, &b) in bytes.iter().enumerate() {
        let lone_cr = b == b'\r' && bytes.get(k + 1) != Some(&b'\n');
        out.push(if lone_cr { b'\n' } else { b });
    }
    match utf8 {
        true => String::from_utf8_lossy(&out).replace('\u{fffd}', "").into_bytes(),
        false => out,
    }
}

/// A file's later part read on its own and joined on (`CsvReader::later_part`, `join`, as
/// the command line reads a large file on two threads) reads what one reader reads, cut at
/// random line starts of generated files (quotes over line ends, Windows-1252 bytes, lone
/// `\r`, comments, bad lines). Where the join cannot tell (a quote open where the parts
/// meet, a part not UTF-8, a lone `\r` before the cut) it refuses, and the later bytes pushed
/// to the first reader give the one-reader result too. Both happen often enough to count.
#[test]
fn later_parts_joined_read_what_one_reader_reads() {
    let mut rng = Rng::new(4);
    let skip = CsvOptions { bad_lines: BadLines::Skip, ..CsvOptions::default() };
    let (mut joined, mut refused) = (0, 0);
    for case in 0..300 {
        let lines = 5 + rng.below(40);
        let mut bytes = generated(&mut rng, [b',', b';', b'\t'][case % 3], lines);
        match case % 4 {
            1 => bytes = tamed(&bytes, true),
            3 => bytes = tamed(&bytes, false),
            _ => {}
        }
        let options = if case % 2 == 0 { &skip } else { &CsvOptions::default() };
        let decoded = decode(&bytes).expect("text");
        let whole = parse_csv(&decoded.text, options);
        let starts: Vec<usize> = (1..bytes.len()).filter(|&k| bytes[k - 1] == b'\n').collect();
        for _ in 0..3.min(starts.len()) {
            let start = starts[rng.below(starts.len())];
            let mut first = CsvReader::new(options.clone());
            in_chunks(&bytes[..start], &mut rng, &mut |b| first.push(b));
            let line = 1 + bytes[..start].iter().filter(|&&b| b == b'\n').count();
            let later = CsvReader::later_part(options, &bytes[..bytes.len().min(80)], line).map(|mut later| {
                in_chunks(&bytes[start..], &mut rng, &mut |b| later.push(b));
                later
            });
            if later.is_some_and(|later| first.join(later)) {
                joined += 1;
            } else {
                refused += 1;
                in_chunks(&bytes[start..], &mut rng, &mut |b| first.push(b));
            }
            let what = format!("case {case}, cut at byte {start}: {:?}", String::from_utf8_lossy(&bytes));
            assert_eq!(first.note(), decoded.note, "{what}: the note");
            let parts = first.finish();
            assert!(parts == whole, "{what}:\nin parts {parts:?}\nwhole {whole:?}");
        }
    }
    assert!(joined > 300 && refused > 300, "joined {joined}, refused {refused}: the cases no longer cover both");
}

/// A file on disk read in two parts at once (`job::file`, each part on its own thread) gives
/// the job read from one stream: on generated files, each also cut by the reader itself.
#[test]
fn a_file_read_in_two_parts_is_the_file_read_in_one() {
    let mut rng = Rng::new(5);
    let dir = std::env::temp_dir().join(format!("ratings-lab-two-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let settings = Settings { skip_bad_lines: true, ..Settings::default() };
    for case in 0..40 {
        let lines = 20 + rng.below(200);
        let mut bytes = generated(&mut rng, b',', lines);
        if case % 4 == 0 {
            // Plain lines: nothing stops the join.
            bytes = (0..300).map(|k| format!("P{},Q{},1-0\n", k % 37, k % 53)).collect::<String>().into_bytes();
            bytes.splice(0..0, b"white,black,result\n".iter().copied());
        }
        let path = dir.join(format!("case-{case}.csv"));
        std::fs::write(&path, &bytes).expect("a temporary file");
        let show = |r: Result<ratings_engine::job::Job, ratings_engine::job::file::FileError>| match r {
            Ok(job) => format!("{:?}", job.input),
            Err(e) => format!("{e:?}"),
        };
        let one = show(read_stream(&mut &bytes[..], &settings));
        let two = show(read_path_splitting(&path, &settings, 0));
        assert!(one == two, "case {case}: {:?}\none part {one}\ntwo parts {two}", String::from_utf8_lossy(&bytes));
    }
    // A later part of more games than a block (16,384) keeps them in blocks: in order.
    let league: String = (0..150_000).map(|k: usize| format!("P{},Q{},1-0\n", k * 7919 % 5003, k % 4001)).collect();
    let bytes = format!("white,black,result\n{league}").into_bytes();
    let path = dir.join("league.csv");
    std::fs::write(&path, &bytes).expect("a temporary file");
    let (one, two) = (read_stream(&mut &bytes[..], &settings).unwrap(), read_path_splitting(&path, &settings, 0).unwrap());
    assert_eq!(two.input.dataset.games.len(), 150_000);
    assert!(one.input.dataset.games == two.input.dataset.games, "the league's games read in two parts differ");
    assert!(one.input.dataset.players == two.input.dataset.players, "the league's players read in two parts differ");
    // Files with no line end past the middle (lone '\r' line ends; a last line that is half
    // the file): no cut is found, and the file is read in one part, from its first byte.
    let lines: String = (0..3_000).map(|k: usize| format!("P{},Q{},1-0\r", k % 37, k % 53)).collect();
    let long_last = format!("white,black,result\nA,B,1-0\nC,D,0-1,{}\n", "x".repeat(200));
    for (k, text) in [format!("white,black,result\r{lines}"), long_last].into_iter().enumerate() {
        let path = dir.join(format!("uncut-{k}.csv"));
        std::fs::write(&path, &text).expect("a temporary file");
        let one = read_stream(&mut text.as_bytes(), &settings).map(|j| format!("{:?}", j.input));
        let two = read_path_splitting(&path, &settings, 0).map(|j| format!("{:?}", j.input));
        assert!(one.is_ok() && one.as_ref().ok() == two.as_ref().ok(), "uncut file {k}: one part {one:?}\ntwo parts {two:?}");
    }
    // Files whose first part is past the 64 KB the format is told by, with quotes over line ends, comments and
    // blank lines (every byte UTF-8, no lone '\r'): the join is taken.
    for case in 0..6 {
        let bytes = tamed(&generated(&mut rng, b',', 12_000), true);
        let path = dir.join(format!("large-{case}.csv"));
        std::fs::write(&path, &bytes).expect("a temporary file");
        let one = read_stream(&mut &bytes[..], &settings).map(|j| format!("{:?}", j.input));
        let two = read_path_splitting(&path, &settings, 0).map(|j| format!("{:?}", j.input));
        assert!(one.as_ref().ok() == two.as_ref().ok(), "large case {case}: the parts read differently");
    }
    // A file of players more than games: the second thread is stopped, and the first reads on.
    let players: String = (0..20_000).map(|k: usize| format!("A{k},B{k},0-1\n")).collect();
    let bytes = format!("white,black,result\n{players}").into_bytes();
    let path = dir.join("players.csv");
    std::fs::write(&path, &bytes).expect("a temporary file");
    let (one, two) = (read_stream(&mut &bytes[..], &settings).unwrap(), read_path_splitting(&path, &settings, 0).unwrap());
    assert_eq!(two.input.dataset.players.len(), 40_000);
    assert!(one.input.dataset.games == two.input.dataset.games && one.input.dataset.players == two.input.dataset.players);
    // Leagues of accented names (every tenth, in UTF-8), one of them with a byte that is not
    // UTF-8 in its last lines (the whole file Windows-1252 then) and one with such a byte in
    // its cut line: looked over first, each is read as one stream reads it, in one part or two.
    let accented = |k: usize| if k % 10 == 3 { format!("Jos\u{e9} {k}") } else { format!("P{k}") };
    let league: String = (0..40_000).map(|k: usize| format!("{},{},1-0\n", accented(k * 7919 % 5003), accented(k % 4001))).collect();
    let utf8 = format!("white,black,result\n{league}").into_bytes();
    let mut late = utf8.clone();
    let at = late.len() - 40;
    late.splice(at..at, b"\xe9".iter().copied());
    let mut middle = utf8.clone();
    middle.splice(utf8.len() / 2..utf8.len() / 2, b"\xe9".iter().copied());
    for (name, bytes) in [("accented", utf8), ("late", late), ("middle", middle)] {
        let path = dir.join(format!("{name}.csv"));
        std::fs::write(&path, &bytes).expect("a temporary file");
        let one = read_stream(&mut &bytes[..], &settings).map(|j| format!("{:?}", j.input)).expect("reads");
        assert_eq!(one.contains("not UTF-8"), name != "accented", "{name}: the note");
        for split in [0, u64::MAX] {
            let two = read_path_splitting(&path, &settings, split).map(|j| format!("{:?}", j.input)).expect("reads");
            assert!(one == two, "{name}, split at {split}: read otherwise from the file");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A source that gives its bytes a few at a time (1–7), as a pipe or a slow disk may.
struct Trickle<'a> {
    bytes: &'a [u8],
    rng: Rng,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(7)).min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A file looked over before it is read (`utf8_note`, in pieces of any size) is found UTF-8
/// or not, and its first byte that is not, as `decode` finds them on the whole: with and
/// without a byte-order mark (whole, or only its start), characters of two to four bytes cut
/// between pieces, stray continuation bytes, a character cut off by the end, files of a byte
/// or two.
#[test]
fn a_file_looked_over_in_pieces_is_utf8_as_decode_says() {
    let mut rng = Rng::new(41);
    let pieces: [&[u8]; 9] = [b"a", b"bc,", "é".as_bytes(), "€".as_bytes(), "𝄞".as_bytes(), b"\xe9", b"\x80", b"\xf0\x9d", b"\n"];
    let (mut notes, mut cases) = (0, 0);
    for case in 0..3_000 {
        let mut bytes: Vec<u8> = match case % 5 {
            0 => b"\xef\xbb\xbf".to_vec(),
            1 => b"\xef\xbb".to_vec(),
            _ => Vec::new(),
        };
        for _ in 0..rng.below(if case % 7 == 0 { 3 } else { 40 }) {
            // Mostly text; now and then a byte that is not UTF-8 where it stands.
            let k = if rng.below(10) == 0 { 5 + rng.below(3) } else { [0, 1, 2, 3, 4, 8][rng.below(6)] };
            bytes.extend_from_slice(pieces[k]);
        }
        let want = decode(&bytes).expect("text").note;
        let mut source = Trickle { bytes: &bytes, rng: Rng::new(case) };
        let got = ratings_engine::parse::decode::utf8_note(&mut source).expect("read");
        assert_eq!(got, want, "case {case}: {bytes:?}");
        (notes, cases) = (notes + usize::from(want.is_some()), cases + 1);
    }
    assert!(notes > 500 && cases - notes > 500, "{notes} of {cases} not UTF-8: both kinds are needed");
    // A file with a NUL byte is not read through: the reader refuses it at the byte.
    let bytes = [&b"ab\0"[..], &[b'x'; 1000]].concat();
    let mut source = Trickle { bytes: &bytes, rng: Rng::new(1) };
    assert_eq!(ratings_engine::parse::decode::utf8_note(&mut source).expect("read"), None);
    assert!(source.bytes.len() > 900, "read through a NUL byte: {} bytes left", source.bytes.len());
}

/// A reader told the input is UTF-8 (a file looked over first) that meets a line that is not
/// refuses it by its line, keeping nothing of what it read: the file changed while it was
/// read. Told it is Windows-1252, it reads it so from the first byte, with the note given.
#[test]
fn a_reader_told_the_encoding_reads_by_it() {
    let options = CsvOptions::default();
    for cut in [3, 30, 47] {
        let bytes = b"white,black,result\nAnna,Ben,1-0\nCl\xe9o,Dan,0-1\nEve,Fay,1-0\n";
        let mut reader = CsvReader::knowing(options.clone(), None);
        reader.push(&bytes[..cut]);
        reader.push(&bytes[cut..]);
        let e = reader.finish().expect_err("refused");
        assert!(format!("{e}").contains("line 3") && format!("{e}").contains("changed while it was read"), "cut {cut}: {e}");
        let decoded = decode(bytes).expect("text");
        let mut reader = CsvReader::knowing(options.clone(), decoded.note.clone());
        reader.push(&bytes[..cut]);
        reader.push(&bytes[cut..]);
        assert_eq!(reader.note(), decoded.note);
        assert!(reader.finish() == parse_csv(&decoded.text, &options), "cut {cut}: read as Windows-1252");
    }
    // Its last line, with no line end, is the one that is not UTF-8; lines that end in a lone
    // '\r' (an old Mac's file, or mixed) are counted as lines.
    let lone: [&[u8]; 3] = [
        b"white,black,result\nAnna,Ben,1-0\nEve,Fay,1-0\nCl\xe9o,Dan,0-1",
        b"white,black,result\rA,B,1-0\rC,D,1-0\rJ\xe9,B,1-0\r",
        b"white,black,result\nA,B,1-0\rC,D,1-0\r\nJ\xe9,B,1-0\n",
    ];
    for (k, bytes) in lone.iter().enumerate() {
        for cut in [1, 5, 1000] {
            let mut reader = CsvReader::knowing(options.clone(), None);
            bytes.chunks(cut).for_each(|piece| reader.push(piece));
            let e = format!("{}", reader.finish().expect_err("refused"));
            assert!(e.contains("line 4:") && e.contains("changed while it was read"), "file {k}, pieces of {cut}: {e}");
        }
    }
}

/// A file that starts with two byte-order marks: the first is dropped and the second is text
/// (U+FEFF in UTF-8, "ï»¿" in Windows-1252), and the note counts from after the first, by
/// every reader: `decode` said byte 1 where the others said byte 4, and `decode_owned` (a
/// whole file, as a TRF is read) dropped the second mark too when the file was not UTF-8.
#[test]
fn a_second_byte_order_mark_is_text_to_every_reader() {
    let files: [&[u8]; 3] = [
        b"\xef\xbb\xbf\xef\xbb\xbfwhite,black,result\nA,B,1-0\n",
        b"\xef\xbb\xbf\xef\xbb\xbf\xff",
        b"\xef\xbb\xbf\xef\xbb\xbfwhite,black,result\r\nA\xe9,B,1-0\r\n",
    ];
    for (k, bytes) in files.iter().enumerate() {
        let decoded = decode(bytes).expect("text");
        assert_eq!(ratings_engine::parse::decode::decode_owned(bytes.to_vec()).expect("text"), decoded, "file {k}: decode_owned");
        assert_eq!(ratings_engine::parse::decode::utf8_note(&mut &bytes[..]).expect("read"), decoded.note, "file {k}: the look-over");
        let mut reader = CsvReader::new(CsvOptions::default());
        reader.push(bytes);
        assert_eq!(reader.note(), decoded.note, "file {k}: the chunked reader");
        let byte = [None, Some("byte 4)"), Some("byte 25)")][k];
        assert_eq!(decoded.note.as_deref().map(|n| &n[n.len() - byte.map_or(0, str::len)..]), byte, "file {k}");
        let mark = if k == 0 { "\u{feff}" } else { "\u{ef}\u{bb}\u{bf}" };
        assert!(decoded.text.starts_with(mark), "file {k}: the second mark kept as text");
    }
}
