//! `retry.amplification`, `retry.unsafe` and `retry.hidden`: tries that multiply, repeat an
//! unsafe request, or are not written down.

use crate::catalog;
use crate::code::FindingCode;
use crate::kind::Kind;
use crate::retry_on::{self, Group};
use crate::said::Said;
use crate::value::Idem;

use super::super::findings::{Draft, Findings, Numbers};
use super::super::rows::Val;
use super::input::Input;

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
pub(super) fn retry_amplification(input: Input, out: &mut Findings) {
    let (nodes, hops) = (&input.graph.nodes, &input.graph.hops);
    let n_nodes = nodes.len();
    let called: Vec<bool> = nodes.iter().map(|n| n.called).collect();
    let attempts: Vec<u64> = hops
        .iter()
        .zip(input.hops)
        .map(|(h, c)| c.attempts(h))
        .collect();
    let (post, back) = post_order(input, out);
    // Per node: the most attempts, the hop it arrives by, the path's length in hops, its
    // multiplying hops, the first few of them and the last one.
    #[derive(Clone, Copy)]
    struct Best {
        attempts: u64,
        via: Option<usize>,
        hops: usize,
        factors: usize,
        /// The first multiplying hops, at most [`SHOWN_FACTORS`]: held in place, as each
        /// node's path copies its caller's.
        first: [usize; SHOWN_FACTORS],
        /// How many of `first` there are.
        first_len: usize,
        /// The last multiplying hop on the path.
        last: Option<usize>,
    }
    impl Best {
        fn first(&self) -> &[usize] {
            &self.first[..self.first_len]
        }
    }
    let mut best: Vec<Option<Best>> = vec![None; n_nodes];
    for &u in post.iter().rev() {
        if !called[u] {
            best[u] = Some(Best {
                attempts: 1,
                via: None,
                hops: 0,
                factors: 0,
                first: [0; SHOWN_FACTORS],
                first_len: 0,
                last: None,
            });
        }
        let Some(from) = best[u] else {
            continue;
        };
        for &h in &nodes[u].hops_out {
            if back[h] {
                continue;
            }
            out.steps += 1;
            let v = hops[h].callee;
            let next = from.attempts.saturating_mul(attempts[h]);
            if best[v].as_ref().is_none_or(|b| next > b.attempts) {
                let multiplies = attempts[h] > 1;
                let (mut first, mut first_len) = (from.first, from.first_len);
                if multiplies && first_len < SHOWN_FACTORS {
                    first[first_len] = h;
                    first_len += 1;
                }
                best[v] = Some(Best {
                    attempts: next,
                    via: Some(h),
                    hops: from.hops + 1,
                    factors: from.factors + usize::from(multiplies),
                    first,
                    first_len,
                    last: if multiplies { Some(h) } else { from.last },
                });
            }
        }
    }
    let threshold = input.amplification_threshold;
    for (n, entry) in best.iter().enumerate() {
        let Some(b) = entry else {
            continue;
        };
        if b.attempts <= threshold {
            continue;
        }
        let verdict = out.verdict_only();
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
                .filter(|&a| a > 1 && !verdict)
                .map(|a| a.to_string())
                .collect();
            (path, factors.join(" × "))
        } else {
            let mut last = Vec::new();
            let mut at = b.last;
            while let Some(h) = at {
                if last.len() == SHOWN_FACTORS || b.first().contains(&h) {
                    break;
                }
                last.push(h);
                at = best[hops[h].caller].as_ref().and_then(|x| x.last);
            }
            last.reverse();
            let show = |hs: &[usize]| -> Vec<String> {
                hs.iter().map(|&h| attempts[h].to_string()).collect()
            };
            let mut text = show(b.first()).join(" × ");
            if b.factors > b.first_len + last.len() {
                text.push_str(" × …");
            }
            if !last.is_empty() {
                text.push_str(" × ");
                text.push_str(&show(&last).join(" × "));
            }
            text.push_str(&format!(", {} layers", b.factors));
            let mut named = b.first().to_vec();
            named.extend(last);
            (named, text)
        };
        let rows: Vec<usize> = named
            .iter()
            .flat_map(|&h| hops[h].retry_rows.iter().copied())
            .collect();
        if out.skips(FindingCode::RetryAmplification, rows.len()) {
            continue;
        }
        let msg = Said::RetryAmplification {
            node: nodes[n].name.clone(),
            attempts: b.attempts,
            factors,
            threshold,
        };
        out.add(
            Draft::new(FindingCode::RetryAmplification, rows, msg)
                .on_node(&nodes[n].name)
                .numbers(Numbers {
                    attempts: Some(b.attempts),
                    threshold: Some(threshold),
                    ..Numbers::default()
                }),
        );
    }
}

/// The nodes in depth-first post-order from the outermost nodes, and for each hop whether it
/// runs back into a node still open (into a cycle): the attempts walk leaves those out.
fn post_order(input: Input, out: &mut Findings) -> (Vec<usize>, Vec<bool>) {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let (nodes, hops) = (&input.graph.nodes, &input.graph.hops);
    let n_nodes = nodes.len();
    let mut state = vec![NEW; n_nodes];
    let mut back = vec![false; hops.len()];
    let mut post: Vec<usize> = Vec::with_capacity(n_nodes);
    for &start in &input.graph.outermost {
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = OPEN;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&h) = nodes[u].hops_out.get(*next) {
                *next += 1;
                out.steps += 1;
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
    (post, back)
}

/// The longest path (in hops) a `retry.amplification` finding names hop by hop: 64.
const LISTED_PATH_HOPS: usize = 64;

/// How many multiplying hops a longer path shows at each end: 3.
const SHOWN_FACTORS: usize = 3;

/// `retry.unsafe`: more than one attempt (own tries, nested, or a proxy's upstream targets)
/// on a hop marked non-idempotent without an idempotency key, unless every retry condition is
/// early or refused (§4.1: such a retry never runs the request twice). The mark is on the
/// hop's rows, else on the callee's own rows. Worked number: a POST to payments with 2 tries:
/// the payment may be taken twice.
pub(super) fn retry_unsafe(input: Input, out: &mut Findings) {
    let infos = input.infos;
    let graph = input.graph;
    let is_retry = |l: usize| matches!(infos[l - 1].kind, Kind::Tries | Kind::Upstreams);
    let mark = |lines: &[usize]| {
        lines.iter().find_map(|&l| match infos[l - 1].val {
            Val::Idem(i) => Some((i, l)),
            _ => None,
        })
    };
    // Each node's own idempotency mark, found once.
    let marks: Vec<Option<(Idem, usize)>> = graph.nodes.iter().map(|n| mark(&n.rows)).collect();
    for (hop, calc) in graph.hops.iter().zip(input.hops) {
        let Some((Idem::NonIdempotent, mark_line)) = mark(&hop.rows).or(marks[hop.callee]) else {
            continue;
        };
        let attempts = calc.attempts(hop);
        if attempts <= 1 || calc.conditions.safe() {
            continue;
        }
        let mut rows: Vec<usize> = hop.rows.iter().copied().filter(|&l| is_retry(l)).collect();
        rows.extend(hop.parts.retry_on_line);
        rows.push(mark_line);
        rows.sort_unstable();
        rows.dedup();
        if out.skips(FindingCode::RetryUnsafe, rows.len()) {
            continue;
        }
        let msg = Said::RetryUnsafe {
            segment: hop.segment.clone(),
            attempts,
        };
        out.add(
            Draft::new(FindingCode::RetryUnsafe, rows, msg)
                .on_hop(&hop.segment)
                .numbers(Numbers {
                    attempts: Some(attempts),
                    ..Numbers::default()
                }),
        );
    }
}

/// `retry.hidden`: a hop whose rows name a product that retries by default (the catalog's
/// `retries`) in a setting of the caller's end, while the sheet has no tries or upstreams row
/// on that hop; its message names
/// the product's default retry conditions where the catalog knows them. nginx is not among
/// them: it retries only on another upstream server
/// ([`Entry::retries_only_on_other_upstreams`](crate::catalog::Entry::retries_only_on_other_upstreams)),
/// which the sheet then names with an upstreams row. Worked number: an Envoy route with a 15 s timeout and no tries row: Envoy's default retry policy
/// may add a try the budget does not show.
pub(super) fn retry_hidden(input: Input, out: &mut Findings) {
    let infos = input.infos;
    for hop in &input.graph.hops {
        let p = &hop.parts;
        if p.has_tries || p.upstreams.is_some() {
            continue;
        }
        // Only a setting the product applies as the caller says it makes this hop's calls: a
        // setting of the callee's end (HAProxy's `timeout client` on `client -> frontend`)
        // or one the budget does not use (`other`) says nothing of who retries.
        let Some(entry) = hop.rows.iter().find_map(|&l| {
            infos[l - 1].entry.filter(|e| {
                e.retries.is_some()
                    && !e.retries_only_on_other_upstreams()
                    && e.side != Some(catalog::Side::Callee)
                    && e.kind != Kind::Other
            })
        }) else {
            continue;
        };
        let retries = entry.retries.unwrap_or_default();
        let setting = catalog::entries()
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
        if out.skips(FindingCode::RetryHidden, rows.len()) {
            continue;
        }
        // The product's documented retry conditions, where it has some.
        let conditions = Some(entry)
            .filter(|e| !e.retry_on.is_empty())
            .or_else(|| catalog::retry_on_of(entry.product))
            .and_then(|e| retry_on::read(&e.retry_on.join(", ")).ok());
        let msg = Said::RetryHidden {
            segment: hop.segment.clone(),
            product: entry.product,
            retries,
            conditions,
            setting,
        };
        out.add(
            Draft::new(FindingCode::RetryHidden, rows, msg)
                .on_hop(&hop.segment)
                .cite(Some(entry.source)),
        );
    }
}

/// `retry.pointless` (warning): a hop whose retry conditions include a rejection (`400`,
/// `401`, `403`, `404`, `422`, `4xx`), which fails the same way again (§4.1). Named on the
/// hop's retry-conditions row. Golden G7: `4xx, 5xx, timeout`.
pub(super) fn retry_pointless(input: Input, out: &mut Findings) {
    for (hop, calc) in input.graph.hops.iter().zip(input.hops) {
        let Some(on) = &calc.conditions.on else {
            continue;
        };
        // Named on the conditions row, else (a product's default) on the rows that retry.
        let Some(line) = hop
            .parts
            .retry_on_line
            .or(hop.parts.tries_lines.first().copied())
            .or(hop.parts.upstreams_line)
        else {
            continue;
        };
        let words = on.words_in(Group::Pointless);
        if words.is_empty() || out.skips(FindingCode::RetryPointless, 1) {
            continue;
        }
        let msg = Said::RetryPointless {
            segment: hop.segment.clone(),
            conditions: words,
        };
        out.add(Draft::new(FindingCode::RetryPointless, vec![line], msg).on_hop(&hop.segment));
    }
}
