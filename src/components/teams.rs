//! A team tournament's standings (TRF 013 or 310 team records): the teams ranked by match
//! points or game points, then by the team tiebreaks in the order chosen (C.07 12-13: the
//! other score, the extended Sonneborn-Bergers, SSSC, the extended direct encounter and its
//! board steps, the board tiebreaks, or an individual tiebreak on the primary score), with
//! the file's own order offered and its ranks beside the computed ones.

use crate::protocol::{Settings, TeamsView};
use leptos::prelude::*;
use ratings_engine::team::{TeamScore, TeamTiebreak};

/// A value as the table shows it: halves to one place, anything else (and SSSC, a quotient,
/// always) to two.
fn show(v: Option<f64>, tb: Option<TeamTiebreak>) -> String {
    match v.filter(|x| x.is_finite()) {
        Some(x) if (x * 2.0).fract().abs() < 1e-9 && tb != Some(TeamTiebreak::Sssc) => format!("{x:.1}"),
        Some(x) => format!("{x:.2}"),
        None => "—".into(),
    }
}

/// The primary score, the order (chips that can be removed, a list to add from by full name)
/// and the file's own order when it declares one that differs.
fn controls(view: &TeamsView, settings: RwSignal<Settings>, chosen: RwSignal<Option<TeamTiebreak>>) -> impl IntoView {
    let primary = move |ev| {
        let p = if event_target_value(&ev) == "GP" { TeamScore::GamePoints } else { TeamScore::MatchPoints };
        settings.update(|s| s.team_primary = p);
    };
    let chips = view.standings.order.iter().enumerate().map(|(i, &tb)| {
        let remove = move |_| settings.update(|s| _ = (i < s.team_tiebreaks.len()).then(|| s.team_tiebreaks.remove(i)));
        view! { <li class="chip" title=tb.name()><span>{tb.code()}</span><button class="chip-remove" data-testid="team-tiebreak-remove" aria-label=format!("Remove {}", tb.code()) on:click=remove>"×"</button></li> }
    }).collect_view();
    let have = view.standings.order.clone();
    let options = TeamTiebreak::all()
        .into_iter()
        .filter(|t| !have.contains(t))
        .map(|t| {
            view! { <option value=t.code() prop:selected=move || chosen.get() == Some(t)>{format!("{} ({})", t.name(), t.code())}</option> }
        })
        .collect_view();
    let choose = move |ev| chosen.set(TeamTiebreak::parse(&event_target_value(&ev)).ok());
    let add = move |_| {
        if let Some(t) = chosen.get_untracked() {
            settings.update(|s| {
                if !s.team_tiebreaks.contains(&t) {
                    s.team_tiebreaks.push(t)
                }
            });
            chosen.set(None);
        }
    };
    let own = view.file_order.clone().filter(|o| *o != view.standings.order).map(|order| {
        let codes = order.iter().map(|t| t.code()).collect::<Vec<_>>().join(", ");
        let apply = move |_| settings.update(|s| s.team_tiebreaks = order.clone());
        view! { <p class="team-file-order" data-testid="team-file-order">{format!("The file declares its team tiebreaks: {codes}. ")}<button data-testid="team-file-order-apply" on:click=apply>"Use the file's order"</button></p> }
    });
    let is_gp = view.standings.primary == TeamScore::GamePoints;
    view! {
        <div class="tiebreak-order">
            <label>"Ranked by "
                <select data-testid="team-primary" on:change=primary>
                    <option value="MP" selected=!is_gp>"match points"</option>
                    <option value="GP" selected=is_gp>"game points"</option>
                </select>
            </label>
            <span class="help" id="team-order-label">" then, in order:"</span>
            <ol class="chips" data-testid="team-tiebreak-order" aria-labelledby="team-order-label">{chips}</ol>
            <span class="tiebreak-add">
                <select data-testid="team-tiebreak-add" aria-label="Team tiebreak to add" on:change=choose>
                    <option value="" prop:selected=move || chosen.get().is_none()>"Add a team tiebreak…"</option>
                    {options}
                </select>
                <button data-testid="team-tiebreak-add-button" on:click=add disabled=move || chosen.get().is_none()>"Add"</button>
            </span>
        </div>
        {own}
    }
}

/// The team standings: rank, number, team, match and game points, the tiebreaks (each cell
/// says how it was derived), and the file's rank when it declares one. `chosen`: the tiebreak
/// picked to add, `open`: the team whose derivation is shown (kept by the panel: the table is
/// drawn anew with each result).
pub fn team_table(
    view: &TeamsView,
    settings: RwSignal<Settings>,
    chosen: RwSignal<Option<TeamTiebreak>>,
    open: RwSignal<Option<usize>>,
) -> impl IntoView {
    let st = &view.standings;
    let declared = view.declared_ranks.iter().any(Option::is_some);
    let heads =
        st.order.iter().map(|t| view! { <th class="num" title=t.name() data-testid="team-tiebreak-head">{t.code()}</th> }).collect_view();
    let columns = 6 + st.order.len() + usize::from(declared);
    let rows = st.rows.iter().map(|r| {
        let cells = st.order.iter().zip(&r.values).map(|(&tb, v)| view! { <td class="num tb" title=v.explanation.clone()>{show(v.value, Some(tb))}</td> }).collect_view();
        let file = view.declared_ranks.get(r.team).copied().flatten();
        let differs = file.is_some_and(|f| f as usize != r.rank);
        let file_cell = declared.then(|| view! { <td class="num file-rank" class:differs=differs data-testid="team-declared-rank">{file.map(|f| f.to_string()).unwrap_or_default()}</td> });
        let team = r.team;
        let is_open = move || open.get() == Some(team);
        let toggle = move || open.update(|o| *o = if *o == Some(team) { None } else { Some(team) });
        let details = st.order.iter().zip(&r.values).map(|(tb, v)| view! { <li><b>{tb.code()}</b>": "{v.explanation.clone()}</li> }).collect_view();
        view! {
            // The whole row opens on a click; the name is the button a keyboard or screen reader
            // uses (its click reaches the row).
            <tr data-testid="team-row" class="clickable" on:click=move |_| toggle()>
                <td class="num">{r.rank}</td>
                {file_cell}
                <td class="num">{view.numbers.get(r.team).copied().unwrap_or(r.team as u32 + 1)}</td>
                <td data-testid="team-name">
                    <button class="link row-toggle" data-testid="team-toggle" aria-expanded=move || is_open().to_string() title="How each value was derived">{r.name.clone()}</button>
                </td>
                <td class="num"><b>{show(Some(r.match_points), None)}</b></td>
                <td class="num">{show(Some(r.game_points), None)}</td>
                {cells}
            </tr>
            <Show when=is_open>
                <tr class="derivation" data-testid="team-derivation"><td colspan=columns.to_string()><ul>{details.clone()}</ul></td></tr>
            </Show>
        }
    }).collect_view();
    let csv = view.csv.clone();
    let download = move |_| crate::download::text(&csv, "team-standings.csv", "text/csv");
    let warnings = view.warnings.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view();
    let legend = st.order.iter().map(|t| view! { <li><b>{t.code()}</b>" — "{t.name()}"."</li> }).collect_view();
    view! {
        <div class="team-standings" data-testid="team-standings">
            {controls(view, settings, chosen)}
            <div class="exports"><button data-testid="export-teams" on:click=download>"Download team standings (CSV)"</button></div>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Team standings">
                <table class="standings" data-testid="team-table">
                    <caption class="help">{format!("Teams ranked by {}, then by the tiebreaks in order.", st.primary.name())}</caption>
                    <thead><tr>
                        <th class="num">"Rk"</th>
                        {declared.then(|| view! { <th class="num file-rank" title="The rank the file declares">"File"</th> })}
                        <th class="num">"No"</th><th>"Team"</th><th class="num" title="match points">"MP"</th><th class="num" title="game points">"GP"</th>
                        {heads}
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="help">"Click a row, or its team's name, to see how each value was derived."</p>
            <ul class="warnings">{warnings}</ul>
            <ul class="tiebreak-legend help">{legend}</ul>
        </div>
    }
}
