//! Display scales. Only rating differences carry meaning; a scale is a linear map of the
//! log-strength `r = ln x`: `R = f · r + c`, with `f = 400 / ln 10` for the Elo-like scale
//! (a 400-point gap is 10:1 odds) or `f = 1` for the natural one, and `c` chosen by the user.

use serde::{Deserialize, Serialize};

/// The Elo-like factor `400 / ln 10 ≈ 173.72`.
pub const ELO_FACTOR: f64 = 400.0 / std::f64::consts::LN_10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScaleKind {
    /// `400 / ln 10 · r + c`.
    Elo,
    /// The log-strength itself, `r + c`.
    Natural,
}

impl ScaleKind {
    /// Every scale, in the order a menu or the command line's help lists them.
    pub const ALL: [ScaleKind; 2] = [ScaleKind::Elo, ScaleKind::Natural];

    /// The name in flags and JSON: `elo`, `natural`.
    pub fn name(self) -> &'static str {
        match self {
            ScaleKind::Elo => "elo",
            ScaleKind::Natural => "natural",
        }
    }

    /// The scale for a menu.
    pub fn label(self) -> &'static str {
        match self {
            ScaleKind::Elo => "Elo-like: 400/ln 10 · r, mean 1500",
            ScaleKind::Natural => "Natural: the log-strength r, mean 0",
        }
    }
}

impl std::fmt::Display for ScaleKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ScaleKind {
    type Err = crate::error::NameError;

    fn from_str(s: &str) -> Result<ScaleKind, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "elo" => Ok(ScaleKind::Elo),
            "natural" => Ok(ScaleKind::Natural),
            _ => Err(crate::error::NameError::Unknown { what: "scale", name: s.into(), expected: "elo or natural".into() }),
        }
    }
}

/// Where the scale's zero lies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offset {
    /// The mean rating of each rated group is this value.
    Mean(f64),
    /// The named player gets this rating.
    Anchor { player: String, rating: f64 },
    /// No shift (`c = 0`): the scale old ratings were given on.
    Absolute,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scale {
    pub kind: ScaleKind,
    /// `None` chooses: [`Offset::Absolute`] when old ratings fix the scale, else the mean at
    /// 1500 (Elo) or 0 (natural).
    pub offset: Option<Offset>,
}

impl Default for Scale {
    fn default() -> Self {
        Scale { kind: ScaleKind::Elo, offset: None }
    }
}

impl Scale {
    pub fn factor(&self) -> f64 {
        match self.kind {
            ScaleKind::Elo => ELO_FACTOR,
            ScaleKind::Natural => 1.0,
        }
    }

    /// The offset in force, given whether old ratings anchor the scale.
    pub fn effective_offset(&self, anchored: bool) -> Offset {
        match (&self.offset, anchored, self.kind) {
            (Some(o), _, _) => o.clone(),
            (None, true, _) => Offset::Absolute,
            (None, false, ScaleKind::Elo) => Offset::Mean(1500.0),
            (None, false, ScaleKind::Natural) => Offset::Mean(0.0),
        }
    }

    /// Converts a rating given on this scale with `c = 0` (as old ratings are) to a log-strength.
    pub fn to_log_strength(&self, rating: f64) -> f64 {
        rating / self.factor()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_factor_gives_ten_to_one_odds_at_400() {
        let r = 400.0 / ELO_FACTOR;
        assert!((r.exp() - 10.0).abs() < 1e-12);
        let s = Scale::default();
        assert!((s.to_log_strength(400.0) - 10f64.ln()).abs() < 1e-12);
        assert_eq!(s.effective_offset(false), Offset::Mean(1500.0));
        assert_eq!(s.effective_offset(true), Offset::Absolute);
    }
}
