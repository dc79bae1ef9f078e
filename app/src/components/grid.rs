//! The editable grid: eight text inputs per row, the derived columns from the report, and
//! the row actions (add, delete, move up and down). The setting inputs autocomplete from the
//! catalog, and an empty default cell offers the catalog's documented default.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::{display, Column, Lang, Report, Severity};
use leptos::either::Either;
use leptos::prelude::*;

use super::catalog::{Catalog, CatalogFill, FillDefault, FillFromCatalog, SETTINGS_LIST};
use super::column_widths::{ColumnWidths, ResizeHandle};
use crate::draft::{self, DraftRow, RowAction};
use crate::fan_out::FanOut;
use crate::format;
use crate::highlight::Highlight;
use crate::hydrated::Hydrated;
use crate::i18n::{t, t_args, ui_lang};
use crate::selection::GridFocus;
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

/// What a grid row shows of the report and the marks beside its cells
/// ([`RowSources::view`]), as the grid's one effect publishes it to the row ([`FanOut`]): a keystroke wakes the rows whose view
/// changed, not every row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowView {
    /// The report's row of this line.
    pub derived: Option<budget::RowReport>,
    /// The catalog's documented default for the line, as the server found it.
    pub catalog_default: Option<String>,
    /// The severity of the line's worst finding.
    pub flag: Option<Severity>,
    /// Whether a number of the report made of this row is hovered or focused.
    pub traced: bool,
    /// How the line changed since the revision the page compares with, if it does.
    pub change: Option<LineChange>,
    /// The old text of each of the eight cells that changed since then.
    pub old: [Option<String>; 8],
    /// The rows removed since then right after this line, each its cells' old text.
    pub removed_after: Vec<Vec<String>>,
}

/// What a row's view is made of: the report, the catalog's defaults by line, the lines'
/// flags and the marks of what changed, borrowed for one pass over the rows.
pub struct RowSources<'a> {
    /// The latest report.
    pub report: &'a Report,
    /// The catalog's documented default of each line, by line.
    pub defaults: &'a [Option<String>],
    /// The severity of each line's worst finding.
    pub flags: &'a BTreeMap<usize, Severity>,
    /// What changed since the revision the page compares with, if it does.
    pub marks: Option<&'a ChangeMarks>,
}

impl RowSources<'_> {
    /// The view of line `line` (from 1), lit or not (`traced`).
    pub fn view(&self, line: usize, traced: bool) -> RowView {
        RowView {
            derived: report_row(self.report, line).cloned(),
            catalog_default: catalog_default(self.defaults, line).cloned(),
            flag: self.flags.get(&line).copied(),
            traced,
            change: self.marks.and_then(|m| m.change(line)),
            old: Column::ALL.map(|c| self.marks.and_then(|m| m.old(line, c))),
            removed_after: self.removed_after(line).to_vec(),
        }
    }

    /// The rows removed right after line `line`.
    fn removed_after(&self, line: usize) -> &[Vec<String>] {
        self.marks
            .and_then(|m| m.removed.get(&line))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether `shown` is the view [`RowSources::view`] gives for `line` and `traced`,
    /// compared where the parts are (nothing is copied).
    pub fn shows(&self, shown: &RowView, line: usize, traced: bool) -> bool {
        shown.derived.as_ref() == report_row(self.report, line)
            && shown.catalog_default.as_ref() == catalog_default(self.defaults, line)
            && shown.flag == self.flags.get(&line).copied()
            && shown.traced == traced
            && shown.change == self.marks.and_then(|m| m.change(line))
            && shown.removed_after == self.removed_after(line)
            && match self.marks {
                None => shown.old.iter().all(Option::is_none),
                Some(m) => Column::ALL
                    .iter()
                    .zip(&shown.old)
                    .all(|(c, old)| *old == m.old(line, *c)),
            }
    }
}

/// The report's row of line `line`: the report lists its rows by line, so the row's own
/// place first, a search only if not.
fn report_row(report: &Report, line: usize) -> Option<&budget::RowReport> {
    let at = line.checked_sub(1).and_then(|i| report.rows.get(i));
    at.filter(|d| d.line == line)
        .or_else(|| report.rows.iter().find(|d| d.line == line))
}

/// The catalog's default of line `line`, from the defaults by line.
fn catalog_default(defaults: &[Option<String>], line: usize) -> Option<&String> {
    line.checked_sub(1)
        .and_then(|i| defaults.get(i))
        .and_then(Option::as_ref)
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
    /// The sheet's id, under which the column widths the user sets are remembered.
    #[prop(optional)]
    id: Option<i64>,
    /// What changed since an earlier revision ([`follow_changes`]): the grid draws it
    /// (changed cells with their old text struck through, added rows marked, removed rows
    /// struck through in place).
    #[prop(optional)]
    marks: Option<Memo<Option<ChangeMarks>>>,
) -> impl IntoView {
    let flags = Memo::new(move |_| report.with(flagged_lines));
    let marks = marks.unwrap_or_else(|| Memo::new(|_| None));
    // What each row shows of the report, published by one effect to the rows it changed.
    let highlight = Highlight::from_context();
    let views = FanOut::<u64, RowView>::new();
    // Runs `f` on the sources of the rows' views, reading (and tracking) each once.
    let with_sources = move |f: &mut dyn FnMut(&RowSources)| {
        report.with(|report| {
            catalog_defaults.with(|defaults| {
                flags.with(|flags| {
                    marks.with(|marks| {
                        f(&RowSources {
                            report,
                            defaults,
                            flags,
                            marks: marks.as_ref(),
                        })
                    })
                })
            })
        })
    };
    let traced = move |line: usize| highlight.is_some_and(|h| h.is_lit(line));
    Effect::new(move |_| {
        let lines: std::collections::HashMap<u64, usize> =
            rows.with(|rs| rs.iter().enumerate().map(|(i, d)| (d.key, i + 1)).collect());
        with_sources(&mut |sources| {
            views.publish_changes(|key, shown| {
                let Some(&line) = lines.get(key) else {
                    return (*shown != RowView::default()).then(RowView::default);
                };
                let lit = traced(line);
                (!sources.shows(shown, line, lit)).then(|| sources.view(line, lit))
            });
        });
    });
    let view_now = move |line: usize| {
        let mut view = RowView::default();
        untrack(|| with_sources(&mut |sources| view = sources.view(line, traced(line))));
        view
    };
    let focus = GridFocus::from_context().unwrap_or_else(|| GridFocus::provide(rows));
    let widths = ColumnWidths::new(id);
    let table = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |_| {
        if let Some(table) = table.get() {
            widths.apply(&table);
        }
    });
    // The page's history when it has one (a fix or an import is a step too), else the grid's.
    let history = History::from_context().unwrap_or_else(|| History::provide(rows));
    // A drag that selects cells ends wherever the button is let go.
    let drag_end = window_event_listener(leptos::ev::mouseup, move |_| {
        if focus.dragging.get_untracked() {
            focus.dragging.set(false);
        }
    });
    on_cleanup(move || drag_end.remove());
    let empty = Memo::new(move |_| rows.with(Vec::is_empty));
    // The line above the grid that says why a paste was refused.
    let notice = GridNotice {
        message: RwSignal::new(None),
        lang,
    };
    provide_context(notice);
    // A sheet without rows takes a paste anywhere outside a text field (there is no cell to
    // paste into yet): the rows as the import reads them, one undo step and one save.
    let owner = StoredValue::new(Owner::current().unwrap_or_default());
    let edit_kind = use_context::<crate::autosave::EditKind>();
    let blank_paste = window_event_listener(leptos::ev::paste, move |ev| {
        use wasm_bindgen::JsCast;
        if !rows.with_untracked(Vec::is_empty) {
            return;
        }
        let in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| {
                e.closest("input, textarea, select, [contenteditable]")
                    .ok()
                    .flatten()
            })
            .is_some();
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if in_field {
            return;
        }
        ev.prevent_default();
        match rows_from_paste(&text, ui_lang(), lang.get_untracked()) {
            Ok(pasted) if pasted.is_empty() => {}
            Ok(pasted) => {
                notice.clear();
                history.record();
                let first_key = rows.with_untracked(|rs| draft::next_key(rs));
                let drafts = owner.get_value().with(|| draft::drafts(&pasted, first_key));
                rows.set(drafts);
                // The save that carries it is a paste, a revision of its own.
                if let Some(kind) = edit_kind {
                    kind.note(crate::model::RevisionKind::Paste);
                }
                on_change.run(());
                request_animation_frame(|| focus_cell(1, 0));
            }
            Err(message) => notice.say(message),
        }
    });
    on_cleanup(move || blank_paste.remove());
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
        {move || {
            notice
                .message
                .get()
                .map(|message| {
                    view! {
                        <p class="grid-notice" role="alert" data-testid="grid-notice">
                            {message}
                        </p>
                    }
                })
        }}
        <div class="table-wrap grid-wrap">
            // Each row is laid out on its own, from the columns' widths (`--w-value`, ...),
            // so that the browser skips laying out and painting the rows out of view
            // (`content-visibility`, main.css); the roles keep it a table to assistive
            // technology, which a table drawn as rows of a CSS grid would otherwise not be.
            <table class="grid" role="table" data-testid="grid" node_ref=table>
                <thead role="rowgroup">
                    <tr role="row">
                        <th scope="col" class="num" data-col="num">
                            "#"
                            <ResizeHandle name="num" widths/>
                        </th>
                        {Column::ALL
                            .map(|c| {
                                let name = c.header(Lang::En);
                                view! {
                                    <th scope="col" class=format!("col-{name}") data-col=name>
                                        {move || c.header(lang.get())}
                                        <ResizeHandle name widths/>
                                    </th>
                                }
                            })
                            .collect_view()}
                        <th scope="col" class="derived" data-col="kind">
                            {t(ui, "grid-col-kind")}
                            <ResizeHandle name="kind" widths/>
                        </th>
                        <th scope="col" class="derived" data-col="parsed">
                            {t(ui, "grid-col-parsed")}
                            <ResizeHandle name="parsed" widths/>
                        </th>
                        <th scope="col" class="derived" data-col="note">
                            {t(ui, "grid-col-note")}
                            <ResizeHandle name="note" widths/>
                        </th>
                        <th scope="col" class="actions" data-col="actions">
                            <span class="visually-hidden">{t(ui, "grid-col-actions")}</span>
                        </th>
                    </tr>
                </thead>
                <tbody role="rowgroup">
                    <RemovedRows removed=Signal::derive(move || {
                        marks.with(|m| m.as_ref().and_then(|m| m.removed.get(&0).cloned()).unwrap_or_default())
                    })/>
                    <For each=move || rows.get() key=|row| row.key let:row>
                        <GridRow row rows lang views view_now on_change/>
                    </For>
                </tbody>
            </table>
        </div>
        {move || {
            empty
                .get()
                .then(|| {
                    view! {
                        // A tab stop, so that the keyboard can reach the place a paste lands.
                        <p class="muted grid-empty" data-testid="grid-empty" tabindex="0">
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

/// The line above the grid that says why the grid refused a paste, shown until the next
/// edit or paste; shared with the cells through context.
#[derive(Clone, Copy, Debug)]
struct GridNotice {
    /// The refusal shown, if any.
    message: RwSignal<Option<String>>,
    /// The sheet's header language, in which the refusal names a column.
    lang: Signal<Lang>,
}

impl GridNotice {
    /// Shows `message`.
    fn say(&self, message: String) {
        self.message.set(Some(message));
    }

    /// Takes the refusal away, if one is shown.
    fn clear(&self) {
        if self.message.with_untracked(Option::is_some) {
            self.message.set(None);
        }
    }
}

/// One row of the grid.
#[component]
fn GridRow(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
    lang: Signal<Lang>,
    /// The grid's rows' views, this row's among them.
    views: FanOut<u64, RowView>,
    /// The view of a line now (untracked), for the row's first drawing.
    view_now: impl Fn(usize) -> RowView + Copy + Send + Sync + 'static,
    on_change: Callback<()>,
) -> impl IntoView {
    let key = row.key;
    // The row's line from its own slot: a row added or moved wakes the rows whose line
    // changed, and typing wakes none.
    let focus = GridFocus::from_context();
    let line_now = untrack(|| rows.with(|rs| draft::line_of(rs, key)).unwrap_or(0));
    let line = match focus {
        Some(f) => f.row_line(key, line_now),
        None => RwSignal::new(line_now).read_only(),
    };
    let view = views.slot(key, view_now(line.get_untracked()));
    let derived = Memo::new(move |_| view.with(|v| v.derived.clone()));
    // The derived note, and the documentation address of the row's setting (the catalog's).
    let note = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.note.clone())));
    let source = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.source.clone())));
    // The catalog's documented default (as the server found it for this line), offered
    // while the row's default cell is empty.
    let catalog_default = Memo::new(move |_| {
        if !row.cell(Column::Default).with(|d| d.trim().is_empty()) {
            return None;
        }
        view.with(|v| v.catalog_default.clone())
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
    // A setting cell naming a catalog entry, on a row without an item yet, offers to fill
    // the item, default and location from the entry: one edit.
    let catalog = Catalog::from_context();
    let from_catalog = Signal::derive(move || {
        let catalog = catalog?;
        if !row.cell(Column::Item).with(|t| t.trim().is_empty()) {
            return None;
        }
        let option = row.cell(Column::Setting).with(|s| catalog.named(s))?;
        let cells = option.fill(&row.read(), lang.get());
        (!cells.is_empty()).then(|| CatalogFill {
            product: option.product.clone(),
            cells,
        })
    });
    let fill_from_catalog = Callback::new(move |fill: CatalogFill| {
        record();
        for (column, text) in fill.cells {
            row.cell(column).set(text);
        }
        on_change.run(());
    });
    // Lit while a number of the report made of this row is hovered or focused.
    let class = move || {
        let (flag, traced, change) = view.with(|v| (v.flag, v.traced, v.change));
        let flagged = flag.map(|s| format!("flagged flagged-{}", display::severity_code(s)));
        let traced = traced.then_some("traced");
        let changed = change.map(change_class);
        let classes: Vec<&str> = [flagged.as_deref(), traced, changed]
            .into_iter()
            .flatten()
            .filter(|c| !c.is_empty())
            .collect();
        (!classes.is_empty()).then(|| classes.join(" "))
    };
    let flag = move || view.with(|v| v.flag.map(display::severity_code));
    let act = move |action: RowAction| {
        if let Some(h) = history {
            row_action(rows, h, key, action, on_change, None);
        }
    };
    // A row is dragged by its number onto another row's place.
    let focus = GridFocus::from_context();
    let on_drag_start = move |ev: leptos::ev::DragEvent| {
        if let Some(data) = ev.data_transfer() {
            let _ = data.set_data("text/plain", &line.get_untracked().to_string());
            data.set_effect_allowed("move");
        }
        if let Some(f) = focus {
            f.dragged_row.set_value(Some(key));
        }
    };
    let on_drag_over = move |ev: leptos::ev::DragEvent| {
        if focus.is_some_and(|f| f.dragged_row.get_value().is_some()) {
            ev.prevent_default();
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        let (Some(f), Some(h)) = (focus, history) else {
            return;
        };
        let Some(dragged) = f.dragged_row.get_value() else {
            return;
        };
        ev.prevent_default();
        f.dragged_row.set_value(None);
        let to = line.get_untracked().saturating_sub(1);
        row_action(rows, h, dragged, RowAction::MoveTo(to), on_change, Some(0));
    };
    let last = move || match focus {
        Some(f) => f.lines.get() == line.get(),
        None => rows.with(Vec::len) == line.get(),
    };
    view! {
        <tr
            role="row"
            data-testid=move || format!("row-{}", line.get())
            data-flag=flag
            class=class
            on:dragover=on_drag_over
            on:drop=on_drop
        >
            <td
                class="num line"
                draggable="true"
                title=t(ui, "row-drag")
                data-testid="drag-row"
                on:dragstart=on_drag_start
            >
                {move || line.get()}
            </td>
            {Column::ALL
                .map(|column| {
                    let fill = (column == Column::Default).then_some((catalog_default, fill_default));
                    let catalog = (column == Column::Setting).then_some((from_catalog, fill_from_catalog));
                    let at = Column::ALL.iter().position(|c| *c == column).unwrap_or(0);
                    let old = Signal::derive(move || view.with(|v| v.old[at].clone()));
                    view! { <GridCell row rows column line on_change fill catalog old/> }
                })
                .collect_view()}
            <td
                class="derived"
                data-testid="derived-kind"
                data-kind=move || derived.with(|d| d.as_ref().map(|d| d.kind.as_str()))
            >
                {move || derived.with(|d| d.as_ref().map(|d| format::kind(d.kind, lang.get())))}
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
                <RowButton line act action=RowAction::InsertAbove testid="insert-above"/>
                <RowButton line act action=RowAction::InsertBelow testid="insert-below"/>
                <RowButton line act action=RowAction::Duplicate testid="duplicate-row"/>
                <RowButton line act action=RowAction::MoveUp testid="move-up" disabled=Signal::derive(move || line.get() <= 1)/>
                <RowButton line act action=RowAction::MoveDown testid="move-down" disabled=Signal::derive(last)/>
                <RowButton line act action=RowAction::Delete testid="delete-row"/>
            </td>
        </tr>
        <RemovedRows removed=Signal::derive(move || view.with(|v| v.removed_after.clone()))/>
    }
}

/// A button of a row's actions. Not a tab stop of its own (the grid is one): the keys of
/// [`row_key`] do the same from any cell of the row.
#[component]
fn RowButton(
    line: ReadSignal<usize>,
    act: impl Fn(RowAction) + Copy + Send + Sync + 'static,
    action: RowAction,
    testid: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
) -> impl IntoView {
    let ui = ui_lang();
    let icon = row_action_icon(action);
    let danger = action == RowAction::Delete;
    view! {
        <button
            type="button"
            class=if danger { "icon danger" } else { "icon" }
            tabindex="-1"
            title=row_action_words(ui, action, None)
            aria-label=move || row_action_words(ui, action, Some(line.get()))
            data-testid=testid
            disabled=disabled
            on:click=move |_| act(action)
        >
            <svg
                class="row-icon"
                viewBox="0 0 16 16"
                width="16"
                height="16"
                aria-hidden="true"
                focusable="false"
            >
                <path d=icon/>
            </svg>
        </button>
    }
}

/// The drawing of a row button, a path on a 16 × 16 grid stroked in the text's colour.
/// Drawn rather than written: the glyphs they stand for (⤒ ⤓ ⧉) are missing from the
/// system and Japanese fonts the page asks for, and the six stay alike in weight and size.
/// The button's name is its `aria-label` and `title`; the drawing is hidden from readers.
fn row_action_icon(action: RowAction) -> &'static str {
    match action {
        // ⤒: an arrow up to a bar.
        RowAction::InsertAbove => "M3 2.5h10M8 14V5.5M4.5 9 8 5.5 11.5 9",
        // ⤓: an arrow down to a bar.
        RowAction::InsertBelow => "M3 13.5h10M8 2v8.5M4.5 7 8 10.5 11.5 7",
        // ⧉: two overlapping squares.
        RowAction::Duplicate => "M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3",
        // ↑, ↓
        RowAction::MoveUp => "M8 13.5v-11M3.5 7 8 2.5 12.5 7",
        RowAction::MoveDown => "M8 2.5v11M3.5 9 8 13.5 12.5 9",
        // ×
        RowAction::Delete => "M4 4l8 8M12 4l-8 8",
        _ => "",
    }
}

/// A row action's name in `ui` (`Insert a row above`, the catalogue's `row-insert-above`),
/// or with `line` its button's accessible name (`Insert a row above row 4`, its
/// `row-insert-above-label`).
fn row_action_words(ui: Lang, action: RowAction, line: Option<usize>) -> String {
    let key = match action {
        RowAction::InsertAbove => "row-insert-above",
        RowAction::InsertBelow => "row-insert-below",
        RowAction::Duplicate => "row-duplicate",
        RowAction::MoveUp | RowAction::MoveTo(_) => "row-move-up",
        RowAction::MoveDown => "row-move-down",
        RowAction::Delete => "row-delete",
    };
    match line {
        None => t(ui, key),
        Some(line) => t_args(ui, &format!("{key}-label"), [("line", line.into())]),
    }
}

/// Does `action` to the row with `key` as one undo step and one save; then, when
/// `focus_column` is given, moves the focus to that column of the row it lands on. Nothing
/// happens when the action changes nothing (a move past an end).
fn row_action(
    rows: RwSignal<Vec<DraftRow>>,
    history: History,
    key: u64,
    action: RowAction,
    on_change: Callback<()>,
    focus_column: Option<usize>,
) {
    let Some(index) = rows
        .with_untracked(|rs| draft::line_of(rs, key))
        .map(|l| l - 1)
    else {
        return;
    };
    let mut next = rows.get_untracked();
    let Some(to) = draft::act(&mut next, index, action) else {
        return;
    };
    history.record();
    rows.set(next);
    on_change.run(());
    if let Some(column) = focus_column {
        // After the grid has drawn the rows in their new order.
        request_animation_frame(move || focus_cell(to + 1, column));
    }
}

/// The row action of a key pressed in a cell, as the help lists them: Alt+↑ and Alt+↓ move
/// the row, Alt+Shift+↑ and Alt+Shift+↓ insert an empty row above or below, Alt+Shift+D
/// duplicates it, Alt+Shift+Delete (or Backspace) deletes it. `code` is the physical key
/// (`KeyD`): Alt changes the character a letter key types on a Mac.
pub fn row_key(
    key: &str,
    code: &str,
    alt: bool,
    shift: bool,
    ctrl_or_meta: bool,
) -> Option<RowAction> {
    if !alt || ctrl_or_meta {
        return None;
    }
    match (key, shift) {
        ("ArrowUp", false) => Some(RowAction::MoveUp),
        ("ArrowDown", false) => Some(RowAction::MoveDown),
        ("ArrowUp", true) => Some(RowAction::InsertAbove),
        ("ArrowDown", true) => Some(RowAction::InsertBelow),
        ("Delete" | "Backspace", true) => Some(RowAction::Delete),
        (_, true) if code == "KeyD" => Some(RowAction::Duplicate),
        _ => None,
    }
}

/// The rows removed since the revision the grid compares with that came after line `after`:
/// struck through, not editable.
#[component]
fn RemovedRows(
    /// The rows removed at this place, each its cells' old text: from the row's view
    /// ([`RowView::removed_after`]), so that a keystroke redraws only the places it changed.
    removed: Signal<Vec<Vec<String>>>,
) -> impl IntoView {
    let removed = Memo::new(move |_| removed.get());
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
                    <tr class="diff-removed" role="row" data-testid="removed-row">
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
pub const SHORTCUTS: [&str; 14] = [
    "shortcut-enter",
    "shortcut-edit",
    "shortcut-tab",
    "shortcut-up-down",
    "shortcut-left-right",
    "shortcut-new-line",
    "shortcut-escape",
    "shortcut-undo",
    "shortcut-paste",
    "shortcut-select",
    "shortcut-move-row",
    "shortcut-insert-row",
    "shortcut-duplicate-row",
    "shortcut-delete-row",
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
/// last line, left and right from the start or end of its text (with Shift, which selects,
/// also when some of the text is selected up to that edge). `caret` is the selection
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
        "ArrowLeft" if (collapsed || shift) && start == 0 => (line, column.checked_sub(1)?),
        "ArrowRight" if (collapsed || shift) && end == units.len() => (line, column + 1),
        _ => return None,
    };
    (target.0 >= 1 && target.0 <= lines && target.1 < columns).then_some(target)
}

/// A pasted block too wide for the columns from the cell it is pasted into to the last one:
/// the paste is refused whole rather than cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooWide {
    /// The block's widest line, in cells.
    pub width: usize,
    /// The column the block would start at.
    pub column: Column,
    /// How many columns there are from that column to the last one, it included.
    pub room: usize,
    /// How many of the block's cells fall past the last column, over all its lines.
    pub cells: usize,
}

impl TooWide {
    /// Whether `block` fits from column index `column` ([`Column::ALL`] order) to the last
    /// column; what does not fit when it does not.
    pub fn check(block: &[Vec<String>], column: usize) -> Result<(), TooWide> {
        let room = Column::ALL.len().saturating_sub(column);
        let cells: usize = block.iter().map(|l| l.len().saturating_sub(room)).sum();
        if cells == 0 {
            return Ok(());
        }
        Err(TooWide {
            width: block.iter().map(Vec::len).max().unwrap_or(0),
            column: Column::ALL.get(column).copied().unwrap_or(Column::Layer),
            room,
            cells,
        })
    }

    /// The refusal in the UI language `ui`, the column named as the grid's header shows it
    /// (in the sheet's header language `lang`): "The paste is 9 columns wide; from column
    /// value to the end of the row there are 3 columns, so 6 cells do not fit. Nothing was
    /// pasted: paste it into a cell further left."
    pub fn message(&self, ui: Lang, lang: Lang) -> String {
        t_args(
            ui,
            "paste-too-wide",
            [
                ("width", self.width.into()),
                ("column", self.column.header(lang).into()),
                ("room", self.room.into()),
                ("cells", self.cells.into()),
            ],
        )
    }
}

/// The rows a paste into a sheet without rows makes, read as the import reads a TSV
/// ([`budget::tsv::import`]): a header line in either language, in any column order, puts
/// each column where it names; without one, each line's cells fill the columns from the
/// first, as a spreadsheet's block pasted into the first cell does (a line may have fewer
/// than eight cells, never more: [`TooWide`]). Blank text makes no rows. Refused, with the
/// reason in `ui` (the import's, or [`TooWide::message`] with the headers in `lang`), when
/// the text cannot be read as rows.
pub fn rows_from_paste(text: &str, ui: Lang, lang: Lang) -> Result<Vec<budget::Row>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let error = match budget::tsv::import(text) {
        Ok(imported) => return Ok(imported.rows),
        Err(error) => error,
    };
    let block = budget::tsv::clipboard(text);
    if block.header.is_some() {
        // A header the import could not follow (a column twice, a line of another length):
        // its reason, as the import gives it.
        return Err(error.message(ui));
    }
    TooWide::check(&block.cells, 0).map_err(|w| w.message(ui, lang))?;
    Ok(block
        .cells
        .iter()
        .map(|cells| {
            let mut row = budget::Row::default();
            for (column, text) in Column::ALL.iter().zip(cells) {
                *row.cell_mut(*column) = text.clone();
            }
            row
        })
        .collect())
}

/// Writes a pasted block ([`budget::tsv::clipboard`]) into `rows`, its first cell at line
/// `line` (from 1) and column index `column` ([`Column::ALL`] order), adding empty rows at the
/// end where the block reaches past the last. The grid refuses a block wider than the
/// columns from `column` on before it comes here ([`TooWide::check`]); a line's cells past
/// the last column would be left out. Returns how many cells it wrote.
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

/// The cell element of `column` (its index in [`Column::ALL`]) on line `line`, if drawn.
fn cell_element(line: usize, column: usize) -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    let name = Column::ALL.get(column)?.header(Lang::En);
    document()
        .query_selector(&format!(
            "[data-testid=\"row-{line}\"] [data-testid=\"cell-{name}\"]"
        ))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// Scrolls the cell of `column` on line `line` into view, without moving the focus.
fn scroll_to_cell(line: usize, column: usize) {
    if let Some(cell) = cell_element(line, column) {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
        cell.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Empties every cell of `selection`.
fn clear_cells(rows: RwSignal<Vec<DraftRow>>, selection: &crate::selection::Selection) {
    rows.with_untracked(|rs| {
        for line in &selection.lines {
            let Some(row) = line.checked_sub(1).and_then(|i| rs.get(i)) else {
                continue;
            };
            for column in &Column::ALL[selection.columns.0..=selection.columns.1] {
                let cell = row.cell(*column);
                if cell.with_untracked(|t| !t.is_empty()) {
                    cell.set(String::new());
                }
            }
        }
    });
}

/// Moves the focus to the cell of `column` (its index in [`Column::ALL`]) on line `line`,
/// which scrolls it into view.
pub fn focus_cell(line: usize, column: usize) {
    if let Some(cell) = cell_element(line, column) {
        let _ = cell.focus();
    }
}

/// After a fix from the report is applied: the focus goes back to the grid, on the first
/// cell the fix changed (selected, as the keyboard leaves a cell), once the grid has drawn
/// it; so that Ctrl+Z there undoes the fix at once.
pub fn focus_first_change(fix: &budget::fix::Fix) {
    let first = fix
        .changes
        .iter()
        .map(|c| (c.line, draft::column_index(c.column)))
        .min();
    if let Some((line, column)) = first {
        request_animation_frame(move || focus_cell(line, column));
    }
}

/// Over the next `tries` frames, while the grid redraws: if the focus leaves the grid (its
/// cell was replaced), puts it on the cell of `line` and `column`.
fn keep_focus(line: usize, column: usize, tries: u32) {
    request_animation_frame(move || {
        let lost = document()
            .active_element()
            .is_none_or(|e| e.closest("table.grid").ok().flatten().is_none());
        if lost && cell_element(line, column).is_some() {
            focus_cell(line, column);
        } else if tries > 1 {
            keep_focus(line, column, tries - 1);
        }
    });
}

/// How a cell with the focus takes the keys, as in a spreadsheet. Written on its field as
/// `data-mode` (`select`, `edit`) while it has the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellMode {
    /// Reached by the keyboard (the arrows, Tab, Enter, a row action, an undo): the cell is
    /// selected, its whole text with it, so that typing replaces the text; the arrows move
    /// to the next cells whatever the text, and Enter or F2 edit it.
    Select,
    /// Being edited: clicked into (the caret where the click was), opened with Enter or F2
    /// (the caret at the end of the text), or typed into; the arrows move within the text
    /// and leave the cell from its edges.
    Edit,
}

impl CellMode {
    /// Its `data-mode`.
    fn name(self) -> &'static str {
        match self {
            CellMode::Select => "select",
            CellMode::Edit => "edit",
        }
    }
}

/// A cell's text field: the `<textarea>` of most cells, or the setting's `<input>`.
enum Field {
    Area(web_sys::HtmlTextAreaElement),
    Input(web_sys::HtmlInputElement),
}

impl Field {
    /// The field an event happened on.
    fn of(target: Option<web_sys::EventTarget>) -> Option<Field> {
        use wasm_bindgen::JsCast;
        let target = target?;
        match target.dyn_into::<web_sys::HtmlTextAreaElement>() {
            Ok(area) => Some(Field::Area(area)),
            Err(target) => target
                .dyn_into::<web_sys::HtmlInputElement>()
                .ok()
                .map(Field::Input),
        }
    }

    fn element(&self) -> &web_sys::HtmlElement {
        match self {
            Field::Area(a) => a,
            Field::Input(i) => i,
        }
    }

    /// Whether it has the focus.
    fn focused(&self) -> bool {
        let element: &web_sys::Element = self.element();
        document().active_element().as_ref() == Some(element)
    }

    /// The selection `(start, end)` in UTF-16 units.
    fn caret(&self) -> (usize, usize) {
        let (start, end) = match self {
            Field::Area(a) => (a.selection_start(), a.selection_end()),
            Field::Input(i) => (i.selection_start(), i.selection_end()),
        };
        (
            start.ok().flatten().unwrap_or(0) as usize,
            end.ok().flatten().unwrap_or(0) as usize,
        )
    }

    fn set_value(&self, text: &str) {
        match self {
            Field::Area(a) => a.set_value(text),
            Field::Input(i) => i.set_value(text),
        }
    }

    /// Selects the whole text (the browser keeps the caret out of sight: main.css).
    fn select_all(&self) {
        match self {
            Field::Area(a) => a.select(),
            Field::Input(i) => i.select(),
        }
    }

    /// Puts the caret after the last character.
    fn caret_to_end(&self) {
        let end = match self {
            Field::Area(a) => a.value(),
            Field::Input(i) => i.value(),
        }
        .encode_utf16()
        .count() as u32;
        let _ = match self {
            Field::Area(a) => a.set_selection_range(end, end),
            Field::Input(i) => i.set_selection_range(end, end),
        };
    }

    /// Takes `mode`: writes it on the field, and selects the text for [`CellMode::Select`].
    fn enter(&self, mode: CellMode, stored: StoredValue<CellMode>) {
        stored.set_value(mode);
        let _ = self.element().set_attribute("data-mode", mode.name());
        if mode == CellMode::Select {
            self.select_all();
        }
    }
}

/// One cell of the grid: a text area that keeps the cell's line breaks (Alt+Enter, or
/// Ctrl+Enter, starts a new line, as in a spreadsheet) and wraps long text within its column.
/// Its value is what the user typed (or what a button of the row wrote into the cell);
/// nothing from the server ever overwrites it. A cell reached by the keyboard is selected
/// ([`CellMode::Select`]): typing replaces its text, Enter or F2 edit it with the caret at
/// the end. The keys of [`move_from`] move between cells; Escape puts back the text the cell
/// had when it got the focus. The setting cell autocompletes from the catalog.
#[component]
fn GridCell(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
    column: Column,
    line: ReadSignal<usize>,
    on_change: Callback<()>,
    /// For the default column: the catalog's default to offer after the input, and what
    /// fills it ([`FillDefault`]).
    fill: Option<(Memo<Option<String>>, Callback<String>)>,
    /// For the setting column: the catalog entry's cells to offer ([`FillFromCatalog`]),
    /// and what writes them.
    catalog: Option<(Signal<Option<CatalogFill>>, Callback<CatalogFill>)>,
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
    // The page's autosave, told when a save carries a paste (none on a proposal's editor).
    let edit_kind = use_context::<crate::autosave::EditKind>();
    // Whether the typing since the cell got the focus is already an undo step: a cell's
    // typing is one step, however many keys it took.
    let typing = StoredValue::new(false);
    let record = move || {
        if let Some(h) = history {
            h.record();
        }
    };
    let notice = use_context::<GridNotice>();
    // Selected or being edited, while the cell has the focus; whether the focus comes from a
    // press of the mouse on the field (which edits where it points) or not (which selects).
    let mode = StoredValue::new(CellMode::Select);
    let pressed = StoredValue::new(false);
    let on_input = move |ev: leptos::ev::Event| {
        if !typing.get_value() {
            typing.set_value(true);
            record();
        }
        if mode.get_value() == CellMode::Select {
            // The first character typed into a selected cell replaced its text: now it is
            // being edited.
            if let Some(field) = Field::of(ev.target()) {
                field.enter(CellMode::Edit, mode);
            }
        }
        if let Some(n) = notice {
            n.clear();
        }
        cell.set(event_target_value(&ev));
        on_change.run(());
    };
    // The text when the cell got the focus, for Escape.
    let at_focus = StoredValue::new(String::new());
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        typing.set_value(false);
        at_focus.set_value(cell.get_untracked());
        let by_mouse = pressed.get_value();
        pressed.set_value(false);
        if let Some(field) = Field::of(ev.target()) {
            let next = if by_mouse {
                CellMode::Edit
            } else {
                CellMode::Select
            };
            field.enter(next, mode);
        }
        if let Some(grid) = grid {
            let here = (line.get_untracked(), index);
            // A range starts where the mouse went down or Shift+arrows began; the focus
            // arriving anywhere else (a row action, the keys) leaves it.
            if grid.anchor.get_untracked().is_some_and(|a| a != here) {
                grid.anchor.set(None);
            }
            grid.active.set(here);
        }
    };
    let on_blur = move |ev: leptos::ev::FocusEvent| {
        if let Some(field) = Field::of(ev.target()) {
            let _ = field.element().remove_attribute("data-mode");
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        let field = Field::of(ev.target());
        if let Some(redo) = undo::undo_key(&key, ev.ctrl_key() || ev.meta_key(), ev.shift_key()) {
            // The grid's history, not the text area's own: one step per edit of any cell.
            ev.prevent_default();
            typing.set_value(false);
            // The line before the step: a row the step removes has none after it.
            let at = line.get_untracked();
            let done = history.is_some_and(|h| if redo { h.redo() } else { h.undo() });
            if done {
                at_focus.set_value(cell.get_untracked());
                // The cell is selected again with its text as the step left it.
                if let Some(field) = field.as_ref().filter(|f| f.focused()) {
                    field.set_value(&cell.get_untracked());
                    field.enter(CellMode::Select, mode);
                }
                on_change.run(());
                // A step that replaced this row (an import undone) took the focus with it:
                // the same cell of the rows that came back gets it, for the next step.
                keep_focus(at, index, 5);
            }
            return;
        }
        if let Some(action) = row_key(
            &key,
            &ev.code(),
            ev.alt_key(),
            ev.shift_key(),
            ev.ctrl_key() || ev.meta_key(),
        ) {
            ev.prevent_default();
            typing.set_value(false);
            if let Some(h) = history {
                row_action(rows, h, row.key, action, on_change, Some(index));
            }
            return;
        }
        let selection = grid.and_then(|g| g.selection.get_untracked());
        if let (Some(g), Some(selection)) = (grid, &selection) {
            let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key() || ev.shift_key());
            if key == "Escape" {
                g.collapse();
                return;
            }
            if plain && matches!(key.as_str(), "Delete" | "Backspace") {
                // Clears every selected cell: one edit.
                ev.prevent_default();
                record();
                typing.set_value(false);
                clear_cells(rows, selection);
                on_change.run(());
                return;
            }
        }
        let Some(field) = field else { return };
        if key == "Escape" {
            // The text the cell had when it got the focus, selected again.
            let before = at_focus.get_value();
            if cell.with_untracked(|t| *t != before) {
                record();
                typing.set_value(false);
                field.set_value(&before);
                cell.set(before);
                on_change.run(());
            }
            field.enter(CellMode::Select, mode);
            return;
        }
        let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key());
        let selected = mode.get_value() == CellMode::Select;
        if (key == "F2" && plain) || (key == "Enter" && plain && !ev.shift_key() && selected) {
            // Edits the cell in place, the caret after its text.
            ev.prevent_default();
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return;
        }
        if selected && matches!(key.as_str(), "Home" | "End" | "PageUp" | "PageDown") {
            // The caret moves into the text: the cell is being edited.
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return;
        }
        if key == "Enter" && (ev.alt_key() || ev.ctrl_key()) {
            // A new line in the cell, where the caret is (after the text of a selected cell).
            if let Field::Area(area) = &field {
                ev.prevent_default();
                if selected {
                    field.enter(CellMode::Edit, mode);
                    field.caret_to_end();
                }
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
        if !plain {
            return;
        }
        let caret = field.caret();
        let lines = grid.map_or(0, |g| g.lines.get_untracked());
        let size = (lines, Column::ALL.len());
        let arrow = key.starts_with("Arrow");
        if let (Some(g), true, true) = (grid, arrow, ev.shift_key()) {
            // Shift+arrows select: from the cell's edge as the plain arrows move, and on from
            // wherever the selection's end is once there is one.
            let to = if selection.is_some() {
                move_from(&key, false, (0, 0), "", g.active.get_untracked(), size)
            } else {
                cell.with_untracked(|text| {
                    move_from(&key, true, caret, text, (line.get_untracked(), index), size)
                })
            };
            if let Some(to) = to {
                ev.prevent_default();
                g.extend(to);
                scroll_to_cell(to.0, to.1);
            }
            return;
        }
        // A selected cell is left by the arrows whatever its text; a cell being edited from
        // its text's edges.
        let to = if selected {
            move_from(
                &key,
                ev.shift_key(),
                (0, 0),
                "",
                (line.get_untracked(), index),
                size,
            )
        } else {
            cell.with_untracked(|text| {
                move_from(
                    &key,
                    ev.shift_key(),
                    caret,
                    text,
                    (line.get_untracked(), index),
                    size,
                )
            })
        };
        if let Some((to_line, to_column)) = to {
            ev.prevent_default();
            if let Some(g) = grid {
                g.collapse();
            }
            focus_cell(to_line, to_column);
        }
    };
    // A block copied from a spreadsheet fills the cells from this one on: one edit, one save;
    // a block wider than the columns from this one on is refused whole, saying so.
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
        if let Err(too_wide) = TooWide::check(&block.cells, index) {
            if let Some(n) = notice {
                n.say(too_wide.message(ui_lang(), n.lang.get_untracked()));
            }
            return;
        }
        if let Some(n) = notice {
            n.clear();
        }
        record();
        typing.set_value(false);
        if fill_block(rows, (line.get_untracked(), index), &block.cells) > 0 {
            // The save that carries it is a paste, a revision of its own.
            if let Some(kind) = edit_kind {
                kind.note(crate::model::RevisionKind::Paste);
            }
            on_change.run(());
        }
    };
    // A selection of several cells is copied (and cut) as the spreadsheets' TSV; a single
    // cell's text is left to the browser.
    let copy_selection = move |ev: &leptos::ev::ClipboardEvent| {
        let selection = grid.and_then(|g| g.selection.get_untracked())?;
        let data = ev.clipboard_data()?;
        let text = rows.with_untracked(|rs| budget::tsv::copy(&selection.cells(rs)));
        data.set_data("text/plain", &text).ok()?;
        ev.prevent_default();
        Some(selection)
    };
    let on_copy = move |ev: leptos::ev::ClipboardEvent| {
        copy_selection(&ev);
    };
    let on_cut = move |ev: leptos::ev::ClipboardEvent| {
        if let Some(selection) = copy_selection(&ev) {
            record();
            typing.set_value(false);
            clear_cells(rows, &selection);
            on_change.run(());
        }
    };
    // The mouse selects as in a spreadsheet: a drag from one cell over others, or a click
    // with Shift from the active cell.
    let on_mousedown = move |ev: leptos::ev::MouseEvent| {
        let Some(g) = grid else { return };
        if ev.button() != 0 {
            return;
        }
        let here = (line.get_untracked(), index);
        if ev.shift_key() {
            ev.prevent_default();
            g.extend(here);
        } else {
            // A press on the text edits the cell there: at its focus if it has none yet,
            // at once if it is selected.
            if let Some(field) = Field::of(ev.target()) {
                if field.focused() {
                    field.enter(CellMode::Edit, mode);
                } else {
                    pressed.set_value(true);
                }
            }
            g.collapse();
            g.anchor.set(Some(here));
            g.dragging.set(true);
        }
    };
    let on_mouseenter = move |ev: leptos::ev::MouseEvent| {
        if let Some(g) = grid.filter(|g| g.dragging.get_untracked() && ev.buttons() & 1 == 1) {
            g.active.set((line.get_untracked(), index));
        }
    };
    // Each read from the cell's own slot ([`GridFocus::selected`]): a move of the focus or
    // the selection wakes the cells it changes, not every cell.
    let line_now = line.get_untracked();
    let selected = grid.map(|g| g.selected(row.key, line_now, index));
    let selected = move || selected.is_some_and(|s| s.get());
    // One tab stop for the whole grid: the cell that last had the focus (the first cell
    // until then); the arrows, Enter and Tab move between the others.
    // (The first cell again when that cell's row is gone.)
    let tab_stop = grid.map(|g| g.tab_stop(row.key, line_now, index));
    let tabindex = move || match tab_stop {
        Some(stop) if !stop.get() => "-1",
        _ => "0",
    };
    view! {
        <td
            class=move || {
                let mut class = format!("col-{name}");
                if old.with(Option::is_some) {
                    class.push_str(" cell-changed");
                }
                if selected() {
                    class.push_str(" selected");
                }
                class
            }
            aria-selected=move || selected().then_some("true")
            on:mousedown=on_mousedown
            on:mouseenter=on_mouseenter
        >
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
                        on:blur=on_blur
                        on:keydown=on_keydown
                        on:paste=on_paste
                        on:copy=on_copy
                        on:cut=on_cut
                    />
                })
            } else {
                Either::Right(view! {
                    <textarea
                        name=name
                        rows=move || cell.with(|text| text_rows(text))
                        spellcheck="false"
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                        on:input=on_input
                        on:focus=on_focus
                        on:blur=on_blur
                        on:keydown=on_keydown
                        on:paste=on_paste
                        on:copy=on_copy
                        on:cut=on_cut
                    >
                        {cell.get_untracked()}
                    </textarea>
                })
            }}
            {move || old.get().map(|o| view! { <del class="cell-old" data-testid="cell-old" title=t(ui_lang(), "cell-old-title")>{o}</del> })}
            {fill.map(|(default, on_fill)| view! { <FillDefault default on_fill/> })}
            {catalog.map(|(fill, on_fill)| view! { <FillFromCatalog fill on_fill/> })}
        </td>
    }
}

/// The `rows` of a cell's `<textarea>`: its lines (a line break at the end starts one more),
/// 1 to [`MAX_TEXT_ROWS`]. Chromium sizes the cell to its text by CSS (`field-sizing:
/// content`, which ignores `rows`); a browser without it (Firefox) shows the lines by this,
/// and scrolls a wrapped or longer text within the cell.
pub fn text_rows(text: &str) -> usize {
    text.split('\n').count().clamp(1, MAX_TEXT_ROWS)
}

/// The most lines a cell shows before it scrolls (as the CSS's `max-height` for Chromium).
pub const MAX_TEXT_ROWS: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_view_is_compared_in_place_exactly_as_it_is_made() {
        let rows = budget::tsv::import(budget::example::RESERVATION_EN)
            .unwrap()
            .rows;
        let report = budget::check(&budget::Sheet::new(Lang::En, rows));
        let flags = flagged_lines(&report);
        let defaults: Vec<Option<String>> = vec![None, Some("60s".into())];
        let sources = RowSources {
            report: &report,
            defaults: &defaults,
            flags: &flags,
            marks: None,
        };
        let view = sources.view(2, false);
        assert_eq!(view.derived.as_ref().map(|d| d.line), Some(2));
        assert_eq!(view.catalog_default.as_deref(), Some("60s"));
        assert!(sources.shows(&view, 2, false));
        // Another line, another default, the row lit: each is a different view.
        assert!(!sources.shows(&view, 3, false));
        let no_defaults = RowSources {
            defaults: &[],
            ..sources
        };
        assert!(!no_defaults.shows(&view, 2, false));
        assert!(!sources.shows(&view, 2, true));
        // A row the report has not got (a row added since) has no derived part.
        assert_eq!(sources.view(99, false).derived, None);
    }

    #[test]
    fn a_row_button_is_named_with_and_without_its_row() {
        assert_eq!(
            row_action_words(Lang::En, RowAction::Delete, None),
            "Delete row"
        );
        assert_eq!(
            row_action_words(Lang::En, RowAction::Delete, Some(4)),
            "Delete row 4"
        );
        assert_eq!(
            row_action_words(Lang::Ja, RowAction::Delete, Some(4)),
            "行 4 を削除"
        );
        assert_eq!(
            row_action_words(Lang::En, RowAction::MoveTo(2), Some(7)),
            "Move row 7 up"
        );
    }

    #[test]
    fn a_cell_shows_its_lines_up_to_six() {
        assert_eq!(text_rows(""), 1);
        assert_eq!(text_rows("30s"), 1);
        assert_eq!(text_rows("first\nsecond"), 2);
        assert_eq!(text_rows("first\r\nsecond\n"), 3);
        assert_eq!(text_rows(&"x\n".repeat(40)), 6);
    }
    use budget::{Finding, FindingCode};

    fn finding(severity: Severity, rows: Vec<usize>) -> Finding {
        Finding {
            severity,
            rows,
            ..Finding::new(FindingCode::SlackNone)
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
        assert_eq!(
            t(Lang::Ja, "shortcut-enter"),
            "下のセル、上のセル（Enter は編集中のセルから）"
        );
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
        // From row 1's value (column 6 of 8): the grid refuses the block (too wide); written
        // anyway, two cells fit on each line and the rest is cut.
        assert!(TooWide::check(&block.cells, 5).is_err());
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
    fn a_block_too_wide_for_the_columns_right_of_its_cell_is_refused_with_what_does_not_fit() {
        let block = budget::tsv::clipboard("a\tb\tc\td\te\tf\tg\th\ti\nj\tk\n");
        // Nine columns wide into the value column (index 5): three columns from there to the
        // end, six cells past it on the first line, none on the second.
        let too_wide = TooWide::check(&block.cells, 5).unwrap_err();
        assert_eq!(
            too_wide,
            TooWide {
                width: 9,
                column: Column::Value,
                room: 3,
                cells: 6
            }
        );
        assert_eq!(
            too_wide.message(Lang::En, Lang::En),
            "The paste is 9 columns wide; from column value to the end of the row there are 3 \
             columns, so 6 cells do not fit. Nothing was pasted: paste it into a cell further left."
        );
        assert_eq!(
            too_wide.message(Lang::Ja, Lang::Ja),
            "貼り付ける範囲は 9 列ですが、列「設定値」から行の終わりまでは 3 列なので、6 個のセルが\
             収まりません。何も貼り付けていません。もっと左のセルに貼り付けてください。"
        );
        let one = TooWide::check(&budget::tsv::clipboard("a\tb\n").cells, 7).unwrap_err();
        assert_eq!(
            one.message(Lang::En, Lang::Ja),
            "The paste is 2 columns wide; from column 根拠 to the end of the row there is 1 \
             column, so 1 cell does not fit. Nothing was pasted: paste it into a cell further left."
        );
        assert_eq!(TooWide::check(&block.cells, 0).map_err(|w| w.cells), Err(1));
        assert_eq!(TooWide::check(&block.cells[1..], 6), Ok(()));
    }

    #[test]
    fn a_paste_into_a_sheet_without_rows_is_read_as_the_import_reads_it() {
        // A header in any order, in either language, puts each column where it names.
        let text = "設定値\tsegment\tlayer\titem\tsetting\tdefault\tlocation\trationale\n\
                    3s\tapp -> DB\t2\t\t\t\t\t\n";
        let rows = rows_from_paste(text, Lang::En, Lang::En).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (
                rows[0].layer.as_str(),
                rows[0].segment.as_str(),
                rows[0].value.as_str()
            ),
            ("2", "app -> DB", "3s")
        );
        // A header that leaves a column out is refused, as the import refuses it.
        assert_eq!(
            rows_from_paste("value\tsegment\n3s\tapp -> DB\n", Lang::En, Lang::En),
            Err(
                "line 1: the header must name each of the eight columns once; \"layer\" is missing"
                    .to_string()
            )
        );
        // Without one, cells fill from the first column, a short line too.
        let rows = rows_from_paste("1\tLB -> app\tread timeout\n2\tapp\n", Lang::En, Lang::En);
        let rows = rows.unwrap();
        assert_eq!(
            (
                rows[0].layer.as_str(),
                rows[0].item.as_str(),
                rows[1].segment.as_str()
            ),
            ("1", "read timeout", "app")
        );
        // A header line whose data lines are short is refused as the import refuses it.
        let header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
        assert_eq!(
            rows_from_paste(&format!("{header}1\tapp\n"), Lang::En, Lang::En).map(|r| r.len()),
            Err(
                "line 2: expected 8 cells, found 2; each row needs exactly 8 tab-separated cells"
                    .to_string()
            )
        );
        assert_eq!(
            rows_from_paste(&format!("{header}1\tapp\n"), Lang::Ja, Lang::En).map(|r| r.len()),
            Err("2 行目: セルが 8 個必要ですが 2 個です。各行はタブ区切りでちょうど 8 個のセルが必要です"
                .to_string())
        );
        assert_eq!(
            rows_from_paste("1\t2\t3\t4\t5\t6\t7\t8\t9\n", Lang::En, Lang::En).map(|r| r.len()),
            Err("The paste is 9 columns wide; from column layer to the end of the row there are 8 \
                 columns, so 1 cell does not fit. Nothing was pasted: paste it into a cell further left."
                .to_string())
        );
        assert_eq!(rows_from_paste(" \n", Lang::En, Lang::En), Ok(Vec::new()));
    }

    #[test]
    fn alt_keys_act_on_the_row() {
        let key = |k, code, alt, shift, ctrl| row_key(k, code, alt, shift, ctrl);
        assert_eq!(
            key("ArrowUp", "ArrowUp", true, false, false),
            Some(RowAction::MoveUp)
        );
        assert_eq!(
            key("ArrowDown", "ArrowDown", true, false, false),
            Some(RowAction::MoveDown)
        );
        assert_eq!(
            key("ArrowUp", "ArrowUp", true, true, false),
            Some(RowAction::InsertAbove)
        );
        assert_eq!(
            key("ArrowDown", "ArrowDown", true, true, false),
            Some(RowAction::InsertBelow)
        );
        // Alt+Shift+D types "Î" on a Mac: the physical key counts.
        assert_eq!(
            key("Î", "KeyD", true, true, false),
            Some(RowAction::Duplicate)
        );
        assert_eq!(
            key("Backspace", "Backspace", true, true, false),
            Some(RowAction::Delete)
        );
        assert_eq!(key("ArrowUp", "ArrowUp", false, false, false), None);
        assert_eq!(key("ArrowUp", "ArrowUp", true, false, true), None);
        assert_eq!(key("d", "KeyD", true, false, false), None);
    }

    #[test]
    fn shift_arrows_leave_a_cell_from_its_edge_even_with_text_selected() {
        let at = |key, caret, text| move_from(key, true, caret, text, (2, 3), (3, 8));
        assert_eq!(at("ArrowRight", (1, 3), "abc"), Some((2, 4)));
        assert_eq!(at("ArrowLeft", (0, 2), "abc"), Some((2, 2)));
        assert_eq!(at("ArrowRight", (0, 2), "abc"), None);
        assert_eq!(at("ArrowDown", (0, 3), "abc"), Some((3, 3)));
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
