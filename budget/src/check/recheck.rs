//! Stage 7's re-checks, incremental: a fix changes a few values, and what it can change is
//! the layers above the changed rows, not the sheet.
//!
//! A change of values leaves the graph's shape as it is (segments and kinds are read from
//! other cells), so the re-check keeps the check's graph and numbers and computes again only
//! what depends on the changed rows:
//! - the hops and nodes the changed rows belong to (their rows read again, their parts
//!   rebuilt);
//! - the numbers of those hops, and of the nodes that own a changed row or call a changed hop
//!   (a node's need is its own rows and the worst cases of the hops it calls);
//! - the checks of those nodes, and the coverage checks of the changed hops and of every hop
//!   into a node whose numbers changed (a hop's check reads its callee's worst case).
//!
//! Every other error of the sheet is the check's, unchanged. The errors are listed in the
//! order a whole check lists them: by their first row, then by the stage and the node or hop
//! that finds them. A change this does not cover (a cell other than the value, a row of a kind
//! that reaches further, such as an idempotency mark or a parallel group's name, or a report
//! whose errors were not all listed) returns `None`, and the caller checks the changed sheet
//! whole.

use std::rc::Rc;

use crate::code::FindingCode;
use crate::fix::{CellChange, Rechecked};
use crate::kind::Kind;
use crate::map::Map;
use crate::report::{Finding, Report, Severity};
use crate::sheet::{Column, Row, Sheet};

use super::findings::{Findings, Place};
use super::graph::{Graph, HopParts, Node};
use super::hops::HopCalc;
use super::nodes::NodeCalc;
use super::rows::RowInfo;
use super::{coverage, hops, nodes, rows};

/// What stages 1 to 5 computed for a sheet, kept for its fixes' re-checks.
pub(super) struct Stages {
    /// Every row's info, as the graph left it (tries layers moved to their hops).
    pub(super) infos: Vec<RowInfo>,
    pub(super) graph: Graph,
    pub(super) hops: Vec<HopCalc>,
    pub(super) nodes: Vec<NodeCalc>,
}

/// Where an error comes from, in the order a whole check finds them: the node checks (stage
/// 4), the coverage checks (stage 5), the rules (stage 6), each in node or hop order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Origin {
    Node(usize),
    Hop(usize),
    Rule(usize),
}

/// The kinds of row whose value reaches no further than its own hop or node: a time bound,
/// a tries layer, own time or a margin.
const LOCAL: [Kind; 12] = [
    Kind::Connect,
    Kind::Read,
    Kind::Send,
    Kind::Attempt,
    Kind::Statement,
    Kind::Deadline,
    Kind::Visibility,
    Kind::Queueing,
    Kind::RetryWindow,
    Kind::Margin,
    Kind::Own,
    Kind::Tries,
];

/// A sheet's check, ready to re-check changes of its values.
pub(super) struct Incremental<'s> {
    stages: Stages,
    /// Every row's info as stage 1 read it (before the graph moved the tries layers).
    read: &'s [RowInfo],
    /// The margin of a hop with no margin row, in ms.
    margin_ms: u64,
    /// The catalog's defaults read so far.
    defaults: hops::CatalogDefaults,
    /// For each node, the hops that call it ([`Callers::of`]).
    into: Callers,
    /// The sheet's errors, each with where it comes from; shared with the re-checks that
    /// leave them as they are.
    errors: Vec<(Origin, Rc<Finding>)>,
}

impl<'s> Incremental<'s> {
    /// Keeps `stages`, the stages of `sheet`, whose report is `report` and whose rows stage 1
    /// read as `read`. `None` when the report left errors out of its list, or names an error
    /// the stages cannot place.
    pub(super) fn new(
        stages: Stages,
        report: &Report,
        sheet: &'s Sheet,
        read: &'s [RowInfo],
    ) -> Option<Incremental<'s>> {
        let listed = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count();
        if u32::try_from(listed).ok() != Some(report.summary.errors) {
            return None;
        }
        let graph = &stages.graph;
        let node_index: Map<&str, usize> = graph
            .nodes
            .iter()
            .enumerate()
            .map(|(n, node)| (node.name.as_str(), n))
            .collect();
        let hop_index: Map<&str, usize> = graph
            .hops
            .iter()
            .enumerate()
            .map(|(h, hop)| (hop.segment.as_str(), h))
            .collect();
        let errors = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| {
                let origin = match f.code {
                    FindingCode::InversionNode => {
                        Origin::Node(*node_index.get(f.node.as_deref()?)?)
                    }
                    FindingCode::InversionHop | FindingCode::QueueRedelivery => {
                        Origin::Hop(*hop_index.get(f.hop.as_deref()?)?)
                    }
                    FindingCode::IdleDirection => Origin::Rule(*hop_index.get(f.hop.as_deref()?)?),
                    _ => return None,
                };
                Some((origin, Rc::new(without_words(f))))
            })
            .collect::<Option<Vec<_>>>()?;
        let into = Callers::of_graph(graph);
        Some(Incremental {
            stages,
            read,
            margin_ms: sheet.margin_ms,
            defaults: hops::CatalogDefaults::default(),
            into,
            errors,
        })
    }

    /// Re-checks `sheet` with `changes`: its errors and the changed rows, as a whole check of
    /// the changed sheet gives them, and the steps it took. `None` when the changes reach
    /// further than this re-checks (see the module's doc).
    pub(super) fn recheck(
        &mut self,
        sheet: &'s Sheet,
        changes: &[&CellChange],
    ) -> Option<(Rechecked, u64)> {
        let (changed, at) = changed_rows(sheet, changes)?;
        // Stage 1's findings are never errors (see `Read::for_verdict` in `check`): reading
        // the changed rows again counts its steps, and its findings are dropped unread.
        let mut read_out = Findings::new().for_verdict();
        let mut places = Places::default();
        // Each changed row read again; every other row as stage 1 read it.
        let mut fresh: Vec<RowInfo> = Vec::with_capacity(changed.len());
        // Each changed row is written into this one row in turn, whose cells keep their room.
        let mut row = Row::default();
        for &(line, value) in &changed {
            // A row's catalog match and kind read its other cells, not its value: the changed
            // row has the ones the check read it with (the kept infos are the check's here).
            let was = &self.stages.infos[line - 1];
            if !LOCAL.contains(&was.kind) {
                return None;
            }
            copy_with_value(&mut row, &sheet.rows[line - 1], value);
            let info = rows::reread_value(&row, was, line, &mut read_out);
            fresh.push(info);
            match self.stages.graph.place[line - 1] {
                Place::Hop(h) => places.hops.push(h),
                Place::Node(n) => places.nodes.push(n),
                Place::Nowhere => {}
            }
        }
        let mut out = read_out.for_verdict();
        places.hops.sort_unstable();
        places.hops.dedup();
        places.nodes.sort_unstable();
        places.nodes.dedup();
        let read = self.read;
        let info_of = |line: usize| {
            at.get(&line)
                .map_or_else(|| read[line - 1].clone(), |&i| fresh[i].clone())
        };
        let stages = &mut self.stages;
        let mut saved = Saved::with_room(&places, &stages.graph, changed.len());
        // The changed hops and nodes, rebuilt from their rows.
        for &h in &places.hops {
            saved.replace_infos(&mut stages.infos, &stages.graph.hops[h].rows, &info_of);
            let parts = stages.graph.hops[h].rebuild(&mut stages.infos);
            saved.parts.push((h, parts));
        }
        for &n in &places.nodes {
            saved.replace_infos(&mut stages.infos, &stages.graph.nodes[n].rows, &info_of);
            saved.nodes.push((n, stages.graph.nodes[n].clone()));
            stages.graph.nodes[n].rebuild(&stages.infos);
        }
        let elsewhere: Vec<usize> = changed
            .iter()
            .map(|(line, _)| *line)
            .filter(|line| stages.graph.place[line - 1] == Place::Nowhere)
            .collect();
        saved.replace_infos(&mut stages.infos, &elsewhere, &info_of);
        // Their numbers: the changed hops', then the nodes' that own or call them.
        for &h in &places.hops {
            let calc = hops::compute_one(
                &stages.graph,
                h,
                &stages.infos,
                self.margin_ms,
                &mut self.defaults,
                &mut out,
            );
            saved
                .hop_calcs
                .push((h, std::mem::replace(&mut stages.hops[h], calc)));
        }
        let mut counted: Vec<usize> = places
            .hops
            .iter()
            .map(|&h| stages.graph.hops[h].caller)
            .chain(places.nodes.iter().copied())
            .collect();
        counted.sort_unstable();
        counted.dedup();
        saved.node_calcs.reserve(counted.len());
        for &n in &counted {
            let node = &stages.graph.nodes[n];
            let calc =
                nodes::compute_one(&stages.graph, &stages.infos, &stages.hops, node, &mut out);
            saved
                .node_calcs
                .push((n, std::mem::replace(&mut stages.nodes[n], calc)));
        }
        // Their checks: the nodes', then the coverage of the changed hops and of every hop
        // into a node whose numbers changed.
        let mut found: Vec<(Origin, Rc<Finding>)> = Vec::new();
        for &n in &counted {
            let capped = nodes::capped_by_callers_of(&stages.graph, self.into.of(n));
            let calc = &stages.nodes[n];
            nodes::check_one(
                &stages.graph,
                &stages.infos,
                &stages.hops,
                (n, capped),
                calc,
                &mut out,
            );
            found.extend(out.take_errors().map(|f| (Origin::Node(n), Rc::new(f))));
        }
        let mut covered: Vec<usize> = counted
            .iter()
            .flat_map(|&n| self.into.of(n).iter().copied())
            .chain(places.hops.iter().copied())
            .collect();
        covered.sort_unstable();
        covered.dedup();
        for &h in &covered {
            let calcs = (&stages.hops[..], &stages.nodes[..]);
            coverage::check_one(&stages.graph, &stages.infos, calcs, h, &mut out);
            found.extend(out.take_errors().map(|f| (Origin::Hop(h), Rc::new(f))));
        }
        let rows = changed
            .iter()
            .map(|(line, _)| {
                let info = &stages.infos[line - 1];
                (
                    *line,
                    info.kind,
                    info.term().and_then(|t| t.time.bound_ms()),
                )
            })
            .collect();
        let steps = out.steps
            + (saved.infos.len() + saved.hop_calcs.len() + saved.node_calcs.len() + covered.len())
                as u64;
        saved.restore(stages);
        let replaced = |o: &Origin| match *o {
            Origin::Node(n) => counted.binary_search(&n).is_ok(),
            Origin::Hop(h) => covered.binary_search(&h).is_ok(),
            Origin::Rule(_) => false,
        };
        let mut errors: Vec<(Origin, Rc<Finding>)> =
            Vec::with_capacity(self.errors.len() + found.len());
        errors.extend(self.errors.iter().filter(|(o, _)| !replaced(o)).cloned());
        errors.extend(found);
        // As a whole check lists them: by first row, then in the order found (the sort is
        // stable, and one node or hop finds its errors in order).
        errors.sort_by_key(|(o, f)| (f.rows.first().map_or(0, |l| l + 1), *o));
        let errors = errors.into_iter().map(|(_, f)| f).collect();
        Some((Rechecked { errors, rows }, steps))
    }
}

/// `f` without its words and trace, which are the whole report's: a re-check writes none.
/// Those are left out, not copied and emptied.
fn without_words(f: &Finding) -> Finding {
    let Finding {
        code,
        severity,
        node,
        hop,
        rows,
        bound_ms,
        need_ms,
        short_by_ms,
        tries_that_fit,
        attempts,
        threshold,
        message: _,
        fix: _,
        source,
        fixes,
        trace: _,
    } = f;
    Finding {
        code: *code,
        severity: *severity,
        node: node.clone(),
        hop: hop.clone(),
        rows: rows.clone(),
        bound_ms: *bound_ms,
        need_ms: *need_ms,
        short_by_ms: *short_by_ms,
        tries_that_fit: *tries_that_fit,
        attempts: *attempts,
        threshold: *threshold,
        message: String::new(),
        fix: None,
        source: source.clone(),
        fixes: fixes.clone(),
        trace: Default::default(),
    }
}

/// For each node of a graph, the hops that call it, in hop order: one list of every hop,
/// grouped by callee, and where each node's group starts. Most nodes have one caller, and a
/// list of its own for each would be as many lists as nodes.
struct Callers {
    /// The hops, grouped by callee.
    hops: Vec<usize>,
    /// Where node `n`'s callers are in `hops`: from `start[n]` to `start[n + 1]`.
    start: Vec<usize>,
}

impl Callers {
    fn of_graph(graph: &Graph) -> Callers {
        // Each node's count of callers, then where its group starts, then each hop put in
        // its callee's group, moving the group's next place on.
        let mut start = vec![0; graph.nodes.len() + 1];
        for hop in &graph.hops {
            start[hop.callee + 1] += 1;
        }
        for n in 1..start.len() {
            start[n] += start[n - 1];
        }
        let mut next = start.clone();
        let mut hops = vec![0; graph.hops.len()];
        for (h, hop) in graph.hops.iter().enumerate() {
            hops[next[hop.callee]] = h;
            next[hop.callee] += 1;
        }
        Callers { hops, start }
    }

    /// The hops that call node `n`, in hop order.
    fn of(&self, n: usize) -> &[usize] {
        &self.hops[self.start[n]..self.start[n + 1]]
    }
}

/// Where each changed line is in the list of changed rows.
type Positions = Map<usize, usize>;

/// The lines `changes` change, each with its new value (the last change of it), in the order
/// first changed, and where each line is in that list. `None` when a change is not of a
/// value, or names no row of `sheet`.
fn changed_rows<'c>(
    sheet: &Sheet,
    changes: &[&'c CellChange],
) -> Option<(Vec<(usize, &'c str)>, Positions)> {
    let mut changed: Vec<(usize, &'c str)> = Vec::with_capacity(changes.len());
    let mut at: Positions = Map::default();
    for c in changes {
        if c.column != Column::Value {
            return None;
        }
        sheet.rows.get(c.line.checked_sub(1)?)?;
        match at.get(&c.line) {
            Some(&i) => changed[i].1 = &c.to,
            None => {
                at.insert(c.line, changed.len());
                changed.push((c.line, &c.to));
            }
        }
    }
    Some((changed, at))
}

/// Makes `row` the row `from` with its value `value`, in the room `row`'s cells already have.
fn copy_with_value(row: &mut Row, from: &Row, value: &str) {
    let Row {
        layer,
        segment,
        item,
        setting,
        default,
        value: _,
        location,
        rationale,
    } = from;
    row.layer.clone_from(layer);
    row.segment.clone_from(segment);
    row.item.clone_from(item);
    row.setting.clone_from(setting);
    row.default.clone_from(default);
    value.clone_into(&mut row.value);
    row.location.clone_from(location);
    row.rationale.clone_from(rationale);
}

/// The hops and nodes changed rows belong to.
#[derive(Default)]
struct Places {
    hops: Vec<usize>,
    nodes: Vec<usize>,
}

/// What a re-check replaced in the kept stages, to be put back.
#[derive(Default)]
struct Saved {
    infos: Vec<(usize, RowInfo)>,
    /// The parts of the rebuilt hops: all a rebuild changes of a hop.
    parts: Vec<(usize, HopParts)>,
    nodes: Vec<(usize, Node)>,
    hop_calcs: Vec<(usize, HopCalc)>,
    node_calcs: Vec<(usize, NodeCalc)>,
}

impl Saved {
    /// Room for what a re-check of the rows in `places` replaces: their hops' parts and their
    /// nodes, the rows of those, the hops' numbers, and `changed` rows elsewhere. A hop's
    /// parts and numbers are large, and a fix may change a row of each of many hops.
    fn with_room(places: &Places, graph: &Graph, changed: usize) -> Saved {
        let rows = places
            .hops
            .iter()
            .map(|&h| graph.hops[h].rows.len())
            .chain(places.nodes.iter().map(|&n| graph.nodes[n].rows.len()))
            .sum::<usize>();
        Saved {
            infos: Vec::with_capacity(rows + changed),
            parts: Vec::with_capacity(places.hops.len()),
            nodes: Vec::with_capacity(places.nodes.len()),
            hop_calcs: Vec::with_capacity(places.hops.len()),
            node_calcs: Vec::new(),
        }
    }

    /// Replaces the infos of `lines` with `info_of`'s, keeping the old ones.
    fn replace_infos(
        &mut self,
        infos: &mut [RowInfo],
        lines: &[usize],
        info_of: &impl Fn(usize) -> RowInfo,
    ) {
        for &line in lines {
            let old = std::mem::replace(&mut infos[line - 1], info_of(line));
            self.infos.push((line, old));
        }
    }

    /// Puts back what was replaced, last first (a row read twice gets its first info back).
    fn restore(self, stages: &mut Stages) {
        for (n, calc) in self.node_calcs.into_iter().rev() {
            stages.nodes[n] = calc;
        }
        for (h, calc) in self.hop_calcs.into_iter().rev() {
            stages.hops[h] = calc;
        }
        for (n, node) in self.nodes.into_iter().rev() {
            stages.graph.nodes[n] = node;
        }
        for (h, parts) in self.parts.into_iter().rev() {
            stages.graph.hops[h].parts = parts;
        }
        for (line, info) in self.infos.into_iter().rev() {
            stages.infos[line - 1] = info;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_node_has_the_hops_that_call_it_in_hop_order() {
        let sheet = crate::tsv::import(crate::example::RESERVATION_EN)
            .unwrap()
            .rows;
        let (_, _, graph) = super::super::read_and_build(&sheet);
        let callers = Callers::of_graph(&graph);
        for n in 0..graph.nodes.len() {
            let calling: Vec<usize> = (0..graph.hops.len())
                .filter(|&h| graph.hops[h].callee == n)
                .collect();
            assert_eq!(callers.of(n), calling.as_slice());
        }
    }
}
