//! Saving without a save button: a save starts [`DEBOUNCE`] after the last edit; saves never
//! overlap (an edit during a save queues one more), so the server always ends with the
//! latest rows.
//!
//! Each save names the sheet revision its edits started from. When someone saved in between
//! (another tab, another person), the server refuses it ([`AppError::Conflict`]); the page
//! keeps the user's text, stops saving and lets the user choose: save theirs over the others
//! ([`Autosave::keep_mine`]) or load the saved version ([`Autosave::replaced`] after loading
//! it).

use std::time::Duration;

use budget::Report;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::save_rows;
use crate::draft::{self, DraftRow};
use crate::error::AppError;
use crate::save_status::SaveStatus;

/// How long after the last keystroke a save starts: 300 ms.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// The autosave of one sheet page. Copy: all state lives in signals and stored values owned
/// by the page.
#[derive(Clone, Copy)]
pub struct Autosave {
    id: i64,
    rows: RwSignal<Vec<DraftRow>>,
    report: RwSignal<Report>,
    catalog_defaults: RwSignal<Vec<Option<String>>>,
    status: RwSignal<SaveStatus>,
    /// The revision the rows on the page were last saved as (or loaded at).
    revision: StoredValue<i64>,
    timer: StoredValue<Option<TimeoutHandle>>,
    in_flight: StoredValue<bool>,
    again: StoredValue<bool>,
}

impl Autosave {
    /// The autosave of sheet `id`, loaded at `revision`: saves `rows`, puts each fresh
    /// report in `report` and the rows' catalog defaults in `catalog_defaults`, and keeps
    /// `status` current.
    pub fn new(
        id: i64,
        revision: i64,
        rows: RwSignal<Vec<DraftRow>>,
        report: RwSignal<Report>,
        catalog_defaults: RwSignal<Vec<Option<String>>>,
        status: RwSignal<SaveStatus>,
    ) -> Autosave {
        Autosave {
            id,
            rows,
            report,
            catalog_defaults,
            status,
            revision: StoredValue::new(revision),
            timer: StoredValue::new(None),
            in_flight: StoredValue::new(false),
            again: StoredValue::new(false),
        }
    }

    /// Call after every edit: (re)starts the debounce; the save runs [`DEBOUNCE`] after
    /// the last call. In a conflict nothing is sent: the edit waits for the user's choice.
    pub fn edited(self) {
        if self.in_conflict() {
            return;
        }
        self.cancel();
        self.status.set(SaveStatus::Saving);
        let this = self;
        match set_timeout_with_handle(move || this.flush(), DEBOUNCE) {
            Ok(handle) => self.timer.set_value(Some(handle)),
            Err(_) => self.flush(),
        }
    }

    /// Cancels a pending (debounced) save; a save already sent still completes.
    pub fn cancel(self) {
        if let Some(Some(handle)) = self.timer.try_update_value(Option::take) {
            handle.clear();
        }
    }

    /// Whether a debounced save is waiting.
    fn pending(self) -> bool {
        self.timer.try_with_value(Option::is_some).unwrap_or(false)
    }

    /// Whether the last save was refused because someone saved in between.
    fn in_conflict(self) -> bool {
        self.status
            .try_with_untracked(|s| matches!(s, SaveStatus::Conflict { .. }))
            .unwrap_or(false)
    }

    /// Whether the page holds text the server does not have yet: a save waiting, on its
    /// way, failed or refused.
    pub fn unsaved(self) -> bool {
        self.pending()
            || self.in_flight.try_get_value().unwrap_or(false)
            || self
                .status
                .try_with_untracked(|s| !matches!(s, SaveStatus::Saved))
                .unwrap_or(false)
    }

    /// Saves now. When a save is on its way, one more follows it with the rows as they are
    /// then.
    pub fn flush(self) {
        self.cancel();
        if self.in_flight.try_get_value().unwrap_or(true) {
            self.again.try_set_value(true);
            return;
        }
        self.in_flight.set_value(true);
        self.status.set(SaveStatus::Saving);
        spawn_local(async move {
            loop {
                let Some(rows) = self.rows.try_with_untracked(|rs| draft::rows(rs)) else {
                    return;
                };
                let Some(base) = self.revision.try_get_value() else {
                    return;
                };
                let result = save_rows(self.id, base, rows).await;
                let mut again = self.again.try_update_value(std::mem::take).unwrap_or(false);
                let settled = !again && !self.pending();
                match result {
                    Ok(saved) => {
                        self.revision.try_set_value(saved.revision);
                        self.report.try_set(saved.report);
                        self.catalog_defaults.try_set(saved.catalog_defaults);
                        if settled {
                            self.status.try_set(SaveStatus::Saved);
                        }
                    }
                    Err(AppError::Conflict { current }) => {
                        // Saving again from the same base would be refused again: wait for
                        // the user's choice.
                        self.cancel();
                        again = false;
                        self.status.try_set(SaveStatus::Conflict { current });
                    }
                    Err(err) => {
                        if settled {
                            self.status.try_set(SaveStatus::Failed(err.to_string()));
                        }
                    }
                }
                if !again {
                    break;
                }
            }
            self.in_flight.try_set_value(false);
        });
    }

    /// The revision the page's rows were last saved as or loaded at.
    pub fn revision(self) -> i64 {
        self.revision.get_value()
    }

    /// In a conflict: saves the page's rows over the ones saved elsewhere.
    pub fn keep_mine(self) {
        if let Some(SaveStatus::Conflict { current }) = self.status.try_get_untracked() {
            self.revision.set_value(current);
            self.status.set(SaveStatus::Saving);
            self.flush();
        }
    }

    /// Call when the page's rows were replaced by a version stored at `revision` (an
    /// import, or loading the saved version after a conflict): nothing is left to save.
    pub fn replaced(self, revision: i64) {
        self.cancel();
        self.revision.set_value(revision);
        self.status.set(SaveStatus::Saved);
    }

    /// Call when the page goes away: a debounced save still waiting is sent at once.
    pub fn leave(self) {
        if self.pending() {
            self.cancel();
            let rows = self.rows.try_with_untracked(|rs| draft::rows(rs));
            let base = self.revision.try_get_value();
            if let (Some(rows), Some(base)) = (rows, base) {
                let id = self.id;
                spawn_local(async move {
                    let _ = save_rows(id, base, rows).await;
                });
            }
        }
    }
}
