//! The reports the server sent to sheet pages, kept for a while so that the next check of a
//! page is answered with what changed ([`workbench_model::report_changes`]).
//!
//! Each is kept as its items' JSON text under a random id, with the sheet it is of. A page
//! that names one it holds gets the changes since it; at most [`KEPT`] are kept, of
//! [`KEPT_BYTES`] of text in all, and [`PER_SHEET`] of one sheet, the least recently used
//! going first.
//! Ids start from a random number in each process, so a page's id from before a restart, or
//! from another instance, names nothing here and is answered whole.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

use budget::Report;
use lru::LruCache;

use workbench_model::report_changes::{changes_since, texts_of, ReportAnswer, ReportTexts};

/// How many reports are kept in all: 64 (at 2,000 rows a report's items are about 2 MB of
/// text).
pub const KEPT: usize = 64;

/// How many bytes of reports' text are kept in all: 64 MiB (a 5,000-row sheet's report is
/// about 8 MB of text, so that sheets that large keep fewer than [`KEPT`]).
pub const KEPT_BYTES: usize = 64 << 20;

/// How many reports of one sheet are kept: 8 (a page's check and save can both be on their
/// way from the same report, and two or three people may type in one sheet).
pub const PER_SHEET: usize = 8;

struct Sent {
    sheet: i64,
    texts: std::sync::Arc<ReportTexts>,
}

struct SentReports {
    next: AtomicU64,
    kept: Mutex<Kept>,
}

/// The reports kept, and their bytes of text in all.
struct Kept {
    reports: LruCache<u64, Sent>,
    bytes: usize,
}

impl Kept {
    /// Drops the report `id`, if kept.
    fn drop_report(&mut self, id: &u64) {
        if let Some(sent) = self.reports.pop(id) {
            self.bytes -= sent.texts.bytes();
        }
    }

    /// Keeps `sent` under `id`; the least recently used go while more than [`KEPT`]
    /// reports or [`KEPT_BYTES`] bytes are kept (the newest stays, whatever its size).
    fn keep(&mut self, id: u64, sent: Sent) {
        let bytes = |sent: &Sent| sent.texts.bytes();
        crate::sized_cache::keep(
            &mut self.reports,
            &mut self.bytes,
            KEPT_BYTES,
            id,
            sent,
            bytes,
        );
    }
}

static SENT: LazyLock<SentReports> = LazyLock::new(|| SentReports {
    next: AtomicU64::new(RandomState::new().hash_one(std::process::id())),
    kept: Mutex::new(Kept {
        reports: LruCache::new(NonZeroUsize::new(KEPT).expect("KEPT is not zero")),
        bytes: 0,
    }),
});

/// The answer that sends `report` (of sheet `sheet`) to a page that holds report `since`:
/// the changes since it when it is kept and of the same sheet, else the whole report. The
/// report is kept under the answer's id; of one sheet's, the [`PER_SHEET`] newest are kept.
pub fn answer(sheet: i64, since: Option<u64>, report: Report) -> ReportAnswer {
    let id = SENT.next.fetch_add(1, Ordering::Relaxed);
    // The earlier report's texts, read under the lock; compared outside it.
    let earlier = since.and_then(|since| {
        let mut kept = SENT.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.reports
            .get(&since)
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
    remember(sheet, id, texts);
    answer
}

/// Keeps `report`, the report of sheet `sheet` that a page is given whole (the sheet page as
/// the server renders it, an import, a reload after someone else's save), and returns its
/// id: the page names it as `since` in its first check, which is then answered with what
/// changed instead of a whole report (2 MB of JSON at 2,000 rows).
pub fn keep(sheet: i64, report: &Report) -> u64 {
    let id = SENT.next.fetch_add(1, Ordering::Relaxed);
    remember(sheet, id, texts_of(report));
    id
}

/// Keeps `texts` of sheet `sheet` under `id`: of one sheet's reports, the [`PER_SHEET`]
/// newest are kept.
fn remember(sheet: i64, id: u64, texts: ReportTexts) {
    let mut kept = SENT.kept.lock().unwrap_or_else(|e| e.into_inner());
    let of_sheet: Vec<u64> = kept
        .reports
        .iter()
        .filter(|(_, sent)| sent.sheet == sheet)
        .map(|(id, _)| *id)
        .collect();
    // Most recently used first: the oldest beyond the newest PER_SHEET - 1 go.
    for old in of_sheet.iter().skip(PER_SHEET - 1) {
        kept.drop_report(old);
    }
    kept.keep(
        id,
        Sent {
            sheet,
            texts: std::sync::Arc::new(texts),
        },
    );
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
    fn the_least_recently_used_go_beyond_the_bytes_kept_and_the_count_is_exact() {
        let texts = |bytes: usize| ReportTexts::of_findings(vec!["x".repeat(bytes)]);
        let sent = |sheet: i64, bytes: usize| Sent {
            sheet,
            texts: std::sync::Arc::new(texts(bytes)),
        };
        let mut kept = Kept {
            reports: LruCache::new(NonZeroUsize::new(KEPT).unwrap()),
            bytes: 0,
        };
        kept.keep(1, sent(1, KEPT_BYTES / 2));
        kept.keep(2, sent(2, KEPT_BYTES / 2));
        assert_eq!((kept.reports.len(), kept.bytes), (2, KEPT_BYTES));
        // A third half pushes out the least recently used: report 2, since 1 was just read.
        kept.reports.get(&1);
        kept.keep(3, sent(3, KEPT_BYTES / 2));
        assert_eq!(
            (
                kept.reports.contains(&1),
                kept.reports.contains(&2),
                kept.bytes
            ),
            (true, false, KEPT_BYTES)
        );
        // One report larger than all the bytes is still kept, alone.
        kept.keep(4, sent(4, KEPT_BYTES + 1));
        assert_eq!((kept.reports.len(), kept.bytes), (1, KEPT_BYTES + 1));
        kept.drop_report(&4);
        assert_eq!((kept.reports.len(), kept.bytes), (0, 0));
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
