//! Issue 19, item 6, in the library: a file that is not text is refused, whole or read in
//! chunks, and a NUL byte by its place. (The command line's side of issue 19's input and
//! output items is in `cli/tests/trust_input.rs`.)

use ratings_engine::job::{JobReader, Settings};
use ratings_engine::parse::stream::CsvReader;
use ratings_engine::parse::CsvOptions;

/// The app's icon: a real PNG.
fn png() -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../public/icon-192.png")).expect("the app's icon")
}

// Item 6: a binary file.

#[test]
fn a_png_is_not_a_results_file_whole_or_in_chunks() {
    let png = png();
    let expected = "this is not a results file: it looks like a PNG image";
    for chunk in [1, 7, 4096, 1 << 20] {
        let mut reader = JobReader::new(&Settings::default());
        png.chunks(chunk).for_each(|c| reader.push(c));
        let e = reader.finish().expect_err("refused").to_string();
        assert_eq!(e, expected, "chunks of {chunk}");
        let mut csv = CsvReader::new(CsvOptions::default());
        png.chunks(chunk).for_each(|c| csv.push(c));
        assert_eq!(csv.finish().expect_err("refused").to_string(), expected, "chunks of {chunk}");
    }
}

#[test]
fn a_nul_byte_past_the_first_chunk_is_refused_by_its_place() {
    // A large CSV (read as it arrives) with a NUL far into it.
    let mut bytes = b"white,black,result\n".to_vec();
    while bytes.len() < 200_000 {
        bytes.extend_from_slice(b"Anna,Ben,1-0\n");
    }
    let at = bytes.len();
    bytes.extend_from_slice(b"Ben,\x00Cleo,0-1\n");
    let mut reader = JobReader::new(&Settings::default());
    bytes.chunks(65_536).for_each(|c| reader.push(c));
    let e = reader.finish().expect_err("refused").to_string();
    assert!(e.contains(&format!("byte {} is a NUL", at + 5)), "{e}");
    // A spreadsheet saved as .xlsx (a ZIP archive) is told to be saved as CSV.
    let mut reader = JobReader::new(&Settings::default());
    reader.push(b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00");
    assert!(reader.finish().expect_err("refused").to_string().contains("save it as CSV"));
}
