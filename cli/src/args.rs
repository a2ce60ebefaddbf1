//! What the command line takes: the commands and their flags. Every default is the
//! engine's own (`…::default()`), every list of names the engine's enum's (see `help`).

use crate::help::{
    self, CHECK_HELP, COMPARE_HELP, EVALUATE_HELP, HELP_WIDTH, INPUT_HELP, PAIR_HELP, PRIZES_HELP, REPORT_HELP, SIMULATE_HELP,
};
use crate::values;
use clap::{Parser, Subcommand, ValueEnum};
use ratings_engine::evaluation::simulate::{Schedule, Setup};
use ratings_engine::evaluation::Parameter;
use ratings_engine::job::Settings;
use ratings_engine::team::TeamScore;
use ratings_engine::tiebreak::categories::Category;
use ratings_engine::tiebreak::prizes::Sharing;
use ratings_engine::tiebreak::Rules;
use ratings_engine::{MethodKind, ScaleKind};

/// The methods `compare`, `evaluate` and `simulate` run unless told.
pub const DEFAULT_METHODS: &str = "brent,elo";

/// Games an old rating is worth when the player list gives none (`--prior-weight`).
pub const PRIOR_WEIGHT: f64 = 1.0;

#[derive(Parser)]
// The help is wrapped at a fixed width, whatever the terminal: it is the same everywhere, and
// docs/cli.md, generated from it, can be compared with it (tests/cli_doc.rs).
#[command(name = "ratings-lab", version, term_width = HELP_WIDTH, about = "Rate players from game results: R. P. Brent's eigenvector ratings and more.", after_help = INPUT_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Rate the games in FILE (or standard input, '-') and print the ratings, best first.
    #[command(after_help = INPUT_HELP)]
    Rate(RateArgs),
    /// Standings of a tournament (FIDE TRF or PGN) with FIDE tiebreaks (C.07) in the order
    /// given, and the eigenvector rating (EIG) as a tiebreak of its own.
    #[command(after_help = help::tiebreak_help())]
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
    /// the rank error), with points then Buchholz (for events, the mean place) as the baseline.
    #[command(after_help = SIMULATE_HELP, args_override_self = true)]
    Simulate(SimulateArgs),
    /// Pair the next round of a Swiss tournament (FIDE TRF) by the FIDE Dutch system (C.04.3,
    /// 2026 rules), or check every round of the file against it.
    #[command(after_help = PAIR_HELP)]
    Pair(PairArgs),
    /// Check a tournament file (FIDE TRF) whole: each round re-paired by the file's own system
    /// (Dutch, or a round robin's Berger tables) and compared, each round's legality, and the
    /// final standings by the file's tie-break list against the ranks it declares.
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// FIDE rating report of a tournament (FIDE TRF): each player's rating change under the
    /// FIDE Rating Regulations (B.02, 2024), game by game, with the performance rating, and
    /// the GM, IM, WGM and WIM norm checks of the Title Regulations (B.01 1.4), each condition
    /// with its working.
    #[command(after_help = REPORT_HELP)]
    Report(ReportArgs),
    /// Prize list of a tournament (FIDE TRF or PGN): the final standings with FIDE's
    /// tiebreaks and a prize table (main prizes and category prizes) give who takes which
    /// prize, with players tied on points sharing by tiebreak, split or Hort.
    #[command(after_help = PRIZES_HELP)]
    Prizes(PrizesArgs),
    /// Random tournaments as FIDE TRF-2026 files, each round paired by this program's own
    /// engine (the Dutch system with or without Baku acceleration, or the Berger tables), with
    /// byes, forfeits, late entries and withdrawals; every parameter not given is drawn from the
    /// seed and written into the file.
    #[command(after_help = help::GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Every rating method with its parameters: name, flag, meaning, unit, range and default
    /// (the engine's registry, which the app's panels and these flags are made from).
    Methods(MethodsArgs),
}

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The seed: the same seed and parameters, the same file (default: drawn from the clock,
    /// and written into the file).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many tournaments (seeds SEED, SEED+1, ...); more than one needs --out.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Where to write: a file, or with --count a pattern whose %d is the tournament's number
    /// (1 to N): --out dir/%d.trf. Default: standard output.
    #[arg(long, value_name = "PATH")]
    pub out: Option<String>,
    /// Players: a number, or a range to draw from (20-40).
    #[arg(long, value_parser = values::span)]
    pub players: Option<ratings_engine::generate::Span>,
    /// Rounds (a Swiss: at most players - 1; a round robin: its table's).
    #[arg(long)]
    pub rounds: Option<usize>,
    /// The pairing system.
    #[arg(long, value_enum)]
    pub system: Option<SystemArg>,
    /// Acceleration of a Swiss.
    #[arg(long, value_enum)]
    pub acceleration: Option<GenAccelerationArg>,
    /// The highest rating.
    #[arg(long)]
    pub rating_high: Option<u32>,
    /// The lowest rating.
    #[arg(long)]
    pub rating_low: Option<u32>,
    /// The ratings' standard deviation about the middle of the range, in Elo points.
    #[arg(long)]
    pub rating_spread: Option<f64>,
    /// The share of players without a rating: 0.1 or 10%.
    #[arg(long, value_parser = values::share)]
    pub unrated: Option<f64>,
    /// Every player's rating, comma-separated (0: unrated); the players are these.
    #[arg(long, value_name = "R1,R2,...", value_delimiter = ',')]
    pub ratings: Option<Vec<u32>>,
    /// The share of games drawn between equal players.
    #[arg(long, value_parser = values::share)]
    pub draw_rate: Option<f64>,
    /// White's advantage in Elo points, added to White's rating when a result is drawn.
    #[arg(long, allow_negative_numbers = true)]
    pub white_advantage: Option<f64>,
    /// The chance that a player asks for a half-point bye in a round.
    #[arg(long, value_parser = values::share)]
    pub half_point_byes: Option<f64>,
    /// The chance that a player asks for a zero-point bye in a round.
    #[arg(long, value_parser = values::share)]
    pub zero_point_byes: Option<f64>,
    /// The chance that a player is given a full-point bye in a round.
    #[arg(long, value_parser = values::share)]
    pub full_point_byes: Option<f64>,
    /// The share of games lost by forfeit by one player.
    #[arg(long, value_parser = values::share)]
    pub forfeits: Option<f64>,
    /// The share of games forfeited by both players.
    #[arg(long, value_parser = values::share)]
    pub double_forfeits: Option<f64>,
    /// The share of games scored 1/2-0.
    #[arg(long, value_parser = values::share)]
    pub half_zero: Option<f64>,
    /// The share of players who withdraw.
    #[arg(long, value_parser = values::share)]
    pub withdrawals: Option<f64>,
    /// The share of players who enter late.
    #[arg(long, value_parser = values::share)]
    pub late_entries: Option<f64>,
    /// The point system.
    #[arg(long, value_enum)]
    pub points: Option<PointsArg>,
    /// What the pairing-allocated bye scores.
    #[arg(long, value_enum)]
    pub pab: Option<PabArg>,
    /// The tie-breaks after points, comma-separated (written as 202): BH-C1,BH,SB.
    #[arg(long, value_name = "LIST")]
    pub tiebreaks: Option<String>,
    /// Pairs of players who must not meet (written as 260).
    #[arg(long)]
    pub forbidden: Option<usize>,
    /// The colour of round 1's top player (written as 152).
    #[arg(long, value_enum)]
    pub initial_colour: Option<GenColourArg>,
    /// A team tournament of this many teams (written as 310), with --boards.
    #[arg(long)]
    pub teams: Option<usize>,
    /// Boards a team.
    #[arg(long)]
    pub boards: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum GenAccelerationArg {
    /// None.
    None,
    /// FIDE's Baku acceleration (C.04.5.1).
    Baku,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum GenColourArg {
    White,
    Black,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum PointsArg {
    /// 1 for a win, 1/2 for a draw (FIDE's).
    #[value(name = "1-0.5-0")]
    Standard,
    /// 3 for a win, 1 for a draw.
    #[value(name = "3-1-0")]
    ThreeOne,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum PabArg {
    /// A win's points.
    Win,
    /// A draw's points.
    Draw,
    /// Nothing.
    Nothing,
}

#[derive(clap::Args)]
pub struct MethodsArgs {
    #[arg(long, value_enum, default_value = "text")]
    pub format: ReportFormat,
}

#[derive(clap::Args)]
pub struct ReportArgs {
    /// The tournament file (FIDE TRF-16 or TRF-2026), or '-' for standard input.
    pub file: String,
    /// Output format: the report with its working, or JSON.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// A player's K as published (B.02 8.3.3), by start number: --k-factor 12=40. Repeat the
    /// flag or separate with commas.
    #[arg(long = "k-factor", value_name = "START=K", value_delimiter = ',', value_parser = values::start_k)]
    pub k_factor: Vec<(u32, u32)>,
    /// Players new to the rating list (fewer than 30 rated games before the event: K 40), by
    /// start number.
    #[arg(long, value_name = "START", value_delimiter = ',')]
    pub new_player: Vec<u32>,
    /// Players whose published rating has reached 2400 at some time (K 10), by start number
    /// (a rating of 2400 or more in the file counts without it).
    #[arg(long = "reached-2400", value_name = "START", value_delimiter = ',')]
    pub reached_2400: Vec<u32>,
    /// The event's year, for the junior rule (K 40 to the end of the year of the 18th
    /// birthday) [default: the year in the file's dates].
    #[arg(long, value_name = "YEAR")]
    pub year: Option<i32>,
    /// Report only these players, by start number [default: all].
    #[arg(long, value_name = "START", value_delimiter = ',')]
    pub player: Vec<u32>,
}

#[derive(clap::Args)]
pub struct PrizesArgs {
    /// The tournament file (FIDE TRF or PGN), or '-' for standard input.
    pub file: String,
    /// The prize table, a text file of lines such as '1: 500', 'U16: 50', 'women: 50',
    /// 'rating<1800: 40' (below).
    #[arg(long, value_name = "FILE")]
    pub prizes: String,
    /// How players tied on points share the prizes their places span [default: the table's
    /// 'sharing:' line, else tiebreak].
    #[arg(long, value_parser = values::sharing(), ignore_case = true)]
    pub sharing: Option<Sharing>,
    /// FIDE's tiebreak regulations (C.07) [default: the rules in force when the tournament
    /// started].
    #[arg(long, value_parser = values::rules())]
    pub rules: Option<Rules>,
    #[arg(long, value_name = "CODE,...", help = help::order())]
    pub order: Option<String>,
    /// Output format: the prize list as text, or JSON.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The tournament file (FIDE TRF-16 or TRF-2026), or '-' for standard input.
    pub file: String,
    /// Output format: a line a round and the standings, or JSON.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// FIDE's tiebreak regulations (C.07) [default: the rules in force when the tournament
    /// started (TRF 042), the latest when the file gives no start date].
    #[arg(long, value_parser = values::rules())]
    pub rules: Option<Rules>,
    /// The total number of rounds, for the last round's pairing rules [default: the file's XXR
    /// or 142, else its rounds].
    #[arg(long, value_name = "N")]
    pub rounds: Option<usize>,
}

#[derive(clap::Args)]
pub struct PairArgs {
    /// The tournament file (FIDE TRF), or '-' for standard input.
    pub file: String,
    /// The round to pair, from 1 to the rounds played + 1, from the rounds before it (later
    /// rounds in the file are ignored).
    #[arg(long, value_name = "R", required_unless_present_any = ["check", "all_rounds"])]
    pub round: Option<usize>,
    /// The total number of rounds, for the last round's rules [default: the file's XXR or 142].
    #[arg(long, value_name = "N")]
    pub rounds: Option<usize>,
    /// The colour the top player of round 1 gets by lot (C.04.3 5.2.5), or `lot` to draw it
    /// here (with --seed) [default: the file's 152 or XXC, else read from round 1's games].
    /// `--format trf` writes it as 152, so that later rounds need no flag.
    #[arg(long, value_enum, value_name = "COLOUR")]
    pub initial_colour: Option<ColourArg>,
    /// The seed of `--initial-colour lot` (the same seed draws the same colour) [default: from
    /// the clock, and said].
    #[arg(long, value_name = "N", requires = "initial_colour")]
    pub seed: Option<u64>,
    /// Accelerate the pairing: `baku` is FIDE's Baku method (C.04.5.1, standard scoring only),
    /// chosen before round 1 [default: the file's 192 (FIDE_DUTCH_2025_BAKU) or its XXA/250
    /// virtual points]. `--format trf` writes it as 192.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,
    /// The pairing system [default: the file's 192, else the Dutch system]: a round robin is
    /// paired, and audited with --check, by C.05's Berger tables (3 to 24 players; Berger
    /// numbers read from round 1, else the start numbers).
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,
    /// Output format: a pairings sheet, JSON, or the TRF file with round R paired (results
    /// blank).
    #[arg(long, value_enum, default_value_t = PairFormat::Text)]
    pub format: PairFormat,
    /// Show why, bracket by bracket: residents, players moved down, pairs, the players passed
    /// over and the criterion that ruled each out.
    #[arg(long, conflicts_with = "check")]
    pub explain: bool,
    /// Pair every round of the file from the rounds before it and list the rounds whose
    /// pairings (pairs, colours, the bye) differ from the file's.
    #[arg(long, conflicts_with = "round")]
    pub check: bool,
    /// A round robin: every round's pairings at once (the whole Berger table in start numbers),
    /// as text or JSON (an array of rounds).
    #[arg(long, conflicts_with_all = ["round", "check"])]
    pub all_rounds: bool,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum ColourArg {
    White,
    Black,
    /// Drawn by lot (`--seed`).
    Lot,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum SystemArg {
    /// The FIDE Dutch system (C.04.3).
    Dutch,
    /// A round robin by the Berger tables (C.05).
    RoundRobin,
    /// A double round robin (the second cycle with colours reversed; C.05's advice on the
    /// first cycle's last two rounds followed).
    DoubleRoundRobin,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum AccelerationArg {
    /// FIDE's Baku acceleration (C.04.5.1).
    Baku,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum PairFormat {
    Text,
    Json,
    Trf,
}

#[derive(clap::Args)]
pub struct EvaluateArgs {
    /// The games file (CSV), or '-' for standard input.
    pub file: String,
    /// The methods, comma-separated, each with optional flags of its own: elo:k=40.
    #[arg(long, default_value = DEFAULT_METHODS, value_name = "METHOD[:FLAG=VALUE...],...")]
    pub methods: String,
    #[command(flatten)]
    pub params: MethodArgs,
    #[arg(long, default_value_t = 1, value_name = "K", help = help::rolling())]
    pub rolling: usize,
    /// Tune a parameter out of sample.
    #[arg(long, value_parser = values::parameter(), value_name = "PARAMETER")]
    pub tune: Option<Parameter>,
    /// The values --tune searches, comma-separated [default: a grid per parameter].
    #[arg(long, value_name = "V,V,...", requires = "tune")]
    pub grid: Option<String>,
    /// Stop once this many seconds have passed since the command started, the fit under way
    /// (a method on a block) between its steps: the methods finished are scored, the others
    /// are listed as not finished, and the exit status is 3.
    #[arg(long, value_name = "S", value_parser = values::seconds)]
    pub max_seconds: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(clap::Args)]
pub struct SimulateArgs {
    /// Players per tournament.
    #[arg(long, default_value_t = Setup::default().players)]
    pub players: usize,
    /// round-robin, double-round-robin, swiss:R, random:M or events:M:k (M events of k players,
    /// k from 2 to 64, rated by the methods that rate events).
    #[arg(long, default_value_t = Setup::default().schedule, value_parser = |s: &str| s.parse::<Schedule>())]
    pub schedule: Schedule,
    /// Standard deviation of the true natural log-strengths.
    #[arg(long, default_value_t = Setup::default().spread, allow_negative_numbers = true)]
    pub spread: f64,
    /// Strengths in this many clusters (0: one normal field).
    #[arg(long, default_value_t = Setup::default().clusters)]
    pub clusters: usize,
    /// The draw rate between equal players.
    #[arg(long, default_value_t = Setup::default().draws, allow_negative_numbers = true)]
    pub draws: f64,
    /// How far each true log-strength wanders per round (a random walk's step; 0: fixed): the
    /// truth is then the strength after the last round.
    #[arg(long, default_value_t = Setup::default().drift, allow_negative_numbers = true)]
    pub drift: f64,
    /// Tournaments simulated.
    #[arg(long, default_value_t = Setup::default().repetitions)]
    pub repetitions: usize,
    /// The seed: the same seed, the same tournaments.
    #[arg(long, default_value_t = Setup::default().seed)]
    pub seed: u64,
    /// The methods, comma-separated, each with optional flags of its own: brent:gamma=0.5.
    /// Unless given: brent,elo, or with events:M:k every method that rates events.
    #[arg(long, value_name = "METHOD[:FLAG=VALUE...],...")]
    pub methods: Option<String>,
    #[command(flatten)]
    pub params: MethodArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
}

/// Most orders `compare` replays (each is a whole run of every sequential method).
pub const MAX_ORDERS: usize = 10_000;

#[derive(clap::Args)]
pub struct CompareArgs {
    /// The games file (CSV), or '-' for standard input.
    pub file: String,
    #[arg(long, default_value = DEFAULT_METHODS, value_name = "METHOD[:FLAG=VALUE...],...", help = help::methods())]
    pub methods: String,
    #[command(flatten)]
    pub params: MethodArgs,
    #[command(flatten)]
    pub scale: ScaleArgs,
    // The most orders: a constant of this command (each order is a whole run of every
    // sequential method), named from it.
    #[arg(long, default_value_t = 0, value_name = "N", help_heading = "Orders",
          help = format!("Replay the sequential methods with the games shuffled N times (at most {MAX_ORDERS})"))]
    pub shuffles: usize,
    /// The seed of the shuffles: the same seed, the same orders.
    #[arg(long, default_value_t = 1, value_name = "S", help_heading = "Orders")]
    pub seed: u64,
    /// Also replay the sequential methods with the games in reversed order.
    #[arg(long, help_heading = "Orders")]
    pub reversed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(clap::Args)]
pub struct TiebreakArgs {
    /// The tournament file (FIDE TRF or PGN), or '-' for standard input.
    pub file: String,
    /// FIDE's tiebreak regulations (C.07) [default: the rules in force when the tournament
    /// started (TRF 042), the latest when the file gives no start date].
    #[arg(long, value_parser = values::rules())]
    pub rules: Option<Rules>,
    #[arg(long, value_name = "CODE,...", help = help::order())]
    pub order: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    /// Leave out records that cannot be read (a player line, a game), with a warning naming
    /// the player, instead of failing; their opponents' games with them count as unplayed.
    #[arg(long)]
    pub skip_bad_lines: bool,
    /// The standings after round N: points and every tiebreak as they stood then (rounds
    /// still to be played count as C.07 counts them: fore-Buchholz's assumption).
    #[arg(long, value_name = "N")]
    pub round: Option<usize>,
    /// Compare the ranks the file declares (TRF columns 86-89) with these standings, and when
    /// they differ, search the common orders under both rule sets for one that gives them.
    /// ('ratings-lab check FILE' checks them with the file's pairings, in one report.)
    #[arg(long)]
    pub check_ranks: bool,
    /// Print the crosstable (square for a round robin, a cell per round for a Swiss) instead of
    /// the standings table (with --format csv, as CSV).
    #[arg(long)]
    pub crosstable: bool,
    #[arg(long, help = help::teams())]
    pub teams: bool,
    #[arg(long, value_name = "NAME", value_parser = values::category, help = help::category(),
          conflicts_with_all = ["teams", "crosstable", "check_ranks"])]
    pub category: Option<Category>,
    /// With --teams: rank by match points or by game points first.
    #[arg(long, value_parser = values::team_score(), ignore_case = true,
          default_value = Settings::default().team_primary.code())]
    pub primary: TeamScore,
    /// Write the TRF file back to OUT with these standings' ranks in columns 86-89 (every
    /// other character unchanged); a TRF file only, final round only.
    #[arg(long, value_name = "OUT")]
    pub write_trf: Option<String>,
}

// Every numeric flag has `allow_negative_numbers`: `--gamma -1` must reach the parameter's own
// check ("γ must be ≥ 0"), not be taken for an unknown flag.
//
// The flags are grouped so that `rate` and `compare` share them (`#[command(flatten)]`): every
// method's parameters, the display scale, and how the input is read. Their order here is the
// order `--help` lists them in.
#[derive(clap::Args)]
pub struct RateArgs {
    /// The games file (CSV), or '-' for standard input.
    pub file: String,
    /// The rating method.
    #[arg(long, value_parser = values::method(), default_value_t = Settings::default().method, value_name = "METHOD")]
    pub method: MethodKind,
    #[command(flatten)]
    pub params: MethodArgs,
    #[command(flatten)]
    pub scale: ScaleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    #[command(flatten)]
    pub input: InputArgs,
    /// With the table format, also print every iteration's change and residual.
    #[arg(long)]
    pub trace: bool,
}

/// Every method's parameters: what `compare` also takes per method (`elo:k=40`), each a flag
/// made from the engine's registry (`crate::registered`).
#[derive(clap::Args, Clone)]
pub struct MethodArgs {
    #[command(flatten)]
    pub registered: crate::registered::RegisteredArgs,
}

/// Where Brent's display scale puts the ratings (every method of a comparison shares it).
#[derive(clap::Args)]
pub struct ScaleArgs {
    /// Display scale: a linear map R = f * r + c of the log-strength r.
    #[arg(long, value_parser = values::scale(), default_value_t = Settings::default().scale, value_name = "SCALE")]
    pub scale: ScaleKind,
    #[arg(long, value_name = "RATING", conflicts_with = "anchor", allow_negative_numbers = true, help = help::mean())]
    pub mean: Option<f64>,
    /// Give the named player this rating, and everyone else relative to them.
    #[arg(long, value_name = "NAME=RATING")]
    pub anchor: Option<String>,
}

/// How the input is read.
#[derive(clap::Args)]
pub struct InputArgs {
    #[arg(long, value_name = "ROLE=COLUMN,...", help = help::map())]
    pub map: Option<String>,
    /// Leave out lines that cannot be read, with a warning, instead of failing.
    #[arg(long)]
    pub skip_bad_lines: bool,
    /// A player list 'name[,rating][,weight][,sigma][,date][,id][,season]': Brent's old ratings (on the
    /// display scale), Elo's starting ratings, the AGA's previous ratings and sigmas, the
    /// starting rating and deviation (sigma) of Glicko, Glicko-2 and Stephenson, and WHR's prior.
    #[arg(long, value_name = "FILE")]
    pub players: Option<String>,
    /// Games an old rating is worth when the player list gives no weight.
    #[arg(long, default_value_t = PRIOR_WEIGHT, value_name = "GAMES", allow_negative_numbers = true)]
    pub prior_weight: f64,
}

/// The flags' defaults, for commands that do not take them.
impl Default for ScaleArgs {
    fn default() -> Self {
        ScaleArgs { scale: Settings::default().scale, mean: None, anchor: None }
    }
}

impl Default for InputArgs {
    fn default() -> Self {
        InputArgs { map: None, skip_bad_lines: false, players: None, prior_weight: PRIOR_WEIGHT }
    }
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum FormatArg {
    Table,
    Csv,
    Json,
}
