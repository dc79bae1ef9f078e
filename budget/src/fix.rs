//! Fixes that are checked before they are offered.
//!
//! An inversion's fix is a list of cell changes on named rows ([`Fix`]), and the engine applies
//! it to a copy of the sheet and checks that copy again before it offers the fix: the finding
//! must be gone, no error may appear that the sheet did not have, and none it had may fall
//! shorter still. Where raising a bound only moves the inversion outward (raising the app's
//! deadline inverts the LB's read timeout, which then inverts the browser's deadline, or makes
//! the browser's inversion worse), the fix grows into the whole chain, one raise
//! per layer, each checked again; where the chain cannot be closed, that option is not offered.
//!
//! Four kinds of change are tried:
//! - **reduce tries**: the hop with several tries that makes the need, cut to the tries that
//!   fit (`inversion.node`, and `inversion.hop` when the callee has no deadline of its own);
//! - **raise** the bound that is too short (the node's deadline, the caller's read, per-try or
//!   visibility timeout or deadline on the hop) to the need, with the chain above it;
//! - **lower the inner bounds** that are longer than their own callee needs: a call out of the
//!   node (or the hop's callee) whose read, per-try or statement timeout has slack waits for
//!   nothing past its callee's worst case, yet counts in full in the need above it (nginx's
//!   60 s `proxy_read_timeout` in front of an app with an 8 s deadline). Each such bound is
//!   lowered to its hop's need;
//! - **lower the callee's deadline** so that it fits the caller's bound and the margin
//!   (`inversion.hop`, `queue.redelivery`).
//!
//! Reduce and raise are offered in that order on a node (its own retries are its first lever),
//! and raise first on a hop (the caller's bound is); the lowering options follow.
//!
//! A raise above the most a provider allows (`budget/catalog/caps.tsv`: Cloudflare's 100 s
//! proxy read timeout outside Enterprise plans) is still offered, since the team may be on a
//! plan that allows it, but the fix names the cap in [`Fix::caps`] and its summary, so the
//! lowering options beside it are weighed against a raise that may not be possible.
//!
//! A re-check computes again only the layers above the rows a fix changes (the check's
//! `recheck` stage), yet a fix that changes many rows costs nearly a whole check, so a report
//! spends at most [`MAX_FIX_CHECKS`] re-checks and at most [`MAX_FIX_ROWS`] rows in all, in the
//! order of its findings (errors first). A finding left without a checked fix gets
//! advice without numbers and an empty [`Finding::fixes`].

use std::collections::HashSet;
use std::rc::Rc;

use crate::code::FindingCode;
use crate::kind::Kind;
pub use crate::report::{CellChange, Fix, OverCap};
use crate::report::{Finding, HopReport, NodeReport, Report, Severity};
use crate::said::{CellValue, FixSaid, StepSaid, Target, Verb};
use crate::sheet::{Column, Sheet};
use crate::value::{write_duration, write_tries};

/// The most re-checks one report spends on verifying fixes (each computes again the layers
/// above the changed rows, or the whole changed sheet where a change reaches further).
pub const MAX_FIX_CHECKS: usize = 16;

/// The most rows one report re-checks in all: a sheet of more than 1,000 rows gets fewer than
/// [`MAX_FIX_CHECKS`] re-checks (5,000 rows: 3), one of more than 16,000 rows none, so that
/// verifying fixes costs at most a constant on top of the check.
pub const MAX_FIX_ROWS: usize = 16_000;

/// A set hashed as [`crate::map::Map`] is.
type Set<K> = HashSet<K, foldhash::fast::RandomState>;

/// A finding's identity across two checks of similar sheets: its code, node and hop.
type Key<'f> = (FindingCode, Option<&'f str>, Option<&'f str>);

fn key(f: &Finding) -> Key<'_> {
    (f.code, f.node.as_deref(), f.hop.as_deref())
}

/// The codes whose fixes are computed and checked here.
pub(crate) fn fixable(code: FindingCode) -> bool {
    matches!(
        code,
        FindingCode::InversionNode | FindingCode::InversionHop | FindingCode::QueueRedelivery
    )
}

/// A change, and what it says.
#[derive(Clone, Debug)]
struct Step {
    /// The cell change, its value in the sheet's language, to check the fix with.
    change: CellChange,
    said: StepSaid,
}

impl Step {
    /// A step of `verb` on `target` that writes `to` into row `line`'s value.
    fn new(sheet: &Sheet, line: usize, verb: Verb, target: Target, to: CellValue) -> Option<Step> {
        let text = match &to {
            CellValue::Duration(ms) => write_duration(sheet.lang, *ms),
            CellValue::Tries(k, waits) => write_tries(sheet.lang, *k, waits),
        };
        Some(Step {
            change: change(sheet, line, text)?,
            said: StepSaid { verb, target, to },
        })
    }

    /// The value it writes in ms, for a duration.
    fn to_ms(&self) -> Option<u64> {
        match self.said.to {
            CellValue::Duration(ms) => Some(ms),
            CellValue::Tries(..) => None,
        }
    }
}

/// One option: its steps and whether it may grow into a chain of raises.
struct Candidate {
    steps: Vec<Step>,
    chains: bool,
}

/// A report's nodes and hops by name, and the hops each node calls.
struct Names<'a> {
    report: &'a Report,
    nodes: crate::map::Map<&'a str, &'a NodeReport>,
    hops: crate::map::Map<&'a str, &'a HopReport>,
    /// By caller, in the report's order.
    calls: crate::map::Map<&'a str, Vec<&'a HopReport>>,
}

impl<'a> Names<'a> {
    fn new(report: &'a Report) -> Self {
        Names {
            report,
            nodes: report.nodes.iter().map(|n| (n.name.as_str(), n)).collect(),
            hops: report
                .hops
                .iter()
                .map(|h| (h.segment.as_str(), h))
                .collect(),
            calls: report
                .hops
                .iter()
                .fold(crate::map::Map::default(), |mut calls, h| {
                    calls
                        .entry(h.caller.as_str())
                        .or_insert_with(Vec::new)
                        .push(h);
                    calls
                }),
        }
    }

    /// The index of the report's sheet with `changed` rows (see [`Rechecked::rows`]): a
    /// change of values leaves the nodes, the hops and their rows as they are.
    fn index(&'a self, changed: &'a [(usize, Kind, Option<u64>)]) -> Index<'a> {
        Index {
            report: self.report,
            nodes: &self.nodes,
            hops: &self.hops,
            calls: &self.calls,
            changed,
        }
    }
}

/// The report's nodes and hops by name, and its rows by line, with the rows a fix changed.
struct Index<'a> {
    report: &'a Report,
    nodes: &'a crate::map::Map<&'a str, &'a NodeReport>,
    hops: &'a crate::map::Map<&'a str, &'a HopReport>,
    calls: &'a crate::map::Map<&'a str, Vec<&'a HopReport>>,
    changed: &'a [(usize, Kind, Option<u64>)],
}

impl<'a> Index<'a> {
    /// The hops `node` calls, in the report's order.
    fn calls(&self, node: &str) -> impl Iterator<Item = &'a HopReport> + 'a {
        self.calls.get(node).into_iter().flatten().copied()
    }

    fn changed(&self, line: usize) -> Option<&(usize, Kind, Option<u64>)> {
        self.changed.iter().find(|c| c.0 == line)
    }

    fn kind(&self, line: usize) -> Option<Kind> {
        if let Some(&(_, kind, _)) = self.changed(line) {
            return Some(kind);
        }
        self.report.rows.get(line.checked_sub(1)?).map(|r| r.kind)
    }

    fn value_ms(&self, line: usize) -> Option<u64> {
        if let Some(&(_, _, ms)) = self.changed(line) {
            return ms;
        }
        self.report.rows.get(line.checked_sub(1)?)?.value_ms
    }
}

/// What a fix's re-check tells of the changed sheet.
pub(crate) struct Rechecked {
    /// Every error of the changed sheet, in the report's order, none left out for the
    /// report's listing limits. Shared: an incremental re-check hands out the errors it did
    /// not compute again as they are, without copying them.
    pub(crate) errors: Vec<Rc<Finding>>,
    /// Each changed row's line, kind and value in ms, as the changed sheet's report gives them.
    pub(crate) rows: Vec<(usize, Kind, Option<u64>)>,
}

impl Rechecked {
    /// What `report`, the whole report of a changed sheet, tells of it, the changed rows being
    /// `lines`.
    pub(crate) fn of_report(report: Report, lines: &[usize]) -> Rechecked {
        let rows = lines
            .iter()
            .filter_map(|&l| {
                let r = report.rows.get(l.checked_sub(1)?)?;
                Some((l, r.kind, r.value_ms))
            })
            .collect();
        let errors = report
            .findings
            .into_iter()
            .filter(|f| f.severity == Severity::Error)
            .map(Rc::new)
            .collect();
        Rechecked { errors, rows }
    }
}

/// Adds checked fixes to the fixable findings of `report`, the report of `sheet`, and gives
/// what each says, by finding: every fixable finding's index and its fixes' facts, from which
/// [`crate::render`] writes the fixes' summaries and values and the finding's `fix` (naming
/// only the fixes checked, or advice where there are none) in the last pass. `recheck` checks
/// `sheet` with the cell changes it is given, without fixes. Kept out of line, so that a
/// profile shows the re-checks apart from the check.
#[inline(never)]
pub(crate) fn offer(
    sheet: &Sheet,
    report: &mut Report,
    mut recheck: impl FnMut(&[&CellChange]) -> Rechecked,
) -> Vec<(usize, Vec<FixSaid>)> {
    if !report.findings.iter().any(|f| fixable(f.code)) {
        return Vec::new();
    }
    // Room for every error at once: the filter tells the map nothing of how many there are,
    // and a map grown insert by insert copies itself as it grows.
    let mut before: crate::map::Map<Key, Option<u64>> = crate::map::Map::with_capacity_and_hasher(
        report.summary.errors as usize,
        Default::default(),
    );
    before.extend(
        report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| (key(f), f.short_by_ms)),
    );
    let mut checks_left = MAX_FIX_CHECKS.min(MAX_FIX_ROWS / sheet.rows.len().max(1));
    let mut offered: Vec<(usize, Vec<(Fix, FixSaid)>)> = Vec::new();
    {
        let names = Names::new(report);
        let index = names.index(&[]);
        for (i, f) in report.findings.iter().enumerate() {
            if !fixable(f.code) {
                continue;
            }
            // With no re-check left, no candidate can be verified: none is worked out.
            if checks_left == 0 {
                offered.push((i, Vec::new()));
                continue;
            }
            let mut fixes = Vec::new();
            for candidate in candidates(sheet, &index, f) {
                if checks_left == 0 {
                    break;
                }
                let mut verifying = Verifying {
                    sheet,
                    names: &names,
                    before: &before,
                    checks_left: &mut checks_left,
                    recheck: &mut recheck,
                };
                if let Some(steps) = verifying.verify(f, candidate) {
                    let (over, caps) = over_caps(sheet, &steps).into_iter().unzip();
                    let (changes, steps) = steps.into_iter().map(|s| (s.change, s.said)).unzip();
                    let fix = Fix {
                        summary: String::new(),
                        changes,
                        caps: over,
                    };
                    fixes.push((fix, FixSaid { steps, caps }));
                }
            }
            offered.push((i, fixes));
        }
    }
    offered
        .into_iter()
        .map(|(i, fixes)| {
            let (fixes, said) = fixes.into_iter().unzip();
            report.findings[i].fixes = fixes;
            (i, said)
        })
        .collect()
}

/// What verifying a candidate reads and spends.
struct Verifying<'a, 'n, R> {
    sheet: &'a Sheet,
    /// The nodes and hops of the sheet's report.
    names: &'a Names<'n>,
    /// The sheet's errors, each with how short it is.
    before: &'a crate::map::Map<Key<'n>, Option<u64>>,
    checks_left: &'a mut usize,
    recheck: &'a mut R,
}

impl<R: FnMut(&[&CellChange]) -> Rechecked> Verifying<'_, '_, R> {
    /// Applies `candidate`, checks again and, for a chaining candidate, adds one raise for
    /// every error the change moved outward, until no new error is left and none the sheet
    /// had is shorter than it was. `None` when the finding stays, when such an error appears
    /// that no raise can close, or when the re-checks run out.
    fn verify(&mut self, finding: &Finding, candidate: Candidate) -> Option<Vec<Step>> {
        let target = key(finding);
        let mut steps = candidate.steps;
        loop {
            if *self.checks_left == 0 {
                return None;
            }
            *self.checks_left -= 1;
            let changes: Vec<&CellChange> = steps.iter().map(|s| &s.change).collect();
            let after = (self.recheck)(&changes);
            if after.errors.iter().any(|g| key(g) == target) {
                return None;
            }
            // An error the sheet had counts as new when the change makes it shorter still:
            // a fix never makes another inversion worse.
            let new_errors: Vec<&Finding> = after
                .errors
                .iter()
                .map(|g| &**g)
                .filter(|g| match (self.before.get(&key(g)), g.short_by_ms) {
                    (None, _) => true,
                    (Some(Some(was)), Some(now)) => now > *was,
                    // Short by an unknown amount (unbounded) now, a known one before.
                    (Some(Some(_)), None) => true,
                    (Some(None), _) => false,
                })
                .collect();
            if new_errors.is_empty() {
                return Some(steps);
            }
            if !candidate.chains {
                return None;
            }
            // A raise changes a row no step has changed yet, whose cells are the sheet's.
            let index = self.names.index(&after.rows);
            for error in new_errors {
                let step = raise(self.sheet, &index, error)?;
                if steps.iter().any(|s| s.change.line == step.change.line) {
                    return None;
                }
                steps.push(step);
            }
        }
    }
}

/// `sheet` with `changes` applied.
pub(crate) fn apply<'a>(sheet: &Sheet, changes: impl Iterator<Item = &'a CellChange>) -> Sheet {
    let mut changed = sheet.clone();
    for c in changes {
        if let Some(row) = changed.rows.get_mut(c.line - 1) {
            *row.cell_mut(c.column) = c.to.clone();
        }
    }
    changed
}

/// The options for `f`, in the order they are offered.
fn candidates(sheet: &Sheet, index: &Index, f: &Finding) -> Vec<Candidate> {
    let mut out = Vec::new();
    let reduce = reduce_tries(sheet, index, f).map(|step| Candidate {
        steps: vec![step],
        chains: false,
    });
    let raise = raise(sheet, index, f).map(|step| Candidate {
        steps: vec![step],
        chains: true,
    });
    // A node's own retries are its first lever; on a hop, the caller's bound is.
    if f.code == FindingCode::InversionNode {
        out.extend(reduce);
        out.extend(raise);
    } else {
        out.extend(raise);
        out.extend(reduce);
    }
    let inner = lower_inner_bounds(sheet, index, f);
    if !inner.is_empty() {
        out.push(Candidate {
            steps: inner,
            chains: false,
        });
    }
    if let Some(step) = lower_callee_deadline(sheet, index, f) {
        out.push(Candidate {
            steps: vec![step],
            chains: false,
        });
    }
    out
}

/// A change of row `line`'s value to `to`.
fn change(sheet: &Sheet, line: usize, to: String) -> Option<CellChange> {
    let row = sheet.rows.get(line.checked_sub(1)?)?;
    Some(CellChange {
        line,
        column: Column::Value,
        from: row.value.clone(),
        to,
    })
}

/// The first of `lines` of kind `kind` whose value is `ms`.
fn row_with(index: &Index, lines: &[usize], kinds: &[Kind], ms: u64) -> Option<usize> {
    lines.iter().copied().find(|&l| {
        index.kind(l).is_some_and(|k| kinds.contains(&k)) && index.value_ms(l) == Some(ms)
    })
}

/// Raises the bound of `f` to its need: a node's deadline row, or the caller's bound row on a
/// hop (read, per-try, statement, visibility timeout or deadline).
fn raise(sheet: &Sheet, index: &Index, f: &Finding) -> Option<Step> {
    let bound = f.bound_ms?;
    let need = f.need_ms?;
    if need <= bound {
        return None;
    }
    let to = CellValue::Duration(need);
    match f.code {
        FindingCode::InversionNode => {
            let node = index.nodes.get(f.node.as_deref()?)?;
            let line = row_with(index, &node.rows, &[Kind::Deadline], bound)?;
            let target = Target::NodeDeadline(node.name.clone());
            Step::new(sheet, line, Verb::Raise, target, to)
        }
        FindingCode::InversionHop | FindingCode::QueueRedelivery => {
            let hop = index.hops.get(f.hop.as_deref()?)?;
            let line = row_with(index, &hop.rows, &HOP_BOUNDS, bound)?;
            let target = Target::HopBound(hop.segment.clone(), index.kind(line)?);
            Step::new(sheet, line, Verb::Raise, target, to)
        }
        _ => None,
    }
}

/// The kinds of row that bound a caller's wait on a hop, as [`raise`] changes them.
const HOP_BOUNDS: [Kind; 5] = [
    Kind::Read,
    Kind::Attempt,
    Kind::Statement,
    Kind::Deadline,
    Kind::Visibility,
];

/// Lowers every bound on a call out of the node that makes the need (the node of an
/// `inversion.node`, the callee of an `inversion.hop`) that is longer than that call needs, to
/// its need: time past the callee's worst case is waited for nothing, yet it counts in full in
/// every need above. One step per such hop, in the report's order; none when no call has
/// slack.
fn lower_inner_bounds(sheet: &Sheet, index: &Index, f: &Finding) -> Vec<Step> {
    let node = match f.code {
        FindingCode::InversionNode => f.node.as_deref(),
        FindingCode::InversionHop => f
            .hop
            .as_deref()
            .and_then(|h| index.hops.get(h))
            .map(|h| h.callee.as_str()),
        _ => None,
    };
    let Some(node) = node.and_then(|n| index.nodes.get(n)) else {
        return Vec::new();
    };
    let mut with_slack = index
        .calls(&node.name)
        .filter(|h| h.slack_ms.is_some_and(|s| s > 0))
        .peekable();
    // Which calls decide the need is read only where some call has slack.
    if with_slack.peek().is_none() {
        return Vec::new();
    }
    let deciding = deciding_hops(node);
    with_slack
        .filter(|h| deciding.contains(h.segment.as_str()))
        .filter_map(|h| {
            let wait = h.wait_ms?;
            let need = h.need_ms?;
            let line = row_with(index, &h.rows, &HOP_BOUNDS, wait)?;
            let target = Target::HopBound(h.segment.clone(), index.kind(line)?);
            Step::new(sheet, line, Verb::Lower, target, CellValue::Duration(need))
        })
        .collect()
}

/// The hops whose worst case counts in `node`'s need, by segment: each call's, and of a
/// parallel or route group only its longest (the trace's `from`): a change to another hop of a
/// group cannot lower the need, and a fix on another route is never offered (§4.2).
fn deciding_hops(node: &NodeReport) -> Set<&str> {
    node.trace
        .need
        .iter()
        .filter_map(|t| t.from.as_ref()?.hop.as_deref())
        .collect()
}

/// The raises of `steps` above the cap the catalog knows for their row's setting, with the
/// cap.
fn over_caps(sheet: &Sheet, steps: &[Step]) -> Vec<(OverCap, &'static crate::catalog::Cap)> {
    steps
        .iter()
        .filter(|s| s.said.verb == Verb::Raise)
        .filter_map(|s| {
            let to_ms = s.to_ms()?;
            let row = sheet.rows.get(s.change.line.checked_sub(1)?)?;
            let entry = crate::catalog::match_row(row).applied()?;
            let cap = crate::catalog::cap_of(entry)?;
            (to_ms > cap.cap_ms).then(|| {
                (
                    OverCap {
                        line: s.change.line,
                        product: cap.product.to_string(),
                        setting: cap.name.to_string(),
                        cap_ms: cap.cap_ms,
                        to_ms,
                        source: cap.source.to_string(),
                    },
                    cap,
                )
            })
        })
        .collect()
}

/// Lowers the callee's deadline so that it, with the queueing and the margin, fits the
/// caller's bound (`inversion.hop`, `queue.redelivery`: the worker's job timeout).
fn lower_callee_deadline(sheet: &Sheet, index: &Index, f: &Finding) -> Option<Step> {
    if !matches!(
        f.code,
        FindingCode::InversionHop | FindingCode::QueueRedelivery
    ) {
        return None;
    }
    let hop = index.hops.get(f.hop.as_deref()?)?;
    let callee = index.nodes.get(hop.callee.as_str())?;
    let deadline = callee.deadline_ms?;
    let line = row_with(index, &callee.rows, &[Kind::Deadline], deadline)?;
    // need = queueing + the callee's worst (its deadline) + margin.
    let around = f.need_ms?.checked_sub(hop.callee_worst_ms?)?;
    let lowered = f.bound_ms?.checked_sub(around)?;
    if lowered == 0 || lowered >= deadline {
        return None;
    }
    let target = Target::NodeDeadline(callee.name.clone());
    Step::new(
        sheet,
        line,
        Verb::Lower,
        target,
        CellValue::Duration(lowered),
    )
}

/// Cuts the hop with several tries that makes the need down to the tries that fit.
fn reduce_tries(sheet: &Sheet, index: &Index, f: &Finding) -> Option<Step> {
    let (node, budget) = match f.code {
        // The node's deadline is the budget of everything it does.
        FindingCode::InversionNode => (index.nodes.get(f.node.as_deref()?)?, f.bound_ms?),
        // The caller's bound, less the queueing and the margin, is the callee's budget, when
        // the callee has no deadline of its own (its worst case is its need).
        FindingCode::InversionHop => {
            let hop = index.hops.get(f.hop.as_deref()?)?;
            let callee = index.nodes.get(hop.callee.as_str())?;
            if callee.deadline_ms.is_some() {
                return None;
            }
            let around = f.need_ms?.checked_sub(hop.callee_worst_ms?)?;
            (callee, f.bound_ms?.checked_sub(around)?)
        }
        _ => return None,
    };
    let need = node.need_ms?;
    let deciding = deciding_hops(node);
    // The hop with several tries out of `node` that contributes the most.
    let hop = index
        .calls(&node.name)
        .filter(|h| h.tries > 1 && h.repeats != crate::Repeats::NoRetries)
        .filter(|h| deciding.contains(h.segment.as_str()))
        .filter(|h| {
            h.rows
                .iter()
                .filter(|&&l| index.kind(l) == Some(Kind::Tries))
                .count()
                == 1
        })
        .max_by_key(|h| h.worst_ms)?;
    let worst = hop.worst_ms?;
    let others = need.checked_sub(worst)?;
    let budget = budget.checked_sub(others)?;
    // The tries row's count and the upstream targets it runs on, from the hop's trace: the
    // row's value is the tries on each target.
    let count_of = |kind: Kind| {
        hop.trace
            .tries
            .iter()
            .find(|t| t.kind == Some(kind))
            .and_then(|t| t.count)
    };
    let tries = u32::try_from(count_of(Kind::Tries)?).ok()?;
    let targets = count_of(Kind::Upstreams).map_or(Some(1), |u| u32::try_from(u).ok())?;
    let per_try = hop.per_try_ms?;
    let k = match hop.early_ms {
        // Retried only on early conditions: `(U × k − 1) × early + per_try + U × waits`.
        Some(early) => {
            crate::early_tries_that_fit(budget, early, per_try, &hop.waits_ms, targets, tries)
        }
        // Whole tries, each target in turn: `U × (k × per_try + waits)`.
        None => crate::tries_that_fit(
            budget / u64::from(targets.max(1)),
            per_try,
            &hop.waits_ms,
            tries,
        ),
    };
    if k == 0 || k >= tries {
        return None;
    }
    let line = hop
        .rows
        .iter()
        .copied()
        .find(|&l| index.kind(l) == Some(Kind::Tries))?;
    let to = CellValue::Tries(k, hop.waits_ms.clone());
    Step::new(
        sheet,
        line,
        Verb::Reduce,
        Target::Tries(hop.segment.clone()),
        to,
    )
}
