//! Stage 6, rules: the rulebook's findings that add no numbers to the budget
//! (`budget-model.md` §5, marked R): implausible values and a product's rules between two of
//! its settings ([`values`]), lock below statement and read intervals ([`bounds`]), idle
//! direction ([`idle`]), and retry amplification, unsafe and hidden retries ([`retries`]).
//!
//! Input: everything the stages before found ([`Input`]). Output: findings only.
//!
//! Where the model leaves a case open, the rule and a worked number are written on the
//! function that decides it.

mod bounds;
mod idle;
mod retries;
mod values;

use crate::sheet::Row;

use super::findings::Findings;
use super::graph::Graph;
use super::hops::HopCalc;
use super::rows::RowInfo;

/// What the rules read: the sheet's rows, what each became, the graph and its hops' numbers.
#[derive(Clone, Copy)]
pub(crate) struct Input<'a> {
    pub(crate) rows: &'a [Row],
    pub(crate) infos: &'a [RowInfo],
    pub(crate) graph: &'a Graph,
    pub(crate) hops: &'a [HopCalc],
    /// The sheet's retry amplification threshold (attempts reaching one node).
    pub(crate) amplification_threshold: u64,
}

/// Runs every rule.
pub(crate) fn apply(input: Input, out: &mut Findings) {
    values::implausible_values(input, out);
    bounds::lock_below_statement(input, out);
    bounds::read_interval_only(input, out);
    idle::idle_direction(input, out);
    retries::retry_amplification(input, out);
    retries::retry_unsafe(input, out);
    retries::retry_hidden(input, out);
    values::setting_pairs(input, out);
}
