//! The report: one serde shape for the browser, the JSON API and the command line
//! (`spec/report.md`). All durations are integer milliseconds; `None` (JSON `null`) where
//! unknown, unbounded (`∞`) or not applicable: the verdict and the formula tell which.

mod change;
mod trace;

use serde::{Deserialize, Serialize};

pub use change::{CellChange, Fix, OverCap};
pub use trace::{FindingTrace, HopTrace, NodeTrace, TraceNumber, TraceRef, TraceTerm};

use crate::code::FindingCode;
pub use crate::code::Severity;
use crate::kind::Kind;
use crate::sheet::Lang;

/// The whole result of checking a sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Report {
    /// Counts of findings by severity.
    pub summary: Summary,
    /// Every node (a segment end, or a segment without an arrow), in order of first appearance.
    pub nodes: Vec<NodeReport>,
    /// Every hop (a segment with an arrow), in order of first appearance.
    pub hops: Vec<HopReport>,
    /// What the engine derived from each row, one entry per sheet row, in sheet order.
    pub rows: Vec<RowReport>,
    /// Findings, errors first, then warnings, then infos; within a severity in sheet order.
    pub findings: Vec<Finding>,
}

/// Counts of findings by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Summary {
    /// Findings of severity `error` (the design is wrong).
    pub errors: u32,
    /// Findings of severity `warning` (probably wrong or risky).
    pub warnings: u32,
    /// Findings of severity `info`.
    pub infos: u32,
    /// Findings whose code starts with `inversion.` (a subset of `errors`).
    pub inversions: u32,
}

impl Summary {
    /// The one-line summary shown above a report: `"1 inversion, 0 warnings"` /
    /// `"逆転 1件、警告 0件"`. Errors other than inversions are named when there are any.
    pub fn headline(&self, lang: Lang) -> String {
        let other_errors = self.errors - self.inversions;
        match lang {
            Lang::En => {
                let plural = |n: u32, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                let mut parts = vec![plural(self.inversions, "inversion", "inversions")];
                if other_errors > 0 {
                    parts.push(plural(other_errors, "other error", "other errors"));
                }
                parts.push(plural(self.warnings, "warning", "warnings"));
                parts.join(", ")
            }
            Lang::Ja => {
                let mut parts = vec![format!("逆転 {}件", self.inversions)];
                if other_errors > 0 {
                    parts.push(format!("その他のエラー {other_errors}件"));
                }
                parts.push(format!("警告 {}件", self.warnings));
                parts.join("、")
            }
        }
    }
}

/// The outcome of one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The bound covers the need (margin included).
    Ok,
    /// The bound ends before the need: an inversion.
    Inverted,
    /// Someone waits without bound (`∞`).
    Unbounded,
    /// A needed value could not be read, or a lower bound leaves the outcome open.
    Unknown,
    /// Nothing to compare with (no deadline, or a callee with no rows of its own).
    Unchecked,
}

/// One node: its need and, where it declares a deadline, the node check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NodeReport {
    /// The node name as written (trimmed).
    pub name: String,
    /// Lines of the rows that describe the node itself (segment without an arrow).
    pub rows: Vec<usize>,
    /// Sum of the worst cases of the hops this node calls, in ms.
    pub inner_ms: Option<u64>,
    /// The node's own processing time, in ms (0 when no row gives it).
    pub own_ms: Option<u64>,
    /// `inner + own + margin rows`, in ms.
    pub need_ms: Option<u64>,
    /// The node's declared deadline, in ms.
    pub deadline_ms: Option<u64>,
    /// `deadline − need`, in ms (negative when inverted); `None` when either is unknown, or
    /// when the difference is beyond a signed 64-bit number.
    pub slack_ms: Option<i64>,
    /// The node check's verdict.
    pub verdict: Verdict,
    /// The computation in the rationale column's form, e.g. `3.0 + 4.3 + 0.5 = 7.8 s ≤ 8.0 s`.
    pub formula: String,
    /// Where its inner need, need and deadline come from.
    #[serde(default)]
    pub trace: NodeTrace,
}

/// One hop: its worst case and the caller-covers-callee check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HopReport {
    /// The segment as written in the sheet (trimmed, first row of the hop).
    pub segment: String,
    /// The caller's node name.
    pub caller: String,
    /// The callee's node name.
    pub callee: String,
    /// Lines of the rows of this hop.
    pub rows: Vec<usize>,
    /// The bound on one try, in ms.
    pub per_try_ms: Option<u64>,
    /// Number of tries (1 unless a tries row says otherwise; nested layers multiplied).
    pub tries: u32,
    /// Waits between tries, in ms (the innermost layer's): at most the first
    /// [`MAX_LISTED_WAITS`](crate::MAX_LISTED_WAITS) (10) of them, so that a hop of 1,000
    /// tries does not list 999 waits; the formula gives the sum of a longer list.
    pub waits_ms: Vec<u64>,
    /// What the hop's retries repeat (§4.1): `whole` tries, or only the `early` phase of each
    /// failed try when every retry condition is early. Left out of the JSON when `whole`.
    #[serde(default, skip_serializing_if = "Repeats::is_whole")]
    pub repeats: Repeats,
    /// The retry conditions that apply, in their canonical words (`connect-failure`,
    /// `timeout`, `503`), from the hop's `retry_on` row or its product's documented default;
    /// empty when none is known (any failure starts a retry), and then left out of the JSON.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retry_on: Vec<String>,
    /// When `repeats` is `early`: the cost of one failed try, in ms (connect, plus send when
    /// `header-send` is a condition); `None` otherwise, and then left out of the JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub early_ms: Option<u64>,
    /// The attempts one call over the hop makes on the callee: tries × upstream targets, and
    /// 1 for tries retried only on early conditions (they never delivered the request).
    #[serde(default = "one")]
    pub attempts: u64,
    /// The hop's worst case, all tries and waits included, in ms.
    pub worst_ms: Option<u64>,
    /// How long the caller waits for one response, in ms.
    pub wait_ms: Option<u64>,
    /// The callee's worst case, in ms.
    pub callee_worst_ms: Option<u64>,
    /// The margin used in the coverage check, in ms.
    pub margin_ms: u64,
    /// What the caller's wait is checked against, in ms: the queueing time before the callee's
    /// clock starts + `callee_worst` + `margin` (`None` when unchecked or unknown, or when the
    /// callee's worst case is `∞`).
    pub need_ms: Option<u64>,
    /// `wait − need`, in ms (negative when inverted).
    pub slack_ms: Option<i64>,
    /// The coverage check's verdict.
    pub verdict: Verdict,
    /// The worst-case computation, e.g. `(0.5 + 1.5) × 2 + 0.3 = 4.3 s`, and the check.
    pub formula: String,
    /// Where its per-try bound, tries, worst case, wait and need come from.
    #[serde(default)]
    pub trace: HopTrace,
}

/// What a hop's retries repeat (`budget-model.md` §4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Repeats {
    /// Whole tries: a retry condition is not early, or none is known (any failure).
    #[default]
    Whole,
    /// Only the early phase of each failed try: every condition is early (connect failure or
    /// timeout, refused stream, header send), so the request reached the callee once.
    Early,
    /// Nothing: the retry conditions are `off` (nginx `proxy_next_upstream off`, HAProxy
    /// `retry-on none`), so the innermost tries layer and the upstream targets make one try.
    NoRetries,
}

impl Repeats {
    /// Whether it is [`Repeats::Whole`], the value a hop's JSON leaves out.
    pub fn is_whole(&self) -> bool {
        *self == Repeats::Whole
    }
}

fn one() -> u64 {
    1
}

/// What the engine derived from one row. It never replaces the text the user typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RowReport {
    /// The row's line (data rows counted from 1).
    pub line: usize,
    /// The derived kind.
    pub kind: Kind,
    /// The value used, in ms (for a range: its lower end); `None` when unbounded, unknown or
    /// not a duration.
    pub value_ms: Option<u64>,
    /// The value is the infinite duration (no bound).
    pub unbounded: bool,
    /// How the value was completed or why it could not be used, in the sheet's language.
    pub note: Option<String>,
    /// The parsed value for display: `1.5 s`, `∞`, `≥ 100 s`, `3 tries, waits 0.5 s, 1 s`.
    pub parsed: String,
    /// The documentation address of the setting the row names, when the catalog knows it
    /// (`https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout`);
    /// `None` otherwise. From the catalog's `source` column.
    #[serde(default)]
    pub source: Option<String>,
}

/// One finding: a stable code, the rows and numbers it concerns, a message and a fix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Finding {
    /// Stable code, e.g. `inversion.node` (`budget-model.md` §5), serialised as its text.
    pub code: FindingCode,
    /// Severity.
    pub severity: Severity,
    /// The node concerned, if any.
    pub node: Option<String>,
    /// The hop concerned (its segment as written), if any.
    pub hop: Option<String>,
    /// Lines of the rows concerned.
    pub rows: Vec<usize>,
    /// The bound, in ms.
    pub bound_ms: Option<u64>,
    /// The need, in ms.
    pub need_ms: Option<u64>,
    /// How much the bound falls short, in ms.
    pub short_by_ms: Option<u64>,
    /// How many tries fit the budget, for an inversion caused by a hop with several tries.
    pub tries_that_fit: Option<u32>,
    /// For `retry.amplification` and `retry.unsafe`: the attempts counted (a count, not a
    /// duration).
    #[serde(default)]
    pub attempts: Option<u64>,
    /// For `retry.amplification`: the most attempts allowed to reach one node.
    #[serde(default)]
    pub threshold: Option<u64>,
    /// What is wrong, in the sheet's language.
    pub message: String,
    /// A suggested fix, in the sheet's language. For `inversion.node`, `inversion.hop` and
    /// `queue.redelivery` it names only the options in [`Finding::fixes`], or gives advice
    /// without numbers when there are none.
    pub fix: Option<String>,
    /// The documentation address behind the finding, where the engine used a catalog entry or
    /// a catalog rule (a documented default, a bare number's unit, a product's default retries,
    /// a rule between two settings); `None` otherwise. From the catalog's `source` column.
    #[serde(default)]
    pub source: Option<String>,
    /// Fixes as cell changes, each applied to a copy of the sheet and checked by the engine
    /// before it is offered: applying one removes this finding and creates no error
    /// ([`crate::fix`]). Empty for other codes.
    /// Left out of the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<Fix>,
    /// Where its bound and need come from.
    #[serde(default)]
    pub trace: FindingTrace,
}

impl Finding {
    /// A finding of `code`, with its code's severity and nothing else: no place, rows,
    /// numbers, words, trace or fixes.
    pub fn new(code: FindingCode) -> Finding {
        Finding {
            code,
            severity: code.severity(),
            node: None,
            hop: None,
            rows: Vec::new(),
            bound_ms: None,
            need_ms: None,
            short_by_ms: None,
            tries_that_fit: None,
            attempts: None,
            threshold: None,
            message: String::new(),
            fix: None,
            source: None,
            fixes: Vec::new(),
            trace: FindingTrace::default(),
        }
    }

    /// Its place, as the diff matches findings across two checks: its code, node and hop.
    pub fn place(&self) -> (&str, Option<&str>, Option<&str>) {
        (
            self.code.as_str(),
            self.node.as_deref(),
            self.hop.as_deref(),
        )
    }
}
