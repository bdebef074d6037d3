//! Live, serve: the event streams of `/__events` — input: the events of
//! each build (`changed` with a URL, `built` with the page's shape) and the
//! pages that start listening; output: each event, numbered, on every open
//! stream (at most [`MAX_STREAMS`]), and what a late page missed.

use std::collections::VecDeque;
use std::sync::Mutex;

use http_body_util::channel::{Channel, Sender};
use hyper::body::{Bytes, Frame};

/// The most event streams open at once (503 past it).
const MAX_STREAMS: usize = 16;
/// The most bytes of the last events kept for a page that starts listening:
/// one that missed more reloads (which is quicker than replaying them).
const KEPT: usize = 8 * 1024;
/// The most events waiting for a stream's client: one that falls this far
/// behind is dropped (its page reconnects, and reloads if it missed much).
const QUEUED: usize = 1024;
const PING: Bytes = Bytes::from_static(b": ping\n\n");

/// The open streams and the last events, shared by the build and the
/// answers.
pub(super) struct Hub(Mutex<Streams>);

/// This run of the server (an event's id is `run-N`, so that a page from
/// the last run reloads), the last event's number, the open streams, and
/// the last events kept, the newest last.
#[derive(Default)]
struct Streams {
    run: String,
    last: u64,
    open: Vec<Sender<Bytes>>,
    kept: VecDeque<Bytes>,
}

/// Sends `bytes` to every open stream, dropping those that cannot take them
/// (gone, or a whole queue behind).
fn send(open: &mut Vec<Sender<Bytes>>, bytes: &Bytes) {
    open.retain_mut(|s| s.try_send(Frame::data(bytes.clone())).is_ok());
}

impl Hub {
    pub(super) fn new(run: &str) -> Hub {
        let run = run.to_string();
        Hub(Mutex::new(Streams {
            run,
            ..Streams::default()
        }))
    }

    /// The id of the last event: a page made after this is read has seen it.
    pub(super) fn last_event(&self) -> String {
        (self.0.lock()).map_or_else(|_| String::new(), |hub| format!("{}-{}", hub.run, hub.last))
    }

    /// A new stream for a page that has seen the events up to `since` (an
    /// event's id), or `None` when [`MAX_STREAMS`] are open. It opens with
    /// `hello`: the events after `since` follow (`fresh`) if they are all
    /// kept; else (`stale`, or another run of the server) the page reloads.
    pub(super) fn open(&self, since: Option<&str>) -> Option<Channel<Bytes>> {
        let mut hub = self.0.lock().ok()?;
        let since = since.and_then(|id| id.strip_prefix(&hub.run)?.strip_prefix('-'));
        let since = since.and_then(|n| n.parse::<u64>().ok());
        send(&mut hub.open, &PING);
        if hub.open.len() >= MAX_STREAMS {
            return None;
        }
        // How many events the page missed, if they are all kept.
        let behind = since.and_then(|n| usize::try_from(hub.last.checked_sub(n)?).ok());
        let missed = behind.filter(|&k| k <= hub.kept.len()).map(|k| {
            let after = hub.kept.range(hub.kept.len() - k..);
            after.flat_map(|event| event.to_vec()).collect::<Vec<u8>>()
        });
        let hello = if missed.is_some() { "fresh" } else { "stale" };
        let mut opening = format!("retry: 1000\nevent: hello\ndata: {hello}\n\n").into_bytes();
        opening.extend(missed.unwrap_or_default());
        let (mut sender, receiver) = Channel::new(QUEUED);
        sender.try_send(Frame::data(Bytes::from(opening))).ok()?;
        hub.open.push(sender);
        Some(receiver)
    }

    /// Pushes the next event (one line of `data`) to every open stream and
    /// keeps it for pages that start listening later.
    pub(super) fn tell(&self, name: &str, data: &str) {
        let Ok(mut hub) = self.0.lock() else { return };
        hub.last += 1;
        let (run, id) = (&hub.run, hub.last);
        let event = Bytes::from(format!("id: {run}-{id}\nevent: {name}\ndata: {data}\n\n"));
        send(&mut hub.open, &event);
        hub.kept.push_back(event);
        while hub.kept.iter().map(Bytes::len).sum::<usize>() > KEPT {
            hub.kept.pop_front();
        }
    }

    /// Pings the streams each second, which drops those whose clients have
    /// gone; runs while the server does.
    pub(super) async fn keep(&self) {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            self.0.lock().map(|mut hub| send(&mut hub.open, &PING)).ok();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a stream holds for now, but the pings.
    fn text(receiver: &mut Channel<Bytes>) -> String {
        use hyper::body::Body;
        use std::task::{Context, Poll, Waker};
        let mut cx = Context::from_waker(Waker::noop());
        let mut text = String::new();
        while let Poll::Ready(Some(Ok(frame))) =
            std::pin::Pin::new(&mut *receiver).poll_frame(&mut cx)
        {
            let data = frame.into_data().unwrap_or_default();
            text.push_str(&String::from_utf8_lossy(&data));
        }
        text.replace(": ping\n\n", "")
    }

    #[test]
    fn a_late_page_is_given_what_it_missed_and_streams_are_capped() {
        let hub = Hub::new("r");
        hub.tell("changed", "/out/g/a.pdf");
        hub.tell("built", "abc");
        let mut late = hub.open(Some("r-1")).expect("a stream");
        let missed = text(&mut late);
        assert!(missed.starts_with("retry: 1000\nevent: hello\ndata: fresh\n\n"));
        assert!(missed.ends_with("id: r-2\nevent: built\ndata: abc\n\n"));
        assert!(!missed.contains("a.pdf"), "{missed}");
        let mut stale = hub.open(None).expect("a stream");
        assert!(text(&mut stale).contains("data: stale"));
        let mut ahead = hub.open(Some("r-9")).expect("a stream");
        assert!(text(&mut ahead).contains("data: stale"));
        let mut last_run = hub.open(Some("q-1")).expect("a stream");
        assert!(text(&mut last_run).contains("data: stale"));
        assert_eq!(hub.last_event(), "r-2");
        hub.tell("changed", "/out/g/b.pdf");
        assert_eq!(
            text(&mut late),
            "id: r-3\nevent: changed\ndata: /out/g/b.pdf\n\n"
        );
        let mut held: Vec<Channel<Bytes>> = vec![late, stale, ahead, last_run];
        while held.len() < MAX_STREAMS {
            held.push(hub.open(None).expect("room for a stream"));
        }
        assert!(hub.open(None).is_none(), "a stream past the cap");
        // A stream whose client has gone makes room.
        held.pop();
        assert!(hub.open(None).is_some());
    }
}
