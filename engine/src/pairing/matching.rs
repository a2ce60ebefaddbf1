//! Maximum-weight matching on a general graph: Edmonds' primal–dual blossom algorithm, the
//! O(n³) form (Edmonds, "Paths, trees, and flowers", 1965, and "Maximum matching and a
//! polyhedron with 0,1-vertices", 1965; Gabow's O(n³) implementation, 1974; as surveyed by
//! Galil, "Efficient algorithms for finding maximum matching in graphs", ACM Computing
//! Surveys 18(1), 1986, §3–4). Written from those descriptions, not from any program.
//!
//! The Dutch system (FIDE Handbook C.04.3, applied from 1 February 2026: chapter
//! C0403202602) pairs a round as one maximum-weight matching whose weights carry its
//! criteria bit field by bit field (`docs/pairing.md` §3–4); completion (criterion C4) is
//! the weights' top field, so that engine uses
//! [`Mode::MaxWeight`]. [`Mode::MaxCardinality`] is offered too: every weight is raised by
//! `C = ⌊n/2⌋ · max w + 1`, more than any two matchings' weights can differ, so a heavier
//! matching is always a larger one; the duals returned are those of the raised weights.
//!
//! **The method.** Weights are doubled (`W = 2w`) and every vertex dual starts at `max w`,
//! so every dual stays an integer: free vertices all share one dual, every labelled vertex
//! has that dual's parity, so the slack of an edge between two outer (S) blossoms is even and
//! its half is exact. Constraint: `y_u + y_v + Σ z_B ≥ W_uv` over the blossoms B holding both
//! ends. A stage grows alternating trees from every free vertex over tight edges; the duals
//! move by the least of δ1 (an S vertex's dual reaches 0; from scratch the free vertices'
//! do, all at once, and the matching is optimal), δ2 (an edge from an S vertex to an
//! unlabelled blossom becomes tight: grow), δ3 (half the slack of an S–S edge: shrink a
//! blossom, or augment when the two trees differ) and δ4 (half an inner (T) blossom's dual:
//! expand it). All duals stay ≥ 0, so unsigned weights serve ([`super::weight`]).
//!
//! **O(n³).** Each vertex becomes S once a stage and is then scanned once (O(n) over its
//! row of the adjacency matrix). The least slack is kept per non-S vertex (`best_s`, to any
//! S vertex), per S blossom (`best_of`, its least edge to another), and per pair of a
//! non-trivial top-level S blossom and another (`between`, an n × 2n matrix of edge indices:
//! a vertex keeps no row, its edges are its row of the adjacency, so scanning an edge
//! between two S vertices, the common case, writes no table entry); shrinking a blossom merges
//! its S children's rows (O(n) a child). The least slacks' values are kept too and moved with the
//! duals, so finding the next event compares without recomputing (a wide slack is two wide
//! operations). An event costs O(n), a stage O(n²), n/2 stages O(n³).
//!
//! **Warm re-solving** ([`Matcher::set_edges`]: what the greedy fixing of
//! `docs/pairing.md` §5 does O(n) times a round). The edges at a vertex v are replaced;
//! then every blossom holding v is expanded with its dual moved onto its vertices (z/2 each,
//! z is even: edges inside keep their sums, edges leaving only loosen, so the duals stay
//! feasible and the base's matched edge, no longer tight, is undone), v and its mate are
//! unmatched, v's dual rises to cover its new edges, and the blossoms of every vertex so
//! freed are expanded the same way, so each freed vertex's dual can be raised to an even
//! number. The search then runs from the free vertices whose dual is positive only. As they
//! need not share one dual any more, δ1 is taken at any S vertex: the path from its root to
//! it is flipped and it stays unmatched with dual zero (a free vertex with dual zero meets
//! its condition; one reached by a tight edge ends an augmenting path). Each stage leaves one
//! vertex fewer free with a positive dual, so an edit costs O(n²) a vertex it frees, against
//! O(n³) from scratch. Tests: brute force after random edit sequences, warm = cold in weight.

use super::weight::Weight;
use crate::error::MatchingError;
use std::borrow::Borrow;

/// No vertex, no blossom.
const NONE: usize = usize::MAX;
/// No edge in the adjacency and least-slack tables.
const NO_EDGE: u32 = u32::MAX;
/// The most vertices taken: the adjacency (n²) and S–S (2n²) tables of `u32` are then
/// 2.4 GB (the Dutch system refuses a round by its whole memory first, in words).
pub const MAX_VERTICES: usize = 14_000;

/// What the matching maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The largest total weight, of matchings of any size.
    MaxWeight,
    /// The most pairs, then the largest weight among those.
    MaxCardinality,
}

/// A matching and the dual solution that proves it optimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching<W> {
    /// Each vertex's partner, `None` when unmatched.
    pub mate: Vec<Option<usize>>,
    pub duals: Duals<W>,
}

/// The final duals, on the doubled (and, in [`Mode::MaxCardinality`], raised) weights: for
/// every edge `vertex[u] + vertex[v] + Σ z of blossoms holding u and v ≥ 2 (w + shift)`,
/// with equality on matched edges; unmatched vertices have dual 0 (in both modes),
/// and every blossom with `z > 0` holds `(|vertices| − 1) / 2` matched edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duals<W> {
    pub vertex: Vec<W>,
    pub blossoms: Vec<BlossomDual<W>>,
    /// What was added to every weight (zero in maximum-weight mode).
    pub shift: W,
}

/// A blossom of the final solution: its vertices and its dual.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlossomDual<W> {
    pub vertices: Vec<usize>,
    pub z: W,
}

/// The label of a top-level blossom (a vertex is a trivial blossom) in a stage's forest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    None,
    /// Outer: a tree's root, or reached through its matched edge.
    S,
    /// Inner: reached through a tight unmatched edge from an S blossom.
    T,
}

/// What the least dual change δ leads to.
#[derive(Clone, Copy, Debug)]
enum Event {
    /// δ1: the dual of the S vertex reaches zero: the path from its tree's root to it is
    /// flipped (nothing, when it is the root), so it is left unmatched with dual zero.
    Zero(usize),
    /// δ2: the edge from an S vertex to an unlabelled blossom is tight.
    Grow(u32),
    /// δ3: the edge between two S blossoms is tight.
    Join(u32),
    /// δ4: the T blossom's dual is zero.
    Expand(usize),
}

/// A maximum-weight matching of the graph on vertices `0..n` with the edges `(u, v, w)`.
///
/// Errors: more than [`MAX_VERTICES`] vertices, a vertex out of range, a loop, a second
/// edge between two vertices, a negative weight, weights too wide for `W` to hold the duals
/// (`(2n + 2) · max w` must fit).
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)], mode: Mode) -> Result<Matching<W>, MatchingError> {
    Ok(solve_counting(n, edges, mode)?.0)
}

/// [`max_weight_matching`] and the counts of its blossom steps.
pub(crate) fn solve_counting<W: Weight>(n: usize, edges: &[(usize, usize, W)], mode: Mode) -> Result<(Matching<W>, Events), MatchingError> {
    let limit = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO);
    let mut solver = Solver::new(n, edges, mode, limit)?;
    solver.jump_start();
    while solver.stage() {}
    Ok((solver.result(), solver.events))
}

/// A matching kept with its duals, re-solved warm after the edges at a vertex change (the
/// Dutch system's greedy fixing re-solves a round O(n) times: `docs/pairing.md` §5).
pub struct Matcher<W> {
    solver: Solver<W>,
}

impl<W: Weight> Matcher<W> {
    /// Solves the graph; `limit` bounds every weight it will ever be given (the headroom
    /// check and the starting duals use it).
    pub fn new(n: usize, edges: &[(usize, usize, W)], mode: Mode, limit: W) -> Result<Self, MatchingError> {
        if let Some(edge) = edges.iter().position(|e| e.2 > limit) {
            return Err(MatchingError::AboveLimit { edge });
        }
        let mut solver = Solver::new(n, edges, mode, limit)?;
        solver.jump_start();
        while solver.stage() {}
        Ok(Matcher { solver })
    }

    /// The current matching and its duals.
    pub fn matching(&self) -> Matching<W> {
        self.solver.result()
    }

    /// Each vertex's current partner: the matching without its duals, which the greedy
    /// fixing reads after every try (building the blossoms' vertex lists each time is waste).
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.solver.mates()
    }

    /// The solved matching of `small`, every weight and dual multiplied by `scale(1)` (a
    /// power of two, `scale(x)` = x · that): the same matching, optimal for the scaled
    /// weights with the scaled duals (scaling an LP), taken into a wider weight type so
    /// that a graph whose weights start small is solved at the cost of the small type.
    /// `limit` bounds every scaled weight the matcher will be given.
    pub fn scaled_from(small: Matcher<u64>, scale: impl Fn(u64) -> W, limit: W) -> Result<Self, MatchingError> {
        let s = small.solver;
        let n = s.n;
        limit.checked_mul_small(2 * n + 2).ok_or(MatchingError::TooWide { vertices: n, shifted: false })?;
        let map = |v: &Vec<u64>| v.iter().map(|&x| scale(x)).collect::<Vec<W>>();
        let solver = Solver {
            n,
            double: map(&s.double),
            dual: map(&s.dual),
            best_s_slack: map(&s.best_s_slack),
            best_of_slack: map(&s.best_of_slack),
            shift: scale(s.shift),
            limit,
            ends: s.ends,
            adj: s.adj,
            mate: s.mate,
            top: s.top,
            parent: s.parent,
            children: s.children,
            links: s.links,
            base: s.base,
            is_top: s.is_top,
            unused: s.unused,
            label: s.label,
            tree_edge: s.tree_edge,
            best_s: s.best_s,
            between: s.between,
            best_of: s.best_of,
            queue: s.queue,
            mark: s.mark,
            stamp: s.stamp,
            spare: s.spare,
            events: s.events,
        };
        Ok(Matcher { solver })
    }

    /// The solve's lasting state (the graph, the matching, the duals, the blossoms: not a
    /// stage's scratch tables), to [`Matcher::restore`] after edits tried and not kept,
    /// which is cheaper than undoing them by another search. The whole graph is copied
    /// (O(n²)); [`Matcher::snapshot_for`] copies only the rows some edits will change.
    pub fn snapshot(&self) -> Snapshot<W> {
        let s = &self.solver;
        let graph = Graph::Whole { ends: s.ends.clone(), double: s.double.clone(), adj: s.adj.clone(), spare: s.spare.clone() };
        self.snapshot_with(graph)
    }

    /// A [`Matcher::snapshot`] good for undoing `edits` (as [`Matcher::set_edges_many`] takes
    /// them) and the search after them, in O(n) a vertex edited: the rows of the edited
    /// vertices and the ends of their edges. That is enough when no edit adds more edges than
    /// its vertex had (a restriction, a reweighting): the edge indices an edit takes are then
    /// those the edits freed, so the spare list only grows and is cut back, and the ends of
    /// no other edge change. Otherwise the whole graph is copied.
    pub fn snapshot_for(&self, edits: &[(usize, Vec<(usize, W)>)]) -> Snapshot<W> {
        let s = &self.solver;
        let n = s.n;
        let row = |v: usize| &s.adj[v * n..(v + 1) * n];
        let degree = |v: usize| row(v).iter().filter(|&&e| e != NO_EDGE).count();
        // An earlier edit may have taken an edge from a later one's vertex: count it gone.
        let narrows = edits.iter().enumerate().all(|(k, (v, edges))| *v < n && edges.len() + k <= degree(*v));
        if !narrows {
            return self.snapshot();
        }
        let mut ends = Vec::new();
        let mut rows = Vec::with_capacity(edits.len());
        for &(v, _) in edits {
            ends.extend(row(v).iter().filter(|&&e| e != NO_EDGE).map(|&e| (e, s.ends[e as usize])));
            rows.push((v, row(v).to_vec(), s.double[v * n..(v + 1) * n].to_vec()));
        }
        self.snapshot_with(Graph::Rows { rows, ends, spare: s.spare.len() })
    }

    fn snapshot_with(&self, graph: Graph<W>) -> Snapshot<W> {
        let s = &self.solver;
        Snapshot {
            graph,
            dual: s.dual.clone(),
            mate: s.mate.clone(),
            top: s.top.clone(),
            parent: s.parent.clone(),
            children: s.children.clone(),
            links: s.links.clone(),
            base: s.base.clone(),
            is_top: s.is_top.clone(),
            unused: s.unused.clone(),
            label: s.label.clone(),
            tree_edge: s.tree_edge.clone(),
        }
    }

    /// Puts back the state a [`Matcher::snapshot`] or [`Matcher::snapshot_for`] of this
    /// matcher took (the latter after the edits it was taken for, and nothing else).
    pub fn restore(&mut self, snap: Snapshot<W>) {
        let s = &mut self.solver;
        match snap.graph {
            Graph::Whole { ends, double, adj, spare } => (s.ends, s.double, s.adj, s.spare) = (ends, double, adj, spare),
            Graph::Rows { rows, ends, spare } => {
                let n = s.n;
                for (v, adj, double) in rows {
                    for x in 0..n {
                        (s.adj[v * n + x], s.adj[x * n + v]) = (adj[x], adj[x]);
                        (s.double[v * n + x], s.double[x * n + v]) = (double[x], double[x]);
                    }
                }
                for (e, pair) in ends {
                    s.ends[e as usize] = pair;
                }
                s.spare.truncate(spare);
            }
        }
        (s.dual, s.mate, s.top, s.parent) = (snap.dual, snap.mate, snap.top, snap.parent);
        (s.children, s.links, s.base, s.is_top, s.unused, s.label, s.tree_edge) =
            (snap.children, snap.links, snap.base, snap.is_top, snap.unused, snap.label, snap.tree_edge);
    }

    /// [`Matcher::set_edges`] for several vertices at once, then one re-solve: each vertex's
    /// edges are replaced and it is freed as there, in turn, and the search then runs from
    /// every vertex so freed (what a new bracket of the Dutch system does to the rows of its
    /// players). An edit checked before it is made; on an error the edits before it stay.
    pub fn set_edges_many(&mut self, edits: &[(usize, Vec<(usize, W)>)]) -> Result<(), MatchingError> {
        self.set_edges_of(edits.iter().map(|(v, edges)| (*v, edges.as_slice())))
    }

    /// [`Matcher::set_edges_many`] taking the edits as they come, so that a caller rewriting
    /// many rows can make each as its turn comes and hold one at a time (the Dutch system's
    /// brackets rewrite most of a round's rows: as one list, about 30 bytes a pair of players
    /// more at the peak).
    pub fn set_edges_of<E: Borrow<[(usize, W)]>>(&mut self, edits: impl IntoIterator<Item = (usize, E)>) -> Result<(), MatchingError> {
        let mut freed = false;
        for (v, edges) in edits {
            let edges = edges.borrow();
            self.solver.check_edit(v, edges)?;
            // As in `set_edges`: a removal that keeps the matching optimal needs no search.
            let search = !self.solver.only_removes(v, edges);
            self.solver.replace_edges(v, edges);
            if search {
                self.solver.free_vertex(v);
                freed = true;
            }
        }
        if freed {
            self.solver.match_tight();
        }
        while freed && self.solver.stage() {}
        Ok(())
    }

    /// Whether [`Matcher::set_edges_many`] would only remove edges no optimal structure needs
    /// (each edit, on distinct vertices, keeps its vertex's matched edge and the weights of
    /// what it keeps, at a vertex in no blossom): the edit then needs no search, and a caller
    /// need not take a [`Matcher::snapshot`] to undo it (an O(n²) copy).
    pub fn only_removes(&self, edits: &[(usize, Vec<(usize, W)>)]) -> bool {
        edits.iter().all(|(v, edges)| *v < self.solver.n && self.solver.only_removes(*v, edges))
    }

    /// Whether the edge `u`–`v` exists and is tight under the current duals (its slack, with
    /// the duals of the blossoms holding both ends, is zero). Complementary slackness: every
    /// edge of every maximum-weight matching is tight under any optimal dual solution, so an
    /// edge that is not tight is in no maximum-weight matching of the current graph (the
    /// Dutch fixing skips such candidates without a re-solve).
    pub fn tight(&self, u: usize, v: usize) -> bool {
        let s = &self.solver;
        let e = s.adj[u * s.n + v];
        if e == NO_EDGE {
            return false;
        }
        let mut sum = s.dual[u].add(s.dual[v]);
        let mut b = s.parent[u];
        while b != NONE {
            if s.holds(b, v) {
                sum = sum.add(s.dual[b]);
            }
            b = s.parent[b];
        }
        sum == s.double[u * s.n + v]
    }

    /// The weight of the edge `u`–`v`, if there is one (as given: the matcher keeps it
    /// doubled and raised, and halves and lowers it here exactly).
    pub fn weight(&self, u: usize, v: usize) -> Option<W> {
        let s = &self.solver;
        (s.adj[u * s.n + v] != NO_EDGE).then(|| s.double[u * s.n + v].halve().sub(s.shift))
    }

    /// The edges at `v`, `(other end, weight)`, in the order of the other end: the graph is
    /// kept here once, so a caller reads it rather than keeping a copy (the Dutch system's
    /// rows would double its memory).
    pub fn edges_at(&self, v: usize) -> impl Iterator<Item = (usize, W)> + '_ {
        (0..self.solver.n).filter_map(move |u| self.weight(v, u).map(|w| (u, w)))
    }

    /// Replaces every edge at vertex `v` by `edges` (`(other end, weight)`) and re-solves
    /// from the current duals: only v, its former mate and the vertices the edit frees are
    /// searched from, O(n²) each. On an error nothing has changed.
    pub fn set_edges(&mut self, v: usize, edges: &[(usize, W)]) -> Result<(), MatchingError> {
        self.solver.check_edit(v, edges)?;
        if self.solver.only_removes(v, edges) {
            // The matching and the duals stay optimal: no search.
            self.solver.replace_edges(v, edges);
            return Ok(());
        }
        self.solver.replace_edges(v, edges);
        self.solver.free_vertex(v);
        while self.solver.stage() {}
        Ok(())
    }
}

/// A matcher's lasting state ([`Matcher::snapshot`], [`Matcher::snapshot_for`]).
pub struct Snapshot<W> {
    graph: Graph<W>,
    dual: Vec<W>,
    mate: Vec<usize>,
    top: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    links: Vec<Vec<(usize, usize)>>,
    base: Vec<usize>,
    is_top: Vec<bool>,
    unused: Vec<usize>,
    label: Vec<Label>,
    tree_edge: Vec<(usize, usize)>,
}

/// A snapshot's graph: all of it, or the rows (adjacency and weights) of the vertices some
/// edits change, the ends of their edges and the spare list's length.
enum Graph<W> {
    Whole { ends: Vec<(usize, usize)>, double: Vec<W>, adj: Vec<u32>, spare: Vec<u32> },
    Rows { rows: Vec<(usize, Vec<u32>, Vec<W>)>, ends: Vec<(u32, (usize, usize))>, spare: usize },
}

/// The weight of `mate` in the graph (each matched pair once).
pub fn matching_weight<W: Weight>(edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> W {
    edges.iter().filter(|&&(u, v, _)| mate[u] == Some(v)).fold(W::ZERO, |sum, &(_, _, w)| sum.add(w))
}

/// The state of one solve. Blossom ids: vertices are `0..n`, non-trivial blossoms `n..2n`.
struct Solver<W> {
    n: usize,
    ends: Vec<(usize, usize)>,
    /// `n × n`: the doubled (raised) weight between two vertices, read where `adj` has an edge
    /// (by pair, not by edge index, so that a scan reads its row in order).
    double: Vec<W>,
    /// `n × n`: the edge between two vertices, or `NO_EDGE`.
    adj: Vec<u32>,
    shift: W,
    /// Vertex duals, then blossom duals: `dual[b]` for `b` in `0..2n`.
    dual: Vec<W>,
    mate: Vec<usize>,
    /// Per vertex: its top-level blossom.
    top: Vec<usize>,
    /// Per blossom id: its containing blossom, its children (the base's first, in cycle
    /// order), the edges joining child i to child i + 1 (as (vertex in i, vertex in i + 1)),
    /// its base vertex, whether it is top-level.
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    links: Vec<Vec<(usize, usize)>>,
    base: Vec<usize>,
    is_top: Vec<bool>,
    unused: Vec<usize>,
    /// Per top-level blossom: its label and the edge (outside vertex, own vertex) it was
    /// labelled through (`NONE`s for a root); an S blossom's is its matched edge.
    label: Vec<Label>,
    tree_edge: Vec<(usize, usize)>,
    best_s: Vec<u32>,
    /// `n × 2n`: row `b − n` for blossom id `b` (a non-trivial blossom): its least-slack edge
    /// to each other top-level S blossom, written while both are S. Never cleared: an entry
    /// is read only if its edge still joins the two ([`Solver::joins`]).
    between: Vec<u32>,
    best_of: Vec<u32>,
    /// The slacks of `best_s` and `best_of`, moved with the duals (a wide slack costs two
    /// wide operations; the least is looked for after every event).
    best_s_slack: Vec<W>,
    best_of_slack: Vec<W>,
    queue: Vec<usize>,
    mark: Vec<u32>,
    stamp: u32,
    /// The largest (raised) weight allowed, and edge indices freed by edits.
    limit: W,
    spare: Vec<u32>,
    /// How often each blossom step ran (the tests show the hard cases are reached).
    events: Events,
}

/// Counts of the blossom steps of one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Events {
    pub shrink: usize,
    /// Shrinks with a non-trivial blossom among the children.
    pub nested: usize,
    pub expand_inner: usize,
    /// Inner expansions with a non-trivial blossom among the children.
    pub expand_inner_nested: usize,
    pub expand_zero: usize,
    pub augment: usize,
}

impl<W: Weight> Solver<W> {
    /// The checked graph, an empty matching and the starting duals.
    fn new(n: usize, edges: &[(usize, usize, W)], mode: Mode, limit: W) -> Result<Self, MatchingError> {
        if n > MAX_VERTICES {
            return Err(MatchingError::TooManyVertices { vertices: n, max: MAX_VERTICES });
        }
        if edges.len() >= NO_EDGE as usize {
            return Err(MatchingError::TooManyEdges { edges: edges.len(), max: NO_EDGE as usize });
        }
        let mut adj = vec![NO_EDGE; n * n];
        let max_w = limit;
        for (i, &(u, v, w)) in edges.iter().enumerate() {
            for x in [u, v] {
                if x >= n {
                    return Err(MatchingError::VertexOutOfRange { edge: i, vertex: x, vertices: n });
                }
            }
            if u == v {
                return Err(MatchingError::Loop { edge: i, vertex: u });
            }
            if w < W::ZERO {
                return Err(MatchingError::Negative { edge: i });
            }
            if adj[u * n + v] != NO_EDGE {
                return Err(MatchingError::Duplicate { edge: i, first: adj[u * n + v] as usize, u, v });
            }
            adj[u * n + v] = i as u32;
            adj[v * n + u] = i as u32;
        }
        let shifted = mode == Mode::MaxCardinality;
        let too_wide = MatchingError::TooWide { vertices: n, shifted };
        let shift =
            if shifted { max_w.checked_mul_small(n / 2).and_then(|c| c.checked_add(W::ONE)).ok_or(too_wide.clone())? } else { W::ZERO };
        let top_w = max_w.checked_add(shift).ok_or(too_wide.clone())?;
        // The dual objective only falls, so every dual stays ≤ n · max w (doubled scale).
        top_w.checked_mul_small(2 * n + 2).ok_or(too_wide)?;
        let mut double = vec![W::ZERO; n * n];
        for &(u, v, w) in edges {
            let raised = w.add(shift);
            double[u * n + v] = raised.add(raised);
            double[v * n + u] = raised.add(raised);
        }
        let mut solver = Self::with_graph(n, edges.iter().map(|&(u, v, _)| (u, v)).collect(), double, adj, shift, top_w);
        solver.limit = top_w;
        Ok(solver)
    }

    fn with_graph(n: usize, ends: Vec<(usize, usize)>, double: Vec<W>, adj: Vec<u32>, shift: W, top_w: W) -> Self {
        let ids = 2 * n;
        let mut dual = vec![top_w; n];
        dual.resize(ids, W::ZERO);
        Solver {
            n,
            ends,
            double,
            adj,
            shift,
            dual,
            mate: vec![NONE; n],
            top: (0..n).collect(),
            parent: vec![NONE; ids],
            children: vec![Vec::new(); ids],
            links: vec![Vec::new(); ids],
            base: (0..ids).map(|b| if b < n { b } else { NONE }).collect(),
            is_top: (0..ids).map(|b| b < n).collect(),
            unused: (n..ids).rev().collect(),
            label: vec![Label::None; ids],
            tree_edge: vec![(NONE, NONE); ids],
            best_s: vec![NO_EDGE; n],
            between: vec![NO_EDGE; n * ids],
            best_of: vec![NO_EDGE; ids],
            best_s_slack: vec![W::ZERO; n],
            best_of_slack: vec![W::ZERO; ids],
            queue: Vec::new(),
            mark: vec![0; ids],
            stamp: 0,
            limit: top_w,
            spare: Vec::new(),
            events: Events::default(),
        }
    }

    /// Before the first stage of a solve from scratch: every vertex's dual falls to half the
    /// heaviest doubled weight (the least that keeps every edge covered, as all share one
    /// dual), and the tight edges are matched greedily ([`Solver::match_tight`]). On a round
    /// whose heaviest edges pair almost everyone (completion alone) the stages, O(n²) each,
    /// are then left only the few vertices the greedy pass could not match.
    fn jump_start(&mut self) {
        let live = (0..self.ends.len()).filter(|&e| {
            let (u, v) = self.ends[e];
            self.adj[u * self.n + v] == e as u32
        });
        let Some(top) = live.map(|e| self.double_of(e as u32)).max() else { return };
        let d = top.halve();
        if (0..self.n).all(|v| self.dual[v] > d) {
            self.dual[..self.n].fill(d);
        }
        self.match_tight();
    }

    /// Matches, greedily, free vertices in no blossom along edges of zero slack between
    /// them: the duals stay feasible and every matched edge tight, so the stages carry on
    /// from there (each match saves an O(n²) stage).
    fn match_tight(&mut self) {
        let n = self.n;
        for v in 0..n {
            if self.mate[v] != NONE || self.top[v] != v || self.dual[v] == W::ZERO {
                continue;
            }
            for x in 0..n {
                let e = self.adj[v * n + x];
                if e != NO_EDGE && self.mate[x] == NONE && self.top[x] == x && self.slack(e) == W::ZERO {
                    self.mate[v] = x;
                    self.mate[x] = v;
                    break;
                }
            }
        }
    }

    /// The slack of an edge between two top-level blossoms (no blossom dual counts).
    fn slack(&self, e: u32) -> W {
        let (u, v) = self.ends[e as usize];
        self.dual[u].add(self.dual[v]).sub(self.double[u * self.n + v])
    }

    /// The doubled (raised) weight of edge `e`.
    fn double_of(&self, e: u32) -> W {
        let (u, v) = self.ends[e as usize];
        self.double[u * self.n + v]
    }

    /// Whether blossom `b` holds vertex `x` (x's chain of parents reaches b).
    fn holds(&self, b: usize, x: usize) -> bool {
        let mut c = x;
        while c != NONE {
            if c == b {
                return true;
            }
            c = self.parent[c];
        }
        false
    }

    /// The vertices of blossom `b`, appended to `out`.
    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }

    /// One stage: true when it changed the matching (an augmentation, or a root's path
    /// flipped by δ1), false when no free vertex has a positive dual: the matching is optimal.
    fn stage(&mut self) -> bool {
        self.start_stage();
        loop {
            while let Some(v) = self.queue.pop() {
                self.scan(v);
            }
            let Some((delta, event)) = self.next_event() else { return false };
            self.move_duals(delta);
            let changed = match event {
                Event::Zero(v) => {
                    self.augment_tree(v, NONE);
                    true
                }
                Event::Grow(e) => self.grow(e),
                Event::Join(e) => self.join(e),
                Event::Expand(b) => {
                    self.expand_inner(b);
                    false
                }
            };
            if changed {
                self.end_stage();
                return true;
            }
        }
    }

    /// Clears the labels and tables, and makes the blossom of every free vertex whose dual is
    /// positive an S root. (From scratch all free vertices share one dual, the least, so they
    /// reach zero together and the search ends; after a warm edit ([`Matcher::set_edges`])
    /// they need not, and a free vertex whose dual is zero already meets its condition.)
    fn start_stage(&mut self) {
        self.label.fill(Label::None);
        self.tree_edge.fill((NONE, NONE));
        self.best_s.fill(NO_EDGE);
        self.best_of.fill(NO_EDGE);
        self.queue.clear();
        for v in 0..self.n {
            let b = self.top[v];
            if self.mate[v] == NONE && self.dual[v] > W::ZERO && self.label[b] == Label::None {
                self.make_s(b, (NONE, NONE));
            }
        }
    }

    /// Labels top-level blossom `b` S (reached through `edge`) and queues its vertices.
    fn make_s(&mut self, b: usize, edge: (usize, usize)) {
        self.label[b] = Label::S;
        self.tree_edge[b] = edge;
        self.best_of[b] = NO_EDGE;
        let mut vs = std::mem::take(&mut self.queue);
        self.leaves(b, &mut vs);
        self.queue = vs;
    }

    /// Records the edges of a new S vertex `v` in the least-slack tables.
    fn scan(&mut self, v: usize) {
        let n = self.n;
        let bv = self.top[v];
        for x in 0..n {
            let e = self.adj[v * n + x];
            if e == NO_EDGE {
                continue;
            }
            let bx = self.top[x];
            if bx == bv {
                continue;
            }
            // The weight read from v's row (not through the edge's index): a scan is the
            // solver's inner loop, and the row is contiguous.
            let slack = self.dual[v].add(self.dual[x]).sub(self.double[v * n + x]);
            if self.label[bx] == Label::S {
                self.offer(bv, bx, e, slack, true);
            } else if self.best_s[x] == NO_EDGE || slack < self.best_s_slack[x] {
                self.best_s[x] = e;
                self.best_s_slack[x] = slack;
            }
        }
    }

    /// Offers edge `e` (of slack `slack`) between the S blossoms `a` and `b` to their tables:
    /// the rows of those that are blossoms, and both least edges. An entry already there is
    /// kept if its slack is less and, with `check`, its edge still joins the two; within
    /// [`Solver::merge_rows`] (`check` false) the new blossom's entries were all written by
    /// the merge.
    fn offer(&mut self, a: usize, b: usize, e: u32, slack: W, check: bool) {
        let (n, ids) = (self.n, 2 * self.n);
        for (x, y) in [(a, b), (b, a)] {
            if x >= n {
                let at = (x - n) * ids + y;
                let old = self.between[at];
                if old == NO_EDGE || (check && !self.joins(old, x, y)) || slack < self.slack(old) {
                    self.between[at] = e;
                }
            }
        }
        for c in [a, b] {
            if self.best_of[c] == NO_EDGE || slack < self.best_of_slack[c] {
                self.best_of[c] = e;
                self.best_of_slack[c] = slack;
            }
        }
    }

    /// Whether edge `e` is in the graph and joins the top-level blossoms `a` and `b` (an entry
    /// of `between` from an earlier stage, or whose index an edit reused or a restore cut off,
    /// does not).
    fn joins(&self, e: u32, a: usize, b: usize) -> bool {
        let Some(&(u, v)) = self.ends.get(e as usize) else { return false };
        let (tu, tv) = (self.top[u], self.top[v]);
        self.adj[u * self.n + v] == e && ((tu == a && tv == b) || (tu == b && tv == a))
    }

    /// The least dual change and what it leads to; `None` when nothing can change (no free
    /// vertex is left).
    fn next_event(&self) -> Option<(W, Event)> {
        let mut best: Option<(W, Event)> = None;
        let mut offer = |delta: W, event: Event| {
            // Strictly less: on a tie the earlier kind wins, and δ1 ends the search.
            if best.as_ref().is_none_or(|(d, _)| delta < *d) {
                best = Some((delta, event));
            }
        };
        for v in 0..self.n {
            let label = self.label[self.top[v]];
            if label == Label::S {
                offer(self.dual[v], Event::Zero(v));
            }
        }
        for x in 0..self.n {
            let e = self.best_s[x];
            if self.label[self.top[x]] == Label::None && e != NO_EDGE {
                offer(self.best_s_slack[x], Event::Grow(e));
            }
        }
        for b in 0..2 * self.n {
            if !self.is_top[b] {
                continue;
            }
            if self.label[b] == Label::S && self.best_of[b] != NO_EDGE {
                offer(self.best_of_slack[b].halve(), Event::Join(self.best_of[b]));
            } else if self.label[b] == Label::T && b >= self.n {
                offer(self.dual[b].halve(), Event::Expand(b));
            }
        }
        best
    }

    /// Moves the duals by δ: S vertices down, T vertices up, S blossoms up by 2δ, T down.
    fn move_duals(&mut self, delta: W) {
        if delta == W::ZERO {
            return;
        }
        for v in 0..self.n {
            match self.label[self.top[v]] {
                Label::S => self.dual[v] = self.dual[v].sub(delta),
                Label::T => self.dual[v] = self.dual[v].add(delta),
                // Its least edge to an S vertex loses δ (a T vertex's keeps its slack).
                Label::None if self.best_s[v] != NO_EDGE => self.best_s_slack[v] = self.best_s_slack[v].sub(delta),
                Label::None => {}
            }
        }
        let twice = delta.add(delta);
        for b in 0..2 * self.n {
            if !self.is_top[b] {
                continue;
            }
            if self.label[b] == Label::S && self.best_of[b] != NO_EDGE {
                self.best_of_slack[b] = self.best_of_slack[b].sub(twice);
            }
            if b >= self.n {
                match self.label[b] {
                    Label::S => self.dual[b] = self.dual[b].add(twice),
                    Label::T => self.dual[b] = self.dual[b].sub(twice),
                    Label::None => {}
                }
            }
        }
    }

    /// The tight edge `e` from an S vertex reaches an unlabelled blossom: it becomes T, and
    /// the blossom its base is matched to becomes S; when its base is free (its dual is
    /// zero, after a warm edit), the path is augmenting instead (true).
    fn grow(&mut self, e: u32) -> bool {
        let (mut s, mut x) = self.ends[e as usize];
        if self.label[self.top[s]] != Label::S {
            std::mem::swap(&mut s, &mut x);
        }
        let bx = self.top[x];
        if self.mate[self.base[bx]] == NONE {
            self.augment_tree(s, x);
            self.augment_tree(x, s);
            self.events.augment += 1;
            return true;
        }
        self.label[bx] = Label::T;
        self.tree_edge[bx] = (s, x);
        let base = self.base[bx];
        let m = self.mate[base];
        self.make_s(self.top[m], (base, m));
        false
    }

    /// The S blossom above S blossom `b` in its tree (through its T parent), if any.
    fn grandparent(&self, b: usize) -> Option<usize> {
        let (outer, _) = self.tree_edge[b];
        if outer == NONE {
            return None;
        }
        let (s, _) = self.tree_edge[self.top[outer]];
        Some(self.top[s])
    }

    /// The tight edge `e` joins two S blossoms: a blossom when they share a tree (false), an
    /// augmentation when not (true).
    fn join(&mut self, e: u32) -> bool {
        let (u, v) = self.ends[e as usize];
        self.stamp += 1;
        let (mut a, mut b) = (Some(self.top[u]), Some(self.top[v]));
        while a.is_some() || b.is_some() {
            if let Some(x) = a {
                if self.mark[x] == self.stamp {
                    self.shrink(x, u, v);
                    return false;
                }
                self.mark[x] = self.stamp;
                a = self.grandparent(x);
            }
            std::mem::swap(&mut a, &mut b);
        }
        self.augment_tree(u, v);
        self.augment_tree(v, u);
        self.events.augment += 1;
        true
    }

    /// Shrinks the cycle through the tight edge `(u, v)` and the tree paths from both ends
    /// up to their common S blossom `apex` into a new S blossom.
    fn shrink(&mut self, apex: usize, u: usize, v: usize) {
        let id = self.unused.pop().expect("at most n/2 blossoms exist at once");
        let (mut kids, mut links) = (vec![apex], Vec::new());
        // Down from the apex to u's blossom: each tree edge is (vertex above, vertex below).
        let mut path = Vec::new();
        let mut b = self.top[u];
        while b != apex {
            path.push(b);
            b = self.top[self.tree_edge[b].0];
        }
        for &b in path.iter().rev() {
            kids.push(b);
            links.push(self.tree_edge[b]);
        }
        links.push((u, v));
        // Up from v's blossom to the apex: the tree edges reversed.
        let mut b = self.top[v];
        while b != apex {
            kids.push(b);
            let (above, below) = self.tree_edge[b];
            links.push((below, above));
            b = self.top[above];
        }
        self.base[id] = self.base[apex];
        self.dual[id] = W::ZERO;
        self.label[id] = Label::S;
        self.tree_edge[id] = self.tree_edge[apex];
        self.is_top[id] = true;
        self.merge_rows(id, &kids);
        self.events.shrink += 1;
        self.events.nested += kids.iter().any(|&c| c >= self.n) as usize;
        for &c in &kids {
            self.parent[c] = id;
            self.is_top[c] = false;
            if self.label[c] == Label::T {
                // Its vertices become S: scanned like any new S vertex.
                let mut vs = std::mem::take(&mut self.queue);
                self.leaves(c, &mut vs);
                self.queue = vs;
            }
        }
        self.children[id] = kids;
        self.links[id] = links;
        let mut vs = Vec::new();
        self.leaves(id, &mut vs);
        for &x in &vs {
            self.top[x] = id;
        }
    }

    /// The new blossom `id`'s row of least S–S slacks and its least edge: from its S
    /// children, a vertex's edges read from its row of the adjacency, a blossom's from its row
    /// of `between` (its T children's vertices are scanned next). Its vertices are not yet
    /// its own (`top`), so its entries are checked by slack alone, after clearing what an
    /// earlier blossom of the same id left.
    fn merge_rows(&mut self, id: usize, kids: &[usize]) {
        let (n, ids) = (self.n, 2 * self.n);
        self.best_of[id] = NO_EDGE;
        self.between[(id - n) * ids..(id - n + 1) * ids].fill(NO_EDGE);
        for b in 0..n {
            self.between[b * ids + id] = NO_EDGE;
        }
        self.stamp += 1;
        kids.iter().for_each(|&k| self.mark[k] = self.stamp);
        let outside = |s: &Self, c: usize| s.is_top[c] && s.label[c] == Label::S && c != id && s.mark[c] != s.stamp;
        for &k in kids {
            if self.label[k] != Label::S {
                continue;
            }
            if k < n {
                for x in 0..n {
                    let (e, c) = (self.adj[k * n + x], self.top[x]);
                    if e != NO_EDGE && outside(self, c) {
                        let slack = self.dual[k].add(self.dual[x]).sub(self.double[k * n + x]);
                        self.offer(id, c, e, slack, false);
                    }
                }
            } else {
                for c in 0..ids {
                    let e = self.between[(k - n) * ids + c];
                    if e != NO_EDGE && outside(self, c) && self.joins(e, k, c) {
                        let slack = self.slack(e);
                        self.offer(id, c, e, slack, false);
                    }
                }
            }
        }
    }

    /// Augments along the tree path from vertex `x` (now matched to `partner`, or left
    /// unmatched when `partner` is `NONE`) to its root.
    fn augment_tree(&mut self, x: usize, partner: usize) {
        let (mut x, mut partner) = (x, partner);
        loop {
            let b = self.top[x];
            let (outer, _) = self.tree_edge[b];
            self.rotate(b, x);
            self.mate[x] = partner;
            if outer == NONE {
                return;
            }
            // `outer` is the base of b's T parent; that blossom now leaves through the edge
            // it was reached by.
            let (s, t) = self.tree_edge[self.top[outer]];
            self.rotate(self.top[outer], t);
            self.mate[t] = s;
            x = s;
            partner = t;
        }
    }

    /// The child of blossom `b` that holds vertex `x`.
    fn child_holding(&self, b: usize, x: usize) -> usize {
        let mut c = x;
        while self.parent[c] != b {
            c = self.parent[c];
        }
        c
    }

    /// Child `j`'s neighbour one step along blossom `b`'s cycle (forward or back), and the
    /// edge between them as (vertex in child j, vertex in the neighbour).
    fn step(&self, b: usize, j: usize, forward: bool) -> (usize, (usize, usize)) {
        let k = self.children[b].len();
        if forward {
            ((j + 1) % k, self.links[b][j])
        } else {
            let (a, c) = self.links[b][j - 1];
            (j - 1, (c, a))
        }
    }

    /// Makes vertex `x` the base of blossom `b` (a vertex is its own): the matching inside
    /// changes along the even path of the cycle from x's child to the base child.
    fn rotate(&mut self, b: usize, x: usize) {
        if b < self.n {
            return;
        }
        let child = self.child_holding(b, x);
        self.rotate(child, x);
        let i = self.children[b].iter().position(|&c| c == child).expect("a child");
        if i != 0 {
            // The cycle is odd: from an odd child the way forward is even, else the way back.
            let forward = i % 2 == 1;
            let mut j = i;
            while j != 0 {
                let (j1, _) = self.step(b, j, forward);
                let (j2, (a, c)) = self.step(b, j1, forward);
                let (ka, kc) = (self.children[b][j1], self.children[b][j2]);
                self.rotate(ka, a);
                self.rotate(kc, c);
                self.mate[a] = c;
                self.mate[c] = a;
                j = j2;
            }
            self.children[b].rotate_left(i);
            self.links[b].rotate_left(i);
        }
        self.base[b] = x;
    }

    /// Makes the children of top-level blossom `b` top-level and forgets `b`.
    fn dissolve(&mut self, b: usize) -> Vec<usize> {
        let kids = std::mem::take(&mut self.children[b]);
        self.links[b].clear();
        let mut vs = Vec::new();
        for &c in &kids {
            self.parent[c] = NONE;
            self.is_top[c] = true;
            self.label[c] = Label::None;
            vs.clear();
            self.leaves(c, &mut vs);
            for &x in &vs {
                self.top[x] = c;
            }
        }
        self.is_top[b] = false;
        self.label[b] = Label::None;
        self.base[b] = NONE;
        self.unused.push(b);
        kids
    }

    /// Expands T blossom `b` (its dual is zero) mid-stage: the even path of its cycle from
    /// the child it was entered by to its base child stays in the tree, labelled T, S, …, T;
    /// the other children become unlabelled.
    fn expand_inner(&mut self, b: usize) {
        let (s, t) = self.tree_edge[b];
        let entry = self.child_holding(b, t);
        let j0 = self.children[b].iter().position(|&c| c == entry).expect("a child");
        let forward = j0 % 2 == 1;
        // The path, with the edge each child is reached by, before the cycle is forgotten.
        let mut path = vec![(entry, (s, t))];
        let mut j = j0;
        while j != 0 {
            let (j1, e1) = self.step(b, j, forward);
            let (j2, e2) = self.step(b, j1, forward);
            path.push((self.children[b][j1], e1));
            path.push((self.children[b][j2], e2));
            j = j2;
        }
        let kids = self.dissolve(b);
        self.events.expand_inner += 1;
        self.events.expand_inner_nested += kids.iter().any(|&c| c >= self.n) as usize;
        for (k, &(c, edge)) in path.iter().enumerate() {
            if k % 2 == 0 {
                self.label[c] = Label::T;
                self.tree_edge[c] = edge;
            } else {
                self.make_s(c, edge);
            }
        }
    }

    /// After an augmentation: top-level S blossoms whose dual is zero are expanded (and
    /// their children whose dual is zero, and so on), as Edmonds' algorithm does.
    fn end_stage(&mut self) {
        let zero: Vec<usize> =
            (self.n..2 * self.n).filter(|&b| self.is_top[b] && self.label[b] == Label::S && self.dual[b] == W::ZERO).collect();
        for b in zero {
            self.expand_zero(b);
        }
    }

    /// Expands blossom `b` and, recursively, its children whose dual is zero.
    fn expand_zero(&mut self, b: usize) {
        self.events.expand_zero += 1;
        for c in self.dissolve(b) {
            if c >= self.n && self.dual[c] == W::ZERO {
                self.expand_zero(c);
            }
        }
    }

    /// Each vertex's partner, `None` when unmatched.
    fn mates(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&m| (m != NONE).then_some(m)).collect()
    }

    /// The mates and the final duals.
    fn result(&self) -> Matching<W> {
        let mate = self.mates();
        let mut blossoms = Vec::new();
        for b in self.n..2 * self.n {
            if self.base[b] != NONE {
                let mut vertices = Vec::new();
                self.leaves(b, &mut vertices);
                vertices.sort_unstable();
                blossoms.push(BlossomDual { vertices, z: self.dual[b] });
            }
        }
        let duals = Duals { vertex: self.dual[..self.n].to_vec(), blossoms, shift: self.shift };
        Matching { mate, duals }
    }
}

/// Warm edits (after the algorithm of Galil 1986 §4, run from a dual solution that is
/// feasible but no longer tight everywhere).
impl<W: Weight> Solver<W> {
    /// The new edges at `v` are valid, and the duals keep their headroom after the edit.
    fn check_edit(&self, v: usize, edges: &[(usize, W)]) -> Result<(), MatchingError> {
        let n = self.n;
        if v >= n {
            return Err(MatchingError::NoSuchVertex { vertex: v, vertices: n });
        }
        let mut seen = vec![NONE; n];
        for (i, &(u, w)) in edges.iter().enumerate() {
            if u >= n {
                return Err(MatchingError::VertexOutOfRange { edge: i, vertex: u, vertices: n });
            }
            if u == v {
                return Err(MatchingError::Loop { edge: i, vertex: u });
            }
            if w < W::ZERO {
                return Err(MatchingError::Negative { edge: i });
            }
            if w.checked_add(self.shift).is_none_or(|w| w > self.limit) {
                return Err(MatchingError::AboveLimit { edge: i });
            }
            if seen[u] != NONE {
                return Err(MatchingError::Duplicate { edge: i, first: seen[u], u: v, v: u });
            }
            seen[u] = i;
        }
        // Every dual stays below the dual objective, which the edit raises by at most the
        // objective again (blossom duals moved onto vertices), 2 · limit and n (parity).
        let too_wide = MatchingError::TooWide { vertices: n, shifted: self.shift > W::ZERO };
        let mut objective = W::ZERO;
        for b in 0..2 * n {
            if b < n || self.base[b] != NONE {
                let mut sub = Vec::new();
                self.leaves(b, &mut sub);
                let times = if b < n { 1 } else { (sub.len() - 1) / 2 };
                let term = self.dual[b].checked_mul_small(times).ok_or(too_wide.clone())?;
                objective = objective.checked_add(term).ok_or(too_wide.clone())?;
            }
        }
        let bound = objective.checked_double().and_then(|o| o.checked_add(self.limit.checked_mul_small(2)?));
        let bound = bound.and_then(|b| b.checked_add(W::ONE.checked_mul_small(n)?));
        bound.and_then(|b| b.checked_mul_small(4)).ok_or(too_wide)?;
        Ok(())
    }

    /// Whether `edges` only removes edges at `v` that no optimal structure needs: each kept
    /// edge is there with its weight, v's matched edge (if any) is kept, and v is in no
    /// non-trivial blossom (so none of its edges is a blossom's link). Removing edges then
    /// leaves the duals feasible and the matching tight: still optimal, with no search.
    fn only_removes(&self, v: usize, edges: &[(usize, W)]) -> bool {
        let n = self.n;
        if self.top[v] != v || self.parent[v] != NONE {
            return false;
        }
        let same = |&(u, w): &(usize, W)| {
            let e = self.adj[v * n + u];
            e != NO_EDGE && self.double[v * n + u] == w.add(self.shift).add(w.add(self.shift))
        };
        let m = self.mate[v];
        edges.iter().all(same) && (m == NONE || edges.iter().any(|&(u, _)| u == m))
    }

    /// Removes the edges at `v` and adds `edges` (checked) with doubled, raised weights.
    fn replace_edges(&mut self, v: usize, edges: &[(usize, W)]) {
        let n = self.n;
        for x in 0..n {
            let e = self.adj[v * n + x];
            if e != NO_EDGE {
                self.adj[v * n + x] = NO_EDGE;
                self.adj[x * n + v] = NO_EDGE;
                self.spare.push(e);
            }
        }
        for &(u, w) in edges {
            let raised = w.add(self.shift);
            let e = match self.spare.pop() {
                Some(e) => {
                    self.ends[e as usize] = (v, u);
                    e
                }
                None => {
                    self.ends.push((v, u));
                    (self.ends.len() - 1) as u32
                }
            };
            self.double[v * n + u] = raised.add(raised);
            self.double[u * n + v] = raised.add(raised);
            self.adj[v * n + u] = e;
            self.adj[u * n + v] = e;
        }
    }

    /// Frees `v` and its mate and makes the duals feasible for v's new edges: v's blossoms
    /// are expanded ([`Solver::open`]), v's dual rises to cover its new edges, and so do
    /// the blossoms of every vertex freed, so that each freed vertex's dual can be made even
    /// (raising a free vertex in no blossom loosens only its own edges): then all free
    /// vertices with a positive dual share a parity, which keeps S–S slacks even.
    fn free_vertex(&mut self, v: usize) {
        let mut freed = vec![v];
        self.open(v, &mut freed);
        let m = self.mate[v];
        if m != NONE {
            self.mate[v] = NONE;
            self.mate[m] = NONE;
            freed.push(m);
        }
        self.cover_edges(v);
        let mut i = 0;
        while i < freed.len() {
            self.open(freed[i], &mut freed);
            i += 1;
        }
        for x in freed {
            if self.dual[x].halve().add(self.dual[x].halve()) != self.dual[x] {
                self.dual[x] = self.dual[x].add(W::ONE);
            }
        }
    }

    /// Expands every blossom holding `x`, outermost first, each with its dual moved onto its
    /// vertices (`z/2` each: the edges inside keep their sums, those leaving loosen, so the
    /// base's matched edge is undone and its ends added to `freed`; a free base's dual
    /// changed too, so it is added as well).
    fn open(&mut self, x: usize, freed: &mut Vec<usize>) {
        while self.top[x] != x {
            let b = self.top[x];
            let z = self.dual[b];
            if z > W::ZERO {
                let half = z.halve();
                let mut vs = Vec::new();
                self.leaves(b, &mut vs);
                for &y in &vs {
                    self.dual[y] = self.dual[y].add(half);
                }
                // The base is free now, or was already (its dual rose all the same).
                let base = self.base[b];
                let m = self.mate[base];
                freed.push(base);
                if m != NONE {
                    self.mate[base] = NONE;
                    self.mate[m] = NONE;
                    freed.push(m);
                }
            }
            self.dual[b] = W::ZERO;
            self.dissolve(b);
        }
    }

    /// Raises `v`'s dual (v is in no blossom) until every edge at v has slack ≥ 0.
    fn cover_edges(&mut self, v: usize) {
        let n = self.n;
        for x in 0..n {
            let e = self.adj[v * n + x];
            if e == NO_EDGE {
                continue;
            }
            let need = self.double[v * n + x];
            let have = self.dual[v].add(self.dual[x]);
            if have < need {
                self.dual[v] = self.dual[v].add(need.sub(have));
            }
        }
    }
}

#[cfg(test)]
#[path = "matching_tests.rs"]
mod tests;
