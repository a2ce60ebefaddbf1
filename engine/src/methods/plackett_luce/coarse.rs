//! Brent's coarse correction ([`crate::methods::brent::coarse`]) for the MM iteration, where
//! players meet only their own level (divisions, club nights by grade, races by category).
//!
//! There the iteration's slow mode is a shift along the whole chain of levels, which SQUAREM's
//! extrapolation barely shortens: 3,000 players of two-player games at their own level took
//! more than 10,000 iterations, and the million-game league of `scripts/leagues.py --pairing
//! near` minutes, unconverged. The coarse space is found as Brent's is, from who met whom (an
//! event's players all met); its Hessian is summed once, at the starting strengths, from the
//! stages: at a stage of players `R`, each chosen with chance `p_i = x_i / Σ_R x`, the
//! log-likelihood's Hessian in the log-strengths is `diag(p) − p pᵀ`; with ties the stage is
//! taken as if untied, and the dummy player's draws as games. It need only be near the
//! Hessian: the corrected step is kept only when the likelihood does not fall, and the fixed
//! point, where the gradient is zero, is the MM iteration's.

use super::problem::{Problem, UNRATED};
use crate::methods::brent::coarse::{Choices, Coarse, Meetings};

/// An event of more players than this adds only its first stage to the coarse Hessian: every
/// stage of a race of hundreds would cost their number squared.
const STAGES_UP_TO: usize = 64;

/// The coarse space of `p`'s long stretches of players, with its Hessian at strengths `x`, or
/// `None` (team events, schedules that mix fast, small groups).
pub(super) fn plan(p: &Problem, x: &[f64]) -> Option<Coarse> {
    if p.teams.is_some() {
        return None;
    }
    let sets = |each: &mut dyn FnMut(&[u32])| {
        for e in &p.events {
            each(&p.item[e.start as usize..(e.start + e.len) as usize]);
        }
    };
    let meetings = Meetings { n: p.n, nodes: p.nodes, group: &p.group, group_size: &p.group_size, sets: &sets, entries: p.item.len() };
    let mut coarse = Coarse::plan_on(&meetings)?;
    coarse.retake_choices(|c| sum(p, x, c));
    Some(coarse)
}

/// Adds every stage of every event, and the dummy player's draws, at strengths `x`.
fn sum(p: &Problem, x: &[f64], c: &mut Choices) {
    let mut members = Vec::new();
    for e in &p.events {
        let range = e.start as usize..(e.start + e.len) as usize;
        let (items, stages) = (&p.item[range.clone()], &p.stage[range]);
        let last = if items.len() > STAGES_UP_TO { 1 } else { e.stages as usize };
        let mut from = 0;
        for k in 0..last as u32 {
            // The players still in at stage k: those placed at k or below (the items are best
            // first), the unranked among them.
            while from < items.len() && stages[from] < k {
                from += 1;
            }
            members.clear();
            members.extend(items[from..].iter().map(|&i| (i as usize, x[i as usize])));
            c.choice(e.weight, &members);
        }
    }
    if p.gamma > 0.0 && p.group[p.n] != UNRATED {
        for i in (0..p.n).filter(|&i| p.hub[i] && p.group[i] != UNRATED) {
            c.choice(p.gamma, &[(i, x[i]), (p.n, x[p.n])]);
        }
    }
}
