//! The page's rating workers, and which serves what (issue 24). A first visit starts one small
//! worker, `src/bin/worker.rs`, which rates text in the page (typed, pasted, opened, a lesson,
//! up to [`crate::protocol::LARGE_INPUT`]) with Brent's method, the default; its engine is
//! compiled for size (the `first-worker` profile). The lab's worker, `src/bin/lab_worker.rs`,
//! starts when first asked for: every other method, a large file kept in the browser's
//! storage (its engine compiled for speed: a million games rate about 10 % faster than in the
//! first worker), the compare view, prediction and the simulation lab, the race, a step's
//! working. The desk's worker is the desk's own (`app::connect_desk`).

use crate::bridge::Bridge;
use crate::protocol::{FromWorker, Source, ToWorker};
use ratings_engine::MethodKind;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The two workers behind the rating views, each started when a request first needs it:
/// requests go to the one that serves them, answers come back through one handler.
pub struct Workers {
    /// The first worker, then the lab's.
    bridges: [RefCell<Option<Bridge>>; 2],
    on_message: Rc<dyn Fn(FromWorker)>,
    /// Whether the lab's worker runs the last rating.
    rating_in_lab: Cell<bool>,
}

/// Whether the lab's worker serves `msg`: a cancel of the last rating goes where it runs, a
/// test's failure on purpose to the lab's worker while it is busy (the worker a test means),
/// else to the first.
fn for_lab(msg: &ToWorker, rating_in_lab: bool, lab_busy: bool) -> bool {
    match msg {
        ToWorker::Rate { settings, source, .. } => settings.method != MethodKind::Brent || matches!(source, Source::Stored(_)),
        ToWorker::Cancel { .. } | ToWorker::Supersede { .. } => rating_in_lab,
        ToWorker::Crash { .. } => lab_busy,
        _ => true,
    }
}

impl Workers {
    /// No worker yet; `on_message` receives both workers' answers.
    pub fn new(on_message: impl Fn(FromWorker) + 'static) -> Workers {
        Workers { bridges: Default::default(), on_message: Rc::new(on_message), rating_in_lab: Cell::new(false) }
    }

    pub fn send(&self, msg: ToWorker) {
        let in_lab = for_lab(&msg, self.rating_in_lab.get(), self.busy(true));
        match &msg {
            ToWorker::Rate { job, .. } => {
                // The rating before runs in the other worker: drop it there, so that the two
                // do not share the processor (its answers, for an old job, would be ignored).
                let before = self.rating_in_lab.replace(in_lab);
                if before != in_lab && self.busy(before) {
                    self.send_to(before, ToWorker::Supersede { job: *job });
                }
            }
            // A worker that is not running has nothing to stop: a cancel would start one.
            ToWorker::Cancel { .. } | ToWorker::CancelCompare { .. } | ToWorker::CancelPredict { .. } if !self.busy(in_lab) => return,
            _ => {}
        }
        self.send_to(in_lab, msg);
    }

    /// Whether that worker has started and has a job not yet answered in full.
    fn busy(&self, lab: bool) -> bool {
        self.bridges[lab as usize].borrow().as_ref().is_some_and(|b| b.has_worker() && b.busy())
    }

    fn send_to(&self, lab: bool, msg: ToWorker) {
        let bridge = &self.bridges[lab as usize];
        if bridge.borrow().is_none() {
            let on_message = self.on_message.clone();
            let url = if lab { crate::bridge::lab_worker_url() } else { crate::bridge::worker_url() };
            let started = Bridge::new(&url, move |msg| on_message(msg));
            *bridge.borrow_mut() = Some(started);
        }
        // Not borrowed mutably while sending: a refused request is answered at once.
        if let Some(bridge) = bridge.borrow().as_ref() {
            bridge.send(msg)
        }
    }
}
