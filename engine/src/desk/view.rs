//! What the desk shows of a tournament's file: its players with their points, each round's
//! boards in C.04.2's board order, the byes, the arbiter's marks, and what comes next.

use super::error::DeskError;
use super::outcome::Outcome;
use super::progress::{adjourned, current_round, missing_results, read};
use super::rounds::ByeKind;
use crate::pairing::berger::{self, Cycles};
use crate::pairing::dutch::{accelerate, board_key};
use crate::parse::trf::parse_trf;
use crate::tournament::{Colour, RankingMethod, RoundStatus, Tournament, TournamentType, Unpaired};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRow {
    pub start: u32,
    pub name: String,
    pub rating: Option<u32>,
    pub title: Option<String>,
    pub federation: Option<String>,
    pub fide_id: Option<String>,
    /// The national rating (TRF-2026's National Rating Support record), if any.
    #[serde(default)]
    pub national_rating: Option<u32>,
    pub points: f64,
    /// The birth date as the record writes it (columns 70-79: `1994/05/12`, or a year).
    #[serde(default)]
    pub birth: Option<String>,
    #[serde(default)]
    pub sex: Option<crate::tournament::Sex>,
    /// Absent (`0000 - -`) in the tournament's last round: withdrawn (what the desk's
    /// *Withdraw* enters, an absence in each round from the one given).
    pub withdrawn: bool,
    /// Expelled by the arbiter (`### expelled S from round R`): absent from that round on.
    #[serde(default)]
    pub expelled: bool,
    /// Marked by the arbiter not eligible for half-point byes (`### no half-point byes S`,
    /// [`super::players`]): the desk refuses them one.
    #[serde(default)]
    pub no_half_point_byes: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardRow {
    pub board: usize,
    pub white: u32,
    pub black: u32,
    /// Points before the round.
    pub white_points: f64,
    pub black_points: f64,
    /// `1-0`, `½-½`, `+/-`…; empty while not played.
    pub result: String,
    /// The arbiter changed this board by hand.
    pub manual: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundView {
    pub round: usize,
    pub boards: Vec<BoardRow>,
    /// The pairing-allocated bye.
    pub bye: Option<u32>,
    /// Byes and absences entered: (start number, kind).
    pub requested: Vec<(u32, ByeKind)>,
    /// The arbiter's marks (`### manual round R: …`), as written.
    pub manual: Vec<String>,
    /// The round's date as the `132` record writes it (`YY/MM/DD`), and the time it starts
    /// (`HH:MM`, a `### round R time` line), when known ([`super::dates::when`] says them).
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub time: Option<String>,
}

/// What the desk can do next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Next {
    /// Pair this round.
    Pair(usize),
    /// Enter the results of this round (boards without one, by white's start number; an
    /// adjourned game does not wait here: it counts as a draw until resolved, Q167).
    Results { round: usize, missing: Vec<u32> },
    /// Every round is played.
    Finished,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeskView {
    pub name: String,
    pub total_rounds: usize,
    pub players: Vec<PlayerRow>,
    /// Rounds paired, and the next round if byes are entered for it.
    pub rounds: Vec<RoundView>,
    pub next: Next,
    pub warnings: Vec<String>,
    /// The rating that ranks the players for the initial order (TRF-2026 `172`; FIDE's
    /// rating when the file does not say).
    #[serde(default)]
    pub ranking: RankingMethod,
    /// How the file is paired, in words (TRF-2026 `192`: the Dutch system, with Baku
    /// acceleration, or a round robin by the Berger tables).
    #[serde(default)]
    pub system: String,
    /// A round robin: colours come from the Berger table (no initial colour to draw), and the
    /// crosstable is the tournament's main view.
    #[serde(default)]
    pub round_robin: bool,
    /// The adjourned games still open: (round, white's start number).
    #[serde(default)]
    pub adjourned: Vec<(usize, u32)>,
    /// Every round played and every result in, none adjourned: the final standings and the
    /// export may be made (the checklist's Q161, Q169).
    #[serde(default)]
    pub final_ready: bool,
    /// Where and when, and who is the chief arbiter (the file's `022`, `042`/`052`, `102`),
    /// as printed sheets head them; empty when the file does not say.
    #[serde(default)]
    pub place: String,
    #[serde(default)]
    pub dates: String,
    #[serde(default)]
    pub arbiter: String,
    /// The colour the top player had in round 1 (the file's `152`, chosen or drawn by lot),
    /// once round 1 is paired.
    #[serde(default)]
    pub initial_colour: Option<Colour>,
    /// The tournament is run in FIDE mode (the default; `false` once the arbiter has left it,
    /// [`super::fide_mode`]).
    #[serde(default = "fide_mode_default")]
    pub fide_mode: bool,
}

/// A view kept from before FIDE mode was explicit was of a tournament in it.
fn fide_mode_default() -> bool {
    true
}

/// A Swiss whose rounds cannot all be paired within the rules (FIDE's checklist Q62): with
/// `n` players no one has more than `n − 1` opponents, so a round past that needs a rematch,
/// which C.04.3's C1 forbids. Said before the start, and while it holds.
fn setup_warning(t: &Tournament, total: usize) -> Option<String> {
    let robin = matches!(t.tournament_type.as_ref().map(|d| &d.kind), Some(TournamentType::RoundRobin { .. }));
    let n = t.entrants.len();
    (!robin && n >= 2 && total >= n).then(|| {
        format!("{total} rounds for {n} players: a Swiss of {n} players can be paired for at most {} rounds without a rematch (C.04.3 C1); fewer rounds, or more players", n - 1)
    })
}

/// The pairing system of `t` in words, and whether it is a round robin.
fn system_of(t: &Tournament) -> (String, bool) {
    match t.tournament_type.as_ref().map(|d| &d.kind) {
        Some(TournamentType::RoundRobin { double: false }) => ("Round robin (Berger tables, C.05)".into(), true),
        Some(TournamentType::RoundRobin { double: true }) => ("Double round robin (Berger tables, C.05)".into(), true),
        Some(TournamentType::Dutch { baku: true }) => ("Swiss, Dutch system (C.04.3) with Baku acceleration (C.04.5.1)".into(), false),
        Some(TournamentType::Other(code)) => (format!("{code} (not paired here)"), false),
        _ => ("Swiss, Dutch system (C.04.3)".into(), false),
    }
}

/// The view of `text`.
pub fn view(text: &str) -> Result<DeskView, DeskError> {
    let (t, warnings) = parse_trf(text).map_err(|e| DeskError::Unreadable(e.to_string()))?;
    let current = current_round(&t);
    let total = t.total_rounds.unwrap_or(t.rounds.max(current));
    let marks: Vec<&str> = text.lines().filter(|l| l.starts_with("### manual round ")).collect();
    let shown = (current + 1).min(total.max(current));
    let times = super::dates::round_times(text);
    let rounds: Vec<RoundView> =
        (1..=shown).map(|r| round_view(&t, r, &marks, &times)).filter(|r| r.round <= current || !r.requested.is_empty()).collect();
    let open = adjourned(&t);
    let waiting = missing_results(&t, current);
    let next = match waiting {
        m if current > 0 && !m.is_empty() => Next::Results { round: current, missing: m },
        _ if current >= total => Next::Finished,
        _ => Next::Pair(current + 1),
    };
    let players = player_rows(text, &t, total);
    // The round being entered has games without results: what the reader warns of in a
    // finished file is, here, the work in hand.
    let entering = format!("round {current}: paired with ");
    let mut warnings: Vec<String> = warnings
        .iter()
        .filter(|w| !(matches!(next, Next::Results { .. }) && w.message.starts_with(&entering)))
        .map(|w| w.to_string())
        .collect();
    warnings.extend(super::players::warnings(&t));
    warnings.extend(setup_warning(&t, total));
    warnings.extend(super::from_list::month_warning(text));
    let ranking = t.ranking.as_ref().map_or(RankingMethod::Fide, |r| r.method);
    let (system, round_robin) = system_of(&t);
    let name = t.name.clone().unwrap_or_default();
    let final_ready = next == Next::Finished && open.is_empty();
    let dates = match (t.start_date.as_deref().unwrap_or(""), t.end_date.as_deref().unwrap_or("")) {
        (a, b) if a.is_empty() || b.is_empty() || a == b => format!("{a}{b}"),
        (a, b) => format!("{a} – {b}"),
    };
    let (place, arbiter) = (t.city.clone().unwrap_or_default(), t.arbiter.clone().unwrap_or_default());
    let fide_mode = super::confirm::Mode::of(text) == super::confirm::Mode::Fide;
    Ok(DeskView {
        name,
        total_rounds: total,
        players,
        rounds,
        next,
        warnings,
        ranking,
        system,
        round_robin,
        adjourned: open,
        final_ready,
        place,
        dates,
        arbiter,
        fide_mode,
        initial_colour: t.initial_colour.map(|c| c.colour),
    })
}

/// The players as the desk lists them: each record's fields, points, and the arbiter's marks.
fn player_rows(text: &str, t: &Tournament, total: usize) -> Vec<PlayerRow> {
    let (expelled, no_half) = (super::players::expelled(text), super::players::no_half_point_byes(text));
    // Each record's birth date as written (the reader keeps only the year).
    let births: Vec<(u32, String)> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .filter_map(|l| Some((crate::parse::trf_record::start_of(l)?, crate::parse::trf_record::BIRTH.read(l))))
        .collect();
    t.entrants
        .iter()
        .map(|e| PlayerRow {
            start: e.start,
            name: e.name.clone(),
            rating: e.rating,
            title: e.title.clone(),
            federation: e.federation.clone(),
            fide_id: e.fide_id.clone(),
            national_rating: e.national_rating,
            birth: births.iter().find(|b| b.0 == e.start).map(|b| b.1.clone()).filter(|b| !b.is_empty()),
            sex: e.sex,
            points: e.points_in(&t.point_system, e.rounds.len()),
            withdrawn: e.rounds.get(total.wrapping_sub(1)).is_some_and(|x| x.absent),
            expelled: expelled.iter().any(|&(s, _)| s == e.start),
            no_half_point_byes: no_half.contains(&e.start),
        })
        .collect()
}

fn bye_kind(u: Unpaired) -> Option<ByeKind> {
    Some(match u {
        Unpaired::HalfBye => ByeKind::Half,
        Unpaired::ZeroBye => ByeKind::Zero,
        Unpaired::FullBye => ByeKind::Full,
        Unpaired::Absent => ByeKind::Absent,
        _ => return None,
    })
}

/// Round `round` of `t`: its boards, byes and marks, its date and its time (`times`, as
/// [`super::dates::round_times`] reads them).
fn round_view(t: &Tournament, round: usize, marks: &[&str], times: &[(usize, String)]) -> RoundView {
    let before: Vec<f64> = (0..t.entrants.len()).map(|i| t.points_after(i, round - 1)).collect();
    let prefix = format!("### manual round {round}:");
    let manual: Vec<String> = marks.iter().filter(|m| m.starts_with(&prefix)).map(|m| m[prefix.len()..].trim().to_string()).collect();
    let marked = |start: u32| manual.iter().any(|m| m.split(|c: char| !c.is_ascii_digit()).any(|w| w == start.to_string()));
    let mut games = Vec::new();
    let (mut bye, mut requested) = (None, Vec::new());
    for (i, e) in t.entrants.iter().enumerate() {
        match t.status(i, round) {
            RoundStatus::Paired(j) if e.rounds[round - 1].colour == Some(Colour::White) => games.push((i, j)),
            RoundStatus::Unpaired(Unpaired::PairingBye) => bye = Some(e.start),
            RoundStatus::Unpaired(u) => requested.extend(bye_kind(u).map(|k| (e.start, k))),
            _ => {}
        }
    }
    sort_boards(t, round, &before, &mut games);
    let boards = games
        .iter()
        .enumerate()
        .map(|(k, &(w, b))| {
            let (ew, eb) = (&t.entrants[w], &t.entrants[b]);
            let result = Outcome::shown(ew.rounds[round - 1].result, eb.rounds[round - 1].result).to_string();
            BoardRow {
                board: k + 1,
                white: ew.start,
                black: eb.start,
                white_points: before[w],
                black_points: before[b],
                result,
                manual: marked(ew.start) || marked(eb.start),
            }
        })
        .collect();
    let date = t.round_dates.get(round - 1).cloned().flatten();
    let time = times.iter().rev().find(|x| x.0 == round).map(|x| x.1.clone());
    RoundView { round, boards, bye, requested, manual, date, time }
}

/// The games (white, black indices) in their board order: a round robin's as its Berger
/// table has them (C.05); a Swiss's by C.04.2 (Art. 3.6), on the pairing scores, points
/// before the round plus any virtual points (C.04.5.1: boards are ordered by real + virtual
/// points), then the rank by those, then start number.
fn sort_boards(t: &Tournament, round: usize, before: &[f64], games: &mut [(usize, usize)]) {
    if let Some(TournamentType::RoundRobin { double }) = t.tournament_type.as_ref().map(|d| &d.kind) {
        let cycles = if *double { Cycles::Double } else { Cycles::Single };
        if let Ok((table, _)) = berger::pair_round(t, round, cycles) {
            let place = |w: usize, b: usize| {
                let (sw, sb) = (t.entrants[w].start, t.entrants[b].start);
                table.iter().position(|&(x, y)| (x, y) == (sw, sb) || (x, y) == (sb, sw)).unwrap_or(usize::MAX)
            };
            crate::sort::by_key(games, |&(w, b)| (place(w, b), w));
            return;
        }
    }
    let total = t.total_rounds.unwrap_or(t.rounds);
    let virtual_points = accelerate::virtual_points(t, total, None).ok().and_then(|v| v.points);
    let bonus = |i: usize| virtual_points.as_ref().map_or(0.0, |a| a.points(t.entrants[i].start, round));
    let score: Vec<f64> = (0..t.entrants.len()).map(|i| before[i] + bonus(i)).collect();
    let mut order: Vec<usize> = (0..t.entrants.len()).collect();
    crate::sort::by(&mut order, |&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
    let mut rank = vec![0; order.len()];
    order.iter().enumerate().for_each(|(k, &i)| rank[i] = k);
    let scaled = |i: usize| (score[i] * 10.0).round() as i64;
    crate::sort::by_key(games, |&(w, b)| board_key(scaled(w), scaled(b), rank[w], rank[b]));
}

/// The tournament read from `text` (for the standings, the crosstable and the export).
pub fn tournament(text: &str) -> Result<Tournament, DeskError> {
    read(text)
}
