//! What a finding says, as facts: for each kind of message, the names, numbers (in ms) and
//! counts it is written from, and no words. The check's stages build a [`Said`] for each
//! finding; [`crate::finding::words`] writes its message and fix in the sheet's language in
//! one last pass, and only for the findings the report lists.
//!
//! Fields ending in `_words` hold words the check still writes while it computes: a formula,
//! a tries value or a list of factors, in the sheet's language, quoted into the message as
//! they are. [`Said::Read`] holds the finished words of a finding about one row whose message
//! is also that row's note (reading its value, a malformed segment, a second group).

use crate::catalog::Relation;
use crate::kind::Kind;
use crate::time::Time;

/// What a finding says. One variant per message; the fields are what the message names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// Words already written, because the message is also a row's note: reading its value
    /// (stage 1: a value that cannot be read, a default applied, waits assumed), a malformed
    /// segment, a second group row.
    Read {
        /// The message.
        message: String,
        /// The fix.
        fix: String,
    },
    /// `inversion.node`: `node`'s deadline ends before its calls may. The fix is written by
    /// [`crate::fix`].
    InversionNode {
        /// The node.
        node: String,
        /// Its deadline, in ms.
        deadline_ms: u64,
        /// What its calls may take.
        need: Time,
    },
    /// `inversion.hop`: `caller` waits less for `callee` than `callee` may take plus the
    /// margin. The fix is written by [`crate::fix`].
    InversionHop {
        /// The caller's name.
        caller: String,
        /// The callee's name.
        callee: String,
        /// The caller's wait, in ms.
        wait_ms: u64,
        /// The callee's worst case, with queueing.
        worst: Time,
        /// The margin, in ms.
        margin_ms: u64,
    },
    /// `queue.redelivery`: the queue redelivers a job before `worker` may finish it. The fix
    /// is written by [`crate::fix`].
    QueueRedelivery {
        /// The hop's segment.
        segment: String,
        /// The worker's name.
        worker: String,
        /// The visibility timeout, in ms.
        visibility_ms: u64,
        /// The worker's worst case.
        worst: Time,
        /// The margin, in ms.
        margin_ms: u64,
    },
    /// `unbounded` on a hop: its timeouts are none or disabled.
    Unbounded {
        /// The hop's segment.
        segment: String,
        /// The caller's name.
        caller: String,
    },
    /// `unbounded` on a node: its own deadline is none or disabled, and no caller's reaches it.
    UnboundedNode {
        /// The node.
        node: String,
    },
    /// `bound.missing`: no time-bound row on the hop.
    BoundMissing {
        /// The hop's segment.
        segment: String,
    },
    /// `bound.missing`: a read bound but no connect bound and no cap.
    ConnectMissing {
        /// The hop's segment.
        segment: String,
    },
    /// `bound.missing`: a connect bound only.
    ReadMissing {
        /// The hop's segment.
        segment: String,
    },
    /// `tries.cut_by_deadline`: the hop's deadline ends its tries early.
    CutByDeadline {
        /// The hop's segment.
        segment: String,
        /// The deadline, in ms.
        deadline_ms: u64,
        /// The tries configured.
        tries: u32,
        /// The tries that fit.
        fit: u32,
    },
    /// `tries.cut_by_deadline` on a node that propagates its deadline to its calls.
    CutByNodeDeadline {
        /// The node.
        node: String,
        /// Its deadline, in ms.
        deadline_ms: u64,
        /// What its calls may need, in ms (`None`: unbounded).
        need_ms: Option<u64>,
        /// The hop whose tries to cut, and how many fit.
        suggestion: Option<(String, u32)>,
    },
    /// `slack.none`: the check of `what` passes with nothing to spare.
    SlackNone {
        /// The hop's segment or the node's name.
        what: String,
        /// The check as its formula writes it (`deadline 12.0 ≥ 11.0 + 1.0`).
        check_words: String,
    },
    /// `value.default_applied` on a hop with no connect row: the product's documented
    /// connect default applies.
    ConnectDefaultApplied {
        /// The hop's segment.
        segment: String,
        /// The default, as the formula writes a duration.
        used_words: String,
        /// The product.
        product: &'static str,
        /// The setting.
        setting: &'static str,
        /// Why the catalog leaves the default unresolved, if it does.
        unresolved: Option<&'static str>,
    },
    /// `graph.cycle`: the calls form a cycle.
    GraphCycle {
        /// The cycle's nodes, joined by arrows.
        cycle: String,
    },
    /// `tries.nested_too_deep`.
    NestedTooDeep {
        /// The hop's segment.
        segment: String,
        /// The tries rows, one layer each.
        layers: usize,
        /// The tries multiplied (`u32::MAX` when saturated).
        total: u32,
    },
    /// `value.implausible`: almost always a unit mistake.
    Implausible {
        /// The row.
        line: usize,
        /// The value as written.
        value: String,
        /// The row's kind.
        kind: Kind,
        /// Why the value is implausible.
        why: Implausible,
    },
    /// `setting.pair`: a documented rule between two settings of one product is broken.
    SettingPair {
        /// The product.
        product: &'static str,
        /// The first setting.
        first: &'static str,
        /// What the first must be, compared with the second.
        relation: Relation,
        /// The second setting.
        second: &'static str,
        /// The first's value, in ms.
        first_ms: u64,
        /// The second's value, in ms (`None`: disabled).
        second_ms: Option<u64>,
        /// Why, from the catalog.
        why: &'static str,
    },
    /// `lock.not_below_statement`.
    LockNotBelow {
        /// The hop's segment.
        segment: String,
        /// The lock timeout, in ms (`None`: none).
        lock_ms: Option<u64>,
        /// The statement timeout, in ms.
        statement_ms: u64,
    },
    /// `read.interval_only`: a read timeout taken for a total.
    ReadIntervalOnly {
        /// The hop's segment.
        segment: String,
        /// The caller's name.
        caller: String,
        /// The per-try bound, in ms, if any.
        per_try_ms: Option<u64>,
    },
    /// `idle.direction`: idle timeouts the wrong way round.
    IdleDirection {
        /// The hop's segment.
        segment: String,
        /// The caller's name.
        caller: String,
        /// The callee's name.
        callee: String,
        /// The caller's idle timeout, in ms (`None`: none).
        caller_ms: Option<u64>,
        /// The callee's idle timeout, in ms (`None`: none).
        callee_ms: Option<u64>,
    },
    /// `retry.amplification`.
    RetryAmplification {
        /// The node reached.
        node: String,
        /// The attempts that reach it (`u64::MAX` when saturated).
        attempts: u64,
        /// The factors multiplied, as the check writes them (`3 × 3`).
        factors_words: String,
        /// The most attempts allowed.
        threshold: u64,
    },
    /// `retry.unsafe`.
    RetryUnsafe {
        /// The hop's segment.
        segment: String,
        /// The attempts.
        attempts: u64,
    },
    /// `retry.hidden`: a product retries by default.
    RetryHidden {
        /// The hop's segment.
        segment: String,
        /// The product.
        product: &'static str,
        /// Its default retries, as the check writes them.
        tries_words: String,
        /// Its retry conditions, as the check writes them, if known.
        conditions_words: Option<String>,
        /// The setting that changes them.
        setting: &'static str,
    },
    /// `retry.pointless`: conditions that fail the same way again.
    RetryPointless {
        /// The hop's segment.
        segment: String,
        /// The pointless conditions.
        conditions: Vec<&'static str>,
    },
    /// `findings.truncated`: the report lists `listed` of `total` findings.
    FindingsTruncated {
        /// The findings listed.
        listed: usize,
        /// Every finding.
        total: usize,
    },
}

impl Said {
    /// What a finding says whose words are written already: a message and its fix.
    pub(crate) fn read((message, fix): (String, String)) -> Said {
        Said::Read { message, fix }
    }
}

/// Why a timeout value is implausible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Implausible {
    /// Below 1 ms.
    BelowOneMs,
    /// Below 100 ms (a kind other than connect).
    Below100Ms,
    /// Over 24 h.
    OverADay,
}
