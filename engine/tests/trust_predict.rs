//! Issue 19, item 5: held-out prediction says when no method beats a baseline. On the NFL data
//! (every game 1920-2020, FiveThirtyEight, MIT, `tests/data/nfl/`, byte for byte the copy in
//! `../shared/data/fivethirtyeight_nfl_elo_games`) with the defaults, Brent and Elo score
//! worse than a coin; a coin and the home rate are scored beside them, the methods behind
//! them are named with why (frozen ratings: rolling blocks suggested), tuning says when it
//! picks the end of its grid, and Elo's home advantage h is tuned like K. (`evaluate` on the
//! command line: `cli/tests/trust_predict.rs`.)

use ratings_engine::evaluation::predict::Predictor;
use ratings_engine::evaluation::{evaluate, tune, Baseline, Edge, Evaluation, Parameter, TunePoint, Tuning};
use ratings_engine::job::{Job, Settings};
use ratings_engine::methods::elo::{expected, EloParams};
use ratings_engine::methods::rate;
use ratings_engine::{Dataset, Method, Options};

const NFL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nfl/nfl_games.csv");

fn nfl() -> Dataset {
    let text = std::fs::read_to_string(NFL).unwrap();
    Job::read(&text, &Settings::default()).unwrap().input.dataset.clone()
}

/// Brent and Elo with their defaults, as the app and `evaluate` run them.
fn defaults() -> Vec<Method> {
    vec![Method::default_for(ratings_engine::MethodKind::Brent), Method::default_for(ratings_engine::MethodKind::Elo)]
}

fn log_loss(e: &Evaluation, label: &str) -> f64 {
    e.methods.iter().find(|m| m.label == label).unwrap().scores.as_ref().unwrap().log_loss
}

/// The file's games as (date, neutral, first side's score), read here without the engine.
fn games_by_hand() -> Vec<(String, bool, f64)> {
    let text = std::fs::read_to_string(NFL).unwrap();
    let mut games: Vec<(String, bool, f64)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[2] == "1", f[11].parse().unwrap())
        })
        .collect();
    // By date; a stable sort keeps the file's order within a day, as the engine does.
    games.sort_by(|a, b| a.0.cmp(&b.0));
    games
}

#[test]
fn a_coin_and_the_home_rate_are_scored_beside_the_methods() {
    let e = evaluate(&nfl(), &defaults(), &Options::default(), 0.2, 1);
    assert_eq!(e.baselines.iter().map(|b| b.baseline).collect::<Vec<_>>(), [Baseline::Coin, Baseline::HomeRate]);
    // The coin: ln 2 per game, Brier ¼ on every decisive game and 0 on a tie.
    let games = games_by_hand();
    let (train, test) = games.split_at(games.len() - 3362);
    let coin = &e.baselines[0].scores;
    assert!((coin.log_loss - std::f64::consts::LN_2).abs() < 1e-12, "{}", coin.log_loss);
    let decisive = test.iter().filter(|g| g.2 != 0.5).count();
    assert!((coin.brier - 0.25 * decisive as f64 / 3362.0).abs() < 1e-12, "{}", coin.brier);
    assert_eq!((coin.games, coin.accuracy), (3362, Some(0.5)));
    // The home rate: the home sides' share of the points in the 13,448 earlier games not on
    // neutral ground, predicted for each later game not on neutral ground (½ on it).
    let home: Vec<f64> = train.iter().filter(|g| !g.1).map(|g| g.2).collect();
    let rate = home.iter().sum::<f64>() / home.len() as f64;
    let loss = |p: f64, s: f64| -(s * p.ln() + (1.0 - s) * (1.0 - p).ln());
    let expected_loss = test.iter().map(|g| loss(if g.1 { 0.5 } else { rate }, g.2)).sum::<f64>() / test.len() as f64;
    let h = &e.baselines[1];
    assert!((h.rate.unwrap() - rate).abs() < 1e-12, "{:?} {rate}", h.rate);
    assert!((h.scores.log_loss - expected_loss).abs() < 1e-12, "{} {expected_loss}", h.scores.log_loss);
    assert!(rate > 0.55 && expected_loss < std::f64::consts::LN_2, "{rate} {expected_loss}");
    // Games on neutral ground only: no home rate.
    let mut neutral = nfl();
    for g in &mut neutral.games {
        g.set_neutral(true);
    }
    let e = evaluate(&neutral, &defaults(), &Options::default(), 0.2, 1);
    assert_eq!(e.baselines.iter().map(|b| b.baseline).collect::<Vec<_>>(), [Baseline::Coin]);
}

#[test]
fn methods_behind_the_baseline_are_named_with_why_and_not_marked_best() {
    let data = nfl();
    let e = evaluate(&data, &defaults(), &Options::default(), 0.2, 1);
    // The numbers: both worse than a coin.
    assert!((log_loss(&e, "brent") - 0.7056).abs() < 5e-5 && (log_loss(&e, "elo") - 0.7266).abs() < 5e-5);
    assert_eq!(e.best_method(), None, "no method beats the baselines: none is marked best");
    let behind = e.behind().expect("a note");
    assert_eq!(behind.methods.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(), ["brent", "elo"]);
    assert_eq!(behind.baseline, Baseline::HomeRate);
    let text = behind.text("--rolling 20");
    assert!(
        text.starts_with("brent and elo predict the later games worse than the home rate (log-loss 0.7056 and 0.7266 against 0.68"),
        "{text}"
    );
    assert!(
        text.contains("ratings stay frozen through all 3362 later games")
            && text.contains("rolling blocks")
            && text.contains("(--rolling 20)"),
        "{text}"
    );

    // In rolling blocks Elo follows the teams and beats both baselines; Brent, fit on every
    // game since 1920 alike, does not: a neutral note, no rolling suggested.
    let e = evaluate(&data, &defaults(), &Options::default(), 0.2, 20);
    assert_eq!(e.best_method(), Some(1), "elo is marked best");
    let text = e.behind().expect("brent is behind").text("--rolling 20");
    assert!(
        text.starts_with("brent predicts the later games worse than the home rate") && text.contains("even in 20 rolling blocks"),
        "{text}"
    );
    assert!(!text.contains("stale") && !text.contains("--rolling"), "{text}");
    assert!(text.contains("brent weighs every earlier game alike"), "{text}");

    // A method that beats the baselines: no note.
    let elo = Method::Elo(EloParams { k: 20.0, home: 65.0, ..EloParams::default() });
    let e = evaluate(&data, &[elo], &Options::default(), 0.2, 20);
    assert!(e.behind().is_none() && e.best_method() == Some(0), "{:?}", e.behind());
}

#[test]
fn tuning_says_when_it_picks_the_end_of_its_grid() {
    let data = nfl();
    let elo = Method::default_for(ratings_engine::MethodKind::Elo);
    let t = tune(&data, &elo, &Options::default(), Parameter::EloK, &Parameter::EloK.grid(), 0.2);
    assert_eq!((t.chosen, t.edge()), (Some(4.0), Some(Edge::Lowest)));
    assert_eq!(t.edge_note().as_deref(), Some("K = 4 was the lowest value tried: the best may lie below; widen the grid"));
    // The grid carried on below 4 (K stays positive).
    let wider = Parameter::EloK.widen(&Parameter::EloK.grid(), Edge::Lowest);
    assert_eq!(&wider[..4], [0.5, 1.0, 2.0, 4.0]);
    let t = tune(&data, &elo, &Options::default(), Parameter::EloK, &wider, 0.2);
    assert_eq!(t.chosen, Some(0.5));
    assert!(t.edge_note().is_some_and(|n| n.starts_with("K = 0.5 was the lowest")));
    // At the top of a grid.
    let t = tune(&data, &elo, &Options::default(), Parameter::EloZeta, &[100.0, 200.0, 400.0, 800.0], 0.2);
    assert_eq!((t.chosen, t.edge()), (Some(800.0), Some(Edge::Highest)), "{t:?}");
    assert!(t.edge_note().is_some_and(|n| n == "ζ = 800 was the highest value tried: the best may lie above; widen the grid"));
    // γ = 0 is as low as γ goes: not an edge to widen.
    let point = |value: f64, loss: f64| TunePoint { value, validation: Some(loss), held_out: Some(loss) };
    let t = Tuning { parameter: Parameter::BrentGamma, points: vec![point(0.0, 0.6), point(1.0, 0.7)], chosen: Some(0.0) };
    assert_eq!((t.edge(), t.edge_note()), (None, None));
    // But h = 0 is: the first side may have no advantage, or be the weaker.
    let t = Tuning { parameter: Parameter::EloHome, ..t };
    assert_eq!(t.edge(), Some(Edge::Lowest));
    assert_eq!(&Parameter::EloHome.widen(&[0.0, 10.0, 20.0], Edge::Lowest)[..3], [-30.0, -20.0, -10.0]);
}

#[test]
fn elo_s_home_advantage_is_tuned_like_k() {
    let data = nfl();
    let elo = Method::default_for(ratings_engine::MethodKind::Elo);
    assert!(Parameter::all().contains(&Parameter::EloHome));
    assert_eq!(Parameter::EloHome.method(), ratings_engine::MethodKind::Elo);
    let t = tune(&data, &elo, &Options::default(), Parameter::EloHome, &Parameter::EloHome.grid(), 0.2);
    assert_eq!(t.points.len(), Parameter::EloHome.grid().len());
    // FiveThirtyEight's own h, inside the grid: no edge note.
    assert_eq!((t.chosen, t.edge()), (Some(65.0), None), "{t:?}");
    let at = |v: f64| t.points.iter().find(|p| p.value == v).unwrap().held_out.unwrap();
    assert!(at(65.0) < at(0.0) - 0.005, "h = 65 predicts the held-out games better than none: {} {}", at(65.0), at(0.0));
    // Put in the user's parameters.
    let mut params = ratings_engine::methods::Params::default();
    Parameter::EloHome.put(&mut params, 65.0);
    assert_eq!(params.elo.home, 65.0);
    // Not Elo: nothing to tune.
    let brent = Method::default_for(ratings_engine::MethodKind::Brent);
    assert!(tune(&data, &brent, &Options::default(), Parameter::EloHome, &[0.0, 65.0], 0.2).points.is_empty());
}

/// Elo's prediction of a game on neutral ground gives no home advantage, as its fit does.
#[test]
fn elo_predicts_neutral_ground_without_home_advantage() {
    let mut d = Dataset::new();
    for _ in 0..3 {
        d.add_game("Home", "Away", 1.0);
    }
    d.add_game("Home", "Away", 0.0).set_neutral(true);
    let method = Method::Elo(EloParams { home: 65.0, ..EloParams::default() });
    let rating = rate(&d, &method, &Options::default()).unwrap();
    let predictor = Predictor::new(&method, &rating, &d);
    let r = |name: &str| rating.players.iter().find(|p| p.name == name).unwrap().rating.unwrap();
    let gap = r("Home") - r("Away");
    assert!((predictor.predict(&d.games[0]).0 - expected(gap + 65.0, 400.0)).abs() < 1e-12);
    assert!((predictor.predict(&d.games[3]).0 - expected(gap, 400.0)).abs() < 1e-12, "no home advantage on neutral ground");
}

/// Multi-player events: the coin is equal strengths (a full ranking of n costs ln n!: each of
/// the n! orders equally likely), and there is no home side.
#[test]
fn events_have_equal_shares_as_their_coin() {
    use ratings_engine::methods::multi_elo::MultiEloParams;
    use ratings_engine::model::Event;
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..6).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    for e in 0..40 {
        let places = (0..3).map(|k| (ids[(e + k * 2) % 6], k as u32 + 1)).collect();
        d.events.push(Event { name: format!("E{e}"), places, line: e + 2, unranked: Vec::new(), team: Vec::new() });
    }
    let e = evaluate(&d, &[Method::MultiElo(MultiEloParams::default())], &Options::default(), 0.25, 1);
    assert_eq!(e.baselines.len(), 1);
    let coin = &e.baselines[0];
    assert_eq!((coin.baseline, coin.scores.games), (Baseline::Coin, 10));
    assert!((coin.scores.log_loss - 6f64.ln()).abs() < 1e-12, "{}", coin.scores.log_loss);
}
