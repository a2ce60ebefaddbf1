//! A games file read from disk into a [`Job`], natively (the app's worker reads a `File` in
//! pieces itself): in 256 KB pieces, so it is never held whole, and a large one
//! ([`SPLIT_BYTES`] or more, with two cores) in two parts at once. The part after the first
//! line end past the middle is read on a second thread ([`LaterPart`]: it counts the lines
//! before it, then reads from there with the header the file's first bytes give) while this
//! thread reads the first; the two are joined ([`JobReader::join`]) into what one reader
//! reads from every byte, the same players in the same order, games, warnings and errors.
//! Where the join cannot tell that (a quoted field open where the parts meet, a file not
//! UTF-8, not a games CSV), the later bytes are read again here, after the first part, and
//! the second thread's work is dropped: the result is always the one-reader result.

use super::{Job, JobReader, LaterPart, Settings, DETECT_BYTES};
use crate::error::ParseErrors;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

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
    let two = std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
    let mut reader = JobReader::new(settings);
    match (two && size >= split_bytes).then(|| later_start(&mut file, size / 2, size)).transpose()?.flatten() {
        Some(start) => read_in_two(path, &mut file, start, settings, &mut reader)?,
        None => pump(&mut file, u64::MAX, &mut |b| reader.push(b))?,
    }
    reader.finish().map_err(FileError::Parse)
}

/// Reads `source` (standard input, say) into a job for `settings`, piece by piece.
pub fn read_stream(source: &mut impl Read, settings: &Settings) -> Result<Job, FileError> {
    let mut reader = JobReader::new(settings);
    pump(source, u64::MAX, &mut |b| reader.push(b))?;
    reader.finish().map_err(FileError::Parse)
}

/// The first bytes of the file, the first part, to `reader` here while the later part is
/// read on a second thread from `start`; then the later part joined on, or its bytes read
/// here when it cannot be.
fn read_in_two(path: &Path, file: &mut File, start: u64, settings: &Settings, reader: &mut JobReader) -> io::Result<()> {
    file.seek(SeekFrom::Start(0))?;
    let (first, later) = std::thread::scope(|scope| {
        let later = scope.spawn(|| read_later(path, start, settings));
        let first = pump(file, start, &mut |b| reader.push(b));
        (first, later.join())
    });
    first?;
    // A later part that failed to read (or whose thread panicked) is read here instead.
    let joined = match later {
        Ok(Ok(part)) => reader.join(part),
        _ => false,
    };
    if !joined {
        file.seek(SeekFrom::Start(start))?;
        pump(file, u64::MAX, &mut |b| reader.push(b))?;
    }
    Ok(())
}

/// The later part, from byte `start` (a line's first) on: the lines before it counted and
/// the file's first bytes kept on the way there.
fn read_later(path: &Path, start: u64, settings: &Settings) -> io::Result<LaterPart> {
    let mut file = File::open(path)?;
    let (mut head, mut line_ends) = (Vec::with_capacity(DETECT_BYTES), 0);
    pump(&mut file, start, &mut |bytes| {
        let room = DETECT_BYTES.saturating_sub(head.len()).min(bytes.len());
        head.extend_from_slice(&bytes[..room]);
        line_ends += bytes.iter().filter(|&&b| b == b'\n').count();
    })?;
    // A lone '\r' ends a line too: then the count is short, and the join sees it.
    let mut part = LaterPart::new(settings, &head, line_ends + 1);
    if part.reads() {
        pump(&mut file, u64::MAX, &mut |b| part.push(b))?;
        part.end();
    }
    Ok(part)
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

/// Pushes the next `limit` bytes of `source` (or all that are left) in pieces.
fn pump(source: &mut impl Read, mut limit: u64, push: &mut impl FnMut(&[u8])) -> io::Result<()> {
    let mut piece = vec![0; PIECE];
    while limit > 0 {
        let want = PIECE.min(usize::try_from(limit).unwrap_or(PIECE));
        match source.read(&mut piece[..want]) {
            Ok(0) => break,
            Ok(n) => {
                push(&piece[..n]);
                limit -= n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
