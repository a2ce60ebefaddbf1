//! `pair`: the next round of a Swiss tournament paired by the FIDE Dutch system (FIDE Handbook
//! C.04.3, 2026; the engine's `pairing::dutch`), printed as a pairings sheet in C.04.2's board
//! order (Art. 3.6, the pairing-allocated bye after the last board, C.04.1 Art. 3-4), as JSON,
//! or written into the TRF for results; and `--check`, every round of a file re-paired and
//! compared with the file's (as bbpPairings's `-c`).

use crate::args::{AccelerationArg, ColourArg, PairArgs, PairFormat, SystemArg};
use crate::input::{display_name, read_trf};
use ratings_engine::checker::manual_rounds;
use ratings_engine::error::PairError;
use ratings_engine::pairing::berger::{self, Cycles};
use ratings_engine::pairing::dutch::check::{check_rounds, last_paired_round, RoundCheck};
use ratings_engine::pairing::dutch::{explain, json, pair_round_reporting, AccelerationMethod, PairOptions, Pairing, Step};
use ratings_engine::parse::trf::{with_header, with_pairing, with_round_off};
use ratings_engine::tournament::{Colour, RoundResult, Tournament, TournamentType};
use std::process::ExitCode;

/// Exit status of `--check` when a round differs (0: all identical, 1: an error).
const DIFFERS: u8 = 2;

/// Runs `pair`: the text to print (a pairings sheet, JSON or the TRF) and the exit status.
pub fn run(args: &PairArgs) -> Result<(String, ExitCode), String> {
    let mut warnings = Vec::new();
    let (text, t) = read_trf(&args.file, &mut warnings)?;
    if let Some(cycles) = round_robin(args, &t) {
        return robin(args, &text, &t, cycles, warnings);
    }
    if args.all_rounds {
        return Err("--all-rounds: a round robin's rounds are known at once (192 FIDE_ROUNDROBIN or --system round-robin); a Swiss is paired a round at a time".into());
    }
    if args.check {
        return check(args, &t, warnings, &manual_rounds(&text));
    }
    let round = args.round.expect("clap requires --round without --check");
    let opts = options(args, &t, round, &mut warnings)?;
    let p = pair_round_reporting(&t, round, &opts, &progress(std::time::Instant::now(), &mut std::io::stderr())).map_err(|e| match e {
        PairError::NoInitialColour => format!("{e}: give --initial-colour white, black or lot (drawn here, with --seed)"),
        e => e.to_string(),
    })?;
    let out = match args.format {
        PairFormat::Text => sheet(&t, &p, &warnings, args.explain),
        PairFormat::Json => json::json(&p, &warnings, args.explain) + "\n",
        PairFormat::Trf => {
            for w in &warnings {
                eprintln!("warning: {w}");
            }
            for n in &p.notes {
                eprintln!("note: {n}");
            }
            let text = declared(&text, &t, &opts);
            trf(&text, &t, &p)?
        }
    };
    Ok((out, ExitCode::SUCCESS))
}

/// A round that has taken longer than this says on stderr how it goes, step by step (a
/// large open's first round; a club's round never does).
const QUIET_SECONDS: f64 = 1.0;

/// The progress report of a round begun at `started`: each step after the first second, as
/// a line on `err` (the same as `evaluate`'s: stdout stays the pairing alone).
fn progress<'a>(started: std::time::Instant, err: &'a mut (dyn std::io::Write + 'a)) -> impl Fn(Step) + 'a {
    let err = std::cell::RefCell::new(err);
    move |step| {
        let seconds = started.elapsed().as_secs_f64();
        if seconds >= QUIET_SECONDS {
            _ = writeln!(err.borrow_mut(), "pair: {}", explain::progress_text(step, seconds));
        }
    }
}

/// The round-robin cycles when the tournament is one: `--system`, else the file's `192`.
fn round_robin(args: &PairArgs, t: &Tournament) -> Option<Cycles> {
    match (args.system, t.tournament_type.as_ref().map(|d| &d.kind)) {
        (Some(SystemArg::RoundRobin), _) => Some(Cycles::Single),
        (Some(SystemArg::DoubleRoundRobin), _) => Some(Cycles::Double),
        (Some(SystemArg::Dutch), _) => None,
        (None, Some(TournamentType::RoundRobin { double })) => Some(if *double { Cycles::Double } else { Cycles::Single }),
        (None, Some(_)) => None,
        (None, None) if args.check && last_paired_round(t) >= 2 => berger::shaped_like_round_robin(t),
        (None, None) => None,
    }
}

/// A round robin: round R by the Berger tables (C.05), as a sheet, JSON or the TRF (the
/// player with the round off written `0000 - Z`), or `--check`, every round against the table.
fn robin(args: &PairArgs, text: &str, t: &Tournament, cycles: Cycles, warnings: Vec<String>) -> Result<(String, ExitCode), String> {
    if args.check {
        let checks = berger::check(t, cycles).map_err(|e| e.to_string())?;
        let status = if checks.iter().all(|c| c.identical()) { ExitCode::SUCCESS } else { ExitCode::from(DIFFERS) };
        let mut warnings = warnings;
        warnings.extend(Some(why_robin(args, t)).filter(|w| !w.is_empty()).map(|w| format!("audited as a round robin{w}")));
        return Ok((robin_check_text(&checks, cycles, &warnings), status));
    }
    if args.all_rounds {
        let rounds: Vec<Pairing> =
            (1..=berger::rounds(t.entrants.len(), cycles)).map(|r| robin_round(args, t, cycles, r)).collect::<Result<_, _>>()?;
        return match args.format {
            PairFormat::Json => {
                let each: Vec<String> = rounds.iter().map(|p| json::json(p, &warnings, false)).collect();
                Ok((format!("[{}]\n", each.join(",")), ExitCode::SUCCESS))
            }
            PairFormat::Text => Ok((rounds.iter().map(|p| robin_sheet(t, p, &warnings)).collect::<Vec<_>>().join("\n"), ExitCode::SUCCESS)),
            PairFormat::Trf => Err("--all-rounds: --format trf writes one round (--round R); all rounds print as text or json".into()),
        };
    }
    let round = args.round.expect("clap requires --round without --check or --all-rounds");
    let p = robin_round(args, t, cycles, round)?;
    match args.format {
        PairFormat::Text => Ok((robin_sheet(t, &p, &warnings), ExitCode::SUCCESS)),
        PairFormat::Json => Ok((json::json(&p, &warnings, false) + "\n", ExitCode::SUCCESS)),
        PairFormat::Trf if last_paired_round(t) >= round => {
            Err(format!("--format trf: the file already holds games of round {round} or later"))
        }
        PairFormat::Trf => Ok((with_round_off(text, t, round, &boards_of(&p), p.bye), ExitCode::SUCCESS)),
    }
}

/// A round-robin round's sheet: the Dutch sheet's layout under the Berger tables' title.
fn robin_sheet(t: &Tournament, p: &Pairing, warnings: &[String]) -> String {
    sheet(t, p, warnings, false).replace("FIDE Dutch system, C.04.3", "Berger tables, C.05")
}

/// Round `round` of a round robin by its table, as a [`Pairing`] (the player with the round
/// off as its `bye`).
fn robin_round(args: &PairArgs, t: &Tournament, cycles: Cycles, round: usize) -> Result<Pairing, String> {
    let (boards, off) = berger::pair_round(t, round, cycles).map_err(|e| e.to_string())?;
    let boards: Vec<ratings_engine::pairing::dutch::Board> = boards
        .iter()
        .enumerate()
        .map(|(k, &(white, black))| ratings_engine::pairing::dutch::Board { number: k + 1, white, black })
        .collect();
    let mut notes = vec![format!("a {cycles} round robin by the Berger tables (FIDE C.05, Annex 1){}", why_robin(args, t))];
    notes.extend(off.map(|x| format!("start number {x} has the round off (an odd count: no game, no points)")));
    let absent = t.requested_byes(round).into_iter().map(|(i, _)| t.entrants[i].start).collect();
    Ok(Pairing { round, boards, bye: off, absent, brackets: Vec::new(), notes })
}

/// Why a file with no `192` and no `--system` is taken for a round robin ("" otherwise).
fn why_robin(args: &PairArgs, t: &Tournament) -> &'static str {
    match (args.system, &t.tournament_type) {
        (None, None) => {
            ": the file does not declare its system (192), and its rounds are a round robin's (--system dutch pairs it as a Swiss)"
        }
        _ => "",
    }
}

/// `--check` of a round robin as text: each round that differs from the table, then the count.
fn robin_check_text(checks: &[berger::RrRoundCheck], cycles: Cycles, warnings: &[String]) -> String {
    let mut out = String::new();
    let differ: Vec<&berger::RrRoundCheck> = checks.iter().filter(|c| !c.identical()).collect();
    for c in &differ {
        out += &format!("round {}: differs from the Berger table\n", c.round);
        for (w, b) in &c.table_only {
            out += &format!("  the table: {w} - {b}\n");
        }
        for g in &c.file_only {
            out += &format!("  the file:  {} - {}{}\n", g.white, g.black, if g.coloured { "" } else { " (colours not given)" });
        }
    }
    out += &match differ.len() {
        0 => format!("all {} rounds are the Berger table's ({cycles} round robin, C.05)\n", checks.len()),
        n => format!("{} of {} rounds are the Berger table's; {n} differ\n", checks.len() - n, checks.len()),
    };
    for w in warnings {
        out += &format!("warning: {w}\n");
    }
    out
}

/// The file with what this run was told and the file did not say, so that the next round
/// needs no flag: the initial colour (152) and Baku acceleration (192).
fn declared(text: &str, t: &Tournament, opts: &PairOptions) -> String {
    let mut text = text.to_string();
    if let (Some(c), None) = (opts.initial_colour, t.initial_colour) {
        text = with_header(&text, "152", if c == Colour::White { "W" } else { "B" });
    }
    let typed_baku = t.tournament_type.as_ref().is_some_and(|d| d.kind == TournamentType::Dutch { baku: true });
    if opts.acceleration == Some(AccelerationMethod::Baku) && !typed_baku && t.acceleration.is_none() {
        text = with_header(&text, "192", TournamentType::Dutch { baku: true }.code());
    }
    text
}

/// `--initial-colour lot`: the colour drawn from `seed` (SplitMix64's first output, its top
/// bit), said in a warning with the seed so that the draw can be repeated.
fn drawn(seed: Option<u64>, warnings: &mut Vec<String>) -> Colour {
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    let colour = if (z ^ (z >> 31)) >> 63 == 0 { Colour::White } else { Colour::Black };
    let name = if colour == Colour::White { "White" } else { "Black" };
    warnings.push(format!("the initial colour was drawn by lot with seed {seed}: {name} for the top player of round 1 (--initial-colour lot --seed {seed} draws it again)"));
    colour
}

/// The pairing options: `--rounds`, else the file's total. Without either, the round is not
/// taken for the last (C.04.3 1.8's topscorers exist only in the last round, and a total of
/// more rounds than paired is the usual case), with a warning.
fn options(args: &PairArgs, t: &Tournament, round: usize, warnings: &mut Vec<String>) -> Result<PairOptions, String> {
    let rounds = match (args.rounds, t.total_rounds) {
        (Some(n), Some(file)) if n != file => {
            warnings.push(format!("--rounds {n}: the file declares {file} rounds (XXR or 142); {n} is used"));
            Some(n)
        }
        (Some(n), _) | (None, Some(n)) => Some(n),
        (None, None) if args.check => {
            warnings.push(format!("the file gives no total number of rounds (XXR or 142): its {} rounds are taken as all", t.rounds));
            None
        }
        (None, None) => {
            warnings.push(format!(
                "the file gives no total number of rounds (XXR or 142) and --rounds is not given: round {round} is paired as not the last (no topscorers, C.04.3 1.8)"
            ));
            Some(round.max(t.rounds) + 1)
        }
    };
    let initial_colour = match args.initial_colour {
        None => None,
        Some(ColourArg::White) => Some(Colour::White),
        Some(ColourArg::Black) => Some(Colour::Black),
        Some(ColourArg::Lot) => Some(drawn(args.seed, warnings)),
    };
    if let (Some(c), Some(file)) = (initial_colour, t.initial_colour.filter(|f| Some(f.colour) != initial_colour)) {
        let name = |c: Colour| if c == Colour::White { "White" } else { "Black" };
        warnings.push(format!("--initial-colour: the file gives {} (line {}); {} is used", name(file.colour), file.line, name(c)));
    }
    let acceleration = args.acceleration.map(|AccelerationArg::Baku| AccelerationMethod::Baku);
    let typed_baku = t.tournament_type.as_ref().is_some_and(|d| d.kind == TournamentType::Dutch { baku: true });
    if acceleration.is_some() && !typed_baku && t.acceleration.is_none() && t.rounds_played() > 0 {
        return Err(format!(
            "--acceleration baku: the file's {} paired without acceleration, and acceleration is chosen before round 1 (C.04.5.1); if they were paired with it, the file needs 192 FIDE_DUTCH_2025_BAKU",
            match t.rounds_played() {
                1 => "1 round was".to_string(),
                n => format!("{n} rounds were"),
            }
        ));
    }
    Ok(PairOptions { rounds, initial_colour, explain: args.explain, acceleration })
}

/// A player as the sheet names them: start number and name.
fn who(t: &Tournament, start: u32) -> String {
    t.entrants.iter().find(|e| e.start == start).map_or(start.to_string(), |e| format!("{start} {}", e.name))
}

fn points(x: f64) -> String {
    format!("{x:.1}")
}

/// The pairings sheet: a line a board (start number, name and points before the round of
/// each side), then the bye, the absent, the explanation and the warnings.
fn sheet(t: &Tournament, p: &Pairing, warnings: &[String], explain: bool) -> String {
    let before = |start: u32| t.entrants.iter().position(|e| e.start == start).map_or(0.0, |i| t.points_after(i, p.round - 1));
    let width = p.boards.iter().flat_map(|b| [who(t, b.white), who(t, b.black)]).map(|s| s.chars().count()).max().unwrap_or(5).max(5);
    let title = format!("round {} pairings (FIDE Dutch system, C.04.3)", p.round);
    let mut out = match t.name.as_deref() {
        Some(n) => format!("{n} — {title}\n\n"),
        None => format!("R{}\n\n", &title[1..]),
    };
    out += &format!("Board  {:<width$}  {:>4}  {:<width$}  {:>4}\n", "White", "Pts", "Black", "Pts");
    for b in &p.boards {
        let (w, k) = (who(t, b.white), who(t, b.black));
        out += &format!("{:>5}  {w:<width$}  {:>4}  {k:<width$}  {:>4}\n", b.number, points(before(b.white)), points(before(b.black)));
    }
    if let Some(x) = p.bye {
        let pab = t.point_system.points(RoundResult::PairingBye);
        out += &format!("\nPairing-allocated bye: {} ({} before the round, {} for the bye)\n", who(t, x), points(before(x)), points(pab));
    }
    let absent: Vec<String> =
        t.requested_byes(p.round).iter().map(|&(i, u)| format!("{} ({})", who(t, t.entrants[i].start), u.name())).collect();
    if !absent.is_empty() {
        out += &format!("\nNot paired (by request): {}\n", absent.join(", "));
    }
    for n in &p.notes {
        out += &format!("note: {n}\n");
    }
    if explain {
        out += "\nWhy, bracket by bracket:\n";
        out +=
            &explain::render(&p.brackets, p.bye, &|x| t.entrants.iter().find(|e| e.start == x).map_or(String::new(), |e| e.name.clone()));
    }
    for w in warnings {
        out += &format!("warning: {w}\n");
    }
    out
}

/// The file with round `p.round` added, ready for results (`parse::trf::with_pairing`), for the
/// next round only.
fn trf(text: &str, t: &Tournament, p: &Pairing) -> Result<String, String> {
    if last_paired_round(t) >= p.round {
        return Err(format!(
            "--format trf: the file already holds games of round {} or later; the TRF is written for the next round only (round {})",
            p.round,
            t.rounds_played() + 1
        ));
    }
    Ok(with_pairing(text, t, p.round, &boards_of(p), p.bye))
}

/// `--check`: every round compared; exit 0 when all are identical, `DIFFERS` when one is not.
/// A round that differs and that the file says the arbiter changed by hand is named as such.
fn check(args: &PairArgs, t: &Tournament, mut warnings: Vec<String>, hand: &[usize]) -> Result<(String, ExitCode), String> {
    let opts = options(args, t, 0, &mut warnings)?;
    let checks = check_rounds(t, &opts).map_err(|e| e.to_string())?;
    let mut notes: Vec<String> = Vec::new();
    for n in checks.iter().flat_map(|c| &c.ours.notes) {
        if !notes.contains(n) {
            notes.push(n.clone());
        }
    }
    if checks.is_empty() {
        return Err(format!("--check: {} holds no games to check", display_name(&args.file)));
    }
    for c in checks.iter().filter(|c| !c.identical() && hand.contains(&c.round)) {
        notes.push(format!(
            "round {} was changed or paired by hand by the arbiter (the file's ### manual round {} records)",
            c.round, c.round
        ));
    }
    let status = match checks.iter().all(RoundCheck::identical) {
        true => ExitCode::SUCCESS,
        false => ExitCode::from(DIFFERS),
    };
    let out = match args.format {
        PairFormat::Json => json::check_json(&checks, &warnings, &notes) + "\n",
        PairFormat::Text => check_text(&checks, &warnings, &notes),
        PairFormat::Trf => return Err("--check: --format trf writes a round paired; --check prints text or json".into()),
    };
    Ok((out, status))
}

/// `--check` as text: each round that differs with its boards (ours, then the file's games the
/// engine did not make), then the count.
fn check_text(checks: &[RoundCheck], warnings: &[String], notes: &[String]) -> String {
    let mut out = String::new();
    let differ: Vec<&RoundCheck> = checks.iter().filter(|c| !c.identical()).collect();
    for c in &differ {
        out += &format!("round {}: differs from the file\n", c.round);
        for b in &c.ours_only {
            out += &format!("  ours board {}: {} - {}\n", b.number, b.white, b.black);
        }
        for g in &c.file_only {
            let colours = if g.coloured { "" } else { " (colours not given)" };
            out += &format!("  the file:      {} - {}{colours}\n", g.white, g.black);
        }
        if c.ours.bye != c.file_bye {
            let bye = |x: Option<u32>| x.map_or("none".to_string(), |x| x.to_string());
            out += &format!("  bye: ours {}, the file {}\n", bye(c.ours.bye), bye(c.file_bye));
        }
    }
    out += &match differ.len() {
        0 => format!("all {} rounds identical\n", checks.len()),
        n => {
            let rounds: Vec<String> = differ.iter().map(|c| c.round.to_string()).collect();
            format!(
                "{} of {} rounds identical; {n} differ{}: round {}\n",
                checks.len() - n,
                checks.len(),
                if n == 1 { "s" } else { "" },
                rounds.join(", ")
            )
        }
    };
    for w in warnings {
        out += &format!("warning: {w}\n");
    }
    for n in notes {
        out += &format!("note: {n}\n");
    }
    out
}

/// The boards as (white, black) start numbers.
fn boards_of(p: &Pairing) -> Vec<(u32, u32)> {
    p.boards.iter().map(|b| (b.white, b.black)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Progress is said only once a round has taken over a second, one line a step.
    #[test]
    fn a_long_round_says_its_steps_on_stderr() {
        let step = Step::Bracket { bracket: 2, brackets: 7, score: 15, left: 812 };
        let mut quiet = Vec::new();
        progress(Instant::now(), &mut quiet)(step);
        assert!(quiet.is_empty(), "a round under a second says nothing");
        let mut said = Vec::new();
        let long_ago = Instant::now().checked_sub(Duration::from_secs(3)).expect("the clock reaches back 3 s");
        progress(long_ago, &mut said)(step);
        let text = String::from_utf8(said).expect("text");
        assert!(text.starts_with("pair: bracket 2 of 7, 1.5 points, 812 players not yet paired [3.0 s]"), "{text}");
    }
}
