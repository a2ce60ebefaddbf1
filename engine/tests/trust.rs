//! Regression tests for the defects hostile inputs found (issue 10), each named after what it
//! guards: no input, however strange, may give a wrong answer in silence, a panic, or a
//! message the size of the input. (The resource bounds are in `bounds.rs`.)

use ratings_engine::error::{EXCERPT_CHARS, MAX_LINE_BYTES};
use ratings_engine::job::{Job, JobReader, Settings};
use ratings_engine::methods::aga::rank_seed;
use ratings_engine::model::name_key;
use ratings_engine::parse::aga::parse_aga;
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::parse::{parse_csv, CsvOptions};
use ratings_engine::tiebreak::eig::eigenvector_ratings;
use ratings_engine::{rate, Dataset, Method, MethodKind, Options, RateError};
use std::collections::HashSet;

/// A TRF player record (start rank, name, points, rounds as `"   2 w 1"`).
fn trf_player(start: u32, name: &str, points: &str, rounds: &[&str]) -> String {
    let mut l = format!("001 {start:>4}      {name:<33}{:33}{points:>4} {start:>4}  ", "");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

/// Asserts that the dataset's players have pairwise different names (as names match).
fn assert_distinct_names(d: &Dataset, case: &str) {
    let keys: HashSet<String> = d.players.iter().map(|p| name_key(&p.name)).collect();
    assert_eq!(keys.len(), d.players.len(), "{case}: {:?}", d.players.iter().map(|p| &p.name).collect::<Vec<_>>());
}

#[test]
fn renamed_duplicate_entrants_never_merge() {
    // Entrant 2's shown name would be "A (#2)": entrant 1's own name. 1 beat 2.
    let text =
        [trf_player(1, "A (#2)", "1.0", &["   2 w 1"]), trf_player(2, "A", "0.0", &["   1 b 0"]), trf_player(3, "A", "0.5", &["0000 - H"])]
            .join("\n");
    let (t, _) = parse_trf(&text).unwrap();
    let d = t.dataset();
    assert_eq!(d.players.len(), 3, "one player per entrant");
    assert_distinct_names(&d, "TRF");
    let g = &d.games[0];
    assert_eq!((g.first(), g.second(), g.score), (0, 1, 1.0), "entrant 1 beat entrant 2, not themselves");
    let ids: Vec<Option<&str>> = d.players.iter().map(|p| p.id()).collect();
    assert_eq!(ids, [Some("1"), Some("2"), Some("3")], "player i is entrant i");
    // The EIG tiebreak goes to the right entrants: the winner above the loser, the third none.
    let eig = eigenvector_ratings(&t);
    let (a, b) = (eig.rating[0].unwrap(), eig.rating[1].unwrap());
    assert!(a > b && eig.rating[2].is_none(), "{eig:?}");
    // The same through the whole job, with the standings.
    let job = Job::read(&text, &Settings::default()).unwrap();
    let standings = job.standings().unwrap();
    assert_eq!(standings.standings.rows.len(), 3);
    assert!(job.run().rating.is_ok());

    // The AGA's format: players by id; "A (z)" is player x's own name.
    let aga = "PLAYERS\nx A (z) 3d\ny A 3d\nz A 3d\nGAMES\nx y W 0 7.5\ny z B 0 7.5\n";
    let p = parse_aga(aga).unwrap();
    assert_eq!(p.dataset.players.len(), 3);
    assert_distinct_names(&p.dataset, "AGA");
    let pairs: Vec<(usize, usize)> = p.dataset.games.iter().map(|g| (g.first(), g.second())).collect();
    assert_eq!(pairs, [(0, 1), (1, 2)]);
}

#[test]
fn inconsistent_data_are_refused_in_release_builds_too() {
    // Each case: how the data were built wrongly, and what the error says.
    type Spoil = fn(&mut Dataset);
    let cases: [(&str, Spoil, &str); 4] = [
        (
            "one player on both sides",
            |d| {
                let f = d.games[0].first();
                d.games[0].set_players(f, f);
            },
            "'A' is on both sides",
        ),
        (
            "a player who does not exist",
            |d| {
                let f = d.games[0].first();
                d.games[0].set_players(f, 9);
            },
            "player number 9 is not in the data",
        ),
        ("a score out of range", |d| d.games[0].score = 2.0, "the score is 2"),
        ("a player twice in an event", |d| d.events[0].places.push((0, 3)), "'A' is in it twice"),
    ];
    for (case, spoil, expected) in cases {
        let mut d = Dataset::new();
        d.add_game("A", "B", 1.0);
        d.add_game("B", "C", 0.5);
        d.events.push(ratings_engine::Event {
            name: "e".into(),
            places: vec![(0, 1), (1, 2)],
            line: 0,
            unranked: Vec::new(),
            team: Vec::new(),
        });
        spoil(&mut d);
        for kind in MethodKind::ALL {
            match rate(&d, &Method::default_for(kind), &Options::default()) {
                Err(e @ RateError::InvalidData { .. }) => assert!(e.to_string().contains(expected), "{case}, {kind}: {e}"),
                other => panic!("{case}, {kind}: expected the data refused, got {other:?}"),
            }
        }
    }
}

#[test]
fn aga_rank_0p_is_refused_not_wrapped() {
    for rank in ["0p", "0 pro", "0P", "0d", "0k", "10p", "51k"] {
        assert_eq!(rank_seed(rank), None, "{rank}");
    }
    // In a games file: a warning naming it, the player seeded from their opponents.
    let csv = "white,black,result,rank1,rank2\nA,B,W,0p,3d\nB,A,B,3d,0p\n";
    let parsed = parse_csv(csv, &CsvOptions::default()).unwrap();
    let r = rate(&parsed.dataset, &Method::default_for(MethodKind::Aga), &Options::default()).unwrap();
    assert!(r.warnings.iter().any(|w| w.contains("'0p'")), "{:?}", r.warnings);
    assert!(r.players.iter().all(|p| p.rating.is_some_and(f64::is_finite)));
    // In the AGA's format: an error naming the line.
    let e = parse_aga("PLAYERS\n1 A 0p\n2 B 3d\nGAMES\n1 2 W 0 7.5\n").unwrap_err().to_string();
    assert!(e.starts_with("line 2, column 'rank'") && e.contains("found '0p'"), "{e}");
}

/// Every line of the messages `text` gives is short: each field it quotes is an excerpt of
/// at most [`EXCERPT_CHARS`] characters (of the filler `¤` here), and a line quotes at most two.
fn assert_short(case: &str, text: &str) {
    for line in text.lines() {
        let quoted = line.matches('¤').count();
        assert!(
            quoted <= 2 * EXCERPT_CHARS && line.chars().count() <= 1_000,
            "{case}: a message of {} characters: {line:.300}…",
            line.len()
        );
    }
}

#[test]
fn a_line_past_the_limit_is_refused_by_its_number_and_quoted_briefly() {
    let long_header = "a,".repeat(MAX_LINE_BYTES) + "a";
    let nul = "\0".repeat(MAX_LINE_BYTES + 1);
    let long_name = "x".repeat(MAX_LINE_BYTES + 5);
    // Each case: the text, the method, and the line refused.
    let cases: Vec<(&str, String, MethodKind, usize)> = vec![
        ("a header of many fields", format!("{long_header}\nA,B,1-0\n"), MethodKind::Brent, 1),
        ("NUL bytes", nul.clone(), MethodKind::Brent, 1),
        ("NUL bytes after comments", format!("# c\n\n{nul}"), MethodKind::Elo, 3),
        ("a long game line", format!("white,black,result\nA,B,1-0\n{long_name},B,1-0\nB,C,0-1\n"), MethodKind::Brent, 3),
        (
            "a quoted field never closed",
            format!("white,black,result\nA,\"B{}\nC,D,1-0\n", "\nx".repeat(MAX_LINE_BYTES)),
            MethodKind::Brent,
            2,
        ),
        ("events", format!("event,player,place\n{long_name},A,1\n"), MethodKind::MultiElo, 2),
        ("TRF", format!("012 T\n{}\n001    2      {long_name}\n", trf_player(1, "A", "0.0", &[])), MethodKind::Brent, 3),
        ("PGN", format!("[White \"A\"]\n[Black \"{long_name}\"]\n[Result \"1-0\"]\n\n1-0\n"), MethodKind::Brent, 2),
        ("AGA", format!("TOURNEY T\nPLAYERS\n1 A 3d\n2 {long_name} 3d\n"), MethodKind::Aga, 4),
    ];
    for (case, text, method, line) in cases {
        let settings = Settings { method, ..Settings::default() };
        let e = match Job::read(&text, &settings) {
            Err(e) => e,
            Ok(_) => panic!("{case}: read"),
        };
        assert!(e.0.iter().any(|e| e.line() == line), "{case}: line {line} is not named: {e}");
        // Read in pieces, as the app's worker reads a file: the same refusal (a file of NUL
        // bytes is no text at all: refused as such, issue 19 item 6).
        let mut reader = JobReader::new(&settings);
        text.as_bytes().chunks(10_007).for_each(|chunk| reader.push(chunk));
        match reader.finish() {
            Err(streamed) if case.starts_with("NUL bytes") => {
                assert!(streamed.to_string().starts_with("this is not a results file"), "{case}: {streamed}")
            }
            Err(streamed) => assert_eq!(streamed.to_string(), e.to_string(), "{case}: read in pieces"),
            Ok(_) => panic!("{case}: read in pieces"),
        }
        let message = e.to_string();
        assert!(message.contains(&format!("line {line}")), "{case}: {message:.300}");
        assert_short(case, &message);
    }
}

#[test]
fn messages_quote_at_most_200_characters_of_the_input() {
    let long = "¤".repeat(50_000);
    // Each case: text whose messages (errors or warnings) quote a long field.
    let cases: Vec<(&str, String, MethodKind)> = vec![
        ("a header without the columns", format!("{long},b\nA,B\n"), MethodKind::Brent),
        ("a bad result", format!("white,black,result\nA,B,{long}\n"), MethodKind::Brent),
        ("a long name on both sides", format!("white,black,result\n{long},{long},1-0\n"), MethodKind::Brent),
        ("a bad column mapping", "white,black,result\nA,B,1-0\n".into(), MethodKind::Brent),
        ("a TRF field", format!("012 T\n{}\n", trf_player(1, "A", &long[..30], &[])), MethodKind::Brent),
        ("a PGN tag", format!("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"{long}\"]\n\n1-0\n"), MethodKind::Brent),
        ("an AGA id", format!("TOURNEY T\nPLAYERS\n{long} A 3d\n{long} B 3d\n"), MethodKind::Aga),
        ("an AGA name taken", format!("TOURNEY T\nPLAYERS\n1 {long} 3d\n2 {long} 3d\nGAMES\n1 2 W 0 7\n"), MethodKind::Aga),
    ];
    for (case, text, method) in cases {
        let mapping = if case == "a bad column mapping" { format!("first={long}") } else { String::new() };
        let settings = Settings { method, mapping, ..Settings::default() };
        let messages = match Job::read(&text, &settings) {
            Err(e) => e.to_string(),
            Ok(job) => {
                let warnings: Vec<String> = job.input.warnings.iter().map(|w| w.to_string()).collect();
                let finished = job.run();
                let rated = finished.rating.map_or_else(|e| vec![e.to_string()], |r| r.warnings);
                [warnings, rated].concat().join("\n")
            }
        };
        assert!(messages.contains("¤¤¤¤"), "{case}: the field is not quoted at all: {messages:.300}");
        assert_short(case, &messages);
    }
}

#[test]
fn a_pgn_round_table_out_of_proportion_is_refused_not_allocated() {
    let game = |white: &str, black: &str, round: &str| {
        format!("[White \"{white}\"]\n[Black \"{black}\"]\n[Round \"{round}\"]\n[Result \"1-0\"]\n\n1-0\n\n")
    };
    // A round number of a hundred million: a table of 2 × 10⁸ rounds.
    let text = game("A", "B", "1") + &game("B", "C", "100000000");
    let e = ratings_engine::parse::pgn::parse_pgn(&text).unwrap_err().to_string();
    assert!(e.starts_with("line 8, column 'Round'") && e.contains("round 100000000 is the highest"), "{e}");
    // One player's collection of 3,000 games against 3,000 others: 3,001 entrants × 3,000 rounds.
    let text: String = (0..3_000).map(|i| game("Me", &format!("Opponent {i}"), "?")).collect();
    let e = ratings_engine::parse::pgn::parse_pgn(&text).unwrap_err().to_string();
    assert!(e.contains("3001 entrants and up to 3000 rounds"), "{e}");
    // A tournament's own table is never refused: 300 players, 11 rounds, some unnumbered.
    let text: String = (0..11)
        .flat_map(|r| (0..150).map(move |k| (r, k)))
        .map(|(r, k)| {
            let round = if k % 7 == 0 { "?".to_string() } else { (r + 1).to_string() };
            game(&format!("P{}", 2 * k), &format!("P{}", (2 * k + 1 + 2 * r) % 300), &round)
        })
        .collect();
    let (t, _) = ratings_engine::parse::pgn::parse_pgn(&text).unwrap();
    assert_eq!(t.entrants.len(), 300);
}
