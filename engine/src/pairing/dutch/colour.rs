//! Colour allocation for a pair (FIDE Handbook C.04.3, 2026, chapter C0403202602, Art. 5.2:
//! E.1–E.5 of the 2017 text) and the compatibility tests the colour criteria C3, C12 and C13
//! weigh.

use super::state::{Player, Strength};
use crate::tournament::Colour;

/// The other colour.
pub fn other(c: Colour) -> Colour {
    match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}

/// Both want the same colour (so one of them does not get it: C12).
pub fn clash(a: &Player, b: &Player) -> bool {
    a.wants.is_some() && a.wants == b.wants
}

/// The pair's colours: `true` when `hi` (the higher-ranked) gets White. `initial` is the
/// colour drawn before round 1 (5.2.5).
pub fn hi_gets_white(hi: &Player, hi_place: usize, lo: &Player, initial: Colour) -> bool {
    let white = |c: Colour| c == Colour::White;
    // 5.2.1: compatible preferences are both granted.
    if !clash(hi, lo) {
        if let Some(c) = hi.wants {
            return white(c);
        }
        if let Some(c) = lo.wants {
            return !white(c);
        }
        return five_two_five(hi_place, initial);
    }
    let want = hi.wants.expect("a clash has a colour");
    // 5.2.2: the stronger preference; of two absolutes, the wider colour difference.
    if hi.strength != lo.strength {
        return white(want) == (hi.strength > lo.strength);
    }
    if hi.strength == Strength::Absolute {
        let (h, l) = (hi.colour_difference().abs(), lo.colour_difference().abs());
        if h != l {
            return white(want) == (h > l);
        }
    }
    // 5.2.3: alternate from the most recent round in which the two had different colours
    // (histories aligned at their ends: unplayed rounds count as the earliest, R4).
    let (hc, lc) = (&hi.colours, &lo.colours);
    for k in 1..=hc.len().min(lc.len()) {
        let (x, y) = (hc[hc.len() - k], lc[lc.len() - k]);
        if x != y {
            return !white(x);
        }
    }
    // 5.2.4: the higher-ranked player's preference.
    white(want)
}

/// 5.2.5: the higher-ranked player gets the initial colour if their pairing number is odd.
/// bbpPairings reads "pairing number" as the place in start order among the players paired
/// this round (place 0, 2, 4… is odd-numbered), which differs from the start number once
/// someone is absent; the fixtures follow it.
fn five_two_five(hi_place: usize, initial: Colour) -> bool {
    let c = if hi_place % 2 == 0 { initial } else { other(initial) };
    c == Colour::White
}
