//! Two pieces of work at once: on two threads natively (`std::thread::scope`), one after the
//! other in the browser's wasm, which has no threads here. What runs this way gives the same
//! result either way, to the bit: each piece is computed whole by one thread, in its own order,
//! and the pieces are put together in a fixed order; only when they run differs.

/// Whether [`join`] runs its two pieces at once (natively, with a second core, outside
/// [`one_thread`]): where it does not, the callers take their one-thread way.
pub fn parallel() -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        static CORES: OnceLock<bool> = OnceLock::new();
        let cores = *CORES.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1));
        cores && !ONE.with(|one| one.get())
    }
    #[cfg(target_arch = "wasm32")]
    false
}

#[cfg(not(target_arch = "wasm32"))]
std::thread_local! {
    /// Set inside [`one_thread`]: every [`join`] on this thread runs its pieces in turn.
    static ONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f()` with every [`join`] inside it run on this thread alone: what the tests compare the
/// threads' results with.
pub fn one_thread<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let before = ONE.with(|one| one.replace(true));
        let value = f();
        ONE.with(|one| one.set(before));
        value
    }
    #[cfg(target_arch = "wasm32")]
    f()
}

/// `(a(), b())`, the two run at once where [`parallel`] says so (`b` on a second thread), else
/// (and inside [`one_thread`]) `a` then `b`. A panic in either is the caller's, as if they had
/// run in turn.
pub fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(not(target_arch = "wasm32"))]
    if parallel() {
        return std::thread::scope(|scope| {
            let second = scope.spawn(b);
            let first = a();
            match second.join() {
                Ok(second) => (first, second),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
    }
    (a(), b())
}

/// Work on fewer items than this (players, pairs, games) is done on one thread: starting a
/// thread costs some tens of microseconds, which a small league's whole fit may take.
pub const LARGE: usize = 1 << 16;

/// [`join`] when the work is on at least [`LARGE`] items, else `a` then `b`.
pub fn join_large<A: Send, B: Send>(items: usize, a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    if items >= LARGE {
        join(a, b)
    } else {
        (a(), b())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_pieces_run_and_come_back_in_order() {
        let v: Vec<u64> = (0..10_000).collect();
        let (left, right) = join(|| v[..5_000].iter().sum::<u64>(), || v[5_000..].iter().sum::<u64>());
        assert_eq!((left, right), ((0..5_000).sum(), (5_000..10_000).sum()));
    }
}
