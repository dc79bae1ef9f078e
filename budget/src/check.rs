//! The computation of `budget-model.md` §4: per-try bounds, tries and waits, every hop's worst
//! case, every node's need, the node checks and the caller-covers-callee checks.
//!
//! All times are worst cases in milliseconds ([`Time`]); an unknown value is `None` and makes
//! everything built on it unknown.

mod rules;

use std::collections::HashMap;

use crate::catalog::{self, Entry, Zero};
use crate::duration::{seconds, DurationError, Millis};
use crate::finding as text;
use crate::kind::Kind;
use crate::report::{
    Finding, HopReport, NodeReport, Report, RowReport, Severity, Summary, Verdict,
};
use crate::sheet::{Lang, Row, Sheet};
use crate::time::{compare, Hi, Time};
use crate::value::{self, Cell, Dur, Tries};

/// A duration term of a formula: its time and the decimals it was written with.
#[derive(Clone, Copy, Debug)]
struct Term {
    time: Time,
    decimals: u8,
}

/// What a row's value became.
#[derive(Clone, Debug)]
enum Val {
    /// Not a number in the budget (`other` kind), or not set with no default.
    Absent,
    /// A needed value could not be read.
    Unknown,
    /// A duration.
    Dur(Term),
    /// Tries and waits.
    Tries(Tries),
    /// A count (`upstreams`).
    Count(u32),
    /// Yes or no (`propagation`).
    Flag(bool),
    /// Whether a retry is safe (`idempotency`).
    Idem(Idem),
    /// A parallel group's name.
    Group(String),
}

/// What an `idempotency` row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Idem {
    /// Safe to retry.
    Idempotent,
    /// Not safe to retry.
    NonIdempotent,
    /// Not idempotent by itself, but the caller sends an idempotency key.
    Key,
}

/// Reads an `idempotency` cell: `idempotent`/`冪等`, `non-idempotent`/`非冪等`,
/// `idempotency key`/`キーあり`.
fn read_idem(text: &str) -> Option<Idem> {
    let t = text.trim().to_lowercase();
    if t.contains("key") || t.contains("キー") {
        Some(Idem::Key)
    } else if t.contains("non-idempotent")
        || t.contains("not idempotent")
        || t.contains("non idempotent")
        || t.contains("非冪等")
        || t == "no"
        || t == "いいえ"
    {
        Some(Idem::NonIdempotent)
    } else if t.contains("idempotent") || t.contains("冪等") || t == "yes" || t == "はい" {
        Some(Idem::Idempotent)
    } else {
        None
    }
}

/// Reads a yes/no cell (`propagation`).
fn read_flag(text: &str) -> Option<bool> {
    match text.trim().to_lowercase().as_str() {
        "yes" | "y" | "true" | "on" | "あり" | "する" | "はい" | "propagated" | "propagates" => {
            Some(true)
        }
        "no" | "n" | "false" | "off" | "なし" | "しない" | "いいえ" => Some(false),
        _ => None,
    }
}

/// Reads a count (`3`, `3 servers`, `3台`).
fn read_count(text: &str) -> Option<u32> {
    let normalized = crate::duration::normalize(text);
    let digits: String = normalized
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let rest = normalized.trim()[digits.len()..].trim().to_string();
    let known_rest = [
        "",
        "servers",
        "server",
        "targets",
        "target",
        "台",
        "upstreams",
        "hosts",
    ];
    if digits.is_empty() || !known_rest.contains(&rest.as_str()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

struct RowInfo {
    kind: Kind,
    entry: Option<&'static Entry>,
    val: Val,
    parsed: String,
    note: Option<String>,
    /// The value was a positive duration below 1 ms, counted as 1 ms.
    below_one_ms: bool,
}

/// The largest number of tries `k` (at most `max_tries`) with
/// `k × per_try_ms + (w1 + … + w(k−1)) ≤ budget_ms`, all in milliseconds. A waits list shorter
/// than `k − 1` repeats its last wait; an empty one means no wait. 0 when not even one try fits.
///
/// ```
/// // golden G3: budget 4.5 s, per try 2.0 s, waits 0.3 s each, asked for 3 tries.
/// assert_eq!(budget::tries_that_fit(4_500, 2_000, &[300], 3), 2);
/// assert_eq!(budget::tries_that_fit(1_900, 2_000, &[], 3), 0);
/// ```
pub fn tries_that_fit(budget_ms: u64, per_try_ms: u64, waits_ms: &[u64], max_tries: u32) -> u32 {
    let mut used: u64 = 0;
    let mut k = 0;
    while k < max_tries {
        let wait = if k == 0 {
            0
        } else {
            waits_ms
                .get(k as usize - 1)
                .or(waits_ms.last())
                .copied()
                .unwrap_or(0)
        };
        let Some(next) = used
            .checked_add(wait)
            .and_then(|u| u.checked_add(per_try_ms))
        else {
            break;
        };
        if next > budget_ms {
            break;
        }
        used = next;
        k += 1;
        if per_try_ms == 0 && wait == 0 && waits_ms.iter().all(|&w| w == 0) {
            return max_tries;
        }
    }
    k
}

/// A segment: a hop (caller → callee), a node, nothing, or a segment with arrows that name no
/// hop.
enum Segment {
    Hop(String, String),
    Node(String),
    None,
    Malformed(Malformed),
}

/// What is wrong with a segment that has arrows but names no hop (`segment.malformed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Malformed {
    /// Two or more arrows (`a -> b -> c`): the count.
    Arrows(usize),
    /// Nothing before the arrow (`-> x`).
    NoCaller,
    /// Nothing after the arrow (`x ->`).
    NoCallee,
    /// An arrow alone (`->`).
    NoEnds,
}

/// The arrows of a hop's segment.
const ARROWS: [&str; 5] = ["→", "->", "⇒", "=>", " to "];

/// Splits a segment at its arrow (`→`, `->`, `⇒`, `=>`, or ` to `). A segment with more than one
/// arrow, or with nothing on one side of its arrow, is [`Segment::Malformed`]: its row belongs
/// to no node and no hop, and says so.
fn read_segment(text: &str) -> Segment {
    let text = text.trim();
    if text.is_empty() {
        return Segment::None;
    }
    let arrows: usize = ARROWS.iter().map(|a| text.matches(a).count()).sum();
    if arrows > 1 {
        return Segment::Malformed(Malformed::Arrows(arrows));
    }
    for arrow in ARROWS {
        if let Some((caller, callee)) = text.split_once(arrow) {
            let (caller, callee) = (caller.trim(), callee.trim());
            return match (caller.is_empty(), callee.is_empty()) {
                (false, false) => Segment::Hop(caller.to_string(), callee.to_string()),
                (true, false) => Segment::Malformed(Malformed::NoCaller),
                (false, true) => Segment::Malformed(Malformed::NoCallee),
                (true, true) => Segment::Malformed(Malformed::NoEnds),
            };
        }
    }
    Segment::Node(text.to_string())
}

struct Ctx<'a> {
    lang: Lang,
    /// The sheet's retry amplification threshold (attempts reaching one node).
    amplification_threshold: u64,
    rows: &'a [Row],
    /// Each row's kind, once derived.
    kinds: Vec<Kind>,
    findings: Vec<Finding>,
    /// The work counted so far.
    work: Work,
}

impl Ctx<'_> {
    /// A finding on one row (line `line`) with no numbers: how a value was read or completed.
    fn row_finding(&mut self, code: &str, severity: Severity, line: usize, msg: (String, String)) {
        self.push(
            code,
            severity,
            None,
            None,
            vec![line],
            (None, None, None),
            None,
            msg,
        );
    }

    /// A finding on hop `segment` (rows `rows`) with no numbers: `bound.missing`,
    /// `unbounded`, `retry.hidden` and the like.
    fn hop_finding(
        &mut self,
        code: &str,
        severity: Severity,
        segment: &str,
        rows: Vec<usize>,
        msg: (String, String),
    ) {
        self.push(
            code,
            severity,
            None,
            Some(segment),
            rows,
            (None, None, None),
            None,
            msg,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        code: &str,
        severity: Severity,
        node: Option<&str>,
        hop: Option<&str>,
        rows: Vec<usize>,
        nums: (Option<u64>, Option<u64>, Option<u64>),
        tries_that_fit: Option<u32>,
        (message, fix): (String, String),
    ) {
        self.work.steps += 1 + rows.len() as u64;
        self.findings.push(Finding {
            code: code.to_string(),
            severity,
            node: node.map(str::to_string),
            hop: hop.map(str::to_string),
            rows,
            bound_ms: nums.0,
            need_ms: nums.1,
            short_by_ms: nums.2,
            tries_that_fit,
            attempts: None,
            threshold: None,
            message,
            fix: Some(fix),
            source: None,
            fixes: Vec::new(),
        });
    }

    /// Gives the finding pushed last the documentation address it rests on (a catalog entry's
    /// or a catalog rule's `source`), if any.
    fn cite(&mut self, source: Option<&str>) {
        if let (Some(finding), Some(source)) = (self.findings.last_mut(), source) {
            finding.source = Some(source.to_string());
        }
    }
}

/// The tries of nested tries layers: the product of their counts (3 tries inside 2 tries are
/// 6), at least 1.
fn total_tries(layers: &[Tries]) -> u32 {
    layers.iter().fold(1u32, |a, l| a.saturating_mul(l.count))
}

/// Reads a duration cell of row `i`: value, else default column, else the catalog default.
fn read_row_duration(
    ctx: &mut Ctx,
    i: usize,
    entry: Option<&'static Entry>,
) -> (Val, Option<String>) {
    let row = &ctx.rows[i];
    let line = i + 1;
    let lang = ctx.lang;
    let unit = entry.map(|e| e.unit);
    let completed = |cell: Cell| -> Option<(Dur, u8, bool, bool)> {
        match cell {
            Cell::NotSet => None,
            Cell::Duration {
                dur,
                decimals,
                used_bare_unit,
                zero,
                ..
            } => Some((dur, decimals, used_bare_unit, zero)),
        }
    };
    let catalog_default = |e: &'static Entry| {
        value::read_duration(e.default, Some(e.unit))
            .ok()
            .and_then(completed)
    };
    let mut note = None;
    let reading = match value::read_duration(&row.value, unit) {
        Ok(cell) => match completed(cell) {
            Some(r) => {
                if let Cell::Duration {
                    below_one_ms: true, ..
                } = cell
                {
                    note = Some(match lang {
                        Lang::En => "below 1 ms: counted as 1 ms".to_string(),
                        Lang::Ja => "1ms未満のため1msとして数えます".to_string(),
                    });
                }
                Some((r, None))
            }
            None => {
                // Not set: the default column, then the catalog's default.
                match value::read_duration(&row.default, unit) {
                    Ok(cell) => match completed(cell) {
                        Some(r) => Some((r, Some(None))),
                        None => entry.and_then(|e| catalog_default(e).map(|r| (r, Some(Some(e))))),
                    },
                    Err(_) => entry.and_then(|e| catalog_default(e).map(|r| (r, Some(Some(e))))),
                }
            }
        },
        Err(err) => {
            let code = if err == DurationError::UnitMissing {
                "value.unit_missing"
            } else {
                "value.unreadable"
            };
            let msg = if err == DurationError::UnitMissing {
                text::unit_missing(lang, line, &row.value)
            } else {
                text::unreadable(lang, line, &row.value, false)
            };
            note = Some(msg.0.clone());
            ctx.push(
                code,
                Severity::Warning,
                None,
                None,
                vec![line],
                (None, None, None),
                None,
                msg,
            );
            return (Val::Unknown, note);
        }
    };
    let Some(((mut dur, decimals, used_bare_unit, zero), default_from)) = reading else {
        return (Val::Absent, None);
    };
    if zero {
        match entry.map(|e| e.zero) {
            Some(Zero::Disabled) => dur = Dur::Infinite,
            Some(Zero::ProductDefault) => {
                if let Some((d, ..)) = entry.and_then(catalog_default) {
                    dur = d;
                }
            }
            _ => {}
        }
    }
    if let Some(from) = default_from {
        let used = describe_dur(dur);
        let msg = text::default_applied(lang, line, &used, from.map(|e| (e.product, e.name)));
        note = Some(msg.0.clone());
        ctx.row_finding("value.default_applied", Severity::Info, line, msg);
        ctx.cite(from.map(|e| e.source));
    } else if used_bare_unit {
        if let Some(e) = entry {
            let msg =
                text::unit_from_catalog(lang, line, &row.value, e.product, e.name, e.unit.symbol());
            note = Some(msg.0.clone());
            ctx.row_finding("value.unit_from_catalog", Severity::Info, line, msg);
            ctx.cite(Some(e.source));
        }
    }
    (
        Val::Dur(Term {
            time: Time::from_dur(dur),
            decimals,
        }),
        note,
    )
}

/// The most findings a report lists: 2,000, errors first, then warnings, then infos, each in
/// sheet order, and no more than [`MAX_LISTED_FINDINGS_TEXT`] bytes of their text. A sheet
/// with more gets, after them, one `findings.truncated` warning saying how many are left out;
/// the summary still counts every finding (and the notice). This bounds the report of a sheet
/// within [`crate::tsv::MAX_ROWS`] to a few megabytes.
pub const MAX_LISTED_FINDINGS: usize = 2_000;

/// The most text the listed findings hold, in bytes of their messages, fixes, node and hop
/// names: 1,000,000 (see [`MAX_LISTED_FINDINGS`]).
pub const MAX_LISTED_FINDINGS_TEXT: usize = 1_000_000;

/// The most rows of one hop that a finding about another names for it: 16 (see
/// `HopState::brief_rows`).
const BRIEF_ROWS: usize = 16;

/// The most nested tries layers (tries rows on one hop) a formula shows one by one: 10. A hop
/// with more gets `tries.nested_too_deep` and a summarised formula; its numbers are still
/// computed (saturating).
pub const MAX_NESTED_TRIES: usize = 10;

/// The most waits of one tries layer a formula or a parsed value lists one by one: 10. A
/// longer list is written as its sum and its count: `+ 499.5 (999 waits)`.
pub const MAX_LISTED_WAITS: usize = 10;

/// The formula of nested tries layers around a per-try text `p_text`, inner layer first,
/// without its `= total`: `((0.5 + 1) × 3 + 0.5 + 1.0) × 2 + 0.3`. Written in one pass (each
/// layer's text once, never copied into the next), with a long waits list summed
/// ([`MAX_LISTED_WAITS`]) and, beyond [`MAX_NESTED_TRIES`] layers, only the counts of the
/// first two and the last: `(0.5 + 1) × 1000 × 1000 × … × 1000, waits included (4998 nested
/// tries layers)`.
fn layers_formula(p_text: &str, layers: &[Tries]) -> String {
    use std::fmt::Write;
    let effective: Vec<&Tries> = layers
        .iter()
        .filter(|l| !(l.count == 1 && l.waits_ms.is_empty()))
        .collect();
    let spaced = p_text.contains(' ');
    let mut f = String::new();
    if layers.len() > MAX_NESTED_TRIES {
        if spaced {
            let _ = write!(f, "({p_text})");
        } else {
            f.push_str(p_text);
        }
        let n = effective.len();
        for (i, layer) in effective.iter().enumerate() {
            if i < 2 || i + 1 == n {
                if i + 1 == n && n > 3 {
                    f.push_str(" × …");
                }
                let _ = write!(f, " × {}", layer.count);
            }
        }
        let _ = write!(f, ", waits included ({} nested tries layers)", layers.len());
        return f;
    }
    let opens = effective.len().saturating_sub(usize::from(!spaced));
    f.push_str(&"(".repeat(opens));
    f.push_str(p_text);
    for (i, layer) in effective.iter().enumerate() {
        if i > 0 || spaced {
            f.push(')');
        }
        let _ = write!(f, " × {}", layer.count);
        push_waits(&mut f, layer);
    }
    f
}

/// Appends a layer's waits to a formula: ` + 0.5 + 1.0`, each wait that is not 0 with the
/// decimals it was written with; more than [`MAX_LISTED_WAITS`] as their sum and count,
/// ` + 499.5 (999 waits)`.
fn push_waits(f: &mut String, layer: &Tries) {
    use std::fmt::Write;
    let nonzero = layer.waits_ms.iter().filter(|&&w| w > 0).count();
    if nonzero > MAX_LISTED_WAITS {
        let total = layer
            .waits_ms
            .iter()
            .fold(0u64, |a, &w| a.saturating_add(w));
        let decimals = layer.wait_decimals.iter().copied().max().unwrap_or(1);
        let _ = write!(f, " + {} ({nonzero} waits)", seconds(total, decimals));
        return;
    }
    for (w, d) in layer.waits_ms.iter().zip(&layer.wait_decimals) {
        if *w > 0 {
            let _ = write!(f, " + {}", seconds(*w, *d));
        }
    }
}

/// A duration for display: `1.5s`, `≥ 1m40s`, `12h–1d`, `∞`.
fn describe_dur(dur: Dur) -> String {
    match dur {
        Dur::Exact(ms) => Millis(ms).to_string(),
        Dur::AtLeast(ms) => format!("≥ {}", Millis(ms)),
        Dur::Range(lo, hi) => format!("{}–{}", Millis(lo), Millis(hi)),
        Dur::Infinite => "∞".to_string(),
    }
}

/// Tries for display: `2 tries, waits 300ms`. More than [`MAX_LISTED_WAITS`] waits are
/// summarised: `1000 tries, 999 waits of 500ms`, or `…, 999 waits, 8m19.5s in all` when they
/// differ.
fn describe_tries(t: &Tries) -> String {
    let mut s = if t.count == 1 {
        "1 try".to_string()
    } else {
        format!("{} tries", t.count)
    };
    if t.waits_ms.len() > MAX_LISTED_WAITS && t.waits_ms.iter().any(|&w| w > 0) {
        let n = t.waits_ms.len();
        let first = t.waits_ms[0];
        if t.waits_ms.iter().all(|&w| w == first) {
            s.push_str(&format!(", {n} waits of {}", Millis(first)));
        } else {
            let total = t.waits_ms.iter().fold(0u64, |a, &w| a.saturating_add(w));
            s.push_str(&format!(", {n} waits, {} in all", Millis(total)));
        }
    } else if t.waits_ms.iter().any(|&w| w > 0) {
        let waits: Vec<String> = t.waits_ms.iter().map(|&w| Millis(w).to_string()).collect();
        s.push_str(&format!(", waits {}", waits.join(", ")));
    }
    s
}

fn analyse_row(ctx: &mut Ctx, i: usize) -> RowInfo {
    let row = &ctx.rows[i];
    let entry = catalog::lookup(row);
    let kind = Kind::from_item(&row.item)
        .or(entry.map(|e| e.kind))
        .or_else(|| Kind::from_generic_item(&row.item))
        .unwrap_or(Kind::Other);
    let line = i + 1;
    let lang = ctx.lang;
    let (val, note) = match kind {
        Kind::Other => (Val::Absent, None),
        Kind::Tries => {
            let text_in = value::value_or_default(row);
            if value::is_not_set(text_in) {
                (Val::Absent, None)
            } else {
                match value::read_tries(text_in) {
                    Ok(t) => {
                        if t.waits_assumed {
                            let msg = text::waits_assumed(
                                lang,
                                line,
                                t.count,
                                *t.waits_ms.last().unwrap_or(&0),
                            );
                            ctx.row_finding("tries.waits_assumed", Severity::Info, line, msg);
                        }
                        if t.waits_dropped > 0 {
                            let msg = text::waits_dropped(lang, line, t.count, t.waits_dropped);
                            ctx.row_finding("tries.waits_assumed", Severity::Info, line, msg);
                        }
                        (Val::Tries(t), None)
                    }
                    Err(err) => {
                        let msg = match err {
                            value::TriesError::TooMany(count) => {
                                text::too_many_tries(lang, line, count)
                            }
                            _ => text::unreadable(lang, line, text_in, true),
                        };
                        let note = Some(msg.0.clone());
                        ctx.row_finding("value.unreadable", Severity::Warning, line, msg);
                        (Val::Unknown, note)
                    }
                }
            }
        }
        Kind::Upstreams | Kind::Idempotency | Kind::Propagation | Kind::Parallel => {
            let text_in = value::value_or_default(row);
            if value::is_not_set(text_in) {
                (Val::Absent, None)
            } else {
                let val = match kind {
                    Kind::Upstreams => read_count(text_in).map(Val::Count),
                    Kind::Idempotency => read_idem(text_in).map(Val::Idem),
                    Kind::Propagation => read_flag(text_in).map(Val::Flag),
                    _ => Some(Val::Group(text_in.trim().to_string())),
                };
                match val {
                    Some(v) => (v, None),
                    None => {
                        let msg = text::unreadable_as(lang, line, text_in, kind);
                        let note = Some(msg.0.clone());
                        ctx.row_finding("value.unreadable", Severity::Warning, line, msg);
                        (Val::Unknown, note)
                    }
                }
            }
        }
        _ => read_row_duration(ctx, i, entry),
    };
    let parsed = match &val {
        Val::Count(n) => n.to_string(),
        Val::Flag(true) => "yes".to_string(),
        Val::Flag(false) => "no".to_string(),
        Val::Idem(Idem::Idempotent) => "idempotent".to_string(),
        Val::Idem(Idem::NonIdempotent) => "non-idempotent".to_string(),
        Val::Idem(Idem::Key) => "idempotency key".to_string(),
        Val::Group(g) => g.clone(),
        Val::Absent => String::new(),
        Val::Unknown => "?".to_string(),
        Val::Dur(term) => match term.time {
            t if t.is_inf() => "∞".to_string(),
            Time {
                lo: Some(lo),
                hi: Hi::Open,
            } => format!("≥ {}", Millis(lo)),
            Time {
                lo: Some(lo),
                hi: Hi::Fin(hi),
            } if lo != hi => format!("{}–{}", Millis(lo), Millis(hi)),
            Time { lo: Some(lo), .. } => Millis(lo).to_string(),
            _ => "∞".to_string(),
        },
        Val::Tries(t) => describe_tries(t),
    };
    let below_one_ms = kind.is_duration()
        && matches!(
            value::read_duration(&row.value, entry.map(|e| e.unit)),
            Ok(Cell::Duration {
                below_one_ms: true,
                ..
            })
        );
    RowInfo {
        kind,
        entry,
        val,
        parsed,
        note,
        below_one_ms,
    }
}

/// What one hop's rows say, gathered by kind.
#[derive(Default)]
struct HopParts {
    connect: Option<Option<Term>>,
    read: Option<Option<Term>>,
    attempt: Option<Option<Term>>,
    attempt_includes_connect: bool,
    deadline: Option<Option<Term>>,
    margin: Option<Option<Term>>,
    tries: Vec<Option<Tries>>,
    /// The hop has a tries row (its layers move to the hop once read).
    has_tries: bool,
    time_bound_rows: usize,
    /// `statement` alone, and `lock`, with their lines (for `lock.not_below_statement`).
    statement: Option<(usize, Term)>,
    lock: Option<(usize, Term)>,
    upstreams: Option<Option<u32>>,
    retry_window: Option<Option<Term>>,
    visibility: Option<Option<Term>>,
    queueing: Option<Option<Term>>,
    idem: Option<Idem>,
    group: Option<String>,
}

/// Keeps the earlier (smaller) of two bounds of one kind; an unknown one makes it unknown.
fn keep_min(slot: &mut Option<Option<Term>>, new: Option<Term>) {
    *slot = Some(match (slot.take(), new) {
        (None, new) => new,
        (Some(None), _) | (_, None) => None,
        (Some(Some(a)), Some(b)) => Some(if b.time.min(a.time) == b.time { b } else { a }),
    });
}

struct HopState {
    segment: String,
    caller: usize,
    callee: usize,
    rows: Vec<usize>,
    per_try: Option<Time>,
    per_try_text: String,
    tries: u32,
    /// The rows a finding elsewhere names for this hop (an inversion whose fix cuts its
    /// tries): all of them, or for a hop of more than [`BRIEF_ROWS`] rows its tries rows and
    /// its first other rows, [`BRIEF_ROWS`] in all.
    brief_rows: Vec<usize>,
    /// The hop's first tries and upstreams rows, at most [`MAX_NESTED_TRIES`]: the rows a
    /// `retry.amplification` finding names for it.
    retry_rows: Vec<usize>,
    /// The tries of the nested layers alone (no upstream targets), at least 1.
    layer_tries: u32,
    layers: Vec<Tries>,
    worst: Option<Time>,
    worst_text: String,
    wait: Option<(Time, u8, &'static str)>,
    margin_ms: u64,
    has_deadline: bool,
}

struct NodeState {
    name: String,
    rows: Vec<usize>,
    hops_out: Vec<usize>,
    own: Option<Term>,
    own_unknown: bool,
    margin: Option<Term>,
    deadline: Option<Option<Term>>,
    need: Option<Time>,
    worst: Option<Option<Time>>,
    /// The node cuts each try to the time left of its deadline.
    propagates: bool,
    /// See [`retry_candidate`].
    retry_candidate: Option<usize>,
}

/// The terms of a node's inner need: one per hop it calls, except that the hops of one
/// parallel group make one term, their longest (`max(3.0, 4.3)`). Each term is its time
/// (`None` when unknown) and its text.
fn inner_terms(
    node: &NodeState,
    hops: &[HopState],
    parts: &[HopParts],
) -> Vec<(Option<Time>, String)> {
    let mut terms: Vec<(Option<Time>, String)> = Vec::new();
    // The groups in order of first appearance, found by name in constant time.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_index: HashMap<&str, usize> = HashMap::new();
    for &h in &node.hops_out {
        match &parts[h].group {
            Some(g) => match group_index.get(g.as_str()) {
                Some(&k) => groups[k].push(h),
                None => {
                    group_index.insert(g, groups.len());
                    groups.push(vec![h]);
                }
            },
            None => terms.push((
                hops[h].worst,
                hops[h].worst.map_or("?".to_string(), |w| w.need_text(1)),
            )),
        }
    }
    for members in groups {
        let longest = members.iter().try_fold(None::<Time>, |acc, &h| {
            let w = hops[h].worst?;
            Some(Some(acc.map_or(w, |a| a.max(w))))
        });
        let texts: Vec<String> = members
            .iter()
            .map(|&h| hops[h].worst.map_or("?".to_string(), |w| w.need_text(1)))
            .collect();
        let text = if members.len() > 1 {
            format!("max({})", texts.join(", "))
        } else {
            texts.join("")
        };
        terms.push((longest.flatten(), text));
    }
    terms.sort_by_key(|(t, _)| t.map(|t| (t.hi, t.lo)));
    terms
}

/// Checks a sheet: derives every row, computes every hop's worst case and every node's need,
/// runs the node and coverage checks, and reports the findings in the sheet's language.
/// Never panics on any input; values that cannot be read become findings.
///
/// Time, memory and the report's size grow linearly with the sheet (see [`check_counted`]).
pub fn check(sheet: &Sheet) -> Report {
    check_counted(sheet).0
}

/// How much work a check did, counted rather than timed, so that a test can tell linear from
/// quadratic growth on any machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Elementary steps: one per row read, per node and hop, per tries layer and per wait it
    /// holds, per term of a node's need, per hop the attempts walk follows and per finding and
    /// row a finding names. Doubling a sheet at most doubles it.
    pub steps: u64,
}

/// [`check`], and the [`Work`] it took. Costs one counter increment per step.
///
/// ```
/// let rows = budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
/// let sheet = budget::Sheet::new(budget::Lang::En, rows);
/// let (report, work) = budget::check_counted(&sheet);
/// assert_eq!(report, budget::check(&sheet));
/// assert!(work.steps > 12);
/// ```
pub fn check_counted(sheet: &Sheet) -> (Report, Work) {
    let (mut report, work) = check_unfixed(sheet);
    let rechecks = std::cell::Cell::new(0u64);
    crate::fix::offer(sheet, &mut report, |changed| {
        let (r, w) = check_unfixed(changed);
        rechecks.set(rechecks.get() + w.steps);
        r
    });
    let steps = work.steps + rechecks.get();
    (report, Work { steps })
}

/// The check without [`crate::fix`]'s checked fixes: what a fix's re-check runs.
fn check_unfixed(sheet: &Sheet) -> (Report, Work) {
    let mut ctx = Ctx {
        lang: sheet.lang,
        amplification_threshold: sheet.amplification_threshold,
        rows: &sheet.rows,
        kinds: Vec::new(),
        findings: Vec::new(),
        work: Work {
            steps: sheet.rows.len() as u64,
        },
    };
    let lang = sheet.lang;
    let mut infos: Vec<RowInfo> = (0..sheet.rows.len())
        .map(|i| analyse_row(&mut ctx, i))
        .collect();
    let kinds: Vec<Kind> = infos.iter().map(|info| info.kind).collect();
    ctx.kinds = kinds.clone();

    // The graph: nodes in order of first appearance, hops keyed by (caller, callee).
    let mut nodes: Vec<NodeState> = Vec::new();
    let mut node_index: HashMap<String, usize> = HashMap::new();
    let mut hops: Vec<HopState> = Vec::new();
    let mut hop_index: HashMap<(usize, usize), usize> = HashMap::new();
    let mut node_of = |name: &str, nodes: &mut Vec<NodeState>| -> usize {
        *node_index.entry(name.to_string()).or_insert_with(|| {
            nodes.push(NodeState {
                name: name.to_string(),
                rows: vec![],
                hops_out: vec![],
                own: None,
                own_unknown: false,
                margin: None,
                deadline: None,
                need: None,
                worst: None,
                propagates: false,
                retry_candidate: None,
            });
            nodes.len() - 1
        })
    };
    let mut hop_parts: Vec<HopParts> = Vec::new();
    // Each tries row's waits move to its hop instead of being copied: one list per row.
    let mut row_tries: Vec<Option<Tries>> = infos
        .iter_mut()
        .map(|info| match &mut info.val {
            Val::Tries(t) => Some(Tries {
                count: t.count,
                waits_ms: std::mem::take(&mut t.waits_ms),
                wait_decimals: std::mem::take(&mut t.wait_decimals),
                waits_assumed: t.waits_assumed,
                waits_dropped: t.waits_dropped,
            }),
            _ => None,
        })
        .collect();
    let mut malformed_notes: Vec<(usize, String)> = Vec::new();
    for (i, row) in sheet.rows.iter().enumerate() {
        let info = &infos[i];
        match read_segment(&row.segment) {
            Segment::None => {}
            Segment::Malformed(what) => {
                let msg = text::segment_malformed(lang, i + 1, row.segment.trim(), what);
                malformed_notes.push((i, msg.0.clone()));
                ctx.row_finding("segment.malformed", Severity::Warning, i + 1, msg);
            }
            Segment::Node(name) => {
                let n = node_of(&name, &mut nodes);
                let node = &mut nodes[n];
                node.rows.push(i + 1);
                let term = match &info.val {
                    Val::Dur(t) => Some(*t),
                    _ => None,
                };
                let unknown = matches!(info.val, Val::Unknown);
                if let Val::Flag(yes) = info.val {
                    node.propagates |= yes && info.kind == Kind::Propagation;
                }
                match info.kind {
                    Kind::Own => {
                        node.own_unknown |= unknown;
                        if let Some(t) = term {
                            node.own = Some(match node.own {
                                Some(o) => Term {
                                    time: o.time.add(t.time),
                                    decimals: o.decimals.max(t.decimals),
                                },
                                None => t,
                            });
                        }
                    }
                    Kind::Margin => node.margin = term.or(node.margin),
                    Kind::Deadline | Kind::Attempt if unknown || term.is_some() => {
                        keep_min(&mut node.deadline, term);
                    }
                    _ => {}
                }
            }
            Segment::Hop(caller, callee) => {
                let a = node_of(&caller, &mut nodes);
                let b = node_of(&callee, &mut nodes);
                let h = *hop_index.entry((a, b)).or_insert_with(|| {
                    hops.push(HopState {
                        segment: row.segment.trim().to_string(),
                        caller: a,
                        callee: b,
                        rows: vec![],
                        per_try: None,
                        per_try_text: String::new(),
                        tries: 1,
                        brief_rows: vec![],
                        retry_rows: vec![],
                        layer_tries: 1,
                        layers: vec![],
                        worst: None,
                        worst_text: String::new(),
                        wait: None,
                        margin_ms: sheet.margin_ms,
                        has_deadline: false,
                    });
                    hop_parts.push(HopParts::default());
                    nodes[a].hops_out.push(hops.len() - 1);
                    hops.len() - 1
                });
                hops[h].rows.push(i + 1);
                let parts = &mut hop_parts[h];
                let term = match &info.val {
                    Val::Dur(t) => Some(Some(*t)),
                    Val::Unknown => Some(None),
                    _ => None,
                };
                if info.kind.is_time_bound() && term.is_some() {
                    parts.time_bound_rows += 1;
                }
                if let Some(term) = term {
                    match info.kind {
                        Kind::Connect => keep_min(&mut parts.connect, term),
                        Kind::Read => keep_min(&mut parts.read, term),
                        Kind::Attempt | Kind::Statement => {
                            keep_min(&mut parts.attempt, term);
                            parts.attempt_includes_connect |=
                                info.entry.is_some_and(|e| e.includes_connect);
                        }
                        Kind::Deadline => keep_min(&mut parts.deadline, term),
                        Kind::Margin => parts.margin = Some(term),
                        Kind::RetryWindow => keep_min(&mut parts.retry_window, term),
                        Kind::Visibility => keep_min(&mut parts.visibility, term),
                        Kind::Queueing => keep_min(&mut parts.queueing, term),
                        _ => {}
                    }
                    if let Some(t) = term {
                        match info.kind {
                            Kind::Statement => parts.statement = Some((i + 1, t)),
                            Kind::Lock => parts.lock = Some((i + 1, t)),
                            _ => {}
                        }
                    }
                }
                match (&info.val, info.kind) {
                    (Val::Tries(_), Kind::Tries) => {
                        parts.tries.push(row_tries[i].take());
                        parts.has_tries = true;
                    }
                    (Val::Unknown, Kind::Tries) => {
                        parts.tries.push(None);
                        parts.has_tries = true;
                    }
                    (Val::Count(n), Kind::Upstreams) => parts.upstreams = Some(Some(*n)),
                    (Val::Unknown, Kind::Upstreams) => parts.upstreams = Some(None),
                    (Val::Idem(i), _) => parts.idem = Some(*i),
                    (Val::Group(g), _) => parts.group = Some(g.clone()),
                    _ => {}
                }
            }
        }
    }

    // The rows other findings name for each hop, chosen once per hop.
    for hop in &mut hops {
        let is_retry = |l: usize| matches!(kinds[l - 1], Kind::Tries | Kind::Upstreams);
        hop.retry_rows = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| is_retry(l))
            .take(MAX_NESTED_TRIES)
            .collect();
        hop.brief_rows = if hop.rows.len() <= BRIEF_ROWS {
            hop.rows.clone()
        } else {
            let tries: Vec<usize> = hop
                .rows
                .iter()
                .copied()
                .filter(|&l| kinds[l - 1] == Kind::Tries)
                .take(BRIEF_ROWS)
                .collect();
            let others = hop
                .rows
                .iter()
                .copied()
                .filter(|&l| kinds[l - 1] != Kind::Tries)
                .take(BRIEF_ROWS - tries.len());
            let mut brief: Vec<usize> = tries.iter().copied().chain(others).collect();
            brief.sort_unstable();
            brief
        };
    }

    // A row whose segment names no hop says why beside it, unless its value already does.
    for (i, note) in malformed_notes {
        infos[i].note.get_or_insert(note);
    }

    // Hops: per try, tries, worst case.
    for (h, parts) in hop_parts.iter_mut().enumerate() {
        let segment = hops[h].segment.clone();
        let caller_name = nodes[hops[h].caller].name.clone();
        let hop_rows = hops[h].rows.clone();
        if parts.time_bound_rows == 0 {
            if let Some(layers) = std::mem::take(&mut parts.tries)
                .into_iter()
                .collect::<Option<Vec<Tries>>>()
            {
                hops[h].tries = total_tries(&layers);
                hops[h].layer_tries = hops[h].tries;
                hops[h].layers = layers;
            }
            ctx.hop_finding(
                "bound.missing",
                Severity::Warning,
                &segment,
                hop_rows.clone(),
                text::bound_missing(lang, &segment),
            );
            continue;
        }
        // A missing connect bound, filled from the catalog where a product of this hop
        // documents one (nginx: 60 s).
        if parts.connect.is_none() && !(parts.attempt.is_some() && parts.attempt_includes_connect) {
            let product_entry = hop_rows
                .iter()
                .filter_map(|&l| infos[l - 1].entry)
                .find_map(|e| catalog::connect_of(e.product));
            if let Some(e) = product_entry {
                if let Ok(Cell::Duration { dur, decimals, .. }) =
                    value::read_duration(e.default, Some(e.unit))
                {
                    parts.connect = Some(Some(Term {
                        time: Time::from_dur(dur),
                        decimals,
                    }));
                    let rows: Vec<usize> = hop_rows
                        .iter()
                        .copied()
                        .filter(|&l| infos[l - 1].entry.is_some_and(|x| x.product == e.product))
                        .collect();
                    let msg = text::connect_default_applied(
                        lang,
                        &segment,
                        &describe_dur(dur),
                        (e.product, e.name),
                    );
                    ctx.hop_finding("value.default_applied", Severity::Info, &segment, rows, msg);
                    ctx.cite(Some(e.source));
                }
            }
        }
        let connect = parts.connect;
        // A queue's visibility timeout bounds each delivery the way a per-try timeout does.
        let attempt_like = parts.attempt.or(parts.visibility);
        let capped = attempt_like.is_some() || parts.deadline.is_some();
        // per_try = attempt (+ connect), else connect + read.
        let per_try: Option<Option<(Time, String)>> = {
            let sum = |terms: &[Option<Term>]| -> Option<(Time, String)> {
                let mut total = Time::ZERO;
                let mut texts = Vec::new();
                for t in terms {
                    let t = (*t)?;
                    total = total.add(t.time);
                    texts.push(t.time.need_text(t.decimals));
                }
                Some((total, texts.join(" + ")))
            };
            match (attempt_like, parts.read) {
                (Some(att), read) if !(att.is_some_and(|a| a.time.is_inf()) && read.is_some()) => {
                    let mut terms = Vec::new();
                    if let Some(c) = connect {
                        if !parts.attempt_includes_connect {
                            terms.push(c);
                        }
                    }
                    terms.push(att);
                    Some(sum(&terms))
                }
                (_, Some(read)) => {
                    let mut terms = Vec::new();
                    match connect {
                        Some(c) => terms.push(c),
                        None if !capped => {
                            ctx.hop_finding(
                                "bound.missing",
                                Severity::Warning,
                                &segment,
                                hop_rows.clone(),
                                text::connect_missing(lang, &segment),
                            );
                        }
                        None => {}
                    }
                    terms.push(read);
                    Some(sum(&terms))
                }
                _ => {
                    if parts.deadline.is_none() {
                        ctx.hop_finding(
                            "bound.missing",
                            Severity::Warning,
                            &segment,
                            hop_rows.clone(),
                            text::read_missing(lang, &segment),
                        );
                        Some(None)
                    } else {
                        None
                    }
                }
            }
        };
        let hop = &mut hops[h];
        hop.margin_ms = match parts.margin {
            Some(Some(t)) => t.time.bound_ms().unwrap_or(sheet.margin_ms),
            _ => sheet.margin_ms,
        };
        // Tries: nested layers in sheet order, inner first. The layers move out of the parts:
        // each is kept once, however many the hop has.
        let tries_rows = parts.tries.len();
        let layers: Option<Vec<Tries>> = std::mem::take(&mut parts.tries).into_iter().collect();
        let mut worst: Option<Time>;
        let mut formula: String;
        match (&per_try, &layers) {
            (Some(Some((p, p_text))), Some(layers)) => {
                hop.per_try = Some(*p);
                hop.per_try_text = p_text.clone();
                let mut w = *p;
                let mut total_tries: u32 = 1;
                for layer in layers {
                    ctx.work.steps += 1 + layer.waits_ms.len() as u64;
                    total_tries = total_tries.saturating_mul(layer.count);
                    if layer.count == 1 && layer.waits_ms.is_empty() {
                        continue;
                    }
                    let waits_total = layer
                        .waits_ms
                        .iter()
                        .fold(0u64, |a, &w| a.saturating_add(w));
                    w = w.times(layer.count).add(Time::exact(waits_total));
                }
                worst = Some(w);
                formula = layers_formula(p_text, layers);
                if tries_rows > MAX_NESTED_TRIES {
                    let rows: Vec<usize> = hop
                        .rows
                        .iter()
                        .copied()
                        .filter(|&l| infos[l - 1].kind == Kind::Tries)
                        .collect();
                    let msg = text::nested_too_deep(lang, &segment, tries_rows, total_tries);
                    ctx.hop_finding(
                        "tries.nested_too_deep",
                        Severity::Warning,
                        &segment,
                        rows,
                        msg,
                    );
                }
                // A proxy with U upstream targets tries each in turn: U times the tries on
                // one target, the waits only between tries on one target.
                match parts.upstreams {
                    Some(Some(u)) if u > 1 => {
                        total_tries = total_tries.saturating_mul(u);
                        worst = worst.map(|w| w.times(u));
                        let grouped = if formula.contains(' ') {
                            format!("({formula})")
                        } else {
                            formula.clone()
                        };
                        formula = format!("{grouped} × {u} upstreams");
                    }
                    Some(None) => worst = None,
                    _ => {}
                }
                hop.tries = total_tries;
                let worst_text = worst.map_or("?".to_string(), |w| w.need_text(1));
                formula = format!("{formula} = {worst_text} s");
                // No new try starts after the retry window: the last one may still run a
                // whole per-try bound.
                match parts.retry_window {
                    Some(Some(window)) => {
                        let cap = window.time.add(*p);
                        let over = matches!((worst.map(|w| w.hi), cap.hi), (Some(Hi::Fin(a)), Hi::Fin(b)) if a > b)
                            || matches!(worst.map(|w| w.hi), Some(Hi::Inf | Hi::Open));
                        if over && !cap.is_inf() {
                            worst = worst.map(|w| w.min(cap));
                            formula = format!(
                                "min({formula}, window {} + {} s) = {} s",
                                window.time.bound_text(window.decimals),
                                p.need_text(1),
                                worst.map_or("?".into(), |w| w.need_text(1))
                            );
                        }
                    }
                    Some(None) => worst = None,
                    None => {}
                }
            }
            (Some(None), _) | (_, None) => {
                worst = None;
                formula = "? (a value could not be read)".to_string();
                if let Some(layers) = &layers {
                    hop.tries = total_tries(layers);
                }
            }
            (None, Some(layers)) => {
                worst = None;
                formula = String::new();
                hop.tries = total_tries(layers);
            }
        }
        if let Some(layers) = layers {
            hop.layer_tries = total_tries(&layers);
            hop.layers = layers;
        }
        // A deadline on the hop caps the whole call.
        if let Some(deadline) = parts.deadline {
            hop.has_deadline = true;
            match deadline {
                None => {
                    worst = None;
                    formula = "? (the deadline could not be read)".to_string();
                }
                Some(d) => {
                    let d_text = d.time.bound_text(1);
                    match worst {
                        Some(w) if !w.is_inf() && per_try.is_some() => {
                            let exceeds = match (w.hi, d.time.lo) {
                                (Hi::Fin(wh), Some(dl)) => wh > dl,
                                (Hi::Open, Some(_)) => true,
                                _ => false,
                            };
                            if exceeds {
                                worst = Some(w.min(d.time));
                                formula = format!(
                                    "min({formula}, deadline {d_text} s) = {} s",
                                    worst.map_or("?".into(), |w| w.need_text(1))
                                );
                                if let (Some(p), Some(dl), Some(last)) = (
                                    hop.per_try.and_then(|p| p.need_ms()),
                                    d.time.bound_ms(),
                                    hop.layers.last(),
                                ) {
                                    if hop.tries > 1 {
                                        let fit = tries_that_fit(dl, p, &last.waits_ms, hop.tries);
                                        let msg = text::cut_by_deadline(
                                            lang, &segment, dl, hop.tries, fit,
                                        );
                                        ctx.push(
                                            "tries.cut_by_deadline",
                                            Severity::Info,
                                            None,
                                            Some(&segment),
                                            hop.rows.clone(),
                                            (Some(dl), w.need_ms(), None),
                                            Some(fit),
                                            msg,
                                        );
                                    }
                                }
                            }
                        }
                        _ => {
                            worst = Some(d.time);
                            formula = format!("deadline {d_text} s");
                        }
                    }
                }
            }
        }
        if worst.is_some_and(Time::is_inf) {
            let rows: Vec<usize> = hop.rows.iter().copied().filter(|&l| matches!(&infos[l - 1].val, Val::Dur(t) if t.time.is_inf() && infos[l - 1].kind.is_time_bound())).collect();
            let msg = text::unbounded(lang, &segment, &caller_name);
            ctx.hop_finding(
                "unbounded",
                Severity::Warning,
                &segment,
                if rows.is_empty() {
                    hop.rows.clone()
                } else {
                    rows
                },
                msg,
            );
        }
        // How long the caller waits for one response: attempt or deadline, else read.
        let waits: [(Option<Option<Term>>, &'static str); 3] = [
            (parts.attempt, "per-try timeout"),
            (parts.deadline, "deadline"),
            (parts.visibility, "visibility timeout"),
        ];
        let mut wait: Option<(Time, u8, &'static str)> = None;
        let mut wait_unknown = false;
        for (slot, name) in waits {
            match slot {
                Some(Some(t))
                    if wait.is_none_or(|(w, ..)| t.time.min(w) == t.time && t.time != w) =>
                {
                    wait = Some((t.time, t.decimals, name));
                }
                Some(None) => wait_unknown = true,
                _ => {}
            }
        }
        if wait.is_none() && !wait_unknown {
            match parts.read {
                Some(Some(t)) => wait = Some((t.time, t.decimals, "read timeout")),
                Some(None) => wait_unknown = true,
                None => {}
            }
        }
        hop.wait = if wait_unknown { None } else { wait };
        hop.worst = worst;
        hop.worst_text = formula;
    }

    // Nodes: a node's need depends only on the hops it calls, never on their callees.
    for node in &mut nodes {
        ctx.work.steps += 1 + node.hops_out.len() as u64;
        let has_content = !node.hops_out.is_empty()
            || node.own.is_some()
            || node.own_unknown
            || node.margin.is_some();
        let mut need: Option<Time> = None;
        if has_content {
            let mut total = Some(Time::ZERO);
            for (term, _) in inner_terms(node, &hops, &hop_parts) {
                total = match (total, term) {
                    (Some(a), Some(b)) => Some(a.add(b)),
                    _ => None,
                };
            }
            if node.own_unknown {
                total = None;
            }
            for extra in [node.own, node.margin].into_iter().flatten() {
                total = total.map(|t| t.add(extra.time));
            }
            need = total;
        }
        let worst = match node.deadline {
            Some(Some(d)) if !d.time.is_inf() => Some(Some(d.time)),
            Some(None) => Some(None),
            _ if has_content => Some(need),
            _ => None,
        };
        node.need = need;
        node.worst = worst;
        node.retry_candidate = retry_candidate(node, &hops);
    }

    // Node reports and checks.
    let mut node_reports = Vec::with_capacity(nodes.len());
    for node in &nodes {
        let terms = inner_terms(node, &hops, &hop_parts);
        let inner = if node.hops_out.is_empty() {
            None
        } else {
            terms
                .iter()
                .try_fold(Time::ZERO, |acc, (t, _)| Some(acc.add((*t)?)))
        };
        let mut texts: Vec<String> = terms.into_iter().map(|(_, s)| s).collect();
        if let Some(own) = node.own {
            texts.push(own.time.need_text(own.decimals));
        } else if node.own_unknown {
            texts.push("?".to_string());
        }
        if let Some(m) = node.margin {
            texts.push(m.time.need_text(m.decimals));
        }
        let need_text = node.need.map_or("?".to_string(), |n| n.need_text(1));
        let mut formula = match texts.len() {
            0 => String::new(),
            1 => format!("{need_text} s"),
            _ => format!("{} = {need_text} s", texts.join(" + ")),
        };
        let deadline = match node.deadline {
            Some(Some(d)) if !d.time.is_inf() => Some(d),
            _ => None,
        };
        let mut return_verdict: Option<(Verdict, Option<i64>)> = None;
        let (verdict, slack_ms) = match (node.deadline, node.need) {
            (Some(None), _) => (Verdict::Unknown, None),
            (_, None)
                if node.own_unknown || node.hops_out.iter().any(|&h| hops[h].worst.is_none()) =>
            {
                (Verdict::Unknown, None)
            }
            (_, None) => (Verdict::Unchecked, None),
            (_, Some(need)) => match deadline {
                Some(d) => {
                    let c = compare(d.time, need, 0);
                    let sign = match c.verdict {
                        Verdict::Ok => "≤",
                        Verdict::Inverted => ">",
                        _ => "?",
                    };
                    formula = format!("{formula} {sign} {} s", d.time.bound_text(1));
                    if c.verdict == Verdict::Inverted && node.propagates {
                        // The node cuts each try to the time left: its deadline ends the
                        // calls in time, at the cost of the tries that do not fit.
                        let d_ms = d.time.bound_ms().unwrap_or(0);
                        let suggestion = retry_suggestion(node, &hops, d_ms);
                        let mut rows = node.rows.clone();
                        if let Some((h, _)) = suggestion {
                            rows.extend(hops[h].brief_rows.iter().copied());
                        }
                        let fit = suggestion.map(|(_, k)| k);
                        let msg = text::cut_by_node_deadline(
                            lang,
                            &node.name,
                            d_ms,
                            need.need_ms(),
                            suggestion.map(|(h, k)| (hops[h].segment.as_str(), k)),
                        );
                        ctx.push(
                            "tries.cut_by_deadline",
                            Severity::Info,
                            Some(&node.name),
                            None,
                            rows,
                            (Some(d_ms), need.need_ms(), c.short_by_ms),
                            fit,
                            msg,
                        );
                        formula = format!("{formula} (cut by the propagated deadline)");
                        return_verdict = Some((Verdict::Ok, c.slack_ms));
                    } else if c.verdict == Verdict::Inverted {
                        let deadline_rows: Vec<usize> = node
                            .rows
                            .iter()
                            .copied()
                            .filter(|&l| matches!(kinds[l - 1], Kind::Deadline | Kind::Attempt))
                            .collect();
                        node_inversion(
                            &mut ctx,
                            node,
                            deadline_rows,
                            &hops,
                            d.time,
                            need,
                            c.short_by_ms,
                        );
                    } else if c.verdict == Verdict::Ok && c.slack_ms == Some(0) {
                        let msg = text::slack_none(lang, &node.name, &formula);
                        ctx.push(
                            "slack.none",
                            Severity::Info,
                            Some(&node.name),
                            None,
                            node.rows.clone(),
                            (d.time.bound_ms(), need.need_ms(), None),
                            None,
                            msg,
                        );
                    }
                    return_verdict.unwrap_or((c.verdict, c.slack_ms))
                }
                None if need.is_inf() => (Verdict::Unbounded, None),
                None => (Verdict::Unchecked, None),
            },
        };
        node_reports.push(NodeReport {
            name: node.name.clone(),
            rows: node.rows.clone(),
            inner_ms: inner.and_then(Time::need_ms),
            own_ms: if node.own_unknown {
                None
            } else {
                Some(node.own.and_then(|o| o.time.need_ms()).unwrap_or(0))
            },
            need_ms: node.need.and_then(Time::need_ms),
            deadline_ms: deadline.and_then(|d| d.time.bound_ms()),
            slack_ms,
            verdict,
            formula,
        });
    }

    // Coverage checks: the caller waits longer than the callee's worst case plus the margin.
    let mut hop_reports = Vec::with_capacity(hops.len());
    for (h, hop) in hops.iter().enumerate() {
        let callee = &nodes[hop.callee];
        let caller = &nodes[hop.caller];
        let mut formula = hop.worst_text.clone();
        // Time the request waits before the callee's own clock starts counts on its side.
        let queueing = hop_parts[h].queueing;
        let callee_side = match (callee.worst, queueing) {
            (Some(Some(cw)), Some(Some(q))) => Some(Some(cw.add(q.time))),
            (Some(Some(_)), Some(None)) => Some(None),
            (worst, _) => worst,
        };
        let queue_text = match queueing {
            Some(Some(q)) => format!("{} + ", q.time.need_text(q.decimals)),
            _ => String::new(),
        };
        let (verdict, slack_ms, callee_worst) = match (callee_side, hop.wait) {
            (None, _) => (Verdict::Unchecked, None, None),
            (Some(None), _) | (_, None) => (Verdict::Unknown, None, None),
            (Some(Some(cw)), Some((wait, decimals, bound_name))) => {
                let c = compare(wait, cw, hop.margin_ms);
                let sign = match c.verdict {
                    Verdict::Ok => "≥",
                    Verdict::Inverted => "<",
                    _ => "?",
                };
                let short_name = match bound_name {
                    "read timeout" => "read",
                    other => other,
                };
                let callee_text = match callee.worst {
                    Some(Some(w)) => w.need_text(1),
                    _ => cw.need_text(1),
                };
                let check_text = format!(
                    "{short_name} {} {sign} {queue_text}{callee_text} + {}",
                    wait.bound_text(decimals.max(1)),
                    seconds(hop.margin_ms, 1)
                );
                formula = if formula.is_empty() {
                    check_text.clone()
                } else {
                    format!("{formula}; {check_text}")
                };
                match c.verdict {
                    Verdict::Inverted => {
                        // The finding's need is everything the bound is compared with
                        // (queueing, the callee's worst case and the margin), so that
                        // short_by = need − bound; the message still names the parts.
                        let callee_need = cw.need_ms();
                        let need = callee_need.map(|n| n.saturating_add(hop.margin_ms));
                        let at_least = crate::display::duration_or_infinite(lang, need);
                        let worst = crate::display::duration_or_infinite(lang, callee_need);
                        // Where the callee has no deadline of its own, its retries cause it.
                        let suggestion = if callee.deadline.is_none() {
                            wait.bound_ms()
                                .and_then(|w| w.checked_sub(hop.margin_ms))
                                .and_then(|budget| retry_suggestion(callee, &hops, budget))
                        } else {
                            None
                        };
                        let mut rows = hop.rows.clone();
                        if let Some((h, _)) = suggestion {
                            rows.extend(hops[h].brief_rows.iter().copied());
                        }
                        let msg = text::inversion_hop(
                            lang,
                            &caller.name,
                            &callee.name,
                            &hop.segment,
                            bound_word(lang, bound_name),
                            wait.bound_ms().unwrap_or(0),
                            &worst,
                            hop.margin_ms,
                            &at_least,
                            suggestion.map(|(h, k)| (hops[h].segment.as_str(), k)),
                        );
                        let (code, msg) = if bound_name == "visibility timeout" {
                            (
                                "queue.redelivery",
                                text::queue_redelivery(
                                    lang,
                                    &hop.segment,
                                    &callee.name,
                                    wait.bound_ms().unwrap_or(0),
                                    &worst,
                                    hop.margin_ms,
                                    &at_least,
                                ),
                            )
                        } else {
                            ("inversion.hop", msg)
                        };
                        ctx.push(
                            code,
                            Severity::Error,
                            None,
                            Some(&hop.segment),
                            rows,
                            (wait.bound_ms(), need, c.short_by_ms),
                            suggestion.map(|(_, k)| k),
                            msg,
                        );
                    }
                    Verdict::Ok if c.slack_ms == Some(0) => {
                        let msg = text::slack_none(lang, &hop.segment, &check_text);
                        ctx.push(
                            "slack.none",
                            Severity::Info,
                            None,
                            Some(&hop.segment),
                            hop.rows.clone(),
                            (
                                wait.bound_ms(),
                                cw.need_ms().map(|n| n.saturating_add(hop.margin_ms)),
                                None,
                            ),
                            None,
                            msg,
                        );
                    }
                    _ => {}
                }
                (
                    c.verdict,
                    c.slack_ms,
                    callee.worst.flatten().and_then(Time::need_ms),
                )
            }
        };
        hop_reports.push(HopReport {
            segment: hop.segment.clone(),
            caller: caller.name.clone(),
            callee: callee.name.clone(),
            rows: hop.rows.clone(),
            per_try_ms: hop.per_try.and_then(Time::need_ms),
            tries: hop.tries,
            waits_ms: hop
                .layers
                .first()
                .map(|l| l.waits_ms[..l.waits_ms.len().min(MAX_LISTED_WAITS)].to_vec())
                .unwrap_or_default(),
            worst_ms: hop.worst.and_then(Time::need_ms),
            wait_ms: hop.wait.and_then(|(w, ..)| w.bound_ms()),
            callee_worst_ms: callee_worst,
            margin_ms: hop.margin_ms,
            slack_ms,
            verdict,
            formula,
        });
    }

    rules::apply(&mut ctx, &infos, &nodes, &hops, &hop_parts);

    let rows = infos
        .into_iter()
        .enumerate()
        .map(|(i, info)| RowReport {
            line: i + 1,
            kind: info.kind,
            value_ms: match &info.val {
                Val::Dur(t) => t.time.bound_ms(),
                _ => None,
            },
            unbounded: matches!(&info.val, Val::Dur(t) if t.time.is_inf()),
            note: info.note,
            parsed: info.parsed,
            source: info.entry.map(|e| e.source.to_string()),
        })
        .collect();

    let mut findings = std::mem::take(&mut ctx.findings);
    findings.sort_by(|a, b| (a.severity, a.rows.first()).cmp(&(b.severity, b.rows.first())));
    let mut summary = Summary::default();
    for f in &findings {
        match f.severity {
            Severity::Error => summary.errors += 1,
            Severity::Warning => summary.warnings += 1,
            Severity::Info => summary.infos += 1,
        }
        if f.code.starts_with("inversion.") {
            summary.inversions += 1;
        }
    }
    // The summary counts every finding; the list stops at MAX_LISTED_FINDINGS, errors first,
    // and says how many it leaves out.
    let mut text_bytes = 0usize;
    let listed = findings
        .iter()
        .take(MAX_LISTED_FINDINGS)
        .take_while(|f| {
            text_bytes += f.message.len()
                + f.fix.as_ref().map_or(0, String::len)
                + f.node.as_ref().map_or(0, String::len)
                + f.hop.as_ref().map_or(0, String::len);
            text_bytes <= MAX_LISTED_FINDINGS_TEXT
        })
        .count();
    if listed < findings.len() {
        let total = findings.len();
        findings.truncate(listed);
        let msg = text::findings_truncated(lang, listed, total);
        findings.push(Finding {
            code: "findings.truncated".to_string(),
            severity: Severity::Warning,
            node: None,
            hop: None,
            rows: vec![],
            bound_ms: None,
            need_ms: None,
            short_by_ms: None,
            tries_that_fit: None,
            attempts: None,
            threshold: None,
            message: msg.0,
            fix: Some(msg.1),
            source: None,
            fixes: Vec::new(),
        });
        summary.warnings += 1;
    }
    let work = Work {
        steps: ctx.work.steps + (nodes.len() + hops.len()) as u64,
    };
    (
        Report {
            summary,
            nodes: node_reports,
            hops: hop_reports,
            rows,
            findings,
        },
        work,
    )
}

/// The name of a caller's bound in the sheet's language.
fn bound_word(lang: Lang, name: &'static str) -> &'static str {
    match (lang, name) {
        (Lang::En, n) => n,
        (Lang::Ja, "per-try timeout") => "1回の上限",
        (Lang::Ja, "visibility timeout") => "可視性タイムアウト",
        (Lang::Ja, "deadline") => "全体期限",
        (Lang::Ja, _) => "読み取りタイムアウト",
    }
}

/// For a node whose need exceeds `budget_ms`: the hop with several tries that contributes the
/// most, and how many of its tries fit once the node's other needs are paid for.
fn retry_suggestion(node: &NodeState, hops: &[HopState], budget_ms: u64) -> Option<(usize, u32)> {
    let h = node.retry_candidate?;
    let need = node.need?.need_ms()?;
    let this = hops[h].worst?.need_ms()?;
    let others = need.checked_sub(this)?;
    let budget = budget_ms.saturating_sub(others);
    let per_try = hops[h].per_try?.need_ms()?;
    let waits = hops[h].layers.first().map_or(&[][..], |l| &l.waits_ms[..]);
    Some((h, tries_that_fit(budget, per_try, waits, hops[h].tries)))
}

/// The hop with several tries (one layer, no deadline of its own) that contributes the most to
/// `node`'s need: the one whose tries an inversion's fix suggests cutting. Found once per node.
fn retry_candidate(node: &NodeState, hops: &[HopState]) -> Option<usize> {
    node.hops_out
        .iter()
        .copied()
        .filter(|&h| hops[h].tries > 1 && hops[h].layers.len() <= 1 && !hops[h].has_deadline)
        .max_by_key(|&h| hops[h].worst.and_then(Time::need_ms))
}

/// `inversion.node` on `node`, whose `deadline` is shorter than its `need`; `rows` are the
/// node's deadline rows, to which the rows of the hop whose tries it suggests cutting are added.
fn node_inversion(
    ctx: &mut Ctx,
    node: &NodeState,
    mut rows: Vec<usize>,
    hops: &[HopState],
    deadline: Time,
    need: Time,
    short_by: Option<u64>,
) {
    let lang = ctx.lang;
    let d = deadline.bound_ms().unwrap_or(0);
    let suggestion = retry_suggestion(node, hops, d);
    if let Some((h, _)) = suggestion {
        rows.extend(hops[h].brief_rows.iter().copied());
    }
    let need_text = crate::display::duration_or_infinite(lang, need.need_ms());
    let msg = text::inversion_node(
        lang,
        &node.name,
        d,
        &need_text,
        suggestion.map(|(h, k)| (hops[h].segment.as_str(), k)),
    );
    ctx.push(
        "inversion.node",
        Severity::Error,
        Some(&node.name),
        None,
        rows,
        (Some(d), need.need_ms(), short_by),
        suggestion.map(|(_, k)| k),
        msg,
    );
}
