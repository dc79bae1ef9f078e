//! The causal trace of a diff: for every place whose changed rows move a number, that effect
//! followed up the call chain to the outermost callers.
//!
//! On G1 → G2 (`golden.md`):
//! `app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst
//! 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by
//! 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s
//! deadline, not on its need)`.
//!
//! The walk starts at the place of the changed rows (a hop, or a node's own rows), goes to
//! the hop's caller, then to every hop into that node and to its caller, and so on, each node
//! once. A node or hop is written only where its numbers changed; every hop above that did
//! not change is named as unchanged, with the reason when a declared deadline stopped the
//! change (a caller waits on its callee's deadline, not on its need). Row values are written
//! with the decimals they were typed with (`3s` → `3 s`, `1.0s` → `1.0 s`); computed numbers
//! by the one rule of [`crate::display`].
//!
//! A changed margin (a sheet setting) moves the need of every hop without a margin row of its
//! own. Its line comes first, computed against the first sheet's rows under the second
//! sheet's margin ([`setting_line`]); the rows' lines then start from there, so that a number
//! the margin moved is not put on a changed row.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::budgets::{hop_changed, hop_key, CountChange, HopChange, NodeChange, Presence};
use super::row_words::{kind_of, value_text, waits_text};
use super::rows::RowsDiff;
use super::trace_words::{check_words, colon, hop_check_text, hop_own_text, line_text};
use crate::kind::Kind;
use crate::map::Map;
use crate::report::{HopReport, NodeReport, Report, Verdict};
use crate::sheet::{Column, Lang, Row};
use crate::value::{self};
use crate::{display, FindingCode};

/// One place's changed rows, or one changed sheet setting, and their effect up the call
/// chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceLine {
    /// Where the changed rows are: a hop's segment or a node's name; or the sheet setting
    /// that changed (`margin`, as in [`SettingChange::setting`](super::SettingChange)).
    pub origin: String,
    /// The changed rows' lines in the second sheet (added and changed rows); none for a
    /// setting.
    pub rows: Vec<usize>,
    /// The removed rows' lines in the first sheet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_rows: Vec<usize>,
    /// The steps, from the changed place up to the outermost caller: the place's rows and
    /// numbers first, then each node and hop whose numbers changed.
    pub steps: Vec<TraceStep>,
    /// The hops above whose numbers did not change, in the order the walk reached them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unchanged: Vec<String>,
    /// The most attempts reaching each node at or below the change, where they changed
    /// (tries somewhere multiply every path through it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<NodeAttempts>,
    /// The whole line for people, in the sheet's language.
    pub text: String,
}

/// One step of a trace line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceStep {
    /// The hop's segment or the node's name.
    pub place: String,
    /// What changed there, in the sheet's language.
    pub text: String,
}

/// The attempts reaching one node, before → after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NodeAttempts {
    /// The node.
    pub node: String,
    /// Its attempts before → after.
    pub attempts: CountChange,
}

/// A place in a sheet's call graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Place {
    Hop(String, String),
    Node(String),
}

/// Which place each line's row belongs to, in one report.
fn places(report: &Report) -> Map<usize, Place> {
    let mut out = Map::default();
    for h in &report.hops {
        for &line in &h.rows {
            out.insert(line, Place::Hop(h.caller.clone(), h.callee.clone()));
        }
    }
    for n in &report.nodes {
        for &line in &n.rows {
            out.insert(line, Place::Node(n.name.clone()));
        }
    }
    out
}

/// The inputs of the trace.
pub(crate) struct Sides<'a> {
    pub lang: Lang,
    pub before_rows: &'a [Row],
    pub after_rows: &'a [Row],
    pub before: &'a Report,
    pub after: &'a Report,
    pub rows: &'a RowsDiff,
    pub nodes: &'a [NodeChange],
    pub hops: &'a [HopChange],
}

/// What one origin gathers before it is written.
#[derive(Default)]
struct Origin {
    rows: Vec<usize>,
    removed_rows: Vec<usize>,
    cells: Vec<String>,
}

/// The trace lines of a diff, in the order of their first changed row.
pub(crate) fn trace(s: &Sides<'_>) -> Vec<TraceLine> {
    let (at_before, at_after) = (places(s.before), places(s.after));
    let mut origins: Vec<(Place, Origin)> = Vec::new();
    let mut add = |place: Place, f: &dyn Fn(&mut Origin)| {
        if let Some((_, o)) = origins.iter_mut().find(|(p, _)| *p == place) {
            f(o);
        } else {
            let mut o = Origin::default();
            f(&mut o);
            origins.push((place, o));
        }
    };
    let mut events: Vec<(usize, u8, usize)> = Vec::new(); // (after line or before line, kind, index)
    for (k, c) in s.rows.changed.iter().enumerate() {
        if c.cells.iter().any(|cell| moves_numbers(cell.column)) {
            events.push((c.after_line, 0, k));
        }
    }
    for (k, a) in s.rows.added.iter().enumerate() {
        events.push((a.line, 1, k));
    }
    for (k, r) in s.rows.removed.iter().enumerate() {
        events.push((r.line, 2, k));
    }
    events.sort();
    for (_, kind, k) in events {
        match kind {
            0 => {
                let c = &s.rows.changed[k];
                let (b, a) = (
                    &s.before_rows[c.before_line - 1],
                    &s.after_rows[c.after_line - 1],
                );
                let text = changed_row_text(s, c.before_line, b, c.after_line, a);
                let p_after = at_after.get(&c.after_line).cloned();
                let p_before = at_before.get(&c.before_line).cloned();
                if let Some(p) = p_after.clone() {
                    add(p, &|o| {
                        o.rows.push(c.after_line);
                        o.cells.push(text.clone());
                    });
                }
                if let Some(p) = p_before.filter(|p| Some(p) != p_after.as_ref()) {
                    add(p, &|o| {
                        o.removed_rows.push(c.before_line);
                        o.cells.push(text.clone());
                    });
                }
            }
            // A row only one sheet has: its line there, and the place of that line.
            kind => {
                let added = kind == 1;
                let (line, row, report, at) = if added {
                    let a = &s.rows.added[k];
                    (a.line, &a.row, s.after, &at_after)
                } else {
                    let r = &s.rows.removed[k];
                    (r.line, &r.row, s.before, &at_before)
                };
                if let Some(p) = at.get(&line).cloned() {
                    let text = added_row_text(s.lang, row, report, line, added);
                    add(p, &|o| {
                        if added {
                            o.rows.push(line);
                        } else {
                            o.removed_rows.push(line);
                        }
                        o.cells.push(text.clone());
                    });
                }
            }
        }
    }
    let walk = Walk::new(s);
    origins
        .into_iter()
        .filter_map(|(place, o)| walk.line(place, o))
        .collect()
}

/// The trace line of a sheet setting that moved numbers: `cause` (the setting's change, in
/// the sheet's language) first, then every hop and node whose numbers it moved, in the
/// report's order. `s.before` is the report before the change and `s.after` the report of the
/// same rows under the new setting, so that the line carries only what the setting moved;
/// `None` when it moved nothing.
pub(crate) fn setting_line(s: &Sides<'_>, setting: &str, cause: &str) -> Option<TraceLine> {
    let walk = Walk::new(s);
    let mut steps = vec![TraceStep {
        place: setting.to_string(),
        text: cause.to_string(),
    }];
    for h in &s.after.hops {
        if let Some(c) = walk.hop_changes.get(&hop_key(h)).filter(|c| hop_changed(c)) {
            steps.push(TraceStep {
                place: h.segment.clone(),
                text: format!("{}{}", h.segment, hop_check_text(s.lang, c, h)),
            });
        }
    }
    for n in &s.after.nodes {
        if let Some(c) = walk.node_changes.get(n.name.as_str()) {
            steps.push(TraceStep {
                place: n.name.clone(),
                text: format!("{}{}", n.name, walk.node_tail(c)),
            });
        }
    }
    if steps.len() == 1 {
        return None;
    }
    let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
    Some(TraceLine {
        origin: setting.to_string(),
        rows: Vec::new(),
        removed_rows: Vec::new(),
        text: line_text(s.lang, &texts, &[], None),
        steps,
        unchanged: Vec::new(),
        attempts: Vec::new(),
    })
}

/// Whether a column can move a number: every column but the location and the rationale.
fn moves_numbers(column: Column) -> bool {
    !matches!(column, Column::Location | Column::Rationale)
}

/// A changed row for the trace: `read 1.5 s → 3 s`, `tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0
/// s)`; a row whose kind changed names both kinds.
fn changed_row_text(
    s: &Sides<'_>,
    before_line: usize,
    b: &Row,
    after_line: usize,
    a: &Row,
) -> String {
    let (kb, ka) = (kind_of(s.before, before_line), kind_of(s.after, after_line));
    let lang = s.lang;
    if kb == ka && ka == Kind::Tries {
        if let (Ok(tb), Ok(ta)) = (
            value::read_tries(value::value_or_default(b)),
            value::read_tries(value::value_or_default(a)),
        ) {
            let wb = waits_text(lang, &tb.waits_ms, &tb.wait_decimals);
            let wa = waits_text(lang, &ta.waits_ms, &ta.wait_decimals);
            let none = match lang {
                Lang::En => "none",
                Lang::Ja => "なし",
            };
            let or_none = |w: &str| {
                if w.is_empty() {
                    none.to_string()
                } else {
                    w.to_string()
                }
            };
            let (tries, waits) = match lang {
                Lang::En => ("tries", "waits"),
                Lang::Ja => ("試行", "待機"),
            };
            let count = |n: u32| match lang {
                Lang::En => n.to_string(),
                Lang::Ja => format!("{n}回"),
            };
            let waits_change =
                (wb != wa).then(|| format!("{waits} {} → {}", or_none(&wb), or_none(&wa)));
            return match (tb.count != ta.count, waits_change) {
                (true, Some(w)) => match lang {
                    Lang::En => format!("{tries} {} → {} ({w})", tb.count, ta.count),
                    Lang::Ja => format!("{tries} {} → {}（{w}）", count(tb.count), count(ta.count)),
                },
                (true, None) => format!("{tries} {} → {}", count(tb.count), count(ta.count)),
                (false, Some(w)) => w,
                (false, None) => format!(
                    "{tries} {} → {}",
                    display::quoted(lang, b.value.trim()),
                    display::quoted(lang, a.value.trim())
                ),
            };
        }
    }
    let (vb, va) = (
        value_text(lang, b, s.before, before_line),
        value_text(lang, a, s.after, after_line),
    );
    if kb == ka {
        let term = ka.term_name(lang);
        if vb == va {
            // The value reads the same: the setting, item or segment changed.
            let changed: Vec<&str> = Column::ALL
                .into_iter()
                .filter(|c| b.cell(*c) != a.cell(*c))
                .map(|c| c.header(lang))
                .collect();
            return match lang {
                Lang::En => format!("{term} {va} ({} changed)", changed.join(", ")),
                Lang::Ja => format!("{term} {va}（{}を変更）", changed.join("、")),
            };
        }
        format!("{term} {vb} → {va}")
    } else {
        format!("{} {vb} → {} {va}", kb.term_name(lang), ka.term_name(lang))
    }
}

/// An added or removed row for the trace: `added own 0.5 s`, `removed read 1.5 s`.
fn added_row_text(lang: Lang, row: &Row, report: &Report, line: usize, added: bool) -> String {
    let term = kind_of(report, line).term_name(lang);
    let value = value_text(lang, row, report, line);
    match (lang, added) {
        (Lang::En, true) => format!("added {term} {value}"),
        (Lang::En, false) => format!("removed {term} {value}"),
        (Lang::Ja, true) => format!("{term} {value} を追加"),
        (Lang::Ja, false) => format!("{term} {value} を削除"),
    }
}

/// The two reports indexed for the walk up the call chain.
struct Walk<'a> {
    lang: Lang,
    after: &'a Report,
    nodes_after: Map<&'a str, &'a NodeReport>,
    hops_after: Map<(&'a str, &'a str), &'a HopReport>,
    hops_before: Map<(&'a str, &'a str), &'a HopReport>,
    callers_of: Map<&'a str, Vec<&'a HopReport>>,
    node_changes: Map<&'a str, &'a NodeChange>,
    hop_changes: Map<(&'a str, &'a str), &'a HopChange>,
}

impl<'a> Walk<'a> {
    fn new(s: &Sides<'a>) -> Walk<'a> {
        let mut callers_of: Map<&str, Vec<&HopReport>> = Map::default();
        for h in &s.after.hops {
            callers_of.entry(h.callee.as_str()).or_default().push(h);
        }
        Walk {
            lang: s.lang,
            after: s.after,
            nodes_after: s.after.nodes.iter().map(|n| (n.name.as_str(), n)).collect(),
            hops_after: s.after.hops.iter().map(|h| (hop_key(h), h)).collect(),
            hops_before: s.before.hops.iter().map(|h| (hop_key(h), h)).collect(),
            callers_of,
            node_changes: s.nodes.iter().map(|n| (n.name.as_str(), n)).collect(),
            hop_changes: s
                .hops
                .iter()
                .map(|h| ((h.caller.as_str(), h.callee.as_str()), h))
                .collect(),
        }
    }

    /// The trace line of one origin; `None` when its rows move no number anywhere.
    fn line(&self, place: Place, origin: Origin) -> Option<TraceLine> {
        let lang = self.lang;
        let cells = origin.cells.join(match lang {
            Lang::En => ", ",
            Lang::Ja => "、",
        });
        let mut steps: Vec<TraceStep> = Vec::new();
        let mut moved = false;
        let mut unchanged: Vec<String> = Vec::new();
        let mut reason: Option<String> = None;
        let mut attempts = Vec::new();
        let start: &str;
        let origin_name: String;
        match &place {
            Place::Hop(caller, callee) => {
                let key = (caller.as_str(), callee.as_str());
                let segment = self
                    .hops_after
                    .get(&key)
                    .or_else(|| self.hops_before.get(&key))
                    .map(|h| h.segment.clone())?;
                let mut text = format!("{segment}{}{cells}", colon(lang));
                if let Some(c) = self.hop_changes.get(&key) {
                    moved = true;
                    let now = self
                        .hops_after
                        .get(&key)
                        .map_or(Verdict::Unchecked, |h| h.verdict);
                    text.push_str(&hop_own_text(lang, c, now));
                }
                steps.push(TraceStep {
                    place: segment.clone(),
                    text,
                });
                origin_name = segment;
                start = self
                    .hops_after
                    .get(&key)
                    .map_or(caller.as_str(), |h| h.caller.as_str());
                attempts = self.attempts_below(callee);
            }
            Place::Node(name) => {
                let mut text = format!("{name}{}{cells}", colon(lang));
                if let Some(c) = self.node_changes.get(name.as_str()) {
                    moved = true;
                    let tail = self.node_tail(c);
                    text.push_str(match lang {
                        Lang::En => ";",
                        Lang::Ja => "；",
                    });
                    if c.present == Presence::Removed {
                        // `; app removed` / `；アプリは削除されました`: the node is named.
                        text.push_str(match lang {
                            Lang::En => " ",
                            Lang::Ja => "",
                        });
                        text.push_str(name);
                        text.push_str(&tail);
                    } else {
                        text.push_str(tail.strip_prefix("の").unwrap_or(&tail));
                    }
                }
                steps.push(TraceStep {
                    place: name.clone(),
                    text,
                });
                origin_name = name.clone();
                start = self
                    .nodes_after
                    .get(name.as_str())
                    .map_or(name.as_str(), |n| n.name.as_str());
            }
        }
        // Up the chain: the start node (the hop's caller, unless the origin is that node),
        // then every hop into each node reached, and its caller.
        let mut queue: VecDeque<&str> = VecDeque::from([start]);
        let mut seen: Map<&str, ()> = Map::default();
        seen.insert(start, ());
        let mut first = matches!(place, Place::Node(_));
        while let Some(node) = queue.pop_front() {
            let node_change = self.node_changes.get(node).copied();
            if !first {
                if let Some(c) = node_change {
                    if c.need_ms.is_some()
                        || c.deadline_ms.is_some()
                        || c.verdict.is_some()
                        || c.slack_ms.is_some()
                    {
                        moved = true;
                        steps.push(TraceStep {
                            place: node.to_string(),
                            text: format!("{node}{}", self.node_tail(c)),
                        });
                    }
                }
            }
            first = false;
            let callers = self
                .callers_of
                .get(node)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let mut any_unchanged = false;
            for h in callers {
                match self.hop_changes.get(&hop_key(h)).filter(|c| hop_changed(c)) {
                    Some(c) => {
                        moved = true;
                        steps.push(TraceStep {
                            place: h.segment.clone(),
                            text: format!("{}{}", h.segment, hop_check_text(lang, c, h)),
                        });
                    }
                    None => {
                        any_unchanged = true;
                        unchanged.push(h.segment.clone());
                    }
                }
                if seen.insert(h.caller.as_str(), ()).is_none() {
                    queue.push_back(h.caller.as_str());
                }
            }
            if any_unchanged && reason.is_none() {
                let need_changed = node_change.is_some_and(|c| c.need_ms.is_some());
                if let Some(d) = self.nodes_after.get(node).and_then(|n| n.deadline_ms) {
                    if need_changed {
                        let d = display::duration(lang, d);
                        reason = Some(match lang {
                            Lang::En => format!("{node}'s {d} deadline, not on its need"),
                            Lang::Ja => format!("{node}の期限{d}を待ち、必要時間は待ちません"),
                        });
                    }
                }
            }
        }
        if !moved {
            return None;
        }
        let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        let text = line_text(lang, &texts, &unchanged, reason.as_deref());
        Some(TraceLine {
            origin: origin_name,
            rows: origin.rows,
            removed_rows: origin.removed_rows,
            steps,
            unchanged,
            attempts,
            text,
        })
    }

    /// After a node's name: ` need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted,
    /// short by 7.5 s, 1 try fits`.
    fn node_tail(&self, c: &NodeChange) -> String {
        let lang = self.lang;
        let node = self.nodes_after.get(c.name.as_str());
        let mut out = String::new();
        let need = |ms: Option<u64>, v: Verdict| display::need(lang, ms, v);
        let (v_after, v_before) = match (node, c.verdict) {
            (Some(n), Some(v)) => (n.verdict, v.before),
            (Some(n), None) => (n.verdict, n.verdict),
            (None, _) => (Verdict::Unchecked, Verdict::Unchecked),
        };
        if c.present == Presence::Removed {
            return match lang {
                Lang::En => " removed".into(),
                Lang::Ja => "は削除されました".into(),
            };
        }
        if let Some(n) = c.need_ms {
            out.push_str(&match lang {
                Lang::En => format!(
                    " need {} → {}",
                    need(n.before, v_before),
                    need(n.after, v_after)
                ),
                Lang::Ja => format!(
                    "の必要時間 {} → {}",
                    need(n.before, v_before),
                    need(n.after, v_after)
                ),
            });
        } else if let Some(n) = node {
            out.push_str(&match lang {
                Lang::En => format!(" need {}", need(n.need_ms, v_after)),
                Lang::Ja => format!("の必要時間 {}", need(n.need_ms, v_after)),
            });
        }
        match (c.deadline_ms, node.and_then(|n| n.deadline_ms)) {
            (Some(d), _) => {
                let dd = |ms| display::duration_or_unknown(lang, ms);
                out.push_str(&match lang {
                    Lang::En => format!(" against its deadline {} → {}", dd(d.before), dd(d.after)),
                    Lang::Ja => format!("（期限 {} → {}）", dd(d.before), dd(d.after)),
                });
            }
            (None, Some(d)) => out.push_str(&match lang {
                Lang::En => format!(" against its {} deadline", display::duration(lang, d)),
                Lang::Ja => format!("（期限 {}）", display::duration(lang, d)),
            }),
            (None, None) => out.push_str(match lang {
                Lang::En => " (no deadline of its own)",
                Lang::Ja => "（自身の期限なし）",
            }),
        }
        if let Some(n) = node.filter(|n| n.deadline_ms.is_some() || c.deadline_ms.is_some()) {
            out.push_str(&check_words(
                lang,
                (c.verdict, c.slack_ms),
                (n.verdict, n.slack_ms),
            ));
            let fits = self
                .after
                .findings
                .iter()
                .find(|f| {
                    f.code == FindingCode::InversionNode
                        && f.node.as_deref() == Some(n.name.as_str())
                })
                .and_then(|f| f.tries_that_fit);
            if let Some(k) = fits {
                out.push_str(match lang {
                    Lang::En => ", ",
                    Lang::Ja => "、",
                });
                out.push_str(&match (lang, k) {
                    (Lang::En, 1) => "1 try fits".to_string(),
                    (Lang::En, k) => format!("{k} tries fit"),
                    (Lang::Ja, k) => format!("収まる試行 {k}回"),
                });
            }
        }
        out
    }

    /// The attempts reaching the callee of a changed hop and every node below it, where they
    /// changed.
    fn attempts_below(&self, callee: &str) -> Vec<NodeAttempts> {
        let mut callees_of: Map<&str, Vec<&str>> = Map::default();
        for h in &self.after.hops {
            callees_of
                .entry(h.caller.as_str())
                .or_default()
                .push(h.callee.as_str());
        }
        let mut out = Vec::new();
        let mut seen: Map<&str, ()> = Map::default();
        let mut queue = VecDeque::from([callee]);
        seen.insert(callee, ());
        while let Some(n) = queue.pop_front() {
            if let Some(a) = self.node_changes.get(n).and_then(|c| c.attempts) {
                out.push(NodeAttempts {
                    node: n.to_string(),
                    attempts: a,
                });
            }
            for &m in callees_of.get(n).map(Vec::as_slice).unwrap_or_default() {
                if seen.insert(m, ()).is_none() {
                    queue.push_back(m);
                }
            }
        }
        out
    }
}
