//! The documents against the code: the README's length, every relative link in the documents
//! resolving to a file of the repository, the app's *Input formats* holding every heading of
//! `docs/input.md`, and `docs/json.md`'s fields against the JSON the engine really writes
//! (both ways: every documented field is emitted, every emitted field is documented).
//! `cargo test --test docs`.

use ratings_engine::methods::elo::EloParams;
use ratings_engine::methods::jrank::JRankParams;
use ratings_engine::methods::weng_lin::{WengLinModel, WengLinParams};
use ratings_engine::parse::{parse_csv, CsvOptions};
use ratings_engine::{export, rate, BrentParams, Dataset, Method, MethodKind, Offset, Options, Scale, ScaleKind, Variant};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The documents a reader meets: the README, the architecture, contributing and `docs/`.
fn documents() -> Vec<String> {
    let mut out: Vec<String> = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"].map(String::from).to_vec();
    let mut docs: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap_or_else(|e| panic!("docs/: {e}"))
        .map(|e| e.expect("a readable entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// The text outside fenced code blocks and inline code, where a link is a link.
fn prose(markdown: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            // Inline code spans (every other piece between backticks) hold examples, not links.
            out.extend(line.split('`').step_by(2));
            out.push('\n');
        }
    }
    out
}

/// Every link target in `markdown`: `[text](target)`, `![alt](target)` and `<img src="target">`.
fn link_targets(markdown: &str) -> Vec<String> {
    let text = prose(markdown);
    let mut out = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].split_whitespace().next().unwrap_or("").to_string());
        }
    }
    for (i, _) in text.match_indices("src=\"") {
        let rest = &text[i + 5..];
        if let Some(end) = rest.find('"') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// Where a relative link from `document` leads, or why it does not stay in the repository.
fn resolve(document: &str, target: &str) -> Result<PathBuf, String> {
    let file = target.split('#').next().unwrap_or("");
    if file.starts_with('/') || file.contains(":\\") || file.starts_with("file:") {
        return Err(format!("{document}: '{target}' is an absolute path"));
    }
    let mut path = PathBuf::new();
    let base = Path::new(document).parent().unwrap_or(Path::new(""));
    for part in base.join(file).components() {
        match part {
            // A `..` takes the last part off; with none left, it leads out of the repository.
            Component::ParentDir if !path.pop() => return Err(format!("{document}: '{target}' leads outside the repository")),
            Component::Normal(p) => path.push(p),
            _ => {}
        }
    }
    Ok(path)
}

#[test]
fn the_readme_is_at_most_250_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 250, "README.md has {lines} lines (at most 250: the rest belongs in docs/)");
}

#[test]
fn every_relative_link_in_the_documents_is_a_file_of_the_repository() {
    let mut bad = Vec::new();
    for document in documents() {
        for target in link_targets(&read(&document)) {
            if target.starts_with("https://") || target.starts_with("http://") || target.starts_with("mailto:") || target.starts_with('#') {
                continue;
            }
            match resolve(&document, &target) {
                Ok(path) if Path::new(ROOT).join(&path).exists() => {}
                Ok(path) => bad.push(format!("{document}: '{target}' ({}) does not exist", path.display())),
                Err(e) => bad.push(e),
            }
        }
    }
    assert!(bad.is_empty(), "links that do not resolve inside the repository:\n{}", bad.join("\n"));
}

#[test]
fn no_document_cites_a_file_outside_the_repository() {
    for document in documents() {
        let text = read(&document);
        for outside in ["../shared", "../seeds", "/work/"] {
            assert!(!text.contains(outside), "{document} cites '{outside}', which is not in the repository");
        }
    }
}

/// The headings of a Markdown text (outside code blocks), as their text (backticks dropped).
fn headings(markdown: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(line.trim_start_matches('#').trim().replace('`', ""));
        }
    }
    out
}

/// The text of an HTML fragment: tags dropped, the entities the renderer writes decoded.
fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

#[test]
fn the_apps_input_help_holds_every_heading_of_input_md() {
    let html = ratings_lab_web::core::help::INPUT_HELP_HTML;
    let markdown = read("docs/input.md");
    let found: Vec<String> = html
        .split("<h")
        .skip(1)
        .filter(|part| part.starts_with(|c: char| c.is_ascii_digit()))
        .map(|part| html_text(&part[part.find('>').map_or(0, |i| i + 1)..part.find("</h").unwrap_or(part.len())]))
        .collect();
    assert_eq!(found, headings(&markdown), "the help's headings are input.md's, in order");
    // Demoted under the input panel's <h2>: the page's outline stays right.
    assert!(!html.contains("<h1") && !html.contains("<h2"), "the help's headings start at <h3>");
    assert!(html.contains("<table>"), "input.md's tables render as tables");
}

/// Every path in `value` (object keys joined by `.`, an array's elements as `[]`), with
/// whether the node there holds others (an object or a non-empty array).
fn paths(value: &Value, at: &str, out: &mut BTreeSet<(String, bool)>) {
    let join = |key: &str| if at.is_empty() { key.to_string() } else { format!("{at}.{key}") };
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let path = join(key);
                out.insert((path.clone(), v.is_object() || v.as_array().is_some_and(|a| !a.is_empty())));
                paths(v, &path, out);
            }
        }
        Value::Array(items) => {
            for v in items {
                let path = format!("{at}[]");
                out.insert((path.clone(), v.is_object() || v.as_array().is_some_and(|a| !a.is_empty())));
                paths(v, &path, out);
            }
        }
        _ => {}
    }
}

/// The documented paths of one output: the first column of the tables under the heading
/// `## `{command}``, each a backticked path such as `players[].rating`.
fn documented(markdown: &str, command: &str) -> BTreeSet<String> {
    let heading = format!("## `{command}`");
    let start = markdown.find(&heading).unwrap_or_else(|| panic!("docs/json.md has no section '{heading}'"));
    let section = &markdown[start + heading.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`').map(|(path, _)| path.to_string()))
        .collect()
}

/// A league, read as the command line reads it.
fn dataset(path: &str) -> (Dataset, Vec<String>) {
    dataset_from(&read(path))
}

/// `rate --format json` on `data` by `method`: the engine's own JSON writer, with the input's
/// warnings put first as the command line puts them.
fn rate_json(data: &(Dataset, Vec<String>), method: Method, scale: Scale) -> Value {
    let mut rating = rate(&data.0, &method, &Options { scale }).expect("the test data rate");
    let mut warnings = data.1.clone();
    warnings.append(&mut rating.warnings);
    rating.warnings = warnings;
    serde_json::from_str(&export::json(&rating)).expect("the JSON reads back")
}

/// `rate`'s JSON over runs that between them emit every field: each method, Brent's variants,
/// each kind of scale offset, degenerate data, ids from a player list, Elo's per-game record.
fn rate_outputs() -> Vec<Value> {
    let league = dataset("engine/tests/data/openfootball/en.1.csv");
    // Anna beat everyone (unbounded above), Dan lost every game, Eve played no one; a forfeit warns.
    let mut odd = dataset_from(
        "white,black,result\nAnna,Ben,1-0\nAnna,Cleo,1-0\nBen,Cleo,1/2-1/2\nCleo,Ben,1-0\nBen,Dan,1-0\nCleo,Dan,1-0\nBen,Cleo,+-\n",
    );
    let eve = odd.0.player("Eve").expect("a new player");
    odd.0.players[eve].set_id(Some("E-5".into()));
    let brent = |variant| Method::Brent(BrentParams { variant, ..BrentParams::default() });
    let elo = EloParams {
        mov: ratings_engine::methods::elo::Mov::FiveThirtyEight,
        season_regression: 0.3,
        season_mean: Some(1505.0),
        per_game: true,
        ..EloParams::default()
    };
    let anchored = Scale { kind: ScaleKind::Elo, offset: Some(Offset::Anchor { player: "Arsenal FC".into(), rating: 2000.0 }) };
    let absolute = Scale { kind: ScaleKind::Natural, offset: Some(Offset::Absolute) };
    vec![
        rate_json(&league, brent(Variant::Alg1), Scale::default()),
        rate_json(&league, brent(Variant::Fixed), anchored),
        rate_json(&odd, brent(Variant::Accelerated), absolute),
        rate_json(&league, Method::Elo(elo), Scale::default()),
        rate_json(&league, Method::MultiElo(Default::default()), Scale::default()),
        rate_json(&league, Method::JRank(JRankParams { fit: true, holdout: 0.2, ..JRankParams::default() }), Scale::default()),
        rate_json(&league, Method::Aga(Default::default()), Scale::default()),
        rate_json(&league, Method::Glicko(Default::default()), Scale::default()),
        rate_json(&league, Method::Glicko2(Default::default()), Scale::default()),
        rate_json(&league, Method::Stephenson(Default::default()), Scale::default()),
        rate_json(&league, Method::Whr(Default::default()), Scale::default()),
        rate_json(
            &league,
            Method::WengLin(WengLinParams { model: WengLinModel::BradleyTerryFull, ..Default::default() }),
            Scale::default(),
        ),
    ]
}

fn dataset_from(text: &str) -> (Dataset, Vec<String>) {
    let parsed = parse_csv(text, &CsvOptions::default()).expect("the test data read");
    (parsed.dataset, parsed.warnings.iter().map(|w| format!("line {}: {}", w.line, w.message)).collect())
}

/// `path` with a key of a keyed object written as its pattern says: `keyed` holds patterns
/// such as `players[].ratings.{method}` (an object keyed by the methods compared), so
/// `players[].ratings.elo#2.x` is `players[].ratings.{method}.x`.
fn by_key(path: &str, keyed: &[&str]) -> String {
    for pattern in keyed {
        let (prefix, placeholder) = pattern.rsplit_once('.').expect("a pattern such as a.{key}");
        if let Some(rest) = path.strip_prefix(prefix).and_then(|r| r.strip_prefix('.')) {
            let tail = rest.split_once('.').map(|(_, t)| format!(".{t}")).unwrap_or_default();
            return format!("{prefix}.{placeholder}{tail}");
        }
    }
    path.to_string()
}

/// Checks one output's documented paths against what the writer emitted, both ways. A path
/// that only holds others (`players[]`) need not be documented when its fields are; keys of
/// the `keyed` objects are written by their pattern ([`by_key`]).
fn check_documented(command: &str, outputs: &[Value], keyed: &[&str]) {
    let doc = documented(&read("docs/json.md"), command);
    let mut found = BTreeSet::new();
    for output in outputs {
        paths(output, "", &mut found);
    }
    let emitted: BTreeSet<(String, bool)> = found.into_iter().map(|(p, holds)| (by_key(&p, keyed), holds)).collect();
    let names: BTreeSet<&str> = emitted.iter().map(|(p, _)| p.as_str()).collect();
    let missing: Vec<&String> = doc.iter().filter(|p| !names.contains(p.as_str())).collect();
    assert!(missing.is_empty(), "docs/json.md documents {command} fields the output never has: {missing:?}");
    let undocumented: Vec<&String> = emitted.iter().filter(|(p, holds)| !doc.contains(p) && !holds).map(|(p, _)| p).collect();
    assert!(undocumented.is_empty(), "{command}'s output has fields docs/json.md does not document: {undocumented:?}");
}

#[test]
fn json_md_documents_every_field_rate_writes_and_no_other() {
    check_documented("rate", &rate_outputs(), &[]);
}

/// `compare`'s JSON: Brent, Elo twice (the second `elo#2`) and a method that cannot rate, with
/// orders (so `spread` is filled) and without.
fn compare_outputs() -> Vec<Value> {
    use ratings_engine::compare::{self, export, order::Order};
    let league = dataset("engine/tests/data/openfootball/en.1.csv").0;
    let elo40 = Method::Elo(EloParams { k: 40.0, ..EloParams::default() });
    let methods = [Method::Brent(BrentParams::default()), Method::Elo(EloParams::default()), elo40];
    let options = Options { scale: Scale::default() };
    let mut orders = vec![Order::Reversed];
    orders.extend(Order::shuffles(3, 1));
    [orders.as_slice(), &[]]
        .iter()
        .map(|orders| serde_json::from_str(&export::json(&compare::compare(&league, &methods, &options, orders))).expect("JSON"))
        .collect()
}

/// `evaluate`'s JSON: every method on a league with home sides, rolling blocks, and a tuning.
fn evaluate_outputs() -> Vec<Value> {
    use ratings_engine::evaluation::{self, printed, Parameter};
    let league = dataset("engine/tests/data/openfootball/en.1.csv").0;
    let methods: Vec<Method> = [MethodKind::Brent, MethodKind::Elo, MethodKind::MultiElo, MethodKind::JRank, MethodKind::Aga]
        .into_iter()
        .map(Method::default_for)
        .collect();
    let options = Options { scale: Scale::default() };
    let e = evaluation::evaluate(&league, &methods, &options, evaluation::DEFAULT_HOLDOUT, 4);
    let tuning = evaluation::tune(&league, &methods[1], &options, Parameter::EloK, &[1.0, 2.0, 4.0], evaluation::DEFAULT_HOLDOUT);
    let mut out = vec![serde_json::from_str(&printed::evaluation_json(&e, Some(&tuning))).expect("JSON")];
    let plain = evaluation::evaluate(&league, &methods[..1], &options, evaluation::DEFAULT_HOLDOUT, 1);
    out.push(serde_json::from_str(&printed::evaluation_json(&plain, None)).expect("JSON"));
    out
}

/// `simulate`'s JSON: a small lab of every method.
fn simulate_outputs() -> Vec<Value> {
    use ratings_engine::evaluation::{
        printed,
        simulate::{simulate, Setup},
    };
    let setup = Setup { players: 12, repetitions: 3, ..Setup::default() };
    let methods: Vec<Method> = [MethodKind::Brent, MethodKind::Elo].into_iter().map(Method::default_for).collect();
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    vec![serde_json::from_str(&printed::simulation_json(&sim)).expect("JSON")]
}

#[test]
fn json_md_documents_every_field_compare_writes_and_no_other() {
    check_documented(
        "compare",
        &compare_outputs(),
        &["players[].ratings.{method}", "players[].ranks.{method}", "players[].spread.{method}"],
    );
}

#[test]
fn json_md_documents_every_field_evaluate_writes_and_no_other() {
    check_documented("evaluate", &evaluate_outputs(), &[]);
}

#[test]
fn json_md_documents_every_field_simulate_writes_and_no_other() {
    check_documented("simulate", &simulate_outputs(), &[]);
}

/// `tiebreaks`' JSON for a tournament file, as the command line makes it: the standings in
/// `order` (the file's or FIDE's when `None`), after `round` when given, the file's ranks
/// checked when `check_ranks`.
fn tiebreaks_json(text: &str, order: Option<&str>, round: Option<usize>, check_ranks: bool) -> Value {
    use ratings_engine::job::{Job, Settings};
    use ratings_engine::tiebreak::{parse_order, printed};
    let settings = Settings { tiebreaks: order.map(|o| parse_order(o).expect("a valid order")), after_round: round, ..Settings::default() };
    let job = Job::read(text, &settings).expect("the test tournament reads");
    let standings = job.standings().expect("a tournament");
    let mut warnings: Vec<String> = job.input.warnings.iter().map(|w| w.to_string()).collect();
    if let Some(eig) = &standings.eigenvector {
        warnings.push(format!("EIG: {}", eig.note));
    }
    let full = job.full.tournament.as_ref().expect("a tournament");
    let ranks =
        check_ranks.then_some(printed::Ranks { tournament: full, check: standings.declared.as_ref(), search: standings.search.as_ref() });
    let extras = printed::Extras {
        round: round.map(|n| (n, standings.rounds_played)),
        ranks,
        file_order: standings.file_order.as_ref(),
        rules: Some(&standings.rules),
        pending: standings.pending_round,
        mode: full.mode,
        category: None,
    };
    let json = printed::json_with(&standings.standings, standings.eigenvector.as_ref(), &warnings, &extras);
    serde_json::from_str(&json).expect("JSON")
}

/// `tiebreaks --teams`' JSON for a team tournament file.
fn teams_json(path: &str) -> Value {
    use ratings_engine::job::{Job, Settings};
    let job = Job::read(&read(path), &Settings::default()).expect("the test tournament reads");
    let teams = &job.full.tournament.as_ref().expect("a tournament").teams;
    let (standings, warnings) = job.team_standings().expect("team standings");
    serde_json::from_str(&standings.json(teams, &warnings)).expect("JSON")
}

/// A TRF player record (`001`), its rounds in their 10-column blocks.
fn trf_player(start: u32, name: &str, points: &str, rounds: &[&str]) -> String {
    let mut line = format!("001 {start:>4}      {name:<33}{:33}{points:>4} {start:>4}  ", "");
    for r in rounds {
        line.push_str(&format!("{r:<8}  "));
    }
    line.trim_end().to_string()
}

/// `tiebreaks`' JSON over runs that between them emit every field: an order with EIG and the
/// ranks checked, an earlier round, a file whose ranks an order gives, one that declares its
/// order, a round robin, and a round with only byes entered (pending).
fn tiebreaks_outputs() -> Vec<Value> {
    let swiss = read("engine/tests/data/trf/held_swiss_5.trf");
    let pending = [
        // Dan expelled (the desk's mark): a player's `status`, and a rank of null.
        "012 Mid-round\n042 2025/01/10\nXXR 5\n### expelled 4 from round 3".to_string(),
        trf_player(1, "Ann", "2.5", &["   2 w 1", "   3 b 1", "0000 - H"]),
        trf_player(2, "Bob", "1.0", &["   1 b 0", "   4 w 1"]),
        trf_player(3, "Cat", "1.0", &["   4 w 1", "   1 w 0", "0000 - Z"]),
        trf_player(4, "Dan", "0.0", &["   3 b 0", "   2 b 0"]),
    ]
    .join("\n");
    vec![
        tiebreaks_json(&swiss, Some("BH-C1,BH,SB,EIG"), None, true),
        tiebreaks_json(&swiss, None, Some(3), false),
        tiebreaks_json(&read("engine/tests/data/trf/swiss_with_many_unplayed_rounds.trf"), None, None, true),
        tiebreaks_json(&read("engine/tests/data/trf/fideteam_nocolor.trf"), None, None, true),
        tiebreaks_json(&read("engine/tests/data/trf/held_round_robin.trf"), None, None, true),
        tiebreaks_json(&pending, None, None, false),
        // A round robin's player who left under half of their games: `not_counted`.
        tiebreaks_json(&read("engine/tests/data/tiebreak/tiebreakserver_rr_withdrawals_trf/rr8_withdrawals.trf"), None, None, false),
    ]
}

#[test]
fn json_md_documents_every_field_tiebreaks_writes_and_no_other() {
    check_documented("tiebreaks", &tiebreaks_outputs(), &["players[].tiebreaks.{code}", "players[].explanations.{code}"]);
}

#[test]
fn json_md_documents_every_field_tiebreaks_teams_writes_and_no_other() {
    let teams = teams_json("engine/tests/data/trf/fideteam_nocolor.trf");
    check_documented("tiebreaks --teams", &[teams], &["teams[].tiebreaks.{code}", "teams[].explanations.{code}"]);
}

/// `pair`'s JSON over runs that between them emit every field: a round with a bye and one with
/// players absent, with `--explain` (a candidate passed over put in where the engine has none,
/// so the writer's field is seen), and a warning as the command line adds it.
fn pair_outputs() -> Vec<Value> {
    use ratings_engine::pairing::dutch::explain::{Passed, Why};
    use ratings_engine::pairing::dutch::{json, pair_round, PairOptions};
    use ratings_engine::parse::trf::parse_trf;
    let warnings = ["the file gives no total number of rounds (XXR or 142)".to_string()];
    let mut out = Vec::new();
    for (file, round) in [("odd-bye-lowest.trf", 3), ("late-entry.trf", 3)] {
        let (t, _) = parse_trf(&read(&format!("engine/tests/data/pairing/cases/{file}"))).expect("the case reads");
        let mut p = pair_round(&t, round, &PairOptions::default()).expect("the case pairs");
        out.push(serde_json::from_str(&json::json(&p, &warnings, false)).expect("JSON"));
        let pair = p.brackets.iter_mut().flat_map(|b| b.pairs.iter_mut()).next().expect("a pair");
        if pair.passed_over.is_empty() {
            pair.passed_over.push(Passed { player: pair.lower, why: Why::Met });
        }
        out.push(serde_json::from_str(&json::json(&p, &warnings, true)).expect("JSON"));
    }
    out
}

#[test]
fn json_md_documents_every_field_pair_writes_and_no_other() {
    check_documented("pair", &pair_outputs(), &[]);
}

/// `pair --check`'s JSON: a file whose round 1 was not paired as the engine pairs it (the
/// corner case was written by hand up to the round it tests) and one paired as the engine does.
#[test]
fn json_md_documents_every_field_pair_check_writes_and_no_other() {
    use ratings_engine::pairing::dutch::check::check_rounds;
    use ratings_engine::pairing::dutch::{json, PairOptions};
    use ratings_engine::parse::trf::parse_trf;
    let warnings = ["a warning".to_string()];
    let outputs: Vec<Value> = ["engine/tests/data/pairing/cases/odd-bye-lowest.trf", "engine/tests/data/pairing/bbp/s100001-p6-r5.trf"]
        .iter()
        .map(|path| {
            let (t, _) = parse_trf(&read(path)).expect("the file reads");
            let checks = check_rounds(&t, &PairOptions::default()).expect("the file pairs");
            serde_json::from_str(&json::check_json(&checks, &warnings, &["a note".to_string()])).expect("JSON")
        })
        .collect();
    assert_eq!(outputs[0]["identical"], Value::Bool(false), "round 1 of the corner case differs");
    check_documented("pair --check", &outputs, &[]);
}

/// A bbpPairings fixture (CR line ends) with its records' round-`round` cells set, and `extra`
/// records added at its end.
fn with_cells(path: &str, cells: &[(u32, usize, &str)], extra: &str) -> String {
    let mut lines: Vec<String> = read(path).split('\r').map(str::to_string).collect();
    for &(start, round, cell) in cells {
        let l = lines.iter_mut().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).expect("the player");
        let at = 91 + 10 * (round - 1);
        l.replace_range(at..at + 8, cell);
    }
    lines.join("\r") + extra
}

/// `check`'s JSON: the documented example (a round changed by hand, a rematch, two ranks
/// swapped), a player paired twice (the rounds after it not re-paired, the reader's warnings),
/// a one-sided game, a forbidden pair seated, second byes, a round robin and a file without
/// ranks; and the example in docs/json.md is what `check` writes for its file.
#[test]
fn json_md_documents_every_field_check_writes_and_no_other() {
    use ratings_engine::checker::{check, Options};
    let json = |text: &str| serde_json::to_value(check(text, &Options::default()).expect("the file checks")).expect("JSON");
    let six = "engine/tests/data/pairing/bbp/s100001-p6-r5.trf";
    let nine: String = read("engine/tests/data/pairing/bbp/e200001-p9-r5.trf")
        .lines()
        .map(|l| match l.get(..8) {
            Some("001    8") | Some("001    6") => format!("{}0000 - U", &l[..l.len() - 8]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let example = json(&read("engine/tests/data/trf/check_example.trf"));
    let outputs = [
        example.clone(),
        json(&with_cells(six, &[(6, 2, "   1 w 1")], "")),
        json(&with_cells(six, &[(6, 2, "0000 - H")], "")),
        json(&with_cells(six, &[], "\rXXP 1 4")),
        json(&nine),
        json(&read("engine/tests/data/trf/held_round_robin.trf")),
    ];
    let kinds: BTreeSet<&str> = outputs
        .iter()
        .flat_map(|v| v["rounds"].as_array().unwrap().iter().flat_map(|r| r["illegal"].as_array().unwrap()))
        .map(|i| i["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), 6, "every kind of illegal round: {kinds:?}");
    check_documented("check", &outputs, &[]);
    let doc = read("docs/json.md");
    let section = &doc[doc.find("## `check`").expect("the section")..];
    let block = section.split("```json\n").nth(1).and_then(|b| b.split("\n```").next()).expect("the example");
    let documented: Value = serde_json::from_str(block).expect("the example is JSON");
    assert_eq!(documented, example, "docs/json.md's check example is what check writes for engine/tests/data/trf/check_example.trf");
}

/// `report`'s JSON: the made-up reference event (an unrated player, byes, forfeits), once with
/// a start number in the options that is not in the file (a warning).
#[test]
fn json_md_documents_every_field_report_writes_and_no_other() {
    use ratings_engine::fide::{report, Options};
    use ratings_engine::parse::trf::parse_trf;
    let (t, _) = parse_trf(&read("engine/tests/data/fide/reference.trf")).expect("the file reads");
    let outputs: Vec<Value> = [Options::default(), Options { new_players: [99].into(), ..Options::default() }]
        .iter()
        .map(|opts| serde_json::from_str(&report::json(&report::report(&t, opts))).expect("the JSON reads back"))
        .collect();
    check_documented("report", &outputs, &[]);
}

/// Issue 37: ARCHITECTURE.md's "Your first hour" names the first file to open for each of the
/// four parts (the page, the workers, the engine, the desk), and every file it names exists.
#[test]
fn the_first_hour_names_a_first_file_for_each_part_and_each_exists() {
    let doc = read("ARCHITECTURE.md");
    let section = doc.split("\n## Your first hour\n").nth(1).expect("ARCHITECTURE.md has \"## Your first hour\"");
    let section = section.split("\n## ").next().unwrap();
    let mut parts = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| the ")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let files =
            |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).filter(|s| s.contains('/')).map(String::from).collect() };
        let first = files(cells[1]);
        assert_eq!(first.len(), 1, "{line}: one file to open first");
        for file in first.iter().chain(&files(cells[2])) {
            assert!(Path::new(ROOT).join(file).is_file(), "ARCHITECTURE.md's first hour names {file}, which does not exist");
        }
        parts.push(cells[0].to_string());
    }
    assert_eq!(parts, ["the page", "the workers", "the engine", "the desk"]);
    for named in section.split('`').skip(1).step_by(2).filter(|s| s.starts_with("src/") || s.starts_with("engine/")) {
        assert!(Path::new(ROOT).join(named).exists(), "ARCHITECTURE.md's first hour names {named}, which does not exist");
    }
}
