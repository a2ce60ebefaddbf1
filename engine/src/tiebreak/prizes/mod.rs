//! Prize lists (issue 36): the final standings and a prize table (the main prizes, 1st, 2nd,
//! …, and category prizes: best under 16, best woman, best rated under 1800, …; a category
//! with several places is a group's list) give who takes which prize, and how much.
//!
//! * **Who takes which prize** is decided by the ranking, as with no sharing: the prizes are
//!   taken from the most valuable down (an equal amount: the one listed first), each by the
//!   best-ranked player it admits who has no prize yet. So a player takes the most valuable
//!   prize they qualify for, judged by the amounts as listed (before any sharing), and a prize
//!   a player leaves goes down the list. With [`PrizeTable::one_each`] off, a player may take
//!   one prize of every list (never two places of the same list).
//! * **Sharing** ([`Sharing`]) then moves money among players tied on points within one list:
//!   the players of the list who took its prizes, grouped by points, together with the
//!   players tied with the last of them who took no prize at all (their places are worth 0).
//!   A player who took a prize of another list keeps it and is not in the sharing.
//!   - [`Sharing::Tiebreak`]: no sharing; the ranking decides.
//!   - [`Sharing::Split`]: the tied players share the sum of the prizes their places span,
//!     equally.
//!   - [`Sharing::Hort`]: each tied player keeps half of the prize of their own place (by the
//!     tiebreak ranking); the other halves are pooled and split equally among the tied
//!     players. The Hort system, after GM Vlastimil Hort, as German Wikipedia's article
//!     "Hort-System" describes it (read at https://de.zxc.wiki/wiki/Hort-System): "Each
//!     player in the cash prize categories receives 50% of the prize money allocated for his
//!     seat. The remaining 50% goes into a pot for the players with the same number of
//!     points and is divided equally among them"; a player tied with no one keeps the whole
//!     prize. Its example (100, 80, … €; A and B on 8 take 95 and 85) is a test here.
//!
//! Amounts are whole cents. What does not divide evenly goes a cent at a time to the higher
//! ranked players (split and Hort's pool), and an odd cent of a Hort half stays with the
//! player whose place it is: no cent is ever lost or made.

mod category;
mod offer;
mod table;

pub use category::{event_year, Category, Who};
pub use offer::{money, List, Prize, PrizeTable, Sharing};
pub use table::{parse_table, PrizeTableError};

use super::{StandingRow, Standings};
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// A player's part of an award.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Winner {
    pub start: u32,
    pub name: String,
    pub rank: usize,
    pub points: f64,
    /// In cents.
    pub amount: u64,
}

/// Prizes of one list and who takes them: one prize and one winner, or, shared, the prizes a
/// group of players tied on points span and each one's part.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Award {
    pub list: List,
    pub prizes: Vec<Prize>,
    /// Best ranked first; their amounts add up to the prizes'.
    pub winners: Vec<Winner>,
}

impl Award {
    pub fn total(&self) -> u64 {
        self.prizes.iter().map(|p| p.amount).sum()
    }
}

/// The prize list: every award, list by list (the main prizes first, then the categories in
/// the order listed), and the prizes no player could take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrizeList {
    pub sharing: Sharing,
    pub one_each: bool,
    pub awards: Vec<Award>,
    pub unawarded: Vec<Prize>,
}

/// The prize list of `standings` (of `t`, whose entrants' sex, year of birth and rating the
/// categories read; the year of the start date counts the ages) under `table`, shared by
/// `sharing`. A player not ranked ([`StandingRow::ranked`]: expelled, or a round robin's player
/// not counted) takes none.
pub fn award(t: &Tournament, standings: &Standings, table: &PrizeTable, sharing: Sharing) -> PrizeList {
    let year = event_year(t.start_date.as_deref());
    let rows = &standings.rows;
    let who: Vec<Who> = rows.iter().map(|r| t.entrants.get(r.entrant).map(Who::of).unwrap_or_default()).collect();
    // An expelled player (FIDE's checklist Q198) or one not counted (C.06 V.4a) is not ranked,
    // so takes no prize: the prize
    // goes down the list.
    let admits = |list: List, i: usize| match list {
        _ if !rows[i].ranked() => false,
        List::Main => true,
        List::Category(c) => c.admits(who[i], year),
    };
    let holder = allocate(rows.len(), table, &admits);
    let mut lists: Vec<List> = vec![List::Main];
    for p in &table.prizes {
        if !lists.contains(&p.list) {
            lists.push(p.list);
        }
    }
    let mut out = PrizeList { sharing, one_each: table.one_each, awards: Vec::new(), unawarded: Vec::new() };
    for list in lists {
        let mut taken: Vec<(usize, Prize)> = Vec::new();
        for (p, h) in table.prizes.iter().zip(&holder).filter(|(p, _)| p.list == list) {
            match h {
                Some(i) => taken.push((*i, *p)),
                None => out.unawarded.push(*p),
            }
        }
        crate::sort::by_key(&mut taken, |&(i, p)| (i, p.place));
        // Who else may join the last tie: players this list admits with no prize (of any list
        // when a player takes one, of this list otherwise).
        let free = |i: usize| {
            admits(list, i) && holder.iter().zip(&table.prizes).all(|(h, p)| *h != Some(i) || (!table.one_each && p.list != list))
        };
        out.awards.extend(share(rows, list, &taken, &free, sharing));
    }
    out
}

/// Who takes each prize (by index into `table.prizes`), by the ranking: the most valuable prize
/// first (an equal amount: the one listed first), to the best-ranked player it admits who may
/// still take it.
fn allocate(players: usize, table: &PrizeTable, admits: &dyn Fn(List, usize) -> bool) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..table.prizes.len()).collect();
    crate::sort::by_key(&mut order, |&p| (std::cmp::Reverse(table.prizes[p].amount), p));
    let mut holder = vec![None; table.prizes.len()];
    let mut held: Vec<Vec<List>> = vec![Vec::new(); players];
    for p in order {
        let list = table.prizes[p].list;
        let may = |i: usize| admits(list, i) && if table.one_each { held[i].is_empty() } else { !held[i].contains(&list) };
        if let Some(i) = (0..players).find(|&i| may(i)) {
            holder[p] = Some(i);
            held[i].push(list);
        }
    }
    holder
}

/// One list's awards: `taken` (each winner's row and prize, best ranked first) as they stand
/// with no sharing, or grouped by points and shared.
fn share(rows: &[StandingRow], list: List, taken: &[(usize, Prize)], free: &dyn Fn(usize) -> bool, sharing: Sharing) -> Vec<Award> {
    let winner = |i: usize, amount: u64| {
        let r = &rows[i];
        Winner { start: r.start, name: r.name.clone(), rank: r.rank, points: r.points, amount }
    };
    if sharing == Sharing::Tiebreak {
        return taken.iter().map(|&(i, p)| Award { list, prizes: vec![p], winners: vec![winner(i, p.amount)] }).collect();
    }
    let mut slots: Vec<(usize, Option<Prize>)> = taken.iter().map(|&(i, p)| (i, Some(p))).collect();
    if let Some(&(last, _)) = taken.last() {
        let tied = (last + 1..rows.len()).take_while(|&i| rows[i].points == rows[last].points);
        slots.extend(tied.filter(|&i| free(i)).map(|i| (i, None)));
    }
    let mut awards = Vec::new();
    for group in slots.chunk_by(|a, b| rows[a.0].points == rows[b.0].points) {
        let own: Vec<u64> = group.iter().map(|(_, p)| p.map_or(0, |p| p.amount)).collect();
        let parts = parts(&own, sharing);
        let winners = group.iter().zip(parts).map(|(&(i, _), amount)| winner(i, amount)).collect();
        awards.push(Award { list, prizes: group.iter().filter_map(|(_, p)| *p).collect(), winners });
    }
    awards
}

/// Each tied player's part of the prizes of their places (`own`, best ranked first), under
/// `sharing`; the remainder cents go to the best ranked.
pub fn parts(own: &[u64], sharing: Sharing) -> Vec<u64> {
    let even = |total: u64| -> Vec<u64> {
        let m = own.len() as u64;
        (0..m).map(|k| total / m + u64::from(k < total % m)).collect()
    };
    match sharing {
        _ if own.is_empty() => Vec::new(),
        Sharing::Tiebreak => own.to_vec(),
        Sharing::Split => even(own.iter().sum()),
        Sharing::Hort => {
            // The odd cent of a prize stays in the half its place keeps.
            let kept: Vec<u64> = own.iter().map(|a| a.div_ceil(2)).collect();
            let pool = own.iter().zip(&kept).map(|(a, k)| a - k).sum();
            kept.iter().zip(even(pool)).map(|(k, e)| k + e).collect()
        }
    }
}

/// Points as the standings write them: `4.0`, `3.5`.
fn points(p: f64) -> String {
    if (p * 2.0).fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p}")
    }
}

/// A place as a prize list writes it: `1st`, `2nd`, `11th`, `2nd-4th`.
fn places(prizes: &[Prize]) -> String {
    let ordinal = |n: usize| {
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("{n}{suffix}")
    };
    match prizes {
        [] => String::new(),
        [p] => ordinal(p.place),
        [first, .., last] => format!("{}-{}", ordinal(first.place), ordinal(last.place)),
    }
}

impl PrizeList {
    /// Each winner's total, in the standings' order (best ranked first).
    pub fn totals(&self) -> Vec<Winner> {
        let mut out: Vec<Winner> = Vec::new();
        for w in self.awards.iter().flat_map(|a| &a.winners) {
            match out.iter_mut().find(|o| o.start == w.start) {
                Some(o) => o.amount += w.amount,
                None => out.push(w.clone()),
            }
        }
        crate::sort::by_key(&mut out, |w| (w.rank, w.start));
        out
    }

    /// The list as text: the lists' awards, each winner with start number, name, points and
    /// amount, then the prizes not awarded.
    pub fn text(&self) -> String {
        let each = if self.one_each { "one prize a player" } else { "one prize of each list a player" };
        let mut out = format!("Prize list (sharing: {}: {}; {each})\n", self.sharing.name(), self.sharing.about());
        let mut list = None;
        for a in &self.awards {
            if list != Some(a.list) {
                out += &format!("\n{}\n", a.list.label());
                list = Some(a.list);
            }
            let line = |w: &Winner| format!("#{} {} ({}) {}", w.start, w.name, points(w.points), money(w.amount));
            match a.winners.as_slice() {
                [w] => out += &format!("  {} {}: {}\n", places(&a.prizes), money(a.total()), line(w)),
                ws => {
                    let sum = a.prizes.iter().map(|p| money(p.amount)).collect::<Vec<_>>().join(" + ");
                    let how = if self.sharing == Sharing::Hort { "shared by Hort" } else { "split" };
                    let n = ws.len();
                    out += &format!(
                        "  {} {sum} = {}, {how} among {n} players on {}:\n",
                        places(&a.prizes),
                        money(a.total()),
                        points(ws[0].points)
                    );
                    ws.iter().for_each(|w| out += &format!("    {}\n", line(w)));
                }
            }
        }
        if !self.unawarded.is_empty() {
            out += "\nNot awarded (no player left that the prize admits)\n";
            for p in &self.unawarded {
                out += &format!("  {} {} {}\n", p.list.label(), places(&[*p]), money(p.amount));
            }
        }
        out
    }
}
