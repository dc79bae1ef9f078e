//! What one grid row shows of the report beside its cells, and the sources it is made of:
//! published per row so that a keystroke wakes only the rows whose view changed.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::{Column, Report, Severity};

use super::marks::ChangeMarks;

/// What a grid row shows of the report and the marks beside its cells
/// ([`RowSources::view`]), as the grid's one effect publishes it to the row
/// ([`FanOut`](crate::fan_out::FanOut)): a keystroke wakes the rows whose view changed, not every
/// row.
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
pub(super) fn catalog_default(defaults: &[Option<String>], line: usize) -> Option<&String> {
    line.checked_sub(1)
        .and_then(|i| defaults.get(i))
        .and_then(Option::as_ref)
}
