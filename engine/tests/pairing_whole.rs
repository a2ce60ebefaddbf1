//! Brackets paired whole (`pairing::dutch::whole`, issue 40): a bracket with no MDPs whose
//! best pairing keeps every resident in it is paired by a search over Art. 4's candidates,
//! without the weighted matching. Asking why (`explain`) always pairs by the matching, so
//! the two are compared here round by round on generated tournaments of every kind the
//! generator makes (byes, forfeits, late entries, withdrawals, Baku acceleration, players
//! who must not meet); the committed fixtures and the benchmark sets compare both with
//! bbpPairings (`pairing_dutch.rs`).

use ratings_engine::generate::{generate, Params, Span};
use ratings_engine::pairing::dutch::{pair_round, pair_round_reporting, PairOptions, Pairing, Step};
use ratings_engine::parse::trf::parse_trf;
use std::cell::RefCell;

/// Round `round` of `t` paired as the command line pairs it, and the brackets (1-based) that
/// were paired whole: those reported before the matching was built (all, if it never was).
fn paired(t: &ratings_engine::tournament::Tournament, round: usize) -> (Pairing, Vec<usize>) {
    let steps = RefCell::new(Vec::new());
    let p = pair_round_reporting(t, round, &PairOptions::default(), &|s| steps.borrow_mut().push(s)).expect("the round pairs");
    let steps = steps.into_inner();
    let built = steps.iter().position(|s| matches!(s, Step::Matching { .. })).unwrap_or(steps.len());
    let whole = steps[..built].iter().filter_map(|s| if let Step::Bracket { bracket, .. } = s { Some(*bracket) } else { None });
    // The bracket during which the matching was built was not paired whole.
    let whole: Vec<usize> = whole.collect();
    let whole = if built < steps.len() { whole[..whole.len().saturating_sub(1)].to_vec() } else { whole };
    (p, whole)
}

#[test]
fn brackets_paired_whole_are_paired_as_the_matching_pairs_them() {
    let (mut rounds, mut whole, mut odd_whole, mut mdp_whole, mut matched) = (0, 0, 0, 0, 0);
    for seed in 1..=40 {
        let params = Params { seed, players: Some(Span { low: 12, high: 60 }), ..Params::default() };
        let Ok(made) = generate(&params) else { continue };
        let t = parse_trf(&made.text).expect("a generated file reads").0;
        for round in 1..=t.rounds {
            let (direct, paired_whole) = paired(&t, round);
            let asked = pair_round(&t, round, &PairOptions { explain: true, ..PairOptions::default() }).expect("the round pairs");
            let boards = |p: &Pairing| (p.boards.clone(), p.bye, p.absent.clone());
            assert_eq!(boards(&direct), boards(&asked), "seed {seed}, round {round}: brackets {paired_whole:?} paired whole");
            rounds += 1;
            whole += paired_whole.len();
            odd_whole += paired_whole.iter().filter(|&&b| !direct.brackets[b - 1].downfloaters.is_empty()).count();
            mdp_whole += paired_whole.iter().filter(|&&b| !direct.brackets[b - 1].mdps.is_empty()).count();
            matched += (direct.brackets.len() > paired_whole.len()) as usize;
        }
    }
    let counts = format!(
        "{rounds} rounds, {whole} brackets paired whole ({odd_whole} odd, {mdp_whole} with MDPs), {matched} rounds with the matching"
    );
    eprintln!("{counts}");
    // The comparison means something only if both ways are taken often.
    assert!(rounds > 250 && whole > 400 && odd_whole > 150 && mdp_whole > 100 && matched > 200, "{counts}");
}
