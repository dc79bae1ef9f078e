//! What a finding says, as facts: for each kind of message, the names, numbers (in ms) and
//! counts it is written from, and no words. The check's stages build a [`Said`] for each
//! finding; [`crate::render::words`] writes its message and fix in the sheet's language in
//! one last pass, and only for the findings the report lists.
//!
//! A row's note is stated the same way ([`Note`]): the message of the row's finding, or what a
//! product gives a bare number. Its words, its parsed value's and its catalog entry's are
//! written in the same last pass, for the rows the report shows. So is a checked fix
//! ([`FixSaid`]): its steps, each raising, lowering or reducing a setting to a value.

use crate::catalog::{Cap, Entry, Relation};
use crate::kind::Kind;
use crate::retry_on::RetryOn;
use crate::time::Time;
use crate::value::{Dur, Tries};

/// What a finding says. One variant per message; the fields are what the message names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// A finding about one row, whose message is also that row's note.
    Row(RowSaid),
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
        /// The check as its formula writes it (`deadline 12.0 ≥ 11.0 + 1.0`), a formula's
        /// template ([`crate::check::formula::Slot`]).
        check: String,
    },
    /// `value.default_applied` on a hop with no connect row: the product's documented
    /// connect default applies.
    ConnectDefaultApplied {
        /// The hop's segment.
        segment: String,
        /// The default.
        used: Dur,
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
        /// The factors multiplied (`3 × 3`; `3 × 3 × … × 2, 6 layers` when there are many).
        factors: String,
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
        /// Its default retries, as the catalog writes them (`3 tries`, `2 retries`).
        retries: &'static str,
        /// Its retry conditions, if known.
        conditions: Option<RetryOn>,
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

/// What a finding about one row says: how its value was read or completed, or why its value
/// or segment cannot be read. Its message is also the row's note ([`Note::Said`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RowSaid {
    /// `value.default_applied`: a row's value was not set, and the default column's value
    /// (`from` `None`) or the catalog's documented default applies.
    DefaultApplied {
        /// The row.
        line: usize,
        /// The value that applies.
        used: Used,
        /// The catalog entry whose default applies, and the version the row names.
        from: Option<FromCatalog>,
    },
    /// `value.unreadable`: a duration cell (`tries` false) or a tries cell that cannot be read.
    Unreadable {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
        /// Whether it is a tries cell.
        tries: bool,
    },
    /// `value.unreadable`: a tries cell naming more tries than a sheet can budget.
    TooManyTries {
        /// The row.
        line: usize,
        /// The tries named.
        count: u64,
    },
    /// `value.unreadable`: a retry-conditions cell naming a word that is no condition.
    UnreadableRetryOn {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
        /// The first word that is no condition (empty when the list names none).
        word: String,
    },
    /// `value.unreadable`: a count, yes/no, idempotency or group cell.
    UnreadableAs {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
        /// The row's kind.
        kind: Kind,
    },
    /// `value.unreadable`: a unit written where the product takes only a bare number.
    UnitNotTaken {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
        /// The entry of the setting.
        entry: &'static Entry,
        /// The bare number the product would take for the value written.
        bare: String,
    },
    /// `value.unit_missing`: a bare number whose unit the catalog cannot tell.
    UnitMissing {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
    },
    /// `value.unit_from_catalog`: a bare number read in the catalog's unit.
    UnitFromCatalog {
        /// The row.
        line: usize,
        /// The cell as written.
        text: String,
        /// The entry whose unit applies.
        entry: &'static Entry,
    },
    /// `tries.waits_assumed`: fewer waits than tries − 1; the last one is repeated.
    WaitsAssumed {
        /// The row.
        line: usize,
        /// The tries.
        tries: u32,
        /// The wait repeated, in ms.
        wait_ms: u64,
    },
    /// `tries.waits_assumed`: more waits than tries − 1; the extra ones are not used.
    WaitsDropped {
        /// The row.
        line: usize,
        /// The tries.
        tries: u32,
        /// The waits left unused.
        dropped: usize,
    },
    /// `segment.malformed`.
    SegmentMalformed {
        /// The row.
        line: usize,
        /// The segment as written, trimmed.
        segment: String,
        /// What is wrong with it.
        what: crate::check::Malformed,
    },
    /// `value.unreadable`: a second group row on a hop already in a group
    /// (`budget-model.md` §4.2).
    SecondGroup {
        /// The row.
        line: usize,
        /// The hop's segment.
        segment: String,
        /// The group's kind.
        kind: Kind,
        /// The first group's name.
        name: String,
        /// The first group's row.
        first: usize,
    },
}

/// A value that applies, as a `value.default_applied` message names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Used {
    /// A duration.
    Dur(Dur),
    /// Tries and waits.
    Tries(Tries),
    /// Tries that no count bounds (a product's 0 for unlimited).
    Unlimited,
    /// Retry conditions.
    RetryOn(RetryOn),
    /// A count, yes/no, idempotency or group cell, as written (trimmed).
    Text(String),
}

/// A catalog entry whose documented default applies, and the version of its product the row
/// names, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FromCatalog {
    /// The entry.
    pub(crate) entry: &'static Entry,
    /// The version the row names (`7.4`).
    pub(crate) version: Option<String>,
}

/// What a row's note says, beside its catalog entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Note {
    /// What the row's finding says: how its value was completed, or why it cannot be read.
    Said(RowSaid),
    /// A positive duration below 1 ms, counted as 1 ms.
    BelowOneMs,
    /// A 0 that turns the product's feature off (nginx `keepalive_timeout 0`): no duration.
    ZeroOff(&'static Entry),
    /// A bare number in a tries cell read as its product documents it, after the default
    /// that supplied it, if one did.
    Bare {
        /// The default applied, if the number came from one.
        applied: Option<RowSaid>,
        /// What the number means.
        meaning: BareTries,
    },
}

/// What a bare number in a tries cell means to its product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BareTries {
    /// 0: unlimited tries.
    Unlimited(&'static Entry),
    /// 0: the product's default tries.
    Default(&'static Entry, Tries),
    /// A count of retries (HAProxy `retries 3`: 4 tries).
    Retries(&'static Entry, i64, Tries),
    /// -1: no retries, 1 try.
    NoRetries(&'static Entry),
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

/// What a checked fix says: its steps, and the caps of the steps that raise a setting above
/// the most its provider allows, in the order of the fix's [`crate::fix::OverCap`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FixSaid {
    /// The steps, in the order of the fix's cell changes.
    pub(crate) steps: Vec<StepSaid>,
    /// The caps.
    pub(crate) caps: Vec<&'static Cap>,
}

/// What one step of a fix does: raise, lower or reduce what, to which value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StepSaid {
    /// What the step does.
    pub(crate) verb: Verb,
    /// The setting it changes.
    pub(crate) target: Target,
    /// The value it writes.
    pub(crate) to: CellValue,
}

/// What a step of a fix does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verb {
    /// Raises a bound.
    Raise,
    /// Lowers a bound.
    Lower,
    /// Reduces a hop's tries.
    Reduce,
}

/// The setting a step of a fix changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// A node's deadline.
    NodeDeadline(String),
    /// A hop's bound of this kind (read, per-try, statement, visibility timeout, deadline).
    HopBound(String, Kind),
    /// A hop's tries.
    Tries(String),
}

/// The value a step of a fix writes into its cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CellValue {
    /// A duration, in ms.
    Duration(u64),
    /// Tries, with the hop's waits, in ms.
    Tries(u32, Vec<u64>),
}
