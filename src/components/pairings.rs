//! The pairings and results of one round, board by board, as an arbiter posts them: white,
//! the result, black (each with title, start number, rating and points before the round), then the players without an
//! opponent that round (byes, forfeits whose opponent is not known, absences). Boards follow
//! the better current rank of the two players (a TRF does not keep board numbers).

use crate::components::table_parts::fmt_points;
use crate::core::engine::tournament::{Colour, RoundResult};
use crate::core::protocol::{StandingRowView, StandingsView};
use leptos::prelude::*;

/// One board: white's and black's rows, and white's result.
struct Board<'a> {
    white: &'a StandingRowView,
    black: &'a StandingRowView,
    result: RoundResult,
}

/// The result as a score line from white's side: `1-0`, `½-½`, `0-1`, `+/−` for forfeits.
fn score(white: RoundResult) -> &'static str {
    use RoundResult::*;
    match white {
        Win | WinUnrated => "1-0",
        Draw | DrawUnrated => "½-½",
        Loss | LossUnrated => "0-1",
        ForfeitWin => "+/−",
        ForfeitLoss => "−/+",
        _ => "",
    }
}

/// The boards of round `round` (1-based) and the players with no opponent in it.
fn boards(st: &StandingsView, round: usize) -> (Vec<Board<'_>>, Vec<&StandingRowView>) {
    // Each start number's row and place in the standings.
    let index: std::collections::HashMap<u32, usize> = st.rows.iter().enumerate().map(|(i, r)| (r.start, i)).collect();
    let by_start = |s: u32| index.get(&s).map(|&i| &st.rows[i]);
    let mut boards = Vec::new();
    let mut alone = Vec::new();
    for row in &st.rows {
        let Some(cell) = row.rounds.get(round - 1) else { continue };
        match cell.opponent.and_then(by_start) {
            // Each game once, from white's row (or the lower start number's, colours unknown).
            Some(other) if cell.colour == Some(Colour::White) || (cell.colour.is_none() && row.start < other.start) => {
                boards.push(Board { white: row, black: other, result: cell.result })
            }
            Some(_) => {}
            None if cell.result != RoundResult::NotPaired => alone.push(row),
            None => {}
        }
    }
    let place = |r: &StandingRowView| index.get(&r.start).copied().unwrap_or(usize::MAX);
    crate::core::engine::sort::by_key(&mut boards, |b| place(b.white).min(place(b.black)));
    (boards, alone)
}

fn player(r: &StandingRowView) -> String {
    let name = match &r.title {
        Some(t) => format!("{t} {}", r.name),
        None => r.name.clone(),
    };
    match r.rating {
        Some(rating) => format!("{name} ({}, {rating})", r.start),
        None => format!("{name} ({})", r.start),
    }
}

/// A player's points before round `round` (1-based), as pairing lists print them.
pub fn points_before(r: &StandingRowView, round: usize) -> f64 {
    r.round_points.iter().take(round.saturating_sub(1)).sum::<f64>() + 0.0
}

/// Round `round`'s pairings and results of `st`.
pub fn pairings(st: &StandingsView, round: usize) -> impl IntoView {
    let (boards, alone) = boards(st, round);
    let rows = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            view! {
                <tr data-testid="board">
                    <td class="num">{i + 1}</td>
                    <td class="num" data-testid="board-points">{fmt_points(points_before(b.white, round))}</td>
                    <td>{player(b.white)}</td>
                    <td class="result" data-testid="board-result">{score(b.result)}</td>
                    <td>{player(b.black)}</td>
                    <td class="num" data-testid="board-points">{fmt_points(points_before(b.black, round))}</td>
                </tr>
            }
        })
        .collect_view();
    let others = alone
        .iter()
        .map(|r| {
            let cell = r.rounds[round - 1];
            view! { <li data-testid="board-alone">{format!("{}: {} ({})", player(r), cell.result.words(), cell.result.symbol())}</li> }
        })
        .collect_view();
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=format!("Pairings and results of round {round}")>
            <table class="pairings" data-testid="pairings">
                <caption>{format!("Round {round}: pairings and results")}</caption>
                <thead><tr><th class="num">"Bd"</th><th class="num" title="White's points before the round">"Pts"</th><th>"White"</th><th>"Result"</th><th>"Black"</th><th class="num" title="Black's points before the round">"Pts"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {(!alone.is_empty()).then(|| view! { <p class="help">"Without an opponent this round:"</p><ul class="help">{others}</ul> })}
    }
}
