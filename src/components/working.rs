//! Show the working: in the step-by-step view, the numbers that moved one player in the
//! step shown, as the engine computed them ([`crate::core::engine::methods::working`], asked of
//! the worker): Brent's Algorithm 1 numerator and denominator sums of (13) with the
//! opponents who pulled most, and the next iterate; Elo's games with μ, S and K·(S − μ).
//! Full-precision values ride in `data-*` attributes; the sentences round to 6 digits.

use crate::core::engine::methods::working::{BrentWorking, EloWorking, Term, Working as Work};
use crate::core::engine::{MethodKind, MethodVariant, Variant};
use crate::core::protocol::ToWorker;
use crate::state::State;
use leptos::prelude::*;

/// A number to 6 significant digits.
fn sig(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = (5 - v.abs().log10().floor() as i32).max(0) as usize;
    format!("{v:.digits$}")
}

/// Whether the shown run has a working to show (Brent's Algorithm 1, or Elo).
fn has_working(state: &State) -> bool {
    // Algorithm 1 from the uniform start, as `working` replays it (not a warmed start).
    let alg1 = Some(MethodVariant::Brent { iteration: Variant::Alg1, warmed: false });
    state.result.with(|r| r.as_ref().is_some_and(|r| r.variant == alg1 || r.method == MethodKind::Elo))
}

#[component]
pub fn Working() -> impl IntoView {
    let state = expect_context::<State>();
    let send = expect_context::<crate::state::SendToWorker>().0;
    let player = state.working_player;
    let asked = RwSignal::new(0u32);
    let shown = move || has_working(&state) && state.step.get().is_some_and(|k| k >= 1);
    Effect::new(move |_| {
        let (name, step) = (player.get(), state.step.get());
        state.shown_job.track();
        if let (false, Some(k), true) = (name.is_empty(), step, has_working(&state)) {
            if k >= 1 {
                let job = asked.get_untracked() + 1;
                asked.set(job);
                let settings = state.settings.get_untracked();
                send.run(ToWorker::Working { job, source: super::race::source(&state), settings, step: k, player: name });
            }
        }
    });
    // The players to choose from only while the panel shows (stepping: small inputs only): a
    // hidden list of 100,000 options took the page seconds to build after each large result.
    let names = move || match shown() {
        true => state.result.with(|r| r.as_ref().map(|r| r.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>()).unwrap_or_default()),
        false => Vec::new(),
    };
    // Read here: the working's decoding is in this view's part of the wasm.
    let reply =
        move || state.working.with(|w| w.as_ref().filter(|(j, _)| *j == asked.get()).map(|(_, w)| w.clone().and_then(|w| w.open())));
    view! {
        <div class="working" data-testid="working-panel" class:hidden=move || !shown()>
            <label>
                "Show the working for "
                <select data-testid="working-player" on:change=move |ev| player.set(event_target_value(&ev))>
                    <option value="" selected=move || player.with(String::is_empty)>"— choose a player —"</option>
                    {move || names().into_iter().map(|n| {
                        let chosen = { let n = n.clone(); move || player.with(|p| *p == n) };
                        view! { <option value=n.clone() selected=chosen>{n.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
            {move || (!player.with(String::is_empty)).then(|| match reply() {
                Some(Ok(Work::Brent(w))) => brent(w).into_any(),
                Some(Ok(Work::Elo(w))) => elo(w).into_any(),
                Some(Err(e)) => view! { <p class="help" data-testid="working-error">{e}</p> }.into_any(),
                None => view! { <p class="help">"Working it out…"</p> }.into_any(),
            })}
        </div>
    }
}

/// "B (+0.31), C (+0.2)": the largest terms, by `value`, named.
fn largest(terms: &[Term], value: fn(&Term) -> f64) -> String {
    let mut t: Vec<&Term> = terms.iter().filter(|t| value(t) > 0.0).collect();
    crate::core::engine::sort::by(&mut t, |a, b| value(b).total_cmp(&value(a)));
    let named: Vec<String> = t.iter().take(3).map(|t| format!("{} ({})", t.opponent, sig(value(t)))).collect();
    if named.is_empty() {
        "no one".into()
    } else {
        named.join(", ")
    }
}

fn brent(w: BrentWorking) -> impl IntoView {
    let k = w.iteration;
    let rows = w
        .terms
        .iter()
        .map(|t| {
            view! {
                <tr data-testid="working-term" data-num=t.num.to_string() data-den=t.den.to_string()>
                    <th scope="row">{t.opponent.clone()}</th>
                    <td class="num">{t.scored.to_string()}</td><td class="num">{t.conceded.to_string()}</td><td class="num">{sig(t.strength)}</td>
                    <td class="num">{sig(t.num)}</td><td class="num">{sig(t.den)}</td>
                </tr>
            }
        })
        .collect_view();
    let prior = (w.prior_num != 0.0 || w.prior_den != 0.0).then(|| format!(" + old rating's {} (eq. (17))", sig(w.prior_num)));
    let prior_den = (w.prior_den != 0.0).then(|| format!(" + old rating's {}", sig(w.prior_den)));
    view! {
        <div class="working-body" data-testid="working" data-method="brent" data-x=w.x.to_string() data-num=w.num.to_string() data-den=w.den.to_string()
            data-sigma-num=w.sigma_num.to_string() data-sigma-den=w.sigma_den.to_string() data-prior-num=w.prior_num.to_string()
            data-prior-den=w.prior_den.to_string() data-ratio=w.ratio.to_string() data-factor=w.factor.to_string() data-next=w.next.to_string()>
            <p>{format!("Iteration {k} moves {} from strength x = {} (iterate {}):", w.player, sig(w.x), k - 1)}</p>
            <ul>
                <li>{format!("numerator Σ s·x_j/(x + x_j) + σ/2 = {} + {}", sig(w.num - w.sigma_num - w.prior_num), sig(w.sigma_num))}{prior}{format!(" = {}; pulled up most by {}", sig(w.num), largest(&w.terms, |t| t.num))}</li>
                <li>{format!("denominator Σ s_j/(x + x_j) + σ/(2x) = {} + {}", sig(w.den - w.sigma_den - w.prior_den), sig(w.sigma_den))}{prior_den}{format!(" = {}; pulled down most by {}", sig(w.den), largest(&w.terms, |t| t.den))}</li>
                <li>{format!("{} / {} = {}; renormalised (geometric mean 1) × {} gives x = {} at iterate {k}", sig(w.num), sig(w.den), sig(w.ratio), sig(w.factor), sig(w.next))}</li>
            </ul>
            <details>
                <summary>"Every term"</summary>
                <div class="table-wrap" role="region" aria-label="Every term of the sums" tabindex="0">
                    <table data-testid="working-terms">
                        <thead><tr><th scope="col">"Opponent"</th><th scope="col">"scored"</th><th scope="col">"conceded"</th><th scope="col">"x_j"</th><th scope="col">"numerator term"</th><th scope="col">"denominator term"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </details>
        </div>
    }
}

fn elo(w: EloWorking) -> impl IntoView {
    let games = w
        .games
        .iter()
        .map(|g| {
            let side = if g.first { "first/home" } else { "second/away" };
            view! {
                <li data-testid="working-game" data-expected=g.expected.to_string() data-score=g.score.to_string() data-k=g.k.to_string() data-change=g.change.to_string()>
                    {format!("against {} ({side}; {} v {}): expected score μ = {}, score S = {}, change K·(S − μ) = {} × ({} − {}) = {:+}",
                        g.opponent, sig(g.before), sig(g.opponent_before), sig(g.expected), sig(g.score), sig(g.k), sig(g.score), sig(g.expected), sig(g.change))}
                </li>
            }
        })
        .collect_view();
    let none = w.games.is_empty().then(|| view! { <li>"no game in this step"</li> });
    view! {
        <div class="working-body" data-testid="working" data-method="elo" data-before=w.before.to_string() data-after=w.after.to_string()>
            <p>{format!("Step {} for {}: rating {} before;", w.step, w.player, sig(w.before))}</p>
            <ul>{games}{none}</ul>
            <p>{format!("rating {} after.", sig(w.after))}</p>
        </div>
    }
}
