//! `/api/v1/sheets`: store, list, read and export sheets.

use app::ssr::{SheetSummary, Store};
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use budget::{Lang, Report, Row, Sheet};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::body::TsvBody;
use crate::error::{ApiError, ErrorBody};

/// The query of `POST /api/v1/sheets`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CreateParams {
    /// The sheet's name (1 to 200 characters after trimming).
    name: Option<String>,
}

/// The answer to `POST /api/v1/sheets`.
#[derive(Serialize, ToSchema)]
pub(crate) struct Created {
    /// The new sheet's id (its address is `/api/v1/sheets/{id}`).
    id: i64,
    /// The name, trimmed.
    name: String,
    /// Number of rows stored.
    rows: usize,
}

/// Stores a TSV sheet.
///
/// The sheet in the body is stored under `?name=`; `201 Created` with its id.
#[utoipa::path(
    post,
    path = "/sheets",
    operation_id = "create_sheet",
    tag = "sheets",
    params(CreateParams),
    request_body(
        content = String,
        content_type = "text/tab-separated-values",
        description = "A TSV sheet, at most 1 MiB",
    ),
    responses(
        (status = 201, description = "Stored", body = Created,
            headers(("Location" = String, description = "`/api/v1/sheets/{id}`"))),
        (status = 400, description = "No name, a bad name, or a body that is not UTF-8", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "The body is not a TSV sheet", body = ErrorBody),
        (status = 500, description = "The database failed", body = ErrorBody),
    ),
)]
pub(crate) async fn create(
    State(store): State<Store>,
    params: Result<Query<CreateParams>, QueryRejection>,
    TsvBody(text): TsvBody,
) -> Result<impl IntoResponse, ApiError> {
    let Query(params) = params.map_err(|r| ApiError::bad_request(r.body_text()))?;
    let name = params.name.unwrap_or_default();
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::bad_request(
            "the sheet needs a name: add ?name=NAME to the URL",
        ));
    }
    let imported = budget::tsv::import(&text)?;
    let sheet = Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows);
    let id = store.create_sheet(name, &sheet).await?;
    let location = HeaderValue::from_str(&format!("/api/v1/sheets/{id}"))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let body = Created {
        id,
        name: name.to_string(),
        rows: sheet.rows.len(),
    };
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(body),
    ))
}

/// One entry of `GET /api/v1/sheets`.
#[derive(Serialize, ToSchema)]
pub(crate) struct ListedSheet {
    /// The sheet's id.
    id: i64,
    /// The sheet's name.
    name: String,
    /// The sheet's header language.
    lang: Lang,
    /// Number of rows.
    rows: usize,
    /// `error` findings in the sheet's report.
    errors: u32,
    /// `warning` findings in the sheet's report.
    warnings: u32,
    /// Last change, in milliseconds since the Unix epoch (UTC).
    updated_at_ms: i64,
}

impl From<SheetSummary> for ListedSheet {
    fn from(s: SheetSummary) -> ListedSheet {
        ListedSheet {
            id: s.id,
            name: s.name,
            lang: s.lang,
            rows: s.rows,
            errors: s.errors,
            warnings: s.warnings,
            updated_at_ms: s.updated_at_ms,
        }
    }
}

/// Lists the sheets.
///
/// Every sheet, the most recently changed first, with its counts of findings.
#[utoipa::path(
    get,
    path = "/sheets",
    operation_id = "list_sheets",
    tag = "sheets",
    responses(
        (status = 200, description = "Every sheet, the most recently changed first", body = Vec<ListedSheet>),
        (status = 500, description = "The database failed", body = ErrorBody),
    ),
)]
pub(crate) async fn list(State(store): State<Store>) -> Result<Json<Vec<ListedSheet>>, ApiError> {
    let sheets = store.list_sheets().await?;
    Ok(Json(sheets.into_iter().map(ListedSheet::from).collect()))
}

/// The answer to `GET /api/v1/sheets/{id}`.
#[derive(Serialize, ToSchema)]
pub(crate) struct SheetBody {
    /// The sheet's id.
    id: i64,
    /// The sheet's name.
    name: String,
    /// The sheet's header language; messages and fixes follow it.
    lang: Lang,
    /// The sheet margin, in milliseconds.
    margin_ms: u64,
    /// The rows exactly as typed, in sheet order.
    rows: Vec<Row>,
    /// The sheet's report.
    report: Report,
}

/// Reads a sheet.
///
/// One sheet: its settings, its rows exactly as typed and its report.
#[utoipa::path(
    get,
    path = "/sheets/{id}",
    operation_id = "get_sheet",
    tag = "sheets",
    params(("id" = i64, Path, description = "The sheet's id")),
    responses(
        (status = 200, description = "The sheet and its report", body = SheetBody),
        (status = 400, description = "The id is not an integer", body = ErrorBody),
        (status = 404, description = "No such sheet", body = ErrorBody),
        (status = 500, description = "The database failed", body = ErrorBody),
    ),
)]
pub(crate) async fn get(
    State(store): State<Store>,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<SheetBody>, ApiError> {
    let Path(id) = id.map_err(bad_id)?;
    let stored = store.get_sheet(id).await?;
    let report = budget::check(&stored.sheet);
    Ok(Json(SheetBody {
        id: stored.id,
        name: stored.name,
        lang: stored.sheet.lang,
        margin_ms: stored.sheet.margin_ms,
        rows: stored.sheet.rows,
        report,
    }))
}

/// The query of `GET /api/v1/sheets/{id}/export.tsv`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportParams {
    /// The header line's language, `ja` or `en` (default: the sheet's).
    #[param(value_type = Option<Lang>)]
    header: Option<String>,
}

/// Exports a sheet as TSV.
///
/// The sheet as a TSV download, with a header line in `?header=` (`ja` or `en`; default: the
/// sheet's language).
#[utoipa::path(
    get,
    path = "/sheets/{id}/export.tsv",
    operation_id = "export_sheet",
    tag = "sheets",
    params(("id" = i64, Path, description = "The sheet's id"), ExportParams),
    responses(
        (status = 200, description = "The sheet as TSV, as an attachment named after the sheet",
            body = String, content_type = "text/tab-separated-values",
            headers(("Content-Disposition" = String, description = "`attachment` with the file name `NAME.tsv`"))),
        (status = 400, description = "The id is not an integer, or `header` is neither `ja` nor `en`", body = ErrorBody),
        (status = 404, description = "No such sheet", body = ErrorBody),
        (status = 500, description = "The database failed", body = ErrorBody),
    ),
)]
pub(crate) async fn export(
    State(store): State<Store>,
    id: Result<Path<i64>, PathRejection>,
    params: Result<Query<ExportParams>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Path(id) = id.map_err(bad_id)?;
    let Query(params) = params.map_err(|r| ApiError::bad_request(r.body_text()))?;
    let header_lang = match params.header.as_deref() {
        None => None,
        Some(code) => Some(Lang::from_code(code).ok_or_else(|| {
            ApiError::bad_request(format!("header must be \"ja\" or \"en\", not {code:?}"))
        })?),
    };
    let stored = store.get_sheet(id).await?;
    let lang = header_lang.unwrap_or(stored.sheet.lang);
    let text = budget::tsv::export(&stored.sheet.rows, lang);
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/tab-separated-values; charset=utf-8"),
    );
    let disposition = HeaderValue::from_str(&content_disposition(&stored.name))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    Ok((headers, text))
}

/// A 400 for an id that is not an integer.
fn bad_id(rejection: PathRejection) -> ApiError {
    ApiError::bad_request(format!(
        "the sheet id must be an integer ({})",
        rejection.body_text()
    ))
}

/// Characters a `filename*` value may hold unencoded (RFC 8187 `attr-char`).
const ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'!')
    .remove(b'#')
    .remove(b'$')
    .remove(b'&')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'^')
    .remove(b'_')
    .remove(b'`')
    .remove(b'|')
    .remove(b'~');

/// `attachment` with the file name `<name>.tsv`: as is in `filename*` (UTF-8, percent-encoded),
/// and with every character outside printable ASCII (and `"`, `\`, `/`) replaced by `_` in
/// the plain `filename` for older clients.
fn content_disposition(name: &str) -> String {
    let file = format!("{name}.tsv");
    let fallback: String = file
        .chars()
        .map(|c| match c {
            '"' | '\\' | '/' => '_',
            ' ' => ' ',
            c if c.is_ascii_graphic() => c,
            _ => '_',
        })
        .collect();
    let encoded = utf8_percent_encode(&file, ATTR_CHAR);
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn an_ascii_name_is_the_file_name_as_is() {
        assert_eq!(
            content_disposition("reservation"),
            "attachment; filename=\"reservation.tsv\"; filename*=UTF-8''reservation.tsv"
        );
    }

    #[test]
    fn a_japanese_name_is_percent_encoded_with_an_ascii_fallback() {
        assert_eq!(
            content_disposition("予約 \"v2\""),
            "attachment; filename=\"__ _v2_.tsv\"; filename*=UTF-8''%E4%BA%88%E7%B4%84%20%22v2%22.tsv"
        );
    }
}
