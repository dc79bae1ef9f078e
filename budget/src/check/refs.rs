//! The provenance terms that refer to other numbers of the report ([`TraceRef`]), and the
//! rows a term names: what the listing of findings reads, without the rows' infos.

use crate::report::{TraceNumber, TraceRef, TraceTerm};

use super::limits::BRIEF_ROWS;

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
    let mut rows: Vec<usize> = Vec::with_capacity(terms.iter().map(|t| t.rows.len()).sum());
    for t in terms {
        rows.extend_from_slice(&t.rows);
    }
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
