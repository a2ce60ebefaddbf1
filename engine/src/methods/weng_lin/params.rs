//! Weng–Lin's parameters ([`WengLinParams`], with the update's model [`WengLinModel`]): what
//! the table of methods names of the method, kept apart from its fit, which names the table.
//! The defaults are openskill's (openskill.py 6.2.0's `PlackettLuce`): μ 25, σ 25/3,
//! β = σ/2 = 25/6 (TrueSkill's customary values), κ = 0.0001 (the paper's small floor in its
//! updates (28) and (44)) and τ = 25/300 (openskill's dynamics, not in the paper).

use serde::{Deserialize, Serialize};

/// Which of Weng and Lin's updates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WengLinModel {
    /// Algorithm 4: the Plackett–Luce model of the whole ranking (openskill's default).
    #[default]
    PlackettLuce,
    /// Algorithm 1: Bradley–Terry, every pair of teams a game ("full pairing").
    BradleyTerryFull,
}

impl WengLinModel {
    /// Every model, in the order a menu lists them.
    pub const ALL: [WengLinModel; 2] = [WengLinModel::PlackettLuce, WengLinModel::BradleyTerryFull];

    /// The name in flags and JSON: `plackett_luce`, `bradley_terry_full`.
    pub fn name(self) -> &'static str {
        match self {
            WengLinModel::PlackettLuce => "plackett_luce",
            WengLinModel::BradleyTerryFull => "bradley_terry_full",
        }
    }

    /// The model for a menu.
    pub fn label(self) -> &'static str {
        match self {
            WengLinModel::PlackettLuce => "Plackett–Luce (whole ranking)",
            WengLinModel::BradleyTerryFull => "Bradley–Terry (every pair)",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WengLinParams {
    pub model: WengLinModel,
    /// Everyone's μ before their first event.
    pub mu: f64,
    /// Everyone's σ before their first event.
    pub sigma: f64,
    /// The spread β of a performance around the skill.
    pub beta: f64,
    /// The least share κ of σ² one event may leave (keeps σ² positive).
    pub kappa: f64,
    /// The additive dynamics τ: σ² grows by τ² before each event a player takes part in.
    pub tau: f64,
}

impl Default for WengLinParams {
    fn default() -> Self {
        WengLinParams { model: WengLinModel::PlackettLuce, mu: 25.0, sigma: 25.0 / 3.0, beta: 25.0 / 6.0, kappa: 0.0001, tau: 25.0 / 300.0 }
    }
}
