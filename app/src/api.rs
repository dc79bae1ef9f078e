//! Server functions: thin wrappers over the store (`crate::ssr::Store`, provided as context
//! by the server) and `budget`. Each returns [`AppError`] on failure, which crosses the
//! network intact.

use budget::{Lang, Report, Row};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

use crate::error::AppError;
use crate::model::{SheetDetail, SheetSummary};

/// The name and TSV text of the built-in example sheet in `lang` (golden G1).
pub fn example(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Ja => ("予約システム（例）", budget::example::RESERVATION_JA),
        Lang::En => ("Reservation system (example)", budget::example::RESERVATION_EN),
    }
}

/// The name an imported sheet gets when none is given.
pub const DEFAULT_IMPORT_NAME: &str = "Imported sheet";

/// Every sheet, the most recently changed first.
#[server]
pub async fn list_sheets() -> Result<Vec<SheetSummary>, AppError> {
    let sheets = glue::store()?.list_sheets().await.map_err(glue::from_store)?;
    Ok(sheets.into_iter().map(glue::summary).collect())
}

/// Creates an empty sheet named `name` with headers in `lang`; returns its id.
#[server]
pub async fn create_sheet(name: String, lang: Lang) -> Result<i64, AppError> {
    let sheet = budget::Sheet::new(lang, Vec::new());
    glue::store()?.create_sheet(&name, &sheet).await.map_err(glue::from_store)
}

/// Creates a copy of the built-in example sheet in `lang`; returns its id.
#[server]
pub async fn create_example_sheet(lang: Lang) -> Result<i64, AppError> {
    let (name, text) = example(lang);
    let imported = budget::tsv::import(text)?;
    let sheet = budget::Sheet::new(lang, imported.rows);
    glue::store()?.create_sheet(name, &sheet).await.map_err(glue::from_store)
}

/// Creates a sheet from pasted or uploaded TSV; its language is the header's (English for a
/// paste without a header). A blank `name` becomes [`DEFAULT_IMPORT_NAME`].
///
/// Nothing is created when the TSV cannot be read: the error names the line.
#[server(input = Json)]
pub async fn import_sheet(name: String, tsv: String) -> Result<i64, AppError> {
    let imported = budget::tsv::import(&tsv)?;
    let sheet = budget::Sheet::new(imported.lang.unwrap_or_default(), imported.rows);
    let name = if name.trim().is_empty() { DEFAULT_IMPORT_NAME } else { name.as_str() };
    glue::store()?.create_sheet(name, &sheet).await.map_err(glue::from_store)
}

/// Renames sheet `id`.
#[server]
pub async fn rename_sheet(id: i64, name: String) -> Result<(), AppError> {
    glue::store()?.rename_sheet(id, &name).await.map_err(glue::from_store)
}

/// Deletes sheet `id` and its rows.
#[server]
pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
    glue::store()?.delete_sheet(id).await.map_err(glue::from_store)
}

/// Sheet `id` with its report.
#[server]
pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
    let stored = glue::store()?.get_sheet(id).await.map_err(glue::from_store)?;
    Ok(glue::detail(stored))
}

/// Replaces the rows of sheet `id` (one transaction) and returns the fresh report.
#[server(input = Json)]
pub async fn save_rows(id: i64, rows: Vec<Row>) -> Result<Report, AppError> {
    let store = glue::store()?;
    let stored = store.get_sheet(id).await.map_err(glue::from_store)?;
    store.save_rows(id, &rows).await.map_err(glue::from_store)?;
    Ok(budget::check(&budget::Sheet { rows, ..stored.sheet }))
}

/// Replaces the rows of sheet `id` with those of a TSV paste or file; a header in the other
/// language switches the sheet's language. Returns the sheet as saved.
///
/// When the TSV cannot be read, the sheet stays unchanged and the error names the line.
#[server(input = Json)]
pub async fn import_rows(id: i64, tsv: String) -> Result<SheetDetail, AppError> {
    let imported = budget::tsv::import(&tsv)?;
    let store = glue::store()?;
    let stored = store.get_sheet(id).await.map_err(glue::from_store)?;
    store.save_rows(id, &imported.rows).await.map_err(glue::from_store)?;
    if let Some(lang) = imported.lang.filter(|lang| *lang != stored.sheet.lang) {
        store.set_lang(id, lang).await.map_err(glue::from_store)?;
    }
    let stored = store.get_sheet(id).await.map_err(glue::from_store)?;
    Ok(glue::detail(stored))
}

/// Sets the language of sheet `id` (headers, messages, fixes); returns the fresh report.
#[server]
pub async fn set_sheet_lang(id: i64, lang: Lang) -> Result<Report, AppError> {
    let store = glue::store()?;
    store.set_lang(id, lang).await.map_err(glue::from_store)?;
    let stored = store.get_sheet(id).await.map_err(glue::from_store)?;
    Ok(budget::check(&stored.sheet))
}

/// Server-side glue: the store from context and the conversions of its types.
#[cfg(feature = "ssr")]
mod glue {
    use leptos::prelude::use_context;

    use crate::error::AppError;
    use crate::model::{SheetDetail, SheetSummary};
    use crate::ssr::{Store, StoreError, StoredSheet};

    /// The store the server provided as context.
    pub fn store() -> Result<Store, AppError> {
        use_context::<Store>().ok_or_else(|| {
            leptos::logging::error!("no Store in the server function's context");
            AppError::Storage
        })
    }

    /// A store error as the browser sees it; database details stay in the server's log.
    pub fn from_store(err: StoreError) -> AppError {
        match err {
            StoreError::NotFound(id) => AppError::NotFound(id),
            StoreError::BadName(_) => AppError::BadName(err.to_string()),
            StoreError::Db(_) | StoreError::Migrate(_) => {
                leptos::logging::error!("store: {err}");
                AppError::Storage
            }
        }
    }

    /// The list line the page shows.
    pub fn summary(s: crate::ssr::SheetSummary) -> SheetSummary {
        SheetSummary {
            id: s.id,
            name: s.name,
            lang: s.lang,
            rows: s.rows,
            errors: s.errors,
            warnings: s.warnings,
            updated_at_ms: s.updated_at_ms,
        }
    }

    /// A stored sheet with its report.
    pub fn detail(stored: StoredSheet) -> SheetDetail {
        let report = budget::check(&stored.sheet);
        SheetDetail {
            id: stored.id,
            name: stored.name,
            sheet: stored.sheet,
            report,
            updated_at_ms: stored.updated_at_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_read_as_sheets() {
        for lang in [Lang::Ja, Lang::En] {
            let (name, text) = example(lang);
            assert!(!name.is_empty());
            let imported = budget::tsv::import(text).expect("the example reads");
            assert_eq!(imported.lang, Some(lang));
            assert!(!imported.rows.is_empty());
        }
    }
}
