//! Server functions: thin wrappers over the store (`workbench_store::Store`, provided as context
//! by the server) and `budget`. Each returns [`AppError`] on failure, which crosses the
//! network intact, with an HTTP status that fits it (400, 404 or 500). Every answer is JSON
//! read as text ([`JsonText`]), as the islands read their props.

use budget::{Lang, Report, Row};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

use crate::codec::JsonText;
use crate::error::AppError;
mod inputs;

pub use inputs::{
    config_bytes, example, is_config_path, ConfigDrift, ConfigFile, DriftLine, MAX_CONFIG_BYTES,
    MAX_CONFIG_FILES,
};

use crate::model::{
    CatalogOption, Checked, DiffView, HistoryView, ProposalDraft, ProposalReview, ProposalSummary,
    RevisionKind, Saved, SheetDetail, SheetSummary, SinceRevision,
};

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
/// paste without a header). A blank `name` becomes the name field's placeholder in the page's
/// language (`Imported sheet`, `取り込んだシート`).
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

/// Creates a sheet named `name` (blank: the name field's placeholder in the page's language, as
/// for [`import_sheet`]) with headers in `lang` from
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
        imp::config::import_config_sheet(&name, lang, files)
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
    imp::reply(imp::config::propose_config(id, files).await)
}

/// Compares sheet `id` as stored with configuration files (`workbench_import::drift::drift`):
/// each row whose location names a file is checked against the value the file sets there now;
/// a file the rows name that is not among `files` counts as gone. Refused when no file is given
/// or the files are too many or too large, as for [`import_config_sheet`].
#[server(input = Json, output = JsonText)]
pub async fn compare_config(id: i64, files: Vec<ConfigFile>) -> Result<ConfigDrift, AppError> {
    imp::reply(imp::config::compare_config(id, files).await)
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
/// [`AppError::TooManyRows`] for more than [`budget::tsv::MAX_ROWS`] rows, and
/// [`AppError::TooLarge`] for rows whose TSV export is larger than the 1 MiB an import takes
/// ([`crate::model::MAX_TSV_BYTES`]), each when the sheet would grow past it (a sheet already
/// past a limit may shrink); nothing is written.
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
            imp::Edited {
                base_rows,
                base_ids,
                rows,
            },
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
    let edited = imp::Edited {
        base_rows,
        base_ids,
        rows,
    };
    imp::reply(imp::proposals::create_proposal(id, &title, edited).await)
}

/// Open proposal `proposal` of sheet `id` to edit: the sheet now and the rows the proposal
/// gives.
#[server(output = JsonText)]
pub async fn edit_proposal(id: i64, proposal: i64) -> Result<ProposalDraft, AppError> {
    imp::reply(imp::proposals::proposal_draft(id, proposal).await)
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
        imp::proposals::rework_proposal(
            id,
            proposal,
            &title,
            base_revision,
            imp::Edited {
                base_rows,
                base_ids,
                rows,
            },
        )
        .await,
    )
}

/// Proposal `proposal` of sheet `id` for review: applied to the current rows, with its diff,
/// conflicts and comments.
#[server(output = JsonText)]
pub async fn review_proposal(id: i64, proposal: i64) -> Result<ProposalReview, AppError> {
    imp::reply(imp::proposals::review_proposal(id, proposal).await)
}

/// Sheet `id`'s proposals, newest first.
#[server(output = JsonText)]
pub async fn list_proposals(id: i64) -> Result<Vec<ProposalSummary>, AppError> {
    imp::reply(imp::proposals::list_proposals(id).await)
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
    imp::reply(imp::proposals::comment_proposal(id, proposal, &body, cell.as_deref()).await)
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
        imp::proposals::decide_proposal(
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
    return imp::proposals::take_refused_decision(id, proposal);
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
    imp::reply(imp::proposals::resolve_proposal(id, proposal, row_id, &column, &keep).await)
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

/// What the server functions do, on the server (`api/imp.rs`).
#[cfg(feature = "ssr")]
mod imp;

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
