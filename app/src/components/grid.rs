//! The editable grid: eight text inputs per row, the derived columns from the report, and
//! the row actions (add, delete, move up and down). The setting inputs autocomplete from the
//! catalog, and an empty default cell offers the catalog's documented default.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::{display, Column, Lang, Report, Severity};
use leptos::either::Either;
use leptos::prelude::*;

use super::catalog::{FillDefault, SETTINGS_LIST};
use crate::draft::{self, DraftRow};
use crate::format;
use crate::highlight::Highlight;
use crate::hydrated::Hydrated;
use crate::i18n::{t, t_args, ui_lang};
use crate::undo::{self, History};

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

    /// One line of words for the counts in `lang`: "2 cells changed, 1 row added".
    pub fn summary(&self, lang: Lang) -> String {
        let (cells, added, removed, moved) = self.counts;
        let part = |count: usize, key: &str| {
            (count > 0).then(|| t_args(lang, key, [("count", count.into())]))
        };
        let parts: Vec<String> = [
            part(cells, "marks-cells-changed"),
            part(added, "marks-rows-added"),
            part(removed, "marks-rows-removed"),
            part(moved, "marks-rows-moved"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            t(lang, "marks-none")
        } else {
            parts.join(&t(lang, "list-separator"))
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
    GridFocus::provide(rows);
    let history = History::provide(rows);
    let empty = Memo::new(move |_| rows.with(Vec::is_empty));
    let add_row = move |_| {
        history.record();
        rows.update(|rs| {
            let key = draft::next_key(rs);
            rs.push(DraftRow::new(key, &budget::Row::default()));
        });
        on_change.run(());
    };
    // `?` outside a text field opens and closes the list of shortcuts.
    let shortcuts = NodeRef::<leptos::html::Details>::new();
    let help = window_event_listener(leptos::ev::keydown, move |ev| {
        use wasm_bindgen::JsCast;
        if ev.key() != "?" || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev.target().is_some_and(|t| {
            t.dyn_ref::<web_sys::HtmlTextAreaElement>().is_some()
                || t.dyn_ref::<web_sys::HtmlInputElement>().is_some()
                || t.dyn_ref::<web_sys::HtmlSelectElement>().is_some()
        });
        if let (false, Some(details)) = (typing, shortcuts.get_untracked()) {
            ev.prevent_default();
            details.set_open(!details.open());
        }
    });
    on_cleanup(move || help.remove());
    let ui = ui_lang();
    view! {
        <details class="shortcuts" data-testid="shortcuts" node_ref=shortcuts>
            <summary>{t(ui, "shortcuts-title")}</summary>
            <table>
                <tbody>
                    {SHORTCUTS
                        .map(|id| {
                            let keys = t(ui, &format!("{id}.keys"));
                            view! { <tr><th scope="row">{keys}</th><td>{t(ui, id)}</td></tr> }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </details>
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
                        <th scope="col" class="derived">{t(ui, "grid-col-kind")}</th>
                        <th scope="col" class="derived">{t(ui, "grid-col-parsed")}</th>
                        <th scope="col" class="derived">{t(ui, "grid-col-note")}</th>
                        <th scope="col" class="actions">
                            <span class="visually-hidden">{t(ui, "grid-col-actions")}</span>
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
                            {t(ui, "grid-empty")}
                        </p>
                    }
                })
        }}
        <button type="button" class="button" data-testid="add-row" on:click=add_row>
            {t(ui, "grid-add-row")}
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
    // Each of the row's edits is an undo step: the rows before it are recorded.
    let ui = ui_lang();
    let history = History::from_context();
    let record = move || {
        if let Some(h) = history {
            h.record();
        }
    };
    let fill_default = Callback::new(move |value: String| {
        record();
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
        record();
        if rows.try_update(|rs| draft::shift(rs, index, up)) == Some(true) {
            on_change.run(());
        }
    };
    let remove = move |_| {
        record();
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
                    view! { <GridCell row rows column line on_change fill old/> }
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
                    title=t(ui, "row-move-up")
                    aria-label=move || t_args(ui, "row-move-up-label", [("line", line.get().into())])
                    data-testid="move-up"
                    disabled=move || line.get() <= 1
                    on:click=move |_| shift(true)
                >
                    "↑"
                </button>
                <button
                    type="button"
                    class="icon"
                    title=t(ui, "row-move-down")
                    aria-label=move || t_args(ui, "row-move-down-label", [("line", line.get().into())])
                    data-testid="move-down"
                    disabled=last
                    on:click=move |_| shift(false)
                >
                    "↓"
                </button>
                <button
                    type="button"
                    class="icon danger"
                    title=t(ui, "row-delete")
                    aria-label=move || t_args(ui, "row-delete-label", [("line", line.get().into())])
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
                        <td class="derived" colspan="4">{t(ui_lang(), "row-removed")}</td>
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    }
}

/// The grid's keys, as its help lists them: the catalogue's message of each, whose value
/// says what the keys do and whose `.keys` attribute names them ([`crate::i18n`]).
pub const SHORTCUTS: [&str; 8] = [
    "shortcut-enter",
    "shortcut-tab",
    "shortcut-up-down",
    "shortcut-left-right",
    "shortcut-new-line",
    "shortcut-escape",
    "shortcut-undo",
    "shortcut-paste",
];

/// A cell's accessible name in the UI language: `"value, row 7"`, `"設定値、7 行目"`.
fn cell_label(column: Column, line: usize) -> String {
    let ui = ui_lang();
    t_args(
        ui,
        "cell-label",
        [("column", column.header(ui).into()), ("line", line.into())],
    )
}

/// Where a key pressed in a cell moves the focus, as the WAI-ARIA grid pattern and the
/// spreadsheets the users come from do: Enter and Shift+Enter down and up, Tab and Shift+Tab
/// across (on to the next row at a row's end), the up and down arrows from a cell's first or
/// last line, left and right from the start or end of its text. `caret` is the selection
/// `(start, end)` in UTF-16 units, as the browser gives it; `text` the cell's text. `None`:
/// the key stays in the cell (it edits the text, or moves within it).
pub fn move_from(
    key: &str,
    shift: bool,
    caret: (usize, usize),
    text: &str,
    (line, column): (usize, usize),
    (lines, columns): (usize, usize),
) -> Option<(usize, usize)> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let newline = u16::from(b'\n');
    let (start, end) = (caret.0.min(units.len()), caret.1.min(units.len()));
    let collapsed = start == end;
    let target = match key {
        "Enter" if shift => (line.checked_sub(1)?, column),
        "Enter" => (line + 1, column),
        "Tab" if shift => match column.checked_sub(1) {
            Some(c) => (line, c),
            None => (line.checked_sub(1)?, columns - 1),
        },
        "Tab" if column + 1 < columns => (line, column + 1),
        "Tab" => (line + 1, 0),
        "ArrowUp" if !units[..start].contains(&newline) => (line.checked_sub(1)?, column),
        "ArrowDown" if !units[end..].contains(&newline) => (line + 1, column),
        "ArrowLeft" if collapsed && start == 0 => (line, column.checked_sub(1)?),
        "ArrowRight" if collapsed && end == units.len() => (line, column + 1),
        _ => return None,
    };
    (target.0 >= 1 && target.0 <= lines && target.1 < columns).then_some(target)
}

/// Writes a pasted block ([`budget::tsv::clipboard`]) into `rows`, its first cell at line
/// `line` (from 1) and column index `column` ([`Column::ALL`] order), adding empty rows at the
/// end where the block reaches past the last; a line's cells past the last column are left
/// out. Returns how many cells it wrote.
pub fn fill_block(
    rows: RwSignal<Vec<DraftRow>>,
    (line, column): (usize, usize),
    block: &[Vec<String>],
) -> usize {
    let Some(first) = line.checked_sub(1) else {
        return 0;
    };
    let mut written = 0;
    rows.update(|rs| {
        for (offset, cells) in block.iter().enumerate() {
            let index = first + offset;
            while rs.len() <= index {
                let key = draft::next_key(rs);
                rs.push(DraftRow::new(key, &budget::Row::default()));
            }
            for (text, cell) in cells.iter().zip(rs[index].cells.iter().skip(column)) {
                if cell.with_untracked(|t| t != text) {
                    cell.set(text.clone());
                }
                written += 1;
            }
        }
    });
    written
}

/// Moves the focus to the cell of `column` (its index in [`Column::ALL`]) on line `line`,
/// which scrolls it into view.
pub fn focus_cell(line: usize, column: usize) {
    use wasm_bindgen::JsCast;
    let name = Column::ALL[column].header(Lang::En);
    let cell = document()
        .query_selector(&format!(
            "[data-testid=\"row-{line}\"] [data-testid=\"cell-{name}\"]"
        ))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(cell) = cell {
        let _ = cell.focus();
    }
}

/// One cell of the grid: a text area that keeps the cell's line breaks (Alt+Enter, or
/// Ctrl+Enter, starts a new line, as in a spreadsheet) and wraps long text within its column.
/// Its value is what the user typed (or what a button of the row wrote into the cell);
/// nothing from the server ever overwrites it. The keys of [`move_from`] move between cells;
/// Escape puts back the text the cell had when it got the focus. The setting cell
/// autocompletes from the catalog.
#[component]
fn GridCell(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
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
    let index = draft::column_index(column);
    let hydrated = Hydrated::signal();
    let grid = GridFocus::from_context();
    // The setting cell is a one-line input that autocompletes from the catalog, unless its
    // text already has a line break (an input would drop it): then it is a text area too.
    let with_list = column == Column::Setting && !cell.with_untracked(|t| t.contains('\n'));
    let history = History::from_context();
    // Whether the typing since the cell got the focus is already an undo step: a cell's
    // typing is one step, however many keys it took.
    let typing = StoredValue::new(false);
    let record = move || {
        if let Some(h) = history {
            h.record();
        }
    };
    let on_input = move |ev| {
        if !typing.get_value() {
            typing.set_value(true);
            record();
        }
        cell.set(event_target_value(&ev));
        on_change.run(());
    };
    // The text when the cell got the focus, for Escape.
    let at_focus = StoredValue::new(String::new());
    let on_focus = move |_| {
        typing.set_value(false);
        at_focus.set_value(cell.get_untracked());
        if let Some(grid) = grid {
            grid.active.set((line.get_untracked(), index));
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        use wasm_bindgen::JsCast;
        let key = ev.key();
        if let Some(redo) = undo::undo_key(&key, ev.ctrl_key() || ev.meta_key(), ev.shift_key()) {
            // The grid's history, not the text area's own: one step per edit of any cell.
            ev.prevent_default();
            typing.set_value(false);
            let done = history.is_some_and(|h| if redo { h.redo() } else { h.undo() });
            if done {
                at_focus.set_value(cell.get_untracked());
                on_change.run(());
            }
            return;
        }
        if key == "Escape" {
            let before = at_focus.get_value();
            if cell.with_untracked(|t| *t != before) {
                record();
                typing.set_value(false);
                cell.set(before);
                on_change.run(());
            }
            return;
        }
        let Some(target) = ev.target() else { return };
        let area = target.dyn_ref::<web_sys::HtmlTextAreaElement>();
        if key == "Enter" && (ev.alt_key() || ev.ctrl_key()) {
            // A new line in the cell, where the caret is.
            if let Some(area) = area {
                ev.prevent_default();
                if !typing.get_value() {
                    typing.set_value(true);
                    record();
                }
                let at = area.selection_start().ok().flatten().unwrap_or(0) + 1;
                let _ = area.set_range_text("\n");
                let _ = area.set_selection_range(at, at);
                cell.set(area.value());
                on_change.run(());
            }
            return;
        }
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        let caret = match (area, target.dyn_ref::<web_sys::HtmlInputElement>()) {
            (Some(a), _) => (a.selection_start(), a.selection_end()),
            (None, Some(i)) => (i.selection_start(), i.selection_end()),
            (None, None) => return,
        };
        let caret = (
            caret.0.ok().flatten().unwrap_or(0) as usize,
            caret.1.ok().flatten().unwrap_or(0) as usize,
        );
        let lines = grid.map_or(0, |g| g.lines.get_untracked());
        let to = cell.with_untracked(|text| {
            move_from(
                &key,
                ev.shift_key(),
                caret,
                text,
                (line.get_untracked(), index),
                (lines, Column::ALL.len()),
            )
        });
        if let Some((to_line, to_column)) = to {
            ev.prevent_default();
            focus_cell(to_line, to_column);
        }
    };
    // A block copied from a spreadsheet fills the cells from this one on: one edit, one save.
    // Text without a tab or a line break is pasted into the cell as the browser does.
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if !text.contains(['\t', '\n', '\r']) {
            return;
        }
        ev.prevent_default();
        let block = budget::tsv::clipboard(&text);
        record();
        typing.set_value(false);
        if fill_block(rows, (line.get_untracked(), index), &block.cells) > 0 {
            on_change.run(());
        }
    };
    // One tab stop for the whole grid: the cell that last had the focus (the first cell
    // until then); the arrows, Enter and Tab move between the others.
    // (The first cell again when that cell's row is gone.)
    let tabindex = move || match grid {
        Some(g) => {
            let (active_line, active_column) = g.active.get();
            let active = if active_line > g.lines.get() {
                (1, 0)
            } else {
                (active_line, active_column)
            };
            if active == (line.get(), index) {
                "0"
            } else {
                "-1"
            }
        }
        None => "0",
    };
    view! {
        <td class=move || {
            if old.with(Option::is_some) { format!("col-{name} cell-changed") } else { format!("col-{name}") }
        }>
            {if with_list {
                Either::Left(view! {
                    <input
                        type="text"
                        name=name
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        list=SETTINGS_LIST
                        value=cell.get_untracked()
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                        on:input=on_input
                        on:focus=on_focus
                        on:keydown=on_keydown
                        on:paste=on_paste
                    />
                })
            } else {
                Either::Right(view! {
                    <textarea
                        name=name
                        rows="1"
                        spellcheck="false"
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                        on:input=on_input
                        on:focus=on_focus
                        on:keydown=on_keydown
                        on:paste=on_paste
                    >
                        {cell.get_untracked()}
                    </textarea>
                })
            }}
            {move || old.get().map(|o| view! { <del class="cell-old" data-testid="cell-old" title="before">{o}</del> })}
            {fill.map(|(default, on_fill)| view! { <FillDefault default on_fill/> })}
        </td>
    }
}

/// The grid's keyboard focus, shared by its cells: the cell that is the grid's one tab stop
/// (line, column index), and how many lines there are.
#[derive(Clone, Copy, Debug)]
struct GridFocus {
    active: RwSignal<(usize, usize)>,
    lines: Memo<usize>,
}

impl GridFocus {
    fn provide(rows: RwSignal<Vec<DraftRow>>) -> GridFocus {
        let focus = GridFocus {
            active: RwSignal::new((1, 0)),
            lines: Memo::new(move |_| rows.with(Vec::len)),
        };
        provide_context(focus);
        focus
    }

    fn from_context() -> Option<GridFocus> {
        use_context::<GridFocus>()
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
    fn every_shortcut_says_its_keys_and_what_they_do_in_both_languages() {
        for lang in [Lang::En, Lang::Ja] {
            for id in SHORTCUTS {
                assert_ne!(t(lang, id), id);
                assert_ne!(t(lang, &format!("{id}.keys")), format!("{id}.keys"));
            }
        }
        assert_eq!(t(Lang::En, "shortcut-enter.keys"), "Enter, Shift+Enter");
        assert_eq!(t(Lang::Ja, "shortcut-enter"), "下のセル、上のセル");
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
            marks.summary(Lang::En),
            "1 cell changed, 1 row added, 1 row removed"
        );
        assert_eq!(
            ChangeMarks::new(&then, &then).summary(Lang::En),
            "no change"
        );
        assert_eq!(
            marks.summary(Lang::Ja),
            "変更したセル 1、追加した行 1、削除した行 1"
        );
    }

    #[test]
    fn the_keys_move_between_cells_as_in_a_spreadsheet() {
        let size = (3, 8);
        let at = |key, shift, caret, text| move_from(key, shift, caret, text, (2, 3), size);
        assert_eq!(at("Enter", false, (0, 0), "x"), Some((3, 3)));
        assert_eq!(at("Enter", true, (0, 0), "x"), Some((1, 3)));
        assert_eq!(at("Tab", false, (0, 0), "x"), Some((2, 4)));
        assert_eq!(at("Tab", true, (0, 0), "x"), Some((2, 2)));
        // Left and right leave the cell only from the start or the end of its text.
        assert_eq!(at("ArrowLeft", false, (0, 0), "abc"), Some((2, 2)));
        assert_eq!(at("ArrowLeft", false, (1, 1), "abc"), None);
        assert_eq!(at("ArrowRight", false, (3, 3), "abc"), Some((2, 4)));
        assert_eq!(at("ArrowRight", false, (0, 3), "abc"), None);
        // Up and down leave a two-line cell only from its first or its last line.
        assert_eq!(at("ArrowUp", false, (1, 1), "a\nb"), Some((1, 3)));
        assert_eq!(at("ArrowUp", false, (3, 3), "a\nb"), None);
        assert_eq!(at("ArrowDown", false, (1, 1), "a\nb"), None);
        assert_eq!(at("ArrowDown", false, (3, 3), "a\nb"), Some((3, 3)));
        // The caret counts UTF-16 units: after "秒" (one unit) is the end of "秒".
        assert_eq!(at("ArrowRight", false, (1, 1), "秒"), Some((2, 4)));
        assert_eq!(at("ArrowRight", false, (1, 1), "⏱️"), None);
        // Tab wraps to the next row and back; the grid's edges stop the move.
        assert_eq!(
            move_from("Tab", false, (0, 0), "", (1, 7), size),
            Some((2, 0))
        );
        assert_eq!(
            move_from("Tab", true, (0, 0), "", (2, 0), size),
            Some((1, 7))
        );
        assert_eq!(move_from("Tab", false, (0, 0), "", (3, 7), size), None);
        assert_eq!(move_from("Tab", true, (0, 0), "", (1, 0), size), None);
        assert_eq!(move_from("Enter", false, (0, 0), "", (3, 0), size), None);
        assert_eq!(move_from("ArrowUp", false, (0, 0), "", (1, 0), size), None);
        assert_eq!(move_from("a", false, (0, 0), "", (1, 0), size), None);
    }

    #[test]
    fn a_pasted_block_fills_from_its_cell_and_adds_the_rows_it_needs() {
        let owner = Owner::new();
        owner.set();
        let rows = RwSignal::new(draft::drafts(&[row("LB -> app", "10s")], 0));
        let block = budget::tsv::clipboard("a\t\"two\nlines\"\nb\tc\td\te\tf\tg\th\ti\n");
        // From row 1's value (column 6 of 8): two cells fit on each line, the rest is cut.
        assert_eq!(fill_block(rows, (1, 5), &block.cells), 5);
        let now = draft::rows(&rows.get_untracked());
        assert_eq!(now.len(), 2);
        assert_eq!(
            (now[0].value.as_str(), now[0].location.as_str()),
            ("a", "two\nlines")
        );
        assert_eq!(now[0].segment, "LB -> app");
        assert_eq!(
            (
                now[1].value.as_str(),
                now[1].location.as_str(),
                now[1].rationale.as_str()
            ),
            ("b", "c", "d")
        );
        assert_eq!(fill_block(rows, (0, 0), &block.cells), 0);
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
