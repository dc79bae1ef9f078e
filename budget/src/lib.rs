//! The timeout budget engine (`spec/budget-model.md`).
//!
//! Pure Rust: no I/O, no web, database or async dependency, so the server, the browser
//! (wasm) and the command line run the same code. A [`Sheet`] goes in, a [`Report`] comes
//! out. Every duration is an integer number of **milliseconds**; the infinite duration (no
//! bound) and an unknown value are distinct.
//!
//! ```
//! let sheet = budget::tsv::import(budget::example::RESERVATION_EN).unwrap();
//! let report = budget::check(&budget::Sheet::new(budget::Lang::En, sheet.rows));
//! let app = report.nodes.iter().find(|n| n.name == "app").unwrap();
//! assert_eq!((app.need_ms, app.deadline_ms), (Some(7_800), Some(8_000)));
//! ```
//!
//! # Decisions where the model is open
//!
//! Each has a test with the same numbers (`tests/engine/rulebook.rs`, `tests/engine/incidents.rs`).
//!
//! - **Upstream targets**: a proxy with U targets runs the hop's tries on each in turn, the
//!   waits only between tries on one target: connect 5 s, read 60 s, 2 tries waiting 1 s,
//!   3 targets: `((5 + 60) × 2 + 1) × 3 = 393 s`, 6 attempts.
//! - **Retry window** W (nginx `proxy_next_upstream_timeout`): no try starts after W, and the
//!   last may run a whole per-try bound: 4 targets of 11 s with W = 15 s: `min(44, 15 + 11) =
//!   26 s`.
//! - **Retry conditions** (§4.1) apply to the hop's innermost tries layer and its upstream
//!   targets: 4 early-only tries on each of 2 targets are `(2 × 4 − 1) × early + per_try +
//!   2 × waits` (the waits happen on every target); outer tries layers repeat that whole:
//!   `((2 × 4 − 1) × (5 + 10) + (5 + 30)) × 2 + 1 = 281 s`. A failed try's early phase is at most
//!   the whole per-try bound (a send bound longer than the read leaves it at the per-try
//!   bound). A hop retried only on early conditions without a connect bound costs whole tries
//!   but still delivers once. The tries that fit such a hop are counted on each target,
//!   `(U × k − 1) × early + per_try + U × waits ≤ budget` ([`early_tries_that_fit`]), and
//!   whole tries on several targets `U × (k × per_try + waits) ≤ budget`: G6 behind a 100 s
//!   browser fits 2 tries on each container, and the fix reduces the tries row to 2. A
//!   `retry_on` row that cannot be read counts whole tries (the upper bound); `off` retries
//!   nothing. Products' words are read too: nginx `error`,
//!   `invalid_header` and `http_502`, gRPC's `cancelled` and `deadline-exceeded` (late),
//!   `resource-exhausted` (refused, as 429), Istio's `retriable-status-codes` (late, as 5xx).
//! - **Visibility timeout**: bounds each delivery like a per-try timeout and is the queue's
//!   wait for the worker; when it fails the worker's worst case plus the margin, the finding is
//!   `queue.redelivery` instead of `inversion.hop`: 30 s against a 60 s job: short by 31 s.
//! - **Queueing time** counts on the callee's side of the coverage check: read 10 s against
//!   2 s queueing + an 8 s deadline + 1 s margin: short by 1 s.
//! - **Parallel groups**: a node's need counts the longest hop of each group:
//!   `1.0 + max(3.0, 4.3) + 0.5 = 5.8 s`.
//! - **Propagated deadline**: a node that cuts each try to the time left turns its
//!   `inversion.node` into `tries.cut_by_deadline` (info), with the tries that fit: 8 s against
//!   3 tries of 3.5 s waiting 0.5 s and 1 s (12 s): 2 tries fit.
//! - **Attempts** along a path multiply tries, upstream targets and redeliveries; each node
//!   above the threshold of 3 is reported once, with its worst path: 3 × 3 × 5 = 45.
//! - **Idle direction** takes each side from the hop's rows, else from the caller's (caller
//!   side) or the callee's (callee side) own rows; equal values fail (short by 0).
//! - **Hidden retries** come from products whose catalog entry documents default retries
//!   (Istio, HAProxy, .NET's resilience handler, Redis clients, Sidekiq), not nginx, which
//!   retries only on another upstream server and so only when the sheet names upstreams.
//! - **Cost grows linearly with the sheet** (time, memory and report size; counted by
//!   [`check_counted`], pinned by `tests/engine/scaling.rs`): a hop with more than
//!   [`MAX_NESTED_TRIES`] (10) tries rows gets `tries.nested_too_deep` and a summarised
//!   formula; a waits list longer than [`MAX_LISTED_WAITS`] (10) is written as its sum,
//!   `+ 9.5 (19 waits)`; a `retry.amplification` path longer than 64 hops names its first and
//!   last three factors; a report lists at most [`MAX_LISTED_FINDINGS`] (2,000) findings, then
//!   `findings.truncated`. Attempts along paths are found in one pass in depth-first order from
//!   the outermost nodes; a hop back into a cycle is not followed.
//! - **Saturating sums**: a worst case past `u64::MAX` ms is the lower bound "at least
//!   `u64::MAX` ms", never a wrapped number, never unknown and never shown as an exact one: its
//!   `*_ms` fields hold `u64::MAX` (the lower end, as for `>100s`), its formula and message
//!   `≥ 18446744073709551.615 s`; connect `5000000000000h` + read `5000000000000h` against a
//!   1 s deadline is `inverted` for certain, short by `u64::MAX − 1,000` ms, its slack (beyond
//!   a signed 64-bit number) `null`. A saturated count of attempts reads "at least".
//! - **Unbounded is no bound**: a `none` deadline, per-try or visibility timeout bounds
//!   nothing, so the caller's wait is its read timeout and a hop with only connect and read
//!   beside a `none` deadline is `read.interval_only`.
//! - **Call cycles** (`a → b → a`) are `graph.cycle`, named on their first node; a hop's worst
//!   case never includes its callee's need, so nothing is summed around a cycle.
//! - **A completed value says so**: every kind (tries, counts, yes/no) whose value is not set
//!   and taken from the default column (or the catalog's documented default) has
//!   `value.default_applied`.
//! - **Pair rules** pair two settings within one segment, or across the sheet when each
//!   appears once; PostgreSQL's `statement_timeout > lock_timeout` is reported as
//!   `lock.not_below_statement`.
#![warn(missing_docs)]

mod behind;
pub mod catalog;
mod check;
mod checked;
mod code;
pub mod diff;
pub mod display;
pub mod duration;
pub mod example;
pub mod fix;
mod kind;
mod map;
pub mod picture;
mod render;
mod report;
pub mod retry_on;
mod said;
mod sheet;
mod time;
pub mod tsv;
pub mod value;

pub use behind::RowsBehind;
pub use check::{
    early_tries_that_fit, tries_that_fit, Work, MAX_LISTED_FINDINGS, MAX_LISTED_FINDINGS_TEXT,
    MAX_LISTED_WAITS, MAX_NESTED_TRIES,
};
pub use checked::{check, check_counted, Checked};
pub use code::FindingCode;
pub use kind::Kind;
pub use report::{
    Finding, FindingTrace, HopReport, HopTrace, NodeReport, NodeTrace, Repeats, Report, RowReport,
    Severity, Summary, TraceNumber, TraceRef, TraceTerm, Verdict,
};
pub use sheet::{
    read_amplification_threshold, read_margin, Column, Lang, Row, SettingError, Sheet,
    DEFAULT_AMPLIFICATION_THRESHOLD, DEFAULT_MARGIN_MS, MAX_AMPLIFICATION_THRESHOLD, MAX_MARGIN_MS,
};
pub use tsv::TsvError;
