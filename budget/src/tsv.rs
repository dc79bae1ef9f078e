//! TSV in and out (`budget-model.md` §6), the way spreadsheets copy and paste it.
//!
//! Export writes UTF-8, a header line, the eight columns in sheet order, one row per line
//! ending in `\n`, and quotes a field only when it holds a tab, a newline or a double quote.
//! A cell a spreadsheet would run as a formula gets a leading `'`, which import removes again,
//! so `import(export(rows))` gives the rows back unchanged.

use crate::error::TsvError;
use crate::sheet::{Column, Lang, Row};

/// What an import read: the header's language (`None` for a paste without a header), the
/// rows in order, and the file line each row starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The header's language; `None` when the paste had no header line.
    pub lang: Option<Lang>,
    /// The rows, cells exactly as in the input (minus a formula guard `'`).
    pub rows: Vec<Row>,
    /// For each row, the 1-based line of the input its record starts on, as a text editor
    /// counts lines: blank lines and line breaks inside quoted cells included (for SARIF
    /// regions, which name file lines where the report names rows).
    pub lines: Vec<usize>,
}

/// Whether a spreadsheet would run `cell` as a formula: it starts with `=`, `+`, `-`, `@`, a
/// tab or a carriage return, is longer than that one character, and is not a plain number.
fn is_formula_like(cell: &str) -> bool {
    let Some(first) = cell.chars().next() else {
        return false;
    };
    if !matches!(first, '=' | '+' | '-' | '@' | '\t' | '\r') {
        return false;
    }
    if cell.len() == first.len_utf8() && matches!(first, '+' | '-') {
        // A lone sign is text to every spreadsheet (and the fixtures' "not set" marker).
        return false;
    }
    cell.parse::<f64>().is_err()
}

/// Whether export must put a `'` before `cell`: the cell is formula-like once its own
/// leading `'`s are set aside (so that a cell that already starts with `'` survives).
fn needs_guard(cell: &str) -> bool {
    is_formula_like(cell.trim_start_matches('\''))
}

/// Writes `rows` as TSV with a header line in `lang`.
///
/// ```
/// use budget::{tsv, Lang, Row};
/// let row = Row { layer: "1".into(), segment: "a -> b".into(), value: "=1+1".into(), ..Row::default() };
/// let text = tsv::export(&[row.clone()], Lang::En);
/// assert_eq!(text, "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n1\ta -> b\t\t\t\t'=1+1\t\t\n");
/// assert_eq!(tsv::import(&text).unwrap().rows, vec![row]);
/// ```
pub fn export(rows: &[Row], lang: Lang) -> String {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b'\t')
        .quote_style(csv::QuoteStyle::Necessary)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let header = Column::ALL.map(|c| c.header(lang));
    // Writing into a Vec cannot fail.
    writer.write_record(header).expect("write to memory");
    for row in rows {
        let cells = Column::ALL.map(|c| {
            let cell = row.cell(c);
            if needs_guard(cell) {
                format!("'{cell}")
            } else {
                cell.to_string()
            }
        });
        writer.write_record(&cells).expect("write to memory");
    }
    let bytes = writer.into_inner().expect("flush to memory");
    String::from_utf8(bytes).expect("the cells are UTF-8")
}

/// The most rows a sheet may hold: 5,000. Design sheets run to hundreds of rows; the limit
/// bounds what one import can cost the server (the engine keeps one wait per try of every
/// tries row).
pub const MAX_ROWS: usize = 5_000;

/// Reads a TSV sheet: a header in Japanese or English in any column order, or no header when
/// every line has exactly eight cells. Blank lines are skipped; cells are kept as written
/// (only a formula guard `'` is removed).
///
/// # Errors
///
/// [`TsvError::TooManyRows`] names the first row beyond [`MAX_ROWS`];
/// [`TsvError::WrongCellCount`] names the first line whose cell count differs from the
/// header's; [`TsvError::UnknownColumn`] and [`TsvError::BadHeader`] a header that is not the
/// eight columns; [`TsvError::Unreadable`] a line the reader cannot parse; [`TsvError::Empty`]
/// input with no line at all. Nothing is returned on error: a caller replacing a sheet keeps
/// the old one.
pub fn import(text: &str) -> Result<Imported, TsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());

    let mut records = Vec::new();
    let mut lines = LineCounter::new(text);
    for result in reader.records() {
        match result {
            Ok(record) => {
                let line = record.position().map_or(0, |p| lines.line_at(p.byte()));
                records.push((line, record));
            }
            Err(err) => {
                let line = err.position().map_or(0, |p| lines.line_at(p.byte()));
                return Err(TsvError::Unreadable {
                    line,
                    reason: err.to_string(),
                });
            }
        }
    }
    // The csv reader already skips empty lines; a line of spaces is blank too.
    records.retain(|(_, r)| !(r.len() == 1 && r[0].trim().is_empty()));
    let Some((first_line, first)) = records.first() else {
        return Err(TsvError::Empty);
    };

    let header = read_header(*first_line, first)?;
    let (lang, order, data) = match header {
        Some((lang, order)) => (Some(lang), order, &records[1..]),
        None => (None, Column::ALL.to_vec(), &records[..]),
    };
    if let Some((line, _)) = data.get(MAX_ROWS) {
        return Err(TsvError::TooManyRows { line: *line });
    }
    let expected = order.len();
    let mut rows = Vec::with_capacity(data.len());
    let lines = data.iter().map(|(line, _)| *line).collect();
    for (line, record) in data {
        if record.len() != expected {
            return Err(TsvError::WrongCellCount {
                line: *line,
                found: record.len(),
                expected,
            });
        }
        let mut row = Row::default();
        for (column, cell) in order.iter().zip(record.iter()) {
            *row.cell_mut(*column) = unguard(cell).to_string();
        }
        rows.push(row);
    }
    Ok(Imported { lang, rows, lines })
}

/// Turns the byte offsets of records, in increasing order, into 1-based lines, counting every
/// `\n` before them: the csv reader's own line count skips blank lines, and its offset may
/// point at the blank lines before a record. Counts each byte once.
struct LineCounter<'a> {
    bytes: &'a [u8],
    /// Bytes counted so far.
    at: usize,
    /// `\n`s before `at`.
    newlines: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str) -> Self {
        LineCounter {
            bytes: text.as_bytes(),
            at: 0,
            newlines: 0,
        }
    }

    fn line_at(&mut self, byte: u64) -> usize {
        let mut end = (byte as usize).min(self.bytes.len());
        while end < self.bytes.len() && matches!(self.bytes[end], b'\n' | b'\r') {
            end += 1;
        }
        if end > self.at {
            self.newlines += self.bytes[self.at..end]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            self.at = end;
        }
        self.newlines + 1
    }
}

/// Removes exactly the `'` that [`export`] added.
fn unguard(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_guard(rest) => rest,
        _ => cell,
    }
}

/// Reads the first line as a header: `Ok(None)` when no cell is a column name (a paste
/// without a header), the language and column order when every cell is one.
fn read_header(
    line: usize,
    record: &csv::StringRecord,
) -> Result<Option<(Lang, Vec<Column>)>, TsvError> {
    let named: Vec<Option<(Column, Lang)>> = record.iter().map(Column::from_header).collect();
    if named.iter().all(Option::is_none) {
        if record.len() != Column::ALL.len() {
            return Err(TsvError::WrongCellCount {
                line,
                found: record.len(),
                expected: 8,
            });
        }
        return Ok(None);
    }
    let mut order = Vec::with_capacity(record.len());
    let mut ja = 0;
    for (cell, name) in record.iter().zip(&named) {
        match name {
            Some((column, lang)) => {
                if order.contains(column) {
                    return Err(TsvError::BadHeader {
                        line,
                        column: column.header(Lang::En).to_string(),
                        problem: "repeated",
                    });
                }
                if *lang == Lang::Ja {
                    ja += 1;
                }
                order.push(*column);
            }
            None => {
                return Err(TsvError::UnknownColumn {
                    line,
                    cell: cell.to_string(),
                })
            }
        }
    }
    if let Some(missing) = Column::ALL.into_iter().find(|c| !order.contains(c)) {
        return Err(TsvError::BadHeader {
            line,
            column: missing.header(Lang::En).to_string(),
            problem: "missing",
        });
    }
    let lang = if ja * 2 >= order.len() {
        Lang::Ja
    } else {
        Lang::En
    };
    Ok(Some((lang, order)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = format!("{}/../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_fixture_exports_to_the_same_bytes() {
        for (name, lang) in [
            ("reservation-ja.tsv", Lang::Ja),
            ("reservation-en.tsv", Lang::En),
            ("inverted-lb.tsv", Lang::En),
        ] {
            let text = fixture(name);
            let imported = import(&text).unwrap();
            assert_eq!(imported.lang, Some(lang), "{name}");
            assert_eq!(export(&imported.rows, lang), text, "{name}");
        }
    }

    #[test]
    fn the_japanese_fixture_has_twelve_rows_as_typed() {
        let imported = import(&fixture("reservation-ja.tsv")).unwrap();
        assert_eq!(imported.rows.len(), 12);
        assert_eq!(imported.rows[7].value, "2回、待機0.3秒");
        assert_eq!(imported.rows[4].setting, "—");
    }

    const HEADER: &str = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";

    #[test]
    fn data_row_n_is_line_n_plus_1_under_a_header() {
        let text = format!("{HEADER}1\ta\t\t\t\t1s\t\t\n2\tb\t\t\t\t2s\t\t\n");
        assert_eq!(import(&text).unwrap().lines, vec![2, 3]);
    }

    #[test]
    fn blank_lines_and_quoted_line_breaks_are_counted_in_row_lines() {
        let text =
            format!("\n{HEADER}\n1\ta\t\t\t\t1s\t\t\"two\nlines\"\r\n   \n\n2\tb\t\t\t\t2s\t\t\n");
        assert_eq!(import(&text).unwrap().lines, vec![4, 8]);
    }

    #[test]
    fn without_a_header_row_1_is_line_1() {
        let text = "\u{feff}1\ta\t\t\t\t1s\t\t\n\n2\tb\t\t\t\t2s\t\t";
        assert_eq!(import(text).unwrap().lines, vec![1, 3]);
    }

    #[test]
    fn a_blank_line_inside_a_quoted_cell_belongs_to_its_row() {
        let text =
            format!("{HEADER}\n\u{3000}\n1\ta\t\t\t\t1s\t\t\"x\n\ny\"\n2\tb\t\t\t\t2s\t\t\n");
        let imported = import(&text).unwrap();
        assert_eq!(imported.rows.len(), 2);
        assert_eq!(imported.lines, vec![4, 7]);
    }

    #[test]
    fn a_sheet_of_5000_rows_imports_and_one_more_is_refused_at_its_line() {
        let header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
        let row = "1\ta -> b\ttries\t\t\t1000 tries\t\t\n";
        let full = format!("{header}{}", row.repeat(MAX_ROWS));
        assert_eq!(import(&full).unwrap().rows.len(), 5_000);
        let over = format!("{full}{row}");
        let err = import(&over).unwrap_err();
        assert_eq!(err, TsvError::TooManyRows { line: 5_002 });
        assert_eq!(
            err.to_string(),
            "line 5002: more than 5000 rows; a sheet holds at most 5000: split it into several sheets"
        );
    }

    #[test]
    fn a_row_with_a_missing_cell_names_its_line() {
        let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                    1\ta -> b\tread timeout\tx\t\t1s\t\t\n\
                    \n\
                    2\ta -> b\tread timeout\tx\t1s\t\t\n";
        let err = import(text).unwrap_err();
        assert_eq!(
            err,
            TsvError::WrongCellCount {
                line: 4,
                found: 7,
                expected: 8
            }
        );
        assert_eq!(
            err.to_string(),
            "line 4: expected 8 cells, found 7; each row needs exactly 8 tab-separated cells"
        );
    }

    #[test]
    fn a_header_in_another_order_maps_by_name() {
        let text = "value\tsegment\tlayer\titem\tsetting\tdefault\tlocation\trationale\n5s\ta -> b\t1\tread timeout\t\t\t\t\n";
        let imported = import(text).unwrap();
        assert_eq!(imported.rows[0].value, "5s");
        assert_eq!(imported.rows[0].segment, "a -> b");
        assert_eq!(imported.rows[0].layer, "1");
    }

    #[test]
    fn a_paste_without_a_header_needs_eight_cells() {
        let imported = import("1\ta -> b\tread timeout\tx\t\t1s\t\t\r\n").unwrap();
        assert_eq!(imported.lang, None);
        assert_eq!(imported.rows[0].value, "1s");
        let err = import("1\ta -> b\tread timeout\n").unwrap_err();
        assert_eq!(
            err,
            TsvError::WrongCellCount {
                line: 1,
                found: 3,
                expected: 8
            }
        );
    }

    #[test]
    fn an_unknown_header_cell_is_named() {
        let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\twhere\trationale\n";
        let err = import(text).unwrap_err();
        assert_eq!(
            err,
            TsvError::UnknownColumn {
                line: 1,
                cell: "where".into()
            }
        );
    }

    #[test]
    fn empty_input_is_an_error() {
        assert_eq!(import(" \n\n").unwrap_err(), TsvError::Empty);
    }

    #[test]
    fn cells_with_tabs_quotes_and_newlines_are_quoted_only_then() {
        let row = Row {
            rationale: "two\nlines, a \"quote\"".into(),
            item: "a\tb".into(),
            value: "-1".into(),
            setting: "-".into(),
            location: "@home".into(),
            ..Row::default()
        };
        let text = export(std::slice::from_ref(&row), Lang::En);
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "\t\t\"a\tb\"\t-\t\t-1\t'@home\t\"two"
        );
        assert_eq!(import(&text).unwrap().rows, vec![row]);
    }
}
