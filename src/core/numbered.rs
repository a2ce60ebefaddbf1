//! A text sent to a worker once, then named by its number (issue 37: a parameter change sends
//! a parameter, not the input again). The page numbers each new text ([`Texts`], in
//! `workers::Workers`); each worker's bridge remembers the number it sent last ([`Sent`]), which
//! is the one text that worker keeps (`worker/input.rs`), and sends the number alone for it.
//!
//! *Invariant:* a worker is sent [`Source::Kept`] only for the number of the last
//! [`Source::Numbered`] sent to that same worker since it started.

use crate::core::protocol::{Source, ToWorker};

/// The page's numbering of the texts the views ask to read.
#[derive(Debug, Default)]
pub struct Texts {
    last: u32,
    text: String,
}

impl Texts {
    /// Numbers a text source: the same number as the last text when it is the same (one
    /// comparison of the texts, in the page, where the text is), else the next.
    pub fn number(&mut self, source: &mut Source) {
        let Source::Text(text) = source else { return };
        if self.last == 0 || self.text != *text {
            self.last += 1;
            self.text = text.clone();
        }
        *source = Source::Numbered { id: self.last, text: std::mem::take(text) };
    }
}

/// What one worker was sent: the number of the last text, none since it (re)started.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sent(Option<u32>);

impl Sent {
    /// `msg` as this worker is to be sent it: the text it was sent last as its number alone.
    pub fn as_sent(&mut self, mut msg: ToWorker) -> ToWorker {
        if let Some(source) = msg.source_mut() {
            if let Source::Numbered { id, .. } = *source {
                match self.0 == Some(id) {
                    true => *source = Source::Kept { id },
                    false => self.0 = Some(id),
                }
            }
        }
        msg
    }

    /// A new worker started: it holds no text.
    pub fn restarted(&mut self) {
        self.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::{Sent, Texts};
    use crate::core::protocol::{Settings, Shown, Source, ToWorker};

    fn rate(job: u32, text: &str) -> ToWorker {
        ToWorker::Rate { job, source: Source::Text(text.into()), settings: Settings::default(), shown: Shown::default() }
    }

    fn sent_source(texts: &mut Texts, sent: &mut Sent, mut msg: ToWorker) -> Source {
        texts.number(msg.source_mut().unwrap());
        let mut msg = sent.as_sent(msg);
        msg.source_mut().unwrap().clone()
    }

    #[test]
    fn a_text_goes_once_to_a_worker_then_its_number() {
        let (mut texts, mut sent) = (Texts::default(), Sent::default());
        assert_eq!(sent_source(&mut texts, &mut sent, rate(1, "a,b,1-0")), Source::Numbered { id: 1, text: "a,b,1-0".into() });
        assert_eq!(sent_source(&mut texts, &mut sent, rate(2, "a,b,1-0")), Source::Kept { id: 1 });
        assert_eq!(sent_source(&mut texts, &mut sent, rate(3, "a,b,0-1")), Source::Numbered { id: 2, text: "a,b,0-1".into() });
        assert_eq!(sent_source(&mut texts, &mut sent, rate(4, "a,b,0-1")), Source::Kept { id: 2 });
        // Back to the first text: a new number, and the text again (the worker keeps one).
        assert_eq!(sent_source(&mut texts, &mut sent, rate(5, "a,b,1-0")), Source::Numbered { id: 3, text: "a,b,1-0".into() });
        sent.restarted();
        assert_eq!(sent_source(&mut texts, &mut sent, rate(6, "a,b,1-0")), Source::Numbered { id: 3, text: "a,b,1-0".into() });
    }

    #[test]
    fn two_workers_each_get_the_text_once() {
        let (mut texts, mut first, mut lab) = (Texts::default(), Sent::default(), Sent::default());
        assert!(matches!(sent_source(&mut texts, &mut first, rate(1, "x")), Source::Numbered { id: 1, .. }));
        assert!(matches!(sent_source(&mut texts, &mut lab, rate(2, "x")), Source::Numbered { id: 1, .. }));
        assert_eq!(sent_source(&mut texts, &mut first, rate(3, "x")), Source::Kept { id: 1 });
        assert_eq!(sent_source(&mut texts, &mut lab, rate(4, "x")), Source::Kept { id: 1 });
    }

    #[test]
    fn a_stored_file_and_a_request_without_input_pass_as_they_are() {
        let mut sent = Sent::default();
        let cancel = ToWorker::Cancel { job: 1 };
        assert_eq!(sent.as_sent(cancel.clone()), cancel);
        assert_eq!(sent, Sent::default());
    }
}
