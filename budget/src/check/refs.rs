//! The provenance terms that refer to other numbers of the report ([`TraceRef`]), and the
//! rows a term names: what the listing of findings reads, without the rows' infos.

use crate::report::{TraceNumber, TraceRef, TraceTerm};

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

/// The term a number takes from another: its value in ms (`None` when unknown or `∞`, or for
/// a count) and where that number is. It names no rows: they are the other number's, found
/// by walking `from`.
pub(crate) fn taken(value_ms: Option<u64>, from: TraceRef) -> TraceTerm {
    TraceTerm {
        value_ms,
        from: Some(from),
        ..TraceTerm::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_term_names_where_it_comes_from_and_no_rows() {
        let t = taken(Some(3_000), of_hop("app -> DB", TraceNumber::Worst));
        assert_eq!(
            serde_json::to_value(&t).unwrap(),
            serde_json::json!({"value_ms": 3000, "from": {"hop": "app -> DB", "number": "worst"}})
        );
    }
}
