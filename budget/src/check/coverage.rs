//! Stage 5, coverage: on every hop A → B whose callee has a known worst case, the caller
//! must wait longer than the callee may take: `wait ≥ queueing + worst(B) + margin`
//! (`budget-model.md` §4).
//!
//! Input: the [`Graph`], the [`HopCalc`]s and the [`NodeCalc`]s. Output: one [`HopReport`]
//! per hop, and the findings `inversion.hop`, `queue.redelivery` and `slack.none`.

use crate::code::FindingCode;
use crate::duration::push_seconds;
use crate::kind::Kind;
use crate::report::{HopReport, HopTrace, Repeats, TraceNumber, TraceTerm, Verdict};
use crate::said::Said;
use crate::time::{compare, Time};

use super::findings::{Draft, Findings, Numbers, Traced};
use super::formula::Slot;
use super::graph::{Graph, Hop};
use super::hops::{BoundName, HopCalc, Wait};
use super::limits::MAX_LISTED_WAITS;
use super::nodes::{retry_suggestion, NodeCalc};
use super::rows::RowInfo;
use super::trace::{self, Reading};

/// The coverage checks and reports of every hop, given the calcs of the hops and the nodes.
pub(crate) fn check(
    graph: &Graph,
    infos: &[RowInfo],
    calcs: (&[HopCalc], &[NodeCalc]),
    out: &mut Findings,
) -> Vec<HopReport> {
    (0..graph.hops.len())
        .map(|h| check_one(graph, infos, calcs, h, out))
        .collect()
}

/// The coverage check and report of hop `h`: what [`check`] gives for it, which depends on the
/// hop's calc and its callee's (`nodes`, and the hops the callee calls) alone.
pub(crate) fn check_one(
    graph: &Graph,
    infos: &[RowInfo],
    (hops, nodes): (&[HopCalc], &[NodeCalc]),
    h: usize,
    out: &mut Findings,
) -> HopReport {
    let stages = Stages {
        graph,
        infos,
        hops,
        nodes,
    };
    check_hop(stages, (h, &graph.hops[h]), &hops[h], out)
}

/// What the stages before found.
#[derive(Clone, Copy)]
struct Stages<'a> {
    graph: &'a Graph,
    infos: &'a [RowInfo],
    hops: &'a [HopCalc],
    nodes: &'a [NodeCalc],
}

/// The terms of a hop's need: the queueing before the callee's clock starts, the callee's
/// worst case (taken from its deadline or its need) and the margin (its row's, else the
/// sheet's); the first two read as their sum `cw` reads.
fn need_terms(s: Stages, hop: &Hop, calc: &HopCalc, cw: Time) -> Vec<TraceTerm> {
    let reading = Reading::of_sum(Some(cw));
    let callee = &s.graph.nodes[hop.callee];
    let callee_calc = &s.nodes[hop.callee];
    // The queueing, the callee's worst case and the margin: three terms at most.
    let mut terms = Vec::with_capacity(3);
    if let Some(Some(q)) = hop.parts.queueing {
        terms.push(trace::row_term(&q, s.infos, reading));
    }
    let number = if callee.finite_deadline().is_some() {
        TraceNumber::Deadline
    } else {
        TraceNumber::Need
    };
    let mut worst = trace::taken(
        callee_calc.worst.flatten().and_then(|w| reading.ms(w)),
        trace::of_node(&callee.name, number),
    );
    worst.label = Some(callee.name.clone());
    terms.push(worst);
    terms.push(match hop.parts.margin {
        Some(Some(m)) if m.time.bound_ms() == Some(calc.margin_ms) => {
            trace::row_term(&m, s.infos, Reading::LowerEnd)
        }
        _ => TraceTerm {
            kind: Some(Kind::Margin),
            value_ms: Some(calc.margin_ms),
            ..TraceTerm::default()
        },
    });
    terms
}

/// The callee's side of a coverage check: its worst case plus the queueing before its clock
/// starts; `None` when the callee has nothing to count, `Some(None)` when unknown.
fn callee_side(hop: &Hop, callee: &NodeCalc) -> Option<Option<Time>> {
    match (callee.worst, hop.parts.queueing) {
        (Some(Some(cw)), Some(Some(q))) => Some(Some(cw.add(q.time))),
        (Some(Some(_)), Some(None)) => Some(None),
        (worst, _) => worst,
    }
}

fn check_hop(s: Stages, (h, hop): (usize, &Hop), calc: &HopCalc, out: &mut Findings) -> HopReport {
    let Stages {
        graph, hops, nodes, ..
    } = s;
    // A verdict-only re-check writes no formula and no trace (see `Findings::verdict_only`).
    let whole = !out.verdict_only();
    let mut need_trace = Vec::new();
    let callee = &graph.nodes[hop.callee];
    let caller = &graph.nodes[hop.caller];
    let callee_calc = &nodes[hop.callee];
    // The hop's formula, then its check (`read 10.0 ≥ 8.0 + 1.0`) written onto it.
    let room = if whole { 64 } else { 0 };
    let mut formula = String::with_capacity(calc.worst_text.len() + room);
    formula.push_str(&calc.worst_text);
    let (verdict, slack_ms, callee_worst, need) = match (callee_side(hop, callee_calc), calc.wait) {
        (None, _) => (Verdict::Unchecked, None, None, None),
        (Some(None), _) | (_, None) => (Verdict::Unknown, None, None, None),
        (Some(Some(cw)), Some(Wait { term: wait, name })) => {
            let c = compare(wait.time, cw, calc.margin_ms);
            let sign = match c.verdict {
                Verdict::Ok => "≥",
                Verdict::Inverted => "<",
                _ => "?",
            };
            // Where the check's text starts in the formula.
            let mut check_at = formula.len();
            if whole {
                if !formula.is_empty() {
                    formula.push_str("; ");
                    check_at = formula.len();
                }
                Slot::Bound(name).write(&mut formula);
                formula.push(' ');
                wait.time
                    .push_bound_text(&mut formula, wait.decimals.max(1));
                formula.push(' ');
                formula.push_str(sign);
                formula.push(' ');
                if let Some(Some(q)) = hop.parts.queueing {
                    q.time.push_need_text(&mut formula, q.decimals);
                    formula.push_str(" + ");
                }
                let callee_worst = match callee_calc.worst {
                    Some(Some(w)) => w,
                    _ => cw,
                };
                callee_worst.push_need_text(&mut formula, 1);
                formula.push_str(" + ");
                push_seconds(&mut formula, calc.margin_ms, 1);
            }
            // The need is everything the bound is compared with (queueing, the callee's worst
            // case and the margin), so that short_by = need − bound; the message still names
            // the parts.
            let callee_need = cw.need_ms();
            let need = callee_need.map(|n| n.saturating_add(calc.margin_ms));
            if whole {
                need_trace = need_terms(s, hop, calc, cw);
            }
            match c.verdict {
                Verdict::Inverted => {
                    // Where the callee has no deadline of its own, its retries cause it.
                    // The callee's budget: the caller's wait less the queueing before it and
                    // the margin (what `budget::fix` cuts the tries to as well).
                    let queueing_ms = match hop.parts.queueing {
                        None => Some(0),
                        Some(Some(q)) => q.time.need_ms(),
                        Some(None) => None,
                    };
                    let suggestion = if callee.deadline.is_none() {
                        wait.time
                            .bound_ms()
                            .and_then(|w| w.checked_sub(calc.margin_ms))
                            .and_then(|w| w.checked_sub(queueing_ms?))
                            .and_then(|budget| retry_suggestion(graph, hops, callee_calc, budget))
                    } else {
                        None
                    };
                    let mut rows = hop.rows.clone();
                    if let Some((k, _)) = suggestion {
                        rows.extend(graph.hops[k].brief_rows().iter().copied());
                    }
                    let wait_ms = wait.time.bound_ms().unwrap_or(0);
                    let (code, msg) = if name == BoundName::Visibility {
                        (
                            FindingCode::QueueRedelivery,
                            Said::QueueRedelivery {
                                segment: hop.segment.clone(),
                                worker: callee.name.clone(),
                                visibility_ms: wait_ms,
                                worst: cw,
                                margin_ms: calc.margin_ms,
                            },
                        )
                    } else {
                        (
                            FindingCode::InversionHop,
                            Said::InversionHop {
                                caller: caller.name.clone(),
                                callee: callee.name.clone(),
                                wait_ms,
                                worst: cw,
                                margin_ms: calc.margin_ms,
                            },
                        )
                    };
                    out.add(
                        Draft::new(code, rows, msg)
                            .on_hop(&hop.segment)
                            .numbers(
                                Numbers::short(wait.time.bound_ms(), need)
                                    .fit(suggestion.map(|(_, k)| k)),
                            )
                            .traced(Traced::HopCheck(h)),
                    );
                }
                Verdict::Ok
                    if c.slack_ms == Some(0)
                        && !out.skips(FindingCode::SlackNone, hop.rows.len()) =>
                {
                    let check = formula[check_at..].to_string();
                    out.add(
                        Draft::slack_none(&hop.segment, hop.rows.clone(), check)
                            .on_hop(&hop.segment)
                            .numbers(Numbers::passing(wait.time.bound_ms(), need))
                            .traced(Traced::HopCheck(h)),
                    );
                }
                _ => {}
            }
            (
                c.verdict,
                c.slack_ms,
                callee_calc.worst.flatten().and_then(Time::need_ms),
                need,
            )
        }
    };
    let checked = Checked {
        verdict,
        slack_ms,
        callee_worst,
        need,
        formula,
        need_trace,
    };
    hop_report(hop, calc, (&caller.name, &callee.name), whole, checked)
}

/// What a hop's coverage check found, for its report.
struct Checked {
    verdict: Verdict,
    slack_ms: Option<i64>,
    /// The callee's worst case, in ms.
    callee_worst: Option<u64>,
    /// What the caller's wait is checked against, in ms.
    need: Option<u64>,
    formula: String,
    need_trace: Vec<TraceTerm>,
}

/// The report of `hop`, whose calc is `calc`, between `caller` and `callee` (by name), with
/// what its check found. A verdict-only re-check (`whole` false) leaves its retry conditions
/// out.
fn hop_report(
    hop: &Hop,
    calc: &HopCalc,
    (caller, callee): (&str, &str),
    whole: bool,
    checked: Checked,
) -> HopReport {
    HopReport {
        segment: hop.segment.clone(),
        caller: caller.to_string(),
        callee: callee.to_string(),
        rows: hop.rows.clone(),
        per_try_ms: calc.per_try.and_then(Time::need_ms),
        tries: calc.tries,
        repeats: if calc.repeats_early() {
            Repeats::Early
        } else if calc.conditions.never() {
            Repeats::NoRetries
        } else {
            Repeats::Whole
        },
        // Not read by a verdict-only re-check.
        retry_on: calc
            .conditions
            .on
            .iter()
            .filter(|_| whole)
            .flat_map(|on| on.conditions.iter().map(|c| c.word.to_string()))
            .collect(),
        early_ms: calc.early.and_then(Time::need_ms),
        attempts: calc.attempts(hop),
        waits_ms: hop
            .layers()
            .first()
            .map(|l| l.waits_ms[..l.waits_ms.len().min(MAX_LISTED_WAITS)].to_vec())
            .unwrap_or_default(),
        worst_ms: calc.worst.and_then(Time::need_ms),
        wait_ms: calc.wait.and_then(|w| w.term.time.bound_ms()),
        callee_worst_ms: checked.callee_worst,
        margin_ms: calc.margin_ms,
        need_ms: checked.need,
        slack_ms: checked.slack_ms,
        verdict: checked.verdict,
        formula: checked.formula,
        // The hop's own terms move in once every stage has used them (see `check::run`).
        trace: HopTrace {
            need: checked.need_trace,
            ..HopTrace::default()
        },
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{hops, nodes};
    use crate::sheet::{Lang, Row};

    fn run(sheet: &[Row]) -> (Vec<HopReport>, Vec<crate::Finding>) {
        let (mut out, infos, graph) = crate::check::read_and_build(sheet);
        let hop_calcs = hops::compute(&graph, &infos, 1_000, &mut out);
        let node_calcs = nodes::compute(&graph, &infos, &hop_calcs, &mut out);
        let reports = check(&graph, &infos, (&hop_calcs, &node_calcs), &mut out);
        (reports, out.into_list(Lang::En, crate::render::words))
    }

    #[test]
    fn the_caller_covers_the_callee_and_its_margin() {
        // Golden G1: read 10.0 ≥ 8.0 + 1.0.
        let (hops, findings) = run(&[
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("app", "deadline", "8s"),
        ]);
        let h = &hops[0];
        assert_eq!(
            (
                h.wait_ms,
                h.callee_worst_ms,
                h.need_ms,
                h.slack_ms,
                h.verdict
            ),
            (
                Some(10_000),
                Some(8_000),
                Some(9_000),
                Some(1_000),
                Verdict::Ok
            )
        );
        assert_eq!(
            crate::render::formula(Lang::En, &h.formula),
            "1 + 10 = 11.0 s; read 10.0 ≥ 8.0 + 1.0"
        );
        assert!(findings.is_empty());
    }

    #[test]
    fn a_visibility_timeout_that_ends_first_redelivers_the_job() {
        // 30 s against a 60 s job plus a 1 s margin: short by 31 s.
        let (hops, findings) = run(&[
            Row::new("queue -> worker", "visibility timeout", "30s"),
            Row::new("worker", "deadline", "60s"),
        ]);
        assert_eq!(hops[0].verdict, Verdict::Inverted);
        let f = &findings[0];
        assert_eq!(f.code, FindingCode::QueueRedelivery);
        assert_eq!(
            (f.bound_ms, f.need_ms, f.short_by_ms),
            (Some(30_000), Some(61_000), Some(31_000))
        );
    }

    #[test]
    fn a_callee_without_rows_is_unchecked() {
        let (hops, findings) = run(&[Row::new("app -> db", "read timeout", "2s")]);
        assert_eq!(
            (hops[0].verdict, hops[0].need_ms),
            (Verdict::Unchecked, None)
        );
        assert_eq!(findings[0].code, FindingCode::BoundMissing);
    }
}
