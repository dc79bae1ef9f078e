//! The budgets of a diff: every node's and hop's numbers before → after where they changed,
//! the verdicts that flipped (worst first), the findings that appeared and disappeared, and
//! the attempts reaching each node.

use serde::{Deserialize, Serialize};

use crate::map::Map;
use crate::report::{Finding, HopReport, NodeReport, Report, Verdict};
use crate::sheet::Lang;
use crate::{display, Severity};

/// A duration before → after, in ms; `None` is unknown, or no bound where the verdict says so
/// (as in the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MsChange {
    /// In the first sheet.
    pub before: Option<u64>,
    /// In the second sheet.
    pub after: Option<u64>,
}

/// A slack (`bound − need`) before → after, in ms, negative when inverted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlackChange {
    /// In the first sheet.
    pub before: Option<i64>,
    /// In the second sheet.
    pub after: Option<i64>,
}

/// A count (tries, attempts) before → after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CountChange {
    /// In the first sheet.
    pub before: u64,
    /// In the second sheet.
    pub after: u64,
}

/// A verdict before → after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerdictChange {
    /// In the first sheet.
    pub before: Verdict,
    /// In the second sheet.
    pub after: Verdict,
}

/// A node whose numbers changed; each field is present only when it changed. A node only in
/// one sheet has `None` on the other side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NodeChange {
    /// The node's name.
    pub name: String,
    /// Whether the node is in the first sheet / the second.
    pub present: Presence,
    /// Its need (`inner + own + margin rows`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_ms: Option<MsChange>,
    /// Its declared deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<MsChange>,
    /// `deadline − need`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slack_ms: Option<SlackChange>,
    /// The node check's verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<VerdictChange>,
    /// The most attempts that reach the node along one path from an outermost node (the
    /// product of the hops' attempts, as `retry.amplification` counts them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempts: Option<CountChange>,
}

/// A hop whose numbers changed; each field is present only when it changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HopChange {
    /// The segment as written in the second sheet (the first, for a removed hop).
    pub segment: String,
    /// The caller's name.
    pub caller: String,
    /// The callee's name.
    pub callee: String,
    /// Whether the hop is in the first sheet / the second.
    pub present: Presence,
    /// The hop's worst case, all tries and waits included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst_ms: Option<MsChange>,
    /// Its tries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tries: Option<CountChange>,
    /// The attempts one call over it makes on the callee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempts: Option<CountChange>,
    /// How long the caller waits for one response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_ms: Option<MsChange>,
    /// What that wait is checked against (queueing + callee worst + margin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_ms: Option<MsChange>,
    /// `wait − need`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slack_ms: Option<SlackChange>,
    /// The coverage check's verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<VerdictChange>,
}

/// Whether a node or hop is in each sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Presence {
    /// In both sheets.
    Both,
    /// Only in the second sheet.
    Added,
    /// Only in the first sheet.
    Removed,
}

/// A check whose verdict changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Flip {
    /// `node` or `hop`.
    pub check: CheckPlace,
    /// The node's name or the hop's segment.
    pub name: String,
    /// The verdict in the first sheet / the second.
    pub verdict: VerdictChange,
    /// The slack in the second sheet (negative: short by its magnitude).
    pub slack_ms: Option<i64>,
    /// The flip for people: `app: ok → inverted, short by 7.5 s`.
    pub text: String,
}

/// Which kind of check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum CheckPlace {
    /// A node check (need against deadline).
    Node,
    /// A hop's coverage check (the caller's wait against the callee).
    Hop,
}

/// How bad a verdict is, worst first: inverted, unbounded, unknown, unchecked, ok.
pub(crate) fn badness(v: Verdict) -> u8 {
    match v {
        Verdict::Inverted => 0,
        Verdict::Unbounded => 1,
        Verdict::Unknown => 2,
        Verdict::Unchecked => 3,
        Verdict::Ok => 4,
    }
}

fn ms(before: Option<u64>, after: Option<u64>) -> Option<MsChange> {
    (before != after).then_some(MsChange { before, after })
}

fn slack(before: Option<i64>, after: Option<i64>) -> Option<SlackChange> {
    (before != after).then_some(SlackChange { before, after })
}

fn count(before: u64, after: u64) -> Option<CountChange> {
    (before != after).then_some(CountChange { before, after })
}

fn verdict(before: Verdict, after: Verdict) -> Option<VerdictChange> {
    (before != after).then_some(VerdictChange { before, after })
}

/// A hop's key: its caller and callee, so that `LB → app` and `LB -> app` are one hop.
pub(crate) fn hop_key(h: &HopReport) -> (&str, &str) {
    (h.caller.as_str(), h.callee.as_str())
}

/// The most attempts reaching each node along one path from an outermost node: the product
/// of the hops' attempts, saturating; nodes on a cycle count the paths into it only.
/// Linear in nodes and hops (a topological order; hops into a cycle are followed once).
pub(crate) fn attempts_reaching(report: &Report) -> Map<&str, u64> {
    let mut indegree: Map<&str, usize> = Map::default();
    let mut out_hops: Map<&str, Vec<&HopReport>> = Map::default();
    for n in &report.nodes {
        indegree.entry(n.name.as_str()).or_insert(0);
    }
    for h in &report.hops {
        *indegree.entry(h.callee.as_str()).or_insert(0) += 1;
        indegree.entry(h.caller.as_str()).or_insert(0);
        out_hops.entry(h.caller.as_str()).or_default().push(h);
    }
    let mut reach: Map<&str, u64> = Map::default();
    let mut queue: std::collections::VecDeque<&str> = report
        .nodes
        .iter()
        .map(|n| n.name.as_str())
        .chain(report.hops.iter().map(|h| h.caller.as_str()))
        .filter(|n| indegree.get(n) == Some(&0))
        .collect();
    let mut seen: Map<&str, ()> = Map::default();
    queue.retain(|n| seen.insert(n, ()).is_none());
    for n in &queue {
        reach.insert(n, 1);
    }
    while let Some(n) = queue.pop_front() {
        let here = reach.get(n).copied().unwrap_or(1);
        for h in out_hops.get(n).map(Vec::as_slice).unwrap_or_default() {
            let via = here.saturating_mul(h.attempts.max(1));
            let r = reach.entry(h.callee.as_str()).or_insert(0);
            *r = (*r).max(via);
            if let Some(d) = indegree.get_mut(h.callee.as_str()) {
                *d -= 1;
                if *d == 0 {
                    queue.push_back(h.callee.as_str());
                }
            }
        }
    }
    reach
}

/// The node changes of two reports, in the second report's order, then the removed nodes.
pub(crate) fn node_changes(before: &Report, after: &Report) -> Vec<NodeChange> {
    let old: Map<&str, &NodeReport> = before.nodes.iter().map(|n| (n.name.as_str(), n)).collect();
    let new_names: Map<&str, ()> = after.nodes.iter().map(|n| (n.name.as_str(), ())).collect();
    let (reach_before, reach_after) = (attempts_reaching(before), attempts_reaching(after));
    let mut out = Vec::new();
    for n in &after.nodes {
        let a_after = reach_after.get(n.name.as_str()).copied().unwrap_or(1);
        let change = match old.get(n.name.as_str()) {
            Some(o) => NodeChange {
                name: n.name.clone(),
                present: Presence::Both,
                need_ms: ms(o.need_ms, n.need_ms),
                deadline_ms: ms(o.deadline_ms, n.deadline_ms),
                slack_ms: slack(o.slack_ms, n.slack_ms),
                verdict: verdict(o.verdict, n.verdict),
                attempts: count(
                    reach_before.get(n.name.as_str()).copied().unwrap_or(1),
                    a_after,
                ),
            },
            None => NodeChange {
                name: n.name.clone(),
                present: Presence::Added,
                need_ms: Some(MsChange {
                    before: None,
                    after: n.need_ms,
                }),
                deadline_ms: n.deadline_ms.map(|d| MsChange {
                    before: None,
                    after: Some(d),
                }),
                slack_ms: n.slack_ms.map(|s| SlackChange {
                    before: None,
                    after: Some(s),
                }),
                verdict: None,
                attempts: None,
            },
        };
        let changed = change.present != Presence::Both
            || change.need_ms.is_some()
            || change.deadline_ms.is_some()
            || change.slack_ms.is_some()
            || change.verdict.is_some()
            || change.attempts.is_some();
        if changed {
            out.push(change);
        }
    }
    for o in &before.nodes {
        if !new_names.contains_key(o.name.as_str()) {
            out.push(NodeChange {
                name: o.name.clone(),
                present: Presence::Removed,
                need_ms: Some(MsChange {
                    before: o.need_ms,
                    after: None,
                }),
                deadline_ms: o.deadline_ms.map(|d| MsChange {
                    before: Some(d),
                    after: None,
                }),
                slack_ms: o.slack_ms.map(|s| SlackChange {
                    before: Some(s),
                    after: None,
                }),
                verdict: None,
                attempts: None,
            });
        }
    }
    out
}

/// The hop changes of two reports, in the second report's order, then the removed hops.
pub(crate) fn hop_changes(before: &Report, after: &Report) -> Vec<HopChange> {
    let old: Map<(&str, &str), &HopReport> = before.hops.iter().map(|h| (hop_key(h), h)).collect();
    let new_keys: Map<(&str, &str), ()> = after.hops.iter().map(|h| (hop_key(h), ())).collect();
    let mut out = Vec::new();
    for h in &after.hops {
        let change = match old.get(&hop_key(h)) {
            Some(o) => HopChange {
                segment: h.segment.clone(),
                caller: h.caller.clone(),
                callee: h.callee.clone(),
                present: Presence::Both,
                worst_ms: ms(o.worst_ms, h.worst_ms),
                tries: count(u64::from(o.tries), u64::from(h.tries)),
                attempts: count(o.attempts, h.attempts),
                wait_ms: ms(o.wait_ms, h.wait_ms),
                need_ms: ms(o.need_ms, h.need_ms),
                slack_ms: slack(o.slack_ms, h.slack_ms),
                verdict: verdict(o.verdict, h.verdict),
            },
            None => HopChange {
                segment: h.segment.clone(),
                caller: h.caller.clone(),
                callee: h.callee.clone(),
                present: Presence::Added,
                worst_ms: Some(MsChange {
                    before: None,
                    after: h.worst_ms,
                }),
                tries: None,
                attempts: None,
                wait_ms: None,
                need_ms: None,
                slack_ms: h.slack_ms.map(|s| SlackChange {
                    before: None,
                    after: Some(s),
                }),
                verdict: None,
            },
        };
        if change.present != Presence::Both || hop_changed(&change) {
            out.push(change);
        }
    }
    for o in &before.hops {
        if !new_keys.contains_key(&hop_key(o)) {
            out.push(HopChange {
                segment: o.segment.clone(),
                caller: o.caller.clone(),
                callee: o.callee.clone(),
                present: Presence::Removed,
                worst_ms: Some(MsChange {
                    before: o.worst_ms,
                    after: None,
                }),
                tries: None,
                attempts: None,
                wait_ms: None,
                need_ms: None,
                slack_ms: o.slack_ms.map(|s| SlackChange {
                    before: Some(s),
                    after: None,
                }),
                verdict: None,
            });
        }
    }
    out
}

/// Whether any number of a hop present in both sheets changed.
pub(crate) fn hop_changed(c: &HopChange) -> bool {
    c.worst_ms.is_some()
        || c.tries.is_some()
        || c.attempts.is_some()
        || c.wait_ms.is_some()
        || c.need_ms.is_some()
        || c.slack_ms.is_some()
        || c.verdict.is_some()
}

/// The checks whose verdict changed, worst new verdict first (ok → inverted before inverted →
/// ok), nodes before hops within one verdict, in sheet order.
pub(crate) fn flips(
    lang: Lang,
    nodes: &[NodeChange],
    hops: &[HopChange],
    after: &Report,
) -> Vec<Flip> {
    let node_slack: Map<&str, Option<i64>> = after
        .nodes
        .iter()
        .map(|n| (n.name.as_str(), n.slack_ms))
        .collect();
    let hop_slack: Map<(&str, &str), Option<i64>> = after
        .hops
        .iter()
        .map(|h| (hop_key(h), h.slack_ms))
        .collect();
    let mut out: Vec<Flip> = nodes
        .iter()
        .filter_map(|n| {
            let v = n.verdict?;
            let s = node_slack.get(n.name.as_str()).copied().flatten();
            Some(flip(lang, CheckPlace::Node, &n.name, v, s))
        })
        .chain(hops.iter().filter_map(|h| {
            let v = h.verdict?;
            let s = hop_slack
                .get(&(h.caller.as_str(), h.callee.as_str()))
                .copied()
                .flatten();
            Some(flip(lang, CheckPlace::Hop, &h.segment, v, s))
        }))
        .collect();
    out.sort_by_key(|f| {
        (
            badness(f.verdict.after),
            std::cmp::Reverse(badness(f.verdict.before)),
        )
    });
    out
}

fn flip(
    lang: Lang,
    check: CheckPlace,
    name: &str,
    v: VerdictChange,
    slack_ms: Option<i64>,
) -> Flip {
    let arrow = format!(
        "{} → {}",
        display::verdict(lang, v.before),
        display::verdict(lang, v.after)
    );
    let tail = slack_ms.map(|s| slack_words(lang, s)).unwrap_or_default();
    let text = match lang {
        Lang::En if tail.is_empty() => format!("{name}: {arrow}"),
        Lang::En => format!("{name}: {arrow}, {tail}"),
        Lang::Ja if tail.is_empty() => format!("{name}：{arrow}"),
        Lang::Ja => format!("{name}：{arrow}、{tail}"),
    };
    Flip {
        check,
        name: name.to_string(),
        verdict: v,
        slack_ms,
        text,
    }
}

/// A slack in words: `short by 7.5 s` when negative, `slack 0.2 s` otherwise (`7.5秒不足`,
/// `余裕0.2秒`).
pub(crate) fn slack_words(lang: Lang, s: i64) -> String {
    let d = display::duration(lang, s.unsigned_abs());
    match (lang, s < 0) {
        (Lang::En, true) => format!("short by {d}"),
        (Lang::En, false) => format!("slack {d}"),
        (Lang::Ja, true) => format!("{d}不足"),
        (Lang::Ja, false) => format!("余裕{d}"),
    }
}

/// A finding's place: its code, node and hop.
type FindingKey<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

fn finding_key(f: &Finding) -> FindingKey<'_> {
    f.place()
}

/// The errors and warnings of `merged` (the check of two people's changes merged) whose code
/// and place (node and hop) no finding of any of `parts` has (the checks of each person's
/// changes alone): what only the combination causes. In `merged`'s order.
pub fn only_together(merged: &Report, parts: &[&Report]) -> Vec<Finding> {
    let known: std::collections::HashSet<FindingKey<'_>> = parts
        .iter()
        .flat_map(|r| r.findings.iter().map(finding_key))
        .collect();
    merged
        .findings
        .iter()
        .filter(|f| f.severity <= Severity::Warning && !known.contains(&finding_key(f)))
        .cloned()
        .collect()
}

/// The findings of `after` that are not in `before` (appeared) and those of `before` not in
/// `after` (disappeared), matched by code and place: the same code on the same node and hop,
/// those on the same rows (through `line_after`, a first-sheet line's line in the second
/// sheet) first, then the rest in order. An unchanged finding is in neither list.
pub(crate) fn findings_diff(
    before: &[Finding],
    after: &[Finding],
    line_after: &dyn Fn(usize) -> Option<usize>,
) -> (Vec<Finding>, Vec<Finding>) {
    let key = finding_key;
    let mut open: Map<FindingKey<'_>, Vec<usize>> = Map::default();
    for (i, f) in before.iter().enumerate() {
        open.entry(key(f)).or_default().push(i);
    }
    let mut matched_before = vec![false; before.len()];
    let mut matched_after = vec![false; after.len()];
    let mapped =
        |f: &Finding| -> Vec<Option<usize>> { f.rows.iter().map(|&r| line_after(r)).collect() };
    // Same code, place and rows first.
    for (j, f) in after.iter().enumerate() {
        if let Some(list) = open.get_mut(&key(f)) {
            let rows: Vec<Option<usize>> = f.rows.iter().map(|&r| Some(r)).collect();
            if let Some(pos) = list.iter().position(|&i| mapped(&before[i]) == rows) {
                matched_before[list.remove(pos)] = true;
                matched_after[j] = true;
            }
        }
    }
    for (j, f) in after.iter().enumerate() {
        if matched_after[j] {
            continue;
        }
        if let Some(list) = open.get_mut(&key(f)) {
            if !list.is_empty() {
                matched_before[list.remove(0)] = true;
                matched_after[j] = true;
            }
        }
    }
    let appeared = after
        .iter()
        .zip(&matched_after)
        .filter(|(_, m)| !**m)
        .map(|(f, _)| f.clone())
        .collect();
    let disappeared = before
        .iter()
        .zip(&matched_before)
        .filter(|(_, m)| !**m)
        .map(|(f, _)| f.clone())
        .collect();
    (appeared, disappeared)
}

impl NodeChange {
    /// Its numbers that changed, each as (name, before, after) in `lang`: need, deadline,
    /// slack, verdict, attempts (`("need", "7.8 s", "15.5 s")`); for the diff's tables.
    pub fn numbers(&self, lang: Lang) -> Vec<(&'static str, String, String)> {
        let n = self;
        let d = |ms: Option<u64>| display::duration_or_unknown(lang, ms);
        let s = |ms: Option<i64>| display::slack(lang, ms);
        let names = names(lang);
        let mut out = Vec::new();
        if let Some(c) = n.need_ms {
            out.push((names.need, d(c.before), d(c.after)));
        }
        if let Some(c) = n.deadline_ms {
            out.push((names.deadline, d(c.before), d(c.after)));
        }
        if let Some(c) = n.slack_ms {
            out.push((names.slack, s(c.before), s(c.after)));
        }
        if let Some(c) = n.verdict {
            out.push((
                names.verdict,
                display::verdict(lang, c.before).into(),
                display::verdict(lang, c.after).into(),
            ));
        }
        if let Some(c) = n.attempts {
            out.push((names.attempts, c.before.to_string(), c.after.to_string()));
        }
        out
    }
}

impl HopChange {
    /// Its numbers that changed, each as (name, before, after) in `lang`: worst, tries,
    /// attempts, wait, need, slack, verdict.
    pub fn numbers(&self, lang: Lang) -> Vec<(&'static str, String, String)> {
        let h = self;
        let d = |ms: Option<u64>| display::duration_or_unknown(lang, ms);
        let s = |ms: Option<i64>| display::slack(lang, ms);
        let names = names(lang);
        let mut out = Vec::new();
        if let Some(c) = h.worst_ms {
            out.push((names.worst, d(c.before), d(c.after)));
        }
        if let Some(c) = h.tries {
            out.push((names.tries, c.before.to_string(), c.after.to_string()));
        }
        if let Some(c) = h.attempts {
            out.push((names.attempts, c.before.to_string(), c.after.to_string()));
        }
        if let Some(c) = h.wait_ms {
            out.push((names.wait, d(c.before), d(c.after)));
        }
        if let Some(c) = h.need_ms {
            out.push((names.need, d(c.before), d(c.after)));
        }
        if let Some(c) = h.slack_ms {
            out.push((names.slack, s(c.before), s(c.after)));
        }
        if let Some(c) = h.verdict {
            out.push((
                names.verdict,
                display::verdict(lang, c.before).into(),
                display::verdict(lang, c.after).into(),
            ));
        }
        out
    }
}

struct Names {
    need: &'static str,
    deadline: &'static str,
    slack: &'static str,
    verdict: &'static str,
    attempts: &'static str,
    worst: &'static str,
    tries: &'static str,
    wait: &'static str,
}

fn names(lang: Lang) -> Names {
    match lang {
        Lang::En => Names {
            need: "need",
            deadline: "deadline",
            slack: "slack",
            verdict: "verdict",
            attempts: "attempts",
            worst: "worst",
            tries: "tries",
            wait: "wait",
        },
        Lang::Ja => Names {
            need: "必要時間",
            deadline: "期限",
            slack: "余裕",
            verdict: "判定",
            attempts: "試行回数",
            worst: "最悪",
            tries: "試行",
            wait: "待ち時間",
        },
    }
}
