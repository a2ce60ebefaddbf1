//! A small seeded random source for the simulation lab: SplitMix64 (the compare module's
//! shuffles use the same generator), uniform numbers in [0, 1) from its top 53 bits, and
//! normal ones by Box–Muller. The same seed gives the same numbers natively and in wasm: only
//! integer arithmetic and IEEE operations whose results are exactly specified (`ln`, `cos`
//! and `sqrt` of the same inputs; see [`Random::normal`]).

use crate::compare::order::SplitMix64;

pub struct Random {
    bits: SplitMix64,
    /// Box–Muller gives two normals at a time; the second is kept for the next call.
    spare: Option<f64>,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { bits: SplitMix64::new(seed), spare: None }
    }

    /// The generator for repetition `r` of a run seeded `seed`: independent streams, the same
    /// for a repetition whatever else is run.
    pub fn stream(seed: u64, r: u64) -> Random {
        let mut mix = SplitMix64::new(seed ^ r.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Random::new(mix.next_u64())
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.bits.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.bits.below(n)
    }

    /// Standard normal (Box–Muller). `ln`, `sqrt` and `cos` are not correctly rounded on every
    /// platform, so a normal may differ in its last bit between a native build and wasm; the
    /// lab's results are compared to 1e-9, not bit for bit.
    pub fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        let u = 1.0 - self.unit(); // (0, 1]: ln is finite
        let v = self.unit();
        let r = (-2.0 * u.ln()).sqrt();
        let angle = 2.0 * std::f64::consts::PI * v;
        self.spare = Some(r * angle.sin());
        r * angle.cos()
    }

    /// Standard Gumbel, `−ln(−ln U)`: the largest of `s_i` plus one each is player `i` with
    /// probability `e^(s_i) / Σ e^(s_j)`, so sorting by it draws a Plackett–Luce ranking.
    /// Always finite: `−ln U` is kept above the least positive number.
    pub fn gumbel(&mut self) -> f64 {
        let e = -(1.0 - self.unit()).ln(); // [0, 37]: 1 − unit() is in (0, 1]
        -e.max(f64::MIN_POSITIVE).ln()
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
