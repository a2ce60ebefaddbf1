//! A games file read from disk into a [`Job`], natively (the app's worker reads a `File` in
//! pieces itself): in 256 KB pieces, so it is never held whole, and a large one
//! ([`SPLIT_BYTES`] or more, with two cores) in two parts at once, cut after the first line
//! end past the middle. A second thread reads the first part; this one reads the file's
//! header, counts the lines up to the cut and reads the later part ([`LaterPart`]). The two
//! are joined ([`JobReader::join`]) into what one reader reads from every byte: the same
//! players in the same order, games, warnings and errors. Where the join cannot tell that (a
//! quoted field open where the parts meet, a file not UTF-8, not a games CSV), or the file is
//! mostly players (`mostly_players`: the join would cost more than it saves), the first
//! part's reader reads the later bytes itself and the later part is dropped: the result is
//! always the one-reader result.
//!
//! The file is first looked over for UTF-8 ([`utf8_note`]), so that its reader keeps nothing
//! in case a late line is not UTF-8 ([`JobReader::knowing`]): a file of accented names read
//! once kept every byte from its first accent on. A file that is not UTF-8 is read in one part.

use super::{Job, JobReader, LaterPart, Settings, DETECT_BYTES};
use crate::error::ParseErrors;
use crate::parse::decode::utf8_note;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Files this large or larger are read in two parts at once (below it a thread saves little).
pub const SPLIT_BYTES: u64 = 8 << 20;

/// The pieces a file is read in: 256 KB (each part holds one at a time).
const PIECE: usize = 1 << 18;

/// Why a file could not be read: the system's error, or what its lines hold.
#[derive(Debug)]
pub enum FileError {
    Io(io::Error),
    Parse(ParseErrors),
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> FileError {
        FileError::Io(e)
    }
}

/// Reads the file at `path` into a job for `settings`.
pub fn read_path(path: &Path, settings: &Settings) -> Result<Job, FileError> {
    read_path_splitting(path, settings, SPLIT_BYTES)
}

/// [`read_path`], reading files of `split_bytes` or more in two parts (tests split small files).
pub fn read_path_splitting(path: &Path, settings: &Settings, split_bytes: u64) -> Result<Job, FileError> {
    let mut file = File::open(path)?;
    let size = file.metadata()?.len();
    // Looked over first: then the reader keeps nothing in case a late line is not UTF-8.
    let note = utf8_note(&mut file)?;
    // A file not UTF-8 is read in one part (a later part reads UTF-8 only).
    let two = note.is_none() && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
    let mut reader = JobReader::knowing(settings, note);
    match (two && size >= split_bytes).then(|| later_start(&mut file, size / 2, size)).transpose()?.flatten() {
        Some(start) => read_in_two(path, &mut file, start, settings, &mut reader)?,
        None => {
            // From the first byte: looking for the cut moved the file's position.
            file.rewind()?;
            rest_into(&mut file, &mut reader)?
        }
    }
    reader.finish().map_err(FileError::Parse)
}

/// Reads `source` (standard input, say) into a job for `settings`, piece by piece.
pub fn read_stream(source: &mut impl Read, settings: &Settings) -> Result<Job, FileError> {
    let mut reader = JobReader::new(settings);
    rest_into(source, &mut reader)?;
    reader.finish().map_err(FileError::Parse)
}

/// The file's first part, up to `start`, to `reader` on a second thread while this one reads
/// the later part from `start`; then the later part joined on, or its bytes read into
/// `reader` when it cannot be.
///
/// A file that is mostly players ([`mostly_players`]: each game brings new names) is read on
/// in one part: the join would look up each of
/// the later part's players here again, new ones dearly (a million players with a game each
/// read a third slower in two parts). The second thread is told to stop, and its work dropped.
fn read_in_two(path: &Path, file: &mut File, start: u64, settings: &Settings, reader: &mut JobReader) -> io::Result<()> {
    file.seek(SeekFrom::Start(0))?;
    let stop = AtomicBool::new(false);
    let (first, later) = std::thread::scope(|scope| {
        // The first part on the second thread: its players and games are kept, and the later
        // part's, freed at the join, are then this thread's to reuse (the C allocator gives
        // each thread a heap of its own, and keeps what it frees for that heap).
        let first = scope.spawn(|| first_part(file, start, reader, &stop));
        let later = read_later(path, start, settings, &stop);
        (first.join(), later)
    });
    first.unwrap_or_else(|_| Err(io::Error::other("the first part's reader stopped")))?;
    // A later part that failed to read (or was stopped) is read here.
    let joined = match later {
        Ok(Some(part)) => reader.join(part),
        _ => false,
    };
    if !joined {
        file.seek(SeekFrom::Start(start))?;
        rest_into(file, reader)?;
    }
    Ok(())
}

/// The file's bytes up to `start` to `reader`; `stop` set if they are mostly players.
fn first_part(file: &mut File, start: u64, reader: &mut JobReader, stop: &AtomicBool) -> io::Result<()> {
    let (mut read, mut looked) = (0, false);
    pump(file, start, &mut |b| {
        reader.push(b);
        read += b.len() as u64;
        if !looked && read >= start / 32 {
            let quarter = read >= start / 4;
            looked = quarter;
            if reader.counts().is_some_and(|counts| mostly_players(counts, quarter)) {
                (looked, _) = (true, stop.store(true, Ordering::Relaxed));
            }
        }
        true
    })
}

/// Whether the games read so far bring so many new players that the second part's would
/// cost more to look up at the join than reading it at once saves: from a thirty-second of the
/// first part on, nearly two a game (every name new: a league of 100,000 players and a million
/// games has 1.7 a game then, 1.47 by twice as many games); at a quarter, more than one a game
/// (0.74 then in that league).
fn mostly_players((games, players): (usize, usize), quarter: bool) -> bool {
    match quarter {
        true => players > games,
        false => players * 10 > games * 19,
    }
}

/// The later part, from byte `start` (a line's first) on, the lines before it counted; `None`
/// once `stop` is set, or when the file's first bytes are not a games CSV's.
fn read_later(path: &Path, start: u64, settings: &Settings, stop: &AtomicBool) -> io::Result<Option<LaterPart>> {
    let mut file = File::open(path)?;
    let mut head = vec![0; DETECT_BYTES.min(usize::try_from(start).unwrap_or(DETECT_BYTES))];
    file.read_exact(&mut head)?;
    // Not a games CSV with its header (a PGN, say): nothing to do here.
    if !LaterPart::new(settings, &head, 1).reads() {
        return Ok(None);
    }
    let mut line_ends = head.iter().filter(|&&b| b == b'\n').count();
    pump(&mut file, start - head.len() as u64, &mut |bytes| {
        line_ends += bytes.iter().filter(|&&b| b == b'\n').count();
        !stop.load(Ordering::Relaxed)
    })?;
    // A lone '\r' ends a line too: then the count is short, and the join sees it.
    let mut part = LaterPart::new(settings, &head, line_ends + 1);
    if part.reads() {
        pump(&mut file, u64::MAX, &mut |b| {
            part.push(b);
            !stop.load(Ordering::Relaxed)
        })?;
        part.end();
    }
    Ok((!stop.load(Ordering::Relaxed)).then_some(part))
}

/// The byte after the first line end at or after `from`; `None` when there is none before
/// the file's last byte (of `size`).
fn later_start(file: &mut File, from: u64, size: u64) -> io::Result<Option<u64>> {
    file.seek(SeekFrom::Start(from))?;
    let (mut piece, mut at) = (vec![0; 1 << 16], from);
    loop {
        let n = match file.read(&mut piece) {
            Ok(0) => return Ok(None),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if let Some(k) = piece[..n].iter().position(|&b| b == b'\n') {
            let start = at + k as u64 + 1;
            return Ok((start < size).then_some(start));
        }
        at += n as u64;
    }
}

/// Every byte left in `source` to `reader`.
fn rest_into(source: &mut impl Read, reader: &mut JobReader) -> io::Result<()> {
    pump(source, u64::MAX, &mut |b| {
        reader.push(b);
        true
    })
}

/// Pushes the next `limit` bytes of `source` (or all that are left) in pieces, until `push`
/// says to stop (false).
fn pump(source: &mut impl Read, mut limit: u64, push: &mut impl FnMut(&[u8]) -> bool) -> io::Result<()> {
    let mut piece = vec![0; PIECE];
    while limit > 0 {
        let want = PIECE.min(usize::try_from(limit).unwrap_or(PIECE));
        match source.read(&mut piece[..want]) {
            Ok(0) => break,
            Ok(n) if push(&piece[..n]) => limit -= n as u64,
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
