//! A team tournament's standings (TRF 013 or 310 team records): the teams ranked by match
//! points or game points, then by the team tiebreaks in the order chosen (C.07 12-13: the
//! other score, the extended Sonneborn-Bergers, SSSC, the extended direct encounter and its
//! board steps, the board tiebreaks, or an individual tiebreak on the primary score), with
//! the file's own order offered and its ranks beside the computed ones.

use crate::components::table_parts::{chip_key, fmt_points, moved};
use crate::core::engine::team::{TeamScore, TeamTiebreak};
use crate::core::engine::tournament::RoundResult;
use crate::core::protocol::{Settings, StandingRowView, StandingsView, TeamCell, TeamsView};
use leptos::prelude::*;

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
fn controls(
    view: &TeamsView,
    settings: RwSignal<Settings>,
    (chosen, refocus): (RwSignal<Option<TeamTiebreak>>, RwSignal<Option<usize>>),
) -> impl IntoView {
    let primary = move |ev| {
        let p = if event_target_value(&ev) == "GP" { TeamScore::GamePoints } else { TeamScore::MatchPoints };
        settings.update(|s| s.team_primary = p);
    };
    let order = view.standings.order.clone();
    let chips = order.iter().enumerate().map(|(i, &tb)| team_chip(settings, refocus, (&order, i), tb)).collect_view();
    let have = view.standings.order.clone();
    let options = TeamTiebreak::all()
        .into_iter()
        .filter(|t| !have.contains(t))
        .map(|t| {
            view! { <option value=t.code() prop:selected=move || chosen.get() == Some(t)>{format!("{} ({})", t.name(), t.code())}</option> }
        })
        .collect_view();
    let choose = move |ev| chosen.set(TeamTiebreak::parse(&event_target_value(&ev)).ok());
    let in_force = view.standings.order.clone();
    let add = move |_| {
        if let Some(t) = chosen.get_untracked().filter(|t| !in_force.contains(t)) {
            let mut order = in_force.clone();
            order.push(t);
            settings.update(|s| s.team_tiebreaks = Some(order));
            chosen.set(None);
        }
    };
    let own = view.file_order.clone().filter(|o| *o != view.standings.order).map(|order| {
        let codes = order.iter().map(|t| t.code()).collect::<Vec<_>>().join(", ");
        let apply = move |_| settings.update(|s| s.team_tiebreaks = Some(order.clone()));
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
            <span class="visually-hidden" id="team-tiebreak-keys">"Left and right arrows move this tiebreak, Home and End to either end; Delete removes it."</span>
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

/// One team tiebreak of the order in force, as the players' chips are: its place, buttons to
/// move it earlier or later or remove it, and the same keys on the chip itself (arrows, Home,
/// End, Delete). Any change stores the whole order as chosen.
/// `refocus`: the place whose chip takes the focus when the order is drawn anew (the chips
/// are drawn from the standings, which come back from the worker after a change).
fn team_chip(
    settings: RwSignal<Settings>,
    refocus: RwSignal<Option<usize>>,
    (order, i): (&[TeamTiebreak], usize),
    tb: TeamTiebreak,
) -> impl IntoView {
    let n = order.len();
    let set = {
        let order = order.to_vec();
        move |to: Option<usize>| {
            let new = match to {
                Some(to) => moved(&order, i, to),
                None => order.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &t)| t).collect(),
            };
            refocus.set(match to {
                Some(to) => Some(to),
                None if n > 1 => Some(i.min(n - 2)),
                None => None,
            });
            settings.update(|s| s.team_tiebreaks = Some(new));
        }
    };
    if refocus.get_untracked() == Some(i) {
        refocus.set(None);
        request_animation_frame(move || {
            let selector = format!("[data-testid=team-tiebreak-order] > li:nth-child({})", i + 1);
            let found = document().query_selector(&selector).ok().flatten();
            if let Some(el) = found.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
                let _ = el.focus();
            }
        });
    }
    let (up, down, remove, keys) = (set.clone(), set.clone(), set.clone(), set);
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ev.target() != ev.current_target() || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        if let Some(to) = chip_key(&ev.key(), i, n) {
            keys(to);
            ev.prevent_default();
        }
    };
    let code = tb.code();
    view! {
        <li class="chip" title=tb.name() tabindex="0" data-testid="team-tiebreak-chip" aria-describedby="team-tiebreak-keys" on:keydown=on_key>
            <span class="chip-label">{format!("{}. {code}", i + 1)}</span>
            <button class="mini" tabindex="-1" title="Earlier" aria-label=format!("Move {code} earlier") disabled=i == 0
                data-testid="team-tiebreak-up" on:click=move |_| up(Some(i.saturating_sub(1)))>"←"</button>
            <button class="mini" tabindex="-1" title="Later" aria-label=format!("Move {code} later") disabled=i + 1 == n
                data-testid="team-tiebreak-down" on:click=move |_| down(Some(i + 1))>"→"</button>
            <button class="mini" tabindex="-1" data-testid="team-tiebreak-remove" aria-label=format!("Remove {code}") on:click=move |_| remove(None)>"×"</button>
        </li>
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
    refocus: RwSignal<Option<usize>>,
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
            {controls(view, settings, (chosen, refocus))}
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

/// A board's result from the first team's side: `1 – 0`, `½ – ½`, `+ – −` for a forfeit.
fn board_score(r: RoundResult) -> String {
    use RoundResult::*;
    let other = match r {
        Win | WinUnrated => "0",
        Draw | DrawUnrated => "½",
        Loss | LossUnrated => "1",
        ForfeitWin => "−",
        ForfeitLoss => "+",
        _ => "",
    };
    format!("{} – {other}", r.symbol())
}

/// Each team's place in the standings, by team index.
fn places(tv: &TeamsView) -> Vec<usize> {
    let mut place = vec![usize::MAX; tv.rounds.len().max(tv.standings.rows.len())];
    for (i, r) in tv.standings.rows.iter().enumerate() {
        if let Some(p) = place.get_mut(r.team) {
            *p = i;
        }
    }
    place
}

/// Round `round`'s team matches (1-based), each as "Team A – Team B 2½:1½" (game points),
/// the better placed team first, with its boards under it: board by board the first team's
/// player, the result from that side, and the opponent (start number and rating); then the
/// teams without a match that round.
pub fn team_pairings(st: &StandingsView, tv: &TeamsView, round: usize) -> impl IntoView {
    let by_start: std::collections::HashMap<u32, &StandingRowView> = st.rows.iter().map(|r| (r.start, r)).collect();
    let place = places(tv);
    let name = |k: usize| tv.standings.rows.iter().find(|r| r.team == k).map_or_else(|| format!("team {}", k + 1), |r| r.name.clone());
    let cell = |k: usize| tv.rounds.get(k).and_then(|r| r.get(round - 1)).copied();
    let mut matches: Vec<(usize, usize)> = Vec::new();
    let mut alone = Vec::new();
    for k in 0..tv.rounds.len() {
        match cell(k) {
            Some(TeamCell { opponent: Some(o), .. }) if place[k] < place[o] || (place[k] == place[o] && k < o) => matches.push((k, o)),
            Some(TeamCell { opponent: None, result, .. }) if result != RoundResult::NotPaired => alone.push((k, result)),
            _ => {}
        }
    }
    crate::core::engine::sort::by_key(&mut matches, |&(a, b)| place[a].min(place[b]));
    let who = |r: &StandingRowView| match r.rating {
        Some(x) => format!("{} ({}, {x})", r.name, r.start),
        None => format!("{} ({})", r.name, r.start),
    };
    let body = matches
        .iter()
        .enumerate()
        .map(|(m, &(a, b))| {
            let gp = |k: usize| cell(k).and_then(|c| c.game_points).map_or("?".into(), fmt_points);
            let theirs: Vec<u32> = tv.members.get(b).cloned().unwrap_or_default();
            let boards = tv.members.get(a).into_iter().flatten().filter_map(|s| by_start.get(s)).filter_map(|row| {
                let c = row.rounds.get(round - 1)?;
                let opponent = c.opponent.filter(|o| theirs.contains(o)).and_then(|o| by_start.get(&o));
                let other = opponent.map_or_else(|| c.result.words().to_string(), |o| who(o));
                (c.result != RoundResult::NotPaired).then(|| (who(row), board_score(c.result), other))
            });
            let boards = boards
                .enumerate()
                .map(|(i, (mine, score, theirs))| {
                    view! { <tr data-testid="team-board"><td class="num">{format!("{}.{}", m + 1, i + 1)}</td><td>{mine}</td><td class="result">{score}</td><td>{theirs}</td></tr> }
                })
                .collect_view();
            view! {
                <tbody class="team-match">
                    <tr class="team-match-head" data-testid="team-match">
                        <th class="num" scope="row">{m + 1}</th>
                        <th>{name(a)}</th>
                        <th class="result" data-testid="team-match-score">{format!("{}:{}", gp(a), gp(b))}</th>
                        <th>{name(b)}</th>
                    </tr>
                    {boards}
                </tbody>
            }
        })
        .collect_view();
    let others =
        alone.iter().map(|&(k, r)| view! { <li data-testid="team-alone">{format!("{}: {}", name(k), r.words())}</li> }).collect_view();
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=format!("Team matches of round {round}")>
            <table class="pairings team-pairings" data-testid="team-pairings">
                <caption>{format!("Round {round}: team matches (game points) and their boards")}</caption>
                <thead><tr><th class="num">"Bd"</th><th>"Home"</th><th>"Result"</th><th>"Away"</th></tr></thead>
                {body}
            </table>
        </div>
        {(!alone.is_empty()).then(|| view! { <p class="help">"Without a match this round:"</p><ul class="help">{others}</ul> })}
    }
}

/// The team crosstable: the teams in standings order, each round's opponent (its number) and
/// the game points scored, then match and game points and the team tiebreaks in order.
pub fn team_crosstable(tv: &TeamsView) -> impl IntoView {
    let st = &tv.standings;
    let number = |k: usize| tv.numbers.get(k).copied().unwrap_or(k as u32 + 1);
    let rounds = tv.rounds.iter().map(Vec::len).max().unwrap_or(0);
    let (wide, size) = crate::core::print::print_fit(rounds, 3.6, st.order.len() + 1);
    let heads = (1..=rounds).map(|r| view! { <th class="num" title=format!("round {r}")>{format!("R{r}")}</th> }).collect_view();
    let tiebreaks = st.order.iter().map(|t| view! { <th class="num" title=t.name()>{t.code()}</th> }).collect_view();
    let body = st
        .rows
        .iter()
        .map(|r| {
            let cells = tv.rounds.get(r.team).into_iter().flatten().enumerate().map(|(i, c)| {
                let gp = c.game_points.map(fmt_points).unwrap_or_default();
                let (text, title) = match c.opponent {
                    Some(o) => (
                        format!("{} {gp}", number(o)),
                        format!("round {}: against team {}: {gp} game points, {}", i + 1, number(o), c.result.words()),
                    ),
                    None if c.result == RoundResult::NotPaired => (String::new(), format!("round {}: not paired", i + 1)),
                    // A round without a match: its game points when known (a bye's), else its code.
                    None => {
                        let shown = c.game_points.map_or_else(|| c.result.symbol().to_string(), fmt_points);
                        (format!("– {shown}"), format!("round {}: {}", i + 1, c.result.words()))
                    }
                };
                view! { <td class="num cross" title=title>{text}</td> }
            });
            let values =
                st.order.iter().zip(&r.values).map(|(&tb, v)| view! { <td class="num">{show(v.value, Some(tb))}</td> }).collect_view();
            view! {
                <tr data-testid="team-cross-row">
                    <td class="num">{r.rank}</td>
                    <td class="num">{number(r.team)}</td>
                    <td class="cross-name">{r.name.clone()}</td>
                    {cells.collect_view()}
                    <td class="num"><b>{show(Some(r.match_points), None)}</b></td>
                    <td class="num">{show(Some(r.game_points), None)}</td>
                    {values}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap cross-print" tabindex="0" role="region" aria-label="Team crosstable"
            data-print=if wide { "wide" } else { "upright" } style=format!("--print-size: {size}pt")>
            <table class="crosstable" data-testid="team-crosstable">
                <caption class="help">{format!("Each round: the opposing team's number and the game points scored (of {}); – for a round without a match, with its result.", tv.boards)}</caption>
                <thead><tr><th class="num">"Rk"</th><th class="num">"No"</th><th>"Team"</th>{heads}<th class="num" title="match points">"MP"</th><th class="num" title="game points">"GP"</th>{tiebreaks}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
