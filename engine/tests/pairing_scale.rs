//! Large rounds of the FIDE Dutch system (`pairing::dutch`, issue 40): a round too large for
//! the memory its dense matching takes is refused up front in words (not by the matcher's
//! size limit after the round's tables were built), and a round tells its progress, step by
//! step, to whoever asked (the CLI's stderr); a first round is paired at any size.

use ratings_engine::error::PairError;
use ratings_engine::pairing::dutch::{pair_round, pair_round_reporting, PairOptions, Step};
use ratings_engine::parse::trf::parse_trf;
use std::cell::RefCell;

/// A field of `n` players rated from 2800 down, 9 rounds, before round 1 or (`played`) after
/// it: the top half met the bottom half, i with n/2 + i, the higher-rated winning (White to
/// the odd boards' higher player); with n odd the last player had the bye.
fn field(n: usize, played: bool) -> String {
    let mut text = String::from("012 Field\nXXR 9\nXXC white1\n");
    let half = n / 2;
    for i in 1..=n {
        let rating = 2800 - (i * 1800 / n);
        let (points, block) = match (played, i <= half, i > 2 * half) {
            (false, _, _) => ("0.0", String::new()),
            (true, _, true) => ("1.0", "  0000 - U".to_string()),
            (true, true, _) => ("1.0", format!("  {:>4} {} 1", half + i, if i % 2 == 1 { "w" } else { "b" })),
            (true, false, _) => ("0.0", format!("  {:>4} {} 0", i - half, if (i - half) % 2 == 1 { "b" } else { "w" })),
        };
        text.push_str(&format!("001 {i:>4}      {:<33} {rating:>4}{:28} {points} {i:>4}{block}\n", format!("Player {i}"), ""));
    }
    text
}

fn read(text: &str) -> ratings_engine::tournament::Tournament {
    parse_trf(text).unwrap_or_else(|e| panic!("{e}")).0
}

#[test]
fn a_round_too_large_for_memory_is_refused_in_words() {
    // At least 48 bytes a pair (`bytes_a_pair(2)`, the narrowest weights): 9,999 players (the
    // most a TRF's four-column start number holds) need more than 4.4 GB whatever the width.
    // Asked why each candidate was passed over, every bracket is paired by the matching
    // (a bracket paired whole, `dutch::whole`, needs none, and round 2 here would be).
    let t = read(&field(9999, true));
    let Err(e) = pair_round(&t, 2, &PairOptions { explain: true, ..PairOptions::default() }) else {
        panic!("9,999 players' dense tables exceed 4 GB")
    };
    assert!(matches!(e, PairError::TooLarge { players: 9999, .. }), "{e:?}");
    let words = e.to_string();
    assert!(words.contains("a bracket of this round needs the weighted matching"), "{words}");
    assert!(words.contains("9999 players in one round that way would take about") && words.contains("players a round"), "{words}");
    assert!(!words.contains("matching failed"), "{words}");
}

/// A later round whose brackets are paired whole (`dutch::whole`) needs no matching, so
/// 9,999 players pair: the winners' bracket S1 against S2 with every colour preference
/// met, the losers' likewise, and the PAB to the lowest of them.
#[test]
fn a_later_round_of_any_size_whose_brackets_pair_whole_is_paired() {
    let steps = RefCell::new(Vec::new());
    let t = read(&field(9999, true));
    let p = pair_round_reporting(&t, 2, &PairOptions::default(), &|s| steps.borrow_mut().push(s)).expect("round 2 pairs");
    assert_eq!(p.boards.len(), 4999);
    assert_eq!(p.bye, Some(9998));
    assert!(!steps.borrow().iter().any(|s| matches!(s, Step::Matching { .. })), "no matching built");
    // Winner 1 (White in round 1, so wanting Black) meets the first of S2 who wants White.
    assert_eq!((p.boards[0].white, p.boards[0].black), (2502, 1));
    let everyone: std::collections::BTreeSet<u32> = p.boards.iter().flat_map(|b| [b.white, b.black]).chain(p.bye).collect();
    assert_eq!(everyone.len(), 9999);
}

/// Round 1 of any size is paired without the matching (`dutch::fresh`): 9,000 players, which
/// the matching could not hold, pair top half against bottom half.
#[test]
fn a_first_round_of_any_size_is_paired() {
    let p = pair_round(&read(&field(9001, false)), 1, &PairOptions::default()).expect("round 1 pairs");
    assert_eq!(p.boards.len(), 4500);
    assert_eq!((p.boards[0].white, p.boards[0].black), (1, 4501));
    assert_eq!((p.boards[1].white, p.boards[1].black), (4502, 2));
    assert_eq!(p.bye, Some(9001));
}

/// The first candidate made directly is the pairing the matching makes (asking why forces
/// the matching), even and odd, with the notes the same.
#[test]
fn a_first_round_made_directly_is_the_matchings() {
    for n in [2, 3, 4, 7, 10, 31, 64, 101] {
        let t = read(&field(n, false));
        let direct = pair_round(&t, 1, &PairOptions::default()).expect("round 1 pairs");
        let matched = pair_round(&t, 1, &PairOptions { explain: true, ..PairOptions::default() }).expect("round 1 pairs");
        assert_eq!(direct, matched, "{n} players");
    }
}

#[test]
fn a_round_reports_its_steps_in_order() {
    let t = read(&field(40, true));
    let steps = RefCell::new(Vec::new());
    let p = pair_round_reporting(&t, 2, &PairOptions::default(), &|s| steps.borrow_mut().push(s)).expect("round 2 pairs");
    assert_eq!(p.boards.len(), 20);
    let expected = [
        Step::Completion { players: 40 },
        Step::Bracket { bracket: 1, brackets: 2, score: 10, left: 40 },
        Step::Bracket { bracket: 2, brackets: 2, score: 0, left: 20 },
    ];
    assert_eq!(*steps.borrow(), expected);
    // The same round, told nothing, is the same pairing.
    assert_eq!(pair_round(&t, 2, &PairOptions::default()).expect("round 2 pairs"), p);
}
