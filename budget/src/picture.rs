//! The budget, drawn: a picture of a report that a reviewer reads in five seconds.
//!
//! Two sections, on one time scale:
//!
//! - **Deadlines**: for each node that declares a deadline, a bar of that deadline and, inside
//!   it, the node's need built from its terms in the need formula's order: each call's worst
//!   case drawn as its tries (per-try bound each) and the waits between them, a parallel
//!   group's calls stacked in lanes (the longest counts), the node's own processing time, and
//!   a margin row hatched. Where the need passes the deadline, the overflow is drawn in the
//!   error colour past the deadline line and labelled `short by 7.5 s`.
//! - **Call chain**: for each checked hop, outermost caller first and indented by call depth,
//!   what the caller's wait must cover (queueing, the callee's deadline or need, the margin
//!   hatched) with the caller's wait as a line: an inversion is a line that falls short.
//!
//! A need that is unknown (a value it is built from cannot be read) is drawn hatched from its
//! known parts to the end of the scale and labelled `unknown: row 7 cannot be read`, never as
//! a short bar that looks healthy. [`Picture::most_short`] bounds a picture of many bars to
//! those most short of their bounds, and the picture says how many more there are.
//!
//! [`picture`] lays the report out in milliseconds ([`Picture`]); [`svg`] draws it as a
//! standalone SVG document (its own styles, no script), the one the sheet page embeds, the API
//! serves as `budget.svg` and `workbench check --format svg` prints. Every part carries its
//! formula as a `<title>` (shown on hover, read by screen readers), its rows as `data-rows`
//! and its length as `data-ms`; the picture's text alternative lists every bar's numbers.
//! Pure: no I/O.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

use crate::behind::RowsBehind;
use crate::display;
use crate::finding::FindingCode;
use crate::kind::Kind;
use crate::report::{HopReport, Repeats, Report, TraceNumber, TraceTerm, Verdict};
use crate::sheet::Lang;

/// What a part of a bar stands for; each is drawn in its own shade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// One try of a hop: its per-try bound.
    Try,
    /// A wait between two tries (backoff).
    Wait,
    /// A hop's worst case drawn whole: capped by a deadline or retry window, retried only on
    /// early conditions, or of more tries than are drawn one by one.
    Worst,
    /// The node's own processing time.
    Own,
    /// A margin (drawn hatched).
    Margin,
    /// Queueing before the callee's clock starts.
    Queueing,
    /// In the call chain: the callee's worst case (its deadline, else its need).
    Callee,
    /// Any other term.
    Other,
}

impl PartKind {
    /// The CSS class of the part (`part-try`, ...).
    pub fn class(self) -> &'static str {
        match self {
            PartKind::Try => "part-try",
            PartKind::Wait => "part-wait",
            PartKind::Worst => "part-worst",
            PartKind::Own => "part-own",
            PartKind::Margin => "part-margin",
            PartKind::Queueing => "part-queueing",
            PartKind::Callee => "part-callee",
            PartKind::Other => "part-other",
        }
    }
}

/// One part of a bar: a stretch of time, in ms from the bar's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What it stands for.
    pub kind: PartKind,
    /// Where it starts, in ms from the bar's start.
    pub start_ms: u64,
    /// How long it is, in ms.
    pub len_ms: u64,
    /// Its lane, from 0: a parallel group's calls are drawn stacked, one lane each.
    pub lane: usize,
    /// How many lanes its stretch has (1 outside a parallel group).
    pub lanes: usize,
    /// The short text drawn inside it when it fits: `DB 3.0 s`, `wait 0.3 s`.
    pub label: String,
    /// Its formula, shown on hover and focus: `external API, try 1 of 2: connect 0.5 + read
    /// 1.5 = 2.0 s (rows 6–8)`.
    pub title: String,
    /// The rows it is computed from, sorted.
    pub rows: Vec<usize>,
    /// Its tone, 0 or 1: the calls of a node's need alternate, so that two hops side by
    /// side are told apart.
    pub tone: u8,
}

/// One bar: a bound (a node's deadline, or a caller's wait on a hop) and the need it is
/// checked against, made of parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// A node's name, or a hop's segment.
    pub name: String,
    /// The call depth of the hop's caller (0: an outermost caller); 0 for a node.
    pub depth: usize,
    /// The bound, in ms.
    pub bound_ms: u64,
    /// The rows the bound is read from.
    pub bound_rows: Vec<usize>,
    /// The need, in ms; `None` when unknown or `∞`.
    pub need_ms: Option<u64>,
    /// Whether the need is unknown (verdict `unknown` without a need): a value it is built
    /// from cannot be read. Drawn hatched to the end of the scale and labelled, never as a
    /// short bar.
    pub unknown: bool,
    /// The rows that cannot be read and leave the need unknown (`value.unreadable`), sorted;
    /// empty when the need is known, or when no single row is to blame.
    pub unknown_rows: Vec<usize>,
    /// `bound − need`, in ms, as the report gives it.
    pub slack_ms: Option<i64>,
    /// The check's verdict, as the report gives it.
    pub verdict: Verdict,
    /// The need's parts, in order.
    pub parts: Vec<Part>,
    /// The numbers in words: `deadline 8.0 s · need 7.8 s · slack 0.2 s`.
    pub caption: String,
}

impl Bar {
    /// How far the need passes the bound, in ms (`need − bound`), when it does.
    pub fn short_by_ms(&self) -> Option<u64> {
        self.need_ms
            .and_then(|need| need.checked_sub(self.bound_ms))
            .filter(|&short| short > 0)
    }
}

/// The laid-out picture of one report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The language of its words.
    pub lang: Lang,
    /// One bar per node that declares a finite deadline, in the report's order.
    pub nodes: Vec<Bar>,
    /// One bar per checked hop, outermost caller first.
    pub chain: Vec<Bar>,
    /// The end of the time scale, in ms: the longest bound or need drawn (at least 1).
    pub span_ms: u64,
    /// The bars left out of a bounded picture ([`Picture::most_short`]); 0 in a whole one.
    pub hidden: usize,
}

/// The most bars of each section a bounded picture draws ([`Picture::most_short`]): the
/// sheet page shows at most 2 × 6 bars (about 700 px) until the user asks for all.
pub const BOUNDED_BARS: usize = 6;

impl Picture {
    /// How many bars the picture draws.
    pub fn bars(&self) -> usize {
        self.nodes.len() + self.chain.len()
    }

    /// The picture with at most `per_section` bars in each section, those most short of their
    /// bound first: the inverted by how far they fall short, then those whose need is unknown
    /// or without bound, then the rest by their slack, least first. `hidden` counts the bars
    /// left out, and the time scale is that of the bars kept. A picture with no more bars
    /// than that in each section is returned whole, in its own order.
    ///
    /// ```
    /// let mut rows = budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
    /// rows[6].value = "3s".into();
    /// rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
    /// let report = budget::check(&budget::Sheet::new(budget::Lang::En, rows));
    /// let whole = budget::picture::picture(&report, budget::Lang::En);
    /// let bounded = whole.most_short(1);
    /// assert_eq!(bounded.nodes[0].name, "app"); // short by 7.5 s
    /// assert_eq!(bounded.chain[0].name, "browser -> LB"); // slack 0.0 s, the least
    /// assert_eq!(bounded.hidden, whole.bars() - 2);
    /// ```
    pub fn most_short(&self, per_section: usize) -> Picture {
        if self.nodes.len() <= per_section && self.chain.len() <= per_section {
            return self.clone();
        }
        let pick = |bars: &[Bar]| -> Vec<Bar> {
            let mut ranked: Vec<&Bar> = bars.iter().collect();
            ranked.sort_by_key(|b| urgency(b));
            ranked.into_iter().take(per_section).cloned().collect()
        };
        let nodes = pick(&self.nodes);
        let chain = pick(&self.chain);
        let hidden = self.bars() - nodes.len() - chain.len();
        Picture {
            lang: self.lang,
            span_ms: span(&nodes, &chain),
            nodes,
            chain,
            hidden,
        }
    }
}

/// A bar's place in a bounded picture, least first: inverted (by how far short, most first),
/// unknown or without bound, then by slack (least first; none last).
fn urgency(bar: &Bar) -> (u8, i128) {
    if let Some(short) = bar.short_by_ms() {
        return (0, -i128::from(short));
    }
    if bar.verdict == Verdict::Inverted {
        return (0, bar.slack_ms.map_or(0, i128::from));
    }
    if bar.unknown || matches!(bar.verdict, Verdict::Unknown | Verdict::Unbounded) {
        return (1, 0);
    }
    match bar.slack_ms {
        Some(slack) => (2, i128::from(slack)),
        None => (3, 0),
    }
}

/// The end of the time scale for `nodes` and `chain`: the longest bound, need or part drawn
/// (at least 1 ms).
fn span(nodes: &[Bar], chain: &[Bar]) -> u64 {
    nodes
        .iter()
        .chain(chain)
        .flat_map(|b| {
            let parts_end = b.parts.iter().map(|p| p.start_ms.saturating_add(p.len_ms));
            [b.bound_ms, b.need_ms.unwrap_or(0)]
                .into_iter()
                .chain(parts_end)
        })
        .max()
        .unwrap_or(0)
        .max(1)
}

/// Lays out `report` in milliseconds, its words in `lang`.
///
/// ```
/// let report = budget::check(&budget::Sheet::new(
///     budget::Lang::En,
///     budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows,
/// ));
/// let picture = budget::picture::picture(&report, budget::Lang::En);
/// let app = &picture.nodes[0];
/// assert_eq!((app.name.as_str(), app.bound_ms, app.need_ms), ("app", 8_000, Some(7_800)));
/// assert_eq!(app.caption, "deadline 8.0 s · need 7.8 s · slack 0.2 s");
/// ```
pub fn picture(report: &Report, lang: Lang) -> Picture {
    let behind = RowsBehind::new(report);
    let unreadable: HashSet<usize> = report
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::ValueUnreadable)
        .flat_map(|f| f.rows.iter().copied())
        .collect();
    let hops: HashMap<&str, &HopReport> = report
        .hops
        .iter()
        .map(|h| (h.segment.as_str(), h))
        .collect();
    let nodes: Vec<Bar> = report
        .nodes
        .iter()
        .filter_map(|node| {
            let deadline = node.deadline_ms?;
            let mut parts = Vec::new();
            let mut at = 0;
            for (i, term) in node.trace.need.iter().enumerate() {
                let tone = (i % 2) as u8;
                at = node_term(&mut parts, (at, tone), term, &hops, &behind, lang);
            }
            let unknown = unknown_need(node.need_ms, node.verdict);
            let unknown_rows = if unknown {
                unreadable_behind(report, &unreadable, &behind, &node.trace.need)
            } else {
                Vec::new()
            };
            Some(Bar {
                name: node.name.clone(),
                depth: 0,
                bound_ms: deadline,
                bound_rows: behind.of(&node.trace.deadline),
                need_ms: node.need_ms,
                unknown,
                caption: caption(
                    lang,
                    Kind::Deadline.term_name(lang),
                    deadline,
                    (node.need_ms, node.slack_ms),
                    unknown.then_some(unknown_rows.as_slice()),
                    node.verdict,
                ),
                unknown_rows,
                slack_ms: node.slack_ms,
                verdict: node.verdict,
                parts,
            })
        })
        .collect();
    let depth = depths(report);
    let mut chain: Vec<(usize, usize, Bar)> = report
        .hops
        .iter()
        .enumerate()
        .filter_map(|(i, hop)| {
            let wait = hop.wait_ms?;
            if matches!(hop.verdict, Verdict::Unchecked) || hop.trace.need.is_empty() {
                return None;
            }
            let mut parts = Vec::new();
            let mut at = 0;
            for term in &hop.trace.need {
                let len = term.value_ms.unwrap_or(0);
                let kind = match term.kind {
                    Some(Kind::Margin) => PartKind::Margin,
                    Some(Kind::Queueing) => PartKind::Queueing,
                    _ if term.from.is_some() => PartKind::Callee,
                    _ => PartKind::Other,
                };
                parts.push(term_part(term, kind, (at, 0), &behind, lang));
                at = at.saturating_add(len);
            }
            let unknown = unknown_need(hop.need_ms, hop.verdict);
            let unknown_rows = if unknown {
                unreadable_behind(report, &unreadable, &behind, &hop.trace.need)
            } else {
                Vec::new()
            };
            let bar = Bar {
                name: hop.segment.clone(),
                depth: depth.get(hop.caller.as_str()).copied().unwrap_or(0),
                bound_ms: wait,
                bound_rows: behind.of(&hop.trace.wait),
                need_ms: hop.need_ms,
                unknown,
                caption: caption(
                    lang,
                    words(lang).wait,
                    wait,
                    (hop.need_ms, hop.slack_ms),
                    unknown.then_some(unknown_rows.as_slice()),
                    hop.verdict,
                ),
                unknown_rows,
                slack_ms: hop.slack_ms,
                verdict: hop.verdict,
                parts,
            };
            Some((bar.depth, i, bar))
        })
        .collect();
    chain.sort_by_key(|(depth, i, _)| (*depth, *i));
    let chain: Vec<Bar> = chain.into_iter().map(|(_, _, bar)| bar).collect();
    let span_ms = span(&nodes, &chain);
    Picture {
        lang,
        nodes,
        chain,
        span_ms,
        hidden: 0,
    }
}

/// Whether a bar's need is unknown: the check could not tell (`unknown`) and gives no need.
fn unknown_need(need: Option<u64>, verdict: Verdict) -> bool {
    need.is_none() && verdict == Verdict::Unknown
}

/// The rows behind `terms` that cannot be read (`unreadable`: the lines of `value.unreadable`
/// findings), else those behind the terms whose value is unknown and not `∞`; sorted.
fn unreadable_behind(
    report: &Report,
    unreadable: &HashSet<usize>,
    behind: &RowsBehind,
    terms: &[TraceTerm],
) -> Vec<usize> {
    let unknown_terms = terms.iter().filter(|t| t.value_ms.is_none());
    let rows = behind.of(unknown_terms);
    let named: Vec<usize> = rows
        .iter()
        .copied()
        .filter(|l| unreadable.contains(l))
        .collect();
    if !named.is_empty() {
        return named;
    }
    rows.into_iter()
        .filter(|&l| {
            report
                .rows
                .get(l.wrapping_sub(1))
                .is_some_and(|r| r.value_ms.is_none() && !r.unbounded && r.kind.is_duration())
        })
        .collect()
}

/// Adds the parts of one term of a node's need, from `at` ms; returns where the next starts.
fn node_term(
    parts: &mut Vec<Part>,
    (at, tone): (u64, u8),
    term: &TraceTerm,
    hops: &HashMap<&str, &HopReport>,
    behind: &RowsBehind,
    lang: Lang,
) -> u64 {
    let len = term.value_ms.unwrap_or(0);
    let hop = term
        .from
        .as_ref()
        .filter(|f| f.number == TraceNumber::Worst)
        .and_then(|f| f.hop.as_deref())
        .and_then(|segment| hops.get(segment));
    if !term.group.is_empty() {
        let lanes = term.group.len();
        for (lane, segment) in term.group.iter().enumerate() {
            if let Some(hop) = hops.get(segment.as_str()) {
                hop_parts(parts, (at, tone), (lane, lanes), hop, behind, lang);
            }
        }
    } else if let Some(hop) = hop {
        hop_parts(parts, (at, tone), (0, 1), hop, behind, lang);
    } else {
        let kind = match term.kind {
            Some(Kind::Own) => PartKind::Own,
            Some(Kind::Margin) => PartKind::Margin,
            Some(Kind::Queueing) => PartKind::Queueing,
            _ => PartKind::Other,
        };
        parts.push(term_part(term, kind, (at, tone), behind, lang));
    }
    at.saturating_add(len)
}

/// The part of one term drawn whole, from `at` ms: its name and value as its label and, with
/// its rows, as its title.
fn term_part(
    term: &TraceTerm,
    kind: PartKind,
    (at, tone): (u64, u8),
    behind: &RowsBehind,
    lang: Lang,
) -> Part {
    let len = term.value_ms.unwrap_or(0);
    let rows = behind.of([term]);
    let label = format!("{} {}", term_name(term, lang), duration(lang, len, term));
    Part {
        kind,
        start_ms: at,
        len_ms: len,
        lane: 0,
        lanes: 1,
        title: with_rows(lang, &label, &rows),
        label,
        rows,
        tone,
    }
}

/// The most tries drawn one by one; a hop of more tries is drawn as one part.
const TRIES_DRAWN: u32 = 10;

/// Adds a hop's worst case as parts from `at`, in lane `lane` of `lanes`: each try and each
/// wait in call order when the worst case is exactly `per try × tries + waits`, else one
/// part of its worst case.
fn hop_parts(
    parts: &mut Vec<Part>,
    (at, tone): (u64, u8),
    (lane, lanes): (usize, usize),
    hop: &HopReport,
    behind: &RowsBehind,
    lang: Lang,
) {
    let worst = hop.worst_ms.unwrap_or(0);
    let callee = hop.callee.as_str();
    let capped = hop
        .trace
        .worst
        .iter()
        .any(|t| matches!(t.kind, Some(Kind::Deadline | Kind::RetryWindow)));
    let waits: u64 = hop.waits_ms.iter().sum();
    let one_by_one = hop.per_try_ms.filter(|&per_try| {
        !capped
            && hop.repeats == Repeats::Whole
            && hop.tries <= TRIES_DRAWN
            && hop.waits_ms.len() + 1 == hop.tries as usize
            && per_try
                .checked_mul(u64::from(hop.tries))
                .and_then(|t| t.checked_add(waits))
                == Some(worst)
    });
    let Some(per_try) = one_by_one else {
        let rows = behind.of(&hop.trace.worst);
        let label = format!("{callee} {}", display::duration(lang, worst));
        let title = with_rows(
            lang,
            &format!("{callee}{}{}", words(lang).colon, hop.formula),
            &rows,
        );
        parts.push(Part {
            kind: PartKind::Worst,
            start_ms: at,
            len_ms: worst,
            lane,
            lanes,
            label,
            title,
            rows,
            tone,
        });
        return;
    };
    let try_rows = behind.of(hop.trace.per_try.iter().chain(&hop.trace.tries));
    let wait_rows = behind.of(&hop.trace.tries);
    let per_try_terms = terms_text(lang, &hop.trace.per_try);
    let mut start = at;
    for n in 1..=hop.tries {
        let what = if hop.tries == 1 {
            callee.to_string()
        } else {
            match lang {
                Lang::En => format!("{callee}, try {n} of {}", hop.tries),
                Lang::Ja => format!("{callee}　試行 {n}/{}", hop.tries),
            }
        };
        let colon = words(lang).colon;
        let formula = match &per_try_terms {
            Some(terms) => format!(
                "{what}{colon}{terms} = {}",
                display::duration(lang, per_try)
            ),
            None => format!("{what}{colon}{}", display::duration(lang, per_try)),
        };
        parts.push(Part {
            kind: PartKind::Try,
            start_ms: start,
            len_ms: per_try,
            lane,
            lanes,
            label: format!("{callee} {}", display::duration(lang, per_try)),
            title: with_rows(lang, &formula, &try_rows),
            rows: try_rows.clone(),
            tone,
        });
        start = start.saturating_add(per_try);
        if let Some(&wait) = hop.waits_ms.get(n as usize - 1) {
            let label = format!(
                "{} {}",
                words(lang).wait_between,
                display::duration(lang, wait)
            );
            let formula = match lang {
                Lang::En => format!(
                    "{callee}, wait after try {n}: {}",
                    display::duration(lang, wait)
                ),
                Lang::Ja => format!(
                    "{callee}　試行 {n} の後の待ち：{}",
                    display::duration(lang, wait)
                ),
            };
            parts.push(Part {
                kind: PartKind::Wait,
                start_ms: start,
                len_ms: wait,
                lane,
                lanes,
                label,
                title: with_rows(lang, &formula, &wait_rows),
                rows: wait_rows.clone(),
                tone,
            });
            start = start.saturating_add(wait);
        }
    }
}

/// The call depth of every caller: 0 for a node nobody calls, else one more than its
/// shallowest caller's (breadth first, so a call cycle ends).
fn depths(report: &Report) -> HashMap<&str, usize> {
    let mut callees: HashMap<&str, Vec<&str>> = HashMap::new();
    for hop in &report.hops {
        callees
            .entry(hop.caller.as_str())
            .or_default()
            .push(hop.callee.as_str());
    }
    let called: std::collections::HashSet<&str> =
        report.hops.iter().map(|h| h.callee.as_str()).collect();
    let mut depth: HashMap<&str, usize> = HashMap::new();
    let mut queue: VecDeque<&str> = VecDeque::new();
    for hop in &report.hops {
        let caller = hop.caller.as_str();
        if !called.contains(caller) && !depth.contains_key(caller) {
            depth.insert(caller, 0);
            queue.push_back(caller);
        }
    }
    while let Some(node) = queue.pop_front() {
        let next = depth[node] + 1;
        for &callee in callees.get(node).map(Vec::as_slice).unwrap_or_default() {
            if !depth.contains_key(callee) {
                depth.insert(callee, next);
                queue.push_back(callee);
            }
        }
    }
    depth
}

/// A term's name: its label (a callee, `max(a, b)`), else its kind's term name.
fn term_name(term: &TraceTerm, lang: Lang) -> String {
    match (&term.label, term.kind, &term.from) {
        // A callee's deadline or need, in a hop's need: `app deadline`.
        (_, _, Some(from)) if from.node.is_some() => {
            let node = from.node.as_deref().unwrap_or_default();
            let number = match from.number {
                TraceNumber::Deadline => Kind::Deadline.term_name(lang),
                _ => words(lang).need,
            };
            match lang {
                Lang::En => format!("{node} {number}"),
                Lang::Ja => format!("{node}の{number}"),
            }
        }
        (Some(label), ..) => label.clone(),
        (None, Some(kind), _) => kind.term_name(lang).to_string(),
        _ => String::new(),
    }
}

/// A term's value as a duration, `—` when unknown.
fn duration(lang: Lang, len: u64, term: &TraceTerm) -> String {
    if term.value_ms.is_some() {
        display::duration(lang, len)
    } else {
        display::UNKNOWN.to_string()
    }
}

/// A per-try bound's terms in words: `connect 0.5 + read 1.5`; `None` for one term.
fn terms_text(lang: Lang, terms: &[TraceTerm]) -> Option<String> {
    if terms.len() < 2 {
        return None;
    }
    let words: Vec<String> = terms
        .iter()
        .map(|t| {
            let value = t.value_ms.map_or("?".to_string(), display::seconds);
            format!("{} {value}", term_name(t, lang))
        })
        .collect();
    Some(words.join(" + "))
}

/// `text (rows 6–8)` (`text（行 6〜8）`), or `text` without rows.
fn with_rows(lang: Lang, text: &str, rows: &[usize]) -> String {
    let ranges = display::row_ranges(lang, rows);
    match (rows.is_empty(), lang) {
        (true, _) => text.to_string(),
        (false, Lang::En) => format!("{text} ({ranges})"),
        (false, Lang::Ja) => format!("{text}（{ranges}）"),
    }
}

/// The picture's words in one language.
struct Words {
    /// What follows a part's name before its formula: `: `, `：`.
    colon: &'static str,
    need: &'static str,
    /// A caller's wait on a hop, in the chain's captions.
    wait: &'static str,
    /// A wait between two tries (backoff).
    wait_between: &'static str,
    slack: &'static str,
    short_by: &'static str,
    /// A need that is not known.
    unknown: &'static str,
    /// After the rows that cannot be read: `cannot be read`, `を読めません`.
    cannot_be_read: &'static str,
}

const EN: Words = Words {
    colon: ": ",
    need: "need",
    wait: "wait",
    wait_between: "wait",
    slack: "slack",
    short_by: "short by",
    unknown: "unknown",
    cannot_be_read: "cannot be read",
};

const JA: Words = Words {
    colon: "：",
    need: "必要",
    wait: "待ち時間",
    wait_between: "待ち",
    slack: "余裕",
    short_by: "不足",
    unknown: "不明",
    cannot_be_read: "を読めません",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Ja => &JA,
    }
}

/// `deadline 8.0 s · need 7.8 s · slack 0.2 s`, or `… · short by 7.5 s`; with `unknown`
/// (the rows that cannot be read), `deadline 8.0 s · need unknown: row 7 cannot be read`.
/// A need the check gives no number for is `∞` only when someone waits without bound
/// (`unbounded`), else `—` (a deadline over nothing it calls).
fn caption(
    lang: Lang,
    bound: &str,
    bound_ms: u64,
    (need, slack): (Option<u64>, Option<i64>),
    unknown: Option<&[usize]>,
    verdict: Verdict,
) -> String {
    let need_text = match unknown {
        Some(rows) => unknown_label(lang, rows),
        None => display::need(lang, need, verdict),
    };
    let mut out = format!(
        "{bound} {} · {} {need_text}",
        display::duration(lang, bound_ms),
        words(lang).need
    );
    match slack {
        Some(s) if s < 0 => {
            let _ = write!(
                out,
                " · {} {}",
                words(lang).short_by,
                display::duration(lang, s.unsigned_abs())
            );
        }
        Some(s) => {
            let _ = write!(
                out,
                " · {} {}",
                words(lang).slack,
                display::signed_duration(lang, s)
            );
        }
        None => {}
    }
    out
}

/// `unknown: row 7 cannot be read` (`不明：行 7 を読めません`), or `unknown` without rows.
pub fn unknown_label(lang: Lang, rows: &[usize]) -> String {
    let w = words(lang);
    if rows.is_empty() {
        return w.unknown.to_string();
    }
    let rows = display::row_ranges(lang, rows);
    format!("{}{}{rows} {}", w.unknown, w.colon, w.cannot_be_read)
}

// --- SVG ---

/// The width of the name column, px.
const NAMES: f64 = 190.0;
/// The width of the time scale, px.
const SCALE: f64 = 600.0;
/// The least width left after the scale for a `short by` label, px; a longer label (`short
/// by 17 h 51 min 30.5 s`) widens it ([`right_of`]).
const RIGHT: f64 = 110.0;
/// A bar's height, px.
const BAR: f64 = 26.0;
/// A bar's row: the bar, its caption and a gap, px.
const ROW: f64 = 52.0;
/// A section heading's height, px.
const HEADING: f64 = 30.0;
/// The indent per call depth in the chain, px.
const INDENT: f64 = 12.0;

/// The colours of the picture, as presentation attributes (not CSS: a page whose policy
/// forbids inline styles shows it the same; a page may still style the classes).
const INK: &str = "#1f2328";
const MUTED: &str = "#57606a";
const ERROR: &str = "#cf222e";
/// The stripes of an unknown need.
const UNKNOWN: &str = "#9a6700";

impl PartKind {
    /// The part's fill: tries and callees blue (green in tone 1), waits light blue (light
    /// green), own time purple, queueing amber, margins hatched.
    fn fill(self, tone: u8) -> &'static str {
        match (self, tone) {
            (PartKind::Try | PartKind::Worst, 1) => "#1a7f37",
            (PartKind::Wait, 1) => "#aceebb",
            (PartKind::Try | PartKind::Callee | PartKind::Worst, _) => "#0969da",
            (PartKind::Wait, _) => "#9ecbff",
            (PartKind::Own, _) => "#8250df",
            (PartKind::Queueing, _) => "#bf8700",
            (PartKind::Margin, _) => "url(#budget-hatch)",
            (PartKind::Other, _) => "#6e7781",
        }
    }

    /// The colour of its label: white on the dark fills.
    fn ink(self) -> &'static str {
        match self {
            PartKind::Wait | PartKind::Margin => INK,
            _ => "#ffffff",
        }
    }
}

/// Draws `picture` as a standalone SVG document: `<svg>` with a title and a text
/// alternative (`<desc>`: every bar's caption), the time scale, and one group per bar
/// (`class="bar"`, `data-name`, `data-bound-ms`, `data-need-ms`) holding the bound (a
/// rectangle for a node's deadline, a line for a caller's wait), the parts (`class="part
/// part-try"`, `data-ms`, `data-rows`, focusable, each with its formula as `<title>`), and the
/// overflow past the bound with its `short by` label. A sheet with nothing to draw gives a
/// small SVG that says so.
///
/// ```
/// let report = budget::check(&budget::Sheet::new(
///     budget::Lang::En,
///     budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows,
/// ));
/// let svg = budget::picture::svg(&budget::picture::picture(&report, budget::Lang::En));
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("<title>external API, try 1 of 2: connect 0.5 + read 1.5 = 2.0 s (rows 6–8)</title>"));
/// ```
pub fn svg(picture: &Picture) -> String {
    svg_parts(picture).joined()
}

/// The SVG of [`svg`] in pieces: the opening `<svg …>` tag, then each of its children
/// (`<title>`, `<desc>`, `<defs>`, the ticks' group, each heading's `<text>`, each bar's
/// group) as one element's markup. A page that already shows a picture redraws only the
/// children that differ when the opening tag and the number of children are the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgParts {
    /// The opening tag, with the picture's size and time span.
    pub open: String,
    /// The children in order, one element each.
    pub children: Vec<String>,
}

impl SvgParts {
    /// The whole SVG document: the opening tag, the children, `</svg>`.
    pub fn joined(&self) -> String {
        let len = self.open.len() + self.children.iter().map(String::len).sum::<usize>() + 6;
        let mut out = String::with_capacity(len);
        out.push_str(&self.open);
        for child in &self.children {
            out.push_str(child);
        }
        out.push_str("</svg>");
        out
    }
}

/// The SVG of `picture` in pieces ([`SvgParts`]); [`svg`] joins them.
pub fn svg_parts(picture: &Picture) -> SvgParts {
    let lang = picture.lang;
    let (deadlines, chain, empty, title) = match lang {
        Lang::En => (
            "Deadlines: each node's need within its deadline",
            "Call chain: each caller's wait against what it must cover",
            "Nothing to draw: no node declares a deadline and no hop is checked.",
            "Timeout budget",
        ),
        Lang::Ja => (
            "期限：各ノードの必要時間と期限",
            "呼び出しの連鎖：呼び出し側の待ち時間と、それが覆うべき時間",
            "描くものがありません：期限を持つノードも、検査できるホップもありません。",
            "タイムアウトの予算",
        ),
    };
    let rows_drawn = picture.nodes.len() + picture.chain.len();
    let sections = usize::from(!picture.nodes.is_empty()) + usize::from(!picture.chain.is_empty());
    let width = NAMES + SCALE + right_of(picture);
    let more = (picture.hidden > 0).then(|| hidden_words(lang, rows_drawn, picture.hidden));
    let height = if rows_drawn == 0 {
        40.0
    } else {
        24.0 + sections as f64 * HEADING
            + rows_drawn as f64 * ROW
            + if more.is_some() { HEADING } else { 0.0 }
    };
    let mut open = String::with_capacity(400);
    let _ = write!(
        open,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"budget-picture\" \
         viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"img\" aria-labelledby=\"budget-title budget-desc\" data-span-ms=\"{}\" \
         font-family=\"system-ui, sans-serif\" font-size=\"12\" fill=\"{INK}\">",
        picture.span_ms
    );
    let mut children = Vec::with_capacity(4 + rows_drawn + sections);
    children.push(format!("<title id=\"budget-title\">{}</title>", esc(title)));
    let mut out = String::from("<desc id=\"budget-desc\">");
    let captions: Vec<String> = picture
        .nodes
        .iter()
        .chain(&picture.chain)
        .map(|b| format!("{}{}{}", b.name, words(lang).colon, b.caption))
        .collect();
    out.push_str(&esc(&if captions.is_empty() {
        empty.to_string()
    } else {
        captions.join("; ")
    }));
    if let Some(more) = &more {
        out.push_str("; ");
        out.push_str(&esc(more));
    }
    out.push_str("</desc>");
    children.push(out);
    children.push(format!(
        "<defs><pattern id=\"budget-hatch\" width=\"6\" height=\"6\" \
         patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
         <rect width=\"6\" height=\"6\" fill=\"#eaeef2\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"{MUTED}\" stroke-width=\"2\"/>\
         </pattern><pattern id=\"budget-unknown\" width=\"8\" height=\"8\" \
         patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(-45)\">\
         <rect width=\"8\" height=\"8\" fill=\"#fff8c5\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"{UNKNOWN}\" stroke-width=\"3\"/>\
         </pattern></defs>"
    ));
    if rows_drawn == 0 {
        children.push(format!("<text x=\"8\" y=\"24\">{}</text>", esc(empty)));
        return SvgParts { open, children };
    }
    let scale = Scale {
        span_ms: picture.span_ms,
    };
    let mut y = 4.0;
    let mut out = String::new();
    ticks(&mut out, &scale, lang, height);
    children.push(out);
    y += 20.0;
    for (heading, bars) in [(deadlines, &picture.nodes), (chain, &picture.chain)] {
        if bars.is_empty() {
            continue;
        }
        children.push(format!(
            "<text class=\"heading\" x=\"4\" y=\"{}\" font-weight=\"600\" font-size=\"13\">{}</text>",
            px(y + 18.0),
            esc(heading)
        ));
        y += HEADING;
        for bar in bars {
            let mut out = String::with_capacity(1_500);
            draw_bar(&mut out, bar, &scale, lang, y);
            children.push(out);
            y += ROW;
        }
    }
    if let Some(more) = more {
        children.push(format!(
            "<text class=\"hidden-bars\" x=\"4\" y=\"{}\" fill=\"{MUTED}\">{}</text>",
            px(y + 18.0),
            esc(&more)
        ));
    }
    SvgParts { open, children }
}

/// What a bounded picture says of the bars it leaves out: `12 bars drawn, those most short
/// of their bounds first; 40 more are not drawn` (`不足の大きい順に12本を描いています。ほかに40本
/// あります`).
fn hidden_words(lang: Lang, drawn: usize, hidden: usize) -> String {
    match lang {
        Lang::En => format!(
            "{drawn} bars drawn, those most short of their bounds first; {hidden} more {} not \
             drawn",
            if hidden == 1 { "is" } else { "are" }
        ),
        Lang::Ja => format!("不足の大きい順に{drawn}本を描いています。ほかに{hidden}本あります"),
    }
}

/// The label beside the part of a need past its bound: `short by 2 min 11 s` (`不足 2分11秒`).
fn short_by_label(lang: Lang, short_ms: u64) -> String {
    format!(
        "{} {}",
        words(lang).short_by,
        display::duration(lang, short_ms)
    )
}

/// The width after the scale: [`RIGHT`], or the longest `short by` label of the bars drawn
/// and its gap, at about 7 px a Latin character and 13 px a Japanese one in the picture's
/// 12 px bold type.
fn right_of(picture: &Picture) -> f64 {
    let longest = picture
        .nodes
        .iter()
        .chain(&picture.chain)
        .filter_map(Bar::short_by_ms)
        .map(|short| {
            short_by_label(picture.lang, short)
                .chars()
                .map(|c| if c.is_ascii() { 7.0 } else { 13.0 })
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    RIGHT.max(longest + 12.0)
}

/// Milliseconds to x, px.
struct Scale {
    span_ms: u64,
}

impl Scale {
    fn x(&self, ms: u64) -> f64 {
        NAMES + SCALE * (ms as f64 / self.span_ms as f64)
    }

    fn width(&self, ms: u64) -> f64 {
        SCALE * (ms as f64 / self.span_ms as f64)
    }
}

/// A coordinate with at most two decimals: `12.5`, `600`.
fn px(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    format!("{rounded}")
}

/// The time scale: a tick line and label every 1, 2 or 5 × 10ⁿ seconds, at most 12.
fn ticks(out: &mut String, scale: &Scale, lang: Lang, height: f64) {
    let mut step: u64 = 1;
    for candidate in (0..19).flat_map(|e| [1u64, 2, 5].map(|m| m.saturating_mul(10u64.pow(e)))) {
        step = candidate;
        if scale.span_ms / candidate <= 12 {
            break;
        }
    }
    out.push_str("<g class=\"ticks\" aria-hidden=\"true\">");
    let mut ms: u64 = 0;
    while ms <= scale.span_ms {
        let x = px(scale.x(ms));
        let _ = write!(
            out,
            "<line class=\"tick\" x1=\"{x}\" y1=\"18\" x2=\"{x}\" y2=\"{}\" stroke=\"#d0d7de\"/>\
             <text class=\"tick-label\" x=\"{x}\" y=\"14\" text-anchor=\"middle\" \
             font-size=\"10\" fill=\"{MUTED}\">{}</text>",
            px(height - 4.0),
            esc(&display::duration(lang, ms))
        );
        ms = match ms.checked_add(step) {
            Some(next) => next,
            None => break,
        };
    }
    out.push_str("</g>");
}

fn draw_bar(out: &mut String, bar: &Bar, scale: &Scale, lang: Lang, y: f64) {
    let inverted = bar.short_by_ms().is_some() || bar.verdict == Verdict::Inverted;
    let class = match (inverted, bar.unknown) {
        (true, _) => "bar bar-inverted",
        (false, true) => "bar bar-unknown",
        (false, false) => "bar",
    };
    let _ = write!(
        out,
        "<g class=\"{class}\" data-name=\"{}\" data-bound-ms=\"{}\" data-need-ms=\"{}\" \
         data-verdict=\"{}\">",
        esc(&bar.name),
        bar.bound_ms,
        bar.need_ms.map_or(String::new(), |n| n.to_string()),
        display::verdict_code(bar.verdict)
    );
    let indent = bar.depth as f64 * INDENT;
    let _ = write!(
        out,
        "<text class=\"name\" x=\"{}\" y=\"{}\">{}</text>",
        px(4.0 + indent),
        px(y + BAR / 2.0 + 4.0),
        esc(&clip(&bar.name, 26usize.saturating_sub(bar.depth)))
    );
    let x0 = scale.x(0);
    let bound_x = scale.x(bar.bound_ms);
    let _ = write!(
        out,
        "<rect class=\"bound\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" data-ms=\"{}\" \
         data-rows=\"{}\" fill=\"#f6f8fa\" stroke=\"{MUTED}\"/>",
        px(x0),
        px(y),
        px(scale.width(bar.bound_ms)),
        px(BAR),
        bar.bound_ms,
        rows_attr(&bar.bound_rows)
    );
    for part in &bar.parts {
        let lane_height = BAR / part.lanes.max(1) as f64;
        let py = y + lane_height * part.lane as f64;
        let width = scale.width(part.len_ms);
        let _ = write!(
            out,
            "<g class=\"part {}\" tabindex=\"0\" data-ms=\"{}\" data-rows=\"{}\">\
             <title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             fill=\"{}\" stroke=\"{}\"/>",
            part.kind.class(),
            part.len_ms,
            rows_attr(&part.rows),
            esc(&part.title),
            px(scale.x(part.start_ms)),
            px(py),
            px(width),
            px(lane_height),
            part.kind.fill(part.tone),
            if part.kind == PartKind::Margin {
                MUTED
            } else {
                "#ffffff"
            },
        );
        // Drawn inside only where it fits: about 6.5 px a character.
        if lane_height >= 12.0 && width >= part.label.chars().count() as f64 * 6.5 + 6.0 {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\" pointer-events=\"none\">{}</text>",
                px(scale.x(part.start_ms) + 3.0),
                px(py + lane_height / 2.0 + 4.0),
                part.kind.ink(),
                esc(&part.label)
            );
        }
        out.push_str("</g>");
    }
    if bar.unknown {
        // Unknown: hatched from the known parts' end to the end of the scale, so that it
        // never reads as a short, healthy bar; labelled with the rows to blame.
        let from = bar
            .parts
            .iter()
            .map(|p| p.start_ms.saturating_add(p.len_ms))
            .max()
            .unwrap_or(0);
        let label = unknown_label(lang, &bar.unknown_rows);
        let x = scale.x(from);
        let width = (NAMES + SCALE - x).max(0.0);
        let _ = write!(
            out,
            "<g class=\"unknown\" data-rows=\"{}\"><title>{}</title>\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#budget-unknown)\" \
             stroke=\"{UNKNOWN}\"/>",
            rows_attr(&bar.unknown_rows),
            esc(&label),
            px(x),
            px(y),
            px(width),
            px(BAR),
        );
        // About 6.5 px a narrow character and 12 px a wide (Japanese) one, at 12 px.
        let text_width = label
            .chars()
            .map(|c| if c.is_ascii() { 6.5 } else { 12.0 })
            .sum::<f64>()
            + 8.0;
        // Inside the stripes where they are wide enough, else after the scale's start; on a
        // plain box, so that the stripes do not cross the words.
        let tx = if width >= text_width {
            x + 4.0
        } else {
            scale.x(0) + 4.0
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"#ffffff\" \
             fill-opacity=\"0.9\" pointer-events=\"none\"/><text class=\"unknown-label\" x=\"{}\" \
             y=\"{}\" fill=\"{UNKNOWN}\" font-weight=\"600\" pointer-events=\"none\">{}</text></g>",
            px(tx - 2.0),
            px(y + BAR / 2.0 - 8.0),
            px(text_width - 4.0),
            px(tx),
            px(y + BAR / 2.0 + 4.0),
            esc(&label)
        );
    }
    if let Some(short) = bar.short_by_ms() {
        let need = bar.need_ms.unwrap_or(bar.bound_ms);
        let label = short_by_label(lang, short);
        let _ = write!(
            out,
            "<rect class=\"over\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" data-ms=\"{short}\" \
             fill=\"{ERROR}\" fill-opacity=\"0.35\" stroke=\"{ERROR}\" pointer-events=\"none\"/>\
             <text class=\"short-by\" x=\"{}\" y=\"{}\" fill=\"{ERROR}\" font-weight=\"600\">{}</text>",
            px(bound_x),
            px(y - 2.0),
            px(scale.width(need) - scale.width(bar.bound_ms)),
            px(BAR + 4.0),
            px(scale.x(need) + 4.0),
            px(y + BAR / 2.0 + 4.0),
            esc(&label)
        );
    } else if bar.need_ms.is_none() && bar.verdict == Verdict::Unbounded {
        let _ = write!(
            out,
            "<text class=\"short-by\" x=\"{}\" y=\"{}\" fill=\"{ERROR}\" font-weight=\"600\">{}</text>",
            px(NAMES + SCALE + 4.0),
            px(y + BAR / 2.0 + 4.0),
            display::INFINITE
        );
    }
    let _ = write!(
        out,
        "<line class=\"bound-line\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"{}\" \
         stroke-width=\"2\" pointer-events=\"none\"/><text class=\"caption\" x=\"{}\" y=\"{}\" fill=\"{MUTED}\">{}</text></g>",
        px(y - 4.0),
        px(y + BAR + 4.0),
        if inverted { ERROR } else { INK },
        px(x0),
        px(y + BAR + 16.0),
        esc(&bar.caption),
        x = px(bound_x),
    );
}

/// `6 7 8`: the rows of a part, for the page to highlight.
fn rows_attr(rows: &[usize]) -> String {
    let words: Vec<String> = rows.iter().map(usize::to_string).collect();
    words.join(" ")
}

/// At most `chars` characters of `text`, with `…` where cut.
fn clip(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(chars.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// `text` safe inside an XML element or a quoted attribute.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0: drawn as a space.
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
