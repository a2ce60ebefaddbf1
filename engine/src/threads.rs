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

/// Pieces `0..n` made by `make` into a buffer and handed to `take` in their order; the first
/// error, of either, is returned and no piece after it is taken. Where [`parallel`] says so, a
/// second thread makes the odd pieces while this one makes the even ones and takes every piece
/// in turn, so `take` sees the same bytes in the same order either way; at most four pieces are
/// held at once (the second thread runs at most two ahead, and may have made one or two more
/// after an error, which are dropped), their buffers used again.
pub fn alternate<E: Send>(
    n: usize,
    make: impl Fn(usize, &mut Vec<u8>) -> Result<(), E> + Sync,
    mut take: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut own = Vec::new();
    #[cfg(not(target_arch = "wasm32"))]
    if parallel() && n > 1 {
        return std::thread::scope(|scope| {
            let (made, ready) = std::sync::mpsc::sync_channel::<Result<Vec<u8>, E>>(1);
            let (back, spare) = std::sync::mpsc::sync_channel::<Vec<u8>>(2);
            let make = &make;
            let second = scope.spawn(move || {
                for k in (1..n).step_by(2) {
                    let mut buffer = spare.try_recv().unwrap_or_default();
                    buffer.clear();
                    // A send fails once this thread's pieces are no longer wanted.
                    if made.send(make(k, &mut buffer).map(|()| buffer)).is_err() {
                        return;
                    }
                }
            });
            let mut taken = Ok(());
            for k in 0..n {
                let piece = if k % 2 == 0 {
                    own.clear();
                    make(k, &mut own).and_then(|()| take(&own))
                } else {
                    // No piece only when the second thread panicked: its join says so below.
                    let Ok(piece) = ready.recv() else { break };
                    piece.and_then(|buffer| {
                        let done = take(&buffer);
                        let _ = back.try_send(buffer);
                        done
                    })
                };
                if piece.is_err() {
                    taken = piece;
                    break;
                }
            }
            drop(ready);
            match second.join() {
                Ok(()) => taken,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
    }
    for k in 0..n {
        own.clear();
        make(k, &mut own)?;
        take(&own)?;
    }
    Ok(())
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

    #[test]
    fn pieces_made_in_turn_are_taken_in_order_on_two_threads_and_on_one() {
        let make = |k: usize, out: &mut Vec<u8>| -> Result<(), String> {
            out.extend(std::iter::repeat_n(k as u8, 1 + k % 5));
            Ok(())
        };
        let expected: Vec<u8> = (0..101u8).flat_map(|k| std::iter::repeat_n(k, 1 + usize::from(k) % 5)).collect();
        let collect = || {
            let mut got = Vec::new();
            alternate(101, make, |piece| {
                got.extend_from_slice(piece);
                Ok::<(), String>(())
            })
            .map(|()| got)
        };
        assert_eq!(collect(), Ok(expected.clone()));
        assert_eq!(one_thread(collect), Ok(expected));
    }

    #[test]
    fn the_first_error_in_making_or_taking_stops_the_pieces() {
        let make = |k: usize, out: &mut Vec<u8>| {
            if k == 7 {
                Err(format!("made {k}"))
            } else {
                out.push(k as u8);
                Ok(())
            }
        };
        let mut got = Vec::new();
        let made = alternate(20, make, |piece| {
            got.extend_from_slice(piece);
            Ok(())
        });
        assert_eq!(made, Err("made 7".to_string()));
        assert_eq!(got, (0..7).collect::<Vec<u8>>());
        let mut taken = 0;
        let stop = alternate(20, make, |_| {
            if taken == 4 {
                Err("taken 4".to_string())
            } else {
                taken += 1;
                Ok(())
            }
        });
        assert_eq!(stop, Err("taken 4".to_string()));
    }
}
