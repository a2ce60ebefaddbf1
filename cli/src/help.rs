//! The long help texts: the input format, and each command's notes and JSON shape; the
//! flags' own texts where they name the engine's defaults or lists (never written here).

use ratings_engine::evaluation::MAX_ROLLING;
use ratings_engine::job::{recommended_order, Settings};
use ratings_engine::parse::Role;
use ratings_engine::team::{TeamTiebreak, DEFAULT_TEAM_TIEBREAKS};
use ratings_engine::tiebreak::categories::Category;
use ratings_engine::tiebreak::{all_codes, Tiebreak};
use ratings_engine::{MethodKind, ScaleKind};

/// The width the help is wrapped at, whatever the terminal (`args::Cli`).
pub const HELP_WIDTH: usize = 100;

pub const INPUT_HELP: &str = "\
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

  --players FILE reads a list 'name[,rating][,weight][,sigma][,date][,id][,season]': for
  Brent, old ratings on the chosen scale, each worth 'weight' drawn games (section 6); for Elo
  and multiplayer Elo, starting ratings; for AGA, previous ratings and sigmas on the dan/kyu
  scale; a row with a season, the rating the player starts that season with (Elo's seasons).
  Players listed there without games are reported as unrated.

  AGA reads the same CSV with handicap, komi, declared ranks (rank1/rank2: 3d, 5k) and an
  event (tournament) column, or the AGA results format (TOURNEY / PLAYERS / GAMES sections).

  Multiplayer Elo also reads events, every place counting: 'event,player,place' (one row
  per player, place 1 wins, tied players share a place, an empty place or '-' took part
  unranked, the rows of one event together; every event-like column together is the event,
  so 'round,room,team,rank' is one event a room a round; --map
  event=round+room,player=team,place=rank for other names), one row per event with place
  columns (1st,2nd,3rd..., first,second,third... or place1,place2...; players tied at a
  place in one cell as 'A = B' or 'A / B'; --map places=A|B|C), or one row per event with
  numbered player and score columns (Play1..Play4, Score1..Score4; higher score places
  higher; --map players=A|B|C,scores=X|Y|Z). Places run without a gap (1,2,2,4 or
  1,2,2,3). Two-player games count as two-player events. Team events (Weng–Lin and
  Plackett–Luce; multiplayer Elo refuses them): 'event,team,place,members', members in one
  cell separated by ';' or '+', or 'event,team,place,player', one row a member (--map
  team=X,members=Y).

EXIT STATUS
  0 ratings printed (a warning says if the iteration did not converge); 1 the input could
  not be read or rated (the reason is on standard error); 2 bad command-line arguments.";

pub const EVALUATE_HELP: &str = "\
SPLIT
  The games in time order (by date when every game has one, else by round, else as given);
  the later --holdout share (default 0.2) is predicted by each method fit on the games
  before it. With
  --rolling K the later share is cut into K blocks, each predicted from everything before it.
  Each method predicts by its own model: Brent x_i/(x_i+x_j); Elo its expected score with
  --home; multiplayer Elo the two-player share; the AGA its probit with handicap and komi;
  JRank its paper's model solved for the score. A player without a rating from the earlier
  games gets the method's default (counted as unseen_games). --methods as for 'compare'.

TUNING
  --tune PARAMETER searches a grid for that parameter (see --tune above for the list)
  of the first method it belongs to: chosen on the last share of the earlier games, every value
  also scored on the held-out games; --grid V,V,... searches your values instead. A value
  chosen at an end of the grid is noted: the best may lie beyond it.

BASELINES
  Every evaluation also scores a coin (every game 1/2: log-loss ln 2, Brier 0.25) and, when
  the games have a home side (not on neutral ground), the home rate: the first side's share of
  the points in the earlier games, predicted for every later game. A method worse than the
  best baseline is noted, with why: overfitting when its fit scores far better on the earlier
  games (in-sample) than on the later ones with few games a player (a prior such as Brent's
  gamma helps, rolling blocks do not); else ratings frozen over the held-out span (try
  --rolling).

NOISE
  Each log-loss and Brier score has its standard error (the per-game values' sd / sqrt(n));
  the best method is set against the others and the best baseline game by game, and a lead
  under two standard errors of that paired difference is said to be within noise.

PROGRESS AND TIME
  An evaluation estimated at a second or more says so on stderr before it starts ('evaluate:
  about 9 min: 4 methods, each fit 10 times (once a block) on up to 1,000,000 games'): the
  games each fit learns from times each method's work, at this machine's measured cost of a
  game (measured for each method, WHR's on a dated history apart: every game with a date or a
  round; see docs/performance.md).
  A run over a second says on stderr, once a second, how many fits (a method on a block) are
  done, which is next, and roughly how long is left. --max-seconds S stops the evaluation once
  S seconds have passed since the command started, the fit under way too, between its steps
  (a step of WHR's Newton method part-way): the methods
  finished are scored as usual; a method under way or not started is listed as not finished
  and not scored (its blocks done would be scored on other games than the rest), in the
  table's warnings, on stderr, and in the JSON; --tune is then not run.

JSON
  {\"methods\": [{\"method\", \"log_loss\", \"log_loss_se\", \"brier\", \"brier_se\",
  \"accuracy\", \"games_scored\", \"unseen_games\", \"in_sample_log_loss\",
  \"fits_parameters\", \"calibration\": [{\"from\", \"to\", \"games\", \"predicted\",
  \"observed\"}], \"error\"}], \"order\", \"holdout\", \"folds\", \"games_scored\",
  \"training_games\", \"games_per_player\", \"baselines\": [{\"baseline\", \"log_loss\",
  \"log_loss_se\", \"brier\", \"brier_se\", \"accuracy\", \"games_scored\", \"rate\",
  \"calibration\"}], \"differences\": [{\"better\", \"worse\", \"difference\", \"se\",
  \"within_noise\"}], \"noise\", \"best_method\", \"notes\", \"tuning\": {...,
  \"edge_note\"}, \"stopped_after_seconds\" (null unless --max-seconds stopped it),
  \"unfinished\": [{\"method\", \"blocks_done\", \"blocks\"}]}

EXIT STATUS
  0 every method scored; 1 the input could not be read, or a method could not be fit (the
  others are still scored); 2 bad command-line arguments; 3 stopped by --max-seconds (what was
  done is printed).";

pub const SIMULATE_HELP: &str = "\
SIMULATION
  True natural log-strengths drawn from a normal with standard deviation --spread (or
  --clusters groups); games by Bradley-Terry, a draw with probability --draws between equals,
  rarer the more lopsided the game. Schedules: round-robin, double-round-robin, swiss:R (a
  simplified Dutch system seeded by true strength, no rematches), random:M (M games between
  random pairs), events:M:k (M events of k players: each round the field shuffled and dealt
  into events of k, the players left over sitting out; each finishing order drawn from
  Plackett-Luce with the true strengths, neighbours tied at the games' draw rate). Each
  repetition is seeded from --seed: the same seed, the same numbers. --drift steps once a
  round (with events, a deal of the field). --methods and the method flags as for 'compare';
  events are rated only by the methods that rate events (multi_elo, plackett_luce, weng_lin),
  by all three unless told. The baseline is the organisers' order: points then Buchholz, or
  for events each player's mean place (mean_place).

JSON
  {\"methods\": [{\"method\", \"kendall_tau\": {\"mean\", \"sd\"}, \"top1_share\",
  \"mean_abs_rank_error\": {\"mean\", \"sd\"}, \"failures\", \"error\"}], \"baseline\": {...,
  \"method\": \"points_buchholz\" or \"mean_place\"}, \"setup\": {...}, \"completed\"}";

pub const COMPARE_HELP: &str = "\
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

/// `tiebreaks`' notes: the codes (the engine's list), then the JSON.
pub fn tiebreak_help() -> String {
    let codes: String = all_codes().iter().map(|t| wrap(&format!("{:<7}{}: {}", t.code(), t.name(), t.description()), 2, 9)).collect();
    format!(
        "CODES (C.07 abbreviations; '/' may stand for '-', case does not matter)\n{codes}  \
         EIG uses the whole results graph, not sums of opponents' scores. Unplayed rounds follow C.07\n  \
         article 16 (the 2026 rules cap them, art. 16.4).\n\n{TIEBREAK_JSON}"
    )
}

const TIEBREAK_JSON: &str = "\
JSON
  {\"players\": [{\"name\", \"start\", \"points\", \"rank\", \"tiebreaks\": {\"BH\": 13.0, ...},
  \"explanations\": {\"BH\": \"...\"}, \"eig_sigma\"}], \"rules\", \"rules_reason\", \"order\", \"warnings\"};
  a tiebreak that does not apply is null; eig_sigma is EIG's standard error when EIG is asked
  for; rules_reason says why those rules (--rules, or the start date: TRF 042). A round with
  only byes entered is not played: \"pending_round\": {\"round\", \"entries\", \"paired\", \"text\"}.
  A player withdrawn or expelled (the file's ### marks, or absences to the last round played)
  has \"status\": {\"status\", \"from_round\"}; an expelled player is not ranked: listed
  last, with \"rank\": null. So is a round robin's player who left having played fewer than
  half of their games, with \"not_counted\": true: their results count for no one (C.06 V.4a).
  With --category: each player's \"category_place\" and \"category\": {\"name\", \"label\",
  \"year\"}. With --round N: \"round\", \"rounds_played\". With --check-ranks: each player's
  \"declared_rank\" (null when the file gives none), \"ranks_agree\", and when they differ
  \"first_difference\" and \"matching_order\": {\"order\", \"rules\"} (or \"closest_order\" with
  \"ranks_matched\" when no common order gives them). \"declared_order\": {\"record\", \"order\",
  \"unknown\"} when the file declares its tiebreaks (TRF-2026 record 212 or 202).";

/// `text` wrapped to the help's width, indented by `first` spaces, its further lines by `rest`.
fn wrap(text: &str, first: usize, rest: usize) -> String {
    let (mut out, mut width, mut start) = (" ".repeat(first), first, true);
    // Split at single spaces: a run of spaces (a padded column) is kept as it is.
    for word in text.split(' ') {
        let n = word.chars().count();
        if !start && width + 1 + n > HELP_WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(rest));
            (width, start) = (rest, true);
        }
        if !start {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        (width, start) = (width + n, false);
    }
    out + "\n"
}

/// Codes joined by commas: `BH-C1,BH,SB`.
fn codes(order: &[Tiebreak]) -> String {
    order.iter().map(|t| t.code()).collect::<Vec<_>>().join(",")
}

/// `--mean`: where each scale puts the mean by default.
pub fn mean() -> String {
    let shown = |scale: ScaleKind| Settings { scale, ..Settings::default() }.default_shown();
    format!(
        "Put the mean rating (of each rated group) at this value [default: {} on the Elo scale, {} \
         natural; with old ratings (--players) they keep their own scale]",
        shown(ScaleKind::Elo),
        shown(ScaleKind::Natural)
    )
}

/// `compare --methods`: the engine's methods.
pub fn methods() -> String {
    let names: Vec<&str> = MethodKind::ALL.iter().map(|m| m.name()).collect();
    format!("The methods, comma-separated ({}), each with optional flags of its own after colons: elo:k=40:margin", names.join(", "))
}

/// `evaluate --rolling`: how many blocks.
pub fn rolling() -> String {
    format!("Cut the held-out share into K blocks, each predicted from everything before it (1 to {MAX_ROLLING}; at most one block per held-out game)")
}

/// `--map`: the roles a column can be given.
pub fn map() -> String {
    let roles: Vec<&str> = Role::ALL.iter().map(|r| r.key()).collect();
    format!("Column mapping for headers not recognised: ROLE=COLUMN[,ROLE=COLUMN...] with ROLE one of {}", roles.join(", "))
}

/// `tiebreaks --order`: the default orders.
pub fn order() -> String {
    format!(
        "The tiebreaks, in order, comma-separated [default: the file's own (TRF-2026 record 212 or 202) \
         when it declares one computed here, else FIDE's recommended order: {} for a Swiss, {} for a \
         round robin; EIG only when asked]",
        codes(recommended_order(false)),
        codes(recommended_order(true))
    )
}

/// `tiebreaks --teams`: the team tiebreaks and their default order.
pub fn teams() -> String {
    let team: Vec<String> = TeamTiebreak::all()
        .into_iter()
        .filter(|t| !matches!(t, TeamTiebreak::Individual(_) | TeamTiebreak::On(..)))
        .map(|t| t.code())
        .collect();
    let default: Vec<String> = DEFAULT_TEAM_TIEBREAKS.iter().map(|t| t.code()).collect();
    format!(
        "A team tournament (TRF 013 or 310 team records): the teams' standings instead of the players', \
         by --primary points, with team tiebreaks in --order ({}, or any individual code on the primary \
         score) [default order: the file's own, else {}]",
        team.join(", "),
        default.join(",")
    )
}

/// `tiebreaks --category`: the engine's category names.
pub fn category() -> String {
    format!(
        "Only the players of one category, each with their place within it (Cat) beside their rank in \
         the whole event (Rk): {} (or as prize tables write them: U16, 65+, rating<1800); an age \
         counts by the year of birth, in the year of the start date (TRF 042)",
        Category::names()
    )
}

pub const PAIR_HELP: &str = "\
WHAT THE FILE MUST HOLD
  The rounds played, with results; XXR or 142 (the total number of rounds: the last round is
  paired by other rules; without it and --rounds the round is paired as not the last, with a
  warning); for round R, '0000 - H', 'F', 'Z' or '-' for the players not to be paired (byes
  asked for, absences). The initial colour is --initial-colour, else the file's 152 (W or B)
  or XXC (white1, black1), else read from round 1 (the colour of the first player in start
  order who played it): pairing round 1 needs one of them (--initial-colour lot draws it).

ACCELERATION AND PLAYERS WHO MUST NOT MEET
  Virtual points (XXA, TRF-2026 250) are added to the scores the round is paired by, never to
  the standings. 192 FIDE_DUTCH_2025_BAKU (or --acceleration baku, before round 1) computes
  FIDE's Baku points (C.04.5.1: group A the first 2*ceil(n/4) players of round 1; 1 point in
  the first half of the first half of the rounds, 1/2 in the rest of that half); a file's own
  XXA/250 points win. Players listed together in a 260 record (for its rounds) or an XXP
  record (the whole event) are never paired together; a round that cannot then be paired
  names the records. Every record not read is named in a warning; every default taken (the
  total rounds, the point system, the initial colour) in a note.

ROUND ROBINS
  192 FIDE_ROUNDROBIN or FIDE_DOUBLEROUNDROBIN (or --system round-robin|double-round-robin)
  pairs by C.05's Berger tables, 3 to 24 players: the Berger numbers are read from round 1
  (else the start numbers); an odd count gives one player the round off (0000 - Z, no
  points); a double round robin reverses the colours in its second cycle and plays the first
  cycle's last two rounds swapped, as C.05 advises. --all-rounds prints every round at once.

--check
  Pairs each round that holds games from the rounds before it and compares the pairs, their
  colours and the pairing-allocated bye with the file's (boards in C.04.2's order). A round
  robin is compared with its Berger table; a file with no 192 whose rounds are a round
  robin's is audited as one, said in a warning (--system dutch audits it as a Swiss).
  'ratings-lab check FILE' does this too, with each round's legality and the final standings
  against the file's declared ranks, in one report.

EXIT STATUS
  0 paired (--check: every round identical), 2 (--check) some round differs, 1 an error:
  the file cannot be read, or the round cannot be paired (the message names the cause).";

pub const CHECK_HELP: &str = "\
WHAT IS CHECKED
  Each round that holds games, re-paired by the file's own system: the FIDE Dutch system
  (C.04.3) from the rounds before it, with the file's acceleration (192 FIDE_DUTCH_2025_BAKU,
  XXA, 250), players who must not meet (260, XXP) and initial colour (152, XXC); or, for 192
  FIDE_ROUNDROBIN or FIDE_DOUBLEROUNDROBIN (or a file with no 192 shaped like one), C.05's
  Berger tables. Each round's line counts the file's boards, the pairs the reference also
  makes, those with its colours too, and whether the pairing-allocated bye agrees; a round
  the file says was changed by hand (### manual round R) is named so. Each round is also
  checked against the rules any pairing keeps, with no reference: each player in one game,
  no rematch (but in a double round robin's second cycle), one pairing-allocated bye at most
  and none to a player who had one or won without playing, no pair a 260/XXP keeps apart.
  The final standings are ranked by the file's tie-break list (202), else FIDE's recommended
  one (said in a note), as 'tiebreaks' ranks them, and compared with the declared ranks
  (columns 86-89): a rank within the player's tie agrees; each player that differs is named.
  A file that declares no rank has its standings 'not declared' (not a failure).

EXIT STATUS
  0 every round agrees and is legal, and the declared ranks agree (or none are declared); 2
  some round differs or is illegal, or some declared rank differs; 1 the file cannot be read
  (the message names the line).";

/// `report`'s long help: what the file gives, what it does not, and the defaults.
pub const PRIZES_HELP: &str = "\
THE PRIZE TABLE
  One prize line a line; '#' starts a comment. Amounts in whole units with at most two
  decimals (kept in cents).
    1: 500             the main prizes, place by place (or a range: 3-5: 100 each)
    U16: 50 30         a category's 1st, 2nd, ... prizes: U16 (age by the year of birth),
    women: 50          S65 (seniors), women, rating<1800, unrated
    sharing: hort      tiebreak, split or hort (--sharing overrides it)
    prizes per player: one    or several (one of each list)

WHO TAKES WHICH PRIZE
  A player takes one prize, the most valuable they qualify for (as listed; equal amounts:
  the one listed first); a prize left goes to the next player it admits. Sharing then
  moves money among the players tied on points within a list: split shares the sum of
  their places' prizes equally; Hort keeps half of each place's prize with its player and
  splits the other halves equally. A remainder cent goes to the higher-ranked player.
";

pub const REPORT_HELP: &str = "\
WHAT IS COUNTED
  A game played over the board (1, =, 0) against a rated opponent. Forfeits (+, -), byes
  (H, F, U, Z) and games of less than one move (W, D, L) are unplayed games (B.02 5.1); a
  game against an unrated opponent is not rated (8.3.1). Each is listed with its reason.
  PD comes from table 8.1.2; a difference over 400 counts as 400 for a player rated below
  2650 (8.3.1, from 1 October 2025); the change K x sum(score - PD) is rounded, 0.5 away
  from zero (8.3.4).

K (B.02 8.3.3)
  A TRF gives neither K nor the games a player has played. Unless --k-factor, --new-player
  or --reached-2400 say otherwise: K 10 for a rating of 2400 or more, 40 for a junior rated
  under 2300 (the year of birth in the file, and the event's year: --year or the file's
  dates), else 20. K x n is kept at most 700 over this event's games.

NORMS (B.01 1.4)
  At least 9 games; opponents from 2 federations besides the player's, at most 3/5 from
  the player's and 2/3 from any one; half of them titled, a third (at least 3) of the
  norm's title or higher; the lowest opponent raised to the rating floor; the average and
  the performance (table 1.4.9) against the minimum. The exemptions of 1.4.1 b-c and
  1.4.3 a-d and the games a player may leave out are not applied.";

pub const GENERATE_HELP: &str = "\
WHAT IS MADE
  Each tournament is made round by round: the round's requests entered first (a late
  entrant's zero-point byes, a withdrawn player's absence, the byes asked for), then the
  round paired by the file's own system (192: the Dutch system, C.04.3, with Baku
  acceleration, C.04.5.1; or the Berger tables, C.05), with the players who must not meet
  (260) and the initial colour (152), then its results drawn from the rating gap by FIDE's
  table of expected scores (B.02 8.1.2), the draw rate and White's advantage. At the end the
  players' points and their ranks by the file's tie-break list (202, columns 86-89), so that
  'ratings-lab check' can check both.

PARAMETERS
  Every parameter not given is drawn from the seed, and every value is written at the top of
  the file as a ### line, with 'given' or 'drawn': the same seed and parameters give the same
  file. A team tournament (--teams, --boards) writes 310 team records and is paired as
  individuals, which the file says: team pairing is not built yet.

EXIT STATUS
  0 written; 1 a parameter that cannot make a tournament, or a round that could not be
  paired (both named). In a batch (--count), a seed whose tournament cannot be paired to the
  end is passed over, named, and the next seed taken: the batch has its N files.";
