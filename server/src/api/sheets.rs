//! `/api/v1/sheets`: store, list, read and export sheets.

use crate::auth::Scoped;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Json;
use budget::{Lang, Report, Row};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use workbench_model::sheet_name::SheetName;
use workbench_store::sheets::{self, CheckedSheet};
use workbench_store::{Author, CellConflict, RevisionKind, SheetSummary};

use super::body::TsvBody;
use super::extract::{author, if_match, ApiQuery, SheetId, SheetPath};
use super::refusals::{DatabaseFailed, NoSheet};
use crate::error::header_value;
use crate::error::{ApiError, ErrorBody};

/// The query of `POST /api/v1/sheets`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CreateParams {
    /// The sheet's name (1 to 200 characters after trimming).
    name: Option<String>,
}

/// Refuses a query whose percent-encoded bytes are not UTF-8 (`?name=%ff`), which the query
/// parser would otherwise store as U+FFFD without a word.
fn utf8_query(query: Option<&str>) -> Result<(), ApiError> {
    for pair in query.unwrap_or_default().split('&') {
        let plain = pair.replace('+', " ");
        if percent_encoding::percent_decode_str(&plain)
            .decode_utf8()
            .is_err()
        {
            return Err(ApiError::bad_request(format!(
                "the query {pair:?} is not UTF-8 text once percent-decoded; percent-encode the UTF-8 bytes of the name"
            )));
        }
    }
    Ok(())
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
        (status = 400, description = "No name, a bad name (empty, over 200 characters, control characters, not UTF-8), or a body that is not UTF-8", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "The body is not a TSV sheet", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn create(
    Scoped(store): Scoped,
    uri: Uri,
    ApiQuery(params): ApiQuery<CreateParams>,
    TsvBody(text): TsvBody,
) -> Result<impl IntoResponse, ApiError> {
    utf8_query(uri.query())?;
    let name = params.name.unwrap_or_default();
    if name.trim().is_empty() {
        return Err(ApiError::bad_request(
            "the sheet needs a name: add ?name=NAME to the URL",
        ));
    }
    let imported = budget::tsv::import(&text)?;
    let name = SheetName::parse(&name)?;
    let new = sheets::NewSheet {
        name: name.clone(),
        imported,
    };
    let (id, rows) = sheets::create(&store, new, &store.author_or(Author::anonymous())).await?;
    let location = header_value(&format!("/api/v1/sheets/{id}"))?;
    let body = Created {
        id,
        name: name.to_string(),
        rows,
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
        DatabaseFailed,
    ),
)]
pub(crate) async fn list(Scoped(store): Scoped) -> Result<Json<Vec<ListedSheet>>, ApiError> {
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
    /// The sheet's retry amplification threshold, in attempts.
    amplification_threshold: u64,
    /// How many times the rows have been replaced (0 for a new sheet); also the `ETag`
    /// (`"3"`), for `If-Match` on `PUT`.
    revision: i64,
    /// The rows exactly as typed, in sheet order.
    rows: Vec<Row>,
    /// Each row's id, in sheet order (for `PATCH`): it stays with the row through edits,
    /// moves, inserts and deletes.
    row_ids: Vec<i64>,
    /// The sheet's report.
    report: Report,
    /// A `PATCH`'s cells and row deletes that did not land because someone else changed
    /// them since their base, each with its three values and who changed it; the sheet keeps
    /// their text and the rest of the patch landed. Absent when everything landed, and on
    /// every other answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    conflicts: Vec<CellConflict>,
}

impl SheetBody {
    /// The body of a stored sheet, with its report.
    pub(super) fn of(checked: CheckedSheet) -> SheetBody {
        let CheckedSheet { stored, report } = checked;
        let sheet = stored.sheet;
        SheetBody {
            id: stored.id,
            name: stored.name,
            lang: sheet.lang,
            margin_ms: sheet.margin_ms,
            amplification_threshold: sheet.amplification_threshold,
            revision: stored.revision,
            rows: sheet.rows,
            row_ids: stored.row_ids,
            report,
            conflicts: Vec::new(),
        }
    }

    /// The body with the changes of a patch that did not land.
    pub(super) fn with_conflicts(self, conflicts: Vec<CellConflict>) -> SheetBody {
        SheetBody { conflicts, ..self }
    }

    /// The answer: the body as JSON, with its revision as the `ETag` (`"3"`).
    pub(super) fn reply(self) -> Result<impl IntoResponse, ApiError> {
        let etag = header_value(&format!("\"{}\"", self.revision))?;
        Ok(([(header::ETAG, etag)], Json(self)))
    }
}

/// Reads a sheet.
///
/// One sheet: its settings, its rows exactly as typed and its report.
#[utoipa::path(
    get,
    path = "/sheets/{id}",
    operation_id = "get_sheet",
    tag = "sheets",
    params(SheetPath),
    responses(
        (status = 200, description = "The sheet and its report", body = SheetBody,
            headers(("ETag" = String, description = "The sheet's revision, quoted: `\"3\"`"))),
        (status = 400, description = "The id is not an integer", body = ErrorBody),
        NoSheet,
        DatabaseFailed,
    ),
)]
pub(crate) async fn get(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
) -> Result<impl IntoResponse, ApiError> {
    SheetBody::of(sheets::open(&store, id).await?).reply()
}

/// Replaces a sheet's rows.
///
/// The rows of the TSV sheet in the body replace all of the sheet's rows, in one
/// transaction; a header line in the other language switches the sheet's language. With
/// `If-Match: "N"` (the `ETag` of a `GET`) the rows are replaced only while the sheet is still
/// at revision N, so a change someone made in between is never overwritten silently;
/// `If-Match: *` overwrites whatever is stored. Without `If-Match`: 428, nothing written.
/// Rows that are already the stored ones, in a header of the sheet's language (the same sheet
/// sent again), write nothing: the answer is the sheet at its current revision, no revision
/// is added and the change time stays.
#[utoipa::path(
    put,
    path = "/sheets/{id}",
    operation_id = "replace_rows",
    tag = "sheets",
    params(
        SheetPath,
        ("If-Match" = String, Header, description = "The revision the change starts from, as the `ETag` gave it (`\"3\"`), or `*` to overwrite whatever is stored"),
    ),
    request_body(
        content = String,
        content_type = "text/tab-separated-values",
        description = "A TSV sheet, at most 1 MiB",
    ),
    responses(
        (status = 200, description = "The sheet as stored now, with its report", body = SheetBody,
            headers(("ETag" = String, description = "The new revision, quoted; the current one when the rows were already stored"))),
        (status = 400, description = "The id is not an integer, `If-Match` is not a quoted revision, or the body is not UTF-8", body = ErrorBody),
        NoSheet,
        (status = 412, description = "The sheet is no longer at the `If-Match` revision; nothing was written", body = ErrorBody),
        (status = 428, description = "No `If-Match` header; nothing was written", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "The body is not a TSV sheet; nothing was written", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn replace(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    headers: HeaderMap,
    TsvBody(text): TsvBody,
) -> Result<impl IntoResponse, ApiError> {
    let base = if_match(&headers, "replacing a sheet's rows")?;
    let imported = budget::tsv::import(&text)?;
    let who = store.author_or(author(&headers, None));
    let kind = RevisionKind::Import;
    SheetBody::of(sheets::replace(&store, id, base, &imported, &who, kind).await?).reply()
}

/// The query of `GET /api/v1/sheets/{id}/export.tsv`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportParams {
    /// The header line's language, `ja` or `en` (default: the sheet's).
    #[param(value_type = Option<Lang>)]
    header: Option<String>,
    /// `true`: for Excel, the UTF-8 text after a byte-order mark (EF BB BF), without which
    /// Excel on Windows reads a Japanese TSV as garbage; the import takes either.
    excel: Option<bool>,
}

/// Exports a sheet as TSV.
///
/// The sheet as a TSV download, with a header line in `?header=` (`ja` or `en`; default: the
/// sheet's language); `?excel=true` puts a UTF-8 byte-order mark first, for Excel.
#[utoipa::path(
    get,
    path = "/sheets/{id}/export.tsv",
    operation_id = "export_sheet",
    tag = "sheets",
    params(SheetPath, ExportParams),
    responses(
        (status = 200, description = "The sheet as TSV, as an attachment named after the sheet",
            body = String, content_type = "text/tab-separated-values",
            headers(("Content-Disposition" = String, description = "`attachment` with the file name `NAME.LANG.tsv` (`NAME.LANG.excel.tsv` with `excel=true`), LANG the header's language"))),
        (status = 400, description = "The id is not an integer, or `header` is neither `ja` nor `en`", body = ErrorBody),
        NoSheet,
        DatabaseFailed,
    ),
)]
pub(crate) async fn export(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    ApiQuery(params): ApiQuery<ExportParams>,
) -> Result<impl IntoResponse, ApiError> {
    let header_lang = lang_param("header", params.header.as_deref())?;
    let stored = store.get_sheet(id).await?;
    let lang = header_lang.unwrap_or(stored.sheet.lang);
    let text = budget::tsv::export(&stored.sheet.rows, lang);
    let text = if params.excel == Some(true) {
        format!("\u{feff}{text}")
    } else {
        text
    };
    // The same file name as the page's download link: `NAME.en.tsv`, `NAME.en.excel.tsv`.
    let file = if params.excel == Some(true) {
        app::model::excel_export_file_name(&stored.name, lang)
    } else {
        app::model::export_file_name(&stored.name, lang)
    };
    let headers = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/tab-separated-values; charset=utf-8"),
        ),
        (
            header::CONTENT_DISPOSITION,
            header_value(&content_disposition(&file))?,
        ),
    ];
    Ok((headers, text))
}

/// The query of `GET /api/v1/sheets/{id}/budget.svg`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PictureParams {
    /// The language of the picture's words, `ja` or `en` (default: the sheet's).
    #[param(value_type = Option<Lang>)]
    lang: Option<String>,
}

/// Draws a sheet's budget as SVG.
///
/// The budget picture of the sheet's latest revision ([`budget::picture`]): each node's
/// deadline with its need built from its parts, and the call chain's waits against what they
/// must cover; the same picture as the sheet page's and `workbench check --format svg`'s.
/// A standalone document, for a wiki page or a review comment.
#[utoipa::path(
    get,
    path = "/sheets/{id}/budget.svg",
    operation_id = "sheet_budget_svg",
    tag = "sheets",
    params(SheetPath, PictureParams),
    responses(
        (status = 200, description = "The budget picture", body = String, content_type = "image/svg+xml"),
        (status = 400, description = "The id is not an integer, or `lang` is neither `ja` nor `en`", body = ErrorBody),
        NoSheet,
        DatabaseFailed,
    ),
)]
pub(crate) async fn budget_svg(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    ApiQuery(params): ApiQuery<PictureParams>,
) -> Result<impl IntoResponse, ApiError> {
    let lang = lang_param("lang", params.lang.as_deref())?;
    let checked = sheets::open(&store, id).await?;
    let lang = lang.unwrap_or(checked.stored.sheet.lang);
    let report = checked.report;
    let svg = budget::picture::svg(&budget::picture::picture(&report, lang));
    let headers = [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml; charset=utf-8"),
    )];
    // Its colours are presentation attributes, not CSS: the API's policy (`default-src
    // 'none'`) shows it whole, and it can run no script.
    Ok((headers, svg))
}

/// The language a query parameter `name` names (`ja` or `en`), `None` when it is absent;
/// a 400 (`header must be "ja" or "en", not "fr"`) for any other text.
fn lang_param(name: &str, code: Option<&str>) -> Result<Option<Lang>, ApiError> {
    code.map(|code| {
        Lang::from_code(code).ok_or_else(|| {
            ApiError::bad_request(format!("{name} must be \"ja\" or \"en\", not {code:?}"))
        })
    })
    .transpose()
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

/// `attachment` with the file name `file`: as is in `filename*` (UTF-8, percent-encoded),
/// and with every character outside printable ASCII (and `"`, `\`, `/`) replaced by `_` in
/// the plain `filename` for older clients.
fn content_disposition(file: &str) -> String {
    let fallback: String = file
        .chars()
        .map(|c| match c {
            '"' | '\\' | '/' => '_',
            ' ' => ' ',
            c if c.is_ascii_graphic() => c,
            _ => '_',
        })
        .collect();
    let encoded = utf8_percent_encode(file, ATTR_CHAR);
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn an_ascii_name_is_the_file_name_as_is() {
        assert_eq!(
            content_disposition("reservation.tsv"),
            "attachment; filename=\"reservation.tsv\"; filename*=UTF-8''reservation.tsv"
        );
    }

    #[test]
    fn a_japanese_name_is_percent_encoded_with_an_ascii_fallback() {
        assert_eq!(
            content_disposition("予約 \"v2\".tsv"),
            "attachment; filename=\"__ _v2_.tsv\"; filename*=UTF-8''%E4%BA%88%E7%B4%84%20%22v2%22.tsv"
        );
    }
}
