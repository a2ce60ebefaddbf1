//! The desk's file as programs read it: TRF-2026 as kept (its `142` rounds, `162` points and
//! `202` tiebreaks records), or TRF-16 for older programs, which know none of those: the
//! rounds as JaVaFo's `XXR` (read by JaVaFo, bbpPairings, Swiss-Manager and Vega), a 3-1-0
//! point system as bbpPairings's `BBW`/`BBD` and JaVaFo's `XXS`, the tiebreaks, the ranking
//! method (`172`) and the national ratings left out; the initial colour (`152`) as `XXC`,
//! players who must not meet (`260`) as `XXP`, Baku acceleration (`192`) as `XXA` records
//! holding FIDE's virtual points.
//! The player records are the same in both (TRF-2026 did not move their columns).
//!
//! Both carry what the desk wrote (the checklist's Q217): each player's rank in columns 86-89,
//! the rounds' dates (`132`, [`super::dates`]) and every `###` line (the arbiter's hand
//! changes, corrections, the import's notes, FIDE mode left); a result imported as not known
//! (`*`) is written `?`, as an adjourned game. [`export`] is the working copy,
//! made at any moment; [`export_final`] the final file, refused while a round is unplayed, a
//! result missing or an adjourned game open (Q161, Q169).

use super::confirm::who;
use super::error::DeskError;
use super::progress::{adjourned, current_round, missing_results, read};
use crate::job::{Job, Settings};
use crate::tournament::Tournament;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrfVersion {
    #[default]
    Trf2026,
    Trf16,
}

impl TrfVersion {
    pub const ALL: [TrfVersion; 2] = [TrfVersion::Trf2026, TrfVersion::Trf16];

    pub fn name(self) -> &'static str {
        match self {
            TrfVersion::Trf2026 => "TRF-2026",
            TrfVersion::Trf16 => "TRF-16",
        }
    }
}

/// `text` (a desk file, TRF-2026) written as `version`, with the current ranks
/// ([`with_current_ranks`]): the working copy, made at any moment.
pub fn export(text: &str, version: TrfVersion) -> String {
    // A result imported as not known (`*`, TRF-2026's `X`) goes out as `?`, as the desk's own
    // adjourned games do (the checklist's Q165, Q166).
    let text = &crate::parse::trf::with_unknown_results_marked(&with_current_ranks(text));
    if version == TrfVersion::Trf2026 {
        return text.to_string();
    }
    let national = text.lines().find(|l| l.starts_with("172 ")).and_then(|l| l.get(4..7)).filter(|f| f.trim().len() == 3);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let value = line.get(4..).unwrap_or("").trim();
        match line.get(..3) {
            Some("142") => out.push_str(&format!("XXR {value}\n")),
            Some("162") => out.push_str(&sixteen_points(value)),
            // The initial colour, players who must not meet and Baku's virtual points as
            // JaVaFo's records (XXC, XXP, XXA), which bbpPairings reads too.
            Some("152") => out.push_str(if value == "B" { "XXC black1\n" } else { "XXC white1\n" }),
            Some("260") => {
                out.push_str(&format!("XXP {}\n", line.get(12..).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")))
            }
            Some("192") => out.push_str(&baku_points(text, value)),
            // TRF-2026's tiebreaks, ranking method and national ratings: not in TRF-16 (the
            // start numbers already hold the initial order they gave).
            Some("202") | Some("212") | Some("172") => {}
            Some(code) if Some(code) == national => {}
            _ => out.push_str(line),
        }
    }
    out
}

/// The final file: [`export`] once every round is played and every result in, none
/// adjourned; else refused, naming each round unplayed and each board waiting.
pub fn export_final(text: &str, version: TrfVersion) -> Result<String, DeskError> {
    let t = read(text)?;
    let open = not_final(&t);
    if !open.is_empty() {
        return Err(DeskError::NotFinal { open });
    }
    Ok(export(text, version))
}

/// What keeps `t` from being final: the rounds not paired, the boards without a result, the
/// adjourned games, each in words.
fn not_final(t: &Tournament) -> Vec<String> {
    let current = current_round(t);
    let game = |round: usize, white: u32| {
        let black = t.entrants.iter().find(|e| e.start == white).and_then(|e| e.rounds[round - 1].opponent);
        format!("{} – {}", who(t, white), black.map_or(String::new(), |j| who(t, t.entrants[j].start)))
    };
    let mut out: Vec<String> = (1..=current)
        .flat_map(|r| missing_results(t, r).into_iter().map(move |w| (r, w)))
        .map(|(r, w)| format!("round {r}: no result for {}", game(r, w)))
        .collect();
    out.extend(adjourned(t).into_iter().map(|(r, w)| format!("round {r}: {} adjourned", game(r, w))));
    let total = t.total_rounds.unwrap_or(current);
    if current < total {
        out.push(format!("rounds {} to {total} not played", current + 1));
    }
    out
}

/// The last round up to which every round is complete: every game has its result, none
/// adjourned (0 when round 1 is not).
pub fn last_complete_round(t: &Tournament) -> usize {
    let open = adjourned(t);
    (1..=current_round(t)).take_while(|&r| missing_results(t, r).is_empty() && !open.iter().any(|a| a.0 == r)).last().unwrap_or(0)
}

/// `text` with each player's rank in columns 86-89 as `ratings-lab tiebreaks` ranks the
/// file (points, then its `202` tiebreaks: [`Job::standings`]) after the last complete round
/// ([`last_complete_round`]). FIDE's TRF wants a rank in every record, and a working copy
/// exported in the middle of a round is read by other programs: the ranks are those of the
/// standings as they last stood complete, never of a round half entered. Before any round is
/// complete, no rank is written.
pub fn with_current_ranks(text: &str) -> String {
    let Ok(t) = read(text) else { return text.to_string() };
    let complete = last_complete_round(&t);
    if complete == 0 {
        return text.to_string();
    }
    let settings = Settings { after_round: Some(complete), ..Settings::default() };
    let Some(standings) = Job::read(text, &settings).ok().and_then(|job| job.standings()) else { return text.to_string() };
    let rank = |start: u32| standings.standings.rows.iter().find(|r| r.start == start).map(|r| r.rank);
    crate::parse::trf::with_ranks(text, &rank)
}

/// A Baku-accelerated file's virtual points (C.04.5.1) as `XXA` records, for programs that
/// do not read TRF-2026's `192` (nothing for any other type).
fn baku_points(text: &str, code: &str) -> String {
    if crate::tournament::TournamentType::from_code(code) != (crate::tournament::TournamentType::Dutch { baku: true }) {
        return String::new();
    }
    let Ok((t, _)) = crate::parse::trf::parse_trf(text) else { return String::new() };
    let total = t.total_rounds.unwrap_or(t.rounds);
    let Ok(a) = crate::pairing::dutch::accelerate::baku(&t, total) else { return String::new() };
    a.by_start
        .iter()
        .map(|(start, points)| {
            let cells: String = points.iter().map(|p| format!(" {p:>4.1}")).collect();
            format!("XXA {start:>4}{cells}\n")
        })
        .collect()
}

/// A `162` record's win and draw points as bbpPairings's and JaVaFo's records.
fn sixteen_points(value: &str) -> String {
    let words: Vec<&str> = value.split_whitespace().collect();
    let of = |code: &str| words.windows(2).find(|w| w[0] == code).map(|w| w[1].to_string());
    let (win, draw) = (of("W").unwrap_or_else(|| "1.0".into()), of("D").unwrap_or_else(|| "0.5".into()));
    format!("BBW {win:>4}\nBBD {draw:>4}\nXXS WW={win} BW={win} WD={draw} BD={draw}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::register::{new_file, parse_players, Details, Points};
    use crate::parse::trf::parse_trf;

    #[test]
    fn trf16_keeps_the_rounds_and_the_points_in_records_older_programs_read() {
        let players = parse_players("Anna,2000\nBen,1900\nCleo,1800\n").unwrap();
        let d = Details { name: "Cup".into(), rounds: 4, points: Points::ThreeOne, ..Details::default() };
        let text = new_file(&d, &players).unwrap();
        let old = export(&text, TrfVersion::Trf16);
        assert!(old.contains("XXR 4\n") && !old.contains("\n142") && !old.contains("\n202") && !old.contains("\n162"), "{old}");
        let (a, warned) = parse_trf(&text).unwrap();
        assert!(warned.is_empty(), "{warned:?}");
        let (b, _) = parse_trf(&old).unwrap();
        assert_eq!(a.point_system, Points::ThreeOne.system(), "every outcome as the desk scores it");
        assert_eq!((a.total_rounds, a.point_system.win, a.point_system.draw), (Some(4), 3.0, 1.0));
        assert_eq!((b.total_rounds, b.point_system.win, b.point_system.draw), (Some(4), 3.0, 1.0));
        let unlined = |t: crate::tournament::Tournament| {
            t.entrants
                .into_iter()
                .map(|e| (e.line, e))
                .map(|(_, mut e)| {
                    e.line = 0;
                    e
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(unlined(a), unlined(b));
    }
}
