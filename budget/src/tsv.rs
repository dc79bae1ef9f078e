//! TSV in and out (`budget-model.md` §6), the way spreadsheets copy and paste it.
//!
//! Export writes UTF-8, a header line, the eight columns in sheet order, one row per line
//! ending in `\n`, and quotes a field only when it holds a tab, a newline or a double quote.
//! A cell a spreadsheet would run as a formula (OWASP's CSV injection guidance: a first
//! character tab or carriage return, or a first visible character `=`, `+`, `-`, `@`, `＝`,
//! `＋`, `－`, `＠` after any spaces, NBSP, ideographic spaces, zero-width characters or
//! byte-order marks, which spreadsheets skip; unless what follows them is a plain number such
//! as `-5`) gets a leading `'` before the whole cell, which import removes again, so
//! `import(export(rows))` gives the rows back unchanged.

use thiserror::Error;

use crate::sheet::{Column, Lang, Row};

mod guard;
mod lines;

use guard::{needs_guard, unguard};
use lines::{newlines, unclosed_quote, LineCounter};

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

/// A TSV paste or file that cannot be read as a sheet. Lines count from 1 and include the
/// header line, as a text editor shows them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TsvError {
    /// A data line whose number of cells is not the header's.
    #[error("line {line}: expected {expected} cells, found {found}; each row needs exactly {expected} tab-separated cells")]
    WrongCellCount {
        /// The line in the input (1-based, header included).
        line: usize,
        /// Cells found on the line.
        found: usize,
        /// Cells the header (or, without a header, the eight columns) calls for.
        expected: usize,
    },
    /// A header cell that names none of the eight columns.
    #[error("line {line}: unknown column {} in the header; expected the eight columns (layer, segment, item, setting, default, value, location, rationale, or 層, 区間, 項目, 設定名, 既定値, 設定値, 設定箇所, 根拠)", quoted(.cell))]
    UnknownColumn {
        /// The header's line.
        line: usize,
        /// The cell as written.
        cell: String,
    },
    /// A header that names a column twice or leaves one out.
    #[error(
        "line {line}: the header must name each of the eight columns once; {} is {problem}",
        quoted(.column)
    )]
    BadHeader {
        /// The header's line.
        line: usize,
        /// The column concerned, as its English header.
        column: String,
        /// `"missing"` or `"repeated"`.
        problem: &'static str,
    },
    /// A line the TSV reader could not read (an unterminated quote, invalid UTF-8).
    #[error("line {line}: {reason}")]
    Unreadable {
        /// The line where reading failed.
        line: usize,
        /// What the reader said.
        reason: String,
    },
    /// More rows than [`MAX_ROWS`]; names the line of the first row too many.
    #[error("line {line}: more than {max} rows; a sheet holds at most {max}: split it into several sheets", max = MAX_ROWS)]
    TooManyRows {
        /// The line of the first row beyond the limit.
        line: usize,
    },
    /// A cell that opens a quote (`"` at its start) that never closes: the rest of the input
    /// would be one cell.
    #[error("line {line}: a quote opened here is never closed; close it with a second \" (write \"\" for a quote inside a quoted cell), or remove it")]
    UnclosedQuote {
        /// The line where the quote opens.
        line: usize,
    },
    /// A cell or header cell holding a NUL character (U+0000), which no store keeps.
    #[error("line {line}, column {column}{}: a NUL character (U+0000) cannot be stored; remove it", named(.name))]
    Nul {
        /// The line in the input (1-based, header included).
        line: usize,
        /// The cell's position on the line (1-based).
        column: usize,
        /// The column's English name (`value`), `header` for a header cell, or empty when the
        /// line has more cells than the header.
        name: String,
    },
    /// A row given directly (not as TSV) with a NUL character (U+0000) in a cell: see
    /// [`crate::tsv::check_cells`].
    #[error("row {row}, column {column}{}: a NUL character (U+0000) cannot be stored; remove it", named(.name))]
    NulInRow {
        /// The row (1-based, as the grid and the report count rows).
        row: usize,
        /// The column (1-based, in sheet order).
        column: usize,
        /// The column's English name (`value`).
        name: String,
    },
    /// The input holds no row at all.
    #[error("the sheet is empty: paste a header line and at least one row, or eight tab-separated cells")]
    Empty,
}

impl TsvError {
    /// The line the error names, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            TsvError::WrongCellCount { line, .. }
            | TsvError::UnknownColumn { line, .. }
            | TsvError::BadHeader { line, .. }
            | TsvError::Unreadable { line, .. }
            | TsvError::TooManyRows { line }
            | TsvError::UnclosedQuote { line }
            | TsvError::Nul { line, .. } => Some(*line),
            TsvError::NulInRow { .. } | TsvError::Empty => None,
        }
    }

    /// The row the error names, for rows given directly ([`TsvError::NulInRow`]).
    pub fn row(&self) -> Option<usize> {
        match self {
            TsvError::NulInRow { row, .. } => Some(*row),
            _ => None,
        }
    }

    /// The message in `lang`: in English the error's `Display`, in Japanese the same
    /// facts and the same advice (`4 行目: セルが 8 個必要ですが 7 個です; ...`). The page
    /// shows it in the user's language; a reader's own reason (the `csv` crate's, in
    /// [`TsvError::Unreadable`]) stays as that reader wrote it.
    pub fn message(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TsvError::WrongCellCount {
                line,
                found,
                expected,
            } => format!(
                "{line} 行目: セルが {expected} 個必要ですが {found} 個です。各行はタブ区切りでちょうど {expected} 個のセルが必要です"
            ),
            TsvError::UnknownColumn { line, cell } => format!(
                "{line} 行目: ヘッダーの{}はどの列でもありません。8 つの列（層, 区間, 項目, 設定名, 既定値, 設定値, 設定箇所, 根拠、または layer, segment, item, setting, default, value, location, rationale）を書いてください",
                crate::display::quoted(lang, cell)
            ),
            TsvError::BadHeader {
                line,
                column,
                problem,
            } => format!(
                "{line} 行目: ヘッダーは 8 つの列をそれぞれ 1 回ずつ書く必要があります。{}が{}",
                crate::display::quoted(lang, &header_ja(column)),
                if *problem == "repeated" { "重複しています" } else { "ありません" }
            ),
            TsvError::Unreadable { line, reason } => format!("{line} 行目: {reason}"),
            TsvError::TooManyRows { line } => format!(
                "{line} 行目: {MAX_ROWS} 行を超えています。1 つのシートは {MAX_ROWS} 行までです。複数のシートに分けてください"
            ),
            TsvError::UnclosedQuote { line } => format!(
                "{line} 行目: ここで開いた引用符 \" が閉じていません。もう 1 つの \" で閉じるか（引用したセルの中の \" は \"\" と書きます）、取り除いてください"
            ),
            TsvError::Nul { line, column, name } => format!(
                "{line} 行目 {column} 列目{}: NUL 文字 (U+0000) は保存できません。取り除いてください",
                named(&header_ja(name))
            ),
            TsvError::NulInRow { row, column, name } => format!(
                "行 {row} の {column} 列目{}: NUL 文字 (U+0000) は保存できません。取り除いてください",
                named(&header_ja(name))
            ),
            TsvError::Empty => "シートが空です。ヘッダー行と 1 行以上の行、またはタブ区切りの 8 個のセルを貼り付けてください".to_string(),
        }
    }
}

/// The Japanese header of the column whose English header is `english` (`value` → `設定値`);
/// anything else (`header`, an empty name) as it is.
fn header_ja(english: &str) -> String {
    Column::ALL
        .iter()
        .find(|c| c.header(Lang::En) == english)
        .map_or_else(|| english.to_string(), |c| c.header(Lang::Ja).to_string())
}

/// ` (value)` after a column number, or nothing when the column has no name.
fn named(name: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!(" ({name})")
    }
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
    let header = Column::ALL.map(|c| c.header(lang));
    let lines = rows.iter().map(|row| Column::ALL.map(|c| row.cell(c)));
    write_lines(std::iter::once(header).chain(lines))
}

/// The length in bytes of [`export`]`(rows, lang)`, counted without writing it: what a
/// size limit on a sheet measures (a sheet holds no more than its export can bring back).
///
/// ```
/// use budget::{tsv, Lang, Row};
/// let row = Row { value: "=1+1".into(), rationale: "a \"quoted\"\nnote".into(), ..Row::default() };
/// let rows = [row];
/// assert_eq!(tsv::exported_len(&rows, Lang::Ja), tsv::export(&rows, Lang::Ja).len());
/// ```
pub fn exported_len<'a>(rows: impl IntoIterator<Item = &'a Row>, lang: Lang) -> usize {
    let line = |cells: [&str; 8]| -> usize {
        // Seven tabs and the line's end.
        8 + cells.iter().map(|c| cell_len(c)).sum::<usize>()
    };
    line(Column::ALL.map(|c| c.header(lang)))
        + rows
            .into_iter()
            .map(|row| line(Column::ALL.map(|c| row.cell(c))))
            .sum::<usize>()
}

/// One cell's bytes as [`write_lines`] writes it: the formula guard, then quotes (each quote
/// doubled) when it holds a tab, a quote or a line break.
fn cell_len(cell: &str) -> usize {
    let guard = usize::from(needs_guard(cell));
    let quoted = cell
        .bytes()
        .any(|b| matches!(b, b'\t' | b'"' | b'\n' | b'\r'));
    if quoted {
        guard + cell.len() + 2 + cell.bytes().filter(|&b| b == b'"').count()
    } else {
        guard + cell.len()
    }
}

/// Writes a block of cells as the clipboard text the spreadsheets paste back cell for cell
/// (Google Sheets, Excel, LibreOffice): tab-separated, a cell with a tab, a line break or a
/// quote quoted, each line ended by `\n`, and a formula-like cell guarded with `'` as
/// [`export`] does. [`clipboard`] reads it back to the same cells.
///
/// ```
/// let cells = vec![vec!["app -> DB".to_string(), "2s\nper query".into()], vec!["=1".into(), String::new()]];
/// let text = budget::tsv::copy(&cells);
/// assert_eq!(text, "app -> DB\t\"2s\nper query\"\n'=1\t\n");
/// assert_eq!(budget::tsv::clipboard(&text).cells, cells);
/// ```
pub fn copy(cells: &[Vec<String>]) -> String {
    write_lines(cells.iter().map(|line| line.iter().map(String::as_str)))
}

/// Writes lines of cells as TSV, each formula-like cell guarded ([`needs_guard`]).
fn write_lines<'a, L, C>(lines: L) -> String
where
    L: Iterator<Item = C>,
    C: IntoIterator<Item = &'a str>,
{
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b'\t')
        .quote_style(csv::QuoteStyle::Necessary)
        .terminator(csv::Terminator::Any(b'\n'))
        .flexible(true)
        .from_writer(Vec::new());
    for line in lines {
        let cells = line.into_iter().map(|cell| {
            if needs_guard(cell) {
                std::borrow::Cow::Owned(format!("'{cell}"))
            } else {
                std::borrow::Cow::Borrowed(cell)
            }
        });
        // Writing into a Vec cannot fail.
        writer
            .write_record(cells.map(|c| c.into_owned()))
            .expect("write to memory");
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
/// eight columns; [`TsvError::UnclosedQuote`] the line where a quote opens that never closes;
/// [`TsvError::Nul`] the line and column of a NUL character (U+0000), which no store keeps;
/// [`TsvError::Unreadable`] a line the reader cannot parse; [`TsvError::Empty`]
/// input with no line at all. Nothing is returned on error: a caller replacing a sheet keeps
/// the old one.
pub fn import(text: &str) -> Result<Imported, TsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Most texts hold no NUL, no quote and no carriage return: one look at the bytes tells.
    let simple = !holds(text, |b| matches!(b, b'\0' | b'"' | b'\r'));
    let read = if !simple && holds(text, |b| b == b'\0') {
        None
    } else if is_plain(text, simple) {
        read_plain(text)
    } else if unclosed_quote(text).is_none() {
        read_quoted(text)
    } else {
        None
    };
    read.map_or_else(|| read_in_full(text), Ok)
}

/// Whether `text` holds a byte that is `wanted`, looked for in blocks of 64 bytes, each
/// looked at whole, which the compiler turns into vector instructions: faster than a search
/// that stops at the first one on texts that hold none.
fn holds(text: &str, wanted: impl Fn(u8) -> bool) -> bool {
    text.as_bytes()
        .chunks(64)
        .any(|block| block.iter().fold(false, |found, &b| found | wanted(b)))
}

/// Whether `text` is plain TSV, which splits at every tab and line end as the csv reader
/// splits it: no quote, no line ending in a lone `\r` (every `\r` is in a `\r\n`), and no
/// byte-order mark at its start (a second one, which the csv reader drops). `simple`: the
/// text is known to hold neither a quote nor a `\r`.
fn is_plain(text: &str, simple: bool) -> bool {
    let crs_in_pairs = || text.matches('\r').count() == text.matches("\r\n").count();
    !text.starts_with('\u{feff}') && (simple || (!text.contains('"') && crs_in_pairs()))
}

/// Reads plain TSV ([`is_plain`]) the way the csv reader would, tab by tab and line by line,
/// each record on the line of its own number; `None` at a problem, as [`Reading::record`].
/// Lines are short: a byte loop that finds the next tab or line end at once costs less than
/// a search set up for long texts, and looks at each byte once.
fn read_plain(text: &str) -> Option<Imported> {
    let mut reading = Reading::new(text);
    let mut cells: Vec<&str> = Vec::with_capacity(Column::ALL.len());
    let mut rest = text;
    let mut line = 0;
    loop {
        line += 1;
        cells.clear();
        let last = loop {
            let Some(at) = rest.bytes().position(|b| b == b'\t' || b == b'\n') else {
                cells.push(rest);
                break true;
            };
            cells.push(&rest[..at]);
            let tab = rest.as_bytes()[at] == b'\t';
            rest = &rest[at + 1..];
            if !tab {
                break false;
            }
        };
        if let Some(cell) = cells.last_mut() {
            *cell = cell.strip_suffix('\r').unwrap_or(cell);
        }
        // The csv reader skips empty lines; a line of spaces is blank too.
        if cells.len() > 1 || !cells[0].trim().is_empty() {
            reading.record(line, cells.iter().copied())?;
        }
        if last {
            return reading.finish();
        }
    }
}

/// Reads TSV with quoted cells through the csv reader and one record buffer; `None` at a
/// problem, as [`Reading::record`], or a record the reader refuses.
fn read_quoted(text: &str) -> Option<Imported> {
    let mut reader = tsv_reader(text);
    let mut record = csv::StringRecord::new();
    let mut lines = LineCounter::new(text);
    let mut reading = Reading::new(text);
    while reader.read_record(&mut record).ok()? {
        if !is_blank(&record) {
            let line = record.position().map_or(0, |p| lines.line_at(p.byte()));
            reading.record(line, record.iter())?;
        }
    }
    reading.finish()
}

/// A sheet read in one pass, each record turned into a row as it is read. A text with a
/// problem stops it, for [`read_in_full`] to name the problem that comes first.
struct Reading {
    /// The header's language and the column order, once the first record is read.
    header: Option<(Option<Lang>, Vec<Column>)>,
    rows: Vec<Row>,
    /// The line of each row.
    lines: Vec<usize>,
}

impl Reading {
    fn new(text: &str) -> Self {
        // A row for each line at most, which saves growing the vectors row by row.
        let rows = (newlines(text.as_bytes()) + 1).min(MAX_ROWS);
        Reading {
            header: None,
            rows: Vec::with_capacity(rows),
            lines: Vec::with_capacity(rows),
        }
    }

    /// Takes the cells of a record that is not blank, on `line`: the header or the first
    /// row, then a row. `None` for a header that is not the eight columns, a row with another
    /// number of cells than the header, or a row beyond [`MAX_ROWS`].
    fn record<'c>(
        &mut self,
        line: usize,
        cells: impl Iterator<Item = &'c str> + Clone,
    ) -> Option<()> {
        if self.header.is_none() {
            let first: Vec<&str> = cells.clone().collect();
            let header = read_header(line, &first).ok()?;
            let is_header = header.is_some();
            self.header = Some(
                header.map_or((None, Column::ALL.to_vec()), |(lang, order)| {
                    (Some(lang), order)
                }),
            );
            if is_header {
                return Some(());
            }
        }
        let (_, order) = self.header.as_ref()?;
        if self.rows.len() == MAX_ROWS {
            return None;
        }
        self.rows.push(row_of(order, cells)?);
        self.lines.push(line);
        Some(())
    }

    /// The sheet read; `None` when no record was.
    fn finish(self) -> Option<Imported> {
        let (lang, _) = self.header?;
        Some(Imported {
            lang,
            rows: self.rows,
            lines: self.lines,
        })
    }
}

/// Reads the whole text into records first, then checks them in the order the errors of
/// [`import`] take: whatever problem comes first is the one named.
fn read_in_full(text: &str) -> Result<Imported, TsvError> {
    if let Some(line) = unclosed_quote(text) {
        return Err(TsvError::UnclosedQuote { line });
    }
    let mut reader = tsv_reader(text);
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
    records.retain(|(_, r)| !is_blank(r));
    let Some((first_line, first)) = records.first() else {
        return Err(TsvError::Empty);
    };

    nul_free(&records)?;
    let header = read_header(*first_line, &first.iter().collect::<Vec<_>>())?;
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
        let Some(row) = row_of(&order, record.iter()) else {
            return Err(TsvError::WrongCellCount {
                line: *line,
                found: record.len(),
                expected,
            });
        };
        rows.push(row);
    }
    Ok(Imported { lang, rows, lines })
}

/// The csv reader for a TSV text: tab-separated, no header of its own (the first record may
/// or may not be one), records of any length.
fn tsv_reader(text: &str) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
}

/// Whether a record is a blank line: the csv reader already skips empty lines; a line of
/// spaces is blank too.
fn is_blank(record: &csv::StringRecord) -> bool {
    record.len() == 1 && record[0].trim().is_empty()
}

/// The row that `cells` in the header's `order` give, each formula guard removed; `None`
/// when there are more or fewer cells than columns.
fn row_of<'c>(order: &[Column], cells: impl IntoIterator<Item = &'c str>) -> Option<Row> {
    let mut cells = cells.into_iter();
    let mut row = Row::default();
    for column in order {
        *row.cell_mut(*column) = unguard(cells.next()?).to_string();
    }
    cells.next().is_none().then_some(row)
}

/// Refuses a NUL character (U+0000) in any cell or header cell, naming the first one's line
/// and column: no store keeps it (PostgreSQL text cannot hold it).
fn nul_free(records: &[(usize, csv::StringRecord)]) -> Result<(), TsvError> {
    let Some((r, line, column)) = records.iter().enumerate().find_map(|(r, (line, record))| {
        record
            .iter()
            .position(|cell| cell.contains('\0'))
            .map(|c| (r, *line, c))
    }) else {
        return Ok(());
    };
    let (first_line, first) = &records[0];
    let names_a_column = |record: &csv::StringRecord| {
        record
            .iter()
            .any(|cell| !cell.contains('\0') && Column::from_header(cell).is_some())
    };
    let name = if r == 0 && names_a_column(first) {
        "header".to_string()
    } else {
        let order = if r == 0 {
            None
        } else {
            read_header(*first_line, &first.iter().collect::<Vec<_>>())?.map(|(_, order)| order)
        };
        let order = order.unwrap_or_else(|| Column::ALL.to_vec());
        order
            .get(column)
            .map_or(String::new(), |c| c.header(Lang::En).to_string())
    };
    Err(TsvError::Nul {
        line,
        column: column + 1,
        name,
    })
}

/// Refuses a NUL character (U+0000) in rows given directly (not as TSV), as the store would
/// receive them from the sheet page's save: the error names the first such row (1-based, as
/// the grid and the report count rows) and its column (1-based, in sheet order, with its
/// English name). The same rule as [`import`], which refuses NUL in a TSV by line.
///
/// # Errors
///
/// [`TsvError::NulInRow`] for the first cell holding a NUL.
///
/// ```
/// use budget::{tsv, Row};
/// let rows = vec![Row::default(), Row { value: "1\0s".into(), ..Row::default() }];
/// let err = tsv::check_cells(&rows).unwrap_err();
/// assert_eq!(err.to_string(), "row 2, column 6 (value): a NUL character (U+0000) cannot be stored; remove it");
/// assert_eq!(tsv::check_cells(&rows[..1]), Ok(()));
/// ```
pub fn check_cells(rows: &[Row]) -> Result<(), TsvError> {
    for (r, row) in rows.iter().enumerate() {
        for (c, column) in Column::ALL.into_iter().enumerate() {
            if row.cell(column).contains('\0') {
                return Err(TsvError::NulInRow {
                    row: r + 1,
                    column: c + 1,
                    name: column.header(Lang::En).to_string(),
                });
            }
        }
    }
    Ok(())
}

/// Reads the first line as a header: `Ok(None)` when no cell is a column name (a paste
/// without a header), the language and column order when every cell is one.
fn read_header(line: usize, cells: &[&str]) -> Result<Option<(Lang, Vec<Column>)>, TsvError> {
    let named: Vec<Option<(Column, Lang)>> = cells.iter().map(|c| Column::from_header(c)).collect();
    if named.iter().all(Option::is_none) {
        if cells.len() != Column::ALL.len() {
            return Err(TsvError::WrongCellCount {
                line,
                found: cells.len(),
                expected: 8,
            });
        }
        return Ok(None);
    }
    let mut order = Vec::with_capacity(cells.len());
    let mut ja = 0;
    for (cell, name) in cells.iter().zip(&named) {
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

/// Text the user typed, quoted as typed (never Rust's debug escapes): `"⏱️🔥"`.
fn quoted(text: &str) -> String {
    crate::display::quoted(crate::sheet::Lang::En, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = format!("{}/../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn an_error_is_said_in_japanese_with_the_same_facts() {
        let wrong = TsvError::WrongCellCount {
            line: 4,
            found: 7,
            expected: 8,
        };
        assert_eq!(wrong.message(Lang::En), wrong.to_string());
        assert_eq!(
            wrong.message(Lang::Ja),
            "4 行目: セルが 8 個必要ですが 7 個です。各行はタブ区切りでちょうど 8 個のセルが必要です"
        );
        let header = TsvError::BadHeader {
            line: 1,
            column: "value".into(),
            problem: "missing",
        };
        assert_eq!(
            header.message(Lang::Ja),
            "1 行目: ヘッダーは 8 つの列をそれぞれ 1 回ずつ書く必要があります。「設定値」がありません"
        );
        let nul = TsvError::NulInRow {
            row: 3,
            column: 6,
            name: "value".into(),
        };
        assert_eq!(
            nul.message(Lang::Ja),
            "行 3 の 6 列目 (設定値): NUL 文字 (U+0000) は保存できません。取り除いてください"
        );
        assert_eq!(
            TsvError::UnclosedQuote { line: 2 }.message(Lang::Ja),
            "2 行目: ここで開いた引用符 \" が閉じていません。もう 1 つの \" で閉じるか（引用したセルの中の \" は \"\" と書きます）、取り除いてください"
        );
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
    fn plain_text_split_by_hand_reads_as_the_csv_reader_reads_it() {
        let texts = [
            format!("{HEADER}1\ta\t\t\t\t1s\t\t\n\n   \n2\tb\t\t\t\t2s\t\t"),
            format!("\r\n{HEADER}\r\n1\ta\t\t\t\t1s\t\t'=1\r\n\u{3000}\r\n"),
            format!("{HEADER}1\ta\t\t\t\t1s\t\t\n1\ta\n"),
            format!("{HEADER}{HEADER}"),
            "1\ta\t\t\t\t1s\t\t\n\t\t\t\t\t\t\t\n \n".to_string(),
            "value\tsegment\tlayer\titem\tsetting\tdefault\tlocation\trationale\n5s\t\t\t\t\t\t\t"
                .into(),
            "\n\n".into(),
            String::new(),
        ];
        for text in &texts {
            assert!(is_plain(text, false), "{text:?}");
            assert_eq!(read_plain(text), read_quoted(text), "{text:?}");
        }
        // Texts the csv reader reads otherwise: a quote, a lone carriage return, and a second
        // byte-order mark, which it drops.
        for text in ["1\t\"a\"", "1\r2\n", "1\r\r\n", "\u{feff}1"] {
            assert!(!is_plain(text, false), "{text:?}");
        }
        assert!(!is_plain("\u{feff}1", true));
    }

    #[test]
    fn a_look_at_the_bytes_finds_one_in_any_block() {
        let mut text = "a".repeat(200);
        assert!(!holds(&text, |b| b == b'\0'));
        text.insert(130, '\0');
        assert!(holds(&text, |b| b == b'\0'));
        assert!(holds("\"", |b| matches!(b, b'\0' | b'"' | b'\r')));
        assert!(!holds("", |_| true));
    }

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
    fn a_lone_carriage_return_ends_a_line_as_it_ends_a_row() {
        // Found by the fuzz target budget/fuzz tsv: both rows were said to start on line 1.
        let text = "1\ta\t\t\t\t1s\t\t\r2\tb\t\t\t\t2s\t\t\r\n3\tc\t\t\t\t3s\t\t\n";
        assert_eq!(import(text).unwrap().lines, vec![1, 2, 3]);
        // A quote opened on the third line of a classic Mac file is reported there.
        assert_eq!(
            import("1\ta\t\t\t\t1s\t\t\r\r\"open\ta\t\t\t\t1s\t\t"),
            Err(TsvError::UnclosedQuote { line: 3 })
        );
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

    #[test]
    fn a_nul_in_a_cell_is_refused_naming_its_line_and_column() {
        let text = format!("{HEADER}1\ta\t\t\t\t1s\t\t\n\n1\ta\t\t\t\t1\0s\t\t\n");
        let err = import(&text).unwrap_err();
        assert_eq!(
            err,
            TsvError::Nul {
                line: 4,
                column: 6,
                name: "value".into()
            }
        );
        assert_eq!(err.line(), Some(4));
        assert_eq!(
            err.to_string(),
            "line 4, column 6 (value): a NUL character (U+0000) cannot be stored; remove it"
        );
        // A Japanese header in another order: the column is the header's, named in English.
        let ja =
            "設定値\t区間\t層\t項目\t設定名\t既定値\t設定箇所\t根拠\n5秒\ta -> b\t1\t\t\t\t\0\t\n";
        assert_eq!(
            import(ja).unwrap_err().to_string(),
            "line 2, column 7 (location): a NUL character (U+0000) cannot be stored; remove it"
        );
        // Without a header, the eight columns in sheet order.
        assert_eq!(
            import("1\t\0a\t\t\t\t1s\t\t\n").unwrap_err().to_string(),
            "line 1, column 2 (segment): a NUL character (U+0000) cannot be stored; remove it"
        );
        // A line with more cells than the header still names the position.
        assert_eq!(
            import(&format!("{HEADER}1\ta\t\t\t\t1s\t\t\t\0\n"))
                .unwrap_err()
                .to_string(),
            "line 2, column 9: a NUL character (U+0000) cannot be stored; remove it"
        );
    }

    #[test]
    fn a_nul_in_the_header_is_refused_as_the_header() {
        let text = "layer\tsegment\tit\0em\tsetting\tdefault\tvalue\tlocation\trationale\n";
        let err = import(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 3 (header): a NUL character (U+0000) cannot be stored; remove it"
        );
        assert_eq!(err.line(), Some(1));
    }

    #[test]
    fn rows_given_directly_are_refused_with_a_nul_naming_the_row_and_column() {
        let mut rows = vec![Row::default(); 3];
        rows[2].rationale = "a\0".into();
        let err = check_cells(&rows).unwrap_err();
        assert_eq!(
            err,
            TsvError::NulInRow {
                row: 3,
                column: 8,
                name: "rationale".into()
            }
        );
        assert_eq!((err.row(), err.line()), (Some(3), None));
        assert_eq!(
            err.to_string(),
            "row 3, column 8 (rationale): a NUL character (U+0000) cannot be stored; remove it"
        );
        assert_eq!(check_cells(&rows[..2]), Ok(()));
    }

    #[test]
    fn an_unclosed_quote_names_the_line_it_opens_on() {
        let text =
            format!("{HEADER}1\ta\t\t\t\t1s\t\t\n1\t\"a\t\t\t\t1s\t\t\n1\tb\t\t\t\t1s\t\t\n");
        let err = import(&text).unwrap_err();
        assert_eq!(err, TsvError::UnclosedQuote { line: 3 });
        assert_eq!(err.line(), Some(3));
        assert_eq!(
            err.to_string(),
            "line 3: a quote opened here is never closed; close it with a second \" (write \"\" for a quote inside a quoted cell), or remove it"
        );
        // A quote inside a cell, a doubled quote and a quoted cell over two lines all close.
        let fine = format!("{HEADER}1\ta\"b\t\t\t\t1s\t\t\"x \"\"y\"\"\nz\"\n");
        assert_eq!(import(&fine).unwrap().rows[0].rationale, "x \"y\"\nz");
        assert_eq!(
            import(&format!("{HEADER}1\ta\t\t\t\t1s\t\t\"x\"\"\n"))
                .unwrap_err()
                .to_string(),
            "line 2: a quote opened here is never closed; close it with a second \" (write \"\" for a quote inside a quoted cell), or remove it"
        );
    }

    #[test]
    fn formula_like_cells_are_guarded_in_both_header_languages_and_round_trip() {
        let guarded = [
            "-inf",
            "+nan",
            "-Infinity",
            "+Infinity",
            "-nan",
            "+inf",
            "=1+1",
            "@SUM(A1)",
            "＝1+1",
            "＋1",
            "－1",
            "＠x",
            "-1s",
            "+ 1",
            "\tx",
            "\rx",
            " =1+1",
            "  \t@x",
            "\u{a0}=1+1",
            "\u{3000}＝1",
            "\u{200b}+A1",
            "\u{200c}-1s",
            "\u{200d}@x",
            "\u{2060}=1",
            "\u{feff}=1",
            "\u{feff}x",
            " \u{200b}\u{a0}=HYPERLINK(A1)",
            "'' =1",
        ];
        for lang in [Lang::En, Lang::Ja] {
            for cell in guarded {
                let row = Row {
                    value: cell.into(),
                    ..Row::default()
                };
                let text = export(std::slice::from_ref(&row), lang);
                let line = text.lines().nth(1).unwrap_or_default();
                assert!(
                    text.contains(&format!("'{cell}")),
                    "{cell:?} is not guarded: {line:?}"
                );
                assert_eq!(import(&text).unwrap().rows, vec![row], "{cell:?}");
            }
            for cell in [
                "-5",
                "+1.5",
                "-1e3",
                "-",
                "+",
                "－",
                "0.5",
                " -1",
                "\u{a0}-5",
                "\u{3000}+",
                "\u{200b}",
                " ",
                "a =1",
                " x=1",
            ] {
                let row = Row {
                    value: cell.into(),
                    ..Row::default()
                };
                let text = export(std::slice::from_ref(&row), lang);
                assert!(!text.contains('\''), "{cell:?} is guarded");
                assert_eq!(import(&text).unwrap().rows, vec![row], "{cell:?}");
            }
        }
    }

    #[test]
    fn a_formula_after_spaces_or_invisible_characters_is_guarded_before_the_whole_cell() {
        // Each cell as copied, then as written: the `'` comes first, the text after it is the
        // cell unchanged.
        let table = [
            (" =1+1", "' =1+1"),
            ("\u{a0}@SUM(A1)", "'\u{a0}@SUM(A1)"),
            ("\u{3000}+1 2", "'\u{3000}+1 2"),
            ("\u{200b}-2+3", "'\u{200b}-2+3"),
            ("\u{200c}\u{200d}=1", "'\u{200c}\u{200d}=1"),
            ("\u{2060}＝1", "'\u{2060}＝1"),
            ("\u{feff}=1", "'\u{feff}=1"),
            ("\u{feff}1s", "'\u{feff}1s"),
            (" \t=1", "\"' \t=1\""),
            ("'\u{a0}=1", "''\u{a0}=1"),
            (" -1", " -1"),
            ("\u{a0}+1.5", "\u{a0}+1.5"),
            (" -", " -"),
            (" 'x", " 'x"),
            ("1 =1", "1 =1"),
        ];
        for (cell, written) in table {
            let cells = vec![vec![cell.to_string()]];
            let text = copy(&cells);
            assert_eq!(text, format!("{written}\n"), "{cell:?}");
            assert_eq!(clipboard(&text).cells, cells, "{cell:?}");
            let row = Row {
                value: cell.into(),
                ..Row::default()
            };
            let exported = export(std::slice::from_ref(&row), Lang::En);
            assert_eq!(
                exported.lines().nth(1),
                Some(format!("\t\t\t\t\t{written}\t\t").as_str()),
                "{cell:?}"
            );
            assert_eq!(import(&exported).unwrap().rows, vec![row], "{cell:?}");
        }
    }
}

/// A block of cells pasted from a spreadsheet's clipboard ([`clipboard`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// The language of the header line the block started with, which is not in `cells`;
    /// `None` when it had none.
    pub header: Option<Lang>,
    /// The cells, line by line, as the spreadsheet held them (lines may differ in length).
    pub cells: Vec<Vec<String>>,
}

/// Reads what Google Sheets, Excel and LibreOffice put on the clipboard when a range is
/// copied: tab-separated cells, a cell with a line break, a tab or a quote quoted (`"two
/// lines"`, `""` for a quote), lines ended by `\n` or `\r\n`, and one line end after the
/// last line, which is not an empty line of the block. A leading byte-order mark is dropped,
/// empty cells (trailing tabs) are kept, and a formula guard `'` as [`export`] writes it is
/// removed. A first line whose every non-empty cell is a column header, in either language,
/// (at least two of them) is taken as the header and not returned as cells.
///
/// Never fails: text the csv reader cannot split is one cell per line.
///
/// ```
/// let block = budget::tsv::clipboard("segment\tvalue\r\napp -> DB\t\"2s\nper query\"\r\n");
/// assert_eq!(block.header, Some(budget::Lang::En));
/// assert_eq!(block.cells, [["app -> DB", "2s\nper query"]]);
/// ```
pub fn clipboard(text: &str) -> Block {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text
        .strip_suffix("\r\n")
        .or_else(|| text.strip_suffix('\n'))
        .unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let read: Result<Vec<Vec<String>>, csv::Error> = reader
        .records()
        .map(|r| r.map(|r| r.iter().map(|c| unguard(c).to_string()).collect()))
        .collect();
    let mut cells = read.unwrap_or_else(|_| {
        text.lines()
            .map(|l| l.split('\t').map(|c| unguard(c).to_string()).collect())
            .collect()
    });
    let header = cells.first().and_then(|first| {
        let named: Vec<(Column, Lang)> = first
            .iter()
            .filter(|c| !c.trim().is_empty())
            .map(|c| Column::from_header(c))
            .collect::<Option<_>>()?;
        (named.len() >= 2).then(|| {
            if named.iter().any(|(_, lang)| *lang == Lang::Ja) {
                Lang::Ja
            } else {
                Lang::En
            }
        })
    });
    if header.is_some() {
        cells.remove(0);
    }
    Block { header, cells }
}
