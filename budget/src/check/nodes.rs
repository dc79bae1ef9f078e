//! Stage 4, nodes: every node's inner need (the worst cases of the hops it calls, the longest
//! of each parallel group), its need (`inner + own + margin rows`), its worst case (its
//! deadline where declared, else its need) and the node check `deadline ≥ need`
//! (`budget-model.md` §4).
//!
//! Input: the [`Graph`] and the [`HopCalc`]s. Output: one [`NodeCalc`] and one
//! [`NodeReport`] per node, and the findings `inversion.node`, `tries.cut_by_deadline` (a
//! propagated deadline) and `slack.none`.

use crate::code::FindingCode;
use crate::kind::Kind;
use crate::report::{NodeReport, NodeTrace, TraceNumber, TraceTerm, Verdict};
use crate::said::Said;
use crate::time::{compare, Time};

use super::findings::{Draft, Findings, Numbers, Traced};
use super::formula::{push_bound_with_unit, push_need_with_unit, with_unit, Slot, Word};
use super::graph::{Call, Graph, Node};
use super::hops::{early_tries_that_fit, tries_that_fit, HopCalc};
use super::rows::RowInfo;
use super::trace::{self, Reading};

/// The most routes of one route group a formula names; the others are counted (§4.2).
const ROUTES_NAMED: usize = 3;

/// One term of a node's inner need: a hop it calls, or a parallel or route group (its
/// longest hop).
pub(crate) struct NeedTerm {
    /// The term's worst case; `None` when unknown.
    pub(crate) time: Option<Time>,
    /// Its text with its callees named: `DB 3.0`, `max(DB 3.0, cache 4.3)`.
    pub(crate) named: String,
    /// Its callees' names: `DB`, `max(DB, cache)`.
    pub(crate) label: String,
    /// The hop it takes its worst case from: the call's, or a group's longest.
    pub(crate) hop: usize,
    /// A parallel or route group's hops, in order (empty for a single call).
    pub(crate) group: Vec<usize>,
    /// Whether the group is of routes, alternatives of which only the longest counts (§4.2).
    pub(crate) routes: bool,
}

/// What a node's calls and rows add up to.
pub(crate) struct NodeCalc {
    /// The sum of the terms; `None` when the node calls nothing or a term is unknown.
    pub(crate) inner: Option<Time>,
    /// `inner + own + margin rows`; `None` when unknown or when nothing counts.
    pub(crate) need: Option<Time>,
    /// Its worst case as a callee: its finite deadline where declared, else its need;
    /// `Some(None)` when unknown, `None` when the node has nothing to count.
    pub(crate) worst: Option<Option<Time>>,
    /// The hop with several tries (one layer, no deadline of its own) that contributes the
    /// most to its need: the one an inversion's fix suggests cutting.
    pub(crate) retry_candidate: Option<usize>,
    /// Where its inner need, need and deadline come from.
    pub(crate) trace: NodeTrace,
    /// Its need's formula with its terms named: `DB 3.0 + external API 12.0 + own 0.5 = 15.5 s`.
    pub(crate) need_formula: String,
}

/// The terms of a node's inner need, shortest first (the formula's order); without their
/// texts unless `whole` (a verdict-only re-check reads none).
fn need_terms(node: &Node, graph: &Graph, hops: &[HopCalc], whole: bool) -> Vec<NeedTerm> {
    let mut terms: Vec<NeedTerm> = node
        .calls
        .iter()
        .map(|c| {
            let time = c
                .hops
                .iter()
                .try_fold(None::<Time>, |acc, &h| {
                    let w = hops[h].worst?;
                    Some(Some(acc.map_or(w, |a| a.max(w))))
                })
                .flatten();
            let longest = longest(c, hops);
            if !whole {
                return NeedTerm {
                    time,
                    named: String::new(),
                    label: String::new(),
                    hop: longest,
                    group: Vec::new(),
                    routes: false,
                };
            }
            let callee = |h: usize| graph.nodes[graph.hops[h].callee].name.as_str();
            // `DB 3.0`: a callee named with its hop's worst case.
            let named_one = |h: usize| {
                let name = callee(h);
                let mut named = String::with_capacity(name.len() + 8);
                named.push_str(name);
                named.push(' ');
                match hops[h].worst {
                    Some(w) => w.push_need_text(&mut named, 1),
                    None => named.push('?'),
                }
                named
            };
            // A call of one hop: its one text, and no group.
            if let [h] = c.hops[..] {
                return NeedTerm {
                    time,
                    named: named_one(h),
                    label: callee(h).to_string(),
                    hop: longest,
                    group: Vec::new(),
                    routes: false,
                };
            }
            let named: Vec<String> = c.hops.iter().map(|&h| named_one(h)).collect();
            let (named, label) = if c.routes && c.hops.len() > ROUTES_NAMED {
                // Many routes: the longest few by name, in sheet order, and a count of the
                // others.
                let mut by_worst: Vec<usize> = (0..c.hops.len()).collect();
                by_worst.sort_by_key(|&i| {
                    std::cmp::Reverse(hops[c.hops[i]].worst.map(|w| (w.hi, w.lo)))
                });
                let mut kept: Vec<usize> = by_worst[..ROUTES_NAMED].to_vec();
                kept.sort_unstable();
                let others = Slot::OtherRoutes(c.hops.len() - ROUTES_NAMED).text();
                let callees: Vec<&str> = kept.iter().map(|&i| callee(c.hops[i])).collect();
                let named: Vec<&str> = kept.iter().map(|&i| named[i].as_str()).collect();
                (
                    format!("max({}, {others})", named.join(", ")),
                    format!("max({}, {others})", callees.join(", ")),
                )
            } else {
                let callees: Vec<&str> = c.hops.iter().map(|&h| callee(h)).collect();
                (
                    format!("max({})", named.join(", ")),
                    format!("max({})", callees.join(", ")),
                )
            };
            let group = c.hops.clone();
            NeedTerm {
                time,
                named,
                label,
                hop: longest,
                group,
                routes: c.routes,
            }
        })
        .collect();
    terms.sort_by_key(|t| t.time.map(|t| (t.hi, t.lo)));
    terms
}

/// Whether hop `h` out of `node` decides its part of the need: any hop outside a route group,
/// and of a route group's alternatives only the longest (§4.2: a fix on another route is never
/// offered).
fn decides(node: &Node, hops: &[HopCalc], h: usize) -> bool {
    node.calls
        .iter()
        .filter(|c| c.routes && c.hops.contains(&h))
        .all(|c| longest(c, hops) == h)
}

/// The hop of call `c` whose worst case counts: its one hop, or a group's longest (the first
/// of those equally long).
fn longest(c: &Call, hops: &[HopCalc]) -> usize {
    c.hops
        .iter()
        .copied()
        .max_by_key(|&h| hops[h].worst.map(|w| (w.hi, w.lo)))
        .unwrap_or(c.hops[0])
}

/// The trace term of one call in a node's need, its value read so.
fn call_term(graph: &Graph, t: &NeedTerm, reading: Reading) -> TraceTerm {
    let mut term = trace::taken(
        t.time.and_then(|w| reading.ms(w)),
        trace::of_hop(&graph.hops[t.hop].segment, TraceNumber::Worst),
    );
    term.label = Some(t.label.clone());
    term.group = t
        .group
        .iter()
        .map(|&h| graph.hops[h].segment.clone())
        .collect();
    term.routes = t.routes;
    term
}

/// Where a node's numbers come from, and its need's formula with its terms named
/// (`DB 3.0 + external API 12.0 + own 0.5 = 15.5 s`; empty when nothing counts).
fn node_trace(
    graph: &Graph,
    infos: &[RowInfo],
    node: &Node,
    terms: &[NeedTerm],
    (inner, need): (Option<Time>, Option<Time>),
) -> (NodeTrace, String) {
    let inner_reading = Reading::of_sum(inner);
    let inner_terms: Vec<TraceTerm> = terms
        .iter()
        .map(|t| call_term(graph, t, inner_reading))
        .collect();
    let reading = Reading::of_sum(need);
    // A node with nothing to count lists no need terms: they are not built.
    let mut need_terms: Vec<TraceTerm> = Vec::new();
    if node.has_content() {
        need_terms.reserve(terms.len() + 2);
        need_terms.extend(terms.iter().map(|t| call_term(graph, t, reading)));
    }
    // The node's own time and margin count after its calls.
    let own = node.own.is_some() || node.own_unknown;
    if own {
        need_terms.push(TraceTerm {
            kind: Some(Kind::Own),
            value_ms: node
                .own
                .filter(|_| !node.own_unknown)
                .and_then(|o| reading.ms(o.time)),
            rows: node.own_rows.clone(),
            ..TraceTerm::default()
        });
    }
    if let Some(m) = node.margin {
        need_terms.push(trace::row_term(&m, infos, reading));
    }
    // The terms' texts, joined by ` + `, written into the formula as they are read.
    let extras = usize::from(own) + usize::from(node.margin.is_some());
    let write_terms = |formula: &mut String| {
        for (i, t) in terms.iter().enumerate() {
            if i > 0 {
                formula.push_str(" + ");
            }
            formula.push_str(&t.named);
        }
        let mut sep = !terms.is_empty();
        let mut extra = |formula: &mut String, kind: Kind| {
            if std::mem::replace(&mut sep, true) {
                formula.push_str(" + ");
            }
            Slot::Term(kind).write(formula);
            formula.push(' ');
        };
        if own {
            extra(formula, Kind::Own);
            match node.own {
                Some(o) if !node.own_unknown => o.time.push_need_text(formula, o.decimals),
                _ => formula.push('?'),
            }
        }
        if let Some(m) = node.margin {
            extra(formula, Kind::Margin);
            m.time.push_need_text(formula, m.decimals);
        }
    };
    let formula = match terms.len() + extras {
        0 => String::new(),
        // One term is the need itself: `LB 12.0 s`; a group's longest is still worked out:
        // `max(orders 4.3, search 12.0) = 12.0 s`.
        1 if need.is_some() && terms.iter().all(|t| t.group.is_empty()) => match terms {
            [one] => with_unit(&one.named),
            _ => {
                let mut one = String::new();
                write_terms(&mut one);
                with_unit(&one)
            }
        },
        _ => {
            // Room for the terms, their ` + ` and the sum: a slot of a few bytes each.
            let room = terms.iter().map(|t| t.named.len() + 3).sum::<usize>() + 24 * extras + 24;
            let mut formula = String::with_capacity(room);
            write_terms(&mut formula);
            formula.push_str(" = ");
            push_need_with_unit(&mut formula, need);
            formula
        }
    };
    let deadline = match node.deadline {
        Some(Some(d)) if !d.time.is_inf() => vec![trace::row_term(&d, infos, Reading::LowerEnd)],
        Some(None) => vec![trace::unknown_term(Kind::Deadline, &node.rows, infos)],
        _ => Vec::new(),
    };
    let trace = NodeTrace {
        inner: inner_terms,
        need: need_terms,
        deadline,
    };
    (trace, formula)
}

/// Computes every node of `graph`.
pub(crate) fn compute(
    graph: &Graph,
    infos: &[RowInfo],
    hops: &[HopCalc],
    out: &mut Findings,
) -> Vec<NodeCalc> {
    graph
        .nodes
        .iter()
        .map(|node| compute_one(graph, infos, hops, node, out))
        .collect()
}

/// Computes `node` of `graph`: what [`compute`] gives for it, which depends on its own rows
/// and the hops it calls (`hops`) alone.
pub(crate) fn compute_one(
    graph: &Graph,
    infos: &[RowInfo],
    hops: &[HopCalc],
    node: &Node,
    out: &mut Findings,
) -> NodeCalc {
    out.steps += 1 + node.hops_out.len() as u64;
    let whole = !out.verdict_only();
    let terms = need_terms(node, graph, hops, whole);
    let inner = if node.hops_out.is_empty() {
        None
    } else {
        terms
            .iter()
            .try_fold(Time::ZERO, |acc, t| Some(acc.add(t.time?)))
    };
    let need = if node.has_content() && !node.own_unknown {
        let calls = if node.hops_out.is_empty() {
            Some(Time::ZERO)
        } else {
            inner
        };
        calls.map(|c| {
            [node.own, node.margin]
                .into_iter()
                .flatten()
                .fold(c, |t, extra| t.add(extra.time))
        })
    } else {
        None
    };
    let worst = match node.deadline {
        Some(Some(d)) if !d.time.is_inf() => Some(Some(d.time)),
        Some(None) => Some(None),
        _ if node.has_content() => Some(need),
        _ => None,
    };
    let retry_candidate = node
        .hops_out
        .iter()
        .copied()
        .filter(|&h| {
            let hop = &graph.hops[h];
            hops[h].tries > 1
                && hop.layers().len() <= 1
                && !hops[h].has_deadline
                && decides(node, hops, h)
        })
        .max_by_key(|&h| hops[h].worst.and_then(Time::need_ms));
    // A verdict-only re-check writes no trace and no formula.
    let (trace, need_formula) = if whole {
        node_trace(graph, infos, node, &terms, (inner, need))
    } else {
        (NodeTrace::default(), String::new())
    };
    NodeCalc {
        inner,
        need,
        worst,
        retry_candidate,
        trace,
        need_formula,
    }
}

/// For a node whose need exceeds `budget_ms`: the hop with several tries that contributes the
/// most, and how many of its tries fit once the node's other needs are paid for.
pub(crate) fn retry_suggestion(
    graph: &Graph,
    hops: &[HopCalc],
    node: &NodeCalc,
    budget_ms: u64,
) -> Option<(usize, u32)> {
    let h = node.retry_candidate?;
    let need = node.need?.need_ms()?;
    let this = hops[h].worst?.need_ms()?;
    let others = need.checked_sub(this)?;
    let budget = budget_ms.saturating_sub(others);
    let per_try = hops[h].per_try?.need_ms()?;
    let inner = graph.hops[h].layers().first();
    let waits = inner.map_or(&[][..], |l| &l.waits_ms[..]);
    // Tries retried only on early conditions: the tries on each target that fit (§4.1).
    if let Some(early) = hops[h].early {
        let targets = match graph.hops[h].parts.targets() {
            Some(Some(u)) => u,
            _ => 1,
        };
        let max = inner.map_or(1, |l| l.count);
        let fit = early_tries_that_fit(budget, early.need_ms()?, per_try, waits, targets, max);
        return Some((h, fit));
    }
    // Whole tries on each of several targets in turn: the tries on each target that fit,
    // `U × (k × per_try + waits) ≤ budget`, as the tries row counts them.
    if let (Some(Some(u @ 2..)), Some(l)) = (graph.hops[h].parts.targets(), inner) {
        let fit = tries_that_fit(budget / u64::from(u), per_try, waits, l.count);
        return Some((h, fit));
    }
    Some((h, tries_that_fit(budget, per_try, waits, hops[h].tries)))
}

/// The node reports and checks of every node.
pub(crate) fn check(
    graph: &Graph,
    infos: &[RowInfo],
    hops: &[HopCalc],
    nodes: &[NodeCalc],
    out: &mut Findings,
) -> Vec<NodeReport> {
    let capped = capped_by_callers(graph);
    graph
        .nodes
        .iter()
        .zip(nodes)
        .enumerate()
        .map(|(n, (_, calc))| check_one(graph, infos, hops, (n, capped[n]), calc, out))
        .collect()
}

/// The report and checks of node `n`, whose calc is `calc`: what [`check`] gives for it.
/// `capped` is whether a caller's deadline reaches the node ([`capped_by_callers`],
/// [`capped_by_callers_of`]).
pub(crate) fn check_one(
    graph: &Graph,
    infos: &[RowInfo],
    hops: &[HopCalc],
    (n, capped): (usize, bool),
    calc: &NodeCalc,
    out: &mut Findings,
) -> NodeReport {
    let node = &graph.nodes[n];
    let whole = !out.verdict_only();
    // The need's formula with its terms named (the trace's), then the check against the
    // deadline: `DB 3.0 + external API 4.3 + own 0.5 = 7.8 s ≤ 8.0 s`.
    let room = if whole { 24 } else { 0 };
    let mut formula = String::with_capacity(calc.need_formula.len() + room);
    formula.push_str(&calc.need_formula);
    let deadline = node.finite_deadline();
    let (verdict, slack_ms) = match (node.deadline, calc.need) {
        (Some(None), _) => (Verdict::Unknown, None),
        // Its own deadline is none or disabled (directly or by its default) and no caller's
        // deadline reaches it: it may work without bound, whatever it needs (spec §5).
        (Some(Some(d)), _) if d.time.is_inf() && !capped => {
            unbounded(infos, node, out);
            (Verdict::Unbounded, None)
        }
        (_, None) if node.own_unknown || node.hops_out.iter().any(|&h| hops[h].worst.is_none()) => {
            (Verdict::Unknown, None)
        }
        (_, None) => (Verdict::Unchecked, None),
        (_, Some(need)) => match deadline {
            Some(d) => {
                let c = compare(d.time, need, 0);
                let sign = match c.verdict {
                    Verdict::Ok => "≤",
                    Verdict::Inverted => ">",
                    _ => "?",
                };
                if whole {
                    formula.push(' ');
                    formula.push_str(sign);
                    formula.push(' ');
                    push_bound_with_unit(&mut formula, d.time, 1);
                }
                let d_ms = d.time.bound_ms().unwrap_or(0);
                if c.verdict == Verdict::Inverted && node.propagates {
                    // The node cuts each try to the time left: its deadline ends the calls in
                    // time, at the cost of the tries that do not fit.
                    let suggestion = retry_suggestion(graph, hops, calc, d_ms);
                    let brief = suggestion.map_or(0, |(h, _)| graph.hops[h].brief_rows().len());
                    if !out.skips(FindingCode::TriesCutByDeadline, node.rows.len() + brief) {
                        let mut rows = node.rows.clone();
                        if let Some((h, _)) = suggestion {
                            rows.extend(graph.hops[h].brief_rows().iter().copied());
                        }
                        let msg = Said::CutByNodeDeadline {
                            node: node.name.clone(),
                            deadline_ms: d_ms,
                            need_ms: need.need_ms(),
                            suggestion: suggestion.map(|(h, k)| (graph.hops[h].segment.clone(), k)),
                        };
                        out.add(
                            Draft::new(FindingCode::TriesCutByDeadline, rows, msg)
                                .on_node(&node.name)
                                .numbers(
                                    Numbers::short(Some(d_ms), need.need_ms())
                                        .fit(suggestion.map(|(_, k)| k)),
                                )
                                .traced(Traced::NodeCheck(n)),
                        );
                    }
                    if whole {
                        Slot::Word(Word::CutByPropagated).write(&mut formula);
                    }
                    (Verdict::Ok, c.slack_ms)
                } else if c.verdict == Verdict::Inverted {
                    let deadline_rows: Vec<usize> = node
                        .rows
                        .iter()
                        .copied()
                        .filter(|&l| matches!(infos[l - 1].kind, Kind::Deadline | Kind::Attempt))
                        .collect();
                    let hops_of = HopsOf { graph, hops };
                    inversion(hops_of, (n, node), calc, deadline_rows, (d_ms, need), out);
                    (c.verdict, c.slack_ms)
                } else {
                    if c.verdict == Verdict::Ok
                        && c.slack_ms == Some(0)
                        && !out.skips(FindingCode::SlackNone, node.rows.len())
                    {
                        out.add(
                            Draft::slack_none(&node.name, node.rows.clone(), formula.clone())
                                .on_node(&node.name)
                                .numbers(Numbers::passing(d.time.bound_ms(), need.need_ms()))
                                .traced(Traced::NodeCheck(n)),
                        );
                    }
                    (c.verdict, c.slack_ms)
                }
            }
            None if need.is_inf() => (Verdict::Unbounded, None),
            None => (Verdict::Unchecked, None),
        },
    };
    NodeReport {
        name: node.name.clone(),
        rows: node.rows.clone(),
        inner_ms: calc.inner.and_then(Time::need_ms),
        own_ms: if node.own_unknown {
            None
        } else {
            Some(node.own.and_then(|o| o.time.need_ms()).unwrap_or(0))
        },
        need_ms: calc.need.and_then(Time::need_ms),
        deadline_ms: deadline.and_then(|d| d.time.bound_ms()),
        slack_ms,
        verdict,
        formula,
        // The trace moves in once every stage has used it (see `check::run`).
        trace: NodeTrace::default(),
    }
}

/// For each node, whether a caller's deadline reaches it: a node that calls it propagates a
/// finite deadline of its own (gRPC's deadline propagation), so the call ends when that
/// deadline does, however long the node would go on. One pass over the hops.
fn capped_by_callers(graph: &Graph) -> Vec<bool> {
    let mut capped = vec![false; graph.nodes.len()];
    for h in &graph.hops {
        let caller = &graph.nodes[h.caller];
        if caller.propagates && caller.finite_deadline().is_some() {
            capped[h.callee] = true;
        }
    }
    capped
}

/// Whether a caller's deadline reaches node `n`, which the hops `into` call: what
/// [`capped_by_callers`] gives for it.
pub(crate) fn capped_by_callers_of(graph: &Graph, into: &[usize]) -> bool {
    into.iter().any(|&h| {
        let caller = &graph.nodes[graph.hops[h].caller];
        caller.propagates && caller.finite_deadline().is_some()
    })
}

/// `unbounded` on `node`, whose own deadline is none or disabled and capped by no caller; its
/// rows are the node's deadline rows that read as no bound.
fn unbounded(infos: &[RowInfo], node: &Node, out: &mut Findings) {
    let rows: Vec<usize> = node
        .rows
        .iter()
        .copied()
        .filter(|&l| {
            let info = &infos[l - 1];
            matches!(info.kind, Kind::Deadline | Kind::Attempt)
                && info.term().is_some_and(|t| t.time.is_inf())
        })
        .collect();
    if out.skips(FindingCode::Unbounded, rows.len()) {
        return;
    }
    let msg = Said::UnboundedNode {
        node: node.name.clone(),
    };
    out.add(Draft::new(FindingCode::Unbounded, rows, msg).on_node(&node.name));
}

/// The hops of a graph and what they add up to.
#[derive(Clone, Copy)]
struct HopsOf<'a> {
    graph: &'a Graph,
    hops: &'a [HopCalc],
}

/// `inversion.node` on `node`, whose deadline (`d_ms`) is shorter than its `need`; `rows` are
/// the node's deadline rows, to which the rows of the hop whose tries it suggests cutting are
/// added.
fn inversion(
    HopsOf { graph, hops }: HopsOf,
    (n, node): (usize, &Node),
    calc: &NodeCalc,
    mut rows: Vec<usize>,
    (d_ms, need): (u64, Time),
    out: &mut Findings,
) {
    let suggestion = retry_suggestion(graph, hops, calc, d_ms);
    if let Some((h, _)) = suggestion {
        rows.extend(graph.hops[h].brief_rows().iter().copied());
    }
    // Where routes decide the need, the finding names the route that does and the node's own
    // work beside it (golden G8).
    for c in node.calls.iter().filter(|c| c.routes) {
        rows.extend(node.own_rows.iter().copied());
        rows.extend(graph.hops[longest(c, hops)].brief_rows().iter().copied());
    }
    rows.sort_unstable();
    rows.dedup();
    let msg = Said::InversionNode {
        node: node.name.clone(),
        deadline_ms: d_ms,
        need,
    };
    out.add(
        Draft::new(FindingCode::InversionNode, rows, msg)
            .on_node(&node.name)
            .numbers(Numbers::short(Some(d_ms), need.need_ms()).fit(suggestion.map(|(_, k)| k)))
            .traced(Traced::NodeCheck(n)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::hops;
    use crate::sheet::{Lang, Row};

    fn run(sheet: &[Row]) -> (Vec<NodeCalc>, Vec<NodeReport>, Vec<crate::Finding>) {
        let (mut out, infos, graph) = crate::check::read_and_build(sheet);
        let hop_calcs = hops::compute(&graph, &infos, 1_000, &mut out);
        let calcs = compute(&graph, &infos, &hop_calcs, &mut out);
        let reports = check(&graph, &infos, &hop_calcs, &calcs, &mut out);
        (
            calcs,
            reports,
            out.into_list(Lang::En, crate::render::words),
        )
    }

    /// Golden G2's app: DB 3.0 + external API 12.0 + own 0.5 against an 8 s deadline.
    fn g2() -> Vec<Row> {
        vec![
            Row::new("app", "deadline", "8s"),
            Row::new("app", "own processing time", "0.5s"),
            Row::new("app -> api", "connect timeout", "0.5s"),
            Row::new("app -> api", "read timeout", "3s"),
            Row::new("app -> api", "tries and waits", "3 tries, waits 0.5s, 1.0s"),
            Row::new("app -> db", "connect timeout", "1s"),
            Row::new("app -> db", "statement timeout", "2s"),
        ]
    }

    #[test]
    fn a_nodes_need_is_its_calls_its_own_time_and_its_margin() {
        let (calcs, reports, _) = run(&g2());
        let app = &calcs[0];
        assert_eq!(
            crate::render::formula(Lang::En, &app.need_formula),
            "db 3.0 + api 12.0 + own 0.5 = 15.5 s"
        );
        assert_eq!(app.inner, Some(Time::exact(15_000)));
        assert_eq!(app.need, Some(Time::exact(15_500)));
        assert_eq!(app.worst, Some(Some(Time::exact(8_000))));
        assert_eq!(app.retry_candidate, Some(0));
        assert_eq!(
            crate::render::formula(Lang::En, &reports[0].formula),
            "db 3.0 + api 12.0 + own 0.5 = 15.5 s > 8.0 s"
        );
        assert_eq!(
            (reports[0].slack_ms, reports[0].verdict),
            (Some(-7_500), Verdict::Inverted)
        );
    }

    #[test]
    fn an_inverted_node_suggests_the_tries_that_fit() {
        let (_, _, findings) = run(&g2());
        let f = &findings[0];
        assert_eq!(f.code, FindingCode::InversionNode);
        assert_eq!(
            (f.bound_ms, f.need_ms, f.short_by_ms, f.tries_that_fit),
            (Some(8_000), Some(15_500), Some(7_500), Some(1))
        );
        assert_eq!(f.rows, [1, 3, 4, 5]);
    }

    #[test]
    fn a_propagated_deadline_cuts_the_tries_instead_of_inverting() {
        let mut sheet = g2();
        sheet.push(Row::new("app", "deadline propagation", "yes"));
        let (_, reports, findings) = run(&sheet);
        assert_eq!(reports[0].verdict, Verdict::Ok);
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].code, FindingCode::TriesCutByDeadline);
        assert_eq!(findings[0].short_by_ms, Some(7_500));
    }

    #[test]
    fn a_parallel_group_counts_its_longest_hop() {
        let (calcs, reports, _) = run(&[
            Row::new("app", "own processing time", "0.5s"),
            Row::new("app -> a", "read timeout", "1s"),
            Row::new("app -> b", "read timeout", "3s"),
            Row::new("app -> b", "parallel group", "g"),
            Row::new("app -> c", "read timeout", "4.3s"),
            Row::new("app -> c", "parallel group", "g"),
        ]);
        assert_eq!(calcs[0].need, Some(Time::exact(5_800)));
        assert_eq!(
            crate::render::formula(Lang::En, &reports[0].formula),
            "a 1.0 + max(b 3.0, c 4.3) + own 0.5 = 5.8 s"
        );
    }
}
