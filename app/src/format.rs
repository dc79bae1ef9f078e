//! Text for the page that the engine does not write: times in UTC, labels of the page's own
//! controls. Durations, slack, verdicts, severities, rows labels, a finding's numbers and
//! source addresses come from [`budget::display`], so that the page writes them as the
//! messages and the command line do. Views call these and never format numbers themselves.

use budget::catalog::Entry;
use budget::Kind;
use time::macros::format_description;

/// Milliseconds since the Unix epoch as a readable UTC time: `"2025-03-04 05:06 UTC"`.
pub fn utc_time(ms: i64) -> String {
    utc(
        ms,
        format_description!("[year]-[month]-[day] [hour]:[minute] UTC"),
    )
}

/// Milliseconds since the Unix epoch as an RFC 3339 UTC time, for `<time datetime>`:
/// `"2025-03-04T05:06:07Z"`.
pub fn rfc3339(ms: i64) -> String {
    utc(
        ms,
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z"),
    )
}

/// Formats milliseconds since the Unix epoch in UTC; [`budget::display::UNKNOWN`] (`"—"`) for
/// a time out of range.
fn utc(ms: i64, format: &[time::format_description::BorrowedFormatItem<'_>]) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(format).ok())
        .unwrap_or_else(|| budget::display::UNKNOWN.to_string())
}

/// The row kind as the report writes it (`"connect"`, `"idle_in_tx"`, ...).
pub fn kind(kind: Kind) -> &'static str {
    kind.as_str()
}

/// How many tries a hop makes, for its table cell: `"2"`.
pub fn tries(tries: u32) -> String {
    tries.to_string()
}

/// The accessible name of a number of the report with the rows behind it: `("app", "need",
/// "15.5 s", "rows 5–10")` → `"app need 15.5 s: rows 5–10"`; the subject (a node, a hop, a
/// finding's code) may be empty, and so may `word` when `value` already has it.
pub fn number_label(subject: &str, word: &str, value: &str, rows: &str) -> String {
    let number = [subject, word, value]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if rows.is_empty() {
        number
    } else {
        format!("{number}: {rows}")
    }
}

/// A count with its noun: `(1, "row", "rows")` → `"1 row"`, `(3, ...)` → `"3 rows"`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A catalog entry as the setting autocomplete offers it: `"nginx — read, default 60s"`
/// (without the default when the catalog records none).
pub fn catalog_label(entry: &Entry) -> String {
    if entry.default.is_empty() {
        format!("{} — {}", entry.product, kind(entry.kind))
    } else {
        format!(
            "{} — {}, default {}",
            entry.product,
            kind(entry.kind),
            entry.default
        )
    }
}

/// The label of the button that fills a row's default cell from the catalog:
/// `"use default: 60s"`.
pub fn fill_default_label(default: &str) -> String {
    format!("use default: {default}")
}

/// The label of the "fill from the catalog" button: `"fill from nginx: item, default,
/// location"`, naming the cells it writes.
pub fn fill_from_catalog_label(product: &str, cells: &[(budget::Column, String)]) -> String {
    let names: Vec<&str> = cells
        .iter()
        .map(|(c, _)| c.header(budget::Lang::En))
        .collect();
    format!("fill from {product}: {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc() {
        assert_eq!(utc_time(0), "1970-01-01 00:00 UTC");
        // 2024-02-29 13:45:30 UTC
        assert_eq!(utc_time(1_709_214_330_000), "2024-02-29 13:45 UTC");
        assert_eq!(utc_time(-1), "1969-12-31 23:59 UTC");
        assert_eq!(rfc3339(1_709_214_330_000), "2024-02-29T13:45:30Z");
    }

    #[test]
    fn a_numbers_label_names_its_subject_value_and_rows() {
        assert_eq!(
            number_label("app", "need", "15.5 s", "rows 5–10"),
            "app need 15.5 s: rows 5–10"
        );
        assert_eq!(
            number_label("inversion.node", "", "need 15.5 s", "rows 5–10"),
            "inversion.node need 15.5 s: rows 5–10"
        );
        assert_eq!(
            number_label("app", "slack", "-7.5 s", ""),
            "app slack -7.5 s"
        );
    }

    #[test]
    fn counts_pick_their_noun() {
        assert_eq!(count(1, "row", "rows"), "1 row");
        assert_eq!(count(0, "row", "rows"), "0 rows");
    }

    #[test]
    fn catalog_entries_read_as_product_kind_and_default() {
        let entry = budget::catalog::entries()
            .iter()
            .find(|e| e.product == "nginx" && e.name == "proxy_read_timeout")
            .expect("the catalog has nginx's proxy_read_timeout");
        assert_eq!(catalog_label(entry), "nginx — read, default 60s");
        assert_eq!(fill_default_label(entry.default), "use default: 60s");
    }
}
