//! Plain-text tables for the terminal: columns aligned by display width (East Asian wide
//! characters count 2), each line indented, the last column unpadded.

use unicode_width::UnicodeWidthStr;

/// `text` with every control character but the line break, and every bidirectional control
/// (U+202A–U+202E, U+2066–U+2069), written as its escape (`\u{1b}`): a terminal shows it
/// instead of obeying it. Everything else is unchanged.
pub(crate) fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (c.is_control() && c != '\n') || app::model::is_bidi_control(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// Space between columns.
pub(crate) const GAP: &str = "  ";

/// The display width of each column (East Asian wide characters count 2).
pub(crate) fn column_widths(table: &[Vec<String>]) -> Vec<usize> {
    let columns = table.iter().map(Vec::len).max().unwrap_or(0);
    (0..columns)
        .map(|c| {
            table
                .iter()
                .filter_map(|row| row.get(c))
                .map(|s| s.width())
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// Writes `table` with its columns aligned (the last column unpadded), each line indented.
pub(crate) fn push_table(out: &mut String, table: &[Vec<String>]) {
    let widths = column_widths(table);
    for row in table {
        push_row(out, row, &widths);
    }
}

/// Writes one line of cells padded to `widths`, the last cell unpadded.
pub(crate) fn push_row(out: &mut String, cells: &[String], widths: &[usize]) {
    let mut line = String::from(GAP);
    for (i, cell) in cells.iter().enumerate() {
        line.push_str(cell);
        if i + 1 < cells.len() {
            line.push_str(&" ".repeat(widths[i].saturating_sub(cell.width())));
            line.push_str(GAP);
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_cells_align_by_display_width() {
        let mut out = String::new();
        push_table(
            &mut out,
            &[
                vec!["アプリ".into(), "x".into()],
                vec!["LB".into(), "y".into()],
            ],
        );
        assert_eq!(out, "  アプリ  x\n  LB      y\n");
    }

    #[test]
    fn escape_sequences_and_bidi_controls_are_shown_not_obeyed() {
        assert_eq!(
            terminal_safe("app\u{1b}[2J\tx\u{202E}y\n行"),
            "app\\u{1b}[2J\\u{9}x\\u{202e}y\n行"
        );
    }
}
