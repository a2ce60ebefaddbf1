//! The `ratings-lab` command line, run as a user runs it.

mod common;

use common::{err, out, run_bytes};
use serde_json::Value;
use std::process::Output;

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    run_bytes(args, stdin.unwrap_or("").as_bytes())
}

fn fixture(path: &str) -> String {
    common::fixture_path(path)
}

const SMALL: &str = "white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\nBen,Anna,0-1\n";

#[test]
fn rates_the_premier_league_table() {
    let o = run(&["rate", &fixture("openfootball/en.1.csv")], None);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    // The accelerated iteration is the command line's default (it needs the fewest passes).
    assert!(lines[0].starts_with("Brent eigenvector ratings (accelerated): converged in"), "{text}");
    assert!(lines[2].contains("Rank") && lines[2].contains("Rating"));
    assert!(lines[3].contains("Manchester City FC") && lines[3].contains("31.5"), "{text}");
    assert!(lines[4].contains("Arsenal FC"));
    assert!(lines[22].contains("Sheffield United FC"), "{text}");
    assert_eq!(lines.len(), 23, "20 teams, no warnings: {text}");
}

#[test]
fn json_output_has_the_documented_shape() {
    let o = run(&["rate", &fixture("openfootball/en.1.csv"), "--format", "json"], None);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).expect("one JSON object");
    assert_eq!(v["method"], "brent");
    assert_eq!(v["converged"], true);
    assert!(v["iterations"].as_u64().unwrap() > 0);
    assert_eq!(v["trace"].as_array().unwrap().len() as u64, v["iterations"].as_u64().unwrap());
    assert!(v["warnings"].as_array().unwrap().is_empty());
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 20);
    let ratings: Vec<f64> = players.iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1] - 1e-9), "best first");
    assert_eq!(players[0]["name"], "Manchester City FC");
    assert_eq!(players[0]["games"], 38);
    assert_eq!(players[0]["score"], 31.5);
    let mean = ratings.iter().sum::<f64>() / 20.0;
    assert!((mean - 1500.0).abs() < 1e-6);
}

#[test]
fn csv_output_and_standard_input() {
    let o = run(&["rate", "-", "--format", "csv", "--scale", "natural"], Some(SMALL));
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.starts_with("rank,name,rating,log_strength,games,score,group,status,sigma,label\n1,Anna,"), "{text}");
    assert_eq!(text.lines().count(), 4);
}

#[test]
fn variants_agree_and_sigma_only_changes_iterations() {
    let json = |extra: &[&str]| -> Value {
        let mut args = vec!["rate", "-", "--format", "json", "--eps", "1e-12"];
        args.extend_from_slice(extra);
        let o = run(&args, Some(SMALL));
        assert!(o.status.success(), "{}", err(&o));
        serde_json::from_str(&out(&o)).unwrap()
    };
    let base = json(&[]);
    for extra in [&["--variant", "fixed"][..], &["--variant", "zermelo"], &["--sigma", "2"]] {
        let other = json(extra);
        for (a, b) in base["players"].as_array().unwrap().iter().zip(other["players"].as_array().unwrap()) {
            assert_eq!(a["name"], b["name"]);
            assert!((a["rating"].as_f64().unwrap() - b["rating"].as_f64().unwrap()).abs() < 1e-6, "{extra:?}");
        }
    }
    assert!(base["iterations"].as_u64() < json(&["--sigma", "10"])["iterations"].as_u64());
}

#[test]
fn a_bad_line_is_an_error_naming_line_and_column() {
    let o = run(&["rate", "-"], Some("white,black,result\nA,B,1-0\nA,B,win?\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).is_empty());
    assert!(err(&o).contains("line 3, column 'result': expected a result such as 1-0"), "{}", err(&o));
    let o = run(&["rate", "-", "--skip-bad-lines"], Some("white,black,result\nA,B,1-0\nA,B,win?\nB,A,=\n"));
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("warning: line 3: skipped"), "{}", out(&o));
}

#[test]
fn column_mapping_for_any_header() {
    let text = "Heim;Gast;Tore1;Tore2\nA;B;2;0\nB;A;1;1\nA;B;0;1\n";
    let o = run(&["rate", "-"], Some(text));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("no column for the first player"), "{}", err(&o));
    let o = run(&["rate", "-", "--map", "first=Heim,second=Gast,score1=Tore1,score2=#4"], Some(text));
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).lines().nth(3).unwrap().contains(" A "));
}

#[test]
fn degenerate_data_is_diagnosed_and_gamma_fixes_it() {
    let text = "white,black,result\nA,B,1-0\nA,C,1-0\nB,C,1/2-1/2\nC,B,1-0\n";
    let o = run(&["rate", "-"], Some(text));
    assert!(o.status.success());
    let t = out(&o);
    assert!(t.contains("A has not lost a point"), "{t}");
    assert!(t.contains("(no finite rating: lost no points)"));
    assert!(t.contains("try a dummy player, gamma = 1"));
    let o = run(&["rate", "-", "--gamma", "1", "--format", "json"], Some(text));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["players"][0]["name"], "A");
    assert!(v["players"].as_array().unwrap().iter().all(|p| p["rating"].is_f64()));
}

#[test]
fn old_ratings_and_anchors() {
    let dir = std::env::temp_dir().join(format!("ratings-lab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let players = dir.join("players.csv");
    std::fs::write(&players, "name,rating,weight\nAnna,2000,10\nBen,1800,10\nCleo,1900,10\n").unwrap();
    let o = run(&["rate", "-", "--players", players.to_str().unwrap(), "--format", "json"], Some(SMALL));
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    let r: Vec<f64> = v["players"].as_array().unwrap().iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    // Ten games' worth of old ratings keep everyone near them, on their own scale.
    assert!(r.iter().all(|&x| (1750.0..2050.0).contains(&x)), "{r:?}");
    let o = run(&["rate", "-", "--anchor", "cleo=1000", "--format", "csv"], Some(SMALL));
    assert!(out(&o).contains(",Cleo,1000.000,"), "{}", out(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn errors_go_to_stderr_with_a_nonzero_exit() {
    let o = run(&["rate", "/no/such/file.csv"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).starts_with("ratings-lab: cannot read /no/such/file.csv"), "{}", err(&o));
    let o = run(&["rate", "-", "--sigma=-1"], Some(SMALL));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("parameter sigma = -1: expected a number ≥ 0"), "{}", err(&o));
    let o = run(&["rate", "-", "--variant", "nope"], Some(SMALL));
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["rate", "-"], Some(""));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("the input is empty"));
}

#[test]
fn help_documents_every_flag_and_the_input_format() {
    let o = run(&["rate", "--help"], None);
    assert!(o.status.success());
    let help = out(&o);
    for flag in [
        "--method",
        "--variant",
        "--sigma",
        "--gamma",
        "--eps",
        "--max-iter",
        "--scale",
        "--mean",
        "--anchor",
        "--format",
        "--map",
        "--skip-bad-lines",
        "--players",
        "--prior-weight",
        "--trace",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help");
    }
    for words in ["INPUT FORMAT", "1/2-1/2", "home_score", "EXIT STATUS"] {
        assert!(help.contains(words), "{words}");
    }
}

#[test]
fn latin1_input_is_read_with_a_warning() {
    let mut bytes = b"white,black,result\nM\xfcller,B,1-0\nB,M\xfcller,1-0\n".to_vec();
    bytes.truncate(bytes.len());
    let dir = std::env::temp_dir().join(format!("ratings-lab-latin1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("games.csv");
    std::fs::write(&f, &bytes).unwrap();
    let o = run(&["rate", f.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("Müller"));
    assert!(out(&o).contains("is not UTF-8"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn elo_json_has_the_same_shape_plus_history_and_accuracy() {
    let o = run(
        &["rate", &fixture("openfootball/en.1.csv"), "--method", "elo", "--k", "20", "--home", "60", "--margin", "--format", "json"],
        None,
    );
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["method"], "elo");
    assert_eq!(v["variant"], "by date, margin");
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 20);
    assert_eq!(players[0]["name"], "Manchester City FC");
    let history = players[0]["history"].as_array().unwrap();
    assert_eq!(history.len(), 38);
    assert_eq!(history.last().unwrap()["rating"], players[0]["rating"]);
    let acc = v["accuracy"].as_f64().unwrap();
    assert!((0.5..0.8).contains(&acc), "{acc}");
    let sum: f64 = players.iter().map(|p| p["rating"].as_f64().unwrap()).sum();
    assert!((sum - 20.0 * 1500.0).abs() < 1e-6);
    let table = out(&run(&["rate", &fixture("openfootball/en.1.csv"), "--method", "elo"], None));
    assert!(table.starts_with("Elo ratings (by date): one pass through the games"), "{table}");
    assert!(table.contains("foresight accuracy:"));
}

#[test]
fn multiplayer_elo_reads_events() {
    let text = "event,player,place\ng1,Ann,1\ng1,Bo,2\ng1,Cy,3\ng1,Di,4\ng2,Bo,1\ng2,Ann,2\ng2,Cy,3\n";
    let o = run(&["rate", "-", "--method", "multi-elo", "--format", "json"], Some(text));
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["method"], "multi_elo");
    let names: Vec<&str> = v["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 4);
    // Every place counts (issue 39): Di, last of four, lost three places; Cy, third twice,
    // won the last place each time. (While only the winner counted, Cy's two losses put him
    // last.)
    assert_eq!(&names[2..], ["Cy", "Di"]);
    let o = run(&["rate", "-", "--method", "multi-elo"], Some("event,player,place\ng1,A,1\ng1,B,zero\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("line 3, column 'place'"), "{}", err(&o));
}

/// Team files (issue 39): Weng–Lin and Plackett–Luce rate the example quiz league (its
/// members the players), multiplayer Elo refuses it naming the line and the methods that rate
/// teams, and a member in two teams of a night names both lines.
#[test]
fn team_files_are_rated_by_weng_lin_and_plackett_luce() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/teams/quiz_league.csv");
    for method in [&["--method", "weng-lin"][..], &["--method", "plackett-luce", "--gamma", "1"]] {
        let mut args = vec!["rate", file, "--format", "json"];
        args.extend(method);
        let o = run(&args, None);
        assert!(o.status.success(), "{method:?}: {}", err(&o));
        let v: Value = serde_json::from_str(&out(&o)).unwrap();
        let players = v["players"].as_array().unwrap();
        assert_eq!(players.len(), 8, "{method:?}");
        assert!(players.iter().all(|p| p["rating"].is_number() && p["name"] != "Owls"), "{method:?}");
    }
    let o = run(&["rate", file, "--method", "multi-elo"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("line 2") && err(&o).contains("Weng–Lin or Plackett–Luce"), "{}", err(&o));
    let o = run(
        &["rate", "-", "--method", "weng-lin"],
        Some(
            "event,team,place,members
e,A,1,P; Q
e,B,2,Q; R
",
        ),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("line 3, column 'members'") && err(&o).contains("'Q' on line 2"), "{}", err(&o));
}

/// Ranking files (issue 39): a debate tab is one event a room a round, by header names and by
/// a mapping; place columns with a tie; a place that skips names its line.
#[test]
fn multiplayer_elo_reads_ranking_files() {
    let tab = "round,room,team,rank\n1,A,T1,1\n1,A,T2,2\n1,A,T3,3\n1,A,T4,4\n1,B,T5,1\n1,B,T6,2\n1,B,T7,3\n1,B,T8,4\n";
    for map in [None, Some("event=round+room,place=rank")] {
        let mut args = vec!["rate", "-", "--method", "multi-elo", "--format", "json"];
        args.extend(map.iter().flat_map(|m| ["--map", m]));
        let o = run(&args, Some(tab));
        assert!(o.status.success(), "{}", err(&o));
        let v: Value = serde_json::from_str(&out(&o)).unwrap();
        assert_eq!(v["iterations"], 2, "two events, one a room: {map:?}");
    }
    let o = run(&["rate", "-", "--method", "multi-elo"], Some("race,1st,2nd,3rd\nr1,A = B,,C\nr2,C,A,B\n"));
    assert!(o.status.success(), "{}", err(&o));
    let o = run(&["rate", "-", "--method", "multi-elo"], Some("event,player,place\ng,A,1\ng,B,3\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("line 3, column 'place': expected places without a gap"), "{}", err(&o));
}

#[test]
fn multiplayer_elo_rates_the_riichi_club() {
    // PlayerRatings' riichi data is GPL: it stays in ../shared and this test needs it.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/playerratings_afl_riichi/riichi.csv");
    if !std::path::Path::new(path).exists() {
        eprintln!("skipped: {path} is absent (GPL data is not copied into the project)");
        return;
    }
    let o = run(&["rate", path, "--method", "multi-elo", "--format", "json"], None);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 69);
    assert_eq!(v["iterations"], 540, "one update per game");
    let games: u64 = players.iter().map(|p| p["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 4 * 540);
    let sum: f64 = players.iter().map(|p| p["rating"].as_f64().unwrap()).sum();
    assert!((sum - 69.0 * 1500.0).abs() < 1e-6);
}

#[test]
fn jrank_json_has_the_shape_and_the_fit_grid() {
    let o = run(&["rate", &fixture("openfootball/en.1.csv"), "--method", "jrank", "--fit", "--holdout", "0.25", "--format", "json"], None);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["method"], "jrank");
    assert_eq!(v["converged"], true);
    assert!(v["players"].as_array().unwrap().iter().all(|p| p["rating"].as_f64().is_some_and(|r| r > 0.0)));
    let fit = &v["fit"];
    assert_eq!(fit["k_values"].as_array().unwrap().len(), fit["error"].as_array().unwrap().len());
    assert_eq!(fit["in_sample"], false);
    assert_eq!(fit["fitted_games"].as_u64().unwrap() + fit["scored_games"].as_u64().unwrap(), 380);
}

#[test]
fn aga_rates_the_bayrate_games_with_sigma_and_dan_kyu_labels() {
    // The BayRate test data is GPL: it stays in ../shared and this test needs it.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/aga_bayrate_testdata_go");
    if !std::path::Path::new(dir).exists() {
        eprintln!("skipped: {dir} is absent (GPL data is not copied into the project)");
        return;
    }
    let games = format!("{dir}/games.csv");
    let players = format!("{dir}/players.csv");
    let o = run(&["rate", &games, "--method", "aga", "--players", &players, "--format", "json"], None);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["method"], "aga");
    let rated: Vec<&Value> = v["players"].as_array().unwrap().iter().filter(|p| p["status"] == "rated").collect();
    assert!(rated.len() > 1400, "{}", rated.len());
    for p in &rated {
        let (r, s) = (p["rating"].as_f64().unwrap(), p["sigma"].as_f64().unwrap());
        assert!(r.abs() >= 1.0 && s > 0.0 && s <= 6.0, "{p}");
        let label = p["label"].as_str().unwrap();
        assert!(label.ends_with(if r > 0.0 { 'd' } else { 'k' }), "{p}");
    }
    assert!(
        v["warnings"].as_array().unwrap().iter().any(|w| w.as_str().unwrap().contains("exclude")),
        "the 22 excluded games are reported"
    );
}

#[test]
fn tiebreaks_of_a_trf_tournament() {
    let file = fixture("trf/held_swiss_5.trf");
    let o = run(&["tiebreaks", &file, "--order", "BH-C1,bh,SB,EIG", "--format", "json"], None);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["order"], serde_json::json!(["BH-C1", "BH", "SB", "EIG"]));
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 16);
    // Held's exercise 1: Bruno (start 2) has Buchholz 13.0 and leads on points.
    let bruno = &players[0];
    assert_eq!(
        (bruno["name"].as_str(), bruno["start"].as_u64(), bruno["points"].as_f64(), bruno["rank"].as_u64()),
        (Some("Bruno"), Some(2), Some(4.0), Some(1))
    );
    assert_eq!(bruno["tiebreaks"]["BH"], 13.0);
    assert!(bruno["tiebreaks"]["EIG"].is_f64());
    assert!(bruno["eig_sigma"].as_f64().is_some_and(|s| s > 0.0), "the standard error beside EIG");
    assert!(!bruno["explanations"]["BH"].as_str().unwrap().is_empty());
    // Sorted by points, then the tiebreaks in order.
    let key = |p: &Value| (p["points"].as_f64().unwrap(), p["tiebreaks"]["BH-C1"].as_f64().unwrap());
    assert!(players.windows(2).all(|w| key(&w[0]) >= key(&w[1])));
    // By default FIDE's recommended Swiss order: EIG is offered, not put in unasked (issue 19).
    let table = out(&run(&["tiebreaks", &file], None));
    assert!(table.contains("Rk") && table.contains("BH-C1") && !table.contains("EIG"), "{table}");
    let bad = run(&["tiebreaks", &file, "--order", "BH,XYZ"], None);
    assert_eq!(bad.status.code(), Some(1));
    assert!(err(&bad).contains("unknown tiebreak 'XYZ'"), "{}", err(&bad));
}

/// A tiebreak listed twice is refused, naming it (it printed three identical columns).
#[test]
fn a_repeated_tiebreak_in_the_order_is_refused() {
    let file = fixture("trf/held_swiss_5.trf");
    let bad = run(&["tiebreaks", &file, "--order", "BH,BH,BH"], None);
    assert_eq!(bad.status.code(), Some(1), "{}", out(&bad));
    assert!(err(&bad).contains("--order: BH is listed twice in the order of tiebreaks (at 1 and 2)"), "{}", err(&bad));
    let bad = run(&["tiebreaks", &fixture("trf/fideteam_nocolor.trf"), "--teams", "--order", "EMGSB,BC,ESB:MG"], None);
    assert_eq!(bad.status.code(), Some(1), "{}", out(&bad));
    assert!(err(&bad).contains("--order: EMGSB is listed twice in the order of tiebreaks (at 1 and 3)"), "{}", err(&bad));
}

#[test]
fn tiebreak_rules_are_named_by_year() {
    let file = fixture("trf/held_swiss_5.trf");
    assert!(out(&run(&["tiebreaks", &file], None)).contains("FIDE C.07 (2023 rules)"));
    assert!(out(&run(&["tiebreaks", &file, "--rules", "2026"], None)).contains("FIDE C.07 (2026 rules)"));
    for unknown in ["2019", "2025", "fide2026"] {
        let o = run(&["tiebreaks", &file, "--rules", unknown], None);
        assert_eq!(o.status.code(), Some(2), "{unknown}");
        assert!(err(&o).contains(&format!("invalid value '{unknown}' for '--rules")), "{}", err(&o));
        assert!(err(&o).contains("[possible values: 2023, 2026]"), "{}", err(&o));
    }
}

#[test]
fn tournament_files_feed_every_method() {
    for file in [fixture("trf/held_swiss_5.trf"), fixture("pgn/uzchesscup.pgn")] {
        for method in ["brent", "elo", "jrank", "aga", "multi-elo"] {
            let o = run(&["rate", &file, "--method", method, "--gamma", "1", "--format", "json"], None);
            assert!(o.status.success(), "{file} {method}: {}", err(&o));
            let v: Value = serde_json::from_str(&out(&o)).unwrap();
            assert!(v["players"].as_array().unwrap().iter().any(|p| p["rating"].is_f64()), "{file} {method}");
        }
    }
    let o = run(&["tiebreaks", "-"], Some("white,black,result\nA,B,1-0\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("expected a FIDE TRF file"));
}

#[test]
fn an_empty_tournament_prints_no_negative_zero() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n*\n";
    let o = run(&["tiebreaks", "-", "--order", "BH,SB,PS,WIN,EIG", "--format", "json"], Some(text));
    assert!(o.status.success(), "{}", err(&o));
    assert!(!out(&o).contains("-0.0"), "{}", out(&o));
    let t = out(&run(&["tiebreaks", "-"], Some(text)));
    assert!(!t.contains("-0.0"), "{t}");
}

/// Defaults live once, in the engine: what the command line runs with when no flag is given
/// is each method's own default (JRank's tolerance is 1e-10, not Brent's 1e-9).
#[test]
fn every_method_runs_with_the_engines_own_defaults() {
    use ratings_engine::{Method, MethodKind};
    for method in MethodKind::ALL {
        let o = run(&["rate", "-", "--method", method.name(), "--format", "json"], Some(SMALL));
        assert!(o.status.success(), "{method}: {}", err(&o));
        let v: Value = serde_json::from_str(&out(&o)).unwrap();
        let engine = serde_json::to_value(Method::default_for(method)).unwrap();
        assert_eq!(v["params"], engine, "{method}");
    }
    let o = run(&["rate", "-", "--method", "jrank", "--format", "json"], Some(SMALL));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["params"]["jrank"]["eps"], 1e-10);
    // One --eps sets the tolerance of whichever iterative method runs.
    let o = run(&["rate", "-", "--method", "jrank", "--eps", "1e-7", "--format", "json"], Some(SMALL));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["params"]["jrank"]["eps"], 1e-7);
}

#[test]
fn unknown_method_variant_scale_or_rules_names_are_clear_errors() {
    for (args, words) in [
        (vec!["rate", "-", "--method", "bradley"], vec!["unknown method 'bradley'", "brent, elo, multi_elo, jrank, aga"]),
        (vec!["rate", "-", "--variant", "alg2"], vec!["unknown variant 'alg2'", "alg1, fixed, zermelo"]),
        (vec!["rate", "-", "--scale", "glicko"], vec!["unknown scale 'glicko'", "elo or natural"]),
        (vec!["tiebreaks", "-", "--rules", "1999"], vec!["1999"]),
    ] {
        let o = run(&args, Some(SMALL));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        for w in words {
            assert!(err(&o).contains(w), "{args:?}: {}", err(&o));
        }
    }
    // A parameter out of range names itself, and the iteration cap has a ceiling.
    let o = run(&["rate", "-", "--gamma", "-1"], Some(SMALL));
    assert!(err(&o).contains("gamma") && err(&o).contains("≥ 0"), "{}", err(&o));
    let o = run(&["rate", "-", "--max-iter", "100000000"], Some(SMALL));
    assert!(err(&o).contains("max_iter") && err(&o).contains("at most"), "{}", err(&o));
    let o = run(&["rate", "-", "--anchor", "=1600"], Some(SMALL));
    assert!(!o.status.success() && err(&o).contains("expected NAME=RATING"), "{}", err(&o));
}

/// A negative number given to any numeric flag reaches the parameter's own check (and its
/// message), or is taken when it is allowed, never refused as an unknown argument.
#[test]
fn negative_numbers_reach_the_parameter_check() {
    // Each case: the method, the flag, and the words of the parameter's message ("" = allowed).
    let cases = [
        ("brent", "--sigma", "parameter sigma = -1: expected a number ≥ 0"),
        ("brent", "--gamma", "parameter gamma = -1: expected a number ≥ 0"),
        ("brent", "--eps", "parameter eps = -1: expected a number > 0"),
        ("brent", "--max-iter", "parameter max_iter = -1: expected at least 1"),
        ("brent", "--mean", ""),
        ("brent", "--prior-weight", "--prior-weight -1: expected a number of games, 0 or more"),
        ("elo", "--zeta", "parameter zeta = -1: expected a number > 0"),
        ("elo", "--k", "parameter k = -1: expected a number ≥ 0"),
        ("elo", "--home", ""),
        ("elo", "--initial", ""),
        ("multi-elo", "--zeta", "parameter zeta = -1: expected a number > 0"),
        ("jrank", "--jrank-k", "parameter k = -1: expected a number > 0"),
        ("jrank", "--jrank-p", "parameter p = -1: expected a number > 0"),
        ("jrank", "--jrank-damping", "parameter damping = -1: expected a number in (0, 1]"),
        ("jrank", "--holdout", "parameter holdout = -1: expected a fraction in [0, 1)"),
        ("jrank", "--max-iter", "parameter max_iter = -1: expected at least 1"),
        ("aga", "--max-iter", "parameter max_iter = -1: expected at least 1"),
    ];
    for (method, flag, words) in cases {
        let o = run(&["rate", "-", "--method", method, flag, "-1"], Some(SMALL));
        if words.is_empty() {
            assert!(o.status.success(), "{method} {flag} -1: {}", err(&o));
        } else {
            assert_eq!(o.status.code(), Some(1), "{method} {flag} -1: {}", err(&o));
            assert!(err(&o).contains(words), "{method} {flag} -1: {}", err(&o));
        }
    }
}

/// The command line decodes a file that is not UTF-8 by the engine's one rule (the app
/// decodes by the same function: tests/web.rs checks that side).
#[test]
fn windows_1252_files_decode_as_the_engine_decodes_them() {
    let bytes = b"white,black,result\r\nZo\xeb \x80,B\xe9la \x8a,1-0\r\nB\xe9la \x8a,Zo\xeb \x80,1/2-1/2\r\n";
    let expected = ratings_engine::parse::decode::decode(bytes).unwrap().text;
    assert!(expected.contains("Zoë €") && expected.contains("Béla Š"));
    let dir = std::env::temp_dir().join(format!("ratings-lab-1252-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("games.csv");
    std::fs::write(&f, bytes).unwrap();
    let o = run(&["rate", f.to_str().unwrap(), "--format", "csv"], None);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("Zoë €") && out(&o).contains("Béla Š"), "{}", out(&o));
    assert!(err(&o).contains("not UTF-8: read as Windows-1252"), "{}", err(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// `compare` on the Premier League with `args`, its JSON read.
fn compare_json(args: &[&str]) -> Value {
    let file = fixture("openfootball/en.1.csv");
    let mut all = vec!["compare", &file];
    all.extend(args);
    all.extend(["--format", "json"]);
    let o = run(&all, None);
    assert!(o.status.success(), "{args:?}: {}", err(&o));
    serde_json::from_str(&out(&o)).expect("one JSON object")
}

/// Each player's value under `method` in `section` ("ratings", "ranks"), by name.
fn by_name(v: &Value, section: &str, method: &str) -> Vec<(String, Value)> {
    let mut rows: Vec<(String, Value)> =
        v["players"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap().to_string(), p[section][method].clone())).collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

#[test]
fn compare_prints_the_documented_json() {
    let v = compare_json(&["--methods", "brent,elo"]);
    assert_eq!(v["methods"], serde_json::json!(["brent", "elo"]));
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 20);
    let city = &players[0];
    assert_eq!(city["name"], "Manchester City FC", "best first by the first method");
    assert_eq!((city["ranks"]["brent"].as_u64(), city["ranks"]["elo"].as_u64()), (Some(1), Some(1)));
    assert!(city["ratings"]["brent"].is_f64() && city["ratings"]["elo"].is_f64());
    assert_eq!(city["spread"], serde_json::json!({}), "no orders asked for");
    let pairs = v["agreement"].as_array().unwrap();
    assert_eq!(pairs.len(), 1);
    let p = &pairs[0];
    assert_eq!((p["a"].as_str(), p["b"].as_str()), (Some("brent"), Some("elo")));
    let (tau, rho) = (p["kendall_tau_b"].as_f64().unwrap(), p["spearman_rho"].as_f64().unwrap());
    assert!(0.5 < tau && tau < rho && rho <= 1.0, "{tau} {rho}");
    let top = p["top10_overlap"].as_f64().unwrap();
    assert!((5.0..=10.0).contains(&top), "{top}");
}

/// The flags mean in `compare` what they mean in `rate`: the same ratings.
#[test]
fn compare_shares_the_rate_flags_and_their_defaults() {
    let flags = ["--k", "20", "--home", "60", "--margin", "--gamma", "0.5"];
    let v = compare_json(&[&["--methods", "elo,brent"][..], &flags].concat());
    for (method, name) in [("elo", "elo"), ("brent", "brent")] {
        let file = fixture("openfootball/en.1.csv");
        let o = run(&[&["rate", &file, "--method", method, "--format", "json"][..], &flags].concat(), None);
        let rated: Value = serde_json::from_str(&out(&o)).unwrap();
        let mut want: Vec<(String, Value)> =
            rated["players"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap().to_string(), p["rating"].clone())).collect();
        want.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(by_name(&v, "ratings", name), want, "{method}");
    }
}

#[test]
fn compare_the_same_method_twice_with_flags_of_its_own() {
    let v = compare_json(&["--methods", "elo:k=16,brent,elo:k=40", "--shuffles", "20", "--seed", "3"]);
    assert_eq!(v["methods"], serde_json::json!(["elo", "brent", "elo#2"]));
    assert_eq!(v["agreement"].as_array().unwrap().len(), 3);
    assert_ne!(by_name(&v, "ratings", "elo"), by_name(&v, "ratings", "elo#2"));
    let mean_sd = |m: &str| by_name(&v, "spread", m).iter().map(|(_, s)| s["sd"].as_f64().unwrap()).sum::<f64>() / 20.0;
    assert!(mean_sd("elo") > 0.0, "Elo's ratings move with the order");
    assert!(mean_sd("elo#2") > mean_sd("elo"), "a larger K, a larger spread");
    // Brent takes no order: its spread is its rating, with sd 0.
    for p in v["players"].as_array().unwrap() {
        let (r, s) = (&p["ratings"]["brent"], &p["spread"]["brent"]);
        assert!(s["min"] == *r && s["max"] == *r && s["sd"] == 0.0, "{p}");
    }
    // The same seed, the same orders; another seed, others.
    assert_eq!(compare_json(&["--methods", "elo:k=16,brent,elo:k=40", "--shuffles", "20", "--seed", "3"]), v);
    let other = compare_json(&["--methods", "elo:k=16", "--shuffles", "20", "--seed", "4"]);
    assert_ne!(by_name(&other, "spread", "elo"), by_name(&v, "spread", "elo"));
}

#[test]
fn compare_table_puts_the_agreement_on_top_and_csv_has_a_row_per_player() {
    let file = fixture("openfootball/en.1.csv");
    let o = run(&["compare", &file, "--methods", "brent,elo,jrank", "--shuffles", "5", "--reversed"], None);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let (agreement, table) = (text.find("Kendall τ-b").unwrap(), text.find("Name").unwrap());
    assert!(agreement < table, "{text}");
    assert!(text.contains("brent – elo") && text.contains("elo – jrank"), "{text}");
    let rows: Vec<&str> = text[table..].lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 21, "{text}");
    let width = rows[0].chars().count();
    assert!(rows.iter().all(|l| l.chars().count() == width), "aligned columns:\n{text}");
    assert!(text.contains("brent, jrank: no order changes these ratings"), "{text}");
    let o = run(&["compare", &file, "--methods", "brent,elo", "--format", "csv"], None);
    let csv = out(&o);
    assert!(csv.starts_with("name,brent_rating,brent_rank,elo_rating,elo_rank\nManchester City FC,"), "{csv}");
    assert_eq!(csv.lines().count(), 21);
}

#[test]
fn compare_reports_a_failing_method_by_name_and_keeps_the_others() {
    let o = run(&["compare", "-", "--methods", "brent,elo", "--k", "-1", "--format", "json"], Some(SMALL));
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("elo: parameter k = -1: expected a number ≥ 0"), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["methods"], serde_json::json!(["brent"]));
    assert_eq!(v["players"][0]["name"], "Anna");
    // Nothing rated at all is an error of the command.
    let o = run(&["compare", "-", "--methods", "elo,multi-elo", "--k", "-1"], Some(SMALL));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("elo: ") && err(&o).contains("multi_elo: ") && out(&o).is_empty(), "{}", err(&o));
}

#[test]
fn compare_refuses_bad_method_lists_as_bad_arguments() {
    for (methods, words) in [
        ("brent,bradley", "unknown method 'bradley'"),
        ("elo:format=csv", "'format' is not a method's parameter"),
        ("elo:k=abc", "invalid value 'abc'"),
        (",", "expected at least one method"),
    ] {
        let o = run(&["compare", "-", "--methods", methods], Some(SMALL));
        assert_eq!(o.status.code(), Some(2), "{methods}: {}", err(&o));
        assert!(err(&o).contains(words), "{methods}: {}", err(&o));
    }
    let o = run(&["compare", "--help"], None);
    for words in ["--methods", "--shuffles", "--seed", "--reversed", "--k", "--gamma", "elo#2", "kendall_tau_b"] {
        assert!(out(&o).contains(words), "{words} missing from compare --help");
    }
}

/// A scratch file for this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ratings-lab-organiser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn json_of(args: &[&str]) -> Value {
    let o = run(args, None);
    assert!(o.status.success(), "{args:?}: {}", err(&o));
    serde_json::from_str(&out(&o)).unwrap()
}

#[test]
fn tiebreaks_after_a_round_are_the_library_s_standings_of_the_tournament_then() {
    use ratings_engine::tiebreak::{standings, Rules, Tiebreak};
    let file = fixture("trf/held_swiss_5.trf");
    let v = json_of(&["tiebreaks", &file, "--round", "3", "--order", "BH,SB,PS", "--format", "json"]);
    assert_eq!((v["round"].as_u64(), v["rounds_played"].as_u64()), (Some(3), Some(5)));
    let (t, _) = ratings_engine::parse::trf::parse_trf(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let expected = standings(&t.after_round(3), &[Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Ps], Rules::Fide2023);
    for (p, r) in v["players"].as_array().unwrap().iter().zip(&expected.rows) {
        assert_eq!(
            (p["start"].as_u64(), p["points"].as_f64(), p["rank"].as_u64()),
            (Some(r.start as u64), Some(r.points), Some(r.rank as u64))
        );
        for tb in &r.values {
            assert_eq!(p["tiebreaks"][tb.code.code()].as_f64(), tb.value, "{} of {}", tb.code, r.name);
        }
    }
    // Bruno (2): 1, 1, ½ in the first three rounds.
    let bruno = v["players"].as_array().unwrap().iter().find(|p| p["start"] == 2).unwrap();
    assert_eq!(bruno["points"], 2.5);
    let table = out(&run(&["tiebreaks", &file, "--round", "3"], None));
    assert!(table.contains("standings after round 3 of 5 played"), "{table}");
    let o = run(&["tiebreaks", &file, "--round", "6"], None);
    assert!(!o.status.success() && err(&o).contains("--round 6: the file has 5 rounds played (expected 1 to 5)"), "{}", err(&o));
}

#[test]
fn the_2026_tiebreaks_and_ge_as_rep_on_the_command_line() {
    // C.07 2026: REP (GE, its old name, still read), STD, TPN, RTNG; Held's Swiss, all rated.
    let file = fixture("trf/held_swiss_5.trf");
    let v = json_of(&["tiebreaks", &file, "--order", "GE,STD,RTNG,TPN", "--format", "json"]);
    assert_eq!(v["order"], serde_json::json!(["REP", "STD", "RTNG", "TPN"]));
    let nick = v["players"].as_array().unwrap().iter().find(|p| p["start"] == 12).unwrap();
    assert_eq!(
        (&nick["tiebreaks"]["REP"], &nick["tiebreaks"]["STD"], &nick["tiebreaks"]["RTNG"], &nick["tiebreaks"]["TPN"]),
        (&serde_json::json!(3.0), &serde_json::json!(2.0), &serde_json::json!(1650.0), &serde_json::json!(12.0))
    );
    let table = out(&run(&["tiebreaks", &file, "--order", "RTNG,TPN"], None));
    assert!(table.contains(" 1650 ") && !table.contains("1650.0"), "{table}");
}

#[test]
fn ranks_written_back_are_checked_and_the_order_that_gave_them_is_found() {
    let file = fixture("trf/held_swiss_5.trf");
    let text = std::fs::read_to_string(&file).unwrap();
    let written = scratch("held_bh_sb.trf");
    let w = written.to_str().unwrap();
    let o = run(&["tiebreaks", &file, "--order", "BH,SB", "--write-trf", w], None);
    assert!(o.status.success(), "{}", err(&o));
    let back = std::fs::read_to_string(&written).unwrap();
    // Only the rank columns (86-89) of the player lines change.
    assert_eq!(text.lines().count(), back.lines().count());
    for (a, b) in text.lines().zip(back.lines()) {
        let outside = |l: &str| l.chars().enumerate().filter(|(i, _)| !(85..89).contains(i)).map(|(_, c)| c).collect::<String>();
        assert_eq!(outside(a).trim_end(), outside(b).trim_end());
    }
    // The file that agrees: with the order in force.
    let v = json_of(&["tiebreaks", w, "--order", "BH,SB", "--check-ranks", "--format", "json"]);
    assert_eq!(v["ranks_agree"], true);
    assert_eq!(v["matching_order"], serde_json::json!({"order": ["BH", "SB"], "rules": "2023"}));
    assert!(v["players"].as_array().unwrap().iter().all(|p| p["declared_rank"].is_u64()));
    // Checked under another order: they differ, the first difference is explained, and the
    // search finds an order that gives them, which then agrees.
    let v = json_of(&["tiebreaks", w, "--order", "PS", "--check-ranks", "--format", "json"]);
    assert_eq!(v["ranks_agree"], false);
    assert!(v["first_difference"].as_str().unwrap().contains("the file gives rank"), "{v}");
    let found = &v["matching_order"];
    let order: Vec<&str> = found["order"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let again = json_of(&[
        "tiebreaks",
        w,
        "--order",
        &order.join(","),
        "--rules",
        found["rules"].as_str().unwrap(),
        "--check-ranks",
        "--format",
        "json",
    ]);
    assert_eq!(again["ranks_agree"], true, "{order:?}");
    // The table says the same in words, with the file's rank beside each player.
    let table = out(&run(&["tiebreaks", w, "--order", "PS", "--check-ranks"], None));
    assert!(table.contains("File") && table.contains("differ from these standings") && table.contains("They follow"), "{table}");
    // Ranks are final: not written or checked after an earlier round.
    let o = run(&["tiebreaks", &file, "--round", "3", "--write-trf", w], None);
    assert!(!o.status.success() && err(&o).contains("final standings"), "{}", err(&o));
    let o = run(&["tiebreaks", "-", "--write-trf", w], Some("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n"));
    assert!(!o.status.success() && err(&o).contains("expected a TRF file"), "{}", err(&o));
}

#[test]
fn the_crosstable_of_a_round_robin_mirrors_each_game() {
    let file = fixture("trf/held_round_robin.trf");
    let o = run(&["tiebreaks", &file, "--crosstable", "--order", "SB"], None);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let rows: Vec<Vec<&str>> =
        text.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows.len(), 6, "{text}");
    // Columns: place, start, name, six cells, points, SB.
    let cell = |i: usize, j: usize| rows[i][3 + j];
    let mirror = |c: &str| -> String {
        let (result, colour) = c.split_at(c.len() - 1);
        let r = match result {
            "1" => "0",
            "0" => "1",
            "½" => "½",
            "+" => "−",
            "−" => "+",
            other => other,
        };
        format!("{r}{}", if colour == "w" { "b" } else { "w" })
    };
    for i in 0..6 {
        assert_eq!(cell(i, i), "x");
        for j in (0..6).filter(|&j| j != i) {
            assert_eq!(mirror(cell(i, j)), cell(j, i), "row {i} column {j}:\n{text}");
        }
    }
    let swiss = out(&run(&["tiebreaks", &fixture("trf/held_swiss_5.trf"), "--crosstable", "--format", "csv"], None));
    assert!(swiss.starts_with("rank,start,name,R1,R2,R3,R4,R5,points,BH-C1,BH,SB\n"), "{swiss}");
    assert_eq!(swiss.lines().count(), 17);
}

#[test]
fn a_round_robin_s_player_who_left_under_half_their_games_is_not_counted_and_every_output_says_so() {
    // FIDE Tournament Rules C.06 V.4a (FIDE's checklist Q103): Bert withdrew from round 5 of a
    // double round robin's 10 with 4 games played. The values are TieBreakServer's of the
    // tournament without him (engine/tests/tiebreak.rs); here, what each output says.
    let file = fixture("tiebreak/tiebreakserver_rr_withdrawals_trf/drr6_withdrawn.trf");
    let note = "Not counted: Bert (#2) left the round robin having played fewer than half of their games (FIDE Tournament Rules C.06 V.4a)";
    let table = out(&run(&["tiebreaks", &file], None));
    assert!(table.contains(" nc     2  Bert   2.0") && table.contains(note), "{table}");
    let cross = out(&run(&["tiebreaks", &file, "--crosstable"], None));
    assert!(cross.contains(note), "{cross}");
    let csv = run(&["tiebreaks", &file, "--format", "csv"], None);
    assert!(out(&csv).lines().last().unwrap().starts_with(",2,Bert,2"), "{}", out(&csv));
    assert!(err(&csv).contains(note), "{}", err(&csv));
    let v = json_of(&["tiebreaks", &file, "--format", "json"]);
    let bert = &v["players"][5];
    assert_eq!(
        (&bert["name"], &bert["rank"], &bert["not_counted"], &bert["tiebreaks"]["SB"]),
        (&"Bert".into(), &Value::Null, &true.into(), &Value::Null)
    );
    assert_eq!(v["players"][0]["points"], 3.5, "Ada's 1½ points against Bert (a draw, a forfeit won) are not counted");
    let check = out(&run(&["check", &file], None));
    assert!(check.contains(&format!("note: {note}")), "{check}");
}

#[test]
fn a_round_robin_refuses_buchholz_tiebreaks() {
    // FIDE's checklist for tournament programs, Q105 (a hard fail): a round robin may not use
    // Buchholz tie-breaks (C.07 8). Asked for on the command line: refused, naming them.
    let file = fixture("trf/held_round_robin.trf");
    let o = run(&["tiebreaks", &file, "--order", "DE,BH-C1,SB,AOB"], None);
    assert!(!o.status.success(), "{}", out(&o));
    let e = err(&o);
    assert!(e.contains("--order: BH-C1 and AOB: a round robin may not use Buchholz tie-breaks (C.07 8;") && e.contains("Q105"), "{e}");
    for code in ["BH", "BH-C2", "BH-M1", "BH-M2", "FB", "FB-C1"] {
        let o = run(&["tiebreaks", &file, "--order", code], None);
        assert!(!o.status.success() && err(&o).contains(&format!("--order: {code}: a round robin")), "{code}: {}", err(&o));
    }
    // The other codes are the round robin's to use.
    let v = json_of(&["tiebreaks", &file, "--order", "DE,WIN,SB,KS", "--format", "json"]);
    assert_eq!(v["order"], serde_json::json!(["DE", "WIN", "SB", "KS"]));
    // A file that declares one: its order without it, saying so.
    let text = std::fs::read_to_string(&file).unwrap();
    let declared = text.replacen('\n', "\n212 PTS, BH, SB\n", 1);
    let v: Value = serde_json::from_str(&out(&run(&["tiebreaks", "-", "--format", "json"], Some(&declared)))).unwrap();
    assert_eq!(v["order"], serde_json::json!(["SB"]));
    let table = out(&run(&["tiebreaks", "-"], Some(&declared)));
    assert!(table.contains("The file declares its tiebreaks: BH, SB (record 212) — in use without its Buchholz tie-breaks"), "{table}");
    let said = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|w| w.as_str())
        .any(|w| w.starts_with("BH: a round robin may not use") && w.ends_with("left out of the order of tiebreaks"));
    assert!(said, "{v}");
    // A Swiss keeps them.
    let v = json_of(&["tiebreaks", &fixture("trf/held_swiss_5.trf"), "--order", "BH,FB,AOB", "--format", "json"]);
    assert_eq!(v["order"], serde_json::json!(["BH", "FB", "AOB"]));
}

#[test]
fn the_file_s_own_tiebreaks_are_the_default_order() {
    let text = std::fs::read_to_string(fixture("trf/held_swiss_5.trf")).unwrap();
    let declared = text.replacen('\n', "\n212 PTS, BH/C1, SB\n", 1);
    let o = run(&["tiebreaks", "-", "--format", "json"], Some(&declared));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["order"], serde_json::json!(["BH-C1", "SB"]));
    assert_eq!(v["declared_order"], serde_json::json!({"record": 212, "order": ["BH-C1", "SB"], "unknown": []}));
    // --order wins; the table says the file's order is not the one in use.
    let table = out(&run(&["tiebreaks", "-", "--order", "BH"], Some(&declared)));
    assert!(table.contains("The file declares its tiebreaks: BH-C1, SB (record 212) — not the order in use."), "{table}");
    // A list with a code not computed here is shown, not used.
    let team = text.replacen('\n', "\n212 PTS BBE BH\n", 1);
    let v: Value = serde_json::from_str(&out(&run(&["tiebreaks", "-", "--format", "json"], Some(&team)))).unwrap();
    assert_eq!(v["order"], serde_json::json!(["BH-C1", "BH", "SB"]));
    assert!(v["warnings"].as_array().unwrap().iter().any(|w| w.as_str().unwrap().contains("BBE not computed here")));
}

#[test]
fn team_standings_of_a_team_trf() {
    let file = fixture("trf/fideteam_nocolor.trf");
    // The file's own order (212 PTS, BC, BBE) by default: its declared team ranks.
    let v = json_of(&["tiebreaks", &file, "--teams", "--format", "json"]);
    assert_eq!((v["primary"].as_str(), &v["order"]), (Some("MP"), &serde_json::json!(["BC", "BBE"])));
    let teams = v["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 9);
    for t in teams {
        assert_eq!(t["rank"], t["declared_rank"], "{t}");
    }
    assert_eq!(
        (teams[0]["name"].as_str(), teams[0]["match_points"].as_f64(), teams[0]["game_points"].as_f64()),
        (Some("Team 1"), Some(14.0), Some(13.5))
    );
    assert!(v["warnings"].as_array().unwrap().is_empty(), "{v}");
    // Another primary and order; CSV and the table.
    let v = json_of(&["tiebreaks", &file, "--teams", "--primary", "gp", "--order", "MPvGP,EGMSB", "--format", "json"]);
    assert_eq!(v["teams"][0]["tiebreaks"]["MPvGP"], 14.0);
    let csv = out(&run(&["tiebreaks", &file, "--teams", "--format", "csv"], None));
    assert!(csv.starts_with("rank,number,team,match_points,game_points,BC,BBE\n1,1,Team 1,14,13.5,"), "{csv}");
    let table = out(&run(&["tiebreaks", &file, "--teams"], None));
    assert!(table.contains("team standings by match points"), "{table}");
    // Errors: a bad code, a file without teams.
    let o = run(&["tiebreaks", &file, "--teams", "--order", "DE"], None);
    assert!(!o.status.success() && err(&o).contains("not offered for teams"), "{}", err(&o));
    let o = run(&["tiebreaks", &fixture("trf/held_swiss_5.trf"), "--teams"], None);
    assert!(!o.status.success() && err(&o).contains("lists no teams"), "{}", err(&o));
}

#[test]
fn evaluate_prints_the_documented_json_and_table() {
    let file = fixture("openfootball/en.1.csv");
    let v = json_of(&["evaluate", &file, "--methods", "brent:gamma=1,elo,jrank", "--format", "json"]);
    let methods = v["methods"].as_array().unwrap();
    assert_eq!(methods.iter().map(|m| m["method"].as_str().unwrap()).collect::<Vec<_>>(), ["brent", "elo", "jrank"]);
    for m in methods {
        for key in ["log_loss", "brier", "accuracy"] {
            assert!(m[key].as_f64().is_some_and(|x| x.is_finite() && x > 0.0), "{key}: {m}");
        }
        assert_eq!((m["games_scored"].as_u64(), m["unseen_games"].as_u64()), (Some(76), Some(0)));
        assert_eq!(m["calibration"].as_array().unwrap().len(), 10);
    }
    assert_eq!((v["order"].as_str(), v["holdout"].as_f64(), v["folds"].as_u64()), (Some("by date"), Some(0.2), Some(1)));
    // --holdout, --rolling; the tuning curve; the table's words.
    let v = json_of(&["evaluate", &file, "--holdout", "0.5", "--rolling", "5", "--tune", "elo-k", "--format", "json"]);
    assert_eq!((v["games_scored"].as_u64(), v["folds"].as_u64()), (Some(190), Some(5)));
    assert_eq!(v["tuning"]["points"].as_array().unwrap().len(), 10);
    assert!(v["tuning"]["chosen"].is_f64());
    let table = out(&run(&["evaluate", &file, "--methods", "brent,aga"], None));
    assert!(table.contains("log-loss") && table.contains("aga: the AGA's model reads every game as an even Go game"), "{table}");
    let o = run(&["evaluate", &file, "--holdout", "1.5"], None);
    assert!(!o.status.success() && err(&o).contains("--holdout 1.5: expected a share between 0 and 1"), "{}", err(&o));
    // --rolling is bounded: at most 1,000 blocks (each a whole fit), at most one per held-out
    // game (then said).
    let o = run(&["evaluate", &file, "--rolling", "100000"], None);
    assert!(!o.status.success() && err(&o).contains("--rolling 100000: expected 1 to 1000 blocks"), "{}", err(&o));
    let table = out(&run(&["evaluate", &file, "--methods", "elo", "--rolling", "1000"], None));
    assert!(table.contains("warning: --rolling 1000: the held-out share has 76 games, so 76 blocks of one game each"), "{table}");
}

#[test]
fn simulate_prints_the_documented_json_and_is_repeatable() {
    let args = [
        "simulate",
        "--players",
        "12",
        "--schedule",
        "swiss:5",
        "--repetitions",
        "10",
        "--seed",
        "9",
        "--methods",
        "brent:gamma=1,elo",
        "--format",
        "json",
    ];
    let v = json_of(&args);
    let methods = v["methods"].as_array().unwrap();
    assert_eq!(methods.len(), 2);
    for m in methods.iter().chain([&v["baseline"]]) {
        assert!(m["kendall_tau"]["mean"].is_f64() && m["kendall_tau"]["sd"].is_f64(), "{m}");
        assert!(m["top1_share"].as_f64().is_some_and(|t| (0.0..=1.0).contains(&t)));
        assert!(m["mean_abs_rank_error"]["mean"].is_f64());
    }
    assert_eq!(v["baseline"]["method"], "points_buchholz");
    assert_eq!((v["setup"]["schedule"].as_str(), v["completed"].as_u64()), (Some("swiss:5"), Some(10)));
    assert_eq!(json_of(&args), v, "the same seed, the same numbers");
    let csv = out(&run(&["simulate", "--players", "8", "--schedule", "round-robin", "--repetitions", "3", "--format", "csv"], None));
    assert!(csv.starts_with("method,kendall_tau_mean,kendall_tau_sd,top1_share,") && csv.contains("\npoints_buchholz,"), "{csv}");
    for (bad, words) in [("swiss:0", "expected round-robin"), ("knockout", "expected round-robin")] {
        let o = run(&["simulate", "--schedule", bad], None);
        assert!(!o.status.success() && err(&o).contains(words), "{}", err(&o));
    }
    // 2,000 players in a round robin 100,000 times would run for days: refused at once, with
    // the limit (issue 19).
    let o = run(&["simulate", "--players", "2000", "--repetitions", "100000", "--schedule", "round-robin"], None);
    assert!(
        !o.status.success() && err(&o).contains("more than the 100,000,000 a simulation may ask for; at most 25 repetitions"),
        "{}",
        err(&o)
    );
    let o = run(&["simulate", "--players", "1"], None);
    assert!(!o.status.success() && err(&o).contains("players 1: expected 2 to 2000"), "{}", err(&o));
}
