//! The page's rating workers, and which serves what (issue 24). A first visit starts one small
//! worker, `src/bin/worker.rs`, which rates text in the page (typed, pasted, opened, a lesson,
//! up to [`crate::core::protocol::LARGE_INPUT`]) with Brent's method, the default; its engine is
//! compiled for size (the `first-worker` profile). The lab's worker, `src/bin/lab_worker.rs`,
//! starts when first asked for: every other method, a large file kept in the browser's
//! storage (its engine compiled for speed: a million games rate about 10 % faster than in the
//! first worker), the compare view, prediction and the simulation lab, the race, a step's
//! working; and a tournament file (TRF or PGN), which the first worker hands on as soon as it
//! recognises one ([`FromWorker::Elsewhere`]), since its code is left without the tournament
//! readers and the tiebreaks. The desk's
//! worker is the desk's own (`app::connect_desk`).

use crate::bridge::Bridge;
use crate::core::engine::MethodKind;
use crate::core::numbered::Texts;
use crate::core::protocol::{FromWorker, Source, ToWorker};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// The two workers behind the rating views, each started when a request first needs it:
/// requests go to the one that serves them, answers come back through one handler.
pub struct Workers(Rc<Inner>);

struct Inner {
    /// The first worker, then the lab's.
    bridges: [RefCell<Option<Bridge>>; 2],
    on_message: Box<dyn Fn(FromWorker)>,
    /// Whether the lab's worker runs the last rating.
    rating_in_lab: Cell<bool>,
    /// The last rating sent to the first worker, sent again to the lab's if it is handed on.
    first_rating: RefCell<Option<ToWorker>>,
    /// The last text the first worker handed on (a tournament): the lab's worker rates it
    /// from then on.
    handed_on: RefCell<Option<Source>>,
    /// A rating cancelled while the first worker had it: cancelled in the lab's too if it
    /// is handed on.
    cancelled: Cell<Option<u32>>,
    /// The texts the views asked for, numbered: a request for the same text is numbered the
    /// same, so a worker sent it once is sent only the number after (each `Bridge`'s `Sent`).
    texts: RefCell<Texts>,
}

/// Whether the lab's worker serves `msg`: a rating by another method than Brent's, of a large
/// file or of a tournament the first worker handed on; a cancel of the last rating where it
/// runs; a test's failure on purpose to the lab's worker while it is busy (the worker a test
/// means), else to the first.
fn for_lab(msg: &ToWorker, inner: &Inner, lab_busy: bool) -> bool {
    match msg {
        ToWorker::Rate { settings, source, .. } => {
            settings.method != MethodKind::Brent || matches!(source, Source::Stored(_)) || inner.handed_on.borrow().as_ref() == Some(source)
        }
        ToWorker::Cancel { .. } | ToWorker::Supersede { .. } => inner.rating_in_lab.get(),
        ToWorker::Crash { .. } => lab_busy,
        _ => true,
    }
}

impl Workers {
    /// No worker yet; `on_message` receives both workers' answers.
    pub fn new(on_message: impl Fn(FromWorker) + 'static) -> Workers {
        Workers(Rc::new(Inner {
            bridges: Default::default(),
            on_message: Box::new(on_message),
            rating_in_lab: Cell::new(false),
            first_rating: RefCell::new(None),
            handed_on: RefCell::new(None),
            cancelled: Cell::new(None),
            texts: RefCell::default(),
        }))
    }

    pub fn send(&self, mut msg: ToWorker) {
        if let Some(source) = msg.source_mut() {
            self.0.texts.borrow_mut().number(source);
        }
        send(&self.0, msg)
    }
}

fn send(inner: &Rc<Inner>, msg: ToWorker) {
    let in_lab = for_lab(&msg, inner, busy(inner, true));
    match &msg {
        ToWorker::Rate { job, .. } => {
            // The rating before runs in the other worker: drop it there, so that the two
            // do not share the processor (its answers, for an old job, would be ignored).
            let before = inner.rating_in_lab.replace(in_lab);
            if before != in_lab && busy(inner, before) {
                send_to(inner, before, ToWorker::Supersede { job: *job });
            }
            *inner.first_rating.borrow_mut() = (!in_lab).then(|| msg.clone());
        }
        ToWorker::Cancel { job } if !in_lab => inner.cancelled.set(Some(*job)),
        _ => {}
    }
    // A worker that is not running has nothing to stop: a cancel would start one.
    if matches!(msg, ToWorker::Cancel { .. } | ToWorker::CancelCompare { .. } | ToWorker::CancelPredict { .. }) && !busy(inner, in_lab) {
        return;
    }
    send_to(inner, in_lab, msg);
}

/// Whether that worker has started and has a job not yet answered in full.
fn busy(inner: &Inner, lab: bool) -> bool {
    inner.bridges[lab as usize].borrow().as_ref().is_some_and(|b| b.has_worker() && b.busy())
}

fn send_to(inner: &Rc<Inner>, lab: bool, msg: ToWorker) {
    let bridge = &inner.bridges[lab as usize];
    if bridge.borrow().is_none() {
        let weak = Rc::downgrade(inner);
        let url = if lab { crate::bridge::lab_worker_url() } else { crate::bridge::worker_url() };
        let started = Bridge::new(url, move |msg| answered(&weak, msg));
        *bridge.borrow_mut() = Some(started);
    }
    // Not borrowed mutably while sending: a refused request is answered at once.
    if let Some(bridge) = bridge.borrow().as_ref() {
        bridge.send(msg)
    }
}

/// A worker's answer: to the page, but a rating the first worker handed on, which goes to
/// the lab's worker (if it is still the last rating asked for).
fn answered(inner: &Weak<Inner>, msg: FromWorker) {
    let Some(inner) = inner.upgrade() else { return };
    let FromWorker::Elsewhere { job } = msg else {
        return (inner.on_message)(msg);
    };
    let rating = inner.first_rating.borrow_mut().take_if(|r| matches!(r, ToWorker::Rate { job: j, .. } if *j == job));
    if let Some(ToWorker::Rate { source, .. }) = &rating {
        *inner.handed_on.borrow_mut() = Some(source.clone());
    }
    if let Some(rating) = rating {
        inner.rating_in_lab.set(true);
        send_to(&inner, true, rating);
        if inner.cancelled.take() == Some(job) {
            send_to(&inner, true, ToWorker::Cancel { job });
        }
    }
}
