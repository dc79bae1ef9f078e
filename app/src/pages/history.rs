//! A sheet's history (`/sheets/:id/history`) and the diff of two of its revisions
//! (`/sheets/:id/diff?from=N&to=M`). Both render on the server only (no island): the history
//! lists every revision with its author (an approved proposal's proposer and reviewer, and
//! the comment that approved it past the gate) and counts, each with its diff and a restore
//! form; the diff page shows the review (headline, the causal trace, the flipped verdicts, the
//! findings that appeared and disappeared, the budgets before → after) and the sheet's rows
//! with the change drawn on them.

use budget::diff::{GridLine, LineChange, SheetDiff};
use budget::{display, Column, Lang};
use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::{address_number, loaded};
use crate::api::{diff_revisions, list_revisions, RestoreRevision};
use crate::i18n::{t, t_args, ui_lang};
use crate::model::{DiffView, HistoryView, RevisionKind, RevisionSummary};

/// `/sheets/:id/history`: every revision, newest first.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let params = use_params_map();
    let id = move || params.read().get("id").unwrap_or_default();
    let history = Resource::new(id, |id| async move {
        list_revisions(address_number(&id)?).await
    });
    loaded(
        history,
        t(ui_lang(), "history-loading"),
        |view| view! { <History view/> },
    )
}

/// What made a revision, in `lang`: `"saved"`, `"保存"`.
fn kind_text(lang: Lang, kind: RevisionKind) -> String {
    let key = match kind {
        RevisionKind::Create => "revision-created",
        RevisionKind::Save => "revision-saved",
        RevisionKind::Fix => "revision-fixed",
        RevisionKind::Paste => "revision-pasted",
        RevisionKind::Import => "revision-imported",
        RevisionKind::Restore => "revision-restored",
        RevisionKind::Settings => "revision-settings",
        RevisionKind::Baseline => "revision-baseline",
    };
    t(lang, key)
}

/// Who made a revision, in `lang`: its author, or for an approved proposal its proposer and
/// its reviewer (`proposed by alice · approved by bob`).
fn who_text(lang: Lang, r: &RevisionSummary) -> String {
    match &r.approved_by {
        Some(reviewer) => t_args(
            lang,
            "revision-proposed-approved",
            [
                ("author", r.author.as_str().into()),
                ("reviewer", reviewer.as_str().into()),
            ],
        ),
        None => r.author.clone(),
    }
}

/// What changed in a revision, in words in `lang`: `2 cells, 1 row added`.
fn changes_text(lang: Lang, r: &RevisionSummary) -> String {
    let parts: Vec<String> = [
        (r.changed_cells, "revision-cells"),
        (r.rows_added, "revision-rows-added"),
        (r.rows_removed, "revision-rows-removed"),
    ]
    .into_iter()
    .filter(|(count, _)| *count > 0)
    .map(|(count, key)| t_args(lang, key, [("count", count.into())]))
    .collect();
    if parts.is_empty() {
        display::UNKNOWN.to_string()
    } else {
        parts.join(&t(lang, "list-separator"))
    }
}

#[component]
fn History(view: HistoryView) -> impl IntoView {
    let HistoryView {
        id,
        name,
        revisions,
    } = view;
    let ui = ui_lang();
    // Newest first, as listed.
    let numbers: Vec<i64> = revisions.iter().map(|r| r.number).collect();
    let rows = revisions
        .into_iter()
        .map(|r| {
            let restore = ServerAction::<RestoreRevision>::new();
            let number = r.number;
            let diff_link = (number > 1).then(|| {
                view! {
                    <a href=format!("/sheets/{id}/diff?from={}&to={number}", number - 1) data-testid="diff-link">
                        {t(ui, "revision-diff")}
                    </a>
                }
            });
            // An approved proposal's message links to the proposal.
            let message = (!r.message.is_empty()).then(|| match r.proposal_id {
                Some(p) => view! {
                    <span class="muted">" · " <a href=crate::model::proposal_href(id, p) data-testid="revision-proposal">{r.message.clone()}</a></span>
                }
                .into_any(),
                None => view! { <span class="muted">" · " {r.message.clone()}</span> }.into_any(),
            });
            // The comment of an approval past the gate ("approve anyway").
            let gate_note = r.gate_note.clone().map(|note| {
                view! {
                    " · "
                    <span class="gate-note" data-testid="revision-gate-note">
                        {t_args(ui, "revision-gate-note", [("note", note.into())])}
                    </span>
                }
            });
            view! {
                <tr data-testid="revision" data-number=number>
                    <td>{number}</td>
                    <td data-testid="revision-kind">{kind_text(ui, r.kind)} {message} {gate_note}</td>
                    <td data-testid="revision-author">{who_text(ui, &r)}</td>
                    <td><time datetime=crate::format::rfc3339(r.saved_at_ms)>{crate::format::utc_time(ui, r.saved_at_ms)}</time></td>
                    <td class="num" data-testid="revision-rows">{r.rows}</td>
                    <td class="num" data-testid="revision-errors">{r.errors}</td>
                    <td class="num" data-testid="revision-warnings">{r.warnings}</td>
                    <td class="num" data-testid="revision-inversions">{r.inversions}</td>
                    <td data-testid="revision-changes">{changes_text(ui, &r)}</td>
                    <td>{diff_link}</td>
                    <td>
                        <a href=crate::model::changes_href(id, Some(number)) data-testid="since-link" title=t(ui, "revision-since-title")>
                            {t(ui, "revision-since")}
                        </a>
                    </td>
                    <td>
                        <ActionForm action=restore attr:class="inline">
                            <input type="hidden" name="id" value=id/>
                            <input type="hidden" name="number" value=number/>
                            <button type="submit" class="button" data-testid="restore">{t(ui, "revision-restore")}</button>
                        </ActionForm>
                    </td>
                </tr>
            }
        })
        .collect::<Vec<_>>();
    // Any two revisions compared: a plain form (it works without JavaScript), from the first
    // revision to the latest unless chosen otherwise.
    let compare = (numbers.len() > 1).then(|| {
        let options = |selected: i64| {
            numbers
                .iter()
                .map(|&n| view! { <option value=n selected=n == selected>{n}</option> })
                .collect::<Vec<_>>()
        };
        let (first, latest) = (numbers[numbers.len() - 1], numbers[0]);
        view! {
            <form method="get" action=format!("/sheets/{id}/diff") class="compare" data-testid="compare-form">
                {t(ui, "history-compare")}
                " "
                <label>{t(ui, "history-compare-from")} " " <select name="from" data-testid="compare-from">{options(first)}</select></label>
                " "
                <label>{t(ui, "history-compare-to")} " " <select name="to" data-testid="compare-to">{options(latest)}</select></label>
                " "
                <button type="submit" class="button" data-testid="compare-submit">{t(ui, "history-compare-submit")}</button>
            </form>
        }
    });
    view! {
        <Title text=super::page_title(&t_args(ui, "history-title", [("name", name.as_str().into())]))/>
        <nav class="crumbs">
            <A href="/">{t(ui, "all-sheets")}</A>
            " · "
            <a href=crate::model::sheet_href(id)>{name.clone()}</a>
        </nav>
        <h1>{t_args(ui, "history-title", [("name", name.as_str().into())])}</h1>
        <p class="muted">{t(ui, "history-explained")}</p>
        {compare}
        <table class="history" data-testid="history">
            <thead>
                <tr>
                    <th>"#"</th><th>{t(ui, "history-col-what")}</th><th>{t(ui, "history-col-who")}</th><th>{t(ui, "history-col-when")}</th>
                    <th>{t(ui, "sheets-col-rows")}</th><th>{t(ui, "sheets-col-errors")}</th><th>{t(ui, "sheets-col-warnings")}</th><th>{t(ui, "history-col-inversions")}</th>
                    <th>{t(ui, "history-col-changed")}</th><th></th><th></th><th></th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// `/sheets/:id/diff?from=N&to=M`: two revisions compared (default: the latest and the one
/// before it).
#[component]
pub fn DiffPage() -> impl IntoView {
    let params = use_params_map();
    let query = use_query_map();
    let key = move || {
        let id = params.read().get("id").unwrap_or_default();
        let q = query.read();
        let number = |k: &str| q.get(k).and_then(|v| v.parse::<i64>().ok());
        (id, number("from"), number("to"))
    };
    let diff = Resource::new(key, |(id, from, to)| async move {
        diff_revisions(address_number(&id)?, from, to).await
    });
    loaded(
        diff,
        t(ui_lang(), "diff-loading"),
        |view| view! { <Diff view/> },
    )
}

#[component]
fn Diff(view: DiffView) -> impl IntoView {
    let DiffView {
        id,
        name,
        from,
        to,
        latest,
        diff,
        grid,
    } = view;
    let lang = diff.lang;
    let ui = ui_lang();
    // The links to the neighbouring diffs, each followed by a separator only when there is one.
    let previous = (from > 1).then(|| view! { <a href=format!("/sheets/{id}/diff?from={}&to={}", from - 1, from)>{t(ui, "diff-earlier")}</a> " · " });
    let next = (to < latest).then(|| view! { <a href=format!("/sheets/{id}/diff?from={}&to={}", to, to + 1)>{t(ui, "diff-later")}</a> " · " });
    let title = t_args(
        ui,
        "diff-title",
        [
            ("name", name.as_str().into()),
            ("from", from.into()),
            ("to", to.into()),
        ],
    );
    view! {
        <Title text=super::page_title(&title)/>
        {history_crumbs(ui, id, name)}
        <h1>{title.clone()}</h1>
        <p class="crumbs">
            {previous}
            {next}
            <a href=crate::model::changes_href(id, Some(from)) data-testid="since-link">
                {t_args(ui, "diff-edit-since", [("revision", from.into())])}
            </a>
        </p>
        <p class="headline" data-testid="diff-headline">{diff.headline.clone()}</p>
        <Review diff=diff.clone()/>
        <h2>{t(ui, "rows-label")}</h2>
        <DiffGrid lines=grid lang/>
    }
}

/// The crumbs of a page under sheet `id`'s history, in the UI language `ui`: all sheets, the
/// sheet `name`, its history.
pub(super) fn history_crumbs(ui: Lang, id: i64, name: String) -> impl IntoView {
    view! {
        <nav class="crumbs">
            <A href="/">{t(ui, "all-sheets")}</A>
            " · "
            <a href=crate::model::sheet_href(id)>{name}</a>
            " · "
            <a href=format!("/sheets/{id}/history")>{t(ui, "history-link")}</a>
        </nav>
    }
}

/// The review: the changed sheet settings, the trace, the flipped verdicts, the findings, the
/// budgets.
#[component]
pub(crate) fn Review(diff: SheetDiff) -> impl IntoView {
    let lang = diff.lang;
    let ui = ui_lang();
    let trace = if diff.trace.is_empty() {
        view! { <p class="muted" data-testid="trace-empty">{t(ui, "review-trace-empty")}</p> }
            .into_any()
    } else {
        let items = diff
            .trace
            .iter()
            .map(|t| {
                let attempts = t
                    .attempts
                    .iter()
                    .map(|a| {
                        t_args(
                            ui,
                            "review-attempts",
                            [
                                ("node", a.node.as_str().into()),
                                ("before", a.attempts.before.into()),
                                ("after", a.attempts.after.into()),
                            ],
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ");
                let attempts = (!attempts.is_empty()).then(|| view! { <br/><span class="muted" data-testid="trace-attempts">{attempts}</span> });
                view! { <li><span data-testid="trace">{t.text.clone()}</span>{attempts}</li> }
            })
            .collect::<Vec<_>>();
        view! { <ul class="trace">{items}</ul> }.into_any()
    };
    // One line above the trace: `Sheet settings changed: margin 1.0 s → 1.5 s`.
    let settings = (!diff.settings.is_empty()).then(|| {
        let items = diff
            .settings
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let sep = (i > 0).then_some(", ");
                view! { {sep}<span data-testid="setting-change">{s.text.clone()}</span> }
            })
            .collect::<Vec<_>>();
        view! { <p data-testid="settings-diff"><strong>{t(ui, "review-settings")}</strong>": " {items}</p> }
    });
    let flips = diff
        .flips
        .iter()
        .map(|f| view! { <li class=format!("verdict-{}", display::verdict_code(f.verdict.after)) data-testid="flip">{f.text.clone()}</li> })
        .collect::<Vec<_>>();
    let finding = |f: &budget::Finding, new: bool| {
        let rows = display::rows(lang, &f.rows);
        let text = format!(
            "{} {}{}: {}",
            display::severity(lang, f.severity),
            f.code.as_str(),
            if rows.is_empty() {
                String::new()
            } else {
                format!(" ({rows})")
            },
            f.message
        );
        view! {
            <li data-testid=if new { "appeared" } else { "disappeared" }>
                {t_args(ui, if new { "review-new" } else { "review-gone" }, [("finding", text.into())])}
            </li>
        }
    };
    let findings = diff
        .appeared
        .iter()
        .map(|f| finding(f, true))
        .chain(diff.disappeared.iter().map(|f| finding(f, false)))
        .collect::<Vec<_>>();
    // Each changed number of a node or hop, with the place it is in: the node, the hop.
    let placed = |place: String, numbers: Vec<(&'static str, String, String)>| {
        numbers
            .into_iter()
            .map(move |(what, before, after)| (place.clone(), what, before, after))
    };
    let budget_rows = diff
        .nodes
        .iter()
        .flat_map(|n| {
            let place = t_args(ui, "review-node", [("name", n.name.as_str().into())]);
            placed(place, n.numbers(lang))
        })
        .chain(diff.hops.iter().flat_map(|h| {
            let place = t_args(ui, "review-hop", [("segment", h.segment.as_str().into())]);
            placed(place, h.numbers(lang))
        }));
    let budgets = budget_rows
        .map(|(place, what, before, after)| view! { <tr data-testid="budget-change"><td>{place}</td><td>{what}</td><td>{before}</td><td>{after}</td></tr> })
        .collect::<Vec<_>>();
    view! {
        <section class="card review">
            <h2>{t(ui, "review-title")}</h2>
            {settings}
            <h3>{t(ui, "review-trace")}</h3>
            {trace}
            <h3>{t(ui, "review-flips")}</h3>
            <ul data-testid="flips">{flips}</ul>
            <h3>{t(ui, "report-findings")}</h3>
            <ul data-testid="findings-diff">{findings}</ul>
            <h3>{t(ui, "review-numbers")}</h3>
            <table class="budgets">
                <thead><tr><th>{t(ui, "review-col-where")}</th><th>{t(ui, "history-col-what")}</th><th>{t(ui, "review-col-before")}</th><th>{t(ui, "review-col-after")}</th></tr></thead>
                <tbody>{budgets}</tbody>
            </table>
        </section>
    }
}

/// The rows with the change drawn on them: changed cells with the old text struck through
/// beside the new, added rows marked, removed rows struck through where they were.
#[component]
pub(crate) fn DiffGrid(lines: Vec<GridLine>, lang: budget::Lang) -> impl IntoView {
    let head = Column::ALL
        .iter()
        .map(|c| view! { <th>{c.header(lang)}</th> })
        .collect::<Vec<_>>();
    let body = lines
        .into_iter()
        .map(|l| {
            let class = match l.change {
                LineChange::Same => "same",
                LineChange::Changed => "changed",
                LineChange::Moved => "moved",
                LineChange::Added => "added",
                LineChange::Removed => "removed",
            };
            let line = match (l.after_line, l.before_line) {
                (Some(a), _) => a.to_string(),
                (None, Some(b)) => format!("({b})"),
                (None, None) => String::new(),
            };
            let cells = l
                .cells
                .into_iter()
                .map(|c| match c.old {
                    Some(old) => view! {
                        <td class="cell-changed" data-testid="changed-cell">
                            <del class="cell-text">{old}</del>
                            " "
                            <ins class="cell-text">{c.text}</ins>
                        </td>
                    }
                    .into_any(),
                    None => view! { <td><span class="cell-text">{c.text}</span></td> }.into_any(),
                })
                .collect::<Vec<_>>();
            view! {
                <tr class=format!("diff-line {class}") data-testid="diff-line" data-change=class>
                    <td class="line">{line}</td>
                    {cells}
                </tr>
            }
        })
        .collect::<Vec<_>>();
    view! {
        <table class="diff-grid" data-testid="diff-grid">
            <thead><tr><th>"#"</th>{head}</tr></thead>
            <tbody>{body}</tbody>
        </table>
    }
}
