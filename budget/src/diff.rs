//! The review's diff of two sheets: their cells, their budgets and the causal trace of every
//! change up the call chain.
//!
//! [`diff`] checks both sheets and compares them:
//! - **cells** ([`RowsDiff`]): rows added, removed and moved, every changed cell old → new;
//!   rows are matched by id when the store gives ids, else by content ([`pair_by_content`]);
//! - **budgets**: every node's need, deadline, slack and attempts and every hop's worst case,
//!   wait, need, slack, tries and attempts, before → after, only where they changed
//!   ([`NodeChange`], [`HopChange`]); the verdicts that flipped, worst first ([`Flip`]); the
//!   findings that appeared and disappeared, matched by code and place, so that an unchanged
//!   finding is not listed;
//! - **settings** ([`SettingChange`]): the margin, the amplification threshold and the
//!   language, where they changed; the headline names them;
//! - **the trace** ([`TraceLine`]): for every place whose changed rows move a number, the
//!   effect followed up to the outermost caller; a changed margin has a line of its own,
//!   first, and the rows' lines carry only what the rows moved.
//!
//! Texts follow the second sheet's language. The server writes the diff as Markdown (a
//! review comment) and as the command line's text.
//!
//! ```
//! use budget::{diff, tsv, Lang, Sheet};
//! let g1 = tsv::import(budget::example::RESERVATION_EN).unwrap();
//! let mut g2 = g1.clone();
//! g2.rows[6].value = "3s".into();
//! g2.rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
//! let d = diff::diff(
//!     &Sheet::new(Lang::En, g1.rows),
//!     &Sheet::new(Lang::En, g2.rows),
//!     diff::Match::Content,
//! );
//! assert_eq!(d.rows.changed_cells(), 2);
//! assert_eq!(d.flips[0].text, "app: ok → inverted, short by 7.5 s");
//! assert!(d.trace[0].text.starts_with("app -> external API: read 1.5 s → 3 s, tries 2 → 3"));
//! ```

mod budgets;
mod row_words;
mod rows;
mod settings;
mod trace;
mod trace_words;

use serde::{Deserialize, Serialize};

pub use budgets::{
    only_together, CheckPlace, CountChange, Flip, HopChange, MsChange, NodeChange, Presence,
    SlackChange, VerdictChange,
};
pub use rows::{
    apply, apply_keyed, pair_by_content, pair_by_ids, reverse, AddedRow, ApplyError, CellEdit,
    ChangedRow, Match, MovedRow, RemovedRow, RowsDiff,
};
pub use settings::SettingChange;
pub use trace::{NodeAttempts, TraceLine, TraceStep};

use crate::map::Map;
use crate::report::{Finding, Report, Summary};
use crate::sheet::{Lang, Sheet};
use crate::{display, Severity};

/// The diff of two sheets (see the [module](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SheetDiff {
    /// The language of the texts: the second sheet's.
    pub lang: Lang,
    /// One line for the top of a review: the counts before → after and the worst flip.
    pub headline: String,
    /// The first sheet's finding counts.
    pub before: Summary,
    /// The second sheet's finding counts.
    pub after: Summary,
    /// The sheet settings that changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<SettingChange>,
    /// The cells.
    pub rows: RowsDiff,
    /// Nodes whose numbers changed.
    pub nodes: Vec<NodeChange>,
    /// Hops whose numbers changed.
    pub hops: Vec<HopChange>,
    /// Verdicts that flipped, worst new verdict first.
    pub flips: Vec<Flip>,
    /// Findings of the second sheet that the first did not have.
    pub appeared: Vec<Finding>,
    /// Findings of the first sheet that the second does not have.
    pub disappeared: Vec<Finding>,
    /// The causal trace: a line for a changed margin that moves a number, then one line per
    /// place whose changed rows move one.
    pub trace: Vec<TraceLine>,
}

impl SheetDiff {
    /// Whether nothing changed: no cell, no setting, no number.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
            && self.rows.is_empty()
            && self.nodes.is_empty()
            && self.hops.is_empty()
            && self.appeared.is_empty()
            && self.disappeared.is_empty()
    }

    /// Whether the second sheet has a finding at `severity` or worse that the first did not
    /// have (`workbench diff --fail-on-new`, the review's gate).
    pub fn introduces(&self, severity: Severity) -> bool {
        self.appeared.iter().any(|f| f.severity <= severity)
    }
}

/// The rows diff of two sheets whose rows carry ids (the store's): `before` and `after` are
/// `(id, row)` in sheet order. No check runs: for the store's history, which keeps each
/// revision as this diff against the one before.
pub fn rows_by_id(before: &[(i64, crate::Row)], after: &[(i64, crate::Row)]) -> RowsDiff {
    let (ib, rb): (Vec<i64>, Vec<crate::Row>) = before.iter().cloned().unzip();
    let (ia, ra): (Vec<i64>, Vec<crate::Row>) = after.iter().cloned().unzip();
    rows::rows_diff(&rb, &ra, &pair_by_ids(&ib, &ia), Some((&ib, &ia)))
}

/// The rows diff of two lists of rows without ids, matched by content
/// ([`pair_by_content`]). No check runs: for the sheet page, which draws on its grid what the
/// rows being edited changed since an earlier revision, at every keystroke.
pub fn rows_by_content(before: &[crate::Row], after: &[crate::Row]) -> RowsDiff {
    rows::rows_diff(before, after, &pair_by_content(before, after), None)
}

/// The diff of two sheets (see the [module](self)): both are checked, then compared, rows
/// matched as `by` says.
///
/// With [`Match::Ids`], `before` and `after` hold one id per row of each sheet; ids of the
/// wrong length are ignored and rows matched by content.
pub fn diff(before: &Sheet, after: &Sheet, by: Match<'_>) -> SheetDiff {
    let (rb, ra) = (crate::check(before), crate::check(after));
    diff_reports(before, &rb, after, &ra, by)
}

/// [`diff`] of two sheets already checked: `before_report` must be `check(before)` and
/// `after_report` `check(after)` (the store keeps each revision's report).
pub fn diff_reports(
    before: &Sheet,
    before_report: &Report,
    after: &Sheet,
    after_report: &Report,
    by: Match<'_>,
) -> SheetDiff {
    let lang = after.lang;
    let (pairs, ids) = match by {
        Match::Ids {
            before: b,
            after: a,
        } if b.len() == before.rows.len() && a.len() == after.rows.len() => {
            (pair_by_ids(b, a), Some((b, a)))
        }
        _ => (pair_by_content(&before.rows, &after.rows), None),
    };
    let rows = rows::rows_diff(&before.rows, &after.rows, &pairs, ids);
    let mut line_after = vec![None; before.rows.len()];
    for (j, p) in pairs.iter().enumerate() {
        if let Some(i) = p {
            line_after[*i] = Some(j + 1);
        }
    }
    let map_line = |line: usize| {
        line.checked_sub(1)
            .and_then(|i| line_after.get(i).copied().flatten())
    };
    let nodes = budgets::node_changes(before_report, after_report);
    let hops = budgets::hop_changes(before_report, after_report);
    let flips = budgets::flips(lang, &nodes, &hops, after_report);
    let (appeared, disappeared) =
        budgets::findings_diff(&before_report.findings, &after_report.findings, &map_line);
    let settings = settings::changes(before, after);
    let trace = causal_trace(
        (before, before_report),
        (after, after_report),
        (&rows, &nodes, &hops),
        &settings,
    );
    let headline = headline(
        lang,
        &before_report.summary,
        &after_report.summary,
        &flips,
        &rows,
        &settings,
    );
    SheetDiff {
        lang,
        headline,
        before: before_report.summary,
        after: after_report.summary,
        settings,
        rows,
        nodes,
        hops,
        flips,
        appeared,
        disappeared,
        trace,
    }
}

/// `errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)`.
fn headline(
    lang: Lang,
    b: &Summary,
    a: &Summary,
    flips: &[Flip],
    rows: &RowsDiff,
    settings: &[SettingChange],
) -> String {
    let cells = rows.changed_cells();
    let (added, removed) = (rows.added.len(), rows.removed.len());
    let mut what: Vec<String> = settings.iter().map(|s| s.text.clone()).collect();
    // `2 cells changed` / `変更したセル 2個`, for each count that is not zero: English's one
    // and many, Japanese's words and unit.
    let counted = [
        (
            cells,
            ["cell changed", "cells changed", "変更したセル", "個"],
        ),
        (added, ["row added", "rows added", "追加した行", "行"]),
        (removed, ["row removed", "rows removed", "削除した行", "行"]),
    ];
    for (k, [one, many, ja, unit]) in counted.into_iter().filter(|&(k, _)| k > 0) {
        what.push(match lang {
            Lang::En => format!("{k} {}", if k == 1 { one } else { many }),
            Lang::Ja => format!("{ja} {k}{unit}"),
        });
    }
    if cells + added + removed == 0 {
        what.push(
            match lang {
                Lang::En => "no cell changed",
                Lang::Ja => "セルの変更なし",
            }
            .into(),
        );
    }
    let mut out = counts(lang, b, a);
    // The worst flip, or that none flipped.
    let (sep, unchanged) = match lang {
        Lang::En => ("; ", "no verdict changed"),
        Lang::Ja => ("。", "判定の変化なし"),
    };
    out.push_str(sep);
    out.push_str(flips.first().map_or(unchanged, |f| f.text.as_str()));
    let more = flips.len().saturating_sub(1);
    if more > 0 {
        out.push_str(&match lang {
            Lang::En => format!(" (and {more} more)"),
            Lang::Ja => format!("（ほか{more}件）"),
        });
    }
    out.push_str(&match lang {
        Lang::En => format!(" ({})", what.join(", ")),
        Lang::Ja => format!("（{}）", what.join("、")),
    });
    out
}

/// The causal trace: the margin's line first when the margin changed (the first sheet's rows
/// under the second sheet's margin, checked once more), then the rows' lines from there.
/// `changes` are the rows diff and the budgets' changes from the first sheet to the second.
fn causal_trace(
    (before, before_report): (&Sheet, &Report),
    (after, after_report): (&Sheet, &Report),
    (rows, nodes, hops): (&RowsDiff, &[NodeChange], &[HopChange]),
    settings: &[SettingChange],
) -> Vec<TraceLine> {
    let Some(margin) = settings.iter().find(|s| s.setting == "margin") else {
        return trace::trace(&trace::Sides {
            lang: after.lang,
            before_rows: &before.rows,
            after_rows: &after.rows,
            before: before_report,
            after: after_report,
            rows,
            nodes,
            hops,
        });
    };
    // The first sheet's rows under the second sheet's margin.
    let mid_report = crate::check(&Sheet {
        margin_ms: after.margin_ms,
        ..before.clone()
    });
    let setting_line = trace::setting_line(
        &trace::Sides {
            lang: after.lang,
            before_rows: &before.rows,
            after_rows: &before.rows,
            before: before_report,
            after: &mid_report,
            rows: &RowsDiff::default(),
            nodes: &budgets::node_changes(before_report, &mid_report),
            hops: &budgets::hop_changes(before_report, &mid_report),
        },
        &margin.setting,
        &margin.text,
    );
    let row_lines = trace::trace(&trace::Sides {
        lang: after.lang,
        before_rows: &before.rows,
        after_rows: &after.rows,
        before: &mid_report,
        after: after_report,
        rows,
        nodes: &budgets::node_changes(&mid_report, after_report),
        hops: &budgets::hop_changes(&mid_report, after_report),
    });
    setting_line.into_iter().chain(row_lines).collect()
}

/// The headline's counts for a caller that has only the summaries: `errors 0 → 1, warnings
/// 0 → 0`.
pub fn counts(lang: Lang, before: &Summary, after: &Summary) -> String {
    match lang {
        Lang::En => format!(
            "errors {} → {}, warnings {} → {}",
            before.errors, after.errors, before.warnings, after.warnings
        ),
        Lang::Ja => format!(
            "エラー {} → {}件、警告 {} → {}件",
            before.errors, after.errors, before.warnings, after.warnings
        ),
    }
}

/// A duration change for people: `4.3 s → 12.0 s`; `—` or `∞` for an unknown or unbounded
/// side.
pub fn ms_change(lang: Lang, c: &MsChange) -> String {
    format!(
        "{} → {}",
        display::duration_or_unknown(lang, c.before),
        display::duration_or_unknown(lang, c.after)
    )
}

/// How a line of [`grid`] changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineChange {
    /// In both sheets, the same cells, in its place.
    Same,
    /// In both sheets with changed cells.
    Changed,
    /// In both sheets, the same cells, moved among the others.
    Moved,
    /// Only in the second sheet.
    Added,
    /// Only in the first sheet: drawn struck through where it was.
    Removed,
}

/// One cell of a [`grid`] line: its text (the second sheet's; the first's for a removed
/// row) and, when it changed, the text before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridCell {
    /// The text shown.
    pub text: String,
    /// The text before, for a changed cell.
    pub old: Option<String>,
}

/// One line of a diff drawn on the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridLine {
    /// How it changed.
    pub change: LineChange,
    /// Its line in the first sheet.
    pub before_line: Option<usize>,
    /// Its line in the second sheet.
    pub after_line: Option<usize>,
    /// Its eight cells in column order.
    pub cells: Vec<GridCell>,
}

/// The second sheet's rows in order, each marked with what changed (and the old text of its
/// changed cells), with the first sheet's removed rows among them where they were: after the
/// row that came before them. What the sheet page draws for a diff.
pub fn grid(before: &[crate::Row], after: &[crate::Row], rows: &RowsDiff) -> Vec<GridLine> {
    use crate::Column;
    // The line of the second sheet of each row of the first (None: removed).
    let mut after_of: Vec<Option<usize>> = vec![None; before.len()];
    let mut taken = vec![false; after.len()];
    let mut named = vec![false; before.len()];
    for r in &rows.removed {
        if let Some(n) = named.get_mut(r.line.wrapping_sub(1)) {
            *n = true;
        }
    }
    for a in &rows.added {
        if let Some(t) = taken.get_mut(a.line.wrapping_sub(1)) {
            *t = true;
        }
    }
    let explicit = rows
        .changed
        .iter()
        .map(|c| (c.before_line, c.after_line))
        .chain(rows.moved.iter().map(|m| (m.before_line, m.after_line)));
    for (b, a) in explicit {
        if b >= 1 && b <= before.len() && a >= 1 && a <= after.len() {
            after_of[b - 1] = Some(a);
            named[b - 1] = true;
            taken[a - 1] = true;
        }
    }
    let mut free = (0..after.len()).filter(|j| !taken[*j]);
    for i in 0..before.len() {
        if !named[i] {
            after_of[i] = free.next().map(|j| j + 1);
        }
    }
    let moved: Map<usize, ()> = rows.moved.iter().map(|m| (m.after_line, ())).collect();
    let changed: Map<usize, &ChangedRow> = rows.changed.iter().map(|c| (c.after_line, c)).collect();
    let added: Map<usize, ()> = rows.added.iter().map(|a| (a.line, ())).collect();
    let removed: Map<usize, ()> = rows.removed.iter().map(|r| (r.line, ())).collect();
    // Removed rows go after the line of the kept row before them (or first).
    let mut removed_after: Map<usize, Vec<usize>> = Map::default();
    let mut anchor = 0usize;
    for (i, after_line) in after_of.iter().enumerate() {
        match after_line {
            Some(a) if !removed.contains_key(&(i + 1)) => anchor = *a,
            _ => removed_after.entry(anchor).or_default().push(i + 1),
        }
    }
    let line_of =
        |b: usize, a: usize, row: &crate::Row, change: LineChange, c: Option<&ChangedRow>| {
            GridLine {
                change,
                before_line: (b > 0).then_some(b),
                after_line: (a > 0).then_some(a),
                cells: Column::ALL
                    .iter()
                    .map(|col| GridCell {
                        text: row.cell(*col).to_string(),
                        old: c
                            .and_then(|c| c.cells.iter().find(|e| e.column == *col))
                            .map(|e| e.before.clone()),
                    })
                    .collect(),
            }
        };
    let removed_lines = |out: &mut Vec<GridLine>, anchor: usize| {
        for &b in removed_after
            .get(&anchor)
            .map(Vec::as_slice)
            .unwrap_or_default()
        {
            out.push(line_of(b, 0, &before[b - 1], LineChange::Removed, None));
        }
    };
    let before_of: Map<usize, usize> = after_of
        .iter()
        .enumerate()
        .filter_map(|(i, a)| a.map(|a| (a, i + 1)))
        .collect();
    let mut out = Vec::with_capacity(after.len() + rows.removed.len());
    removed_lines(&mut out, 0);
    for (j, row) in after.iter().enumerate() {
        let a = j + 1;
        let b = before_of.get(&a).copied().unwrap_or(0);
        let change = if added.contains_key(&a) {
            LineChange::Added
        } else if changed.contains_key(&a) {
            LineChange::Changed
        } else if moved.contains_key(&a) {
            LineChange::Moved
        } else {
            LineChange::Same
        };
        let b = if change == LineChange::Added { 0 } else { b };
        out.push(line_of(b, a, row, change, changed.get(&a).copied()));
        removed_lines(&mut out, a);
    }
    out
}
