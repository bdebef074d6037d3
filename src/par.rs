//! Shared by every stage: work over a slice spread on all cores (at most
//! eight threads), the results in the slice's order. Small inputs stay on
//! the calling thread; a panic in a worker is resumed on the caller.
//!
//! Kept rather than rayon (issue 38) because the whole build measured ahead
//! with it: `cargo bench --bench labels` (10,000 cards on Avery 5395), this
//! module against the same module rewritten on a rayon pool, run
//! alternately seven times on 2 cores: layout+render+write best 0.20-0.28 s
//! here against 0.36-0.40 s on rayon, 25,000-28,000 cards/s against
//! 17,000-21,500, the same CPU time. `cargo bench --bench par` keeps the
//! two side by side on the bare shapes of work (many small maps; a map
//! inside a map), where they are within each other's noise. Nesting is
//! bounded: three documents at a time, each mapping on at most eight.

/// How many threads a parallel map uses, found once: the standard library
/// asks the system each time (on Linux it opens and reads the cgroup's
/// files), and a build maps thousands of times.
pub fn workers() -> usize {
    static WORKERS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *WORKERS.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 8)
    })
}

/// Frees `value` on a thread of its own, for a caller that need not wait
/// for it: a built game holds hundreds of thousands of allocations, and a
/// process that exits next never has to give them back one by one. (If no
/// thread can be made, it is freed here.)
pub fn drop_aside<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("drop".into())
        .spawn(move || drop(value));
}

/// `f` over the slice cut into one run per core, the runs' results in order.
pub fn map_runs<T: Sync, R: Send>(items: &[T], f: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let workers = workers();
    if workers < 2 || items.len() < 2 {
        return vec![f(items)];
    }
    let per_run = items.len().div_ceil(workers);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(per_run)
            .map(|run| scope.spawn(move || f(run)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// `f` over every item, in order; on all cores when there are at least
/// `serial_below` items. Workers take the next few items as they come free,
/// so a core slowed by other work (another document being written) holds
/// up no fixed share of the slice.
pub fn map<T: Sync, R: Send>(
    items: &[T],
    serial_below: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let workers = workers();
    if items.len() < serial_below || workers < 2 || items.len() < 2 {
        return items.iter().map(f).collect();
    }
    // Small enough to even out, large enough that taking is rare.
    let batch = (items.len() / (workers * 16)).clamp(1, 64);
    map_taking(items, workers, batch, f)
}

/// `f` over every item, in order, on `workers` threads, each taking the
/// next `batch` items as it comes free.
pub fn map_taking<T: Sync, R: Send>(
    items: &[T],
    workers: usize,
    batch: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let batch = batch.max(1);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (f, next) = (&f, &next);
    let done: Vec<Vec<(usize, Vec<R>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let from = next.fetch_add(batch, std::sync::atomic::Ordering::Relaxed);
                        if from >= items.len() {
                            break mine;
                        }
                        let to = (from + batch).min(items.len());
                        mine.push((from, items[from..to].iter().map(f).collect()));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut batches: Vec<(usize, Vec<R>)> = done.into_iter().flatten().collect();
    batches.sort_unstable_by_key(|(from, _)| *from);
    batches
        .into_iter()
        .flat_map(|(_, results)| results)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<usize> = (0..1000).collect();
        let squares = super::map(&items, 0, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        let sums = super::map_runs(&items, |run| run.iter().sum::<usize>());
        assert_eq!(sums.iter().sum::<usize>(), 999 * 1000 / 2);
        assert!(super::map::<usize, usize>(&[], 0, |n| *n).is_empty());
    }
}
