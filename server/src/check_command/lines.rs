//! Where each data row of a TSV sheet starts in its file, for SARIF regions.
//!
//! The report counts data rows from 1 (`budget::tsv::import` returns rows without their
//! lines); a code-scanning tool needs file lines. This reads the text the way the import does
//! (the same csv settings, blank records skipped) and notes the line each record starts on,
//! so blank lines and quoted cells spanning several lines are counted.

/// For each data row of `text` (an import of it succeeded), in order, the 1-based file line
/// where its record starts; the header record, when `has_header`, is left out.
pub(super) fn record_lines(text: &str, has_header: bool) -> Vec<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut counter = LineCounter::new(text.as_bytes());
    let mut lines = Vec::new();
    let mut record = csv::StringRecord::new();
    // The import accepted the text, so reading stops only at its end.
    while let Ok(true) = reader.read_record(&mut record) {
        let is_blank = record.len() == 1 && record[0].trim().is_empty();
        if is_blank {
            continue;
        }
        let byte = record.position().map_or(0, csv::Position::byte);
        lines.push(counter.line_at(byte));
    }
    if has_header && !lines.is_empty() {
        lines.remove(0);
    }
    lines
}

/// Turns increasing byte offsets of records into 1-based lines. The csv reader's own line
/// count skips blank lines, and a record's offset may point at the line ends before it, so
/// those are stepped over first. Each byte is counted once.
struct LineCounter<'a> {
    bytes: &'a [u8],
    /// Bytes counted so far.
    at: usize,
    /// `\n`s before `at`.
    newlines: usize,
}

impl<'a> LineCounter<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        LineCounter {
            bytes,
            at: 0,
            newlines: 0,
        }
    }

    /// The line of the first character at or after `byte` that does not end a line.
    fn line_at(&mut self, byte: u64) -> usize {
        let mut end = usize::try_from(byte)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
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

#[cfg(test)]
mod tests {
    use super::record_lines;

    const HEADER: &str = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";

    #[test]
    fn data_row_n_is_line_n_plus_1_under_a_header() {
        let text = format!("{HEADER}1\ta\t\t\t\t1s\t\t\n2\tb\t\t\t\t2s\t\t\n");
        assert_eq!(record_lines(&text, true), vec![2, 3]);
    }

    #[test]
    fn blank_lines_and_quoted_line_breaks_are_counted() {
        let text =
            format!("\n{HEADER}\n1\ta\t\t\t\t1s\t\t\"two\nlines\"\r\n   \n\n2\tb\t\t\t\t2s\t\t\n");
        assert_eq!(record_lines(&text, true), vec![4, 8]);
    }

    #[test]
    fn without_a_header_row_1_is_line_1() {
        let text = "\u{feff}1\ta\t\t\t\t1s\t\t\n\n2\tb\t\t\t\t2s\t\t";
        assert_eq!(record_lines(text, false), vec![1, 3]);
    }

    #[test]
    fn a_blank_line_inside_a_quoted_cell_belongs_to_its_row() {
        let text =
            format!("{HEADER}\n\u{3000}\n1\ta\t\t\t\t1s\t\t\"x\n\ny\"\n2\tb\t\t\t\t2s\t\t\n");
        assert_eq!(budget::tsv::import(&text).unwrap().rows.len(), 2);
        assert_eq!(record_lines(&text, true), vec![4, 7]);
    }
}
