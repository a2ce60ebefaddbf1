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

/// The two workers behind the rating views: requests go to the one that serves them, answers
/// come back through one handler.
pub struct Workers {
    first: Bridge,
    lab: RefCell<Option<Bridge>>,
    on_message: Rc<dyn Fn(FromWorker)>,
    /// The last rating job, and whether the lab's worker runs it.
    last_rating: Cell<(u32, bool)>,
}

/// Whether the lab's worker serves `msg`: a cancel of the last rating goes where it runs, a
/// test's failure on purpose to the lab's worker while it is busy (the worker a test means),
/// else to the first.
fn for_lab(msg: &ToWorker, last_rating_in_lab: bool, lab_busy: bool) -> bool {
    match msg {
        ToWorker::Rate { settings, source, .. } => settings.method != MethodKind::Brent || matches!(source, Source::Stored(_)),
        ToWorker::Cancel { .. } => last_rating_in_lab,
        ToWorker::Crash { .. } => lab_busy,
        _ => true,
    }
}

impl Workers {
    /// Starts the first worker; `on_message` receives both workers' answers.
    pub fn new(on_message: impl Fn(FromWorker) + 'static) -> Workers {
        let on_message: Rc<dyn Fn(FromWorker)> = Rc::new(on_message);
        let first = Bridge::new(&crate::bridge::worker_url(), {
            let on_message = on_message.clone();
            move |msg| on_message(msg)
        });
        Workers { first, lab: RefCell::new(None), on_message, last_rating: Cell::new((0, false)) }
    }

    pub fn send(&self, msg: ToWorker) {
        let (last_job, last_in_lab) = self.last_rating.get();
        let lab_busy = self.lab.borrow().as_ref().is_some_and(Bridge::busy);
        let in_lab = for_lab(&msg, last_in_lab, lab_busy);
        if let ToWorker::Rate { job, .. } = &msg {
            // The rating before ran in the other worker: stop it there (its answers, for an old
            // job, are ignored), so the two do not share the processor.
            if in_lab != last_in_lab && last_job > 0 {
                self.send_to(last_in_lab, ToWorker::Cancel { job: last_job });
            }
            self.last_rating.set((*job, in_lab));
        }
        self.send_to(in_lab, msg);
    }

    fn send_to(&self, lab: bool, msg: ToWorker) {
        if !lab {
            return self.first.send(msg);
        }
        if self.lab.borrow().is_none() {
            let on_message = self.on_message.clone();
            let started = Bridge::new(&crate::bridge::lab_worker_url(), move |msg| on_message(msg));
            *self.lab.borrow_mut() = Some(started);
        }
        // Not borrowed mutably while sending: a refused request is answered at once.
        if let Some(lab) = self.lab.borrow().as_ref() {
            lab.send(msg)
        }
    }
}
