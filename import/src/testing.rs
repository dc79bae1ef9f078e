//! What the importers' tests share.

use budget::Row;

/// `segment | setting | value | location` of each row that is not a route group: a row as the
/// tests compare it.
pub(crate) fn brief(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item != "route group")
        .map(|r| {
            format!(
                "{} | {} | {} | {}",
                r.segment, r.setting, r.value, r.location
            )
        })
        .collect()
}

/// `segment = routes @ location` of each route group row: the alternatives a caller's routes
/// are (spec §4.2).
pub(crate) fn route_groups(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item == "route group")
        .map(|r| format!("{} = {} @ {}", r.segment, r.value, r.location))
        .collect()
}

/// `item | setting | default | value | rationale` of every row: the words a sheet's language
/// gives its rows.
pub(crate) fn item_cells(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            format!(
                "{} | {} | {} | {} | {}",
                r.item, r.setting, r.default, r.value, r.rationale
            )
        })
        .collect()
}
