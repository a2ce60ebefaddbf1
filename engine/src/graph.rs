//! The graph algorithms on schedules, one copy each: union–find and connected components
//! (groups of players that met, directly or through common opponents) and Tarjan's strongly
//! connected components (the diagnosis's tiers of "i scored against j").

/// Disjoint sets over `0..n`, with path halving. A union keeps the smaller root, so a set's
/// root is its smallest member and the results do not depend on the order of the unions.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n).collect() }
    }

    /// The root of `x`'s set (its smallest member).
    pub fn find(&mut self, mut x: usize) -> usize {
        let p = &mut self.parent;
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (x, y) = (self.find(a), self.find(b));
        if x != y {
            self.parent[x.max(y)] = x.min(y);
        }
    }
}

/// The connected components of `0..n` under the undirected `edges`, each in increasing
/// order, in the order of their smallest members (a node without edges is a component).
pub fn connected_components(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut sets = UnionFind::new(n);
    for (a, b) in edges {
        sets.union(a, b);
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut slot = vec![usize::MAX; n];
    for i in 0..n {
        let r = sets.find(i);
        if slot[r] == usize::MAX {
            slot[r] = out.len();
            out.push(Vec::new());
        }
        out[slot[r]].push(i);
    }
    out
}

/// Strongly connected components of the directed graph on `0..nodes` with the out-neighbours
/// `out(v)`: per node its component, and the number of components. Tarjan's algorithm,
/// iterative so that deep graphs (a long chain of results) cannot overflow the stack.
/// Components are numbered in reverse topological order: with an edge from `i` to `j` and no
/// path back, `j`'s component is numbered first.
pub fn strong_components<'a>(nodes: usize, out: impl Fn(usize) -> &'a [usize]) -> (Vec<usize>, usize) {
    const UNSET: usize = usize::MAX;
    let n = nodes;
    let (mut index, mut low, mut comp) = (vec![UNSET; n], vec![0; n], vec![UNSET; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut call): (Vec<usize>, Vec<(usize, usize)>) = (Vec::new(), Vec::new());
    let (mut counter, mut count) = (0, 0);
    for start in 0..n {
        if index[start] != UNSET {
            continue;
        }
        // The node to enter next: the start, then each newly found out-neighbour.
        let mut enter = Some(start);
        loop {
            if let Some(v) = enter.take() {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
                call.push((v, 0));
            }
            let Some(&mut (v, ref mut pos)) = call.last_mut() else { break };
            if let Some(&w) = out(v).get(*pos) {
                *pos += 1;
                if index[w] == UNSET {
                    enter = Some(w);
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = count;
                        if w == v {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
    }
    (comp, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_find_roots_are_smallest_members() {
        let mut sets = UnionFind::new(6);
        sets.union(4, 2);
        sets.union(5, 4);
        sets.union(3, 1);
        assert_eq!((0..6).map(|i| sets.find(i)).collect::<Vec<_>>(), vec![0, 1, 2, 1, 2, 2]);
        assert_eq!(connected_components(6, [(4, 2), (5, 4), (3, 1)]), vec![vec![0], vec![1, 3], vec![2, 4, 5]]);
        assert!(connected_components(0, []).is_empty());
    }

    /// The strong components of the graph with these adjacency lists, numbered as expected.
    fn check(adj: &[Vec<usize>], expected: &[usize]) {
        let (comp, count) = strong_components(adj.len(), |v| &adj[v]);
        assert_eq!(comp, expected, "{adj:?}");
        assert_eq!(count, expected.iter().max().map_or(0, |m| m + 1));
    }

    #[test]
    fn strong_components_in_reverse_topological_order() {
        check(&[], &[]);
        check(&[vec![]], &[0]);
        // 0 ⇄ 1 beat 2 ⇄ 3: the beaten pair is numbered first.
        check(&[vec![1, 2], vec![0, 3], vec![3], vec![2]], &[1, 1, 0, 0]);
        // A cycle 0 → 1 → 2 → 0, and 3 → 0 alone above it.
        check(&[vec![1], vec![2], vec![0], vec![0]], &[0, 0, 0, 1]);
        // Two nodes without edges: each its own component, in order.
        check(&[vec![], vec![]], &[0, 1]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000;
        let adj: Vec<Vec<usize>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![] }).collect();
        let (comp, count) = strong_components(n, |v| &adj[v]);
        assert_eq!(count, n);
        assert!(comp.iter().enumerate().all(|(i, &c)| c == n - 1 - i));
    }
}
