//! Each game side's score in WHR's arrays, a byte a side where the scores take few values.
//!
//! Why: the scores of a history are nearly always 1, ½ and 0 (win, draw, loss), and a side's
//! score as an `f64` was 8 of the 20 bytes a game side held in the solve (16 MB of a million
//! games' 2,000,000 sides, issue 40's target of 4 × the file). A byte indexing a table of the
//! values the history has gives the same `f64`, bit for bit; a history of more than 256
//! distinct scores keeps them as they are.

/// The scores of every game side, in the order of the sides.
#[derive(Clone, Debug)]
pub enum Scores {
    /// Each side's score as the index of its value in `value` (the distinct scores, at most
    /// 256; the rest of the table 0, never indexed).
    Coded { code: Vec<u8>, value: Box<[f64; 256]> },
    /// Each side's score as it is (more than 256 distinct scores).
    Plain(Vec<f64>),
}

impl Scores {
    /// `scores` coded where they take at most 256 values (compared bit for bit, so that each
    /// reads back as it was given).
    pub fn of(scores: Vec<f64>) -> Scores {
        let mut value = Box::new([0.0f64; 256]);
        let mut distinct = 0usize;
        let mut code = Vec::with_capacity(scores.len());
        for &s in &scores {
            // The table is searched from its start: histories have two or three values. (A
            // history of some hundred distinct scores costs a few hundred comparisons a side,
            // a tenth of a second on a million games, once a fit.)
            let found = value[..distinct].iter().position(|v| v.to_bits() == s.to_bits());
            let c = match found {
                Some(c) => c,
                None if distinct < 256 => {
                    value[distinct] = s;
                    distinct += 1;
                    distinct - 1
                }
                None => return Scores::Plain(scores),
            };
            code.push(c as u8);
        }
        Scores::Coded { code, value }
    }

    /// Side `k`'s score.
    #[inline]
    pub fn get(&self, k: usize) -> f64 {
        match self {
            Scores::Coded { code, value } => value[code[k] as usize],
            Scores::Plain(s) => s[k],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_scores_are_coded_and_read_back_bit_for_bit() {
        let given = vec![1.0, 0.5, 0.0, -0.0, 0.5, 1.0, 0.25, 0.75];
        let scores = Scores::of(given.clone());
        assert!(matches!(scores, Scores::Coded { .. }));
        let read: Vec<u64> = (0..given.len()).map(|k| scores.get(k).to_bits()).collect();
        assert_eq!(read, given.iter().map(|s| s.to_bits()).collect::<Vec<_>>());
    }

    #[test]
    fn more_than_256_distinct_scores_are_kept_as_they_are() {
        let given: Vec<f64> = (0..600).map(|k| (k % 257) as f64 / 256.0).collect();
        let scores = Scores::of(given.clone());
        assert!(matches!(scores, Scores::Plain(_)));
        assert!((0..given.len()).all(|k| scores.get(k).to_bits() == given[k].to_bits()));
        let most: Vec<f64> = (0..600).map(|k| (k % 256) as f64 / 256.0).collect();
        let coded = Scores::of(most.clone());
        assert!(matches!(coded, Scores::Coded { .. }), "256 distinct scores fit a byte");
        assert!((0..most.len()).all(|k| coded.get(k).to_bits() == most[k].to_bits()));
    }
}
