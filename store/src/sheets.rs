//! The sheets' use cases, one function each: open a sheet with its report, create one, replace
//! its rows, save an edit, read a revision, compare two revisions, change its settings or its
//! language, and check rows not saved. Each takes the store (scoped to the caller in team mode,
//! [`Store::scoped`], so every sheet it touches is checked against their role), the input as
//! typed values and, for a write, its [`Author`]; each answers a typed value or a
//! [`StoreError`].
//!
//! The page's server functions (`app`) and the JSON API (`server`) are adapters over these:
//! they read the request (TSV, JSON, form fields) into the inputs and write the answer in
//! their own shape. Both doors save through [`save`], so a save with a conflicting cell is
//! merged by one policy ([`Store::patch_rows`]) whichever door it came through.

use budget::diff::{GridLine, Match, SheetDiff};
use budget::{Finding, Lang, Report, Row, Sheet};

use crate::checks;
use crate::{
    Author, CellConflict, CellPatch, RevisionKind, Store, StoreError, StoredRevision, StoredSheet,
};
use workbench_model::sheet_name::SheetName;

/// A sheet as stored, with its report: `stored.sheet` holds its rows as the check read them.
#[derive(Clone, Debug)]
pub struct CheckedSheet {
    /// The sheet, its rows, ids and revision.
    pub stored: StoredSheet,
    /// Its report.
    pub report: Report,
}

/// Sheet `id` and its report (the check's kept facts when the same rows were checked
/// lately, [`checks`]).
///
/// # Errors
///
/// [`StoreError::NotFound`]; [`StoreError::Forbidden`] for a caller who may not read it;
/// [`StoreError::Db`].
pub async fn open(store: &Store, id: i64) -> Result<CheckedSheet, StoreError> {
    Ok(checked(store.get_sheet(id).await?).await)
}

/// `stored` with its report.
async fn checked(stored: StoredSheet) -> CheckedSheet {
    let (sheet, report) = checks::check(stored.sheet).await;
    CheckedSheet {
        stored: StoredSheet { sheet, ..stored },
        report,
    }
}

/// A sheet to create: its name and the rows read from a TSV file or paste.
#[derive(Clone, Debug)]
pub struct NewSheet {
    /// Its name.
    pub name: SheetName,
    /// Its rows, and the language of the header they came with (`None`: English).
    pub imported: budget::tsv::Imported,
}

/// Creates the sheet `new` by `author`; answers its id and its number of rows.
///
/// # Errors
///
/// [`StoreError::Taken`] when a sheet of the same team has the name; [`StoreError::BadCell`]
/// for a cell holding NUL; [`StoreError::NoTeam`] for a caller of no team; [`StoreError::Db`].
pub async fn create(
    store: &Store,
    new: NewSheet,
    author: &Author,
) -> Result<(i64, usize), StoreError> {
    let sheet = Sheet::new(new.imported.lang.unwrap_or(Lang::En), new.imported.rows);
    let id = store.create_sheet_as(&new.name, &sheet, author).await?;
    Ok((id, sheet.rows.len()))
}

/// Replaces every row of sheet `id` with `imported`'s (and its header's language, when it had
/// one) as a revision of `kind`, when the sheet is still at version `base` (`None`: whatever
/// is stored); answers the sheet as stored then.
///
/// # Errors
///
/// [`StoreError::CellConflicts`] when the sheet moved on since `base`, with the cells both
/// changed; [`StoreError::BadCell`]; [`StoreError::NotFound`]; [`StoreError::Forbidden`];
/// [`StoreError::Db`]. Nothing is written then.
pub async fn replace(
    store: &Store,
    id: i64,
    base: Option<i64>,
    imported: &budget::tsv::Imported,
    author: &Author,
    kind: RevisionKind,
) -> Result<CheckedSheet, StoreError> {
    store
        .replace_rows(id, base, imported.lang, &imported.rows, author, kind)
        .await?;
    open(store, id).await
}

/// An edit to save.
#[derive(Clone, Debug)]
pub struct Edit {
    /// The changed cells, inserted, moved and deleted rows, each with the text it started
    /// from.
    pub patch: CellPatch,
    /// The editor's whole view, when it has one (the page): the version its rows were read
    /// at and its rows with the edit. With it, [`Saved::combined`] says what only this edit
    /// and another's saved meanwhile cause together.
    pub seen: Option<Seen>,
}

/// What an editor saw: the sheet's version it started from and its rows after the edit.
#[derive(Clone, Debug)]
pub struct Seen {
    /// The version of the rows the edit started from.
    pub base: i64,
    /// The editor's rows with the edit.
    pub rows: Vec<Row>,
}

/// A saved edit.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The sheet as stored after the save, with its report.
    pub sheet: CheckedSheet,
    /// The cells and row deletes that did not land because someone else changed them since
    /// their base; the sheet keeps their text. Empty when everything landed.
    pub conflicts: Vec<CellConflict>,
    /// When someone else saved since [`Seen::base`]: the findings of the merged rows that
    /// neither this edit alone nor theirs alone has ([`budget::diff::only_together`]).
    /// Empty otherwise, and without [`Edit::seen`].
    pub combined: Vec<Finding>,
}

/// Saves `edit` to sheet `id` by `author`, merged per cell: in one transaction the changes
/// that meet no conflict land as one revision, and each cell someone else changed since its
/// base keeps their text and comes back in [`Saved::conflicts`] ([`Store::patch_rows`]).
///
/// # Errors
///
/// [`StoreError::NoRow`] for a row id the sheet never had; [`StoreError::BadCell`];
/// [`StoreError::NotFound`]; [`StoreError::Forbidden`]; [`StoreError::Db`]. Nothing is
/// written then.
pub async fn save(
    store: &Store,
    id: i64,
    edit: Edit,
    author: &Author,
) -> Result<Saved, StoreError> {
    let patched = store.patch_rows(id, &edit.patch, author).await?;
    let sheet = open(store, id).await?;
    let combined = match edit.seen {
        // Someone else saved since the editor's base: what only the two changes together
        // cause, checked from the editor's rows and the rows the save found.
        Some(seen)
            if patched.started != seen.base
                && sheet.stored.sheet.rows != seen.rows
                && !edit.patch.is_empty() =>
        {
            let (_, mine) = checks::check(Sheet {
                rows: seen.rows,
                ..sheet.stored.sheet.clone()
            })
            .await;
            let (_, theirs) = checks::check(Sheet {
                rows: patched.before,
                ..sheet.stored.sheet.clone()
            })
            .await;
            budget::diff::only_together(&sheet.report, &[&mine, &theirs])
        }
        _ => Vec::new(),
    };
    Ok(Saved {
        sheet,
        conflicts: patched.conflicts,
        combined,
    })
}

/// Revision `number` of sheet `id`, its rows as they were saved, with its report.
///
/// # Errors
///
/// [`StoreError::NoRevision`]; [`StoreError::NotFound`]; [`StoreError::Forbidden`];
/// [`StoreError::Db`].
pub async fn revision(
    store: &Store,
    id: i64,
    number: i64,
) -> Result<(StoredRevision, Report), StoreError> {
    let stored = store.revision(id, number).await?;
    let (sheet, report) = checks::check(stored.sheet).await;
    Ok((StoredRevision { sheet, ..stored }, report))
}

/// Two revisions of a sheet compared.
#[derive(Clone, Debug)]
pub struct RevisionDiff {
    /// The sheet's name.
    pub name: String,
    /// The earlier revision's number.
    pub from: i64,
    /// The later revision's number.
    pub to: i64,
    /// The sheet's latest revision's number.
    pub latest: i64,
    /// What changed: rows by their ids, budgets, findings and the causal trace.
    pub diff: SheetDiff,
    /// The rows of both side by side, each line marked added, removed, changed or the same.
    pub grid: Vec<GridLine>,
}

/// Revisions `from` and `to` of sheet `id` compared (by default the latest and the one
/// before it, [`Store::revision_pair`]); the diff is computed off the async threads.
///
/// # Errors
///
/// [`StoreError::NoRevision`]; [`StoreError::NotFound`]; [`StoreError::Forbidden`];
/// [`StoreError::Db`]; [`StoreError::Failed`] when the computing thread failed.
pub async fn diff(
    store: &Store,
    id: i64,
    from: Option<i64>,
    to: Option<i64>,
) -> Result<RevisionDiff, StoreError> {
    let name = store.get_name(id).await?;
    let (before, after, latest) = store.revision_pair(id, from, to).await?;
    let (from, to) = (before.summary.number, after.summary.number);
    let (diff, grid) = tokio::task::spawn_blocking(move || {
        let diff = budget::diff::diff(
            &before.sheet,
            &after.sheet,
            Match::Ids {
                before: &before.row_ids,
                after: &after.row_ids,
            },
        );
        let grid = budget::diff::grid(&before.sheet.rows, &after.sheet.rows, &diff.rows);
        (diff, grid)
    })
    .await
    .map_err(|err| StoreError::Failed(format!("the diff's thread failed: {err}")))?;
    Ok(RevisionDiff {
        name,
        from,
        to,
        latest,
        diff,
        grid,
    })
}

/// New settings of a sheet; `None` keeps the stored one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// The margin every budget adds, in milliseconds.
    pub margin_ms: Option<u64>,
    /// The attempts multiplied through the layers above which a warning is given.
    pub amplification_threshold: Option<u64>,
}

/// Changes sheet `id`'s settings (a `settings` revision, its rows unchanged); answers the
/// report under the new settings. Settings equal to the stored ones write nothing (no
/// revision).
///
/// # Errors
///
/// [`StoreError::NotFound`]; [`StoreError::Forbidden`]; [`StoreError::Db`].
pub async fn set_settings(
    store: &Store,
    id: i64,
    settings: Settings,
) -> Result<Report, StoreError> {
    let stored = store.get_sheet(id).await?.sheet;
    let margin_ms = settings.margin_ms.unwrap_or(stored.margin_ms);
    let threshold = settings
        .amplification_threshold
        .unwrap_or(stored.amplification_threshold);
    if (margin_ms, threshold) != (stored.margin_ms, stored.amplification_threshold) {
        store.set_settings(id, margin_ms, threshold).await?;
    }
    let (_, report) = checks::check(Sheet {
        margin_ms,
        amplification_threshold: threshold,
        ..stored
    })
    .await;
    Ok(report)
}

/// Sets sheet `id`'s language (its messages and its export's header follow it); answers its
/// report in that language.
///
/// # Errors
///
/// [`StoreError::NotFound`]; [`StoreError::Forbidden`]; [`StoreError::Db`].
pub async fn set_lang(store: &Store, id: i64, lang: Lang) -> Result<Report, StoreError> {
    store.set_lang(id, lang).await?;
    Ok(open(store, id).await?.report)
}

/// The report of `rows` under sheet `id`'s settings, without saving them: an editor's rows
/// checked as they are typed.
///
/// # Errors
///
/// [`StoreError::NotFound`]; [`StoreError::Forbidden`]; [`StoreError::Db`].
pub async fn check_rows(store: &Store, id: i64, rows: Vec<Row>) -> Result<Report, StoreError> {
    let settings = store.get_settings(id).await?;
    let (_, report) = checks::check(Sheet { rows, ..settings }).await;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CellSet, Store};
    use budget::{Column, FindingCode};

    /// A store in memory holding G1 (the reservation example, English), and its id.
    async fn g1() -> (Store, i64, CheckedSheet) {
        let store = Store::connect("sqlite::memory:")
            .await
            .expect("an in-memory store");
        let new = NewSheet {
            name: SheetName::parse("g1").expect("a name"),
            imported: budget::tsv::import(budget::example::RESERVATION_EN).expect("G1 reads"),
        };
        let (id, rows) = create(&store, new, &Author::named("ann"))
            .await
            .expect("created");
        assert_eq!(rows, 12);
        let opened = open(&store, id).await.expect("opened");
        (store, id, opened)
    }

    /// A patch setting `row_id`'s value from `base` to `value`.
    fn set_value(row_id: i64, base: &str, value: &str) -> CellPatch {
        CellPatch {
            cells: vec![CellSet {
                row_id,
                column: Column::Value,
                base: base.into(),
                value: value.into(),
            }],
            ..CellPatch::default()
        }
    }

    #[tokio::test]
    async fn a_save_after_anothers_names_what_only_the_two_together_cause() {
        // Arrange: G1's app needs 7.8 s of its 8.0 s. Bob raises the external API's read
        // timeout (row 7) to 1.55 s: 7.9 s.
        let (store, id, loaded) = g1().await;
        assert_eq!(loaded.report.summary.inversions, 0);
        let bob = Edit {
            patch: set_value(7, "1.5s", "1.55s"),
            seen: None,
        };
        let saved = save(&store, id, bob, &Author::named("bob")).await.unwrap();
        assert_eq!(
            (saved.conflicts.len(), saved.combined.len()),
            (0, 0),
            "an edit without the editor's view names nothing combined"
        );

        // Act: the page, from version 0, raises the app's processing (row 5) to 0.65 s:
        // 7.95 s alone.
        let mut rows = loaded.stored.sheet.rows.clone();
        rows[4].value = "0.65s".into();
        let ann = Edit {
            patch: set_value(5, &loaded.stored.sheet.rows[4].value, "0.65s"),
            seen: Some(Seen {
                base: loaded.stored.revision,
                rows,
            }),
        };
        let saved = save(&store, id, ann, &Author::named("ann")).await.unwrap();

        // Assert: both landed, and the app's inversion (8.05 s against 8.0 s) is what only
        // the two together cause.
        let values: Vec<&str> = [4, 6]
            .map(|i| saved.sheet.stored.sheet.rows[i].value.as_str())
            .to_vec();
        assert_eq!(values, ["0.65s", "1.55s"]);
        assert_eq!(saved.sheet.report.summary.inversions, 1);
        let combined: Vec<(FindingCode, Option<&str>, Option<u64>)> = saved
            .combined
            .iter()
            .map(|f| (f.code, f.node.as_deref(), f.short_by_ms))
            .collect();
        assert_eq!(
            combined,
            [(FindingCode::InversionNode, Some("app"), Some(50))]
        );
    }

    #[tokio::test]
    async fn the_settings_and_the_language_answer_the_report_they_make() {
        let (store, id, _) = g1().await;
        // A margin of 1.5 s: the browser's 12.0 s deadline is short of the LB's 11.0 s and
        // the margin by 0.5 s.
        let margin = Settings {
            margin_ms: Some(1_500),
            ..Settings::default()
        };
        let report = set_settings(&store, id, margin).await.unwrap();
        let browser = report
            .findings
            .iter()
            .find(|f| f.code == FindingCode::InversionHop)
            .expect("the browser's hop is inverted under the larger margin");
        assert_eq!(
            (browser.hop.as_deref(), browser.short_by_ms),
            (Some("browser -> LB"), Some(500))
        );
        let japanese = set_lang(&store, id, Lang::Ja).await.unwrap();
        assert_eq!(japanese.summary.inversions, 1);
        let stored = open(&store, id).await.unwrap().stored.sheet;
        assert_eq!(
            (
                stored.margin_ms,
                stored.amplification_threshold,
                stored.lang
            ),
            (1_500, 3, Lang::Ja)
        );
    }

    #[tokio::test]
    async fn a_save_may_not_grow_a_sheet_past_its_limits_but_one_past_them_may_shrink() {
        // Arrange: a sheet of 5,001 rows, one more than a sheet may hold (an older store could
        // keep it: only a save is refused).
        let (store, id, loaded) = g1().await;
        let mut rows = loaded.stored.sheet.rows.clone();
        rows.resize(budget::tsv::MAX_ROWS + 1, rows[0].clone());
        store
            .replace_rows(
                id,
                None,
                None,
                &rows,
                &Author::named("ann"),
                RevisionKind::Import,
            )
            .await
            .unwrap();
        let stored = open(&store, id).await.unwrap().stored;
        let insert = |row: &Row| Edit {
            patch: CellPatch {
                insert: vec![crate::RowInsert {
                    after: None,
                    row: row.clone(),
                }],
                ..CellPatch::default()
            },
            seen: None,
        };

        // Act and assert: one more row is refused, and nothing is written.
        let grown = save(&store, id, insert(&rows[0]), &Author::named("ann")).await;
        assert!(
            matches!(grown, Err(StoreError::TooManyRows { rows: 5_002, .. })),
            "{grown:?}"
        );
        assert_eq!(
            grown.unwrap_err().to_string(),
            format!("sheet {id} would have 5002 rows, more than the 5000 a sheet may hold; nothing was written: split the sheet")
        );
        // A row deleted lands: the sheet gets smaller, back to the limit...
        let delete = Edit {
            patch: CellPatch {
                delete: vec![crate::RowDelete {
                    row_id: stored.row_ids[0],
                    base: stored.sheet.rows[0].clone(),
                }],
                ..CellPatch::default()
            },
            seen: None,
        };
        let shrunk = save(&store, id, delete, &Author::named("ann"))
            .await
            .unwrap();
        assert_eq!(shrunk.sheet.stored.sheet.rows.len(), 5_000);
        // ...and a cell of 1 MiB is refused by the size the sheet would have.
        let huge = Edit {
            patch: CellPatch {
                cells: vec![CellSet {
                    row_id: stored.row_ids[1],
                    column: Column::Rationale,
                    base: stored.sheet.rows[1].rationale.clone(),
                    value: "x".repeat(workbench_model::MAX_TSV_BYTES),
                }],
                ..CellPatch::default()
            },
            seen: None,
        };
        let refused = save(&store, id, huge, &Author::named("ann")).await;
        assert!(
            matches!(refused, Err(StoreError::TooLarge { bytes, .. }) if bytes > workbench_model::MAX_TSV_BYTES),
            "{refused:?}"
        );
        // The row after the deleted one is first now, its rationale as it was.
        let now = open(&store, id).await.unwrap().stored.sheet;
        assert_eq!(
            (now.rows.len(), now.rows[0].rationale.as_str()),
            (5_000, stored.sheet.rows[1].rationale.as_str())
        );
    }

    #[tokio::test]
    async fn settings_equal_to_the_stored_ones_add_no_revision() {
        let (store, id, _) = g1().await;
        let same = Settings {
            margin_ms: Some(budget::DEFAULT_MARGIN_MS),
            amplification_threshold: None,
        };
        let report = set_settings(&store, id, same).await.unwrap();
        assert_eq!(report.summary.inversions, 0);
        assert_eq!(store.latest_revision(id).await.unwrap(), 1);
        let raised = Settings {
            margin_ms: Some(1_500),
            amplification_threshold: None,
        };
        set_settings(&store, id, raised).await.unwrap();
        assert_eq!(store.latest_revision(id).await.unwrap(), 2);
    }

    #[tokio::test]
    async fn two_revisions_compared_name_the_changed_cell_and_the_budget_it_moved() {
        let (store, id, _) = g1().await;
        let edit = Edit {
            patch: set_value(7, "1.5s", "1.55s"),
            seen: None,
        };
        save(&store, id, edit, &Author::named("bob")).await.unwrap();
        let compared = diff(&store, id, None, None).await.unwrap();
        assert_eq!(
            (
                compared.name.as_str(),
                compared.from,
                compared.to,
                compared.latest
            ),
            ("g1", 1, 2, 2)
        );
        let changed: Vec<(Option<i64>, Column, &str, &str)> = compared
            .diff
            .rows
            .changed
            .iter()
            .flat_map(|row| {
                row.cells
                    .iter()
                    .map(move |c| (row.id, c.column, c.before.as_str(), c.after.as_str()))
            })
            .collect();
        assert_eq!(changed, [(Some(7), Column::Value, "1.5s", "1.55s")]);
        let (revision, report) = revision(&store, id, 1).await.unwrap();
        assert_eq!(revision.sheet.rows[6].value, "1.5s");
        assert_eq!(report.summary.inversions, 0);
    }
}
