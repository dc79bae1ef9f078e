//! The formula guard: the `'` that export and copy put before a cell a spreadsheet would
//! run as a formula, and that import and paste remove again.

/// Whether a spreadsheet would run `cell` as a formula (OWASP's CSV injection guidance): it
/// starts with a tab or a carriage return, or its first visible character ([`is_skipped`]
/// characters set aside) is `=`, `+`, `-`, `@` or their full-width forms `＝`, `＋`, `－`,
/// `＠`, and that visible text is longer than that one character and is not a plain number.
///
/// A plain number is ASCII digits with an optional sign, decimal point and exponent (`-5`,
/// `+1.5`, `-1e3`, and ` -5` after a space), which every spreadsheet reads as a number. Words
/// that Rust's float reader would also take (`-inf`, `+nan`, `-Infinity`) are not numbers
/// here and are guarded.
fn is_formula_like(cell: &str) -> bool {
    if cell.starts_with(['\t', '\r']) {
        return true;
    }
    let visible = cell.trim_start_matches(is_skipped);
    let Some(first) = visible.chars().next() else {
        return false;
    };
    if !matches!(first, '=' | '+' | '-' | '@' | '＝' | '＋' | '－' | '＠') {
        return false;
    }
    if visible.len() == first.len_utf8() && matches!(first, '+' | '-' | '＋' | '－') {
        // A lone sign is text to every spreadsheet (and the fixtures' "not set" marker).
        return false;
    }
    !is_plain_number(visible)
}

/// Whether a spreadsheet skips `c` when it looks for a formula's first character: Unicode
/// white space (space, tab, line breaks, no-break space U+00A0, ideographic space U+3000 and
/// the other spaces) and the invisible zero-width space U+200B, non-joiner U+200C, joiner
/// U+200D, word joiner U+2060 and byte-order mark U+FEFF. ` =1+1` or `\u{200B}=1+1` runs as
/// `=1+1`.
fn is_skipped(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}'
        )
}

/// Whether `cell` is a finite number written in ASCII digits, sign, point and exponent only.
fn is_plain_number(cell: &str) -> bool {
    cell.bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
        && cell.parse::<f64>().is_ok_and(f64::is_finite)
}

/// Whether export must put a `'` before `cell`: the cell is formula-like once its own
/// leading `'`s are set aside (so that a cell that already starts with `'` survives), or it
/// starts with a byte-order mark U+FEFF, which a reader takes for the text's encoding mark
/// and drops when the cell comes first in a file or a clipboard text.
///
/// [`unguard`] asks the same of the text after the `'`, so import and paste remove exactly
/// the `'` that export and copy added.
pub(super) fn needs_guard(cell: &str) -> bool {
    let cell = cell.trim_start_matches('\'');
    cell.starts_with('\u{FEFF}') || is_formula_like(cell)
}

/// Removes exactly the `'` that [`super::export`] and [`super::copy`] added ([`needs_guard`]
/// of the rest).
pub(super) fn unguard(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_guard(rest) => rest,
        _ => cell,
    }
}
