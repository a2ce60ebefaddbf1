//! Round robins by FIDE's Berger tables (FIDE Handbook C.05, General Regulations for
//! Competitions, Annex 1: "Berger Tables for Round-Robin Tournaments"): the table of every
//! round for 3 to 24 players, single and double ([`table_round`]); the audit of a round-robin
//! file against it ([`check`]); and the pairing of a round from the file ([`pair_round`]).
//!
//! **The tables.** Annex 1 prints the tables for 3/4 to 15/16 players. For `n` players (`n`
//! made even) round 1 is `1-n, 2-(n-1), …`; player `n` stays on board 1 and alternates colours
//! (black in odd rounds, white in even ones), the others advance `n/2` places round a circle of
//! `n − 1` each round (`berger_round`): the printed tables to 16 players, and the same rule
//! to 24 (the sizes of C.05 Annex 2's Varma tables). Annex 1: "Where there is an odd number of
//! players, the highest number counts as a bye": the player who meets `n` has the round off.
//!
//! **Double round robins.** Annex 1's last sentence: "For a double-round tournament it is
//! recommended to reverse the order of the last two rounds of the first cycle. This is to
//! avoid three consecutive games with the same colour." [`Cycles::Double`] follows it always:
//! the first cycle plays the table's rounds `1, …, n−3, n−1, n−2`. Where the annex is silent,
//! we decided: the second cycle repeats the table with every colour reversed (the practice the
//! annex's "first cycle" presumes, and TieBreakServer's `FIDE_DOUBLEROUNDROBIN`), in the
//! table's own order, not the exchanged one (the exchange is for the seam between the cycles;
//! TieBreakServer and Vega's "adjusted" table do the same); and the exchange applies to every
//! size, 3/4 players too (rounds 2 and 3). A file played without the exchange shows those two
//! rounds as differing from the table.
//!
//! **Berger numbers from a file.** A TRF gives start numbers, not the numbers players drew;
//! [`berger_numbers`] reads them from round 1. Round 1 pairs board `k`'s White (number `k`)
//! with `n + 1 − k`, so it says which two players share a board, and who is White, but not
//! which board (for an odd count the player with the round-1 bye is 1): round 1 alone settles
//! the numbers only for 3 players. The order of the boards is the one under which every later
//! round the file holds is the table's; if there is none (a round played off the table), the
//! one under which the first later round that fits alone is the table's. Where several orders
//! fit (games without colours: the pairs of two rounds read backwards round the circle fit
//! too), or none does, or no later round is played, the boards are taken in their White
//! players' start-number order, the first that fits ([`NumberSource`] says which). A file
//! with no game in round 1 has Berger number = start number (the `k`-th start number is `k`),
//! the initial order.
//!
//! The file's rounds are read by the Dutch checker's [`file_round`].

use super::dutch::check::{file_round, last_paired_round, Game};
use crate::tournament::{RoundStatus, Tournament, TournamentType};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use thiserror::Error;

/// The fewest players a round robin is paired for.
pub const MIN_PLAYERS: usize = 3;
/// The most: Annex 1 prints tables to 16; the same rule is applied to 24.
pub const MAX_PLAYERS: usize = 24;

/// Placements the board search may try against one set of rounds (a fitting order is found
/// in about `n²/4`, as each board is tied to the ones before it); past it the rounds are taken
/// not to fit, so that no file costs more than a bounded time.
const SEARCH_BUDGET: usize = 100_000;

/// One cycle (every pair meets once) or two (the second with colours reversed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cycles {
    Single,
    Double,
}

impl Cycles {
    pub fn count(self) -> usize {
        match self {
            Cycles::Single => 1,
            Cycles::Double => 2,
        }
    }
}

impl fmt::Display for Cycles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cycles::Single => "single",
            Cycles::Double => "double",
        })
    }
}

/// How round 1 of a file fails to be a table's round 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Round1Mismatch {
    /// The players (start numbers) with no game in round 1, where the table leaves `expected`
    /// without (one, the bye, for an odd count; none for an even one).
    WithoutGame { starts: Vec<u32>, expected: usize },
    /// `player`'s record names `opponent`, whose record does not name `player` back.
    OneSided { player: u32, opponent: u32 },
}

impl fmt::Display for Round1Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Round1Mismatch::WithoutGame { starts, expected } => {
                let list = starts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                let have = if starts.len() == 1 { "player has" } else { "players have" };
                write!(f, "{} {have} no game in round 1 ({list}); expected {expected}", starts.len())
            }
            Round1Mismatch::OneSided { player, opponent } => {
                write!(f, "start number {player} is paired with {opponent}, whose record does not name {player} (expected both records to name each other)")
            }
        }
    }
}

/// A round robin the Berger tables cannot pair or audit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RrError {
    #[error("a round robin needs at least {MIN_PLAYERS} players; this one has {players}")]
    TooFewPlayers { players: usize },
    #[error("the Berger tables go to {MAX_PLAYERS} players here (FIDE C.05 Annex 1 prints them to 16); this round robin has {players}")]
    TooManyPlayers { players: usize },
    #[error("round {round} is not in the table: a {cycles} round robin of {players} players has rounds 1 to {rounds}")]
    RoundOutOfRange { round: usize, players: usize, cycles: Cycles, rounds: usize },
    #[error("start number {start} is listed twice (expected one entrant per start number)")]
    DuplicateStart { start: u32 },
    #[error("start number {start} ({name}) has no round-1 entry but plays in round {round}: a round robin's players are all paired from round 1 (expected a game or the bye in round 1)")]
    AddedAfterRound1 { start: u32, name: String, round: usize },
    #[error("round 1 fits no Berger table of {players} players: {mismatch}")]
    Round1FitsNoTable { players: usize, mismatch: Round1Mismatch },
}

/// One round of the table: `(white, black)` per board in the table's board order (the bye's
/// board left out), and the player with the round off (odd counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableRound {
    pub boards: Vec<(u32, u32)>,
    pub bye: Option<u32>,
}

/// The rounds a round robin of `players` plays: `n − 1` a cycle, `n` the count made even.
pub fn rounds(players: usize, cycles: Cycles) -> usize {
    (players + players % 2).saturating_sub(1) * cycles.count()
}

fn check_size(players: usize) -> Result<(), RrError> {
    match players {
        p if p < MIN_PLAYERS => Err(RrError::TooFewPlayers { players }),
        p if p > MAX_PLAYERS => Err(RrError::TooManyPlayers { players }),
        _ => Ok(()),
    }
}

/// Round `t` (1 to `n − 1`) of the table of `n` (even) numbers, board 1 first. Board `k`'s
/// first player is `1 + (k − 1 + (t − 1)·n/2) mod (n − 1)`: each round the players `1..n−1`
/// advance `n/2` places round the circle, which is the annex's rotation; on board 1 they meet
/// `n`, White in odd rounds; elsewhere they are White against the player whose number adds up
/// with theirs to `t + 1` modulo `n − 1` (the pairs of a Berger round).
fn berger_round(n: u32, t: u32) -> Vec<(u32, u32)> {
    let (q, m) = (n - 1, n / 2);
    (1..=m)
        .map(|k| {
            let a = 1 + (k - 1 + (t - 1) * m) % q;
            match k {
                1 if t % 2 == 1 => (a, n),
                1 => (n, a),
                _ => (a, 1 + (t + q - a) % q),
            }
        })
        .collect()
}

/// The table round that round `round` of the tournament plays, and whether its colours are
/// reversed (the second cycle); `None` past the last round.
fn table_index(q: usize, round: usize, cycles: Cycles) -> Option<(usize, bool)> {
    if round == 0 || round > q * cycles.count() {
        return None;
    }
    if round > q {
        return Some((round - q, true));
    }
    // Annex 1: "For a double-round tournament it is recommended to reverse the order of the
    // last two rounds of the first cycle." (q ≥ 3: round 1 is never one of them.)
    let t = match cycles {
        Cycles::Double if round + 1 == q => q,
        Cycles::Double if round == q => q - 1,
        _ => round,
    };
    Some((t, false))
}

/// Round `round` (1-based, both cycles counted) of the round robin of `players` in Berger
/// numbers.
pub fn table_round(players: usize, round: usize, cycles: Cycles) -> Result<TableRound, RrError> {
    check_size(players)?;
    let n = players + players % 2;
    let out_of_range = || RrError::RoundOutOfRange { round, players, cycles, rounds: rounds(players, cycles) };
    let (t, reversed) = table_index(n - 1, round, cycles).ok_or_else(out_of_range)?;
    // At most 24 players: the numbers fit any integer type.
    let (n, t) = (n as u32, t as u32);
    // For an odd count `n` is no one: its opponent has the round off.
    let phantom = players % 2 == 1;
    let mut out = TableRound::default();
    for (w, b) in berger_round(n, t) {
        let (w, b) = if reversed { (b, w) } else { (w, b) };
        match (w, b) {
            (p, x) if phantom && x == n => out.bye = Some(p),
            (x, p) if phantom && x == n => out.bye = Some(p),
            _ => out.boards.push((w, b)),
        }
    }
    Ok(out)
}

/// Every round of the round robin of `players`, round 1 first.
pub fn table(players: usize, cycles: Cycles) -> Result<Vec<TableRound>, RrError> {
    check_size(players)?;
    (1..=rounds(players, cycles)).map(|r| table_round(players, r, cycles)).collect()
}

/// Where a file's Berger numbers come from ([`berger_numbers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberSource {
    /// Round 1 holds no game: the `k`-th start number has number `k`.
    StartOrder,
    /// Round 1 alone fixes them (a single board to place, its colours given).
    Round1,
    /// Round 1 gives the boards, and every later round fits one order of them.
    EveryRound,
    /// Round 1 gives the boards; the later rounds together fit no order, this one (the first
    /// that fits alone) gives it.
    Round1And(usize),
    /// Round 1 gives the boards; no later round is played: they are taken in their white
    /// players' start-number order.
    Round1InStartOrder,
    /// Round 1 gives the boards; no later round fits any order of them: start-number order.
    NoLaterRoundFits,
}

/// The players' Berger numbers: `(start number, Berger number)`, by start number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbering {
    pub berger: Vec<(u32, u32)>,
    pub source: NumberSource,
}

impl Numbering {
    /// Start number by Berger number.
    fn starts(&self) -> BTreeMap<u32, u32> {
        self.berger.iter().map(|&(s, b)| (b, s)).collect()
    }

    /// A table round in start numbers (a number no player holds would be 0; none is missing
    /// once the numbering is read).
    fn to_starts(&self, round: &TableRound) -> TableRound {
        let starts = self.starts();
        let s = |b: u32| starts.get(&b).copied().unwrap_or(0);
        TableRound { boards: round.boards.iter().map(|&(w, b)| (s(w), s(b))).collect(), bye: round.bye.map(s) }
    }
}

/// Each entrant's seat in a round as the file holds it, by start number: the opponent and,
/// when the file gives colours, whether the player had White. Absent: no game.
type FileSeats = BTreeMap<u32, (u32, Option<bool>)>;

fn file_seats(games: &[Game]) -> FileSeats {
    let mut seats = FileSeats::new();
    for g in games {
        seats.insert(g.white, (g.black, g.coloured.then_some(true)));
        seats.insert(g.black, (g.white, g.coloured.then_some(false)));
    }
    seats
}

/// A table round's seat of each Berger number: opponent and colour (White = true), or the bye
/// (`None`).
type TableSeats = BTreeMap<u32, Option<(u32, bool)>>;

fn table_seats(round: &TableRound) -> TableSeats {
    let mut seats: TableSeats = round.boards.iter().flat_map(|&(w, b)| [(w, Some((b, true))), (b, Some((w, false)))]).collect();
    if let Some(p) = round.bye {
        seats.insert(p, None);
    }
    seats
}

/// The search for the order of round 1's boards: assigns boards in order, each a round-1 game
/// (in the white players' start-number order) and, for a game without colours, its
/// orientation; keeps an assignment only while the rounds it is checked against agree.
struct BoardSearch<'a> {
    /// The rounds checked against: the table's seats, and the file's.
    against: &'a [(TableSeats, FileSeats)],
    n: u32,
    /// Round 1's games, start numbers: `(white, black, coloured)`.
    games: &'a [(u32, u32, bool)],
    /// The boards to fill: 1 to n/2, or 2 to n/2 when board 1 holds the bye.
    slots: Vec<u32>,
    used: Vec<bool>,
    by_start: BTreeMap<u32, u32>,
    by_number: BTreeMap<u32, u32>,
    budget: usize,
}

impl<'a> BoardSearch<'a> {
    /// Whether every numbered player's seat in the file agrees with the table's so far.
    fn agrees(&self) -> bool {
        self.against.iter().all(|(table, file)| self.agrees_with(table, file))
    }

    fn agrees_with(&self, table: &TableSeats, file: &FileSeats) -> bool {
        self.by_start.iter().all(|(&s, &x)| match (table.get(&x), file.get(&s)) {
            (Some(None), None) => true,
            (Some(Some((y, white))), Some(&(o, colour))) => {
                let colour_ok = colour.is_none_or(|c| c == *white);
                let opponent_ok = match self.by_number.get(y) {
                    Some(&holder) => holder == o,
                    None => !self.by_start.contains_key(&o),
                };
                colour_ok && opponent_ok
            }
            _ => false,
        })
    }

    fn place(&mut self, start: u32, number: u32) {
        self.by_start.insert(start, number);
        self.by_number.insert(number, start);
    }

    fn unplace(&mut self, start: u32, number: u32) {
        self.by_start.remove(&start);
        self.by_number.remove(&number);
    }

    /// Fills the slots from the first, checked against `against`, with a fresh budget; true
    /// once all are filled in agreement (else nothing but the bye is left placed).
    fn run(&mut self, against: &'a [(TableSeats, FileSeats)]) -> bool {
        self.against = against;
        self.budget = SEARCH_BUDGET;
        self.fill(0)
    }

    /// Fills the slots from `slot` on; true once all are filled in agreement.
    fn fill(&mut self, slot: usize) -> bool {
        let Some(&k) = self.slots.get(slot) else { return true };
        for g in 0..self.games.len() {
            if self.used.get(g).copied().unwrap_or(true) {
                continue;
            }
            let (w, b, coloured) = self.games[g];
            let orientations: &[(u32, u32)] = if coloured { &[(w, b)] } else { &[(w, b), (b, w)] };
            for &(white, black) in orientations {
                if self.budget == 0 {
                    return false;
                }
                self.budget -= 1;
                self.place(white, k);
                self.place(black, self.n + 1 - k);
                self.used[g] = true;
                if self.agrees() && self.fill(slot + 1) {
                    return true;
                }
                self.used[g] = false;
                self.unplace(white, k);
                self.unplace(black, self.n + 1 - k);
            }
        }
        false
    }
}

/// The entrants' start numbers, sorted; an error for a count outside 3 to 24 or a start
/// number listed twice.
fn field(t: &Tournament) -> Result<Vec<u32>, RrError> {
    check_size(t.entrants.len())?;
    let mut starts: Vec<u32> = t.entrants.iter().map(|e| e.start).collect();
    starts.sort_unstable();
    match starts.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(RrError::DuplicateStart { start: w[0] }),
        None => Ok(starts),
    }
}

/// The first player with nothing entered for round 1 who plays a later round, unless he is an
/// odd field's only player without a round-1 game (the bye, left blank).
fn added_later(t: &Tournament, without_game: &[u32]) -> Result<(), RrError> {
    let odd = t.entrants.len() % 2 == 1;
    for (i, e) in t.entrants.iter().enumerate() {
        if t.status(i, 1) != RoundStatus::Open || (odd && without_game == [e.start]) {
            continue;
        }
        let later = (2..=e.rounds.len()).find(|&r| matches!(t.status(i, r), RoundStatus::Paired(_)));
        if let Some(round) = later {
            return Err(RrError::AddedAfterRound1 { start: e.start, name: crate::error::excerpt(&e.name), round });
        }
    }
    Ok(())
}

/// Round 1's games as both records give them: an error for a record naming an opponent whose
/// record does not name the player back.
fn round1_games(t: &Tournament) -> Result<Vec<Game>, RrError> {
    for (i, e) in t.entrants.iter().enumerate() {
        if let RoundStatus::Paired(j) = t.status(i, 1) {
            if t.status(j, 1) != RoundStatus::Paired(i) || i == j {
                let opponent = t.entrants.get(j).map_or(0, |o| o.start);
                let mismatch = Round1Mismatch::OneSided { player: e.start, opponent };
                return Err(RrError::Round1FitsNoTable { players: t.entrants.len(), mismatch });
            }
        }
    }
    Ok(file_round(t, 1).0)
}

/// The players' Berger numbers as round 1 (and, for the order of its boards, the first later
/// round that fits) gives them (module doc). Errors: a field outside 3 to 24, a start number
/// twice, a player added after round 1, a round 1 that is no table's round 1.
pub fn berger_numbers(t: &Tournament, cycles: Cycles) -> Result<Numbering, RrError> {
    let starts = field(t)?;
    let players = starts.len();
    let games = round1_games(t)?;
    let in_game: BTreeSet<u32> = games.iter().flat_map(|g| [g.white, g.black]).collect();
    let without_game: Vec<u32> = starts.iter().copied().filter(|s| !in_game.contains(s)).collect();
    added_later(t, &without_game)?;
    if games.is_empty() {
        let berger = starts.iter().zip(1..).map(|(&s, k)| (s, k)).collect();
        return Ok(Numbering { berger, source: NumberSource::StartOrder });
    }
    if without_game.len() != players % 2 {
        let mismatch = Round1Mismatch::WithoutGame { starts: without_game, expected: players % 2 };
        return Err(RrError::Round1FitsNoTable { players, mismatch });
    }
    order_boards(t, cycles, players, &games, without_game.first().copied())
}

/// Orders round 1's boards (module doc): by the first later round that fits, else in the
/// white players' start-number order.
fn order_boards(t: &Tournament, cycles: Cycles, players: usize, games: &[Game], bye: Option<u32>) -> Result<Numbering, RrError> {
    let n = (players + players % 2) as u32;
    let last = last_paired_round(t).min(rounds(players, cycles));
    let later: Vec<(TableSeats, FileSeats)> = (2..=last)
        .map(|round| Ok((table_seats(&table_round(players, round, cycles)?), file_seats(&file_round(t, round).0))))
        .collect::<Result<_, RrError>>()?;
    let later = &later[..];
    // A game without colours is tried with the lower start number White first.
    let mut round1: Vec<(u32, u32, bool)> = games
        .iter()
        .map(|g| if g.coloured { (g.white, g.black, true) } else { (g.white.min(g.black), g.white.max(g.black), false) })
        .collect();
    round1.sort_unstable();
    let first_slot = if bye.is_some() { 2 } else { 1 };
    let mut search = BoardSearch {
        n,
        games: &round1,
        slots: (first_slot..=n / 2).collect(),
        used: vec![false; round1.len()],
        by_start: BTreeMap::new(),
        by_number: BTreeMap::new(),
        against: &[],
        budget: SEARCH_BUDGET,
    };
    if let Some(p) = bye {
        search.place(p, 1);
    }
    // One board to place with its colours given (or none): round 1 alone fixes the numbers.
    let settled = search.slots.len() <= 1 && round1.iter().all(|g| g.2);
    let source = if settled {
        NumberSource::Round1
    } else if later.is_empty() {
        NumberSource::Round1InStartOrder
    } else if search.run(later) {
        NumberSource::EveryRound
    } else {
        // Rounds 2, 3, … one by one: `later[k]` is round k + 2.
        match (0..later.len()).find(|&k| search.run(&later[k..=k])) {
            Some(k) => NumberSource::Round1And(k + 2),
            None => NumberSource::NoLaterRoundFits,
        }
    };
    if matches!(source, NumberSource::Round1 | NumberSource::Round1InStartOrder | NumberSource::NoLaterRoundFits) {
        search.run(&[]);
    }
    Ok(Numbering { berger: search.by_start.into_iter().collect(), source })
}

/// One round of a file compared with the table (in start numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RrRoundCheck {
    pub round: usize,
    /// What the table says: its boards and bye in start numbers.
    pub table: TableRound,
    /// The table's boards the file does not hold (the same two players, the same colours).
    pub table_only: Vec<(u32, u32)>,
    /// The file's games the table does not hold.
    pub file_only: Vec<Game>,
    /// The players without a game in the file's round (whatever their entry), by start number.
    pub file_without_game: Vec<u32>,
}

impl RrRoundCheck {
    /// The file's round is the table's: the same pairs with the same colours, the same bye.
    pub fn identical(&self) -> bool {
        self.table_only.is_empty() && self.file_only.is_empty() && self.file_without_game == self.table.bye.into_iter().collect::<Vec<_>>()
    }
}

/// Whether a table board and a file's game are the same game (a game without colours matches
/// the board either way round).
fn same(board: (u32, u32), g: &Game) -> bool {
    board == (g.white, g.black) || (!g.coloured && board == (g.black, g.white))
}

/// Audits a round-robin file: reads the Berger numbers ([`berger_numbers`]) and compares every
/// round that holds a game (1 to the last) with the table: pairs, colours and the bye. A round
/// past the table's last is an error.
pub fn check(t: &Tournament, cycles: Cycles) -> Result<Vec<RrRoundCheck>, RrError> {
    let numbering = berger_numbers(t, cycles)?;
    let (players, last) = (t.entrants.len(), last_paired_round(t));
    if last > rounds(players, cycles) {
        return Err(RrError::RoundOutOfRange { round: last, players, cycles, rounds: rounds(players, cycles) });
    }
    let starts: Vec<u32> = numbering.berger.iter().map(|&(s, _)| s).collect();
    (1..=last)
        .map(|round| {
            let table = numbering.to_starts(&table_round(players, round, cycles)?);
            let (games, _) = file_round(t, round);
            let in_game: BTreeSet<u32> = games.iter().flat_map(|g| [g.white, g.black]).collect();
            let table_only = table.boards.iter().copied().filter(|&b| !games.iter().any(|g| same(b, g))).collect();
            let file_only = games.iter().filter(|g| !table.boards.iter().any(|&b| same(b, g))).copied().collect();
            let file_without_game = starts.iter().copied().filter(|s| !in_game.contains(s)).collect();
            Ok(RrRoundCheck { round, table, table_only, file_only, file_without_game })
        })
        .collect()
}

/// The cycles a file is paired by when it is a round robin: its `192`, else, when it has no
/// `192` and two rounds or more hold games, its shape ([`shaped_like_round_robin`]); `None`
/// for a Swiss. One rule for `pair --check` and `check`, so that the two never audit a file
/// by different systems.
pub fn file_cycles(t: &Tournament) -> Option<Cycles> {
    match t.tournament_type.as_ref().map(|d| &d.kind) {
        Some(TournamentType::RoundRobin { double }) => Some(if *double { Cycles::Double } else { Cycles::Single }),
        Some(_) => None,
        None if last_paired_round(t) >= 2 => shaped_like_round_robin(t),
        None => None,
    }
}

/// A file that says nothing of its system (no `192`), whose `092` names a round robin or is
/// empty, and whose shape is one (3 to 24 players, the table's number of rounds, no two
/// players meeting more often than the cycles allow, round 1 a Berger table's): audited and
/// paired as one rather than as a Swiss it never was.
pub fn shaped_like_round_robin(t: &Tournament) -> Option<Cycles> {
    let kind = t.kind.as_deref().unwrap_or("").to_lowercase();
    let named = kind.contains("round robin") || kind.contains("round-robin") || kind.contains("berger");
    if !kind.is_empty() && !named {
        return None;
    }
    let n = t.entrants.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        return None;
    }
    let total = t.total_rounds.unwrap_or(t.rounds);
    let cycles = [Cycles::Single, Cycles::Double].into_iter().find(|&c| rounds(n, c) == total)?;
    let most = if cycles == Cycles::Single { 1 } else { 2 };
    let meets = |i: usize, j: usize| t.entrants[i].rounds.iter().filter(|r| r.opponent == Some(j)).count();
    let repeats = (0..n).any(|i| (i + 1..n).any(|j| meets(i, j) > most));
    (!repeats && berger_numbers(t, cycles).is_ok()).then_some(cycles)
}

/// A round's pairing in start numbers: `(white, black)` per board in board order, and the bye.
pub type Paired = (Vec<(u32, u32)>, Option<u32>);

/// Pairs round `round` of the round robin in `t`: the table's boards `(white, black)` in start
/// numbers, in board order, and the bye. The Berger numbers are read from round 1
/// ([`berger_numbers`]); a file with no game in round 1 has them in start-number order.
pub fn pair_round(t: &Tournament, round: usize, cycles: Cycles) -> Result<Paired, RrError> {
    let players = t.entrants.len();
    let table = table_round(players, round, cycles)?;
    let numbering = berger_numbers(t, cycles)?;
    let paired = numbering.to_starts(&table);
    Ok((paired.boards, paired.bye))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, Entrant, RoundEntry, RoundResult};

    /// FIDE Handbook C.05 Annex 1's printed tables, rounds separated by `/`, boards
    /// `white-black`. Read from the annex's text as stored in nicvagn/Gambit-Pairing,
    /// `src/gambitpairing/core/pairing_round_robin.py` at 1da727d707d7a3acabf8abb81bbe4f53c4688b98
    /// (a docstring headed "fide handbook" quoting the annex: its tables for 3/4 to 15/16
    /// players and the sentence on double-round tournaments), cross-read with
    /// http://c.w.fox.tripod.com/chess/berger.html (the same tables, 3/4 to 13/14). The copy
    /// writes "2-9. 3-8" in round 10 of 13/14: a comma here.
    const PRINTED: [(u32, &str); 5] = [
        (4, "1-4 2-3 / 4-3 1-2 / 2-4 3-1"),
        (6, "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1"),
        (
            10,
            "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / 10-7 8-6 9-5 1-4 2-3 / \
             3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / 4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / \
             5-10 6-4 7-3 8-2 9-1",
        ),
        (
            14,
            "1-14 2-13 3-12 4-11 5-10 6-9 7-8 / 14-8 9-7 10-6 11-5 12-4 13-3 1-2 / \
             2-14 3-1 4-13 5-12 6-11 7-10 8-9 / 14-9 10-8 11-7 12-6 13-5 1-4 2-3 / \
             3-14 4-2 5-1 6-13 7-12 8-11 9-10 / 14-10 11-9 12-8 13-7 1-6 2-5 3-4 / \
             4-14 5-3 6-2 7-1 8-13 9-12 10-11 / 14-11 12-10 13-9 1-8 2-7 3-6 4-5 / \
             5-14 6-4 7-3 8-2 9-1 10-13 11-12 / 14-12 13-11 1-10 2-9 3-8 4-7 5-6 / \
             6-14 7-5 8-4 9-3 10-2 11-1 12-13 / 14-13 1-12 2-11 3-10 4-9 5-8 6-7 / \
             7-14 8-6 9-5 10-4 11-3 12-2 13-1",
        ),
        (
            16,
            "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9 / 16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2 / \
             2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10 / 16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3 / \
             3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11 / 16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4 / \
             4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12 / 16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5 / \
             5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13 / 16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6 / \
             6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14 / 16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7 / \
             7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15 / 16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8 / \
             8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
        ),
    ];

    fn printed(text: &str) -> Vec<Vec<(u32, u32)>> {
        let board = |b: &str| b.split_once('-').map(|(w, b)| (w.parse().unwrap(), b.parse().unwrap())).unwrap();
        text.split('/').map(|r| r.split_whitespace().map(board).collect()).collect()
    }

    #[test]
    fn the_printed_tables_for_both_counts_of_each() {
        for (n, text) in PRINTED {
            let rounds = printed(text);
            assert_eq!(rounds.len(), n as usize - 1);
            for (r, boards) in rounds.iter().enumerate() {
                let even = table_round(n as usize, r + 1, Cycles::Single).unwrap();
                assert_eq!((&even.boards, even.bye), (boards, None), "{n} players, round {}", r + 1);
                // One fewer: the player who meets n has the round off, the other boards stay.
                let odd = table_round(n as usize - 1, r + 1, Cycles::Single).unwrap();
                let bye = boards.iter().find_map(|&(w, b)| (w == n).then_some(b).or((b == n).then_some(w)));
                let rest: Vec<_> = boards.iter().copied().filter(|&(w, b)| w != n && b != n).collect();
                assert_eq!((odd.boards, odd.bye), (rest, bye), "{} players, round {}", n - 1, r + 1);
            }
        }
    }

    /// Colours by round for each player: 'W', 'B' or '-' (the bye).
    fn colours(players: usize, cycles: Cycles) -> Vec<String> {
        let mut c = vec![String::new(); players + 1];
        for round in table(players, cycles).unwrap() {
            for (w, b) in round.boards {
                c[w as usize].push('W');
                c[b as usize].push('B');
            }
            if let Some(p) = round.bye {
                c[p as usize].push('-');
            }
        }
        c.split_off(1)
    }

    #[test]
    fn every_pair_meets_once_a_cycle_and_every_player_sits_out_once_when_odd() {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            for cycles in [Cycles::Single, Cycles::Double] {
                let mut met = BTreeMap::new();
                for round in table(players, cycles).unwrap() {
                    for (w, b) in round.boards {
                        *met.entry((w, b)).or_insert(0) += 1;
                    }
                }
                let pairs = players * (players - 1) / 2;
                match cycles {
                    // Once each, either colour.
                    Cycles::Single => assert!(met.len() == pairs && met.keys().all(|&(w, b)| !met.contains_key(&(b, w)))),
                    // Once with each colour.
                    Cycles::Double => assert!(met.len() == 2 * pairs && met.values().all(|&k| k == 1)),
                }
                for (p, c) in colours(players, cycles).iter().enumerate() {
                    assert_eq!(c.len(), rounds(players, cycles), "{players} players, player {}", p + 1);
                    assert_eq!(c.matches('-').count(), cycles.count() * (players % 2), "{players} players, player {}", p + 1);
                }
            }
        }
    }

    #[test]
    fn the_double_cycle_exchanges_the_last_two_rounds_of_the_first_and_reverses_the_second() {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let q = rounds(players, Cycles::Single);
            let single = table(players, Cycles::Single).unwrap();
            let double = table(players, Cycles::Double).unwrap();
            let reversed = |t: &TableRound| TableRound { boards: t.boards.iter().map(|&(w, b)| (b, w)).collect(), bye: t.bye };
            for r in 0..q {
                let first = match r + 2 {
                    x if x == q => q - 1,
                    x if x == q + 1 => q - 2,
                    _ => r,
                };
                assert_eq!(double[r], single[first], "{players} players, round {}", r + 1);
                assert_eq!(double[q + r], reversed(&single[r]), "{players} players, round {}", q + r + 1);
            }
            // The annex's reason: no one has the same colour three rounds running.
            for (p, c) in colours(players, Cycles::Double).iter().enumerate() {
                assert!(!c.contains("WWW") && !c.contains("BBB"), "{players} players, player {}: {c}", p + 1);
            }
        }
        // Without the exchange, 4 players: number 1 would have three Blacks at the seam.
        assert_eq!(colours(4, Cycles::Double)[0], "WBWBBW");
    }

    #[test]
    fn sizes_and_rounds_outside_the_tables_are_errors() {
        assert_eq!(table_round(2, 1, Cycles::Single), Err(RrError::TooFewPlayers { players: 2 }));
        assert_eq!(table(25, Cycles::Double), Err(RrError::TooManyPlayers { players: 25 }));
        let e = table_round(7, 15, Cycles::Double).unwrap_err();
        assert_eq!(e, RrError::RoundOutOfRange { round: 15, players: 7, cycles: Cycles::Double, rounds: 14 });
        assert_eq!(e.to_string(), "round 15 is not in the table: a double round robin of 7 players has rounds 1 to 14");
        assert!(table_round(6, 0, Cycles::Single).is_err());
        assert!(table_round(6, 5, Cycles::Single).is_ok() && table_round(6, 6, Cycles::Single).is_err());
    }

    /// A tournament whose rounds are `rounds` (start numbers); `colours` false leaves them out.
    fn played(starts: &[u32], rounds: &[TableRound], colours: bool) -> Tournament {
        let mut t = Tournament { rounds: rounds.len(), ..Default::default() };
        t.entrants = starts.iter().map(|&s| Entrant::new(s, &format!("P{s}"), 0)).collect();
        let index = |s: u32| starts.iter().position(|&x| x == s).unwrap();
        for e in &mut t.entrants {
            e.rounds = vec![RoundEntry::NOT_PAIRED; rounds.len()];
        }
        for (r, round) in rounds.iter().enumerate() {
            for &(w, b) in &round.boards {
                let (cw, cb) = if colours { (Some(Colour::White), Some(Colour::Black)) } else { (None, None) };
                t.entrants[index(w)].rounds[r] = RoundEntry::new(Some(index(b)), cw, RoundResult::Draw);
                t.entrants[index(b)].rounds[r] = RoundEntry::new(Some(index(w)), cb, RoundResult::Draw);
            }
            if let Some(p) = round.bye {
                t.entrants[index(p)].rounds[r] = RoundEntry::new(None, None, RoundResult::PairingBye);
            }
        }
        t
    }

    /// The table's first `k` rounds with Berger number `b` written as start number `relabel[b - 1]`.
    fn relabelled(players: usize, k: usize, cycles: Cycles, relabel: &[u32]) -> Vec<TableRound> {
        let s = |b: u32| relabel[b as usize - 1];
        let t = table(players, cycles).unwrap();
        t[..k].iter().map(|r| TableRound { boards: r.boards.iter().map(|&(w, b)| (s(w), s(b))).collect(), bye: r.bye.map(s) }).collect()
    }

    #[test]
    fn berger_numbers_are_read_from_round_1_and_the_board_order_from_the_later_rounds() {
        // Start numbers that are not the Berger numbers: Berger k is start relabel[k - 1].
        let relabel = [40, 3, 17, 8, 25, 11, 2, 9, 30];
        for players in [3, 4, 5, 8, 9] {
            let relabel = &relabel[..players];
            let mut starts = relabel.to_vec();
            starts.sort_unstable();
            let want: Vec<(u32, u32)> = {
                let mut w: Vec<_> = relabel.iter().zip(1..).map(|(&s, b)| (s, b)).collect();
                w.sort_unstable();
                w
            };
            let two = played(&starts, &relabelled(players, 2, Cycles::Single, relabel), true);
            let got = berger_numbers(&two, Cycles::Single).unwrap();
            assert_eq!(got.berger, want, "{players} players");
            let source = if players == 3 { NumberSource::Round1 } else { NumberSource::EveryRound };
            assert_eq!(got.source, source, "{players} players");
            assert!(check(&two, Cycles::Single).unwrap().iter().all(RrRoundCheck::identical));
        }
    }

    #[test]
    fn a_round_1_alone_leaves_the_boards_in_start_order_and_games_without_colours_need_three_rounds() {
        let relabel = [6, 5, 4, 3, 2, 1];
        let one = played(&[1, 2, 3, 4, 5, 6], &relabelled(6, 1, Cycles::Single, &relabel), true);
        let got = berger_numbers(&one, Cycles::Single).unwrap();
        // Round 1: 6-1, 5-2, 4-3; boards by White's start number: 4-3 on board 1 (4 is
        // number 1, 3 number 6), 5-2 on board 2, 6-1 on board 3.
        assert_eq!(got.berger, [(1, 4), (2, 5), (3, 6), (4, 1), (5, 2), (6, 3)]);
        assert_eq!(got.source, NumberSource::Round1InStartOrder);
        // Without colours two rounds leave two orders (the circle read backwards fits their
        // pairs too): the first in start order is taken, and the file is the table's.
        let bare = played(&[1, 2, 3, 4, 5, 6], &relabelled(6, 2, Cycles::Single, &relabel), false);
        let got = berger_numbers(&bare, Cycles::Single).unwrap();
        assert_eq!((got.berger, got.source), (vec![(1, 1), (2, 3), (3, 2), (4, 5), (5, 4), (6, 6)], NumberSource::EveryRound));
        assert!(check(&bare, Cycles::Single).unwrap().iter().all(RrRoundCheck::identical));
        // Three rounds fix every number, and so the colours of the rounds to come.
        let bare = played(&[1, 2, 3, 4, 5, 6], &relabelled(6, 3, Cycles::Single, &relabel), false);
        let got = berger_numbers(&bare, Cycles::Single).unwrap();
        assert_eq!((got.berger, got.source), (vec![(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)], NumberSource::EveryRound));
    }

    #[test]
    fn a_later_round_fitting_no_order_leaves_start_order_and_is_reported() {
        let mut rounds = relabelled(6, 3, Cycles::Single, &[1, 2, 3, 4, 5, 6]);
        // Rounds 2 and 3 both changed: boards 1 and 2 exchange their Black players.
        for r in &mut rounds[1..] {
            let (b0, b1) = (r.boards[0].1, r.boards[1].1);
            r.boards[0].1 = b1;
            r.boards[1].1 = b0;
        }
        let t = played(&[1, 2, 3, 4, 5, 6], &rounds, true);
        let got = berger_numbers(&t, Cycles::Single).unwrap();
        assert_eq!(got.source, NumberSource::NoLaterRoundFits);
        let checks = check(&t, Cycles::Single).unwrap();
        assert_eq!(checks.iter().map(RrRoundCheck::identical).collect::<Vec<_>>(), [true, false, false]);
    }

    #[test]
    fn a_file_with_no_game_pairs_round_1_in_start_order() {
        let mut t = played(&[2, 5, 7, 9, 12], &[], true);
        t.rounds = 0;
        let got = berger_numbers(&t, Cycles::Double).unwrap();
        assert_eq!((got.berger, got.source), (vec![(2, 1), (5, 2), (7, 3), (9, 4), (12, 5)], NumberSource::StartOrder));
        // Round 1 of 5 (the table of 6): 1 has the bye, 2-5, 3-4.
        assert_eq!(pair_round(&t, 1, Cycles::Double).unwrap(), (vec![(5, 12), (7, 9)], Some(2)));
    }

    #[test]
    fn files_that_fit_no_table_are_errors_naming_what_was_expected() {
        // Five players, and a sixth with nothing entered for round 1 who plays start number 4
        // (who had the bye) in round 2.
        let five = relabelled(5, 2, Cycles::Single, &[1, 2, 3, 4, 5]);
        assert_eq!(five[1].bye, Some(4));
        let mut t = played(&[1, 2, 3, 4, 5, 6], &five, true);
        t.entrants[5].rounds[1] = RoundEntry::new(Some(3), Some(Colour::White), RoundResult::Win);
        t.entrants[3].rounds[1] = RoundEntry::new(Some(5), Some(Colour::Black), RoundResult::Loss);
        let e = berger_numbers(&t, Cycles::Single).unwrap_err();
        assert_eq!(e, RrError::AddedAfterRound1 { start: 6, name: "P6".into(), round: 2 });
        assert!(e.to_string().contains("start number 6 (P6) has no round-1 entry but plays in round 2"));
        let starts = [1, 2, 3, 4];
        let rounds = relabelled(4, 2, Cycles::Single, &starts);
        // An even field with two players out in round 1.
        let mut t = played(&starts, &rounds, true);
        t.entrants[0].rounds[0] = RoundEntry::new(None, None, RoundResult::HalfBye);
        t.entrants[3].rounds[0] = RoundEntry::new(None, None, RoundResult::HalfBye);
        let e = berger_numbers(&t, Cycles::Single).unwrap_err();
        let mismatch = Round1Mismatch::WithoutGame { starts: vec![1, 4], expected: 0 };
        assert_eq!(e, RrError::Round1FitsNoTable { players: 4, mismatch });
        assert_eq!(e.to_string(), "round 1 fits no Berger table of 4 players: 2 players have no game in round 1 (1, 4); expected 0");
        // A game entered on one side only.
        let mut t = played(&starts, &rounds, true);
        t.entrants[3].rounds[0] = RoundEntry::new(Some(1), Some(Colour::Black), RoundResult::Loss);
        assert!(matches!(
            berger_numbers(&t, Cycles::Single),
            Err(RrError::Round1FitsNoTable { mismatch: Round1Mismatch::OneSided { .. }, .. })
        ));
        // Sizes, a start number twice, a round past the table.
        assert_eq!(berger_numbers(&played(&[1, 2], &[], true), Cycles::Single), Err(RrError::TooFewPlayers { players: 2 }));
        let many: Vec<u32> = (1..=25).collect();
        assert_eq!(check(&played(&many, &[], true), Cycles::Single), Err(RrError::TooManyPlayers { players: 25 }));
        assert_eq!(berger_numbers(&played(&[1, 2, 2, 3], &[], true), Cycles::Single), Err(RrError::DuplicateStart { start: 2 }));
        let four = played(&starts, &relabelled(4, 6, Cycles::Double, &starts), true);
        assert_eq!(check(&four, Cycles::Single), Err(RrError::RoundOutOfRange { round: 6, players: 4, cycles: Cycles::Single, rounds: 3 }));
        assert!(check(&four, Cycles::Double).unwrap().iter().all(RrRoundCheck::identical));
    }

    #[test]
    fn an_odd_fields_blank_round_1_bye_is_the_bye_not_a_late_entry() {
        let starts = [1, 2, 3, 4, 5];
        let mut t = played(&starts, &relabelled(5, 3, Cycles::Single, &starts), true);
        // Berger 1 (start 1) has the round-1 bye: leave it blank instead of 'U'.
        t.entrants[0].rounds[0] = RoundEntry::NOT_PAIRED;
        let checks = check(&t, Cycles::Single).unwrap();
        assert!(checks.iter().all(RrRoundCheck::identical), "{checks:?}");
    }
}
