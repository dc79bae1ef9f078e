//! Saving without a save button: a save starts [`DEBOUNCE`] after the last edit; saves never
//! overlap (an edit during a save queues one more), so the server always ends with the
//! latest rows.

use std::time::Duration;

use budget::Report;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::save_rows;
use crate::components::save_status::SaveStatus;
use crate::draft::{self, DraftRow};

/// How long after the last keystroke a save starts: 300 ms.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// The autosave of one sheet page. Copy: all state lives in signals and stored values owned
/// by the page.
#[derive(Clone, Copy)]
pub struct Autosave {
    id: i64,
    rows: RwSignal<Vec<DraftRow>>,
    report: RwSignal<Report>,
    status: RwSignal<SaveStatus>,
    timer: StoredValue<Option<TimeoutHandle>>,
    in_flight: StoredValue<bool>,
    again: StoredValue<bool>,
}

impl Autosave {
    /// The autosave of sheet `id`: saves `rows`, puts each fresh report in `report` and
    /// keeps `status` current.
    pub fn new(
        id: i64,
        rows: RwSignal<Vec<DraftRow>>,
        report: RwSignal<Report>,
        status: RwSignal<SaveStatus>,
    ) -> Autosave {
        Autosave {
            id,
            rows,
            report,
            status,
            timer: StoredValue::new(None),
            in_flight: StoredValue::new(false),
            again: StoredValue::new(false),
        }
    }

    /// Call after every edit: (re)starts the debounce; the save runs [`DEBOUNCE`] after
    /// the last call.
    pub fn edited(self) {
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
                let result = save_rows(self.id, rows).await;
                let again = self.again.try_update_value(std::mem::take).unwrap_or(false);
                match result {
                    Ok(report) => {
                        self.report.try_set(report);
                        if !again && !self.pending() {
                            self.status.try_set(SaveStatus::Saved);
                        }
                    }
                    Err(err) => {
                        if !again && !self.pending() {
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

    /// Call when the page goes away: a debounced save still waiting is sent at once.
    pub fn leave(self) {
        if self.pending() {
            self.cancel();
            if let Some(rows) = self.rows.try_with_untracked(|rs| draft::rows(rs)) {
                let id = self.id;
                spawn_local(async move {
                    let _ = save_rows(id, rows).await;
                });
            }
        }
    }
}
