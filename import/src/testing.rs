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
