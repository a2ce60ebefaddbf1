//! The desk's actions on a tournament's file: each takes the text and gives the next, or
//! says why not and leaves it as it was.
//!
//! What is written where (FIDE's TRF, player record, one ten-column block per round): a
//! game paired for results is its opponent and colour with the result blank; a result fills
//! both players' blocks and their points (columns 81-84); the pairing-allocated bye is
//! `0000 - U`; a requested bye `0000 - H`/`Z`/`F` and an absence `0000 - -`, entered before
//! the round is paired (C.04.1's byes on request; JaVaFo's and bbpPairings's TRF(x) input).
//! The arbiter's manual changes to a pairing are marked by a comment record
//! (`### manual round R: …`), which TRF readers skip and [`super::view`] reads.

pub use super::progress::{current_round, missing_results};
use super::register::NewPlayer;
use super::DeskError;
use crate::pairing::berger::{self, Cycles};
use crate::pairing::dutch::{pair_round, PairOptions};
use crate::parse::trf::{parse_trf, with_header, with_pairing, with_points, with_round, with_round_off, without_round, Cell};
use crate::tournament::{Colour, RoundResult, RoundStatus, Tournament, TournamentType};
use serde::{Deserialize, Serialize};

/// A bye or absence entered before a round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeKind {
    /// `H`: a half-point bye.
    Half,
    /// `Z`: a zero-point bye.
    Zero,
    /// `F`: a full-point bye.
    Full,
    /// `-`: absent, no points.
    Absent,
}

impl ByeKind {
    pub const ALL: [ByeKind; 4] = [ByeKind::Half, ByeKind::Zero, ByeKind::Full, ByeKind::Absent];

    fn result(self) -> RoundResult {
        match self {
            ByeKind::Half => RoundResult::HalfBye,
            ByeKind::Zero => RoundResult::ZeroBye,
            ByeKind::Full => RoundResult::FullBye,
            ByeKind::Absent => RoundResult::ForfeitLoss,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ByeKind::Half => "half-point bye",
            ByeKind::Zero => "zero-point bye",
            ByeKind::Full => "full-point bye",
            ByeKind::Absent => "absent",
        }
    }
}

/// A game's result as the desk enters it, by the key typed: `1` white won, `=` a draw, `0`
/// black won, `+` white won by forfeit, `-` black won by forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
    WhiteByForfeit,
    BlackByForfeit,
    /// Neither player came: both lose by forfeit.
    DoubleForfeit,
    /// The result taken back (blank).
    Clear,
}

impl Outcome {
    /// The key that enters it (`None`: no key).
    pub fn from_key(key: &str) -> Option<Outcome> {
        Some(match key {
            "1" => Outcome::WhiteWins,
            "=" | "½" | "5" => Outcome::Draw,
            "0" => Outcome::BlackWins,
            "+" => Outcome::WhiteByForfeit,
            "-" => Outcome::BlackByForfeit,
            _ => return None,
        })
    }

    /// White's and black's results.
    fn results(self) -> Option<(RoundResult, RoundResult)> {
        use RoundResult::*;
        Some(match self {
            Outcome::WhiteWins => (Win, Loss),
            Outcome::Draw => (Draw, Draw),
            Outcome::BlackWins => (Loss, Win),
            Outcome::WhiteByForfeit => (ForfeitWin, ForfeitLoss),
            Outcome::BlackByForfeit => (ForfeitLoss, ForfeitWin),
            Outcome::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
            Outcome::Clear => return None,
        })
    }

    /// As a pairings sheet writes it (`1-0`, `½-½`, `+/-`; empty when taken back).
    pub fn written(self) -> &'static str {
        self.results().map_or("", |(w, b)| Outcome::shown(w, b))
    }

    /// A game's results as a pairings sheet writes them (`1-0`, `½-½`, `+/-`).
    pub fn shown(white: RoundResult, black: RoundResult) -> &'static str {
        use RoundResult::*;
        match (white, black) {
            (Win, _) => "1-0",
            (Loss, _) => "0-1",
            (Draw, _) => "½-½",
            (ForfeitWin, _) => "+/-",
            (ForfeitLoss, ForfeitWin) => "-/+",
            (ForfeitLoss, ForfeitLoss) => "-/-",
            (WinUnrated, _) => "1-0 (unrated)",
            (LossUnrated, _) => "0-1 (unrated)",
            (DrawUnrated, _) => "½-½ (unrated)",
            _ => "",
        }
    }
}

/// One change to the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Pairs the next round by the Dutch system (`initial_colour`: round 1's, drawn by lot).
    Pair { round: usize, initial_colour: Option<Colour> },
    /// The result of the game in which `white` has white in `round`.
    Result { round: usize, white: u32, outcome: Outcome },
    /// Takes back the last round's pairing while it has no result (requested byes stay).
    Unpair { round: usize },
    /// A bye or absence for a round not yet paired (`None`: the entry taken back).
    Bye { start: u32, round: usize, kind: Option<ByeKind> },
    /// Absent from `from_round` to the last round (the rounds not yet paired).
    Withdraw { start: u32, from_round: usize },
    /// A late entry: numbered by the initial order while fewer than four rounds are paired
    /// (the players below move down one), else the next number; the rounds already paired
    /// entered as zero-point byes ([`super::late`]).
    AddPlayer(NewPlayer),
    /// The arbiter swaps the colours of the game in which `white` has white.
    SwapColours { round: usize, white: u32 },
    /// The arbiter exchanges two players of a round's pairing (their opponents, or one's game
    /// and the other's bye).
    Exchange { round: usize, a: u32, b: u32 },
    /// A player's record changed, each field logged ([`super::players`]).
    EditPlayer { start: u32, fields: super::players::PlayerFields },
    /// Expelled: absent from `from_round` (not yet paired) to the last round, and marked.
    Expel { start: u32, from_round: usize },
    /// A late entry as [`Action::AddPlayer`], the rounds already paired entered as ½-point
    /// byes (`H`) when `half_point_byes`, else as zero-point byes.
    AddLate {
        player: NewPlayer,
        #[serde(default)]
        half_point_byes: bool,
    },
}

impl Action {
    /// The action with the start numbers it names changed to `new_of` them (an action queued
    /// behind a late entry that renumbered the players, [`super::late`]).
    pub fn renumbered(&self, new_of: &dyn Fn(u32) -> u32) -> Action {
        match self.clone() {
            Action::Result { round, white, outcome } => Action::Result { round, white: new_of(white), outcome },
            Action::Bye { start, round, kind } => Action::Bye { start: new_of(start), round, kind },
            Action::Withdraw { start, from_round } => Action::Withdraw { start: new_of(start), from_round },
            Action::SwapColours { round, white } => Action::SwapColours { round, white: new_of(white) },
            Action::Exchange { round, a, b } => Action::Exchange { round, a: new_of(a), b: new_of(b) },
            Action::EditPlayer { start, fields } => Action::EditPlayer { start: new_of(start), fields },
            Action::Expel { start, from_round } => Action::Expel { start: new_of(start), from_round },
            other @ (Action::Pair { .. } | Action::Unpair { .. } | Action::AddPlayer(_) | Action::AddLate { .. }) => other,
        }
    }
}

/// The file read for an action (warnings are the view's to show).
pub(crate) fn read(text: &str) -> Result<Tournament, DeskError> {
    parse_trf(text).map(|(t, _)| t).map_err(|e| DeskError::Unreadable(e.to_string()))
}

/// The entrant with start number `start`.
fn index_of(t: &Tournament, start: u32) -> Result<usize, DeskError> {
    t.entrants.iter().position(|e| e.start == start).ok_or(DeskError::Player { start, what: "no such player".into() })
}

/// Whether any game of `round` has a result.
fn has_results(t: &Tournament, round: usize) -> bool {
    t.entrants.iter().any(|e| e.rounds.get(round - 1).is_some_and(|r| r.opponent.is_some() && r.result != RoundResult::NotPaired))
}

/// Applies `action` to the file `text`: the next text, or why not (the text unchanged).
pub fn apply(text: &str, action: &Action) -> Result<String, DeskError> {
    let t = read(text)?;
    let out = match action {
        Action::Pair { round, initial_colour } => pair(text, &t, *round, *initial_colour)?,
        Action::Result { round, white, outcome } => result(text, &t, *round, *white, *outcome)?,
        Action::Unpair { round } => unpair(text, &t, *round)?,
        Action::Bye { start, round, kind } => bye(text, &t, *start, *round, *kind)?,
        Action::Withdraw { start, from_round } => withdraw(text, &t, *start, *from_round)?,
        Action::AddPlayer(p) => super::late::add_player(text, &t, p)?,
        Action::SwapColours { round, white } => swap_colours(text, &t, *round, *white)?,
        Action::Exchange { round, a, b } => exchange(text, &t, *round, *a, *b)?,
        Action::EditPlayer { start, fields } => super::players::edit_player(text, &t, *start, fields)?,
        Action::Expel { start, from_round } => super::players::expel(text, &t, *start, *from_round)?,
        Action::AddLate { player, half_point_byes } => {
            let missed = if *half_point_byes { RoundResult::HalfBye } else { RoundResult::ZeroBye };
            super::late::add_player_with(text, &t, player, missed)?
        }
    };
    Ok(with_points_recounted(&out))
}

/// Every player's points (columns 81-84) as their rounds give them by the file's point system.
fn with_points_recounted(text: &str) -> String {
    let Ok(t) = read(text) else { return text.to_string() };
    let points = |start: u32| {
        let e = t.entrants.iter().find(|e| e.start == start)?;
        Some(e.points_in(&t.point_system, e.rounds.len()))
    };
    with_points(text, &points)
}

fn round_error(round: usize, what: impl Into<String>) -> DeskError {
    DeskError::Round { round, what: what.into() }
}

fn pair(text: &str, t: &Tournament, round: usize, initial: Option<Colour>) -> Result<String, DeskError> {
    let current = current_round(t);
    if round != current + 1 {
        return Err(round_error(round, format!("the next round to pair is {}", current + 1)));
    }
    if let Some(total) = t.total_rounds.filter(|&n| round > n) {
        return Err(round_error(round, format!("the tournament has {total} rounds")));
    }
    let missing = missing_results(t, current.max(1));
    if current > 0 && !missing.is_empty() {
        let boards: Vec<String> = missing.iter().map(|w| format!("{w}")).collect();
        return Err(round_error(
            current,
            format!(
                "results missing in the games of {} (white's start numbers): enter them before pairing the next round",
                boards.join(", ")
            ),
        ));
    }
    if let Some(TournamentType::RoundRobin { double }) = t.tournament_type.as_ref().map(|d| &d.kind) {
        let cycles = if *double { Cycles::Double } else { Cycles::Single };
        let (boards, bye) = berger::pair_round(t, round, cycles).map_err(|e| round_error(round, e.to_string()))?;
        return Ok(with_round_off(text, t, round, &boards, bye));
    }
    // A colour already drawn (the file's 152) stays: a round 1 unpaired and paired again is
    // the same round.
    let initial = t.initial_colour.map(|c| c.colour).or(initial);
    let opts = PairOptions { initial_colour: initial, ..PairOptions::default() };
    let p = pair_round(t, round, &opts)?;
    let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    // Round 1's colour drawn by lot is written down (152), so that the file alone pairs
    // every later round as this one was.
    let text = match (round, initial, t.initial_colour) {
        (1, Some(c), None) => with_header(text, "152", if c == Colour::White { "W" } else { "B" }),
        _ => text.to_string(),
    };
    Ok(with_pairing(&text, t, round, &boards, p.bye))
}

/// The game in `round` in which `white` has white: (white's index, black's index).
fn game(t: &Tournament, round: usize, white: u32) -> Result<(usize, usize), DeskError> {
    let w = index_of(t, white)?;
    match (t.status(w, round), t.entrants[w].rounds.get(round.wrapping_sub(1)).and_then(|r| r.colour)) {
        (RoundStatus::Paired(b), Some(Colour::White)) => Ok((w, b)),
        _ => Err(round_error(round, format!("start number {white} has no game with white"))),
    }
}

fn result(text: &str, t: &Tournament, round: usize, white: u32, outcome: Outcome) -> Result<String, DeskError> {
    let (w, b) = game(t, round, white)?;
    if round < current_round(t) && outcome == Outcome::Clear {
        return Err(round_error(round, "a later round is paired: a result of this round may be corrected, not taken back"));
    }
    let (rw, rb) = outcome.results().map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
    let cell = |start: u32| -> Option<Cell> {
        let (opponent, colour, result) = match start {
            s if s == sw => (sb, Colour::White, rw),
            s if s == sb => (sw, Colour::Black, rb),
            _ => return None,
        };
        Some(Cell { opponent: Some(opponent), colour: Some(colour), result, points: None })
    };
    Ok(with_round(text, round, &cell))
}

fn unpair(text: &str, t: &Tournament, round: usize) -> Result<String, DeskError> {
    let current = current_round(t);
    if round != current || current == 0 {
        return Err(round_error(round, format!("only the last round paired ({current}) can be unpaired")));
    }
    if has_results(t, round) {
        return Err(round_error(round, "results are entered: take them back first"));
    }
    let paired = |start: u32| {
        let i = t.entrants.iter().position(|e| e.start == start);
        i.is_some_and(|i| {
            matches!(t.status(i, round), RoundStatus::Paired(_) | RoundStatus::Unpaired(crate::tournament::Unpaired::PairingBye))
        })
    };
    let text = without_round(text, round, &paired);
    Ok(without_manual_marks(&text, round))
}

fn bye(text: &str, t: &Tournament, start: u32, round: usize, kind: Option<ByeKind>) -> Result<String, DeskError> {
    index_of(t, start)?;
    let current = current_round(t);
    if round <= current {
        return Err(round_error(round, "already paired: a bye or absence is entered before its round is paired"));
    }
    if let Some(total) = t.total_rounds.filter(|&n| round > n) {
        return Err(round_error(round, format!("the tournament has {total} rounds")));
    }
    Ok(match kind {
        None => without_round(text, round, &|s| s == start),
        Some(k) => {
            let cell = Cell { opponent: None, colour: None, result: Some(k.result()), points: None };
            with_round(text, round, &|s| (s == start).then_some(cell))
        }
    })
}

fn withdraw(text: &str, t: &Tournament, start: u32, from: usize) -> Result<String, DeskError> {
    let total = t.total_rounds.unwrap_or(t.rounds);
    if from <= current_round(t) || from > total {
        return Err(DeskError::Player {
            start,
            what: format!("withdrawn from round {from}: expected a round not yet paired, up to {total}"),
        });
    }
    let mut text = text.to_string();
    for round in from..=total {
        text = bye(&text, t, start, round, Some(ByeKind::Absent))?;
    }
    Ok(text)
}

/// Checks that `round` is the last paired and has no result yet (a pairing may be changed).
fn changeable(t: &Tournament, round: usize) -> Result<(), DeskError> {
    if round != current_round(t) || round == 0 {
        return Err(round_error(round, "only the last round paired can be changed"));
    }
    if has_results(t, round) {
        return Err(round_error(round, "results are entered: a pairing is changed before its games start"));
    }
    Ok(())
}

/// A comment record saying what the arbiter changed, after the header (TRF readers skip it).
fn with_manual_mark(text: &str, round: usize, what: &str) -> String {
    let mark = format!("### manual round {round}: {what}\n");
    match text.find("\n001") {
        Some(at) => format!("{}{mark}{}", &text[..=at], &text[at + 1..]),
        None => format!("{text}{mark}"),
    }
}

fn without_manual_marks(text: &str, round: usize) -> String {
    let prefix = format!("### manual round {round}:");
    text.split_inclusive('\n').filter(|l| !l.starts_with(&prefix)).collect()
}

fn swap_colours(text: &str, t: &Tournament, round: usize, white: u32) -> Result<String, DeskError> {
    changeable(t, round)?;
    let (w, b) = game(t, round, white)?;
    let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
    let cell = |s: u32| -> Option<Cell> {
        let (opponent, colour) = match s {
            s if s == sw => (sb, Colour::Black),
            s if s == sb => (sw, Colour::White),
            _ => return None,
        };
        Some(Cell { opponent: Some(opponent), colour: Some(colour), result: None, points: None })
    };
    let text = with_round(text, round, &cell);
    Ok(with_manual_mark(&text, round, &format!("colours of {sw} and {sb} swapped by the arbiter")))
}

/// Where a player sits in a round: against an opponent with a colour, or on the PAB.
#[derive(Clone, Copy)]
enum Seat {
    Game(u32, Colour),
    Bye,
}

fn seat(t: &Tournament, round: usize, start: u32) -> Result<Seat, DeskError> {
    let i = index_of(t, start)?;
    let entry = t.entrants[i].rounds.get(round - 1);
    match (t.status(i, round), entry.and_then(|r| r.colour)) {
        (RoundStatus::Paired(j), Some(c)) => Ok(Seat::Game(t.entrants[j].start, c)),
        (RoundStatus::Unpaired(crate::tournament::Unpaired::PairingBye), _) => Ok(Seat::Bye),
        _ => Err(DeskError::Player { start, what: format!("not paired in round {round}") }),
    }
}

fn exchange(text: &str, t: &Tournament, round: usize, a: u32, b: u32) -> Result<String, DeskError> {
    changeable(t, round)?;
    let (sa, sb) = (seat(t, round, a)?, seat(t, round, b)?);
    if matches!((sa, sb), (Seat::Game(o, _), _) if o == b) || a == b {
        return Err(round_error(round, format!("{a} and {b} play each other: exchange players of different games")));
    }
    // `who` takes the seat `s` (its opponent, if any, then plays `who`).
    let mut cells: Vec<(u32, Cell)> = Vec::new();
    let mut sit = |who: u32, s: Seat| match s {
        Seat::Game(o, c) => {
            cells.push((who, Cell { opponent: Some(o), colour: Some(c), result: None, points: None }));
            let other = if c == Colour::White { Colour::Black } else { Colour::White };
            cells.push((o, Cell { opponent: Some(who), colour: Some(other), result: None, points: None }));
        }
        Seat::Bye => cells.push((who, Cell { opponent: None, colour: None, result: Some(RoundResult::PairingBye), points: None })),
    };
    sit(a, sb);
    sit(b, sa);
    let text = with_round(text, round, &|s| cells.iter().find(|(w, _)| *w == s).map(|(_, c)| *c));
    Ok(with_manual_mark(&text, round, &format!("{a} and {b} exchanged by the arbiter")))
}
