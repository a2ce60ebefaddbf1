//! The board tiebreaks of C.07 article 12, from each board's result ([`Teams::board_points`]):
//! board count (each game point times its board number, summed: lower is better), top-board
//! results (board 1's points, then board 2's, ...) and bottom-board elimination (the points
//! without the last board, then without the last two, ...). Alone they count every round, a
//! pairing-allocated bye as a win on every board (12's preamble: the players' own byes say
//! so); after an extended direct encounter leaves two teams level (13.3.2) only the games of
//! their matches against each other.

use super::standings::TeamValue;
use super::teams::{TeamRound, Teams};
use crate::codes::{EdeBoards, TeamTiebreak};

/// Board count of per-board points (board 1 first).
fn count(points: &[f64]) -> f64 {
    points.iter().enumerate().map(|(b, p)| (b + 1) as f64 * p).sum::<f64>() + 0.0
}

/// Bottom-board elimination's sums: without the last board, without the last two, ...
fn bottom(points: &[f64]) -> Vec<f64> {
    (1..points.len()).map(|k| points[..points.len() - k].iter().sum::<f64>() + 0.0).collect()
}

fn show(points: &[f64]) -> String {
    points.iter().map(|p| crate::tiebreak::num(*p)).collect::<Vec<_>>().join(" / ")
}

impl Teams {
    /// Team `k`'s points board by board over the rounds `which` keeps (padded to the boards).
    fn totals(&self, k: usize, which: &dyn Fn(usize) -> bool) -> Option<Vec<f64>> {
        let rounds = self.board_points.get(k)?;
        let mut out = vec![0.0; self.boards];
        for (_, boards) in rounds.iter().enumerate().filter(|(r, _)| which(*r)) {
            for (b, p) in boards.iter().enumerate().take(self.boards) {
                out[b] += p;
            }
        }
        Some(out)
    }

    /// A board tiebreak over every round: the column and its keys (higher first).
    pub(super) fn board_column(&self, tb: TeamTiebreak) -> (Vec<TeamValue>, Vec<Vec<f64>>) {
        let missing = || {
            (TeamValue { value: None, explanation: format!("{}: the boards' results are not known", tb.code()) }, vec![f64::NEG_INFINITY])
        };
        (0..self.names.len())
            .map(|k| match self.totals(k, &|_| true) {
                None => missing(),
                Some(points) => match tb {
                    TeamTiebreak::BoardCount => {
                        let c = count(&points);
                        (
                            TeamValue {
                                value: Some(c),
                                explanation: format!("BC {}: board by board {}", crate::tiebreak::num(c), show(&points)),
                            },
                            vec![-c],
                        )
                    }
                    TeamTiebreak::TopBoards => {
                        let explanation = format!("TBR: board by board {}", show(&points));
                        (TeamValue { value: points.first().copied(), explanation }, points)
                    }
                    _ => {
                        let sums = bottom(&points);
                        let explanation = format!("BBE: without the last boards {}", show(&sums));
                        (TeamValue { value: sums.first().copied(), explanation }, sums)
                    }
                },
            })
            .unzip()
    }

    /// After an extended direct encounter, a tier of exactly two teams split by `steps` on the
    /// games of their matches against each other (13.3.2); any other tier as it is.
    pub(super) fn board_steps(&self, tier: Vec<usize>, steps: EdeBoards) -> Vec<Vec<usize>> {
        let [a, b] = tier[..] else { return vec![tier] };
        if steps == EdeBoards::Nothing {
            return vec![tier];
        }
        let against = |k: usize, o: usize| move |r: usize| matches!(self.rounds[k][r], TeamRound::Match { opponent, .. } if opponent == o);
        let (Some(pa), Some(pb)) = (self.totals(a, &against(a, b)), self.totals(b, &against(b, a))) else { return vec![tier] };
        let keys = |p: &[f64]| -> Vec<f64> {
            let mut keys = Vec::new();
            if matches!(steps, EdeBoards::CountThenTop | EdeBoards::CountThenBottom) {
                keys.push(-count(p));
            }
            match steps {
                EdeBoards::CountThenTop | EdeBoards::Top => keys.extend_from_slice(p),
                _ => keys.extend(bottom(p)),
            }
            keys
        };
        match keys(&pa).partial_cmp(&keys(&pb)) {
            Some(std::cmp::Ordering::Greater) => vec![vec![a], vec![b]],
            Some(std::cmp::Ordering::Less) => vec![vec![b], vec![a]],
            _ => vec![tier],
        }
    }
}
