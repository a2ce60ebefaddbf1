//! The simulation lab's events of k players (`events:M:k`, issue 39): the drawn rankings
//! follow the Plackett–Luce model with the true strengths, ties come at the draw rate, the
//! field is dealt in rounds, the drift steps once a round, the methods that rate events find
//! the truth, and a method that rates only games is refused by name.

use ratings_engine::evaluation::simulate::{simulate, tournament, Schedule, Setup};
use ratings_engine::{Method, MethodKind, Options};

fn events(events: usize, size: usize) -> Schedule {
    Schedule::Events { events, size }
}

/// Each entry's place in an event, in the order of its players' indices.
fn places_by_player(e: &ratings_engine::model::Event) -> Vec<(usize, u32)> {
    let mut v = e.places.clone();
    v.sort_unstable();
    v
}

/// Three players of known strengths, 30,000 events: how often each of the six orders comes
/// out matches its Plackett–Luce probability (`w_a/(w_a+w_b+w_c) · w_b/(w_b+w_c)`, `w = e^s`)
/// within four standard errors, and so does each player's share of first places; a ranking
/// drawn the wrong way round (weakest first) or by first places alone would fail by far.
#[test]
fn the_drawn_rankings_follow_plackett_luce() {
    let n = 30_000;
    let setup = Setup { players: 3, schedule: events(n, 3), spread: 1.0, draws: 0.0, repetitions: 1, seed: 11, ..Setup::default() };
    let (truth, data, _) = tournament(&setup, 0);
    assert_eq!(data.events.len(), n);
    assert!(data.games.is_empty());
    let w: Vec<f64> = truth.iter().map(|s| s.exp()).collect();
    let total: f64 = w.iter().sum();
    // The spread of the strengths drawn for this seed: a test of a clear difference.
    assert!(w.iter().cloned().fold(0.0, f64::max) / w.iter().cloned().fold(f64::MAX, f64::min) > 2.0, "{truth:?}");
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut seen = [0usize; 6];
    let mut firsts = [0usize; 3];
    for e in &data.events {
        let places = places_by_player(e);
        let mut order: Vec<usize> = (0..3).collect();
        order.sort_by_key(|&p| places[p].1);
        assert_eq!(places.iter().map(|p| p.1).sum::<u32>(), 6, "no ties without draws");
        seen[orders.iter().position(|o| o[..] == order[..]).unwrap()] += 1;
        firsts[order[0]] += 1;
    }
    let within = |count: usize, p: f64| {
        let se = (n as f64 * p * (1.0 - p)).sqrt();
        (count as f64 - n as f64 * p).abs() < 4.0 * se
    };
    for (o, &count) in orders.iter().zip(&seen) {
        let p = w[o[0]] / total * w[o[1]] / (w[o[1]] + w[o[2]]);
        assert!(within(count, p), "order {o:?}: {count} of {n}, expected {p}");
    }
    for a in 0..3 {
        assert!(within(firsts[a], w[a] / total), "player {a}: {} firsts, expected {}", firsts[a], w[a] / total);
    }
}

/// Between equals (spread 0) each pair of neighbours ties at the draw rate; a chain of ties
/// shares one place and the places are standard competition ranks (1, 1, 3, 4).
#[test]
fn neighbours_tie_at_the_draw_rate_between_equals() {
    let n = 10_000;
    let setup = Setup { players: 8, schedule: events(n, 4), spread: 0.0, draws: 0.3, repetitions: 1, seed: 3, ..Setup::default() };
    let (_, data, _) = tournament(&setup, 0);
    let mut tied = 0;
    for e in &data.events {
        let mut places: Vec<u32> = e.places.iter().map(|p| p.1).collect();
        places.sort_unstable();
        for (i, &p) in places.iter().enumerate() {
            // Standard competition ranking: a place is one more than the players ahead of it,
            // or the place of the one just ahead (a tie).
            assert!(p == i as u32 + 1 || (i > 0 && p == places[i - 1]), "{places:?}");
        }
        tied += places.windows(2).filter(|w| w[0] == w[1]).count();
    }
    let pairs = (3 * n) as f64;
    let se = (pairs * 0.3 * 0.7).sqrt();
    assert!((tied as f64 - 0.3 * pairs).abs() < 4.0 * se, "{tied} of {pairs} neighbours tied");
}

/// The field is dealt in rounds: 12 players in events of 4 make rounds of 3 events, nobody in
/// two events of a round, everyone in every full round; with 14 players two sit out each round,
/// a different two.
#[test]
fn events_are_dealt_in_rounds() {
    let setup = Setup { players: 12, schedule: events(30, 4), repetitions: 1, ..Setup::default() };
    let (_, data, _) = tournament(&setup, 0);
    let mut played = [0; 12];
    for round in data.events.chunks(3) {
        let mut seated: Vec<usize> = round.iter().flat_map(|e| e.places.iter().map(|p| p.0)).collect();
        seated.sort_unstable();
        assert_eq!(seated, (0..12).collect::<Vec<_>>());
        seated.iter().for_each(|&p| played[p] += 1);
    }
    assert!(played.iter().all(|&k| k == 10));
    let setup = Setup { players: 14, schedule: events(300, 4), repetitions: 1, ..Setup::default() };
    let (_, data, _) = tournament(&setup, 0);
    let mut played = vec![0; 14];
    for round in data.events.chunks(3) {
        let mut seated: Vec<usize> = round.iter().flat_map(|e| e.places.iter().map(|p| p.0)).collect();
        seated.iter().for_each(|&p| played[p] += 1);
        seated.sort_unstable();
        seated.dedup();
        assert_eq!(seated.len(), 12);
    }
    // 100 rounds, 12 of 14 seated: 85.7 events each on average; nobody sits out far more.
    assert!(played.iter().all(|&k| (70..=100).contains(&k)), "{played:?}");
}

/// With drift, each player's truth is its first strength plus one step a round: over 40 rounds
/// of steps of sd 0.2, the mean squared move is about 40 × 0.04 (not a step per event, which
/// would be 25 times as far with 25 events a round).
#[test]
fn the_drift_steps_once_a_round_of_events() {
    let setup = Setup { players: 100, schedule: events(1000, 4), drift: 0.2, repetitions: 1, seed: 5, ..Setup::default() };
    let (moved, _, _) = tournament(&setup, 0);
    let (still, _, _) = tournament(&Setup { drift: 0.0, ..setup.clone() }, 0);
    let mean_square = moved.iter().zip(&still).map(|(a, b)| (a - b) * (a - b)).sum::<f64>() / 100.0;
    let ratio = mean_square / (40.0 * 0.04);
    assert!((0.6..1.4).contains(&ratio), "{ratio}");
}

/// Many events among 30 players of clear strengths: Plackett–Luce's order is near the truth
/// (τ > 0.9) and at least as near as the organisers' mean place; Weng–Lin and multiplayer Elo
/// are reported beside it; the same seed, the same numbers.
#[test]
fn plackett_luce_finds_the_truth_from_many_events() {
    let setup = Setup { players: 30, schedule: events(3000, 4), spread: 1.5, draws: 0.0, repetitions: 4, seed: 21, ..Setup::default() };
    let kinds = [MethodKind::PlackettLuce, MethodKind::WengLin, MethodKind::MultiElo];
    let methods: Vec<Method> = kinds.iter().map(|&k| Method::default_for(k)).collect();
    assert_eq!(setup.check_methods(&methods), Ok(()));
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    assert_eq!(sim.completed, 4);
    assert_eq!(sim.baseline.label, "mean_place");
    let tau = |o: &ratings_engine::evaluation::simulate::Outcome| o.kendall_tau.mean.unwrap();
    let pl = &sim.methods[0];
    assert!(sim.methods.iter().all(|m| m.failures == 0 && m.top1_share.is_some()), "{:?}", sim.methods);
    assert!(tau(pl) > 0.9, "{pl:?}");
    assert!(tau(pl) >= tau(&sim.baseline) - 0.005, "{pl:?} {:?}", sim.baseline);
    assert!(tau(&sim.baseline) > 0.8, "{:?}", sim.baseline);
    assert_eq!(simulate(&setup, &methods, &Options::default(), &mut |_| true), sim);
}

/// Methods that rate only two-player games are refused on events, by name and with the
/// methods that rate events; run unchecked, each repetition reports them failed with that
/// reason, never a number.
#[test]
fn a_games_method_is_refused_on_events() {
    let setup = Setup { players: 10, schedule: events(50, 4), repetitions: 2, ..Setup::default() };
    let methods =
        [Method::default_for(MethodKind::PlackettLuce), Method::default_for(MethodKind::Brent), Method::default_for(MethodKind::Elo)];
    assert_eq!(
        setup.check_methods(&methods).unwrap_err().to_string(),
        "events:50:4 with brent, elo: Brent (brent) and Elo (elo) rate only two-player games, not events of 4 players; \
         events are rated by Multiplayer Elo (multi_elo), Plackett–Luce (plackett_luce) and Weng–Lin (weng_lin)"
    );
    // Games: every method runs.
    assert_eq!(Setup { schedule: Schedule::Swiss { rounds: 5 }, ..setup.clone() }.check_methods(&methods), Ok(()));
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    let brent = &sim.methods[1];
    assert_eq!((brent.failures, brent.kendall_tau.mean), (2, None));
    assert!(brent.failure.as_deref().is_some_and(|f| f.starts_with("Brent (brent) rates only two-player games")), "{brent:?}");
    assert_eq!(sim.methods[0].failures, 0);
}

/// `events:M:k` read and written; zero events, an event of one player (or of more than 64),
/// a missing size and an event larger than the field are refused, saying what is expected.
#[test]
fn the_events_schedule_is_read_and_checked() {
    let s: Schedule = "events:2000:4".parse().unwrap();
    assert_eq!((s, s.to_string()), (events(2000, 4), "events:2000:4".to_string()));
    assert_eq!("Events:10:2".parse::<Schedule>(), Ok(events(10, 2)));
    for bad in ["events:0:4", "events:10:1", "events:10:0", "events:10:65", "events:10", "events:x:4", "events:10:4:2"] {
        let e = bad.parse::<Schedule>().unwrap_err().to_string();
        assert!(e.contains("events:M:k (M events of k players, k from 2 to 64)"), "{bad}: {e}");
    }
    let small = Setup { players: 5, schedule: events(10, 8), ..Setup::default() };
    assert_eq!(small.check().unwrap_err().to_string(), "events:10:8: an event of 8 players needs at least 8 players, not 5");
    assert!(Setup { schedule: events(1_000_001, 2), repetitions: 1, ..Setup::default() }.check().is_err());
    assert_eq!(Setup { schedule: Schedule::DEFAULT_EVENTS, ..Setup::default() }.check(), Ok(()));
    // The work: a place in an event counts as a game.
    assert_eq!(Setup { schedule: events(2000, 4), ..Setup::default() }.player_games(), 8000);
}

/// With strengths wandering over 150 rounds of events, the sequential methods (multiplayer Elo,
/// Weng–Lin) order the players by their strength at the end better than Plackett–Luce's
/// whole-history fit does (as Glicko-2 and WHR do with games: `periods.rs`).
#[test]
fn with_drift_the_sequential_methods_follow_the_end_better() {
    let setup = Setup { players: 30, schedule: events(1500, 3), drift: 0.15, draws: 0.0, repetitions: 6, seed: 2, ..Setup::default() };
    let kinds = [MethodKind::PlackettLuce, MethodKind::MultiElo, MethodKind::WengLin];
    let methods: Vec<Method> = kinds.iter().map(|&k| Method::default_for(k)).collect();
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    let tau: Vec<f64> = sim.methods.iter().map(|m| m.kendall_tau.mean.unwrap()).collect();
    assert!(tau[1] > tau[0] + 0.05 && tau[2] > tau[0] + 0.05, "Plackett–Luce, multiplayer Elo, Weng–Lin: {tau:?}");
}
