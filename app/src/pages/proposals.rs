//! Proposals: `/sheets/:id/propose` edits a copy of the sheet's rows and saves the change as
//! a proposal instead of applying it (an island: the grid, with the report of the rows as
//! they are typed, as on the sheet page); `/sheets/:id/proposals/:p` shows
//! a proposal for review (the server's page, plain forms): its changes applied to the
//! sheet's current rows, the budget diff with the trace, the conflicts when the sheet moved
//! on, the comments, and the approve and reject forms with the gate.

use budget::Report;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_meta::Title;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::history::{history_crumbs, DiffGrid, Review};
use super::{address_number, loaded};
use crate::api::{
    check_draft, create_proposal, edit_proposal, get_sheet, refused_decision, review_proposal,
    rework_proposal, CommentProposal, DecideProposal, ResolveProposal,
};
use crate::components::error_line::{failure, ErrorLine};
use crate::components::form::labelled;
use crate::components::report::{ReportPanel, SummaryHeadline};
use crate::editor::grid::{follow_changes, Grid};
use crate::editor::state::autosave::take_answer;
use crate::editor::state::draft;
use crate::error::AppError;
use crate::format;
use crate::highlight::Highlight;
use crate::i18n::{t, t_args, ui_lang};
use crate::island::Prop;
use crate::model::{
    CellConflict, ProposalComment, ProposalDraft, ProposalReview, ProposalStatus, RefusedDecision,
    SheetDetail,
};
use budget::diff::ChangedRow;
use workbench_model::report_changes::ReportAnswer;

/// The sheet and proposal ids of a proposal page's address (`/sheets/:id/proposals/:p...`),
/// or the bad part of it.
fn proposal_address() -> impl Fn() -> Result<(i64, i64), AppError> + Copy + Send + Sync + 'static {
    let params = use_params_map();
    move || {
        let p = params.read();
        Ok((
            address_number(&p.get("id").unwrap_or_default())?,
            address_number(&p.get("p").unwrap_or_default())?,
        ))
    }
}

/// `/sheets/:id/propose`: the sheet's rows to edit, saved as a proposal.
#[component]
pub fn ProposePage() -> impl IntoView {
    let params = use_params_map();
    let id = move || params.read().get("id").unwrap_or_default();
    let sheet = Resource::new(
        id,
        |id| async move { get_sheet(address_number(&id)?).await },
    );
    let ui = ui_lang();
    loaded(sheet, t(ui, "sheet-loading"), move |detail| {
        view! {
            <Title text=super::page_title(&t_args(ui, "propose-title", [("name", detail.name.as_str().into())]))/>
            <nav class="crumbs">
                <A href="/">{t(ui, "all-sheets")}</A>
                " · "
                <a href=crate::model::sheet_href(detail.id)>{detail.name.clone()}</a>
            </nav>
            <h1>{t_args(ui, "propose-title", [("name", detail.name.as_str().into())])}</h1>
            <p class="muted">{t(ui, "propose-explained")}</p>
            <ProposalEditor detail=Prop(detail) rework=Prop(None)/>
        }
    })
}

/// `/sheets/:id/proposals/:p/edit`: an open proposal's rows to edit, saved as its new version.
#[component]
pub fn EditProposalPage() -> impl IntoView {
    let key = proposal_address();
    let draft = Resource::new(key, |address| async move {
        let (id, p) = address?;
        edit_proposal(id, p).await
    });
    let ui = ui_lang();
    loaded(draft, t(ui, "proposal-loading"), move |d| {
        let (id, pid) = (d.detail.id, d.proposal);
        let heading = t_args(
            ui,
            "proposal-edit-title",
            [("proposal", pid.into()), ("title", d.title.as_str().into())],
        );
        view! {
            <Title text=super::page_title(&heading)/>
            <nav class="crumbs">
                <A href="/">{t(ui, "all-sheets")}</A>
                " · "
                <a href=crate::model::sheet_href(id)>{d.detail.name.clone()}</a>
                " · "
                <a href=crate::model::proposal_href(id, pid)>{t_args(ui, "proposal-link", [("proposal", pid.into())])}</a>
            </nav>
            <h1>{heading}</h1>
            <p class="muted">
                {t_args(ui, "proposal-edit-explained", [("revision", d.current_revision.into())])}
            </p>
            <ProposalEditor detail=Prop(d.detail.clone()) rework=Prop(Some(d))/>
        }
    })
}

/// The report of a proposal's rows as they are typed: each edit asks the server for the
/// report of the rows as typed ([`check_draft`], which saves nothing), one request at a
/// time (an edit while one is on its way asks once more when it is back, with the rows as
/// they are then), as the sheet page's report follows its typing. The server answers with
/// what changed since the report the editor holds when it still keeps that one.
#[derive(Clone, Copy)]
struct LiveReport {
    id: i64,
    rows: RwSignal<Vec<draft::DraftRow>>,
    report: RwSignal<Report>,
    catalog_defaults: RwSignal<Vec<Option<String>>>,
    /// The server's id of the report shown, when it came from a check.
    report_id: StoredValue<Option<u64>>,
    busy: StoredValue<bool>,
    again: StoredValue<bool>,
}

impl LiveReport {
    /// Asks for the report of the rows as typed now, or once more after the one on its way.
    fn check(self) {
        if self.busy.try_get_value().unwrap_or(true) {
            self.again.try_set_value(true);
            return;
        }
        self.busy.set_value(true);
        spawn_local(async move {
            loop {
                let Some(rows) = self.rows.try_with_untracked(|rs| draft::rows(rs)) else {
                    return;
                };
                let since = self.report_id.try_get_value().flatten();
                let mut misfit = false;
                if let Ok(checked) = check_draft(self.id, rows, since).await {
                    misfit = !self.take(checked.report);
                    self.catalog_defaults.try_set(checked.catalog_defaults);
                }
                let again = self.again.try_update_value(std::mem::take).unwrap_or(false);
                if !again && !misfit {
                    break;
                }
            }
            self.busy.try_set_value(false);
        });
    }

    /// Shows the report `answer` sends; false when it is changes to a report not shown (or
    /// that do not fit it): then the next check asks for a whole one.
    fn take(self, answer: ReportAnswer) -> bool {
        let shown = take_answer(self.report, self.report_id, answer);
        if !shown {
            self.report_id.try_set_value(None);
        }
        shown
    }
}

use proposal_editor::ProposalEditor;

/// [`ProposalEditor`] in a private module, as every lazy island is ([`crate::island`]).
mod proposal_editor {
    use super::*;

    /// The grid of a copy of the rows and the proposal's title, with the proposal's changes
    /// drawn on it, and the report of its rows as they are typed: an island. A new proposal without
    /// `rework`; with it, a new version of that proposal.
    #[island(lazy)]
    pub(super) fn ProposalEditor(
        /// The sheet as the page loaded it.
        detail: Prop<SheetDetail>,
        /// The open proposal being edited, if any (its rows and title start the editor).
        rework: Prop<Option<ProposalDraft>>,
    ) -> impl IntoView {
        crate::island::begin();
        let Prop(SheetDetail {
            id,
            sheet,
            report,
            catalog_defaults,
            row_ids,
            report_id,
            ..
        }) = detail;
        let Prop(rework) = rework;
        let editing = rework.as_ref().map(|r| (r.proposal, r.current_revision));
        // The sheet's report is kept by the server for the first check; a reworked proposal's
        // is not.
        let (start, title, report, catalog_defaults, report_id) = match rework {
            Some(r) => (r.rows, r.title, r.report, r.catalog_defaults, None),
            None => (
                sheet.rows.clone(),
                String::new(),
                report,
                catalog_defaults,
                report_id,
            ),
        };
        let rows = RwSignal::new(draft::drafts(&start, 0));
        let lang = RwSignal::new(sheet.lang);
        let report = RwSignal::new(report);
        Highlight::provide(report.into());
        let catalog_defaults = RwSignal::new(catalog_defaults);
        let title = RwSignal::new(title);
        let error = RwSignal::new(None::<AppError>);
        let sending = RwSignal::new(false);
        let base_rows = sheet.rows.clone();
        // The proposal's changes drawn on the grid as they are typed.
        let marks = follow_changes(rows, Some(sheet.rows.clone()));
        let live = LiveReport {
            id,
            rows,
            report,
            catalog_defaults,
            report_id: StoredValue::new(report_id),
            busy: StoredValue::new(false),
            again: StoredValue::new(false),
        };
        let on_change = Callback::new(move |()| live.check());
        // A checked fix changes the proposal's rows, as the sheet page's Apply changes the sheet's.
        let on_apply = Callback::new(move |fix: budget::fix::Fix| {
            crate::editor::sheet::apply_fix(rows, &fix);
            live.check();
        });
        let submit = move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            let (base_rows, base_ids) = (base_rows.clone(), row_ids.clone());
            let now = rows.with_untracked(|rs| draft::rows(rs));
            let t = title.get_untracked();
            sending.set(true);
            spawn_local(async move {
                let sent = match editing {
                    Some((pid, revision)) => {
                        rework_proposal(id, pid, t, revision, base_rows, base_ids, now).await
                    }
                    None => create_proposal(id, t, base_rows, base_ids, now)
                        .await
                        .map(|_| ()),
                };
                if let Err(e) = sent {
                    error.set(Some(e));
                }
                sending.set(false);
            });
        };
        let ui = ui_lang();
        view! {
            <form class="card propose" on:submit=submit data-testid="propose-form">
                {labelled(t(ui, "proposal-title-label"), view! {
                    <input
                        type="text"
                        required
                        maxlength="200"
                        data-testid="proposal-title"
                        prop:value=move || title.get()
                        on:input=move |ev| title.set(event_target_value(&ev))
                    />
                })}
                " "
                <button type="submit" class="button primary" data-testid="submit-proposal" disabled=move || sending.get()>
                    {if editing.is_some() { t(ui, "proposal-save") } else { t(ui, "proposal-submit") }}
                </button>
                <ErrorLine error=Signal::derive(move || error.get()) testid="proposal-error"/>
            </form>
            <SummaryHeadline report lang/>
            <div class="sheet-layout">
                <section class="grid-pane" aria-label=t(ui, "rows-label")>
                    <Grid rows report lang catalog_defaults on_change marks/>
                </section>
                <aside class="report-pane">
                    <ReportPanel report lang on_apply/>
                </aside>
            </div>
        }
    }
}

/// `/sheets/:id/proposals/:p`: one proposal, for review.
#[component]
pub fn ProposalPage() -> impl IntoView {
    let key = proposal_address();
    let review = Resource::new(key, |address| async move {
        let (id, p) = address?;
        let review = review_proposal(id, p).await?;
        Ok((review, refused_decision(id, p)))
    });
    loaded(
        review,
        t(ui_lang(), "proposal-loading"),
        |(review, refused)| {
            view! { <Proposal review refused/> }
        },
    )
}

/// One proposal's review; `refused`: the decision on it just refused, shown with its reason
/// and its form's comment and "approve anyway" box as they were.
#[component]
fn Proposal(review: ProposalReview, refused: Option<RefusedDecision>) -> impl IntoView {
    let ProposalReview {
        sheet_id: id,
        sheet_name,
        proposal,
        current_revision,
        stale,
        conflicts,
        diff,
        grid,
        comments,
        gate,
    } = review;
    let lang = diff.lang;
    let has_conflicts = conflicts.iter().any(|c| c.column.is_some());
    let ui = ui_lang();
    let pid = proposal.id;
    let open = proposal.status == ProposalStatus::Open;
    let decided_by = proposal.decided_by.clone().unwrap_or_default();
    let status = match (proposal.status, proposal.revision) {
        (ProposalStatus::Open, _) => t(ui, "proposal-open"),
        (ProposalStatus::Approved, Some(revision)) => t_args(
            ui,
            "proposal-approved-as",
            [
                ("reviewer", decided_by.as_str().into()),
                ("revision", revision.into()),
            ],
        ),
        (ProposalStatus::Approved, None) => t_args(
            ui,
            "proposal-approved-by",
            [("reviewer", decided_by.as_str().into())],
        ),
        (ProposalStatus::Rejected, _) => t_args(
            ui,
            "proposal-rejected-by",
            [("reviewer", decided_by.as_str().into())],
        ),
    };
    let decision_note = proposal
        .decision_note
        .clone()
        .filter(|n| !n.is_empty())
        .map(|n| view! { <p data-testid="decision-note">"“" {n} "”"</p> });
    let stale_note = stale.then(|| {
        view! {
            <p class="banner" data-testid="stale">
                {t_args(
                    ui,
                    "proposal-stale",
                    [("base", proposal.base_revision.into()), ("current", current_revision.into())],
                )}
            </p>
        }
    });
    let heading = t_args(
        ui,
        "proposal-heading",
        [
            ("proposal", pid.into()),
            ("title", proposal.title.as_str().into()),
        ],
    );
    view! {
        <Title text=super::page_title(&heading)/>
        {history_crumbs(ui, id, sheet_name)}
        <h1 data-testid="proposal-title">{heading.clone()}</h1>
        <p data-testid="proposal-status">
            {t_args(
                ui,
                "proposal-status-line",
                [
                    ("author", proposal.author.as_str().into()),
                    ("base", proposal.base_revision.into()),
                    ("status", status.into()),
                ],
            )}
        </p>
        {decision_note}
        {open.then(|| view! {
            <p>
                <a href=format!("{}/edit", crate::model::proposal_href(id, pid)) class="button" data-testid="edit-proposal">
                    {t(ui, "proposal-edit")}
                </a>
                " "
                <span class="muted">{t(ui, "proposal-edit-note")}</span>
            </p>
        })}
        {stale_note}
        <Conflicts id pid conflicts/>
        <p class="headline" data-testid="diff-headline">{diff.headline.clone()}</p>
        <Review diff=diff.clone()/>
        <h2>{t(ui, "rows-label")}</h2>
        <DiffGrid lines=grid lang/>
        <Comments id pid comments changed=diff.rows.changed.clone()/>
        {open.then(|| view! { <DecideForm id pid current_revision gate has_conflicts refused/> })}
    }
}

/// The cells of a proposal (`pid` on sheet `id`) whose sheet text changed since its base
/// (`conflicts`), each with the buttons that keep the proposal's text or take the sheet's;
/// nothing when there are none.
#[component]
fn Conflicts(id: i64, pid: i64, conflicts: Vec<CellConflict>) -> impl IntoView {
    let ui = ui_lang();
    let conflict_items = conflicts
        .into_iter()
        .filter_map(|c| {
            let column = c.column?;
            let resolve = ServerAction::<ResolveProposal>::new();
            let place = match c.line {
                Some(l) => t_args(
                    ui,
                    "conflict-row-cell",
                    [("line", l.into()), ("column", column.header(ui).into())],
                ),
                None => t_args(
                    ui,
                    "conflict-deleted-row-cell",
                    [("column", column.header(ui).into())],
                ),
            };
            let theirs = c.theirs.clone().unwrap_or_else(|| t(ui, "conflict-deleted"));
            let text = t_args(
                ui,
                "proposal-conflict",
                [
                    ("place", place.into()),
                    ("mine", c.mine.clone().unwrap_or_default().into()),
                    ("theirs", theirs.into()),
                    ("base", c.base.as_str().into()),
                ],
            );
            let col = column.header(budget::Lang::En);
            Some(view! {
                <li data-testid="proposal-conflict">
                    <span data-testid="proposal-conflict-text">{text}</span>
                    <ActionForm action=resolve attr:class="inline">
                        <input type="hidden" name="id" value=id/>
                        <input type="hidden" name="proposal" value=pid/>
                        <input type="hidden" name="row_id" value=c.row_id/>
                        <input type="hidden" name="column" value=col/>
                        <button type="submit" name="keep" value="proposal" class="button primary" data-testid="keep-proposal">{t(ui, "proposal-keep")}</button>
                        " "
                        <button type="submit" name="keep" value="theirs" class="button" data-testid="keep-theirs">{t(ui, "proposal-take-sheet")}</button>
                    </ActionForm>
                    <ErrorLine error=failure(resolve) testid="resolve-error"/>
                </li>
            })
        })
        .collect::<Vec<_>>();
    (!conflict_items.is_empty()).then(|| {
        view! {
            <div class="banner banner-error" data-testid="proposal-conflicts">
                <p>{t(ui, "proposal-conflicts-explained")}</p>
                <ul>{conflict_items}</ul>
            </div>
        }
    })
}

/// A proposal's comments, and the form that adds one on the whole proposal or on one of the
/// cells it changes (`changed`, the diff's changed rows).
#[component]
fn Comments(
    id: i64,
    pid: i64,
    comments: Vec<ProposalComment>,
    changed: Vec<ChangedRow>,
) -> impl IntoView {
    let ui = ui_lang();
    let cells: Vec<(String, String)> = changed
        .iter()
        .flat_map(|r| {
            r.cells.iter().filter_map(move |c| {
                let rid = r.id?;
                Some((
                    format!("{rid}:{}", c.column.header(budget::Lang::En)),
                    t_args(
                        ui,
                        "conflict-row-cell",
                        [
                            ("line", r.after_line.into()),
                            ("column", c.column.header(ui).into()),
                        ],
                    ),
                ))
            })
        })
        .collect();
    let comment_items = comments
        .into_iter()
        .map(|c| {
            let place = match c.column {
                Some(col) => {
                    format::cell_place(ui, c.line, col, "comment-place", "comment-place-gone")
                }
                None => String::new(),
            };
            let changed = c.changed_since.then(|| view! { <span class="badge" data-testid="changed-since">" " {t(ui, "comment-changed-since")}</span> });
            view! {
                <li data-testid="comment">
                    <strong>{c.author}</strong>
                    " · "
                    <span data-testid="comment-place">{place}</span>
                    <span data-testid="comment-body">{c.body}</span>
                    {changed}
                </li>
            }
        })
        .collect::<Vec<_>>();
    let comment = ServerAction::<CommentProposal>::new();
    let options = cells
        .into_iter()
        .map(|(value, label)| view! { <option value=value>{label}</option> })
        .collect::<Vec<_>>();
    view! {
        <section class="card comments">
            <h2>{t(ui, "comments-title")}</h2>
            <ul data-testid="comments">{comment_items}</ul>
            <ActionForm action=comment attr:data-testid="comment-form">
                <input type="hidden" name="id" value=id/>
                <input type="hidden" name="proposal" value=pid/>
                {labelled(t(ui, "comment-on"), view! {
                    <select name="cell" data-testid="comment-cell">
                        <option value="">{t(ui, "comment-whole")}</option>
                        {options}
                    </select>
                })}
                <label>
                    " "
                    {t(ui, "comment-label")}
                    " "
                    <textarea name="body" rows="2" required data-testid="comment-text"></textarea>
                </label>
                <button type="submit" class="button" data-testid="add-comment">{t(ui, "comment-add")}</button>
                <ErrorLine error=failure(comment) testid="comment-error"/>
            </ActionForm>
        </section>
    }
}

/// The reviewer's form of an open proposal: a comment, Approve (disabled while cells are
/// in conflict; with the gate's "approve anyway" when it brings a new error) and Reject.
/// `refused`: the decision just refused, its reason shown and its fields as they were.
#[component]
fn DecideForm(
    id: i64,
    pid: i64,
    current_revision: i64,
    gate: bool,
    has_conflicts: bool,
    refused: Option<RefusedDecision>,
) -> impl IntoView {
    let ui = ui_lang();
    let decide = ServerAction::<DecideProposal>::new();
    let decide_failure = failure(decide);
    let (refused_error, refused_comment, refused_anyway) = match refused {
        Some(r) => (Some(r.error), r.comment, r.anyway),
        None => (None, String::new(), false),
    };
    let gate_box = gate.then(|| {
        view! {
            <p class="banner banner-error" data-testid="gate">
                {t(ui, "proposal-gate")}
            </p>
            <label>
                <input type="checkbox" name="anyway" checked=refused_anyway data-testid="approve-anyway"/>
                " "
                {t(ui, "proposal-approve-anyway")}
            </label>
        }
    });
    view! {
        <ActionForm action=decide attr:class="card decide" attr:data-testid="decide-form">
            <h2>{t(ui, "proposal-review")}</h2>
            <input type="hidden" name="id" value=id/>
            <input type="hidden" name="proposal" value=pid/>
            <input type="hidden" name="seen_revision" value=current_revision/>
            {gate_box}
            {labelled(t(ui, "comment-label"), view! {
                <textarea name="comment" rows="2" data-testid="decision-comment">{refused_comment}</textarea>
            })}
            <p class="buttons">
                <button type="submit" name="decision" value="approve" class="button primary" data-testid="approve" disabled=has_conflicts>{t(ui, "proposal-approve")}</button>
                " "
                <button type="submit" name="decision" value="reject" class="button" data-testid="reject">{t(ui, "proposal-reject")}</button>
            </p>
            <ErrorLine
                error=Signal::derive(move || decide_failure.get().or_else(|| refused_error.clone()))
                testid="decide-error"
            />
        </ActionForm>
    }
}
