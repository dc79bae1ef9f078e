//! What the rules read ([`Input`]).

use crate::sheet::Row;

use super::super::graph::Graph;
use super::super::hops::HopCalc;
use super::super::rows::RowInfo;

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
