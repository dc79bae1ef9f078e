//! What the grid marks: the lines findings flag, and what changed since an earlier revision
//! (each changed line's old cells, the rows removed since), recomputed as the rows are typed.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::{Column, Lang, Report, Severity};
use leptos::prelude::*;

use crate::editor::state::draft::DraftRow;
use crate::i18n::{t, t_args};

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
pub(super) fn change_class(change: LineChange) -> &'static str {
    match change {
        LineChange::Same => "",
        LineChange::Changed => "diff-changed",
        LineChange::Moved => "diff-moved",
        LineChange::Added => "diff-added",
        LineChange::Removed => "diff-removed",
    }
}
