//! The grid's tests, of items of each of its files: row views, row buttons, cell heights,
//! shortcuts, change marks, keys, pastes and fills, row keys and flagged lines.

use std::collections::BTreeMap;

use budget::diff::LineChange;
use budget::Severity;

use super::actions::row_action_words;
use super::*;
use crate::editor::state::draft::RowAction;
use budget::Column;

#[test]
fn a_row_view_is_compared_in_place_exactly_as_it_is_made() {
    let rows = budget::tsv::import(budget::example::RESERVATION_EN)
        .unwrap()
        .rows;
    let report = budget::check(&budget::Sheet::new(Lang::En, rows));
    let flags = flagged_lines(&report);
    let defaults: Vec<Option<String>> = vec![None, Some("60s".into())];
    let sources = RowSources {
        report: &report,
        defaults: &defaults,
        flags: &flags,
        marks: None,
    };
    let view = sources.view(2, false);
    assert_eq!(view.derived.as_ref().map(|d| d.line), Some(2));
    assert_eq!(view.catalog_default.as_deref(), Some("60s"));
    assert!(sources.shows(&view, 2, false));
    // Another line, another default, the row lit: each is a different view.
    assert!(!sources.shows(&view, 3, false));
    let no_defaults = RowSources {
        defaults: &[],
        ..sources
    };
    assert!(!no_defaults.shows(&view, 2, false));
    assert!(!sources.shows(&view, 2, true));
    // A row the report has not got (a row added since) has no derived part.
    assert_eq!(sources.view(99, false).derived, None);
}

#[test]
fn a_row_button_is_named_with_and_without_its_row() {
    assert_eq!(
        row_action_words(Lang::En, RowAction::Delete, None),
        "Delete row"
    );
    assert_eq!(
        row_action_words(Lang::En, RowAction::Delete, Some(4)),
        "Delete row 4"
    );
    assert_eq!(
        row_action_words(Lang::Ja, RowAction::Delete, Some(4)),
        "行 4 を削除"
    );
    assert_eq!(
        row_action_words(Lang::En, RowAction::MoveTo(2), Some(7)),
        "Move row 7 up"
    );
}

#[test]
fn a_cell_shows_its_lines_up_to_six() {
    assert_eq!(text_rows(""), 1);
    assert_eq!(text_rows("30s"), 1);
    assert_eq!(text_rows("first\nsecond"), 2);
    assert_eq!(text_rows("first\r\nsecond\n"), 3);
    assert_eq!(text_rows(&"x\n".repeat(40)), 6);
}
use budget::{Finding, FindingCode};

fn finding(severity: Severity, rows: Vec<usize>) -> Finding {
    Finding {
        severity,
        rows,
        ..Finding::new(FindingCode::SlackNone)
    }
}

fn row(segment: &str, value: &str) -> budget::Row {
    budget::Row {
        segment: segment.into(),
        item: "read timeout".into(),
        value: value.into(),
        ..budget::Row::default()
    }
}

#[test]
fn every_shortcut_says_its_keys_and_what_they_do_in_both_languages() {
    for lang in [Lang::En, Lang::Ja] {
        for id in SHORTCUTS {
            assert_ne!(t(lang, id), id);
            assert_ne!(t(lang, &format!("{id}.keys")), format!("{id}.keys"));
        }
    }
    assert_eq!(t(Lang::En, "shortcut-enter.keys"), "Enter, Shift+Enter");
    assert_eq!(
        t(Lang::Ja, "shortcut-enter"),
        "下のセル、上のセル（Enter は編集中のセルから）"
    );
}

#[test]
fn the_marks_give_each_line_its_change_and_the_removed_rows_their_place() {
    let then = [
        row("LB -> app", "10s"),
        row("app -> DB", "1s"),
        row("app -> cache", "0.1s"),
    ];
    let now = [
        row("CDN -> LB", "30s"),
        row("LB -> app", "10s"),
        row("app -> DB", "2s"),
    ];
    let marks = ChangeMarks::new(&then, &now);
    assert_eq!(
        (
            marks.change(1),
            marks.change(2),
            marks.change(3),
            marks.change(4)
        ),
        (
            Some(LineChange::Added),
            Some(LineChange::Same),
            Some(LineChange::Changed),
            None
        )
    );
    assert_eq!(marks.old(3, Column::Value), Some("1s".to_string()));
    assert_eq!(marks.old(3, Column::Segment), None);
    assert_eq!(
        marks.removed,
        BTreeMap::from([(
            3,
            vec![vec![
                String::new(),
                "app -> cache".into(),
                "read timeout".into(),
                String::new(),
                String::new(),
                "0.1s".into(),
                String::new(),
                String::new(),
            ]]
        )])
    );
    assert_eq!(
        marks.summary(Lang::En),
        "1 cell changed, 1 row added, 1 row removed"
    );
    assert_eq!(
        ChangeMarks::new(&then, &then).summary(Lang::En),
        "no change"
    );
    assert_eq!(
        marks.summary(Lang::Ja),
        "変更したセル 1、追加した行 1、削除した行 1"
    );
}

#[test]
fn the_keys_move_between_cells_as_in_a_spreadsheet() {
    let size = (3, 8);
    let at = |key, shift, caret, text| move_from(key, shift, caret, text, (2, 3), size);
    assert_eq!(at("Enter", false, (0, 0), "x"), Some((3, 3)));
    assert_eq!(at("Enter", true, (0, 0), "x"), Some((1, 3)));
    assert_eq!(at("Tab", false, (0, 0), "x"), Some((2, 4)));
    assert_eq!(at("Tab", true, (0, 0), "x"), Some((2, 2)));
    // Left and right leave the cell only from the start or the end of its text.
    assert_eq!(at("ArrowLeft", false, (0, 0), "abc"), Some((2, 2)));
    assert_eq!(at("ArrowLeft", false, (1, 1), "abc"), None);
    assert_eq!(at("ArrowRight", false, (3, 3), "abc"), Some((2, 4)));
    assert_eq!(at("ArrowRight", false, (0, 3), "abc"), None);
    // Up and down leave a two-line cell only from its first or its last line.
    assert_eq!(at("ArrowUp", false, (1, 1), "a\nb"), Some((1, 3)));
    assert_eq!(at("ArrowUp", false, (3, 3), "a\nb"), None);
    assert_eq!(at("ArrowDown", false, (1, 1), "a\nb"), None);
    assert_eq!(at("ArrowDown", false, (3, 3), "a\nb"), Some((3, 3)));
    // The caret counts UTF-16 units: after "秒" (one unit) is the end of "秒".
    assert_eq!(at("ArrowRight", false, (1, 1), "秒"), Some((2, 4)));
    assert_eq!(at("ArrowRight", false, (1, 1), "⏱️"), None);
    // Tab wraps to the next row and back; the grid's edges stop the move.
    assert_eq!(
        move_from("Tab", false, (0, 0), "", (1, 7), size),
        Some((2, 0))
    );
    assert_eq!(
        move_from("Tab", true, (0, 0), "", (2, 0), size),
        Some((1, 7))
    );
    assert_eq!(move_from("Tab", false, (0, 0), "", (3, 7), size), None);
    assert_eq!(move_from("Tab", true, (0, 0), "", (1, 0), size), None);
    assert_eq!(move_from("Enter", false, (0, 0), "", (3, 0), size), None);
    assert_eq!(move_from("ArrowUp", false, (0, 0), "", (1, 0), size), None);
    assert_eq!(move_from("a", false, (0, 0), "", (1, 0), size), None);
}

#[test]
fn a_pasted_block_fills_from_its_cell_and_adds_the_rows_it_needs() {
    let owner = Owner::new();
    owner.set();
    let rows = RwSignal::new(draft::drafts(&[row("LB -> app", "10s")], 0));
    let block = budget::tsv::clipboard("a\t\"two\nlines\"\nb\tc\td\te\tf\tg\th\ti\n");
    // From row 1's value (column 6 of 8): the grid refuses the block (too wide); written
    // anyway, two cells fit on each line and the rest is cut.
    assert!(TooWide::check(&block.cells, 5).is_err());
    assert_eq!(fill_block(rows, (1, 5), &block.cells), 5);
    let now = draft::rows(&rows.get_untracked());
    assert_eq!(now.len(), 2);
    assert_eq!(
        (now[0].value.as_str(), now[0].location.as_str()),
        ("a", "two\nlines")
    );
    assert_eq!(now[0].segment, "LB -> app");
    assert_eq!(
        (
            now[1].value.as_str(),
            now[1].location.as_str(),
            now[1].rationale.as_str()
        ),
        ("b", "c", "d")
    );
    assert_eq!(fill_block(rows, (0, 0), &block.cells), 0);
}

#[test]
fn a_block_too_wide_for_the_columns_right_of_its_cell_is_refused_with_what_does_not_fit() {
    let block = budget::tsv::clipboard("a\tb\tc\td\te\tf\tg\th\ti\nj\tk\n");
    // Nine columns wide into the value column (index 5): three columns from there to the
    // end, six cells past it on the first line, none on the second.
    let too_wide = TooWide::check(&block.cells, 5).unwrap_err();
    assert_eq!(
        too_wide,
        TooWide {
            width: 9,
            column: Column::Value,
            room: 3,
            cells: 6
        }
    );
    assert_eq!(
        too_wide.message(Lang::En, Lang::En),
        "The paste is 9 columns wide; from column value to the end of the row there are 3 \
         columns, so 6 cells do not fit. Nothing was pasted: paste it into a cell further left."
    );
    assert_eq!(
        too_wide.message(Lang::Ja, Lang::Ja),
        "貼り付ける範囲は 9 列ですが、列「設定値」から行の終わりまでは 3 列なので、6 個のセルが\
         収まりません。何も貼り付けていません。もっと左のセルに貼り付けてください。"
    );
    let one = TooWide::check(&budget::tsv::clipboard("a\tb\n").cells, 7).unwrap_err();
    assert_eq!(
        one.message(Lang::En, Lang::Ja),
        "The paste is 2 columns wide; from column 根拠 to the end of the row there is 1 \
         column, so 1 cell does not fit. Nothing was pasted: paste it into a cell further left."
    );
    assert_eq!(TooWide::check(&block.cells, 0).map_err(|w| w.cells), Err(1));
    assert_eq!(TooWide::check(&block.cells[1..], 6), Ok(()));
}

#[test]
fn a_paste_into_a_sheet_without_rows_is_read_as_the_import_reads_it() {
    // A header in any order, in either language, puts each column where it names.
    let text = "設定値\tsegment\tlayer\titem\tsetting\tdefault\tlocation\trationale\n\
                3s\tapp -> DB\t2\t\t\t\t\t\n";
    let rows = rows_from_paste(text, Lang::En, Lang::En).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (
            rows[0].layer.as_str(),
            rows[0].segment.as_str(),
            rows[0].value.as_str()
        ),
        ("2", "app -> DB", "3s")
    );
    // A header that leaves a column out is refused, as the import refuses it.
    assert_eq!(
        rows_from_paste("value\tsegment\n3s\tapp -> DB\n", Lang::En, Lang::En),
        Err(
            "line 1: the header must name each of the eight columns once; \"layer\" is missing"
                .to_string()
        )
    );
    // Without one, cells fill from the first column, a short line too.
    let rows = rows_from_paste("1\tLB -> app\tread timeout\n2\tapp\n", Lang::En, Lang::En);
    let rows = rows.unwrap();
    assert_eq!(
        (
            rows[0].layer.as_str(),
            rows[0].item.as_str(),
            rows[1].segment.as_str()
        ),
        ("1", "read timeout", "app")
    );
    // A header line whose data lines are short is refused as the import refuses it.
    let header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
    assert_eq!(
        rows_from_paste(&format!("{header}1\tapp\n"), Lang::En, Lang::En).map(|r| r.len()),
        Err(
            "line 2: expected 8 cells, found 2; each row needs exactly 8 tab-separated cells"
                .to_string()
        )
    );
    assert_eq!(
        rows_from_paste(&format!("{header}1\tapp\n"), Lang::Ja, Lang::En).map(|r| r.len()),
        Err("2 行目: セルが 8 個必要ですが 2 個です。各行はタブ区切りでちょうど 8 個のセルが必要です"
            .to_string())
    );
    assert_eq!(
        rows_from_paste("1\t2\t3\t4\t5\t6\t7\t8\t9\n", Lang::En, Lang::En).map(|r| r.len()),
        Err("The paste is 9 columns wide; from column layer to the end of the row there are 8 \
             columns, so 1 cell does not fit. Nothing was pasted: paste it into a cell further left."
            .to_string())
    );
    assert_eq!(rows_from_paste(" \n", Lang::En, Lang::En), Ok(Vec::new()));
}

#[test]
fn alt_keys_act_on_the_row() {
    let key = |k, code, alt, shift, ctrl| row_key(k, code, alt, shift, ctrl);
    for (k, code, shift, action) in [
        ("ArrowUp", "ArrowUp", false, RowAction::MoveUp),
        ("ArrowDown", "ArrowDown", false, RowAction::MoveDown),
        ("ArrowUp", "ArrowUp", true, RowAction::InsertAbove),
        ("ArrowDown", "ArrowDown", true, RowAction::InsertBelow),
        // Alt+Shift+D types "Î" on a Mac: the physical key counts.
        ("Î", "KeyD", true, RowAction::Duplicate),
        ("Backspace", "Backspace", true, RowAction::Delete),
    ] {
        assert_eq!(key(k, code, true, shift, false), Some(action), "{k} {code}");
    }
    assert_eq!(key("ArrowUp", "ArrowUp", false, false, false), None);
    assert_eq!(key("ArrowUp", "ArrowUp", true, false, true), None);
    assert_eq!(key("d", "KeyD", true, false, false), None);
}

#[test]
fn shift_arrows_leave_a_cell_from_its_edge_even_with_text_selected() {
    let at = |key, caret, text| move_from(key, true, caret, text, (2, 3), (3, 8));
    assert_eq!(at("ArrowRight", (1, 3), "abc"), Some((2, 4)));
    assert_eq!(at("ArrowLeft", (0, 2), "abc"), Some((2, 2)));
    assert_eq!(at("ArrowRight", (0, 2), "abc"), None);
    assert_eq!(at("ArrowDown", (0, 3), "abc"), Some((3, 3)));
}

#[test]
fn a_line_shows_its_worst_finding() {
    let report = Report {
        findings: vec![
            finding(Severity::Info, vec![1, 2]),
            finding(Severity::Error, vec![2, 3]),
            finding(Severity::Warning, vec![3]),
        ],
        ..Report::default()
    };
    let flags = flagged_lines(&report);
    assert_eq!(flags.get(&1), Some(&Severity::Info));
    assert_eq!(flags.get(&2), Some(&Severity::Error));
    assert_eq!(flags.get(&3), Some(&Severity::Error));
    assert_eq!(flags.get(&4), None);
}
