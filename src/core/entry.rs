//! Results typed at the desk, a board at a time: what each key or inserted text does
//! ([`Entry::typed`]), as a plain state the round's view holds and tests reach natively.
//!
//! Two ways of typing must both hold (issue 36):
//!
//! * **one key a board**, the cursor moving on by itself: `1`, `=`, `0`, `+`, `?`;
//! * **a score sheet**: `1-0`, `0-1`, `½-0`, `1/2-1/2`, `-/+`… typed in one box, one board.
//!
//! `1` is both a whole result and the start of `1-0` or `1/2`. It is recorded at once and the
//! cursor moves on; if the next thing typed, in the box the cursor moved to and before anything
//! else there, is a separator (`-`, `/`, `:`), the score sheet goes on in the board before
//! (the cursor goes back to it), and the result is recorded again when it is whole. So `1-0`
//! typed fills one board. Because of this, `-` alone is never a result here (it begins `-/+`,
//! `-+`, `--`, `-/-`): a forfeit won by black is `-+`. A sheet so carried on that cannot be a
//! result (`1` then `-+`) was the next board's own: it is read there (`-+` on the next board).
//!
//! Text arriving by `input` events alone (a paste, a phone keyboard whose key is
//! `Unidentified`, dictation, autofill) goes through the same [`Entry::typed`]: nothing typed is
//! recorded by one path and not the other.

use ratings_engine::desk::outcome::{Outcome, SheetRead};

/// What was typed and not yet recorded, and the result recorded last (its sheet may go on).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// A score sheet being typed: its board and text (`1-`, `1/`, `-`), and how many bytes of
    /// it are the result recorded before on that board (a sheet carried on; 0: none).
    partial: Option<(usize, String, usize)>,
    /// The board recorded last, with the text that recorded it, while the cursor is on the
    /// board after it and nothing has been typed there: a separator continues its sheet.
    recorded: Option<(usize, String)>,
}

/// What typing did.
#[derive(Clone, Debug, PartialEq)]
pub enum Did {
    /// A whole result for a board.
    Record(usize, Outcome),
    /// The start of a result, shown in the board's box until it is whole.
    Partial(usize, String),
    /// Not a result: said, and the board's box shows what it held.
    Refused(usize, String),
}

/// What typing did, and the board whose box takes the cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub did: Did,
    pub focus: usize,
}

/// How the desk reads a typed text: the engine's score sheet reader, except that `-` alone is
/// the start of a forfeit (`-+`, `--`), not one (see the module's comment).
pub fn read(text: &str) -> SheetRead {
    match text.trim() {
        "-" => SheetRead::Prefix,
        t => Outcome::from_sheet(t),
    }
}

/// Whether a whole result could still go on as a longer one (`1` → `1-0`, `½` → `½-½`).
fn goes_on(text: &str) -> bool {
    ["-", "/"].iter().any(|sep| matches!(read(&format!("{text}{sep}")), SheetRead::Prefix | SheetRead::Complete(_)))
}

fn separator(text: &str) -> bool {
    text.starts_with(['-', '/', ':'])
}

impl Entry {
    /// The text shown in `board`'s box while a sheet is being typed there.
    pub fn partial(&self, board: usize) -> Option<&str> {
        self.partial.as_ref().filter(|(b, _, _)| *b == board).map(|(_, t, _)| t.as_str())
    }

    /// `text` typed (a key, or what an `input` event inserted) in `board`'s box, of a round
    /// with `last` boards.
    pub fn typed(&mut self, board: usize, text: &str, last: usize) -> Typed {
        let (at, sheet, carried) = match (self.recorded.take(), self.partial.take()) {
            (Some((before, done)), None) if board == before + 1 && separator(text) => (before, format!("{done}{text}"), done.len()),
            (_, Some((b, so_far, carried))) if b == board => (b, format!("{so_far}{text}"), carried),
            _ => (board, text.to_string(), 0),
        };
        match read(&sheet) {
            SheetRead::Invalid(_) if carried > 0 && !matches!(read(&sheet[carried..]), SheetRead::Invalid(_)) => {
                self.read_at(at + 1, sheet[carried..].to_string(), 0, last)
            }
            _ => self.read_at(at, sheet, carried, last),
        }
    }

    /// Reads `sheet` as typed in `at`'s box.
    fn read_at(&mut self, at: usize, sheet: String, carried: usize, last: usize) -> Typed {
        match read(&sheet) {
            SheetRead::Complete(outcome) => {
                if goes_on(&sheet) {
                    self.recorded = Some((at, sheet));
                }
                Typed { did: Did::Record(at, outcome), focus: (at + 1).min(last.max(1)) }
            }
            SheetRead::Prefix => {
                self.partial = Some((at, sheet.clone(), carried));
                Typed { did: Did::Partial(at, sheet), focus: at }
            }
            SheetRead::Invalid(why) => Typed { did: Did::Refused(at, format!("Board {at}: {why}")), focus: at },
        }
    }

    /// Backspace in `board`'s box: a character of the sheet being typed taken back (`true`),
    /// or nothing typed there (`false`: the board's result is taken back).
    pub fn back(&mut self, board: usize) -> bool {
        self.recorded = None;
        match &mut self.partial {
            Some((b, t, carried)) if *b == board => {
                t.pop();
                *carried = (*carried).min(t.len());
                if t.is_empty() {
                    self.partial = None;
                }
                true
            }
            _ => false,
        }
    }

    /// The cursor came to `board`: a sheet of another board is dropped (its box shows its
    /// result again), and a sheet can go on only from the board before.
    pub fn arrived(&mut self, board: usize) {
        if self.partial.as_ref().is_some_and(|(b, _, _)| *b != board) {
            self.partial = None;
        }
        if self.recorded.as_ref().is_some_and(|(b, _)| b + 1 != board) {
            self.recorded = None;
        }
    }

    /// Escape: whatever was being typed is dropped.
    pub fn drop_partial(&mut self) {
        self.partial = None;
        self.recorded = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Types each of `keys` as a key in the box the cursor is in, from board 1 of 4 boards;
    /// the results recorded, in order.
    fn type_keys(keys: &[&str]) -> (Vec<(usize, Outcome)>, Entry, usize) {
        let (mut e, mut at, mut out) = (Entry::default(), 1, Vec::new());
        for k in keys {
            let t = e.typed(at, k, 4);
            if let Did::Record(b, o) = t.did {
                out.push((b, o));
            }
            at = t.focus;
            e.arrived(at);
        }
        (out, e, at)
    }

    #[test]
    fn one_key_a_board_moves_on() {
        let (out, _, at) = type_keys(&["1", "=", "0", "+"]);
        use Outcome::*;
        assert_eq!(out, vec![(1, WhiteWins), (2, Draw), (3, BlackWins), (4, WhiteByForfeit)]);
        assert_eq!(at, 4);
    }

    #[test]
    fn a_score_sheet_fills_one_board() {
        use Outcome::*;
        // 1-0: 1 recorded on board 1, then the sheet goes on there and is recorded whole.
        let (out, _, at) = type_keys(&["1", "-", "0"]);
        assert_eq!(out, vec![(1, WhiteWins), (1, WhiteWins)]);
        assert_eq!(at, 2);
        let (out, _, _) = type_keys(&["0", "-", "1", "1", "/", "2", "-", "1", "/", "2"]);
        assert_eq!(out, vec![(1, BlackWins), (1, BlackWins), (2, WhiteWins), (2, Draw), (2, Draw)]);
        let (out, _, _) = type_keys(&["½", "-", "0", "0", "-", "0"]);
        assert_eq!(out, vec![(1, Draw), (1, HalfZero), (2, BlackWins), (2, ZeroZero)]);
        let (out, _, _) = type_keys(&["-", "+", "-", "-"]);
        assert_eq!(out, vec![(1, BlackByForfeit), (2, DoubleForfeit)]);
    }

    #[test]
    fn a_forfeit_typed_after_one_key_is_the_next_boards() {
        use Outcome::*;
        // 1 on board 1, then -+ : not 1-+ on board 1, but -+ on board 2.
        let (out, _, at) = type_keys(&["1", "-", "+", "0"]);
        assert_eq!(out, vec![(1, WhiteWins), (2, BlackByForfeit), (3, BlackWins)]);
        assert_eq!(at, 4);
        let (out, _, _) = type_keys(&["=", "-", "-", "+"]);
        assert_eq!(out, vec![(1, Draw), (2, DoubleForfeit), (3, WhiteByForfeit)]);
    }

    #[test]
    fn five_and_a_broken_sheet_are_refused_in_place() {
        let mut e = Entry::default();
        let t = e.typed(3, "5", 4);
        assert!(matches!(&t.did, Did::Refused(3, why) if why.starts_with("Board 3: 5 is not a result")), "{t:?}");
        assert_eq!(t.focus, 3);
        let (_, mut e, at) = type_keys(&["1", "-"]);
        assert_eq!((at, e.partial(1)), (1, Some("1-")));
        assert!(matches!(e.typed(1, "7", 4).did, Did::Refused(1, _)));
        assert_eq!(e.partial(1), None, "the box shows its result again");
    }

    #[test]
    fn text_from_an_input_event_is_read_whole() {
        let mut e = Entry::default();
        assert_eq!(e.typed(2, "1/2-1/2", 4), Typed { did: Did::Record(2, Outcome::Draw), focus: 3 });
        assert_eq!(e.typed(4, "0-1", 4), Typed { did: Did::Record(4, Outcome::BlackWins), focus: 4 });
    }

    #[test]
    fn backspace_takes_back_the_sheet_first_and_moving_drops_it() {
        let (_, mut e, _) = type_keys(&["1", "-"]);
        assert!(e.back(1));
        assert_eq!(e.partial(1), Some("1"));
        assert!(e.back(1));
        assert_eq!(e.partial(1), None);
        assert!(!e.back(1), "nothing typed: the result itself is taken back");
        let (_, mut e, _) = type_keys(&["1", "-"]);
        e.arrived(3);
        assert_eq!(e.partial(1), None);
        // A separator in a board not reached from the one before is that board's own sheet.
        let mut e = Entry::default();
        e.typed(1, "1", 4);
        e.arrived(3);
        assert_eq!(e.typed(3, "-", 4).did, Did::Partial(3, "-".into()));
    }
}
