//! A hop's numbers finished: its wait, and the terms its per-try bound, tries and worst case
//! are made of.

use crate::kind::Kind;
use crate::time::Time;

use crate::report::{TraceNumber, TraceTerm};

use super::calc::{BoundName, HopCalc, Wait, Worst};
use crate::check::formula;
use crate::check::graph::{Hop, HopParts, Slot};
use crate::check::limits::MAX_NESTED_TRIES;
use crate::check::rows::RowInfo;
use crate::check::trace::{self, Reading};

/// Completes the hop's numbers with its worst case and wait, and, in a whole check, their
/// trace.
pub(super) fn finish(hop: &Hop, calc: &mut HopCalc, worst: Worst, infos: &[RowInfo], whole: bool) {
    calc.wait = wait_of(&hop.parts);
    calc.worst = worst.time;
    calc.worst_text = worst.formula;
    if !whole {
        return;
    }
    calc.wait_terms = calc
        .wait
        .map(|w| vec![trace::row_term(&w.term, infos, Reading::LowerEnd)])
        .unwrap_or_default();
    // A worst case that is the deadline alone comes from the deadline alone.
    calc.worst_terms = if worst.deadline_alone {
        worst.caps
    } else {
        let mut terms = uncut_terms(hop, calc);
        terms.extend(worst.caps);
        terms
    };
}

/// The terms of a worst case before a deadline or a retry window caps it: the per-try bound,
/// the tries, and the waits (each layer's as written, before outer layers repeat them).
pub(super) fn uncut_terms(hop: &Hop, calc: &HopCalc) -> Vec<TraceTerm> {
    // Room for the terms most hops have: per-try bound, tries, waits and a cap.
    let mut terms = Vec::with_capacity(4);
    if let Some(early) = calc.early {
        terms.push(trace::taken(
            early.need_ms(),
            trace::of_hop(&hop.segment, TraceNumber::Early),
        ));
    }
    // The conditions row that made the retries early only, or none: a term without a value.
    if calc.repeats_early() || calc.conditions.never() {
        if let Some(line) = hop.parts.retry_on_line {
            terms.push(TraceTerm {
                kind: Some(Kind::RetryOn),
                rows: vec![line],
                ..TraceTerm::default()
            });
        }
    }
    if !calc.per_try_terms.is_empty() {
        terms.push(trace::taken(
            calc.per_try.and_then(Time::need_ms),
            trace::of_hop(&hop.segment, TraceNumber::PerTry),
        ));
    }
    if !calc.tries_terms.is_empty() {
        let mut tries = trace::taken(None, trace::of_hop(&hop.segment, TraceNumber::Tries));
        tries.count = Some(u64::from(calc.tries));
        terms.push(tries);
    }
    let layers = hop.layers();
    let waits_lines: Vec<usize> = layers
        .iter()
        .zip(&hop.parts.tries_lines)
        .filter(|(l, _)| l.waits_ms.iter().any(|&w| w > 0))
        .map(|(_, &line)| line)
        .collect();
    if !waits_lines.is_empty() && !hop.parts.tries_unknown {
        let total = layers
            .iter()
            .flat_map(|l| l.waits_ms.iter())
            .fold(0u64, |a, &w| a.saturating_add(w));
        terms.push(TraceTerm {
            label: Some(formula::Slot::Waits.text()),
            value_ms: Some(total),
            rows: waits_lines,
            ..TraceTerm::default()
        });
    }
    terms
}

/// The terms of a hop's tries: each tries layer's count (past [`MAX_NESTED_TRIES`], the rest
/// as one term of their product), and the upstream targets when they multiply the tries.
pub(super) fn tries_terms(hop: &Hop, upstreams_counted: bool) -> Vec<TraceTerm> {
    let parts = &hop.parts;
    let mut terms: Vec<TraceTerm> = Vec::new();
    if parts.tries_unknown {
        terms.push(TraceTerm {
            kind: Some(Kind::Tries),
            rows: parts.tries_lines.clone(),
            ..TraceTerm::default()
        });
        return terms;
    }
    let layer = |count: u64, rows: Vec<usize>| TraceTerm {
        kind: Some(Kind::Tries),
        count: Some(count),
        rows,
        ..TraceTerm::default()
    };
    let listed = parts.tries.len().min(MAX_NESTED_TRIES);
    for (t, &line) in parts.tries.iter().zip(&parts.tries_lines).take(listed) {
        terms.push(layer(u64::from(t.count), vec![line]));
    }
    if parts.tries.len() > listed {
        let rest = parts.tries[listed..]
            .iter()
            .fold(1u64, |a, t| a.saturating_mul(u64::from(t.count)));
        let mut term = layer(rest, parts.tries_lines[listed..].to_vec());
        term.label = Some(formula::Slot::MoreLayers(parts.tries.len() - listed).text());
        terms.push(term);
    }
    if let (true, Some(Some(u))) = (upstreams_counted, parts.upstreams) {
        terms.push(TraceTerm {
            kind: Some(Kind::Upstreams),
            count: Some(u64::from(u)),
            rows: parts.upstreams_line.into_iter().collect(),
            ..TraceTerm::default()
        });
    }
    terms
}

/// How long the caller waits for one response: the smallest of the hop's per-try, deadline
/// and visibility bounds, else its read bound; `None` when one of them is unknown or none is
/// given. An explicitly unbounded bound (`none`) is no bound, unless nothing else bounds the
/// wait.
pub(super) fn wait_of(parts: &HopParts) -> Option<Wait> {
    let candidates: [(Slot, BoundName); 3] = [
        (parts.attempt, BoundName::PerTry),
        (parts.deadline, BoundName::Deadline),
        (parts.visibility, BoundName::Visibility),
    ];
    let mut wait: Option<Wait> = None;
    let mut unbounded: Option<Wait> = None;
    for (slot, name) in candidates {
        match slot {
            Some(Some(t)) if t.time.is_inf() => {
                unbounded.get_or_insert(Wait { term: t, name });
            }
            Some(Some(t))
                if wait
                    .is_none_or(|w| t.time.min(w.term.time) == t.time && t.time != w.term.time) =>
            {
                wait = Some(Wait { term: t, name });
            }
            Some(None) => return None,
            _ => {}
        }
    }
    if wait.is_some() {
        return wait;
    }
    match parts.read {
        Some(Some(t)) => Some(Wait {
            term: t,
            name: BoundName::Read,
        }),
        Some(None) => None,
        None => unbounded,
    }
}
