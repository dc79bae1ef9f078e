//! Saving without a save button: a save starts [`DEBOUNCE`] after the last edit; saves never
//! overlap (an edit during a save queues one more), so the server always ends with the
//! latest rows.
//!
//! Saves merge per cell: each sends the rows the page started from (its base, with their row
//! ids) and the rows it holds, and the server applies the difference cell by cell to the
//! stored rows, so two people editing different cells both land. The answer is the rows as
//! stored: the page takes in everyone else's changes, except in a cell being typed in (an
//! edit made while the save was on its way waits for the next save). A cell someone else
//! changed since the base is not saved: it is listed with the three values (base, theirs,
//! mine) until the user keeps one ([`Autosave::keep_mine`], [`Autosave::take_theirs`]);
//! until then the page sends the stored text for it.
//!
//! The report follows the typing, not the save: every edit also asks the server for the
//! report of the rows as typed, as the page shows them ([`check_draft`], which saves
//! nothing), one request at a time
//! (an edit while one is on its way sends one more when it is back, with the rows as they
//! are then). Each report is shown unless one of later rows already is. A check or save names
//! the report the page holds, and the server answers with what changed since it
//! ([`workbench_model::report_changes`]): the page holds its report only here, so that the
//! report it names is the one it has ([`Autosave::show`] for a report from elsewhere).
//!
//! While a conflict waits for the user's choice, the report shown is of the rows on the
//! page (the user's text in the cells in conflict), not of the rows stored: a save's answer
//! or someone else's save is followed by a check of the page's rows instead of showing the
//! stored rows' report, and the summary says whose rows the report is of
//! ([`crate::report_basis`]).
//!
//! Someone else's save reaches the page as a server-sent event ([`Autosave::changed_elsewhere`]):
//! when nothing of the page's is waiting, it loads the stored rows and their report.
//!
//! A save says what kind of edits it carries ([`EditKind`]): a fix applied from the report or
//! a block pasted is a revision of its own in the history, not folded into the typing around
//! it.

use std::time::Duration;

use budget::{Column, Lang, Report, Row};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{check_draft, get_sheet, save_rows};
use crate::editor::state::draft::{self, DraftRow};
use crate::editor::state::save_status::SaveStatus;
use crate::model::{CellConflict, RevisionKind};
use workbench_model::report_changes::ReportAnswer;

/// How long after the last keystroke a save starts: 300 ms.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// A conflict the user has not chosen for: the draft it is in and the three values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenConflict {
    /// The draft row's key.
    pub key: u64,
    /// The conflict as the server gave it.
    pub conflict: CellConflict,
}

/// The kind of the edits waiting for the next save: a plain `save` (typing, row edits, undo)
/// until a fix is applied or a block pasted. A save carrying several kinds is named by the
/// one the history must not lose: a fix before a paste before typing. Provided as context by
/// [`Autosave::new`], so that the grid's paste can say what it is; none on a page without an
/// autosave (a proposal's editor).
#[derive(Clone, Copy)]
pub struct EditKind(StoredValue<RevisionKind>);

impl EditKind {
    /// Notes an edit of `kind` among the edits waiting.
    pub fn note(self, kind: RevisionKind) {
        let rank = |k: RevisionKind| match k {
            RevisionKind::Fix => 2,
            RevisionKind::Paste => 1,
            _ => 0,
        };
        self.0.try_update_value(|waiting| {
            if rank(kind) > rank(*waiting) {
                *waiting = kind;
            }
        });
    }

    /// The kind of the edits waiting, which the save about to be sent carries; the edits
    /// after it start again as a plain save.
    fn take(self) -> RevisionKind {
        self.0.try_update_value(std::mem::take).unwrap_or_default()
    }
}

/// The autosave of one sheet page. Copy: all state lives in signals and stored values owned
/// by the page.
#[derive(Clone, Copy)]
pub struct Autosave {
    id: i64,
    rows: RwSignal<Vec<DraftRow>>,
    report: RwSignal<Report>,
    catalog_defaults: RwSignal<Vec<Option<String>>>,
    status: RwSignal<SaveStatus>,
    /// Cells waiting for the user's choice.
    pub conflicts: RwSignal<Vec<OpenConflict>>,
    /// What only the combination of this page's changes with someone else's causes, from the
    /// last save that merged them ([`crate::model::Saved::combined`]); each stays listed while
    /// the report still has it.
    pub combined: RwSignal<Vec<budget::Finding>>,
    /// The sheet's version the page last saved or loaded.
    revision: StoredValue<i64>,
    /// The rows as stored at that version, and their ids: the base of the next save.
    base: StoredValue<(Vec<Row>, Vec<i64>)>,
    timer: StoredValue<Option<TimeoutHandle>>,
    /// The saves, one at a time.
    saves: OneAtATime,
    /// The newest version someone else's save announced: one heard while a save of this page
    /// was on its way is loaded when that save is done, if the save did not bring it.
    heard: StoredValue<i64>,
    /// How many edits the page has made: the report shown is of the rows after edit
    /// `shown`.
    edits: StoredValue<u64>,
    shown: StoredValue<u64>,
    /// The checks of the rows as typed, one at a time.
    checks: OneAtATime,
    /// The server's id of the report shown, when it came from a check or a save: the next
    /// ones are answered with what changed since it.
    report_id: StoredValue<Option<u64>>,
    /// The kind of the edits the next save carries.
    kind: EditKind,
}

/// Requests of one kind sent one at a time: asked for while one is on its way, a request
/// is not sent but marks that one more is wanted, which the one on its way sends when it is
/// back, with the rows as they are then.
#[derive(Clone, Copy)]
struct OneAtATime {
    busy: StoredValue<bool>,
    again: StoredValue<bool>,
}

impl OneAtATime {
    fn new() -> OneAtATime {
        OneAtATime {
            busy: StoredValue::new(false),
            again: StoredValue::new(false),
        }
    }

    /// Whether the caller sends now (then the kind is busy until [`OneAtATime::end`]);
    /// otherwise the one on its way is asked for one more.
    fn begin(self) -> bool {
        if self.is_busy(true) {
            self.again.try_set_value(true);
            return false;
        }
        self.busy.set_value(true);
        true
    }

    /// Whether one more was asked for since the last call (which answers it).
    fn take_again(self) -> bool {
        self.again.try_update_value(std::mem::take).unwrap_or(false)
    }

    /// The one on its way is back, and none follows.
    fn end(self) {
        self.busy.try_set_value(false);
    }

    /// Whether one is on its way; `gone` once the page is.
    fn is_busy(self, gone: bool) -> bool {
        self.busy.try_get_value().unwrap_or(gone)
    }
}

impl Autosave {
    /// The autosave of sheet `id`, loaded at version `revision` with `rows` (their ids
    /// `row_ids`): saves `rows`, puts each fresh report in `report` and the rows' catalog
    /// defaults in `catalog_defaults`, and keeps `status` current. Nothing else writes
    /// `report`: a report from elsewhere goes through [`Autosave::show`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: i64,
        revision: i64,
        loaded: Vec<Row>,
        row_ids: Vec<i64>,
        rows: RwSignal<Vec<DraftRow>>,
        report: RwSignal<Report>,
        catalog_defaults: RwSignal<Vec<Option<String>>>,
        status: RwSignal<SaveStatus>,
    ) -> Autosave {
        let kind = EditKind(StoredValue::new(RevisionKind::Save));
        Autosave {
            id,
            rows,
            report,
            catalog_defaults,
            status,
            conflicts: RwSignal::new(Vec::new()),
            combined: RwSignal::new(Vec::new()),
            revision: StoredValue::new(revision),
            base: StoredValue::new((loaded, row_ids)),
            timer: StoredValue::new(None),
            saves: OneAtATime::new(),
            heard: StoredValue::new(revision),
            edits: StoredValue::new(0),
            shown: StoredValue::new(0),
            checks: OneAtATime::new(),
            report_id: StoredValue::new(None),
            kind,
        }
    }

    /// The kind of the edits the next save carries, noted by the grid
    /// ([`super::EditorContext::edit_kind`]).
    pub fn edit_kind(self) -> EditKind {
        self.kind
    }

    /// Call after an edit of another kind than typing (a fix applied), with
    /// [`Autosave::edited`]: the save that carries it says so.
    pub fn edited_as(self, kind: RevisionKind) {
        self.kind.note(kind);
        self.edited();
    }

    /// Shows `report`, which came from elsewhere with no id the server keeps it under (a
    /// change of the sheet's settings or language): the next check gets a whole report.
    pub fn show(self, report: Report) {
        self.show_kept(report, None);
    }

    /// Shows `report`, which came from elsewhere (an import, someone else's save), kept by
    /// the server under `id`
    /// ([`SheetDetail::report_id`](crate::model::SheetDetail::report_id)): the next check
    /// gets what changed since it (a whole report when `id` is `None`).
    pub fn show_kept(self, report: Report, id: Option<u64>) {
        self.report_id.try_set_value(id);
        self.report.try_set(report);
    }

    /// The page was given its report kept by the server under `id`: the first check names
    /// it, and gets what changed since it instead of a whole report.
    pub fn holds(self, id: Option<u64>) -> Autosave {
        self.report_id.try_set_value(id);
        self
    }

    /// Shows the report `answer` sends. False when it is changes to a report the page no
    /// longer holds (or that do not fit it): then nothing changed, and the caller asks again.
    fn take(self, answer: ReportAnswer) -> bool {
        take_answer(self.report, self.report_id, answer)
    }

    /// Call after every edit: checks the rows as typed at once, and (re)starts the debounce;
    /// the save runs [`DEBOUNCE`] after the last call.
    pub fn edited(self) {
        self.edits.update_value(|n| *n += 1);
        self.check();
        self.cancel();
        self.status.set(SaveStatus::Saving);
        let this = self;
        match set_timeout_with_handle(move || this.flush(), DEBOUNCE) {
            Ok(handle) => self.timer.set_value(Some(handle)),
            Err(_) => self.flush(),
        }
    }

    /// Asks for the report of the rows as typed now, or once more after the check on its way.
    fn check(self) {
        if !self.checks.begin() {
            return;
        }
        spawn_local(async move {
            loop {
                let (Some(edit), Some(rows)) = (self.edits.try_get_value(), self.on_screen())
                else {
                    return;
                };
                let since = self.report_id.try_get_value().flatten();
                // Changes to a report the page no longer holds: asked again, whole.
                let mut misfit = false;
                if let Ok(checked) = check_draft(self.id, rows, since).await {
                    if self.show_from(edit) {
                        misfit = !self.take(checked.report);
                        self.catalog_defaults.try_set(checked.catalog_defaults);
                    }
                }
                if !self.checks.take_again() && !misfit {
                    break;
                }
            }
            self.checks.end();
        });
    }

    /// Whether a report of the rows after edit `edit` is to be shown: no report of later
    /// rows is. Then it is the one shown.
    fn show_from(self, edit: u64) -> bool {
        let newer = self
            .shown
            .try_get_value()
            .is_some_and(|shown| edit >= shown);
        if newer {
            self.shown.try_set_value(edit);
        }
        newer
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

    /// Whether the page holds text the server does not have yet: a save waiting, on its
    /// way, failed, or a conflict not chosen for.
    pub fn unsaved(self) -> bool {
        self.pending()
            || self.saves.is_busy(false)
            || self
                .status
                .try_with_untracked(|s| !matches!(s, SaveStatus::Saved))
                .unwrap_or(false)
    }

    /// The rows as the page shows them, the user's text in the cells in conflict: what the
    /// report is of.
    fn on_screen(self) -> Option<Vec<Row>> {
        self.rows
            .try_with_untracked(|drafts| drafts.iter().map(DraftRow::to_row).collect())
    }

    /// Whether a cell waits for the user's choice.
    fn in_conflict(self) -> bool {
        self.conflicts
            .try_with_untracked(|open| !open.is_empty())
            .unwrap_or(false)
    }

    /// The rows to send: the drafts, with each cell still in conflict as stored (the base),
    /// so that nothing of it is saved before the user chooses.
    fn outgoing(self) -> Option<Vec<Row>> {
        let open = self.conflicts.try_get_untracked()?;
        // Read in place: the base is the whole sheet, and this runs on every keystroke.
        self.base.try_with_value(|(base, ids)| {
            self.rows.try_with_untracked(|drafts| {
                drafts
                    .iter()
                    .map(|d| {
                        let mut row = d.to_row();
                        for c in open.iter().filter(|c| c.key == d.key) {
                            let stored = ids
                                .iter()
                                .position(|id| *id == c.conflict.row_id)
                                .and_then(|i| base.get(i));
                            if let (Some(column), Some(stored)) = (c.conflict.column, stored) {
                                *row.cell_mut(column) = stored.cell(column).to_string();
                            }
                        }
                        row
                    })
                    .collect()
            })
        })?
    }

    /// The cells the user has not chosen for, as (draft key, column).
    fn kept(self) -> Vec<(u64, Column)> {
        self.conflicts
            .try_with_untracked(|open| {
                open.iter()
                    .filter_map(|c| Some((c.key, c.conflict.column?)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Saves now. When a save is on its way, one more follows it with the rows as they are
    /// then.
    pub fn flush(self) {
        self.cancel();
        if !self.saves.begin() {
            return;
        }
        self.status.set(SaveStatus::Saving);
        spawn_local(async move {
            loop {
                let (Some(edit), Some(sent)) = (self.edits.try_get_value(), self.outgoing()) else {
                    return;
                };
                let Some((base_rows, base_ids)) = self.base.try_get_value() else {
                    return;
                };
                let Some(base) = self.revision.try_get_value() else {
                    return;
                };
                let since = self.report_id.try_get_value().flatten();
                let kind = Some(self.kind.take());
                let result = save_rows(
                    self.id,
                    base,
                    base_rows,
                    base_ids,
                    sent.clone(),
                    since,
                    kind,
                )
                .await;
                let mut again = self.saves.take_again();
                let settled = !again && !self.pending();
                match result {
                    Ok(saved) => {
                        self.revision.try_set_value(saved.revision);
                        let typed_since = self.outgoing().is_some_and(|now| now != sent);
                        // With a conflict open, the rows stored are not the rows on the
                        // page: their report is not shown, the page's rows are checked.
                        // (Checked below, once the page holds the rows it shows.)
                        let open = !saved.conflicts.is_empty() || self.in_conflict();
                        if !open {
                            if self.show_from(edit) {
                                if !self.take(saved.report) {
                                    // Changes to a report the page no longer holds.
                                    self.check();
                                }
                                self.catalog_defaults.try_set(saved.catalog_defaults);
                            } else if !typed_since {
                                // The rows stored may hold someone else's changes, which the
                                // later check did not have.
                                self.check();
                            }
                        }
                        self.note_combined(saved.combined);
                        // The ids of the rows sent, which the drafts still line up with.
                        let sent_ids = ids_of(&sent, &saved.rows, &saved.row_ids);
                        // Conflicts first: adopting the stored rows keeps their cells.
                        self.add_conflicts(&saved.conflicts, &sent_ids);
                        if typed_since {
                            // The newer text is saved next, against what this save sent,
                            // with their text as the base of each conflicting cell.
                            let mut base = sent;
                            for c in &saved.conflicts {
                                let k = sent_ids.iter().position(|id| *id == c.row_id);
                                if let (Some(k), Some(column), Some(theirs)) =
                                    (k, c.column, &c.theirs)
                                {
                                    *base[k].cell_mut(column) = theirs.clone();
                                }
                            }
                            self.base.try_set_value((base, sent_ids));
                            again = true;
                        } else {
                            self.adopt(&saved.rows, &saved.row_ids);
                        }
                        if open {
                            self.check();
                        }
                        if settled && !again {
                            self.status.try_set(self.settled_status());
                        }
                    }
                    Err(err) => {
                        if settled {
                            self.status
                                .try_set(SaveStatus::Failed(err.message(crate::i18n::ui_lang())));
                        }
                    }
                }
                if !again {
                    break;
                }
            }
            self.saves.end();
            // Someone saved after this page's save was stored: load what they saved.
            if let Some(heard) = self.heard.try_get_value() {
                self.changed_elsewhere(heard);
            }
        });
    }

    /// Lists `combined` when a save brought new ones; otherwise keeps those of the list that
    /// the report shown still has (same code and place).
    fn note_combined(self, combined: Vec<budget::Finding>) {
        if !combined.is_empty() {
            self.combined.try_set(combined);
            return;
        }
        let report = self.report;
        self.combined.try_update(|list| {
            report.with_untracked(|report| {
                list.retain(|c| report.findings.iter().any(|f| f.place() == c.place()));
            });
        });
    }

    /// `Saved`, or the conflicts still open.
    fn settled_status(self) -> SaveStatus {
        match self.conflicts.try_with_untracked(Vec::len).unwrap_or(0) {
            0 => SaveStatus::Saved,
            n => SaveStatus::Conflicts(n),
        }
    }

    /// The page shows `rows` as stored (with ids `row_ids`), its conflicting cells kept.
    /// An open conflict's "theirs" becomes what the sheet holds now: taking theirs takes the
    /// latest text, never one that a later save replaced.
    fn adopt(self, rows: &[Row], row_ids: &[i64]) {
        self.conflicts.try_update(|open| {
            for o in open.iter_mut() {
                let (Some(column), Some(row)) = (
                    o.conflict.column,
                    row_ids
                        .iter()
                        .position(|id| *id == o.conflict.row_id)
                        .and_then(|i| rows.get(i)),
                ) else {
                    continue;
                };
                let now = row.cell(column);
                if o.conflict.theirs.as_deref() != Some(now) {
                    o.conflict.theirs = Some(now.to_string());
                    o.conflict.by = None;
                }
            }
        });
        let keep = self.kept();
        let Some(drafts) = self.rows.try_get_untracked() else {
            return;
        };
        let adopted = draft::adopt(&drafts, rows, &keep);
        let same_order = adopted
            .iter()
            .map(|d| d.key)
            .eq(drafts.iter().map(|d| d.key));
        if !same_order {
            self.rows.try_set(adopted);
        }
        self.base.try_set_value((rows.to_vec(), row_ids.to_vec()));
    }

    /// Opens the conflicts of a save (each cell once; a row delete is reported and the row
    /// stays): `sent_ids` are the ids of the rows the save sent, which the drafts line up
    /// with.
    fn add_conflicts(self, conflicts: &[CellConflict], sent_ids: &[i64]) {
        if conflicts.is_empty() {
            return;
        }
        let drafts = self.rows.get_untracked();
        self.conflicts.update(|open| {
            for conflict in conflicts {
                let key = sent_ids
                    .iter()
                    .position(|id| *id == conflict.row_id)
                    .and_then(|i| drafts.get(i))
                    .map_or(u64::MAX, |d| d.key);
                open.retain(|o| {
                    !(o.conflict.row_id == conflict.row_id && o.conflict.column == conflict.column)
                });
                open.push(OpenConflict {
                    key,
                    conflict: conflict.clone(),
                });
            }
        });
    }

    /// Keeps the page's text in a conflicting cell: it is saved over theirs.
    pub fn keep_mine(self, row_id: i64, column: Option<Column>) {
        self.conflicts.update(|open| {
            open.retain(|o| !(o.conflict.row_id == row_id && o.conflict.column == column));
        });
        self.edited();
    }

    /// Takes their text into a conflicting cell: the page's text there goes.
    pub fn take_theirs(self, row_id: i64, column: Option<Column>) {
        let open = self.conflicts.get_untracked();
        if let Some(o) = open
            .iter()
            .find(|o| o.conflict.row_id == row_id && o.conflict.column == column)
        {
            let draft = self
                .rows
                .with_untracked(|ds| ds.iter().find(|d| d.key == o.key).copied());
            if let (Some(d), Some(col), Some(theirs)) = (draft, column, o.conflict.theirs.clone()) {
                d.cell(col).set(theirs);
            }
        }
        self.conflicts.update(|open| {
            open.retain(|o| !(o.conflict.row_id == row_id && o.conflict.column == column));
        });
        self.edited();
    }

    /// The sheet's version the page's rows were last saved as or loaded at.
    pub fn revision(self) -> i64 {
        self.revision.get_value()
    }

    /// Someone else saved the sheet at `version`: when the page has nothing waiting and is
    /// behind, it loads the stored rows and report (a save of its own would bring them too).
    pub fn changed_elsewhere(self, version: i64) {
        self.heard.try_update_value(|h| *h = (*h).max(version));
        if version <= self.revision.try_get_value().unwrap_or(i64::MAX) || self.unsaved_edits() {
            return;
        }
        spawn_local(async move {
            let Ok(detail) = get_sheet(self.id).await else {
                return;
            };
            // Typing began while it loaded: the next save brings the merge instead.
            if self.unsaved_edits() || detail.revision <= self.revision.get_value() {
                return;
            }
            self.revision.set_value(detail.revision);
            self.hold_typed_cell(&detail.sheet.rows, &detail.row_ids);
            self.adopt(&detail.sheet.rows, &detail.row_ids);
            if self.in_conflict() {
                self.status.try_set(self.settled_status());
                // The page keeps the user's text in the cells in conflict: the report is of
                // the rows as the page shows them, not as stored.
                self.check();
                return;
            }
            self.show_from(self.edits.get_value());
            self.show_kept(detail.report, detail.report_id);
            self.catalog_defaults.set(detail.catalog_defaults);
        });
    }

    /// Someone else's save of `rows` (ids `row_ids`) is about to be shown: the cell being
    /// typed in keeps the page's text, and when their save changed that cell, it opens as a
    /// conflict (yours, theirs, and the text it was), for the user to choose as for any other.
    fn hold_typed_cell(self, rows: &[Row], row_ids: &[i64]) {
        let Some((index, column)) = super::typed_cell::edited_cell() else {
            return;
        };
        let (Some(drafts), Some((base_rows, base_ids))) =
            (self.rows.try_get_untracked(), self.base.try_get_value())
        else {
            return;
        };
        // Nothing is waiting to be saved: the drafts are the base's rows, line by line.
        let (Some(draft), Some(row_id), Some(was)) =
            (drafts.get(index), base_ids.get(index), base_rows.get(index))
        else {
            return;
        };
        let Some(now) = row_ids
            .iter()
            .position(|id| id == row_id)
            .and_then(|i| rows.get(i))
            .map(|row| row.cell(column))
        else {
            return;
        };
        let mine = draft.cell(column).get_untracked();
        let was = was.cell(column);
        let open = self.conflicts.with_untracked(|open| {
            open.iter()
                .any(|o| o.conflict.row_id == *row_id && o.conflict.column == Some(column))
        });
        // A conflict open on the cell already gets their latest text from `adopt`.
        if now == was || now == mine || open {
            return;
        }
        let conflict = CellConflict {
            row_id: *row_id,
            line: Some(index + 1),
            column: Some(column),
            base: was.to_string(),
            theirs: Some(now.to_string()),
            mine: Some(mine),
            by: None,
        };
        self.add_conflicts(&[conflict], &base_ids);
    }

    /// Whether an edit is waiting or on its way.
    fn unsaved_edits(self) -> bool {
        self.pending() || self.saves.is_busy(true)
    }

    /// Call when the page's rows were replaced by a version stored at `revision` (an
    /// import): nothing is left to save.
    pub fn replaced(self, revision: i64, rows: Vec<Row>, row_ids: Vec<i64>) {
        self.cancel();
        self.revision.set_value(revision);
        self.base.set_value((rows, row_ids));
        self.conflicts.set(Vec::new());
        self.status.set(SaveStatus::Saved);
    }

    /// Call when the page goes away: a debounced save still waiting is sent at once.
    pub fn leave(self) {
        if self.pending() {
            self.cancel();
            let rows = self.outgoing();
            let base = self.base.try_get_value();
            let version = self.revision.try_get_value();
            if let (Some(rows), Some((base_rows, base_ids)), Some(version)) = (rows, base, version)
            {
                let id = self.id;
                let kind = Some(self.kind.take());
                spawn_local(async move {
                    let _ = save_rows(id, version, base_rows, base_ids, rows, None, kind).await;
                });
            }
        }
    }

    /// Saves what is waiting when the page goes away: at once when the editor is left
    /// ([`Autosave::leave`]); on a reload, a close or another address while text is unsaved,
    /// sends it and lets the browser ask whether to stay. A no-op on the server.
    pub fn save_on_leaving(self) {
        on_cleanup(move || self.leave());
        let unload = window_event_listener(leptos::ev::beforeunload, move |ev| {
            if self.unsaved() {
                self.flush();
                ev.prevent_default();
            }
        });
        on_cleanup(move || unload.remove());
    }

    /// What the report is of when not the rows as saved, in the UI language `ui`: rows beyond
    /// what a sheet holds, or the user's rows while a conflict waits for their choice
    /// ([`crate::report_basis::note`]); `None` when it is of the rows as saved.
    pub fn basis(self, ui: Lang) -> Signal<Option<String>> {
        let Autosave {
            rows,
            report,
            conflicts,
            ..
        } = self;
        Signal::derive(move || {
            let on_page = rows.with(Vec::len);
            let reported = report.with(|r| r.rows.len());
            conflicts.with(|open| {
                let open: Vec<_> = open.iter().map(|o| o.conflict.clone()).collect();
                crate::report_basis::note(ui, on_page, reported, &open)
            })
        })
    }
}

/// The ids of `sent` (rows a save sent) among the rows stored after it (`stored`, ids
/// `stored_ids`), matched by content; a sent row not stored (deleted elsewhere) gets 0,
/// which the next save's changes to it turn into conflicts.
fn ids_of(sent: &[Row], stored: &[Row], stored_ids: &[i64]) -> Vec<i64> {
    budget::diff::pair_by_content(stored, sent)
        .into_iter()
        .map(|p| p.and_then(|i| stored_ids.get(i).copied()).unwrap_or(0))
        .collect()
}

/// Shows in `report` the report `answer` sends, and keeps its id in `report_id`, for the
/// next check to name. A whole report replaces the one shown; changes apply to it only when
/// they are changes to the report of `report_id`. False when they are not (then nothing
/// changes, the id included) or when they do not fit it (then the id is cleared, so that the
/// next check gets a whole report).
pub fn take_answer(
    report: RwSignal<Report>,
    report_id: StoredValue<Option<u64>>,
    answer: ReportAnswer,
) -> bool {
    match answer {
        ReportAnswer::Whole { id, report: whole } => {
            report_id.try_set_value(Some(id));
            report.try_set(whole);
            true
        }
        ReportAnswer::Changes { id, since, changes } => {
            // Changes to another report than the one shown: the one shown stays, and so
            // does its id.
            if report_id.try_get_value().flatten() != Some(since) {
                return false;
            }
            let mut fitted = false;
            report.try_update(|report| fitted = changes.apply(report).is_ok());
            report_id.try_set_value(fitted.then_some(id));
            fitted
        }
    }
}
