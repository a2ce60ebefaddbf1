//! What the desk's views read of the open tournament's view: a round, a player as the boards
//! and the printed lists name them (shared by `round` and `paper`).

use super::handle::Desk;
use crate::core::engine::desk::view::RoundView;
use leptos::prelude::*;

/// The round's boards, or `None` while it is not in the view.
pub fn round_view(desk: Desk, round: usize) -> Option<RoundView> {
    desk.view.with(|v| v.as_ref()?.rounds.iter().find(|x| x.round == round).cloned())
}

/// A player as a board shows them: "Name (rating)".
pub fn player_name(desk: Desk, s: u32) -> String {
    desk.view.with_untracked(|v| {
        let p = v.as_ref().and_then(|v| v.players.iter().find(|p| p.start == s));
        let rating = |p: &crate::core::engine::desk::view::PlayerRow| p.rating.map_or("unrated".into(), |r| r.to_string());
        let title = |p: &crate::core::engine::desk::view::PlayerRow| {
            p.title.as_deref().filter(|t| !t.is_empty()).map(|t| format!("{t} ")).unwrap_or_default()
        };
        p.map_or(format!("{s}"), |p| format!("{}{} ({})", title(p), p.name, rating(p)))
    })
}
