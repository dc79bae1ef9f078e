//! Server functions: thin wrappers over the store (`workbench_store::Store`, provided as context
//! by the server) and `budget`. Each returns [`AppError`] on failure, which crosses the
//! network intact, with an HTTP status that fits it (400, 404 or 500). Every answer is JSON
//! read as text ([`JsonText`]), as the islands read their props.

use budget::{Lang, Report, Row};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

use crate::codec::JsonText;
use crate::error::AppError;
use crate::model::{
    CatalogOption, Checked, DiffView, HistoryView, ProposalDraft, ProposalReview, ProposalSummary,
    RevisionKind, Saved, SheetDetail, SheetSummary, SinceRevision,
};

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
#[server(output = JsonText)]
pub async fn list_sheets() -> Result<Vec<SheetSummary>, AppError> {
    imp::reply(imp::list_sheets().await)
}

/// Creates an empty sheet named `name` with headers in `lang`; returns its id and sends the
/// page to the new sheet's page (a plain form post gets a `302` there; the hydrated page's
/// call navigates). The sheet list's "New sheet" form posts here.
#[server(output = JsonText)]
pub async fn create_sheet(name: String, lang: Lang) -> Result<i64, AppError> {
    let created = imp::create_sheet(&name, budget::Sheet::new(lang, Vec::new())).await;
    imp::reply(created.inspect(|&id| imp::open(id)))
}

/// Creates a copy of the built-in example sheet in `lang`; returns its id and, like
/// [`create_sheet`], sends the page to the new sheet.
#[server(output = JsonText)]
pub async fn create_example_sheet(lang: Lang) -> Result<i64, AppError> {
    imp::reply(
        imp::create_example_sheet(lang)
            .await
            .inspect(|&id| imp::open(id)),
    )
}

/// Creates a sheet from pasted or uploaded TSV; its language is the header's (English for a
/// paste without a header). A blank `name` becomes [`DEFAULT_IMPORT_NAME`].
///
/// Nothing is created when the TSV cannot be read (the error names the line) or is larger
/// than [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES).
#[server(input = Json, output = JsonText)]
pub async fn import_sheet(name: String, tsv: String) -> Result<i64, AppError> {
    imp::reply(
        imp::import_sheet(&name, &tsv)
            .await
            .inspect(|&id| imp::open(id)),
    )
}

/// The most bytes of configuration the page sends at once, paths and texts together: the
/// [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES) a TSV import takes (1 MiB).
pub const MAX_CONFIG_BYTES: usize = crate::model::MAX_TSV_BYTES;

/// The most configuration files the page sends at once.
pub const MAX_CONFIG_FILES: usize = 500;

/// One configuration file as the browser read it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConfigFile {
    /// The path the rows' locations name: inside a chosen folder, the path from the folder
    /// (`istio/reviews-vs.yaml`); else the file's name, or the name typed for a paste.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// Whether the page sends a file at `path` to the importers: a name a configuration format
/// can have (`*.yaml`, `*.yml`, `*.tpl`, `*.conf`, `*.cfg`, `*.tf`, `*.properties`,
/// `gunicorn*.py`, and names without an extension, as nginx's site files are), outside a
/// hidden folder (`.git/`). The same names as `workbench_import::Format::is_candidate`
/// (a test holds them together), written here because the importers stay out of the wasm.
pub fn is_config_path(path: &str) -> bool {
    let mut parts = path.split(['/', '\\']).filter(|p| !p.is_empty());
    let Some(name) = parts.next_back() else {
        return false;
    };
    if name.starts_with('.') || parts.any(|folder| folder.starts_with('.') && folder != "..") {
        return false;
    }
    let name = name.to_ascii_lowercase();
    match name.rsplit_once('.').map(|(_, e)| e) {
        Some("yaml" | "yml" | "tpl" | "conf" | "cfg" | "tf" | "properties") => true,
        Some("py") => name.contains("gunicorn"),
        None => true,
        Some(_) => false,
    }
}

/// The bytes `files` take against [`MAX_CONFIG_BYTES`]: every path and text.
pub fn config_bytes(files: &[ConfigFile]) -> usize {
    files.iter().map(|f| f.path.len() + f.text.len()).sum()
}

/// One row of a sheet that is not what the configuration files set
/// (`workbench_import::drift::DriftFinding`, with its message written).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DriftLine {
    /// `config.drift` (another value), `config.gone` (no longer set, or the file is not
    /// among those compared) or `config.unreadable`.
    pub code: String,
    /// `error` or `warning`.
    pub severity: budget::Severity,
    /// The sheet's row, 1-based (the header not counted), as the grid numbers it.
    pub row: usize,
    /// The row's setting (its item when it names none).
    pub setting: String,
    /// The row's value as the sheet writes it.
    pub sheet_value: String,
    /// The value the file sets now, as written; `None` when it sets none or cannot be read.
    pub file_value: Option<String>,
    /// The file.
    pub path: String,
    /// The line the setting is on now (for one that is gone, the line the sheet names).
    pub line: usize,
    /// The finding in words, in the sheet's language.
    pub message: String,
}

/// A sheet compared with configuration files ([`compare_config`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConfigDrift {
    /// The rows that differ from the files, in row order.
    pub findings: Vec<DriftLine>,
    /// Rows compared with a file that agree with it.
    pub agreeing: usize,
    /// Rows whose location names no configuration file: not compared.
    pub skipped: usize,
    /// The files the sheet's rows name that were not among those compared (their rows count
    /// as gone), in the order the rows name them.
    pub not_given: Vec<String>,
}

/// Creates a sheet named `name` (blank: [`DEFAULT_IMPORT_NAME`]) with headers in `lang` from
/// deployed configuration files: every timeout, retry and keep-alive setting the importers
/// find (`workbench_import::import`, the format told from each file's name and text), its
/// location `PATH:LINE SELECTOR`; then sends the page to the new sheet.
///
/// Nothing is created, and the error says why, when no file is given, a file has no path,
/// the files are more than [`MAX_CONFIG_FILES`] or [`MAX_CONFIG_BYTES`], a file cannot be
/// parsed (each such file named, `PATH:LINE:COLUMN: message`), or no setting is found.
#[server(input = Json, output = JsonText)]
pub async fn import_config_sheet(
    name: String,
    lang: Lang,
    files: Vec<ConfigFile>,
) -> Result<i64, AppError> {
    imp::reply(
        imp::import_config_sheet(&name, lang, files)
            .await
            .inspect(|&id| imp::open(id)),
    )
}

/// Proposes the values of configuration files for sheet `id`, never writing the sheet
/// itself: each setting the files set takes the row that names the same place (or the same
/// segment and setting, for a row that names no file), and the others are appended
/// (`workbench_import::into::update`). The proposal is made as [`create_proposal`] makes one,
/// against the sheet's latest revision, titled with the count of rows changed and added; the
/// page goes to its review. Refused as [`import_config_sheet`] refuses the files, and when
/// they change nothing.
#[server(input = Json, output = JsonText)]
pub async fn propose_config(id: i64, files: Vec<ConfigFile>) -> Result<i64, AppError> {
    imp::reply(imp::propose_config(id, files).await)
}

/// Compares sheet `id` as stored with configuration files (`workbench_import::drift::drift`):
/// each row whose location names a file is checked against the value the file sets there now;
/// a file the rows name that is not among `files` counts as gone. Refused when no file is given
/// or the files are too many or too large, as for [`import_config_sheet`].
#[server(input = Json, output = JsonText)]
pub async fn compare_config(id: i64, files: Vec<ConfigFile>) -> Result<ConfigDrift, AppError> {
    imp::reply(imp::compare_config(id, files).await)
}

/// Renames sheet `id`; then sends the page back to where the form was, without the sheet
/// list's rename mode ([`crate::list_mode`]). A refused name leaves the page where it is (a
/// plain form post goes back with the error, which the open form shows).
#[server(output = JsonText)]
pub async fn rename_sheet(id: i64, name: String) -> Result<(), AppError> {
    imp::reply(imp::rename_sheet(id, &name).await.inspect(|()| imp::back()))
}

/// Deletes sheet `id` and its rows; then, like [`rename_sheet`], sends the page back without
/// the list's delete confirmation.
#[server(output = JsonText)]
pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
    imp::reply(imp::delete_sheet(id).await.inspect(|()| imp::back()))
}

/// Sheet `id` with its report.
#[server(output = JsonText)]
pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
    imp::reply(imp::get_sheet(id).await)
}

/// Saves the page's rows of sheet `id`, merged per cell with everyone else's: the page sends
/// the rows it started from (`base_rows`, with their ids `base_ids`, as of version `base`)
/// and the rows it holds (`rows`); the changes between them are applied to the stored rows
/// cell by cell (a cell lands when nobody changed it since), by the browser's author
/// ([`set_author`]). Returns the rows as stored now, their report and the cells refused
/// because someone else changed them since, each with its three values; everything else is
/// saved.
///
/// The report is sent as what changed since report `since` when the page names the one it
/// holds and the server still has it ([`workbench_model::report_changes`]), whole otherwise.
///
/// `kind` says what the edits were (`fix`: a fix from the report applied, `paste`: a block
/// pasted; none or any other: typing and row edits, `save`): a fix or a paste is a revision
/// of its own in the history.
///
/// [`AppError::TooManyRows`] for more than [`budget::tsv::MAX_ROWS`] rows; nothing is
/// written.
#[server(input = Json, output = JsonText)]
pub async fn save_rows(
    id: i64,
    base: i64,
    base_rows: Vec<Row>,
    base_ids: Vec<i64>,
    rows: Vec<Row>,
    #[server(default)] since: Option<u64>,
    #[server(default)] kind: Option<RevisionKind>,
) -> Result<Saved, AppError> {
    imp::reply(
        imp::save_rows(
            id,
            base,
            base_rows,
            base_ids,
            rows,
            since,
            kind.unwrap_or_default(),
        )
        .await,
    )
}

/// The report of `rows` as sheet `id` would have it (its language, margin and amplification
/// threshold), without saving anything: the sheet page checks what is typed as it is typed,
/// before the debounced save ([`crate::editor::state::autosave`]). Returns the report and the rows'
/// catalog defaults. The report is sent as what changed since report `since` when the page names
/// the one it holds and the server still has it ([`workbench_model::report_changes`]), whole
/// otherwise.
///
/// Rows beyond [`budget::tsv::MAX_ROWS`], which no save takes, are checked all the same, so
/// that the page can show the report of the rows it holds; [`AppError::TooManyRows`] beyond
/// [`crate::model::MAX_CHECK_ROWS`]. A sheet that does not exist is not found.
#[server(input = Json, output = JsonText)]
pub async fn check_draft(
    id: i64,
    rows: Vec<Row>,
    #[server(default)] since: Option<u64>,
) -> Result<Checked, AppError> {
    imp::reply(imp::check_draft(id, rows, since).await)
}

/// Sheet `id`'s history: its name and every revision, newest first.
#[server(output = JsonText)]
pub async fn list_revisions(id: i64) -> Result<HistoryView, AppError> {
    imp::reply(imp::list_revisions(id).await)
}

/// The review's diff of revisions `from` and `to` of sheet `id` (default: the latest and the
/// one before it), with the rows drawn for the grid.
#[server(output = JsonText)]
pub async fn diff_revisions(
    id: i64,
    #[server(default)] from: Option<i64>,
    #[server(default)] to: Option<i64>,
) -> Result<DiffView, AppError> {
    imp::reply(imp::diff_revisions(id, from, to).await)
}

/// Revision `since` of sheet `id` (none: the one before the latest, at least 1), for the sheet
/// page to draw the changes made since on its grid.
#[server(output = JsonText)]
pub async fn changes_since(
    id: i64,
    #[server(default)] since: Option<i64>,
) -> Result<SinceRevision, AppError> {
    imp::reply(imp::changes_since(id, since).await)
}

/// Brings back revision `number` of sheet `id` as a new revision by the browser's author,
/// then sends the browser to the sheet.
#[server(output = JsonText)]
pub async fn restore_revision(id: i64, number: i64) -> Result<(), AppError> {
    imp::reply(imp::restore_revision(id, number).await)
}

/// Saves the page's rows as a proposal titled `title` instead of applying them: the changes
/// from `base_rows` (ids `base_ids`, the rows the page started from) to `rows`, against the
/// sheet's latest revision. Sends the browser to the proposal's page.
#[server(input = Json, output = JsonText)]
pub async fn create_proposal(
    id: i64,
    title: String,
    base_rows: Vec<Row>,
    base_ids: Vec<i64>,
    rows: Vec<Row>,
) -> Result<i64, AppError> {
    imp::reply(imp::create_proposal(id, &title, base_rows, base_ids, rows).await)
}

/// Open proposal `proposal` of sheet `id` to edit: the sheet now and the rows the proposal
/// gives.
#[server(output = JsonText)]
pub async fn edit_proposal(id: i64, proposal: i64) -> Result<ProposalDraft, AppError> {
    imp::reply(imp::proposal_draft(id, proposal).await)
}

/// The proposer's new version of open proposal `proposal`: its title and the changes from
/// `base_rows` (ids `base_ids`, the sheet's rows at revision `base_revision`, which becomes
/// its base) to `rows`. Sends the browser back to the proposal's page.
#[server(input = Json, output = JsonText)]
pub async fn rework_proposal(
    id: i64,
    proposal: i64,
    title: String,
    base_revision: i64,
    base_rows: Vec<Row>,
    base_ids: Vec<i64>,
    rows: Vec<Row>,
) -> Result<(), AppError> {
    imp::reply(
        imp::rework_proposal(
            id,
            proposal,
            &title,
            base_revision,
            base_rows,
            base_ids,
            rows,
        )
        .await,
    )
}

/// Proposal `proposal` of sheet `id` for review: applied to the current rows, with its diff,
/// conflicts and comments.
#[server(output = JsonText)]
pub async fn review_proposal(id: i64, proposal: i64) -> Result<ProposalReview, AppError> {
    imp::reply(imp::review_proposal(id, proposal).await)
}

/// Sheet `id`'s proposals, newest first.
#[server(output = JsonText)]
pub async fn list_proposals(id: i64) -> Result<Vec<ProposalSummary>, AppError> {
    imp::reply(imp::list_proposals(id).await)
}

/// A comment on proposal `proposal`, on one cell when `row_id` and `column` (`value`,
/// `rationale`, ...) are given; back to the proposal's page.
#[server(output = JsonText)]
pub async fn comment_proposal(
    id: i64,
    proposal: i64,
    body: String,
    #[server(default)] cell: Option<String>,
) -> Result<(), AppError> {
    imp::reply(imp::comment_proposal(id, proposal, &body, cell.as_deref()).await)
}

/// Approves (`decision=approve`, with the revision the page's diff was computed on and, past
/// the gate, `anyway=on` and a comment) or rejects (`decision=reject`, with a comment)
/// proposal `proposal`; back to the proposal's page, at its own address. A refused decision
/// posted as a plain form goes back there too (not to an address carrying the error): the
/// reason, the comment and the "approve anyway" box travel in
/// [`REFUSED_DECISION_COOKIE`](crate::model::REFUSED_DECISION_COOKIE) for the page to show
/// ([`refused_decision`]).
#[server(output = JsonText)]
pub async fn decide_proposal(
    id: i64,
    proposal: i64,
    decision: String,
    seen_revision: i64,
    #[server(default)] comment: String,
    #[server(default)] anyway: Option<String>,
) -> Result<(), AppError> {
    imp::reply(
        imp::decide_proposal(
            id,
            proposal,
            &decision,
            seen_revision,
            &comment,
            anyway.is_some(),
        )
        .await,
    )
}

/// On the server, while rendering proposal `proposal` of sheet `id`: the decision on it
/// that was just refused, from the request's
/// [`REFUSED_DECISION_COOKIE`](crate::model::REFUSED_DECISION_COOKIE), which the answer
/// drops (it is shown once). `None` without one, or with one for another proposal, and
/// always in the browser (the proposal's page is the server's alone).
pub fn refused_decision(id: i64, proposal: i64) -> Option<crate::model::RefusedDecision> {
    #[cfg(feature = "ssr")]
    return imp::take_refused_decision(id, proposal);
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (id, proposal);
        None
    }
}

/// The proposer's choice for a conflicting cell: `keep=proposal` or `keep=theirs`; back to the
/// proposal's page.
#[server(output = JsonText)]
pub async fn resolve_proposal(
    id: i64,
    proposal: i64,
    row_id: i64,
    column: String,
    keep: String,
) -> Result<(), AppError> {
    imp::reply(imp::resolve_proposal(id, proposal, row_id, &column, &keep).await)
}

/// Sets the display name this browser's changes are made under: kept in the
/// [`AUTHOR_COOKIE`](crate::model::AUTHOR_COOKIE) cookie for a year, shown in the history.
/// Trimmed, control characters removed, at most 80 characters; empty forgets it. Returns the
/// name as kept.
#[server(output = JsonText)]
pub async fn set_author(name: String) -> Result<String, AppError> {
    imp::reply(imp::set_author(&name))
}

/// Replaces the rows of sheet `id` with those of a TSV paste or file when they are still at
/// revision `base`, the one the page shows; a header in the other language switches the
/// sheet's language. Returns the sheet as saved.
///
/// When the TSV cannot be read (the error names the line) or is larger than
/// [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES), or someone saved after `base`
/// ([`AppError::Conflict`]), the sheet stays unchanged.
#[server(input = Json, output = JsonText)]
pub async fn import_rows(id: i64, base: i64, tsv: String) -> Result<SheetDetail, AppError> {
    imp::reply(imp::import_rows(id, base, &tsv).await)
}

/// Sets the language of sheet `id` (headers, messages, fixes); returns the fresh report.
#[server(output = JsonText)]
pub async fn set_sheet_lang(id: i64, lang: Lang) -> Result<Report, AppError> {
    imp::reply(imp::set_sheet_lang(id, lang).await)
}

/// Sets sheet settings of sheet `id` from the text typed: the margin (`1s`, `500ms`), the
/// retry amplification threshold (`3`), or both; a setting not given stays as it is. Returns
/// the fresh report.
///
/// [`AppError::BadSetting`] when a setting given cannot be read, naming each that cannot:
/// nothing is changed.
#[server(output = JsonText)]
pub async fn set_sheet_settings(
    id: i64,
    margin: Option<String>,
    amplification_threshold: Option<String>,
) -> Result<Report, AppError> {
    imp::reply(
        imp::set_sheet_settings(id, margin.as_deref(), amplification_threshold.as_deref()).await,
    )
}

/// The setting cells' autocomplete: one option per catalog entry, in catalog order. The
/// catalog stays on the server: the page asks for it once it is interactive.
#[server(output = JsonText)]
pub async fn catalog_settings() -> Result<Vec<CatalogOption>, AppError> {
    Ok(imp::catalog_options())
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
        declared::<CheckDraft>(),
        declared::<ImportRows>(),
        declared::<SetSheetLang>(),
        declared::<SetSheetSettings>(),
        declared::<CatalogSettings>(),
        declared::<ListRevisions>(),
        declared::<DiffRevisions>(),
        declared::<RestoreRevision>(),
        declared::<ChangesSince>(),
        declared::<CreateProposal>(),
        declared::<EditProposal>(),
        declared::<ReworkProposal>(),
        declared::<ReviewProposal>(),
        declared::<ListProposals>(),
        declared::<CommentProposal>(),
        declared::<DecideProposal>(),
        declared::<ResolveProposal>(),
        declared::<SetAuthor>(),
        declared::<ImportConfigSheet>(),
        declared::<ProposeConfig>(),
        declared::<CompareConfig>(),
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
    use crate::i18n::{t, t_args, ui_lang};
    use crate::model::{
        CatalogOption, Checked, DiffView, HistoryView, ProposalDraft, ProposalReview,
        ProposalSummary, Saved, SheetDetail, SheetSummary, SinceRevision, MAX_TSV_BYTES,
    };
    use workbench_import::drift::Read;
    use workbench_import::{File, Format};
    use workbench_model::sheet_name::SheetName;
    use workbench_store::{
        checks, sent_reports, Author, CellPatch, RevisionKind, Store, StoreError, StoredSheet,
    };

    use super::{ConfigDrift, ConfigFile, DriftLine};

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
            StoreError::Db(_) | StoreError::Migrate(_) | StoreError::NotReady(_) => {
                leptos::logging::error!("store: {err}");
                AppError::Storage
            }
        }
    }

    /// A stored sheet with its report.
    async fn detail(stored: StoredSheet) -> SheetDetail {
        let (sheet, report) = checks::check(stored.sheet).await;
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
        SheetName::parse(name).map_err(|err| AppError::BadName(err.message(ui_lang())))
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
        let name = sheet_name(name)?;
        store()?.rename_sheet(id, &name).await.map_err(from_store)
    }

    pub async fn delete_sheet(id: i64) -> Result<(), AppError> {
        store()?.delete_sheet(id).await.map_err(from_store)
    }

    pub async fn get_sheet(id: i64) -> Result<SheetDetail, AppError> {
        Ok(detail(store()?.get_sheet(id).await.map_err(from_store)?).await)
    }

    pub async fn save_rows(
        id: i64,
        base: i64,
        base_rows: Vec<Row>,
        base_ids: Vec<i64>,
        rows: Vec<Row>,
        since: Option<u64>,
        kind: RevisionKind,
    ) -> Result<Saved, AppError> {
        if rows.len() > budget::tsv::MAX_ROWS {
            return Err(AppError::TooManyRows(rows.len()));
        }
        let store = store()?;
        let patch = CellPatch {
            kind: kind.of_edit(),
            ..CellPatch::between(&base_rows, &base_ids, &rows).map_err(AppError::BadArguments)?
        };
        // One transaction: the cells nobody else changed land, the others come back.
        let patched = store
            .patch_rows(id, &patch, &author())
            .await
            .map_err(from_store)?;
        let stored = store.get_sheet(id).await.map_err(from_store)?;
        let (sheet, report) = checks::check(stored.sheet).await;
        // Someone else saved since the page's base: what only the two changes together
        // cause, checked from the page's rows and the rows the save found.
        let merged = patched.started != base && sheet.rows != rows && !patch.is_empty();
        let combined = if merged {
            let mine = Sheet {
                rows,
                ..sheet.clone()
            };
            let theirs = Sheet {
                rows: patched.before,
                ..sheet.clone()
            };
            let (_, mine) = checks::check(mine).await;
            let (_, theirs) = checks::check(theirs).await;
            budget::diff::only_together(&report, &[&mine, &theirs])
        } else {
            Vec::new()
        };
        Ok(Saved {
            revision: stored.revision,
            report: sent_reports::answer(id, since, report),
            catalog_defaults: catalog_defaults(&sheet.rows),
            rows: sheet.rows,
            row_ids: stored.row_ids,
            conflicts: patched.conflicts,
            combined,
        })
    }

    pub async fn check_draft(
        id: i64,
        rows: Vec<Row>,
        since: Option<u64>,
    ) -> Result<Checked, AppError> {
        // More than a sheet holds is checked still (up to a bound): the page shows the
        // report of the rows it holds while it says that they cannot be saved.
        if rows.len() > crate::model::MAX_CHECK_ROWS {
            return Err(AppError::TooManyRows(rows.len()));
        }
        let settings = store()?.get_settings(id).await.map_err(from_store)?;
        let catalog_defaults = catalog_defaults(&rows);
        let (_, report) = checks::check(Sheet { rows, ..settings }).await;
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
        let store = store()?;
        let stored = store.get_sheet(id).await.map_err(from_store)?;
        let (before, after, latest) = store
            .revision_pair(id, from, to)
            .await
            .map_err(revision_error)?;
        let (from, to) = (before.summary.number, after.summary.number);
        let view = tokio::task::spawn_blocking(move || {
            let diff = budget::diff::diff(
                &before.sheet,
                &after.sheet,
                budget::diff::Match::Ids {
                    before: &before.row_ids,
                    after: &after.row_ids,
                },
            );
            let grid = budget::diff::grid(&before.sheet.rows, &after.sheet.rows, &diff.rows);
            (diff, grid)
        })
        .await
        .map_err(|_| AppError::Storage)?;
        Ok(DiffView {
            id,
            name: stored.name,
            from,
            to,
            latest,
            diff: view.0,
            grid: view.1,
        })
    }

    pub async fn changes_since(id: i64, since: Option<i64>) -> Result<SinceRevision, AppError> {
        let store = store()?;
        let latest = store.latest_revision(id).await.map_err(from_store)?;
        let number = since.unwrap_or(latest - 1).max(1);
        let before = store.revision(id, number).await.map_err(revision_error)?;
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

    /// An unknown revision is a bad address, said in words.
    fn revision_error(err: StoreError) -> AppError {
        match err {
            StoreError::NoRevision { id, number } => AppError::NoRevision { id, number },
            other => from_store(other),
        }
    }

    pub async fn restore_revision(id: i64, number: i64) -> Result<(), AppError> {
        store()?
            .restore(id, number, None, &author())
            .await
            .map_err(revision_error)?;
        open(id);
        Ok(())
    }

    pub async fn create_proposal(
        id: i64,
        title: &str,
        base_rows: Vec<Row>,
        base_ids: Vec<i64>,
        rows: Vec<Row>,
    ) -> Result<i64, AppError> {
        let patch =
            CellPatch::between(&base_rows, &base_ids, &rows).map_err(AppError::BadArguments)?;
        let pid = store()?
            .create_proposal(id, title, &patch, &author())
            .await
            .map_err(from_store)?;
        leptos_axum::redirect(&crate::model::proposal_href(id, pid));
        Ok(pid)
    }

    pub async fn review_proposal(id: i64, proposal: i64) -> Result<ProposalReview, AppError> {
        store()?.review(id, proposal).await.map_err(from_store)
    }

    pub async fn proposal_draft(id: i64, proposal: i64) -> Result<ProposalDraft, AppError> {
        let detail = get_sheet(id).await?;
        let review = store()?.review(id, proposal).await.map_err(from_store)?;
        if review.proposal.status != crate::model::ProposalStatus::Open {
            let why = workbench_store::Refusal::NotOpen {
                proposal,
                status: review.proposal.status,
            };
            return Err(AppError::Refused(why.message(ui_lang())));
        }
        let rows = review
            .grid
            .into_iter()
            .filter(|l| l.change != budget::diff::LineChange::Removed)
            .map(|l| {
                let cells: Vec<String> = l.cells.into_iter().map(|c| c.text).collect();
                Row::from_cells(cells.try_into().unwrap_or_default())
            })
            .collect();
        let (proposed, report) = checks::check(budget::Sheet {
            rows,
            ..detail.sheet.clone()
        })
        .await;
        Ok(ProposalDraft {
            proposal,
            title: review.proposal.title,
            current_revision: review.current_revision,
            catalog_defaults: catalog_defaults(&proposed.rows),
            rows: proposed.rows,
            report,
            detail,
        })
    }

    pub async fn rework_proposal(
        id: i64,
        proposal: i64,
        title: &str,
        base_revision: i64,
        base_rows: Vec<Row>,
        base_ids: Vec<i64>,
        rows: Vec<Row>,
    ) -> Result<(), AppError> {
        let patch =
            CellPatch::between(&base_rows, &base_ids, &rows).map_err(AppError::BadArguments)?;
        store()?
            .rework_proposal(id, proposal, title, &patch, base_revision)
            .await
            .map_err(from_store)?;
        leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
        Ok(())
    }

    pub async fn list_proposals(id: i64) -> Result<Vec<ProposalSummary>, AppError> {
        store()?.proposals(id).await.map_err(from_store)
    }

    /// A column named by its code (`value`) or its English header.
    fn column_named(name: &str) -> Result<budget::Column, AppError> {
        budget::Column::ALL
            .into_iter()
            .find(|c| c.header(budget::Lang::En) == name.trim())
            .ok_or_else(|| AppError::BadArguments(format!("{name:?} is not a column")))
    }

    pub async fn comment_proposal(
        id: i64,
        proposal: i64,
        body: &str,
        cell: Option<&str>,
    ) -> Result<(), AppError> {
        // A cell is `ROW_ID:COLUMN` (`7:value`); empty: the whole proposal.
        let cell = match cell.map(str::trim).filter(|c| !c.is_empty()) {
            None => None,
            Some(c) => {
                let (row, column) = c
                    .split_once(':')
                    .ok_or_else(|| AppError::BadArguments(format!("{c:?} is not ROW_ID:COLUMN")))?;
                let row: i64 = row
                    .trim()
                    .parse()
                    .map_err(|_| AppError::BadArguments(format!("{row:?} is not a row id")))?;
                Some((row, column_named(column)?))
            }
        };
        store()?
            .comment(id, proposal, &author(), body, cell)
            .await
            .map_err(from_store)?;
        leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
        Ok(())
    }

    pub async fn decide_proposal(
        id: i64,
        proposal: i64,
        decision: &str,
        seen_revision: i64,
        comment: &str,
        anyway: bool,
    ) -> Result<(), AppError> {
        let decided = decide(id, proposal, decision, seen_revision, comment, anyway).await;
        match &decided {
            Ok(()) => leptos_axum::redirect(&crate::model::proposal_href(id, proposal)),
            // A plain form post goes back to the proposal's own address (this `Location`
            // replaces the framework's, which is the page's address with the error in it),
            // and the page finds what was refused in the cookie.
            Err(error) if is_form_post() => {
                keep_refused_decision(&crate::model::RefusedDecision {
                    sheet_id: id,
                    proposal,
                    error: error.clone(),
                    comment: comment.to_string(),
                    anyway,
                });
                leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
            }
            Err(_) => {}
        }
        decided
    }

    /// The longest cookie value a refused decision is kept in: browsers keep cookies of up to
    /// 4,096 bytes, name and attributes included.
    const MAX_REFUSED_COOKIE: usize = 3_500;

    /// Sets [`REFUSED_DECISION_COOKIE`](crate::model::REFUSED_DECISION_COOKIE) to `refused`
    /// for the proposal's address, for a minute; without its comment when the comment is too
    /// long to carry.
    fn keep_refused_decision(refused: &crate::model::RefusedDecision) {
        let encode = |r: &crate::model::RefusedDecision| {
            let json = serde_json::to_string(r).unwrap_or_default();
            percent_encoding::utf8_percent_encode(&json, percent_encoding::NON_ALPHANUMERIC)
                .to_string()
        };
        let mut value = encode(refused);
        if value.len() > MAX_REFUSED_COOKIE {
            value = encode(&crate::model::RefusedDecision {
                comment: String::new(),
                ..refused.clone()
            });
        }
        let cookie = format!(
            "{}={value}; Path={}; Max-Age=60; HttpOnly; SameSite=Lax",
            crate::model::REFUSED_DECISION_COOKIE,
            crate::model::proposal_href(refused.sheet_id, refused.proposal)
        );
        if let (Some(response), Ok(value)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            http::HeaderValue::from_str(&cookie),
        ) {
            response.append_header(http::header::SET_COOKIE, value);
        }
    }

    /// The refused decision on proposal `proposal` of sheet `id` the request's cookie
    /// carries, if any; the answer drops the cookie.
    pub fn take_refused_decision(id: i64, proposal: i64) -> Option<crate::model::RefusedDecision> {
        let raw = cookie(crate::model::REFUSED_DECISION_COOKIE)?;
        let drop = format!(
            "{}=; Path={}; Max-Age=0; HttpOnly; SameSite=Lax",
            crate::model::REFUSED_DECISION_COOKIE,
            crate::model::proposal_href(id, proposal)
        );
        if let (Some(response), Ok(value)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            http::HeaderValue::from_str(&drop),
        ) {
            response.append_header(http::header::SET_COOKIE, value);
        }
        let json = percent_encoding::percent_decode_str(&raw)
            .decode_utf8()
            .ok()?;
        serde_json::from_str::<crate::model::RefusedDecision>(&json)
            .ok()
            .filter(|r| r.sheet_id == id && r.proposal == proposal)
    }

    /// What `decide_proposal` does, without where the browser goes next.
    async fn decide(
        id: i64,
        proposal: i64,
        decision: &str,
        seen_revision: i64,
        comment: &str,
        anyway: bool,
    ) -> Result<(), AppError> {
        use workbench_store::Decision;
        let decision = match decision {
            "approve" => Decision::Approve {
                seen_revision,
                comment: comment.to_string(),
                anyway,
            },
            "reject" => Decision::Reject {
                comment: comment.to_string(),
            },
            other => {
                return Err(AppError::BadArguments(format!(
                    "decision must be approve or reject, not {other:?}"
                )))
            }
        };
        store()?
            .decide(id, proposal, &author(), decision)
            .await
            .map_err(from_store)?;
        Ok(())
    }

    pub async fn resolve_proposal(
        id: i64,
        proposal: i64,
        row_id: i64,
        column: &str,
        keep: &str,
    ) -> Result<(), AppError> {
        use workbench_store::Resolution;
        let choice = match keep {
            "proposal" => Resolution::Proposal,
            "theirs" => Resolution::Theirs,
            other => {
                return Err(AppError::BadArguments(format!(
                    "keep must be proposal or theirs, not {other:?}"
                )))
            }
        };
        store()?
            .resolve(id, proposal, row_id, column_named(column)?, choice)
            .await
            .map_err(from_store)?;
        leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
        Ok(())
    }

    pub fn set_author(name: &str) -> Result<String, AppError> {
        let kept = Author::named(name).name;
        let kept = if name.trim().is_empty() {
            String::new()
        } else {
            kept
        };
        let encoded =
            percent_encoding::utf8_percent_encode(&kept, percent_encoding::NON_ALPHANUMERIC);
        let max_age = if kept.is_empty() { 0 } else { 31_536_000 };
        let cookie = format!(
            "{}={encoded}; Path=/; Max-Age={max_age}; SameSite=Strict",
            crate::model::AUTHOR_COOKIE
        );
        if let (Some(response), Ok(value)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            http::HeaderValue::from_str(&cookie),
        ) {
            response.append_header(http::header::SET_COOKIE, value);
        }
        Ok(kept)
    }

    pub async fn import_rows(id: i64, base: i64, tsv: &str) -> Result<SheetDetail, AppError> {
        let imported = read_tsv(tsv)?;
        let store = store()?;
        store
            .replace_rows(
                id,
                Some(base),
                imported.lang,
                &imported.rows,
                &author(),
                RevisionKind::Import,
            )
            .await
            .map_err(from_store)?;
        Ok(detail(store.get_sheet(id).await.map_err(from_store)?).await)
    }

    /// Refuses `files` when there are none, one has no path, or they are more than
    /// [`MAX_CONFIG_FILES`](super::MAX_CONFIG_FILES) or
    /// [`MAX_CONFIG_BYTES`](super::MAX_CONFIG_BYTES).
    fn check_config(files: &[ConfigFile]) -> Result<(), AppError> {
        let ui = ui_lang();
        if files.is_empty() {
            return Err(AppError::Refused(t(ui, "config-no-files")));
        }
        if files.iter().any(|f| f.path.trim().is_empty()) {
            return Err(AppError::Refused(t(ui, "config-no-path")));
        }
        if files.len() > super::MAX_CONFIG_FILES {
            return Err(AppError::Refused(t_args(
                ui,
                "config-too-many",
                [
                    ("count", files.len().into()),
                    ("max", super::MAX_CONFIG_FILES.into()),
                ],
            )));
        }
        let bytes = super::config_bytes(files);
        if bytes > super::MAX_CONFIG_BYTES {
            return Err(AppError::Refused(t_args(
                ui,
                "config-too-large",
                [
                    ("size", bytes.to_string().into()),
                    ("max", super::MAX_CONFIG_BYTES.to_string().into()),
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
        let name = if name.trim().is_empty() {
            DEFAULT_IMPORT_NAME
        } else {
            name
        };
        sheet_name(name)?;
        let rows = read_config(files, lang).await?;
        create_sheet(name, Sheet::new(lang, rows)).await
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
        let updated = tokio::task::spawn_blocking(move || {
            workbench_import::into::update(&sheet_rows, &imported)
        })
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
        create_proposal(id, &title, stored.sheet.rows, stored.row_ids, updated.rows).await
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

    #[test]
    fn the_page_sends_configuration_files_and_skips_hidden_folders() {
        assert!(is_config_path("istio/reviews-vs.yaml"));
        assert!(is_config_path("nginx/sites-available/app"));
        assert!(is_config_path("deploy\\gunicorn.conf.py"));
        assert!(!is_config_path("app/models.py"));
        assert!(!is_config_path("logo.png"));
        assert!(!is_config_path("repo/.git/config"));
        assert!(!is_config_path("repo/.env"));
        assert!(!is_config_path(""));
    }

    /// The page's choice of files is the importers' (outside hidden folders).
    #[cfg(feature = "ssr")]
    #[test]
    fn the_pages_choice_of_files_is_the_importers() {
        for name in [
            "a.yaml",
            "a.YML",
            "chart/templates/vs.tpl",
            "nginx.conf",
            "haproxy.cfg",
            "main.tf",
            "application.properties",
            "gunicorn.conf.py",
            "manage.py",
            "README",
            "notes.txt",
            "logo.png",
            "values.json",
            "a.toml",
            "Dockerfile",
            "x.ini",
        ] {
            assert_eq!(
                is_config_path(name),
                workbench_import::Format::is_candidate(name),
                "{name}"
            );
        }
    }
}
