//! A round no player to pair has any history in (round 1 of a Swiss, and any round in which
//! every player to pair is on one score and has played no game, met no one, floated never
//! and had no bye): FIDE Handbook C.04.3 (2026) Art. 3–4's first candidate is the pairing,
//! and it is made here directly, in O(n), where the matching (`bracket`) would take O(n³).
//!
//! Why it is the pairing: the round is one bracket of residents (one score, no MDPs). S1 is
//! its first ⌊n/2⌋ players, S2 the rest (Art. 3.3.1), and the first candidate pairs S1[i]
//! with S2[i] (Art. 4.1; the last S2 player is left over when n is odd). It meets the
//! absolute criteria: no two have met (C1), no one has a colour preference, so C3 cannot
//! bite, and every player may take the PAB (C2). It is best on every quality criterion at
//! once: it makes the most pairs (C6), with no downfloater but the PAB-to-be (C7–C8, C9:
//! everyone has the same unplayed games and score, C5), no colour preference to miss (C10–
//! C13) and no float to repeat (C14–C21). So no transposition or exchange can do better, and
//! the first candidate is the one chosen (Art. 4.2). The caller checks the conditions, and
//! that no players who must not meet are in the round; otherwise the matching pairs it.
//! The committed fixtures' round 1s and the pairing benchmark compare it with bbpPairings.

use super::bracket::Fixed;
use super::state::{Float, Player, Strength};

/// The pairs (rank indices, higher first) of a round with no history, in the generation order,
/// or `None` when some player to pair has a history (or their scores differ).
pub fn first_candidate(players: &[Player]) -> Option<Vec<Fixed>> {
    let score = players.first()?.score;
    let fresh = |p: &Player| {
        p.score == score
            && p.played == 0
            && p.colours.is_empty()
            && p.met.is_empty()
            && p.floats == [Float::None; 2]
            && p.strength == Strength::None
            && p.bye_eligible
            && !p.topscorer
    };
    if !players.iter().all(fresh) {
        return None;
    }
    let s1 = players.len() / 2;
    Some((0..s1).map(|i| ((i, s1 + i), Vec::new())).collect())
}
