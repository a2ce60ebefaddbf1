//! The desk's actions on a tournament's file: each takes the text and gives the next, or
//! says why not and leaves it as it was.
//!
//! What is written where (FIDE's TRF, player record, one ten-column block per round): a
//! game paired for results is its opponent and colour with the result blank; a result fills
//! both players' blocks and their points (columns 81-84); the pairing-allocated bye is
//! `0000 - U`; a requested bye `0000 - H`/`Z`/`F` and an absence `0000 - -`, entered before
//! the round is paired (C.04.1's byes on request; JaVaFo's and bbpPairings's TRF(x) input).
//! The arbiter's manual changes to a pairing are marked by a comment record
//! (`### manual round R: …`), which TRF readers skip and [`super::view`] reads; every other
//! event of the pairing's integrity has its own comment record (the checklist's Q112): a
//! result of the round before the current one changed (`### result changed round R, …`), a
//! round unpaired, a bye or absence entered or taken back, a withdrawal.

use super::confirm::{ask, seating, who, Concern, Level};
use super::error::DeskError;
use super::manual::{with_comment, with_manual_mark, without_manual_marks};
pub use super::outcome::Outcome;
pub(crate) use super::progress::read;
pub use super::progress::{adjourned, current_round, missing_results};
use super::register::NewPlayer;
use crate::pairing::berger::{self, Cycles};
use crate::pairing::dutch::{pair_round, PairOptions};
use crate::parse::trf::{with_header, with_pairing, with_points, with_round, with_round_off, without_round, Cell};
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

/// One change to the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Pairs the next round by the Dutch system (`initial_colour`: round 1's, drawn by lot);
    /// `date`, the round's date when known, written into the `132` record ([`super::dates`]).
    Pair {
        round: usize,
        initial_colour: Option<Colour>,
        #[serde(default)]
        date: Option<String>,
    },
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
    /// A result of a locked round (before the second-to-last) corrected for the rating report
    /// only: written as a `### correction round R:` line, the standings unchanged (C.04.2
    /// 4.3, [`super::correction`]).
    Correction { round: usize, white: u32, outcome: Outcome },
    /// The next round paired wholly by the arbiter: `boards` (white, black) and the
    /// pairing-allocated bye; every player to pair exactly once ([`super::manual`]).
    PairByHand { round: usize, boards: Vec<(u32, u32)>, bye: Option<u32> },
    /// A session of hand changes to the round just paired begun (`end: false`, before any
    /// result) or ended (`end: true`, results typed in meanwhile or not: the round as it now
    /// is compared with the engine's pairing, the differences written, and when there are
    /// any, a Level-3 confirmation first), each a `### manual round R:` line (the checklist's
    /// Q65, Q68, Q69).
    ManualSession { round: usize, end: bool },
    /// The arbiter leaves FIDE mode (a Level-4 confirmation), written to the file as a
    /// `### FIDE mode left by the arbiter` line, with `on` (the date) when given; for good
    /// ([`super::fide_mode`]).
    LeaveFideMode {
        #[serde(default)]
        on: Option<String>,
    },
    /// Always refused: FIDE mode is on until left, and once left cannot be entered again
    /// ([`super::fide_mode`] says why).
    EnterFideMode,
    /// An imported file's check accepted by the arbiter: `notes` (what [`super::import::check`]
    /// found, as the arbiter confirmed it; empty: the check's own lines) written as
    /// `### import: …` lines; a Level-3 confirmation when a round is not as the engine pairs it
    /// (the checklist's Q55).
    AcceptImport { notes: Vec<String> },
    /// The action, its warnings confirmed by the arbiter ([`super::DeskError::Confirm`]).
    Confirmed(Box<Action>),
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
    /// The time `round` starts (`HH:MM`; `None`: taken out), typed by the arbiter for the
    /// printed pairings: TRF-2026 has no place for it, so it is written as a `### round R time
    /// HH:MM` line ([`super::dates`]).
    RoundTime { round: usize, time: Option<String> },
    /// Start number `start` marked eligible for half-point byes (`allowed`) or not, logged as a
    /// `###` line ([`super::players`]); a player not eligible is refused [`ByeKind::Half`].
    HalfPointByes { start: u32, allowed: bool },
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
            Action::Correction { round, white, outcome } => Action::Correction { round, white: new_of(white), outcome },
            Action::PairByHand { round, boards, bye } => {
                Action::PairByHand { round, boards: boards.iter().map(|&(w, b)| (new_of(w), new_of(b))).collect(), bye: bye.map(new_of) }
            }
            Action::Confirmed(inner) => Action::Confirmed(Box::new(inner.renumbered(new_of))),
            Action::EditPlayer { start, fields } => Action::EditPlayer { start: new_of(start), fields },
            Action::Expel { start, from_round } => Action::Expel { start: new_of(start), from_round },
            Action::HalfPointByes { start, allowed } => Action::HalfPointByes { start: new_of(start), allowed },
            other @ (Action::Pair { .. }
            | Action::ManualSession { .. }
            | Action::Unpair { .. }
            | Action::AddPlayer(_)
            | Action::AddLate { .. }
            | Action::LeaveFideMode { .. }
            | Action::EnterFideMode
            | Action::AcceptImport { .. }
            | Action::RoundTime { .. }) => other,
        }
    }
}

/// The entrant with start number `start`.
fn index_of(t: &Tournament, start: u32) -> Result<usize, DeskError> {
    t.entrants.iter().position(|e| e.start == start).ok_or(DeskError::Player { start, what: "no such player".into() })
}

/// Whether any game of `round` has a result.
fn has_results(t: &Tournament, round: usize) -> bool {
    t.entrants.iter().any(|e| e.rounds.get(round - 1).is_some_and(|r| r.opponent.is_some() && r.result != RoundResult::NotPaired))
}

/// Applies `action` to the file `text`: the next text, or why not (the text unchanged). An
/// action that needs the arbiter's agreement is refused with [`DeskError::Confirm`] unless it
/// comes wrapped in [`Action::Confirmed`].
pub fn apply(text: &str, action: &Action) -> Result<String, DeskError> {
    let t = read(text)?;
    let (mut action, mut confirmed) = (action, false);
    while let Action::Confirmed(inner) = action {
        (action, confirmed) = (inner, true);
    }
    let out = match action {
        Action::Pair { round, initial_colour, date } => {
            let paired = pair(text, &t, *round, *initial_colour, confirmed)?;
            super::dates::with_round_date(&paired, &t, *round, date.as_deref())?
        }
        Action::Result { round, white, outcome } => result(text, &t, (*round, *white), *outcome, confirmed)?,
        Action::Unpair { round } => unpair(text, &t, *round)?,
        Action::Bye { start, round, kind } => {
            let text = bye(text, &t, *start, *round, *kind)?;
            ask(confirmed, bye_concerns(&t, *start, *round, *kind))?;
            with_comment(&text, &bye_line(*start, *round, *kind))
        }
        Action::Withdraw { start, from_round } => {
            let text = withdraw(text, &t, *start, *from_round)?;
            with_comment(&text, &format!("### withdrawn {start} from round {from_round}"))
        }
        Action::AddPlayer(p) => super::late::add_player(text, &t, p)?,
        Action::SwapColours { round, white } => swap_colours(text, &t, *round, *white, confirmed)?,
        Action::Exchange { round, a, b } => exchange(text, &t, *round, (*a, *b), confirmed)?,
        Action::Correction { round, white, outcome } => super::correction::correct(text, &t, *round, *white, *outcome)?,
        Action::PairByHand { round, boards, bye } => super::manual::pair_by_hand(text, &t, *round, (boards, *bye), confirmed)?,
        Action::ManualSession { round, end: false } => {
            changeable(&t, *round)?;
            super::manual::session(text, *round, false, confirmed)?
        }
        // Ending a session needs only the round to be the last paired: results typed in
        // meanwhile do not stop the arbiter closing the record of the changes (Q65).
        Action::ManualSession { round, end: true } => {
            last_paired(&t, *round)?;
            super::manual::session(text, *round, true, confirmed)?
        }
        Action::LeaveFideMode { on } => super::fide_mode::leave(text, on.as_deref(), confirmed)?,
        Action::EnterFideMode => super::fide_mode::enter(text)?,
        Action::AcceptImport { notes } => super::import::accept(text, notes, confirmed)?,
        Action::Confirmed(_) => unreachable!("unwrapped above"),
        Action::EditPlayer { start, fields } => super::players::edit_player(text, &t, *start, fields)?,
        Action::Expel { start, from_round } => super::players::expel(text, &t, *start, *from_round)?,
        Action::AddLate { player, half_point_byes } => {
            let missed = if *half_point_byes { RoundResult::HalfBye } else { RoundResult::ZeroBye };
            // A late entry is never marked yet (the mark names a start number it has not
            // got): the ½-point byes for the rounds missed are the arbiter's grant, made here.
            super::late::add_player_with(text, &t, player, missed)?
        }
        Action::RoundTime { round, time } => super::dates::with_round_time(text, &t, *round, time.as_deref())?,
        Action::HalfPointByes { start, allowed } => super::players::mark_half_point_byes(text, &t, *start, *allowed)?,
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

/// Pairs the next round; a round paired past an adjourned game still open (acknowledged,
/// Level 2) says so in the file, each game a `###` line (an event of the pairing's
/// integrity: the round rests on a provisional draw, Q112, Q167).
fn pair(text: &str, t: &Tournament, round: usize, initial: Option<Colour>, confirmed: bool) -> Result<String, DeskError> {
    let concerns = super::progress::pairable(t, round)?;
    ask(confirmed, concerns.clone())?;
    let paired = pair_engine(text, t, round, initial)?;
    Ok(concerns.iter().fold(paired, |text, (_, what)| with_comment(&text, &format!("### round {round} paired past an open game: {what}"))))
}

fn pair_engine(text: &str, t: &Tournament, round: usize, initial: Option<Colour>) -> Result<String, DeskError> {
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

/// Enters a result. The current round's results are free; a game of an earlier round whose
/// result is missing or adjourned may be resolved at any time (the checklist's Q162); a
/// result of the round before the current one changed needs a Level-3 confirmation, since
/// the current round was paired on the old score; rounds before that are locked (C.04.2 4.3:
/// a wrong result found there is corrected for the rating report only, [`Action::Correction`]).
fn result(text: &str, t: &Tournament, (round, white): (usize, u32), outcome: Outcome, confirmed: bool) -> Result<String, DeskError> {
    let (w, b) = game(t, round, white)?;
    let current = current_round(t);
    let old = t.entrants[w].rounds[round - 1].result;
    let open = matches!(old, RoundResult::NotPaired | RoundResult::Adjourned);
    let unchanged = outcome.results().map(|r| r.0) == Some(old);
    if round < current && outcome == Outcome::Clear {
        return Err(round_error(round, "a later round is paired: a result of this round may be corrected, not taken back"));
    }
    if round + 1 < current && !open && !unchanged {
        return Err(round_error(
            round,
            format!(
                "locked: round {current} is paired, and only the results of rounds {} and {current} may be changed; a wrong result \
                 here is corrected for the rating report only (a correction, C.04.2 4.3), the standings unchanged",
                current - 1
            ),
        ));
    }
    let mut logged = resolved_past(t, (round, w, b), outcome, confirmed)?;
    if round + 1 == current && !open && !unchanged {
        let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
        let was = Outcome::shown(old, t.entrants[b].rounds[round - 1].result);
        // The pairing of the current round rests on the old result: the change is an event
        // of the pairing's integrity, kept in the file (the checklist's Q112).
        logged =
            Some(format!("### result changed round {round}, after round {current} was paired: {sw} – {sb} {was} → {}", outcome.written()));
        let warning = format!(
            "round {round}: the result of {} – {} changed from {was} to {}; round {current} was paired on the old score \
             and stays as paired (C.04.2 4.3)",
            who(t, sw),
            who(t, sb),
            outcome.written()
        );
        ask(confirmed, vec![(Level::Confirm, warning)])?;
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
    let text = with_round(text, round, &cell);
    Ok(logged.map_or_else(|| text.clone(), |line| with_comment(&text, &line)))
}

/// An adjourned game resolved decisively after a later round was paired: confirmed (Level 3,
/// the checklist's Q163), since that round was paired on its provisional draw (Q167); the
/// line to log, an event of the pairing's integrity (Q112). A draw changes no score.
fn resolved_past(
    t: &Tournament,
    (round, w, b): (usize, usize, usize),
    outcome: Outcome,
    confirmed: bool,
) -> Result<Option<String>, DeskError> {
    let current = current_round(t);
    let still_drawn = matches!(outcome, Outcome::Draw | Outcome::DrawUnrated | Outcome::Adjourned);
    if t.entrants[w].rounds[round - 1].result != RoundResult::Adjourned || round >= current || still_drawn {
        return Ok(None);
    }
    let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
    let warning = format!(
        "round {round}: {} – {} adjourned, now {}: the game counted as a provisional draw when later rounds were paired; \
         a decisive result changes those scores",
        who(t, sw),
        who(t, sb),
        outcome.written()
    );
    ask(confirmed, vec![(Level::Confirm, warning)])?;
    Ok(Some(format!("### adjourned game resolved round {round}, after round {current} was paired: {sw} – {sb} ? → {}", outcome.written())))
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
    let text = super::dates::without_round_date(&without_manual_marks(&text, round), t, round);
    // The round's own marks go with it; that it was paired and taken back stays (Q112).
    Ok(with_comment(&text, &format!("### unpaired round {round} by the arbiter")))
}

fn bye(text: &str, t: &Tournament, start: u32, round: usize, kind: Option<ByeKind>) -> Result<String, DeskError> {
    index_of(t, start)?;
    if kind == Some(ByeKind::Half) {
        super::players::half_point_bye_allowed(text, t, start)?;
    }
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

/// What the arbiter is asked before a bye is entered: a second half-point bye confirmed
/// (Level 3, the checklist's Q174: tournament rules usually limit them), a full-point bye
/// acknowledged (Level 2, Q178: FIDE's rules deprecate it). Only the arbiter's own entry asks;
/// a withdrawal's absences do not.
fn bye_concerns(t: &Tournament, start: u32, round: usize, kind: Option<ByeKind>) -> Vec<Concern> {
    let Some(e) = t.entrants.iter().find(|e| e.start == start) else { return Vec::new() };
    match kind {
        Some(ByeKind::Half) => {
            // The same round entered again replaces its bye: not a second one.
            let others: Vec<String> = (e.rounds.iter().enumerate())
                .filter(|(i, r)| i + 1 != round && r.result == RoundResult::HalfBye)
                .map(|(i, _)| format!("round {}", i + 1))
                .collect();
            match others.is_empty() {
                true => Vec::new(),
                false => vec![(
                    Level::Confirm,
                    format!("round {round}: {}'s second half-point bye: they already have one in {}", who(t, start), others.join(", ")),
                )],
            }
        }
        Some(ByeKind::Full) => {
            vec![(Level::Warning, format!("round {round}: a full-point bye for {}: FIDE's rules deprecate full-point byes", who(t, start)))]
        }
        _ => Vec::new(),
    }
}

/// The file's record of a bye or absence entered or taken back before its round was paired
/// (who sits out is an event of the pairing's integrity, Q112; the start number first, so
/// that a late entry renumbers it, [`super::players::renumbered_mark`]).
fn bye_line(start: u32, round: usize, kind: Option<ByeKind>) -> String {
    match kind {
        Some(k) => format!("### bye for {start} in round {round}: {} entered", k.name()),
        None => format!("### bye for {start} in round {round}: taken back"),
    }
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

/// Checks that `round` is the last round paired.
fn last_paired(t: &Tournament, round: usize) -> Result<(), DeskError> {
    if round != current_round(t) || round == 0 {
        return Err(round_error(round, "only the last round paired can be changed"));
    }
    Ok(())
}

/// Checks that `round` is the last paired and has no result yet (a pairing may be changed).
fn changeable(t: &Tournament, round: usize) -> Result<(), DeskError> {
    last_paired(t, round)?;
    if has_results(t, round) {
        return Err(round_error(round, "results are entered: a pairing is changed before its games start"));
    }
    Ok(())
}

fn swap_colours(text: &str, t: &Tournament, round: usize, white: u32, confirmed: bool) -> Result<String, DeskError> {
    changeable(t, round)?;
    let (w, b) = game(t, round, white)?;
    let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
    ask(confirmed, seating(t, round, &[(sb, sw)], None))?;
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

fn exchange(text: &str, t: &Tournament, round: usize, (a, b): (u32, u32), confirmed: bool) -> Result<String, DeskError> {
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
    ask(confirmed, seated(t, round, &cells))?;
    let text = with_round(text, round, &|s| cells.iter().find(|(w, _)| *w == s).map(|(_, c)| *c));
    Ok(with_manual_mark(&text, round, &format!("{a} and {b} exchanged by the arbiter")))
}

/// The rules' concerns about the seats an exchange gives (only the boards it changes: the
/// others are the engine's or were confirmed before).
fn seated(t: &Tournament, round: usize, cells: &[(u32, Cell)]) -> Vec<Concern> {
    let boards: Vec<(u32, u32)> =
        cells.iter().filter(|(_, c)| c.colour == Some(Colour::White)).filter_map(|(w, c)| c.opponent.map(|b| (*w, b))).collect();
    let bye = cells.iter().find(|(_, c)| c.result == Some(RoundResult::PairingBye)).map(|(w, _)| *w);
    seating(t, round, &boards, bye)
}
