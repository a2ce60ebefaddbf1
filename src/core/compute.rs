//! The worker's work as plain functions over the engine's [`Job`] (so it is testable without
//! a worker): the input's summary, and the finished job as the messages the page shows. The
//! worker and the tests run the same job; only the worker stops between slices.

use crate::core::history::{HistoryAxis, HistoryRow};
use crate::core::protocol::{
    CrossCell, Finding, InputSummary, Later, LineMessage, PlayerRow, RatingResult, Settings, StandingRowView, StandingsTitle,
    StandingsView, TeamCell, TeamsView,
};
use ratings_engine::job::{Finished, Job, TournamentStandings};
use ratings_engine::methods::rating::{HistoryPoint, Rating, StopReason};
use ratings_engine::tiebreak::Tiebreak;
use ratings_engine::tournament::Tournament;
use ratings_engine::{export, ParseErrors};

/// Rating histories are sent for at most this many points in all.
pub const HISTORY_POINTS: usize = 200_000;

/// Parse errors, each with its line.
pub fn line_messages(e: &ParseErrors) -> Vec<LineMessage> {
    e.0.iter().map(|e| LineMessage { line: e.line(), message: if e.line() > 0 { e.detail() } else { e.to_string() } }).collect()
}

/// What was read, in a line: format, counts, the columns recognised.
pub fn summary(job: &Job) -> InputSummary {
    let input = &job.input;
    InputSummary {
        format: input.format,
        events: input.dataset.events.len(),
        games: input.dataset.games.len(),
        players: input.players(),
        columns: input.recognised.clone(),
        dated: crate::core::engine::methods::cost::dated(&input.dataset),
    }
}

/// The input's warnings, each with its line.
pub fn warnings(job: &Job) -> Vec<LineMessage> {
    job.input.warnings.iter().map(|w| LineMessage { line: w.line, message: w.message.clone() }).collect()
}

/// The finished job as the page shows it, with what `standings` adds. A rating that failed is
/// an error, unless the input is a tournament, whose standings are shown with the reason there
/// are no ratings.
pub fn result(job: &Job, finished: Finished, standings: impl FnOnce(&Job, RatingResult) -> RatingResult) -> Result<RatingResult, String> {
    let parse_warnings = warnings(job);
    let mut result = match finished.rating {
        Ok(rating) => rated(&rating, &parse_warnings),
        Err(e) if job.input.tournament.is_some() => unrated(job, &e.to_string()),
        Err(e) => return Err(e.to_string()),
    };
    result.steps = finished.steps;
    result.measures = finished.measures;
    result.eig_gamma = job.eig_rule_gamma();
    Ok(standings(job, result))
}

/// What a worker adds to a tournament's result: its standings ([`with_standings`], the lab's
/// worker), or nothing (the first worker, which hands tournaments on: the tiebreaks are left
/// out of its code).
pub type Standings = fn(&Job, RatingResult) -> RatingResult;

/// The result with the tournament's standings (and its teams'), if the input is a tournament.
pub fn with_standings(job: &Job, mut result: RatingResult) -> RatingResult {
    if let (Some(st), Some(t)) = (job.standings(), &job.input.tournament) {
        let mut view = standings_view(&st, t);
        view.teams = job.team_standings().map(|(standings, warnings)| {
            let (rounds, members, boards) = team_matches(t);
            TeamsView {
                csv: standings.to_csv(&t.teams),
                numbers: t.teams.iter().map(|r| r.number).collect(),
                // The file's team ranks are final: not shown against the standings after an earlier round.
                declared_ranks: t.teams.iter().map(|r| r.declared_rank.filter(|_| st.round == st.rounds_played)).collect(),
                file_order: t.declared_order.as_ref().and_then(|o| o.team_order()),
                standings,
                warnings,
                rounds,
                members,
                boards,
            }
        });
        result.standings = Some(Later::new(view));
    }
    result
}

/// A team event's matches round by round, each team's players (board order) and the boards
/// per match: the engine's ([`ratings_engine::team::TeamMatches`]), as the page's cells.
type TeamMatches = (Vec<Vec<TeamCell>>, Vec<Vec<u32>>, usize);

fn team_matches(t: &Tournament) -> TeamMatches {
    let m = ratings_engine::team::TeamMatches::of(t);
    let cell = |c: &ratings_engine::team::TeamMatch| TeamCell { opponent: c.opponent, game_points: c.game_points, result: c.result };
    (m.rounds.iter().map(|r| r.iter().map(cell).collect()).collect(), m.members, m.boards)
}

/// The ratings without their standard errors, which [`result`] of the finished job adds: what
/// the page shows first on a large group ([`ratings_engine::job::Running::finish_early`]).
pub fn early_result(
    job: &Job,
    early: Finished,
    standings: impl FnOnce(&Job, RatingResult) -> RatingResult,
) -> Result<RatingResult, String> {
    let mut result = result(job, early, standings)?;
    result.errors_pending = true;
    Ok(result)
}

/// Reads and rates `text` in one go: the tests' way through the same job the worker runs.
pub fn rate_text(text: &str, settings: &Settings) -> Result<RatingResult, Vec<LineMessage>> {
    let job = Job::read(text, settings).map_err(|e| line_messages(&e))?;
    let finished = job.run();
    result(&job, finished, with_standings).map_err(|message| vec![LineMessage { line: 0, message }])
}

/// The ranks a step's ratings give (issue 39: the step view showed the final ranks beside a
/// step's ratings, rank 1 at 1393.7 above rank 2 at 1621.1): best first within each group,
/// equal ratings sharing a rank, players without a rating unranked.
pub fn ranks_by(rows: &[(Option<usize>, Option<f64>)]) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].1.is_some_and(f64::is_finite)).collect();
    let value = |i: usize| rows[i].1.unwrap_or(f64::NAN);
    ratings_engine::sort::by(&mut order, |&a, &b| rows[a].0.cmp(&rows[b].0).then(value(b).total_cmp(&value(a))));
    let mut ranks = vec![None; rows.len()];
    let (mut group, mut place, mut last) = (None, 0, (0, f64::NAN));
    for &i in &order {
        if group != Some(rows[i].0) {
            (group, place) = (Some(rows[i].0), 0);
        }
        place += 1;
        let rank = if place > 1 && value(i) == last.1 { last.0 } else { place };
        ranks[i] = Some(rank);
        last = (rank, value(i));
    }
    ranks
}

/// The axis the players' histories are drawn on: time where the method has it.
fn history_axis(rating: &Rating) -> HistoryAxis {
    let histories: Vec<&[HistoryPoint]> = rating.players.iter().filter_map(|p| p.history.as_deref()).collect();
    HistoryAxis::of(Some(rating.variant), &histories)
}

fn player_rows(rating: &Rating) -> Vec<PlayerRow> {
    let history_points: usize = rating.players.iter().map(|p| p.history.as_ref().map_or(0, Vec::len)).sum();
    let axis = history_axis(rating);
    rating
        .players
        .iter()
        .map(|p| PlayerRow {
            name: p.name.clone(),
            rank: p.rank,
            rating: p.rating.filter(|r| r.is_finite()),
            games: p.games,
            score: p.score,
            group: p.group,
            note: export::status_note(p.status).to_string(),
            // One meaning for "±" in every method and chart: one standard deviation (Brent's
            // standard error, the AGA's σ, the Glicko family's and WHR's RD).
            sigma: p.sigma.or(p.deviation).filter(|s| s.is_finite()),
            label: p.label.clone(),
            history: p
                .history
                .as_ref()
                .filter(|_| history_points <= HISTORY_POINTS)
                .map(|h| h.iter().filter(|x| x.rating().is_finite()).map(|x| HistoryRow::of(x, axis)).collect()),
        })
        .collect()
}

fn rated(rating: &Rating, parse_warnings: &[LineMessage]) -> RatingResult {
    let mut warnings: Vec<String> =
        parse_warnings.iter().map(|w| if w.line > 0 { format!("line {}: {}", w.line, w.message) } else { w.message.clone() }).collect();
    warnings.extend(rating.warnings.iter().cloned());
    RatingResult {
        method: rating.method,
        scale: rating.scale.as_ref().map(|s| s.kind),
        players: player_rows(rating),
        iterations: rating.report.iterations,
        history_axis: history_axis(rating),
        passes: rating.report.passes,
        variant: Some(rating.variant),
        converged: rating.report.converged,
        stop: rating.report.stop,
        final_residual: rating.report.final_residual,
        measures: None,
        warnings,
        findings: rating.diagnosis.findings.iter().map(|f| Finding { kind: f.kind, message: f.message.clone() }).collect(),
        suggested_gamma: rating.diagnosis.suggested_gamma,
        eig_gamma: None,
        groups: rating.groups,
        accuracy: rating.accuracy.filter(|a| a.is_finite()),
        decided: rating.decided,
        games: game_rows(rating).map(Later::new),
        fit: rating.fit.clone(),
        steps: None,
        csv: export::csv(rating),
        json: export::json(rating),
        standings: None,
        standings_key: None,
        errors_pending: false,
    }
}

/// A result with no ratings, only the reason (a tournament's standings are added to it).
fn unrated(job: &Job, reason: &str) -> RatingResult {
    RatingResult {
        method: job.settings.method,
        scale: None,
        players: Vec::new(),
        iterations: 0,
        history_axis: HistoryAxis::Game,
        passes: None,
        variant: None,
        converged: false,
        stop: StopReason::NothingToRate,
        final_residual: 0.0,
        measures: None,
        warnings: vec![format!("no ratings: {reason}")],
        findings: Vec::new(),
        suggested_gamma: None,
        eig_gamma: None,
        groups: 0,
        accuracy: None,
        decided: None,
        fit: None,
        steps: None,
        csv: String::new(),
        json: String::new(),
        standings: None,
        standings_key: None,
        errors_pending: false,
        games: None,
    }
}

/// Elo's games with each one's ratings before it, by the players' names.
fn game_rows(rating: &Rating) -> Option<Vec<crate::core::protocol::GameRow>> {
    rating.named_games(str::to_string)
}

/// What the standings' title block (on screen and in print) says of the tournament.
fn standings_title(st: &TournamentStandings, t: &Tournament) -> StandingsTitle {
    StandingsTitle {
        name: t.name.clone(),
        city: t.city.clone(),
        start_date: t.start_date.clone(),
        end_date: t.end_date.clone(),
        arbiter: t.arbiter.clone(),
        kind: t.kind.clone(),
        rounds: t.rounds,
        players: t.entrants.len(),
        rules: st.standings.rules,
        rules_reason: st.rules.why(),
        after_round: (st.round < st.rounds_played).then_some(st.round),
        pending: st.pending_round.map(|p| p.text()),
        mode: t.mode,
    }
}

/// The standings as the table shows them; EIG's explanation carries its standard error.
fn standings_view(st: &TournamentStandings, t: &Tournament) -> StandingsView {
    let agrees = ratings_engine::tiebreak::declared::agrees(t, &st.standings.rows);
    let previous: std::collections::HashMap<usize, usize> =
        st.previous.iter().flat_map(|p| p.rows.iter().map(|q| (q.entrant, q.rank))).collect();
    let rows = st
        .standings
        .rows
        .iter()
        .zip(agrees)
        .map(|(r, agrees)| StandingRowView {
            previous_rank: previous.get(&r.entrant).copied(),
            declared_rank: t.entrants.get(r.entrant).and_then(|e| e.declared_rank),
            declared_agrees: agrees,
            rank: r.rank,
            start: r.start,
            name: r.name.clone(),
            rating: t.entrants.get(r.entrant).and_then(|e| e.rating),
            points: r.points,
            rounds: t.entrants.get(r.entrant).map_or_else(Vec::new, |e| {
                let start = |j: usize| t.entrants[j].start;
                e.rounds.iter().map(|x| CrossCell { opponent: x.opponent.map(start), colour: x.colour, result: x.result }).collect()
            }),
            // The title as FIDE writes it (`g` → GM: the engine's `Title`); a code it does not
            // know shown as the file has it.
            title: t.entrants.get(r.entrant).and_then(|e| e.fide_title().map(|x| x.name().to_string()).or_else(|| e.title.clone())),
            sex: t.entrants.get(r.entrant).and_then(|e| e.sex),
            birth_year: t.entrants.get(r.entrant).and_then(|e| e.birth_year),
            federation: t.entrants.get(r.entrant).and_then(|e| e.federation.clone()),
            round_points: t
                .entrants
                .get(r.entrant)
                .map_or_else(Vec::new, |e| e.rounds.iter().map(|x| x.result.points(&t.scoring)).collect()),
            departure: r.departure,
            not_counted: r.not_counted,
            values: r.values.iter().map(|v| v.value.filter(|x| x.is_finite())).collect(),
            explanations: r
                .values
                .iter()
                .map(|v| match (&st.eigenvector, v.code) {
                    (Some(e), Tiebreak::Eig) => {
                        let pm = e.sigma.get(r.entrant).copied().flatten().map(|s| format!(" ± {s:.1}")).unwrap_or_default();
                        format!("{}{pm}: {}", v.value.map(|x| format!("{x:.1}")).unwrap_or_else(|| "no rating".into()), e.note)
                    }
                    _ => v.explanation.clone(),
                })
                .collect(),
        })
        .collect();
    // Every column the page shows: the listed ratings, and EIG's standard error beside it.
    let ratings: Vec<Option<u32>> = t.entrants.iter().map(|e| e.rating).collect();
    let sigma = st.eigenvector.as_ref().map(|e| e.sigma.as_slice());
    StandingsView {
        codes: st.standings.order.clone(),
        rows,
        csv: st.standings.to_csv_with(Some(&ratings), sigma),
        title: standings_title(st, t),
        round_robin: st.round_robin, // the whole file's (192, 092 or shape), not the rounds shown
        declared: st.declared.clone(),
        search: st.search.clone(),
        file_order: st.file_order.clone(),
        teams: None,
        round: st.round,
        rounds_played: st.rounds_played,
        refused: st.refused_note(),
        not_counted: ratings_engine::tiebreak::printed::not_counted_note(&st.standings),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::{Method, MethodKind};

    #[test]
    fn a_step_s_ratings_give_their_own_ranks_within_each_group() {
        let rows = [(None, Some(1393.7)), (None, Some(1621.1)), (None, None), (None, Some(1621.1)), (None, Some(1500.0))];
        assert_eq!(ranks_by(&rows), vec![Some(4), Some(1), None, Some(1), Some(3)]);
        let grouped = [(Some(1), Some(10.0)), (Some(2), Some(30.0)), (Some(1), Some(20.0)), (Some(2), Some(f64::NAN))];
        assert_eq!(ranks_by(&grouped), vec![Some(2), Some(1), Some(1), None]);
    }

    /// A team file (`event, team, place, members`, issue 39) is read by the app as by the
    /// command line: its members are the players (the team names are not), Weng–Lin and
    /// Plackett–Luce rate it, and multiplayer Elo says it does not rate teams, on the event's line.
    #[test]
    fn a_team_file_is_read_and_rated_by_the_methods_that_rate_teams() {
        let text = "event,team,place,members\nq1,Owls,1,Ada; Ben\nq1,Foxes,2,Cleo + Dev\nq2,Larks,1,Ada; Cleo\nq2,Wrens,2,Ben; Dev\n";
        for method in [MethodKind::WengLin, MethodKind::PlackettLuce] {
            let settings = Settings { method, ..Default::default() };
            let r = rate_text(text, &settings).unwrap();
            let mut names: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
            names.sort_unstable();
            assert_eq!(names, ["Ada", "Ben", "Cleo", "Dev"], "{method}");
        }
        let refused = rate_text(text, &Settings { method: MethodKind::MultiElo, ..Default::default() }).unwrap_err();
        assert!(refused[0].message.contains("line 2") && refused[0].message.contains("Weng–Lin"), "{refused:?}");
    }

    /// "±" has one meaning in every method (issue 39): one standard deviation of the rating on
    /// the display scale — Brent's standard error, the AGA's σ, and the rating deviation RD of
    /// the Glicko family and WHR (shown as 2·RD before, under the same "±1σ" as the chart's).
    #[test]
    fn the_uncertainty_shown_is_one_standard_deviation_in_every_method() {
        for method in MethodKind::ALL {
            let settings = Settings { method, ..Default::default() };
            let r = rate_text(crate::core::lessons::EXAMPLE, &settings).unwrap();
            let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
            for (row, p) in r.players.iter().zip(v["players"].as_array().unwrap()) {
                assert_eq!(row.name, p["name"].as_str().unwrap());
                let sd = p.get("sigma").or(p.get("deviation")).and_then(|x| x.as_f64());
                match (row.sigma, sd) {
                    (Some(shown), Some(sd)) => assert!((shown - sd).abs() < 1e-9, "{method} {}: ±{shown} for sd {sd}", row.name),
                    (shown, sd) => assert_eq!(shown.is_some(), sd.is_some_and(f64::is_finite), "{method} {}", row.name),
                }
            }
        }
    }

    /// The app runs each method with the engine's own defaults (JRank's tolerance 1e-10, as
    /// the command line and the engine have it), and says so in its JSON export. Brent's
    /// iteration is the one difference, and the engine's too: automatic in the app (Algorithm
    /// 1 to watch on small inputs), accelerated in the command line.
    #[test]
    fn the_app_runs_every_method_with_the_engines_defaults() {
        use ratings_engine::methods::brent::{BrentParams, Variant};
        for method in MethodKind::ALL {
            let settings = Settings { method, ..Default::default() };
            let expected = match Method::default_for(method) {
                Method::Brent(p) => Method::Brent(BrentParams { variant: Variant::Auto, ..p }),
                other => other,
            };
            assert_eq!(settings.method(), expected);
            let r = rate_text(crate::core::lessons::EXAMPLE, &settings).unwrap();
            let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
            assert_eq!(v["params"], serde_json::to_value(&expected).unwrap(), "{method}");
        }
        assert_eq!(Settings::default().params.jrank.eps, 1e-10);
        // The example's 20 teams are a small input: Algorithm 1, to watch.
        assert_eq!(rate_text(crate::core::lessons::EXAMPLE, &Settings::default()).unwrap().json.contains("\"variant\": \"alg1\""), true);
    }

    /// A TRF with one player expelled and one withdrawn (the desk's marks), and FIDE mode left:
    /// the standings view lists the expelled last, the others' ranks closing up from 1, the
    /// withdrawn ranked and marked, and the title says FIDE mode was left (Q46, Q170, Q198).
    #[test]
    fn the_standings_view_marks_the_withdrawn_and_the_expelled_and_fide_mode_left() {
        use ratings_engine::tournament::{Departure, Mode};
        let text = marked_trf(true);
        let st = rate_text(&text, &Settings::default()).unwrap().standings.expect("standings").open().unwrap();
        let last = st.rows.last().unwrap();
        assert_eq!((last.start, last.departure), (1, Some(Departure::Expelled { from_round: 3 })), "the expelled is last");
        assert_eq!(st.rows[0].rank, 1, "the ranks close up: the first ranked player is 1st");
        assert!(st.rows[..5].iter().all(|r| r.rank <= 5 && r.departure.is_none_or(|d| !d.is_expelled())));
        let fay = st.rows.iter().find(|r| r.start == 6).unwrap();
        assert_eq!((fay.rank, fay.departure), (5, Some(Departure::Withdrawn { from_round: 3 })), "withdrawn: ranked, marked");
        assert_eq!(st.title.mode, Mode::Left);
        let plain = rate_text(&marked_trf(false), &Settings::default()).unwrap().standings.expect("standings").open().unwrap();
        assert_eq!(plain.title.mode, Mode::Fide);
        assert_eq!(plain.rows[0].start, 1, "without the mark the leader is ranked");
    }

    /// The standings show titles as FIDE writes them (the engine's `Title`: `g` → GM, `wg` →
    /// WGM), and a code that is no FIDE title as the file has it.
    #[test]
    fn the_standings_show_titles_as_fide_writes_them() {
        let titled: Vec<String> = marked_trf(false)
            .lines()
            .map(|l| match l.get(4..8).map(str::trim) {
                Some("2") if l.starts_with("001") => format!("{} g {}", &l[..9], &l[12..]),
                Some("3") if l.starts_with("001") => format!("{} wg{}", &l[..9], &l[12..]),
                Some("4") if l.starts_with("001") => format!("{} zz{}", &l[..9], &l[12..]),
                _ => l.to_string(),
            })
            .collect();
        let st = rate_text(&(titled.join("\n") + "\n"), &Settings::default()).unwrap().standings.expect("standings").open().unwrap();
        let title = |start: u32| st.rows.iter().find(|r| r.start == start).unwrap().title.clone();
        assert_eq!([title(2), title(3), title(4), title(5)], [Some("GM".into()), Some("WGM".into()), Some("zz".into()), None]);
    }

    /// Six players, three rounds: Ann (1) leads on 2.0 and is absent from round 3, Fay (6) is
    /// absent from round 3; with `marks`, Ann expelled, Fay withdrawn and FIDE mode left.
    fn marked_trf(marks: bool) -> String {
        let player = |start: u32, name: &str, points: &str, rounds: [&str; 3]| {
            let mut l =
                format!("001 {start:>4}      {name:<33} {:>4} {:3} {:>11} {:10} {points:>4} {:>4}  ", 2500 - 100 * start, "", "", "", "");
            rounds.iter().for_each(|r| l.push_str(&format!("{r:<8}  ")));
            l.trim_end().to_string()
        };
        let absent = "0000 - -";
        let records = [
            player(1, "Ann", "2.0", ["   2 w 1", "   3 b 1", absent]),
            player(2, "Bob", "1.5", ["   1 b 0", "   6 w 1", "   3 w ="]),
            player(3, "Cat", "1.5", ["   4 w 1", "   1 w 0", "   2 b ="]),
            player(4, "Dan", "1.5", ["   3 b 0", "   5 b =", "   5 w 1"]),
            player(5, "Eve", "1.5", ["   6 w 1", "   4 w =", "   4 b 0"]),
            player(6, "Fay", "0.0", ["   5 b 0", "   2 b 0", absent]),
        ];
        let marks = match marks {
            true => {
                format!("{}\n### expelled 1 from round 3\n### withdrawn 6 from round 3\n", ratings_engine::desk::confirm::LEFT_FIDE_MODE)
            }
            false => String::new(),
        };
        format!("012 Six\n142 3\n{marks}{}\n", records.join("\n"))
    }
}
