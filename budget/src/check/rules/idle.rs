//! `idle.direction`: the callee must keep idle connections longer than the caller.

use crate::catalog::Side;
use crate::code::FindingCode;
use crate::kind::Kind;
use crate::said::Said;
use crate::time::Time;

use super::super::findings::{Draft, Findings, Numbers};
use super::super::rows::RowInfo;
use super::super::trace::{self, Reading};
use super::input::Input;

/// The side of a hop an idle row stands on: from its item (`(caller)`, `呼ぶ側`, `client`;
/// `(callee)`, `呼ばれる側`, `server`), else from the catalog.
fn idle_side(item: &str, info: &RowInfo) -> Option<Side> {
    let item = item.to_lowercase();
    if ["(callee)", "callee", "呼ばれる側", "server", "サーバー"]
        .iter()
        .any(|w| item.contains(w))
    {
        Some(Side::Callee)
    } else if ["(caller)", "caller", "呼ぶ側", "client", "クライアント"]
        .iter()
        .any(|w| item.contains(w))
    {
        Some(Side::Caller)
    } else {
        info.entry.and_then(|e| e.side)
    }
}

/// The trace of the idle timeout on line `line`.
fn row_terms(infos: &[RowInfo], line: usize) -> Vec<crate::report::TraceTerm> {
    infos[line - 1]
        .term()
        .map(|t| vec![trace::row_term(&t, infos, Reading::LowerEnd)])
        .unwrap_or_default()
}

/// `idle.direction`: on a hop with both sides' idle timeouts given (on the hop's rows, or on
/// the caller's and the callee's own rows), the callee must keep idle connections strictly
/// longer than the caller. Bound = the callee's, need = the caller's, short by the difference
/// (`∞` has no number: a caller that never closes idle connections fails every finite callee,
/// short by an unknown amount). Worked number: an ALB idle timeout of 60 s in front of Node's
/// default keep-alive of 5 s: short by 55 s; the fix suggests the caller's value plus 5 s
/// (65 s).
pub(super) fn idle_direction(input: Input, out: &mut Findings) {
    let infos = input.infos;
    let side_of = |line: usize| {
        let info = &infos[line - 1];
        (info.kind == Kind::Idle)
            .then(|| idle_side(&input.rows[line - 1].item, info))
            .flatten()
    };
    let find = |lines: &[usize], side: Side| {
        lines
            .iter()
            .copied()
            .find(|&l| side_of(l) == Some(side) && infos[l - 1].term().is_some())
    };
    let time = |line: usize| infos[line - 1].term().map_or(Time::ZERO, |t| t.time);
    let graph = input.graph;
    // Each node's own idle rows, found once (not once per hop that touches the node).
    let node_side: Vec<(Option<usize>, Option<usize>)> = graph
        .nodes
        .iter()
        .map(|n| (find(&n.rows, Side::Caller), find(&n.rows, Side::Callee)))
        .collect();
    for hop in &graph.hops {
        let caller = find(&hop.rows, Side::Caller).or(node_side[hop.caller].0);
        let callee = find(&hop.rows, Side::Callee).or(node_side[hop.callee].1);
        let (Some(a), Some(b)) = (caller, callee) else {
            continue;
        };
        let (caller_ms, callee_ms) = (time(a).bound_ms(), time(b).bound_ms());
        let longer = match (callee_ms, caller_ms) {
            (None, caller) => caller.is_some(),
            (Some(callee), Some(caller)) => callee > caller,
            (Some(_), None) => false,
        };
        if longer {
            continue;
        }
        let msg = Said::IdleDirection {
            segment: hop.segment.clone(),
            caller: graph.nodes[hop.caller].name.clone(),
            callee: graph.nodes[hop.callee].name.clone(),
            caller_ms,
            callee_ms,
        };
        out.add(
            Draft::new(FindingCode::IdleDirection, vec![a.min(b), a.max(b)], msg)
                .on_hop(&hop.segment)
                .numbers(Numbers::short(callee_ms, caller_ms))
                .trace(row_terms(infos, b), row_terms(infos, a)),
        );
    }
}
