//! `ratings-lab`: the command line over the rating engine. It reads a file, calls the
//! engine, and prints; everything else lives in the library.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use ratings_engine::error::check;
use ratings_engine::job::{Job, JobReader, Settings};
use ratings_engine::methods::elo::EloParams;
use ratings_engine::methods::jrank::JRankParams;
use ratings_engine::methods::multi_elo::MultiEloParams;
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::detect::detect;
use ratings_engine::parse::{apply_players, parse_players};
use ratings_engine::tiebreak::{parse_order, report, Rules};
use ratings_engine::{export, BrentParams, MethodKind, ScaleKind, Variant};
use std::io::{Read, Write};
use std::process::ExitCode;

const INPUT_HELP: &str = "\
INPUT FORMAT
  A CSV file with a header row (comma, semicolon or tab separated; quoted fields, CRLF, a
  UTF-8 BOM, blank lines and '#' comment lines are fine). One game per line. Columns are
  found by header name, ignoring case, spaces, '_' and '-':
    first player   white, home, home_team, team1, player1, p1, ...
    second player  black, away, away_team, team2, player2, p2, opponent, ...
    result         result, res, outcome, score: 1-0, 0-1, 1/2-1/2, ½-½, =, 1, 0, 0.5,
                   w/d/l, or a score such as 3-1 or 2:2 (the first player's side first)
    or points      home_score + away_score, score1 + score2, ft1 + ft2, fthg + ftag,
                   home_goals + away_goals, ... (more points wins; equal is a draw)
    optional       date, round (also matchday, week), handicap, komi
  Any other header can be mapped with --map, e.g.
    --map first=Heim,second=Gast,score1=Tore1,score2=Tore2   ('#3' names the 3rd column).
  Names are matched ignoring case and extra spaces. Repeated lines are repeated games.
  Forfeits (+-, -+) and unfinished games (*) are left out with a warning. A bad line is an
  error naming its line and column; --skip-bad-lines leaves such lines out with a warning.

  --players FILE reads a list 'name[,rating][,weight][,sigma][,date][,id]': for Brent, old
  ratings on the chosen scale, each worth 'weight' drawn games (section 6); for Elo and
  multiplayer Elo, starting ratings; for AGA, previous ratings and sigmas on the dan/kyu
  scale. Players listed there without games are reported as unrated.

  AGA reads the same CSV with handicap, komi, declared ranks (rank1/rank2: 3d, 5k) and an
  event (tournament) column, or the AGA results format (TOURNEY / PLAYERS / GAMES sections).

  Multiplayer Elo also reads events: 'event,player,place' (one row per player, place 1
  wins, the rows of one event together), or one row per event with numbered player and
  score columns (Play1..Play4, Score1..Score4; higher score places higher; --map
  players=A|B|C,scores=X|Y|Z for other names). Two-player games count as two-player events.

EXIT STATUS
  0 ratings printed (a warning says if the iteration did not converge); 1 the input could
  not be read or rated (the reason is on standard error); 2 bad command-line arguments.";

#[derive(Parser)]
#[command(name = "ratings-lab", version, about = "Rate players from game results: R. P. Brent's eigenvector ratings and more.", after_help = INPUT_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rate the games in FILE (or standard input, '-') and print the ratings, best first.
    #[command(after_help = INPUT_HELP)]
    Rate(RateArgs),
    /// Standings of a tournament (FIDE TRF or PGN) with FIDE tiebreaks (C.07) in the order
    /// given, and the eigenvector rating (EIG) as a tiebreak of its own.
    #[command(after_help = TIEBREAK_HELP)]
    Tiebreaks(TiebreakArgs),
}

const TIEBREAK_HELP: &str = "\
CODES (C.07 abbreviations; '/' may stand for '-', case does not matter)
  BH Buchholz, BH-C1 / BH-C2 cut 1 / 2, BH-M1 median; SB Sonneborn-Berger (SB-C1 ...);
  DE direct encounter; WIN wins (with unplayed), WON wins over the board; BPG games with
  black, BWG wins with black; PS progressive score; KS Koya; ARO average rating of opponents
  (ARO-C1); TPR tournament performance rating; PTP perfect tournament performance; AOB
  average of opponents' Buchholz; FB fore Buchholz; EIG Brent's eigenvector rating of the
  games played (it uses the whole results graph, not sums of opponents' scores).
  Unplayed rounds follow C.07 article 16 (the 2026 rules cap them, art. 16.4).

JSON
  {\"players\": [{\"name\", \"start\", \"points\", \"rank\", \"tiebreaks\": {\"BH\": 13.0, ...},
  \"explanations\": {\"BH\": \"...\"}, \"eig_sigma\"}], \"rules\", \"order\", \"warnings\"}; a tiebreak
  that does not apply is null; eig_sigma is EIG's standard error when EIG is asked for.";

#[derive(clap::Args)]
struct TiebreakArgs {
    /// The tournament file (FIDE TRF or PGN), or '-' for standard input.
    file: String,
    /// FIDE C.07 as approved in 2023, or with the changes in force from March 2026.
    #[arg(long, value_parser = PossibleValuesParser::new(Rules::ALL.map(Rules::code)).try_map(|s| s.parse::<Rules>()), default_value = "2023")]
    rules: Rules,
    /// The tiebreaks, in order, comma-separated.
    #[arg(long, default_value = "BH-C1,BH,SB,EIG", value_name = "CODE,...")]
    order: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
}

// Every numeric flag has `allow_negative_numbers`: `--gamma -1` must reach the parameter's own
// check ("γ must be ≥ 0"), not be taken for an unknown flag.
#[derive(clap::Args)]
struct RateArgs {
    /// The games file (CSV), or '-' for standard input.
    file: String,
    /// The rating method: brent, elo, multi-elo, jrank or aga.
    #[arg(long, default_value_t = MethodKind::Brent, value_name = "METHOD")]
    method: MethodKind,
    /// Elo, multiplayer Elo: the scale zeta (a gap of zeta points is 10:1 odds).
    #[arg(long, default_value_t = EloParams::default().zeta, allow_negative_numbers = true, help_heading = "Elo")]
    zeta: f64,
    /// Elo, multiplayer Elo: the K factor.
    #[arg(long, default_value_t = EloParams::default().k, allow_negative_numbers = true, help_heading = "Elo")]
    k: f64,
    /// Elo: home (white) advantage h in rating points.
    #[arg(long, default_value_t = EloParams::default().home, allow_negative_numbers = true, help_heading = "Elo")]
    home: f64,
    /// Elo, multiplayer Elo: the starting rating (a --players list overrides it per player).
    #[arg(long, default_value_t = EloParams::default().initial, allow_negative_numbers = true, help_heading = "Elo")]
    initial: f64,
    /// Elo: score games by their points, (P+1)/(P+P'+2), where the input has points.
    #[arg(long, help_heading = "Elo")]
    margin: bool,
    /// Elo: use h only when judging foresight, not in the update (the seed's own code).
    #[arg(long, help_heading = "Elo")]
    home_in_predictions_only: bool,
    /// Elo: take the games in input order even when they have dates or rounds.
    #[arg(long, help_heading = "Elo")]
    input_order: bool,
    /// JRank: k in M(x) = (x + k)^p.
    #[arg(long, default_value_t = JRankParams::default().k, allow_negative_numbers = true, help_heading = "JRank")]
    jrank_k: f64,
    /// JRank: p in M(x) = (x + k)^p.
    #[arg(long, default_value_t = JRankParams::default().p, allow_negative_numbers = true, help_heading = "JRank")]
    jrank_p: f64,
    /// JRank: damping of the iteration, w <- (1 - d) w + d f(w); 1 is the paper's plain
    /// iteration, which oscillates on two-sided schedules.
    #[arg(long, default_value_t = JRankParams::default().damping, allow_negative_numbers = true, help_heading = "JRank")]
    jrank_damping: f64,
    /// JRank: fit k and p by grid search (k in [0.001, 20], p in [0.001, 3]) minimising the
    /// squared error per game; the JSON has the whole grid under "fit".
    #[arg(long, help_heading = "JRank")]
    fit: bool,
    /// JRank: with --fit, score the latest share of the games after fitting on the rest
    /// (0 = in-sample).
    #[arg(long, default_value_t = JRankParams::default().holdout, allow_negative_numbers = true, help_heading = "JRank")]
    holdout: f64,
    /// AGA: one fit over all games instead of rating event (tournament) by event in date
    /// order, as the AGA does.
    #[arg(long, help_heading = "AGA")]
    aga_single_fit: bool,
    /// Brent's iteration: alg1 = Algorithm 1, iteration (13); fixed = the fixed-weight
    /// eigenproblem of section 3 by the power method, re-weighted (section 4); zermelo =
    /// iteration (14). All three have the same answer.
    #[arg(long, default_value_t = BrentParams::default().variant, value_name = "VARIANT")]
    variant: Variant,
    /// Damping sigma >= 0 (the diagonal s_ii): changes the number of iterations, not the ratings.
    #[arg(long, default_value_t = BrentParams::default().sigma, allow_negative_numbers = true)]
    sigma: f64,
    /// Weight gamma >= 0 of a dummy player who draws everyone (0 = none). Makes every rating
    /// finite; as gamma -> 0 the ratings tend to the true ones.
    #[arg(long, default_value_t = BrentParams::default().gamma, allow_negative_numbers = true)]
    gamma: f64,
    /// The tolerance of an iterative method: Brent, the largest relative change of a strength
    /// [default: 1e-9]; JRank, the largest change of a log-strength [default: 1e-10]; AGA, the
    /// largest |gradient| of a fit [default: 1e-9].
    #[arg(long, allow_negative_numbers = true)]
    eps: Option<f64>,
    /// The iteration cap of an iterative method: Brent and JRank, iterations [default: 10000];
    /// AGA, Newton iterations per fit [default: 100]. At most 10000000.
    #[arg(long, allow_negative_numbers = true)]
    max_iter: Option<i64>,
    /// Display scale: elo = 400/ln10 * r + c (400 points = 10:1 odds); natural = r + c,
    /// the log-strength.
    #[arg(long, default_value_t = ScaleKind::Elo, value_name = "SCALE")]
    scale: ScaleKind,
    /// Put the mean rating (of each rated group) at this value [default: 1500 on the Elo
    /// scale, 0 natural; with old ratings (--players) they keep their own scale].
    #[arg(long, value_name = "RATING", conflicts_with = "anchor", allow_negative_numbers = true)]
    mean: Option<f64>,
    /// Give the named player this rating, and everyone else relative to them.
    #[arg(long, value_name = "NAME=RATING")]
    anchor: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    /// Column mapping for headers not recognised: ROLE=COLUMN[,ROLE=COLUMN...] with ROLE one
    /// of first, second, result, score1, score2, date, round, handicap, komi.
    #[arg(long, value_name = "ROLE=COLUMN,...")]
    map: Option<String>,
    /// Leave out lines that cannot be read, with a warning, instead of failing.
    #[arg(long)]
    skip_bad_lines: bool,
    /// A player list 'name[,rating][,weight][,sigma][,date][,id]': Brent's old ratings (on the
    /// display scale), Elo's starting ratings, the AGA's previous ratings and sigmas.
    #[arg(long, value_name = "FILE")]
    players: Option<String>,
    /// Games an old rating is worth when the player list gives no weight.
    #[arg(long, default_value_t = 1.0, value_name = "GAMES", allow_negative_numbers = true)]
    prior_weight: f64,
    /// With the table format, also print every iteration's change and residual.
    #[arg(long)]
    trace: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Table,
    Csv,
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rate(args) => run_rate(&args),
        Command::Tiebreaks(args) => run_tiebreaks(&args),
    };
    match result {
        Ok(out) => {
            // A reader that stops early (`| head`) closes the pipe: that is not an error.
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("ratings-lab: cannot write the output: {e}");
                    ExitCode::FAILURE
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(message) => {
            eprintln!("ratings-lab: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads a file (or standard input) as text by the engine's one decoding rule; a file that
/// is not UTF-8 is read as Windows-1252, with a warning.
fn read_text(path: &str, warnings: &mut Vec<String>) -> Result<String, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    }
    let decoded = decode(&bytes);
    if let Some(note) = decoded.note {
        warnings.push(format!("{} is {note}", display_name(path)));
    }
    Ok(decoded.text)
}

/// Reads a file (or standard input) into a job piece by piece, so a large games file is
/// parsed as it arrives and never held whole ([`JobReader`]).
fn read_job(path: &str, settings: &Settings) -> Result<Job, String> {
    let mut source: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?)
    };
    let mut reader = JobReader::new(settings);
    let mut chunk = vec![0; 1 << 20];
    loop {
        match source.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => reader.push(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read {}: {e}", display_name(path))),
        }
    }
    reader.finish().map_err(|e| format!("{}:\n{e}", display_name(path)))
}

fn display_name(path: &str) -> &str {
    if path == "-" {
        "standard input"
    } else {
        path
    }
}

/// The settings the flags give, every default the engine's own.
fn settings(args: &RateArgs) -> Result<Settings, String> {
    let mut s = Settings { method: args.method, scale: args.scale, skip_bad_lines: args.skip_bad_lines, ..Default::default() };
    s.mapping = args.map.clone().unwrap_or_default();
    s.params.brent = BrentParams { variant: args.variant, sigma: args.sigma, gamma: args.gamma, ..s.params.brent };
    s.params.elo = EloParams {
        zeta: args.zeta,
        k: args.k,
        home: args.home,
        initial: args.initial,
        margin: args.margin,
        home_in_update: !args.home_in_predictions_only,
        chronological: !args.input_order,
    };
    s.params.multi_elo = MultiEloParams { zeta: args.zeta, k: args.k, initial: args.initial };
    s.params.jrank = JRankParams {
        k: args.jrank_k,
        p: args.jrank_p,
        damping: args.jrank_damping,
        fit: args.fit,
        holdout: args.holdout,
        ..s.params.jrank
    };
    s.params.aga.by_event = !args.aga_single_fit;
    if let Some(eps) = args.eps {
        (s.params.brent.eps, s.params.jrank.eps, s.params.aga.eps) = (eps, eps, eps);
    }
    if let Some(cap) = args.max_iter {
        // Signed, so that a negative cap gets the parameter's own message, not clap's.
        check(cap >= 1, "max_iter", cap as f64, "at least 1").map_err(|e| e.to_string())?;
        let cap = usize::try_from(cap).unwrap_or(usize::MAX);
        (s.params.brent.max_iter, s.params.jrank.max_iter, s.params.aga.max_iter) = (cap, cap, cap);
    }
    match (&args.anchor, args.mean) {
        (Some(spec), _) => {
            let (player, rating) = spec
                .rsplit_once('=')
                .filter(|(p, _)| !p.trim().is_empty())
                .ok_or_else(|| format!("--anchor '{spec}': expected NAME=RATING"))?;
            let rating = rating.trim().parse().ok().filter(|r: &f64| r.is_finite());
            s.shown = Some(rating.ok_or_else(|| format!("--anchor '{spec}': expected a number after '='"))?);
            s.anchor = player.trim().to_string();
        }
        (None, Some(m)) if m.is_finite() => s.shown = Some(m),
        (None, Some(m)) => return Err(format!("--mean {m}: expected a finite number")),
        (None, None) => {}
    }
    Ok(s)
}

fn run_rate(args: &RateArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let settings = settings(args)?;
    settings.method().validate().map_err(|e| e.to_string())?;
    let mut job = read_job(&args.file, &settings)?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    if !(args.prior_weight.is_finite() && args.prior_weight >= 0.0) {
        return Err(format!("--prior-weight {}: expected a number of games, 0 or more", args.prior_weight));
    }
    if let Some(path) = &args.players {
        let list_text = read_text(path, &mut warnings)?;
        let list = parse_players(&list_text).map_err(|e| format!("{path}:\n{e}"))?;
        let scale = settings.scale();
        apply_players(&mut std::rc::Rc::make_mut(&mut job.input).dataset, &list, |r| scale.to_log_strength(r), args.prior_weight);
    }
    let finished = job.run();
    let mut rating = finished.rating.map_err(|e| e.to_string())?;
    warnings.append(&mut rating.warnings);
    rating.warnings = warnings;
    Ok(match (args.format, &finished.measures) {
        (FormatArg::Table, Some(measures)) if args.trace => export::table(&rating) + &export::trace_table(&finished.trace, measures),
        (FormatArg::Table, _) => export::table(&rating),
        (FormatArg::Csv, _) => {
            for w in &rating.warnings {
                eprintln!("warning: {w}");
            }
            export::csv(&rating)
        }
        (FormatArg::Json, _) => export::json(&rating) + "\n",
    })
}

fn run_tiebreaks(args: &TiebreakArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let text = read_text(&args.file, &mut warnings)?;
    let name = display_name(&args.file);
    let tiebreaks = parse_order(&args.order).map_err(|e| format!("--order: {e}"))?;
    let settings = Settings { tiebreaks, rules: args.rules, ..Default::default() };
    let expected = || format!("{name}: expected a FIDE TRF file (lines starting 001) or PGN (tag pairs such as [White \"...\"])");
    if !detect(&text, &settings.read_options()).is_tournament() {
        return Err(expected());
    }
    let job = Job::read(&text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    let standings = job.standings().ok_or_else(expected)?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    let (st, eig) = (standings.standings, standings.eigenvector);
    if let Some(eig) = &eig {
        warnings.push(format!("EIG: {}", eig.note));
    }
    let title = job.input.tournament.as_ref().and_then(|t| t.name.clone());
    Ok(match args.format {
        FormatArg::Csv => {
            for w in &warnings {
                eprintln!("warning: {w}");
            }
            st.to_csv()
        }
        FormatArg::Json => report::json(&st, eig.as_ref(), &warnings) + "\n",
        FormatArg::Table => report::table(title.as_deref(), &st, &warnings),
    })
}
