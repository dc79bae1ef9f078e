//! A row's cells and its catalog entry as the tests compare them: shared by the crate's unit
//! tests and its corpus tests.

use budget::{Column, Lang, Row};

/// The cells of `row` that `header` names (English column headers joined by ` | `, as
/// `default | rationale`), joined the same way.
pub fn cells_of(row: &Row, header: &str) -> String {
    let cells: Vec<&str> = header
        .split(" | ")
        .map(|h| match Column::from_header(h) {
            Some((column, Lang::En)) => row.cell(column),
            _ => panic!("{h:?} is not an English column header"),
        })
        .collect();
    cells.join(" | ")
}

/// The product and the name of the catalog entry `row` names; a row the catalog does not know
/// fails the test.
pub fn entry_of(row: &Row) -> (&'static str, &'static str) {
    let entry =
        budget::catalog::lookup(row).unwrap_or_else(|| panic!("no catalog entry for {row:?}"));
    (entry.product, entry.name)
}
