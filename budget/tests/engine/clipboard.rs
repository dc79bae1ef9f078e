//! `budget::tsv::clipboard`: blocks as Google Sheets, Excel and LibreOffice put them on the
//! clipboard when a range is copied (paste a block).

use budget::tsv::{clipboard, Block};
use budget::Lang;

fn cells(rows: &[&[&str]]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

#[test]
fn google_sheets_quotes_a_two_line_cell_and_ends_no_line() {
    // Google Sheets in Chromium: `\n` between lines, none after the last; a cell with a line
    // break quoted.
    let text = "app -> DB\tconnect timeout\t1s\n\
                app -> DB\tstatement timeout\t\"2s\nmeasured\"\n\
                app -> DB\tlock timeout\t1s";
    assert_eq!(
        clipboard(text),
        Block {
            header: None,
            cells: cells(&[
                &["app -> DB", "connect timeout", "1s"],
                &["app -> DB", "statement timeout", "2s\nmeasured"],
                &["app -> DB", "lock timeout", "1s"],
            ]),
        }
    );
}

#[test]
fn excel_ends_every_line_with_crlf_and_keeps_trailing_empty_cells() {
    // Excel on Windows: `\r\n` after every line, the last included; empty cells at a line's
    // end as trailing tabs; a quote inside a quoted cell doubled.
    let text = "4\tapp -> API\t\r\n4\tapp -> API\t\"say \"\"hi\"\"\r\nthen wait\"\r\n";
    assert_eq!(
        clipboard(text).cells,
        cells(&[
            &["4", "app -> API", ""],
            &["4", "app -> API", "say \"hi\"\r\nthen wait"]
        ])
    );
}

#[test]
fn libreoffice_ends_the_last_line_and_a_header_line_is_not_data() {
    // LibreOffice Calc: `\n` after every line; the block copied with the sheet's header row.
    let text = "区間\t項目\t設定値\nLB -> app\t読み取りタイムアウト\t10s\n";
    assert_eq!(
        clipboard(text),
        Block {
            header: Some(Lang::Ja),
            cells: cells(&[&["LB -> app", "読み取りタイムアウト", "10s"]]),
        }
    );
    let english = clipboard("segment\titem\nLB -> app\tread timeout\n");
    assert_eq!(english.header, Some(Lang::En));
    assert_eq!(english.cells, cells(&[&["LB -> app", "read timeout"]]));
}

#[test]
fn one_word_that_names_a_column_is_data_and_guards_are_removed() {
    // A single cell "value" is a value someone copied, not a header.
    assert_eq!(clipboard("value\n").cells, cells(&[&["value"]]));
    assert_eq!(clipboard("value\n").header, None);
    // Our own export's formula guard comes off, as the import takes it off.
    assert_eq!(
        clipboard("'=1+1\t'+81 3\n").cells,
        cells(&[&["=1+1", "+81 3"]])
    );
    // The guard before a formula behind spaces or invisible characters comes off too; a `'`
    // before text that needs no guard is the cell's own.
    assert_eq!(
        clipboard("' =1\t'\u{a0}@x\t'\u{200b}+1 2\t -1\t'x\n").cells,
        cells(&[&[" =1", "\u{a0}@x", "\u{200b}+1 2", " -1", "'x"]])
    );
    // A byte-order mark (a file opened in Excel, copied) is not part of the first cell.
    assert_eq!(clipboard("\u{feff}a\tb").cells, cells(&[&["a", "b"]]));
}
