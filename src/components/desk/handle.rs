//! The desk as the page holds it: [`Desk`], the open tournament and its session
//! (`core::session`) in signals, the one change in flight to the worker, and what is kept in
//! IndexedDB and local storage after each change. The views read and drive it; what a change
//! does to the tournament is `core::session`'s.

use super::journal;
use super::local::{local, set_local, CREATING_KEY, OPEN_KEY, STAMP_KEY};
use crate::core::engine::desk::export::TrfVersion;
use crate::core::engine::desk::{Action, DeskView, Level};
pub use crate::core::kept::Kept;
use crate::core::protocol::{DeskReply, DeskRequest, FromWorker, ToWorker};
use crate::core::session::{moved_from, progress};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A change waiting for the arbiter's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Asking {
    pub action: Action,
    pub level: Level,
    pub warnings: Vec<String>,
    /// Yes answers given so far (a Level-4 change needs two).
    pub agreed: u8,
}

/// What was asked of the worker and is awaited.
#[derive(Clone, Debug, PartialEq)]
enum Flight {
    Create,
    Import(String),
    Apply,
    View,
    Explain,
    Export(TrfVersion, bool),
    CheckImport,
    Prizes,
    Report,
    Standings,
}

/// What applies the desk worker's answers ([`Desk::receive`]).
type Receiver = fn(Desk, FromWorker);

/// The desk's signals.
#[derive(Clone, Copy)]
pub struct Desk {
    /// The desk shown instead of the rating views.
    pub open: RwSignal<bool>,
    pub list: RwSignal<Vec<Kept>>,
    pub current: RwSignal<Option<Kept>>,
    pub view: RwSignal<Option<DeskView>>,
    /// The new-tournament form shown.
    pub creating: RwSignal<bool>,
    pub failure: RwSignal<Option<String>>,
    /// A key the results column refused, and what it takes.
    pub key_note: RwSignal<Option<String>>,
    pub explain: RwSignal<Option<String>>,
    /// The rating report (B.02) and norm check (B.01), as text.
    pub report: RwSignal<Option<String>>,
    /// The players' view's standings.
    pub standings: RwSignal<Option<crate::core::protocol::PlayersStandings>>,
    /// What a print shows (the class on the desk's panel).
    pub printing: RwSignal<&'static str>,
    /// Whether the storage refused the last write.
    pub unkept: RwSignal<Option<String>>,
    /// The rating list read by the desk's worker (`worker::lists`), and why one could not be.
    pub rating_list: RwSignal<Option<crate::core::protocol::ListSummary>>,
    pub list_problem: RwSignal<Option<String>>,
    /// The players the last search found, with the text searched.
    pub found: RwSignal<Option<(String, Vec<crate::core::engine::parse::rating_list::ListPlayer>)>>,
    /// An export asked while changes were on their way ([`Desk::ask_export`]).
    export_after: StoredValue<Option<(TrfVersion, bool)>>,
    /// The search or load asked last of the list ([`Desk::search_list`]): its job and text.
    pub(super) list_job: StoredValue<(u32, String)>,
    /// The rating report a player a card.
    pub report_cards: RwSignal<Option<Vec<crate::core::protocol::ReportCard>>>,
    /// The prize list made last.
    pub prizes: RwSignal<Option<crate::core::engine::tiebreak::prizes::PrizeList>>,
    /// What the check of the file just imported found, until the arbiter accepts it.
    pub import_report: RwSignal<Option<crate::core::engine::desk::import::ImportReport>>,
    /// A change that needs the arbiter's agreement, with why ([`confirm::Confirm`]).
    pub asking: RwSignal<Option<Asking>>,
    job: StoredValue<u32>,
    flight: StoredValue<Option<Flight>>,
    /// The worker's answers come before a desk view was first shown ([`Desk::deliver`]).
    inbox: StoredValue<Vec<FromWorker>>,
    /// Whether the tournaments kept have been read ([`Desk::restore`]).
    restored: StoredValue<bool>,
    /// What applies the worker's answers, once a desk view has been shown ([`Desk::receive`]).
    receiver: StoredValue<Option<Receiver>>,
    /// The way to the worker ([`Desk::connect`]): kept here, since the worker's answers,
    /// which send the next change, arrive outside any component.
    pub(super) sender: StoredValue<Option<Callback<ToWorker>>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Desk {
    pub fn new() -> Desk {
        let desk = Desk {
            open: RwSignal::new(false),
            list: RwSignal::new(Vec::new()),
            current: RwSignal::new(None),
            view: RwSignal::new(None),
            creating: RwSignal::new(false),
            failure: RwSignal::new(None),
            key_note: RwSignal::new(None),
            explain: RwSignal::new(None),
            report: RwSignal::new(None),
            standings: RwSignal::new(None),
            printing: RwSignal::new("print-round"),
            unkept: RwSignal::new(None),
            asking: RwSignal::new(None),
            import_report: RwSignal::new(None),
            prizes: RwSignal::new(None),
            report_cards: RwSignal::new(None),
            rating_list: RwSignal::new(None),
            list_problem: RwSignal::new(None),
            found: RwSignal::new(None),
            list_job: StoredValue::new((1 << 29, String::new())),
            export_after: StoredValue::new(None),
            job: StoredValue::new(1 << 28),
            flight: StoredValue::new(None),
            sender: StoredValue::new(None),
            inbox: StoredValue::new(Vec::new()),
            restored: StoredValue::new(false),
            receiver: StoredValue::new(None),
        };
        // Whether the desk was open at the last visit: the page opens on it (its part then
        // loads, and reads the tournaments kept).
        desk.open.set(super::local::source().is_none() && local(OPEN_KEY).is_some());
        desk
    }

    /// A worker's answer, applied by what a desk view set ([`Desk::receive`]): the code that
    /// reads and applies it is then in the desk's part of the wasm, not in the main part every
    /// visit loads. Kept until then.
    pub fn deliver(self, msg: FromWorker) {
        match self.receiver.get_value() {
            Some(apply) => apply(self, msg),
            None => self.inbox.update_value(|q| q.push(msg)),
        }
    }

    /// Applies the worker's answers as they come, from the first time a desk view (the desk,
    /// or the players' view) is shown, whether or not it is shown still: a change answered
    /// after the desk was closed is kept and the next one sent.
    pub fn receive(self) {
        self.receiver.set_value(Some(Desk::apply));
        for msg in self.inbox.try_update_value(std::mem::take).unwrap_or_default() {
            self.apply(msg);
        }
    }

    /// Gives the desk its way to the worker (the page's bridge, made after the desk).
    pub fn connect(self, send: Callback<ToWorker>) {
        self.sender.set_value(Some(send));
    }

    /// Reads the tournaments kept (the first time the desk is shown), and reopens the one open
    /// at the last visit.
    pub(super) fn restore(self) {
        if self.restored.get_value() {
            return;
        }
        self.restored.set_value(true);
        let reopen = local(OPEN_KEY);
        // The new-tournament form was open, with what was typed in it (`register::Draft`).
        let form_open = local(CREATING_KEY).is_some() && super::local::kept_draft().is_some();
        spawn_local(async move {
            let kept = match crate::idb::tournaments::all().await {
                Ok(all) => all.iter().filter_map(|j| crate::core::json::from_json::<Kept>(j).ok()).collect::<Vec<_>>(),
                Err(e) => {
                    self.failure.set(Some(format!("The tournaments kept in this browser could not be read: {e}")));
                    Vec::new()
                }
            };
            let (mut kept, replayed) = with_journals(kept);
            for k in replayed {
                keep_copy(self, k);
            }
            crate::core::engine::sort::by(&mut kept, |a, b| b.updated.total_cmp(&a.updated));
            let open = reopen.and_then(|id| kept.iter().find(|k| k.id == id).cloned());
            self.list.set(kept);
            match open {
                Some(k) => self.show(k),
                None if form_open => self.creating.set(true),
                None => {}
            }
        });
    }

    /// Sends `request`; the worker's answer to anything asked before is not awaited any more.
    /// A change replaced is sent again (it is still pending); an export replaced is asked
    /// again once this is answered, so that no download asked for is lost.
    fn send(self, request: DeskRequest, flight: Flight) {
        let Some(send) = self.sender.get_value() else { return };
        if let Some(Flight::Export(version, fin)) = self.flight.get_value() {
            self.export_after.set_value(Some((version, fin)));
        }
        let job = self.job.get_value() + 1;
        self.job.set_value(job);
        self.flight.set_value(Some(flight));
        send.run(ToWorker::Desk { job, request });
    }

    /// Sends the next change waiting, if none is under way.
    fn pump(self) {
        if self.flight.with_value(Option::is_some) {
            return;
        }
        let Some(k) = self.current.get_untracked() else { return };
        if let Some(action) = k.pending.first().cloned() {
            return self.send(DeskRequest::Apply { text: k.text, action }, Flight::Apply);
        }
        // An export asked while changes were on their way: made now, of the file with them.
        if let Some((version, fin)) = self.export_after.try_update_value(Option::take).flatten() {
            self.ask_export(version, fin);
        }
    }

    /// Opens `k`: its view asked for, and the changes it kept unanswered sent again.
    pub fn show(self, k: Kept) {
        set_local(OPEN_KEY, Some(&k.id));
        self.open.set(true);
        self.creating.set(false);
        self.explain.set(None);
        self.report.set(None);
        self.failure.set(None);
        self.import_report.set(None);
        self.prizes.set(None);
        let text = k.text.clone();
        let waiting = !k.pending.is_empty();
        self.current.set(Some(k));
        self.flight.set_value(None);
        match waiting {
            true => self.pump(),
            false => self.send(DeskRequest::View { text }, Flight::View),
        }
    }

    /// Opens or closes the desk (remembered for the next visit).
    pub fn toggle(self) {
        let open = !self.open.get_untracked();
        self.open.set(open);
        let id = self.current.with_untracked(|k| k.as_ref().map(|k| k.id.clone())).unwrap_or_default();
        set_local(OPEN_KEY, open.then_some(id.as_str()));
    }

    /// Back to the list.
    pub fn close_tournament(self) {
        self.current.set(None);
        self.view.set(None);
        self.explain.set(None);
        set_local(OPEN_KEY, Some(""));
    }

    /// Makes a change: kept at once (with the changes before it not yet answered), then sent.
    pub fn act(self, action: Action) {
        self.failure.set(None);
        self.explain.set(None);
        self.report.set(None);
        self.current.update(|k| {
            if let Some(k) = k {
                let entry = k.act(action);
                journal::write(&k.id, entry);
            }
        });
        self.keep();
        self.pump();
    }

    /// A new tournament; with `from_list`, its players rated from the rating list open.
    pub fn create(
        self,
        details: crate::core::engine::desk::Details,
        players: String,
        from_list: Option<crate::core::engine::parse::rating_list::RatingType>,
    ) {
        self.failure.set(None);
        self.send(DeskRequest::Create { details, players, from_list }, Flight::Create);
    }

    pub fn import(self, text: String, name: String) {
        self.failure.set(None);
        self.send(DeskRequest::View { text }, Flight::Import(name));
    }

    pub fn ask_explain(self, round: usize) {
        if let Some(k) = self.current.get_untracked() {
            self.send(DeskRequest::Explain { text: k.text, round }, Flight::Explain);
        }
    }

    /// The players' view of `text`: its pairings and standings.
    pub fn ask_standings(self, text: String) {
        self.send(DeskRequest::Standings { text }, Flight::Standings);
    }

    /// The rating report, with the K inputs typed (kept with the tournament); what cannot be
    /// read is said, and nothing is asked.
    pub fn ask_report(self, inputs: [String; 3]) {
        let Some(mut k) = self.current.get_untracked() else { return };
        match crate::core::protocol::KInputs::read(&inputs[0], &inputs[1], &inputs[2]) {
            Ok(read) => {
                self.failure.set(None);
                if k.k_inputs != inputs {
                    k.k_inputs = inputs;
                    self.current.set(Some(k.clone()));
                    self.keep();
                }
                self.send(DeskRequest::Report { text: k.text, k: read }, Flight::Report);
            }
            Err(why) => self.failure.set(Some(format!("The rating report: {why}"))),
        }
    }

    /// Prints `what`: the class on the desk's panel that shows only it in print (`print-round`:
    /// the round shown; `print-cards`, `print-alpha` the alphabetical list, `print-start` the
    /// start list, `print-report` the rating report).
    pub fn print(self, what: &'static str) {
        self.printing.set(what);
        // After the class is on the panel.
        leptos::prelude::request_animation_frame(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.print();
            }
        });
    }

    /// The prize list by `table` (kept with the tournament) shared as `sharing`.
    pub fn ask_prizes(self, table: String, sharing: Option<crate::core::engine::tiebreak::prizes::Sharing>) {
        let Some(mut k) = self.current.get_untracked() else { return };
        if k.prize_table != table {
            k.prize_table = table.clone();
            self.current.set(Some(k.clone()));
            self.keep();
        }
        self.send(DeskRequest::Prizes { text: k.text, table, sharing }, Flight::Prizes);
    }

    /// The file to export as `version` (`fin`: the final file, refused while a result is
    /// missing or adjourned), with the ranks written; downloaded when it comes.
    /// While a change is on its way (a result just typed, a change just confirmed), the export
    /// waits for it: the file exported is the one with every change made.
    pub fn ask_export(self, version: TrfVersion, fin: bool) {
        let Some(k) = self.current.get_untracked() else { return };
        if !k.pending.is_empty() || self.flight.with_value(Option::is_some) {
            return self.export_after.set_value(Some((version, fin)));
        }
        self.send(DeskRequest::Export { text: k.text, version, fin }, Flight::Export(version, fin));
    }

    /// Takes back the last change (`Kept::undo`): one still on its way, or else the text
    /// before the last change made is put back; never past the arbiter's leaving FIDE mode.
    pub fn undo(self) {
        let Some(mut k) = self.current.get_untracked() else { return };
        let waiting = !k.pending.is_empty();
        match k.undo() {
            Ok(entry) => journal::write(&k.id, entry),
            Err(no) => return self.failure.set(no.message().map(str::to_string)),
        }
        let text = k.text.clone();
        self.current.set(Some(k));
        self.keep();
        // A change taken back from the queue leaves the text as shown; the one before it, if
        // it is being made now, is made and answered as usual. The last one taken back while
        // on its way: its answer is not awaited any more.
        let stale = waiting && self.current.with_untracked(|k| k.as_ref().is_some_and(|k| k.pending.is_empty()));
        if !waiting || stale {
            self.flight.set_value(None);
            self.send(DeskRequest::View { text }, Flight::View);
        }
    }

    /// Keeps the open tournament in IndexedDB (and in the list).
    fn keep(self) {
        let Some(mut k) = self.current.get_untracked() else { return };
        k.updated = now();
        self.list.update(|l| match l.iter_mut().find(|x| x.id == k.id) {
            Some(x) => *x = k.clone(),
            None => l.insert(0, k.clone()),
        });
        keep_copy(self, k);
    }

    pub fn delete(self, id: String) {
        self.list.update(|l| l.retain(|k| k.id != id));
        if self.current.with_untracked(|c| c.as_ref().is_some_and(|k| k.id == id)) {
            self.close_tournament();
        }
        spawn_local(async move {
            match crate::idb::tournaments::delete(&id).await {
                Ok(()) => journal::forget(&id),
                Err(e) => self.failure.set(Some(e)),
            }
        });
    }

    /// A worker message for the desk.
    fn apply(self, msg: FromWorker) {
        if let FromWorker::Listed { job, reply } = msg {
            return self.listed(job, reply);
        }
        let FromWorker::Desked { job, reply } = msg else { return };
        if job != self.job.get_value() {
            return;
        }
        let Some(flight) = self.flight.get_value() else { return };
        self.flight.set_value(None);
        match reply {
            Ok(reply) => match reply.open() {
                Ok(reply) => self.answered(flight, reply),
                // An answer this page cannot read (a worker of a newer site): the change stays
                // pending, sent again on the next visit, and nothing more is sent now.
                Err(why) => return self.failure.set(Some(why)),
            },
            Err(why) => self.refused(flight, why),
        }
        self.pump();
    }

    /// A tournament created or imported: kept and opened; an import's text (to be checked).
    fn created(self, flight: &Flight, text: String, named: &str, progress: String) -> Option<String> {
        let name = match flight {
            Flight::Import(file) if named.is_empty() => file.clone(),
            _ => named.to_string(),
        };
        let id = format!("t{}", (now() as u64).to_string() + &format!("{:04}", (js_sys::Math::random() * 10000.0) as u32));
        let (k, entry) = Kept::created(id, name, text, progress, now());
        journal::write(&k.id, entry);
        self.current.set(Some(k.clone()));
        self.keep();
        set_local(OPEN_KEY, Some(&k.id));
        if *flight == Flight::Create {
            set_local(super::local::DRAFT_KEY, None);
        }
        self.creating.set(false);
        matches!(flight, Flight::Import(_)).then_some(k.text)
    }

    fn answered(self, flight: Flight, reply: DeskReply) {
        if let (Flight::Apply, Some(c)) = (&flight, reply.confirm) {
            // Not made: asked of the arbiter first; the changes queued behind it go on.
            self.current.update(|k| {
                if let Some(action) = k.as_mut().and_then(Kept::not_made) {
                    self.asking.set(Some(Asking { action, level: c.level, warnings: c.warnings, agreed: 0 }));
                }
            });
            return self.keep();
        }
        let progress = progress(&reply.view);
        match flight {
            Flight::Create | Flight::Import(_) => {
                if let Some(text) = self.created(&flight, reply.text.clone(), &reply.view.name, progress) {
                    // An imported file's rounds checked against its rules, its adjustments
                    // listed (answered after this view is shown).
                    self.view.set(Some(reply.view));
                    return self.send(DeskRequest::CheckImport { text }, Flight::CheckImport);
                }
            }
            Flight::Apply => {
                let moved = self.view.with_untracked(|old| old.as_ref().and_then(|old| moved_from(old, &reply.view)));
                self.current.update(|k| {
                    if let Some(k) = k {
                        k.made(reply.text, moved);
                        k.progress = progress;
                    }
                })
            }
            Flight::View => self.current.update(|k| {
                if let Some(k) = k {
                    k.progress = progress;
                }
            }),
            Flight::Explain => self.explain.set(reply.explain),
            Flight::Report => {
                self.report_cards.set(reply.report_cards);
                self.report.set(reply.report)
            }
            Flight::Standings => self.standings.set(reply.standings),
            Flight::Export(version, fin) => {
                let name = self.current.with_untracked(|k| k.as_ref().map(|k| file_name(&k.name))).unwrap_or_default();
                let suffix = match (version, fin) {
                    (TrfVersion::Trf16, _) => "-trf16",
                    (TrfVersion::Trf2026, true) => "-final",
                    (TrfVersion::Trf2026, false) => "",
                };
                crate::download::text(&reply.export.unwrap_or_default(), &format!("{name}{suffix}.trf"), "text/plain");
            }
            // What the check found is written in the file at once (asked first, at Level 3,
            // when a round broke the rules: the checklist's Q55), and shown.
            Flight::CheckImport => {
                let found = reply.import.as_ref().is_some_and(|r| !r.lines().is_empty());
                self.import_report.set(reply.import);
                if found {
                    self.act(Action::AcceptImport { notes: Vec::new() });
                }
            }
            Flight::Prizes => self.prizes.set(reply.prizes),
        }
        if flight == Flight::Apply {
            self.keep();
        }
        self.view.set(Some(reply.view));
    }

    fn refused(self, flight: Flight, why: String) {
        if flight == Flight::Apply {
            // The change is dropped (the file is as it was): said, and the next goes on.
            self.current.update(|k| {
                if let Some(k) = k {
                    k.not_made();
                }
            });
            self.keep();
        }
        self.failure.set(Some(why));
    }
}

/// Writes `k` to IndexedDB; once committed, the journal drops the changes it holds.
fn keep_copy(desk: Desk, k: Kept) {
    let json = crate::core::json::to_json(&k);
    spawn_local(async move {
        let r = crate::idb::tournaments::put(&k.id, &json).await;
        if r.is_ok() {
            journal::settled(&k.id, k.acted);
        }
        // Other tabs (the players' view on a second screen) hear of the change.
        set_local(STAMP_KEY, Some(&now().to_string()));
        desk.unkept.set(r.err());
    });
}

/// The tournaments IndexedDB holds, with what their journals hold that they do not; and
/// those the journals changed, to be kept again.
fn with_journals(kept: Vec<Kept>) -> (Vec<Kept>, Vec<Kept>) {
    let mut kept = kept;
    let mut replayed = Vec::new();
    for (id, entries) in journal::all() {
        let at = kept.iter().position(|k| k.id == id);
        let copy = at.map(|i| kept[i].clone());
        match (at, crate::core::kept::replay(copy, &entries)) {
            // Every change in the copy already (its commit came after the last look).
            (Some(i), Some(k)) if k == kept[i] => journal::settled(&id, k.acted),
            (Some(i), Some(k)) => {
                replayed.push(k.clone());
                kept[i] = k;
            }
            (None, Some(k)) => {
                replayed.push(k.clone());
                kept.push(k);
            }
            // No record of it and no creation: kept, not dropped (the records may not have
            // been readable this time; a removed tournament's journal was dropped with it).
            (_, None) => {}
        }
    }
    (kept, replayed)
}

/// A tournament's name as a file name.
pub fn file_name(name: &str) -> String {
    let s: String = name.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "tournament".into()
    } else {
        s
    }
}
