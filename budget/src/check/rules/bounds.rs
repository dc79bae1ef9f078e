//! `lock.not_below_statement` and `read.interval_only`: bounds that are set but do not bound
//! what they seem to.

use crate::code::FindingCode;
use crate::said::Said;
use crate::time::Time;

use super::super::findings::{Draft, Findings, Numbers, Traced};
use super::super::graph::bounds;
use super::super::trace::{self, Reading};
use super::input::Input;

/// `lock.not_below_statement`: on one hop, `lock_timeout ≥ statement_timeout` (a disabled
/// lock timeout is `∞`, so it is never below). The finding's bound is the statement timeout,
/// its need the lock timeout (none when `∞`), short by their difference. Worked number: lock
/// 2 s, statement 2 s: a lock wait and a slow statement both end at 2 s and cannot be told
/// apart (short by 0).
pub(super) fn lock_below_statement(input: Input, out: &mut Findings) {
    for hop in &input.graph.hops {
        let p = &hop.parts;
        let (Some((s_line, statement)), Some((l_line, lock))) = (p.statement, p.lock) else {
            continue;
        };
        // A disabled statement timeout leaves nothing for the lock timeout to be below.
        let Some(s) = statement.time.bound_ms() else {
            continue;
        };
        let l = lock.time.bound_ms();
        if l.is_some_and(|l| l < s) || out.skips(FindingCode::LockNotBelowStatement, 2) {
            continue;
        }
        let msg = Said::LockNotBelow {
            segment: hop.segment.clone(),
            lock_ms: l,
            statement_ms: s,
        };
        out.add(
            Draft::new(
                FindingCode::LockNotBelowStatement,
                vec![s_line.min(l_line), s_line.max(l_line)],
                msg,
            )
            .on_hop(&hop.segment)
            .numbers(Numbers::short(Some(s), l))
            .trace(
                vec![trace::row_term(&statement, input.infos, Reading::LowerEnd)],
                vec![trace::row_term(&lock, input.infos, Reading::LowerEnd)],
            ),
        );
    }
}

/// `read.interval_only`: a hop bounded only by `connect` + `read` (intervals), where neither
/// the hop nor its caller has an `attempt`/`deadline` bound and the callee has no deadline.
/// An explicitly unbounded bound (`none`, `disabled`) is no bound: a `none` deadline beside a
/// read timeout leaves the read timeout alone. The finding's need is the hop's per-try bound.
/// Worked number (golden G4): LB → app, connect 1 s + read 5 s: a peer that sends a byte every
/// 4 s holds the LB for as long as it likes, far past 6 s.
pub(super) fn read_interval_only(input: Input, out: &mut Findings) {
    let nodes = &input.graph.nodes;
    for (h, (hop, calc)) in input.graph.hops.iter().zip(input.hops).enumerate() {
        let p = &hop.parts;
        let only_intervals =
            bounds(p.read) && !bounds(p.attempt) && !bounds(p.visibility) && !bounds(p.deadline);
        if !only_intervals
            || bounds(nodes[hop.caller].deadline)
            || bounds(nodes[hop.callee].deadline)
            || out.skips(FindingCode::ReadIntervalOnly, hop.rows.len())
        {
            continue;
        }
        let per_try = calc.per_try.and_then(Time::need_ms);
        let msg = Said::ReadIntervalOnly {
            segment: hop.segment.clone(),
            caller: nodes[hop.caller].name.clone(),
            per_try_ms: per_try,
        };
        out.add(
            Draft::new(FindingCode::ReadIntervalOnly, hop.rows.clone(), msg)
                .on_hop(&hop.segment)
                .numbers(Numbers {
                    need: per_try,
                    ..Numbers::default()
                })
                .traced(Traced::HopPerTry(h)),
        );
    }
}
