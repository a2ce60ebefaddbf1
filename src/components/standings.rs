//! Tournament standings: points, then the organiser's tiebreaks in their order; each value
//! explains itself on hover or click; reorder by dragging, with the arrows, or by keyboard on a
//! chip; export and print.

use crate::components::crosstable::{crosstable, CrossOrder};
use crate::components::pairings::pairings;
use crate::components::table_parts::{chip_key, departure_tag, fmt_value, moved};
use crate::core::categories::{event_year, offered, places, Category};
use crate::core::engine::tiebreak::{all_codes, Rules, Tiebreak};
use crate::core::engine::tournament::{DeclaredUse, Mode};
use crate::core::protocol::{Settings, StandingRowView, StandingsView};
use crate::state::State;
use leptos::prelude::*;

/// What the standings panel's table shows (kept in the state: a link carries it).
use crate::core::link::OrganiserView as Shown;

/// The standings of the result shown, decoded from the worker's answer once per result, here
/// in the standings' part of the wasm ([`crate::core::protocol::Later`]: their decoding stays out of
/// the page's main part, issue 24); an answer that cannot be read, said.
#[derive(Clone, Copy)]
struct Decoded(Memo<Option<Result<StandingsView, String>>>);

impl Decoded {
    /// Decodes the standings of `state`'s result, for the panel and what it holds.
    fn provide(state: State) -> Decoded {
        let opened = Memo::new(move |_| state.result.with(|r| r.as_ref().and_then(|r| r.standings.as_ref()).map(|l| l.open())));
        provide_context(Decoded(opened));
        Decoded(opened)
    }

    fn get(self) -> Option<StandingsView> {
        self.0.get().and_then(Result::ok)
    }

    fn with<R>(self, f: impl FnOnce(Option<&StandingsView>) -> R) -> R {
        self.0.with(|o| f(o.as_ref().and_then(|r| r.as_ref().ok())))
    }

    fn with_untracked<R>(self, f: impl FnOnce(Option<&StandingsView>) -> R) -> R {
        self.0.with_untracked(|o| f(o.as_ref().and_then(|r| r.as_ref().ok())))
    }

    fn unreadable(self) -> Option<String> {
        self.0.with(|o| o.as_ref().and_then(|r| r.as_ref().err().cloned()))
    }
}

#[component]
pub fn StandingsPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let decoded = Decoded::provide(state);
    let standings = move || decoded.get();
    // The crosstable or a round's pairings instead of the standings, and the crosstable's order.
    // Until the user picks a view: a team event's team standings, else the players'.
    let picked = state.organiser;
    let (team_chosen, team_open, team_refocus) = (RwSignal::new(None), RwSignal::new(None), RwSignal::new(None));
    let has_teams = move || decoded.with(|s| s.is_some_and(|s| s.teams.is_some()));
    let shown = Signal::derive(move || match picked.get() {
        Some(Shown::Teams | Shown::TeamCross) if !has_teams() => Shown::Standings,
        Some(s) => s,
        None if has_teams() => Shown::Teams,
        None => Shown::Standings,
    });
    let order = RwSignal::new(CrossOrder::Rank);
    // The round whose pairings are shown (`None`: the round the standings are after; 0: all).
    let pairing_round = RwSignal::new(None::<usize>);
    view! {
        <section class="panel standings-panel" class:hidden=move || decoded.0.with(Option::is_none) aria-labelledby="standings-title">
            <h2 id="standings-title">"Standings and tiebreaks"</h2>
            {move || decoded.unreadable().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <OrganiserTools shown />
            {move || standings().map(|st| print_title(&st, matches!(shown.get(), Shown::Teams | Shown::TeamCross)))}
            {move || standings().and_then(|st| pending_note(&st))}
            {move || standings().and_then(|st| st.not_counted).map(|n| view! { <p class="notice" role="status" data-testid="not-counted">{n}</p> })}
            {move || standings().and_then(|st| not_fide_mode(&st).map(|n| view! { <div class="screen-only">{n}</div> }))}
            {move || standings().map(|st| round_picker(&st, state.settings))}
            {view_switch(picked, shown, Signal::derive(has_teams), order)}
            {move || standings().filter(|_| shown.get() == Shown::Pairings).map(|st| pairings_picker(&st, pairing_round))}
            <Show when=move || shown.get() == Shown::Standings>
                <StandingsTable />
            </Show>
            {move || match shown.get() {
                Shown::Crosstable => standings().map(|st| crosstable(&st, order.get()).into_any()),
                Shown::Pairings => standings().map(|st| round_pairings(&st, pairing_round.get())),
                Shown::Teams => standings().and_then(|st| st.teams).map(|t| crate::components::teams::team_table(&t, state.settings, team_chosen, team_open, team_refocus).into_any()),
                Shown::TeamCross => standings().and_then(|st| st.teams).map(|t| crate::components::teams::team_crosstable(&t).into_any()),
                Shown::Standings => None,
            }}
            {move || standings().filter(|_| !matches!(shown.get(), Shown::Teams | Shown::TeamCross)).map(|st| legend(&st.codes))}
        </section>
    }
}

/// The pairings of `round` (`None`: the round the standings are after; 0: every round, one
/// after another, each printed on its own page); a team event's matches with their boards.
fn round_pairings(st: &StandingsView, round: Option<usize>) -> AnyView {
    let rounds = match round {
        Some(0) => (1..=st.round.max(1)).collect(),
        Some(r) if r <= st.round => vec![r],
        _ => vec![st.round.max(1)],
    };
    let all = rounds.len() > 1;
    let one = |r: usize| match st.teams.as_ref() {
        Some(t) => crate::components::teams::team_pairings(st, t, r).into_any(),
        None => pairings(st, r).into_any(),
    };
    view! { <div class="pairing-rounds" class:all-rounds=all>{rounds.into_iter().map(|r| view! { <section class="pairing-round">{one(r)}</section> }).collect_view()}</div> }.into_any()
}

/// The organiser's tools: the tiebreak order, the rules, downloads and print, the file's
/// ranks checked. Folded on a phone so the standings are on the first screen (open on a wide
/// screen, where they fit above the table).
#[component]
fn OrganiserTools(shown: Signal<Shown>) -> impl IntoView {
    let state = expect_context::<State>();
    let decoded = expect_context::<Decoded>();
    let standings = move || decoded.get();
    let export = move |_| {
        if let Some(st) = standings() {
            crate::download::text(&st.csv, "standings.csv", "text/csv");
        }
    };
    // A TRF written back: the text as entered, each player's rank set (nothing else changed).
    // Only the final standings' ranks belong in the file (not those after an earlier round).
    let is_trf = move || {
        state.summary.with(|x| x.as_ref().is_some_and(|x| x.format == crate::core::engine::parse::detect::Format::Trf))
            && state.stored_file.with(Option::is_none)
            && standings().is_some_and(|st| st.round == st.rounds_played)
    };
    let export_trf = move |_| {
        let Some(st) = standings() else { return };
        let ranks: std::collections::HashMap<u32, usize> = st.rows.iter().map(|r| (r.start, r.rank)).collect();
        let text = state.text.with_untracked(|t| crate::core::engine::parse::trf::with_ranks(t, &|start| ranks.get(&start).copied()));
        crate::download::text(&text, "standings.trf", "text/plain");
    };
    let print = move |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    };
    let teams = move || matches!(shown.get(), Shown::Teams | Shown::TeamCross);
    let has_eig = move || decoded.with(|s| s.is_some_and(|s| s.codes.contains(&Tiebreak::Eig)));
    view! {
        <details class="standings-tools" data-testid="standings-tools" open=wide_screen()>
            <summary>{move || tools_summary(standings(), teams())}</summary>
            <Show when=move || !teams()>
                <TiebreakOrder />
                // What EIG is, while it is in the order (it is offered, not put there unasked).
                <Show when=has_eig>
                    <p class="help">
                        "EIG is Brent's eigenvector rating of the games played (Elo-like scale): unlike Buchholz or Sonneborn–Berger, "
                        "it weighs every result through the whole results graph rather than summing opponents' scores."
                    </p>
                </Show>
            </Show>
            {move || standings().map(|st| rules_line(&st))}
            <div class="exports">
                <button data-testid="export-standings" on:click=export>"Download standings (CSV)"</button>
                <button data-testid="print-standings" on:click=print>"Print"</button>
                <Show when=is_trf>
                    <button data-testid="export-trf" on:click=export_trf title="The file as it was, with these standings' ranks in each player record (columns 86-89)">
                        "Download TRF with these ranks"
                    </button>
                </Show>
            </div>
            {move || standings().filter(|_| shown.get() != Shown::Teams).map(|st| declared_box(&st, state.settings))}
        </details>
    }
}

/// Whether the page is wide enough to show the organiser's tools above the standings.
fn wide_screen() -> bool {
    web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64()).is_none_or(|w| w > 700.0)
}

/// The folded tools in a line: the tiebreaks in force, and whether the file's ranks differ.
fn tools_summary(st: Option<StandingsView>, teams: bool) -> String {
    let Some(st) = st.filter(|_| !teams) else { return "Downloads and print".into() };
    let codes = st.codes.iter().map(|c| c.code()).collect::<Vec<_>>().join(", ");
    let differ = st
        .declared
        .as_ref()
        .filter(|c| c.agree != c.declared)
        .map(|c| format!(" · the file's ranks: {} of {} differ", c.declared - c.agree, c.declared));
    format!("Tiebreaks ({codes}), C.07 {} rules, downloads{}", st.title.rules.code(), differ.unwrap_or_default())
}

/// The buttons choosing the table shown (the team standings first in a team event), and the
/// crosstable's order when it is shown.
fn view_switch(
    picked: RwSignal<Option<Shown>>,
    shown: Signal<Shown>,
    has_teams: Signal<bool>,
    order: RwSignal<CrossOrder>,
) -> impl IntoView {
    view! {
            <div class="view-switch" role="group" aria-label="Table shown">
                <Show when=move || has_teams.get()>
                    <button data-testid="show-teams" aria-pressed=move || (shown.get() == Shown::Teams).to_string() on:click=move |_| picked.set(Some(Shown::Teams))>"Teams"</button>
                </Show>
                <Show when=move || has_teams.get()>
                    <button data-testid="show-team-crosstable" aria-pressed=move || (shown.get() == Shown::TeamCross).to_string() on:click=move |_| picked.set(Some(Shown::TeamCross))>"Team crosstable"</button>
                </Show>
                <button data-testid="show-standings" aria-pressed=move || (shown.get() == Shown::Standings).to_string() on:click=move |_| picked.set(Some(Shown::Standings))>{move || if has_teams.get() { "Players" } else { "Standings" }}</button>
                <button data-testid="show-crosstable" aria-pressed=move || (shown.get() == Shown::Crosstable).to_string() on:click=move |_| picked.set(Some(Shown::Crosstable))>"Crosstable"</button>
                <button data-testid="show-pairings" aria-pressed=move || (shown.get() == Shown::Pairings).to_string() on:click=move |_| picked.set(Some(Shown::Pairings))>"Round pairings"</button>
                <Show when=move || shown.get() == Shown::Crosstable>
                    <label>
                        "Order "
                        <select data-testid="cross-order" on:change=move |ev| order.set(if event_target_value(&ev) == "start" { CrossOrder::Start } else { CrossOrder::Rank })>
                            <option value="rank" prop:selected=move || order.get() == CrossOrder::Rank>"by final rank"</option>
                            <option value="start" prop:selected=move || order.get() == CrossOrder::Start>"by start number"</option>
                        </select>
                    </label>
                </Show>
            </div>
    }
}

/// The printed page's title block: the tournament as its file names it, the rules in force
/// and the tiebreaks in order by their full names (shown only in print).
fn print_title(st: &StandingsView, teams: bool) -> impl IntoView {
    let t = &st.title;
    let dates = match (&t.start_date, &t.end_date) {
        (Some(a), Some(b)) if a != b => Some(format!("{a} – {b}")),
        (Some(a), _) | (None, Some(a)) => Some(a.clone()),
        (None, None) => None,
    };
    let facts: Vec<String> = [t.city.clone(), dates, t.kind.clone(), Some(format!("{} rounds · {} players", t.rounds, t.players))]
        .into_iter()
        .flatten()
        .collect();
    let order = match st.teams.as_ref().filter(|_| teams) {
        Some(t) => {
            let first = format!("Teams ranked by {}", t.standings.primary.name());
            let rest = t.standings.order.iter().enumerate().map(|(i, c)| format!("{}. {} ({})", i + 1, c.name(), c.code()));
            std::iter::once(first).chain(rest).collect::<Vec<_>>().join(", ")
        }
        None => st.codes.iter().enumerate().map(|(i, c)| format!("{}. {} ({})", i + 1, c.name(), c.code())).collect::<Vec<_>>().join(", "),
    };
    view! {
        <header class="print-title print-only" data-testid="print-title">
            <h1>{t.name.clone().unwrap_or_else(|| "Tournament standings".into())}</h1>
            <p>{facts.join(" · ")}</p>
            {t.arbiter.clone().map(|a| view! { <p>"Chief arbiter: " {a}</p> })}
            {t.after_round.map(|r| view! { <p><b>{format!("Standings after round {r} of {}", t.rounds)}</b></p> })}
            {t.pending.clone().map(|p| view! { <p>{capitalised(&p)}"."</p> })}
            {not_fide_mode(st)}
            <p>{format!("Standings under {} ({}).", t.rules.name(), t.rules_reason)}</p>
            <p>{format!("Tiebreaks, in order: {order}.")}</p>
        </header>
    }
}

/// "Round 5 pending…" from "round 5 pending…".
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// On screen, with the organiser's tools: the rules the standings follow and why.
fn rules_line(st: &StandingsView) -> impl IntoView {
    let t = &st.title;
    view! { <p class="help rules-used" data-testid="rules-used">{format!("Rules: {} — {}.", t.rules.name(), t.rules_reason)}</p> }
}

/// In the title block, on screen and in print, while the file says FIDE mode was left (the
/// desk's mark): the standings are not of a tournament run in FIDE mode (FIDE's checklist Q46).
fn not_fide_mode(st: &StandingsView) -> Option<impl IntoView> {
    (st.title.mode == Mode::Left).then(|| {
        view! { <p class="not-fide-mode" data-testid="not-fide-mode" role="note"><b>"Not in FIDE mode"</b>": the arbiter left FIDE mode (written in the file); this tournament was not run in it throughout."</p> }
    })
}

/// On screen, above the standings: the file's round not yet played (only byes entered), if any.
fn pending_note(st: &StandingsView) -> Option<impl IntoView> {
    let p = st.title.pending.clone()?;
    Some(view! { <p class="pending-round" data-testid="pending-round" role="status">{capitalised(&p)}"."</p> })
}

/// Which round's pairings are shown: any round up to the standings', or all of them (one
/// after another, each printed on its own page).
fn pairings_picker(st: &StandingsView, round: RwSignal<Option<usize>>) -> impl IntoView {
    let last = st.round.max(1);
    let chosen = round.get_untracked().filter(|&r| r <= last).unwrap_or(last);
    let options = (1..=last).map(|r| view! { <option value=r.to_string() selected=r == chosen>{r.to_string()}</option> }).collect_view();
    let pick = move |ev: leptos::ev::Event| round.set(event_target_value(&ev).parse::<usize>().ok());
    view! {
        <label class="round-picker pairing-picker">
            "Pairings of round "
            <select data-testid="pairings-round" on:change=pick>
                {options}
                <option value="0" selected=chosen == 0>"every round (to print)"</option>
            </select>
        </label>
    }
}

/// Which round the standings are after (the last played by default).
fn round_picker(st: &StandingsView, settings: RwSignal<Settings>) -> Option<impl IntoView> {
    let played = st.rounds_played;
    let shown = st.round;
    let options = (1..=played)
        .map(|r| {
            let last = if st.title.pending.is_some() { "last played" } else { "all played" };
            let label = if r == played { format!("{r} ({last})") } else { r.to_string() };
            view! { <option value=r.to_string() selected=r == shown>{label}</option> }
        })
        .collect_view();
    let pick = move |ev: leptos::ev::Event| {
        if let Ok(r) = event_target_value(&ev).parse::<usize>() {
            settings.update(|s| s.after_round = (r < played).then_some(r));
        }
    };
    (played > 1).then(|| {
        view! {
            <label class="round-picker">
                "Standings after round "
                <select data-testid="round" on:change=pick>{options}</select>
                {(shown < played).then(|| view! { <span class="help">" — later rounds left out; the ratings too"</span> })}
            </label>
        }
    })
}

/// The file's declared ranks against these standings: that they agree, or where they first
/// differ and which order of tiebreaks (under which rules) gives them, with the way to use it.
fn declared_box(st: &StandingsView, settings: RwSignal<Settings>) -> Option<AnyView> {
    // A team event's player records carry no players' ranks to check (its ranks are the teams').
    if st.teams.is_some() {
        return None;
    }
    let own = file_order(st, settings);
    let Some(check) = st.declared.as_ref() else { return own.map(|o| view! { <div class="declared">{o}</div> }.into_any()) };
    if check.agree == check.declared {
        let text = format!("The file's declared ranks ({}) agree with these standings.", check.declared);
        return Some(view! { <div class="declared ok" data-testid="declared-check"><p>{text}</p>{own}</div> }.into_any());
    }
    let names = |order: &[Tiebreak]| match order.is_empty() {
        true => "points alone (players level in start order)".to_string(),
        false => order.iter().map(|c| c.code()).collect::<Vec<_>>().join(", "),
    };
    let differ = format!(
        "The file declares ranks for {} players; {} differ from these standings. The first: {}.",
        check.declared,
        check.declared - check.agree,
        check.first_difference.clone().unwrap_or_default()
    );
    let search = st.search.clone().map(|found| match (found.reproduced_by, found.closest) {
        (Some((order, rules)), _) => {
            let own = if found.from_file { ", the order the file declares," } else { "" };
            let text = format!("These ranks follow {}{own} under {}. ", names(&order), rules.name());
            let apply = move |_| settings.update(|s| (s.tiebreaks, s.rules) = (Some(order.clone()), Some(rules)));
            view! { <p data-testid="declared-found">{text}<button data-testid="declared-apply" on:click=apply>"Use this order"</button></p> }.into_any()
        }
        (None, Some((order, rules, n))) => {
            // A round robin's search leaves the Buchholz tie-breaks out (Q105).
            let pool = if st.round_robin { "SB, DE, WIN, ARO (a round robin's orders have no Buchholz)" } else { "BH-C1, BH, BH-C2, BH-M1, SB, DE, WIN, ARO" };
            let text = format!(
                "No common order of tiebreaks gives them, under either rule set (points alone, the usual orders and every order of up to three of {pool} were tried); the closest, {} under {}, gives {n} of the {}.",
                names(&order),
                rules.name(),
                check.declared
            );
            view! { <p data-testid="declared-found">{text}</p> }.into_any()
        }
        (None, None) => ().into_any(),
    });
    Some(view! { <div class="declared differs" data-testid="declared-check"><p>{differ}</p>{search}{own}</div> }.into_any())
}

/// The tiebreaks the file declares (TRF-2026 record 212 or 202), and a button to use them
/// when they are not the order in force and every one is computed here.
fn file_order(st: &StandingsView, settings: RwSignal<Settings>) -> Option<AnyView> {
    // A team event's declared order is the teams' (shown with the team standings).
    let d = st.file_order.clone().filter(|_| st.teams.is_none())?;
    let used = d.used_as(&st.codes);
    let in_use = used != DeclaredUse::Not;
    let text = match (used, d.usable()) {
        (DeclaredUse::AsDeclared, _) => format!("The file declares its tiebreaks: {}; they are the order in use.", d.describe()),
        (DeclaredUse::WithoutBuchholz, _) => format!(
            "The file declares its tiebreaks: {}; they are the order in use, without the Buchholz tie-breaks a round robin may not use.",
            d.describe()
        ),
        (DeclaredUse::Not, Some(_)) => format!("The file declares its tiebreaks: {}. ", d.describe()),
        (DeclaredUse::Not, None) => {
            format!("The file declares its tiebreaks: {}; {} not computed here.", d.describe(), d.unknown.join(", "))
        }
    };
    let order = d.usable().filter(|_| !in_use).map(<[_]>::to_vec);
    let button = order.map(|order| {
        let apply = move |_| settings.update(|s| s.tiebreaks = Some(order.clone()));
        view! { <button data-testid="file-order-apply" on:click=apply>"Use the file's order"</button> }
    });
    Some(view! { <p data-testid="file-order">{text}{button}</p> }.into_any())
}

/// Each tiebreak of the table in one line: its code, full name and what it measures (on
/// screen below the table; the printed page's footnotes).
fn legend(codes: &[Tiebreak]) -> impl IntoView {
    let items = codes.iter().map(|c| view! { <li><b>{c.code()}</b>" — "{c.name()}": "{c.description()}"."</li> }).collect_view();
    view! { <ul class="tiebreak-legend help" data-testid="tiebreak-legend">{items}</ul> }
}

/// Focuses what `selector` finds once the page has redrawn: the chips are drawn anew when the
/// order changes, and the keyboard's place would otherwise be lost.
fn focus_later(selector: String) {
    request_animation_frame(move || {
        let found = document().query_selector(&selector).ok().flatten();
        if let Some(el) = found.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
            let _ = el.focus();
        }
    });
}

/// The order's signals: the settings, the chip being dragged, and what a screen reader hears.
#[derive(Clone, Copy)]
struct Order {
    s: RwSignal<Settings>,
    /// The standings shown: the order in force when none is chosen (the file's, or FIDE's
    /// recommended one).
    standings: Decoded,
    dragging: RwSignal<Option<usize>>,
    announce: RwSignal<String>,
}

impl Order {
    fn codes(self) -> Vec<Tiebreak> {
        let chosen = self.s.with_untracked(|s| s.tiebreaks.clone()).map(|o| self.usable(o, self.round_robin_untracked()));
        chosen.unwrap_or_else(|| self.in_force())
    }

    /// Whether the standings shown are a round robin's (untracked).
    fn round_robin_untracked(self) -> bool {
        self.standings.with_untracked(|st| st.is_some_and(|st| st.round_robin))
    }

    /// Whether the standings shown are a round robin's (tracked).
    fn round_robin(self) -> bool {
        self.standings.with(|st| st.is_some_and(|st| st.round_robin))
    }

    /// `order` as the standings take it: a round robin's without its Buchholz tie-breaks
    /// (Q105; the standings say which they left out).
    fn usable(self, order: Vec<Tiebreak>, round_robin: bool) -> Vec<Tiebreak> {
        match round_robin {
            true => order.into_iter().filter(|t| !t.is_buchholz()).collect(),
            false => order,
        }
    }

    /// The order of the standings shown.
    fn in_force(self) -> Vec<Tiebreak> {
        self.standings.with_untracked(|st| st.map(|st| st.codes.clone()).unwrap_or_default())
    }

    /// The order the chips show (tracked): the one chosen, else the standings'.
    fn shown(self) -> Vec<Tiebreak> {
        match self.s.with(|s| s.tiebreaks.clone()) {
            Some(order) => self.usable(order, self.round_robin()),
            None => self.standings.with(|st| st.map(|st| st.codes.clone()).unwrap_or_default()),
        }
    }

    /// Moves tiebreak `from` to place `to`, says so, and puts the focus on `then` (a button
    /// of the moved chip, or the chip itself when `then` is empty).
    fn place(self, from: usize, to: usize, then: &str) {
        let codes = self.codes();
        let (Some(code), n) = (codes.get(from).copied(), codes.len()) else { return };
        self.s.update(|s| s.tiebreaks = Some(moved(&codes, from, to)));
        self.announce.set(format!("{} moved to place {} of {n}", code.code(), to + 1));
        let buttons_work = match then {
            "tiebreak-up" => to > 0,
            "tiebreak-down" => to + 1 < n,
            _ => false,
        };
        let chip = format!("[data-testid=tiebreak-order] > li:nth-child({})", to + 1);
        focus_later(if buttons_work { format!("{chip} [data-testid={then}]") } else { chip });
    }

    /// Removes tiebreak `i`, says so, and puts the focus on the chip now in its place (or on
    /// the list to add one, when none is left).
    fn remove(self, i: usize) {
        let codes = self.codes();
        let Some(code) = codes.get(i).copied() else { return };
        let mut left = codes.clone();
        left.remove(i);
        self.s.update(|s| s.tiebreaks = Some(left));
        self.announce.set(format!("{} removed", code.code()));
        let left = codes.len() - 1;
        focus_later(match left {
            0 => "[data-testid=tiebreak-add]".to_string(),
            _ => format!("[data-testid=tiebreak-order] > li:nth-child({})", i.min(left - 1) + 1),
        });
    }
}

/// One tiebreak of the order: its place, and buttons to move or remove it. The chip itself
/// takes the focus, one Tab stop a chip: arrows move it, Delete removes it; its buttons are
/// for the pointer (out of the Tab order: the keys on the chip do what they do).
fn chip(o: Order, i: usize, n: usize, code: Tiebreak) -> impl IntoView {
    let label = code.code();
    let on_key = move |ev: web_sys::KeyboardEvent| {
        // Keys on the chip itself; its buttons keep their own.
        if ev.target() != ev.current_target() || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        match chip_key(&ev.key(), i, n) {
            Some(Some(to)) => o.place(i, to, ""),
            Some(None) => o.remove(i),
            None => return,
        }
        ev.prevent_default();
    };
    view! {
        <li
            class="chip"
            draggable="true"
            tabindex="0"
            aria-describedby="tiebreak-keys"
            data-testid="tiebreak-chip"
            on:keydown=on_key
            on:dragstart=move |_| o.dragging.set(Some(i))
            on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                ev.stop_propagation();
                if let Some(from) = o.dragging.get_untracked() {
                    o.place(from, i, "");
                }
                o.dragging.set(None);
            }
        >
            <span class="chip-label">{format!("{}. {label}", i + 1)}</span>
            <button class="mini" title="Earlier" aria-label=format!("Move {label} earlier") disabled=i == 0
                tabindex="-1" data-testid="tiebreak-up" on:click=move |_| o.place(i, i.saturating_sub(1), "tiebreak-up")>"←"</button>
            <button class="mini" title="Later" aria-label=format!("Move {label} later") disabled=i + 1 == n
                tabindex="-1" data-testid="tiebreak-down" on:click=move |_| o.place(i, i + 1, "tiebreak-down")>"→"</button>
            <button class="mini" title="Remove" aria-label=format!("Remove {label}")
                tabindex="-1" data-testid="tiebreak-remove" on:click=move |_| o.remove(i)>"×"</button>
        </li>
    }
}

/// The organiser's tiebreak order (drag, arrows, remove, add) and the rules in force.
#[component]
fn TiebreakOrder() -> impl IntoView {
    let state = expect_context::<State>();
    let s = state.settings;
    let o = Order { s, standings: expect_context::<Decoded>(), dragging: RwSignal::new(None), announce: RwSignal::new(String::new()) };
    let chips = move || {
        let order = o.shown();
        let n = order.len();
        order.into_iter().enumerate().map(|(i, code)| chip(o, i, n, code)).collect_view()
    };
    // Choosing in the list only selects (arrowing through a closed list fires a change per
    // step); the button adds.
    let chosen = RwSignal::new(None::<Tiebreak>);
    let add_options = move || {
        let (have, round_robin) = (o.shown(), o.round_robin());
        // A round robin is not offered the Buchholz tie-breaks (FIDE's checklist, Q105).
        all_codes()
            .iter()
            .filter(|c| !have.contains(c) && !(round_robin && c.is_buchholz()))
            .map(|&c| {
                view! { <option value=c.code() title=c.description() prop:selected=move || chosen.get() == Some(c)>{format!("{} ({})", c.name(), c.code())}</option> }
            })
            .collect_view()
    };
    let choose = move |ev: leptos::ev::Event| chosen.set(event_target_value(&ev).parse::<Tiebreak>().ok());
    let add = move |_| {
        let mut order = o.codes();
        if let Some(code) = chosen.get_untracked().filter(|c| !order.contains(c)) {
            order.push(code);
            s.update(|s| s.tiebreaks = Some(order));
            chosen.set(None);
        }
    };
    let about = move || chosen.get().map(|c| format!("{}: {}", c.code(), c.description()));
    let refused = move || o.standings.with(|st| st.and_then(|st| st.refused.clone()));
    // "By the start date" (the engine's default) or the rules the user picks.
    let rules = move |ev| {
        let value = event_target_value(&ev);
        match value.parse::<Rules>() {
            Ok(r) => s.update(|s| s.rules = Some(r)),
            Err(_) if value == "date" => s.update(|s| s.rules = None),
            Err(_) => {}
        }
    };
    view! {
        <div class="tiebreak-order">
            <span class="help" id="tiebreak-order-label">"Tiebreaks, in order (drag or use the arrows):"</span>
            <ol class="chips" data-testid="tiebreak-order" aria-labelledby="tiebreak-order-label">{chips}</ol>
            <span class="visually-hidden" id="tiebreak-keys">"Left and right arrows move this tiebreak, Home and End to either end; Delete removes it."</span>
            <span class="visually-hidden" aria-live="polite" data-testid="tiebreak-announce">{move || o.announce.get()}</span>
            <span class="tiebreak-add">
                <select data-testid="tiebreak-add" aria-label="Tiebreak to add" aria-describedby="tiebreak-about" on:change=choose>
                    <option value="" prop:selected=move || chosen.get().is_none()>"Add a tiebreak…"</option>
                    {add_options}
                </select>
                <button data-testid="tiebreak-add-button" on:click=add disabled=move || chosen.get().is_none()>"Add"</button>
            </span>
            <span class="help tiebreak-about" id="tiebreak-about" data-testid="tiebreak-about">{about}</span>
            {move || refused().map(|note| view! { <p class="notice" role="status" data-testid="tiebreak-refused">{note}</p> })}
            <label>
                "Rules "
                <select data-testid="rules" on:change=rules>
                    <option value="date" prop:selected=move || s.with(|s| s.rules.is_none())>"In force at the start date"</option>
                    <option value="2023" prop:selected=move || s.with(|s| s.rules == Some(Rules::Fide2023))>"FIDE C.07 (2023)"</option>
                    <option value="2026" prop:selected=move || s.with(|s| s.rules == Some(Rules::Fide2026))>"FIDE C.07 (from March 2026)"</option>
                </select>
            </label>
        </div>
    }
}

/// The rank, or for an expelled player "expelled" in its place (FIDE's checklist Q198), for
/// a round robin's player not counted "not counted" (C.06 V.4a): both listed after the ranked.
fn rank_cell(row: &StandingRowView) -> impl IntoView {
    let unranked = |text: &'static str| view! { <td class="num unranked" data-testid="standing-rank">{text}</td> }.into_any();
    match (row.ranked(), row.not_counted) {
        (true, _) => view! { <td class="num" data-testid="standing-rank">{row.rank}</td> }.into_any(),
        (false, true) => unranked("not counted"),
        (false, false) => unranked("expelled"),
    }
}

/// Places gained (▲) or lost (▼) since the round before.
fn movement_cell(rank: usize, previous: Option<usize>) -> impl IntoView {
    let (text, class, title) = match previous {
        Some(p) if p > rank => (format!("▲{}", p - rank), "num move up", format!("up from {p}")),
        Some(p) if p < rank => (format!("▼{}", rank - p), "num move down", format!("down from {p}")),
        Some(p) => ("=".to_string(), "num move", format!("{p} before too")),
        None => (String::new(), "num move", String::new()),
    };
    view! { <td class=class data-testid="rank-move" title=title>{text}</td> }
}

/// The columns a standings table has besides the tiebreaks.
#[derive(Clone, Copy)]
struct Columns {
    file_rank: bool,
    movement: bool,
    federation: bool,
    titles: bool,
    /// A category is chosen: each row's place in it.
    category: bool,
}

/// One standings row, and (when opened) how each value was derived. `place`: its place in
/// the chosen category.
fn row_view(
    open_row: RwSignal<Option<u32>>,
    row: StandingRowView,
    codes: Vec<Tiebreak>,
    cols: Columns,
    place: Option<usize>,
) -> impl IntoView {
    let Columns { file_rank, movement, .. } = cols;
    let start = row.start;
    let is_open = move || open_row.get() == Some(start);
    let toggle = move || open_row.update(|o| *o = if *o == Some(start) { None } else { Some(start) });
    let details: Vec<(&'static str, String)> = codes.iter().map(|c| c.code()).zip(row.explanations.iter().cloned()).collect();
    let cells = codes
        .iter()
        .zip(row.values.iter().zip(&row.explanations))
        .map(|(&c, (v, why))| view! { <td class="num tb" title=why.clone()>{fmt_value(c, *v)}</td> })
        .collect_view();
    view! {
        // The whole row opens on a click; the name is the button a keyboard or screen reader uses
        // (its click reaches the row).
        <tr data-testid="standing-row" class="clickable" on:click=move |_| toggle()>
            {cols.category.then(|| view! { <td class="num" data-testid="category-place">{place.map(|p| p.to_string()).unwrap_or_default()}</td> })}
            {rank_cell(&row)}
            {movement.then(|| match !row.ranked() {
                // Not ranked: no place gained or lost.
                true => view! { <td class="num move"></td> }.into_any(),
                false => movement_cell(row.rank, row.previous_rank).into_any(),
            })}
            {file_rank.then(|| {
                let title = match row.declared_agrees {
                    true => "the file's rank: the same".to_string(),
                    false => format!("the file's rank differs: {}", row.declared_rank.map_or("none".into(), |r| r.to_string())),
                };
                view! { <td class="num file-rank" class:differs=!row.declared_agrees data-testid="declared-rank" title=title>{row.declared_rank.map(|r| r.to_string()).unwrap_or_default()}</td> }
            })}
            <td class="num" data-testid="standing-start">{row.start}</td>
            // The name alone under its test id; a withdrawn or expelled player's mark after it.
            <td class="pin-name">
                <button class="link row-toggle" data-testid="standing-toggle" aria-expanded=move || is_open().to_string() title="How each value was derived"><span data-testid="standing-name">{row.name.clone()}</span></button>
                {departure_tag(&row)}
            </td>
            {cols.titles.then(|| view! { <td class="player-title narrow-hide" data-testid="player-title">{row.title.clone().unwrap_or_default()}</td> })}
            {cols.federation.then(|| view! { <td class="narrow-hide" data-testid="standing-fed">{row.federation.clone().unwrap_or_default()}</td> })}
            <td class="num pin-rating">{row.rating.map(|r| r.to_string()).unwrap_or_default()}</td>
            <td class="num pin-points" data-testid="standing-points">{format!("{:.1}", row.points)}</td>
            {cells}
        </tr>
        <Show when=is_open>
            <tr class="derivation" data-testid="derivation">
                <td colspan="99">
                    <ul>{details.iter().map(|(c, why)| view! { <li><b>{*c}</b>": "{why.clone()}</li> }).collect_view()}</ul>
                </td>
            </tr>
        </Show>
    }
}

/// The columns `st` shows, in the category chosen.
fn columns(st: &StandingsView, category: Category) -> Columns {
    Columns {
        file_rank: st.declared.is_some() && st.teams.is_none(),
        movement: st.round > 1,
        federation: st.rows.iter().any(|r| r.federation.is_some()),
        titles: st.rows.iter().any(|r| r.title.is_some()),
        category: category != Category::All,
    }
}

/// The category list: which players the standings show (women, an age group, a rating band),
/// with their place within it.
fn category_picker(st: &StandingsView, category: RwSignal<Category>) -> Option<impl IntoView> {
    let year = event_year(st.title.start_date.as_deref());
    let offered = offered(&st.rows, year);
    let current = category.get_untracked();
    let options = offered.iter().map(|&c| view! { <option value=c.value() selected=c == current>{c.label()}</option> }).collect_view();
    let pick = move |ev: leptos::ev::Event| category.set(Category::parse(&event_target_value(&ev)).unwrap_or(Category::All));
    (offered.len() > 1).then(|| {
        view! {
            <label class="category-picker">
                "Category "
                <select data-testid="category" on:change=pick>{options}</select>
            </label>
        }
    })
}

#[component]
fn StandingsTable() -> impl IntoView {
    let open_row = RwSignal::new(None::<u32>);
    let category = RwSignal::new(Category::All);
    let decoded = expect_context::<Decoded>();
    let standings = move || decoded.get();
    let cols = move || decoded.with(|st| st.map(|st| columns(st, category.get())));
    let has = move |f: fn(Columns) -> bool| cols().is_some_and(f);
    let head = move || {
        standings().map(|st| st.codes.iter().map(|c| view! { <th class="num" data-testid="tiebreak-head">{c.code()}</th> }).collect_view())
    };
    let body = move || {
        standings().map(|st| {
            let (codes, cols, chosen) = (st.codes.clone(), columns(&st, category.get()), category.get());
            let places = places(&st.rows, chosen, event_year(st.title.start_date.as_deref()));
            st.rows
                .into_iter()
                .zip(places)
                .filter(|(_, p)| chosen == Category::All || p.is_some())
                .map(|(row, place)| row_view(open_row, row, codes.clone(), cols, place))
                .collect_view()
        })
    };
    let caption = move || {
        let c = category.get();
        let text = format!("{}: the players in this category, with their place in it (Cat) and in the whole event (Rk)", c.label());
        (c != Category::All).then(|| view! { <p class="category-caption" id="category-caption" data-testid="category-caption">{text}</p> })
    };
    view! {
        {move || standings().and_then(|st| category_picker(&st, category))}
        // Above the table, not its caption: a caption scrolls away with a wide table on a phone.
        {caption}
        // On a phone the name, rating and points stay put (style: .pin-name, .pin-rating,
        // .pin-points; the title and federation columns between them are left out there) while
        // the tiebreaks scroll, and this says so.
        <p class="scroll-hint" data-testid="standings-scroll-hint" aria-hidden="true">"Scroll sideways for more tiebreaks →"</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Standings table">
            <table data-testid="standings-table">
                <thead>
                    <tr>
                        {move || has(|c| c.category).then(|| view! { <th class="num" title="Place within the category">"Cat"</th> })}
                        <th class="num">"Rk"</th>
                        {move || has(|c| c.movement).then(|| view! { <th class="num" title="Places gained or lost since the round before">"+/−"</th> })}
                        {move || has(|c| c.file_rank).then(|| view! { <th class="num file-rank" title="The rank the file declares">"File"</th> })}
                        <th class="num">"No"</th><th class="pin-name">"Name"</th>
                        {move || has(|c| c.titles).then(|| view! { <th class="narrow-hide" title="Title">"Ti"</th> })}
                        {move || has(|c| c.federation).then(|| view! { <th class="narrow-hide" title="Federation">"Fed"</th> })}
                        <th class="num pin-rating">"Rtg"</th><th class="num pin-points">"Pts"</th>{head}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
