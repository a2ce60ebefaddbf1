//! Tournament files read as organisers write them (issue 19): a file saved before a round is
//! paired, the C.07 rules in force when the tournament started, bye placeholders named as
//! players, and team records out of their columns. GPL files in `../shared` are read where
//! they live and the tests that need them skip when they are absent. (With the command line's
//! tests: several compare the library's standings with what `ratings-lab tiebreaks` prints.)

use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tiebreak::{Rules, RulesReason, Tiebreak};
use ratings_engine::tournament::PendingRound;
use serde_json::Value;
use std::process::Command;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data");
const TEAM_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/trf/fideteam_nocolor.trf");

/// A GPL file read where it lives, `None` (with a message) when it is not there.
fn shared(path: &str) -> Option<String> {
    let p = format!("{SHARED}/{path}");
    match std::fs::read_to_string(&p) {
        Ok(t) => Some(t),
        Err(_) => {
            println!("SKIPPED: {p} is not there (GPL data is read from ../shared, never copied)");
            None
        }
    }
}

/// The command line's JSON output for `args`, with `stdin`.
fn cli_json(args: &[&str], stdin: Option<&str>) -> Value {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratings-lab"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A TRF player record (start rank, name, points, rounds as `"   2 w 1"`).
fn player(start: u32, name: &str, points: &str, rounds: &[&str]) -> String {
    let mut l = format!("001 {start:>4}      {name:<33}{:33}{points:>4} {start:>4}  ", "");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

fn settings(order: &[Tiebreak]) -> Settings {
    Settings { tiebreaks: Some(order.to_vec()), ..Settings::default() }
}

/// Four players, two rounds played, round 3 with only a half-point bye and an absence entered.
#[test]
fn a_round_with_only_byes_entered_is_pending_not_played() {
    let text = [
        "012 Mid-round\n042 2025/01/10\nXXR 5".to_string(),
        player(1, "Ann", "2.5", &["   2 w 1", "   3 b 1", "0000 - H"]),
        player(2, "Bob", "1.0", &["   1 b 0", "   4 w 1"]),
        player(3, "Cat", "1.0", &["   4 w 1", "   1 w 0", "0000 - Z"]),
        player(4, "Dan", "0.0", &["   3 b 0", "   2 b 0"]),
    ]
    .join("\n");
    let job = Job::read(&text, &settings(&[Tiebreak::Bh])).unwrap();
    let st = job.standings().unwrap();
    assert_eq!((st.round, st.rounds_played), (2, 2), "the standings are after round 2");
    assert_eq!(st.pending_round, Some(PendingRound { round: 3, entries: 2, paired: 0 }));
    assert_eq!(
        st.pending_round.unwrap().text(),
        "round 3 pending: byes or absences entered for 2 players, not yet paired (the standings are after round 2)"
    );
    let ann = &st.standings.rows[0];
    // Ann: 2 points after round 2 (not 2.5), BH = Bob 1 + Cat 1 (no virtual opponent for round 3).
    assert_eq!((ann.name.as_str(), ann.points, ann.values[0].value), ("Ann", 2.0, Some(2.0)));
    assert_eq!(job.input.tournament.as_ref().unwrap().rounds_played(), 2);
}

/// The real file of the issue: the Open de Gros saved after round 4, with three round-5
/// byes already entered (GPL; skipped when absent).
#[test]
fn the_gros_file_saved_mid_round_ranks_after_round_4() {
    let Some(text) = shared("competichess_trf_real/open_gros_2010_after_round4.trf") else { return };
    let job = Job::read(&text, &settings(&[Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb])).unwrap();
    let st = job.standings().unwrap();
    assert_eq!((st.round, st.rounds_played), (4, 4));
    assert_eq!(st.pending_round, Some(PendingRound { round: 5, entries: 3, paired: 0 }));
    let leader = &st.standings.rows[0];
    assert_eq!((leader.name.as_str(), leader.points), ("Mirzoev Azer", 4.0));
    // BH after round 4 is 10 (2 + 3 + 2 + 3); counted after a round 5 of absences it was 16.
    assert_eq!(leader.values[1].value, Some(10.0));
    // The file's ranks (after round 4) against the standings after round 4 by BH-C1, BH, SB:
    // 13 of 52 agree (12 with the default order, which ends with EIG; 11 against "round 5 all
    // played"). Its ranks follow no common order of tiebreaks: the check says so.
    let check = st.declared.as_ref().unwrap();
    assert_eq!((check.declared, check.agree), (52, 13));
    assert_eq!(job.rules().rules, Rules::Fide2023, "the Open started on 24/09/2010");
    // The command line says the same, and writes the ranks of round 4.
    let out = std::env::temp_dir().join(format!("gros-ranks-{}.trf", std::process::id()));
    let v = cli_json(&["tiebreaks", "-", "--order", "BH-C1,BH,SB", "--format", "json", "--write-trf", out.to_str().unwrap()], Some(&text));
    assert_eq!(v["pending_round"]["round"], 5);
    assert_eq!(v["players"][0]["tiebreaks"]["BH"], 10.0);
    assert_eq!(v["rules"], "2023");
    let written = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    let (t, _) = parse_trf(&written).unwrap();
    for row in &st.standings.rows {
        let e = t.entrants.iter().find(|e| e.start == row.start).unwrap();
        assert_eq!(e.declared_rank, Some(row.rank as u32), "start rank {}", row.start);
    }
}

/// The team tiebreaks of Team 2 in TieBreakServer's team file under each rule set: BH 55 and
/// SB 51 under the 2023 rules, 53 and 49 under those in force from March 2026.
fn team_2(text: &str, rules: Option<Rules>) -> (f64, f64, Rules, RulesReason) {
    use ratings_engine::team::TeamTiebreak;
    let order = vec![TeamTiebreak::parse("BH").unwrap(), TeamTiebreak::parse("SB").unwrap()];
    let s = Settings { rules, team_tiebreaks: Some(order), ..Settings::default() };
    let job = Job::read(text, &s).unwrap();
    let (st, _) = job.team_standings().unwrap();
    let row = st.rows.iter().find(|r| r.name == "Team 2").unwrap();
    let choice = job.rules();
    assert_eq!(st.rules, choice.rules);
    (row.values[0].value.unwrap(), row.values[1].value.unwrap(), choice.rules, choice.reason)
}

#[test]
fn the_rules_in_force_when_the_tournament_started() {
    let text = std::fs::read_to_string(TEAM_FILE).unwrap();
    // No start date: the rules in force now.
    assert_eq!(team_2(&text, None), (53.0, 49.0, Rules::Fide2026, RulesReason::NoDate));
    // Started in May 2026, or before March 2026.
    let dated = |d: &str| format!("042 {d}\n{text}");
    let started = |d: &str| RulesReason::Started { date: d.into(), record: 42 };
    assert_eq!(team_2(&dated("2026/05/10"), None), (53.0, 49.0, Rules::Fide2026, started("2026/05/10")));
    assert_eq!(team_2(&dated("28.02.2026"), None), (55.0, 51.0, Rules::Fide2023, started("28.02.2026")));
    // The user's choice overrides the date.
    assert_eq!(team_2(&dated("2026/05/10"), Some(Rules::Fide2023)), (55.0, 51.0, Rules::Fide2023, RulesReason::Chosen));
    // The command line says which rules and why; --rules overrides.
    let v = cli_json(&["tiebreaks", TEAM_FILE, "--teams", "--order", "BH,SB", "--format", "json"], None);
    assert_eq!((v["rules"].as_str(), v["teams"][2]["tiebreaks"]["BH"].as_f64()), (Some("2026"), Some(53.0)));
    assert_eq!(v["rules_reason"], "no start date in the file (TRF 042): the rules in force now");
    let v = cli_json(&["tiebreaks", "-", "--format", "json"], Some(&dated("2025/12/01")));
    assert_eq!(v["rules"], "2023");
    assert!(v["rules_reason"].as_str().unwrap().starts_with("the tournament started 2025/12/01 (TRF 042), before"), "{v}");
    let v = cli_json(&["tiebreaks", "-", "--rules", "2026", "--format", "json"], Some(&dated("2025/12/01")));
    assert_eq!((v["rules"].as_str(), v["rules_reason"].as_str()), (Some("2026"), Some("chosen by the user")));
}

/// TieBreakServer's team file with `edit` applied to the record of team `number`.
fn team_file_with(number: u32, edit: &dyn Fn(&str) -> String) -> String {
    let text = std::fs::read_to_string(TEAM_FILE).unwrap();
    let head = format!("310 {number:>3} ");
    text.lines().map(|l| if l.starts_with(&head) { edit(l) } else { l.to_string() }).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_team_record_out_of_its_columns_is_an_error_naming_the_line() {
    // One space inserted at column 73 of team 1's record: its players are no longer where
    // TRF-2026 puts them (they were read as none: team 1 ranked 9th with 0 match points).
    let shifted = team_file_with(1, &|l| format!("{} {}", &l[..72], &l[72..]));
    let e = Job::read(&shifted, &Settings::default()).unwrap_err().to_string();
    assert!(e.starts_with("line 8, column '310 players (columns 74-82)': expected players' start numbers in columns 74-77"), "{e}");
    assert!(e.contains("column 78 blank (the record looks shifted), found '    1    '"), "{e}");
    // Match points that are not a number where the format puts them.
    let bad_points = team_file_with(2, &|l| format!("{}x{}", &l[..56], &l[57..]));
    let e = Job::read(&bad_points, &Settings::default()).unwrap_err().to_string();
    assert!(e.starts_with("line 9, column '310 match points (columns 55-60)'"), "{e}");
    // With bad lines left out, the record is left out with a warning naming the line.
    let job = Job::read(&shifted, &Settings { skip_bad_lines: true, ..Settings::default() }).unwrap();
    let w: Vec<String> = job.input.warnings.iter().map(ToString::to_string).collect();
    assert!(w.iter().any(|w| w.starts_with("line 8: team record left out (bad line): ")), "{w:?}");
    // The command line fails, naming the line.
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab"))
        .args(["tiebreaks", "-", "--teams"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(shifted.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 8, column '310 players"), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn players_on_no_team_and_declared_points_that_disagree_are_warned_about() {
    let warnings = |text: &str| -> Vec<String> {
        let job = Job::read(text, &Settings::default()).unwrap();
        job.input.warnings.iter().map(ToString::to_string).collect()
    };
    assert_eq!(warnings(&std::fs::read_to_string(TEAM_FILE).unwrap()), Vec::<String>::new(), "the file as written");
    // Team 9's second player (start rank 18) taken off its record.
    let loose = team_file_with(9, &|l| l[..78].trim_end().to_string());
    let w = warnings(&loose);
    assert!(
        w.iter()
            .any(|w| w
                == "line 34: 1 player is on no team's record (013 / 310): T9B2 (start rank 18, line 34); their games count for no team"),
        "{w:?}"
    );
    // Team 4 declares 12 match points; its players' games give 11.
    let changed = team_file_with(4, &|l| format!("{}12.0{}", &l[..56], &l[60..]));
    let w = warnings(&changed);
    assert_eq!(w, ["line 11: team 4 (Team 4): declared match points 12.0 (columns 55-60) differ from its players' games, which give 11.0"]);
    // And declared game points.
    let changed = team_file_with(4, &|l| format!("{}10.0{}", &l[..63], &l[67..]));
    let w = warnings(&changed);
    assert_eq!(w, ["line 11: team 4 (Team 4): declared game points 10.0 (columns 62-67) differ from its players' games, which give 9.0"]);
}

/// The 9. Karl-Mala-Gedenkturnier (GPL; skipped when absent): 284 records, the last one
/// "spielfrei", the dummy opponent of the bye, which was ranked 284th as a player.
#[test]
fn spielfrei_in_a_real_file_is_not_a_player() {
    let Some(text) = shared("sklangen_trf_real_tournaments/example1.trf") else { return };
    let job = Job::read(&text, &Settings::default()).unwrap();
    let st = job.standings().unwrap();
    assert_eq!(st.standings.rows.len(), 283);
    assert!(st.standings.rows.iter().all(|r| r.name != "spielfrei"));
    assert_eq!(job.input.dataset.players.len(), 283);
    let w: Vec<String> = job.input.warnings.iter().map(ToString::to_string).collect();
    let expected = "line 297: 'spielfrei' (start rank 284) is a bye placeholder, not a player: left out of the standings and the ratings; it has no games";
    assert!(w.iter().any(|w| w == expected), "{w:?}");
    assert!(!w.iter().any(|w| w.contains("062 declares")), "the 062 count includes the placeholder's record: {w:?}");
}

/// Games against a placeholder are byes worth what the file gave: a TRF with "BYE" as start
/// rank 3 and a PGN with `[Black "BYE"]`.
#[test]
fn games_against_a_bye_placeholder_are_byes() {
    let text = [
        "012 Small".to_string(),
        player(1, "Ann", "2.0", &["   2 w 1", "   3 b 1"]),
        player(2, "Bob", "1.0", &["   1 b 0", "   4 w 1"]),
        player(3, "(Bye)", "0.0", &["   4 w 0", "   1 w 0"]),
        player(4, "Dan", "1.0", &["   3 b 1", "   2 b 0"]),
    ]
    .join("\n");
    let (t, w) = parse_trf(&text).unwrap();
    assert_eq!(t.entrants.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["Ann", "Bob", "Dan"]);
    use ratings_engine::tournament::RoundResult::{PairingBye, Win};
    let (ann, dan) = (&t.entrants[0], &t.entrants[2]);
    assert_eq!((ann.rounds[1].result, ann.rounds[1].opponent), (PairingBye, None));
    assert_eq!((dan.rounds[0].result, dan.rounds[0].opponent), (PairingBye, None));
    assert_eq!(
        (dan.rounds[1].result, dan.rounds[1].opponent.map(|o| t.entrants[o].name.as_str())),
        (ratings_engine::tournament::RoundResult::Loss, Some("Bob"))
    );
    assert_eq!(ann.rounds[0].result, Win);
    let w: Vec<String> = w.iter().map(ToString::to_string).collect();
    assert_eq!(w, ["line 4: '(Bye)' (start rank 3) is a bye placeholder, not a player: left out of the standings and the ratings; its games count as byes for their opponents: Ann in round 2 (pairing-allocated bye), Dan in round 1 (pairing-allocated bye)"]);
    let st = Job::read(&text, &settings(&[Tiebreak::Bh])).unwrap().standings().unwrap();
    assert_eq!(
        st.standings.rows.iter().map(|r| (r.name.as_str(), r.points)).collect::<Vec<_>>(),
        [("Ann", 2.0), ("Bob", 1.0), ("Dan", 1.0)]
    );

    let pgn = "[Event \"Club\"]\n[Round \"1\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n\
               [Event \"Club\"]\n[Round \"1\"]\n[White \"Cat\"]\n[Black \"BYE\"]\n[Result \"1-0\"]\n\n1-0\n\n\
               [Event \"Club\"]\n[Round \"2\"]\n[White \"Bob\"]\n[Black \"Cat\"]\n[Result \"0-1\"]\n\n0-1\n\n\
               [Event \"Club\"]\n[Round \"2\"]\n[White \"spielfrei\"]\n[Black \"Ann\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n";
    let job = Job::read(pgn, &settings(&[Tiebreak::Bh])).unwrap();
    let st = job.standings().unwrap();
    let rows: Vec<(&str, f64)> = st.standings.rows.iter().map(|r| (r.name.as_str(), r.points)).collect();
    assert_eq!(rows, [("Cat", 2.0), ("Ann", 1.0), ("Bob", 0.5)]);
    assert_eq!(job.input.dataset.games.len(), 2, "only the games between players are rated");
    let w: Vec<String> = job.input.warnings.iter().map(ToString::to_string).collect();
    assert!(
        w.iter()
            .any(|w| w.starts_with("line 9: 'BYE' is a bye placeholder, not a player")
                && w.ends_with("Cat in round 1 (pairing-allocated bye)")),
        "{w:?}"
    );
    assert!(w.iter().any(|w| w.ends_with("Ann in round 2 (half-point bye)")), "{w:?}");
}
