//! A player's score in multi-player events, one meaning for every method that rates them (the
//! table's "Score"): in each event, the share of the other sides the player's side finished
//! above, a side it tied with counting half. Summed over the events, it is the score of a
//! two-player game (a win 1, a draw ½) when every event has two players, and 3, 2, 1, 0 thirds
//! for the four places of a debate room.
//!
//! Unranked players (`Event::unranked`) finish below every ranked one and tie among
//! themselves; teammates (`Event::team`) are one side and share its score.

use crate::model::Event;

/// Each entry's score in `event`, entries in order (`places`, then `unranked`).
pub fn event_scores(event: &Event) -> Vec<f64> {
    // Each entry's place (unranked: after every place) and side.
    let last = event.places.iter().map(|p| p.1).max().unwrap_or(0) + 1;
    let entries: Vec<(u32, u32)> = event
        .places
        .iter()
        .map(|p| p.1)
        .chain(event.unranked.iter().map(|_| last))
        .enumerate()
        .map(|(k, place)| (place, event.team.get(k).copied().unwrap_or(k as u32)))
        .collect();
    let mut sides: Vec<(u32, u32)> = entries.clone();
    crate::sort::unstable_by(&mut sides, |a, b| (a.1, a.0).cmp(&(b.1, b.0)));
    sides.dedup_by_key(|s| s.1);
    let others = sides.len().saturating_sub(1).max(1) as f64;
    entries
        .iter()
        .map(|&(place, side)| {
            let beaten: f64 = sides
                .iter()
                .filter(|s| s.1 != side)
                .map(|s| match place.cmp(&s.0) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                })
                .sum();
            beaten / others
        })
        .collect()
}

/// Each player's score summed over `events` (by player id, `players` long).
pub fn scores(events: &[Event], players: usize) -> Vec<f64> {
    let mut out = vec![0.0; players];
    for e in events {
        let ids = e.places.iter().map(|p| p.0).chain(e.unranked.iter().copied());
        for (p, s) in ids.zip(event_scores(e)) {
            if let Some(slot) = out.get_mut(p) {
                *slot += s;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_of_four_scores_thirds_and_a_pair_scores_a_game() {
        let room = Event::ranked("r", vec![(0, 1), (1, 2), (2, 3), (3, 4)], 2);
        assert_eq!(event_scores(&room), vec![1.0, 2.0 / 3.0, 1.0 / 3.0, 0.0]);
        let draw = Event::ranked("d", vec![(0, 1), (1, 1)], 3);
        assert_eq!(event_scores(&draw), vec![0.5, 0.5]);
        // Top-2 of five: the unranked three tie below.
        let top = Event { unranked: vec![2, 3, 4], ..Event::ranked("t", vec![(0, 1), (1, 2)], 4) };
        assert_eq!(event_scores(&top), vec![1.0, 0.75, 0.25, 0.25, 0.25]);
        // Two teams of two and a team of one: teammates share their side's score.
        let teams = Event { team: vec![0, 0, 1, 1, 2], ..Event::ranked("teams", vec![(0, 2), (1, 2), (2, 1), (3, 1), (4, 3)], 5) };
        assert_eq!(event_scores(&teams), vec![0.5, 0.5, 1.0, 1.0, 0.0]);
        assert_eq!(scores(&[room, draw], 4), vec![1.5, 2.0 / 3.0 + 0.5, 1.0 / 3.0, 0.0]);
    }
}
