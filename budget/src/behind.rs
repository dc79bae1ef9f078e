//! Which rows a number of the report is made of: its trace walked to the end, through every
//! number it takes from another ([`TraceRef`]), so that a page can highlight the rows behind
//! any number it shows. A term names only the rows it reads itself; those of a number it takes
//! are that number's (provenance by reference, `docs/spec/report.md`).

use std::collections::HashSet;

use crate::map::Map;
use crate::report::{Report, TraceNumber, TraceRef, TraceTerm};

/// The rows behind the numbers of one report: an index of its hops (by segment) and nodes (by
/// name), built once per report, so that asking for every number a page shows costs a walk
/// of each number's own terms, not a search of the whole report per reference.
///
/// [`RowsBehind::of`] answers for one number, given its terms (`node.trace.need`,
/// `hop.trace.worst`, `finding.trace.bound`, or several numbers' terms chained, for a
/// difference such as a slack).
///
/// # Example
///
/// Golden G2: the app's need, 15.5 s, is DB 3.0 s (rows 9, 10) + external API 12.0 s
/// (rows 6, 7, 8) + own 0.5 s (row 5).
///
/// ```
/// let mut rows = budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
/// rows[6].value = "3s".into();
/// rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
/// let report = budget::check(&budget::Sheet::new(budget::Lang::En, rows));
///
/// let behind = budget::RowsBehind::new(&report);
/// let app = report.nodes.iter().find(|n| n.name == "app").unwrap();
/// assert_eq!(behind.of(&app.trace.need), [5, 6, 7, 8, 9, 10]);
/// let inversion = &report.findings[0];
/// assert_eq!(behind.of(&inversion.trace.bound), [4]);
/// ```
#[derive(Clone, Debug)]
pub struct RowsBehind<'r> {
    report: &'r Report,
    hops: Map<&'r str, usize>,
    nodes: Map<&'r str, usize>,
}

/// A number of a hop or a node of the report, by its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    Hop(usize, TraceNumber),
    Node(usize, TraceNumber),
}

impl<'r> RowsBehind<'r> {
    /// Indexes `report`'s hops by segment and nodes by name (the first of each, should a
    /// malformed report repeat one).
    pub fn new(report: &'r Report) -> RowsBehind<'r> {
        let mut hops = Map::default();
        for (i, hop) in report.hops.iter().enumerate() {
            hops.entry(hop.segment.as_str()).or_insert(i);
        }
        let mut nodes = Map::default();
        for (i, node) in report.nodes.iter().enumerate() {
            nodes.entry(node.name.as_str()).or_insert(i);
        }
        RowsBehind {
            report,
            hops,
            nodes,
        }
    }

    /// The rows the number made of `terms` comes from: every row its terms name, and, for a
    /// term taken from another number of the report (`from`), every row behind that number,
    /// walked on to the end; for a parallel group's term, every row behind each of its hops'
    /// worst cases (a route group's is its longest route's alone). Lines are data rows counted
    /// from 1, as in
    /// [`TraceTerm::rows`]: sorted, each once; empty for a number with nothing to trace.
    ///
    /// Each number of the report is walked at most once, so the walk ends on any report,
    /// also one whose references go round in a circle (a malformed sheet's `graph.cycle`,
    /// or a report read back from JSON); a reference to a hop or node the report does not
    /// have adds only the rows its term names.
    pub fn of<'t>(&self, terms: impl IntoIterator<Item = &'t TraceTerm>) -> Vec<usize> {
        let mut rows = Vec::new();
        let mut to_walk = Vec::new();
        for term in terms {
            self.take(term, &mut rows, &mut to_walk);
        }
        let mut walked = HashSet::new();
        while let Some(place) = to_walk.pop() {
            if walked.insert(place) {
                for term in self.terms(place) {
                    self.take(term, &mut rows, &mut to_walk);
                }
            }
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// Adds the rows `term` names to `rows`, and the numbers it takes to `to_walk`: its
    /// `from`, and the worst case of each hop of a parallel group (the longest of them may
    /// change with any one).
    fn take(&self, term: &TraceTerm, rows: &mut Vec<usize>, to_walk: &mut Vec<Place>) {
        rows.extend_from_slice(&term.rows);
        if let Some(from) = &term.from {
            to_walk.extend(self.places(from));
        }
        if !term.routes {
            to_walk.extend(
                term.group
                    .iter()
                    .filter_map(|segment| self.hops.get(segment.as_str()))
                    .map(|&i| Place::Hop(i, TraceNumber::Worst)),
            );
        }
    }

    /// The hop's and the node's number a reference names, where the report has them.
    fn places(&self, from: &TraceRef) -> impl Iterator<Item = Place> {
        let hop = from
            .hop
            .as_deref()
            .and_then(|segment| self.hops.get(segment))
            .map(|&i| Place::Hop(i, from.number));
        let node = from
            .node
            .as_deref()
            .and_then(|name| self.nodes.get(name))
            .map(|&i| Place::Node(i, from.number));
        hop.into_iter().chain(node)
    }

    /// The terms of a number of the report (none for a number a hop or node does not have).
    fn terms(&self, place: Place) -> &'r [TraceTerm] {
        match place {
            Place::Hop(i, number) => {
                let trace = &self.report.hops[i].trace;
                match number {
                    TraceNumber::PerTry => &trace.per_try,
                    TraceNumber::Tries => &trace.tries,
                    TraceNumber::Early => &trace.early,
                    TraceNumber::Worst => &trace.worst,
                    TraceNumber::Wait => &trace.wait,
                    TraceNumber::Need => &trace.need,
                    TraceNumber::Inner | TraceNumber::Deadline => &[],
                }
            }
            Place::Node(i, number) => {
                let trace = &self.report.nodes[i].trace;
                match number {
                    TraceNumber::Inner => &trace.inner,
                    TraceNumber::Need => &trace.need,
                    TraceNumber::Deadline => &trace.deadline,
                    TraceNumber::PerTry
                    | TraceNumber::Tries
                    | TraceNumber::Early
                    | TraceNumber::Worst
                    | TraceNumber::Wait => &[],
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, example, tsv, HopReport, Lang, NodeReport, Sheet};

    /// Golden G2: G1 with the external API's read timeout 3 s and 3 tries, waits 0.5 s and
    /// 1.0 s (rows 7 and 8), in `lang`'s example sheet.
    fn g2(lang: Lang) -> Report {
        let mut rows = tsv::import(example::reservation(lang))
            .expect("the example reads")
            .rows;
        rows[6].value = "3s".into();
        rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
        check(&Sheet::new(lang, rows))
    }

    fn node<'a>(report: &'a Report, name: &str) -> &'a NodeReport {
        report.nodes.iter().find(|n| n.name == name).unwrap()
    }

    fn hop<'a>(report: &'a Report, caller: &str, callee: &str) -> &'a HopReport {
        report
            .hops
            .iter()
            .find(|h| h.caller == caller && h.callee == callee)
            .unwrap()
    }

    #[test]
    fn the_apps_need_in_g2_comes_from_rows_5_to_10() {
        for (lang, app) in [(Lang::En, "app"), (Lang::Ja, "アプリ")] {
            let report = g2(lang);
            let behind = RowsBehind::new(&report);
            let app = node(&report, app);
            assert_eq!(app.need_ms, Some(15_500));
            assert_eq!(behind.of(&app.trace.need), [5, 6, 7, 8, 9, 10]);
            assert_eq!(behind.of(&app.trace.inner), [6, 7, 8, 9, 10]);
            assert_eq!(behind.of(&app.trace.deadline), [4]);
        }
    }

    #[test]
    fn a_hops_numbers_in_g2_come_from_its_own_rows() {
        let report = g2(Lang::En);
        let behind = RowsBehind::new(&report);
        let to_api = hop(&report, "app", "external API");
        assert_eq!(to_api.worst_ms, Some(12_000));
        assert_eq!(behind.of(&to_api.trace.worst), [6, 7, 8]);
        assert_eq!(behind.of(&to_api.trace.per_try), [6, 7]);
        assert_eq!(behind.of(&to_api.trace.tries), [8]);
        let to_db = hop(&report, "app", "DB");
        assert_eq!(behind.of(&to_db.trace.worst), [9, 10]);
        // The LB's need is the app's deadline (it declares one, row 4) and the sheet's
        // margin, which has no row; its wait is the LB's read timeout.
        let lb_app = hop(&report, "LB", "app");
        assert_eq!(behind.of(&lb_app.trace.need), [4]);
        assert_eq!(behind.of(&lb_app.trace.wait), [3]);
        assert_eq!(
            behind.of(lb_app.trace.wait.iter().chain(&lb_app.trace.need)),
            [3, 4]
        );
    }

    #[test]
    fn the_inversion_in_g2_is_bound_by_row_4_and_needs_rows_5_to_10() {
        let report = g2(Lang::En);
        let behind = RowsBehind::new(&report);
        let inversion = &report.findings[0];
        assert_eq!(inversion.code, "inversion.node");
        assert_eq!(
            (inversion.bound_ms, inversion.need_ms),
            (Some(8_000), Some(15_500))
        );
        assert_eq!(behind.of(&inversion.trace.bound), [4]);
        assert_eq!(behind.of(&inversion.trace.need), [5, 6, 7, 8, 9, 10]);
    }

    #[test]
    fn a_taken_number_adds_all_its_rows_though_its_term_names_none() {
        // One node calling 20 services: a hop's need taking that node's need names no rows
        // (by reference); the walk finds all 40 behind it.
        let mut rows = Vec::new();
        for i in 0..20 {
            for item in ["connect timeout", "read timeout"] {
                rows.push(crate::Row {
                    segment: format!("app -> svc{i}"),
                    item: item.into(),
                    value: "1s".into(),
                    ..crate::Row::default()
                });
            }
        }
        rows.push(crate::Row {
            segment: "LB -> app".into(),
            item: "read timeout".into(),
            value: "100s".into(),
            ..crate::Row::default()
        });
        let report = check(&Sheet::new(Lang::En, rows));
        let lb_app = hop(&report, "LB", "app");
        let taken = lb_app.trace.need.iter().find(|t| t.from.is_some()).unwrap();
        assert_eq!(taken.rows, Vec::<usize>::new());
        let behind = RowsBehind::new(&report);
        assert_eq!(behind.of(&lb_app.trace.need), (1..=40).collect::<Vec<_>>());
        assert_eq!(behind.of(&lb_app.trace.wait), [41], "the LB's read timeout");
    }

    /// A term naming `rows` and taking number `number` of node `node` or hop `hop`.
    fn term(
        rows: &[usize],
        hop: Option<&str>,
        node: Option<&str>,
        number: TraceNumber,
    ) -> TraceTerm {
        TraceTerm {
            rows: rows.to_vec(),
            from: Some(TraceRef {
                hop: hop.map(str::to_string),
                node: node.map(str::to_string),
                number,
            }),
            ..TraceTerm::default()
        }
    }

    #[test]
    fn references_that_go_round_in_a_circle_are_walked_once() {
        // A malformed report (read back from JSON, say): a's need takes a -> b's worst, whose
        // worst takes b's need, which takes a's need again; and a reference to a hop that is
        // not there.
        let mut report = g2(Lang::En);
        report.nodes.truncate(2);
        report.hops.truncate(1);
        report.nodes[0].name = "a".into();
        report.nodes[1].name = "b".into();
        report.hops[0].segment = "a -> b".into();
        report.nodes[0].trace.need = vec![
            term(&[1], Some("a -> b"), None, TraceNumber::Worst),
            term(&[7], Some("x -> y"), None, TraceNumber::Worst),
        ];
        report.hops[0].trace.worst = vec![term(&[2], None, Some("b"), TraceNumber::Need)];
        report.nodes[1].trace.need = vec![
            term(&[3], None, Some("a"), TraceNumber::Need),
            term(&[2], None, Some("b"), TraceNumber::Need),
        ];
        let behind = RowsBehind::new(&report);
        assert_eq!(behind.of(&report.nodes[0].trace.need), [1, 2, 3, 7]);
        assert_eq!(behind.of(&report.nodes[1].trace.need), [1, 2, 3, 7]);
        // A number a hop does not have (a deadline) has no terms.
        let odd = [term(&[], Some("a -> b"), None, TraceNumber::Deadline)];
        assert_eq!(behind.of(&odd), Vec::<usize>::new());
    }

    #[test]
    fn a_number_with_nothing_to_trace_has_no_rows() {
        let report = check(&Sheet::new(Lang::En, Vec::new()));
        assert_eq!(RowsBehind::new(&report).of(&[]), Vec::<usize>::new());
    }
}
