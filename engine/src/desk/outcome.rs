//! A game's result as the desk enters it: every result FIDE lists for a game (the results
//! over the board, the odd ones ½-0, 0-½ and 0-0, the forfeits, the unrated results of a game
//! of less than one move, an adjourned game), with the TRF codes each writes, how a pairings
//! sheet shows it, and how it is read from a key or from a result typed as on a score sheet.
//!
//! How each is shown (and read back by [`Outcome::from_sheet`]): `1-0`, `½-½`, `0-1`, `½-0`,
//! `0-½`, `0-0`, `+/-`, `-/+`, `-/-`, `W-L`, `D-D`, `L-W` (the TRF's own letters for a game of
//! less than one move, white's first) and `?` (adjourned, the TRF's code).

use crate::tournament::RoundResult;
use serde::{Deserialize, Serialize};

/// A game's result: by the key typed, `1` white won, `=` (or `½`) a draw, `0` black won, `+`
/// white won by forfeit, `-` black won by forfeit, `?` adjourned; the others by the score
/// sheet's text ([`Outcome::from_sheet`]) or a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
    WhiteByForfeit,
    BlackByForfeit,
    /// Neither player came: both lose by forfeit.
    DoubleForfeit,
    /// ½-0: played, white scores a half point, black nothing (TRF `=` / `0`).
    HalfZero,
    /// 0-½: played, black scores a half point, white nothing (TRF `0` / `=`).
    ZeroHalf,
    /// 0-0: played, both lose (TRF `0` / `0`).
    ZeroZero,
    /// W-L: white won a game of less than one move, not rated (TRF `W` / `L`).
    WhiteWinsUnrated,
    /// D-D: a drawn game of less than one move, not rated (TRF `D` / `D`).
    DrawUnrated,
    /// L-W: black won a game of less than one move, not rated (TRF `L` / `W`).
    BlackWinsUnrated,
    /// Adjourned: begun, its result still to come (TRF `?` / `?`, provisionally a draw until resolved).
    Adjourned,
    /// The result taken back (blank).
    Clear,
}

/// What a result typed as on a score sheet reads as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SheetRead {
    /// A whole result.
    Complete(Outcome),
    /// Not a result yet, but the start of one (`1/`, `1-`, `0-`, `½-`): wait for more.
    Prefix,
    /// Not a result, and no more typing makes it one: why, and what is accepted.
    Invalid(String),
}

/// Every form the score sheet reader accepts, spaces left out, letters in lower case, `:`
/// read as `-`; a half point as `½` (`1/2`, `0.5` and `,5` are read as `½` first).
const SHEET: [(&str, Outcome); 27] = [
    ("1-0", Outcome::WhiteWins),
    ("1", Outcome::WhiteWins),
    ("0-1", Outcome::BlackWins),
    ("0", Outcome::BlackWins),
    ("½-½", Outcome::Draw),
    ("=", Outcome::Draw),
    ("½", Outcome::Draw),
    ("½-0", Outcome::HalfZero),
    ("0-½", Outcome::ZeroHalf),
    ("0-0", Outcome::ZeroZero),
    ("+/-", Outcome::WhiteByForfeit),
    ("+-", Outcome::WhiteByForfeit),
    ("+", Outcome::WhiteByForfeit),
    ("1f-0f", Outcome::WhiteByForfeit),
    ("-/+", Outcome::BlackByForfeit),
    ("-+", Outcome::BlackByForfeit),
    ("-", Outcome::BlackByForfeit),
    ("0f-1f", Outcome::BlackByForfeit),
    ("-/-", Outcome::DoubleForfeit),
    ("--", Outcome::DoubleForfeit),
    ("0f-0f", Outcome::DoubleForfeit),
    ("w-l", Outcome::WhiteWinsUnrated),
    ("d-d", Outcome::DrawUnrated),
    ("l-w", Outcome::BlackWinsUnrated),
    ("?", Outcome::Adjourned),
    ("adj", Outcome::Adjourned),
    ("adjourned", Outcome::Adjourned),
];

/// What the reader says it accepts, when it cannot read a text.
const ACCEPTED: &str = "a result is 1-0, 0-1, ½-½ (or =), ½-0, 0-½, 0-0, +/-, -/+, -/- (forfeits), W-L, D-D, L-W (a game of less \
                        than one move) or ? (adjourned); one key: 1, =, ½, 0, +, -, ?";

impl Outcome {
    /// Every result a game can be given (the order the desk offers them in).
    pub const ALL: [Outcome; 13] = [
        Outcome::WhiteWins,
        Outcome::Draw,
        Outcome::BlackWins,
        Outcome::HalfZero,
        Outcome::ZeroHalf,
        Outcome::ZeroZero,
        Outcome::WhiteByForfeit,
        Outcome::BlackByForfeit,
        Outcome::DoubleForfeit,
        Outcome::WhiteWinsUnrated,
        Outcome::DrawUnrated,
        Outcome::BlackWinsUnrated,
        Outcome::Adjourned,
    ];

    /// In words, for a button's label.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "white won",
            Outcome::Draw => "a draw",
            Outcome::BlackWins => "black won",
            Outcome::HalfZero => "white ½, black 0",
            Outcome::ZeroHalf => "white 0, black ½",
            Outcome::ZeroZero => "both lost",
            Outcome::WhiteByForfeit => "white won by forfeit",
            Outcome::BlackByForfeit => "black won by forfeit",
            Outcome::DoubleForfeit => "neither came (double forfeit)",
            Outcome::WhiteWinsUnrated => "white won, under one move (not rated)",
            Outcome::DrawUnrated => "drawn, under one move (not rated)",
            Outcome::BlackWinsUnrated => "black won, under one move (not rated)",
            Outcome::Adjourned => "adjourned",
            Outcome::Clear => "no result",
        }
    }

    /// The key that enters it (`None`: no key). `5` is not a draw: a stray key next to `=`
    /// or `6` must not enter a result.
    pub fn from_key(key: &str) -> Option<Outcome> {
        Some(match key {
            "1" => Outcome::WhiteWins,
            "=" | "½" => Outcome::Draw,
            "0" => Outcome::BlackWins,
            "+" => Outcome::WhiteByForfeit,
            "-" => Outcome::BlackByForfeit,
            "?" => Outcome::Adjourned,
            _ => return None,
        })
    }

    /// Reads a result as typed on a score sheet (`1-0`, `1:0`, `1/2-1/2`, `0.5-0.5`, `+/-`,
    /// `W-L`, `?`…, and the one-key forms): whole, the start of one, or not a result.
    pub fn from_sheet(text: &str) -> SheetRead {
        let typed: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
        if typed.is_empty() {
            return SheetRead::Prefix;
        }
        let norm = typed.replace(':', "-").replace("1/2", "½").replace("0.5", "½").replace("0,5", "½").replace(".5", "½");
        if let Some((_, o)) = SHEET.iter().find(|(f, _)| *f == norm) {
            return SheetRead::Complete(*o);
        }
        // The start of a form as typed, a half point still being written (`1/`, `0.`).
        let spelled = |f: &str| [f.to_string(), f.replace('½', "1/2"), f.replace('½', "0.5"), f.replace('½', "0,5")];
        let typed = typed.replace(':', "-");
        if SHEET.iter().any(|(f, _)| spelled(f).iter().any(|s| s.starts_with(&typed) || s.starts_with(&norm))) {
            return SheetRead::Prefix;
        }
        if typed.chars().all(|c| c.is_ascii_digit()) {
            return SheetRead::Invalid(format!("{typed} is not a result; a draw is = or ½ ({ACCEPTED})"));
        }
        SheetRead::Invalid(format!("'{}' is not a result: {ACCEPTED}", text.trim()))
    }

    /// White's and black's results (`None`: taken back).
    pub fn results(self) -> Option<(RoundResult, RoundResult)> {
        use RoundResult::*;
        Some(match self {
            Outcome::WhiteWins => (Win, Loss),
            Outcome::Draw => (Draw, Draw),
            Outcome::BlackWins => (Loss, Win),
            Outcome::WhiteByForfeit => (ForfeitWin, ForfeitLoss),
            Outcome::BlackByForfeit => (ForfeitLoss, ForfeitWin),
            Outcome::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
            Outcome::HalfZero => (Draw, Loss),
            Outcome::ZeroHalf => (Loss, Draw),
            Outcome::ZeroZero => (Loss, Loss),
            Outcome::WhiteWinsUnrated => (WinUnrated, LossUnrated),
            Outcome::DrawUnrated => (DrawUnrated, DrawUnrated),
            Outcome::BlackWinsUnrated => (LossUnrated, WinUnrated),
            Outcome::Adjourned => (Adjourned, Adjourned),
            Outcome::Clear => return None,
        })
    }

    /// As a pairings sheet writes it (`1-0`, `½-0`, `+/-`, `W-L`, `?`; empty when taken back).
    pub fn written(self) -> &'static str {
        self.results().map_or("", |(w, b)| Outcome::shown(w, b))
    }

    /// A game's results as a pairings sheet writes them (see the module's list; empty when
    /// there is none, or for a pair of results no outcome gives).
    pub fn shown(white: RoundResult, black: RoundResult) -> &'static str {
        use RoundResult::*;
        match (white, black) {
            (Draw, Loss) => "½-0",
            (Loss, Draw) => "0-½",
            (Loss, Loss) => "0-0",
            (Win, _) => "1-0",
            (Loss, _) => "0-1",
            (Draw, _) => "½-½",
            (ForfeitWin, _) => "+/-",
            (ForfeitLoss, ForfeitWin) => "-/+",
            (ForfeitLoss, ForfeitLoss) => "-/-",
            (WinUnrated, _) => "W-L",
            (LossUnrated, _) => "L-W",
            (DrawUnrated, _) => "D-D",
            (Adjourned, _) => "?",
            _ => "",
        }
    }
}
