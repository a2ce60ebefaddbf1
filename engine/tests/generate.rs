//! The random tournament generator (`generate`, issue 38): the same seed gives the same file,
//! each parameter changes what it should, every file reads back with every round as the
//! engine pairs it and its declared ranks the standings', and parameters that cannot make a
//! tournament are errors naming them.

use ratings_engine::checker::{self, OrderFrom, RanksStatus};
use ratings_engine::codes::Tiebreak;
use ratings_engine::desk::register::{Pab, Points};
use ratings_engine::generate::{generate, Acceleration, GenerateError, Pairing, Params, Span};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, RoundResult, Tournament, TournamentType};

fn made(p: Params) -> String {
    generate(&p).unwrap_or_else(|e| panic!("seed {}: {e}", p.seed)).text
}

fn read(text: &str) -> Tournament {
    parse_trf(text).unwrap().0
}

/// What `ratings-lab check` finds: every round as the file's own system pairs it and legal,
/// and the declared ranks the standings' by the file's `202` list.
fn assert_reads_back(text: &str) {
    let report = checker::check(text, &checker::Options::default()).unwrap();
    let t = read(text);
    assert_eq!(report.rounds.len(), t.total_rounds.unwrap(), "every round checked");
    assert!(report.agrees, "{}\n{text}", report.text());
    let ranks = (report.standings.status, report.standings.order_from, report.standings.agree);
    assert_eq!(ranks, (RanksStatus::Agree, OrderFrom::File, t.entrants.len()), "{}", report.text());
}

/// How many round entries of the whole file satisfy `f`.
fn count(t: &Tournament, f: impl Fn(&ratings_engine::tournament::RoundEntry) -> bool) -> usize {
    t.entrants.iter().flat_map(|e| &e.rounds).filter(|r| f(r)).count()
}

#[test]
fn the_same_seed_and_parameters_give_the_same_file_and_another_seed_another() {
    let p = Params { seed: 11, ..Params::default() };
    assert_eq!(made(p.clone()), made(p.clone()));
    assert_ne!(made(p.clone()), made(Params { seed: 12, ..p.clone() }));
    let text = made(p);
    assert!(text.contains("### seed: 11\n") && text.contains("### players: ") && text.contains("(drawn)"), "{text}");
}

#[test]
fn generated_files_read_back_with_every_round_and_rank_agreeing() {
    for seed in 1..=20 {
        assert_reads_back(&made(Params { seed, ..Params::default() }));
    }
    let robin = |seed, pairing| Params { seed, pairing: Some(pairing), withdrawals: Some(0.1), ..Params::default() };
    for seed in 1..=6 {
        assert_reads_back(&made(robin(seed, Pairing::RoundRobin)));
        assert_reads_back(&made(robin(seed, Pairing::DoubleRoundRobin)));
    }
}

/// Each parameter given: the file shows it.
#[test]
fn each_parameter_changes_what_it_should() {
    let base = Params {
        seed: 5,
        players: Some(Span { low: 30, high: 30 }),
        rounds: Some(7),
        acceleration: Some(Acceleration::None),
        half_point_byes: Some(0.0),
        zero_point_byes: Some(0.0),
        full_point_byes: Some(0.0),
        forfeits: Some(0.0),
        double_forfeits: Some(0.0),
        half_zero: Some(0.0),
        withdrawals: Some(0.0),
        late_entries: Some(0.0),
        forbidden: Some(0),
        ..Params::default()
    };
    let with = |f: &dyn Fn(&mut Params)| {
        let mut p = base.clone();
        f(&mut p);
        let text = made(p);
        assert_reads_back(&text);
        (read(&text), text)
    };
    let (plain, _) = with(&|_| {});
    assert_eq!((plain.entrants.len(), plain.total_rounds, plain.rounds_played()), (30, Some(7), 7));
    assert_eq!(count(&plain, |r| r.opponent.is_none() && r.result != RoundResult::PairingBye), 0, "no byes, absences or forfeits");
    let (t, _) = with(&|p| p.players = Some(Span { low: 12, high: 16 }));
    assert!((12..=16).contains(&t.entrants.len()));
    let (t, _) = with(&|p| p.rounds = Some(5));
    assert_eq!((t.total_rounds, t.rounds_played()), (Some(5), 5));
    let (t, _) = with(&|p| {
        p.rating_high = Some(2000);
        p.rating_low = Some(1800);
        p.unrated = Some(0.0);
    });
    assert!(t.entrants.iter().all(|e| e.rating.is_some_and(|r| (1800..=2000).contains(&r))));
    let spread = |s: f64| {
        let (t, _) = with(&|p| {
            p.rating_spread = Some(s);
            p.unrated = Some(0.0);
            p.rating_high = Some(2800);
            p.rating_low = Some(1000);
        });
        let r: Vec<f64> = t.entrants.iter().map(|e| f64::from(e.rating.unwrap())).collect();
        let mean = r.iter().sum::<f64>() / r.len() as f64;
        (r.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / r.len() as f64).sqrt()
    };
    assert!(spread(0.0) < 1.0 && spread(300.0) > 150.0);
    let (t, _) = with(&|p| p.unrated = Some(1.0));
    assert!(t.entrants.iter().all(|e| e.rating.is_none()));
    let (t, _) = with(&|p| {
        p.players = None;
        p.rounds = Some(3);
        p.ratings = Some(vec![Some(2500), None, Some(1500), Some(1700)]);
    });
    let mut ratings: Vec<Option<u32>> = t.entrants.iter().map(|e| e.rating).collect();
    ratings.sort();
    assert_eq!(ratings, [None, Some(1500), Some(1700), Some(2500)]);
    results_follow_their_parameters(&with);
    requests_follow_their_parameters(&with);
    records_follow_their_parameters(&with);
}

type With<'a> = &'a dyn Fn(&dyn Fn(&mut Params)) -> (Tournament, String);

fn results_follow_their_parameters(with: With) {
    let draws = |rate: f64| {
        let (t, _) = with(&|p| p.draw_rate = Some(rate));
        count(&t, |r| r.result == RoundResult::Draw)
    };
    assert_eq!(draws(0.0), 0);
    assert!(draws(0.6) > 40, "{}", draws(0.6));
    let white_score = |advantage: f64| {
        let (t, _) = with(&|p| {
            p.white_advantage = Some(advantage);
            p.rating_spread = Some(0.0);
            p.draw_rate = Some(0.0);
        });
        count(&t, |r| r.colour == Some(Colour::White) && r.result == RoundResult::Win)
    };
    assert!(white_score(350.0) > white_score(-350.0) + 40);
    let (t, _) = with(&|p| p.forfeits = Some(0.3));
    assert!(count(&t, |r| r.opponent.is_some() && r.result == RoundResult::ForfeitWin) > 10);
    let (t, _) = with(&|p| p.double_forfeits = Some(0.3));
    assert!(games(&t).iter().filter(|&&g| g == (RoundResult::ForfeitLoss, RoundResult::ForfeitLoss)).count() > 10);
    let (t, _) = with(&|p| p.half_zero = Some(0.3));
    let half_zero = |&&(a, b): &&(RoundResult, RoundResult)| {
        (a, b) == (RoundResult::Draw, RoundResult::Loss) || (b, a) == (RoundResult::Draw, RoundResult::Loss)
    };
    assert!(games(&t).iter().filter(half_zero).count() > 10);
}

/// Each game's two results (the lower start number's first).
fn games(t: &Tournament) -> Vec<(RoundResult, RoundResult)> {
    let mut out = Vec::new();
    for (i, e) in t.entrants.iter().enumerate() {
        for (k, r) in e.rounds.iter().enumerate() {
            if let Some(j) = r.opponent.filter(|&j| j > i) {
                out.push((r.result, t.entrants[j].rounds[k].result));
            }
        }
    }
    out
}

fn requests_follow_their_parameters(with: With) {
    for (result, set) in [
        (RoundResult::HalfBye, &(|p: &mut Params| p.half_point_byes = Some(0.2)) as &dyn Fn(&mut Params)),
        (RoundResult::ZeroBye, &|p: &mut Params| p.zero_point_byes = Some(0.2)),
        (RoundResult::FullBye, &|p: &mut Params| p.full_point_byes = Some(0.2)),
    ] {
        let (t, _) = with(set);
        assert!(count(&t, |r| r.result == result) > 10, "{result:?}");
    }
    let (_, text) = with(&|p| p.withdrawals = Some(0.5));
    // An absence is `0000 - -` (read as a zero-point bye, marked absent).
    assert!(text.lines().filter(|l| l.starts_with("001") && l.ends_with("0000 - -")).count() >= 5, "{text}");
    let (t, _) = with(&|p| p.late_entries = Some(0.5));
    let late = t.entrants.iter().filter(|e| e.rounds.first().is_some_and(|r| r.result == RoundResult::ZeroBye));
    assert!(late.count() >= 5);
}

fn records_follow_their_parameters(with: With) {
    let (t, text) = with(&|p| {
        p.points = Some(Points::ThreeOne);
        p.pab = Some(Pab::Draw);
    });
    assert_eq!((t.point_system.win, t.point_system.draw, t.point_system.pairing_bye), (3.0, 1.0, 1.0), "{text}");
    let (t, _) = with(&|p| p.tiebreaks = Some(vec![Tiebreak::Sb, Tiebreak::Win]));
    assert_eq!(t.declared_order.unwrap().tiebreaks, [Tiebreak::Sb, Tiebreak::Win]);
    let (t, text) = with(&|p| p.forbidden = Some(3));
    assert_eq!(text.lines().filter(|l| l.starts_with("260 ")).count(), 3);
    assert_eq!(t.forbidden.len(), 3);
    for colour in [Colour::White, Colour::Black] {
        let (t, _) = with(&|p| p.initial_colour = Some(colour));
        assert_eq!(t.initial_colour.map(|c| c.colour), Some(colour));
    }
    let (t, _) = with(&|p| p.acceleration = Some(Acceleration::Baku));
    assert_eq!(t.tournament_type.map(|d| d.kind), Some(TournamentType::Dutch { baku: true }));
    let (t, text) = with(&|p| {
        p.players = None;
        p.teams = Some(5);
        p.boards = Some(4);
    });
    assert_eq!((t.entrants.len(), t.teams.len()), (20, 5));
    assert!(text.contains("paired as individuals"), "{text}");
    let (t, _) = with(&|p| {
        p.players = Some(Span { low: 8, high: 8 });
        p.pairing = Some(Pairing::RoundRobin);
        p.rounds = None;
        p.acceleration = None;
    });
    assert_eq!((t.tournament_type.clone().map(|d| d.kind), t.rounds_played()), (Some(TournamentType::RoundRobin { double: false }), 7));
}

#[test]
fn parameters_that_cannot_make_a_tournament_are_named() {
    let bad = |f: &dyn Fn(&mut Params), says: &str| {
        let mut p = Params::default();
        f(&mut p);
        match generate(&p) {
            Err(GenerateError::Param(m)) => assert!(m.contains(says), "{m}"),
            other => panic!("expected an error saying '{says}', found {:?}", other.map(|g| g.text.len())),
        }
    };
    bad(&|p| p.players = Some(Span { low: 0, high: 0 }), "players: expected 2 to 9999");
    bad(&|p| p.players = Some(Span { low: 20, high: 10 }), "low ≤ high");
    bad(
        &|p| {
            p.players = Some(Span { low: 6, high: 6 });
            p.rounds = Some(6);
        },
        "a Swiss of 6 players has at most 5 rounds",
    );
    bad(&|p| p.half_point_byes = Some(1.5), "half-point byes requested: expected a share from 0 to 1");
    bad(
        &|p| {
            p.half_point_byes = Some(0.6);
            p.zero_point_byes = Some(0.6);
        },
        "expected at most 100%",
    );
    bad(&|p| p.rounds = Some(0), "rounds: expected at least 1");
    bad(
        &|p| {
            p.pairing = Some(Pairing::RoundRobin);
            p.players = Some(Span { low: 30, high: 30 });
        },
        "expected 3 to 24",
    );
    bad(
        &|p| {
            p.acceleration = Some(Acceleration::Baku);
            p.points = Some(Points::ThreeOne);
        },
        "Baku needs standard scoring",
    );
    bad(&|p| p.teams = Some(4), "give the boards");
    bad(
        &|p| {
            p.rating_low = Some(2500);
            p.rating_high = Some(2000);
        },
        "lowest ≤ highest",
    );
    bad(
        &|p| {
            p.pairing = Some(Pairing::RoundRobin);
            p.forbidden = Some(1);
        },
        "a round robin's pairings are its table's",
    );
    bad(
        &|p| {
            p.players = Some(Span { low: 10, high: 10 });
            p.forbidden = Some(6);
        },
        "forbidden pairs: expected at most 5",
    );
}

/// FIDE's checklist Q32: the results follow the rating table's probabilities. Over every game
/// of a few hundred-player events, White's score less her expected score by FIDE's table
/// (B.02 8.1.2, White's advantage added) averages zero within three standard errors, and
/// so does the score of the higher rated.
#[test]
fn results_follow_fide_s_table_of_expected_scores() {
    use ratings_engine::fide::rating::expected;
    let (mut sum, mut sq, mut n) = (0.0, 0.0, 0.0);
    for seed in 1..=4 {
        let p = Params {
            seed,
            players: Some(Span { low: 60, high: 60 }),
            rounds: Some(7),
            white_advantage: Some(40.0),
            unrated: Some(0.0),
            forfeits: Some(0.0),
            double_forfeits: Some(0.0),
            half_zero: Some(0.0),
            half_point_byes: Some(0.0),
            zero_point_byes: Some(0.0),
            full_point_byes: Some(0.0),
            ..Params::default()
        };
        let t = read(&made(p));
        for e in &t.entrants {
            for r in e.rounds.iter().filter(|r| r.colour == Some(Colour::White)) {
                let Some(j) = r.opponent else { continue };
                let d = i64::from(e.rating.unwrap()) + 40 - i64::from(t.entrants[j].rating.unwrap());
                let score = match r.result {
                    RoundResult::Win => 1.0,
                    RoundResult::Draw => 0.5,
                    _ => 0.0,
                };
                let diff = score - f64::from(expected(d as i32)) / 100.0;
                (sum, sq, n) = (sum + diff, sq + diff * diff, n + 1.0);
            }
        }
    }
    let mean = sum / n;
    let se = ((sq / n - mean * mean) / n).sqrt();
    assert!(n > 800.0 && mean.abs() < 3.0 * se, "{n} games: mean {mean:.4} (standard error {se:.4})");
}
