//! The engine's limits on what a report lists and a formula shows, so that the report of any
//! sheet stays within a few megabytes and every formula within a line.

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
/// `graph::Hop::brief_rows`).
pub(crate) const BRIEF_ROWS: usize = 16;

/// The most nested tries layers (tries rows on one hop) a formula shows one by one: 10. A hop
/// with more gets `tries.nested_too_deep` and a summarised formula; its numbers are still
/// computed (saturating).
pub const MAX_NESTED_TRIES: usize = 10;

/// The most waits of one tries layer a formula or a parsed value lists one by one: 10. A
/// longer list is written as its sum and its count: `+ 499.5 (999 waits)`.
pub const MAX_LISTED_WAITS: usize = 10;
