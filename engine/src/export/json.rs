//! The ratings' JSON (`docs/json.md`), written as it is made: serde_json's pretty layout byte
//! for byte, with the players, most of a large rating's bytes, made on two threads where there
//! are two cores.

use crate::methods::rating::{IterationRecord, MethodVariant, PlayerRating, Rating, StopReason};
use crate::methods::MethodKind;
use crate::threads;
use serde::Serialize;
use std::io::Write;

/// The JSON shape: `{"method", "players": [{"name", "rating", "games", "score", ...}],
/// "iterations", "converged", "trace", "warnings", ...}`. Ratings without a finite value are
/// `null`, with the reason in `status`.
#[derive(Serialize)]
pub struct JsonReport<'a> {
    pub method: MethodKind,
    pub variant: MethodVariant,
    pub players: &'a [PlayerRating],
    pub iterations: usize,
    /// Brent: full passes over the score matrix (an accelerated iteration may take two).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
    pub converged: bool,
    pub stop: StopReason,
    pub final_residual: f64,
    pub trace: &'a [IterationRecord],
    pub warnings: &'a [String],
    pub diagnosis: &'a crate::diagnose::Diagnosis,
    pub groups: usize,
    pub scale: &'a Option<crate::methods::rating::ScaleReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<&'a crate::methods::rating::ParameterFit>,
    /// The parameters the method ran with, under the method's name.
    pub params: &'a crate::methods::Method,
    /// Elo with `per_game`: each game's ratings before it, by the players' names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<JsonGame<'a>>>,
}

/// One game in the JSON: `{"line", "first", "second", "first_before", "second_before",
/// "expected", "score"}` (the first player's expected score and score), the names borrowed.
pub type JsonGame<'a> = crate::methods::rating::NamedGame<&'a str>;

impl<'a> JsonReport<'a> {
    /// The report of `r`, every field as the JSON has it.
    pub fn of(r: &'a Rating) -> Self {
        JsonReport {
            method: r.method,
            variant: r.variant,
            players: &r.players,
            iterations: r.report.iterations,
            passes: r.report.passes,
            converged: r.report.converged,
            stop: r.report.stop,
            final_residual: r.report.final_residual,
            trace: &r.report.trace,
            warnings: &r.warnings,
            diagnosis: &r.diagnosis,
            groups: r.groups,
            scale: &r.scale,
            accuracy: r.accuracy,
            fit: r.fit.as_ref(),
            params: &r.params,
            games: r.named_games(|name| name),
        }
    }
}

pub fn json(r: &Rating) -> String {
    let mut out = Vec::new();
    write_json(r, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// [`json`] written to `w` as it is made (the command line writes a million players' JSON,
/// 250 MB, without holding it): the players in pieces made on two threads in turn
/// ([`threads::alternate`]), the rest around them by serde_json as it lays it out.
pub fn write_json(r: &Rating, w: impl Write) -> std::io::Result<()> {
    write_in_pieces(JsonReport::of(r), w, PIECE)
}

/// A piece of the players' JSON holds about this many players and history points, a few hundred
/// KB to a MB written (a player of Brent's is about 240 bytes, a history point about 150): large
/// enough that handing pieces between the threads costs nothing to speak of, small enough that
/// the four held at most ([`threads::alternate`]) are a few MB, whatever the rating's size. A
/// player heavier than a piece is written straight out, not held.
const PIECE: usize = 1 << 12;

/// The report written with its players in pieces of about `piece` players and points: serde_json
/// writes the report with no players, and the formatter puts them in its empty `players` array.
fn write_in_pieces(mut report: JsonReport, w: impl Write, piece: usize) -> std::io::Result<()> {
    let players = std::mem::take(&mut report.players);
    let mut spliced = false;
    let mut splice = |w: &mut dyn Write| {
        spliced = true;
        write_players(players, w, piece).map(|()| !players.is_empty())
    };
    let formatter = Pretty { players: Some(&mut splice), ..Pretty::at(0) };
    report.serialize(&mut serde_json::Serializer::with_formatter(w, formatter))?;
    // Never a report without its players in silence (were the field renamed or reshaped).
    if !spliced {
        return Err(std::io::Error::other("the report's players array was not found: no players were written"));
    }
    Ok(())
}

/// A player's weight in a piece: the player and their history points.
fn weight(player: &PlayerRating) -> usize {
    1 + player.history.as_ref().map_or(0, Vec::len)
}

/// The players' array's elements, each on its line at the second level's indent: runs of
/// players in pieces, a player heavier than a piece (an online league's bot of 200,000 games,
/// 30 MB of history) between the runs, straight to `w`.
fn write_players(players: &[PlayerRating], w: &mut dyn Write, piece: usize) -> std::io::Result<()> {
    let mut run = 0;
    for (i, player) in players.iter().enumerate() {
        if weight(player) > piece {
            write_run(players, run, i, w, piece)?;
            write_player(i, player, w)?;
            run = i + 1;
        }
    }
    write_run(players, run, players.len(), w, piece)
}

/// The players `from..to`, in pieces made on two threads in turn.
fn write_run(players: &[PlayerRating], from: usize, to: usize, w: &mut dyn Write, piece: usize) -> std::io::Result<()> {
    if from == to {
        return Ok(());
    }
    let mut starts = vec![from];
    let mut weighed = 0;
    for (i, player) in (from..to).zip(&players[from..to]) {
        weighed += weight(player);
        if weighed >= piece && i + 1 < to {
            starts.push(i + 1);
            weighed = 0;
        }
    }
    starts.push(to);
    let make = |k: usize, out: &mut Vec<u8>| -> std::io::Result<()> {
        for (i, player) in (starts[k]..).zip(&players[starts[k]..starts[k + 1]]) {
            write_player(i, player, out)?;
        }
        Ok(())
    };
    threads::alternate(starts.len() - 1, make, |bytes| w.write_all(bytes))
}

/// The `i`th player (from 0) as an element of the players' array.
fn write_player<W: ?Sized + Write>(i: usize, player: &PlayerRating, out: &mut W) -> std::io::Result<()> {
    out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
    player.serialize(&mut serde_json::Serializer::with_formatter(out, Pretty::at(2))).map_err(std::io::Error::from)
}

/// What a splice writes: the players' elements, and whether there were any.
type Splice<'a> = &'a mut dyn FnMut(&mut dyn Write) -> std::io::Result<bool>;

/// serde_json's `PrettyFormatter` (two spaces an indent), byte for byte, with each line's
/// break and indent written at once: serde_json writes an indent a level at a time, and a
/// million-game history's 2 million points, five levels deep, spent about a tenth of the
/// command line's time there. Given the players, it writes them into the report's first-level
/// `players` array, which serde_json writes empty.
struct Pretty<'a> {
    depth: usize,
    has_value: bool,
    /// The players to put in the report's `players` array; taken when they are written.
    players: Option<Splice<'a>>,
    /// A first-level key has begun and nothing of it is written yet.
    at_first_level_key: bool,
    /// The first-level key just written is `players`, whole (no escape, no other part).
    players_key: bool,
    /// The array now open is the `players` key's.
    in_players: bool,
}

/// `,\n` and the indents of the levels a report reaches (a level deeper is written in parts).
const BREAKS: &[u8; 2 + 2 * 16] = b",\n                                ";

/// A writer of any size seen as a `dyn Write`, for the splice (the formatter's writers may be
/// unsized).
struct Dyn<'w, W: ?Sized>(&'w mut W);

impl<W: ?Sized + Write> Write for Dyn<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.0.write_all(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

impl Pretty<'_> {
    /// Writing a value at `depth` levels in (the report itself is at 0).
    fn at(depth: usize) -> Self {
        Pretty { depth, has_value: false, players: None, at_first_level_key: false, players_key: false, in_players: false }
    }

    /// A line break (after a comma unless `first`) and the indent of the current depth.
    fn next_line<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        let start = usize::from(first);
        let mut spaces = 2 * self.depth;
        let now = spaces.min(BREAKS.len() - 2);
        w.write_all(&BREAKS[start..2 + now])?;
        spaces -= now;
        while spaces > 0 {
            let part = spaces.min(BREAKS.len() - 2);
            w.write_all(&BREAKS[2..2 + part])?;
            spaces -= part;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> std::io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.next_line(w, true)?;
        }
        w.write_all(bracket)
    }
}

impl serde_json::ser::Formatter for Pretty<'_> {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.in_players = std::mem::take(&mut self.players_key);
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        if std::mem::take(&mut self.in_players) {
            if let Some(players) = self.players.take() {
                self.has_value = players(&mut Dyn(w))?;
            }
        }
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        self.next_line(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        self.at_first_level_key = self.depth == 1 && self.players.is_some();
        self.players_key = false;
        self.next_line(w, first)
    }

    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, fragment: &str) -> std::io::Result<()> {
        // `players` only as a key's first part; any part after it (an escape, then more) undoes it.
        self.players_key = std::mem::take(&mut self.at_first_level_key) && fragment == "players";
        w.write_all(fragment.as_bytes())
    }

    fn write_char_escape<W: ?Sized + Write>(&mut self, w: &mut W, escape: serde_json::ser::CharEscape) -> std::io::Result<()> {
        self.at_first_level_key = false;
        self.players_key = false;
        serde_json::ser::Formatter::write_char_escape(&mut serde_json::ser::CompactFormatter, w, escape)
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.at_first_level_key = false;
        Ok(())
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.players_key = false;
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::elo::EloParams;
    use crate::{rate, Dataset, Method, Options};

    /// Elo with each game's record on a league of `players` and `games`: histories of a few
    /// points to about a hundred (every other game is one of six players'), the games after the
    /// players, names that need escaping.
    fn league(players: usize, games: usize) -> Rating {
        let mut d = Dataset::new();
        for g in 0..games {
            let a = if g % 2 == 0 { g % 6 } else { (g * 7919) % players };
            let b = (a + 1 + (g * 31) % (players - 1)) % players;
            d.add_game(&format!("Player \"{a}\" é"), &format!("Player \"{b}\" é"), [1.0, 0.5, 0.0][g % 3]);
        }
        let params = EloParams { per_game: true, ..Default::default() };
        rate(&d, &Method::Elo(params), &Options::default()).unwrap()
    }

    /// serde_json's own pretty layout of the whole report, the JSON as it was written before
    /// it was written in pieces.
    fn serde_pretty(r: &Rating) -> String {
        serde_json::to_string_pretty(&JsonReport::of(r)).unwrap()
    }

    fn in_pieces(r: &Rating, piece: usize) -> String {
        let mut out = Vec::new();
        write_in_pieces(JsonReport::of(r), &mut out, piece).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_json_in_pieces_is_serde_jsons_pretty_layout_byte_for_byte() {
        let r = league(40, 300);
        assert!(r.games.is_some() && r.players.iter().all(|p| p.history.is_some()));
        let weights: Vec<usize> = r.players.iter().map(weight).collect();
        assert!(weights.iter().min() < Some(&9) && weights.iter().max() >= Some(&50), "{weights:?}");
        let whole = serde_pretty(&r);
        // One piece; every player heavier than a piece, written straight out; some heavier, between
        // pieces of one player or of a few: on two threads and on one.
        for piece in [usize::MAX, 1, 9, 12, 17, 64] {
            assert_eq!(in_pieces(&r, piece), whole, "pieces of {piece}");
            assert_eq!(threads::one_thread(|| in_pieces(&r, piece)), whole, "pieces of {piece}, one thread");
        }
        assert_eq!(json(&r), whole);
    }

    #[test]
    fn a_report_without_players_or_games_is_laid_out_as_serde_json_lays_it_out() {
        let mut r = league(5, 12);
        r.players.clear();
        r.games = None;
        assert_eq!(in_pieces(&r, 1), serde_pretty(&r));
        assert!(serde_pretty(&r).contains("\"players\": [],"));
    }

    #[test]
    fn only_the_first_level_key_players_whole_is_given_the_players() {
        let mut map = serde_json::Map::new();
        for key in ["\nplayers", "players\n", "pl\"ayers", "players", "player", "x"] {
            map.insert(key.into(), serde_json::json!([]));
        }
        map.insert("nested".into(), serde_json::json!({"players": [], "list": [{"players": []}]}));
        let given = std::cell::Cell::new(0);
        let mut splice = |w: &mut dyn Write| {
            given.set(given.get() + 1);
            w.write_all(b"\n    \"X\"").map(|()| true)
        };
        let mut out = Vec::new();
        let formatter = Pretty { players: Some(&mut splice), ..Pretty::at(0) };
        serde_json::Value::Object(map.clone()).serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter)).unwrap();
        assert_eq!(given.get(), 1);
        map["players"] = serde_json::json!(["X"]);
        assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string_pretty(&serde_json::Value::Object(map.clone())).unwrap());
        // Without `players` itself (the keys are written in sorted order, so this is what tries
        // `players\n` while the players are still to be given): none is given them.
        map.remove("players");
        let mut out = Vec::new();
        let formatter = Pretty { players: Some(&mut splice), ..Pretty::at(0) };
        serde_json::Value::Object(map.clone()).serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string_pretty(&serde_json::Value::Object(map)).unwrap());
        assert_eq!(given.get(), 1, "no key but `players` whole is given the players");
    }

    #[test]
    fn indents_deeper_than_the_breaks_are_written_in_parts() {
        let deep = (0..40).fold(serde_json::json!({"a": 1, "b": [1, 2], "c": []}), |v, _| serde_json::json!({"k": [v]}));
        let mut out = Vec::new();
        deep.serialize(&mut serde_json::Serializer::with_formatter(&mut out, Pretty::at(0))).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string_pretty(&deep).unwrap());
    }
}
