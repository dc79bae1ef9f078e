//! The reports the server sent to sheet pages, kept for a while so that the next check of a
//! page is answered with what changed ([`crate::report_changes`]).
//!
//! Each is kept as its items' JSON text under a random id, with the sheet it is of. A page
//! that names one it holds gets the changes since it; at most [`KEPT`] are kept, and
//! [`PER_SHEET`] of one sheet, the least recently used going first.
//! Ids start from a random number in each process, so a page's id from before a restart, or
//! from another instance, names nothing here and is answered whole.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

use budget::Report;
use lru::LruCache;

use crate::report_changes::{changes_since, texts_of, ReportAnswer, ReportTexts};

/// How many reports are kept in all: 64 (at 2,000 rows a report's items are about 2 MB of
/// text).
pub const KEPT: usize = 64;

/// How many reports of one sheet are kept: 8 (a page's check and save can both be on their
/// way from the same report, and two or three people may type in one sheet).
pub const PER_SHEET: usize = 8;

struct Sent {
    sheet: i64,
    texts: std::sync::Arc<ReportTexts>,
}

struct SentReports {
    next: AtomicU64,
    kept: Mutex<LruCache<u64, Sent>>,
}

static SENT: LazyLock<SentReports> = LazyLock::new(|| SentReports {
    next: AtomicU64::new(RandomState::new().hash_one(std::process::id())),
    kept: Mutex::new(LruCache::new(
        NonZeroUsize::new(KEPT).expect("KEPT is not zero"),
    )),
});

/// The answer that sends `report` (of sheet `sheet`) to a page that holds report `since`:
/// the changes since it when it is kept and of the same sheet, else the whole report. The
/// report is kept under the answer's id; of one sheet's, the [`PER_SHEET`] newest are kept.
pub fn answer(sheet: i64, since: Option<u64>, report: Report) -> ReportAnswer {
    let id = SENT.next.fetch_add(1, Ordering::Relaxed);
    // The earlier report's texts, read under the lock; compared outside it.
    let earlier = since.and_then(|since| {
        let mut kept = SENT.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&since)
            .filter(|sent| sent.sheet == sheet)
            .map(|sent| (since, std::sync::Arc::clone(&sent.texts)))
    });
    let (answer, texts) = match earlier {
        Some((since, texts)) => {
            let (changes, texts) = changes_since(&texts, report);
            (ReportAnswer::Changes { id, since, changes }, texts)
        }
        None => {
            let texts = texts_of(&report);
            (ReportAnswer::Whole { id, report }, texts)
        }
    };
    let mut kept = SENT.kept.lock().unwrap_or_else(|e| e.into_inner());
    let of_sheet: Vec<u64> = kept
        .iter()
        .filter(|(_, sent)| sent.sheet == sheet)
        .map(|(id, _)| *id)
        .collect();
    // Most recently used first: the oldest beyond the newest PER_SHEET - 1 go.
    for old in of_sheet.iter().skip(PER_SHEET - 1) {
        kept.pop(old);
    }
    kept.put(
        id,
        Sent {
            sheet,
            texts: std::sync::Arc::new(texts),
        },
    );
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(errors: u32) -> Report {
        let mut report = Report::default();
        report.summary.errors = errors;
        report
    }

    #[test]
    fn a_kept_report_of_the_same_sheet_is_answered_with_changes_until_newer_ones_push_it_out() {
        let first = answer(7, None, report(1));
        assert!(matches!(first, ReportAnswer::Whole { .. }));
        let second = answer(7, Some(first.id()), report(2));
        match &second {
            ReportAnswer::Changes { since, changes, .. } => {
                assert_eq!(*since, first.id());
                assert_eq!(changes.summary.errors, 2);
            }
            other => panic!("changes expected, got {other:?}"),
        }
        // A save from the same report as the check: still kept.
        assert!(matches!(
            answer(7, Some(first.id()), report(3)),
            ReportAnswer::Changes { .. }
        ));
        // Eight newer reports of the sheet push it out.
        for _ in 0..PER_SHEET {
            answer(7, None, report(4));
        }
        assert!(matches!(
            answer(7, Some(first.id()), report(5)),
            ReportAnswer::Whole { .. }
        ));
    }

    #[test]
    fn another_sheets_report_or_an_unknown_id_is_answered_whole() {
        let other = answer(8, None, report(1));
        assert!(matches!(
            answer(9, Some(other.id()), report(1)),
            ReportAnswer::Whole { .. }
        ));
        // The refused id stays kept for its own sheet.
        assert!(matches!(
            answer(8, Some(other.id()), report(1)),
            ReportAnswer::Changes { .. }
        ));
        assert!(matches!(
            answer(8, Some(12345), report(1)),
            ReportAnswer::Whole { .. }
        ));
    }
}
