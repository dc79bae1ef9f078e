//! The configuration files' use cases on the server: a sheet made from them, a proposal of
//! their values for a sheet, and a sheet compared with them (`workbench_import`).

use super::*;
use crate::api::inputs::{ConfigDrift, ConfigFile, DriftLine};

/// Refuses `files` when there are none, one has no path, or they are more than
/// [`MAX_CONFIG_FILES`](crate::api::inputs::MAX_CONFIG_FILES) or
/// [`MAX_CONFIG_BYTES`](crate::api::inputs::MAX_CONFIG_BYTES).
fn check_config(files: &[ConfigFile]) -> Result<(), AppError> {
    let ui = ui_lang();
    if files.is_empty() {
        return Err(AppError::Refused(t(ui, "config-no-files")));
    }
    if files.iter().any(|f| f.path.trim().is_empty()) {
        return Err(AppError::Refused(t(ui, "config-no-path")));
    }
    if files.len() > crate::api::inputs::MAX_CONFIG_FILES {
        return Err(AppError::Refused(t_args(
            ui,
            "config-too-many",
            [
                ("count", files.len().into()),
                ("max", crate::api::inputs::MAX_CONFIG_FILES.into()),
            ],
        )));
    }
    let bytes = crate::api::inputs::config_bytes(files);
    if bytes > crate::api::inputs::MAX_CONFIG_BYTES {
        return Err(AppError::Refused(t_args(
            ui,
            "config-too-large",
            [
                ("size", bytes.to_string().into()),
                (
                    "max",
                    crate::api::inputs::MAX_CONFIG_BYTES.to_string().into(),
                ),
            ],
        )));
    }
    Ok(())
}

/// The rows of `files` in `lang` (read off the async threads), or why there are none: a
/// file that cannot be parsed (each named, `PATH:LINE:COLUMN: message`, one a line after
/// the first), no file in a format the importers read, no setting found, or more rows
/// than a sheet holds.
async fn read_config(files: Vec<ConfigFile>, lang: Lang) -> Result<Vec<Row>, AppError> {
    check_config(&files)?;
    let ui = ui_lang();
    let (imported, formats) = tokio::task::spawn_blocking(move || {
        // Sorted by path, as the command line reads a directory: the rows come in the
        // same order whatever order the browser listed the files in.
        let mut refs: Vec<File<'_>> = files
            .iter()
            .map(|f| File {
                path: f.path.trim(),
                text: &f.text,
            })
            .collect();
        refs.sort_by(|a, b| a.path.cmp(b.path));
        let formats = refs
            .iter()
            .filter(|f| Format::detect(f.path, f.text).is_some())
            .count();
        (workbench_import::import(&refs, lang), formats)
    })
    .await
    .map_err(|_| AppError::Storage)?;
    if !imported.errors.is_empty() {
        let mut lines = vec![t_args(
            ui,
            "config-unreadable",
            [("count", imported.errors.len().into())],
        )];
        lines.extend(imported.errors.iter().map(ToString::to_string));
        return Err(AppError::Refused(lines.join("\n")));
    }
    if imported.rows.is_empty() {
        let key = if formats == 0 {
            "config-no-format"
        } else {
            "config-no-rows"
        };
        return Err(AppError::Refused(t_args(
            ui,
            key,
            [("count", formats.into())],
        )));
    }
    if imported.rows.len() > budget::tsv::MAX_ROWS {
        return Err(AppError::TooManyRows(imported.rows.len()));
    }
    Ok(imported.rows)
}

pub async fn import_config_sheet(
    name: &str,
    lang: Lang,
    files: Vec<ConfigFile>,
) -> Result<i64, AppError> {
    // The name is checked before the files are read: a refused name costs no parsing.
    let name = import_name(name);
    sheet_name(&name)?;
    let rows = read_config(files, lang).await?;
    create_sheet(&name, Sheet::new(lang, rows)).await
}

pub async fn propose_config(id: i64, files: Vec<ConfigFile>) -> Result<i64, AppError> {
    let store = store()?;
    // Refused before any file is read when the caller may not propose.
    store
        .allow(id, workbench_store::access::Need::Write)
        .await
        .map_err(from_store)?;
    let stored = store.get_sheet(id).await.map_err(from_store)?;
    let imported = read_config(files, stored.sheet.lang).await?;
    let sheet_rows = stored.sheet.rows.clone();
    // Off the async threads; a failure in the importers is an error, not a lost request.
    let updated =
        tokio::task::spawn_blocking(move || workbench_import::into::update(&sheet_rows, &imported))
            .await
            .map_err(|err| {
                leptos::logging::error!("updating sheet {id} from configuration files: {err}");
                AppError::Storage
            })?;
    let ui = ui_lang();
    if updated.rows == stored.sheet.rows {
        return Err(AppError::Refused(t(ui, "config-nothing-to-propose")));
    }
    if updated.rows.len() > budget::tsv::MAX_ROWS {
        return Err(AppError::TooManyRows(updated.rows.len()));
    }
    let title = t_args(
        ui,
        "config-proposal-title",
        [
            ("changed", updated.changed.into()),
            ("appended", updated.appended.into()),
        ],
    );
    let edited = Edited {
        base_rows: stored.sheet.rows,
        base_ids: stored.row_ids,
        rows: updated.rows,
    };
    super::proposals::create_proposal(id, &title, edited).await
}

pub async fn compare_config(id: i64, files: Vec<ConfigFile>) -> Result<ConfigDrift, AppError> {
    check_config(&files)?;
    let stored = store()?.get_sheet(id).await.map_err(from_store)?;
    let lang = stored.sheet.lang;
    let rows = stored.sheet.rows;
    tokio::task::spawn_blocking(move || {
        let mut not_given: Vec<String> = Vec::new();
        let mut read = |path: &str| match files.iter().find(|f| f.path.trim() == path) {
            Some(f) => Read::Text(f.text.clone()),
            None => {
                if Format::is_candidate(path) && !not_given.iter().any(|p| p == path) {
                    not_given.push(path.to_string());
                }
                Read::Missing
            }
        };
        let drift = workbench_import::drift::drift(&rows, &mut read);
        ConfigDrift {
            findings: drift
                .findings
                .iter()
                .map(|f| DriftLine {
                    code: f.code.as_str().to_string(),
                    severity: f.severity,
                    row: f.row,
                    setting: f.setting.clone(),
                    sheet_value: f.sheet_value.clone(),
                    file_value: f.file_value.clone(),
                    path: f.path.clone(),
                    line: f.line,
                    message: f.message(lang),
                })
                .collect(),
            agreeing: drift.agreeing,
            skipped: drift.skipped,
            not_given,
        }
    })
    .await
    .map_err(|_| AppError::Storage)
}
