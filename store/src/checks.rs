//! `budget::check` on the server, off the threads that serve requests.
//!
//! A check is CPU work without I/O. Run on an async worker thread, a long one would stall
//! every request that thread serves; so each check runs on tokio's blocking pool, and at most
//! [`max_concurrent_checks`] at once (one per core): however many large sheets arrive
//! together, the async workers stay free to answer every other request, and the checks queue
//! for a core instead of all slowing down together.
//!
//! The facts of the latest checks are kept ([`budget::Checked`]), by the sheet's content: its
//! rows, margin and amplification threshold, not its language. A check of the same content
//! writes its report from them instead of checking again: switching a sheet's language, or
//! opening a sheet whose rows did not change, writes the words only. At most [`KEPT_SHEETS`]
//! sheets' facts are kept, of [`KEPT_ROWS`] rows in all, the least recently used going first;
//! each instance keeps its own, so a sheet checked on another instance is checked here.

use std::hash::{BuildHasher, Hash, Hasher};
use std::num::NonZeroUsize;
use std::sync::{Arc, LazyLock, Mutex};

use budget::{Checked, Report, Row, Sheet};
use lru::LruCache;
use tokio::sync::Semaphore;

/// How many checks run at once: the number of cores (at least 1).
pub fn max_concurrent_checks() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// One permit per check that may run.
static PERMITS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(max_concurrent_checks()));

/// How many sheets' facts are kept: 16.
pub const KEPT_SHEETS: usize = 16;

/// How many rows the kept sheets hold in all: 20,000 (four sheets at the engine's 5,000-row
/// scale): the facts and the report of a sheet grow with its rows.
pub const KEPT_ROWS: usize = 20_000;

/// A sheet's content, and the facts of its check.
struct Kept {
    rows: Vec<Row>,
    margin_ms: u64,
    amplification_threshold: u64,
    checked: Checked,
}

impl Kept {
    /// Whether `sheet` has this content, in either language.
    fn is_of(&self, sheet: &Sheet) -> bool {
        self.margin_ms == sheet.margin_ms
            && self.amplification_threshold == sheet.amplification_threshold
            && self.rows == sheet.rows
    }
}

/// The kept facts by the hash of their sheet's content, and their rows in all.
struct Facts {
    kept: LruCache<u64, Arc<Kept>>,
    rows: usize,
    hasher: std::collections::hash_map::RandomState,
}

impl Facts {
    /// The hash of `sheet`'s content.
    fn key(&self, sheet: &Sheet) -> u64 {
        let mut h = self.hasher.build_hasher();
        sheet.rows.hash(&mut h);
        sheet.margin_ms.hash(&mut h);
        sheet.amplification_threshold.hash(&mut h);
        h.finish()
    }

    /// Keeps `kept` under `key`; the least recently used go while more than [`KEPT_SHEETS`]
    /// sheets or [`KEPT_ROWS`] rows are kept (the newest stays, whatever its size).
    fn keep(&mut self, key: u64, kept: Arc<Kept>) {
        let rows = |kept: &Arc<Kept>| kept.rows.len();
        crate::sized_cache::keep(&mut self.kept, &mut self.rows, KEPT_ROWS, key, kept, rows);
    }
}

static FACTS: LazyLock<Mutex<Facts>> = LazyLock::new(|| {
    Mutex::new(Facts {
        kept: LruCache::new(NonZeroUsize::new(KEPT_SHEETS).expect("KEPT_SHEETS is not zero")),
        rows: 0,
        hasher: std::collections::hash_map::RandomState::new(),
    })
});

/// Checks `sheet` on the blocking pool once a permit is free; gives the sheet back with its
/// report. The report of a sheet whose content was checked lately is written from the kept
/// facts, in the sheet's language.
///
/// # Panics
///
/// When the check itself panicked (a bug in the engine): the panic is passed on to the
/// caller's task, as if the check had run there.
pub async fn check(sheet: Sheet) -> (Sheet, Report) {
    let (sheet, report, _) = check_kept(sheet).await;
    (sheet, report)
}

/// [`check`], and whether the report was written from kept facts (no check ran).
async fn check_kept(sheet: Sheet) -> (Sheet, Report, bool) {
    let _permit = PERMITS
        .acquire()
        .await
        .expect("the semaphore is never closed");
    let checked = tokio::task::spawn_blocking(move || {
        let (key, kept) = {
            let mut facts = FACTS.lock().unwrap_or_else(|e| e.into_inner());
            let key = facts.key(&sheet);
            let kept = facts.kept.get(&key).filter(|k| k.is_of(&sheet)).cloned();
            (key, kept)
        };
        if let Some(kept) = kept {
            let report = kept.checked.report(sheet.lang);
            return (sheet, report, true);
        }
        let checked = Checked::of(&sheet);
        let report = checked.report(sheet.lang);
        let kept = Arc::new(Kept {
            rows: sheet.rows.clone(),
            margin_ms: sheet.margin_ms,
            amplification_threshold: sheet.amplification_threshold,
            checked,
        });
        FACTS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keep(key, kept);
        (sheet, report, false)
    })
    .await;
    match checked {
        Ok(checked) => checked,
        Err(err) => std::panic::resume_unwind(err.into_panic()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use budget::Lang;

    /// A sheet no other test checks: G2's rows with a margin of its own.
    fn g2(lang: Lang, margin_ms: u64) -> Sheet {
        let mut rows = budget::tsv::import(budget::example::RESERVATION_EN)
            .expect("the example reads")
            .rows;
        rows[6].value = "3s".into();
        rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
        Sheet {
            margin_ms,
            ..Sheet::new(lang, rows)
        }
    }

    #[tokio::test]
    async fn switching_a_sheets_language_writes_the_kept_facts_without_checking_again() {
        let (_, english, kept) = check_kept(g2(Lang::En, 1_001)).await;
        assert!(!kept);
        assert_eq!(english, budget::check(&g2(Lang::En, 1_001)));
        let (_, japanese, kept) = check_kept(g2(Lang::Ja, 1_001)).await;
        assert!(
            kept,
            "the same rows in Japanese are written from the kept facts"
        );
        assert_eq!(japanese, budget::check(&g2(Lang::Ja, 1_001)));
        let app = japanese
            .findings
            .iter()
            .find(|f| f.code == budget::FindingCode::InversionNode)
            .expect("G2's app is inverted");
        assert_eq!(
            app.message,
            "appの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます"
        );
        // Another margin is another content: it is checked.
        let (_, other, kept) = check_kept(g2(Lang::Ja, 1_002)).await;
        assert!(!kept);
        assert_eq!(other, budget::check(&g2(Lang::Ja, 1_002)));
        // A changed cell is checked too.
        let mut changed = g2(Lang::En, 1_001);
        changed.rows[6].value = "2s".into();
        let (_, report, kept) = check_kept(changed.clone()).await;
        assert!(!kept);
        assert_eq!(report, budget::check(&changed));
    }

    #[test]
    fn the_kept_facts_stay_within_their_rows() {
        let mut facts = Facts {
            kept: LruCache::new(NonZeroUsize::new(KEPT_SHEETS).unwrap()),
            rows: 0,
            hasher: std::collections::hash_map::RandomState::new(),
        };
        let kept = |rows: usize| {
            let sheet = Sheet::new(Lang::En, vec![Row::default(); rows]);
            Arc::new(Kept {
                rows: sheet.rows.clone(),
                margin_ms: sheet.margin_ms,
                amplification_threshold: sheet.amplification_threshold,
                checked: Checked::of(&sheet),
            })
        };
        for key in 0..3 {
            facts.keep(key, kept(8_000));
        }
        // 24,000 rows: the oldest goes.
        assert_eq!((facts.kept.len(), facts.rows), (2, 16_000));
        assert!(!facts.kept.contains(&0));
        facts.keep(9, kept(30_000));
        // The newest stays, whatever its size.
        assert_eq!((facts.kept.len(), facts.rows), (1, 30_000));
    }
}
