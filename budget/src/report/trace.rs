//! The provenance of the report's numbers: each number's terms, each with the rows it was read
//! from and the upstream number it takes (`docs/spec/report.md`, "Where a number comes from").
//!
//! A number's trace is a list of [`TraceTerm`]s that make it, in the formula's order. How the
//! terms make the number depends on the number: a hop's `per_try`, a hop's `need` and a node's
//! `inner` and `need` are the **sum** of their terms; a hop's `tries` is their **product**; a
//! hop's `wait` and a node's `deadline` are their **one** term; a hop's `worst` is `per try ×
//! tries + waits` (nested layers from the inside out), capped by a deadline or retry window
//! term when there is one, as the hop's `formula` writes it.
//!
//! Provenance is by reference: a term names the rows it reads itself, and a number it takes
//! from another hop or node by that number's place (`from`), never by a copy of its rows. A
//! reader walks from any number to its rows through `rows` and `from`
//! ([`RowsBehind`](crate::RowsBehind) does).

use serde::{Deserialize, Serialize};

use crate::kind::Kind;

/// Which number of a hop or node a term takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TraceNumber {
    /// A hop's per-try bound (`per_try_ms`).
    PerTry,
    /// A hop's tries (`tries`).
    Tries,
    /// A hop's early phase (`early_ms`): what a failed try costs when every retry condition
    /// is early (§4.1).
    Early,
    /// A hop's worst case (`worst_ms`).
    Worst,
    /// A hop's wait for one response (`wait_ms`).
    Wait,
    /// A hop's need (`need_ms`: what its wait is checked against) or a node's need
    /// (`need_ms`).
    Need,
    /// A node's inner need (`inner_ms`).
    Inner,
    /// A node's deadline (`deadline_ms`).
    Deadline,
}

/// A number of the report that a term takes: one of a hop's (by its `segment`) or of a node's
/// (by its `name`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceRef {
    /// The hop's segment, as in [`HopReport::segment`](crate::HopReport::segment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hop: Option<String>,
    /// The node's name, as in [`NodeReport::name`](crate::NodeReport::name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Which of its numbers.
    pub number: TraceNumber,
}

/// One term of a number: read from rows, or taken from another number of the report.
/// Fields that do not apply are left out of the JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceTerm {
    /// The kind of the rows it is read from (`connect`, `own`, `deadline`, `tries`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    /// Its name where no kind names it, in the sheet's language: a callee's name (`DB`, a
    /// hop's worst case in its caller's need), `max(a, b)` (a parallel group), `waits`, a
    /// product's documented default (`nginx default`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its value in ms, read as the number it is part of reads it (a need at its upper end, a
    /// bound at its lower end); left out when unknown or `∞`, and for counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_ms: Option<u64>,
    /// Its value as a count (tries, upstream targets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// The rows it reads itself (data rows counted from 1, sorted). A term taken `from`
    /// another number names none of that number's rows: walk `from` for them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<usize>,
    /// The number of the report it takes, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<TraceRef>,
    /// For a parallel or route group's term (`max(a, b)` in a node's inner need and need):
    /// the segments of the group's hops, in the sheet's order; `from` names the longest. The
    /// rows behind a parallel group's term are those of every hop in it (the longest of them
    /// may change with any); behind a route group's, those of the longest alone. Empty (and
    /// left out of the JSON) for every other term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub group: Vec<String>,
    /// Whether the `group` is of routes, alternatives of which only the longest decides the
    /// need (`budget-model.md` §4.2), not of calls made in parallel. Left out of the JSON when
    /// false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routes: bool,
}

/// Where a hop's numbers come from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HopTrace {
    /// `per_try_ms`: the sum of these (connect + read, or the per-try timeout, + connect).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_try: Vec<TraceTerm>,
    /// `tries`: the product of these (each tries layer, the upstream targets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tries: Vec<TraceTerm>,
    /// `early_ms`: the sum of these (connect, + send with `header-send`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub early: Vec<TraceTerm>,
    /// `worst_ms`: per try × tries + waits (or, retrying on early conditions only, early ×
    /// (tries − 1) + per try + waits), capped by a deadline or a retry window term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worst: Vec<TraceTerm>,
    /// `wait_ms`: its one term, the bound the caller waits with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wait: Vec<TraceTerm>,
    /// `need_ms`: the sum of these (queueing, the callee's worst case, the margin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub need: Vec<TraceTerm>,
}

/// Where a node's numbers come from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NodeTrace {
    /// `inner_ms`: the sum of these (each call's worst case, a parallel group's longest).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<TraceTerm>,
    /// `need_ms`: the sum of these (the inner terms, its own time, its margin rows).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub need: Vec<TraceTerm>,
    /// `deadline_ms`: its one term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deadline: Vec<TraceTerm>,
}

/// Where a finding's `bound_ms` and `need_ms` come from: the rows they are read from, or the
/// number of a hop or node they are (walk it there).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FindingTrace {
    /// `bound_ms`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bound: Vec<TraceTerm>,
    /// `need_ms`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub need: Vec<TraceTerm>,
}
