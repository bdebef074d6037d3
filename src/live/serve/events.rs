//! Live, serve: the event streams of `/__events` — input: the events of
//! each build (`changed` with a URL, `built` with the page's shape) and the
//! pages that start listening; output: each event, numbered, on every open
//! stream (at most [`MAX_STREAMS`]), and what a late page missed.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper::body::Bytes;
use tokio::sync::mpsc::{Receiver, Sender, channel, error::TrySendError};

/// The most event streams open at once (503 past it).
pub(super) const MAX_STREAMS: usize = 16;
/// How often the streams are looked at for one whose client has gone.
const STREAM_CHECK: Duration = Duration::from_secs(1);
/// How often an idle event stream gets a comment line (which also finds a
/// client gone without a word).
const STREAM_PING: Duration = Duration::from_secs(15);
/// How many of the last events are kept for a page that starts listening,
/// and the most of them sent to it at once (else reloading is quicker).
const BACKLOG: usize = 1024;
const MAX_REPLAY: usize = 8 * 1024;
/// The most events waiting for a stream's client to take them: a client
/// that falls this far behind is dropped (its page reconnects, and reloads
/// if it has missed too much).
const QUEUED: usize = 1024;

/// The open streams and the last events, shared by the build (which tells)
/// and the answers (which open streams).
#[derive(Clone)]
pub(super) struct Hub(Arc<Mutex<Streams>>);

struct Streams {
    /// The run of the server: an event's id is `run-N`.
    run: String,
    open: Vec<Sender<Bytes>>,
    backlog: VecDeque<(u64, Bytes)>,
    last_id: u64,
}

impl Hub {
    pub(super) fn new(run: &str) -> Hub {
        Hub(Arc::new(Mutex::new(Streams {
            run: run.to_string(),
            open: Vec::new(),
            backlog: VecDeque::new(),
            last_id: 0,
        })))
    }

    /// A new stream for a page that has seen the events up to `since`,
    /// or `None` when [`MAX_STREAMS`] are open. It opens with `hello`: the
    /// events after `since` follow (`fresh`) if they are all kept and
    /// small enough; else (`stale`, or another run of the server) the page
    /// reloads.
    pub(super) fn open(&self, since: Option<u64>) -> Option<Receiver<Bytes>> {
        let mut streams = self.0.lock().ok()?;
        streams.open.retain(|s| !s.is_closed());
        if streams.open.len() >= MAX_STREAMS {
            return None;
        }
        let last_id = streams.last_id;
        let oldest = streams.backlog.front().map_or(last_id + 1, |(id, _)| *id);
        let missed = since
            .filter(|&n| n <= last_id && n + 1 >= oldest)
            .map(|n| {
                streams
                    .backlog
                    .iter()
                    .filter(|(id, _)| *id > n)
                    .flat_map(|(_, event)| event.iter().copied())
                    .collect::<Vec<u8>>()
            })
            .filter(|missed| missed.len() <= MAX_REPLAY);
        let mut opening = format!(
            "retry: 1000\nevent: hello\ndata: {}\n\n",
            if missed.is_some() { "fresh" } else { "stale" }
        )
        .into_bytes();
        opening.extend(missed.unwrap_or_default());
        let (sender, receiver) = channel(QUEUED);
        sender.try_send(Bytes::from(opening)).ok()?;
        streams.open.push(sender);
        Some(receiver)
    }

    /// Pushes event `id` (one line of `data`) to every open stream and
    /// keeps it for pages that start listening later. A stream that cannot
    /// take it (its client does not read) is dropped.
    pub(super) fn tell(&self, id: u64, name: &str, data: &str) {
        let Ok(mut streams) = self.0.lock() else {
            return;
        };
        let event = Bytes::from(format!(
            "id: {}-{id}\nevent: {name}\ndata: {data}\n\n",
            streams.run
        ));
        streams.last_id = id;
        streams.open.retain(|s| s.try_send(event.clone()).is_ok());
        if streams.backlog.len() >= BACKLOG {
            streams.backlog.pop_front();
        }
        streams.backlog.push_back((id, event));
    }

    /// Drops the streams whose clients have gone (each second), and pings
    /// the others (see [`STREAM_PING`]); runs while the server does.
    pub(super) async fn keep(self) {
        let mut since_ping = Duration::ZERO;
        loop {
            tokio::time::sleep(STREAM_CHECK).await;
            since_ping += STREAM_CHECK;
            let Ok(mut streams) = self.0.lock() else {
                continue;
            };
            if since_ping >= STREAM_PING {
                since_ping = Duration::ZERO;
                let ping = Bytes::from_static(b": ping\n\n");
                streams.open.retain(|s| match s.try_send(ping.clone()) {
                    Ok(()) => true,
                    // Behind by a whole queue: dropped at the next event.
                    Err(TrySendError::Full(_)) => true,
                    Err(TrySendError::Closed(_)) => false,
                });
            } else {
                streams.open.retain(|s| !s.is_closed());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(receiver: &mut Receiver<Bytes>) -> String {
        let mut text = String::new();
        while let Ok(bytes) = receiver.try_recv() {
            text.push_str(&String::from_utf8_lossy(&bytes));
        }
        text
    }

    #[test]
    fn a_late_page_is_given_what_it_missed_and_streams_are_capped() {
        let hub = Hub::new("r");
        hub.tell(1, "changed", "/out/g/a.pdf");
        hub.tell(2, "built", "abc");
        let mut late = hub.open(Some(1)).expect("a stream");
        let missed = text(&mut late);
        assert!(missed.starts_with("retry: 1000\nevent: hello\ndata: fresh\n\n"));
        assert!(missed.ends_with("id: r-2\nevent: built\ndata: abc\n\n"));
        assert!(!missed.contains("a.pdf"), "{missed}");
        let mut stale = hub.open(None).expect("a stream");
        assert!(text(&mut stale).contains("data: stale"));
        let mut ahead = hub.open(Some(9)).expect("a stream");
        assert!(text(&mut ahead).contains("data: stale"));
        hub.tell(3, "changed", "/out/g/b.pdf");
        assert_eq!(
            text(&mut late),
            "id: r-3\nevent: changed\ndata: /out/g/b.pdf\n\n"
        );
        let mut held: Vec<Receiver<Bytes>> = vec![late, stale, ahead];
        while held.len() < MAX_STREAMS {
            held.push(hub.open(None).expect("room for a stream"));
        }
        assert!(hub.open(None).is_none(), "a stream past the cap");
        // A stream whose client has gone makes room.
        held.pop();
        assert!(hub.open(None).is_some());
    }
}
