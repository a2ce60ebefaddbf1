//! A tournament as organisers' files describe it (FIDE TRF, PGN): entrants by start number,
//! and each entrant's rounds — opponent, colour and result, including the rounds they did not
//! play (byes, forfeits), which the FIDE tiebreaks need.
//!
//! The rating methods see only the games played over the board ([`Tournament::dataset`]).
//!
//! What pairing the next round needs is kept too (FIDE Handbook C.04.1 and C.04.2, and the
//! TRF-2026 records that carry them): the total number of rounds ([`Tournament::total_rounds`]),
//! the point system ([`PointSystem`]), acceleration ([`Acceleration`]), each player's entry for
//! a round not yet paired ([`RoundStatus`], [`Unpaired`]: a requested bye or an absence is not
//! a game), and the initial order of C.04.2 ([`Tournament::initial_order`], [`Title`]).

pub mod marks;

use crate::distinct::DistinctNames;
use crate::model::{Dataset, Game};
pub use marks::{Departure, Mode};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

/// A round's outcome for one entrant, with the TRF result codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundResult {
    /// `1`: won over the board.
    Win,
    /// `=`: drew over the board.
    Draw,
    /// `0`: lost over the board.
    Loss,
    /// `+`: won by forfeit (the opponent did not appear).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won a game that lasted less than one move (not rated).
    WinUnrated,
    /// `D`: drew a game of less than one move.
    DrawUnrated,
    /// `L`: lost a game of less than one move.
    LossUnrated,
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `U`: pairing-allocated bye (odd number of players).
    PairingBye,
    /// `Z`: zero-point bye.
    ZeroBye,
    /// `?`: an adjourned game, paired and begun, its result still to come: provisionally a
    /// draw (the point system's draw value, for the points and the pairing, the checklist's
    /// Q167) until it is resolved; for pairing a game played (the two have met, the colours
    /// count); the tiebreaks count it as a result still missing.
    Adjourned,
    /// Blank: not paired, no points.
    NotPaired,
}

impl RoundResult {
    /// The TRF code.
    pub fn code(self) -> char {
        use RoundResult::*;
        match self {
            Win => '1',
            Draw => '=',
            Loss => '0',
            ForfeitWin => '+',
            ForfeitLoss => '-',
            WinUnrated => 'W',
            DrawUnrated => 'D',
            LossUnrated => 'L',
            HalfBye => 'H',
            FullBye => 'F',
            PairingBye => 'U',
            ZeroBye => 'Z',
            Adjourned => '?',
            NotPaired => ' ',
        }
    }

    /// Reads a TRF result code (case-insensitive; blank = not paired).
    pub fn from_code(c: char) -> Option<RoundResult> {
        use RoundResult::*;
        Some(match c.to_ascii_uppercase() {
            '1' => Win,
            '=' | '½' => Draw,
            '0' => Loss,
            '+' => ForfeitWin,
            '-' => ForfeitLoss,
            'W' => WinUnrated,
            'D' => DrawUnrated,
            'L' => LossUnrated,
            'H' => HalfBye,
            'F' => FullBye,
            'U' => PairingBye,
            'Z' => ZeroBye,
            '?' => Adjourned,
            ' ' => NotPaired,
            _ => return None,
        })
    }

    /// Played over the board against an opponent (`1 = 0`, and `W D L`, which were played,
    /// however briefly, and `?`, adjourned: begun over the board, so for pairing the two have
    /// met and the colours count; the tiebreaks read it as a result still missing).
    pub fn over_the_board(self) -> bool {
        use RoundResult::*;
        matches!(self, Win | Draw | Loss | WinUnrated | DrawUnrated | LossUnrated | Adjourned)
    }

    /// As a crosstable writes it: `1 ½ 0` for games, `+ −` for forfeits, the points of a bye
    /// (blank when not paired).
    pub fn symbol(self) -> &'static str {
        use RoundResult::*;
        match self {
            Win | WinUnrated | FullBye | PairingBye => "1",
            Draw | DrawUnrated | HalfBye => "½",
            Loss | LossUnrated | ZeroBye => "0",
            ForfeitWin => "+",
            ForfeitLoss => "−",
            Adjourned => "?",
            NotPaired => "",
        }
    }

    /// In words, for a crosstable cell's title ("won", "half-point bye").
    pub fn words(self) -> &'static str {
        use RoundResult::*;
        match self {
            Win => "won",
            Draw => "drew",
            Loss => "lost",
            ForfeitWin => "won by forfeit",
            ForfeitLoss => "lost by forfeit",
            WinUnrated => "won (game of less than one move)",
            DrawUnrated => "drew (game of less than one move)",
            LossUnrated => "lost (game of less than one move)",
            HalfBye => "half-point bye",
            FullBye => "full-point bye",
            PairingBye => "pairing-allocated bye",
            ZeroBye => "zero-point bye",
            Adjourned => "adjourned",
            NotPaired => "not paired",
        }
    }

    /// Counts for rating (`1 = 0` only).
    pub fn rated(self) -> bool {
        matches!(self, RoundResult::Win | RoundResult::Draw | RoundResult::Loss)
    }

    /// The points under `scoring`.
    pub fn points(self, scoring: &Scoring) -> f64 {
        use RoundResult::*;
        match self {
            Win | WinUnrated | ForfeitWin => scoring.win,
            Draw | DrawUnrated => scoring.draw,
            Loss | LossUnrated | ForfeitLoss => scoring.loss,
            HalfBye => scoring.draw,
            FullBye => scoring.win,
            PairingBye => scoring.pairing_bye,
            ZeroBye | NotPaired => scoring.zero_bye,
            // Provisionally a draw until its result is entered (the checklist's Q167), so
            // that the standings and the next round's pairing see the likeliest score.
            Adjourned => scoring.draw,
        }
    }
}

/// Points per outcome (TRF record 162 may change them; 1 / ½ / 0 by default).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub pairing_bye: f64,
    pub zero_bye: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring { win: 1.0, draw: 0.5, loss: 0.0, pairing_bye: 1.0, zero_bye: 0.0 }
    }
}

/// A player's sex as a TRF gives it (column 10 of a `001` record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

/// One entrant's round.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundEntry {
    /// Index into [`Tournament::entrants`] of the opponent, if any.
    pub opponent: Option<usize>,
    pub colour: Option<Colour>,
    pub result: RoundResult,
    /// Entered as an absence (TRF `0000 - -`), not as a zero-point bye (`Z`): both score as a
    /// zero-point bye (TRF-2026's `A`), but a pairing lists the absent apart.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub absent: bool,
}

impl RoundEntry {
    /// No opponent, no result.
    pub const NOT_PAIRED: RoundEntry = RoundEntry { opponent: None, colour: None, result: RoundResult::NotPaired, absent: false };

    pub fn new(opponent: Option<usize>, colour: Option<Colour>, result: RoundResult) -> RoundEntry {
        RoundEntry { opponent, colour, result, absent: false }
    }

    /// What the entry says for pairing: nothing entered, paired with an opponent, or a bye or
    /// absence entered instead of a game.
    pub fn status(&self) -> RoundStatus {
        use RoundResult::*;
        match (self.opponent, self.result) {
            (Some(j), _) => RoundStatus::Paired(j),
            (None, HalfBye) => RoundStatus::Unpaired(Unpaired::HalfBye),
            (None, FullBye) => RoundStatus::Unpaired(Unpaired::FullBye),
            (None, PairingBye) => RoundStatus::Unpaired(Unpaired::PairingBye),
            (None, ZeroBye) if self.absent => RoundStatus::Unpaired(Unpaired::Absent),
            (None, ZeroBye) => RoundStatus::Unpaired(Unpaired::ZeroBye),
            (None, ForfeitWin) => RoundStatus::ForfeitWinAlone,
            // The reader refuses a game result without an opponent; a team's unplayed board
            // or an entry built in code is not a bye.
            (None, _) => RoundStatus::Open,
        }
    }
}

/// A round a player is not paired in against an opponent, with its TRF code (`0000` as the
/// opponent): what JaVaFo's and bbpPairings's TRF(x) input carries for the round being paired
/// (C.04.1 and C.04.2 on byes), and what a round played holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unpaired {
    /// `H`: half-point bye (requested).
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `Z`: zero-point bye (requested).
    ZeroBye,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `-`: absent (zero points, like a zero-point bye).
    Absent,
}

impl Unpaired {
    pub const ALL: [Unpaired; 5] = [Unpaired::HalfBye, Unpaired::FullBye, Unpaired::ZeroBye, Unpaired::PairingBye, Unpaired::Absent];

    /// The TRF result code.
    pub fn code(self) -> char {
        match self {
            Unpaired::HalfBye => 'H',
            Unpaired::FullBye => 'F',
            Unpaired::ZeroBye => 'Z',
            Unpaired::PairingBye => 'U',
            Unpaired::Absent => '-',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Unpaired::HalfBye => "half-point bye",
            Unpaired::FullBye => "full-point bye",
            Unpaired::ZeroBye => "zero-point bye",
            Unpaired::PairingBye => "pairing-allocated bye",
            Unpaired::Absent => "absent",
        }
    }

    /// Entered before the pairing, so the player is not to be paired: every one but the
    /// pairing-allocated bye, which the pairing itself gives.
    pub fn requested(self) -> bool {
        self != Unpaired::PairingBye
    }
}

impl std::str::FromStr for Unpaired {
    type Err = String;

    /// A TRF code (`H F Z U -`, any case).
    fn from_str(s: &str) -> Result<Unpaired, String> {
        let c = s.trim().to_ascii_uppercase();
        Unpaired::ALL
            .into_iter()
            .find(|u| c.len() == 1 && c.starts_with(u.code()))
            .ok_or_else(|| format!("'{}' is not a bye code: expected H, F, Z, U or -", crate::error::excerpt(s)))
    }
}

/// A player's entry for one round, as pairing reads it ([`RoundEntry::status`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundStatus {
    /// Nothing entered: the player is to be paired (or, in a round played, was not paired).
    Open,
    /// Paired with an opponent (an index into [`Tournament::entrants`]), with or without a result.
    Paired(usize),
    /// A bye or an absence instead of a game.
    Unpaired(Unpaired),
    /// A forfeit win with no opponent named (`0000 - +`): a point without a game.
    ForfeitWinAlone,
}

/// Points per outcome as the file declares them, FIDE's by default (C.04.1; TRF-2026 record
/// `162`: `W` a win, also a forfeit win or a full-point bye; `D` a draw, also a half-point bye;
/// `L` a loss over the board; `A` an absence, a zero-point bye or a forfeit loss; `P` the
/// pairing-allocated bye, as `W` unless given). bbpPairings's `BBW BBD BBL BBZ BBF BBU` and
/// JaVaFo's `XXS` price some outcomes apart, so each outcome has its own value here. The
/// standings use the five values of [`Scoring`] ([`PointSystem::scoring`]); the reader warns
/// when the two differ.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointSystem {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub forfeit_win: f64,
    pub forfeit_loss: f64,
    pub full_bye: f64,
    pub half_bye: f64,
    pub zero_bye: f64,
    pub pairing_bye: f64,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            forfeit_win: 1.0,
            forfeit_loss: 0.0,
            full_bye: 1.0,
            half_bye: 0.5,
            zero_bye: 0.0,
            pairing_bye: 1.0,
        }
    }
}

impl PointSystem {
    /// The points a round's result gives (a blank, not paired, scores as a zero-point bye).
    pub fn points(&self, r: RoundResult) -> f64 {
        use RoundResult::*;
        match r {
            Win | WinUnrated => self.win,
            Draw | DrawUnrated => self.draw,
            Loss | LossUnrated => self.loss,
            ForfeitWin => self.forfeit_win,
            ForfeitLoss => self.forfeit_loss,
            FullBye => self.full_bye,
            HalfBye => self.half_bye,
            PairingBye => self.pairing_bye,
            ZeroBye | NotPaired => self.zero_bye,
            // Provisionally a draw until its result is entered (the checklist's Q167): the
            // points and the next round's pairing count it so.
            Adjourned => self.draw,
        }
    }

    /// The five values the standings count with (a forfeit and a full-point bye as a win or a
    /// loss, a half-point bye as a draw).
    pub fn scoring(&self) -> Scoring {
        Scoring { win: self.win, draw: self.draw, loss: self.loss, pairing_bye: self.pairing_bye, zero_bye: self.zero_bye }
    }

    pub fn is_default(&self) -> bool {
        *self == PointSystem::default()
    }
}

/// Virtual points added to players' scores for pairing only (C.04.5, the Baku acceleration,
/// and any other the file lists): JaVaFo's `XXA` records (a player's points round by round)
/// and TRF-2026's `250` (points for a range of rounds and players). Not results: never added
/// to the standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Acceleration {
    /// The lines of the records read.
    pub lines: Vec<usize>,
    /// By start number: `points[r]` is what round r + 1 adds (rounds past the list: none).
    pub by_start: std::collections::BTreeMap<u32, Vec<f64>>,
}

impl Acceleration {
    /// The virtual points of start number `start` in round `round` (1-based).
    pub fn points(&self, start: u32, round: usize) -> f64 {
        self.by_start.get(&start).and_then(|p| p.get(round.wrapping_sub(1))).copied().unwrap_or(0.0)
    }

    /// True when no record gives any player a point in any round (`XXA 0001  0.0`).
    pub fn is_zero(&self) -> bool {
        self.by_start.values().flatten().all(|&p| p == 0.0)
    }
}

/// Players who must not meet (TRF-2026 `260`: a round range and a list, any two of whom;
/// JaVaFo's `XXP`: a list for the whole event): siblings, clubmates. An absolute criterion
/// beside C1 when pairing (C.04.3 C1: "two players shall not play against each other more
/// than once" is joined by the organiser's "shall not play at all" for these).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenPairs {
    /// The record's line.
    pub line: usize,
    /// The record: `260` or `XXP`.
    pub record: ForbiddenRecord,
    /// The first and last round it applies to (1-based, inclusive); `None`: every round.
    pub rounds: Option<(usize, usize)>,
    /// Start numbers, any two of whom must not meet.
    pub players: Vec<u32>,
}

/// Which record a [`ForbiddenPairs`] came from (written back as it was read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForbiddenRecord {
    /// TRF-2026 `260`.
    Trf260,
    /// JaVaFo's `XXP`.
    Xxp,
}

impl ForbiddenPairs {
    /// Whether the record forbids `a` and `b` (start numbers) to meet in `round` (1-based).
    pub fn forbids(&self, a: u32, b: u32, round: usize) -> bool {
        a != b && self.in_round(round) && self.players.contains(&a) && self.players.contains(&b)
    }

    /// Whether the record applies in `round` (1-based).
    pub fn in_round(&self, round: usize) -> bool {
        self.rounds.is_none_or(|(first, last)| (first..=last).contains(&round))
    }
}

/// The colour the top player of round 1 gets (C.04.2's "initial colour", drawn by lot before
/// round 1), and where it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitialColour {
    pub colour: Colour,
    /// The record's line (TRF-2026 `152`, JaVaFo's `XXC white1`/`black1`).
    pub line: usize,
}

/// The kind of tournament a file declares (TRF-2026 `192`, the encoded tournament type; a
/// TRF-16 file's free-text `092` is not read for it). What `pair` pairs by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentType {
    /// `FIDE_DUTCH`, `FIDE_DUTCH_2025`, `FIDE_DUTCH_2026`; with `_BAKU`, C.04.5.1's Baku
    /// acceleration.
    Dutch { baku: bool },
    /// `FIDE_ROUNDROBIN`, `BERGER_ROUNDROBIN` (single) and `FIDE_DOUBLEROUNDROBIN`,
    /// `BERGER_DOUBLEROUNDROBIN` (double): C.05's Berger tables.
    RoundRobin { double: bool },
    /// Any other code (the Dutch rules of 2017, Burstein, Dubov, team systems, custom
    /// pairings): read and kept, but not paired here.
    Other(String),
}

impl TournamentType {
    /// The type of a `192` code (case as written; the codes are upper case).
    pub fn from_code(code: &str) -> TournamentType {
        match code.trim() {
            "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => TournamentType::Dutch { baku: false },
            "FIDE_DUTCH_BAKU" | "FIDE_DUTCH_2025_BAKU" | "FIDE_DUTCH_2026_BAKU" => TournamentType::Dutch { baku: true },
            "FIDE_ROUNDROBIN" | "BERGER_ROUNDROBIN" => TournamentType::RoundRobin { double: false },
            "FIDE_DOUBLEROUNDROBIN" | "BERGER_DOUBLEROUNDROBIN" => TournamentType::RoundRobin { double: true },
            other => TournamentType::Other(other.to_string()),
        }
    }

    /// The code written back (`192`).
    pub fn code(&self) -> &str {
        match self {
            TournamentType::Dutch { baku: false } => "FIDE_DUTCH_2025",
            TournamentType::Dutch { baku: true } => "FIDE_DUTCH_2025_BAKU",
            TournamentType::RoundRobin { double: false } => "FIDE_ROUNDROBIN",
            TournamentType::RoundRobin { double: true } => "FIDE_DOUBLEROUNDROBIN",
            TournamentType::Other(code) => code,
        }
    }
}

/// A declared [`TournamentType`] and its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclaredType {
    pub kind: TournamentType,
    pub line: usize,
}

/// Which rating ranks the players for the initial order (C.04.2 Art. 2), as TRF-2026's
/// `172` record codes it ("Encoded Starting Rank Method"): FIDE's, a national federation's
/// (its National Rating Support records), or one of them when the other is missing, the
/// higher or the lower of the two, or another method (the order the players are listed in).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RankingMethod {
    #[default]
    Fide,
    National,
    FideElseNational,
    NationalElseFide,
    Higher,
    Lower,
    Other,
}

impl RankingMethod {
    pub const ALL: [RankingMethod; 7] = [
        RankingMethod::Fide,
        RankingMethod::National,
        RankingMethod::FideElseNational,
        RankingMethod::NationalElseFide,
        RankingMethod::Higher,
        RankingMethod::Lower,
        RankingMethod::Other,
    ];

    /// TRF-2026's code (`172`, columns 9-13).
    pub fn code(self) -> &'static str {
        ["FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"][self as usize]
    }

    pub fn name(self) -> &'static str {
        [
            "FIDE rating",
            "national rating",
            "FIDE rating, else national",
            "national rating, else FIDE",
            "the higher of FIDE and national",
            "the lower of FIDE and national",
            "another method (the order listed)",
        ][self as usize]
    }

    /// Whether the method reads national ratings.
    pub fn national(self) -> bool {
        !matches!(self, RankingMethod::Fide | RankingMethod::Other)
    }

    /// The rating that ranks a player with these ratings (`None`: ranked as unrated).
    pub fn strength(self, fide: Option<u32>, national: Option<u32>) -> Option<u32> {
        match self {
            RankingMethod::Fide | RankingMethod::Other => fide,
            RankingMethod::National => national,
            RankingMethod::FideElseNational => fide.or(national),
            RankingMethod::NationalElseFide => national.or(fide),
            RankingMethod::Higher => fide.max(national),
            RankingMethod::Lower => match (fide, national) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }
}

impl std::str::FromStr for RankingMethod {
    type Err = String;

    fn from_str(s: &str) -> Result<RankingMethod, String> {
        RankingMethod::ALL.into_iter().find(|m| s.trim().eq_ignore_ascii_case(m.code())).ok_or_else(|| {
            format!("'{}' is not a ranking method: expected FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER", crate::error::excerpt(s))
        })
    }
}

/// TRF-2026's `172` record: the federation whose National Rating Support records the file
/// holds (columns 5-7), and the method (9-13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranking {
    pub federation: String,
    pub method: RankingMethod,
}

/// A player's place in C.04.2's initial order (Art. 2): rating (unrated last), then title
/// (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name without case.
pub fn initial_order_key(rating: Option<u32>, title: Option<Title>, name: &str) -> (std::cmp::Reverse<u32>, usize, String) {
    (std::cmp::Reverse(rating.unwrap_or(0)), title.map_or(Title::ALL.len(), |t| t as usize), name.to_lowercase())
}

/// A FIDE title, in C.04.2's order for the initial ranking (GM, IM, WGM, FM, WIM, CM, WFM,
/// WCM), with the TRF's codes (`g m wg f wm c wf wc`, columns 11-13 of a `001` record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Title {
    Gm,
    Im,
    Wgm,
    Fm,
    Wim,
    Cm,
    Wfm,
    Wcm,
}

impl Title {
    pub const ALL: [Title; 8] = [Title::Gm, Title::Im, Title::Wgm, Title::Fm, Title::Wim, Title::Cm, Title::Wfm, Title::Wcm];

    /// The TRF-16 code.
    pub fn code(self) -> &'static str {
        ["g", "m", "wg", "f", "wm", "c", "wf", "wc"][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"][self as usize]
    }
}

impl std::str::FromStr for Title {
    type Err = String;

    /// A TRF code (`g`, `wg`) or the title itself (`GM`, `WGM`), any case.
    fn from_str(s: &str) -> Result<Title, String> {
        let t = s.trim();
        Title::ALL.into_iter().find(|x| t.eq_ignore_ascii_case(x.code()) || t.eq_ignore_ascii_case(x.name())).ok_or_else(|| {
            format!("'{}' is not a FIDE title: expected {}", crate::error::excerpt(s), "GM, IM, WGM, FM, WIM, CM, WFM or WCM")
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Start number (TRF: starting rank).
    pub start: u32,
    pub name: String,
    pub rating: Option<u32>,
    pub title: Option<String>,
    pub federation: Option<String>,
    pub fide_id: Option<String>,
    /// TRF `001` column 10 (`m`, or `w`/`f`) and the year of birth (columns 70-79, year
    /// first): what the organiser's category lists (women, age groups) are made from.
    #[serde(default)]
    pub sex: Option<Sex>,
    #[serde(default)]
    pub birth_year: Option<u16>,
    /// Points as the file states them (checked against the rounds).
    pub declared_points: Option<f64>,
    /// Rank as the file states it.
    pub declared_rank: Option<u32>,
    /// Round by round; `rounds[r]` is round r + 1.
    pub rounds: Vec<RoundEntry>,
    /// The file line the entrant came from (0 when built in code).
    pub line: usize,
    /// The national rating of TRF-2026's National Rating Support record (columns 49-52) for
    /// the federation the `172` record names, if any.
    #[serde(default)]
    pub national_rating: Option<u32>,
}

impl Entrant {
    /// An entrant with a start number and a name; everything else unknown.
    pub fn new(start: u32, name: &str, line: usize) -> Entrant {
        Entrant {
            start,
            name: name.to_string(),
            rating: None,
            title: None,
            federation: None,
            fide_id: None,
            sex: None,
            birth_year: None,
            declared_points: None,
            declared_rank: None,
            rounds: Vec::new(),
            line,
            national_rating: None,
        }
    }

    pub fn points(&self, scoring: &Scoring) -> f64 {
        // `+ 0.0`: an empty float sum is −0.0, which would print as "-0.0".
        self.rounds.iter().map(|r| r.result.points(scoring)).sum::<f64>() + 0.0
    }

    /// Points under the file's own point system, each outcome priced apart (what a pairing
    /// scores players with), after the first `rounds` rounds.
    pub fn points_in(&self, system: &PointSystem, rounds: usize) -> f64 {
        self.rounds.iter().take(rounds).map(|r| system.points(r.result)).sum::<f64>() + 0.0
    }

    /// The FIDE title, when columns 11-13 hold one (`g`, `GM`, ...).
    pub fn fide_title(&self) -> Option<Title> {
        self.title.as_deref().and_then(|t| t.parse().ok())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub name: Option<String>,
    pub city: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// TRF 092 (e.g. "Individual: Swiss-System").
    pub kind: Option<String>,
    /// TRF 102: the chief arbiter.
    pub arbiter: Option<String>,
    /// Number of rounds (TRF 142 / XXR, or the longest round list).
    pub rounds: usize,
    /// The total number of rounds the file declares (TRF-2026 `142`, JaVaFo's `XXR`), when it
    /// is a number no smaller than the rounds the players' records hold: what a pairing of
    /// the next round needs (the last rounds are paired differently). `None`: not declared, or
    /// declared wrongly (with a warning).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_rounds: Option<usize>,
    /// The points of every outcome as the file declares them (FIDE's by default).
    #[serde(default, skip_serializing_if = "PointSystem::is_default")]
    pub point_system: PointSystem,
    /// Virtual points for pairing (`XXA`, TRF-2026 `250`), when the file gives any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acceleration: Option<Acceleration>,
    /// The encoded tournament type (TRF-2026 `192`), when declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_type: Option<DeclaredType>,
    /// The initial colour (TRF-2026 `152`, `XXC white1`/`black1`), when declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<InitialColour>,
    /// Players who must not meet (TRF-2026 `260`, `XXP`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenPairs>,
    pub round_dates: Vec<Option<String>>,
    pub scoring: Scoring,
    pub entrants: Vec<Entrant>,
    /// TRF-2026 `172`: the rating that ranks the players (C.04.2 Art. 2's initial order).
    #[serde(default)]
    pub ranking: Option<Ranking>,
    /// The teams a team tournament's file lists (TRF 013, TRF-2026 310); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamRecord>,
    /// The tiebreaks the file declares (TRF-2026 records 212 and 202).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_order: Option<DeclaredOrder>,
    /// Points by entrant and round that override the scoring of the round's result (a team's
    /// game points in a match: `team`); `None` for individual tournaments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_by_round: Option<Vec<Vec<f64>>>,
    /// What Sonneborn-Berger multiplies each opponent's score by, by entrant and round, when
    /// it is not the round's points: a team's result in the other kind of points (C.07's
    /// EMGSB and EGMSB, `team`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sb_factor_by_round: Option<Vec<Vec<f64>>>,
    /// The players the file marks as withdrawn or expelled (`### withdrawn S from round R`,
    /// `### expelled S from round R`: [`marks`]), by start number, in the file's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub departures: Vec<(u32, Departure)>,
    /// FIDE mode, or left by the arbiter ([`marks::LEFT_FIDE_MODE`]).
    #[serde(default, skip_serializing_if = "Mode::is_fide")]
    pub mode: Mode,
}

/// Names pairing programs write for the bye's dummy opponent (German "spielfrei" and
/// "Freilos", English "bye", French "exempt"), matched as a whole name without case, in
/// brackets or not ("(bye)", "[Bye]"). A name that only contains one ("Bye, John") is a
/// player's.
pub fn is_bye_placeholder(name: &str) -> bool {
    let n = name.trim().trim_matches(|c: char| matches!(c, '(' | ')' | '[' | ']' | '<' | '>' | '*' | '-' | '_' | ' ')).to_lowercase();
    matches!(n.as_str(), "spielfrei" | "freilos" | "bye" | "exempt" | "pairing bye" | "pairing-allocated bye")
}

/// A result against a bye placeholder as the bye it is, worth the points the file gave: a win
/// the pairing-allocated bye (a full-point bye when the file scores the two apart), a draw a
/// half-point bye, a loss a zero-point bye.
pub fn as_bye(result: RoundResult, scoring: &Scoring) -> RoundResult {
    use RoundResult::*;
    match result {
        Win | WinUnrated | ForfeitWin if scoring.pairing_bye == scoring.win => PairingBye,
        Win | WinUnrated | ForfeitWin => FullBye,
        Draw | DrawUnrated => HalfBye,
        Loss | LossUnrated | ForfeitLoss => ZeroBye,
        other => other,
    }
}

/// A bye placeholder taken out of a tournament ([`Tournament::take_bye_placeholders`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Placeholder {
    pub name: String,
    pub start: u32,
    /// Its record's line (a PGN: its first game's).
    pub line: usize,
    /// The byes its games became.
    pub byes: Vec<Bye>,
}

/// A game against a bye placeholder, now a bye: the entrant's start number and name, the
/// round (1-based) and the bye.
#[derive(Clone, Debug, PartialEq)]
pub struct Bye {
    pub start: u32,
    pub name: String,
    pub round: usize,
    pub result: RoundResult,
}

impl Placeholder {
    /// "'spielfrei' (start rank 284) is a bye placeholder, not a player: ..." (its start rank
    /// said when `with_start`: a TRF's, not a PGN's).
    pub fn warning(&self, with_start: bool) -> String {
        let list: Vec<String> = self
            .byes
            .iter()
            .take(10)
            .map(|b| format!("{} in round {} ({})", crate::error::excerpt(&b.name), b.round, b.result.words()))
            .collect();
        let games = match self.byes.len() {
            0 => "it has no games".to_string(),
            n if n > 10 => format!("its games count as byes for their opponents: {} and {} more", list.join(", "), n - 10),
            _ => format!("its games count as byes for their opponents: {}", list.join(", ")),
        };
        let start = if with_start { format!(" (start rank {})", self.start) } else { String::new() };
        format!(
            "'{}'{start} is a bye placeholder, not a player: left out of the standings and the ratings; {games}",
            crate::error::excerpt(&self.name)
        )
    }
}

/// A round entered in a file but not yet played ([`Tournament::pending_round`]): only byes or
/// absences are entered (or pairings without results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRound {
    /// 1-based.
    pub round: usize,
    /// The entrants with an entry in it (or a later round).
    pub entries: usize,
    /// Of those, the entrants paired with an opponent but without a result.
    pub paired: usize,
}

impl PendingRound {
    /// "round 5 pending: byes entered for 3 players, not yet paired (the standings are after
    /// round 4)".
    pub fn text(&self) -> String {
        let (n, s) = (self.entries, if self.entries == 1 { "" } else { "s" });
        let what = match self.paired {
            0 => format!("byes or absences entered for {n} player{s}, not yet paired"),
            _ => format!("entries for {n} player{s}, paired but no results yet"),
        };
        format!("round {} pending: {what} (the standings are after round {})", self.round, self.round - 1)
    }
}

/// A team as its file lists it: TRF 013 (name and players) or TRF-2026 310 (also its number,
/// and the match points, game points and rank the file declares).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamRecord {
    /// The team's pairing number (013: its place among the team records).
    pub number: u32,
    pub name: String,
    /// The players' start numbers, in board order.
    pub players: Vec<u32>,
    pub declared_match_points: Option<f64>,
    pub declared_game_points: Option<f64>,
    pub declared_rank: Option<u32>,
    pub line: usize,
}

/// Whether a file's declared order is the standings' ([`DeclaredOrder::used_as`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaredUse {
    AsDeclared,
    /// A round robin's order without the Buchholz tie-breaks it declared (FIDE's checklist Q105).
    WithoutBuchholz,
    Not,
}

/// The order of tiebreaks a file declares: TRF-2026 record 212 ("used to define standings",
/// points among them) or 202 ("used to break ties", points implied before them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeclaredOrder {
    /// 212 or 202.
    pub record: u16,
    pub line: usize,
    /// Every code after points, as written.
    #[serde(default)]
    pub codes: Vec<String>,
    /// The tiebreaks after points, in order.
    pub tiebreaks: Vec<crate::codes::Tiebreak>,
    /// Codes listed that this tool does not compute (team tiebreaks, a misspelling), as written.
    pub unknown: Vec<String>,
}

impl DeclaredOrder {
    /// The order, when every code in it is one computed here.
    pub fn usable(&self) -> Option<&[crate::codes::Tiebreak]> {
        self.unknown.is_empty().then_some(&self.tiebreaks[..])
    }

    /// Whether `order` (the standings') is this declared order: as declared, or as a round
    /// robin takes it, without its Buchholz tie-breaks ([`crate::codes::for_round_robin`]).
    pub fn used_as(&self, order: &[crate::codes::Tiebreak]) -> DeclaredUse {
        let Some(usable) = self.usable() else { return DeclaredUse::Not };
        let (kept, left) = crate::codes::for_round_robin(usable);
        match (usable == order, !left.is_empty() && kept == order) {
            (true, _) => DeclaredUse::AsDeclared,
            (false, true) => DeclaredUse::WithoutBuchholz,
            (false, false) => DeclaredUse::Not,
        }
    }

    /// The order as team tiebreaks (a team file's), when every code is one computed here.
    pub fn team_order(&self) -> Option<Vec<crate::codes::TeamTiebreak>> {
        self.codes.iter().map(|c| crate::codes::TeamTiebreak::parse(c).ok()).collect()
    }

    /// "BH-C1, BH, SB (record 212)": each code as this tool writes it, when it knows it.
    pub fn describe(&self) -> String {
        let show = |c: &String| match (crate::codes::Tiebreak::parse(c), crate::codes::TeamTiebreak::parse(c)) {
            (Ok(t), _) => t.code().to_string(),
            (_, Ok(t)) => t.code(),
            _ => c.clone(),
        };
        format!("{} (record {})", self.codes.iter().map(show).collect::<Vec<_>>().join(", "), self.record)
    }
}

impl Tournament {
    /// The entry of entrant `entrant` (an index) for round `round` (1-based), as pairing reads
    /// it; a round past the entrant's list is open.
    pub fn status(&self, entrant: usize, round: usize) -> RoundStatus {
        let entry = self.entrants.get(entrant).and_then(|e| e.rounds.get(round.wrapping_sub(1)));
        entry.map_or(RoundStatus::Open, RoundEntry::status)
    }

    /// The entrants (indices) not to be paired in round `round` (1-based), by request: a bye
    /// (`H`, `F`, `Z`) or an absence (`-`) entered for it, in start order.
    pub fn requested_byes(&self, round: usize) -> Vec<(usize, Unpaired)> {
        (0..self.entrants.len())
            .filter_map(|i| match self.status(i, round) {
                RoundStatus::Unpaired(u) if u.requested() => Some((i, u)),
                _ => None,
            })
            .collect()
    }

    /// The entrants (indices) in C.04.2's initial order (A.2): rating, highest first (unrated
    /// last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name
    /// alphabetically (without case), then start number. A TRF gives the pairing numbers
    /// itself, as start numbers (columns 5-8; [`Tournament::entrants`] is in their order):
    /// this is the order they should follow, for a check or for a file without them.
    pub fn initial_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        let method = self.ranking.as_ref().map_or(RankingMethod::Fide, |r| r.method);
        if method == RankingMethod::Other {
            return order;
        }
        let key = |i: &usize| {
            let e = &self.entrants[*i];
            (initial_order_key(method.strength(e.rating, e.national_rating), e.fide_title(), &e.name), e.start)
        };
        crate::sort::by_cached_key(&mut order, key);
        order
    }

    /// Entrant `i`'s points after the first `rounds` rounds under the file's own point system,
    /// the arbiter's points (TRF-2026 `299`, [`Tournament::points_by_round`]) included: what a
    /// pairing sheet shows before a round.
    pub fn points_after(&self, i: usize, rounds: usize) -> f64 {
        match self.points_by_round.as_ref().and_then(|by| by.get(i)) {
            Some(by) => by.iter().take(rounds).sum::<f64>() + 0.0,
            None => self.entrants.get(i).map_or(0.0, |e| e.points_in(&self.point_system, rounds)),
        }
    }

    /// The rounds played: up to the last round with a game between two entrants (over the
    /// board, or a forfeit between two paired players). Planned rounds nobody has a result in
    /// are not counted, nor is a round in which only byes or absences are entered: a file saved
    /// before a round is paired (Swiss-Manager and Vega write the requested byes first) is the
    /// tournament after the round before ([`Tournament::pending_round`] names the round).
    ///
    /// A file with no game at all (only byes entered) keeps its rounds with a result: there
    /// is no earlier round to rank after.
    pub fn rounds_played(&self) -> usize {
        let last = |e: &Entrant, played: &dyn Fn(&RoundEntry) -> bool| e.rounds.iter().rposition(played).map_or(0, |r| r + 1);
        let game = |r: &RoundEntry| r.opponent.is_some() && r.result != RoundResult::NotPaired;
        let with_games = self.entrants.iter().map(|e| last(e, &game)).max().unwrap_or(0);
        match with_games {
            0 => self.entrants.iter().map(|e| last(e, &|r| r.result != RoundResult::NotPaired)).max().unwrap_or(0),
            n => n,
        }
    }

    /// The round after the last one played in which entries are already made (byes or
    /// absences requested, or pairings without results): the next round, not yet played.
    pub fn pending_round(&self) -> Option<PendingRound> {
        let n = self.rounds_played();
        let later =
            |e: &Entrant| e.rounds.iter().skip(n).filter(|r| r.result != RoundResult::NotPaired || r.opponent.is_some()).count() > 0;
        let paired = |e: &Entrant| e.rounds.iter().skip(n).any(|r| r.opponent.is_some());
        let entries = self.entrants.iter().filter(|e| later(e)).count();
        let paired = self.entrants.iter().filter(|e| paired(e)).count();
        (entries > 0).then_some(PendingRound { round: n + 1, entries, paired })
    }

    /// The tournament without its pending round's entries ([`Tournament::pending_round`]):
    /// what the standings rank. The declared ranks stay: a file saved before the next round is
    /// paired declares the ranks after the last round played.
    pub fn without_pending(&self) -> Tournament {
        let n = self.rounds_played();
        let mut t = self.clone();
        for e in &mut t.entrants {
            for r in e.rounds.iter_mut().skip(n) {
                *r = RoundEntry::NOT_PAIRED;
            }
        }
        t
    }

    /// The status of start number `start`: withdrawn or expelled from a round, or `None`
    /// (playing on). The file's marks (`### expelled S from round R`, `### withdrawn S from
    /// round R`, which the desk writes) come first, an expulsion before a withdrawal; for a
    /// player the file does not mark, an absence (`0000 - -`) in every round from some round
    /// to the last round played ([`Tournament::rounds_played`]) counts as withdrawn from the
    /// first of them (a file from another program, which writes no marks). A single absence
    /// in the last round played reads so too: the file cannot tell it from a withdrawal.
    pub fn departure(&self, start: u32) -> Option<Departure> {
        let e = self.entrants.iter().find(|e| e.start == start);
        self.departure_of(start, e, self.rounds_played())
    }

    /// [`Tournament::departure`] of every entrant, by index (the last round played found once).
    pub fn departures_by_entrant(&self) -> Vec<Option<Departure>> {
        let last = self.rounds_played();
        self.entrants.iter().map(|e| self.departure_of(e.start, Some(e), last)).collect()
    }

    /// [`Tournament::departure`] of `start` (its entrant `e`), `last` the last round played.
    fn departure_of(&self, start: u32, e: Option<&Entrant>, last: usize) -> Option<Departure> {
        let marked = self.departures.iter().filter(|(s, _)| *s == start).map(|(_, d)| *d);
        if let Some(d) = marked.clone().find(|d| d.is_expelled()).or_else(|| marked.last()) {
            return Some(d);
        }
        let e = e?;
        let present = (0..last).rposition(|r| !e.rounds.get(r).is_some_and(|x| x.absent));
        let from = present.map_or(0, |r| r + 1);
        (from < last).then_some(Departure::Withdrawn { from_round: from + 1 })
    }

    /// The tournament as it stood after round `n`: later rounds not yet played (still planned:
    /// the declared number of rounds stays), and no declared ranks (the file's are final).
    pub fn after_round(&self, n: usize) -> Tournament {
        let mut t = self.clone();
        // A departure marked from a round after the next one was decided later, as far as the
        // file tells: the standings of that time did not have it.
        t.departures.retain(|(_, d)| d.from_round() <= n + 1);
        for e in &mut t.entrants {
            for r in e.rounds.iter_mut().skip(n) {
                *r = RoundEntry::NOT_PAIRED;
            }
            e.declared_rank = None;
            e.declared_points = None;
        }
        t
    }

    /// Takes out the entrants that are bye placeholders ([`is_bye_placeholder`]: "spielfrei",
    /// "BYE", ...): a pairing program's dummy opponent for the player with the bye, not a
    /// player. Each game against one becomes a bye for the opponent, with the points the
    /// file gave ([`as_bye`]); the placeholders are returned (for the reader's warning) and
    /// the remaining entrants' opponents renumbered.
    pub fn take_bye_placeholders(&mut self) -> Vec<Placeholder> {
        let dummy: Vec<bool> = self.entrants.iter().map(|e| is_bye_placeholder(&e.name)).collect();
        if !dummy.contains(&true) {
            return Vec::new();
        }
        let mut taken: Vec<Placeholder> = Vec::new();
        let mut new_index = vec![None; self.entrants.len()];
        let mut kept = 0;
        for (i, e) in self.entrants.iter().enumerate() {
            match dummy[i] {
                true => taken.push(Placeholder { name: e.name.clone(), start: e.start, line: e.line, byes: Vec::new() }),
                false => (new_index[i], kept) = (Some(kept), kept + 1),
            }
        }
        let scoring = self.scoring;
        for (e, _) in self.entrants.iter_mut().zip(&dummy).filter(|(_, &d)| !d) {
            for (r, entry) in e.rounds.iter_mut().enumerate() {
                let Some(j) = entry.opponent else { continue };
                match new_index.get(j).copied().flatten() {
                    Some(k) => entry.opponent = Some(k),
                    None => {
                        *entry = RoundEntry::new(None, None, as_bye(entry.result, &scoring));
                        let p = dummy[..j].iter().filter(|&&d| d).count();
                        taken[p].byes.push(Bye { start: e.start, name: e.name.clone(), round: r + 1, result: entry.result });
                    }
                }
            }
        }
        // `retain` visits the entrants once each, in order.
        let mut flags = dummy.iter();
        self.entrants.retain(|_| !flags.next().copied().unwrap_or(false));
        taken
    }

    /// The games played and rated (`1 = 0`), once each, for the rating methods: names are
    /// the entrants' names, with their ratings as listed Elo-like ratings.
    pub fn dataset(&self) -> Dataset {
        let mut d = Dataset::new();
        // Entrants are people, not names: two with one name stay two players, shown with their
        // start numbers. Every entrant is a new player (never one found by name), so player i
        // is entrant i whatever the names: a renamed duplicate that equals another entrant's
        // own name ("A (#2)") gets a further suffix instead of merging the two.
        let key = |e: &Entrant| crate::model::name_key(&e.name);
        let mut count = std::collections::HashMap::new();
        for e in &self.entrants {
            *count.entry(key(e)).or_insert(0) += 1;
        }
        let mut distinct = DistinctNames::new();
        for e in &self.entrants {
            let shared = count[&key(e)] > 1;
            let name = if e.name.trim().is_empty() || shared {
                format!("{} (#{})", e.name.trim(), e.start).trim().to_string()
            } else {
                e.name.clone()
            };
            let id = distinct.add(&mut d, &name);
            d.players[id].set_id(e.fide_id.clone().or_else(|| Some(e.start.to_string())));
        }
        // A round's games share their date and round (one allocation a round, not a game).
        let mut shared = Vec::new();
        for (i, e) in self.entrants.iter().enumerate() {
            for (r, entry) in e.rounds.iter().enumerate() {
                let Some(j) = entry.opponent else { continue };
                // Each game once: from the side with the lower index.
                if !entry.result.rated() || j <= i || j >= self.entrants.len() {
                    continue;
                }
                let score = match entry.result {
                    RoundResult::Win => 1.0,
                    RoundResult::Draw => 0.5,
                    _ => 0.0,
                };
                let (first, second, score) = match entry.colour {
                    Some(Colour::Black) => (j, i, 1.0 - score),
                    _ => (i, j, score),
                };
                let mut game = Game::new(first, second, score, e.line);
                if shared.len() <= r {
                    shared.resize(r + 1, None);
                }
                game.set_when_shared(self.round_dates.get(r).and_then(|d| d.as_deref()), Some(&(r + 1).to_string()), &mut shared[r]);
                game.set_event(self.name.clone());
                d.games.push(game);
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(opponent: Option<usize>, colour: Option<Colour>, result: RoundResult) -> RoundEntry {
        RoundEntry::new(opponent, colour, result)
    }

    #[test]
    fn codes_points_and_the_rated_games() {
        for c in "1=0+-WDLHFUZ ".chars() {
            assert_eq!(RoundResult::from_code(c).unwrap().code(), c);
        }
        assert_eq!(RoundResult::from_code('h'), Some(RoundResult::HalfBye));
        assert_eq!(RoundResult::from_code('x'), None);
        let s = Scoring::default();
        assert_eq!(RoundResult::HalfBye.points(&s), 0.5);
        assert_eq!(RoundResult::PairingBye.points(&s), 1.0);
        let mut t = Tournament { rounds: 2, ..Default::default() };
        let e = |start, name: &str, rounds| Entrant { rounds, ..Entrant::new(start, name, 0) };
        t.entrants.push(e(1, "A", vec![entry(Some(1), Some(Colour::Black), RoundResult::Win), entry(None, None, RoundResult::HalfBye)]));
        t.entrants.push(e(
            2,
            "B",
            vec![entry(Some(0), Some(Colour::White), RoundResult::Loss), entry(Some(2), Some(Colour::White), RoundResult::ForfeitWin)],
        ));
        t.entrants.push(e(
            3,
            "C",
            vec![entry(None, None, RoundResult::PairingBye), entry(Some(1), Some(Colour::Black), RoundResult::ForfeitLoss)],
        ));
        assert_eq!(t.entrants[0].points(&s), 1.5);
        let d = t.dataset();
        assert_eq!(d.games.len(), 1, "only the game over the board");
        let g = &d.games[0];
        assert_eq!((d.players[g.first()].name.as_str(), d.players[g.second()].name.as_str(), g.score), ("B", "A", 0.0));
    }
}
