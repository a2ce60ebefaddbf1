//! Team tournaments ([`ratings_engine::team`]): match points and game points, and C.07's
//! tiebreaks on either and the team tiebreaks, against IA Mario Held's team exercises 34-49 (*Exercises in
//! Tie-Breaking*, Rev. 2403220900 / C.07-2023, pp. 52-69), under the 2023 rules and the 2026
//! adjustment. The crosstable (Held's page 6) and the expected values are as TieBreakServer's
//! `tests/test_fide_held_team_exercises.py` encodes them (MIT, © Otto Milvang and FIDE TEC;
//! github.com/OttoMilvang/TieBreakServer, commit 18e13e3f).

use ratings_engine::team::{TeamRound, Teams};
use ratings_engine::tiebreak::{standings_with, Options, Pairing, Rules, Standings, Tiebreak};
use ratings_engine::tournament::{Colour, RoundResult, Tournament};

/// Per team, per round: opponent, the team's colour and its game points; or an unplayed round.
const ROWS: [[&str; 7]; 14] = [
    ["8w2.5", "4b1.5", "7w3", "2b2.5", "5w1.5", "+F", "3b2.5"],
    ["9b3", "3w4", "5b0", "1w1.5", "13w3", "4b2.5", "10b3"],
    ["10w2.5", "2b0", "9w3", "6b2.5", "4w3", "5b3.5", "1w1.5"],
    ["11b3", "1w2.5", "13b3", "5w3.5", "3b1", "2w1.5", "9b2.5"],
    ["12w4", "6b3", "2w4", "4b0.5", "1b2.5", "3w0.5", "13b3.5"],
    ["13b2", "5w1", "8b3", "3w1.5", "11b2.5", "-F", "12w2.5"],
    ["14w2", "8b2", "1b1", "10w2.5", "9b2", "13w2", "ZPB"],
    ["1b1.5", "7w2", "6w1", "12b3.5", "10b2", "9w2", "11w3"],
    ["2w1", "12b4", "3b1", "14w3", "7w2", "8b2", "4w1.5"],
    ["3b1.5", "11w1.5", "12b2.5", "7b1.5", "8w2", "14b3", "2w1"],
    ["4w1", "10b2.5", "14w2", "13b1.5", "6w1.5", "12w2", "8b1"],
    ["5b0", "9w0", "10w1.5", "8w0.5", "PAB", "11b2", "6b1.5"],
    ["6w2", "14b2.5", "4w1", "11w2.5", "2b1", "7b2", "5w0.5"],
    ["7b2", "13w1.5", "11b2", "9b1", "HPB", "10w1", "PAB"],
];

fn round(cell: &str) -> TeamRound {
    let unplayed = |result| TeamRound::Unplayed { result, game_points: None };
    match cell {
        "+F" => unplayed(RoundResult::ForfeitWin),
        "-F" | "ZPB" => unplayed(RoundResult::ZeroBye),
        "PAB" => unplayed(RoundResult::PairingBye),
        "HPB" => unplayed(RoundResult::HalfBye),
        _ => {
            let at = cell.find(['w', 'b']).expect("a colour");
            let colour = if &cell[at..=at] == "w" { Colour::White } else { Colour::Black };
            let opponent = cell[..at].parse::<usize>().expect("a team") - 1;
            TeamRound::Match { opponent, colour: Some(colour), game_points: cell[at + 1..].parse().expect("game points") }
        }
    }
}

fn held() -> Teams {
    Teams {
        names: (1..=14).map(|t| format!("Team {t}")).collect(),
        rounds: ROWS.iter().map(|row| row.iter().map(|c| round(c)).collect()).collect(),
        boards: 4,
        planned: 7,
        board_points: Vec::new(),
    }
}

fn standings(t: &Tournament, order: &[Tiebreak], rules: Rules) -> Standings {
    standings_with(t, order, &Options { rules, pairing: Pairing::Swiss, ..Options::default() })
}

/// Each team's value of the order's `k`-th tiebreak (by team number), as Held writes it.
fn column(st: &Standings, k: usize, decimals: usize) -> Vec<String> {
    let mut rows: Vec<_> = st.rows.iter().map(|r| (r.start, r.values[k].value.expect("a value"))).collect();
    rows.sort_by_key(|r| r.0);
    rows.iter().map(|(_, v)| format!("{v:.decimals$}")).collect()
}

fn points(st: &Standings) -> Vec<f64> {
    let mut rows: Vec<_> = st.rows.iter().map(|r| (r.start, r.points)).collect();
    rows.sort_by_key(|r| r.0);
    rows.iter().map(|r| r.1).collect()
}

#[test]
fn exercise_34_match_points_and_game_points_in_either_order() {
    let (mp, gp) = (held().match_points(), held().game_points());
    let mp_points = points(&standings(&mp, &[], Rules::Fide2023));
    let gp_points = points(&standings(&gp, &[], Rules::Fide2023));
    assert_eq!(mp_points, [10., 10., 10., 10., 10., 7., 6., 7., 6., 5., 4., 2., 6., 4.]);
    assert_eq!(gp_points, [17.5, 17., 16., 17., 18., 12.5, 11.5, 15., 14.5, 13., 11.5, 7.5, 11.5, 11.5]);
    let order = |first: &[f64], second: &[f64]| {
        let mut teams: Vec<usize> = (1..=14).collect();
        teams.sort_by(|&a, &b| second[b - 1].total_cmp(&second[a - 1]).then(a.cmp(&b)));
        teams.sort_by(|&a, &b| first[b - 1].total_cmp(&first[a - 1]));
        teams
    };
    assert_eq!(order(&mp_points, &gp_points), [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]);
    assert_eq!(order(&gp_points, &mp_points), [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]);
}

#[test]
fn exercises_35_to_37_buchholz_on_match_points_and_on_game_points() {
    let mp = standings(&held().match_points(), &[Tiebreak::Bh, Tiebreak::BhC1], Rules::Fide2023);
    assert_eq!(column(&mp, 0, 0), ["64", "57", "58", "56", "55", "46", "44", "41", "50", "44", "41", "41", "52", "36"]);
    assert_eq!(column(&mp, 1, 0), ["57", "52", "53", "52", "53", "39", "38", "39", "48", "42", "39", "39", "48", "32"]);
    let gp = standings(&held().game_points(), &[Tiebreak::Bh, Tiebreak::BhC1], Rules::Fide2023);
    let bh_gp = ["114.0", "107.5", "109.5", "106.0", "99.0", "92.0", "94.5", "90.0", "97.5", "92.0", "88.0", "92.0", "101.0", "87.0"];
    let bh_c1_gp = ["100.5", "96.0", "97.0", "94.5", "91.5", "79.5", "83.0", "82.5", "90.0", "84.5", "80.5", "84.5", "89.5", "75.5"];
    assert_eq!(column(&gp, 0, 1), bh_gp);
    assert_eq!(column(&gp, 1, 1), bh_c1_gp);
}

/// Under the 2026 adjustment only team 1's round-six forfeit win changes (its virtual
/// opponent is capped); team 2, with every round played, keeps Held's values.
#[test]
fn exercises_35_to_37_under_the_2026_rules() {
    let mp = standings(&held().match_points(), &[Tiebreak::Bh, Tiebreak::BhC1], Rules::Fide2026);
    assert_eq!(
        (&column(&mp, 0, 0)[..2], &column(&mp, 1, 0)[..2]),
        (&["61".to_string(), "57".into()][..], &["54".to_string(), "52".into()][..])
    );
    let gp = standings(&held().game_points(), &[Tiebreak::Bh], Rules::Fide2026);
    assert_eq!(&column(&gp, 0, 1)[..2], ["110.5", "107.5"]);
}

/// Exercises 38 and 41: Sonneborn-Berger with both factors in match points (EMMSB, cut 1) or
/// both in game points (EGGSB) is the individual SB on the teams scored that way.
#[test]
fn exercises_38_and_41_sonneborn_berger_on_match_or_game_points() {
    let mp = standings(&held().match_points(), &[Tiebreak::SbC1], Rules::Fide2023);
    assert_eq!(&column(&mp, 0, 0)[..5], ["74", "64", "66", "64", "66"]);
    let gp = standings(&held().game_points(), &[Tiebreak::Sb], Rules::Fide2023);
    let gp = column(&gp, 0, 2);
    assert_eq!((gp[5].as_str(), gp[7].as_str()), ("157.50", "181.50"));
    // The 2026 adjustment: team 1's forfeit win capped, team 2 as before.
    let mp = standings(&held().match_points(), &[Tiebreak::SbC1], Rules::Fide2026);
    assert_eq!(&column(&mp, 0, 0)[..2], ["68", "64"]);
    let gp = standings(&held().game_points(), &[Tiebreak::Sb], Rules::Fide2026);
    assert_eq!(&column(&gp, 0, 2)[..2], ["269.00", "249.75"]);
}

/// Exercises 42-44: direct encounter among teams level on match points leaves 11 and 14 tied
/// (they did not all meet), and 7, 9 and 13, and puts 6 before 8 (the individual DE on the
/// teams; the teams' own, extended, direct encounter is tested below).
#[test]
fn exercises_42_to_44_direct_encounter() {
    let st = standings(&held().match_points(), &[Tiebreak::De], Rules::Fide2023);
    let rank = |team: u32| st.rows.iter().find(|r| r.start == team).map(|r| r.rank).expect("a team");
    assert_eq!(rank(11), rank(14));
    assert!(rank(7) == rank(9) && rank(9) == rank(13));
    assert!(rank(6) < rank(8));
}

/// A team Swiss in TRF-2026 form (TieBreakServer's `fideteam_nocolor.trf`, MIT): the teams
/// made from the players' games score the match and game points the file's 310 records
/// declare, and the same file written with 013 records (which declare none) reads the same.
#[test]
fn teams_made_from_a_trf_score_what_its_team_records_declare() {
    use ratings_engine::parse::trf::parse_trf;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf/fideteam_nocolor.trf")).unwrap();
    let (t, _) = parse_trf(&text).unwrap();
    assert_eq!(t.teams.len(), 9);
    assert_eq!((t.teams[3].number, t.teams[3].name.as_str(), &t.teams[3].players[..]), (4, "Team 4", &[7, 8][..]));
    let (teams, warnings) = Teams::of(&t).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!((teams.boards, teams.planned), (2, 7));
    // Team 2 sat out round 7 with a pairing-allocated bye on both boards.
    assert_eq!(teams.rounds[1][6], TeamRound::Unplayed { result: RoundResult::PairingBye, game_points: Some(2.0) });
    let mp = points(&standings(&teams.match_points(), &[], Rules::Fide2023));
    let gp = points(&standings(&teams.game_points(), &[], Rules::Fide2023));
    for (k, team) in t.teams.iter().enumerate() {
        assert_eq!((mp[k], gp[k]), (team.declared_match_points.unwrap(), team.declared_game_points.unwrap()), "{}", team.name);
    }
    // Ranked by match points, then game points: the ranks the file declares.
    let mut order: Vec<usize> = (0..9).collect();
    order.sort_by(|&a, &b| mp[b].total_cmp(&mp[a]).then(gp[b].total_cmp(&gp[a])));
    let ranks: Vec<u32> = order.iter().map(|&k| t.teams[k].declared_rank.unwrap()).collect();
    assert_eq!(ranks, (1..=9).collect::<Vec<u32>>());
    // The same teams as 013 records: name in 5-36, players from 37.
    let legacy: String = text
        .lines()
        .map(|l| match l.strip_prefix("310") {
            Some(_) => {
                format!("013 {:<32}{}", l[8..40].trim_end(), l[73..].split_whitespace().map(|p| format!("{p:>4} ")).collect::<String>())
            }
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let (old, _) = parse_trf(&legacy).unwrap();
    let (old_teams, _) = Teams::of(&old).unwrap();
    assert_eq!(old_teams, teams);
    assert!(old.teams.iter().all(|team| team.declared_match_points.is_none() && team.declared_rank.is_none()));
}

/// The values of one team tiebreak by team number, as Held writes them.
fn team_column(code: &str, rules: Rules, decimals: usize) -> Vec<String> {
    use ratings_engine::team::{TeamScore, TeamTiebreak};
    let tb = TeamTiebreak::parse(code).unwrap();
    let st = held().standings(TeamScore::MatchPoints, &[tb], rules);
    let mut rows: Vec<_> = st.rows.iter().map(|r| (r.team, r.values[0].value.expect("a value"))).collect();
    rows.sort_by_key(|r| r.0);
    rows.iter().map(|(_, v)| format!("{v:.decimals$}")).collect()
}

/// Exercises 39 and 40: the mixed Sonneborn-Berger (opponents' game points × match points won
/// against them, and opponents' match points × game points won), both rule sets. Under the
/// 2026 rules only team 1's round-six forfeit win (no opponent: capped at a draw every round)
/// changes.
#[test]
fn exercises_39_and_40_mixed_sonneborn_berger() {
    let egmsb = team_column("EGMSB", Rules::Fide2023, 1);
    assert_eq!(&egmsb[..5], ["158.0", "144.0", "150.0", "146.0", "132.0"]);
    let emgsb = team_column("ESB:MG", Rules::Fide2023, 1);
    assert_eq!((emgsb[6].as_str(), emgsb[8].as_str(), emgsb[12].as_str()), ("68.5", "83.0", "73.0"));
    assert_eq!(&team_column("EGMSB", Rules::Fide2026, 1)[..2], ["151.0", "144.0"]);
    assert_eq!(&team_column("EMGSB", Rules::Fide2026, 1)[..2], ["146.5", "131.0"]);
    // The same-kind variants are SB on that kind of points (exercises 38, 41).
    assert_eq!(&team_column("EMMSB", Rules::Fide2023, 0)[..5], ["88", "74", "76", "72", "70"]);
    let gg = team_column("EGGSB", Rules::Fide2023, 2);
    assert_eq!((gg[5].as_str(), gg[7].as_str()), ("157.50", "181.50"));
}

/// Exercise 49: game points + Buchholz on match points ÷ 3 (14 match points at most ÷ 4 game
/// points a match), to two decimals; 2026 caps team 1's forfeit win.
#[test]
fn exercise_49_scores_and_schedule_strength_combination() {
    let sssc = team_column("SSSC", Rules::Fide2023, 2);
    let held =
        ["38.83", "36.00", "35.33", "35.67", "36.33", "27.83", "26.17", "28.67", "31.17", "27.67", "25.17", "21.17", "28.83", "23.50"];
    assert_eq!(sssc, held);
    assert_eq!(&team_column("SSSC", Rules::Fide2026, 2)[..2], ["37.83", "36.00"]);
}

/// Team standings: match points first, then the tiebreaks in order; exercise 34's order by
/// match points then game points; codes read as C.07 and TRF-2026 write them.
#[test]
fn team_standings_rank_by_the_primary_score_then_the_tiebreaks() {
    use ratings_engine::team::{TeamScore, TeamTiebreak};
    let st = held().standings(TeamScore::MatchPoints, &[TeamTiebreak::Secondary], Rules::Fide2023);
    let order: Vec<usize> = st.rows.iter().map(|r| r.team + 1).collect();
    assert_eq!(order, [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]);
    // 11 and 14 are level on 4 match points and 11.5 game points: one rank.
    let rank = |team: usize| st.rows.iter().find(|r| r.team + 1 == team).unwrap().rank;
    assert_eq!((rank(11), rank(14), rank(12)), (12, 12, 14));
    let st = held().standings(TeamScore::GamePoints, &[TeamTiebreak::Secondary], Rules::Fide2023);
    let order: Vec<usize> = st.rows.iter().map(|r| r.team + 1).collect();
    assert_eq!(order, [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]);
    for (code, shown) in [("ESB:GM", "EGMSB"), ("emmsb", "EMMSB"), ("MPvGP", "MPvGP"), ("bh/c1", "BH-C1"), ("sssc", "SSSC")] {
        assert_eq!(TeamTiebreak::parse(code).map(|t| t.code()), Ok(shown.to_string()));
    }
    // An individual tiebreak on the other score: Buchholz on game points under match points
    // first is Held's exercise 37.
    assert_eq!(&team_column("BH:GP", Rules::Fide2023, 1)[..3], ["114.0", "107.5", "109.5"]);
    assert_eq!(TeamTiebreak::parse("bh-c1:gp").map(|t| t.code()), Ok("BH-C1:GP".to_string()));
    assert!(TeamTiebreak::parse("DE").unwrap_err().to_string().contains("not offered for teams"));
    assert!(TeamTiebreak::parse("XYZ").unwrap_err().to_string().contains("unknown team tiebreak"));
}

/// Held's teams with each board's result, as TieBreakServer's test builds them: the team
/// listed with White wins its first boards, draws a half, loses the rest; team 11 against 14
/// (round 3) goes W, D, D, L. Unplayed rounds: a forfeit win a win on every board, a
/// pairing-allocated bye too (C.07 12's preamble), a half-point bye a draw on every board.
fn held_with_boards() -> Teams {
    let mut teams = held();
    let board = |gp: f64| -> Vec<f64> { (0..4).map(|b| (gp - b as f64).clamp(0.0, 1.0)).collect() };
    teams.board_points = vec![vec![Vec::new(); 7]; 14];
    for (k, row) in teams.rounds.iter().enumerate() {
        for (r, round) in row.iter().enumerate() {
            teams.board_points[k][r] = match *round {
                TeamRound::Match { opponent, colour: Some(Colour::White), game_points } => {
                    let mine = if (k, opponent) == (10, 13) { vec![1.0, 0.5, 0.5, 0.0] } else { board(game_points) };
                    teams.board_points[opponent][r] = mine.iter().map(|p| 1.0 - p).collect();
                    mine
                }
                TeamRound::Match { .. } => continue,
                TeamRound::Unplayed { result: RoundResult::ForfeitWin | RoundResult::PairingBye, .. } => vec![1.0; 4],
                TeamRound::Unplayed { result: RoundResult::HalfBye, .. } => vec![0.5; 4],
                TeamRound::Unplayed { .. } => vec![0.0; 4],
            };
        }
    }
    teams
}

fn team_ranks(teams: &Teams, code: &str) -> Vec<usize> {
    use ratings_engine::team::{TeamScore, TeamTiebreak};
    let st = teams.standings(TeamScore::MatchPoints, &[TeamTiebreak::parse(code).unwrap()], Rules::Fide2023);
    let mut ranks: Vec<(usize, usize)> = st.rows.iter().map(|r| (r.team + 1, r.rank)).collect();
    ranks.sort();
    ranks.into_iter().map(|r| r.1).collect()
}

/// Exercises 42-45: the extended direct encounter orders the five leaders 4, 2, 1, 3, 5 (match
/// points among them level; game points put 4 first and 5 last; game points again among 1, 2
/// and 3), puts 6 before 8, and leaves 11 and 14 (drawn 2-2) and 7, 9, 13 (not all met) level.
#[test]
fn exercises_42_to_45_extended_direct_encounter() {
    let rank = team_ranks(&held(), "EDE");
    let mut leaders: Vec<usize> = (1..=5).collect();
    leaders.sort_by_key(|&t| rank[t - 1]);
    assert_eq!(leaders, [4, 2, 1, 3, 5]);
    assert!((1..=5).all(|t| (1..=5).filter(|&u| rank[u - 1] == rank[t - 1]).count() == 1), "{rank:?}");
    assert!(rank[5] < rank[7]);
    assert_eq!(rank[10], rank[13]);
    assert!(rank[6] == rank[8] && rank[8] == rank[12]);
}

/// Exercises 46-48: after the extended direct encounter leaves 11 and 14 level, the board steps
/// on their match (W, D, D, L from 11's side) put 11 first: board count 3.5 against 6.5 (lower
/// is better), board 1 won, and 2 against 1 without board 4.
#[test]
fn exercises_46_to_48_board_steps_after_the_direct_encounter() {
    let teams = held_with_boards();
    for code in ["EDEBT", "EDET", "EDEB", "EDEBB"] {
        let rank = team_ranks(&teams, code);
        assert!(rank[10] < rank[13], "{code}: {rank:?}");
    }
    // Without board results (or with EDE alone) they stay level.
    assert_eq!(team_ranks(&held(), "EDEBT")[10], team_ranks(&held(), "EDEBT")[13]);
    assert_eq!(team_ranks(&teams, "EDE")[10], team_ranks(&teams, "EDE")[13]);
}

/// The board tiebreaks alone, over every round: board count (lower first), top-board results
/// and bottom-board elimination, by hand on team 1 (boards from its game points).
#[test]
fn board_count_top_boards_and_bottom_board_elimination() {
    use ratings_engine::team::{TeamScore, TeamTiebreak};
    let teams = held_with_boards();
    let order = [TeamTiebreak::BoardCount, TeamTiebreak::TopBoards, TeamTiebreak::BottomBoards];
    let st = teams.standings(TeamScore::MatchPoints, &order, Rules::Fide2023);
    let one = st.rows.iter().find(|r| r.team == 0).unwrap();
    // Team 1: 8w2.5, 4b1.5 (4 white: 2.5 → 1, 1, .5, 0; team 1 0, 0, .5, 1), 7w3, 2b2.5 (2 white 1.5 →
    // 1, .5, 0, 0; team 1 0, .5, 1, 1), 5w1.5, +F, 3b2.5 (3 white 1.5).
    let boards = [
        [1.0, 1.0, 0.5, 0.0],
        [0.0, 0.0, 0.5, 1.0],
        [1.0, 1.0, 1.0, 0.0],
        [0.0, 0.5, 1.0, 1.0],
        [1.0, 0.5, 0.0, 0.0],
        [1.0; 4],
        [0.0, 0.5, 1.0, 1.0],
    ];
    let per_board: Vec<f64> = (0..4).map(|b| boards.iter().map(|r| r[b]).sum()).collect();
    assert_eq!(per_board, [4.0, 4.5, 5.0, 4.0]);
    let bc = 4.0 + 2.0 * 4.5 + 3.0 * 5.0 + 4.0 * 4.0;
    assert_eq!(one.values.iter().map(|v| v.value).collect::<Vec<_>>(), [Some(bc), Some(4.0), Some(13.5)]);
    // Board count ranks lower first among teams level on match points.
    let leaders: Vec<&ratings_engine::team::TeamRow> = st.rows.iter().filter(|r| r.match_points == 10.0).collect();
    assert!(leaders.windows(2).all(|w| w[0].values[0].value <= w[1].values[0].value));
}

/// The team file declares its order (212 PTS, BC, BBE): read as team tiebreaks, it gives the
/// ranks its 310 records declare.
#[test]
fn a_team_file_s_declared_order_gives_its_declared_ranks() {
    use ratings_engine::parse::trf::parse_trf;
    use ratings_engine::team::TeamScore;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf/fideteam_nocolor.trf")).unwrap();
    let (t, warnings) = parse_trf(&text).unwrap();
    assert!(warnings.iter().all(|w| !w.message.contains("not computed here")), "{warnings:?}");
    let order = t.declared_order.as_ref().unwrap().team_order().unwrap();
    let (teams, _) = Teams::of(&t).unwrap();
    let st = teams.standings(TeamScore::MatchPoints, &order, Rules::Fide2023);
    for r in &st.rows {
        assert_eq!(Some(r.rank as u32), t.teams[r.team].declared_rank, "{}", r.name);
    }
}

/// A team file's declared order (TRF-2026 212) is the one in force unless another is chosen,
/// as the command line does for players (issue 19, item 13): the app's team view starts with
/// it, and a chosen order (even an empty one) replaces it.
#[test]
fn a_team_file_s_declared_order_is_the_default() {
    use ratings_engine::job::{Job, Settings};
    use ratings_engine::team::{TeamTiebreak, DEFAULT_TEAM_TIEBREAKS};
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf/fideteam_nocolor.trf")).unwrap();
    let job = Job::read(&text, &Settings::default()).unwrap();
    let declared = job.full.tournament.as_ref().unwrap().declared_order.as_ref().unwrap().team_order().unwrap();
    assert_ne!(declared, DEFAULT_TEAM_TIEBREAKS.to_vec());
    assert_eq!(job.team_order(), declared);
    let (st, _) = job.team_standings().unwrap();
    assert_eq!(st.order, declared);
    for r in &st.rows {
        assert_eq!(Some(r.rank as u32), job.full.tournament.as_ref().unwrap().teams[r.team].declared_rank, "{}", r.name);
    }
    // Chosen: that order, whatever the file says.
    let chosen = vec![TeamTiebreak::parse("BH").unwrap()];
    let job = job.with_settings(&Settings { team_tiebreaks: Some(chosen.clone()), ..Settings::default() }).unwrap();
    assert_eq!(job.team_standings().unwrap().0.order, chosen);
    // A file that declares no order: the engine's default.
    let plain: String = text.lines().filter(|l| !l.starts_with("212")).map(|l| format!("{l}\n")).collect();
    assert_eq!(Job::read(&plain, &Settings::default()).unwrap().team_order(), DEFAULT_TEAM_TIEBREAKS.to_vec());
}
