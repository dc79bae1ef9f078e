//! The stable code of every finding (`budget-model.md` §5), with its severity, title and
//! description in one place: the report, SARIF's rules and every client read them from here.

use serde::{Deserialize, Serialize};

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The design is wrong.
    Error,
    /// Probably wrong or risky.
    Warning,
    /// How a value was completed, or a passing check worth a look.
    Info,
}

/// The stable code of a finding. Serialised as the code's text (`"inversion.node"`), the
/// same strings as before the enum, so the JSON, SARIF and every client are unchanged.
///
/// ```
/// use budget::FindingCode;
/// assert_eq!(FindingCode::InversionHop.as_str(), "inversion.hop");
/// assert_eq!(FindingCode::InversionHop.severity(), budget::Severity::Error);
/// assert_eq!(FindingCode::from_code("slack.none"), Some(FindingCode::SlackNone));
/// assert_eq!(serde_json::to_string(&FindingCode::GraphCycle).unwrap(), "\"graph.cycle\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FindingCode {
    /// `inversion.node`: a node's deadline is shorter than its need.
    #[serde(rename = "inversion.node")]
    InversionNode,
    /// `inversion.hop`: a caller waits less than the callee's worst case plus the margin.
    #[serde(rename = "inversion.hop")]
    InversionHop,
    /// `queue.redelivery`: a queue redelivers a job before the worker can end it.
    #[serde(rename = "queue.redelivery")]
    QueueRedelivery,
    /// `idle.direction`: the callee's idle timeout is not longer than the caller's.
    #[serde(rename = "idle.direction")]
    IdleDirection,
    /// `unbounded`: a wait without bound that nothing else caps.
    #[serde(rename = "unbounded")]
    Unbounded,
    /// `bound.missing`: a hop with no timeout (or no connect or read phase) documented.
    #[serde(rename = "bound.missing")]
    BoundMissing,
    /// `read.interval_only`: a hop bounded only by connect and read intervals.
    #[serde(rename = "read.interval_only")]
    ReadIntervalOnly,
    /// `graph.cycle`: the hops form a call cycle (`a → b → a`).
    #[serde(rename = "graph.cycle")]
    GraphCycle,
    /// `lock.not_below_statement`: `lock_timeout ≥ statement_timeout`.
    #[serde(rename = "lock.not_below_statement")]
    LockNotBelowStatement,
    /// `retry.amplification`: attempts multiply across layers past the threshold.
    #[serde(rename = "retry.amplification")]
    RetryAmplification,
    /// `retry.unsafe`: retries on a non-idempotent call without an idempotency key.
    #[serde(rename = "retry.unsafe")]
    RetryUnsafe,
    /// `retry.hidden`: a product retries by default and the sheet does not say so.
    #[serde(rename = "retry.hidden")]
    RetryHidden,
    /// `retry.pointless`: a hop retries on a rejection (`400`, `401`, `403`, `404`, `422`,
    /// `4xx`), which fails the same way again (`budget-model.md` §4.1).
    #[serde(rename = "retry.pointless")]
    RetryPointless,
    /// `tries.nested_too_deep`: more nested tries layers on one hop than a formula shows.
    #[serde(rename = "tries.nested_too_deep")]
    TriesNestedTooDeep,
    /// `setting.pair`: two settings of one product break a rule between them.
    #[serde(rename = "setting.pair")]
    SettingPair,
    /// `value.unreadable`: a value that cannot be read as written.
    #[serde(rename = "value.unreadable")]
    ValueUnreadable,
    /// `value.unit_missing`: a bare number whose unit is not known.
    #[serde(rename = "value.unit_missing")]
    ValueUnitMissing,
    /// `value.implausible`: a timeout that is almost always a unit mistake.
    #[serde(rename = "value.implausible")]
    ValueImplausible,
    /// `segment.malformed`: a segment with arrows that names no hop.
    #[serde(rename = "segment.malformed")]
    SegmentMalformed,
    /// `findings.truncated`: more findings than a report lists.
    #[serde(rename = "findings.truncated")]
    FindingsTruncated,
    /// `value.unit_from_catalog`: a bare number read in the catalog's unit.
    #[serde(rename = "value.unit_from_catalog")]
    ValueUnitFromCatalog,
    /// `value.default_applied`: a value not set, completed from a default.
    #[serde(rename = "value.default_applied")]
    ValueDefaultApplied,
    /// `tries.waits_assumed`: waits between tries filled in (or left unused).
    #[serde(rename = "tries.waits_assumed")]
    TriesWaitsAssumed,
    /// `tries.cut_by_deadline`: a deadline cuts the tries short.
    #[serde(rename = "tries.cut_by_deadline")]
    TriesCutByDeadline,
    /// `slack.none`: a check passes with zero slack.
    #[serde(rename = "slack.none")]
    SlackNone,
}

impl FindingCode {
    /// Every code, errors first, then warnings, then infos.
    pub const ALL: [FindingCode; 25] = [
        FindingCode::InversionNode,
        FindingCode::InversionHop,
        FindingCode::QueueRedelivery,
        FindingCode::IdleDirection,
        FindingCode::Unbounded,
        FindingCode::BoundMissing,
        FindingCode::ReadIntervalOnly,
        FindingCode::GraphCycle,
        FindingCode::LockNotBelowStatement,
        FindingCode::RetryAmplification,
        FindingCode::RetryUnsafe,
        FindingCode::RetryHidden,
        FindingCode::RetryPointless,
        FindingCode::TriesNestedTooDeep,
        FindingCode::SettingPair,
        FindingCode::ValueUnreadable,
        FindingCode::ValueUnitMissing,
        FindingCode::ValueImplausible,
        FindingCode::SegmentMalformed,
        FindingCode::FindingsTruncated,
        FindingCode::ValueUnitFromCatalog,
        FindingCode::ValueDefaultApplied,
        FindingCode::TriesWaitsAssumed,
        FindingCode::TriesCutByDeadline,
        FindingCode::SlackNone,
    ];

    /// The code as the report writes it: `inversion.node`.
    pub const fn as_str(self) -> &'static str {
        match self {
            FindingCode::InversionNode => "inversion.node",
            FindingCode::InversionHop => "inversion.hop",
            FindingCode::QueueRedelivery => "queue.redelivery",
            FindingCode::IdleDirection => "idle.direction",
            FindingCode::Unbounded => "unbounded",
            FindingCode::BoundMissing => "bound.missing",
            FindingCode::ReadIntervalOnly => "read.interval_only",
            FindingCode::GraphCycle => "graph.cycle",
            FindingCode::LockNotBelowStatement => "lock.not_below_statement",
            FindingCode::RetryAmplification => "retry.amplification",
            FindingCode::RetryUnsafe => "retry.unsafe",
            FindingCode::RetryHidden => "retry.hidden",
            FindingCode::RetryPointless => "retry.pointless",
            FindingCode::TriesNestedTooDeep => "tries.nested_too_deep",
            FindingCode::SettingPair => "setting.pair",
            FindingCode::ValueUnreadable => "value.unreadable",
            FindingCode::ValueUnitMissing => "value.unit_missing",
            FindingCode::ValueImplausible => "value.implausible",
            FindingCode::SegmentMalformed => "segment.malformed",
            FindingCode::FindingsTruncated => "findings.truncated",
            FindingCode::ValueUnitFromCatalog => "value.unit_from_catalog",
            FindingCode::ValueDefaultApplied => "value.default_applied",
            FindingCode::TriesWaitsAssumed => "tries.waits_assumed",
            FindingCode::TriesCutByDeadline => "tries.cut_by_deadline",
            FindingCode::SlackNone => "slack.none",
        }
    }

    /// The code of a text, as the report writes it; `None` for a text that is no code.
    pub fn from_code(code: &str) -> Option<FindingCode> {
        FindingCode::ALL.into_iter().find(|c| c.as_str() == code)
    }

    /// How bad a finding of this code is: `error` (the design is wrong), `warning`
    /// (probably wrong or risky) or `info` (how a value was completed, a check worth a look).
    pub const fn severity(self) -> Severity {
        match self {
            FindingCode::InversionNode
            | FindingCode::InversionHop
            | FindingCode::QueueRedelivery
            | FindingCode::IdleDirection => Severity::Error,
            FindingCode::Unbounded
            | FindingCode::BoundMissing
            | FindingCode::ReadIntervalOnly
            | FindingCode::GraphCycle
            | FindingCode::LockNotBelowStatement
            | FindingCode::RetryAmplification
            | FindingCode::RetryUnsafe
            | FindingCode::RetryHidden
            | FindingCode::RetryPointless
            | FindingCode::TriesNestedTooDeep
            | FindingCode::SettingPair
            | FindingCode::ValueUnreadable
            | FindingCode::ValueUnitMissing
            | FindingCode::ValueImplausible
            | FindingCode::SegmentMalformed
            | FindingCode::FindingsTruncated => Severity::Warning,
            FindingCode::ValueUnitFromCatalog
            | FindingCode::ValueDefaultApplied
            | FindingCode::TriesWaitsAssumed
            | FindingCode::TriesCutByDeadline
            | FindingCode::SlackNone => Severity::Info,
        }
    }

    /// Whether the code is an inversion (`inversion.node`, `inversion.hop`): the summary's
    /// `inversions` counts these.
    pub const fn is_inversion(self) -> bool {
        matches!(self, FindingCode::InversionNode | FindingCode::InversionHop)
    }

    /// A one-line title (SARIF's `shortDescription`).
    pub const fn title(self) -> &'static str {
        match self {
            FindingCode::InversionNode => "A node's deadline is shorter than what it needs",
            FindingCode::InversionHop => {
                "A caller waits less than the callee's worst case plus margin"
            }
            FindingCode::QueueRedelivery => "A queue redelivers before the worker's job can end",
            FindingCode::IdleDirection => {
                "The callee's idle timeout is not longer than the caller's"
            }
            FindingCode::Unbounded => {
                "A wait without bound (none or disabled) that nothing else caps"
            }
            FindingCode::BoundMissing => "A hop with no timeout documented",
            FindingCode::ReadIntervalOnly => "A hop bounded only by connect and read intervals",
            FindingCode::GraphCycle => "The calls form a cycle",
            FindingCode::LockNotBelowStatement => "lock_timeout is not below statement_timeout",
            FindingCode::RetryAmplification => "Tries multiply across layers beyond the threshold",
            FindingCode::RetryUnsafe => "Retries on a call that is not idempotent",
            FindingCode::RetryHidden => {
                "A product retries by default and the sheet does not say so"
            }
            FindingCode::RetryPointless => "Retries on a rejection, which fails the same way again",
            FindingCode::TriesNestedTooDeep => "A hop has more than 10 nested tries layers",
            FindingCode::SettingPair => "Two settings of one product break a rule between them",
            FindingCode::ValueUnreadable => "A value that cannot be read as written",
            FindingCode::ValueUnitMissing => "A bare number whose unit is not known",
            FindingCode::ValueImplausible => "A timeout value that is probably a unit mistake",
            FindingCode::SegmentMalformed => "A segment with arrows that names no hop",
            FindingCode::FindingsTruncated => {
                "More findings than a report lists; the summary counts them all"
            }
            FindingCode::ValueUnitFromCatalog => "A bare number's unit taken from the catalog",
            FindingCode::ValueDefaultApplied => "A missing value filled in with the default",
            FindingCode::TriesWaitsAssumed => "Waits between tries filled in",
            FindingCode::TriesCutByDeadline => "A deadline cuts the tries short",
            FindingCode::SlackNone => "A check passes with zero slack",
        }
    }

    /// When a finding of this code is raised, in full (SARIF's `fullDescription`; the "when"
    /// column of `budget-model.md` §5).
    pub const fn description(self) -> &'static str {
        match self {
            FindingCode::InversionNode => {
                "A node's deadline is shorter than its need: the worst cases of the calls it \
                 makes, its own processing time and its margin rows."
            }
            FindingCode::InversionHop => {
                "A caller waits less (per-try timeout, deadline, else read timeout) than the \
                 callee's queueing time, worst case and the margin: the caller gives up first \
                 while the callee keeps working."
            }
            FindingCode::QueueRedelivery => {
                "A queue's visibility timeout ends before the worker's worst case plus the \
                 margin: the queue redelivers the job while it still runs, and it runs twice."
            }
            FindingCode::IdleDirection => {
                "The callee's idle (keep-alive) timeout is not strictly longer than the \
                 caller's: the caller may send on a connection the callee is closing (502 or \
                 reset)."
            }
            FindingCode::Unbounded => {
                "A bound that is explicitly none or disabled (directly or by its default) and \
                 not capped by another: the caller may wait forever."
            }
            FindingCode::BoundMissing => {
                "A hop with no timeout documented, or with no bound on its connect or its read \
                 phase: if none is set, the caller waits forever (or the operating system's \
                 own limit applies)."
            }
            FindingCode::ReadIntervalOnly => {
                "A hop bounded only by connect and read timeouts (intervals), with no per-try \
                 timeout or deadline on the hop, its caller or its callee: a peer that sends a \
                 byte every few seconds holds the call far past their sum."
            }
            FindingCode::GraphCycle => {
                "The hops form a call cycle (a -> b -> a, or a -> a): a request may come back \
                 to a node that is waiting for it, so its retries recurse and no worst case \
                 along the cycle is final."
            }
            FindingCode::LockNotBelowStatement => {
                "lock_timeout is not below statement_timeout on one hop: a lock wait and a \
                 slow statement end at the same time and can no longer be told apart."
            }
            FindingCode::RetryAmplification => {
                "The attempts reaching a node along a path from an outermost node (the product \
                 of the tries, upstream targets and redeliveries on the path) exceed the \
                 sheet's threshold."
            }
            FindingCode::RetryUnsafe => {
                "More than one attempt (own tries, nested, or a proxy's upstream targets) on a \
                 hop marked non-idempotent without an idempotency key: a retried request may \
                 be applied twice."
            }
            FindingCode::RetryHidden => {
                "The caller is a product that retries by default and the sheet has no tries \
                 row for it: the budget does not show those tries."
            }
            FindingCode::RetryPointless => {
                "A hop retries on a rejection (400, 401, 403, 404, 422, 4xx): the request \
                 fails the same way again. Retry on 408 and 429 (after Retry-After) and on \
                 failures where the request was not processed."
            }
            FindingCode::TriesNestedTooDeep => {
                "A hop has more than 10 tries rows, each a nested retry layer: the tries \
                 multiply, and the formula is summarised."
            }
            FindingCode::SettingPair => {
                "A catalog rule between two settings of one product fails (Node's \
                 headersTimeout must exceed keepAliveTimeout)."
            }
            FindingCode::ValueUnreadable => {
                "A value that cannot be read as a duration, as tries and waits, or as the \
                 count, yes/no or idempotency its kind needs: the budgets that need it are \
                 unknown."
            }
            FindingCode::ValueUnitMissing => {
                "A bare number whose unit neither the row nor the catalog tells: it is not \
                 guessed, and the budgets that need it are unknown."
            }
            FindingCode::ValueImplausible => {
                "A timeout under 1 ms, under 100 ms (other than a connect timeout) or over \
                 24 h: almost always a unit mistake."
            }
            FindingCode::SegmentMalformed => {
                "A segment with arrows that names no hop (a -> b -> c, -> x, x ->): its row \
                 belongs to no node and no hop."
            }
            FindingCode::FindingsTruncated => {
                "The report lists at most 2,000 findings (and 1 MB of their text), errors \
                 first; the summary counts every finding."
            }
            FindingCode::ValueUnitFromCatalog => {
                "A bare number read in the unit the catalog documents for its setting \
                 (PostgreSQL statement_timeout: milliseconds)."
            }
            FindingCode::ValueDefaultApplied => {
                "A value that is not set, completed from the row's default column or, failing \
                 that, from the catalog's documented default."
            }
            FindingCode::TriesWaitsAssumed => {
                "Fewer waits than tries − 1 were given and the last one is assumed before each \
                 later try, or more were given and the extra ones are not used."
            }
            FindingCode::TriesCutByDeadline => {
                "A deadline ends the tries before they can all run; the finding says how many \
                 fit."
            }
            FindingCode::SlackNone => {
                "A check passes with exactly zero slack: any delay inverts it."
            }
        }
    }
}

impl std::fmt::Display for FindingCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for FindingCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for FindingCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_title_a_description_and_a_distinct_text() {
        let mut texts = std::collections::BTreeSet::new();
        for code in FindingCode::ALL {
            assert!(!code.title().is_empty(), "{code} has no title");
            assert!(
                code.description().len() > code.title().len(),
                "{code}'s description says no more than its title"
            );
            assert!(texts.insert(code.as_str()), "{code} twice");
        }
    }

    #[test]
    fn every_code_serialises_as_its_text_and_back() {
        for code in FindingCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<FindingCode>(&json).unwrap(), code);
            assert_eq!(FindingCode::from_code(code.as_str()), Some(code));
        }
        assert_eq!(FindingCode::from_code("no.such"), None);
    }

    #[test]
    fn all_lists_every_code_in_order_of_severity() {
        // A code missing from ALL would fail to compile in `as_str`'s match only if it were
        // missing there too; this pins the count and the order.
        assert_eq!(FindingCode::ALL.len(), 25);
        let severities: Vec<Severity> = FindingCode::ALL.iter().map(|c| c.severity()).collect();
        let mut sorted = severities.clone();
        sorted.sort();
        assert_eq!(severities, sorted);
    }

    #[test]
    fn the_model_lists_every_code() {
        let model = include_str!("../../docs/spec/budget-model.md");
        for code in FindingCode::ALL {
            assert!(
                model.contains(&format!("`{}`", code.as_str())),
                "docs/spec/budget-model.md does not list {code}"
            );
        }
        let report = include_str!("../../docs/spec/report.md");
        for code in FindingCode::ALL {
            let severity = serde_json::to_string(&code.severity()).unwrap();
            let line = format!(
                "| `{}` | {} | {} |",
                code.as_str(),
                severity.trim_matches('"'),
                code.title()
            );
            assert!(
                report.lines().any(|l| l == line),
                "docs/spec/report.md does not list {line}"
            );
        }
    }
}
