//! The final standings re-ranked by the file's own tie-break list (TRF-2026 `202`/`212`, else
//! FIDE's recommended order, said in a note) under its rules, as `ratings-lab tiebreaks` ranks
//! it (`job::Job`), against the ranks it declares (columns 86-89). A declared rank agrees when
//! it falls within the player's tie: players level on points and every tiebreak may be listed
//! in any order among themselves (`tiebreak::declared::agrees`).

use super::report::{OrderFrom, RankDifference, RanksStatus, StandingsReport};
use crate::job::{Job, Settings};
use crate::tiebreak::{declared, Rules, StandingRow, Tiebreak};
use crate::tournament::Tournament;

/// The standings of `job` against the ranks its file declares (the tournament as read, all
/// rounds: the rows index its entrants); `None` when the job has no tournament. What was taken
/// by default goes to `notes`.
pub fn standings(job: &Job, notes: &mut Vec<String>) -> Option<StandingsReport> {
    let full: &Tournament = job.full.tournament.as_ref()?;
    let st = job.standings()?;
    let rows = &st.standings.rows;
    let order: Vec<String> = st.standings.order.iter().map(|t| t.code().to_string()).collect();
    let order_from = match full.declared_order.as_ref().and_then(|o| o.usable()) {
        Some(_) if job.settings.tiebreaks.is_none() => OrderFrom::File,
        _ => OrderFrom::Recommended,
    };
    if order_from == OrderFrom::Recommended {
        let why = match &full.declared_order {
            Some(o) => format!("the file's tie-break list ({}) names codes not computed here", o.describe()),
            None => "the file declares no tie-break list (202)".to_string(),
        };
        notes.push(format!("{why}: the standings follow FIDE's recommended order for the event, {}", order.join(", ")));
    }
    notes.extend(st.refused_note());
    notes.extend(crate::tiebreak::printed::not_counted_note(&st.standings));
    notes.push(format!("the standings follow the {} tie-break rules: {}", st.rules.rules.code(), st.rules.why()));
    let agree_by_row = declared::agrees(full, rows);
    let declared = full.entrants.iter().filter(|e| e.declared_rank.is_some()).count();
    let ties = tie_ends(rows);
    let differ: Vec<RankDifference> = rows
        .iter()
        .zip(&agree_by_row)
        .zip(&ties)
        .filter_map(|((r, &agrees), &to)| {
            let d = full.entrants.get(r.entrant)?.declared_rank?;
            (!agrees).then(|| RankDifference { start: r.start, name: r.name.clone(), declared: d, ours: r.rank, ours_to: to })
        })
        .collect();
    if declared > 0 && declared < full.entrants.len() {
        notes.push(format!("{declared} of {} players declare a rank: the others are not compared", full.entrants.len()));
    }
    if let Some(search) = &st.search {
        notes.extend(whose_ranks(search));
    }
    let status = match (declared, differ.is_empty()) {
        (0, _) => RanksStatus::NotDeclared,
        (_, true) => RanksStatus::Agree,
        (_, false) => RanksStatus::Differ,
    };
    let agree = declared - differ.len();
    Some(StandingsReport { status, order, order_from, rules: st.rules.rules, declared, agree, differ })
}

/// When the declared ranks differ: which common order of tiebreaks gives them, as
/// `tiebreaks --check-ranks` says (`declared::search`), or the closest.
fn whose_ranks(search: &declared::Search) -> Option<String> {
    let codes = |o: &[Tiebreak]| match o.is_empty() {
        true => "points alone".to_string(),
        false => o.iter().map(|t| t.code()).collect::<Vec<_>>().join(", "),
    };
    match (&search.reproduced_by, &search.closest) {
        (Some((order, rules)), _) => Some(format!("the declared ranks are those of {} under the {} rules", codes(order), rules.code())),
        (None, Some((order, rules, n))) => Some(format!(
            "no common order of tiebreaks gives the declared ranks; the closest, {} under the {} rules, gives {n}",
            codes(order),
            rules.code()
        )),
        (None, None) => None,
    }
}

/// The job's settings for the check: the rules given (else the file's by its start date), the
/// file's own order (`Job::order`).
pub fn settings(rules: Option<Rules>) -> Settings {
    Settings { rules, ..Settings::default() }
}

/// Per row: the last rank of its tie (rows level on points and every tiebreak share a rank).
fn tie_ends(rows: &[StandingRow]) -> Vec<usize> {
    let mut out = vec![0; rows.len()];
    let mut i = 0;
    while i < rows.len() {
        let shared = rows[i..].iter().take_while(|r| r.rank == rows[i].rank).count();
        out[i..i + shared].fill(rows[i].rank + shared - 1);
        i += shared;
    }
    out
}
