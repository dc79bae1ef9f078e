//! Cell values (`budget-model.md` §3): durations with their no-bound, not-set, lower-bound and
//! range forms, and tries with their waits.

use std::borrow::Cow;

use crate::duration::{self, is_no_bound, lex, normalize, read_tokens, DurationError, Token, Unit};
use crate::sheet::Lang;

/// Cells that mean "not set": the default column applies.
const NOT_SET: &[&str] = &["", "—", "-", "–", "―", "ー"];

/// A duration read from a cell, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dur {
    /// Exactly this long.
    Exact(u64),
    /// At least this long, the true value unknown (`>100s`, `100秒以上`).
    AtLeast(u64),
    /// Between the two (`12-24h`); a need counts the upper end, a bound the lower end.
    Range(u64, u64),
    /// No bound (`なし`, `disabled`, `0（無効）`).
    Infinite,
}

/// Tries and the waits between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tries {
    /// Number of tries (1 = no retry).
    pub count: u32,
    /// The waits before tries 2, 3, …, in milliseconds: `count - 1` entries, jitter included
    /// at its maximum.
    pub waits_ms: Vec<u64>,
    /// Decimals each wait was written with, for formulas.
    pub wait_decimals: Vec<u8>,
    /// Whether waits were filled in (one wait given for more tries, or too few).
    pub waits_assumed: bool,
    /// Waits given beyond `count - 1`, which no try uses.
    pub waits_dropped: usize,
}

#[cfg(test)]
impl Tries {
    /// `count` tries with these waits (in ms, each written with one decimal), none assumed or
    /// dropped: a test's tries value.
    pub(crate) fn with_waits(count: u32, waits_ms: Vec<u64>) -> Tries {
        let wait_decimals = vec![1; waits_ms.len()];
        Tries {
            count,
            waits_ms,
            wait_decimals,
            waits_assumed: false,
            waits_dropped: 0,
        }
    }
}

/// What a duration cell says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Empty, `—` or `-`: the default applies.
    NotSet,
    /// A duration.
    Duration {
        /// The value.
        dur: Dur,
        /// Decimals to show it with in seconds.
        decimals: u8,
        /// A bare number took the setting's unit.
        used_bare_unit: bool,
        /// The number was 0 (some products read 0 as disabled).
        zero: bool,
        /// A positive value below 1 ms was rounded up to 1 ms.
        below_one_ms: bool,
    },
}

/// Removes remarks in parentheses. Returns the text without them and whether a remark held a
/// no-bound word (`0（無効）`).
fn strip_remarks(text: &str) -> (Cow<'_, str>, bool) {
    if !text.contains('(') {
        return (Cow::Borrowed(text.trim()), false);
    }
    let mut out = String::new();
    let mut remark = String::new();
    let mut depth = 0usize;
    let mut no_bound = false;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    no_bound |= remark_says_no_bound(&remark);
                    remark.clear();
                }
            }
            c if depth > 0 => remark.push(c),
            c => out.push(c),
        }
    }
    (Cow::Owned(out.trim().to_string()), no_bound)
}

/// Whether a remark says "no bound": one of its words is a no-bound word, or it contains a
/// Japanese one (`既定は無効`).
fn remark_says_no_bound(remark: &str) -> bool {
    remark.split([' ', ',', ';']).any(is_no_bound)
        || ["無効", "なし", "無し", "無制限"]
            .iter()
            .any(|w| remark.contains(w))
}

/// Whether a cell is "not set" (empty, `—`, `-`).
pub fn is_not_set(text: &str) -> bool {
    // Each word of NOT_SET is one character at most, and normalizing maps each character to
    // one or more that are whitespace only where it was: a cell of two or more characters
    // between its spaces (`30s`, `3 tries`) is set, without normalizing it.
    let mut chars = text.trim().chars();
    if chars.next().is_some() && chars.next().is_some() {
        return false;
    }
    NOT_SET.contains(&normalize(text).trim())
}

/// The text that says a row's value: the value cell, or the default column when the value
/// cell is not set (it may be not set too).
pub fn value_or_default(row: &crate::Row) -> &str {
    if is_not_set(&row.value) {
        &row.default
    } else {
        &row.value
    }
}

/// Reads a duration cell. `bare_unit` is the unit of a bare number (from the catalog).
///
/// Forms: `1.5秒`, `500ms`, `1m30s`, `60 s (default)` (remarks ignored), `なし`/`none`/
/// `disabled`/`∞` and `0（無効）` (no bound), `>100s`/`≥100s`/`at least 100s`/`100秒以上`
/// (lower bounds), `12-24h`/`12〜24時間` (ranges), and empty/`—`/`-` (not set).
///
/// # Errors
///
/// [`DurationError::UnitMissing`] for a bare number without `bare_unit`;
/// [`DurationError::Unreadable`] for text that is none of the forms (`ten seconds`).
pub fn read_duration(text: &str, bare_unit: Option<Unit>) -> Result<Cell, DurationError> {
    let normalized = normalize(text);
    if NOT_SET.contains(&normalized.trim()) {
        return Ok(Cell::NotSet);
    }
    let (body, remark_no_bound) = strip_remarks(&normalized);
    if remark_no_bound || is_no_bound(&body) {
        return Ok(Cell::Duration {
            dur: Dur::Infinite,
            decimals: 0,
            used_bare_unit: false,
            zero: false,
            below_one_ms: false,
        });
    }
    if body.is_empty() {
        return Err(DurationError::Unreadable);
    }
    // Lower bounds.
    let lower = ["at least", ">=", "≥", ">"]
        .iter()
        .find_map(|p| body.strip_prefix(p))
        .map(str::to_string)
        .or_else(|| {
            ["以上", "or more", "+"]
                .iter()
                .find_map(|s| body.strip_suffix(s))
                .map(str::to_string)
        });
    if let Some(rest) = lower {
        let r = read_tokens(&lex(&rest), bare_unit)?;
        return Ok(Cell::Duration {
            dur: Dur::AtLeast(r.ms),
            decimals: r.decimals,
            used_bare_unit: r.used_bare_unit,
            zero: false,
            below_one_ms: r.below_one_ms,
        });
    }
    let tokens = lex(&body);
    // Ranges: `12-24h`, `12〜24時間`, `12h-24h`.
    if let Some(split) = tokens
        .iter()
        .position(|t| matches!(t, Token::Sym('~') | Token::Sym('-')))
    {
        if split > 0 {
            let (left, right) = (&tokens[..split], &tokens[split + 1..]);
            let hi = read_tokens(right, bare_unit)?;
            let right_unit = match right.last() {
                Some(Token::Word(w)) => Unit::from_word(w),
                _ => bare_unit,
            };
            let lo = read_tokens(left, right_unit)?;
            let (lo_ms, hi_ms) = (lo.ms.min(hi.ms), lo.ms.max(hi.ms));
            return Ok(Cell::Duration {
                dur: Dur::Range(lo_ms, hi_ms),
                decimals: lo.decimals.max(hi.decimals),
                used_bare_unit: hi.used_bare_unit,
                zero: false,
                below_one_ms: lo.below_one_ms || hi.below_one_ms,
            });
        }
    }
    let r = read_tokens(&tokens, bare_unit)?;
    Ok(Cell::Duration {
        dur: Dur::Exact(r.ms),
        decimals: r.decimals,
        used_bare_unit: r.used_bare_unit,
        zero: r.ms == 0,
        below_one_ms: r.below_one_ms,
    })
}

/// Why a tries cell could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TriesError {
    /// No number of tries or retries in the cell.
    NoCount,
    /// A wait, backoff or jitter that is not a duration.
    BadWait,
    /// Text that is not part of the tries grammar.
    Unreadable,
    /// More tries than [`MAX_TRIES`]; holds the count as written.
    TooMany(u64),
}

/// The most tries one tries cell may name: 1,000. Real retry policies stay far below it
/// (Sidekiq's 25 retries are 26 tries; SQS allows at most 1,000 receives); a larger count
/// (Kafka's producer `retries` = 2147483647) is bounded by time, not count, and is written as
/// a deadline or a retry window instead. The engine keeps one wait per try, so the limit also
/// bounds what one cell can cost.
pub const MAX_TRIES: u32 = 1_000;

const TRY_WORDS: &[&str] = &[
    "tries",
    "try",
    "attempts",
    "attempt",
    "回",
    "times",
    "回試行",
];
const RETRY_WORDS: &[&str] = &["retries", "retry", "リトライ", "再試行"];
const WAIT_WORDS: &[&str] = &[
    "waits",
    "wait",
    "待機",
    "interval",
    "intervals",
    "間隔",
    "delay",
    "delays",
    "backoffs",
];
const BACKOFF_WORDS: &[&str] = &["backoff", "バックオフ", "指数バックオフ"];
const JITTER_WORDS: &[&str] = &["jitter", "ジッター", "ジッタ"];
const FILLER: &[&str] = &[
    "and", "with", "each", "then", "up", "to", "max", "of", "between", "最大", "の", "で", "ずつ",
];

/// A duration cell as the engine reads it back, in the sheet's style: `15.5s`, `61s` (En);
/// `15.5秒`, `61秒` (Ja).
pub(crate) fn write_duration(lang: Lang, ms: u64) -> String {
    let mut text = String::with_capacity(32);
    duration::push_seconds(&mut text, ms, 0);
    text.push_str(match lang {
        Lang::En => "s",
        Lang::Ja => "秒",
    });
    text
}

/// A tries cell as the engine reads it back: `1 try`, `2 tries, waits 0.5s` / `1回`,
/// `2回、待機0.5秒`. A waits list shorter than the tries repeats its last wait, as the engine
/// reads it.
pub(crate) fn write_tries(lang: Lang, k: u32, waits_ms: &[u64]) -> String {
    let waits: Vec<String> = (0..k.saturating_sub(1) as usize)
        .filter_map(|i| waits_ms.get(i).or(waits_ms.last()))
        .map(|&w| write_duration(lang, w))
        .collect();
    let waits_nonzero = waits_ms.iter().any(|&w| w > 0);
    match lang {
        Lang::En => {
            let tries = if k == 1 {
                "1 try".to_string()
            } else {
                format!("{k} tries")
            };
            if waits.is_empty() || !waits_nonzero {
                tries
            } else {
                format!("{tries}, waits {}", waits.join(", "))
            }
        }
        Lang::Ja => {
            if waits.is_empty() || !waits_nonzero {
                format!("{k}回")
            } else {
                format!("{k}回、待機{}", waits.join("、"))
            }
        }
    }
}

/// Reads a tries cell: `2回、待機0.3秒`, `3 tries, waits 0.5s, 1s`, `tries=3 waits=0.5,1.0`,
/// `1 try`, `2 retries` (= 3 tries), `3 tries, backoff 0.5s x2` (waits 0.5 s, 1 s),
/// `3 tries, waits 1s, jitter up to 0.2s` (each wait counts 1.2 s). Bare wait numbers take the
/// unit of the nearest wait written with one, else seconds.
///
/// One wait given for more tries is used before every try (`waits_assumed`); no wait means 0.
///
/// # Errors
///
/// [`TriesError`] when the cell names no count or holds something else.
pub fn read_tries(text: &str) -> Result<Tries, TriesError> {
    let normalized = normalize(text);
    let (body, _) = strip_remarks(&normalized);
    let tokens = lex(&body);
    let mut count: Option<u64> = None;
    let mut waits: Vec<(u64, u8)> = Vec::new();
    let mut backoff: Option<(u64, u8, u64)> = None; // base ms, decimals, factor
    let mut jitter_ms: u64 = 0;
    let mut i = 0;
    let word_at = |i: usize| match tokens.get(i) {
        Some(Token::Word(w)) => Some(*w),
        _ => None,
    };
    let parse_count = |n: &str| n.parse::<u64>().map_err(|_| TriesError::Unreadable);
    while i < tokens.len() {
        match &tokens[i] {
            Token::Num(n) => match word_at(i + 1) {
                Some(w) if TRY_WORDS.contains(&w) => {
                    count = Some(parse_count(n)?);
                    i += 2;
                }
                Some(w) if RETRY_WORDS.contains(&w) => {
                    count = Some(
                        parse_count(n)?
                            .checked_add(1)
                            .ok_or(TriesError::Unreadable)?,
                    );
                    i += 2;
                }
                None if count.is_none() && tokens.len() == 1 => {
                    count = Some(parse_count(n)?);
                    i += 1;
                }
                _ => return Err(TriesError::Unreadable),
            },
            Token::Word(w) if TRY_WORDS.contains(w) || RETRY_WORDS.contains(w) => {
                let retries = RETRY_WORDS.contains(w);
                let mut j = i + 1;
                if matches!(tokens.get(j), Some(Token::Sym('=' | ':'))) {
                    j += 1;
                }
                let Some(Token::Num(n)) = tokens.get(j) else {
                    i += 1;
                    continue;
                };
                let n = parse_count(n)?;
                count = Some(if retries {
                    n.checked_add(1).ok_or(TriesError::Unreadable)?
                } else {
                    n
                });
                j += 1;
                if word_at(j).is_some_and(|w| TRY_WORDS.contains(&w)) {
                    j += 1;
                }
                i = j;
            }
            Token::Word(w) if WAIT_WORDS.contains(w) => {
                let (list, next) = read_duration_list(&tokens, i + 1)?;
                waits.extend(list);
                i = next;
            }
            Token::Word(w) if BACKOFF_WORDS.contains(w) => {
                let (list, next) = read_duration_list(&tokens, i + 1)?;
                let &[(base, decimals)] = list.as_slice() else {
                    return Err(TriesError::BadWait);
                };
                let mut j = next;
                let factor = match (tokens.get(j), tokens.get(j + 1)) {
                    (Some(Token::Word(x)), Some(Token::Num(f))) if *x == "x" => {
                        j += 2;
                        f.parse::<u64>().map_err(|_| TriesError::BadWait)?
                    }
                    (Some(Token::Sym('×' | '*')), Some(Token::Num(f))) => {
                        j += 2;
                        f.parse::<u64>().map_err(|_| TriesError::BadWait)?
                    }
                    _ => 2,
                };
                backoff = Some((base, decimals, factor));
                i = j;
            }
            Token::Word(w) if JITTER_WORDS.contains(w) => {
                let (list, next) = read_duration_list(&tokens, i + 1)?;
                let &[(max, _)] = list.as_slice() else {
                    return Err(TriesError::BadWait);
                };
                jitter_ms = max;
                i = next;
            }
            Token::Word(w) if FILLER.contains(w) => i += 1,
            Token::Sym(',' | ';' | '/' | '+') => i += 1,
            _ => return Err(TriesError::Unreadable),
        }
    }
    let count = count.ok_or(TriesError::NoCount)?;
    if count == 0 {
        return Err(TriesError::NoCount);
    }
    if count > u64::from(MAX_TRIES) {
        return Err(TriesError::TooMany(count));
    }
    let count = u32::try_from(count).map_err(|_| TriesError::TooMany(count))?;
    let needed = count as usize - 1;
    let mut waits_assumed = false;
    let mut waits_dropped = 0;
    if let Some((base, decimals, factor)) = backoff {
        waits.clear();
        let mut w = base;
        for _ in 0..needed {
            waits.push((w, decimals));
            w = w.checked_mul(factor).ok_or(TriesError::BadWait)?;
        }
    } else if waits.is_empty() {
        waits = vec![(0, 0); needed];
    } else if waits.len() < needed {
        waits_assumed = true;
        let last = *waits.last().expect("not empty");
        waits.resize(needed, last);
    } else {
        waits_dropped = waits.len() - needed;
        waits.truncate(needed);
    }
    let waits_ms = waits
        .iter()
        .map(|(w, _)| w.checked_add(jitter_ms).ok_or(TriesError::BadWait))
        .collect::<Result<Vec<_>, _>>()?;
    let wait_decimals = waits.iter().map(|(_, d)| *d).collect();
    Ok(Tries {
        count,
        waits_ms,
        wait_decimals,
        waits_assumed,
        waits_dropped,
    })
}

/// Reads durations from `start`: numbers with or without units, separated by commas or
/// spaces, optionally after `=` or `:`. Bare numbers take the unit of the nearest number after
/// them that has one, else seconds. Numbers with units not parted by a comma are one compound
/// duration when their units get smaller (`1m30s`: 90 s), read as a duration cell is
/// ([`read_tokens`]); a repeated or growing unit (`0.6s.5s`, `30s1m`) is
/// [`TriesError::BadWait`], not two waits. Returns the list and the index after it.
fn read_duration_list(
    tokens: &[Token],
    start: usize,
) -> Result<(Vec<(u64, u8)>, usize), TriesError> {
    let mut i = start;
    while matches!(tokens.get(i), Some(Token::Sym('=' | ':')))
        || matches!(tokens.get(i), Some(Token::Word(w)) if FILLER.contains(w))
    {
        i += 1;
    }
    // Each wait as the tokens it spans and its first unit; a number with a unit that follows
    // one with a unit, no comma between, joins its wait.
    let mut items: Vec<(std::ops::Range<usize>, Option<Unit>)> = Vec::new();
    let mut joins = false;
    while let Some(Token::Num(_)) = tokens.get(i) {
        let unit = match tokens.get(i + 1) {
            Some(Token::Word(w)) => Unit::from_word(w),
            _ => None,
        };
        let end = i + if unit.is_some() { 2 } else { 1 };
        match items.last_mut() {
            Some((span, _)) if joins && unit.is_some() => span.end = end,
            _ => items.push((i..end, unit)),
        }
        i = end;
        joins = unit.is_some();
        if matches!(tokens.get(i), Some(Token::Sym(',')))
            && matches!(tokens.get(i + 1), Some(Token::Num(_)))
        {
            i += 1;
            joins = false;
        }
    }
    if items.is_empty() {
        return Err(TriesError::BadWait);
    }
    let mut out = Vec::with_capacity(items.len());
    let mut next_unit = Unit::Seconds;
    for (span, unit) in items.iter().rev() {
        let (ms, decimals) = match unit {
            Some(u) => {
                next_unit = *u;
                let r =
                    read_tokens(&tokens[span.clone()], None).map_err(|_| TriesError::BadWait)?;
                (r.ms, r.decimals)
            }
            None => {
                let Token::Num(n) = tokens[span.start] else {
                    return Err(TriesError::BadWait);
                };
                let (nanos, decimals) =
                    duration::number_nanos(n, next_unit).map_err(|_| TriesError::BadWait)?;
                let ms = duration::nanos_to_ms(nanos).map_err(|_| TriesError::BadWait)?;
                (
                    ms,
                    if next_unit == Unit::Seconds {
                        decimals
                    } else {
                        0
                    },
                )
            }
        };
        out.push((ms, decimals));
    }
    out.reverse();
    Ok((out, i))
}

/// What an `idempotency` cell says: whether a retried request is safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idem {
    /// Safe to retry (`idempotent`, `冪等`, `yes`).
    Idempotent,
    /// Not safe to retry (`non-idempotent`, `非冪等`, `no`).
    NonIdempotent,
    /// Not idempotent by itself, but the caller sends an idempotency key (`idempotency key`,
    /// `キーあり`).
    Key,
}

/// Reads an `idempotency` cell: `idempotent`/`冪等`/`yes`/`はい`,
/// `non-idempotent`/`not idempotent`/`非冪等`/`no`/`いいえ`, `idempotency key`/`キーあり`
/// (any cell naming a key). `None` for anything else.
///
/// ```
/// use budget::value::{read_idem, Idem};
/// assert_eq!(read_idem("非冪等"), Some(Idem::NonIdempotent));
/// assert_eq!(read_idem("POST with an idempotency key"), Some(Idem::Key));
/// assert_eq!(read_idem("maybe"), None);
/// ```
pub fn read_idem(text: &str) -> Option<Idem> {
    let t = text.trim().to_lowercase();
    if t.contains("key") || t.contains("キー") {
        Some(Idem::Key)
    } else if t.contains("non-idempotent")
        || t.contains("not idempotent")
        || t.contains("non idempotent")
        || t.contains("非冪等")
        || t == "no"
        || t == "いいえ"
    {
        Some(Idem::NonIdempotent)
    } else if t.contains("idempotent") || t.contains("冪等") || t == "yes" || t == "はい" {
        Some(Idem::Idempotent)
    } else {
        None
    }
}

/// Reads a yes/no cell (`propagation`): `yes`, `y`, `true`, `on`, `あり`, `する`, `はい`,
/// `propagated`, `propagates` are yes; `no`, `n`, `false`, `off`, `なし`, `しない`, `いいえ`
/// are no (case-insensitive, trimmed). `None` for anything else.
///
/// ```
/// assert_eq!(budget::value::read_flag(" Yes "), Some(true));
/// assert_eq!(budget::value::read_flag("しない"), Some(false));
/// assert_eq!(budget::value::read_flag("sometimes"), None);
/// ```
pub fn read_flag(text: &str) -> Option<bool> {
    match text.trim().to_lowercase().as_str() {
        "yes" | "y" | "true" | "on" | "あり" | "する" | "はい" | "propagated" | "propagates" => {
            Some(true)
        }
        "no" | "n" | "false" | "off" | "なし" | "しない" | "いいえ" => Some(false),
        _ => None,
    }
}

/// Words that may follow a count of upstream targets: `3 servers`, `3台`.
const COUNT_WORDS: &[&str] = &[
    "",
    "servers",
    "server",
    "targets",
    "target",
    "台",
    "upstreams",
    "hosts",
];

/// Reads a count of upstream targets (`upstreams`): a positive whole number, alone or followed
/// by `servers`, `server`, `targets`, `target`, `upstreams`, `hosts` or `台`; full-width
/// digits are read too. `None` for 0, for anything else, and for a count past `u32::MAX`.
///
/// ```
/// assert_eq!(budget::value::read_count("3台"), Some(3));
/// assert_eq!(budget::value::read_count("２ servers"), Some(2));
/// assert_eq!(budget::value::read_count("0"), None);
/// assert_eq!(budget::value::read_count("a few"), None);
/// ```
pub fn read_count(text: &str) -> Option<u32> {
    let normalized = normalize(text);
    let trimmed = normalized.trim();
    let digits_end = trimmed
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(trimmed.len(), |(i, _)| i);
    let (digits, rest) = trimmed.split_at(digits_end);
    if digits.is_empty() || !COUNT_WORDS.contains(&rest.trim()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_not_set_exactly_when_its_normalized_text_is_a_not_set_word() {
        let cells = [
            "",
            " ",
            "\u{3000}",
            "—",
            " - ",
            "－",
            "\u{3000}ー\u{3000}",
            "–",
            "―",
            "--",
            "- -",
            "30s",
            "0",
            "a",
            "Ａ",
            "none",
            "\u{3000}\u{3000}",
            "ー ー",
            "İ",
        ];
        for cell in cells {
            let normalized = normalize(cell);
            assert_eq!(
                is_not_set(cell),
                NOT_SET.contains(&normalized.trim()),
                "{cell:?}"
            );
        }
    }

    #[test]
    fn a_tries_cell_is_written_the_way_the_engine_reads_it_back() {
        assert_eq!(write_tries(Lang::En, 1, &[500, 1000]), "1 try");
        assert_eq!(
            write_tries(Lang::En, 2, &[500, 1000]),
            "2 tries, waits 0.5s"
        );
        assert_eq!(
            write_tries(Lang::En, 3, &[1500]),
            "3 tries, waits 1.5s, 1.5s"
        );
        assert_eq!(write_tries(Lang::En, 2, &[0]), "2 tries");
        assert_eq!(
            write_tries(Lang::Ja, 3, &[500, 1000]),
            "3回、待機0.5秒、1秒"
        );
        for (lang, k, waits) in [
            (Lang::En, 2, vec![500, 1000]),
            (Lang::En, 3, vec![1500]),
            (Lang::Ja, 3, vec![500, 1000]),
            (Lang::Ja, 1, vec![]),
        ] {
            let t = read_tries(&write_tries(lang, k, &waits)).unwrap();
            assert_eq!(t.count, k);
            let expected: Vec<u64> = (0..k as usize - 1)
                .map(|i| *waits.get(i).or(waits.last()).unwrap())
                .collect();
            assert_eq!(t.waits_ms[..k as usize - 1], expected[..]);
        }
        assert_eq!(write_duration(Lang::En, 15_500), "15.5s");
        assert_eq!(write_duration(Lang::Ja, 61_000), "61秒");
    }

    fn exact(text: &str, unit: Option<Unit>) -> Dur {
        match read_duration(text, unit) {
            Ok(Cell::Duration { dur, .. }) => dur,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn no_bound_words_and_disabled_remarks_are_infinite() {
        assert_eq!(exact("なし", None), Dur::Infinite);
        assert_eq!(exact("none", None), Dur::Infinite);
        assert_eq!(exact("0（無効）", None), Dur::Infinite);
        assert_eq!(exact("0 (disabled)", None), Dur::Infinite);
        assert_eq!(exact("∞", None), Dur::Infinite);
    }

    #[test]
    fn remarks_are_ignored() {
        assert_eq!(exact("60 s (default)", None), Dur::Exact(60_000));
        assert_eq!(exact("60秒（既定）", None), Dur::Exact(60_000));
    }

    #[test]
    fn not_set_cells_are_not_set() {
        for text in ["", "—", "-", " "] {
            assert_eq!(read_duration(text, None), Ok(Cell::NotSet), "{text:?}");
        }
    }

    #[test]
    fn lower_bounds_and_ranges_are_read() {
        assert_eq!(exact(">100s", None), Dur::AtLeast(100_000));
        assert_eq!(exact("100秒以上", None), Dur::AtLeast(100_000));
        assert_eq!(exact("at least 100s", None), Dur::AtLeast(100_000));
        assert_eq!(exact("12-24h", None), Dur::Range(43_200_000, 86_400_000));
        assert_eq!(
            exact("12〜24時間", None),
            Dur::Range(43_200_000, 86_400_000)
        );
    }

    #[test]
    fn a_bare_number_takes_the_catalog_unit_or_is_unit_missing() {
        assert!(matches!(
            read_duration("30", Some(Unit::Millis)),
            Ok(Cell::Duration {
                dur: Dur::Exact(30),
                used_bare_unit: true,
                ..
            })
        ));
        assert_eq!(read_duration("30", None), Err(DurationError::UnitMissing));
        assert_eq!(
            read_duration("ten seconds", None),
            Err(DurationError::Unreadable)
        );
    }

    #[test]
    fn tries_forms_of_the_model_are_read() {
        let t = read_tries("2回、待機0.3秒").unwrap();
        assert_eq!(
            (t.count, t.waits_ms.clone(), t.waits_assumed),
            (2, vec![300], false)
        );
        let t = read_tries("3 tries, waits 0.5s, 1.0s").unwrap();
        assert_eq!(
            (t.count, t.waits_ms.clone(), t.wait_decimals.clone()),
            (3, vec![500, 1000], vec![1, 1])
        );
        let t = read_tries("tries=3 waits=0.5,1.0").unwrap();
        assert_eq!((t.count, t.waits_ms), (3, vec![500, 1000]));
        assert_eq!(read_tries("1 try").unwrap().count, 1);
        let t = read_tries("2 retries").unwrap();
        assert_eq!((t.count, t.waits_ms), (3, vec![0, 0]));
        let t = read_tries("3 tries, backoff 0.5s x2").unwrap();
        assert_eq!(t.waits_ms, vec![500, 1000]);
        let t = read_tries("3回、待機0.5秒、1秒").unwrap();
        assert_eq!(t.waits_ms, vec![500, 1000]);
        let t = read_tries("リトライ2回、待機200ms").unwrap();
        assert_eq!(
            (t.count, t.waits_ms, t.waits_assumed),
            (3, vec![200, 200], true)
        );
        let t = read_tries("3 tries, waits 0.5s, 1s, 2s").unwrap();
        assert_eq!((t.waits_ms.clone(), t.waits_dropped), (vec![500, 1000], 1));
        let t = read_tries("3 tries, waits 1s, jitter up to 0.2s").unwrap();
        assert_eq!(t.waits_ms, vec![1200, 1200]);
    }

    #[test]
    fn a_compound_wait_is_one_wait_and_a_repeated_or_growing_unit_is_unreadable() {
        // `1m30s` is one wait of 90 s, as a duration cell reads it, not 60 s and 30 s.
        let t = read_tries("2 tries, waits 1m30s").unwrap();
        assert_eq!((t.waits_ms, t.waits_dropped), (vec![90_000], 0));
        let t = read_tries("3 tries, waits 1m30s, 2m").unwrap();
        assert_eq!(t.waits_ms, vec![90_000, 120_000]);
        let t = read_tries("2回、待機1分30秒").unwrap();
        assert_eq!(t.waits_ms, vec![90_000]);
        // Bare numbers still take the unit after them; commas still part waits.
        let t = read_tries("3 tries, waits 0.5, 1 s").unwrap();
        assert_eq!(t.waits_ms, vec![500, 1000]);
        // A typo is not read as two waits.
        for typo in [
            "3 tries, waits 0.6s.5s",
            "3 tries, waits 30s1m",
            "3 tries, waits 1s 2s",
        ] {
            assert_eq!(read_tries(typo), Err(TriesError::BadWait), "{typo}");
        }
    }

    #[test]
    fn tries_without_a_count_are_an_error() {
        assert_eq!(read_tries("waits 1s"), Err(TriesError::NoCount));
        assert_eq!(read_tries("many"), Err(TriesError::Unreadable));
        assert_eq!(read_tries("0 tries"), Err(TriesError::NoCount));
    }

    #[test]
    fn idempotency_yes_no_and_count_cells_are_read() {
        assert_eq!(read_idem("idempotent"), Some(Idem::Idempotent));
        assert_eq!(read_idem("冪等"), Some(Idem::Idempotent));
        assert_eq!(read_idem("Non-idempotent"), Some(Idem::NonIdempotent));
        assert_eq!(read_idem("いいえ"), Some(Idem::NonIdempotent));
        assert_eq!(read_idem("キーあり"), Some(Idem::Key));
        assert_eq!(read_idem(""), None);
        assert_eq!(read_flag("propagates"), Some(true));
        assert_eq!(read_flag("OFF"), Some(false));
        assert_eq!(read_flag("maybe"), None);
        assert_eq!(read_count("3"), Some(3));
        assert_eq!(read_count(" 4 upstreams "), Some(4));
        assert_eq!(read_count("３台"), Some(3));
        assert_eq!(read_count("3 cats"), None);
        assert_eq!(read_count("99999999999"), None);
    }
}
