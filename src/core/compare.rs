//! Methods side by side, the app's part (wasm-free, so native tests run it): what the page
//! asks for ([`CompareRequest`]: the methods, each with its parameters, and the orders to
//! replay the games in), the work the worker does step by step ([`CompareRun`]: each method
//! in turn, then each replay, so progress is reported and a cancel is seen between steps),
//! and what the page shows ([`CompareView`]: a row per player, the agreement of every pair,
//! the spread over the orders, and K against the spread). Built on `ratings_engine::compare`.

use ratings_engine::compare::order::{rated, replay, Order, Spread, Spreads};
use ratings_engine::compare::{Comparison, Rated};
use ratings_engine::error::RateError;
use ratings_engine::evaluation::run::Items;
use ratings_engine::methods::cost::Runtime;
use ratings_engine::methods::rating::Rating;
use ratings_engine::methods::{rate, registry, Method, Options, Params};
use ratings_engine::model::Dataset;
use ratings_engine::{MethodKind, ScaleKind};
use serde::{Deserialize, Serialize};

/// The K values of the "K against the spread" line.
pub const SWEEP_K: [f64; 4] = [10.0, 20.0, 40.0, 80.0];

/// Which orders the games are replayed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Orders {
    /// No replay.
    None,
    Reversed,
    /// `n` shuffles from `seed` (repeatable).
    Shuffled {
        n: u32,
        seed: u32,
    },
}

impl Orders {
    pub fn list(self) -> Vec<Order> {
        match self {
            Orders::None => Vec::new(),
            Orders::Reversed => vec![Order::Reversed],
            Orders::Shuffled { n, seed } => Order::shuffles(n as usize, u64::from(seed)),
        }
    }

    /// In words: "20 shuffled orders (seed 1)".
    pub fn text(self) -> String {
        match self {
            Orders::None => "the given order only".into(),
            Orders::Reversed => "the reversed order".into(),
            Orders::Shuffled { n, seed } => format!("{n} shuffled order{} (seed {seed})", if n == 1 { "" } else { "s" }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRequest {
    pub methods: Vec<Method>,
    pub orders: Orders,
}

/// One player's row: each method's rating, rank and spread over the orders, in the methods' order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    pub name: String,
    pub ratings: Vec<Option<f64>>,
    pub ranks: Vec<Option<usize>>,
    pub spread: Vec<Option<Spread>>,
}

impl CompareRow {
    /// Places gained going from method `a` to method `b` (positive: ranked better by `b`).
    pub fn shift(&self, a: usize, b: usize) -> Option<i64> {
        Some(self.ranks[a]? as i64 - self.ranks[b]? as i64)
    }
}

/// The agreement of methods `a` and `b` over the `common` players both rate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairView {
    pub a: usize,
    pub b: usize,
    pub common: usize,
    pub tau: Option<f64>,
    pub rho: Option<f64>,
    /// (expected overlap, of how many) of the two top-10s.
    pub top: Option<(f64, usize)>,
}

/// K against the spread: the mean over players of the sd of their rating over the orders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    pub method: String,
    pub points: Vec<(f64, f64)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareView {
    pub labels: Vec<String>,
    /// Why a method could not rate (`None`: it rated).
    pub errors: Vec<Option<String>>,
    pub decimals: Vec<usize>,
    pub sequential: Vec<bool>,
    /// Best first by the first method that rated.
    #[serde(with = "rows_as_json")]
    pub rows: Vec<CompareRow>,
    pub pairs: Vec<PairView>,
    pub orders: usize,
    pub order_text: String,
    pub sweep: Option<Sweep>,
}

/// The rows as one JSON text on the wire: a hundred thousand rows as objects one by one
/// would hold the page up for seconds (every number in a row is finite).
mod rows_as_json {
    use super::CompareRow;
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rows: &[CompareRow], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&serde_json::to_string(rows).map_err(S::Error::custom)?)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CompareRow>, D::Error> {
        let text = String::deserialize(d)?;
        serde_json::from_str(&text).map_err(D::Error::custom)
    }
}

/// The parameter that tells two entries of one method apart, in words ("K = 40").
fn telling(m: &Method) -> String {
    match m {
        Method::Brent(p) => format!("σ = {}, γ = {}", p.sigma, p.gamma),
        Method::Elo(p) => format!("K = {}", p.k),
        Method::MultiElo(p) => format!("K = {}", p.k),
        Method::JRank(p) => format!("k = {}, p = {}", p.k, p.p),
        Method::Aga(p) => (if p.by_event { "by event" } else { "one fit" }).into(),
        // The parameters tuning would search, as the registry lists them.
        other => {
            let mut params = Params::default();
            params.set(other.clone());
            let shown: Vec<String> =
                registry::of(other.kind()).iter().filter(|p| p.tunable).map(|p| format!("{} = {}", p.label, p.show(&params))).collect();
            shown.join(", ")
        }
    }
}

/// Each method's heading: "Brent", "Elo (K = 16)" when the same method appears twice.
pub fn labels(methods: &[Method]) -> Vec<String> {
    let kinds: Vec<MethodKind> = methods.iter().map(Method::kind).collect();
    let mut labels: Vec<String> = methods
        .iter()
        .map(|m| match kinds.iter().filter(|&&k| k == m.kind()).count() {
            1 => m.kind().short().to_string(),
            _ => format!("{} ({})", m.kind().short(), telling(m)),
        })
        .collect();
    // Identical entries still get headings of their own.
    for k in 1..labels.len() {
        let before = labels[..k].iter().filter(|l| **l == labels[k]).count();
        if before > 0 {
            labels[k] = format!("{} #{}", labels[k], before + 1);
        }
    }
    labels
}

/// One step of the work.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Rate(usize),
    Replay(usize, usize),
    Sweep(usize, usize),
}

/// A comparison done a step at a time: each method, each sequential method's replays, then K
/// against the spread for the first Elo-like method (when there are orders).
///
/// What it keeps is bounded whatever the number of orders: each method's own rating, and per
/// player one running spread per replayed method and per K ([`Spreads`]); a replay's rating
/// is dropped once its spread is added. The order-free methods (Brent, JRank, the AGA) are
/// not replayed: their spread is 0 by construction ([`Spread::fixed`], as the engine's
/// `compare` does), and replaying Brent on a million games twenty times would take minutes.
pub struct CompareRun<'d> {
    data: &'d Dataset,
    methods: Vec<Method>,
    options: Options,
    orders: Vec<Order>,
    orders_text: String,
    steps: Vec<Step>,
    done: usize,
    outcomes: Vec<Option<Result<Rating, RateError>>>,
    replays: Vec<Spreads>,
    sweep_of: Option<usize>,
    sweep: Vec<Spreads>,
    scale: ScaleKind,
}

impl<'d> CompareRun<'d> {
    pub fn new(data: &'d Dataset, request: &CompareRequest, options: Options) -> CompareRun<'d> {
        let orders = request.orders.list();
        let m = request.methods.len();
        let sweep_of = (!orders.is_empty()).then(|| request.methods.iter().position(|x| x.kind().sequential())).flatten();
        let mut steps = Vec::new();
        for (k, method) in request.methods.iter().enumerate() {
            steps.push(Step::Rate(k));
            if method.kind().sequential() {
                steps.extend((0..orders.len()).map(|o| Step::Replay(k, o)));
            }
        }
        if sweep_of.is_some() {
            steps.extend((0..SWEEP_K.len()).flat_map(|j| (0..orders.len()).map(move |o| Step::Sweep(j, o))));
        }
        let players = data.players.len();
        CompareRun {
            data,
            scale: options.scale.kind,
            options,
            methods: request.methods.clone(),
            orders_text: request.orders.text(),
            orders,
            steps,
            done: 0,
            outcomes: vec![None; m],
            replays: vec![Spreads::new(players); m],
            sweep_of,
            sweep: vec![Spreads::new(players); SWEEP_K.len()],
        }
    }

    /// Steps in all, and steps done (never more than in all).
    pub fn progress(&self) -> (usize, usize) {
        (self.steps.len(), self.done)
    }

    /// What the next step does, in words ("Elo (K = 16): order 3 of 20"); when every step is
    /// done, what is left ("putting the comparison together").
    pub fn doing(&self) -> String {
        let labels = labels(&self.methods);
        let n = self.orders.len();
        match self.steps.get(self.done) {
            Some(Step::Rate(k)) => format!("{}: rating", labels[*k]),
            Some(Step::Replay(k, o)) => format!("{}: order {} of {n}", labels[*k], o + 1),
            Some(Step::Sweep(j, o)) => format!("K = {}: order {} of {n}", SWEEP_K[*j], o + 1),
            None => "putting the comparison together".into(),
        }
    }

    /// Takes one step; `false` when there was none left.
    pub fn step(&mut self) -> bool {
        let Some(&step) = self.steps.get(self.done) else { return false };
        self.done += 1;
        match step {
            Step::Rate(k) => self.outcomes[k] = Some(rate(self.data, &self.methods[k], &self.options)),
            Step::Replay(k, o) => {
                if matches!(self.outcomes[k], Some(Ok(_))) {
                    if let Ok(r) = replay(self.data, &self.methods[k], &self.options, self.orders[o]) {
                        self.replays[k].add(&r);
                    }
                }
            }
            Step::Sweep(j, o) => {
                let method = with_k(&self.methods[self.sweep_of.unwrap_or(0)], SWEEP_K[j]);
                if let Ok(r) = replay(self.data, &method, &self.options, self.orders[o]) {
                    self.sweep[j].add(&r);
                }
            }
        }
        true
    }

    /// Runs every step left.
    pub fn run(mut self) -> CompareView {
        while self.step() {}
        self.finish()
    }

    /// The comparison of what was computed.
    pub fn finish(self) -> CompareView {
        let players = self.data.players.len();
        let n = self.orders.len();
        let (data, options) = (self.data, &self.options);
        let outcomes: Vec<Result<Rated, RateError>> = self
            .outcomes
            .into_iter()
            .zip(&self.replays)
            .zip(&self.methods)
            .map(|((o, r), m)| {
                // A method not rated yet (finished early) is rated now.
                let rating = o.unwrap_or_else(|| rate(data, m, options))?;
                let spread = (n > 0).then(|| match m.kind().sequential() {
                    true => r.spreads(),
                    false => fixed_spreads(&rating, players, n),
                });
                Ok(Rated { rating, spread })
            })
            .collect();
        let sweep = self.sweep_of.map(|k| Sweep {
            method: labels(&self.methods)[k].clone(),
            points: SWEEP_K.iter().zip(&self.sweep).map(|(&k, r)| (k, r.mean_sd())).collect(),
        });
        let c = Comparison::new(self.data, self.methods, outcomes, n);
        view(&c, self.scale, self.orders_text, sweep)
    }
}

/// An order-free method's spread: its one rating in each of `orders` orders.
fn fixed_spreads(rating: &Rating, players: usize, orders: usize) -> Vec<Option<Spread>> {
    let mut fixed = vec![None; players];
    for p in rating.players.iter().filter(|p| p.index < players) {
        fixed[p.index] = rated(p).map(|r| Spread::fixed(r, orders));
    }
    fixed
}

/// The progress of a comparison in words: "step 3 of 102 (1 %): Elo: order 2 of 20" while
/// steps are left, and once every step is done "102 of 102 steps done (100 %): putting the
/// comparison together" (never a step beyond the total; the percentage is of the steps done).
pub fn progress_text(done: usize, total: usize, doing: &str) -> String {
    let done = done.min(total);
    let percent = percent(done, total);
    match done < total {
        true => format!("step {} of {total} ({percent} %): {doing}", done + 1),
        false => format!("{done} of {total} steps done ({percent} %): {doing}"),
    }
}

/// The share of the steps done, in whole per cent (0–100).
pub fn percent(done: usize, total: usize) -> usize {
    100 * done.min(total) / total.max(1)
}

/// How many orders `orders` asks for.
pub fn order_count(orders: Orders) -> usize {
    match orders {
        Orders::None => 0,
        Orders::Reversed => 1,
        Orders::Shuffled { n, .. } => n as usize,
    }
}

/// Roughly how long comparing `methods` over `orders` takes on `items` (the games or events,
/// dated or not), in seconds: each method once, each sequential method once per order, and K
/// against the spread (four K values, each over every order) — games × methods × orders, said
/// before it starts.
pub fn estimate_seconds(items: Items, methods: &[Method], orders: Orders) -> f64 {
    let n = order_count(orders) as f64;
    let kinds = methods.iter().map(Method::kind);
    let fit = |k: MethodKind| k.words().passes.seconds(items.count as f64, items.dated, Runtime::Worker);
    let once: f64 = kinds.clone().map(fit).sum();
    let replays: f64 = kinds.clone().filter(|k| k.sequential()).map(|k| n * fit(k)).sum();
    let sweep = kinds.filter(|k| k.sequential()).map(fit).next().map_or(0.0, |f| SWEEP_K.len() as f64 * n * f);
    once + replays + sweep
}

/// An estimate worth saying before a comparison starts: "about 80 s for 1,000,000 games and
/// 20 orders" (`None` under [`LONG_COMPARE_S`]).
pub fn estimate_text(items: Items, methods: &[Method], orders: Orders) -> Option<String> {
    let s = estimate_seconds(items, methods, orders);
    if s < LONG_COMPARE_S {
        return None;
    }
    let time = match s {
        s if s < 90.0 => format!("{} s", (s / 5.0).round() as u64 * 5),
        s => format!("{} min", (s / 60.0).round().max(2.0) as u64),
    };
    let n = order_count(orders);
    Some(format!("about {time} for {} games and {n} order{}", grouped(items.count), if n == 1 { "" } else { "s" }))
}

/// A comparison estimated to take this long (seconds) is not started on opening the view:
/// the estimate is said first, with fewer orders offered.
pub const LONG_COMPARE_S: f64 = 10.0;

/// 1000000 → "1,000,000".
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `m` with K replaced (Elo and multiplayer Elo).
fn with_k(m: &Method, k: f64) -> Method {
    match m {
        Method::Elo(p) => Method::Elo(ratings_engine::methods::elo::EloParams { k, ..p.clone() }),
        Method::MultiElo(p) => Method::MultiElo(ratings_engine::methods::multi_elo::MultiEloParams { k, ..p.clone() }),
        other => other.clone(),
    }
}

/// The page's view of a comparison.
pub fn view(c: &Comparison, scale: ScaleKind, order_text: String, sweep: Option<Sweep>) -> CompareView {
    let rows = c
        .rows
        .iter()
        .map(|r| CompareRow { name: r.name.clone(), ratings: r.ratings.clone(), ranks: r.ranks.clone(), spread: r.spread.clone() })
        .collect();
    let pairs = c
        .pairs
        .iter()
        .map(|p| PairView {
            a: p.a,
            b: p.b,
            common: p.agreement.common,
            tau: p.agreement.kendall_tau_b,
            rho: p.agreement.spearman_rho,
            top: p.agreement.top.map(|t| (t.overlap, t.size)),
        })
        .collect();
    CompareView {
        labels: labels(&c.methods),
        errors: c.outcomes.iter().map(|o| o.as_ref().err().map(ToString::to_string)).collect(),
        decimals: c.methods.iter().map(|m| m.kind().decimals((m.kind() == MethodKind::Brent).then_some(scale))).collect(),
        sequential: c.methods.iter().map(|m| m.kind().sequential()).collect(),
        rows,
        pairs,
        orders: c.orders,
        order_text,
        sweep,
    }
}

/// Reads `text` and compares as the worker does, all at once (for tests).
pub fn compare_text(text: &str, settings: &ratings_engine::job::Settings, request: &CompareRequest) -> Result<CompareView, String> {
    let job = ratings_engine::job::Job::read(text, settings).map_err(|e| e.to_string())?;
    let options = Options { scale: settings.scale() };
    Ok(CompareRun::new(&job.input.dataset, request, options).run())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::methods::brent::BrentParams;
    use ratings_engine::methods::elo::EloParams;

    const EXAMPLE: &str = crate::core::lessons::EXAMPLE;

    #[test]
    fn brent_against_elo_on_the_example_with_shuffles() {
        let request = CompareRequest {
            methods: vec![Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())],
            orders: Orders::Shuffled { n: 5, seed: 1 },
        };
        let v = compare_text(EXAMPLE, &Default::default(), &request).unwrap();
        assert_eq!(v.labels, ["Brent", "Elo"]);
        assert_eq!(v.rows.len(), 20);
        assert_eq!(v.rows[0].name, "Manchester City FC");
        assert!(v.pairs[0].tau.unwrap() > 0.5);
        assert!(v.rows.iter().all(|r| r.spread[0].unwrap().max - r.spread[0].unwrap().min < 1e-6), "Brent: no order moves it");
        assert!(v.rows.iter().any(|r| r.spread[1].unwrap().sd > 0.0), "Elo moves with the order");
        let sweep = v.sweep.unwrap();
        assert!(sweep.points.windows(2).all(|w| w[1].1 > w[0].1), "a larger K, a larger spread: {:?}", sweep.points);
    }

    #[test]
    fn the_same_method_twice_gets_two_headings() {
        let m = |k| Method::Elo(EloParams { k, ..Default::default() });
        assert_eq!(labels(&[m(16.0), m(40.0)]), ["Elo (K = 16)", "Elo (K = 40)"]);
        assert_eq!(labels(&[m(16.0), m(16.0)]), ["Elo (K = 16)", "Elo (K = 16) #2"]);
    }

    #[test]
    fn progress_never_counts_past_its_total() {
        let request = CompareRequest {
            methods: vec![Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())],
            orders: Orders::Shuffled { n: 3, seed: 1 },
        };
        let job = ratings_engine::job::Job::read(EXAMPLE, &Default::default()).unwrap();
        let mut run = CompareRun::new(&job.input.dataset, &request, Options::default());
        // Brent once (no order moves it), Elo once and 3 replays, K against the spread 4 × 3.
        assert_eq!(run.progress(), (17, 0));
        let mut seen = Vec::new();
        loop {
            let (total, done) = run.progress();
            seen.push(progress_text(done, total, &run.doing()));
            assert!(done <= total);
            if !run.step() {
                break;
            }
        }
        assert_eq!(seen[0], "step 1 of 17 (0 %): Brent: rating");
        assert_eq!(seen[2], "step 3 of 17 (11 %): Elo: order 1 of 3");
        assert_eq!(seen.last().unwrap(), "17 of 17 steps done (100 %): putting the comparison together");
        assert_eq!(progress_text(18, 17, "x"), "17 of 17 steps done (100 %): x", "never past the total");
    }

    #[test]
    fn a_large_input_is_estimated_before_it_starts() {
        let methods = [Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())];
        let twenty = Orders::Shuffled { n: 20, seed: 1 };
        let million = Items { count: 1_000_000, dated: false };
        let text = estimate_text(million, &methods, twenty).unwrap();
        assert!(text.starts_with("about ") && text.ends_with(" for 1,000,000 games and 20 orders"), "{text}");
        let five = estimate_seconds(million, &methods, Orders::Shuffled { n: 5, seed: 1 });
        assert!(five < estimate_seconds(million, &methods, twenty) / 2.5, "fewer orders, less time");
        assert_eq!(estimate_text(Items { count: 380, dated: false }, &methods, twenty), None, "a small input starts at once");
        // WHR on a dated million games: its dated passes, far fewer.
        let whr = [Method::default_for(MethodKind::Whr)];
        let (undated, dated) =
            (estimate_seconds(million, &whr, Orders::None), estimate_seconds(Items { dated: true, ..million }, &whr, Orders::None));
        assert!(dated * 5.0 < undated, "{dated} s dated, {undated} s undated");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(999), "999");
    }
}
