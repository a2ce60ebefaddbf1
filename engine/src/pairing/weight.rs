//! Edge weights and dual variables for the maximum-weight matching ([`super::matching`]).
//!
//! The Dutch system's edge weight (FIDE Handbook C.04.3, the quality criteria C.5–C.21 in
//! their order, encoded as bit fields: `docs/pairing.md` §3) is a few hundred bits wide
//! (304 to 398 bits a round on the 400-player, 11-round benchmark), so `u128` is too narrow.
//! [`Wide`] is an unsigned integer of `L` 64-bit limbs (`Wide<16>` = 1024 bits; a round
//! takes `Wide<2>` to `Wide<32>`, as wide as it needs); the matching is generic over
//! [`Weight`], which `u64`, `u128`, `i64` and `i128` implement too, so the tests can run one
//! graph with every type.
//!
//! The matching needs only unsigned quantities: weights are ≥ 0 (it refuses others), and
//! with the primal–dual method of Edmonds as Galil (ACM Computing Surveys 18, 1986) states it,
//! every vertex dual, blossom dual and slack stays ≥ 0 (maximum cardinality is maximum weight
//! on raised weights, so in both modes). So the trait
//! has exactly what the algorithm does: zero, add, subtract (never below zero), compare,
//! halve (δ = slack / 2), and the checked addition used once to see that a graph's weights
//! leave the headroom the duals need. `add` and `sub` overflow-check in debug builds and
//! tests (a failed check is a bug in the matching, not bad input: input is checked first).

use std::fmt::Debug;

/// What the matching computes with: an ordered, copyable unsigned-style integer.
pub trait Weight: Copy + Ord + Debug {
    /// The additive identity.
    const ZERO: Self;
    /// One (the least raise that makes a heavier matching a larger one).
    const ONE: Self;
    /// `self + other`, or `None` when it does not fit (the input check).
    fn checked_add(self, other: Self) -> Option<Self>;
    /// `self + other`; overflow is a bug (checked in debug builds).
    fn add(self, other: Self) -> Self;
    /// `self - other` with `other ≤ self`; a negative result is a bug (checked in debug).
    fn sub(self, other: Self) -> Self;
    /// `⌊self / 2⌋` (the matching halves only even numbers).
    fn halve(self) -> Self;
    /// `self + self`, or `None` when it does not fit.
    fn checked_double(self) -> Option<Self> {
        self.checked_add(self)
    }
    /// `self × k`, or `None` when it does not fit (double and add: no multiplication needed).
    fn checked_mul_small(self, k: usize) -> Option<Self> {
        let (mut acc, mut base, mut k) = (Self::ZERO, self, k);
        while k > 0 {
            if k & 1 == 1 {
                acc = acc.checked_add(base)?;
            }
            k >>= 1;
            if k > 0 {
                base = base.checked_double()?;
            }
        }
        Some(acc)
    }
}

/// The primitive integers: debug builds check `+` and `-` already, so the plain operators.
macro_rules! primitive_weight {
    ($($t:ty),*) => {$(
        impl Weight for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn checked_add(self, other: Self) -> Option<Self> {
                <$t>::checked_add(self, other)
            }
            fn add(self, other: Self) -> Self {
                self + other
            }
            fn sub(self, other: Self) -> Self {
                debug_assert!(other <= self, "matching: {self} - {other} would go below zero");
                self - other
            }
            fn halve(self) -> Self {
                self / 2
            }
        }
    )*};
}
primitive_weight!(u64, u128, i64, i128);

/// An unsigned integer of `L` 64-bit limbs, least significant first (`Wide<16>`: 1024 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> Wide<L> {
    /// The number whose limbs are `limbs`, least significant first.
    pub const fn from_limbs(limbs: [u64; L]) -> Self {
        Wide(limbs)
    }

    /// A small number.
    pub fn from_u64(x: u64) -> Self {
        let mut limbs = [0; L];
        if L > 0 {
            limbs[0] = x;
        }
        Wide(limbs)
    }

    /// `x · 2^k`, or `None` when it does not fit.
    pub fn shifted(x: u64, k: usize) -> Option<Self> {
        let (limb, bit) = (k / 64, k % 64);
        let wide = (x as u128) << bit;
        let (lo, hi) = (wide as u64, (wide >> 64) as u64);
        if limb >= L || (hi != 0 && limb + 1 >= L) {
            return (x == 0).then_some(Wide([0; L]));
        }
        let mut limbs = [0u64; L];
        limbs[limb] = lo;
        if hi != 0 {
            limbs[limb + 1] = hi;
        }
        Some(Wide(limbs))
    }

    /// `self + other` and the carry out of the top limb.
    fn overflowing_add(self, other: Self) -> (Self, bool) {
        let mut out = [0u64; L];
        let mut carry = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            *limb = s;
            carry = c1 | c2;
        }
        (Wide(out), carry)
    }

    /// `self - other` and the borrow out of the top limb.
    fn overflowing_sub(self, other: Self) -> (Self, bool) {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            *limb = d;
            borrow = b1 | b2;
        }
        (Wide(out), borrow)
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // The most significant limb that differs decides.
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Debug for Wide<L> {
    /// Hexadecimal, most significant limb first, leading zero limbs left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let top = self.0.iter().rposition(|&x| x != 0).unwrap_or(0);
        write!(f, "0x")?;
        for (i, limb) in self.0[..=top.min(L.saturating_sub(1))].iter().rev().enumerate() {
            if i == 0 {
                write!(f, "{limb:x}")?;
            } else {
                write!(f, "_{limb:016x}")?;
            }
        }
        Ok(())
    }
}

impl<const L: usize> Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const ONE: Self = {
        let mut limbs = [0; L];
        limbs[0] = 1;
        Wide(limbs)
    };
    fn checked_add(self, other: Self) -> Option<Self> {
        match self.overflowing_add(other) {
            (sum, false) => Some(sum),
            (_, true) => None,
        }
    }
    fn add(self, other: Self) -> Self {
        let (sum, carry) = self.overflowing_add(other);
        debug_assert!(!carry, "matching: a wide addition overflowed");
        sum
    }
    fn sub(self, other: Self) -> Self {
        let (diff, borrow) = self.overflowing_sub(other);
        debug_assert!(!borrow, "matching: a wide subtraction went below zero");
        diff
    }
    fn halve(self) -> Self {
        let mut out = [0u64; L];
        for (i, limb) in out.iter_mut().enumerate() {
            // The bit that falls from the limb above.
            let high = if i + 1 < L { self.0[i + 1] << 63 } else { 0 };
            *limb = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wide arithmetic agrees with `u128` on numbers that cross the limb boundary.
    #[test]
    fn wide_agrees_with_u128() {
        let to = |x: u128| Wide::<2>([x as u64, (x >> 64) as u64]);
        let xs = [0u128, 1, 2, u64::MAX as u128, (u64::MAX as u128) + 1, 3 << 70, (1 << 127) - 1, 12345 << 63];
        for &a in &xs {
            assert_eq!(to(a).halve(), to(a / 2));
            for &b in &xs {
                assert_eq!(to(a).cmp(&to(b)), a.cmp(&b), "{a} vs {b}");
                assert_eq!(to(a).checked_add(to(b)), a.checked_add(b).map(to));
                if b <= a {
                    assert_eq!(to(a).sub(to(b)), to(a - b));
                }
            }
        }
        assert_eq!(to(7).checked_mul_small(5), Some(to(35)));
        assert_eq!(to(1 << 126).checked_mul_small(2), Some(to(1 << 127)));
        assert_eq!(to(1 << 126).checked_mul_small(4), None);
        assert_eq!(format!("{:?}", to((1 << 64) + 10)), "0x1_000000000000000a");
    }
}
