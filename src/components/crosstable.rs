//! The crosstable of a tournament: for a round robin the classic square table (each pair's
//! results, ½ notation, the colour as a small w or b), for a Swiss one cell per round (the
//! opponent's number, colour and result), with points and the tiebreaks in order; sorted by
//! final rank or by start number (numbers in the cells follow the order shown).

use crate::components::table_parts::{departure_tag, fmt_points, fmt_value};
use crate::core::engine::tournament::{Colour, RoundResult};
use crate::core::protocol::{CrossCell, StandingRowView, StandingsView};
use leptos::prelude::*;

/// The crosstable's order: by final rank (the standings') or by start number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossOrder {
    Rank,
    Start,
}

/// The rows in `order`, each with its number in the table (its place, or its start number).
fn ordered(st: &StandingsView, order: CrossOrder) -> Vec<(u32, StandingRowView)> {
    let mut rows: Vec<StandingRowView> = st.rows.clone();
    match order {
        CrossOrder::Rank => rows.into_iter().enumerate().map(|(i, r)| (i as u32 + 1, r)).collect(),
        CrossOrder::Start => {
            crate::core::engine::sort::by_key(&mut rows, |r| r.start);
            rows.into_iter().map(|r| (r.start, r)).collect()
        }
    }
}

fn colour_letter(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::White) => "w",
        Some(Colour::Black) => "b",
        None => "",
    }
}

/// A cell's words: "round 3: white against Bruno: won".
fn cell_title(round: usize, cell: &CrossCell, opponent: Option<&str>) -> String {
    let colour = match cell.colour {
        Some(Colour::White) => "white ",
        Some(Colour::Black) => "black ",
        None => "",
    };
    match opponent {
        Some(name) => format!("round {round}: {colour}against {name}: {}", cell.result.words()),
        None => format!("round {round}: {}", cell.result.words()),
    }
}

/// A Swiss cell: the opponent's number, colour and result (`12w1`, `5b½`, `–½` for a bye).
fn swiss_cell(round: usize, cell: &CrossCell, number: &dyn Fn(u32) -> Option<(u32, String)>) -> impl IntoView {
    let found = cell.opponent.and_then(number);
    let opponent = found.as_ref().map_or("–".to_string(), |(n, _)| n.to_string());
    let text = match cell.result {
        RoundResult::NotPaired => String::new(),
        _ => format!("{opponent}{}{}", colour_letter(cell.colour), cell.result.symbol()),
    };
    let title = cell_title(round, cell, found.as_ref().map(|(_, name)| name.as_str()));
    view! { <td class="num cross" title=title>{text}</td> }
}

/// A square cell: every result of the row's player against the column's, in round order.
fn square_cell(row: &StandingRowView, column: &StandingRowView) -> impl IntoView {
    if row.start == column.start {
        return view! { <td class="cross diag" aria-label="the same player">"×"</td> }.into_any();
    }
    let games: Vec<(usize, &CrossCell)> = row.rounds.iter().enumerate().filter(|(_, c)| c.opponent == Some(column.start)).collect();
    let title = games.iter().map(|(r, c)| cell_title(r + 1, c, Some(&column.name))).collect::<Vec<_>>().join("; ");
    let parts = games.iter().map(|(_, c)| view! { <span>{c.result.symbol()}<sub>{colour_letter(c.colour)}</sub></span> }).collect_view();
    view! { <td class="num cross" title=title>{parts}</td> }.into_any()
}

/// The crosstable of `st` in `order`.
pub fn crosstable(st: &StandingsView, order: CrossOrder) -> impl IntoView {
    let rows = ordered(st, order);
    // Each start number's number in the table, and name: a cell per player per round looks one up.
    let numbers: std::collections::HashMap<u32, (u32, String)> = rows.iter().map(|(n, r)| (r.start, (*n, r.name.clone()))).collect();
    let number = move |start: u32| numbers.get(&start).cloned();
    let square = st.round_robin;
    let titles = st.rows.iter().any(|r| r.title.is_some());
    let rounds = rows.iter().map(|(_, r)| r.rounds.len()).max().unwrap_or(0);
    let first = if order == CrossOrder::Rank { "Rk" } else { "No" };
    let columns = match square {
        true => rows.iter().map(|(n, r)| view! { <th class="num" title=r.name.clone()>{*n}</th> }).collect_view().into_any(),
        false => {
            (1..=rounds).map(|r| view! { <th class="num" title=format!("round {r}")>{format!("R{r}")}</th> }).collect_view().into_any()
        }
    };
    let tiebreaks = st.codes.iter().map(|c| view! { <th class="num" title=c.name()>{c.code()}</th> }).collect_view();
    let body = rows
        .iter()
        .map(|(n, r)| {
            let cells = match square {
                true => rows.iter().map(|(_, c)| square_cell(r, c)).collect_view().into_any(),
                false => r.rounds.iter().enumerate().map(|(i, c)| swiss_cell(i + 1, c, &number)).collect_view().into_any(),
            };
            let values = st.codes.iter().zip(&r.values).map(|(&c, v)| view! { <td class="num">{fmt_value(c, *v)}</td> }).collect_view();
            view! {
                <tr data-testid="cross-row">
                    <td class="num">{*n}</td>
                    <td class="cross-name"><span data-testid="cross-name">{r.name.clone()}</span>{departure_tag(r)}</td>
                    {titles.then(|| view! { <td class="player-title">{r.title.clone().unwrap_or_default()}</td> })}
                    <td class="num">{r.rating.map(|x| x.to_string()).unwrap_or_default()}</td>
                    {cells}
                    <td class="num"><b>{fmt_points(r.points)}</b></td>
                    {values}
                </tr>
            }
        })
        .collect_view();
    let caption = match square {
        true => "Each cell: the row's result against the column's player (1 win, ½ draw, 0 loss, + and − by forfeit), with the row's colour (w or b).",
        false => "Each round: the opponent's number in this table, the colour (w or b) and the result (1 win, ½ draw, 0 loss, + and − by forfeit; – for no opponent: a bye's points).",
    };
    // A Swiss cell is up to five characters ("104w½"), a square one two per game.
    let (wide, size) = match square {
        true => crate::core::print::print_fit(rows.len(), 2.4, st.codes.len()),
        false => crate::core::print::print_fit(rounds, 3.6, st.codes.len()),
    };
    view! {
        <div class="table-wrap cross-print" tabindex="0" role="region" aria-label="Crosstable"
            data-print=if wide { "wide" } else { "upright" } style=format!("--print-size: {size}pt")>
            <table class="crosstable" data-testid="crosstable" data-square=square.to_string()>
                <caption class="help">{caption}</caption>
                <thead>
                    <tr><th class="num">{first}</th><th>"Name"</th>{titles.then(|| view! { <th title="Title">"Ti"</th> })}<th class="num">"Rtg"</th>{columns}<th class="num">"Pts"</th>{tiebreaks}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::fmt_points;

    #[test]
    fn points_in_half_notation() {
        for (p, s) in [(0.0, "0"), (0.5, "½"), (3.0, "3"), (3.5, "3½"), (10.5, "10½"), (2.25, "2.25")] {
            assert_eq!(fmt_points(p), s, "{p}");
        }
    }
}
