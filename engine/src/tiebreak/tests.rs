//! Tournaments built in code: Mario Held's exercise tournament (FIDE TEC, "Exercises in
//! Tie-Breaking", C.07-2023) and small cases for each rule.

use super::*;
use crate::tournament::{Colour, Entrant, RoundEntry, RoundResult, Tournament};

/// A tournament from compact rounds: `"10b1"` (opponent 10, black, won), `"0-H"` (bye),
/// `"12b-"` (forfeit loss); opponents and rows by start number.
fn tour(rows: &[(u32, &str, u32, &str)]) -> Tournament {
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.0);
    let index = |start: u32| rows.iter().position(|r| r.0 == start).expect("known start");
    let entrants: Vec<Entrant> = rows
        .iter()
        .map(|&(start, name, rating, rounds)| Entrant {
            start,
            name: name.into(),
            rating: (rating > 0).then_some(rating),
            title: None,
            federation: None,
            fide_id: None,
            sex: None,
            birth_year: None,
            declared_points: None,
            declared_rank: None,
            rounds: rounds
                .split_whitespace()
                .map(|tok| {
                    let result = RoundResult::from_code(tok.chars().last().unwrap()).unwrap();
                    let colour = match tok.chars().rev().nth(1).unwrap() {
                        'w' => Some(Colour::White),
                        'b' => Some(Colour::Black),
                        _ => None,
                    };
                    let opp: u32 = tok[..tok.len() - 2].parse().unwrap();
                    RoundEntry::new((opp > 0).then(|| index(opp)), colour, result)
                })
                .collect(),
            line: 0,
            national_rating: None,
        })
        .collect();
    let rounds = entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    Tournament { rounds, entrants, ..Default::default() }
}

/// Held's five-round Swiss (`held_swiss_5.trf`).
fn held5() -> Tournament {
    tour(&[
        (1, "Alyx", 2200, "9w1 13b= 2w= 15b1 4w="),
        (2, "Bruno", 2150, "10b1 7w1 1b= 16w1 3b="),
        (3, "Charline", 2100, "11w= 6b1 8w1 4b= 2w="),
        (4, "David", 2050, "12b1 0-H 13w1 3w= 1b="),
        (5, "Helene", 2000, "13w0 15b0 11w1 7b= 10w1"),
        (6, "Franck", 1950, "14b0 3w0 0-U 10w1 8b1"),
        (7, "Genevieve", 1900, "15w1 2b0 16b0 5w= 11b0"),
        (8, "Irina", 1850, "16b= 14w1 3b0 13w1 6w0"),
        (9, "Jessica", 1800, "1b0 10w0 0-H 11b- 0-U"),
        (10, "Lais", 1750, "2w0 9b1 15w0 6b0 5b0"),
        (11, "Maria", 1700, "3b= 16w0 5b0 9w+ 7w1"),
        (12, "Nick", 1650, "4w0 0-U 14w+ 0-Z 0-Z"),
        (13, "Opal", 1600, "5b1 1w= 4b0 8b0 14w0"),
        (14, "Paul", 1550, "6w1 8b0 12b- 0-Z 13b1"),
        (15, "Reine", 1500, "7b0 5w1 10b1 1w0 16b0"),
        (16, "Stephan", 1450, "8w= 11b1 7w1 2b0 15w1"),
    ])
}

/// Held's round robin (`held_round_robin.trf`): Franck forfeits to Helene in round 4.
fn held_rr() -> Tournament {
    tour(&[
        (1, "Alyx", 2200, "5w= 2w1 3b1 4w0 6b1"),
        (2, "Bruno", 2150, "6w1 1b0 5w1 3w= 4b1"),
        (3, "Charline", 2100, "4w1 6b1 1w0 2b= 5w1"),
        (4, "David", 2050, "3b0 5b0 6w= 1b1 2w0"),
        (5, "Franck", 1950, "1b= 4w1 2b0 6w- 3b0"),
        (6, "Helene", 2000, "2b0 3w0 4b= 5b+ 1w0"),
    ])
}

fn value(s: &Standings, start: u32, k: usize) -> Option<f64> {
    s.rows.iter().find(|r| r.start == start).unwrap().values[k].value
}

fn values_of(t: &Tournament, tb: Tiebreak, rules: Rules, starts: &[u32]) -> Vec<Option<f64>> {
    let s = standings(t, &[tb], rules);
    starts.iter().map(|&st| value(&s, st, 0)).collect()
}

fn some(v: &[f64]) -> Vec<Option<f64>> {
    v.iter().map(|&x| Some(x)).collect()
}

#[test]
fn codes_parse_in_every_spelling() {
    assert_eq!(Tiebreak::parse("BH/C1"), Ok(Tiebreak::BhC1));
    assert_eq!(Tiebreak::parse(" bh-c1 "), Ok(Tiebreak::BhC1));
    assert_eq!(Tiebreak::parse("BHC1"), Ok(Tiebreak::BhC1));
    assert_eq!(Tiebreak::parse("aro/c1"), Ok(Tiebreak::AroC1));
    assert_eq!("eig".parse::<Tiebreak>(), Ok(Tiebreak::Eig));
    for &t in all_codes() {
        assert_eq!(Tiebreak::parse(t.code()), Ok(t));
        assert_eq!(serde_json::to_string(&t).unwrap(), format!("\"{}\"", t.code()));
        assert_eq!(serde_json::from_str::<Tiebreak>(&format!("\"{}\"", t.code())).unwrap(), t);
    }
    let err = Tiebreak::parse("BH-C9").unwrap_err().to_string();
    assert!(err.contains("unknown tiebreak 'BH-C9'") && err.contains("BH-C1") && err.contains("EIG"), "{err}");
    assert_eq!(parse_order("BH-C1, bh,SB").unwrap(), vec![Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb]);
    assert!(parse_order("BH,XX").is_err());
    assert_eq!("2026".parse::<Rules>(), Ok(Rules::Fide2026));
    assert_eq!("fide2023".parse::<Rules>(), Ok(Rules::Fide2023));
    assert!("2019".parse::<Rules>().is_err());
    for code in [
        "BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "KS", "ARO", "ARO-C1", "TPR", "PTP", "AOB",
        "FB", "EIG", "REP", "STD", "TPN", "RTNG",
    ] {
        assert!(all_codes().iter().any(|t| t.code() == code), "{code}");
    }
}

#[test]
fn rules_by_code_in_words_and_in_json() {
    for rules in Rules::ALL {
        assert_eq!(rules.code().parse::<Rules>(), Ok(rules));
        assert_eq!(rules.code(), rules.year().to_string());
        assert!(rules.name().starts_with("FIDE C.07") && rules.name().contains(rules.code()), "{}", rules.name());
        assert_eq!(serde_json::to_string(&rules).unwrap(), format!("\"{}\"", rules.code()));
        assert_eq!(serde_json::from_str::<Rules>(&format!("\"{}\"", rules.code())).unwrap(), rules);
    }
    // The variant names earlier versions wrote are still read.
    assert_eq!(serde_json::from_str::<Rules>("\"Fide2023\"").unwrap(), Rules::Fide2023);
    assert_eq!(serde_json::from_str::<Rules>("\"Fide2026\"").unwrap(), Rules::Fide2026);
    assert_eq!("2025".parse::<Rules>(), Ok(Rules::Fide2023));
    assert_eq!(" FIDE-2026 ".parse::<Rules>(), Ok(Rules::Fide2026));
}

#[test]
fn unknown_rules_are_a_clear_error() {
    assert_eq!("2019".parse::<Rules>().map_err(|e| e.to_string()), Err("unknown rules '2019': expected 2023 or 2026".to_string()));
    assert_eq!("".parse::<Rules>().map_err(|e| e.to_string()), Err("unknown rules '': expected 2023 or 2026".to_string()));
    let err = serde_json::from_str::<Rules>("\"2019\"").unwrap_err().to_string();
    assert!(err.contains("2019") && err.contains("2023") && err.contains("2026"), "{err}");
}

#[test]
fn buchholz_with_byes_forfeits_and_absences() {
    let t = held5();
    assert!(!is_pre_determined(&t));
    // Exercise 1-4: David's half-point bye counts his own 3.5; Nick's two zero-point byes at
    // the end count as draws for his opponents (3, not 2).
    assert_eq!(
        values_of(&t, Tiebreak::Bh, Rules::Fide2023, &[2, 1, 3, 4, 16, 5, 8, 11]),
        some(&[13.0, 12.5, 15.5, 15.0, 12.5, 8.5, 13.5, 13.5])
    );
    // 2026: the bye's virtual opponent is capped at 2.5 (a draw every round), Maria's forfeit
    // win at Jessica's 1.5.
    assert_eq!(values_of(&t, Tiebreak::Bh, Rules::Fide2026, &[4, 11]), some(&[14.0, 12.5]));
    // Exercise 5-8: the cut takes a voluntarily unplayed round first.
    assert_eq!(values_of(&t, Tiebreak::BhC1, Rules::Fide2023, &[9, 12, 14, 15, 4]), some(&[7.5, 9.5, 9.0, 11.0, 11.5]));
    let s = standings(&t, &[Tiebreak::BhC1], Rules::Fide2023);
    let nick = &s.rows.iter().find(|r| r.start == 12).unwrap().values[0].explanation;
    assert!(
        nick.contains("R2 pairing-allocated bye: virtual opponent 2 (own score 2)") && nick.contains("cut R4 (2, voluntarily unplayed)"),
        "{nick}"
    );
    let david = &standings(&t, &[Tiebreak::Bh], Rules::Fide2023).rows.iter().find(|r| r.start == 4).unwrap().values[0].explanation.clone();
    assert!(david.contains("Nick (#12) 3 (R4, R5 unplayed at the end as draws)"), "{david}");
    let capped = standings(&t, &[Tiebreak::Bh], Rules::Fide2026);
    let maria = &capped.rows.iter().find(|r| r.start == 11).unwrap().values[0].explanation;
    assert!(maria.contains("capped at Jessica (#9)'s 1.5"), "{maria}");
}

#[test]
fn sonneborn_berger_fore_buchholz_and_averages() {
    let t = held5();
    assert_eq!(values_of(&t, Tiebreak::Sb, Rules::Fide2023, &[1, 3, 4, 16]), some(&[8.0, 10.5, 9.75, 7.25]));
    assert_eq!(values_of(&t, Tiebreak::Sb, Rules::Fide2026, &[4, 6, 11]), some(&[9.25, 6.0, 4.75]));
    // Cut-1 of SB: David's bye (1.75) is cut rather than Opal (1.5); under 2026 the capped
    // bye (1.25) is worth less than Opal, so Opal goes.
    assert_eq!(values_of(&t, Tiebreak::SbC1, Rules::Fide2023, &[4, 10]), some(&[8.0, 0.0]));
    assert_eq!(values_of(&t, Tiebreak::SbC1, Rules::Fide2026, &[4]), some(&[7.75]));
    assert_eq!(values_of(&t, Tiebreak::Fb, Rules::Fide2023, &[4, 12, 11]), some(&[15.5, 11.5, 12.5]));
    assert_eq!(values_of(&t, Tiebreak::Fb, Rules::Fide2026, &[4, 12]), some(&[14.5, 11.0]));
    assert_eq!(values_of(&t, Tiebreak::Aob, Rules::Fide2023, &[1, 4, 12, 9]), some(&[12.6, 13.38, 15.0, 12.75]));
}

#[test]
fn counts_and_progressive_scores() {
    let t = held5();
    let starts = [6, 9, 11, 12, 14];
    assert_eq!(values_of(&t, Tiebreak::Win, Rules::Fide2023, &starts), some(&[3.0, 1.0, 2.0, 2.0, 2.0]));
    assert_eq!(values_of(&t, Tiebreak::Won, Rules::Fide2023, &starts), some(&[2.0, 0.0, 1.0, 0.0, 2.0]));
    assert_eq!(values_of(&t, Tiebreak::Bpg, Rules::Fide2023, &starts), some(&[2.0, 1.0, 2.0, 0.0, 2.0]));
    assert_eq!(values_of(&t, Tiebreak::Bwg, Rules::Fide2023, &starts), some(&[1.0, 0.0, 0.0, 0.0, 1.0]));
    assert_eq!(values_of(&t, Tiebreak::Ps, Rules::Fide2023, &[1, 4, 9]), some(&[11.0, 11.5, 2.5]));
    assert_eq!(values_of(&t, Tiebreak::PsC1, Rules::Fide2023, &[1, 3, 13]), some(&[10.0, 10.5, 6.0]));
}

#[test]
fn rounds_elected_to_play_is_rep_and_reads_ge_too() {
    let t = held5();
    // REP (7.6): the rounds less the half-point and zero-point byes and the forfeit losses.
    // Jessica (#9): a half-point bye and a forfeit loss; Nick (#12): two zero-point byes.
    assert_eq!(values_of(&t, Tiebreak::Rep, Rules::Fide2023, &[6, 9, 11, 12, 14]), some(&[5.0, 3.0, 5.0, 3.0, 3.0]));
    assert_eq!(Tiebreak::parse("GE"), Ok(Tiebreak::Rep));
    assert_eq!(serde_json::from_str::<Tiebreak>("\"GE\"").unwrap(), Tiebreak::Rep);
    assert_eq!(Tiebreak::Rep.code(), "REP");
}

#[test]
fn standard_points_count_one_half_zero_whatever_the_point_system() {
    // Held's Swiss scored 3/1/0: STD (7.7) is still the 1/½/0 score. Nick (#12): a
    // pairing-allocated bye (3 points, more than a draw's: 1), a forfeit win (1), two
    // zero-point byes; Jessica (#9): a half-point bye (a draw's points: ½) and a forfeit loss.
    let mut t = held5();
    t.scoring = crate::tournament::Scoring { win: 3.0, draw: 1.0, loss: 0.0, pairing_bye: 3.0, zero_bye: 0.0 };
    let starts = [1, 4, 9, 11, 12, 14];
    assert_eq!(values_of(&t, Tiebreak::Std, Rules::Fide2026, &starts), some(&[3.5, 3.5, 1.5, 2.5, 2.0, 2.0]));
    let s = standings(&t, &[Tiebreak::Std], Rules::Fide2026);
    assert_eq!(value(&s, 12, 0), Some(2.0));
    assert_eq!(s.rows.iter().find(|r| r.start == 12).unwrap().points, 6.0, "the points stay 3/1/0");
    // A double forfeit scores nothing (no points without playing); a game scored ½-0 by the
    // arbiter (TRF-2026 299) is 1 to the player who scored more than the opponent.
    let mut d = tour(&[(1, "Ann", 0, "2w- 3w="), (2, "Bo", 0, "1b- 0-Z"), (3, "Cy", 0, "0-Z 1b0")]);
    d.points_by_round = Some(vec![vec![0.0, 0.5], vec![0.0, 0.0], vec![0.0, 0.0]]);
    assert_eq!(values_of(&d, Tiebreak::Std, Rules::Fide2026, &[1, 2, 3]), some(&[1.0, 0.0, 0.0]));
    let s = standings(&d, &[Tiebreak::Std], Rules::Fide2026);
    let ann = &s.rows.iter().find(|r| r.start == 1).unwrap().values[0].explanation;
    assert!(ann.contains("R2 1 (scored 0.5-0)") && ann.contains("R1 0 (forfeit loss, against a draw's 0.5)"), "{ann}");
}

#[test]
fn pairing_number_ranks_the_lower_first() {
    let t = tour(&[(1, "Ann", 0, "2w="), (2, "Bo", 0, "1b=")]);
    let s = standings(&t, &[Tiebreak::Tpn], Rules::Fide2026);
    let got: Vec<(u32, usize, Option<f64>)> = s.rows.iter().map(|r| (r.start, r.rank, r.values[0].value)).collect();
    assert_eq!(got, vec![(1, 1, Some(1.0)), (2, 2, Some(2.0))]);
    assert!(Tiebreak::Tpn.lower_is_better());
}

#[test]
fn the_reversed_forms_rank_the_other_way() {
    // C.07 allows TPN descending (7.8) and RTNG ascending (10.6): TPN/R and RTNG/R.
    let two = tour(&[(1, "Ann", 1800, "2w="), (2, "Bo", 1900, "1b=")]);
    for (code, first) in [("TPN/R", 2), ("RTNG/R", 1), ("tpn-r", 2)] {
        let tb = Tiebreak::parse(code).unwrap();
        let s = standings(&two, &[tb], Rules::Fide2026);
        assert_eq!(s.rows.iter().map(|r| (r.start, r.rank)).collect::<Vec<_>>()[0], (first, 1), "{code}");
    }
    assert_eq!(Tiebreak::parse("TPN/R").unwrap().code(), "TPN-R");
    assert_eq!(Tiebreak::parse("RTNG/R").unwrap().code(), "RTNG-R");
}

#[test]
fn rating_ranks_the_higher_first_and_unrated_players_drop_it() {
    let t = held5();
    assert_eq!(values_of(&t, Tiebreak::Rtng, Rules::Fide2026, &[1, 16]), some(&[2200.0, 1450.0]));
    // Bo (#2) is rated higher than Ann: RTNG ranks him first.
    let two = tour(&[(1, "Ann", 1800, "2w="), (2, "Bo", 1900, "1b=")]);
    let s = standings(&two, &[Tiebreak::Rtng], Rules::Fide2026);
    assert_eq!(s.rows.iter().map(|r| (r.start, r.rank)).collect::<Vec<_>>(), vec![(2, 1), (1, 2)]);
    // An unrated player and no rating fixed for them: the tiebreak is dropped (C.07 10), for
    // everyone; with a rating fixed, the unrated player has it.
    let mut u = two.clone();
    u.entrants[0].rating = None;
    let s = standings(&u, &[Tiebreak::Rtng], Rules::Fide2026);
    assert!(s.rows.iter().all(|r| r.values[0].value.is_none() && r.rank == 1));
    assert!(s.rows[0].values[0].explanation.contains("unrated"), "{}", s.rows[0].values[0].explanation);
    let s = standings_with(&u, &[Tiebreak::Rtng], &Options { unrated_rating: Some(1000), ..Options::default() });
    assert_eq!(value(&s, 1, 0), Some(1000.0));
    assert_eq!(value(&s, 2, 0), Some(1900.0));
}

#[test]
fn ratings_performance_and_unrated_opponents() {
    let t = held5();
    assert_eq!(values_of(&t, Tiebreak::Aro, Rules::Fide2023, &[1, 4, 6]), some(&[1820.0, 1888.0, 1813.0]));
    // Nick played one game: nothing is left after the cut.
    assert_eq!(values_of(&t, Tiebreak::AroC1, Rules::Fide2023, &[2, 9, 12]), vec![Some(1988.0), Some(2200.0), None]);
    assert_eq!(values_of(&t, Tiebreak::Tpr, Rules::Fide2023, &[2, 6, 12, 9]), some(&[2120.0, 1813.0, 1250.0, 1175.0]));
    assert_eq!(values_of(&t, Tiebreak::Apro, Rules::Fide2023, &[1, 3, 4, 16]), some(&[1789.0, 1904.0, 1772.0, 1805.0]));
    assert_eq!(values_of(&t, Tiebreak::Ptp, Rules::Fide2023, &[3]), some(&[2112.0]));
    // Make Alyx unrated: her opponents' ARO leaves her out unless a rating is given.
    let mut u = t.clone();
    u.entrants[0].rating = None;
    let s = standings(&u, &[Tiebreak::Aro], Rules::Fide2023);
    assert_eq!(value(&s, 9, 0), Some(1750.0));
    assert!(s.rows.iter().find(|r| r.start == 9).unwrap().values[0].explanation.contains("unrated opponents left out"));
    let s = standings_with(&u, &[Tiebreak::Aro], &Options { unrated_rating: Some(1000), ..Options::default() });
    assert_eq!(value(&s, 9, 0), Some(1375.0));
}

#[test]
fn direct_encounter_among_the_tied() {
    let t = held5();
    // Exercise 23 and 24: not all have met and no one is certainly ahead: shared ranks.
    let s = standings(&t, &[Tiebreak::De], Rules::Fide2023);
    let rank = |st: u32| s.rows.iter().find(|r| r.start == st).unwrap().rank;
    assert_eq!([rank(1), rank(3), rank(4), rank(16)], [2, 2, 2, 2]);
    assert_eq!([rank(5), rank(8), rank(11)], [7, 7, 7]);
    assert_eq!(value(&s, 2, 0), None, "Bruno is alone on 4 points");
    let ex = &s.rows.iter().find(|r| r.start == 4).unwrap().values[0].explanation;
    assert!(ex.contains("scored 1 against them") && ex.contains("no one can be separated"), "{ex}");
    // Exercise 26, the round robin: the forfeit counts as a game.
    let rr = held_rr();
    assert!(is_pre_determined(&rr));
    let s = standings(&rr, &[Tiebreak::De], Rules::Fide2023);
    let ranks: Vec<(u32, usize)> = s.rows.iter().map(|r| (r.start, r.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 2), (3, 2), (6, 4), (5, 5), (4, 6)]);
    // DE after another tiebreak: only players level on both are compared.
    let s = standings(&rr, &[Tiebreak::Sb, Tiebreak::De], Rules::Fide2023);
    assert_eq!(value(&s, 2, 1), Some(1.0));
    assert_eq!(value(&s, 1, 1), None);
    assert!(s.rows.iter().find(|r| r.start == 2).unwrap().values[1].explanation.contains("tied on points, SB"));
}

#[test]
fn round_robin_unplayed_games_count_as_played() {
    let rr = held_rr();
    let starts = [1, 2, 3, 4, 5, 6];
    assert_eq!(values_of(&rr, Tiebreak::Sb, Rules::Fide2023, &starts), some(&[9.25, 6.25, 6.25, 4.25, 3.25, 2.25]));
    assert_eq!(values_of(&rr, Tiebreak::SbC1, Rules::Fide2023, &starts), some(&[9.25, 4.75, 4.75, 4.25, 3.25, 1.5]));
    assert_eq!(values_of(&rr, Tiebreak::Ks, Rules::Fide2023, &starts), some(&[2.0, 0.5, 0.5, 1.0, 0.5, 0.0]));
    // The same tournament treated as a Swiss: Helene's forfeit win is a virtual opponent.
    let s = standings_with(&rr, &[Tiebreak::Sb], &Options { pairing: Pairing::Swiss, ..Options::default() });
    assert!(!s.pre_determined);
    assert_eq!(value(&s, 6, 0), Some(2.25 - 1.5 + 1.5));
}

#[test]
fn standings_sort_and_share_ranks() {
    let t = held5();
    let s = standings(&t, &[Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb], Rules::Fide2023);
    let order: Vec<u32> = s.rows.iter().map(|r| r.start).collect();
    // 3.5 points: Charline (BH-C1 13), David (11.5), then Alyx and Stephan (11, 12.5, SB 8 / 7.25).
    assert_eq!(&order[..5], &[2, 3, 4, 1, 16]);
    assert_eq!(s.rows.iter().map(|r| r.rank).collect::<Vec<_>>()[..5], [1, 2, 3, 4, 5]);
    assert_eq!(s.rows[0].points, 4.0);
    assert_eq!(s.order, vec![Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb]);
    // No tiebreaks: equal points share the rank, listed by start number.
    let s = standings(&t, &[], Rules::Fide2023);
    assert_eq!(s.rows.iter().take(5).map(|r| (r.start, r.rank)).collect::<Vec<_>>(), vec![(2, 1), (1, 2), (3, 2), (4, 2), (16, 2)]);
    let csv = standings(&t, &[Tiebreak::Bh, Tiebreak::AroC1], Rules::Fide2023).to_csv();
    assert!(csv.starts_with("rank,start,name,points,BH,ARO-C1\n1,2,Bruno,4,13,1988\n"), "{csv}");
    assert!(csv.contains(",Nick,2,11.5,\n"), "{csv}");
    // Round trip through JSON.
    let s = standings(&t, &[Tiebreak::De, Tiebreak::Bh], Rules::Fide2026);
    let back: Standings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
}

#[test]
fn eigenvector_slot() {
    let t = held_rr();
    let s = standings(&t, &[Tiebreak::Eig], Rules::Fide2023);
    assert!(s.rows.iter().all(|r| r.values[0].value.is_none()));
    // 3.5 points each for Alyx, Bruno, Charline: the supplied ratings order them.
    let eig = vec![Some(1.0), Some(3.0), Some(2.0), None, None, None];
    let s = standings_with(&t, &[Tiebreak::Eig], &Options { eigenvector: Some(eig), ..Options::default() });
    assert_eq!(s.rows.iter().take(3).map(|r| r.start).collect::<Vec<_>>(), vec![2, 3, 1]);
    assert!(s.rows[0].values[0].explanation.contains("whole results graph"));
}

#[test]
fn empty_and_unplayed_tournaments() {
    let t = Tournament::default();
    assert!(standings(&t, all_codes(), Rules::Fide2023).rows.is_empty());
    let t = tour(&[(1, "A", 0, "0-Z 0-Z"), (2, "B", 0, "0-H 0-U")]);
    let s = standings(&t, all_codes(), Rules::Fide2026);
    assert_eq!(s.rows[0].start, 2);
    let bh = s.rows[0].values[0].clone();
    // B's two byes: virtual opponents with B's 1.5 capped at 1 (a draw in both rounds).
    assert_eq!(bh.value, Some(2.0));
    let aro = s.rows[0].values.iter().find(|v| v.code == Tiebreak::Aro).unwrap();
    assert_eq!(aro.value, None);
}

#[test]
fn planned_rounds_not_yet_played_are_ignored() {
    // The file announces 9 rounds after 5 were played: the standings are those after round 5.
    let mut t = held5();
    t.rounds = 9;
    for e in &mut t.entrants {
        e.rounds.resize(9, RoundEntry::NOT_PAIRED);
    }
    // Round 6 is paired, with no results yet.
    t.entrants[0].rounds[5].opponent = Some(1);
    t.entrants[1].rounds[5].opponent = Some(0);
    assert_eq!(values_of(&t, Tiebreak::Bh, Rules::Fide2023, &[4, 12]), some(&[15.0, 11.5]));
    assert_eq!(values_of(&t, Tiebreak::Ks, Rules::Fide2023, &[4]), some(&[1.0]));
    assert_eq!(values_of(&t, Tiebreak::Bh, Rules::Fide2026, &[4]), some(&[14.0]));
}

#[test]
fn report_table_and_json() {
    use crate::tiebreak::eig::EigenvectorRatings;
    use expect_test::expect;
    let t = held5();
    // Jessica (start 9) has no eigenvector rating: "-" in the table, null in the JSON.
    let eig = EigenvectorRatings {
        rating: (0..16).map(|i| (i != 8).then_some(1700.0 - 25.04 * i as f64)).collect(),
        sigma: (0..16).map(|i| (i != 8).then_some(100.0 + i as f64)).collect(),
        note: "made up".into(),
    };
    let order = [Tiebreak::BhC1, Tiebreak::Aob, Tiebreak::Aro, Tiebreak::Tpr, Tiebreak::Eig];
    let s = standings_with(&t, &order, &Options { rules: Rules::Fide2026, eigenvector: Some(eig.rating.clone()), ..Options::default() });
    expect![[r#"
        Held's Swiss — standings, FIDE C.07 (2026 rules)

         Rk    No  Name        Pts    BH-C1      AOB      ARO      TPR      EIG
          1     2  Bruno       4.0     12.0    13.60     1880     2120   1675.0
          2     3  Charline    3.5     13.0    12.90     1940     2089   1649.9
          3     4  David       3.5     11.5    13.38     1888     2081   1624.9
          4    16  Stephan     3.5     11.0    13.10     1820     1969   1324.4
          5     1  Alyx        3.5     11.0    12.40     1820     1969   1700.0
          6     6  Franck      3.0     10.5    13.25     1813     1813   1574.8
          7     8  Irina       2.5     12.0    12.90     1730     1730   1524.7
          8    11  Maria       2.5     11.0    12.75     1863     1776   1449.6
          9     5  Helene      2.5      7.5    13.20     1690     1690   1599.8
         10    15  Reine       2.0     11.0    12.20     1860     1788   1349.4
         11    12  Nick        2.0      9.5     14.0     2050     1250   1424.6
         12    14  Paul        2.0      9.0     13.0     1800     1925   1374.5
         13     7  Genevieve   1.5     12.5    11.70     1760     1611   1549.8
         14    13  Opal        1.5     12.0    11.90     1930     1781   1399.5
         15     9  Jessica     1.5      7.5    12.75     1975     1175        -
         16    10  Lais        1.0     11.5    10.80     1880     1640   1474.6

        warning: a warning
    "#]]
    .assert_eq(&printed::table(Some("Held's Swiss"), &s, &["a warning".to_string()]));
    let v: serde_json::Value = serde_json::from_str(&printed::json(&s, Some(&eig), &[])).unwrap();
    assert_eq!((v["rules"].as_str(), v["order"].to_string().as_str()), (Some("2026"), r#"["BH-C1","AOB","ARO","TPR","EIG"]"#));
    let players = v["players"].as_array().unwrap();
    let jessica = players.iter().find(|p| p["start"] == 9).unwrap();
    assert!(jessica["tiebreaks"]["EIG"].is_null() && jessica.get("eig_sigma").is_none(), "{jessica}");
    assert_eq!((players[0]["name"].as_str(), players[0]["eig_sigma"].as_f64()), (Some("Bruno"), Some(101.0)));
    assert_eq!(players[0]["tiebreaks"]["BH-C1"], 12.0);
    assert!(players[0]["explanations"]["BH-C1"].as_str().unwrap().starts_with("BH-C1 12"));
    // No tiebreaks, no warnings, no name.
    let plain = printed::table(None, &standings(&t, &[], Rules::Fide2023), &[]);
    expect![[r#"
        Tournament — standings, FIDE C.07 (2023 rules)

         Rk    No  Name        Pts
          1     2  Bruno       4.0"#]]
    .assert_eq(&plain.lines().take(4).collect::<Vec<_>>().join("\n"));
    assert!(plain.ends_with("Lais        1.0\n"), "{plain}");
}

#[test]
fn whole_number_tiebreaks_print_without_decimals() {
    // Ratings, performances and the pairing number are whole numbers: "2200", not "2200.0".
    let cell = |code, x: f64| printed::cell(&TiebreakValue { code, value: Some(x), explanation: String::new() });
    for code in [Tiebreak::Rtng, Tiebreak::Aro, Tiebreak::Apro, Tiebreak::Appo] {
        assert_eq!(cell(code, 2200.0), "2200", "{code}");
    }
    assert_eq!(cell(Tiebreak::Tpn, 5.0), "5");
    assert_eq!(cell(Tiebreak::Std, 3.5), "3.5");
}
