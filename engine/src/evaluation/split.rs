//! The games split by time for [`super::evaluate`] and [`super::tune`]: the folds of a single
//! split or of a rolling origin ([`Splits`]), and the bound on the rolling blocks.
//!
//! The games are put in time order by date when every game has one, else by round, else in
//! input order; an input of multi-player events only is split by event, in input order.
//! The baselines ([`super::baseline`]) are scored on the same folds as the methods.

use crate::error::SettingError;
use crate::methods::sequential::game_order;
use crate::model::Dataset;

/// One fold: the earlier games (or events) fit, and those predicted, by index.
pub type Fold = (Vec<usize>, Vec<usize>);

/// The most blocks of a rolling origin: each block is a whole fit of every method on all the
/// games before it, so blocks multiply the time by their number (the app offers up to 50).
pub const MAX_ROLLING: usize = 1_000;

/// Refuses a rolling origin of more blocks than [`MAX_ROLLING`] (or none), naming the limit.
pub fn check_rolling(rolling: usize) -> Result<(), SettingError> {
    match rolling {
        1..=MAX_ROLLING => Ok(()),
        _ => Err(SettingError::OutOfRange {
            setting: "--rolling",
            value: rolling.to_string(),
            expected: format!("1 to {MAX_ROLLING} blocks (each block fits every method again on all the games before it)"),
        }),
    }
}

/// The folds of a split by time, made as they are used ([`Splits::fold`], [`Splits::iter`]):
/// only the time order is kept, and each fold's indices are made when it is fit, so a rolling
/// origin of many blocks holds one fold at a time, not every fold's copy of the earlier games.
#[derive(Clone, Debug)]
pub struct Splits {
    /// Game (or event) indices in time order.
    order: Vec<usize>,
    /// Where the held-out share starts in `order`, and its length.
    start: usize,
    held: usize,
    /// Blocks of the rolling origin: at most the held-out games (a block has one at least).
    blocks: usize,
}

impl Splits {
    /// The number of folds (0 when nothing is held out).
    pub fn len(&self) -> usize {
        if self.held == 0 {
            0
        } else {
            self.blocks
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where fold `k`'s predicted games start in the time order.
    fn cut(&self, k: usize) -> usize {
        self.start + self.held * k / self.blocks
    }

    /// Fold `k`: the earlier games (in input order) and those predicted (in time order).
    pub fn fold(&self, k: usize) -> Fold {
        let mut train = self.order[..self.cut(k)].to_vec();
        train.sort_unstable();
        (train, self.order[self.cut(k)..self.cut(k + 1)].to_vec())
    }

    /// The folds in turn, each made when it is reached.
    pub fn iter(&self) -> impl Iterator<Item = Fold> + '_ {
        (0..self.len()).map(|k| self.fold(k))
    }

    /// Games predicted in all (each once).
    pub fn predicted(&self) -> usize {
        self.held
    }

    /// Games the first fold learns from.
    pub fn first_training(&self) -> usize {
        if self.is_empty() {
            0
        } else {
            self.start
        }
    }
}

/// The folds of `data` split by time: (earlier games, games predicted); for an input of
/// multi-player events only, the event indices (in input order). `rolling` blocks, at most
/// the games held out and [`MAX_ROLLING`].
pub fn splits(data: &Dataset, holdout: f64, rolling: usize) -> (Splits, &'static str) {
    let (order, how) = match events_only(data) {
        true => ((0..data.events.len()).collect(), "input order"),
        false => game_order(&data.games, true),
    };
    let n = order.len();
    let held = ((n as f64 * holdout.clamp(0.0, 1.0)).round() as usize).min(n);
    let blocks = rolling.clamp(1, held.clamp(1, MAX_ROLLING));
    (Splits { order, start: n - held, held, blocks }, how)
}

/// Whether the input is multi-player events and no two-player games (multiplayer Elo's).
pub fn events_only(data: &Dataset) -> bool {
    data.games.is_empty() && !data.events.is_empty()
}
