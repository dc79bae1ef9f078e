//! Text for the page that the engine does not write: times in UTC, labels of the page's own
//! controls. Durations, slack, verdicts, severities, rows labels, a finding's numbers and
//! source addresses come from [`budget::display`], so that the page writes them as the
//! messages and the command line do. Views call these and never format numbers themselves.

use crate::i18n::{t, t_args};
use budget::catalog::Entry;
use budget::{Column, Kind, Lang};
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

/// Milliseconds since the Unix epoch as a readable UTC time in `lang`:
/// `"2025-03-04 05:06 UTC"`, `"2025年3月4日 05:06 UTC"`.
pub fn utc_time(lang: Lang, ms: i64) -> String {
    utc(ms, readable(lang, false))
}

/// Milliseconds since the Unix epoch as a UTC time to the second in `lang`, for telling apart
/// changes of the same minute: `"2025-03-04 05:06:07 UTC"`, `"2025年3月4日 05:06:07 UTC"`.
pub fn utc_seconds(lang: Lang, ms: i64) -> String {
    utc(ms, readable(lang, true))
}

/// The readable layout of a UTC time in `lang`, to the minute or to the `seconds`.
fn readable(lang: Lang, seconds: bool) -> &'static [BorrowedFormatItem<'static>] {
    match (lang, seconds) {
        (Lang::En, false) => format_description!("[year]-[month]-[day] [hour]:[minute] UTC"),
        (Lang::En, true) => {
            format_description!("[year]-[month]-[day] [hour]:[minute]:[second] UTC")
        }
        (Lang::Ja, false) => format_description!(
            "[year]年[month padding:none]月[day padding:none]日 [hour]:[minute] UTC"
        ),
        (Lang::Ja, true) => format_description!(
            "[year]年[month padding:none]月[day padding:none]日 [hour]:[minute]:[second] UTC"
        ),
    }
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
fn utc(ms: i64, format: &[BorrowedFormatItem<'_>]) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(format).ok())
        .unwrap_or_else(|| budget::display::UNKNOWN.to_string())
}

/// Where a cell is, in the UI language `ui`: the message `in_row` with its `line` and
/// `column` (`"row 7, value"`), or `in_deleted_row` with its column alone when its row is
/// deleted (it has no line).
pub fn cell_place(
    ui: Lang,
    line: Option<usize>,
    column: Column,
    in_row: &str,
    in_deleted_row: &str,
) -> String {
    let header = column.header(ui);
    match line {
        Some(line) => t_args(
            ui,
            in_row,
            [("line", line.into()), ("column", header.into())],
        ),
        None => t_args(ui, in_deleted_row, [("column", header.into())]),
    }
}

/// A proposal's status in `lang`: `"open"`, `"承認済み"`.
pub fn proposal_status(lang: Lang, status: crate::model::ProposalStatus) -> String {
    use crate::model::ProposalStatus;
    match status {
        ProposalStatus::Open => t(lang, "proposal-open"),
        ProposalStatus::Approved => t(lang, "proposal-approved"),
        ProposalStatus::Rejected => t(lang, "proposal-rejected"),
    }
}

/// The row kind for the grid's Kind column, in the sheet's header language, as the
/// formulas name it: `connect` / `接続`, `own` / `自分の処理`, `tries` / `試行`. The code
/// (`retry_on`) stays the row's `data-kind`.
pub fn kind(kind: Kind, lang: Lang) -> &'static str {
    kind.term_name(lang)
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

/// A catalog entry as the setting autocomplete offers it in `lang`:
/// `"nginx — read, default 60s"` (without the default when the catalog records none).
pub fn catalog_label(lang: Lang, entry: &Entry) -> String {
    let product = entry.product;
    let kind = entry.kind.as_str();
    if entry.default.is_empty() {
        format!("{product} — {kind}")
    } else {
        t_args(
            lang,
            "catalog-option",
            [
                ("product", product.into()),
                ("kind", kind.into()),
                ("default", entry.default.into()),
            ],
        )
    }
}

/// The label of the button that fills a row's default cell from the catalog, in `lang`:
/// `"use default: 60s"`.
pub fn fill_default_label(lang: Lang, default: &str) -> String {
    t_args(lang, "fill-default", [("default", default.into())])
}

/// The label of the "fill from the catalog" button in `ui`, naming the cells it writes by
/// their headers: `"fill from nginx: item, default, location"`, `"nginx から入力：項目、既定値、設定箇所"`.
pub fn fill_from_catalog_label(
    ui: Lang,
    product: &str,
    cells: &[(budget::Column, String)],
) -> String {
    let names: Vec<&str> = cells.iter().map(|(c, _)| c.header(ui)).collect();
    let separator = match ui {
        Lang::En => ", ",
        Lang::Ja => "、",
    };
    t_args(
        ui,
        "fill-from-catalog",
        [
            ("product", product.into()),
            ("cells", names.join(separator).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc() {
        assert_eq!(utc_time(Lang::En, 0), "1970-01-01 00:00 UTC");
        // 2024-02-29 13:45:30 UTC
        assert_eq!(
            utc_time(Lang::En, 1_709_214_330_000),
            "2024-02-29 13:45 UTC"
        );
        assert_eq!(utc_time(Lang::En, -1), "1969-12-31 23:59 UTC");
        assert_eq!(
            utc_time(Lang::Ja, 1_709_214_330_000),
            "2024年2月29日 13:45 UTC"
        );
        assert_eq!(
            utc_time(Lang::Ja, 1_796_240_400_000),
            "2026年12月2日 19:40 UTC"
        );
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
    fn the_kind_column_is_in_the_sheets_language() {
        let kinds = [
            Kind::Deadline,
            Kind::Connect,
            Kind::Read,
            Kind::Own,
            Kind::Tries,
        ];
        assert_eq!(
            kinds.map(|k| kind(k, Lang::Ja)),
            ["期限", "接続", "読み取り", "自分の処理", "試行"]
        );
        assert_eq!(
            kinds.map(|k| kind(k, Lang::En)),
            ["deadline", "connect", "read", "own", "tries"]
        );
        assert_eq!(kind(Kind::RetryOn, Lang::En), "retry conditions");
    }

    #[test]
    fn catalog_entries_read_as_product_kind_and_default() {
        let entry = budget::catalog::entries()
            .iter()
            .find(|e| e.product == "nginx" && e.name == "proxy_read_timeout")
            .expect("the catalog has nginx's proxy_read_timeout");
        assert_eq!(catalog_label(Lang::En, entry), "nginx — read, default 60s");
        assert_eq!(
            fill_default_label(Lang::En, entry.default),
            "use default: 60s"
        );
        assert_eq!(catalog_label(Lang::Ja, entry), "nginx — read、既定値 60s");
        assert_eq!(
            fill_default_label(Lang::Ja, entry.default),
            "既定値を使う：60s"
        );
    }

    #[test]
    fn the_catalog_fill_names_its_cells_by_their_headers_in_the_ui_language() {
        use budget::Column;
        let cells = [
            (Column::Item, "read timeout".to_string()),
            (Column::Location, "nginx".to_string()),
        ];
        assert_eq!(
            fill_from_catalog_label(Lang::En, "nginx", &cells),
            "fill from nginx: item, location"
        );
        assert_eq!(
            fill_from_catalog_label(Lang::Ja, "nginx", &cells),
            "nginx から入力：項目、設定箇所"
        );
    }
}
