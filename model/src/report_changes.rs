//! A report sent as what changed since one the page already holds ("live means
//! live"): the sheet page asks for a report on every keystroke, and at 2,000 rows the whole
//! report is about 2 MB of JSON, which the browser would read and compare on every key. A
//! keystroke changes a few of its items (the row typed in, its hop and node, the nodes above,
//! their findings), so the answer names the runs of items that stayed as they were and carries
//! only the others.
//!
//! The server keeps, for a while, the items of each report it sent (as their JSON text,
//! [`ReportTexts`]) under the answer's [`ReportAnswer`] id; a check that names the report its
//! page holds (`since`) is answered with [`ReportChanges`] from it. A report the server no
//! longer has (another instance, a restart, an old page) is answered whole.

use budget::{Finding, HopReport, NodeReport, Report, RowReport, Summary};
use serde::{Deserialize, Serialize};

/// A report as the server answers a check: whole, or as what changed since a report the page
/// holds. Either way `id` names it for the next check's `since`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportAnswer {
    /// The whole report.
    Whole {
        /// This report's id.
        id: u64,
        /// The report.
        report: Report,
    },
    /// What changed since report `since`.
    Changes {
        /// This report's id.
        id: u64,
        /// The id of the report the changes apply to.
        since: u64,
        /// The changes.
        changes: ReportChanges,
    },
}

impl ReportAnswer {
    /// This report's id.
    pub fn id(&self) -> u64 {
        match self {
            ReportAnswer::Whole { id, .. } | ReportAnswer::Changes { id, .. } => *id,
        }
    }
}

/// A report as changes to an earlier one: its summary, and each of its lists as runs of the
/// earlier list's items and new ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportChanges {
    /// The summary (a few numbers: always sent).
    pub summary: Summary,
    /// The nodes.
    pub nodes: ListChanges<NodeReport>,
    /// The hops.
    pub hops: ListChanges<HopReport>,
    /// The rows' reports.
    pub rows: ListChanges<RowReport>,
    /// The findings.
    pub findings: ListChanges<Finding>,
}

/// A list as runs, in order: the new list is the runs' items one after the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ListChanges<T> {
    /// The runs.
    pub runs: Vec<Run<T>>,
}

/// Part of a list: items of the earlier list, or new ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Run<T> {
    /// `len` items of the earlier list, from its index `from` on, as they were.
    Same {
        /// The first one's index in the earlier list.
        from: usize,
        /// How many.
        len: usize,
    },
    /// Items the earlier list does not have where they stand (new, or changed).
    New(Vec<T>),
}

/// Changes that do not fit the report they were applied to (a run beyond its list's end):
/// the report is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Misfit;

impl<T: Clone> ListChanges<T> {
    /// Whether every run of earlier items lies within a list of `len` items.
    fn fits(&self, len: usize) -> bool {
        self.runs.iter().all(|run| match run {
            Run::Same { from, len: n } => from.checked_add(*n).is_some_and(|end| end <= len),
            Run::New(_) => true,
        })
    }

    /// The new list, from the earlier one `old` (which must fit: see
    /// [`ListChanges::fits`]). Earlier items are moved, and copied only when a second run
    /// names them.
    fn apply(self, old: Vec<T>) -> Vec<T> {
        let total = self
            .runs
            .iter()
            .map(|run| match run {
                Run::Same { len, .. } => *len,
                Run::New(items) => items.len(),
            })
            .sum();
        let mut old: Vec<Option<T>> = old.into_iter().map(Some).collect();
        // Where each earlier item went in the new list, for a second run that names it.
        let mut moved_to: Vec<usize> = vec![usize::MAX; old.len()];
        let mut new: Vec<T> = Vec::with_capacity(total);
        for run in self.runs {
            match run {
                Run::Same { from, len } => {
                    for k in from..from + len {
                        let item = match old[k].take() {
                            Some(item) => item,
                            None => new[moved_to[k]].clone(),
                        };
                        moved_to[k] = new.len();
                        new.push(item);
                    }
                }
                Run::New(items) => new.extend(items),
            }
        }
        new
    }
}

impl ReportChanges {
    /// Turns `report` (the earlier report) into the new one. [`Misfit`] when the changes
    /// name items `report` does not have: then `report` is as it was.
    pub fn apply(self, report: &mut Report) -> Result<(), Misfit> {
        let fits = self.nodes.fits(report.nodes.len())
            && self.hops.fits(report.hops.len())
            && self.rows.fits(report.rows.len())
            && self.findings.fits(report.findings.len());
        if !fits {
            return Err(Misfit);
        }
        report.summary = self.summary;
        report.nodes = self.nodes.apply(std::mem::take(&mut report.nodes));
        report.hops = self.hops.apply(std::mem::take(&mut report.hops));
        report.rows = self.rows.apply(std::mem::take(&mut report.rows));
        report.findings = self.findings.apply(std::mem::take(&mut report.findings));
        Ok(())
    }
}

/// The items of a report as their JSON text, list by list: what the server keeps of a report
/// it sent, to tell which items of the next one are new.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportTexts {
    nodes: Vec<String>,
    hops: Vec<String>,
    rows: Vec<String>,
    findings: Vec<String>,
}

impl ReportTexts {
    /// The texts of a report whose only items are findings, each given as its JSON text:
    /// what a test of the reports kept needs (their size is the texts' bytes).
    pub fn of_findings(findings: Vec<String>) -> ReportTexts {
        ReportTexts {
            findings,
            ..ReportTexts::default()
        }
    }

    /// The bytes of text kept.
    pub fn bytes(&self) -> usize {
        [&self.nodes, &self.hops, &self.rows, &self.findings]
            .iter()
            .flat_map(|list| list.iter())
            .map(String::len)
            .sum()
    }
}

/// `report` as changes since the report whose items are `old`, and the texts of `report`'s
/// items (to keep for the next one). An item is the same when its JSON text is.
pub fn changes_since(old: &ReportTexts, report: Report) -> (ReportChanges, ReportTexts) {
    let (nodes, node_texts) = list_changes(&old.nodes, report.nodes);
    let (hops, hop_texts) = list_changes(&old.hops, report.hops);
    let (rows, row_texts) = list_changes(&old.rows, report.rows);
    let (findings, finding_texts) = list_changes(&old.findings, report.findings);
    let changes = ReportChanges {
        summary: report.summary,
        nodes,
        hops,
        rows,
        findings,
    };
    let texts = ReportTexts {
        nodes: node_texts,
        hops: hop_texts,
        rows: row_texts,
        findings: finding_texts,
    };
    (changes, texts)
}

/// The texts of `report`'s items, for a report sent whole.
pub fn texts_of(report: &Report) -> ReportTexts {
    ReportTexts {
        nodes: report.nodes.iter().map(text_of).collect(),
        hops: report.hops.iter().map(text_of).collect(),
        rows: report.rows.iter().map(text_of).collect(),
        findings: report.findings.iter().map(text_of).collect(),
    }
}

/// An item's JSON text. The report's types are plain data (no maps with other keys than
/// strings, no floats), which serialize without fail; an empty text would only make the
/// item count as new.
fn text_of<T: Serialize>(item: &T) -> String {
    serde_json::to_string(item).unwrap_or_default()
}

/// `new` as runs over `old` (the earlier list's texts), and `new`'s texts. Each item is
/// looked for first right after the previous run of earlier items (the common case: a list
/// with a few items changed, added or gone), then anywhere in the earlier list.
fn list_changes<T: Serialize>(old: &[String], new: Vec<T>) -> (ListChanges<T>, Vec<String>) {
    use std::collections::HashMap;

    let mut first: HashMap<&str, usize> = HashMap::with_capacity(old.len());
    for (i, text) in old.iter().enumerate().rev() {
        first.insert(text.as_str(), i);
    }
    let texts: Vec<String> = new.iter().map(text_of).collect();
    let mut runs: Vec<Run<T>> = Vec::new();
    for (item, text) in new.into_iter().zip(&texts) {
        let next = match runs.last() {
            Some(Run::Same { from, len }) => Some(from + len),
            _ => None,
        };
        if let (Some(k), Some(Run::Same { len, .. })) = (next, runs.last_mut()) {
            if !text.is_empty() && old.get(k) == Some(text) {
                *len += 1;
                continue;
            }
        }
        match first.get(text.as_str()).filter(|_| !text.is_empty()) {
            Some(&from) => runs.push(Run::Same { from, len: 1 }),
            None => match runs.last_mut() {
                Some(Run::New(items)) => items.push(item),
                _ => runs.push(Run::New(vec![item])),
            },
        }
    }
    (ListChanges { runs }, texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(old: &[&str], new: &[&str]) -> (Vec<Run<String>>, Vec<String>) {
        let old_texts: Vec<String> = old.iter().map(|s| text_of(&s.to_string())).collect();
        let new_items: Vec<String> = new.iter().map(|s| s.to_string()).collect();
        let (changes, _) = list_changes(&old_texts, new_items);
        let old_items: Vec<String> = old.iter().map(|s| s.to_string()).collect();
        let applied = changes.clone().apply(old_items);
        (changes.runs, applied)
    }

    #[test]
    fn a_changed_item_is_sent_and_the_rest_named_by_runs() {
        let (r, applied) = runs(&["a", "b", "c", "d"], &["a", "B", "c", "d"]);
        assert_eq!(
            r,
            [
                Run::Same { from: 0, len: 1 },
                Run::New(vec!["B".to_string()]),
                Run::Same { from: 2, len: 2 },
            ]
        );
        assert_eq!(applied, ["a", "B", "c", "d"]);
    }

    #[test]
    fn an_inserted_and_a_removed_item_keep_the_others_as_runs() {
        let (r, applied) = runs(&["a", "b", "c", "d"], &["x", "a", "b", "d"]);
        assert_eq!(
            r,
            [
                Run::New(vec!["x".to_string()]),
                Run::Same { from: 0, len: 2 },
                Run::Same { from: 3, len: 1 },
            ]
        );
        assert_eq!(applied, ["x", "a", "b", "d"]);
    }

    #[test]
    fn an_item_named_twice_is_copied_and_an_empty_list_is_no_runs() {
        let (r, applied) = runs(&["a", "b"], &["b", "a", "b"]);
        assert_eq!(
            r,
            [Run::Same { from: 1, len: 1 }, Run::Same { from: 0, len: 2 },]
        );
        assert_eq!(applied, ["b", "a", "b"]);
        assert_eq!(runs(&["a"], &[]), (vec![], vec![]));
    }

    /// A sheet of `fixtures/`.
    fn sheet(name: &str) -> budget::Sheet {
        let path = format!("{}/../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("the fixture");
        let imported = budget::tsv::import(&text).expect("a sheet");
        budget::Sheet::new(imported.lang.unwrap_or(budget::Lang::En), imported.rows)
    }

    /// How many items of `list` are sent.
    fn new_count<T>(list: &ListChanges<T>) -> usize {
        list.runs
            .iter()
            .map(|run| match run {
                Run::New(items) => items.len(),
                Run::Same { .. } => 0,
            })
            .sum()
    }

    /// The report of `after` as changes since that of `before`, applied to it.
    fn through_changes(before: &budget::Sheet, after: &budget::Sheet) -> (Report, usize) {
        let mut shown = budget::check(before);
        let (changes, texts) = changes_since(&texts_of(&shown), budget::check(after));
        let new_items = new_count(&changes.nodes) + new_count(&changes.hops);
        changes.apply(&mut shown).expect("the changes fit");
        assert_eq!(texts, texts_of(&shown));
        (shown, new_items)
    }

    #[test]
    fn every_edit_of_a_golden_sheet_sent_as_changes_gives_its_report() {
        for name in [
            "reservation-en.tsv",
            "reservation-ja.tsv",
            "three-client-layers.tsv",
        ] {
            let before = sheet(name);
            for line in 0..before.rows.len() {
                for column in budget::Column::ALL {
                    let mut after = before.clone();
                    after.rows[line].cell_mut(column).push('0');
                    let (shown, _) = through_changes(&before, &after);
                    assert_eq!(shown, budget::check(&after), "{name} row {line} {column:?}");
                }
                let mut removed = before.clone();
                removed.rows.remove(line);
                assert_eq!(
                    through_changes(&before, &removed).0,
                    budget::check(&removed)
                );
                let mut doubled = before.clone();
                doubled.rows.insert(line, before.rows[line].clone());
                assert_eq!(
                    through_changes(&before, &doubled).0,
                    budget::check(&doubled)
                );
            }
        }
    }

    /// The items of `list` that are sent, each as `name` says.
    fn sent<T>(list: &ListChanges<T>, name: impl Fn(&T) -> String) -> Vec<String> {
        list.runs
            .iter()
            .flat_map(|run| match run {
                Run::New(items) => items.iter().map(&name).collect(),
                Run::Same { .. } => vec![],
            })
            .collect()
    }

    #[test]
    fn a_deadline_typed_in_g1_sends_only_the_node_and_the_hop_that_wait_on_it() {
        // The app's deadline 8 s → 20 s: the app's node (its bound) and the LB's hop to it
        // (which waits on that deadline) change; of the 5 nodes and 4 hops, nothing else.
        let before = sheet("reservation-en.tsv");
        let line = before
            .rows
            .iter()
            .position(|r| r.setting == "in-app deadline")
            .expect("the app's deadline");
        let mut after = before.clone();
        *after.rows[line].cell_mut(budget::Column::Value) = "20s".to_string();
        let (changes, _) = changes_since(&texts_of(&budget::check(&before)), budget::check(&after));
        assert_eq!(
            (
                sent(&changes.nodes, |n| n.name.clone()),
                sent(&changes.hops, |h| h.segment.clone()),
                sent(&changes.rows, |r| r.line.to_string()),
            ),
            (
                vec!["app".to_string()],
                vec!["LB -> app".to_string()],
                vec!["4".to_string()]
            )
        );
        let (shown, _) = through_changes(&before, &after);
        assert_eq!(shown, budget::check(&after));
    }

    #[test]
    fn changes_that_do_not_fit_leave_the_report_as_it_was() {
        let mut report = Report::default();
        report.summary.errors = 1;
        let changes = ReportChanges {
            summary: Summary::default(),
            nodes: ListChanges { runs: vec![] },
            hops: ListChanges { runs: vec![] },
            rows: ListChanges {
                runs: vec![Run::Same { from: 0, len: 1 }],
            },
            findings: ListChanges { runs: vec![] },
        };
        assert_eq!(changes.apply(&mut report), Err(Misfit));
        assert_eq!(report.summary.errors, 1);
    }
}
