//! The FIDE Dutch system (FIDE Handbook C.04.3 as applied from 1 February 2026, chapter
//! C0403202602, with the general handling rules C.04.2 and the basic rules C.04.1): round R
//! paired from the rounds before it. `docs/pairing.md` describes it (§11: how it is checked
//! against bbpPairings; §13: its known limits).
//!
//! The round: players to pair (R1), their scores, colours and floats (`state`); when the count
//! is odd, a first solve finds the lowest score the PAB can go to (C5) and so the bye
//! candidates (C2); then brackets from the highest score down (`bracket`), each a maximum-
//! weight matching over everyone not yet paired; colours (`colour`, Art. 5.2) and C.04.2's
//! board order last.

pub mod accelerate;
pub mod bracket;
pub mod check;
pub mod colour;
pub mod explain;
pub mod fresh;
pub mod json;
pub mod state;
pub mod whole;

use crate::error::PairError;
use crate::pairing::matching::{max_weight_matching, Mode};
use crate::tournament::{Colour, RoundResult, Tournament};
pub use accelerate::AccelerationMethod;
use bracket::{groups_in, pair_bracket, Fixed, Layout, Round, Solve};
pub use explain::Step;
use explain::{BracketNote, PairNote};
use state::{player, scores_before, to_pair, Player, Strength};

/// What a pairing may be told beyond the file.
#[derive(Clone, Debug, Default)]
pub struct PairOptions {
    /// The total rounds (else the file's `XXR`, else its rounds).
    pub rounds: Option<usize>,
    /// The colour drawn before round 1 (else read from the file's round 1).
    pub initial_colour: Option<Colour>,
    /// Say why each candidate a player passed over was passed over
    /// (`BracketNote::pairs[].passed_over`; a solve each, so off by default).
    pub explain: bool,
    /// An acceleration chosen beyond the file's (`192 …_BAKU`, `XXA`, `250`).
    pub acceleration: Option<AccelerationMethod>,
}

/// One board: start numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: usize,
    pub white: u32,
    pub black: u32,
}

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub round: usize,
    pub boards: Vec<Board>,
    /// The PAB's start number.
    pub bye: Option<u32>,
    /// Start numbers not paired by request (a bye or an absence entered).
    pub absent: Vec<u32>,
    /// Why, bracket by bracket, from the highest score down (`explain::render` prints it).
    pub brackets: Vec<explain::BracketNote>,
    /// What the pairing took that the file did not say, and where acceleration came from
    /// (each said once: the total rounds, the point system, the initial colour).
    pub notes: Vec<String>,
}

/// The colour given before round 1, as bbpPairings reads it from a file without one: the
/// round-1 colour of the first player (in start order) who played round 1, the top of the
/// round-1 order, who got the initial colour by 5.2.5.
fn initial_colour(t: &Tournament) -> Option<Colour> {
    t.entrants.iter().find_map(|e| {
        let entry = e.rounds.first()?;
        entry.colour.filter(|_| entry.opponent.is_some())
    })
}

/// Pairs round `round` (1-based) of `t` from the rounds before it.
pub fn pair_round(t: &Tournament, round: usize, opts: &PairOptions) -> Result<Pairing, PairError> {
    pair_round_reporting(t, round, opts, &|_| {})
}

/// [`pair_round`], telling `report` of each step as it goes (the CLI says them on stderr once
/// a round has taken a second).
pub fn pair_round_reporting(t: &Tournament, round: usize, opts: &PairOptions, report: &dyn Fn(Step)) -> Result<Pairing, PairError> {
    check::before_pairing(t, round)?;
    if round == 0 || round > t.rounds + 1 {
        return Err(PairError::RoundOutOfRange { round, played: t.rounds });
    }
    let total = opts.rounds.or(t.total_rounds).unwrap_or(t.rounds).max(round);
    let (initial, mut notes) = colour_and_defaults(t, round, total, opts)?;
    let accelerated = accelerate::virtual_points(t, total, opts.acceleration)?;
    notes.extend(accelerated.notes);
    let scores = scores_before(t, round, accelerated.points.as_ref());
    let mut players: Vec<Player> =
        (0..t.entrants.len()).filter(|&i| to_pair(t, i, round)).map(|i| player(t, &scores, i, round, round == total)).collect();
    crate::sort::by_key(&mut players, |p| (std::cmp::Reverse(p.score), p.tpn));
    let absent = t.requested_byes(round).into_iter().map(|(i, _)| t.entrants[i].start).collect();
    let forbidden = |a: u32, b: u32| t.forbidden.iter().any(|f| f.forbids(a, b, round));
    let fresh = (!opts.explain && !t.forbidden.iter().any(|f| f.in_round(round))).then(|| fresh::first_candidate(&players)).flatten();
    if let Some(found) = fresh {
        let all: Vec<usize> = (0..players.len()).collect();
        let notes_by_bracket = players.first().map(|p| note(&players, &all, p.score, &found)).into_iter().collect();
        let pairs: Vec<(usize, usize)> = found.iter().map(|(pair, _)| *pair).collect();
        let bye = (players.len() % 2 == 1).then(|| players[players.len() - 1].tpn);
        return Ok(finish(t, round, &players, &pairs, initial, (bye, absent, notes_by_bracket, notes)));
    }
    report(Step::Completion { players: players.len() });
    let mut r = Round {
        players: &players,
        compatible: compatibility(&players, &forbidden),
        bye_candidate: vec![],
        odd: players.len() % 2 == 1,
        round,
        explain: opts.explain,
        report,
    };
    r.bye_candidate = complete(&r).map_err(|e| forbidden_cause(t, &r, e))?;
    let (pairs, notes_by_bracket, left) = pair_brackets(&r).map_err(|e| at_round(e, round))?;
    if left.len() > r.odd as usize {
        let names: Vec<String> = left.iter().map(|&x| players[x].tpn.to_string()).collect();
        return Err(PairError::NoValidPairing { round, players: format!("players {} (left unpaired)", names.join(", ")) });
    }
    let bye = left.first().map(|&x| players[x].tpn);
    Ok(finish(t, round, &players, &pairs, initial, (bye, absent, notes_by_bracket, notes)))
}

/// The pairing of `pairs` (rank indices): colours and board order, with the bye, the
/// absent, the brackets' notes and the notes.
fn finish(
    t: &Tournament,
    round: usize,
    players: &[Player],
    pairs: &[(usize, usize)],
    initial: Colour,
    (bye, absent, brackets, notes): (Option<u32>, Vec<u32>, Vec<BracketNote>, Vec<String>),
) -> Pairing {
    let place = five_two_five_places(t, round);
    let boards = boards(players, pairs, initial, |tpn| place.iter().filter(|&&x| x < tpn).count());
    Pairing { round, boards, bye, absent, brackets, notes }
}

/// 5.2.5's pairing numbers, as bbpPairings counts them (the benchmark's round-2 colours of
/// players without a game decide it): the entrants who have no bye or absence entered for
/// this round, or who were paired in an earlier round (a game, forfeits included, a PAB, or a
/// `+` against no one); a requested bye (H, F, Z) is not a pairing. A player's place is the
/// count of those with a lower start number.
fn five_two_five_places(t: &Tournament, round: usize) -> Vec<u32> {
    let paired_before = |i: usize| {
        t.entrants[i]
            .rounds
            .iter()
            .take(round - 1)
            .any(|x| x.opponent.is_some() || matches!(x.result, RoundResult::PairingBye | RoundResult::ForfeitWin))
    };
    (0..t.entrants.len()).filter(|&i| to_pair(t, i, round) || paired_before(i)).map(|i| t.entrants[i].start).collect()
}

/// The initial colour (the options', else the file's `152`/`XXC`, else read from round 1's
/// games) and the notes on every default taken: the total rounds, the point system, the
/// initial colour.
fn colour_and_defaults(t: &Tournament, round: usize, total: usize, opts: &PairOptions) -> Result<(Colour, Vec<String>), PairError> {
    let mut notes = Vec::new();
    if opts.rounds.is_none() && t.total_rounds.is_none() {
        notes.push(format!("the total number of rounds is not declared (142 or XXR): taken as {total}, the rounds in the file; the last round's rules (topscorers) follow from it"));
    }
    if t.point_system.is_default() {
        notes.push("no point system declared (162, XXS or BB*): a win 1, a draw ½, a loss 0, the pairing-allocated bye 1".into());
    }
    let initial = match (opts.initial_colour, t.initial_colour) {
        (Some(c), _) => c,
        (None, Some(c)) => c.colour,
        (None, None) => {
            let c = initial_colour(t).ok_or(PairError::NoInitialColour)?;
            if round > 1 {
                notes.push(format!(
                    "the initial colour is not declared (152 or XXC): read from round 1, where the top player had {}",
                    if c == Colour::White { "White" } else { "Black" }
                ));
            }
            c
        }
    };
    Ok((initial, notes))
}

/// The round can be paired whole (C4; with an odd count, the PAB candidates: C2, C5).
fn complete(r: &Round) -> Result<Vec<bool>, PairError> {
    if let Some(candidates) = complete_greedily(r) {
        return Ok(candidates);
    }
    fits_in_memory(r)?;
    match r.odd {
        true => bye_candidates(r),
        false => check_complete(r).map(|()| vec![false; r.players.len()]),
    }
}

/// [`complete`] shown by a greedy try (`whole::greedy`), in O(n²) where the exact test is a
/// matching of the whole round: when the count is even, a pairing of everyone; when it is
/// odd, of everyone but the lowest eligible player of the lowest score group, which makes
/// that group's eligible players the PAB's candidates, as [`bye_candidates`]'s matching
/// would (no one can take the PAB from a lower group). `None` when the try fails.
fn complete_greedily(r: &Round) -> Option<Vec<bool>> {
    let n = r.players.len();
    let all: Vec<usize> = (0..n).collect();
    if !r.odd {
        return whole::greedy(r, &all, None).map(|_| vec![false; n]);
    }
    let lowest = r.players.last()?.score;
    let out = (0..n).rev().take_while(|&x| r.players[x].score == lowest).find(|&x| r.players[x].bye_eligible)?;
    whole::greedy(r, &all, Some(out))?;
    Some(r.players.iter().map(|p| p.bye_eligible && p.score == lowest).collect())
}

/// A round that cannot be paired: when it could be without the players who must not meet,
/// the error names the records that made it so.
fn forbidden_cause(t: &Tournament, r: &Round, e: PairError) -> PairError {
    let active: Vec<&crate::tournament::ForbiddenPairs> = t.forbidden.iter().filter(|f| f.in_round(r.round)).collect();
    if active.is_empty() || !matches!(e, PairError::NoValidPairing { .. }) {
        return e;
    }
    let free = Round { compatible: compatibility(r.players, &|_, _| false), bye_candidate: vec![], ..*r };
    if complete(&free).is_err() {
        return e;
    }
    let records: Vec<String> = active
        .iter()
        .map(|f| {
            let code = if f.record == crate::tournament::ForbiddenRecord::Trf260 { "260" } else { "XXP" };
            let list: Vec<String> = f.players.iter().map(u32::to_string).collect();
            format!("{code} line {} ({})", f.line, list.join(", "))
        })
        .collect();
    PairError::Forbidden { round: r.round, records: records.join("; ") }
}

/// The brackets' pairs (rank indices), their notes and the players left unpaired.
type Brackets = (Vec<(usize, usize)>, Vec<BracketNote>, Vec<usize>);

fn pair_brackets(r: &Round) -> Result<Brackets, PairError> {
    // A bracket tells apart its own score group, its MDPs' and the next: a few slots serve
    // almost every round (narrower weights, faster), and a round that needs more is paired
    // again with a slot for every score group.
    match pair_in(r, Layout::for_round(r, FEW_SLOTS))? {
        Some(done) => Ok(done),
        None => pair_in(r, Layout::for_round(r, usize::MAX))?.ok_or(PairError::NoValidPairing {
            round: r.round,
            players: "all: a bracket has more score groups than its weights have room for".into(),
        }),
    }
}

/// The most memory a round's pairing may take: the matching is dense (every pair of players
/// is an edge), so a round needs about [`bytes_a_pair`] bytes for each of its n² pairs. A
/// browser gives a page's WebAssembly at most 4 GB, often less; natively, as the issue's
/// targets, 4 GB too, so that an arbiter's laptop is not driven into swap.
const MEMORY_LIMIT: u64 = 4 << 30;

/// The bytes a round's tables take for each ordered pair of players, with weights of `limbs`
/// 64-bit limbs: the matcher's adjacency (4) and S–S table (8: a row per blossom id, n × 2n),
/// the compatibility (1), the matcher's doubled weights (8L, by pair: the brackets read the
/// graph there and keep no copy) and edge ends (8 a pair: an edge each way), at the start,
/// while the `u64` solve is scaled into the wide one, that solve's doubled weights (8), and 3
/// to spare. A bracket rewrites its rows one at a time, and a candidate tried and undone
/// copies only the rows it changed ([`crate::pairing::matching::Matcher::snapshot_for`]).
/// Measured by `tests/bounds.rs` (`a_later_pairing_round_holds_its_graph_once`: 78.7 bytes
/// at 6 limbs) and against the peak memory in `docs/performance.md` ("Pairing by field size").
pub fn bytes_a_pair(limbs: usize) -> u64 {
    32 + 8 * limbs as u64
}

/// Refuses in words, before they are built, the matching's tables when they would not fit
/// [`MEMORY_LIMIT`] (checked when a bracket first needs the matching, or the round's
/// completion needs the exact test).
fn fits_in_memory(r: &Round) -> Result<(), PairError> {
    let n = r.players.len() as u64;
    let l = limbs(Layout::for_round(r, FEW_SLOTS).total).max(2);
    let bytes = n * n * bytes_a_pair(l);
    if bytes <= MEMORY_LIMIT {
        return Ok(());
    }
    let most = ((MEMORY_LIMIT / bytes_a_pair(l)) as f64).sqrt() as usize;
    Err(PairError::TooLarge { round: r.round, players: r.players.len(), megabytes: bytes >> 20, most })
}

/// The score-group slots tried first.
const FEW_SLOTS: usize = 5;

/// [`brackets_in`] with weights as wide as `layout` needs (`Wide<L>`, L limbs of 64 bits).
fn pair_in(r: &Round, layout: Layout) -> Result<Option<Brackets>, PairError> {
    match limbs(layout.total) {
        2 => brackets_in::<2>(r, layout),
        4 => brackets_in::<4>(r, layout),
        6 => brackets_in::<6>(r, layout),
        7 => brackets_in::<7>(r, layout),
        8 => brackets_in::<8>(r, layout),
        12 => brackets_in::<12>(r, layout),
        16 => brackets_in::<16>(r, layout),
        32 => brackets_in::<32>(r, layout),
        _ => Err(PairError::NoValidPairing {
            round: r.round,
            players: format!("all: a round of {} players needs {} weight bits (at most 2,028 built)", r.players.len(), layout.total),
        }),
    }
}

/// The 64-bit limbs of the weights a layout of `total` bits is solved with (of the widths
/// built). The duals need headroom above the widest weight: (2n + 2) · limit, and the warm
/// edits' bound, fit in 20 more bits up to 87,000 players (more than memory allows).
fn limbs(total: usize) -> usize {
    match (total + 20).div_ceil(64) {
        0..=2 => 2,
        3..=4 => 4,
        5..=6 => 6,
        7 => 7,
        8 => 8,
        9..=12 => 12,
        13..=16 => 16,
        17..=32 => 32,
        _ => 0,
    }
}

/// The brackets from the highest score down; `None` when a bracket has more score groups
/// than the layout's slots.
fn brackets_in<const L: usize>(r: &Round, layout: Layout) -> Result<Option<Brackets>, PairError> {
    let slots = layout.slots;
    // The matching is built when a bracket needs it, and dropped when a bracket is then
    // paired whole (`whole`, at about its own size squared), since its rows would no longer
    // hold the pairs made: a later bracket that needs it builds it afresh, with every pair
    // made keeping only its own edge, as the brackets leave them.
    let mut sv = None::<Solve<L>>;
    let mut partner = vec![None; r.players.len()];
    let mut left: Vec<usize> = (0..r.players.len()).collect();
    let (mut pairs, mut notes) = (Vec::new(), Vec::new());
    let mut groups: Vec<i64> = r.players.iter().map(|p| p.score).collect();
    groups.dedup();
    for (k, &s) in groups.iter().enumerate() {
        if left.len() < 2 {
            break;
        }
        let next = groups.get(k + 1).copied();
        if groups_in(r, &left, s, next) > slots {
            return Ok(None);
        }
        (r.report)(Step::Bracket { bracket: k + 1, brackets: groups.len(), score: s, left: left.len() });
        let whole = (!r.explain).then(|| whole::pair_whole(r, &left, s, next)).flatten();
        let found = match whole {
            Some(found) => {
                sv = None;
                found
            }
            None => {
                let mut solve = match sv.take() {
                    Some(solve) => solve,
                    None => {
                        fits_in_memory(r)?;
                        (r.report)(Step::Matching { players: left.len() });
                        Solve::new(r, layout.clone(), &partner)?
                    }
                };
                let found = pair_bracket(r, &mut solve, &left, s, next)?;
                sv = Some(solve);
                found
            }
        };
        for &((a, b), _) in &found {
            (partner[a], partner[b]) = (Some(b), Some(a));
        }
        notes.push(note(r.players, &left, s, &found));
        left.retain(|x| !found.iter().any(|((a, b), _)| a == x || b == x));
        pairs.extend(found.into_iter().map(|((a, b), _)| (a.min(b), a.max(b))));
    }
    Ok(Some((pairs, notes, left)))
}

/// The bracket of score `s` among the players `left` and the pairs it made, as start numbers.
fn note(players: &[Player], left: &[usize], s: i64, found: &[Fixed]) -> BracketNote {
    let tpns = |keep: &dyn Fn(&Player) -> bool| left.iter().map(|&x| &players[x]).filter(|p| keep(p)).map(|p| p.tpn).collect::<Vec<u32>>();
    let paired = |p: &Player| found.iter().any(|((a, b), _)| players[*a].tpn == p.tpn || players[*b].tpn == p.tpn);
    let pair =
        |((a, b), passed): &Fixed| PairNote { higher: players[*a.min(b)].tpn, lower: players[*a.max(b)].tpn, passed_over: passed.clone() };
    BracketNote {
        score: s,
        residents: tpns(&|p| p.score == s),
        mdps: tpns(&|p| p.score > s),
        pairs: found.iter().map(pair).collect(),
        downfloaters: tpns(&|p| p.score >= s && !paired(p)),
    }
}

/// Gives a matching error the round it happened in.
fn at_round(e: PairError, round: usize) -> PairError {
    match e {
        PairError::Matching { cause, .. } => PairError::Matching { round, cause },
        e => e,
    }
}

/// C1 and C3 for every pair of players (rank indices), and the players who must not meet
/// (`forbidden`, start numbers: an absolute criterion beside C1).
fn compatibility(players: &[Player], forbidden: &dyn Fn(u32, u32) -> bool) -> Vec<Vec<bool>> {
    let n = players.len();
    let mut c = vec![vec![false; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            let (pa, pb) = (&players[a], &players[b]);
            let met = pa.met.contains(&pb.entrant);
            let c3 = pa.strength == Strength::Absolute
                && pb.strength == Strength::Absolute
                && pa.wants == pb.wants
                && !pa.topscorer
                && !pb.topscorer;
            c[a][b] = !met && !c3 && !forbidden(pa.tpn, pb.tpn);
            c[b][a] = c[a][b];
        }
    }
    c
}

/// The players to pair as a plain graph (C1, C3) with weights `w(a, b)`.
fn solve_plain(r: &Round, w: impl Fn(usize, usize) -> u64) -> Result<Vec<Option<usize>>, PairError> {
    let n = r.players.len();
    let edges: Vec<(usize, usize, u64)> =
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).filter(|&(a, b)| r.compatible[a][b]).map(|(a, b)| (a, b, w(a, b))).collect();
    let m = max_weight_matching(n, &edges, Mode::MaxWeight).map_err(|cause| PairError::Matching { round: r.round, cause })?;
    Ok(m.mate)
}

/// Error unless everyone can be paired (C4 for the whole round: R19).
fn check_complete(r: &Round) -> Result<(), PairError> {
    let mate = solve_plain(r, |_, _| 1)?;
    let unpaired: Vec<String> = (0..mate.len()).filter(|&x| mate[x].is_none()).map(|x| r.players[x].tpn.to_string()).collect();
    match unpaired.len() <= r.odd as usize {
        true => Ok(()),
        false => Err(PairError::NoValidPairing {
            round: r.round,
            players: format!("players {} (every pairing leaves them without an opponent they have not met)", unpaired.join(", ")),
        }),
    }
}

/// The PAB candidates (C2, C5): eligible players whose score is no higher than the lowest
/// score the PAB can go to in a complete pairing.
fn bye_candidates(r: &Round) -> Result<Vec<bool>, PairError> {
    check_complete(r)?;
    let n = r.players.len();
    let mut scores: Vec<i64> = r.players.iter().map(|p| p.score).collect();
    scores.dedup();
    let low = |x: usize| (scores.len() - 1 - scores.iter().position(|&s| s == r.players[x].score).expect("a score")) as u64;
    let big = 1u64 << 40;
    let eligible = |x: usize| r.players[x].bye_eligible as u64;
    let mate = solve_plain(r, |a, b| big * (1 + (1 - eligible(a)) + (1 - eligible(b))) + low(a) + low(b))?;
    let Some(out) = (0..n).find(|&x| mate[x].is_none()) else { return Ok(vec![false; n]) };
    if !r.players[out].bye_eligible {
        let all: Vec<String> = r.players.iter().map(|p| p.tpn.to_string()).collect();
        return Err(PairError::NoValidPairing {
            round: r.round,
            players: format!("the pairing-allocated bye: no player who can be left out may take it (C2; players {})", all.join(", ")),
        });
    }
    let s = r.players[out].score;
    Ok(r.players.iter().map(|p| p.bye_eligible && p.score <= s).collect())
}

/// A game's place in C.04.2's board order (smallest first): the higher score of the pair,
/// then the sum, then the higher-ranked player's rank (`rank_*`: places in the round's order,
/// score then pairing number).
pub fn board_key(score_a: i64, score_b: i64, rank_a: usize, rank_b: usize) -> impl Ord {
    (std::cmp::Reverse(score_a.max(score_b)), std::cmp::Reverse(score_a + score_b), rank_a.min(rank_b))
}

/// Colours (Art. 5.2) and C.04.2's board order ([`board_key`]).
fn boards(players: &[Player], pairs: &[(usize, usize)], initial: Colour, place: impl Fn(u32) -> usize) -> Vec<Board> {
    let mut sorted: Vec<(usize, usize)> = pairs.to_vec();
    crate::sort::by_key(&mut sorted, |&(a, b)| board_key(players[a].score, players[b].score, a, b));
    sorted
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            let (hi, lo) = (&players[a], &players[b]);
            let hw = colour::hi_gets_white(hi, place(hi.tpn), lo, initial);
            let (white, black) = if hw { (hi.tpn, lo.tpn) } else { (lo.tpn, hi.tpn) };
            Board { number: k + 1, white, black }
        })
        .collect()
}
