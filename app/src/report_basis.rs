//! What the sheet page's report is of, when it is not simply the rows on the page as saved:
//! the line the summary opens with, so that the summary never says less than the truth.
//!
//! - The page holds more rows than a sheet holds ([`budget::tsv::MAX_ROWS`]): every save is
//!   refused, and the report (checked all the same, up to
//!   [`crate::model::MAX_CHECK_ROWS`]) is of rows that are not saved.
//! - A cell waits for the user's choice between their text and someone else's: the report is
//!   of the rows on the page, the user's text in the cells in conflict, which are not saved.
//!
//! Otherwise the report is of the rows on the page, saved or on their way, and the summary
//! says nothing more than its counts.

use budget::Lang;

use crate::i18n::{t, t_args};
use crate::model::CellConflict;

/// The line the summary opens with, in `ui`, the page's language; none when the report is of
/// the rows on the page as saved (or being saved). `on_page` is the rows the page holds,
/// `reported` the rows the report shown is of, `conflicts` the cells waiting for the user's
/// choice.
///
/// ```
/// use app::report_basis::note;
/// use budget::Lang;
/// assert_eq!(
///     note(Lang::En, 5_001, 5_001, &[]).as_deref(),
///     Some("This report is of the 5,001 rows on this page, which are not saved: a sheet holds at most 5,000 rows.")
/// );
/// assert_eq!(note(Lang::En, 5_000, 5_000, &[]), None);
/// ```
pub fn note(
    ui: Lang,
    on_page: usize,
    reported: usize,
    conflicts: &[CellConflict],
) -> Option<String> {
    let max = budget::tsv::MAX_ROWS;
    if on_page > max {
        let key = if reported == on_page {
            "report-of-unsaved-rows"
        } else {
            "report-of-other-rows"
        };
        return Some(t_args(
            ui,
            key,
            [
                ("count", grouped(on_page).into()),
                ("reported", grouped(reported).into()),
                ("n", reported.into()),
                ("max", grouped(max).into()),
            ],
        ));
    }
    if conflicts.is_empty() {
        return None;
    }
    let each = conflicts
        .iter()
        .map(|c| conflict_clause(ui, c))
        .collect::<Vec<_>>()
        .join(&t(ui, "report-conflict-separator"));
    Some(t_args(
        ui,
        "report-of-your-rows",
        [("conflicts", each.into())],
    ))
}

/// One cell in conflict as the summary names it: `your value in row 7 conflicts with bob's
/// change`.
fn conflict_clause(ui: Lang, c: &CellConflict) -> String {
    let by = c.by.clone().unwrap_or_else(|| t(ui, "report-someone-else"));
    match (c.line, c.column) {
        (Some(line), Some(column)) => t_args(
            ui,
            "report-conflict-cell",
            [
                ("line", line.into()),
                ("column", column.header(ui).into()),
                ("by", by.into()),
            ],
        ),
        // Their side deleted the row the user edited.
        (None, Some(column)) => t_args(
            ui,
            "report-conflict-deleted-row",
            [("column", column.header(ui).into()), ("by", by.into())],
        ),
        // The user deleted a row their side changed.
        (Some(line), None) => t_args(
            ui,
            "report-conflict-delete",
            [("line", line.into()), ("by", by.into())],
        ),
        (None, None) => t_args(ui, "report-conflict-delete-a-row", [("by", by.into())]),
    }
}

/// `n` with its thousands grouped by commas, as both languages of the page write counts of
/// rows: `5,001`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use budget::Column;

    fn conflict(line: Option<usize>, column: Option<Column>, by: Option<&str>) -> CellConflict {
        CellConflict {
            row_id: 7,
            line,
            column,
            base: "3s".into(),
            theirs: Some("4s".into()),
            mine: Some("5s".into()),
            by: by.map(String::from),
        }
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(5_000), "5,000");
        assert_eq!(grouped(10_001), "10,001");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn rows_beyond_the_limit_are_named_as_not_saved_in_both_languages() {
        for (lang, on_page, reported, said) in [
            (Lang::En, 5_001, 5_001, "This report is of the 5,001 rows on this page, which are not saved: a sheet holds at most 5,000 rows."),
            (Lang::Ja, 5_001, 5_001, "この報告は、このページにある保存されていない 5,001 行についてのものです。1 つのシートは 5,000 行までです。"),
            // The check of the rows on the page not back yet (or refused): the report is of
            // other rows, and says so.
            (Lang::En, 5_002, 5_001, "This report is of 5,001 rows, not of the 5,002 rows on this page, which are not saved: a sheet holds at most 5,000 rows."),
            (Lang::Ja, 5_002, 5_001, "この報告は 5,001 行についてのもので、このページにある保存されていない 5,002 行についてのものではありません。1 つのシートは 5,000 行までです。"),
        ] {
            assert_eq!(
                note(lang, on_page, reported, &[]).as_deref(),
                Some(said),
                "{lang:?}, {on_page} rows on the page, {reported} reported"
            );
        }
        // At the limit the rows save: nothing to say.
        assert_eq!(note(Lang::En, 5_000, 4_999, &[]), None);
    }

    #[test]
    fn a_conflict_names_the_cell_and_whose_change_it_meets() {
        let c = [conflict(Some(7), Some(Column::Value), Some("bob"))];
        assert_eq!(
            note(Lang::En, 12, 12, &c).as_deref(),
            Some("This report is of your rows, not yet saved: your value in row 7 conflicts with bob's change. Choose above which to keep.")
        );
        assert_eq!(
            note(Lang::Ja, 12, 12, &c).as_deref(),
            Some("この報告は、まだ保存されていないあなたの行についてのものです：行 7 のあなたの設定値が bob の変更と競合しています。上でどちらにするか選んでください。")
        );
        let two = [
            conflict(Some(7), Some(Column::Value), None),
            conflict(Some(3), None, Some("carol")),
            conflict(None, Some(Column::Item), Some("dave")),
        ];
        assert_eq!(
            note(Lang::En, 12, 12, &two).as_deref(),
            Some("This report is of your rows, not yet saved: your value in row 7 conflicts with someone else's change; your deletion of row 3 conflicts with carol's change; your item in a row that dave deleted. Choose above which to keep.")
        );
        assert_eq!(note(Lang::En, 12, 12, &[]), None);
    }
}
