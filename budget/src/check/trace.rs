//! Building the provenance of the report's numbers ([`TraceTerm`]s): a term read from a row,
//! and (from [`super::refs`]) a term taken from another number and the rows a term names.

use crate::kind::Kind;
use crate::report::TraceTerm;
use crate::time::Time;

pub(crate) use super::refs::{of_hop, of_node, taken};
use super::rows::{RowInfo, Term};

/// How the terms of a sum read their times: at their upper end, or at their lower end when
/// the sum is only known as a lower bound (so that the terms add up to the number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// As a need: the upper end.
    Need,
    /// As a bound, or in a sum known only as a lower bound: the lower end.
    LowerEnd,
}

impl Reading {
    /// The reading of the terms of a sum whose total is `total`.
    pub(crate) fn of_sum(total: Option<Time>) -> Reading {
        if total.is_some_and(Time::is_open) {
            Reading::LowerEnd
        } else {
            Reading::Need
        }
    }

    /// A time, read so.
    pub(crate) fn ms(self, time: Time) -> Option<u64> {
        match self {
            Reading::Need => time.need_ms(),
            Reading::LowerEnd => time.bound_ms(),
        }
    }
}

/// The term of a duration read from one row (its kind from `infos`), its value read so.
pub(crate) fn row_term(term: &Term, infos: &[RowInfo], reading: Reading) -> TraceTerm {
    TraceTerm {
        kind: infos.get(term.line.wrapping_sub(1)).map(|i| i.kind),
        value_ms: reading.ms(term.time),
        rows: vec![term.line],
        ..TraceTerm::default()
    }
}

/// The term of a value of `kind` that could not be read, naming its rows among `lines`.
pub(crate) fn unknown_term(kind: Kind, lines: &[usize], infos: &[RowInfo]) -> TraceTerm {
    TraceTerm {
        kind: Some(kind),
        rows: lines
            .iter()
            .copied()
            .filter(|&l| {
                let info = &infos[l - 1];
                matches!(info.val, super::rows::Val::Unknown) && same_slot(info.kind, kind)
            })
            .collect(),
        ..TraceTerm::default()
    }
}

/// Whether rows of kind `a` fill the slot of kind `b` (`statement` fills the per-try slot).
fn same_slot(a: Kind, b: Kind) -> bool {
    a == b
        || matches!(
            (a, b),
            (Kind::Statement, Kind::Attempt) | (Kind::Attempt, Kind::Statement)
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_of_a_lower_bound_read_their_lower_ends() {
        let range = Time::from_dur(crate::value::Dur::Range(1_000, 2_000));
        assert_eq!(Reading::of_sum(Some(range)).ms(range), Some(2_000));
        let open = Time::from_dur(crate::value::Dur::AtLeast(100_000));
        assert_eq!(Reading::of_sum(Some(open)).ms(range), Some(1_000));
    }
}
