//! The picture laid out in milliseconds: its bars and their parts, from a report.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

use crate::behind::RowsBehind;
use crate::code::FindingCode;
use crate::display;
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
    // The bar of a node or a hop: its name and depth; its bound's label, value and terms; its
    // need, slack and verdict as the report gives them, the need's terms and parts.
    let bar = |(name, depth): (&str, usize),
               (label, bound_ms, bound_terms): (&str, u64, &[TraceTerm]),
               (need_ms, slack_ms, verdict): (Option<u64>, Option<i64>, Verdict),
               need_terms: &[TraceTerm],
               parts: Vec<Part>| {
        let unknown = unknown_need(need_ms, verdict);
        let unknown_rows = if unknown {
            unreadable_behind(report, &unreadable, &behind, need_terms)
        } else {
            Vec::new()
        };
        Bar {
            name: name.to_string(),
            depth,
            bound_ms,
            bound_rows: behind.of(bound_terms),
            need_ms,
            unknown,
            caption: caption(
                lang,
                label,
                bound_ms,
                (need_ms, slack_ms),
                unknown.then_some(unknown_rows.as_slice()),
                verdict,
            ),
            unknown_rows,
            slack_ms,
            verdict,
            parts,
        }
    };
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
            Some(bar(
                (&node.name, 0),
                (
                    Kind::Deadline.term_name(lang),
                    deadline,
                    &node.trace.deadline,
                ),
                (node.need_ms, node.slack_ms, node.verdict),
                &node.trace.need,
                parts,
            ))
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
            let caller_depth = depth.get(hop.caller.as_str()).copied().unwrap_or(0);
            let bar = bar(
                (&hop.segment, caller_depth),
                (words(lang).wait, wait, &hop.trace.wait),
                (hop.need_ms, hop.slack_ms, hop.verdict),
                &hop.trace.need,
                parts,
            );
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
pub(super) struct Words {
    /// What follows a part's name before its formula: `: `, `：`.
    pub(super) colon: &'static str,
    need: &'static str,
    /// A caller's wait on a hop, in the chain's captions.
    wait: &'static str,
    /// A wait between two tries (backoff).
    wait_between: &'static str,
    slack: &'static str,
    pub(super) short_by: &'static str,
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

pub(super) fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Ja => &JA,
    }
}

/// `deadline 8.0 s · need 7.8 s · slack 0.2 s`, or `… · short by 7.5 s`; with `unknown`
/// (the rows that cannot be read), `deadline 8.0 s · need unknown: row 7 cannot be read`.
/// A need the check gives no number for is `∞` when someone waits without bound
/// (`unbounded`) or the bound falls short of a need without bound (`inverted`), else `—` (a
/// deadline over nothing it calls).
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
