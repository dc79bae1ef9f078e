//! Where things are in a TSV text, as a text editor numbers its lines: the line a record
//! starts on ([`LineCounter`]) and the line a quote that never closes opens on
//! ([`unclosed_quote`]).

/// Turns the byte offsets of records, in increasing order, into 1-based lines, counting every
/// `\n` before them: the csv reader's own line count skips blank lines, and its offset may
/// point at the blank lines before a record. Counts each byte once.
pub(super) struct LineCounter<'a> {
    bytes: &'a [u8],
    /// Whether the text holds a `\r` at all: most pastes have none, and then every line ends
    /// in a `\n`.
    has_cr: bool,
    /// Bytes counted so far.
    at: usize,
    /// Line ends ([`ends_line`]) before `at`.
    newlines: usize,
}

impl<'a> LineCounter<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        LineCounter {
            bytes: text.as_bytes(),
            has_cr: text.contains('\r'),
            at: 0,
            newlines: 0,
        }
    }

    /// The line of the record at `byte`: past the line ends at `byte`, which are the blank
    /// lines before the record.
    pub(super) fn line_at(&mut self, byte: u64) -> usize {
        let mut end = (byte as usize).min(self.bytes.len());
        while end < self.bytes.len() && matches!(self.bytes[end], b'\n' | b'\r') {
            end += 1;
        }
        if end > self.at {
            self.newlines += if self.has_cr {
                (self.at..end).filter(|&i| ends_line(self.bytes, i)).count()
            } else {
                newlines(&self.bytes[self.at..end])
            };
            self.at = end;
        }
        self.newlines + 1
    }
}

/// The number of `\n`s in `bytes`, counted in blocks of at most 255 bytes with a byte-sized
/// count each, which the compiler turns into vector instructions.
pub(super) fn newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|block| {
            let count = block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
            usize::from(count)
        })
        .sum()
}

/// Whether the byte at `i` ends a line: a `\n`, or a `\r` not followed by one (a classic Mac
/// line end, which the csv reader also takes as the end of a record, and editors show as a
/// line break), so that `\r\n` counts once.
fn ends_line(bytes: &[u8], i: usize) -> bool {
    match bytes[i] {
        b'\n' => true,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// The line where a quoted cell opens that never closes, read the way the csv reader reads
/// quotes: a `"` at the start of a cell (the text's start, or after a tab or a line break)
/// opens it, `""` inside is a quote, and a `"` followed by anything else closes it. `None`
/// when every quote closes. Goes from quote to quote; lines are counted only for the quote
/// that never closes.
pub(super) fn unclosed_quote(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = find_quote(text, from) {
        from = at + 1;
        let opens = at == 0 || matches!(bytes[at - 1], b'\n' | b'\t' | b'\r');
        if !opens {
            continue;
        }
        loop {
            let Some(quote) = find_quote(text, from) else {
                let line_ends = (0..at).filter(|&i| ends_line(bytes, i)).count();
                return Some(line_ends + 1);
            };
            from = quote + 1;
            if bytes.get(from) == Some(&b'"') {
                from += 1;
            } else {
                break;
            }
        }
    }
    None
}

/// The offset of the first `"` in `text` at or after `from`, which is just after a `"` or 0.
fn find_quote(text: &str, from: usize) -> Option<usize> {
    text[from..].find('"').map(|i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_opens_only_at_a_cell_start_and_closes_at_a_lone_quote() {
        for closed in [
            "",
            "a\"b",
            "\"a\"",
            "\"a\"x\"y",
            "\"a\"\"\"",
            "x\t\"a\nb\"\n\"\"",
            "\"\"\"\"",
        ] {
            assert_eq!(unclosed_quote(closed), None, "{closed:?}");
        }
        assert_eq!(unclosed_quote("\""), Some(1));
        assert_eq!(unclosed_quote("\"a\"\""), Some(1));
        assert_eq!(unclosed_quote("a\n\"x\"\tb\r\n\t\"open\nmore"), Some(3));
        assert_eq!(unclosed_quote("a\r\r\"open"), Some(3));
    }

    #[test]
    fn line_ends_are_counted_once_for_each_line() {
        let text = "a\n\nb\r\nc\rd\n";
        let mut lines = LineCounter::new(text);
        assert_eq!(lines.line_at(0), 1);
        assert_eq!(lines.line_at(2), 3);
        assert_eq!(lines.line_at(6), 4);
        assert_eq!(lines.line_at(8), 5);
        assert_eq!(newlines(&[b'\n'; 600]), 600);
    }
}
