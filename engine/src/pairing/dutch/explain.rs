//! Why a round was paired as it was, bracket by bracket (what an arbiter reads when a player
//! asks "why am I playing him?"): the bracket's residents and moved-down players (MDPs,
//! C.04.3 Art. 1.3, 3.2), its pairs in the order the generation fixed them (Art. 4), for each
//! pair the players passed over and the criterion that ruled each out, and who floated down.

use std::fmt::Write;

/// Why a higher player was not paired with a candidate earlier in the generation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// C1: they have met.
    Met,
    /// C3: both non-topscorers with the same absolute colour preference.
    SameAbsolute,
    /// A quality criterion (C4–C21, or the order of transpositions and exchanges) would be
    /// met less well than the best pairing of the bracket meets it.
    Criterion(Criterion),
}

/// The criteria a bracket's weight carries (C.04.3 Art. 2, 2026), top first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Criterion {
    /// C4 completion and C5/C2 (who may take the PAB).
    Completion,
    C6,
    C7,
    C8,
    C9,
    C10,
    C11,
    C12,
    C13,
    C14,
    C15,
    C16,
    C17,
    C18,
    C19,
    C20,
    C21,
    /// Art. 4.3: fewer or smaller exchanges between S1 and S2.
    Exchange,
}

impl Criterion {
    pub const ALL: [Criterion; 18] = [
        Criterion::Completion,
        Criterion::C6,
        Criterion::C7,
        Criterion::C8,
        Criterion::C9,
        Criterion::C10,
        Criterion::C11,
        Criterion::C12,
        Criterion::C13,
        Criterion::C14,
        Criterion::C15,
        Criterion::C16,
        Criterion::C17,
        Criterion::C18,
        Criterion::C19,
        Criterion::C20,
        Criterion::C21,
        Criterion::Exchange,
    ];

    /// The handbook's label.
    pub fn code(self) -> &'static str {
        match self {
            Criterion::Completion => "C4",
            Criterion::C6 => "C6",
            Criterion::C7 => "C7",
            Criterion::C8 => "C8",
            Criterion::C9 => "C9",
            Criterion::C10 => "C10",
            Criterion::C11 => "C11",
            Criterion::C12 => "C12",
            Criterion::C13 => "C13",
            Criterion::C14 => "C14",
            Criterion::C15 => "C15",
            Criterion::C16 => "C16",
            Criterion::C17 => "C17",
            Criterion::C18 => "C18",
            Criterion::C19 => "C19",
            Criterion::C20 => "C20",
            Criterion::C21 => "C21",
            Criterion::Exchange => "Art. 4.3",
        }
    }

    /// What the criterion asks, in a line.
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Completion => "the rest of the round could not then be paired (or the bye would go higher)",
            Criterion::C6 => "fewer pairs in the bracket",
            Criterion::C7 => "higher scores floating down",
            Criterion::C8 => "the next bracket could not be paired as well",
            Criterion::C9 => "the bye would go to a player with more unplayed games",
            Criterion::C10 => "a topscorer's colour difference beyond ±2",
            Criterion::C11 => "a topscorer with the same colour three times running",
            Criterion::C12 => "more players not getting their colour preference",
            Criterion::C13 => "more players not getting a strong colour preference",
            Criterion::C14 => "more players floating down as in the last round",
            Criterion::C15 => "more players floating up as in the last round",
            Criterion::C16 => "more players floating down as two rounds ago",
            Criterion::C17 => "more players floating up as two rounds ago",
            Criterion::C18 => "larger score differences for players floating down as in the last round",
            Criterion::C19 => "larger score differences for players floating up as in the last round",
            Criterion::C20 => "larger score differences for players floating down as two rounds ago",
            Criterion::C21 => "larger score differences for players floating up as two rounds ago",
            Criterion::Exchange => "a larger exchange between S1 and S2",
        }
    }
}

/// A candidate passed over before the partner was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passed {
    pub player: u32,
    pub why: Why,
}

/// One pair as the generation fixed it: start numbers, the higher-ranked player first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairNote {
    pub higher: u32,
    pub lower: u32,
    /// The candidates tried first, in the generation order.
    pub passed_over: Vec<Passed>,
}

/// One bracket (C.04.3 Art. 1.3): its score, players and outcome, as start numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BracketNote {
    /// The residents' score, in tenths of a point.
    pub score: i64,
    /// Residents in rank order (score, then pairing number).
    pub residents: Vec<u32>,
    /// Players moved down from higher brackets, in rank order.
    pub mdps: Vec<u32>,
    /// Pairs in the order the generation fixed them.
    pub pairs: Vec<PairNote>,
    /// Players left to float down to the next bracket (or to the bye).
    pub downfloaters: Vec<u32>,
}

/// A step of a round's pairing, for a progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The whole round is checked to be pairable, and the PAB's candidates found (C4, C5).
    Completion { players: usize },
    /// Bracket `bracket` (1-based) of `brackets`, of score `score` (tenths of a point, as
    /// `Player::score`), with `left` players not yet paired.
    Bracket { bracket: usize, brackets: usize, score: i64, left: usize },
    /// The rest of the round is paired by the weighted matching, built now over the
    /// `players` not yet paired (the brackets before it were paired whole: `whole`).
    Matching { players: usize },
}

/// A step of a round's pairing as a progress line (`seconds` since the round began).
pub fn progress_text(step: Step, seconds: f64) -> String {
    match step {
        Step::Completion { players } => {
            format!("{players} players: checking the round can be paired whole (C4) [{seconds:.1} s]")
        }
        Step::Bracket { bracket, brackets, score, left } => {
            format!("bracket {bracket} of {brackets}, {} points, {left} players not yet paired [{seconds:.1} s]", points(score))
        }
        Step::Matching { players } => format!("the weighted matching built over the {players} players not yet paired [{seconds:.1} s]"),
    }
}

fn points(tenths: i64) -> String {
    match tenths % 10 {
        0 => format!("{}", tenths / 10),
        _ => format!("{:.1}", tenths as f64 / 10.0),
    }
}

fn list(xs: &[u32]) -> String {
    match xs.is_empty() {
        true => "none".into(),
        false => xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "),
    }
}

impl Why {
    /// The reason in words.
    pub fn text(self) -> String {
        match self {
            Why::Met => "C1, they have met".into(),
            Why::SameAbsolute => "C3, both must have the same colour".into(),
            Why::Criterion(c) => format!("{}, {}", c.code(), c.name()),
        }
    }
}

/// The explanation as text, a paragraph a bracket; `name` gives a start number's name.
pub fn render(brackets: &[BracketNote], bye: Option<u32>, name: &dyn Fn(u32) -> String) -> String {
    let mut out = String::new();
    let who = |x: u32| format!("{x} {}", name(x));
    for b in brackets {
        let _ = writeln!(out, "Bracket {} points: residents {}; moved down {}", points(b.score), list(&b.residents), list(&b.mdps));
        for p in &b.pairs {
            let _ = writeln!(out, "  {} - {}", who(p.higher), who(p.lower));
            for x in &p.passed_over {
                let _ = writeln!(out, "      not {}: {}", who(x.player), x.why.text());
            }
        }
        let _ = writeln!(out, "  floating down: {}", list(&b.downfloaters));
    }
    if let Some(x) = bye {
        let _ = writeln!(out, "Pairing-allocated bye: {}", who(x));
    }
    out
}
