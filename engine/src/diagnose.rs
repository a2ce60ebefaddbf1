//! Degenerate data, found before iterating (Brent §3; Ordo does the same).
//!
//! Finite Bradley–Terry ratings exist for a set of players exactly when the directed graph
//! "i scored a point against j" is strongly connected on it. So:
//! * a player who lost no points is infinitely strong, one who scored none infinitely weak;
//! * groups that never met (weakly connected components) have unrelated scales;
//! * a group that only ever beat another group is infinitely above it (the strongly
//!   connected components of the graph, in dominance order).
//!
//! [`structure`] finds what can be rated: each strongly connected group with at least two
//! players is rated on its own. A dummy player (γ > 0) who draws everyone, or old ratings
//! (fixed opponents), connect players both ways and so make their groups rateable.

use crate::graph::{strong_components, UnionFind};
use crate::pairs::Pairs;
use crate::text::names_and_more;
use crate::threads;
use serde::{Deserialize, Serialize};

/// What a player's rating is, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A finite rating, comparable within its group.
    Rated,
    /// No games (and no old rating).
    NoGames,
    /// Lost no points: infinitely strong on this data.
    UnboundedAbove,
    /// Scored no points: infinitely weak on this data.
    UnboundedBelow,
    /// Only beat some players and only lost to others: between groups, no finite rating.
    NotComparable,
}

impl Status {
    /// The name in CSV and JSON: `rated`, `no_games`, `unbounded_above`, ...
    pub fn name(self) -> &'static str {
        match self {
            Status::Rated => "rated",
            Status::NoGames => "no_games",
            Status::UnboundedAbove => "unbounded_above",
            Status::UnboundedBelow => "unbounded_below",
            Status::NotComparable => "not_comparable",
        }
    }
}

/// How the players split up for rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Structure {
    /// Per player: the rated group, if any.
    pub group: Vec<Option<usize>>,
    pub status: Vec<Status>,
    /// Per group: its players (the dummy is not listed) and whether old ratings anchor its scale.
    pub groups: Vec<Vec<usize>>,
    pub anchored: Vec<bool>,
    /// Per player: a key that sorts groups largest-component first and dominant tiers first.
    pub order: Vec<(usize, usize)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    NoGames,
    NoLosses,
    NoPoints,
    Disconnected,
    Dominance,
}

/// One problem with the data, in plain words, naming the players concerned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub kind: FindingKind,
    pub message: String,
    /// Every player concerned (the message may shorten the list).
    pub players: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Diagnosis {
    pub findings: Vec<Finding>,
    /// True when some players cannot get finite, comparable ratings without help.
    pub degenerate: bool,
    /// The dummy weight γ to try, when the data are degenerate and none is in use.
    pub suggested_gamma: Option<f64>,
}

const SUGGESTED_GAMMA: f64 = 1.0;

/// The graph "i scored against j" as adjacency lists, plus an optional hub node `n` joined
/// both ways to the given players (the dummy player and the fixed opponents of old ratings).
struct Graph {
    ptr: Vec<usize>,
    adj: Vec<usize>,
}

impl Graph {
    /// The adjacency lists from the pairs in linear time (a counting pass, then a filling
    /// pass): each list ascends with the hub last, as a score matrix's rows would, so the
    /// search visits nodes in the same order whatever structure the scores came in.
    fn new(s: &Pairs, hub: Option<&[bool]>) -> Graph {
        let n = s.nodes;
        let nodes = n + usize::from(hub.is_some());
        let to_hub = |i: usize| hub.is_some_and(|h| h[i]);
        let mut ptr = vec![0usize; nodes + 1];
        for (a, b, ab, ba) in s.iter().filter(|&(a, b, _, _)| a != b) {
            ptr[a + 1] += usize::from(ab > 0.0);
            ptr[b + 1] += usize::from(ba > 0.0);
        }
        for i in 0..n {
            ptr[i + 1] += usize::from(to_hub(i));
        }
        if let Some(h) = hub {
            ptr[n + 1] = h.iter().filter(|&&x| x).count();
        }
        for v in 0..nodes {
            ptr[v + 1] += ptr[v];
        }
        // Sweeping the pairs in order fills node v's list with its opponents below v (as the
        // larger node, by a) and then those above it (as the smaller node, by b): ascending.
        let mut next = ptr[..nodes].to_vec();
        let mut adj = vec![0usize; ptr[nodes]];
        let mut push = |v: usize, w: usize| {
            adj[next[v]] = w;
            next[v] += 1;
        };
        for (a, b, ab, ba) in s.iter().filter(|&(a, b, _, _)| a != b) {
            if ab > 0.0 {
                push(a, b);
            }
            if ba > 0.0 {
                push(b, a);
            }
        }
        for i in (0..n).filter(|&i| to_hub(i)) {
            push(i, n);
            push(n, i);
        }
        Graph { ptr, adj }
    }

    fn nodes(&self) -> usize {
        self.ptr.len() - 1
    }

    fn out(&self, v: usize) -> &[usize] {
        &self.adj[self.ptr[v]..self.ptr[v + 1]]
    }

    /// Strongly connected components, numbered in reverse topological order: if i scored
    /// against j and not back, j's component is numbered first.
    fn strong_components(&self) -> (Vec<usize>, usize) {
        strong_components(self.nodes(), |v| self.out(v))
    }

    /// Weakly connected components, numbered largest first (ties: lowest node first).
    fn weak_components(&self, real: usize) -> Vec<usize> {
        let n = self.nodes();
        let mut sets = UnionFind::new(n);
        for v in 0..n {
            for &w in self.out(v) {
                sets.union(v, w);
            }
        }
        let roots: Vec<usize> = (0..n).map(|v| sets.find(v)).collect();
        let mut size = vec![0usize; n];
        for &r in &roots[..real] {
            size[r] += 1;
        }
        let mut order: Vec<usize> = (0..n).filter(|&v| roots[v] == v).collect();
        crate::sort::by_key(&mut order, |&r| (std::cmp::Reverse(size[r]), r));
        let mut rank = vec![0; n];
        for (k, &r) in order.iter().enumerate() {
            rank[r] = k;
        }
        roots.iter().map(|&r| rank[r]).collect()
    }
}

/// Splits the players for rating. `hub[i]` says player i is joined both ways to a fixed or
/// dummy opponent (an old rating, or γ > 0 for a player with games); `prior[i]` that the
/// player's old rating anchors the scale of its group.
pub fn structure(s: &Pairs, hub: &[bool], prior: &[bool]) -> Structure {
    let use_hub = hub.iter().any(|&h| h);
    structure_of(s, &Parts::of(&Graph::new(s, use_hub.then_some(hub)), s.nodes), use_hub, prior)
}

/// [`diagnose`] and [`structure`] together: without a hub both look at the same graph, which
/// is then built and taken apart once.
pub fn analyse(s: &Pairs, names: &[String], gamma: f64, hub: &[bool], prior: &[bool]) -> (Diagnosis, Structure) {
    let plain = Graph::new(s, None);
    let parts = Parts::of(&plain, s.nodes);
    // The words and the groups at once when large ([`threads::join_large`]): each reads the
    // parts alone.
    threads::join_large(
        s.len(),
        || diagnose_with(s, &parts, names, gamma, prior),
        || if hub.iter().any(|&h| h) { structure(s, hub, prior) } else { structure_of(s, &parts, false, prior) },
    )
}

/// A graph's strong components (numbered as [`Graph::strong_components`] numbers them), their
/// number, and its weak components over the first `real` nodes.
struct Parts {
    comp: Vec<usize>,
    count: usize,
    weak: Vec<usize>,
}

impl Parts {
    /// The strong and the weak components are found at once in a large graph
    /// ([`threads::join_large`]): two searches of one graph, each whole on its own thread.
    fn of(g: &Graph, real: usize) -> Parts {
        let ((comp, count), weak) = threads::join_large(g.adj.len(), || g.strong_components(), || g.weak_components(real));
        Parts { comp, count, weak }
    }
}

fn structure_of(s: &Pairs, parts: &Parts, use_hub: bool, prior: &[bool]) -> Structure {
    let n = s.nodes;
    let (comp, count, weak) = (&parts.comp, parts.count, &parts.weak);
    let mut real = vec![0usize; count];
    for &c in &comp[..n] {
        real[c] += 1;
    }
    let hub_comp = use_hub.then(|| comp[n]);
    let (rows, cols) = s.sums();
    let mut group_of_comp = vec![None; count];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut anchored = Vec::new();
    let mut group = vec![None; n];
    let mut status = vec![Status::Rated; n];
    for i in 0..n {
        let c = comp[i];
        let rateable = real[c] >= 2 || hub_comp == Some(c);
        if rateable {
            let gid = *group_of_comp[c].get_or_insert_with(|| {
                groups.push(Vec::new());
                anchored.push(false);
                groups.len() - 1
            });
            groups[gid].push(i);
            anchored[gid] |= prior[i];
            group[i] = Some(gid);
        } else {
            status[i] = if rows[i] + cols[i] == 0.0 {
                Status::NoGames
            } else if cols[i] == 0.0 {
                Status::UnboundedAbove
            } else if rows[i] == 0.0 {
                Status::UnboundedBelow
            } else {
                Status::NotComparable
            };
        }
    }
    // Dominant tiers first: Tarjan numbers sinks (the beaten) first.
    let order = (0..n).map(|i| (weak[i], count - 1 - comp[i])).collect();
    Structure { group, status, groups, anchored, order }
}

/// Describes degenerate data in plain words. `gamma` is the dummy weight in use (0 = none);
/// `prior[i]` says player i has an old rating (and so a rating without games).
pub fn diagnose(s: &Pairs, names: &[String], gamma: f64, prior: &[bool]) -> Diagnosis {
    let g = Graph::new(s, None);
    diagnose_with(s, &Parts::of(&g, s.nodes), names, gamma, prior)
}

fn diagnose_with(s: &Pairs, parts: &Parts, names: &[String], gamma: f64, prior: &[bool]) -> Diagnosis {
    let n = s.nodes;
    let (rows, cols) = s.sums();
    let played: Vec<bool> = (0..n).map(|i| rows[i] + cols[i] > 0.0).collect();
    let mut findings = player_findings(names, &rows, &cols, &played, prior);
    let components = groups_of_players(&parts.weak, &played);
    findings.extend(disconnected(names, &components));
    findings.extend(dominance(&parts.comp, names, &components, &rows, &cols));
    let degenerate = findings.iter().any(|f| f.kind != FindingKind::NoGames);
    if gamma > 0.0 {
        // The findings describe the results; with a dummy player the ratings are finite and
        // comparable all the same, and must not be called infinite.
        for f in findings.iter_mut().filter(|f| f.kind != FindingKind::NoGames) {
            f.message.push_str(&format!(
                " The dummy player (γ = {gamma}) makes every rating finite and comparable: these gaps are set by γ, not by the results."
            ));
        }
    }
    Diagnosis { findings, degenerate, suggested_gamma: (degenerate && gamma <= 0.0).then_some(SUGGESTED_GAMMA) }
}

/// A finding naming every player of `ids`.
fn finding(kind: FindingKind, message: String, names: &[String], ids: &[usize]) -> Finding {
    Finding { kind, message, players: ids.iter().map(|&i| names[i].clone()).collect() }
}

/// Players without games (and without an old rating), unbeaten players, and players who
/// scored no point: `rows` and `cols` are the points scored and conceded.
fn player_findings(names: &[String], rows: &[f64], cols: &[f64], played: &[bool], prior: &[bool]) -> Vec<Finding> {
    let pick = |f: &dyn Fn(usize) -> bool| (0..played.len()).filter(|&i| f(i)).collect::<Vec<_>>();
    let no_games = pick(&|i| !played[i] && !prior.get(i).copied().unwrap_or(false));
    let no_losses = pick(&|i| played[i] && cols[i] == 0.0);
    let no_points = pick(&|i| played[i] && rows[i] == 0.0);
    [
        (FindingKind::NoGames, no_games, "no games, so no rating."),
        (FindingKind::NoLosses, no_losses, "not lost a point: on these results their rating is infinitely high."),
        (FindingKind::NoPoints, no_points, "not scored a point: on these results their rating is infinitely low."),
    ]
    .into_iter()
    .filter(|(_, ids, _)| !ids.is_empty())
    .map(|(kind, ids, what)| finding(kind, format!("{} {what}", listing(names, &ids, "has", "have")), names, &ids))
    .collect()
}

/// The groups of players with games that met, directly or through common opponents (weakly
/// connected components), largest first.
fn groups_of_players(weak: &[usize], played: &[bool]) -> Vec<Vec<usize>> {
    let n = played.len();
    let mut components: Vec<Vec<usize>> = Vec::new();
    for i in (0..n).filter(|&i| played[i]) {
        if components.len() <= weak[i] {
            components.resize(weak[i] + 1, Vec::new());
        }
        components[weak[i]].push(i);
    }
    components.retain(|c| !c.is_empty());
    components
}

/// Groups that never met, if there are several; the players named are those outside the
/// largest group.
fn disconnected(names: &[String], components: &[Vec<usize>]) -> Option<Finding> {
    if components.len() < 2 {
        return None;
    }
    let parts: Vec<String> = components
        .iter()
        .take(5)
        .enumerate()
        .map(|(k, c)| format!("group {} ({} players: {})", k + 1, c.len(), short_list(names, c)))
        .collect();
    let all: Vec<usize> = components.iter().skip(1).flatten().copied().collect();
    let message = format!(
        "The players form {} groups that never met, directly or through common opponents, so their ratings cannot be compared: {}{}.",
        components.len(),
        parts.join("; "),
        if components.len() > 5 { format!("; and {} more groups", components.len() - 5) } else { String::new() }
    );
    Some(finding(FindingKind::Disconnected, message, names, &all))
}

/// Tiers that only beat the tiers below, within each connected group: one finding a group.
fn dominance(comp: &[usize], names: &[String], components: &[Vec<usize>], rows: &[f64], cols: &[f64]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for c in components {
        let mut sorted: Vec<usize> = c.clone();
        crate::sort::by_key(&mut sorted, |&i| comp[i]);
        let mut tiers: Vec<(usize, Vec<usize>)> = Vec::new();
        for i in sorted {
            match tiers.last_mut() {
                Some((k, m)) if *k == comp[i] => m.push(i),
                _ => tiers.push((comp[i], vec![i])),
            }
        }
        // Unbeaten and pointless players have findings of their own; report the tiers when
        // something else is cut off too (a group, or a player between two tiers).
        let explained = |m: &Vec<usize>| m.len() == 1 && (cols[m[0]] == 0.0 || rows[m[0]] == 0.0);
        let unexplained: Vec<&Vec<usize>> = tiers.iter().map(|(_, m)| m).filter(|m| !explained(m)).collect();
        if tiers.len() < 2 || (unexplained.len() < 2 && !unexplained.iter().any(|m| m.len() == 1)) {
            continue;
        }
        crate::sort::by_key(&mut tiers, |(k, _)| std::cmp::Reverse(*k));
        let shown: Vec<String> = tiers.iter().take(6).map(|(_, m)| format!("[{}]", short_list(names, m))).collect();
        let members: Vec<usize> = tiers.iter().flat_map(|(_, m)| m.iter().copied()).collect();
        let message = format!(
            "Some groups only ever beat others and never lost a point to them, so the gaps between them are infinite. The groups, strongest first where an order exists: {}{}.",
            shown.join(", "),
            if tiers.len() > 6 { format!(" and {} more", tiers.len() - 6) } else { String::new() }
        );
        findings.push(finding(FindingKind::Dominance, message, names, &members));
    }
    findings
}

/// The players `ids`, by name, the first eight in full.
fn short_list(names: &[String], ids: &[usize]) -> String {
    const SHOWN: usize = 8;
    names_and_more(ids.iter().map(|&i| &names[i]), SHOWN)
}

fn listing(names: &[String], ids: &[usize], one: &str, many: &str) -> String {
    format!("{} {}", short_list(names, ids), if ids.len() == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_names_are_their_json_names() {
        for s in [Status::Rated, Status::NoGames, Status::UnboundedAbove, Status::UnboundedBelow, Status::NotComparable] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
        }
    }

    fn setup(n: usize, games: &[(usize, usize, f64)]) -> (Pairs, Vec<String>) {
        let s = Pairs::from_games(n, games.iter().copied());
        (s, (0..n).map(|i| format!("P{i}")).collect())
    }

    fn kinds(d: &Diagnosis) -> Vec<FindingKind> {
        d.findings.iter().map(|f| f.kind).collect()
    }

    #[test]
    fn healthy_round_robin_is_not_degenerate() {
        let (s, names) = setup(3, &[(0, 1, 1.0), (1, 2, 1.0), (2, 0, 1.0)]);
        let d = diagnose(&s, &names, 0.0, &[]);
        assert!(!d.degenerate && d.findings.is_empty() && d.suggested_gamma.is_none());
        let st = structure(&s, &[false; 3], &[false; 3]);
        assert_eq!(st.groups, vec![vec![0, 1, 2]]);
    }

    #[test]
    fn winner_and_loser_of_everything() {
        // P0 beats everyone; P3 loses to everyone; P1 and P2 draw.
        let (s, names) = setup(4, &[(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.5), (1, 3, 1.0), (2, 3, 1.0)]);
        let d = diagnose(&s, &names, 0.0, &[]);
        assert_eq!(kinds(&d), vec![FindingKind::NoLosses, FindingKind::NoPoints]);
        assert_eq!(d.findings[0].players, vec!["P0"]);
        assert_eq!(d.findings[1].players, vec!["P3"]);
        assert!(d.findings[0].message.contains("P0 has not lost a point"));
        assert_eq!(d.suggested_gamma, Some(1.0));
        let st = structure(&s, &[false; 4], &[false; 4]);
        assert_eq!(st.status, vec![Status::UnboundedAbove, Status::Rated, Status::Rated, Status::UnboundedBelow]);
        assert_eq!(st.groups, vec![vec![1, 2]]);
        assert!(st.order[0] < st.order[1] && st.order[1] < st.order[3]);
        // With a dummy player everyone is one group.
        let st = structure(&s, &[true; 4], &[false; 4]);
        assert_eq!(st.groups, vec![vec![0, 1, 2, 3]]);
        let d = diagnose(&s, &names, 0.5, &[]);
        assert!(d.degenerate && d.suggested_gamma.is_none());
    }

    /// With a dummy player the findings still describe the results, but say the ratings are
    /// finite after all.
    #[test]
    fn a_dummy_player_makes_the_findings_say_the_ratings_are_finite() {
        let (s, names) = setup(2, &[(0, 1, 1.0)]);
        let without = diagnose(&s, &names, 0.0, &[false; 2]);
        let with = diagnose(&s, &names, 1.0, &[false; 2]);
        assert_eq!(kinds(&with), kinds(&without));
        assert!(without.findings.iter().all(|f| !f.message.contains("finite and comparable")));
        assert!(
            with.findings.iter().all(|f| f.message.contains("The dummy player (γ = 1) makes every rating finite")),
            "{:?}",
            with.findings
        );
        assert_eq!(with.suggested_gamma, None);
    }

    #[test]
    fn groups_that_never_met() {
        let (s, names) = setup(5, &[(0, 1, 0.5), (1, 0, 1.0), (2, 3, 1.0), (3, 4, 1.0), (4, 2, 0.5)]);
        let d = diagnose(&s, &names, 0.0, &[]);
        assert_eq!(kinds(&d), vec![FindingKind::Disconnected]);
        assert!(d.findings[0].message.contains("2 groups that never met"), "{}", d.findings[0].message);
        assert!(d.findings[0].message.contains("group 1 (3 players: P2, P3, P4)"));
        assert_eq!(d.findings[0].players, vec!["P0", "P1"]);
        let st = structure(&s, &[false; 5], &[false; 5]);
        assert_eq!(st.groups.len(), 2);
        assert!(st.order[2].0 < st.order[0].0, "the larger group comes first");
    }

    #[test]
    fn a_group_that_only_beat_another() {
        // {0,1} draw among themselves and beat both of {2,3}, who draw among themselves.
        let (s, names) = setup(4, &[(0, 1, 0.5), (2, 3, 0.5), (0, 2, 1.0), (1, 3, 1.0)]);
        let d = diagnose(&s, &names, 0.0, &[]);
        assert_eq!(kinds(&d), vec![FindingKind::Dominance]);
        assert!(d.findings[0].message.contains("[P0, P1], [P2, P3]"), "{}", d.findings[0].message);
        let st = structure(&s, &[false; 4], &[false; 4]);
        assert_eq!(st.groups.len(), 2);
        assert!(st.order[0] == st.order[1] && st.order[1] < st.order[2]);
    }

    #[test]
    fn old_ratings_anchor_a_lone_winner() {
        let (s, names) = setup(3, &[(0, 1, 1.0), (1, 2, 0.5)]);
        let prior = [true, false, false];
        let st = structure(&s, &prior, &prior);
        assert_eq!(st.status[0], Status::Rated);
        assert_eq!(st.groups, vec![vec![0], vec![1, 2]]);
        assert_eq!(st.anchored, vec![true, false]);
        let d = diagnose(&s, &names, 0.0, &[]);
        assert_eq!(kinds(&d), vec![FindingKind::NoLosses]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000;
        let games: Vec<_> = (0..n - 1).map(|i| (i, i + 1, 1.0)).collect();
        let (s, names) = setup(n, &games);
        let st = structure(&s, &vec![false; n], &vec![false; n]);
        assert!(st.groups.is_empty());
        let d = diagnose(&s, &names, 0.0, &[]);
        assert!(d.degenerate);
    }
}
