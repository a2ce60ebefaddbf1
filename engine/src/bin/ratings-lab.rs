//! `ratings-lab`: the command line over the rating engine. It reads a file, calls the
//! engine, and prints; everything else lives in the library.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use ratings_engine::compare::{self, export as compare_export, order::Order};
use ratings_engine::error::check;
use ratings_engine::escape;
use ratings_engine::evaluation::simulate::{simulate, Schedule, Setup};
use ratings_engine::evaluation::{self, report as evaluation_report, Parameter};
use ratings_engine::job::{Job, JobReader, Settings, TournamentStandings};
use ratings_engine::methods::elo::{EloParams, Mov};
use ratings_engine::methods::jrank::JRankParams;
use ratings_engine::methods::multi_elo::MultiEloParams;
use ratings_engine::parse::decode::decode_owned;
use ratings_engine::parse::detect::{detect, Format};
use ratings_engine::parse::{apply_players, parse_players};
use ratings_engine::team::{TeamScore, TeamTiebreak};
use ratings_engine::tiebreak::{crosstable, order, parse_order, report, Rules};
use ratings_engine::{export, BrentParams, Method, MethodKind, Options, ScaleKind, Variant};
use std::ffi::OsString;
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
    /// Rate the games in FILE by several methods and compare them: each player's rating and
    /// rank under each, how far every pair of methods agrees (Kendall's tau-b, Spearman's rho,
    /// the top-10 overlap), and with --shuffles how far Elo's ratings move when the games come
    /// in another order.
    // A flag given again overrides itself: a method's own flags (`elo:k=40`) are read by
    // parsing the command line again with them appended.
    #[command(after_help = COMPARE_HELP, args_override_self = true)]
    Compare(CompareArgs),
    /// Which method predicts best: each fit on the earlier games of FILE and scored on the
    /// later ones (log-loss, Brier score, accuracy on decisive games, calibration).
    #[command(after_help = EVALUATE_HELP, args_override_self = true)]
    Evaluate(EvaluateArgs),
    /// The simulation lab: tournaments of players with known strengths, rated by each method,
    /// each method's order compared with the truth (Kendall's tau, the true best ranked first,
    /// the rank error), with points then Buchholz as the baseline.
    #[command(after_help = SIMULATE_HELP, args_override_self = true)]
    Simulate(SimulateArgs),
}

const EVALUATE_HELP: &str = "\
SPLIT
  The games in time order (by date when every game has one, else by round, else as given);
  the later --holdout share is predicted by each method fit on the games before it. With
  --rolling K the later share is cut into K blocks, each predicted from everything before it.
  Each method predicts by its own model: Brent x_i/(x_i+x_j); Elo its expected score with
  --home; multiplayer Elo the two-player share; the AGA its probit with handicap and komi;
  JRank its paper's model solved for the score. A player without a rating from the earlier
  games gets the method's default (counted as unseen_games). --methods as for 'compare'.

TUNING
  --tune elo-k|elo-zeta|elo-home|brent-gamma|jrank-k|jrank-p searches a grid for that parameter
  of the first method it belongs to: chosen on the last share of the earlier games, every value
  also scored on the held-out games; --grid V,V,... searches your values instead. A value
  chosen at an end of the grid is noted: the best may lie beyond it.

BASELINES
  Every evaluation also scores a coin (every game 1/2: log-loss ln 2, Brier 0.25) and, when
  the games have a home side (not on neutral ground), the home rate: the first side's share of
  the points in the earlier games, predicted for every later game. A method worse than the
  best baseline is noted, with why that usually is (ratings frozen over the held-out span:
  try --rolling).

JSON
  {\"methods\": [{\"method\", \"log_loss\", \"brier\", \"accuracy\", \"games_scored\",
  \"unseen_games\", \"fits_parameters\", \"calibration\": [{\"from\", \"to\", \"games\",
  \"predicted\", \"observed\"}], \"error\"}], \"order\", \"holdout\", \"folds\",
  \"games_scored\", \"training_games\", \"baselines\": [{\"baseline\", \"log_loss\",
  \"brier\", \"accuracy\", \"games_scored\", \"rate\", \"calibration\"}], \"best_method\",
  \"notes\", \"tuning\": {..., \"edge_note\"}}";

const SIMULATE_HELP: &str = "\
SIMULATION
  True natural log-strengths drawn from a normal with standard deviation --spread (or
  --clusters groups); games by Bradley-Terry, a draw with probability --draws between equals,
  rarer the more lopsided the game. Schedules: round-robin, double-round-robin, swiss:R (a
  simplified Dutch system seeded by true strength, no rematches), random:M (M games between
  random pairs). Each repetition is seeded from --seed: the same seed, the same numbers.
  --methods and the method flags as for 'compare'.

JSON
  {\"methods\": [{\"method\", \"kendall_tau\": {\"mean\", \"sd\"}, \"top1_share\",
  \"mean_abs_rank_error\": {\"mean\", \"sd\"}, \"failures\", \"error\"}], \"baseline\": {...,
  \"method\": \"points_buchholz\"}, \"setup\": {...}, \"completed\"}";

#[derive(clap::Args)]
struct EvaluateArgs {
    /// The games file (CSV), or '-' for standard input.
    file: String,
    /// The methods, comma-separated, each with optional flags of its own: elo:k=40.
    #[arg(long, default_value = "brent,elo", value_name = "METHOD[:FLAG=VALUE...],...")]
    methods: String,
    #[command(flatten)]
    params: MethodArgs,
    /// Cut the held-out share into K blocks, each predicted from everything before it (1 to
    /// 1000; at most one block per held-out game).
    #[arg(long, default_value_t = 1, value_name = "K")]
    rolling: usize,
    /// Tune a parameter out of sample.
    #[arg(long, value_enum, value_name = "PARAMETER")]
    tune: Option<TuneArg>,
    /// The values --tune searches, comma-separated [default: a grid per parameter].
    #[arg(long, value_name = "V,V,...", requires = "tune")]
    grid: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum TuneArg {
    EloK,
    EloZeta,
    EloHome,
    BrentGamma,
    JrankK,
    JrankP,
}

#[derive(clap::Args)]
struct SimulateArgs {
    /// Players per tournament.
    #[arg(long, default_value_t = Setup::default().players)]
    players: usize,
    /// round-robin, double-round-robin, swiss:R or random:M.
    #[arg(long, default_value_t = Setup::default().schedule, value_parser = |s: &str| s.parse::<Schedule>())]
    schedule: Schedule,
    /// Standard deviation of the true natural log-strengths.
    #[arg(long, default_value_t = Setup::default().spread, allow_negative_numbers = true)]
    spread: f64,
    /// Strengths in this many clusters (0: one normal field).
    #[arg(long, default_value_t = 0)]
    clusters: usize,
    /// The draw rate between equal players.
    #[arg(long, default_value_t = Setup::default().draws, allow_negative_numbers = true)]
    draws: f64,
    /// Tournaments simulated.
    #[arg(long, default_value_t = Setup::default().repetitions)]
    repetitions: usize,
    /// The seed: the same seed, the same tournaments.
    #[arg(long, default_value_t = Setup::default().seed)]
    seed: u64,
    /// The methods, comma-separated, each with optional flags of its own: brent:gamma=0.5.
    #[arg(long, default_value = "brent,elo", value_name = "METHOD[:FLAG=VALUE...],...")]
    methods: String,
    #[command(flatten)]
    params: MethodArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
}

const COMPARE_HELP: &str = "\
METHODS
  --methods brent,elo,jrank compares three methods, every flag applying to each. A method may
  appear more than once, with flags of its own after colons, written as 'rate' takes them
  without the dashes:  --methods elo:k=16,elo:k=40:margin  (the second Elo is 'elo#2' in the
  output). The file is read once, as the first multi-elo or aga in the list reads it (events,
  the AGA's format), else as the first method reads it; every method rates those games.

AGREEMENT
  Over the players both methods rate, on their ranks: Kendall's tau-b (ties counted as tau-b
  does), Spearman's rho (tied ranks averaged) and how many of one method's top 10 are in the
  other's (a tie at the 10th place shares it: 9.5). Undefined (fewer than two players, every
  rank equal): '-', null in JSON.

ORDERS
  --shuffles N replays Elo and multiplayer Elo N times with the games shuffled (seeded by
  --seed: the same seed, the same orders), --reversed once with them reversed; each player's
  rating then has a min, max and sd over those orders. Brent, JRank and the AGA take no order
  (the AGA goes event by event, but by the calendar): their spread is 0.

JSON
  {\"methods\": [...], \"players\": [{\"name\", \"ratings\": {method: r}, \"ranks\": {method: k},
  \"spread\": {method: {\"min\", \"max\", \"sd\"}}}], \"agreement\": [{\"a\", \"b\",
  \"kendall_tau_b\", \"spearman_rho\", \"top10_overlap\"}]}; spread is {} without orders.

EXIT STATUS
  0 every method rated; 1 the input could not be read, or a method could not rate (the others'
  results are still printed; the error names the method); 2 bad command-line arguments.";

/// Most orders `compare` replays (each is a whole run of every sequential method).
const MAX_ORDERS: usize = 10_000;

#[derive(clap::Args)]
struct CompareArgs {
    /// The games file (CSV), or '-' for standard input.
    file: String,
    /// The methods, comma-separated (brent, elo, multi-elo, jrank, aga), each with optional
    /// flags of its own after colons: elo:k=40:margin.
    #[arg(long, default_value = "brent,elo", value_name = "METHOD[:FLAG=VALUE...],...")]
    methods: String,
    #[command(flatten)]
    params: MethodArgs,
    #[command(flatten)]
    scale: ScaleArgs,
    /// Replay the sequential methods with the games shuffled N times (at most 10000).
    #[arg(long, default_value_t = 0, value_name = "N", help_heading = "Orders")]
    shuffles: usize,
    /// The seed of the shuffles: the same seed, the same orders.
    #[arg(long, default_value_t = 1, value_name = "S", help_heading = "Orders")]
    seed: u64,
    /// Also replay the sequential methods with the games in reversed order.
    #[arg(long, help_heading = "Orders")]
    reversed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    #[command(flatten)]
    input: InputArgs,
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
  \"explanations\": {\"BH\": \"...\"}, \"eig_sigma\"}], \"rules\", \"rules_reason\", \"order\", \"warnings\"};
  a tiebreak that does not apply is null; eig_sigma is EIG's standard error when EIG is asked
  for; rules_reason says why those rules (--rules, or the start date: TRF 042). A round with
  only byes entered is not played: \"pending_round\": {\"round\", \"entries\", \"paired\", \"text\"}.
  With --round N: \"round\", \"rounds_played\". With --check-ranks: each player's
  \"declared_rank\" (null when the file gives none), \"ranks_agree\", and when they differ
  \"first_difference\" and \"matching_order\": {\"order\", \"rules\"} (or \"closest_order\" with
  \"ranks_matched\" when no common order gives them). \"declared_order\": {\"record\", \"order\",
  \"unknown\"} when the file declares its tiebreaks (TRF-2026 record 212 or 202).";

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MovArg {
    Off,
    Fivethirtyeight,
}

#[derive(Clone, Copy, ValueEnum)]
enum PrimaryArg {
    Mp,
    Gp,
}

#[derive(clap::Args)]
struct TiebreakArgs {
    /// The tournament file (FIDE TRF or PGN), or '-' for standard input.
    file: String,
    /// FIDE C.07 as approved in 2023, or with the changes in force from March 2026 [default:
    /// the rules in force when the tournament started (TRF 042), the 2026 rules when the file
    /// gives no start date].
    #[arg(long, value_parser = PossibleValuesParser::new(Rules::ALL.map(Rules::code)).try_map(|s| s.parse::<Rules>()))]
    rules: Option<Rules>,
    /// The tiebreaks, in order, comma-separated [default: the file's own (TRF-2026 record 212
    /// or 202) when it declares one computed here, else FIDE's recommended order: BH-C1,BH,SB
    /// for a Swiss, DE,WIN,SB,KS for a round robin; EIG only when asked].
    #[arg(long, value_name = "CODE,...")]
    order: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    /// Leave out records that cannot be read (a player line, a game), with a warning naming
    /// the player, instead of failing; their opponents' games with them count as unplayed.
    #[arg(long)]
    skip_bad_lines: bool,
    /// The standings after round N: points and every tiebreak as they stood then (rounds
    /// still to be played count as C.07 counts them: fore-Buchholz's assumption).
    #[arg(long, value_name = "N")]
    round: Option<usize>,
    /// Compare the ranks the file declares (TRF columns 86-89) with these standings, and when
    /// they differ, search the common orders under both rule sets for one that gives them.
    #[arg(long)]
    check_ranks: bool,
    /// Print the crosstable (square for a round robin, a cell per round for a Swiss) instead of
    /// the standings table (with --format csv, as CSV).
    #[arg(long)]
    crosstable: bool,
    /// A team tournament (TRF 013 or 310 team records): the teams' standings instead of the
    /// players', by --primary points, with team tiebreaks in --order (MPvGP, EMMSB, EMGSB,
    /// EGMSB, EGGSB, SSSC, or any individual code on the primary score) [default order: the
    /// file's own, else MPvGP,EMMSB,BH-C1].
    #[arg(long)]
    teams: bool,
    /// With --teams: rank by match points or by game points first.
    #[arg(long, value_enum, default_value_t = PrimaryArg::Mp)]
    primary: PrimaryArg,
    /// Write the TRF file back to OUT with these standings' ranks in columns 86-89 (every
    /// other character unchanged); a TRF file only, final round only.
    #[arg(long, value_name = "OUT")]
    write_trf: Option<String>,
}

// Every numeric flag has `allow_negative_numbers`: `--gamma -1` must reach the parameter's own
// check ("γ must be ≥ 0"), not be taken for an unknown flag.
//
// The flags are grouped so that `rate` and `compare` share them (`#[command(flatten)]`): every
// method's parameters, the display scale, and how the input is read. Their order here is the
// order `--help` lists them in.
#[derive(clap::Args)]
struct RateArgs {
    /// The games file (CSV), or '-' for standard input.
    file: String,
    /// The rating method: brent, elo, multi-elo, jrank or aga.
    #[arg(long, default_value_t = MethodKind::Brent, value_name = "METHOD")]
    method: MethodKind,
    #[command(flatten)]
    params: MethodArgs,
    #[command(flatten)]
    scale: ScaleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    #[command(flatten)]
    input: InputArgs,
    /// With the table format, also print every iteration's change and residual.
    #[arg(long)]
    trace: bool,
}

/// Every method's parameters: what `compare` also takes per method (`elo:k=40`).
#[derive(clap::Args, Clone)]
struct MethodArgs {
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
    /// Elo: a margin-of-victory multiplier of the change: fivethirtyeight is
    /// ln(max(|margin|,1)+1) * 2.2/(0.001*d_w+2.2), d_w the winner's edge with home advantage.
    #[arg(long, value_enum, default_value_t = MovArg::Off, help_heading = "Elo")]
    mov: MovArg,
    /// Elo: when a player first plays in a new season (a 'season' column), their rating reverts
    /// this share of the way toward --season-mean (or takes the player list's rating for it).
    #[arg(long, default_value_t = EloParams::default().season_regression, value_name = "SHARE", allow_negative_numbers = true, help_heading = "Elo")]
    season_regression: f64,
    /// Elo: where ratings revert to between seasons [default: --initial].
    #[arg(long, value_name = "RATING", allow_negative_numbers = true, help_heading = "Elo")]
    season_mean: Option<f64>,
    /// Elo: each game's ratings before it and the first player's expected score (JSON
    /// "games": [{"line", "first", "second", "first_before", "second_before", "expected"}]).
    #[arg(long, help_heading = "Elo")]
    per_game: bool,
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
    /// (0 = in-sample) [default: 0]. In 'evaluate': the later share predicted [default: 0.2].
    #[arg(long, allow_negative_numbers = true, help_heading = "JRank")]
    holdout: Option<f64>,
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
}

/// Where Brent's display scale puts the ratings (every method of a comparison shares it).
#[derive(clap::Args)]
struct ScaleArgs {
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
}

/// How the input is read.
#[derive(clap::Args)]
struct InputArgs {
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
}

/// The flags' defaults, for commands that do not take them.
impl Default for ScaleArgs {
    fn default() -> Self {
        ScaleArgs { scale: ScaleKind::Elo, mean: None, anchor: None }
    }
}

impl Default for InputArgs {
    fn default() -> Self {
        InputArgs { map: None, skip_bad_lines: false, players: None, prior_weight: 1.0 }
    }
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum FormatArg {
    Table,
    Csv,
    Json,
}

/// Hands back to the system what reading freed (the reader's pieces, lists outgrown), which
/// glibc would keep in its heap, below what the fit allocates next.
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: malloc_trim only returns free memory of glibc's own heap to the system.
        unsafe { malloc_trim(0) };
    }
}

/// Tunes glibc's allocator for large inputs: blocks of 2 MB or more get pages of their own,
/// returned when freed, and the heap's top is not trimmed and regrown every iteration. By
/// default glibc raises that 2 MB bound to the largest block freed so far, after which a
/// run's big lists are carved from its heap and the room they leave is kept: on a million
/// games the peak was 188 MB where at most 152 MB are in use at once (146 MB with this and
/// [`release_freed_memory`] after reading).
fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        const M_TRIM_THRESHOLD: std::ffi::c_int = -1;
        const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
        // SAFETY: mallopt only changes glibc's allocation policy, before anything is allocated
        // that depends on it; both values are in the documented ranges.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 2 << 20);
            mallopt(M_TRIM_THRESHOLD, 256 << 20);
        }
    }
}

fn main() -> ExitCode {
    tune_allocator();
    let argv: Vec<OsString> = std::env::args_os().collect();
    let cli = Cli::parse_from(&argv);
    // A text table goes to a terminal: names in it reach it escaped (CSV and JSON quote them).
    let table = FormatArg::Table
        == match &cli.command {
            Command::Rate(a) => a.format,
            Command::Tiebreaks(a) => a.format,
            Command::Compare(a) => a.format,
            Command::Evaluate(a) => a.format,
            Command::Simulate(a) => a.format,
        };
    let result = match cli.command {
        Command::Rate(args) => run_rate(&args).map(|out| (out, ExitCode::SUCCESS)),
        Command::Tiebreaks(args) => run_tiebreaks(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Compare(args) => run_compare(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Evaluate(args) => run_evaluate(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Simulate(args) => run_simulate(&args, &argv).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
    };
    match result {
        Ok((out, status)) => {
            // A reader that stops early (`| head`) closes the pipe: that is not an error.
            let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            let written = match out {
                Output::Text(text) if table => stdout.write_all(escape::terminal_lines(&text).as_bytes()),
                Output::Text(text) => stdout.write_all(text.as_bytes()),
                Output::Json(rating) => export::write_json(&rating, &mut stdout).and_then(|()| stdout.write_all(b"\n")),
            };
            match written.and_then(|()| stdout.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("ratings-lab: cannot write the output: {e}");
                    ExitCode::FAILURE
                }
                _ => status,
            }
        }
        Err(message) => {
            eprintln!("ratings-lab: {}", escape::terminal_lines(&message));
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
    let decoded = decode_owned(bytes).map_err(|e| format!("{}: {e}", display_name(path)))?;
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

/// The settings the flags give for `method`, every default the engine's own.
fn settings(method: MethodKind, args: &MethodArgs, scale: &ScaleArgs, input: &InputArgs) -> Result<Settings, String> {
    // γ is what the flags say, on a tournament file too (the app follows EIG's rule until set).
    let mut s = Settings { method, scale: scale.scale, skip_bad_lines: input.skip_bad_lines, gamma_as_eig: false, ..Default::default() };
    s.mapping = input.map.clone().unwrap_or_default();
    set_params(&mut s, args)?;
    match (&scale.anchor, scale.mean) {
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

/// Every method's parameters from the flags.
fn set_params(s: &mut Settings, args: &MethodArgs) -> Result<(), String> {
    s.params.brent = BrentParams { variant: args.variant, sigma: args.sigma, gamma: args.gamma, ..s.params.brent.clone() };
    s.params.elo = EloParams {
        zeta: args.zeta,
        k: args.k,
        home: args.home,
        initial: args.initial,
        margin: args.margin,
        home_in_update: !args.home_in_predictions_only,
        chronological: !args.input_order,
        mov: match args.mov {
            MovArg::Off => Mov::Off,
            MovArg::Fivethirtyeight => Mov::FiveThirtyEight,
        },
        season_regression: args.season_regression,
        season_mean: args.season_mean,
        per_game: args.per_game,
    };
    s.params.multi_elo = MultiEloParams { zeta: args.zeta, k: args.k, initial: args.initial };
    s.params.jrank = JRankParams {
        k: args.jrank_k,
        p: args.jrank_p,
        damping: args.jrank_damping,
        fit: args.fit,
        holdout: args.holdout.unwrap_or(JRankParams::default().holdout),
        ..s.params.jrank.clone()
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
    Ok(())
}

/// Reads the input for `settings` and applies the player list: what `rate` and `compare`
/// share. Warnings about the input go to `warnings`.
fn load(file: &str, settings: &Settings, input: &InputArgs, warnings: &mut Vec<String>) -> Result<Job, String> {
    let mut job = read_job(file, settings)?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    if !(input.prior_weight.is_finite() && input.prior_weight >= 0.0) {
        return Err(format!("--prior-weight {}: expected a number of games, 0 or more", input.prior_weight));
    }
    if let Some(path) = &input.players {
        let list_text = read_text(path, warnings)?;
        let list = parse_players(&list_text).map_err(|e| format!("{path}:\n{e}"))?;
        let scale = settings.scale();
        apply_players(&mut std::rc::Rc::make_mut(&mut job.input).dataset, &list, |r| scale.to_log_strength(r), input.prior_weight);
    }
    Ok(job)
}

/// What a command prints: its text, or ratings written as JSON while they are written (the
/// input let go first: a large file's JSON is never held, beside its input, as one string).
enum Output {
    Text(String),
    Json(Box<ratings_engine::Rating>),
}

fn run_rate(args: &RateArgs) -> Result<Output, String> {
    let mut warnings = Vec::new();
    let settings = settings(args.method, &args.params, &args.scale, &args.input)?;
    settings.method().validate().map_err(|e| e.to_string())?;
    let job = load(&args.file, &settings, &args.input, &mut warnings)?;
    release_freed_memory();
    let finished = job.run();
    let mut rating = finished.rating.map_err(|e| e.to_string())?;
    warnings.append(&mut rating.warnings);
    rating.warnings = warnings;
    Ok(Output::Text(match (args.format, &finished.measures) {
        (FormatArg::Table, Some(measures)) if args.trace => export::table(&rating) + &export::trace_table(&finished.trace, measures),
        (FormatArg::Table, _) => export::table(&rating),
        (FormatArg::Csv, _) => {
            for w in &rating.warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            export::csv(&rating)
        }
        (FormatArg::Json, _) => return Ok(Output::Json(Box::new(rating))),
    }))
}

fn run_tiebreaks(args: &TiebreakArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let text = read_text(&args.file, &mut warnings)?;
    let name = display_name(&args.file);
    if args.teams {
        return run_teams(args, &text, warnings);
    }
    let given = args.order.as_deref().map(parse_order).transpose().map_err(|e| format!("--order: {e}"))?;
    let mut settings = Settings { rules: args.rules, skip_bad_lines: args.skip_bad_lines, ..Default::default() };
    settings.after_round = args.round;
    let expected = || format!("{name}: expected a FIDE TRF file (lines starting 001) or PGN (tag pairs such as [White \"...\"])");
    if !detect(&text, &settings.read_options()).is_tournament() {
        return Err(expected());
    }
    let mut job = Job::read(&text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    // The text is kept only to be written back with ranks: a large file is held once, as read.
    let text = args.write_trf.as_ref().map(|_| text);
    // Without --order: the file's declared order, else FIDE's recommended one (`Job::order`).
    if let Some(order) = given {
        settings.tiebreaks = Some(order);
        job = job.with_settings(&settings).expect("the same reading");
    }
    let standings = job.standings().ok_or_else(expected)?;
    check_round(args.round, standings.rounds_played)?;
    if let (Some(out), Some(text)) = (&args.write_trf, &text) {
        warnings.push(write_trf(text, &job, &standings, out)?);
    }
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    if args.check_ranks && standings.declared.is_none() {
        warnings.push("--check-ranks: the file declares no ranks (TRF columns 86-89 are empty)".into());
    }
    let (st, eig) = (&standings.standings, standings.eigenvector.as_ref());
    if let Some(eig) = eig {
        warnings.push(format!("EIG: {}", eig.note));
    }
    let t = job.input.tournament.as_ref().ok_or_else(expected)?;
    let ranks = args.check_ranks.then(|| {
        let full = job.full.tournament.as_ref().unwrap_or(t);
        report::Ranks { tournament: full, check: standings.declared.as_ref(), search: standings.search.as_ref() }
    });
    let round = args.round.map(|n| (n, standings.rounds_played));
    let pending = standings.pending_round;
    let extras = report::Extras { round, ranks, file_order: standings.file_order.as_ref(), rules: Some(&standings.rules), pending };
    if args.check_ranks && args.round.is_some_and(|n| n < standings.rounds_played) {
        return Err("--check-ranks: the file's ranks are final; they cannot be checked after an earlier round".into());
    }
    Ok(match (args.format, args.crosstable) {
        (FormatArg::Csv, crosstable) => {
            for w in &warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            if crosstable {
                crosstable::csv(t, st)
            } else {
                st.to_csv()
            }
        }
        (FormatArg::Json, _) => report::json_with(st, eig, &warnings, &extras) + "\n",
        (FormatArg::Table, true) => crosstable::text(t.name.as_deref(), t, st),
        (FormatArg::Table, false) => report::table_with(t.name.as_deref(), st, &warnings, &extras),
    })
}

/// `tiebreaks --teams`: the team standings of a team tournament file.
fn run_teams(args: &TiebreakArgs, text: &str, mut warnings: Vec<String>) -> Result<String, String> {
    let name = display_name(&args.file);
    let mut settings = Settings { rules: args.rules, skip_bad_lines: args.skip_bad_lines, ..Default::default() };
    settings.after_round = args.round;
    settings.team_primary = match args.primary {
        PrimaryArg::Mp => TeamScore::MatchPoints,
        PrimaryArg::Gp => TeamScore::GamePoints,
    };
    let job = Job::read(text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    let t = job.full.tournament.as_ref().filter(|t| !t.teams.is_empty());
    let t = t.ok_or_else(|| format!("--teams: {name} lists no teams (expected TRF 013 or 310 team records)"))?;
    if let Some(list) = &args.order {
        let codes = list.split(',').map(str::trim).filter(|c| !c.is_empty());
        let codes: Vec<TeamTiebreak> = codes.map(TeamTiebreak::parse).collect::<Result<_, _>>().map_err(|e| format!("--order: {e}"))?;
        order::check(&codes).map_err(|e| format!("--order: {e}"))?;
        settings.team_tiebreaks = Some(codes);
    }
    let job = job.with_settings(&settings).expect("the same reading");
    check_round(args.round, t.rounds_played())?;
    let (st, made) = job.team_standings().ok_or("--teams: the file lists no teams")?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    warnings.extend(made);
    Ok(match args.format {
        FormatArg::Csv => {
            for w in &warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            st.to_csv(&t.teams)
        }
        FormatArg::Json => st.json(&t.teams, &warnings) + "\n",
        FormatArg::Table => st.table(t.name.as_deref(), &t.teams, &warnings) + "\n",
    })
}

/// `--round N` names a round played: from 1 to the last with a result.
fn check_round(round: Option<usize>, played: usize) -> Result<(), String> {
    match round {
        Some(n) if n == 0 || n > played => Err(format!("--round {n}: the file has {played} rounds played (expected 1 to {played})")),
        _ => Ok(()),
    }
}

/// Writes `text` back to `out` with the standings' ranks (a TRF, after its last round); says
/// what it wrote.
fn write_trf(text: &str, job: &Job, standings: &TournamentStandings, out: &str) -> Result<String, String> {
    if job.full.format != Format::Trf {
        return Err(format!("--write-trf: expected a TRF file, not {}", job.full.format.name()));
    }
    if standings.round < standings.rounds_played {
        return Err(format!(
            "--write-trf: ranks are written for the final standings (round {}), not after round {}",
            standings.rounds_played, standings.round
        ));
    }
    let ranks: std::collections::HashMap<u32, usize> = standings.standings.rows.iter().map(|r| (r.start, r.rank)).collect();
    let written = ratings_engine::parse::trf::with_ranks(text, &|start| ranks.get(&start).copied());
    std::fs::write(out, written).map_err(|e| format!("--write-trf: cannot write {out}: {e}"))?;
    Ok(format!("wrote {out} with {} ranks", ranks.len()))
}

/// One entry of `--methods`: a method, and flags of its own (`elo:k=40:margin` →
/// `--k=40 --margin`).
struct MethodSpec {
    kind: MethodKind,
    flags: Vec<String>,
}

/// Reads `--methods`; a bad entry is a bad argument (exit status 2), as clap's own are.
fn method_specs(list: &str) -> Vec<MethodSpec> {
    let bad = |message: String| -> ! { Cli::command().error(clap::error::ErrorKind::InvalidValue, message).exit() };
    let known: Vec<String> = <MethodArgs as clap::Args>::augment_args(clap::Command::new("flags"))
        .get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    let specs: Vec<MethodSpec> = list
        .split(',')
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let mut parts = entry.trim().split(':');
            let kind = parts.next().unwrap_or_default().parse::<MethodKind>().unwrap_or_else(|e| bad(format!("--methods: {e}")));
            let flags = parts
                .map(|flag| {
                    let (name, value) = flag.split_once('=').map_or((flag, None), |(n, v)| (n, Some(v)));
                    let name = name.trim().replace('_', "-");
                    if !known.contains(&name) {
                        bad(format!("--methods '{entry}': '{name}' is not a method's parameter (expected one of {})", known.join(", ")));
                    }
                    value.map_or(format!("--{name}"), |v| format!("--{name}={v}"))
                })
                .collect();
            MethodSpec { kind, flags }
        })
        .collect();
    if specs.is_empty() {
        bad("--methods: expected at least one method, such as brent,elo".into());
    }
    specs
}

/// A method's parameters: the command line's flags, with the method's own flags after them
/// (parsed again by clap, so they mean, default and fail exactly as the flags do).
fn method_params(params: &MethodArgs, spec: &MethodSpec, argv: &[OsString]) -> MethodArgs {
    if spec.flags.is_empty() {
        return params.clone();
    }
    let extended = argv.iter().cloned().chain(spec.flags.iter().map(OsString::from));
    match Cli::try_parse_from(extended).unwrap_or_else(|e| e.exit()).command {
        Command::Compare(again) => again.params,
        Command::Evaluate(again) => again.params,
        Command::Simulate(again) => again.params,
        _ => unreachable!("the same command line, parsed again"),
    }
}

/// The method whose reading of the file every method rates: the first with formats of its
/// own (multiplayer Elo reads events, the AGA its results format), else the first.
fn reading_method(specs: &[MethodSpec]) -> MethodKind {
    let own = |k: MethodKind| matches!(k, MethodKind::MultiElo | MethodKind::Aga);
    specs.iter().map(|s| s.kind).find(|&k| own(k)).unwrap_or(specs[0].kind)
}

fn run_compare(args: &CompareArgs, argv: &[OsString]) -> Result<(String, ExitCode), String> {
    let specs = method_specs(&args.methods);
    if args.shuffles > MAX_ORDERS {
        return Err(format!("--shuffles {}: expected at most {MAX_ORDERS}", args.shuffles));
    }
    let mut methods: Vec<Method> = Vec::new();
    for spec in &specs {
        methods.push(settings(spec.kind, &method_params(&args.params, spec, argv), &args.scale, &args.input)?.method());
    }
    let read = settings(reading_method(&specs), &args.params, &args.scale, &args.input)?;
    let mut warnings = Vec::new();
    let job = load(&args.file, &read, &args.input, &mut warnings)?;
    let mut orders = if args.reversed { vec![Order::Reversed] } else { Vec::new() };
    orders.extend(Order::shuffles(args.shuffles, args.seed));
    let options = Options { scale: read.scale() };
    let comparison = compare::compare(&job.input.dataset, &methods, &options, &orders);
    let failures = compare_export::failure_messages(&comparison);
    for f in &failures {
        eprintln!("ratings-lab: {}", escape::terminal_lines(f));
    }
    if failures.len() == methods.len() {
        return Err("no method could rate the games".into());
    }
    let out = match args.format {
        FormatArg::Table => {
            let notes: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
            compare_export::table(&comparison) + &notes
        }
        FormatArg::Csv | FormatArg::Json => {
            let labels = compare_export::labels(&comparison.methods);
            for w in warnings.iter().chain(&compare_export::warnings(&comparison, &labels)) {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            match args.format {
                FormatArg::Csv => compare_export::csv(&comparison),
                _ => compare_export::json(&comparison) + "\n",
            }
        }
    };
    Ok((out, if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }))
}

/// `evaluate`: every method fit on the earlier games and scored on the later ones.
fn run_evaluate(args: &EvaluateArgs, argv: &[OsString]) -> Result<(String, ExitCode), String> {
    // `--holdout` is the method flags' (JRank's own held-out share, the same idea).
    let holdout = args.params.holdout.unwrap_or(evaluation::DEFAULT_HOLDOUT);
    if !(holdout > 0.0 && holdout < 1.0) {
        return Err(format!("--holdout {holdout}: expected a share between 0 and 1"));
    }
    let specs = method_specs(&args.methods);
    let scale = ScaleArgs::default();
    let methods = specs
        .iter()
        .map(|spec| settings(spec.kind, &method_params(&args.params, spec, argv), &scale, &args.input).map(|s| s.method()))
        .collect::<Result<Vec<_>, _>>()?;
    let read = settings(reading_method(&specs), &args.params, &scale, &args.input)?;
    let mut warnings = Vec::new();
    let job = load(&args.file, &read, &args.input, &mut warnings)?;
    let data = &job.input.dataset;
    let items = if evaluation::events_only(data) { data.events.len() } else { data.games.len() };
    if items < 10 {
        return Err(format!("{}: {items} games; at least 10 are needed to hold some out", display_name(&args.file)));
    }
    let options = Options { scale: read.scale() };
    let grid = args.grid.as_deref().map(parse_grid).transpose()?;
    evaluation::check_rolling(args.rolling).map_err(|e| e.to_string())?;
    let e = evaluation::evaluate(data, &methods, &options, holdout, args.rolling);
    if e.folds < args.rolling {
        warnings.push(format!(
            "--rolling {}: the held-out share has {} games, so {} blocks of one game each",
            args.rolling, e.games_scored, e.folds
        ));
    }
    let tuning = args.tune.map(|t| {
        let parameter = match t {
            TuneArg::EloK => Parameter::EloK,
            TuneArg::EloZeta => Parameter::EloZeta,
            TuneArg::EloHome => Parameter::EloHome,
            TuneArg::BrentGamma => Parameter::BrentGamma,
            TuneArg::JrankK => Parameter::JRankK,
            TuneArg::JrankP => Parameter::JRankP,
        };
        let base =
            methods.iter().find(|m| parameter.set(m, 1.0).is_some()).cloned().unwrap_or_else(|| Method::default_for(parameter.method()));
        evaluation::tune(data, &base, &options, parameter, grid.as_deref().unwrap_or(&parameter.grid()), holdout)
    });
    let failed = e.methods.iter().filter(|m| m.scores.is_err()).count();
    if failed == methods.len() {
        return Err("no method could be fit on the earlier games".into());
    }
    let out = match args.format {
        FormatArg::Table => {
            let notes: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
            evaluation_report::evaluation_table(&e) + &tuning.as_ref().map(evaluation_report::tuning_table).unwrap_or_default() + &notes
        }
        FormatArg::Csv => evaluation_report::evaluation_csv(&e),
        FormatArg::Json => evaluation_report::evaluation_json(&e, tuning.as_ref()) + "\n",
    };
    Ok((out, if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }))
}

/// `--grid 1,2,4`: the values to tune over, each a number.
fn parse_grid(text: &str) -> Result<Vec<f64>, String> {
    let values = text
        .split(',')
        .map(|v| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("--grid: '{}' is not a number", ratings_engine::error::excerpt(v.trim())))
        })
        .collect::<Result<Vec<f64>, String>>()?;
    match values.len() {
        0 => Err("--grid: expected values such as 1,2,4".into()),
        n if n > 200 => Err(format!("--grid: {n} values; at most 200")),
        _ => Ok(values),
    }
}

/// `simulate`: the lab, as the flags set it up.
fn run_simulate(args: &SimulateArgs, argv: &[OsString]) -> Result<String, String> {
    let setup = Setup {
        players: args.players,
        schedule: args.schedule,
        spread: args.spread,
        clusters: args.clusters,
        draws: args.draws,
        repetitions: args.repetitions,
        seed: args.seed,
    };
    setup.check().map_err(|e| e.to_string())?;
    let specs = method_specs(&args.methods);
    let (scale, input) = (ScaleArgs::default(), InputArgs::default());
    let methods = specs
        .iter()
        .map(|spec| settings(spec.kind, &method_params(&args.params, spec, argv), &scale, &input).map(|s| s.method()))
        .collect::<Result<Vec<_>, _>>()?;
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    Ok(match args.format {
        FormatArg::Table => evaluation_report::simulation_table(&sim),
        FormatArg::Csv => evaluation_report::simulation_csv(&sim),
        FormatArg::Json => evaluation_report::simulation_json(&sim) + "\n",
    })
}
