//! Server functions: thin wrappers over the store (`crate::ssr::Store`, provided as context
//! by the server) and `budget`. Each returns [`AppError`] on failure, which crosses the
//! network intact, with an HTTP status that fits it (400, 404 or 500).

use budget::{Lang, Report, Row};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

use crate::error::AppError;
use crate::model::{Saved, SheetDetail, SheetSummary};

/// The name and TSV text of the built-in example sheet in `lang` (golden G1).
pub fn example(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Ja => ("予約システム（例）", budget::example::RESERVATION_JA),
        Lang::En => (
            "Reservation system (example)",
            budget::example::RESERVATION_EN,
        ),
    }
}

/// The name an imported sheet gets when none is given.
pub const DEFAULT_IMPORT_NAME: &str = "Imported sheet";

/// Every sheet, the most recently changed first.
#[server]
pub async fn list_sheets() -> Result<Vec<SheetSummary>, AppError> {
    imp::reply(imp::list_sheets().await)
}

/// Creates an empty sheet named `name` with headers in `lang`; returns its id.
#[server]
pub async fn create_sheet(name: String, lang: Lang) -> Result<i64, AppError> {
    imp::reply(imp::create_sheet(&name, budget::Sheet::new(lang, Vec::new())).await)
}

/// Creates a copy of the built-in example sheet in `lang`; returns its id.
#[server]
pub async fn create_example_sheet(lang: Lang) -> Result<i64, AppError> {
    imp::reply(imp::create_example_sheet(lang).await)
}

/// Creates a sheet from pasted or uploaded TSV; its language is the header's (English for a
/// paste without a header). A blank `name` becomes [`DEFAULT_IMPORT_NAME`].
///
/// Nothing is created when the TSV cannot be read (the error names the line) or is larger
/// than [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES).
#[server(input = Json)]
pub async fn import_sheet(name: String, tsv: String) -> Result<i64, AppError> {
    imp::reply(imp::import_sheet(&name, &tsv).await)
}

/// Renames sheet `id`.
#[server]
pub async fn rename_sheet(id: i64, name: String) -> Result<(), AppError> {
    imp::reply(imp::rename_sheet(id, &name).await)
}

/// Deletes sheet `id` and its rows.
#[server]
pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
    imp::reply(imp::delete_sheet(id).await)
}

/// Sheet `id` with its report.
#[server]
pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
    imp::reply(imp::get_sheet(id).await)
}

/// Replaces the rows of sheet `id` (one transaction) when they are still at revision `base`,
/// the one the page's edits started from; returns the new revision and the fresh report.
///
/// [`AppError::Conflict`] when someone saved in between, [`AppError::TooManyRows`] for more
/// than [`budget::tsv::MAX_ROWS`] rows: nothing is written.
#[server(input = Json)]
pub async fn save_rows(id: i64, base: i64, rows: Vec<Row>) -> Result<Saved, AppError> {
    imp::reply(imp::save_rows(id, base, rows).await)
}

/// Replaces the rows of sheet `id` with those of a TSV paste or file when they are still at
/// revision `base`, the one the page shows; a header in the other language switches the
/// sheet's language. Returns the sheet as saved.
///
/// When the TSV cannot be read (the error names the line) or is larger than
/// [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES), or someone saved after `base`
/// ([`AppError::Conflict`]), the sheet stays unchanged.
#[server(input = Json)]
pub async fn import_rows(id: i64, base: i64, tsv: String) -> Result<SheetDetail, AppError> {
    imp::reply(imp::import_rows(id, base, &tsv).await)
}

/// Sets the language of sheet `id` (headers, messages, fixes); returns the fresh report.
#[server]
pub async fn set_sheet_lang(id: i64, lang: Lang) -> Result<Report, AppError> {
    imp::reply(imp::set_sheet_lang(id, lang).await)
}

/// Sets sheet settings of sheet `id` from the text typed: the margin (`1s`, `500ms`), the
/// retry amplification threshold (`3`), or both; a setting not given stays as it is. Returns
/// the fresh report.
///
/// [`AppError::BadSetting`] when a setting given cannot be read, naming each that cannot:
/// nothing is changed.
#[server]
pub async fn set_sheet_settings(
    id: i64,
    margin: Option<String>,
    amplification_threshold: Option<String>,
) -> Result<Report, AppError> {
    imp::reply(
        imp::set_sheet_settings(id, margin.as_deref(), amplification_threshold.as_deref()).await,
    )
}

/// The body's content type a server function declares: its input encoding's.
#[cfg(feature = "ssr")]
trait DeclaredInput {
    const CONTENT_TYPE: &'static str;
}

#[cfg(feature = "ssr")]
impl<I: leptos::server_fn::ContentType, O> DeclaredInput for leptos::server_fn::Http<I, O> {
    const CONTENT_TYPE: &'static str = I::CONTENT_TYPE;
}

/// Every server function's path with the media type of the body it declares
/// (`application/x-www-form-urlencoded` or `application/json`); the server refuses a call in
/// any other. A server function missing here is refused whatever it is sent (a test lists
/// them all from the framework's registry).
#[cfg(feature = "ssr")]
pub fn declared_content_types() -> Vec<(&'static str, &'static str)> {
    use leptos::server_fn::ServerFn;
    fn declared<T>() -> (&'static str, &'static str)
    where
        T: ServerFn,
        T::Protocol: DeclaredInput,
    {
        (T::PATH, <T::Protocol as DeclaredInput>::CONTENT_TYPE)
    }
    vec![
        declared::<ListSheets>(),
        declared::<CreateSheet>(),
        declared::<CreateExampleSheet>(),
        declared::<ImportSheet>(),
        declared::<RenameSheet>(),
        declared::<DeleteSheet>(),
        declared::<GetSheet>(),
        declared::<SaveRows>(),
        declared::<ImportRows>(),
        declared::<SetSheetLang>(),
        declared::<SetSheetSettings>(),
    ]
}

/// What the server functions do, on the server: the store from context, `budget`, and the
/// conversions between them.
#[cfg(feature = "ssr")]
mod imp {
    use budget::{Lang, Report, Row, Sheet};
    use leptos::prelude::use_context;

    use super::{example, DEFAULT_IMPORT_NAME};
    use crate::error::AppError;
    use crate::model::{Saved, SheetDetail, SheetSummary, MAX_TSV_BYTES};
    use crate::ssr::{checks, Store, StoreError, StoredSheet};

    /// Passes `result` through; on error, sets the response status to the error's.
    pub fn reply<T>(result: Result<T, AppError>) -> Result<T, AppError> {
        if let Err(err) = &result {
            if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
                if let Ok(status) = http::StatusCode::from_u16(err.status_code()) {
                    response.set_status(status);
                }
            }
        }
        result
    }

    /// The store the server provided as context.
    fn store() -> Result<Store, AppError> {
        use_context::<Store>().ok_or_else(|| {
            leptos::logging::error!("no Store in the server function's context");
            AppError::Storage
        })
    }

    /// A store error as the browser sees it; database details stay in the server's log.
    fn from_store(err: StoreError) -> AppError {
        match err {
            StoreError::NotFound(id) => AppError::NotFound(id),
            StoreError::Conflict { current, .. } => AppError::Conflict { current },
            StoreError::BadName(_) => AppError::BadName(err.to_string()),
            StoreError::BadCell(err) => err.into(),
            StoreError::Db(_) | StoreError::Migrate(_) => {
                leptos::logging::error!("store: {err}");
                AppError::Storage
            }
        }
    }

    /// A stored sheet with its report.
    async fn detail(stored: StoredSheet) -> SheetDetail {
        let (sheet, report) = checks::check(stored.sheet).await;
        SheetDetail {
            id: stored.id,
            name: stored.name,
            sheet,
            report,
            updated_at_ms: stored.updated_at_ms,
            revision: stored.revision,
        }
    }

    pub async fn list_sheets() -> Result<Vec<SheetSummary>, AppError> {
        store()?.list_sheets().await.map_err(from_store)
    }

    pub async fn create_sheet(name: &str, sheet: Sheet) -> Result<i64, AppError> {
        store()?
            .create_sheet(name, &sheet)
            .await
            .map_err(from_store)
    }

    pub async fn create_example_sheet(lang: Lang) -> Result<i64, AppError> {
        let (name, text) = example(lang);
        let imported = budget::tsv::import(text)?;
        create_sheet(name, Sheet::new(lang, imported.rows)).await
    }

    /// The TSV read as a sheet, when it is not larger than [`MAX_TSV_BYTES`].
    fn read_tsv(tsv: &str) -> Result<budget::tsv::Imported, AppError> {
        if tsv.len() > MAX_TSV_BYTES {
            return Err(AppError::TooLarge(tsv.len()));
        }
        Ok(budget::tsv::import(tsv)?)
    }

    pub async fn import_sheet(name: &str, tsv: &str) -> Result<i64, AppError> {
        let imported = read_tsv(tsv)?;
        let sheet = Sheet::new(imported.lang.unwrap_or_default(), imported.rows);
        let name = if name.trim().is_empty() {
            DEFAULT_IMPORT_NAME
        } else {
            name
        };
        create_sheet(name, sheet).await
    }

    pub async fn rename_sheet(id: i64, name: &str) -> Result<(), AppError> {
        store()?.rename_sheet(id, name).await.map_err(from_store)
    }

    pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
        store()?.delete_sheet(id).await.map_err(from_store)
    }

    pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
        Ok(detail(store()?.get_sheet(id).await.map_err(from_store)?).await)
    }

    pub async fn save_rows(id: i64, base: i64, rows: Vec<Row>) -> Result<Saved, AppError> {
        if rows.len() > budget::tsv::MAX_ROWS {
            return Err(AppError::TooManyRows(rows.len()));
        }
        let store = store()?;
        let stored = store.get_sheet(id).await.map_err(from_store)?;
        let revision = store
            .save_rows_from(id, base, &rows)
            .await
            .map_err(from_store)?;
        let (_, report) = checks::check(Sheet {
            rows,
            ..stored.sheet
        })
        .await;
        Ok(Saved { revision, report })
    }

    pub async fn import_rows(id: i64, base: i64, tsv: &str) -> Result<SheetDetail, AppError> {
        let imported = read_tsv(tsv)?;
        let store = store()?;
        store
            .replace_rows(id, Some(base), imported.lang, &imported.rows)
            .await
            .map_err(from_store)?;
        Ok(detail(store.get_sheet(id).await.map_err(from_store)?).await)
    }

    pub async fn set_sheet_settings(
        id: i64,
        margin: Option<&str>,
        amplification_threshold: Option<&str>,
    ) -> Result<Report, AppError> {
        // Every setting given is read first, so that the user hears of every mistake at once.
        let margin = margin.map(budget::read_margin).transpose();
        let threshold = amplification_threshold
            .map(budget::read_amplification_threshold)
            .transpose();
        let (margin, threshold) = match (margin, threshold) {
            (Ok(margin), Ok(threshold)) => (margin, threshold),
            (margin, threshold) => {
                let reasons: Vec<String> = [margin.err(), threshold.err()]
                    .into_iter()
                    .flatten()
                    .map(|err| err.to_string())
                    .collect();
                return Err(AppError::BadSetting(reasons.join("; ")));
            }
        };
        let store = store()?;
        let stored = store.get_sheet(id).await.map_err(from_store)?.sheet;
        let margin_ms = margin.unwrap_or(stored.margin_ms);
        let threshold = threshold.unwrap_or(stored.amplification_threshold);
        store
            .set_settings(id, margin_ms, threshold)
            .await
            .map_err(from_store)?;
        Ok(checks::check(budget::Sheet {
            margin_ms,
            amplification_threshold: threshold,
            ..stored
        })
        .await
        .1)
    }

    pub async fn set_sheet_lang(id: i64, lang: Lang) -> Result<Report, AppError> {
        let store = store()?;
        store.set_lang(id, lang).await.map_err(from_store)?;
        let stored = store.get_sheet(id).await.map_err(from_store)?;
        Ok(checks::check(stored.sheet).await.1)
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
