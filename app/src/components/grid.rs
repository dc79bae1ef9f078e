//! The editable grid: eight text inputs per row, the derived columns from the report, and
//! the row actions (add, delete, move up and down). The setting inputs autocomplete from the
//! catalog, and an empty default cell offers the catalog's documented default.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::{display, Column, Lang, Report, Severity};
use leptos::prelude::*;

use super::catalog::{FillDefault, SETTINGS_LIST};
use crate::draft::{self, DraftRow};
use crate::format;
use crate::highlight::Highlight;
use crate::hydrated::Hydrated;

/// The lines that findings refer to, each with the worst severity among them.
pub fn flagged_lines(report: &Report) -> BTreeMap<usize, Severity> {
    let mut flags = BTreeMap::new();
    for finding in &report.findings {
        for line in &finding.rows {
            flags
                .entry(*line)
                .and_modify(|s: &mut Severity| *s = (*s).min(finding.severity))
                .or_insert(finding.severity);
        }
    }
    flags
}

/// What the grid draws for the changes since an earlier revision: for each line of the rows
/// being edited, how it changed and the old text of its changed cells; and the rows removed
/// since, each after the line it followed (0: before the first). Built from
/// [`budget::diff::grid`], which the engine computes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangeMarks {
    /// By line (index `line - 1`): how the row changed and each cell's old text, in
    /// [`Column::ALL`] order, where it changed.
    pub lines: Vec<(LineChange, Vec<Option<String>>)>,
    /// The removed rows' cells, by the line they come after.
    pub removed: BTreeMap<usize, Vec<Vec<String>>>,
    /// Cells changed, rows added, rows removed, rows moved.
    pub counts: (usize, usize, usize, usize),
}

impl ChangeMarks {
    /// The marks of `now` (the rows being edited) against `then` (an earlier revision's).
    pub fn new(then: &[budget::Row], now: &[budget::Row]) -> ChangeMarks {
        let diff = budget::diff::rows_by_content(then, now);
        let mut marks = ChangeMarks {
            counts: (
                diff.changed_cells(),
                diff.added.len(),
                diff.removed.len(),
                diff.moved.len(),
            ),
            ..ChangeMarks::default()
        };
        for line in budget::diff::grid(then, now, &diff) {
            if line.change == LineChange::Removed {
                let after = marks.lines.len();
                let cells = line.cells.into_iter().map(|c| c.text).collect();
                marks.removed.entry(after).or_default().push(cells);
            } else {
                let old = line.cells.into_iter().map(|c| c.old).collect();
                marks.lines.push((line.change, old));
            }
        }
        marks
    }

    /// How line `line` changed, if it is there.
    pub fn change(&self, line: usize) -> Option<LineChange> {
        self.lines.get(line.wrapping_sub(1)).map(|(c, _)| *c)
    }

    /// The old text of the cell of `column` on line `line`, when it changed.
    pub fn old(&self, line: usize, column: Column) -> Option<String> {
        let index = Column::ALL.iter().position(|c| *c == column)?;
        self.lines
            .get(line.wrapping_sub(1))
            .and_then(|(_, old)| old.get(index).cloned().flatten())
    }

    /// One line of words for the counts: "2 cells changed, 1 row added".
    pub fn summary(&self) -> String {
        let (cells, added, removed, moved) = self.counts;
        let part = |n: usize, one: &str, many: &str| match n {
            0 => None,
            1 => Some(format!("1 {one}")),
            n => Some(format!("{n} {many}")),
        };
        let parts: Vec<String> = [
            part(cells, "cell changed", "cells changed"),
            part(added, "row added", "rows added"),
            part(removed, "row removed", "rows removed"),
            part(moved, "row moved", "rows moved"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            "no change".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The marks of `rows` against `then` (an earlier revision's rows), recomputed as they are
/// typed; none without `then`.
pub fn follow_changes(
    rows: RwSignal<Vec<DraftRow>>,
    then: Option<Vec<budget::Row>>,
) -> Memo<Option<ChangeMarks>> {
    let then = StoredValue::new(then);
    Memo::new(move |_| {
        then.with_value(|then| {
            then.as_ref().map(|then| {
                let now: Vec<budget::Row> = rows.with(|rs| rs.iter().map(DraftRow::read).collect());
                ChangeMarks::new(then, &now)
            })
        })
    })
}

/// The CSS class of a line that changed.
fn change_class(change: LineChange) -> &'static str {
    match change {
        LineChange::Same => "",
        LineChange::Changed => "diff-changed",
        LineChange::Moved => "diff-moved",
        LineChange::Added => "diff-added",
        LineChange::Removed => "diff-removed",
    }
}

/// The grid of a sheet's rows. Every change (a keystroke, a row added, deleted or moved)
/// updates `rows` and then calls `on_change`.
#[component]
pub fn Grid(
    /// The rows being edited.
    rows: RwSignal<Vec<DraftRow>>,
    /// The latest report: its `rows` give the derived columns, its findings the highlights.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language, for the column headers.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Each row's catalog default as of the latest report, by line
    /// ([`crate::model::SheetDetail::catalog_defaults`]).
    #[prop(into)]
    catalog_defaults: Signal<Vec<Option<String>>>,
    /// Called after every change.
    on_change: Callback<()>,
    /// What changed since an earlier revision ([`follow_changes`]): the grid draws it
    /// (changed cells with their old text struck through, added rows marked, removed rows
    /// struck through in place).
    #[prop(optional)]
    marks: Option<Memo<Option<ChangeMarks>>>,
) -> impl IntoView {
    let flags = Memo::new(move |_| report.with(flagged_lines));
    let marks = marks.unwrap_or_else(|| Memo::new(|_| None));
    let empty = Memo::new(move |_| rows.with(Vec::is_empty));
    let add_row = move |_| {
        rows.update(|rs| {
            let key = draft::next_key(rs);
            rs.push(DraftRow::new(key, &budget::Row::default()));
        });
        on_change.run(());
    };
    view! {
        <div class="table-wrap grid-wrap">
            <table class="grid" data-testid="grid">
                <thead>
                    <tr>
                        <th scope="col" class="num">"#"</th>
                        {Column::ALL
                            .map(|c| {
                                view! {
                                    <th scope="col" class=format!("col-{}", c.header(Lang::En))>
                                        {move || c.header(lang.get())}
                                    </th>
                                }
                            })
                            .collect_view()}
                        <th scope="col" class="derived">"Kind"</th>
                        <th scope="col" class="derived">"Parsed"</th>
                        <th scope="col" class="derived">"Note"</th>
                        <th scope="col" class="actions">
                            <span class="visually-hidden">"Row actions"</span>
                        </th>
                    </tr>
                </thead>
                <tbody>
                    <RemovedRows marks after=Signal::stored(0)/>
                    <For each=move || rows.get() key=|row| row.key let:row>
                        <GridRow row rows report lang catalog_defaults flags marks on_change/>
                    </For>
                </tbody>
            </table>
        </div>
        {move || {
            empty
                .get()
                .then(|| {
                    view! {
                        <p class="muted" data-testid="grid-empty">
                            "No rows yet. Add a row, or import a TSV below."
                        </p>
                    }
                })
        }}
        <button type="button" class="button" data-testid="add-row" on:click=add_row>
            "Add row"
        </button>
    }
}

/// One row of the grid.
#[component]
fn GridRow(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
    report: Signal<Report>,
    lang: Signal<Lang>,
    catalog_defaults: Signal<Vec<Option<String>>>,
    flags: Memo<BTreeMap<usize, Severity>>,
    marks: Memo<Option<ChangeMarks>>,
    on_change: Callback<()>,
) -> impl IntoView {
    let key = row.key;
    let line = Memo::new(move |_| rows.with(|rs| draft::line_of(rs, key)).unwrap_or(0));
    let derived =
        Memo::new(move |_| report.with(|r| r.rows.iter().find(|d| d.line == line.get()).cloned()));
    // The derived note, and the documentation address of the row's setting (the catalog's).
    let note = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.note.clone())));
    let source = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.source.clone())));
    // The catalog's documented default (as the server found it for this line), offered
    // while the row's default cell is empty.
    let catalog_default = Memo::new(move |_| {
        if !row.cell(Column::Default).with(|d| d.trim().is_empty()) {
            return None;
        }
        let index = line.get().checked_sub(1)?;
        catalog_defaults.with(|defaults| defaults.get(index).cloned().flatten())
    });
    let fill_default = Callback::new(move |value: String| {
        row.cell(Column::Default).set(value);
        on_change.run(());
    });
    // Lit while a number of the report made of this row is hovered or focused.
    let highlight = Highlight::from_context();
    let class = move || {
        let line = line.get();
        let flagged = flags.with(|f| {
            f.get(&line)
                .map(|s| format!("flagged flagged-{}", display::severity_code(*s)))
        });
        let traced = highlight
            .is_some_and(|h| h.is_lit(line))
            .then_some("traced");
        let changed = marks.with(|m| m.as_ref().and_then(|m| m.change(line)).map(change_class));
        let classes: Vec<&str> = [flagged.as_deref(), traced, changed]
            .into_iter()
            .flatten()
            .filter(|c| !c.is_empty())
            .collect();
        (!classes.is_empty()).then(|| classes.join(" "))
    };
    let flag = move || flags.with(|f| f.get(&line.get()).map(|s| display::severity_code(*s)));
    let shift = move |up: bool| {
        let Some(index) = line.get_untracked().checked_sub(1) else {
            return;
        };
        if rows.try_update(|rs| draft::shift(rs, index, up)) == Some(true) {
            on_change.run(());
        }
    };
    let remove = move |_| {
        rows.update(|rs| rs.retain(|r| r.key != key));
        on_change.run(());
    };
    let last = move || rows.with(Vec::len) == line.get();
    view! {
        <tr data-testid=move || format!("row-{}", line.get()) data-flag=flag class=class>
            <td class="num line">{move || line.get()}</td>
            {Column::ALL
                .map(|column| {
                    let fill = (column == Column::Default).then_some((catalog_default, fill_default));
                    let old = Signal::derive(move || {
                        marks.with(|m| m.as_ref().and_then(|m| m.old(line.get(), column)))
                    });
                    view! { <GridCell row column line on_change fill old/> }
                })
                .collect_view()}
            <td class="derived" data-testid="derived-kind">
                {move || derived.with(|d| d.as_ref().map(|d| format::kind(d.kind)))}
            </td>
            <td class="derived" data-testid="derived-parsed">
                {move || derived.with(|d| d.as_ref().map(|d| d.parsed.clone()))}
            </td>
            <td class="derived note">
                <span data-testid="derived-note">{move || note.get()}</span>
                {move || {
                    source
                        .get()
                        .map(|address| {
                            let text = display::source_link_text(lang.get(), &address);
                            view! {
                                " "
                                <a
                                    class="source"
                                    href=address.clone()
                                    title=address
                                    target="_blank"
                                    rel="noopener"
                                    data-testid="catalog-source"
                                >
                                    {text}
                                </a>
                            }
                        })
                }}
            </td>
            <td class="actions">
                <button
                    type="button"
                    class="icon"
                    title="Move up"
                    aria-label=move || format!("Move row {} up", line.get())
                    data-testid="move-up"
                    disabled=move || line.get() <= 1
                    on:click=move |_| shift(true)
                >
                    "↑"
                </button>
                <button
                    type="button"
                    class="icon"
                    title="Move down"
                    aria-label=move || format!("Move row {} down", line.get())
                    data-testid="move-down"
                    disabled=last
                    on:click=move |_| shift(false)
                >
                    "↓"
                </button>
                <button
                    type="button"
                    class="icon danger"
                    title="Delete row"
                    aria-label=move || format!("Delete row {}", line.get())
                    data-testid="delete-row"
                    on:click=remove
                >
                    "×"
                </button>
            </td>
        </tr>
        <RemovedRows marks after=line.into()/>
    }
}

/// The rows removed since the revision the grid compares with that came after line `after`:
/// struck through, not editable.
#[component]
fn RemovedRows(marks: Memo<Option<ChangeMarks>>, after: Signal<usize>) -> impl IntoView {
    let removed = Memo::new(move |_| {
        marks.with(|m| {
            m.as_ref()
                .and_then(|m| m.removed.get(&after.get()).cloned())
                .unwrap_or_default()
        })
    });
    move || {
        removed
            .get()
            .into_iter()
            .map(|cells| {
                let cells = cells
                    .into_iter()
                    .map(|text| view! { <td><del class="cell-text">{text}</del></td> })
                    .collect::<Vec<_>>();
                view! {
                    <tr class="diff-removed" data-testid="removed-row">
                        <td class="num line">"−"</td>
                        {cells}
                        <td class="derived" colspan="4">"removed"</td>
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    }
}

/// One text input of the grid. Its value is what the user typed (or what a button of the row
/// wrote into the cell); nothing from the server ever overwrites it. The setting input
/// autocompletes from the catalog.
#[component]
fn GridCell(
    row: DraftRow,
    column: Column,
    line: Memo<usize>,
    on_change: Callback<()>,
    /// For the default column: the catalog's default to offer after the input, and what
    /// fills it ([`FillDefault`]).
    fill: Option<(Memo<Option<String>>, Callback<String>)>,
    /// The cell's text in the revision the grid compares with, when it differs.
    old: Signal<Option<String>>,
) -> impl IntoView {
    let cell = row.cell(column);
    let name = column.header(Lang::En);
    let hydrated = Hydrated::signal();
    let on_input = move |ev| {
        cell.set(event_target_value(&ev));
        on_change.run(());
    };
    view! {
        <td class=move || {
            if old.with(Option::is_some) { format!("col-{name} cell-changed") } else { format!("col-{name}") }
        }>
            <input
                type="text"
                name=name
                data-testid=format!("cell-{name}")
                aria-label=move || format!("{name}, row {}", line.get())
                list=(column == Column::Setting).then_some(SETTINGS_LIST)
                value=cell.get_untracked()
                prop:value=move || cell.get()
                readonly=move || !hydrated.get()
                on:input=on_input
            />
            {move || old.get().map(|o| view! { <del class="cell-old" data-testid="cell-old" title="before">{o}</del> })}
            {fill.map(|(default, on_fill)| view! { <FillDefault default on_fill/> })}
        </td>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use budget::{Finding, FindingCode};

    fn finding(severity: Severity, rows: Vec<usize>) -> Finding {
        Finding {
            code: FindingCode::SlackNone,
            severity,
            node: None,
            hop: None,
            rows,
            bound_ms: None,
            need_ms: None,
            short_by_ms: None,
            tries_that_fit: None,
            attempts: None,
            threshold: None,
            message: String::new(),
            fix: None,
            source: None,
            fixes: Vec::new(),
            trace: Default::default(),
        }
    }

    fn row(segment: &str, value: &str) -> budget::Row {
        budget::Row {
            segment: segment.into(),
            item: "read timeout".into(),
            value: value.into(),
            ..budget::Row::default()
        }
    }

    #[test]
    fn the_marks_give_each_line_its_change_and_the_removed_rows_their_place() {
        let then = [
            row("LB -> app", "10s"),
            row("app -> DB", "1s"),
            row("app -> cache", "0.1s"),
        ];
        let now = [
            row("CDN -> LB", "30s"),
            row("LB -> app", "10s"),
            row("app -> DB", "2s"),
        ];
        let marks = ChangeMarks::new(&then, &now);
        assert_eq!(
            (
                marks.change(1),
                marks.change(2),
                marks.change(3),
                marks.change(4)
            ),
            (
                Some(LineChange::Added),
                Some(LineChange::Same),
                Some(LineChange::Changed),
                None
            )
        );
        assert_eq!(marks.old(3, Column::Value), Some("1s".to_string()));
        assert_eq!(marks.old(3, Column::Segment), None);
        assert_eq!(
            marks.removed,
            BTreeMap::from([(
                3,
                vec![vec![
                    String::new(),
                    "app -> cache".into(),
                    "read timeout".into(),
                    String::new(),
                    String::new(),
                    "0.1s".into(),
                    String::new(),
                    String::new(),
                ]]
            )])
        );
        assert_eq!(
            marks.summary(),
            "1 cell changed, 1 row added, 1 row removed"
        );
        assert_eq!(ChangeMarks::new(&then, &then).summary(), "no change");
    }

    #[test]
    fn a_line_shows_its_worst_finding() {
        let report = Report {
            findings: vec![
                finding(Severity::Info, vec![1, 2]),
                finding(Severity::Error, vec![2, 3]),
                finding(Severity::Warning, vec![3]),
            ],
            ..Report::default()
        };
        let flags = flagged_lines(&report);
        assert_eq!(flags.get(&1), Some(&Severity::Info));
        assert_eq!(flags.get(&2), Some(&Severity::Error));
        assert_eq!(flags.get(&3), Some(&Severity::Error));
        assert_eq!(flags.get(&4), None);
    }
}
