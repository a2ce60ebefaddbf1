//! The crosstable as the command line prints it (`ratings-lab tiebreaks --crosstable`): for a
//! round robin the square table (each pair's results, the row's colour after each), for a
//! Swiss one cell per round (the opponent's place in the table, the colour, the result), with
//! points and the tiebreaks; rows by final rank. The app draws its own from the same data.

use super::printed::cell;
use super::Standings;
use crate::tournament::{Colour, RoundEntry, RoundResult, Tournament};
use std::collections::HashMap;

/// One cell's text: `12w1`, `5b½`, `-+` (no opponent: a bye's or forfeit's points), empty when
/// the player was not paired.
fn swiss_cell(entry: &RoundEntry, place: &HashMap<usize, usize>) -> String {
    if entry.result == RoundResult::NotPaired {
        return String::new();
    }
    let opponent = entry.opponent.and_then(|o| place.get(&o)).map_or("-".to_string(), |p| p.to_string());
    format!("{opponent}{}{}", colour(entry.colour), entry.result.symbol())
}

fn colour(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::White) => "w",
        Some(Colour::Black) => "b",
        None => "",
    }
}

/// A square cell: every result of entrant `row` against `column`, in round order (`1w`,
/// `½b 0w` in a double round robin); `x` on the diagonal.
fn square_cell(t: &Tournament, row: usize, column: usize) -> String {
    if row == column {
        return "x".into();
    }
    let games = t.entrants[row].rounds.iter().filter(|r| r.opponent == Some(column));
    games.map(|r| format!("{}{}", r.result.symbol(), colour(r.colour))).collect::<Vec<_>>().join(" ")
}

/// Points as arbiters write them: `3`, `3½`.
pub fn points(p: f64) -> String {
    let (whole, half) = (p.trunc(), ((p - p.trunc()) * 2.0).round() as i64);
    match half {
        0 => format!("{whole:.0}"),
        1 if whole == 0.0 => "½".into(),
        1 => format!("{whole:.0}½"),
        _ => format!("{p}"),
    }
}

/// The cells of every row of `st` (in rank order), and the column headings.
fn cells(t: &Tournament, st: &Standings) -> (Vec<String>, Vec<Vec<String>>) {
    let place: HashMap<usize, usize> = st.rows.iter().enumerate().map(|(i, r)| (r.entrant, i + 1)).collect();
    if st.pre_determined {
        let heads = (1..=st.rows.len()).map(|n| n.to_string()).collect();
        let rows = st.rows.iter().map(|r| st.rows.iter().map(|c| square_cell(t, r.entrant, c.entrant)).collect()).collect();
        return (heads, rows);
    }
    let heads = (1..=t.rounds_played()).map(|n| format!("R{n}")).collect();
    let rows = st
        .rows
        .iter()
        .map(|r| t.entrants[r.entrant].rounds.iter().take(t.rounds_played()).map(|e| swiss_cell(e, &place)).collect())
        .collect();
    (heads, rows)
}

/// The crosstable as text: a heading, then per row its place, start number, name, the cells,
/// points and the tiebreaks in order; then a key to the cells.
pub fn text(name: Option<&str>, t: &Tournament, st: &Standings) -> String {
    let (heads, rows) = cells(t, st);
    let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).chain([heads[k].len()]).max().unwrap_or(1);
    let widths: Vec<usize> = (0..heads.len()).map(width).collect();
    let name_width = st.rows.iter().map(|r| crate::escape::terminal(&r.name).chars().count()).max().unwrap_or(4).clamp(4, 32);
    let mut out = format!("{} — crosstable\n\n{:>3}  {:>4}  {:<name_width$}", name.unwrap_or("Tournament"), "Rk", "No", "Name");
    for (h, w) in heads.iter().zip(&widths) {
        out += &format!("  {h:>w$}");
    }
    out += &format!("  {:>4}", "Pts");
    for tb in &st.order {
        out += &format!("  {:>7}", tb.code());
    }
    out.push('\n');
    for (i, (r, row)) in st.rows.iter().zip(&rows).enumerate() {
        let short: String = crate::escape::terminal(&r.name).chars().take(name_width).collect();
        out += &format!("{:>3}  {:>4}  {short:<name_width$}", i + 1, r.start);
        for (c, w) in row.iter().zip(&widths) {
            out += &format!("  {c:>w$}");
        }
        out += &format!("  {:>4}", points(r.points));
        for v in &r.values {
            out += &format!("  {:>7}", cell(v));
        }
        out.push('\n');
    }
    out + key(st.pre_determined)
}

fn key(square: bool) -> &'static str {
    match square {
        true => "\nEach cell: the row's result against the column's player (1 win, ½ draw, 0 loss, + and - by forfeit),\nwith the row's colour (w or b); x the player itself.\n",
        false => "\nEach round: the opponent's place in this table, the colour (w or b) and the result (1 win, ½ draw,\n0 loss, + and - by forfeit); - for no opponent (a bye's points); empty when not paired.\n",
    }
}

/// The crosstable as CSV: `rank,start,name,` the cells' columns, `points,` the tiebreaks.
pub fn csv(t: &Tournament, st: &Standings) -> String {
    let (heads, rows) = cells(t, st);
    let mut out = String::from("rank,start,name");
    for h in heads.iter().map(String::as_str).chain(["points"]).chain(st.order.iter().map(|c| c.code())) {
        out += &format!(",{}", crate::escape::csv_field(h));
    }
    out.push('\n');
    for (i, (r, row)) in st.rows.iter().zip(&rows).enumerate() {
        out += &format!("{},{},{}", i + 1, r.start, crate::escape::csv_text(&r.name));
        for c in row {
            out += &format!(",{}", crate::escape::csv_field(c));
        }
        out += &format!(",{}", r.points);
        for v in &r.values {
            out += &format!(",{}", v.value.filter(|x| x.is_finite()).map_or(String::new(), |x| x.to_string()));
        }
        out.push('\n');
    }
    out
}
