//! Building the provenance of the report's numbers ([`TraceTerm`]s): a term read from a row,
//! a term taken from another number, and the rows a term names.

use crate::kind::Kind;
use crate::report::{TraceNumber, TraceRef, TraceTerm};
use crate::time::Time;

use super::rows::{RowInfo, Term};
use super::BRIEF_ROWS;

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

/// At most [`BRIEF_ROWS`] (16) of `rows`: what a term taken from another number lists.
pub(crate) fn brief(rows: &[usize]) -> Vec<usize> {
    rows[..rows.len().min(BRIEF_ROWS)].to_vec()
}

/// A reference to number `number` of the hop whose segment is `segment`.
pub(crate) fn of_hop(segment: &str, number: TraceNumber) -> TraceRef {
    TraceRef {
        hop: Some(segment.to_string()),
        node: None,
        number,
    }
}

/// A reference to number `number` of node `name`.
pub(crate) fn of_node(name: &str, number: TraceNumber) -> TraceRef {
    TraceRef {
        hop: None,
        node: Some(name.to_string()),
        number,
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

/// The term a number takes from another: its value (ms, or a count), the other number's rows
/// (kept to the first 16) and where it is.
pub(crate) fn taken(value_ms: Option<u64>, mut rows: Vec<usize>, from: TraceRef) -> TraceTerm {
    rows.truncate(BRIEF_ROWS);
    TraceTerm {
        value_ms,
        rows,
        from: Some(from),
        ..TraceTerm::default()
    }
}

/// The sorted rows of some terms, each once.
pub(crate) fn rows_of(terms: &[TraceTerm]) -> Vec<usize> {
    let mut rows: Vec<usize> = terms.iter().flat_map(|t| t.rows.iter().copied()).collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_term_names_at_most_16_rows_and_where_it_comes_from() {
        let rows: Vec<usize> = (1..=40).collect();
        let t = taken(Some(3_000), rows, of_hop("app -> DB", TraceNumber::Worst));
        assert_eq!(t.rows, (1..=16).collect::<Vec<_>>());
        assert_eq!(
            serde_json::to_value(&t.from).unwrap(),
            serde_json::json!({"hop": "app -> DB", "number": "worst"})
        );
    }

    #[test]
    fn the_terms_of_a_lower_bound_read_their_lower_ends() {
        let range = Time::from_dur(crate::value::Dur::Range(1_000, 2_000));
        assert_eq!(Reading::of_sum(Some(range)).ms(range), Some(2_000));
        let open = Time::from_dur(crate::value::Dur::AtLeast(100_000));
        assert_eq!(Reading::of_sum(Some(open)).ms(range), Some(1_000));
    }

    #[test]
    fn rows_of_terms_are_sorted_once_each() {
        let a = TraceTerm {
            rows: vec![9, 10],
            ..TraceTerm::default()
        };
        let b = TraceTerm {
            rows: vec![6, 9],
            ..TraceTerm::default()
        };
        assert_eq!(rows_of(&[a, b]), vec![6, 9, 10]);
    }
}
