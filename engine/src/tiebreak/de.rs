//! Direct encounter (C.07 6), among the participants tied on points and every earlier tiebreak.
//!
//! When all the tied participants have met, they are ranked by the points scored in the games
//! among them (the average, where two met more than once); those still level are ranked again
//! among themselves. When not all have met (Swiss), a participant is ranked ahead only if their
//! score among the tied is more than any other could have reached by also winning their missing
//! encounters; the process then continues with the rest. With pre-determined pairings (round
//! robin) unplayed games count as played and every encounter is scheduled, so all have met.
//!
//! A tied group can hold thousands (everyone on ½ after one round): membership is looked up in
//! a set, not by scanning the group, and an explanation names the first [`NAMED`] of the
//! others and counts the rest, so the work and the text stay linear in the group.

use super::context::{num, Ctx, EPS};
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;

/// How many of the other tied players an explanation names (then "and N more").
pub(crate) const NAMED: usize = 8;

struct Stat {
    p: usize,
    /// Points scored against the other tied participants.
    score: f64,
    /// Distinct tied opponents met.
    met: usize,
    /// The most the participant could have with the missing encounters won.
    max: f64,
}

fn stats(ctx: &Ctx, group: &[usize]) -> (Vec<Stat>, bool) {
    let others = group.len() - 1;
    let members: FxHashSet<usize> = group.iter().copied().collect();
    let mut all_met = true;
    let stats = group
        .iter()
        .map(|&p| {
            let mut by_opponent: BTreeMap<usize, (f64, usize)> = BTreeMap::new();
            for r in 0..ctx.rounds {
                let Some(o) = ctx.opponent(p, r) else { continue };
                if ctx.met(p, r) && members.contains(&o) {
                    let e = by_opponent.entry(o).or_insert((0.0, 0));
                    e.0 += ctx.pts(p, r);
                    e.1 += 1;
                }
            }
            let score: f64 = by_opponent.values().map(|(s, k)| s / *k as f64).sum();
            let met = by_opponent.len();
            let max = if ctx.predetermined || met >= others {
                score
            } else {
                all_met = false;
                score + (others - met) as f64 * ctx.scoring.win
            };
            Stat { p, score, met, max }
        })
        .collect();
    (stats, all_met || ctx.predetermined)
}

/// The group in tiers, best first; the players of a tier stay level.
fn tiers(ctx: &Ctx, group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    let (mut st, all_met) = stats(ctx, group);
    let start = |p: usize| ctx.t.entrants[p].start;
    crate::sort::by(&mut st, |a, b| b.score.total_cmp(&a.score).then(b.max.total_cmp(&a.max)).then(start(a.p).cmp(&start(b.p))));
    if all_met {
        let mut split: Vec<Vec<usize>> = Vec::new();
        for (i, s) in st.iter().enumerate() {
            if i > 0 && (st[i - 1].score - s.score).abs() < EPS {
                split.last_mut().expect("started").push(s.p);
            } else {
                split.push(vec![s.p]);
            }
        }
        if split.len() == 1 {
            return split;
        }
        return split.into_iter().flat_map(|tier| tiers(ctx, &tier)).collect();
    }
    // Not all have met: peel off those certainly ahead of all the rest (the best the rest
    // could reach, as a running maximum from the end: one pass, not one per player).
    let mut best_after = vec![f64::NEG_INFINITY; st.len()];
    for i in (0..st.len().saturating_sub(1)).rev() {
        best_after[i] = best_after[i + 1].max(st[i + 1].max);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < st.len() {
        if st[i].score > best_after[i] + EPS {
            out.push(vec![st[i].p]);
            i += 1;
        } else {
            break;
        }
    }
    if i == 0 {
        return vec![group.to_vec()];
    }
    let rest: Vec<usize> = st[i..].iter().map(|s| s.p).collect();
    out.extend(tiers(ctx, &rest));
    out
}

/// The extended direct encounter of teams (C.07 13.3): direct encounter on the primary
/// score (`scores[0]`), then on the secondary (`scores[1]`) over the same matches; a group a
/// pass separates is taken further with the same score, one it cannot separate with the
/// other, until neither separates it (the order Held's exercise 45 follows). The group in
/// tiers, best first.
pub(crate) fn extended(scores: [&Ctx; 2], group: &[usize]) -> Vec<Vec<usize>> {
    fn go(scores: [&Ctx; 2], group: &[usize], current: usize, switched: bool) -> Vec<Vec<usize>> {
        if group.len() <= 1 {
            return vec![group.to_vec()];
        }
        let ts = tiers(scores[current], group);
        if ts.len() == 1 {
            return if switched { ts } else { go(scores, group, 1 - current, true) };
        }
        ts.into_iter().flat_map(|tier| go(scores, &tier, current, false)).collect()
    }
    go(scores, group, 0, false)
}

/// For each member of a tied group: (entrant, place within the group (1 = first, shared places
/// for players DE cannot separate), explanation).
pub(crate) fn direct_encounter(ctx: &Ctx, group: &[usize], tied_on: &str) -> Vec<(usize, Option<f64>, String)> {
    if group.len() <= 1 {
        return group.iter().map(|&p| (p, None, format!("not tied with anyone on {tied_on}"))).collect();
    }
    let (st, all_met) = stats(ctx, group);
    let ts = tiers(ctx, group);
    let mut place = vec![0usize; ctx.n()];
    let mut shared = vec![false; ctx.n()];
    let mut before = 0;
    for tier in &ts {
        for &p in tier {
            place[p] = before + 1;
            shared[p] = tier.len() > 1;
        }
        before += tier.len();
    }
    st.iter()
        .map(|s| {
            let others = crate::text::first_of(group.iter().filter(|&&o| o != s.p).map(|&o| ctx.who(o)), group.len() - 1, NAMED);
            let encounters = if all_met {
                "all have met".to_string()
            } else if s.met + 1 == group.len() {
                "met them all, but not all the others have met".to_string()
            } else {
                format!("met {} of {}, at most {} with the missing games won", s.met, group.len() - 1, num(s.max))
            };
            let outcome = if ts.len() == 1 {
                "no one can be separated".to_string()
            } else if shared[s.p] {
                format!("shares place {} of {}", place[s.p], group.len())
            } else {
                format!("place {} of {}", place[s.p], group.len())
            };
            let text = format!(
                "DE {}: tied on {tied_on} with {}; scored {} against them ({encounters}); {outcome}",
                place[s.p],
                others,
                num(s.score)
            );
            (s.p, Some(place[s.p] as f64), text)
        })
        .collect()
}
