//! The tournament desk (issue 22) runs a whole Swiss as changes to its file: registration,
//! each round paired by the Dutch system, results (seeded, random), a requested bye, a late
//! entry and a withdrawal; the finished file is then audited by re-pairing every round
//! (`check_rounds`) and, when a bbpPairings binary is at `$BBP` (or `/tmp/bbp/bbpPairings.exe`;
//! GPL-3, built outside the repository, see `scripts/pairing-fixtures.sh`), by bbpPairings's
//! own checker (`-c`), the independent reference.

use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::view::Next;
use ratings_engine::desk::{apply, view, Action, ByeKind, DeskError, NewPlayer, Outcome};
use ratings_engine::pairing::dutch::check::check_rounds;
use ratings_engine::pairing::dutch::PairOptions;
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::Colour;

/// A small seeded generator (64-bit LCG, the high bits).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// 30 players: ratings spread as in an open (sd 250 around 1800), two unrated.
fn players(rng: &mut Lcg) -> String {
    let mut text = String::from("name\trating\tfed\n");
    for i in 0..30 {
        let z: f64 = (0..12).map(|_| rng.next()).sum::<f64>() - 6.0;
        let rating = if i % 15 == 14 { String::new() } else { format!("{}", (1800.0 + 250.0 * z).round().clamp(1000.0, 2700.0)) };
        text += &format!("Player {:02}\t{rating}\t{}\n", i + 1, ["NOR", "GER", "FRA"][i % 3]);
    }
    text
}

/// A seeded result for a game between these ratings (Elo's expectation, a draw one in four).
fn outcome(rng: &mut Lcg, white: Option<u32>, black: Option<u32>) -> Outcome {
    let (w, b) = (white.unwrap_or(1400) as f64, black.unwrap_or(1400) as f64);
    let expected = 1.0 / (1.0 + 10f64.powf((b - w) / 400.0));
    let x = rng.next();
    if x < 0.02 {
        Outcome::BlackByForfeit
    } else if x < 0.27 {
        Outcome::Draw
    } else if rng.next() < expected {
        Outcome::WhiteWins
    } else {
        Outcome::BlackWins
    }
}

/// Enters a result for every board of the desk's current round.
fn enter_results(text: &mut String, rng: &mut Lcg) {
    let v = view(text).unwrap();
    let Next::Results { round, .. } = v.next else { panic!("expected results to enter, found {:?}", v.next) };
    let rating = |s: u32| v.players.iter().find(|p| p.start == s).unwrap().rating;
    for b in &v.rounds[round - 1].boards {
        let o = outcome(rng, rating(b.white), rating(b.black));
        *text = apply(text, &Action::Result { round, white: b.white, outcome: o }).unwrap();
    }
}

/// The desk's boards of `round` are in the engine's board order (C.04.2), as `pair` prints
/// them: the view computes the order from the file, which holds no board numbers.
fn assert_board_order(text: &str, round: usize) {
    let t = parse_trf(text).unwrap().0;
    let p = ratings_engine::pairing::dutch::pair_round(&t, round, &PairOptions::default()).unwrap();
    let engine: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    let desk: Vec<(u32, u32)> = view(text).unwrap().rounds[round - 1].boards.iter().map(|b| (b.white, b.black)).collect();
    assert_eq!(desk, engine, "round {round}");
}

/// The whole Swiss, returned as its finished file.
fn run_swiss(seed: u64) -> String {
    let mut rng = Lcg(seed);
    let list = parse_players(&players(&mut rng)).unwrap();
    let d = Details { name: "Desk Open".into(), rounds: 7, start_date: "2026/12/01".into(), ..Details::default() };
    let mut text = new_file(&d, &list).unwrap();
    for round in 1..=7 {
        match round {
            2 => {
                let late = NewPlayer { name: "Late Comer".into(), rating: Some(1950), ..NewPlayer::default() };
                text = apply(&text, &Action::AddPlayer(late)).unwrap();
            }
            3 => {
                text = apply(&text, &Action::Bye { start: 4, round: 3, kind: Some(ByeKind::Half) }).unwrap();
                // Before round 4 is paired, a late entry takes its place in the initial order.
                let strong = NewPlayer { name: "Strong Latecomer".into(), rating: Some(2750), ..NewPlayer::default() };
                text = apply(&text, &Action::AddPlayer(strong)).unwrap();
            }
            5 => {
                text = apply(&text, &Action::Withdraw { start: 9, from_round: 5 }).unwrap();
                // From round 4 on, the next number.
                let very = NewPlayer { name: "Very Late".into(), rating: Some(2750), ..NewPlayer::default() };
                text = apply(&text, &Action::AddPlayer(very)).unwrap();
            }
            _ => {}
        }
        assert_eq!(view(&text).unwrap().next, Next::Pair(round));
        let initial = (round == 1).then_some(Colour::White);
        text = apply(&text, &Action::Pair { round, initial_colour: initial, date: None }).unwrap();
        assert_board_order(&text, round);
        enter_results(&mut text, &mut rng);
    }
    text
}

#[test]
fn a_whole_swiss_run_at_the_desk_is_paired_by_the_dutch_system_in_every_round() {
    let text = run_swiss(22);
    let v = view(&text).unwrap();
    assert_eq!(v.next, Next::Finished);
    assert_eq!(v.players.len(), 33);
    let start_of = |name: &str| v.players.iter().find(|p| p.name == name).unwrap().start;
    assert_eq!((start_of("Strong Latecomer"), start_of("Very Late")), (1, 33), "placed by rating before round 4, last after");
    assert!(v.players.iter().find(|p| p.start == 9).unwrap().withdrawn);
    // The half-point bye entered for number 4 before the strong entry moved everyone down one.
    // (33, the entry after round 4, missed round 3: a zero-point bye.)
    assert_eq!(v.rounds[2].requested, [(5, ByeKind::Half), (33, ByeKind::Zero)]);
    let (t, warnings) = parse_trf(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    // The declared points (columns 81-84) agree with the rounds: the reader would warn.
    for e in &t.entrants {
        assert_eq!(e.declared_points, Some(e.points_in(&t.point_system, 7)), "{}", e.name);
    }
    let checks = check_rounds(&t, &PairOptions::default()).unwrap();
    assert_eq!(checks.len(), 7);
    for c in &checks {
        assert!(c.identical(), "round {}: ours only {:?}, file only {:?}", c.round, c.ours_only, c.file_only);
    }
    bbp_audit(&export(&text, TrfVersion::Trf16));
}

/// bbpPairings's checker on the file: each round "Round #N" and nothing else.
fn bbp_audit(trf16: &str) {
    if let Some((agrees, said)) = bbp_check(trf16) {
        assert!(agrees && said.lines().filter(|l| l.contains(": Round #")).count() == 7, "bbpPairings -c: {said}");
    }
}

/// Whether bbpPairings's checker finds every round of the file paired as it pairs it, and
/// what it said; `None` (said on stderr) without a binary.
fn bbp_check(trf16: &str) -> Option<(bool, String)> {
    let bbp = std::env::var("BBP").unwrap_or_else(|_| "/tmp/bbp/bbpPairings.exe".into());
    if !std::path::Path::new(&bbp).exists() {
        eprintln!("skipped bbpPairings's audit: no binary at {bbp} (set BBP; see scripts/pairing-fixtures.sh)");
        return None;
    }
    let file = std::env::temp_dir().join(format!(
        "desk-{}-{:x}.trf",
        std::process::id(),
        trf16.len() ^ trf16.bytes().map(u64::from).sum::<u64>() as usize
    ));
    std::fs::write(&file, trf16).unwrap();
    let out = std::process::Command::new(&bbp).arg("--dutch").arg(&file).arg("-c").output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let other = said.lines().any(|l| !l.trim().is_empty() && !l.contains(": Round #"));
    Some((out.status.success() && !other, said))
}

/// A tournament of `list` run at the desk from registration to its last result, every round
/// paired by the desk (the file's own 192 says how) and its results seeded.
fn run_plain(d: &Details, list: &[NewPlayer], seed: u64) -> String {
    let mut rng = Lcg(seed);
    let mut text = new_file(d, list).unwrap();
    let rounds = parse_trf(&text).unwrap().0.total_rounds.unwrap();
    for round in 1..=rounds {
        assert_eq!(view(&text).unwrap().next, Next::Pair(round));
        text = apply(&text, &Action::Pair { round, initial_colour: (round == 1).then_some(Colour::Black), date: None }).unwrap();
        enter_results(&mut text, &mut rng);
    }
    assert_eq!(view(&text).unwrap().next, Next::Finished);
    text
}

/// The players and their rounds, without the lines they were read from.
fn unlined(t: &ratings_engine::tournament::Tournament) -> Vec<ratings_engine::tournament::Entrant> {
    t.entrants
        .iter()
        .cloned()
        .map(|mut e| {
            // The export writes the ranks too (checked in desk_export.rs); the rest is compared.
            (e.line, e.declared_rank) = (0, None);
            e
        })
        .collect()
}

/// Every round of a finished desk file re-paired from the rounds before it, as the file says.
fn assert_repaired(text: &str) {
    let (t, warnings) = parse_trf(text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    for c in check_rounds(&t, &PairOptions::default()).unwrap() {
        assert!(c.identical(), "round {}: ours only {:?}, file only {:?}", c.round, c.ours_only, c.file_only);
    }
}

/// A Baku-accelerated Swiss (C.04.5.1): the file says so in 192, every round re-pairs from it,
/// the TRF-16 export carries FIDE's virtual points as XXA records, which bbpPairings's checker
/// accepts round by round; the virtual points never reach the standings.
#[test]
fn a_baku_accelerated_swiss_runs_at_the_desk() {
    use ratings_engine::desk::system::System;
    let list = parse_players(&players(&mut Lcg(3))).unwrap();
    let d = Details { name: "Baku Open".into(), rounds: 7, system: System::SwissBaku, ..Details::default() };
    let text = run_plain(&d, &list, 3);
    assert!(text.contains("\n192 FIDE_DUTCH_2025_BAKU\n") && text.contains("\n152 B\n"), "{text}");
    assert_repaired(&text);
    // Round 1: group A (2·⌈30/4⌉ = 16) is its own score group: 1 meets 9, not 16.
    let t = parse_trf(&text).unwrap().0;
    assert_eq!(t.entrants[0].rounds[0].opponent, Some(8), "1 plays 9 in round 1");
    let old = export(&text, TrfVersion::Trf16);
    assert_eq!(old.lines().filter(|l| l.starts_with("XXA ")).count(), 16, "{old}");
    assert!(old.contains("XXA    1  1.0  1.0  0.5  0.5\n") && old.contains("XXC black1\n"), "{old}");
    assert_eq!(unlined(&parse_trf(&old).unwrap().0), unlined(&t), "the TRF-16 export reads back as the same players and rounds");
    if let Some((agrees, said)) = bbp_check(&old) {
        assert!(agrees, "bbpPairings -c: {said}");
    }
    // Points are the games' only.
    for e in &t.entrants {
        assert_eq!(e.declared_points, Some(e.points_in(&t.point_system, 7)), "{}", e.name);
    }
}

/// A Swiss where siblings must not meet: never paired together, every round re-pairs from the
/// file, and bbpPairings's checker (reading XXP) agrees.
#[test]
fn siblings_who_must_not_meet_never_meet_at_the_desk() {
    let list = parse_players(&players(&mut Lcg(8))).unwrap();
    let apart = "Player 01; Player 02; Player 03\nPlayer 10; Player 11\nPlayer 20; Player 21; Player 22; Player 23\n";
    let d = Details { name: "Family Open".into(), rounds: 7, must_not_meet: apart.into(), ..Details::default() };
    let text = run_plain(&d, &list, 8);
    assert_eq!(text.lines().filter(|l| l.starts_with("260   1   7 ")).count(), 3, "{text}");
    assert_repaired(&text);
    let t = parse_trf(&text).unwrap().0;
    for f in &t.forbidden {
        for e in t.entrants.iter().filter(|e| f.players.contains(&e.start)) {
            for r in e.rounds.iter().filter_map(|r| r.opponent) {
                assert!(!f.players.contains(&t.entrants[r].start), "{} met a sibling", e.name);
            }
        }
    }
    let old = export(&text, TrfVersion::Trf16);
    assert_eq!(old.lines().filter(|l| l.starts_with("XXP ")).count(), 3, "{old}");
    if let Some((agrees, said)) = bbp_check(&old) {
        assert!(agrees, "bbpPairings -c: {said}");
    }
    let e = new_file(&Details { must_not_meet: "Player 01; Nobody".into(), ..d.clone() }, &list).unwrap_err();
    assert!(e.to_string().contains("line 1: 'Nobody' is not a registered player"), "{e}");
}

/// A 10-player double round robin: 18 rounds by C.05's Berger tables, each pair meeting twice
/// with the colours reversed, the file audited against the tables.
#[test]
fn a_double_round_robin_runs_at_the_desk() {
    use ratings_engine::desk::system::System;
    use ratings_engine::pairing::berger::{check, Cycles};
    let list: Vec<NewPlayer> = parse_players(&players(&mut Lcg(5))).unwrap().into_iter().take(10).collect();
    let d = Details { name: "Club Championship".into(), rounds: 7, ..Details::for_system(System::DoubleRoundRobin) };
    let text = run_plain(&d, &list, 5);
    let (t, warnings) = parse_trf(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!((t.total_rounds, t.rounds_played()), (Some(18), 18));
    for (i, e) in t.entrants.iter().enumerate() {
        for j in (0..10).filter(|&j| j != i) {
            let met: Vec<Option<Colour>> = e.rounds.iter().filter(|r| r.opponent == Some(j)).map(|r| r.colour).collect();
            assert_eq!(met.len(), 2, "{} and {}", e.start, j + 1);
            assert_ne!(met[0], met[1], "the second cycle reverses the colours");
        }
    }
    let audit = check(&t, Cycles::Double).unwrap();
    assert_eq!(audit.len(), 18);
    assert!(audit.iter().all(|c| c.identical()));
    assert_eq!(unlined(&parse_trf(&export(&text, TrfVersion::Trf16)).unwrap().0), unlined(&t));
}

#[test]
fn the_same_seed_runs_the_same_swiss() {
    assert_eq!(run_swiss(5), run_swiss(5));
}

#[test]
fn a_round_is_not_paired_before_the_results_are_in_and_unpairing_gives_the_file_back() {
    let list = parse_players("A,2000\nB,1900\nC,1800\nD,1700\nE,1600\n").unwrap();
    let text = new_file(&Details { name: "T".into(), rounds: 3, ..Details::default() }, &list).unwrap();
    let paired = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::Black), date: None }).unwrap();
    let v = view(&paired).unwrap();
    assert_eq!(v.rounds[0].boards.len(), 2);
    assert_eq!(v.rounds[0].bye, Some(5), "the lowest gets the pairing-allocated bye");
    assert_eq!(v.players[4].points, 1.0, "and its point");
    let err = apply(&paired, &Action::Pair { round: 2, initial_colour: None, date: None }).unwrap_err();
    assert!(matches!(err, DeskError::Round { round: 1, .. }), "{err}");
    assert!(err.to_string().contains("results missing"), "{err}");
    // Unpairing gives the file back, but for the colour drawn by lot, which stays (152), and
    // the record that the round was unpaired (Q112): the round paired again (with any other
    // draw offered) is the same round.
    let unpaired = apply(&paired, &Action::Unpair { round: 1 }).unwrap();
    let logged = "### unpaired round 1 by the arbiter\n";
    assert!(unpaired.contains(logged), "{unpaired}");
    assert_eq!(unpaired.replace(logged, ""), ratings_engine::parse::trf::with_header(&text, "152", "B"));
    let again = apply(&unpaired, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    assert_eq!(again.replace(logged, ""), paired);
    let one = apply(&paired, &Action::Result { round: 1, white: v.rounds[0].boards[0].white, outcome: Outcome::Draw }).unwrap();
    assert!(apply(&one, &Action::Unpair { round: 1 }).unwrap_err().to_string().contains("results are entered"));
    assert_eq!(view(&one).unwrap().warnings, Vec::<String>::new(), "the games still to be entered are not warned of");
    let back = apply(&one, &Action::Result { round: 1, white: v.rounds[0].boards[0].white, outcome: Outcome::Clear }).unwrap();
    assert_eq!(back, paired, "a result taken back");
}

#[test]
fn the_arbiters_changes_are_marked_in_the_file_and_the_view() {
    let list = parse_players("A,2000\nB,1900\nC,1800\nD,1700\n").unwrap();
    let text = new_file(&Details { name: "T".into(), rounds: 3, ..Details::default() }, &list).unwrap();
    let paired = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    let boards = view(&paired).unwrap().rounds[0].boards.clone();
    assert_eq!(boards.iter().map(|b| (b.white, b.black)).collect::<Vec<_>>(), [(1, 3), (4, 2)]);
    let swapped = apply(&paired, &Action::SwapColours { round: 1, white: 1 }).unwrap();
    assert!(swapped.contains("### manual round 1: colours of 1 and 3 swapped by the arbiter\n001"));
    let v = view(&swapped).unwrap();
    assert_eq!((v.rounds[0].boards[0].white, v.rounds[0].boards[0].manual, v.rounds[0].boards[1].manual), (3, true, false));
    let exchanged = apply(&paired, &Action::Exchange { round: 1, a: 3, b: 2 }).unwrap();
    let v = view(&exchanged).unwrap();
    assert_eq!(v.rounds[0].boards.iter().map(|b| (b.white, b.black, b.manual)).collect::<Vec<_>>(), [(1, 2, true), (4, 3, true)]);
    let t = parse_trf(&exchanged).unwrap().0;
    assert!(!check_rounds(&t, &PairOptions::default()).unwrap()[0].identical(), "the audit sees the change");
    if let Some((agrees, said)) = bbp_check(&export(&exchanged, TrfVersion::Trf16)) {
        assert!(!agrees, "bbpPairings sees it too: {said}");
    }
    let drawn = ratings_engine::parse::trf::with_header(&text, "152", "W");
    let unpaired = apply(&exchanged, &Action::Unpair { round: 1 }).unwrap();
    assert_eq!(unpaired.replace("### unpaired round 1 by the arbiter\n", ""), drawn, "unpairing drops the marks, not the colour drawn");
}

#[test]
fn a_late_entry_is_placed_by_rating_until_round_four_and_the_file_follows() {
    let list = parse_players("A,2000\nB,1900\nC,1800\nD,1700\n").unwrap();
    let text = new_file(&Details { name: "T".into(), rounds: 5, ..Details::default() }, &list).unwrap();
    let paired = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    let swapped = apply(&paired, &Action::SwapColours { round: 1, white: 1 }).unwrap();
    let late = |name: &str| Action::AddPlayer(NewPlayer { name: name.into(), rating: Some(1850), ..NewPlayer::default() });
    // While round 1's results are being entered, nobody's number moves.
    let during = apply(&swapped, &late("E")).unwrap();
    assert_eq!(view(&during).unwrap().players.iter().map(|p| (p.start, p.name.as_str())).last(), Some((5, "E")));
    let mut done = swapped.clone();
    for b in view(&done).unwrap().rounds[0].boards.clone() {
        done = apply(&done, &Action::Result { round: 1, white: b.white, outcome: Outcome::Draw }).unwrap();
    }
    // Between rounds, E (1850) goes between B and C; C and D, their opponents' cells and the
    // arbiter's mark move down one, and the records stay in number order.
    let entered = apply(&done, &late("E")).unwrap();
    let v = view(&entered).unwrap();
    let names: Vec<(u32, &str)> = v.players.iter().map(|p| (p.start, p.name.as_str())).collect();
    assert_eq!(names, [(1, "A"), (2, "B"), (3, "E"), (4, "C"), (5, "D")]);
    assert_eq!(v.rounds[0].boards.iter().map(|b| (b.white, b.black, b.manual)).collect::<Vec<_>>(), [(4, 1, true), (5, 2, false)]);
    assert!(entered.contains("### manual round 1: colours of 1 and 4 swapped by the arbiter\n"), "{entered}");
    let starts: Vec<u32> = entered.lines().filter(|l| l.starts_with("001")).map(|l| l[4..8].trim().parse().unwrap()).collect();
    assert_eq!(starts, [1, 2, 3, 4, 5]);
    assert_eq!(v.rounds[0].requested, [(3, ByeKind::Zero)], "round 1 missed");
    let (t, warnings) = parse_trf(&entered).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(t.entrants.iter().map(|e| e.declared_points).collect::<Vec<_>>(), [Some(0.5), Some(0.5), Some(0.0), Some(0.5), Some(0.5)]);
}

#[test]
fn from_round_four_or_in_a_file_with_teams_a_late_entry_gets_the_next_number() {
    let list = parse_players("A,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\nG,1400\nH,1300\n").unwrap();
    let mut text = new_file(&Details { name: "T".into(), rounds: 6, ..Details::default() }, &list).unwrap();
    let top = Action::AddPlayer(NewPlayer { name: "Top".into(), rating: Some(2800), ..NewPlayer::default() });
    let with_team = text.replace("\n001", "\n013 Team One                            1    2\n001");
    assert!(with_team.contains("\n013 "));
    let v = view(&apply(&with_team, &top).unwrap()).unwrap();
    assert_eq!(v.players.iter().find(|p| p.name == "Top").unwrap().start, 9, "a team record lists numbers: kept");
    for round in 1..=4 {
        text = apply(&text, &Action::Pair { round, initial_colour: (round == 1).then_some(Colour::White), date: None }).unwrap();
        for b in view(&text).unwrap().rounds[round - 1].boards.clone() {
            text = apply(&text, &Action::Result { round, white: b.white, outcome: Outcome::Draw }).unwrap();
        }
        let placed = view(&apply(&text, &top).unwrap()).unwrap().players.iter().find(|p| p.name == "Top").unwrap().start;
        assert_eq!(placed, if round < 4 { 1 } else { 9 }, "after round {round} is paired");
    }
}

#[test]
fn a_late_entry_ranked_by_national_rating_moves_the_national_records_with_their_players() {
    use ratings_engine::tournament::RankingMethod;
    let list = parse_players("name,rating,national\nA,2000,\nB,,1950\nC,1800,1990\nD,,\n").unwrap();
    let d =
        Details { name: "T".into(), rounds: 5, federation: "NOR".into(), ranking: RankingMethod::NationalElseFide, ..Details::default() };
    let mut text = new_file(&d, &list).unwrap();
    text = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    for b in view(&text).unwrap().rounds[0].boards.clone() {
        text = apply(&text, &Action::Result { round: 1, white: b.white, outcome: Outcome::WhiteWins }).unwrap();
    }
    let late = NewPlayer { name: "E".into(), national_rating: Some(1995), ..NewPlayer::default() };
    let entered = apply(&text, &Action::AddPlayer(late)).unwrap();
    let (t, warnings) = parse_trf(&entered).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let got: Vec<(u32, &str, Option<u32>)> = t.entrants.iter().map(|e| (e.start, e.name.as_str(), e.national_rating)).collect();
    assert_eq!(got, [(1, "A", None), (2, "E", Some(1995)), (3, "C", Some(1990)), (4, "B", Some(1950)), (5, "D", None)]);
    assert_eq!(t.initial_order(), (0..5).collect::<Vec<_>>());
    let checks = check_rounds(&t, &PairOptions::default()).unwrap();
    assert!(checks[0].identical(), "round 1 re-pairs as paired: {:?} {:?}", checks[0].ours_only, checks[0].file_only);
    let no_fed = new_file(&Details { name: "T".into(), ..Details::default() }, &list[1..3]).unwrap_err();
    assert!(no_fed.to_string().contains("expected the federation (three letters)"), "{no_fed}");
}

/// A round robin takes a late entry before round 1 (its rounds become the new table's) and
/// refuses one after: the Berger table is fixed once round 1 is paired.
#[test]
fn a_round_robin_takes_a_late_entry_only_before_round_one() {
    use ratings_engine::desk::system::System;
    let list: Vec<NewPlayer> = parse_players(&players(&mut Lcg(6))).unwrap().into_iter().take(6).collect();
    let d = Details { name: "Six".into(), ..Details::for_system(System::RoundRobin) };
    let text = new_file(&d, &list).unwrap();
    assert!(text.contains("\n142 5\n"), "{text}");
    let seventh = NewPlayer { name: "Seventh".into(), rating: Some(1500), ..NewPlayer::default() };
    let more = apply(&text, &Action::AddPlayer(seventh.clone())).unwrap();
    assert!(more.contains("\n142 7\n"), "seven players play the table of eight: {more}");
    let paired = apply(&more, &Action::Pair { round: 1, initial_colour: None, date: None }).unwrap();
    let e = apply(&paired, &Action::AddPlayer(NewPlayer { name: "Eighth".into(), ..seventh })).unwrap_err();
    assert!(e.to_string().contains("a round robin's players are fixed once round 1 is paired"), "{e}");
}

/// A round robin is created only without Buchholz tie-breaks (FIDE's checklist Q105, a hard
/// fail; C.07 8): the Swiss's usual order is refused, naming its Buchholz codes, and the same
/// field and order make a Swiss.
#[test]
fn a_round_robin_is_not_created_with_buchholz_tiebreaks() {
    use ratings_engine::desk::system::System;
    use ratings_engine::tiebreak::Tiebreak;
    let list: Vec<NewPlayer> = parse_players(&players(&mut Lcg(6))).unwrap().into_iter().take(6).collect();
    for system in [System::RoundRobin, System::DoubleRoundRobin] {
        let d = Details {
            name: "Six".into(),
            system,
            tiebreaks: vec![Tiebreak::De, Tiebreak::BhC1, Tiebreak::Sb, Tiebreak::Fb],
            ..Details::default()
        };
        let e = new_file(&d, &list).unwrap_err().to_string();
        assert!(e.contains("tiebreaks: BH-C1 and FB: a round robin may not use Buchholz tie-breaks (C.07 8;") && e.contains("Q105"), "{e}");
        let aob = Details { tiebreaks: vec![Tiebreak::Aob], ..d.clone() };
        assert!(new_file(&aob, &list).unwrap_err().to_string().contains("tiebreaks: AOB: a round robin"));
        let allowed = Details { tiebreaks: vec![Tiebreak::De, Tiebreak::Sb, Tiebreak::Ks], ..d.clone() };
        assert!(new_file(&allowed, &list).unwrap().contains("\n202 DE SB KS\n"));
        let swiss = Details { system: System::Swiss, ..d };
        assert!(new_file(&swiss, &list).unwrap().contains("\n202 DE BH-C1 SB FB\n"));
    }
}

/// The pairing-allocated bye worth a draw (FIDE's checklist Q80), chosen at registration: the
/// file's `162` says so, and the player given it in an odd field scores ½.
#[test]
fn a_pairing_allocated_bye_worth_a_draw_is_written_and_scored() {
    use ratings_engine::desk::register::Pab;
    let list = parse_players("A,2000\nB,1900\nC,1800\nD,1700\nE,1600\n").unwrap();
    let d = Details { name: "Half Bye".into(), rounds: 3, pab: Pab::Draw, ..Details::default() };
    let text = new_file(&d, &list).unwrap();
    // TRF-2026's columns: a code at 6, 15, 24, … and its points in the four columns after it,
    // which FIDE's reference reader (TieBreakServer) reads and nothing else.
    assert!(text.contains("\n162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5\n"), "{text}");
    let paired = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    let v = view(&paired).unwrap();
    let bye = v.rounds[0].bye.expect("five players: a bye");
    assert_eq!(v.players.iter().find(|p| p.start == bye).unwrap().points, 0.5);
    // A win by default: no 162 written (FIDE's points are the TRF's own).
    let plain = new_file(&Details { name: "Plain".into(), rounds: 3, ..Details::default() }, &list).unwrap();
    assert!(!plain.contains("\n162 "), "{plain}");
}
