//! The rulebook's findings that add no numbers to the budget (`budget-model.md` §5, marked R):
//! idle direction, read intervals, lock below statement, retry amplification, unsafe and
//! hidden retries, implausible values and a product's rules between two of its settings.
//!
//! Where the model leaves a case open, the rule and a worked number are written on the
//! function that decides it.

use super::{Ctx, HopParts, HopState, Idem, NodeState, RowInfo, Val};
use crate::finding as text;
use crate::kind::Kind;
use crate::report::Severity;
use crate::time::Time;

/// 1 ms, 100 ms and 24 h: the bounds of a plausible timeout, in milliseconds.
const ONE_MS: u64 = 1;
const HUNDRED_MS: u64 = 100;
const DAY_MS: u64 = 86_400_000;

/// Runs every rule of this module.
pub(super) fn apply(
    ctx: &mut Ctx,
    infos: &[RowInfo],
    nodes: &[NodeState],
    hops: &[HopState],
    parts: &[HopParts],
) {
    implausible_values(ctx, infos);
    lock_below_statement(ctx, hops, parts);
    read_interval_only(ctx, nodes, hops, parts);
    idle_direction(ctx, infos, nodes, hops);
    retry_amplification(ctx, nodes, hops, parts);
    retry_unsafe(ctx, infos, nodes, hops, parts);
    retry_hidden(ctx, infos, hops, parts);
    setting_pairs(ctx, infos);
}

/// The side of a hop an idle row stands on: from its item (`(caller)`, `呼ぶ側`, `client`;
/// `(callee)`, `呼ばれる側`, `server`), else from the catalog.
fn idle_side(item: &str, info: &RowInfo) -> Option<crate::catalog::Side> {
    use crate::catalog::Side;
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

/// The value of a row as a bound, in ms (`u64::MAX` for `∞`), when it is a known duration.
fn bound_of(info: &RowInfo) -> Option<u64> {
    match &info.val {
        Val::Dur(t) => Some(t.time.bound_ms().unwrap_or(u64::MAX)),
        _ => None,
    }
}

/// `value.implausible`: a timeout under 1 ms (any kind), under 100 ms (any kind but
/// `connect`, where a LAN connect of 50 ms is ordinary), or over 24 h: almost always a unit
/// mistake. Waits between tries, own processing time, margins and queueing times are needs,
/// not timeouts, and are not judged. A range is judged by its ends (`12-36h` is over 24 h); a
/// lower bound by its known end. Worked number: PostgreSQL `statement_timeout = 30` is 30 ms,
/// under 100 ms: implausible (golden G5).
fn implausible_values(ctx: &mut Ctx, infos: &[RowInfo]) {
    for (i, info) in infos.iter().enumerate() {
        let timeout = matches!(
            info.kind,
            Kind::Connect
                | Kind::Read
                | Kind::Send
                | Kind::Attempt
                | Kind::Statement
                | Kind::Lock
                | Kind::Deadline
                | Kind::Idle
                | Kind::IdleInTx
                | Kind::RetryWindow
                | Kind::Visibility
        );
        let Val::Dur(term) = &info.val else { continue };
        if !timeout || term.time.is_inf() {
            continue;
        }
        let lo = term.time.lo.unwrap_or(u64::MAX);
        let hi = term.time.need_ms().unwrap_or(lo);
        let tiny = lo < ONE_MS || info.below_one_ms;
        let reason = if tiny {
            Some(text::Implausible::BelowOneMs)
        } else if lo < HUNDRED_MS && info.kind != Kind::Connect {
            Some(text::Implausible::Below100Ms)
        } else if hi > DAY_MS {
            Some(text::Implausible::OverADay)
        } else {
            None
        };
        if let Some(reason) = reason {
            let line = i + 1;
            let msg = text::implausible(
                ctx.lang,
                line,
                &ctx.rows[i].value,
                info.kind.as_str(),
                reason,
            );
            ctx.push(
                "value.implausible",
                Severity::Warning,
                None,
                None,
                vec![line],
                (Some(lo), None, None),
                None,
                msg,
            );
            ctx.cite(info.entry.map(|e| e.source));
        }
    }
}

/// `lock.not_below_statement`: on one hop, `lock_timeout ≥ statement_timeout` (a disabled
/// lock timeout counts as `∞`, so it is never below). Worked number: lock 2 s, statement 2 s:
/// a lock wait and a slow statement both end at 2 s and cannot be told apart.
fn lock_below_statement(ctx: &mut Ctx, hops: &[HopState], parts: &[HopParts]) {
    for (hop, p) in hops.iter().zip(parts) {
        let (Some((s_line, statement)), Some((l_line, lock))) = (p.statement, p.lock) else {
            continue;
        };
        let s = statement.time.bound_ms().unwrap_or(u64::MAX);
        let l = lock.time.bound_ms().unwrap_or(u64::MAX);
        if l >= s && s != u64::MAX {
            let msg = text::lock_not_below(ctx.lang, &hop.segment, l, s);
            ctx.push(
                "lock.not_below_statement",
                Severity::Warning,
                None,
                Some(&hop.segment),
                vec![s_line.min(l_line), s_line.max(l_line)],
                (Some(s), Some(l), Some(l.saturating_sub(s))),
                None,
                msg,
            );
        }
    }
}

/// `read.interval_only`: a hop bounded only by `connect` + `read` (intervals), where neither
/// the hop nor its caller has an `attempt`/`deadline` bound and the callee has no deadline.
/// Worked number (golden G4): LB → app, connect 1 s + read 5 s: a peer that sends a byte every
/// 4 s holds the LB for as long as it likes, far past 6 s.
fn read_interval_only(ctx: &mut Ctx, nodes: &[NodeState], hops: &[HopState], parts: &[HopParts]) {
    for (hop, p) in hops.iter().zip(parts) {
        let only_intervals = p.read.is_some()
            && p.attempt.is_none()
            && p.visibility.is_none()
            && p.deadline.is_none();
        if !only_intervals
            || nodes[hop.caller].deadline.is_some()
            || nodes[hop.callee].deadline.is_some()
        {
            continue;
        }
        let per_try = hop.per_try.and_then(Time::need_ms);
        let msg =
            text::read_interval_only(ctx.lang, &hop.segment, &nodes[hop.caller].name, per_try);
        ctx.push(
            "read.interval_only",
            Severity::Warning,
            None,
            Some(&hop.segment),
            hop.rows.clone(),
            (None, per_try, None),
            None,
            msg,
        );
    }
}

/// `idle.direction`: on a hop with both sides' idle timeouts given (on the hop's rows, or on
/// the caller's and the callee's own rows), the callee must keep idle connections strictly
/// longer than the caller. Bound = the callee's, need = the caller's, short by the difference.
/// Worked number: an ALB idle timeout of 60 s in front of Node's default keep-alive of 5 s:
/// short by 55 s; the fix suggests the caller's value plus 5 s (65 s).
fn idle_direction(ctx: &mut Ctx, infos: &[RowInfo], nodes: &[NodeState], hops: &[HopState]) {
    use crate::catalog::Side;
    let side_of = |line: usize| {
        let info = &infos[line - 1];
        (info.kind == Kind::Idle)
            .then(|| idle_side(&ctx.rows[line - 1].item, info))
            .flatten()
    };
    let find = |lines: &[usize], side: Side| {
        lines
            .iter()
            .copied()
            .find(|&l| side_of(l) == Some(side) && bound_of(&infos[l - 1]).is_some())
    };
    // Each node's own idle rows, found once (not once per hop that touches the node).
    let node_side: Vec<(Option<usize>, Option<usize>)> = nodes
        .iter()
        .map(|n| (find(&n.rows, Side::Caller), find(&n.rows, Side::Callee)))
        .collect();
    let mut found = Vec::new();
    for hop in hops {
        let caller = find(&hop.rows, Side::Caller).or(node_side[hop.caller].0);
        let callee = find(&hop.rows, Side::Callee).or(node_side[hop.callee].1);
        let (Some(a), Some(b)) = (caller, callee) else {
            continue;
        };
        let (caller_ms, callee_ms) = (
            bound_of(&infos[a - 1]).unwrap_or(0),
            bound_of(&infos[b - 1]).unwrap_or(0),
        );
        if callee_ms > caller_ms {
            continue;
        }
        found.push((
            hop.segment.clone(),
            nodes[hop.caller].name.clone(),
            nodes[hop.callee].name.clone(),
            a,
            b,
            caller_ms,
            callee_ms,
        ));
    }
    for (segment, caller, callee, a, b, caller_ms, callee_ms) in found {
        let msg = text::idle_direction(ctx.lang, &segment, &caller, &callee, caller_ms, callee_ms);
        let short = caller_ms.saturating_sub(callee_ms);
        ctx.push(
            "idle.direction",
            Severity::Error,
            None,
            Some(&segment),
            vec![a.min(b), a.max(b)],
            (Some(callee_ms), Some(caller_ms), Some(short)),
            None,
            msg,
        );
    }
}

/// Attempts one try of `hop` makes on its callee: its tries (nested layers multiplied) times
/// its upstream targets.
fn attempts_of(hop: &HopState, p: &HopParts) -> u64 {
    // Saturating: absurd counts typed in a sheet must not overflow.
    let tries = u64::from(hop.layer_tries.max(1));
    let upstreams = match p.upstreams {
        Some(Some(u)) => u64::from(u),
        _ => 1,
    };
    tries.saturating_mul(upstreams)
}

/// `retry.amplification`: the attempts reaching a node along a path from an outermost node
/// (the product of the tries, upstream targets and redeliveries of the hops on the path,
/// before any deadline cuts them) exceed the sheet's amplification threshold
/// ([`Sheet::amplification_threshold`](crate::Sheet::amplification_threshold), 3 unless the
/// sheet says otherwise). Each node is reported
/// once, with its worst path. Worked number: three client layers of 3, 3 and 5 tries: the
/// second service sees 3 × 3 = 9 attempts, the third 3 × 3 × 5 = 45.
///
/// The worst path is found in time linear in the hops: a depth-first walk from the outermost
/// nodes (in sheet order) orders the nodes, and each node's most attempts is the largest of
/// its callers' times the hop's. A hop back to a node the walk is still inside (a cycle) is
/// not followed: a path never visits a node twice. A path of more than
/// [`LISTED_PATH_HOPS`] hops is named by its first and last [`SHOWN_FACTORS`] multiplying hops
/// (`2 × 2 × 2 × … × 2 × 2 × 2, 2499 layers`) and their rows, so that each finding stays
/// short however long the chain.
fn retry_amplification(ctx: &mut Ctx, nodes: &[NodeState], hops: &[HopState], parts: &[HopParts]) {
    let n_nodes = nodes.len();
    let mut called = vec![false; n_nodes];
    for hop in hops {
        called[hop.callee] = true;
    }
    let attempts: Vec<u64> = hops
        .iter()
        .zip(parts)
        .map(|(h, p)| attempts_of(h, p))
        .collect();
    // Depth-first order from the outermost nodes; back hops (into a cycle) are left out.
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; n_nodes];
    let mut back = vec![false; hops.len()];
    let mut post: Vec<usize> = Vec::with_capacity(n_nodes);
    for start in (0..n_nodes).filter(|&n| !called[n]) {
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = OPEN;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&h) = nodes[u].hops_out.get(*next) {
                *next += 1;
                ctx.work.steps += 1;
                let v = hops[h].callee;
                match state[v] {
                    NEW => {
                        state[v] = OPEN;
                        stack.push((v, 0));
                    }
                    OPEN => back[h] = true,
                    _ => {}
                }
            } else {
                state[u] = DONE;
                post.push(u);
                stack.pop();
            }
        }
    }
    // Per node: the most attempts, the hop it arrives by, the path's length in hops, its
    // multiplying hops, the first few of them and the last one.
    #[derive(Clone)]
    struct Best {
        attempts: u64,
        via: Option<usize>,
        hops: usize,
        factors: usize,
        first: Vec<usize>,
        /// The last multiplying hop on the path.
        last: Option<usize>,
    }
    let mut best: Vec<Option<Best>> = vec![None; n_nodes];
    for &u in post.iter().rev() {
        if !called[u] {
            best[u] = Some(Best {
                attempts: 1,
                via: None,
                hops: 0,
                factors: 0,
                first: Vec::new(),
                last: None,
            });
        }
        let Some(from) = best[u].clone() else {
            continue;
        };
        for &h in &nodes[u].hops_out {
            if back[h] {
                continue;
            }
            ctx.work.steps += 1;
            let v = hops[h].callee;
            let next = from.attempts.saturating_mul(attempts[h]);
            if best[v].as_ref().is_none_or(|b| next > b.attempts) {
                let multiplies = attempts[h] > 1;
                let mut first = from.first.clone();
                if multiplies && first.len() < SHOWN_FACTORS {
                    first.push(h);
                }
                best[v] = Some(Best {
                    attempts: next,
                    via: Some(h),
                    hops: from.hops + 1,
                    factors: from.factors + usize::from(multiplies),
                    first,
                    last: if multiplies { Some(h) } else { from.last },
                });
            }
        }
    }
    let threshold = ctx.amplification_threshold;
    for (n, entry) in best.iter().enumerate() {
        let Some(b) = entry else {
            continue;
        };
        if b.attempts <= threshold {
            continue;
        }
        // The hops named: the whole path when it is short, else the first and the last
        // multiplying hops.
        let (named, factors): (Vec<usize>, String) = if b.hops <= LISTED_PATH_HOPS {
            let mut path = Vec::with_capacity(b.hops);
            let mut at = n;
            while let Some(h) = best[at].as_ref().and_then(|x| x.via) {
                path.push(h);
                at = hops[h].caller;
            }
            path.reverse();
            let factors: Vec<String> = path
                .iter()
                .map(|&h| attempts[h])
                .filter(|&a| a > 1)
                .map(|a| a.to_string())
                .collect();
            (path, factors.join(" × "))
        } else {
            let mut last = Vec::new();
            let mut at = b.last;
            while let Some(h) = at {
                if last.len() == SHOWN_FACTORS || b.first.contains(&h) {
                    break;
                }
                last.push(h);
                at = best[hops[h].caller].as_ref().and_then(|x| x.last);
            }
            last.reverse();
            let show = |hs: &[usize]| -> Vec<String> {
                hs.iter().map(|&h| attempts[h].to_string()).collect()
            };
            let mut text = show(&b.first).join(" × ");
            if b.factors > b.first.len() + last.len() {
                text.push_str(" × …");
            }
            if !last.is_empty() {
                text.push_str(" × ");
                text.push_str(&show(&last).join(" × "));
            }
            text.push_str(&format!(", {} layers", b.factors));
            let mut named = b.first.clone();
            named.extend(last);
            (named, text)
        };
        let rows: Vec<usize> = named
            .iter()
            .flat_map(|&h| hops[h].retry_rows.iter().copied())
            .collect();
        let msg =
            text::retry_amplification(ctx.lang, &nodes[n].name, b.attempts, &factors, threshold);
        ctx.push(
            "retry.amplification",
            Severity::Warning,
            Some(&nodes[n].name),
            None,
            rows,
            (None, None, None),
            None,
            msg,
        );
        if let Some(f) = ctx.findings.last_mut() {
            f.attempts = Some(b.attempts);
            f.threshold = Some(threshold);
        }
    }
}

/// The longest path (in hops) a `retry.amplification` finding names hop by hop: 64.
const LISTED_PATH_HOPS: usize = 64;

/// How many multiplying hops a longer path shows at each end: 3.
const SHOWN_FACTORS: usize = 3;

/// Whether line `line` is a tries or upstreams row (the rows that multiply attempts).
fn ctx_kind_is_retry(ctx: &Ctx, line: usize) -> bool {
    matches!(ctx.kinds.get(line - 1), Some(Kind::Tries | Kind::Upstreams))
}

/// `retry.unsafe`: more than one attempt (own tries, nested, or a proxy's upstream targets)
/// on a hop marked non-idempotent without an idempotency key. The mark is on the hop's rows,
/// else on the callee's own rows. Worked number: a POST to payments with 2 tries: the
/// payment may be taken twice.
fn retry_unsafe(
    ctx: &mut Ctx,
    infos: &[RowInfo],
    nodes: &[NodeState],
    hops: &[HopState],
    parts: &[HopParts],
) {
    // Each node's own idempotency mark, found once.
    let marks: Vec<Option<(Idem, usize)>> = nodes
        .iter()
        .map(|n| {
            n.rows.iter().find_map(|&l| match infos[l - 1].val {
                Val::Idem(i) => Some((i, l)),
                _ => None,
            })
        })
        .collect();
    for (hop, p) in hops.iter().zip(parts) {
        let node_mark = marks[hop.callee];
        let hop_mark = hop.rows.iter().find_map(|&l| match infos[l - 1].val {
            Val::Idem(i) => Some((i, l)),
            _ => None,
        });
        let Some((Idem::NonIdempotent, mark_line)) = hop_mark.or(node_mark) else {
            continue;
        };
        let attempts = attempts_of(hop, p);
        if attempts <= 1 {
            continue;
        }
        let mut rows: Vec<usize> = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| ctx_kind_is_retry(ctx, l))
            .collect();
        rows.push(mark_line);
        rows.sort_unstable();
        rows.dedup();
        let msg = text::retry_unsafe(ctx.lang, &hop.segment, attempts);
        ctx.hop_finding("retry.unsafe", Severity::Warning, &hop.segment, rows, msg);
        if let Some(f) = ctx.findings.last_mut() {
            f.attempts = Some(attempts);
        }
    }
}

/// `retry.hidden`: a hop whose rows name a product that retries by default (the catalog's
/// `retries`), while the sheet has no tries or upstreams row on that hop. nginx is not among
/// them: it retries only on another upstream server, which the sheet then names. Worked
/// number: an Envoy route with a 15 s timeout and no tries row: Envoy's default retry policy
/// may add a try the budget does not show.
fn retry_hidden(ctx: &mut Ctx, infos: &[RowInfo], hops: &[HopState], parts: &[HopParts]) {
    for (hop, p) in hops.iter().zip(parts) {
        if p.has_tries || p.upstreams.is_some() {
            continue;
        }
        let Some(entry) = hop
            .rows
            .iter()
            .find_map(|&l| infos[l - 1].entry.filter(|e| e.retries.is_some()))
        else {
            continue;
        };
        let retries = entry.retries.unwrap_or_default();
        let setting = crate::catalog::entries()
            .iter()
            .find(|e| e.product == entry.product && e.kind == Kind::Tries)
            .map_or(entry.name, |e| e.name);
        let rows: Vec<usize> = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| {
                infos[l - 1]
                    .entry
                    .is_some_and(|e| e.product == entry.product)
            })
            .collect();
        let msg = text::retry_hidden(ctx.lang, &hop.segment, entry.product, retries, setting);
        ctx.hop_finding("retry.hidden", Severity::Warning, &hop.segment, rows, msg);
        ctx.cite(Some(entry.source));
    }
}

/// `setting.pair`: a catalog rule between two settings of one product fails (Node's
/// `headersTimeout` must exceed `keepAliveTimeout`). The two rows are paired within one
/// segment, or across the sheet when it holds exactly one row of each. A rule is judged only
/// when both values are known and bounded. PostgreSQL's `statement_timeout > lock_timeout` is
/// left to `lock.not_below_statement`, which says more. Worked number: headersTimeout 5 s,
/// keepAliveTimeout 65 s: headersTimeout must be > keepAliveTimeout.
fn setting_pairs(ctx: &mut Ctx, infos: &[RowInfo]) {
    let rows_of = |product: &str, name: &str| -> Vec<usize> {
        (0..infos.len())
            .filter(|&i| {
                infos[i]
                    .entry
                    .is_some_and(|e| e.product == product && e.name == name)
            })
            .collect()
    };
    for rule in crate::catalog::pairs() {
        let (firsts, seconds) = (
            rows_of(rule.product, rule.first),
            rows_of(rule.product, rule.second),
        );
        let first_kind = firsts.first().map(|&i| infos[i].kind);
        let second_kind = seconds.first().map(|&i| infos[i].kind);
        if first_kind == Some(Kind::Statement) && second_kind == Some(Kind::Lock) {
            continue;
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        // The first row of the second setting on each segment.
        let mut second_on: std::collections::HashMap<&str, usize> =
            std::collections::HashMap::new();
        for &b in &seconds {
            second_on.entry(ctx.rows[b].segment.trim()).or_insert(b);
        }
        for &a in &firsts {
            if let Some(&b) = second_on.get(ctx.rows[a].segment.trim()) {
                pairs.push((a, b));
            }
        }
        if pairs.is_empty() {
            if let ([a], [b]) = (firsts.as_slice(), seconds.as_slice()) {
                pairs.push((*a, *b));
            }
        }
        for (a, b) in pairs {
            let (Some(x), Some(y)) = (pair_value(ctx, infos, a), pair_value(ctx, infos, b)) else {
                continue;
            };
            if x == u64::MAX || y == u64::MAX || rule.relation.holds(x, y) {
                continue;
            }
            let relation = match (ctx.lang, rule.relation) {
                (crate::sheet::Lang::En, crate::catalog::Relation::Greater) => "longer than",
                (crate::sheet::Lang::En, crate::catalog::Relation::GreaterOrEqual) => "at least",
                (crate::sheet::Lang::Ja, crate::catalog::Relation::Greater) => "より長い値",
                (crate::sheet::Lang::Ja, crate::catalog::Relation::GreaterOrEqual) => "以上",
            };
            let msg = text::setting_pair(
                ctx.lang,
                rule.product,
                rule.first,
                relation,
                rule.second,
                &crate::display::duration(ctx.lang, x),
                &crate::display::duration(ctx.lang, y),
                rule.why,
            );
            ctx.push(
                "setting.pair",
                Severity::Warning,
                None,
                None,
                vec![a.min(b) + 1, a.max(b) + 1],
                (Some(x), Some(y), None),
                None,
                msg,
            );
            ctx.cite(Some(rule.source));
        }
    }
}

/// The value of row `i` for a pair rule, in ms (`u64::MAX` for `∞`): the engine's when the
/// row's kind is a duration, else read with its catalog entry's unit (Node's
/// `headersTimeout` has no kind of its own in the budget, but it has a value).
fn pair_value(ctx: &Ctx, infos: &[RowInfo], i: usize) -> Option<u64> {
    if let Some(v) = bound_of(&infos[i]) {
        return Some(v);
    }
    let entry = infos[i].entry?;
    let row = &ctx.rows[i];
    let text = crate::value::value_or_default(row);
    match crate::value::read_duration(text, Some(entry.unit)).ok()? {
        crate::value::Cell::Duration { dur, zero, .. } => match dur {
            _ if zero && entry.zero == crate::catalog::Zero::Disabled => Some(u64::MAX),
            crate::value::Dur::Exact(ms)
            | crate::value::Dur::AtLeast(ms)
            | crate::value::Dur::Range(ms, _) => Some(ms),
            crate::value::Dur::Infinite => Some(u64::MAX),
        },
        crate::value::Cell::NotSet => None,
    }
}
