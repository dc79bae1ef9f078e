//! `budget::check` on the server, off the threads that serve requests.
//!
//! A check is CPU work without I/O. Run on an async worker thread, a long one would stall
//! every request that thread serves; so each check runs on tokio's blocking pool, and at most
//! [`max_concurrent_checks`] at once (one per core): however many large sheets arrive
//! together, the async workers stay free to answer every other request, and the checks queue
//! for a core instead of all slowing down together.

use std::sync::LazyLock;

use budget::{Report, Sheet};
use tokio::sync::Semaphore;

/// How many checks run at once: the number of cores (at least 1).
pub fn max_concurrent_checks() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// One permit per check that may run.
static PERMITS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(max_concurrent_checks()));

/// Checks `sheet` on the blocking pool once a permit is free; gives the sheet back with its
/// report.
///
/// # Panics
///
/// When the check itself panicked (a bug in the engine): the panic is passed on to the
/// caller's task, as if the check had run there.
pub async fn check(sheet: Sheet) -> (Sheet, Report) {
    let _permit = PERMITS
        .acquire()
        .await
        .expect("the semaphore is never closed");
    let checked = tokio::task::spawn_blocking(move || {
        let report = budget::check(&sheet);
        (sheet, report)
    })
    .await;
    match checked {
        Ok(checked) => checked,
        Err(err) => std::panic::resume_unwind(err.into_panic()),
    }
}
