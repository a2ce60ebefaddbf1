//! Every method's parameters, declared once (the methods themselves are a line each in the
//! table of methods, `table.rs`): name, label, one-line help, unit, range and
//! step, whether out-of-sample tuning may search it, the command line's flag, and how to read
//! and write it on [`Params`]. The app's method panel and compare view, the command line's
//! flags and `ratings-lab methods` are made from this list, and the defaults are
//! [`Params::default`]'s (never written twice).
//!
//! A parameter's `id` is its name in the app (a control's id), in the compare view's
//! `method:id=value` and in `ratings-lab methods`; `field` its key in the JSON of
//! `params.<method>`; `flag` the command line's `--flag` (shared by methods where it means the
//! same: `--k`, `--zeta`, `--eps`).

use super::periods::{Convention, PeriodLength};
use super::{MethodKind, Params};
use serde::Serialize;

/// How a number moves on its slider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Slide {
    Linear,
    /// In powers of ten (a tolerance, an iteration cap).
    Log10,
}

/// What a parameter holds, and how it is read and written.
#[derive(Clone, Copy)]
pub enum Access {
    Number {
        min: f64,
        max: f64,
        step: f64,
        slide: Slide,
        integer: bool,
        get: fn(&Params) -> f64,
        set: fn(&mut Params, f64),
    },
    Flag {
        get: fn(&Params) -> bool,
        set: fn(&mut Params, bool),
    },
    /// One of a list: (name, label) pairs, the value read and written by name.
    Choice {
        options: fn() -> Vec<(&'static str, &'static str)>,
        get: fn(&Params) -> &'static str,
        set: fn(&mut Params, &str) -> bool,
    },
}

/// How out-of-sample tuning names and searches a parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tune {
    /// Its letter: "K = 16".
    pub symbol: &'static str,
    /// Its name with its method's: "Elo's K".
    pub name: &'static str,
    /// The name in flags (`evaluate --tune elo-k`).
    pub key: &'static str,
    /// A grid worth searching.
    pub grid: &'static [f64],
}

/// One parameter of one method.
#[derive(Clone, Copy)]
pub struct Param {
    pub method: MethodKind,
    pub id: &'static str,
    pub field: &'static str,
    pub flag: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    pub unit: &'static str,
    /// Out-of-sample tuning may search it (the prediction view, `ratings-lab evaluate`), as
    /// [`Param::tune`] says how.
    pub tunable: bool,
    /// How tuning names and searches it (set for the `tunable` ones, by [`tuning`]).
    pub tune: Option<Tune>,
    /// The compare view offers it for each entry (what tells two entries of a method apart).
    pub compare: bool,
    /// The flag turns the setting off (`--input-order` for `chronological`).
    pub flag_negates: bool,
    pub access: Access,
}

impl Param {
    /// The same parameter, offered by the compare view.
    fn compared(self) -> Param {
        Param { compare: true, ..self }
    }

    /// The same parameter, which its flag turns off.
    fn negated(self) -> Param {
        Param { flag_negates: true, ..self }
    }

    /// The value in `p`, as text (`0.3`, `true`, `alg1`).
    pub fn show(&self, p: &Params) -> String {
        match self.access {
            Access::Number { get, .. } => crate::error::number(get(p)),
            Access::Flag { get, .. } => get(p).to_string(),
            Access::Choice { get, .. } => get(p).to_string(),
        }
    }

    /// Sets the value from text, or says what was expected (the range is the method's own
    /// check's: [`super::Method::validate`] names a value outside it).
    pub fn put(&self, p: &mut Params, text: &str) -> Result<(), String> {
        let t = text.trim();
        let expected = |what: String| format!("{}: expected {what}, found '{}'", self.id, crate::error::excerpt(text));
        match self.access {
            // A count below its least value is said as given (−1, not the 0 a count would hold).
            Access::Number { integer: true, min, .. } if t.parse::<f64>().is_ok_and(|v| v < min) => {
                Err(format!("parameter {} = {t}: expected at least {}", self.field, crate::error::number(min)))
            }
            Access::Number { set, integer, .. } => match t.parse::<f64>() {
                Ok(v) if v.is_finite() && (!integer || v.fract() == 0.0) => Ok(set(p, v)),
                _ => Err(expected(if integer { "a whole number".into() } else { "a number".into() })),
            },
            Access::Flag { set, .. } => match t {
                "true" | "1" | "on" | "yes" => Ok(set(p, true)),
                "false" | "0" | "off" | "no" => Ok(set(p, false)),
                _ => Err(expected("true or false".into())),
            },
            Access::Choice { set, options, .. } => match set(p, t) {
                true => Ok(()),
                false => Err(expected(format!("one of {}", options().iter().map(|o| o.0).collect::<Vec<_>>().join(", ")))),
            },
        }
    }
}

/// A parameter's names and words, none of the optional marks set.
fn param(
    method: MethodKind,
    [id, field, flag]: [&'static str; 3],
    label: &'static str,
    help: &'static str,
    unit: &'static str,
    access: Access,
) -> Param {
    Param { method, id, field, flag, label, help, unit, tunable: false, tune: None, compare: false, flag_negates: false, access }
}

/// A number parameter (linear slider unless `slide`); tunable ones are also the compare view's.
macro_rules! number {
    ($method:ident, $id:literal, $field:literal, $flag:literal, $label:literal, $unit:literal, $help:literal,
     $min:expr, $max:expr, $step:expr, $tunable:expr, $m:ident . $f:ident $(, $slide:ident, $int:expr)?) => {
        Param {
            tunable: $tunable,
            compare: $tunable,
            ..param(MethodKind::$method, [$id, $field, $flag], $label, $help, $unit, Access::Number {
                min: $min,
                max: $max,
                step: $step,
                slide: number!(@slide $($slide)?),
                integer: number!(@int $($int)?),
                get: |p| p.$m.$f as f64,
                set: |p, v| p.$m.$f = v as _,
            })
        }
    };
    (@slide) => { Slide::Linear };
    (@slide $s:ident) => { Slide::$s };
    (@int) => { false };
    (@int $i:expr) => { $i };
}

/// An on/off parameter.
macro_rules! flag {
    ($method:ident, $id:literal, $field:literal, $flag:literal, $label:literal, $help:literal, $m:ident . $f:ident) => {
        param(MethodKind::$method, [$id, $field, $flag], $label, $help, "", Access::Flag { get: |p| p.$m.$f, set: |p, v| p.$m.$f = v })
    };
}

/// A method's tolerance and iteration cap, as every iterative method has them.
macro_rules! stopping {
    ($method:ident, $m:ident, $eps_help:literal, $cap_help:literal) => {
        [
            number!($method, "eps", "eps", "eps", "Tolerance ε", "", $eps_help, 1e-15, 1e-2, 1.0, false, $m.eps, Log10, false),
            number!(
                $method,
                "max-iter",
                "max_iter",
                "max-iter",
                "Iteration cap",
                "iterations",
                $cap_help,
                1.0,
                1e7,
                1.0,
                false,
                $m.max_iter,
                Log10,
                true
            ),
        ]
    };
}

/// How tuning searches each tunable parameter (grids chosen by hand: where the values that
/// matter lie).
fn tuning(method: MethodKind, id: &str) -> Option<Tune> {
    let t = |symbol, name, key, grid| Some(Tune { symbol, name, key, grid });
    match (method, id) {
        (MethodKind::Elo, "k") => t("K", "Elo's K", "elo-k", &[4.0, 8.0, 12.0, 16.0, 20.0, 25.0, 32.0, 40.0, 50.0, 64.0]),
        (MethodKind::Elo, "zeta") => t("ζ", "Elo's ζ", "elo-zeta", &[200.0, 300.0, 400.0, 500.0, 600.0, 800.0]),
        // Chess's White scores about 35 points' worth; FiveThirtyEight's NFL uses 65.
        (MethodKind::Elo, "home") => t("h", "Elo's home advantage h", "elo-home", &[0.0, 15.0, 30.0, 45.0, 65.0, 80.0, 100.0, 130.0]),
        (MethodKind::Brent, "gamma") => t("γ", "Brent's γ", "brent-gamma", &[0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0]),
        (MethodKind::JRank, "jrank-k") => t("k", "JRank's k", "jrank-k", &[0.1, 0.25, 0.5, 1.0, 2.0, 4.0]),
        (MethodKind::JRank, "jrank-p") => t("p", "JRank's p", "jrank-p", &[0.25, 0.5, 0.75, 1.0, 1.5, 2.0]),
        (MethodKind::Glicko, "glicko-c") => t("c", "Glicko's c", "glicko-c", &[5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 60.0]),
        (MethodKind::Glicko2, "glicko2-tau") => t("τ", "Glicko-2's τ", "glicko2-tau", &[0.2, 0.3, 0.5, 0.8, 1.2, 1.6]),
        (MethodKind::Stephenson, "steph-c") => t("c", "Stephenson's c", "steph-c", &[2.0, 5.0, 10.0, 15.0, 20.0, 30.0]),
        (MethodKind::Stephenson, "steph-h") => t("h", "Stephenson's h", "steph-h", &[0.0, 5.0, 10.0, 15.0, 20.0, 30.0]),
        (MethodKind::Stephenson, "steph-lambda") => t("λ", "Stephenson's λ", "steph-lambda", &[0.0, 1.0, 2.0, 4.0, 8.0, 16.0]),
        (MethodKind::Whr, "whr-w2") => t("w²", "WHR's w²", "whr-w2", &[3.0, 10.0, 30.0, 100.0, 300.0, 1000.0]),
        _ => None,
    }
}

/// Every parameter of every method, in each method's panel order.
pub fn all() -> Vec<Param> {
    let mut out = all_declared();
    for p in &mut out {
        p.tune = tuning(p.method, p.id);
    }
    out
}

fn all_declared() -> Vec<Param> {
    let mut out = Vec::new();
    out.extend(brent());
    out.extend(elo());
    out.extend(multi_elo());
    out.extend(jrank());
    out.extend(aga());
    out.extend(periods());
    out.extend(plackett_luce());
    out.extend(weng_lin());
    out.extend(weng_lin_spread());
    out
}

/// Method `kind`'s parameters, in its panel's order.
pub fn of(kind: MethodKind) -> Vec<Param> {
    all().into_iter().filter(|p| p.method == kind).collect()
}

/// The parameter of `kind` named `id`.
pub fn find(kind: MethodKind, id: &str) -> Option<Param> {
    all().into_iter().find(|p| p.method == kind && p.id == id)
}

fn brent() -> Vec<Param> {
    use super::brent::Variant;
    let variant = param(
        MethodKind::Brent,
        ["variant", "variant", "variant"],
        "Iteration",
        "How the fixed point is found: same ratings, different number of iterations.",
        "",
        Access::Choice {
            options: || Variant::ALL.iter().map(|v| (v.name(), v.label())).collect(),
            get: |p| p.brent.variant.name(),
            set: |p, s| Variant::ALL.iter().find(|v| v.name() == s).map(|&v| p.brent.variant = v).is_some(),
        },
    );
    let mut v = vec![
        variant,
        number!(
            Brent,
            "sigma",
            "sigma",
            "sigma",
            "Damping σ",
            "",
            "The diagonal s_ii = σ: changes the speed (0.2–0.5 is fastest), never the ratings.",
            0.0,
            5.0,
            0.05,
            false,
            brent.sigma
        )
        .compared(),
        number!(
            Brent,
            "gamma",
            "gamma",
            "gamma",
            "Dummy player γ",
            "",
            "A player who draws everyone with weight γ: every rating becomes finite; 0 = off.",
            0.0,
            5.0,
            0.05,
            true,
            brent.gamma
        ),
    ];
    v.extend(stopping!(
        Brent,
        brent,
        "Stop when no strength changes by more than this fraction in one iteration.",
        "Stop after this many iterations even if not converged."
    ));
    v
}

/// Plackett–Luce's: Brent's σ and γ (their ids, flags and ranges), the tie parameter, stopping.
fn plackett_luce() -> Vec<Param> {
    let mut v = vec![
        number!(
            PlackettLuce,
            "sigma",
            "sigma",
            "sigma",
            "Damping σ",
            "",
            "Games against oneself, as Brent's s_ii = σ: changes the speed, never the ratings.",
            0.0,
            5.0,
            0.05,
            false,
            plackett_luce.sigma
        ),
        number!(
            PlackettLuce,
            "gamma",
            "gamma",
            "gamma",
            "Dummy player γ",
            "",
            "A player who draws everyone with weight γ: every rating becomes finite; 0 = off.",
            0.0,
            5.0,
            0.05,
            false,
            plackett_luce.gamma
        ),
        number!(
            PlackettLuce,
            "delta",
            "delta",
            "delta",
            "Tie parameter δ",
            "",
            "A tie of t players weighs δ·(Π x)^(1/t) (Davidson–Luce); 1: two equals tie as often as either wins.",
            0.01,
            10.0,
            0.05,
            false,
            plackett_luce.delta
        ),
    ];
    v.extend(stopping!(
        PlackettLuce,
        plackett_luce,
        "Stop when no strength changes by more than this fraction in one iteration.",
        "Stop after this many iterations even if not converged."
    ));
    v
}

fn elo() -> Vec<Param> {
    use super::elo::Mov;
    let mov = param(
        MethodKind::Elo,
        ["mov", "mov", "mov"],
        "Margin of victory",
        "With points, FiveThirtyEight's multiplier of the change, ln(max(|margin|, 1) + 1) · 2.2 / (0.001 · winner's edge + 2.2): big wins count more, expected ones less.",
        "",
        Access::Choice {
            options: || Mov::ALL.iter().map(|m| (m.name(), m.about())).collect(),
            get: |p| p.elo.mov.name(),
            set: |p, s| Mov::ALL.iter().find(|m| m.name() == s).map(|&m| p.elo.mov = m).is_some(),
        },
    );
    let season_mean = param(
        MethodKind::Elo,
        ["season-mean", "season_mean", "season-mean"],
        "Mean between seasons",
        "Where ratings revert to between seasons (the starting rating unless set).",
        "rating points",
        Access::Number {
            min: -10000.0,
            max: 10000.0,
            step: 5.0,
            slide: Slide::Linear,
            integer: false,
            get: |p| p.elo.season_mean.unwrap_or(p.elo.initial),
            // The starting rating is what no mean of its own means (it follows the start).
            set: |p, v| p.elo.season_mean = (v != p.elo.initial).then_some(v),
        },
    );
    vec![
        number!(Elo, "zeta", "zeta", "zeta", "Scale ζ", "rating points", "A gap of ζ points means 10:1 odds (400 in chess).", 1.0, 2000.0, 10.0, true, elo.zeta),
        number!(Elo, "k", "k", "k", "K factor", "rating points", "How far one result moves a rating (25 for new players in chess, 32 in Elo's original system).", 0.0, 200.0, 1.0, true, elo.k),
        number!(Elo, "initial", "initial", "initial", "Starting rating", "rating points", "Everyone's rating before their first game.", -10000.0, 10000.0, 50.0, false, elo.initial),
        number!(Elo, "home", "home", "home", "Home advantage h", "rating points", "Rating points added to the home (white) side's expected result.", -500.0, 500.0, 5.0, true, elo.home),
        flag!(Elo, "margin", "margin", "margin", "Score by margin", "With points (goals), score a game (P + 1) / (P + P′ + 2) instead of 1, ½ or 0.", elo.margin),
        flag!(Elo, "home-in-update", "home_in_update", "home-in-predictions-only", "Home advantage in the update", "Off: h only judges the predictions (the source's own code).", elo.home_in_update).negated(),
        flag!(Elo, "chronological", "chronological", "input-order", "By date or round", "Take the games in date (or round) order when every game has one; off: as listed.", elo.chronological).negated(),
        mov,
        number!(Elo, "season-regression", "season_regression", "season-regression", "Reversion between seasons", "share", "With a season column: the share of the way back to the mean a rating goes when its player first plays in a new season (FiveThirtyEight: ⅓).", 0.0, 1.0, 0.05, false, elo.season_regression),
        season_mean,
        flag!(Elo, "per-game", "per_game", "per-game", "Each game's ratings", "Keep every game's ratings before it and the expected result: a table under the ratings.", elo.per_game),
    ]
}

fn multi_elo() -> Vec<Param> {
    vec![
        number!(
            MultiElo,
            "zeta",
            "zeta",
            "zeta",
            "Scale ζ",
            "rating points",
            "A gap of ζ points means 10:1 odds (400 in chess).",
            1.0,
            2000.0,
            10.0,
            false,
            multi_elo.zeta
        )
        .compared(),
        number!(
            MultiElo,
            "k",
            "k",
            "k",
            "K factor",
            "rating points",
            "How far one event moves a rating.",
            0.0,
            200.0,
            1.0,
            false,
            multi_elo.k
        )
        .compared(),
        number!(
            MultiElo,
            "initial",
            "initial",
            "initial",
            "Starting rating",
            "rating points",
            "Everyone's rating before their first event.",
            -10000.0,
            10000.0,
            50.0,
            false,
            multi_elo.initial
        ),
    ]
}

/// JRank's choice of step (the paper's, conjugate gradients, by size).
fn jrank_step() -> Param {
    use super::jrank::Step;
    param(
        MethodKind::JRank,
        ["jrank-step", "step", "jrank-step"],
        "Iteration",
        "How the fixed point is found: the same strengths, a different number of steps.",
        "",
        Access::Choice {
            options: || Step::ALL.iter().map(|s| (s.name(), s.label())).collect(),
            get: |p| p.jrank.step.name(),
            set: |p, t| Step::ALL.iter().find(|s| s.name() == t).map(|&s| p.jrank.step = s).is_some(),
        },
    )
}

fn jrank() -> Vec<Param> {
    let mut v = vec![
        jrank_step(),
        number!(
            JRank,
            "jrank-k",
            "k",
            "jrank-k",
            "k",
            "points",
            "M(x) = (x + k)^p: k softens scores near zero.",
            0.001,
            20.0,
            0.001,
            true,
            jrank.k
        ),
        number!(
            JRank,
            "jrank-p",
            "p",
            "jrank-p",
            "p",
            "",
            "M(x) = (x + k)^p: p sets how much a margin counts.",
            0.001,
            3.0,
            0.001,
            true,
            jrank.p
        ),
        number!(
            JRank,
            "jrank-damping",
            "damping",
            "jrank-damping",
            "Damping d",
            "",
            "The paper's step: w ← (1 − d)·w + d·f(w); changes the speed, never the answer; 1 is the paper's plain step, which can oscillate forever.",
            0.05,
            1.0,
            0.05,
            false,
            jrank.damping
        ),
    ];
    v.extend(stopping!(
        JRank,
        jrank,
        "Stop when no log-strength changes by more than this in one iteration.",
        "Stop after this many iterations even if not converged."
    ));
    v.push(flag!(
        JRank,
        "jrank-fit",
        "fit",
        "fit",
        "Fit k and p",
        "Search a grid of (k, p) for the smallest squared error per game; shown as a heat map.",
        jrank.fit
    ));
    v.push(number!(
        JRank,
        "holdout",
        "holdout",
        "holdout",
        "Held-out share",
        "share",
        "Fit on the earlier games and score the latest share of them (0 = fit and score on all: in-sample).",
        0.0,
        0.9,
        0.05,
        false,
        jrank.holdout
    ));
    v
}

fn aga() -> Vec<Param> {
    let mut v = vec![flag!(
        Aga,
        "aga-by-event",
        "by_event",
        "aga-single-fit",
        "Event by event",
        "Rate tournament by tournament in date order, as the AGA does; off: one fit over all games.",
        aga.by_event
    )
    .negated()];
    v.extend(stopping!(
        Aga,
        aga,
        "Stop a fit when no rating's gradient exceeds this (largest |∂F/∂x|).",
        "Newton iterations allowed per fit."
    ));
    v
}

/// The conventions' choice, shared by Glicko and Glicko-2.
fn convention(method: MethodKind, get: fn(&Params) -> &'static str, set: fn(&mut Params, &str) -> bool) -> Param {
    let options = || Convention::ALL.iter().map(|c| (c.name(), c.label())).collect();
    param(
        method,
        ["convention", "convention", "convention"],
        "Conventions",
        "Glickman's papers (empty periods are time passing; a player who stopped is reported with the deviation grown since), or R's PlayerRatings (only periods with games count; deviations as last rated).",
        "",
        Access::Choice { options, get, set },
    )
}

/// The rating period's length, shared by Glicko, Glicko-2 and Stephenson.
fn period(method: MethodKind, get: fn(&Params) -> &'static str, set: fn(&mut Params, &str) -> bool) -> Param {
    let options = || PeriodLength::ALL.iter().map(|l| (l.name(), l.label())).collect();
    param(
        method,
        ["period", "period", "period"],
        "Rating period",
        "The games rated together: a day, a week, a month, a round or each game; auto takes the rounds, else a week or a month by the dates. The growth's default follows the length.",
        "",
        Access::Choice { options, get, set },
    )
}

/// A growth per period that is `None` until the user sets it (its default follows the
/// period's length): shown as the default for the chosen length, and a value equal to it
/// leaves it unset.
macro_rules! growth {
    ($method:ident, [$id:literal, $field:literal], $label:literal, $unit:literal, $help:literal, $min:expr, $max:expr, $step:expr, $tunable:expr,
     $m:ident . $f:ident, $default:ident) => {
        Param {
            tunable: $tunable,
            compare: $tunable,
            ..param(
                MethodKind::$method,
                [$id, $field, $id],
                $label,
                $help,
                $unit,
                Access::Number {
                    min: $min,
                    max: $max,
                    step: $step,
                    slide: Slide::Linear,
                    integer: false,
                    get: |p| p.$m.$f.unwrap_or_else(|| p.$m.$default()),
                    set: |p, v| p.$m.$f = (v != p.$m.$default()).then_some(v),
                },
            )
        }
    };
}

fn periods() -> Vec<Param> {
    [glicko_params(), glicko2_params(), stephenson_params(), whr_params()].concat()
}

fn glicko_params() -> Vec<Param> {
    vec![
        number!(
            Glicko,
            "glicko-initial",
            "initial_rating",
            "glicko-initial",
            "Starting rating",
            "rating points",
            "Everyone's rating at their first period.",
            -10000.0,
            10000.0,
            50.0,
            false,
            glicko.initial_rating
        ),
        number!(
            Glicko,
            "glicko-rd",
            "initial_deviation",
            "glicko-rd",
            "Starting deviation RD",
            "rating points",
            "A new player's rating deviation: how uncertain an unknown rating is (350 in Glickman's papers).",
            1.0,
            1000.0,
            5.0,
            false,
            glicko.initial_deviation
        ),
        growth!(
            Glicko,
            ["glicko-c", "c"],
            "Growth c per period",
            "rating points",
            "How much a deviation grows in a period without games: RD² + c². Default: 34.6 a month (50 back to 350 in 100 months), scaled by √(days/30.4).",
            0.0,
            200.0,
            0.5,
            true,
            glicko.c,
            default_c
        ),
        number!(
            Glicko,
            "glicko-max-rd",
            "max_deviation",
            "glicko-max-rd",
            "Largest deviation",
            "rating points",
            "No deviation grows past this (an unknown player's).",
            1.0,
            1000.0,
            5.0,
            false,
            glicko.max_deviation
        ),
        convention(MethodKind::Glicko, |p| p.glicko.convention.name(), |p, s| s.parse().map(|c| p.glicko.convention = c).is_ok()),
        period(MethodKind::Glicko, |p| p.glicko.period.name(), |p, s| s.parse().map(|l| p.glicko.period = l).is_ok()),
    ]
}

fn glicko2_params() -> Vec<Param> {
    vec![
        number!(
            Glicko2,
            "glicko2-initial",
            "initial_rating",
            "glicko2-initial",
            "Starting rating",
            "rating points",
            "Everyone's rating at their first period.",
            -10000.0,
            10000.0,
            50.0,
            false,
            glicko2.initial_rating
        ),
        number!(
            Glicko2,
            "glicko2-rd",
            "initial_deviation",
            "glicko2-rd",
            "Starting deviation RD",
            "rating points",
            "A new player's rating deviation (350 in Glickman's example).",
            1.0,
            1000.0,
            5.0,
            false,
            glicko2.initial_deviation
        ),
        growth!(
            Glicko2,
            ["glicko2-volatility", "initial_volatility"],
            "Starting volatility σ",
            "",
            "How erratic a new player's results are expected to be: Glickman's 0.06, taken as a month's and scaled by √(days/30.4).",
            0.001,
            1.0,
            0.005,
            false,
            glicko2.initial_volatility,
            default_volatility
        ),
        number!(
            Glicko2,
            "glicko2-tau",
            "tau",
            "glicko2-tau",
            "System constant τ",
            "",
            "How much the volatility may change over time: 0.3 to 1.2, smaller for steadier games.",
            0.05,
            2.0,
            0.05,
            true,
            glicko2.tau
        ),
        number!(
            Glicko2,
            "glicko2-max-rd",
            "max_deviation",
            "glicko2-max-rd",
            "Largest deviation",
            "rating points",
            "No deviation grows past this.",
            1.0,
            1000.0,
            5.0,
            false,
            glicko2.max_deviation
        ),
        convention(MethodKind::Glicko2, |p| p.glicko2.convention.name(), |p, s| s.parse().map(|c| p.glicko2.convention = c).is_ok()),
        period(MethodKind::Glicko2, |p| p.glicko2.period.name(), |p, s| s.parse().map(|l| p.glicko2.period = l).is_ok()),
    ]
}

fn stephenson_params() -> Vec<Param> {
    [stephenson_deviation(), stephenson_update()].concat()
}

/// Stephenson's start and the deviation's growth.
fn stephenson_deviation() -> Vec<Param> {
    vec![
        number!(
            Stephenson,
            "steph-initial",
            "initial_rating",
            "steph-initial",
            "Starting rating",
            "rating points",
            "Everyone's rating at their first period.",
            -10000.0,
            10000.0,
            50.0,
            false,
            stephenson.initial_rating
        ),
        number!(
            Stephenson,
            "steph-rd",
            "initial_deviation",
            "steph-rd",
            "Starting deviation RD",
            "rating points",
            "A new player's rating deviation.",
            1.0,
            1000.0,
            5.0,
            false,
            stephenson.initial_deviation
        ),
        growth!(
            Stephenson,
            ["steph-c", "c"],
            "Growth c per period",
            "rating points",
            "RD² grows by c² in each period. Default: PlayerRatings' 10 a month, scaled by √(days/30.4).",
            0.0,
            200.0,
            0.5,
            true,
            stephenson.c,
            default_c
        ),
        number!(
            Stephenson,
            "steph-h",
            "h",
            "steph-h",
            "Growth h per game",
            "rating points",
            "RD² also grows by h² for each game of the period.",
            0.0,
            200.0,
            0.5,
            true,
            stephenson.h
        ),
    ]
}

/// Stephenson's bonus, neighbourhood and cap.
fn stephenson_update() -> Vec<Param> {
    vec![
        number!(
            Stephenson,
            "steph-bonus",
            "bonus",
            "steph-bonus",
            "Bonus per game",
            "hundredths of a point",
            "Added to every score: a reward for playing (0 in PlayerRatings' default).",
            -100.0,
            100.0,
            0.5,
            false,
            stephenson.bonus
        ),
        number!(
            Stephenson,
            "steph-lambda",
            "lambda",
            "steph-lambda",
            "Neighbourhood λ",
            "hundredths",
            "Each rating moves λ/100 of the way toward its opponents' mean in each period.",
            0.0,
            100.0,
            0.5,
            true,
            stephenson.lambda
        ),
        number!(
            Stephenson,
            "steph-max-rd",
            "max_deviation",
            "steph-max-rd",
            "Largest deviation",
            "rating points",
            "No deviation grows past this.",
            1.0,
            1000.0,
            5.0,
            false,
            stephenson.max_deviation
        ),
        period(MethodKind::Stephenson, |p| p.stephenson.period.name(), |p, s| s.parse().map(|l| p.stephenson.period = l).is_ok()),
    ]
}

fn whr_params() -> Vec<Param> {
    vec![
        number!(
            Whr,
            "whr-w2",
            "w2",
            "whr-w2",
            "Drift w² per period",
            "Elo² per period",
            "The variance of a player's strength's change in one period (Coulom: a Wiener process); larger lets ratings move faster.",
            1.0,
            2000.0,
            10.0,
            true,
            whr.w2
        ),
        number!(
            Whr,
            "whr-anchor",
            "anchor",
            "whr-anchor",
            "Shown at",
            "rating points",
            "The rating of the virtual player everyone's first day holds a win and a loss against: the ratings are Elo points above it.",
            -10000.0,
            10000.0,
            50.0,
            false,
            whr.anchor
        ),
        number!(
            Whr,
            "whr-eps",
            "tolerance",
            "whr-eps",
            "Tolerance ε",
            "",
            "Stop when no rating moves by more than this in a Newton step (natural-log units).",
            1e-15,
            1e-2,
            1.0,
            false,
            whr.tolerance,
            Log10,
            false
        ),
        number!(
            Whr,
            "whr-max-sweeps",
            "max_sweeps",
            "whr-max-sweeps",
            "Step cap",
            "steps",
            "Stop after this many Newton steps on the whole history even if not converged.",
            1.0,
            1e6,
            1.0,
            false,
            whr.max_sweeps,
            Log10,
            true
        ),
    ]
}

/// Weng–Lin's update and where players start.
fn weng_lin() -> Vec<Param> {
    use super::weng_lin::WengLinModel;
    let model = param(
        MethodKind::WengLin,
        ["wl-model", "model", "wl-model"],
        "Update",
        "Plackett–Luce reads the ranking place by place; Bradley–Terry scores every pair of players as a game.",
        "",
        Access::Choice {
            options: || WengLinModel::ALL.iter().map(|m| (m.name(), m.label())).collect(),
            get: |p| p.weng_lin.model.name(),
            set: |p, s| WengLinModel::ALL.iter().find(|m| m.name() == s).map(|&m| p.weng_lin.model = m).is_some(),
        },
    );
    vec![
        model.compared(),
        number!(
            WengLin,
            "wl-mu",
            "mu",
            "wl-mu",
            "Starting μ",
            "skill points",
            "Everyone's μ before their first event.",
            -1000.0,
            1000.0,
            1.0,
            false,
            weng_lin.mu
        ),
        number!(
            WengLin,
            "wl-sigma",
            "sigma",
            "wl-sigma",
            "Starting σ",
            "skill points",
            "Everyone's uncertainty before their first event.",
            0.01,
            100.0,
            0.5,
            false,
            weng_lin.sigma
        ),
    ]
}

/// Weng–Lin's model of a performance and of time: β, κ, τ.
fn weng_lin_spread() -> Vec<Param> {
    vec![
        number!(
            WengLin,
            "wl-beta",
            "beta",
            "wl-beta",
            "Performance spread β",
            "skill points",
            "How far one performance strays from the skill (σ/2 by default).",
            0.01,
            100.0,
            0.5,
            false,
            weng_lin.beta
        )
        .compared(),
        number!(
            WengLin,
            "wl-kappa",
            "kappa",
            "wl-kappa",
            "Variance floor κ",
            "",
            "The least share of σ² one event may leave.",
            0.0,
            1.0,
            0.0001,
            false,
            weng_lin.kappa
        ),
        number!(
            WengLin,
            "wl-tau",
            "tau",
            "wl-tau",
            "Dynamics τ",
            "skill points",
            "σ² grows by τ² before each event, so skills can move.",
            0.0,
            10.0,
            0.01,
            false,
            weng_lin.tau
        )
        .compared(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_its_default_and_writes_back() {
        let defaults = Params::default();
        let all = all();
        for p in &all {
            let mut q = defaults.clone();
            let shown = p.show(&defaults);
            p.put(&mut q, &shown).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(q, defaults, "{} {}: writing its default back changes nothing", p.method, p.id);
            if let Access::Number { min, max, get, .. } = p.access {
                assert!(min <= get(&defaults) && get(&defaults) <= max, "{} {}: the default is in its range", p.method, p.id);
            }
        }
        for kind in MethodKind::ALL {
            let ids: Vec<&str> = of(kind).iter().map(|p| p.id).collect();
            let unique: std::collections::HashSet<_> = ids.iter().collect();
            assert_eq!(unique.len(), ids.len(), "{kind}: ids are unique");
        }
    }

    #[test]
    fn the_tunable_parameters_are_the_ones_tuning_searches() {
        for p in all() {
            assert_eq!(p.tunable, p.tune.is_some(), "{} {}", p.method, p.id);
            // (The range is the panel's slider; tuning may search past its top, as γ = 8.)
            if let (Some(t), Access::Number { min, .. }) = (p.tune, p.access) {
                assert!(t.grid.iter().all(|&v| v >= min), "{}: the grid at or above the least value", t.key);
            }
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_refused_by_name() {
        let mut p = Params::default();
        let tau = find(MethodKind::Glicko2, "glicko2-tau").unwrap();
        assert_eq!(tau.put(&mut p, "lots").unwrap_err(), "glicko2-tau: expected a number, found 'lots'");
        tau.put(&mut p, "0.8").unwrap();
        assert_eq!(p.glicko2.tau, 0.8);
        let conv = find(MethodKind::Glicko, "convention").unwrap();
        assert!(conv.put(&mut p, "mine").unwrap_err().contains("one of glickman, playerratings"));
        let cap = find(MethodKind::Brent, "max-iter").unwrap();
        assert!(cap.put(&mut p, "2.5").unwrap_err().contains("a whole number"));
    }

    /// What the table of methods makes: each method's words from its module, its name in
    /// every form, its default parameters in `Params` and back, and a start on data.
    #[test]
    fn every_method_of_the_table_declares_itself_whole() {
        let mut data = crate::model::Dataset::new();
        for (a, b, score) in [("A", "B", 1.0), ("B", "C", 1.0), ("C", "A", 0.5), ("A", "C", 1.0)] {
            data.add_game(a, b, score);
        }
        let mut titles = std::collections::HashSet::new();
        for kind in MethodKind::ALL {
            let w = kind.words();
            for text in [w.title, w.label, w.short, w.about] {
                assert!(!text.trim().is_empty() && text.trim() == text, "{kind}: '{text}'");
            }
            assert!(titles.insert(w.title), "{kind}: its title is its own");
            let dated = w.passes.dated.map_or([1.0, 1.0], |p| [p.worker, p.native]);
            for p in [w.passes.worker, w.passes.native].into_iter().chain(dated) {
                assert!(p >= 1.0 && p.is_finite(), "{kind}: its work estimate, in replays of Elo (Elo is 1)");
            }
            let method = super::super::Method::default_for(kind);
            assert_eq!(Params::default().method(kind), method, "{kind}: Params holds its defaults");
            let mut params = Params::default();
            params.set(method.clone());
            assert_eq!(params, Params::default(), "{kind}: set puts it in its own place");
            method.validate().unwrap();
            let rating = super::super::rate(&data, &method, &Default::default()).unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert_eq!(rating.method, kind, "{kind}: the rating names its method");
        }
    }
}
