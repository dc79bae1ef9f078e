//! What the server functions do, on the server: the store from context, `budget`, and the
//! conversions between them. The sheets' own use cases are here; the proposals' in
//! [`proposals`] and the configuration files' in [`config`].

pub(super) mod config;
pub(super) mod proposals;

use budget::{Lang, Report, Row, Sheet};
use leptos::prelude::use_context;

use super::inputs::example;
use crate::error::AppError;
use crate::i18n::{t, t_args, ui_lang};
use crate::model::{
    CatalogOption, Checked, DiffView, HistoryView, ProposalDraft, ProposalReview, ProposalSummary,
    Saved, SheetDetail, SheetSummary, SinceRevision, MAX_TSV_BYTES,
};
use workbench_import::drift::Read;
use workbench_import::{File, Format};
use workbench_model::sheet_name::SheetName;
use workbench_store::sheets::{self, CheckedSheet};
use workbench_store::{sent_reports, Author, CellPatch, RevisionKind, Store, StoreError};

/// Passes `result` through; on error, sets the response status to the error's, except
/// for a plain form post: that one is redirected back to its page with the error in the
/// address (Leptos' `form-redirects`), and a status here would replace the redirect's.
pub fn reply<T>(result: Result<T, AppError>) -> Result<T, AppError> {
    if let Err(err) = &result {
        if is_form_post() {
            return result;
        }
        if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
            if let Ok(status) = http::StatusCode::from_u16(err.status_code()) {
                response.set_status(status);
            }
        }
    }
    result
}

/// Whether the call is a browser's plain form post (no JavaScript, or before hydration):
/// it accepts `text/html`, as the framework decides it too; the page's own calls accept
/// their output's encoding.
fn is_form_post() -> bool {
    use_context::<http::request::Parts>().is_some_and(|parts| {
        parts
            .headers
            .get(http::header::ACCEPT)
            .and_then(|accept| accept.to_str().ok())
            .is_some_and(|accept| accept.contains("text/html"))
    })
}

/// Sends the page to sheet `id`'s page: a `302` for a plain form post, a redirect the
/// page's own call follows otherwise.
pub fn open(id: i64) {
    leptos_axum::redirect(&crate::model::sheet_href(id));
}

/// Sends the page back to the one the call came from (its `Referer`) without the sheet
/// list's mode or a failed post's error ([`crate::list_mode::without_mode`]); to `/`
/// without a `Referer`. The server's guard keeps the redirect on this site.
pub fn back() {
    let referer = use_context::<http::request::Parts>().and_then(|parts| {
        let referer = parts.headers.get(http::header::REFERER)?.to_str().ok()?;
        Some(crate::list_mode::without_mode(referer))
    });
    // `redirect` panics on a value that cannot be a header; a `Referer` that was one
    // stays one without some of its parameters, but check rather than trust that.
    let target = referer
        .filter(|target| http::HeaderValue::from_str(target).is_ok())
        .unwrap_or_else(|| "/".to_string());
    leptos_axum::redirect(&target);
}

/// The store the server provided as context.
/// In team mode scoped to the caller the server found ([`workbench_store::access`]), so every
/// sheet it touches is checked against their role.
fn store() -> Result<Store, AppError> {
    let store = use_context::<Store>().ok_or_else(|| {
        leptos::logging::error!("no Store in the server function's context");
        AppError::Storage
    })?;
    Ok(match access() {
        Some(access) => store.scoped(access),
        None => store,
    })
}

/// Team mode: who the server found is asking (put in the request by its `auth` layer).
fn access() -> Option<workbench_store::access::Access> {
    use_context::<http::request::Parts>().and_then(|parts| {
        parts
            .extensions
            .get::<workbench_store::access::Access>()
            .cloned()
    })
}

/// A store error as the browser sees it; database details stay in the server's log.
fn from_store(err: StoreError) -> AppError {
    match err {
        StoreError::NotFound(id) => AppError::NotFound(id),
        StoreError::Conflict { current, .. } => AppError::Conflict { current },
        StoreError::BadCell(err) => err.into(),
        StoreError::TooLarge { bytes, .. } => AppError::TooLarge(bytes),
        StoreError::TooManyRows { rows, .. } => AppError::TooManyRows(rows),
        StoreError::CellConflicts { current, .. } => AppError::Conflict { current },
        StoreError::NoRevision { id, number } => AppError::NoRevision { id, number },
        StoreError::NoRow { id, .. } => AppError::NotFound(id),
        StoreError::Forbidden { role, needs, .. } => AppError::Forbidden(t_args(
            ui_lang(),
            "error-forbidden",
            [("role", role.name().into()), ("needs", needs.name().into())],
        )),
        StoreError::NoTeam => AppError::Forbidden(t(ui_lang(), "error-no-team")),
        StoreError::Taken(name) => AppError::Refused(name),
        StoreError::NoProposal { id, proposal } => AppError::NoProposal { id, proposal },
        StoreError::Proposal(reason) => AppError::Refused(reason.message(ui_lang())),
        // No server function runs a team use case (the Teams page posts forms to the
        // server); were one to, its refusal reads as the JSON API's, in English.
        StoreError::Team(refusal) => AppError::Refused(refusal.to_string()),
        StoreError::Db(_)
        | StoreError::Migrate(_)
        | StoreError::NotReady(_)
        | StoreError::Failed(_) => {
            leptos::logging::error!("store: {err}");
            AppError::Storage
        }
    }
}

/// A stored sheet with its report, kept for the page's first check.
async fn detail(checked: CheckedSheet) -> SheetDetail {
    let CheckedSheet { stored, report } = checked;
    let sheet = stored.sheet;
    // Kept for the page's first check, off the async threads (2 MB of JSON at 2,000 rows).
    let sheet_id = stored.id;
    let (report, report_id) = match tokio::task::spawn_blocking(move || {
        let id = sent_reports::keep(sheet_id, &report);
        (report, id)
    })
    .await
    {
        Ok(kept) => kept,
        Err(err) => std::panic::resume_unwind(err.into_panic()),
    };
    SheetDetail {
        id: stored.id,
        name: stored.name,
        catalog_defaults: catalog_defaults(&sheet.rows),
        sheet,
        report,
        updated_at_ms: stored.updated_at_ms,
        revision: stored.revision,
        row_ids: stored.row_ids,
        author: author_name(),
        account: access().map(|access| access.name()),
        report_id: Some(report_id),
    }
}

/// Each row's catalog default ([`SheetDetail::catalog_defaults`]).
pub fn catalog_defaults(rows: &[Row]) -> Vec<Option<String>> {
    rows.iter()
        .map(|row| {
            budget::catalog::lookup(row)
                .map(|entry| entry.default)
                .filter(|default| !default.is_empty())
                .map(str::to_string)
        })
        .collect()
}

/// Every catalog entry as an autocomplete option.
pub fn catalog_options() -> Vec<CatalogOption> {
    let lang = crate::i18n::ui_lang();
    budget::catalog::entries()
        .iter()
        .map(|entry| CatalogOption {
            name: entry.name.to_string(),
            label: crate::format::catalog_label(lang, entry),
            product: entry.product.to_string(),
            kind: entry.kind.as_str().to_string(),
            default: entry.default.to_string(),
        })
        .collect()
}

pub async fn list_sheets() -> Result<Vec<SheetSummary>, AppError> {
    store()?.list_sheets().await.map_err(from_store)
}

/// `name` read as a sheet name, or [`AppError::BadName`] saying why it is not one.
fn sheet_name(name: &str) -> Result<SheetName, AppError> {
    SheetName::parse(name).map_err(|err| AppError::BadName {
        name: name.to_string(),
        message: err.message(ui_lang()),
    })
}

pub async fn create_sheet(name: &str, sheet: Sheet) -> Result<i64, AppError> {
    let name = sheet_name(name)?;
    store()?
        .create_sheet_as(&name, &sheet, &author())
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

/// `name`, or when it is blank the name field's placeholder in the page's language
/// (`import-name-placeholder`: `Imported sheet`, `取り込んだシート`): a sheet imported without
/// a name gets the name the field showed.
fn import_name(name: &str) -> std::borrow::Cow<'_, str> {
    if name.trim().is_empty() {
        t(ui_lang(), "import-name-placeholder").into()
    } else {
        name.into()
    }
}

pub async fn import_sheet(name: &str, tsv: &str) -> Result<i64, AppError> {
    let imported = read_tsv(tsv)?;
    let new = sheets::NewSheet {
        name: sheet_name(&import_name(name))?,
        imported,
    };
    let (id, _) = sheets::create(&store()?, new, &author())
        .await
        .map_err(from_store)?;
    Ok(id)
}

pub async fn rename_sheet(id: i64, name: &str) -> Result<(), AppError> {
    let name = sheet_name(name)?;
    store()?.rename_sheet(id, &name).await.map_err(from_store)
}

pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
    store()?.delete_sheet(id).await.map_err(from_store)
}

pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
    Ok(detail(sheets::open(&store()?, id).await.map_err(from_store)?).await)
}

/// An editor's rows with the rows they started from: what a save or a proposal is made of.
pub struct Edited {
    /// The rows the editor started from.
    pub base_rows: Vec<Row>,
    /// The ids of the rows it started from, one per row.
    pub base_ids: Vec<i64>,
    /// The editor's rows now.
    pub rows: Vec<Row>,
}

impl Edited {
    /// The changes from the base rows to the rows; [`AppError::BadArguments`] when the base
    /// and its ids do not match.
    fn patch(&self) -> Result<CellPatch, AppError> {
        CellPatch::between(&self.base_rows, &self.base_ids, &self.rows)
            .map_err(AppError::BadArguments)
    }
}

pub async fn save_rows(
    id: i64,
    base: i64,
    edited: Edited,
    since: Option<u64>,
    kind: RevisionKind,
) -> Result<Saved, AppError> {
    // Rows past what a sheet may hold (5,000 rows, a 1 MiB export) are refused by the store's
    // save, as they are through `PATCH`: `TooManyRows` and `TooLarge`.
    let edit = sheets::Edit {
        patch: CellPatch {
            kind: kind.of_edit(),
            ..edited.patch()?
        },
        seen: Some(sheets::Seen {
            base,
            rows: edited.rows,
        }),
    };
    let saved = sheets::save(&store()?, id, edit, &author())
        .await
        .map_err(from_store)?;
    let CheckedSheet { stored, report } = saved.sheet;
    Ok(Saved {
        revision: stored.revision,
        report: sent_reports::answer(id, since, report),
        catalog_defaults: catalog_defaults(&stored.sheet.rows),
        rows: stored.sheet.rows,
        row_ids: stored.row_ids,
        conflicts: saved.conflicts,
        combined: saved.combined,
    })
}

pub async fn check_draft(id: i64, rows: Vec<Row>, since: Option<u64>) -> Result<Checked, AppError> {
    // More than a sheet holds is checked still (up to a bound): the page shows the
    // report of the rows it holds while it says that they cannot be saved.
    if rows.len() > crate::model::MAX_CHECK_ROWS {
        return Err(AppError::TooManyRows(rows.len()));
    }
    let catalog_defaults = catalog_defaults(&rows);
    let report = sheets::check_rows(&store()?, id, rows)
        .await
        .map_err(from_store)?;
    Ok(Checked {
        report: sent_reports::answer(id, since, report),
        catalog_defaults,
    })
}

/// The author of this request: the [`AUTHOR_COOKIE`](crate::model::AUTHOR_COOKIE)
/// cookie's name, `anonymous` without one.
/// Team mode: the account's e-mail address; local mode: the name the browser gave.
pub fn author() -> Author {
    match access() {
        Some(access) => Author::named(&access.name()),
        None => Author::named(&author_name()),
    }
}

/// The name in this request's author cookie, percent-decoded; empty without one.
fn author_name() -> String {
    cookie(crate::model::AUTHOR_COOKIE)
        .map(|v| {
            percent_encoding::percent_decode_str(&v)
                .decode_utf8_lossy()
                .into_owned()
        })
        .unwrap_or_default()
}

/// The value of this request's cookie `name`, as sent (still percent-encoded).
fn cookie(name: &str) -> Option<String> {
    use_context::<http::request::Parts>().and_then(|parts| {
        parts
            .headers
            .get_all(http::header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .find_map(|pair| {
                let (k, v) = pair.trim().split_once('=')?;
                (k == name).then(|| v.to_string())
            })
    })
}

pub async fn list_revisions(id: i64) -> Result<HistoryView, AppError> {
    let store = store()?;
    let stored = store.get_sheet(id).await.map_err(from_store)?;
    let revisions = store.revisions(id).await.map_err(from_store)?;
    Ok(HistoryView {
        id,
        name: stored.name,
        revisions,
    })
}

pub async fn diff_revisions(
    id: i64,
    from: Option<i64>,
    to: Option<i64>,
) -> Result<DiffView, AppError> {
    let compared = sheets::diff(&store()?, id, from, to)
        .await
        .map_err(from_store)?;
    Ok(DiffView {
        id,
        name: compared.name,
        from: compared.from,
        to: compared.to,
        latest: compared.latest,
        diff: compared.diff,
        grid: compared.grid,
    })
}

pub async fn changes_since(id: i64, since: Option<i64>) -> Result<SinceRevision, AppError> {
    let store = store()?;
    let latest = store.latest_revision(id).await.map_err(from_store)?;
    let number = since.unwrap_or(latest - 1).max(1);
    let before = store.revision(id, number).await.map_err(from_store)?;
    let changed_by = store
        .authors_after(id, before.summary.number)
        .await
        .map_err(from_store)?;
    Ok(SinceRevision {
        number: before.summary.number,
        author: before.summary.author,
        changed_by,
        latest,
        rows: before.sheet.rows,
    })
}

pub async fn restore_revision(id: i64, number: i64) -> Result<(), AppError> {
    store()?
        .restore(id, number, None, &author())
        .await
        .map_err(from_store)?;
    open(id);
    Ok(())
}

pub fn set_author(name: &str) -> Result<String, AppError> {
    let kept = Author::named(name).name;
    let kept = if name.trim().is_empty() {
        String::new()
    } else {
        kept
    };
    let encoded = percent_encoding::utf8_percent_encode(&kept, percent_encoding::NON_ALPHANUMERIC);
    let max_age = if kept.is_empty() { 0 } else { 31_536_000 };
    let cookie = format!(
        "{}={encoded}; Path=/; Max-Age={max_age}; SameSite=Strict",
        crate::model::AUTHOR_COOKIE
    );
    set_cookie(&cookie);
    Ok(kept)
}

/// Adds a `Set-Cookie: {cookie}` header to the answer (none outside a request, or for a
/// value a header cannot carry).
fn set_cookie(cookie: &str) {
    if let (Some(response), Ok(value)) = (
        use_context::<leptos_axum::ResponseOptions>(),
        http::HeaderValue::from_str(cookie),
    ) {
        response.append_header(http::header::SET_COOKIE, value);
    }
}

pub async fn import_rows(id: i64, base: i64, tsv: &str) -> Result<SheetDetail, AppError> {
    let imported = read_tsv(tsv)?;
    let kind = RevisionKind::Import;
    let replaced = sheets::replace(&store()?, id, Some(base), &imported, &author(), kind)
        .await
        .map_err(from_store)?;
    Ok(detail(replaced).await)
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
                .map(|err| err.message(ui_lang()))
                .collect();
            return Err(AppError::BadSetting(reasons.join("; ")));
        }
    };
    let settings = sheets::Settings {
        margin_ms: margin,
        amplification_threshold: threshold,
    };
    sheets::set_settings(&store()?, id, settings)
        .await
        .map_err(from_store)
}

pub async fn set_sheet_lang(id: i64, lang: Lang) -> Result<Report, AppError> {
    sheets::set_lang(&store()?, id, lang)
        .await
        .map_err(from_store)
}
