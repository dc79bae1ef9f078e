//! Stage 4, nodes: every node's inner need (the worst cases of the hops it calls, the longest
//! of each parallel group), its need (`inner + own + margin rows`), its worst case (its
//! deadline where declared, else its need) and the node check `deadline ≥ need`
//! (`budget-model.md` §4).
//!
//! Input: the [`Graph`] and the [`HopCalc`]s. Output: one [`NodeCalc`] and one
//! [`NodeReport`] per node, and the findings `inversion.node`, `tries.cut_by_deadline` (a
//! propagated deadline) and `slack.none`.

use crate::finding as text;
use crate::finding::FindingCode;
use crate::kind::Kind;
use crate::report::{NodeReport, Verdict};
use crate::time::{compare, Time};

use super::findings::{Draft, Findings, Numbers};
use super::graph::{Graph, Node};
use super::hops::{tries_that_fit, HopCalc};
use super::rows::RowInfo;

/// One term of a node's inner need: a hop it calls, or a parallel group (its longest hop).
pub(crate) struct NeedTerm {
    /// The term's worst case; `None` when unknown.
    pub(crate) time: Option<Time>,
    /// Its text in the formula: `3.0`, `max(3.0, 4.3)`.
    pub(crate) text: String,
    /// The index in the node's [`calls`](super::graph::Node::calls).
    pub(crate) call: usize,
}

/// What a node's calls and rows add up to.
pub(crate) struct NodeCalc {
    /// The terms of its inner need, shortest first.
    pub(crate) terms: Vec<NeedTerm>,
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
}

/// The terms of a node's inner need, shortest first (the formula's order).
fn need_terms(node: &Node, hops: &[HopCalc]) -> Vec<NeedTerm> {
    let mut terms: Vec<NeedTerm> = node
        .calls
        .iter()
        .enumerate()
        .map(|(call, c)| {
            let texts: Vec<String> = c
                .hops
                .iter()
                .map(|&h| hops[h].worst.map_or("?".to_string(), |w| w.need_text(1)))
                .collect();
            let time = c
                .hops
                .iter()
                .try_fold(None::<Time>, |acc, &h| {
                    let w = hops[h].worst?;
                    Some(Some(acc.map_or(w, |a| a.max(w))))
                })
                .flatten();
            let text = if c.hops.len() > 1 {
                format!("max({})", texts.join(", "))
            } else {
                texts.join("")
            };
            NeedTerm { time, text, call }
        })
        .collect();
    terms.sort_by_key(|t| t.time.map(|t| (t.hi, t.lo)));
    terms
}

/// Computes every node of `graph`.
pub(crate) fn compute(graph: &Graph, hops: &[HopCalc], out: &mut Findings) -> Vec<NodeCalc> {
    graph
        .nodes
        .iter()
        .map(|node| {
            out.steps += 1 + node.hops_out.len() as u64;
            let terms = need_terms(node, hops);
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
                    hops[h].tries > 1 && hop.layers().len() <= 1 && !hops[h].has_deadline
                })
                .max_by_key(|&h| hops[h].worst.and_then(Time::need_ms));
            NodeCalc {
                terms,
                inner,
                need,
                worst,
                retry_candidate,
            }
        })
        .collect()
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
    let waits = graph.hops[h]
        .layers()
        .first()
        .map_or(&[][..], |l| &l.waits_ms[..]);
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
    graph
        .nodes
        .iter()
        .zip(nodes)
        .map(|(node, calc)| check_node(graph, infos, hops, node, calc, out))
        .collect()
}

fn check_node(
    graph: &Graph,
    infos: &[RowInfo],
    hops: &[HopCalc],
    node: &Node,
    calc: &NodeCalc,
    out: &mut Findings,
) -> NodeReport {
    let lang = out.lang();
    let mut texts: Vec<&str> = calc.terms.iter().map(|t| t.text.as_str()).collect();
    let own_text = node.own.map(|o| o.time.need_text(o.decimals));
    let margin_text = node.margin.map(|m| m.time.need_text(m.decimals));
    if let Some(own) = &own_text {
        texts.push(own);
    } else if node.own_unknown {
        texts.push("?");
    }
    if let Some(m) = &margin_text {
        texts.push(m);
    }
    let need_text = calc.need.map_or("?".to_string(), |n| n.need_text(1));
    let mut formula = match texts.len() {
        0 => String::new(),
        1 => format!("{need_text} s"),
        _ => format!("{} = {need_text} s", texts.join(" + ")),
    };
    let deadline = node.finite_deadline();
    let (verdict, slack_ms) = match (node.deadline, calc.need) {
        (Some(None), _) => (Verdict::Unknown, None),
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
                formula = format!("{formula} {sign} {} s", d.time.bound_text(1));
                let d_ms = d.time.bound_ms().unwrap_or(0);
                if c.verdict == Verdict::Inverted && node.propagates {
                    // The node cuts each try to the time left: its deadline ends the calls in
                    // time, at the cost of the tries that do not fit.
                    let suggestion = retry_suggestion(graph, hops, calc, d_ms);
                    let mut rows = node.rows.clone();
                    if let Some((h, _)) = suggestion {
                        rows.extend(graph.hops[h].brief_rows.iter().copied());
                    }
                    let msg = text::cut_by_node_deadline(
                        lang,
                        &node.name,
                        d_ms,
                        need.need_ms(),
                        suggestion.map(|(h, k)| (graph.hops[h].segment.as_str(), k)),
                    );
                    out.add(
                        Draft::new(FindingCode::TriesCutByDeadline, rows, msg)
                            .on_node(&node.name)
                            .numbers(
                                Numbers::short(Some(d_ms), need.need_ms())
                                    .fit(suggestion.map(|(_, k)| k)),
                            ),
                    );
                    formula = format!("{formula} (cut by the propagated deadline)");
                    (Verdict::Ok, c.slack_ms)
                } else if c.verdict == Verdict::Inverted {
                    let deadline_rows: Vec<usize> = node
                        .rows
                        .iter()
                        .copied()
                        .filter(|&l| matches!(infos[l - 1].kind, Kind::Deadline | Kind::Attempt))
                        .collect();
                    let hops_of = HopsOf { graph, hops };
                    inversion(hops_of, node, calc, deadline_rows, (d_ms, need), out);
                    (c.verdict, c.slack_ms)
                } else {
                    if c.verdict == Verdict::Ok && c.slack_ms == Some(0) {
                        let msg = text::slack_none(lang, &node.name, &formula);
                        out.add(
                            Draft::new(FindingCode::SlackNone, node.rows.clone(), msg)
                                .on_node(&node.name)
                                .numbers(Numbers::passing(d.time.bound_ms(), need.need_ms())),
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
    }
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
    node: &Node,
    calc: &NodeCalc,
    mut rows: Vec<usize>,
    (d_ms, need): (u64, Time),
    out: &mut Findings,
) {
    let lang = out.lang();
    let suggestion = retry_suggestion(graph, hops, calc, d_ms);
    if let Some((h, _)) = suggestion {
        rows.extend(graph.hops[h].brief_rows.iter().copied());
    }
    let need_text = text::need_secs(lang, need);
    let msg = text::inversion_node(
        lang,
        &node.name,
        d_ms,
        &need_text,
        suggestion.map(|(h, k)| (graph.hops[h].segment.as_str(), k)),
    );
    out.add(
        Draft::new(FindingCode::InversionNode, rows, msg)
            .on_node(&node.name)
            .numbers(Numbers::short(Some(d_ms), need.need_ms()).fit(suggestion.map(|(_, k)| k))),
    );
}
