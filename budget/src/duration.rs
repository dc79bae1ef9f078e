//! Durations: the unit table, the duration grammar of `budget-model.md` §3, and formatting.
//!
//! Durations are integer milliseconds. A positive duration below 1 ms counts as 1 ms (never 0,
//! which a product may read as "disabled").

use std::borrow::Cow;
use std::fmt;

/// A unit a duration can be written in.
///
/// Deserializes from its [`Unit::symbol`] only (`ns`, `us`, `ms`, `s`, `min`, `h`, `d`), as the
/// catalog's `unit` column writes it; the words a sheet may use are read by [`Unit::from_word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
pub enum Unit {
    /// Nanoseconds: `ns` (a bare integer in a Go `time.Duration`).
    #[serde(rename = "ns")]
    Nanos,
    /// Microseconds: `us`, `µs`.
    #[serde(rename = "us")]
    Micros,
    /// Milliseconds: `ms`, `ミリ秒`.
    #[serde(rename = "ms")]
    Millis,
    /// Seconds: `s`, `sec`, `秒`.
    #[serde(rename = "s")]
    Seconds,
    /// Minutes: `m`, `min`, `分`.
    #[serde(rename = "min")]
    Minutes,
    /// Hours: `h`, `時間`.
    #[serde(rename = "h")]
    Hours,
    /// Days: `d`, `日`.
    #[serde(rename = "d")]
    Days,
}

impl Unit {
    /// Every unit, shortest first.
    pub const ALL: [Unit; 7] = [
        Unit::Nanos,
        Unit::Micros,
        Unit::Millis,
        Unit::Seconds,
        Unit::Minutes,
        Unit::Hours,
        Unit::Days,
    ];

    /// Nanoseconds in one of this unit.
    pub fn nanos(self) -> u128 {
        match self {
            Unit::Nanos => 1,
            Unit::Micros => 1_000,
            Unit::Millis => 1_000_000,
            Unit::Seconds => 1_000_000_000,
            Unit::Minutes => 60_000_000_000,
            Unit::Hours => 3_600_000_000_000,
            Unit::Days => 86_400_000_000_000,
        }
    }

    /// The unit a word names (already lower-cased), e.g. `"sec"`, `"ミリ秒"`, `"時間"`.
    pub fn from_word(word: &str) -> Option<Unit> {
        Some(match word {
            "ns" | "nsec" | "nanosecond" | "nanoseconds" | "ナノ秒" => Unit::Nanos,
            "us" | "µs" | "μs" | "usec" | "microsecond" | "microseconds" | "マイクロ秒" => {
                Unit::Micros
            }
            "ms" | "msec" | "millisecond" | "milliseconds" | "ミリ秒" => Unit::Millis,
            "s" | "sec" | "secs" | "second" | "seconds" | "秒" => Unit::Seconds,
            "m" | "min" | "mins" | "minute" | "minutes" | "分" => Unit::Minutes,
            "h" | "hr" | "hrs" | "hour" | "hours" | "時間" => Unit::Hours,
            "d" | "day" | "days" | "日" => Unit::Days,
            _ => return None,
        })
    }

    /// The English symbol: `ns`, `us`, `ms`, `s`, `min`, `h`, `d`.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Nanos => "ns",
            Unit::Micros => "us",
            Unit::Millis => "ms",
            Unit::Seconds => "s",
            Unit::Minutes => "min",
            Unit::Hours => "h",
            Unit::Days => "d",
        }
    }
}

/// Why a duration could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationError {
    /// Nothing to read.
    Empty,
    /// A number without a unit, and no unit known for the setting.
    UnitMissing,
    /// Text that is neither a number nor a unit.
    Unreadable,
    /// Larger than the engine can hold.
    Overflow,
}

/// Words that mean "no bound" (the infinite duration `∞`).
const NO_BOUND: &[&str] = &[
    "なし",
    "無し",
    "none",
    "無効",
    "disabled",
    "infinite",
    "∞",
    "unlimited",
    "無制限",
    "no timeout",
];

/// Whether `text`, [`normalize`]d, is a word that means "no bound" (`none`, `なし`,
/// `disabled`, `∞`, ...).
pub(crate) fn is_no_bound(text: &str) -> bool {
    NO_BOUND.contains(&text.trim())
}

/// One character's mapping before lower-casing, as [`normalize`] maps it: full-width ASCII to
/// ASCII, the ideographic space to a space, `、` to `,`, `〜` to `~`, and the minus and en
/// dashes to `-`.
fn ascii(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '、' => ',',
        '〜' => '~',
        '−' | '–' => '-',
        c => c,
    }
}

/// Maps full-width ASCII (`１０秒`, `（`, `．`) to ASCII and the ideographic space to a space,
/// lower-cases, and maps `、` to `,` and `〜`/`～` to `~`. Borrows text that needs none of it.
pub fn normalize(text: &str) -> Cow<'_, str> {
    // Most cells need nothing mapped (`1.5s`, `3秒`): nothing to copy. ASCII maps to itself,
    // and only its capitals lower-case, so ASCII text is settled byte by byte.
    if text.is_ascii() {
        return lowercase_ascii(text);
    }
    if text.chars().all(|c| ascii(c) == c && lowers_to_itself(c)) {
        return Cow::Borrowed(text);
    }
    // Characters without case (kana, kanji) are copied as they are, without Unicode's tables.
    let mut out = String::with_capacity(text.len());
    for c in text.chars().map(ascii) {
        if lowers_to_itself(c) {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out.into()
}

/// `text.to_lowercase()`, borrowed when lower-casing changes nothing: ASCII without capitals,
/// kana and kanji (no case) are checked without Unicode's tables. Text whose only capitals are
/// ASCII (`画面のAPI呼び出し`, `nginx.conf の location`) lower-cases byte by byte too: every
/// other character of it lowers to itself.
pub(crate) fn lowercase(text: &str) -> Cow<'_, str> {
    match case_of(text) {
        Case::Lower => Cow::Borrowed(text),
        Case::AsciiCapitals => Cow::Owned(text.to_ascii_lowercase()),
        Case::Other => Cow::Owned(text.to_lowercase()),
    }
}

/// Appends `text.to_lowercase()` to `out`, lower-casing it in place where only its ASCII
/// capitals change ([`lowercase`]).
pub(crate) fn push_lowercase(out: &mut String, text: &str) {
    match case_of(text) {
        Case::Lower => out.push_str(text),
        Case::AsciiCapitals => {
            let start = out.len();
            out.push_str(text);
            out[start..].make_ascii_lowercase();
        }
        Case::Other => out.push_str(&text.to_lowercase()),
    }
}

/// What lower-casing a text changes.
enum Case {
    /// Nothing.
    Lower,
    /// Its ASCII capitals, and nothing else.
    AsciiCapitals,
    /// Other characters (`Σ`, `Ａ`, `À`).
    Other,
}

/// What lower-casing `text` changes ([`Case`]).
fn case_of(text: &str) -> Case {
    if !text.is_ascii() {
        // One look at each character's first byte: ASCII is settled by its byte, and a byte
        // from 0xE3 to 0xE9 starts a character of three bytes from U+3000 to U+9FFF (kana,
        // kanji), which has no case; any other character is read whole.
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(&first) = bytes.get(at) {
            at += match first {
                0..0x80 => 1,
                0xE3..=0xE9 => 3,
                _ => match text[at..].chars().next() {
                    Some(c) if lowers_to_itself(c) => c.len_utf8(),
                    _ => return Case::Other,
                },
            };
        }
    }
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Case::AsciiCapitals
    } else {
        Case::Lower
    }
}

/// `text.to_lowercase()` of ASCII `text`, borrowed when it has no capitals.
fn lowercase_ascii(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// Whether lower-casing leaves `c` as it is.
fn lowers_to_itself(c: char) -> bool {
    match c {
        _ if c.is_ascii() => !c.is_ascii_uppercase(),
        '\u{3000}'..='\u{9FFF}' => true,
        '\u{FF00}'..='\u{FFEF}' => !('\u{FF21}'..='\u{FF3A}').contains(&c),
        _ => {
            let mut lowered = c.to_lowercase();
            lowered.next() == Some(c) && lowered.next().is_none()
        }
    }
}

/// One lexical token of a normalized cell, borrowed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// Digits with at most one decimal point.
    Num(&'a str),
    /// A run of letters (any script).
    Word(&'a str),
    /// Any other non-space character.
    Sym(char),
}

/// Splits normalized text into numbers, words and symbols; spaces separate and vanish.
pub(crate) fn lex(text: &str) -> Vec<Token<'_>> {
    // Most cells are a token or two (`30s`, `0.5 s`): room for them at once, none for nothing.
    let mut tokens = Vec::with_capacity(text.len().min(4));
    let mut chars = text.char_indices().peekable();
    // The end of the run that starts at `start`, of the characters `continues` accepts.
    let run = |chars: &mut std::iter::Peekable<std::str::CharIndices>,
               start: usize,
               continues: fn(char) -> bool| {
        let mut end = start;
        while let Some(&(at, d)) = chars.peek() {
            if !continues(d) {
                break;
            }
            end = at + d.len_utf8();
            chars.next();
        }
        &text[start..end]
    };
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_digit()
            || (c == '.' && tokens.last().is_none_or(|t| !matches!(t, Token::Num(_))))
        {
            tokens.push(Token::Num(run(&mut chars, at, |d| {
                d.is_ascii_digit() || d == '.'
            })));
        } else if is_letter(c) || c == 'µ' {
            tokens.push(Token::Word(run(&mut chars, at, |d| {
                is_letter(d) || d == 'µ' || d == '_'
            })));
        } else {
            tokens.push(Token::Sym(c));
            chars.next();
        }
    }
    tokens
}

/// Whether `c` is alphabetic (`char::is_alphabetic`): kana and kanji, every one of them
/// alphabetic, are told without Unicode's tables.
fn is_letter(c: char) -> bool {
    matches!(
        c,
        '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
    ) || c.is_alphabetic()
}

/// A decimal number as written: its value in nanoseconds of `unit`, exactly, and the number of
/// decimals it was written with.
pub(crate) fn number_nanos(num: &str, unit: Unit) -> Result<(u128, u8), DurationError> {
    // A point's byte is never part of another character's, so the first is found by byte.
    let (int, frac) = match num.bytes().position(|b| b == b'.') {
        Some(at) => (&num[..at], &num[at + 1..]),
        None => (num, ""),
    };
    if (int.is_empty() && frac.is_empty()) || frac.as_bytes().contains(&b'.') || frac.len() > 18 {
        return Err(DurationError::Unreadable);
    }
    let int: u128 = if int.is_empty() {
        0
    } else {
        int.parse().map_err(|_| DurationError::Overflow)?
    };
    let scale = 10u128.pow(frac.len() as u32);
    let frac_val: u128 = if frac.is_empty() {
        0
    } else {
        frac.parse().map_err(|_| DurationError::Unreadable)?
    };
    let nanos = int
        .checked_mul(unit.nanos())
        .and_then(|n| n.checked_add(frac_val * unit.nanos() / scale))
        .ok_or(DurationError::Overflow)?;
    Ok((nanos, frac.len() as u8))
}

/// Nanoseconds to milliseconds: rounded up, so that a positive value never becomes 0.
pub(crate) fn nanos_to_ms(nanos: u128) -> Result<u64, DurationError> {
    u64::try_from(nanos.div_ceil(1_000_000)).map_err(|_| DurationError::Overflow)
}

/// A duration read from tokens: milliseconds, and the decimals to show it with in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The duration in milliseconds.
    pub ms: u64,
    /// Decimals to show in seconds (as typed where the cell was in seconds, e.g. `1.0s` → 1).
    pub decimals: u8,
    /// Whether the bare-number unit (the setting's, from the catalog) was used.
    pub used_bare_unit: bool,
    /// Whether the value was below 1 ms and rounded up to 1 ms.
    pub below_one_ms: bool,
}

/// Reads a compound duration from the whole token list: `1.5 s`, `500ms`, `1m30s`, `1分30秒`,
/// or a bare number in `bare_unit`. The units of a compound get smaller from left to right,
/// each once, as people write them: `0.6s.5s` (a second unit `s`) and `30s1m` are unreadable,
/// not a sum the writer may not have meant.
pub(crate) fn read_tokens(
    tokens: &[Token],
    bare_unit: Option<Unit>,
) -> Result<Reading, DurationError> {
    if tokens.is_empty() {
        return Err(DurationError::Empty);
    }
    let mut nanos: u128 = 0;
    let mut i = 0;
    let mut used_bare_unit = false;
    let mut decimals_in_seconds: Option<u8> = None;
    let mut terms = 0;
    let mut larger: Option<Unit> = None;
    while i < tokens.len() {
        let Token::Num(num) = &tokens[i] else {
            return Err(DurationError::Unreadable);
        };
        let unit = match tokens.get(i + 1) {
            Some(Token::Word(w)) => {
                i += 2;
                Unit::from_word(w).ok_or(DurationError::Unreadable)?
            }
            None if terms == 0 => {
                i += 1;
                used_bare_unit = true;
                bare_unit.ok_or(DurationError::UnitMissing)?
            }
            _ => return Err(DurationError::Unreadable),
        };
        if larger.is_some_and(|l| unit.nanos() >= l.nanos()) {
            return Err(DurationError::Unreadable);
        }
        larger = Some(unit);
        let (n, decimals) = number_nanos(num, unit)?;
        if unit == Unit::Seconds {
            decimals_in_seconds = Some(decimals);
        }
        nanos = nanos.checked_add(n).ok_or(DurationError::Overflow)?;
        terms += 1;
    }
    let ms = nanos_to_ms(nanos)?;
    let needed = needed_decimals(ms);
    let decimals = if terms == 1 {
        decimals_in_seconds.unwrap_or(0).max(needed)
    } else {
        needed
    };
    Ok(Reading {
        ms,
        decimals,
        used_bare_unit,
        below_one_ms: nanos > 0 && nanos < 1_000_000,
    })
}

/// Parses a duration such as `1.5 s`, `500ms`, `1m30s`, `１０秒`, `2 min`, `1h 30m` into
/// milliseconds. A bare number takes `bare_unit`.
///
/// Units: `ns`; `us`, `µs`; `ms`, `ミリ秒`; `s`, `sec`, `秒`; `m`, `min`, `分`; `h`, `時間`;
/// `d`, `日`, with or without a space before the unit, full-width digits allowed.
///
/// # Errors
///
/// [`DurationError::UnitMissing`] for a bare number with no `bare_unit`;
/// [`DurationError::Unreadable`] for anything else that is not a duration;
/// [`DurationError::Overflow`] above `u64::MAX` milliseconds.
///
/// ```
/// use budget::duration::{parse, Unit};
/// assert_eq!(parse("1m30s", None), Ok(90_000));
/// assert_eq!(parse("１０秒", None), Ok(10_000));
/// assert_eq!(parse("30", Some(Unit::Millis)), Ok(30));
/// ```
pub fn parse(text: &str, bare_unit: Option<Unit>) -> Result<u64, DurationError> {
    read_tokens(&lex(&normalize(text)), bare_unit).map(|r| r.ms)
}

fn needed_decimals(ms: u64) -> u8 {
    let frac = ms % 1000;
    if frac == 0 {
        0
    } else if frac.is_multiple_of(100) {
        1
    } else if frac.is_multiple_of(10) {
        2
    } else {
        3
    }
}

/// Milliseconds as seconds with at least `min_decimals` decimals (and as many as needed, up
/// to 3): `seconds(7800, 1)` is `"7.8"`, `seconds(3000, 1)` is `"3.0"`, `seconds(3000, 0)`
/// is `"3"`, `seconds(250, 1)` is `"0.25"`.
pub fn seconds(ms: u64, min_decimals: u8) -> String {
    let mut buf = [0u8; SECONDS_BYTES];
    let mut out = String::with_capacity(24);
    push_ascii(&mut out, seconds_into(&mut buf, ms, min_decimals));
    out
}

/// [`seconds`] appended to `out`.
pub(crate) fn push_seconds(out: &mut String, ms: u64, min_decimals: u8) {
    let mut buf = [0u8; SECONDS_BYTES];
    push_ascii(out, seconds_into(&mut buf, ms, min_decimals));
}

/// The longest text [`seconds`] writes: 17 digits of `u64::MAX / 1000`, a point and 3
/// decimals.
const SECONDS_BYTES: usize = 24;

/// [`seconds`] written at the end of `buf`, without the formatting machinery: the digits
/// from the last one back, as `itoa` does.
fn seconds_into(buf: &mut [u8; SECONDS_BYTES], ms: u64, min_decimals: u8) -> &[u8] {
    let decimals = needed_decimals(ms).max(min_decimals).min(3) as usize;
    let mut at = SECONDS_BYTES;
    if decimals > 0 {
        let frac = ms % 1000;
        let digits = [frac / 100, frac / 10 % 10, frac % 10].map(|d| b'0' + d as u8);
        at -= decimals;
        buf[at..].copy_from_slice(&digits[..decimals]);
        at -= 1;
        buf[at] = b'.';
    }
    let mut whole = ms / 1000;
    loop {
        at -= 1;
        buf[at] = b'0' + (whole % 10) as u8;
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    &buf[at..]
}

/// Appends ASCII `bytes` (digits and a point) to `out`, each its own character.
fn push_ascii(out: &mut String, bytes: &[u8]) {
    out.extend(bytes.iter().map(|&b| char::from(b)));
}

/// A duration in milliseconds, displayed the way [`parse`] reads it back: `500ms`, `1.5s`,
/// `1m30s`, `2h`, `1d3h20m5.25s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

impl fmt::Display for Millis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0;
        if ms < 1000 {
            return write!(f, "{ms}ms");
        }
        let mut rest = ms;
        for (unit_ms, sym) in [(86_400_000, "d"), (3_600_000, "h"), (60_000, "m")] {
            if rest >= unit_ms {
                write!(f, "{}{sym}", rest / unit_ms)?;
                rest %= unit_ms;
            }
        }
        if rest > 0 {
            write!(f, "{}s", seconds(rest, 0))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn seconds_writes_what_the_two_formats_wrote(ms in any::<u64>(), min in 0u8..5) {
            let decimals = needed_decimals(ms).max(min).min(3) as usize;
            let frac = format!("{:03}", ms % 1000);
            let written = if decimals == 0 {
                (ms / 1000).to_string()
            } else {
                format!("{}.{}", ms / 1000, &frac[..decimals])
            };
            let mut appended = "x".to_string();
            push_seconds(&mut appended, ms, min);
            prop_assert_eq!(appended, format!("x{written}"));
            prop_assert_eq!(seconds(ms, min), written);
        }

        #[test]
        fn mixed_text_lower_cases_as_unicode_lower_cases_it(
            text in "[ -~あ漢アＡａ（→—ΣσςÀİẞǅ]{0,24}"
        ) {
            prop_assert_eq!(lowercase(&text), text.to_lowercase());
            let mut pushed = "Σ".to_string();
            push_lowercase(&mut pushed, &text);
            prop_assert_eq!(pushed, format!("Σ{}", text.to_lowercase()));
        }

        #[test]
        fn mixed_text_normalizes_as_each_character_mapped_then_lower_cased(
            text in "[ -~あ漢アＡａ（）．、〜～−–　→ΣσςÀİẞǅ]{0,24}"
        ) {
            let expected: String = text.chars().map(ascii).flat_map(char::to_lowercase).collect();
            prop_assert_eq!(normalize(&text), expected);
        }

        #[test]
        fn ascii_text_lower_cases_as_unicode_lower_cases_it(text in "[ -~]{0,24}") {
            prop_assert_eq!(lowercase(&text), text.to_lowercase());
            prop_assert_eq!(normalize(&text), text.to_lowercase());
            prop_assert_eq!(
                matches!(lowercase(&text), Cow::Borrowed(_)),
                !text.bytes().any(|b| b.is_ascii_uppercase())
            );
        }
    }

    #[test]
    fn kana_and_kanji_are_letters_as_unicode_says() {
        let ranges = [
            ('\u{3041}', '\u{3096}'),
            ('\u{30A1}', '\u{30FA}'),
            ('\u{3400}', '\u{4DBF}'),
            ('\u{4E00}', '\u{9FFF}'),
        ];
        for (first, last) in ranges {
            assert!((first..=last).all(char::is_alphabetic), "{first}..={last}");
        }
        for c in ['a', 'Z', 'é', 'µ', '_', '1', '、', '（', '→', 'ー', '々'] {
            assert_eq!(is_letter(c), c.is_alphabetic(), "{c}");
        }
    }

    #[test]
    fn a_unit_deserializes_from_its_symbol_and_nothing_else() {
        let read = |text: &str| serde_json::from_value::<Unit>(serde_json::json!(text)).ok();
        for unit in Unit::ALL {
            assert_eq!(read(unit.symbol()), Some(unit));
        }
        assert_eq!(read("sec"), None);
        assert_eq!(read("m"), None);
        assert_eq!(read("Seconds"), None);
    }

    #[test]
    fn the_units_of_golden_g5_parse_to_milliseconds() {
        assert_eq!(parse("1.5秒", None), Ok(1_500));
        assert_eq!(parse("500ms", None), Ok(500));
        assert_eq!(parse("1m30s", None), Ok(90_000));
        assert_eq!(parse("１０秒", None), Ok(10_000));
        assert_eq!(parse("30", Some(Unit::Millis)), Ok(30));
        assert_eq!(parse("30", Some(Unit::Seconds)), Ok(30_000));
        assert_eq!(parse("30", None), Err(DurationError::UnitMissing));
    }

    #[test]
    fn tenths_add_up_exactly() {
        assert_eq!(
            parse("0.1s", None).unwrap() + parse("0.2s", None).unwrap(),
            300
        );
    }

    #[test]
    fn every_unit_and_compound_form_is_read() {
        assert_eq!(parse("2 min", None), Ok(120_000));
        assert_eq!(parse("1h 30m", None), Ok(5_400_000));
        assert_eq!(parse("1分30秒", None), Ok(90_000));
        assert_eq!(parse("2時間", None), Ok(7_200_000));
        assert_eq!(parse("1日", None), Ok(86_400_000));
        assert_eq!(parse("250ミリ秒", None), Ok(250));
        assert_eq!(parse("1500000ns", None), Ok(2));
        assert_eq!(parse("30000000000", Some(Unit::Nanos)), Ok(30_000));
        assert_eq!(parse("10 sec", None), Ok(10_000));
    }

    #[test]
    fn a_positive_value_below_one_millisecond_counts_as_one() {
        assert_eq!(parse("1ns", None), Ok(1));
        assert_eq!(parse("0.5us", None), Ok(1));
        assert_eq!(parse("0ms", None), Ok(0));
    }

    #[test]
    fn words_that_are_not_units_are_unreadable() {
        assert_eq!(parse("ten seconds", None), Err(DurationError::Unreadable));
        assert_eq!(parse("10 parsecs", None), Err(DurationError::Unreadable));
        assert_eq!(parse("1m30", None), Err(DurationError::Unreadable));
        // A compound's units get smaller, each once: a repeated or a growing unit is a typo,
        // not a sum.
        assert_eq!(parse("0.6s.5s", None), Err(DurationError::Unreadable));
        assert_eq!(parse("1s 1s", None), Err(DurationError::Unreadable));
        assert_eq!(parse("30s1m", None), Err(DurationError::Unreadable));
        assert_eq!(parse("1h 30m 15s 500ms", None), Ok(5_415_500));
        assert_eq!(parse("", None), Err(DurationError::Empty));
        assert_eq!(
            parse("99999999999999999999999d", None),
            Err(DurationError::Overflow)
        );
    }

    #[test]
    fn seconds_are_shown_with_the_decimals_asked_for() {
        assert_eq!(seconds(7_800, 1), "7.8");
        assert_eq!(seconds(3_000, 1), "3.0");
        assert_eq!(seconds(3_000, 0), "3");
        assert_eq!(seconds(250, 1), "0.25");
        assert_eq!(seconds(1, 0), "0.001");
    }

    #[test]
    fn millis_display_reads_like_a_duration() {
        assert_eq!(Millis(500).to_string(), "500ms");
        assert_eq!(Millis(1_500).to_string(), "1.5s");
        assert_eq!(Millis(90_000).to_string(), "1m30s");
        assert_eq!(Millis(7_200_000).to_string(), "2h");
        assert_eq!(Millis(98_405_250).to_string(), "1d3h20m5.25s");
    }

    proptest! {
        #[test]
        fn formatting_then_parsing_a_duration_gives_it_back(ms in 0u64..=10_000_000_000_000u64) {
            let text = Millis(ms).to_string();
            prop_assert_eq!(parse(&text, None), Ok(ms), "{}", text);
        }
    }
}
