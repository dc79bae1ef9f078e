//! How the engine's values are written for people: durations, slack, verdicts, severities,
//! rows labels, quoted cell text and documentation addresses, in English and Japanese.
//!
//! One function per thing shown, called by the messages, the page, the command line's text,
//! Markdown and SARIF outputs alike, so that one number is written one way everywhere.
//!
//! # Durations: one rule
//!
//! A duration in milliseconds below a minute is written in seconds, **exactly**: with one
//! decimal, and with as many more as the value needs, up to milliseconds (three decimals).
//! Nothing is rounded, so two different durations never read the same and a margin of 250 ms
//! is never shown as 0.3 s. A minute or more is written as people read a clock, in hours,
//! minutes and the seconds left (exact, without a decimal when whole), each part only when it
//! or a later part is not zero. In English the units follow after a space, in Japanese
//! without one:
//!
//! | ms | English | Japanese |
//! |---|---|---|
//! | 0 | `0.0 s` | `0.0秒` |
//! | 250 | `0.25 s` | `0.25秒` |
//! | 8,000 | `8.0 s` | `8.0秒` |
//! | 59,950 | `59.95 s` | `59.95秒` |
//! | 60 | `0.06 s` | `0.06秒` |
//! | 60,000 | `1 min` | `1分` |
//! | 90,500 | `1 min 30.5 s` | `1分30.5秒` |
//! | 1,800,000 | `30 min` | `30分` |
//! | 3,601,000 | `1 h 0 min 1 s` | `1時間0分1秒` |
//! | 64,260,000 | `17 h 51 min` | `17時間51分` |
//!
//! A slack (a signed duration) keeps its sign: `-7.5 s`, `-1 min 30 s`. A value that is not
//! known or does not apply is [`UNKNOWN`] (`—`); no bound at all is [`INFINITE`] (`∞`).
//! Formulas are arithmetic and stay in seconds (`30 + 30 = 60.0 s`), so that each can be
//! added up as written.
//!
//! ```
//! use budget::{display, Lang};
//! assert_eq!(display::duration(Lang::En, 250), "0.25 s");
//! assert_eq!(display::duration(Lang::Ja, 7_800), "7.8秒");
//! assert_eq!(display::duration(Lang::En, 64_260_000), "17 h 51 min");
//! assert_eq!(display::slack(Lang::En, Some(-7_500)), "-7.5 s");
//! assert_eq!(display::rows(Lang::Ja, &[4, 6]), "行 4, 6");
//! ```

use crate::report::{Finding, Severity, Verdict};
use crate::sheet::Lang;

/// Shown for a value that is not known or does not apply: `—`.
pub const UNKNOWN: &str = "—";

/// Shown for no bound at all (a wait without end): `∞`.
pub const INFINITE: &str = "∞";

/// Milliseconds as seconds without the unit, by the one rule of this module: `250` →
/// `"0.25"`, `8000` → `"8.0"`, `0` → `"0.0"`.
pub fn seconds(ms: u64) -> String {
    crate::duration::seconds(ms, 1)
}

/// A duration in milliseconds, with its units, by the one rule of this module: `250` →
/// `"0.25 s"` (English), `"0.25秒"` (Japanese); `1_800_000` → `"30 min"`, `"30分"`.
pub fn duration(lang: Lang, ms: u64) -> String {
    let mut out = String::with_capacity(28);
    push_duration(&mut out, lang, ms);
    out
}

/// [`duration`] appended to `out`.
pub(crate) fn push_duration(out: &mut String, lang: Lang, ms: u64) {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    if ms < MINUTE {
        crate::duration::push_seconds(out, ms, 1);
        out.push_str(unit(lang));
        return;
    }
    let (hours, minutes, rest) = (ms / HOUR, ms % HOUR / MINUTE, ms % MINUTE);
    let (h, min, s, space) = match lang {
        Lang::En => (" h", " min", " s", " "),
        Lang::Ja => ("時間", "分", "秒", ""),
    };
    use std::fmt::Write as _;
    if hours > 0 {
        let _ = write!(out, "{hours}{h}");
    }
    if minutes > 0 || (hours > 0 && rest > 0) {
        if hours > 0 {
            out.push_str(space);
        }
        let _ = write!(out, "{minutes}{min}");
    }
    if rest > 0 {
        out.push_str(space);
        crate::duration::push_seconds(out, rest, 0);
        out.push_str(s);
    }
}

/// A duration that may be unknown: [`duration`], or [`UNKNOWN`] for `None`.
pub fn duration_or_unknown(lang: Lang, ms: Option<u64>) -> String {
    ms.map_or_else(|| UNKNOWN.to_string(), |ms| duration(lang, ms))
}

/// A duration where `None` means no bound: [`duration`], or [`INFINITE`] for `None` (a need
/// whose worst case is infinite).
pub fn duration_or_infinite(lang: Lang, ms: Option<u64>) -> String {
    ms.map_or_else(|| INFINITE.to_string(), |ms| duration(lang, ms))
}

/// A signed duration in milliseconds (a slack: bound − need), with its sign when negative:
/// `-7500` → `"-7.5 s"`, `200` → `"0.2 s"`, `0` → `"0.0 s"`; `i64::MIN` ms is written whole.
pub fn signed_duration(lang: Lang, ms: i64) -> String {
    let mut out = String::with_capacity(28);
    if ms < 0 {
        out.push('-');
    }
    push_duration(&mut out, lang, ms.unsigned_abs());
    out
}

/// A slack that may be unknown (`slack_ms` of a node or a hop): [`signed_duration`], or
/// [`UNKNOWN`] for `None`.
pub fn slack(lang: Lang, ms: Option<i64>) -> String {
    ms.map_or_else(|| UNKNOWN.to_string(), |ms| signed_duration(lang, ms))
}

/// A need or worst case in milliseconds, given the verdict of its check: a value the report
/// gives no number for is [`INFINITE`] when the verdict says someone waits without bound
/// ([`Verdict::Unbounded`]) or that the bound falls short of it ([`Verdict::Inverted`]: a need
/// that cannot be read leaves its check `unknown`, so an inverted check without a need is
/// short of a need without bound), [`UNKNOWN`] otherwise.
pub fn need(lang: Lang, ms: Option<u64>, verdict: Verdict) -> String {
    match (ms, verdict) {
        (None, Verdict::Unbounded | Verdict::Inverted) => INFINITE.to_string(),
        (ms, _) => duration_or_unknown(lang, ms),
    }
}

/// What follows seconds in the sheet's language: ` s`, `秒`.
pub(crate) fn unit(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " s",
        Lang::Ja => "秒",
    }
}

/// What a hop's retries repeat, for people (`budget-model.md` §4.1), when its retry
/// conditions are known: `None` when nothing says (any failure starts a retry).
///
/// ```
/// let report = budget::check(&budget::Sheet::new(
///     budget::Lang::En,
///     budget::tsv::import(budget::example::REDIRECTOR_RETRIES).unwrap().rows,
/// ));
/// let hop = report.hops.iter().find(|h| h.segment == "web server -> web container").unwrap();
/// assert_eq!(
///     budget::display::repeats(budget::Lang::En, hop).as_deref(),
///     Some("retried only before the request arrives (connect-failure, connect-timeout, header-send): a failed try costs 15.0 s, the request arrives once")
/// );
/// ```
pub fn repeats(lang: Lang, hop: &crate::HopReport) -> Option<String> {
    use crate::Repeats;
    let conditions = crate::retry_on::read(&hop.retry_on.join(", "))
        .map(|on| on.describe(lang))
        .ok();
    let arrives = |n: u64| match (lang, n) {
        (Lang::En, 1) => "the request arrives once".to_string(),
        (Lang::En, n) => format!("the request may arrive {n} times"),
        (Lang::Ja, n) => format!("リクエストは最大{n}回届きます"),
    };
    match (hop.repeats, lang) {
        (Repeats::Early, Lang::En) => Some(format!(
            "retried only before the request arrives ({}): a failed try costs {}, {}",
            conditions.unwrap_or_default(),
            duration_or_unknown(lang, hop.early_ms),
            arrives(hop.attempts)
        )),
        (Repeats::Early, Lang::Ja) => Some(format!(
            "リクエストが届く前だけ再試行（{}）：失敗した試行は各{}、{}",
            conditions.unwrap_or_default(),
            duration_or_unknown(lang, hop.early_ms),
            arrives(hop.attempts)
        )),
        (Repeats::NoRetries, Lang::En) => Some("retry on off: one try".to_string()),
        (Repeats::NoRetries, Lang::Ja) => Some("再試行の条件なし：1回だけ試行".to_string()),
        (Repeats::Whole, _) => {
            let conditions = conditions?;
            Some(match lang {
                Lang::En => format!(
                    "retries on {conditions} repeat whole tries: {}",
                    arrives(hop.attempts)
                ),
                Lang::Ja => format!(
                    "{conditions}での再試行は試行全体を繰り返します：{}",
                    arrives(hop.attempts)
                ),
            })
        }
    }
}

/// A verdict for people: `ok`, `inverted`, `unbounded`, `unknown`, `unchecked` in English
/// (the report's codes), `合格`, `逆転`, `上限なし`, `不明`, `比較なし` in Japanese.
pub fn verdict(lang: Lang, verdict: Verdict) -> &'static str {
    match lang {
        Lang::En => verdict_code(verdict),
        Lang::Ja => match verdict {
            Verdict::Ok => "合格",
            Verdict::Inverted => "逆転",
            Verdict::Unbounded => "上限なし",
            Verdict::Unknown => "不明",
            Verdict::Unchecked => "比較なし",
        },
    }
}

/// A verdict's stable code, as the JSON report writes it (`ok`, `inverted`, `unbounded`,
/// `unknown`, `unchecked`): for a CSS class or a machine reader, never translated.
pub fn verdict_code(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Ok => "ok",
        Verdict::Inverted => "inverted",
        Verdict::Unbounded => "unbounded",
        Verdict::Unknown => "unknown",
        Verdict::Unchecked => "unchecked",
    }
}

/// A severity for people: `error`, `warning`, `info` in English (the report's codes),
/// `エラー`, `警告`, `情報` in Japanese.
pub fn severity(lang: Lang, severity: Severity) -> &'static str {
    match lang {
        Lang::En => severity_code(severity),
        Lang::Ja => match severity {
            Severity::Error => "エラー",
            Severity::Warning => "警告",
            Severity::Info => "情報",
        },
    }
}

/// A severity's stable code, as the JSON report writes it (`error`, `warning`, `info`): for a
/// CSS class or a machine reader, never translated.
pub fn severity_code(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// The sheet rows a finding names (data rows counted from 1), each listed in the order given:
/// `[4]` → `"row 4"`, `[4, 6, 7]` → `"rows 4, 6, 7"` (`"行 4, 6, 7"` in Japanese); no rows →
/// `""`.
pub fn rows(lang: Lang, rows: &[usize]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let list = rows
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let noun = match (lang, rows.len()) {
        (Lang::Ja, _) => "行",
        (Lang::En, 1) => "row",
        (Lang::En, _) => "rows",
    };
    format!("{noun} {list}")
}

/// Cell text quoted as typed, never escaped: `"⏱️🔥"` in English, `「⏱️🔥」` in Japanese.
pub fn quoted(lang: Lang, text: &str) -> String {
    lang.quote(text)
}

/// A documentation address in plain text, whole (a terminal or a code scanner links it):
/// `"source: https://nginx.org/…"`, `"出典: https://nginx.org/…"`.
pub fn source(lang: Lang, address: &str) -> String {
    format!("{}: {address}", source_word(lang))
}

/// The text of a link to a documentation address, which the link itself carries: the
/// address's host without `www.`: `"source: nginx.org"`, `"出典: postgresql.org"`.
pub fn source_link_text(lang: Lang, address: &str) -> String {
    format!("{}: {}", source_word(lang), source_host(address))
}

/// `source` / `出典`.
fn source_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "source",
        Lang::Ja => "出典",
    }
}

/// The host of an `http://` or `https://` address, without `www.`:
/// `"https://www.postgresql.org/docs/…"` → `"postgresql.org"`; any other text whole.
pub fn source_host(address: &str) -> &str {
    let Some(rest) = address
        .strip_prefix("https://")
        .or_else(|| address.strip_prefix("http://"))
    else {
        return address;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = host.strip_prefix("www.").unwrap_or(host);
    if host.is_empty() {
        address
    } else {
        host
    }
}

/// Which of a finding's durations a part of its numbers line writes
/// ([`finding_number_parts`]), so that a page can show where that number comes from
/// ([`Finding::trace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingNumber {
    /// `bound_ms` (its terms: `trace.bound`).
    Bound,
    /// `need_ms` (its terms: `trace.need`).
    Need,
    /// `short_by_ms`, need − bound (its terms: both).
    ShortBy,
}

/// One part of a finding's numbers line: its text (`"need 15.5 s"`) and, for a duration of
/// the finding, which one it is (`None` for the threshold, the attempts and the tries that
/// fit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberPart {
    /// The part as written: a word and a value.
    pub text: String,
    /// The duration it writes, if it writes one.
    pub number: Option<FindingNumber>,
}

/// What [`finding_numbers`] puts between two parts: `" · "`.
pub const NUMBERS_SEPARATOR: &str = " · ";

/// The numbers of a finding on one line, in its order: `threshold`, `attempts`, `bound`,
/// `need`, `short by` (durations by [`duration`]), then the tries that fit:
/// `"bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits"`,
/// `"上限 8.0秒 · 必要 15.5秒 · 不足 7.5秒 · 収まる試行 1回"`. `None` when the finding carries
/// no numbers. The parts joined by [`NUMBERS_SEPARATOR`]: see [`finding_number_parts`].
pub fn finding_numbers(lang: Lang, finding: &Finding) -> Option<String> {
    let parts = finding_number_parts(lang, finding);
    (!parts.is_empty()).then(|| {
        parts
            .into_iter()
            .map(|p| p.text)
            .collect::<Vec<_>>()
            .join(NUMBERS_SEPARATOR)
    })
}

/// The parts of [`finding_numbers`]' line, each with the duration it writes: for G2's
/// inversion `bound 8.0 s` ([`FindingNumber::Bound`]), `need 15.5 s`
/// ([`FindingNumber::Need`]), `short by 7.5 s` ([`FindingNumber::ShortBy`]) and `1 try fits`
/// (none). Empty when the finding carries no numbers.
pub fn finding_number_parts(lang: Lang, finding: &Finding) -> Vec<NumberPart> {
    let words = match lang {
        Lang::En => ["threshold", "attempts", "bound", "need", "short by"],
        Lang::Ja => ["しきい値", "試行回数", "上限", "必要", "不足"],
    };
    let [threshold, attempts, bound, need, short_by] = words;
    let count = |text: String| NumberPart { text, number: None };
    let mut parts = Vec::new();
    if let Some(n) = finding.threshold {
        parts.push(count(format!("{threshold} {n}")));
    }
    if let Some(n) = finding.attempts {
        parts.push(count(format!("{attempts} {n}")));
    }
    for (word, ms, number) in [
        (bound, finding.bound_ms, FindingNumber::Bound),
        (need, finding.need_ms, FindingNumber::Need),
        (short_by, finding.short_by_ms, FindingNumber::ShortBy),
    ] {
        if let Some(ms) = ms {
            parts.push(NumberPart {
                text: format!("{word} {}", duration(lang, ms)),
                number: Some(number),
            });
        }
    }
    if let Some(k) = finding.tries_that_fit {
        parts.push(count(match (lang, k) {
            (Lang::En, 1) => "1 try fits".to_string(),
            (Lang::En, k) => format!("{k} tries fit"),
            (Lang::Ja, k) => format!("収まる試行 {k}回"),
        }));
    }
    parts
}

/// Rows as a short label, runs of three or more consecutive rows as a range: `[4]` →
/// `"row 4"`, `[9, 10]` → `"rows 9, 10"`, `[5, 6, 7, 8, 9, 10]` → `"rows 5–10"`,
/// `[1, 3, 4, 5]` → `"rows 1, 3–5"` (`"行 5〜10"` in Japanese); no rows → `""`. For the
/// rows behind a number, which may be many; `rows` sorted, each once
/// ([`RowsBehind::of`](crate::RowsBehind::of) gives them so).
pub fn row_ranges(lang: Lang, rows: &[usize]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let dash = match lang {
        Lang::En => "–",
        Lang::Ja => "〜",
    };
    let mut parts = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let mut end = start;
        while end + 1 < rows.len() && rows[end + 1] == rows[end] + 1 {
            end += 1;
        }
        match end - start {
            0 => parts.push(rows[start].to_string()),
            1 => parts.extend([rows[start].to_string(), rows[end].to_string()]),
            _ => parts.push(format!("{}{dash}{}", rows[start], rows[end])),
        }
        start = end + 1;
    }
    let noun = match (lang, rows.len()) {
        (Lang::Ja, _) => "行",
        (Lang::En, 1) => "row",
        (Lang::En, _) => "rows",
    };
    format!("{noun} {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding() -> Finding {
        Finding {
            node: Some("app".into()),
            rows: vec![4, 6, 7, 8],
            ..Finding::new(crate::FindingCode::InversionNode)
        }
    }

    /// Checks that each duration in milliseconds reads as its English and Japanese text.
    fn durations_read(cases: &[(u64, &str, &str)]) {
        for &(ms, en, ja) in cases {
            assert_eq!(duration(Lang::En, ms), en, "{ms} ms");
            assert_eq!(duration(Lang::Ja, ms), ja, "{ms} ms");
        }
    }

    #[test]
    fn a_duration_below_a_minute_is_exact_to_the_millisecond_with_at_least_one_decimal() {
        durations_read(&[
            (0, "0.0 s", "0.0秒"),
            (1, "0.001 s", "0.001秒"),
            (60, "0.06 s", "0.06秒"),
            (250, "0.25 s", "0.25秒"),
            (500, "0.5 s", "0.5秒"),
            (1_250, "1.25 s", "1.25秒"),
            (7_800, "7.8 s", "7.8秒"),
            (8_000, "8.0 s", "8.0秒"),
            (12_049, "12.049 s", "12.049秒"),
            (59_950, "59.95 s", "59.95秒"),
            (59_999, "59.999 s", "59.999秒"),
        ]);
        assert_eq!(seconds(250), "0.25");
    }

    #[test]
    fn a_minute_or_more_is_written_in_hours_minutes_and_the_exact_seconds_left() {
        durations_read(&[
            (60_000, "1 min", "1分"),
            (60_001, "1 min 0.001 s", "1分0.001秒"),
            (90_500, "1 min 30.5 s", "1分30.5秒"),
            (1_800_000, "30 min", "30分"),
            (3_600_000, "1 h", "1時間"),
            (3_601_000, "1 h 0 min 1 s", "1時間0分1秒"),
            (5_400_000, "1 h 30 min", "1時間30分"),
            (64_260_000, "17 h 51 min", "17時間51分"),
            (86_400_000, "24 h", "24時間"),
            (
                u64::MAX,
                "5124095576030 h 25 min 51.615 s",
                "5124095576030時間25分51.615秒",
            ),
        ]);
    }

    #[test]
    fn durations_that_differ_by_a_millisecond_read_differently() {
        assert_ne!(duration(Lang::En, 250), duration(Lang::En, 300));
        assert_ne!(duration(Lang::En, 59_999), duration(Lang::En, 60_000));
        assert_ne!(duration(Lang::En, 60_000), duration(Lang::En, 60_001));
        assert_ne!(duration(Lang::En, 3_600_000), duration(Lang::En, 3_600_001));
    }

    #[test]
    fn an_unknown_duration_is_a_dash_and_no_bound_is_infinite() {
        assert_eq!(duration_or_unknown(Lang::En, None), "—");
        assert_eq!(duration_or_unknown(Lang::Ja, Some(250)), "0.25秒");
        assert_eq!(duration_or_infinite(Lang::En, None), "∞");
        assert_eq!(duration_or_infinite(Lang::Ja, None), "∞");
        assert_eq!(duration_or_infinite(Lang::En, Some(15_500)), "15.5 s");
    }

    #[test]
    fn a_need_without_a_number_is_infinite_only_when_its_check_is_unbounded_or_inverted() {
        assert_eq!(need(Lang::En, None, Verdict::Unbounded), "∞");
        assert_eq!(need(Lang::Ja, None, Verdict::Unbounded), "∞");
        assert_eq!(need(Lang::En, None, Verdict::Inverted), "∞");
        assert_eq!(need(Lang::En, None, Verdict::Unknown), "—");
        assert_eq!(need(Lang::En, None, Verdict::Unchecked), "—");
        assert_eq!(need(Lang::En, Some(1_500), Verdict::Unbounded), "1.5 s");
        assert_eq!(need(Lang::Ja, Some(15_500), Verdict::Inverted), "15.5秒");
    }

    #[test]
    fn a_slack_keeps_its_sign() {
        assert_eq!(slack(Lang::En, Some(-7_500)), "-7.5 s");
        assert_eq!(slack(Lang::Ja, Some(-7_500)), "-7.5秒");
        assert_eq!(slack(Lang::En, Some(200)), "0.2 s");
        assert_eq!(slack(Lang::En, Some(-250)), "-0.25 s");
        assert_eq!(slack(Lang::En, Some(0)), "0.0 s");
        assert_eq!(slack(Lang::Ja, None), "—");
        assert_eq!(slack(Lang::En, Some(-90_000)), "-1 min 30 s");
        assert_eq!(slack(Lang::Ja, Some(-90_000)), "-1分30秒");
        assert_eq!(
            signed_duration(Lang::En, i64::MIN),
            "-2562047788015 h 12 min 55.808 s"
        );
        assert_eq!(
            signed_duration(Lang::Ja, i64::MAX),
            "2562047788015時間12分55.807秒"
        );
    }

    /// The words of `all` in English and in Japanese, after checking that each one's code is
    /// its value in the report's JSON.
    fn words_with_codes<T: Copy + serde::Serialize>(
        all: &[T],
        word: fn(Lang, T) -> &'static str,
        code: fn(T) -> &'static str,
    ) -> (Vec<&'static str>, Vec<&'static str>) {
        for &v in all {
            assert_eq!(serde_json::to_value(v).unwrap(), serde_json::json!(code(v)));
        }
        let words = |lang| all.iter().map(|&v| word(lang, v)).collect();
        (words(Lang::En), words(Lang::Ja))
    }

    #[test]
    fn verdicts_are_their_codes_in_english_and_words_in_japanese() {
        let all = [
            Verdict::Ok,
            Verdict::Inverted,
            Verdict::Unbounded,
            Verdict::Unknown,
            Verdict::Unchecked,
        ];
        let (en, ja) = words_with_codes(&all, verdict, verdict_code);
        assert_eq!(en, ["ok", "inverted", "unbounded", "unknown", "unchecked"]);
        assert_eq!(ja, ["合格", "逆転", "上限なし", "不明", "比較なし"]);
    }

    #[test]
    fn severities_are_their_codes_in_english_and_words_in_japanese() {
        let all = [Severity::Error, Severity::Warning, Severity::Info];
        let (en, ja) = words_with_codes(&all, severity, severity_code);
        assert_eq!(en, ["error", "warning", "info"]);
        assert_eq!(ja, ["エラー", "警告", "情報"]);
    }

    #[test]
    fn rows_are_named_in_the_sheets_language() {
        assert_eq!(rows(Lang::En, &[4]), "row 4");
        assert_eq!(rows(Lang::En, &[4, 6]), "rows 4, 6");
        assert_eq!(rows(Lang::En, &[6, 7, 8]), "rows 6, 7, 8");
        assert_eq!(rows(Lang::Ja, &[4]), "行 4");
        assert_eq!(rows(Lang::Ja, &[4, 6]), "行 4, 6");
        assert_eq!(rows(Lang::En, &[]), "");
        assert_eq!(rows(Lang::Ja, &[]), "");
    }

    #[test]
    fn rows_behind_a_number_read_as_ranges() {
        assert_eq!(row_ranges(Lang::En, &[4]), "row 4");
        assert_eq!(row_ranges(Lang::En, &[9, 10]), "rows 9, 10");
        assert_eq!(row_ranges(Lang::En, &[5, 6, 7, 8, 9, 10]), "rows 5–10");
        assert_eq!(row_ranges(Lang::En, &[1, 3, 4, 5, 9]), "rows 1, 3–5, 9");
        assert_eq!(row_ranges(Lang::En, &[1, 2, 4, 5, 6]), "rows 1, 2, 4–6");
        assert_eq!(row_ranges(Lang::Ja, &[5, 6, 7, 8, 9, 10]), "行 5〜10");
        assert_eq!(row_ranges(Lang::Ja, &[4]), "行 4");
        assert_eq!(row_ranges(Lang::En, &[]), "");
    }

    /// The numbers line of `f` in `lang`, which has one.
    fn numbers_line(lang: Lang, f: &Finding) -> String {
        finding_numbers(lang, f).expect("a numbers line")
    }

    /// A finding 7.5 s short: a need of 15.5 s over a bound of 8.0 s, in which 1 try fits.
    fn short_finding() -> Finding {
        Finding {
            bound_ms: Some(8_000),
            need_ms: Some(15_500),
            short_by_ms: Some(7_500),
            tries_that_fit: Some(1),
            ..finding()
        }
    }

    #[test]
    fn a_findings_numbers_line_is_its_parts_each_naming_its_duration() {
        let f = short_finding();
        let parts = finding_number_parts(Lang::En, &f);
        let texts: Vec<(&str, Option<FindingNumber>)> =
            parts.iter().map(|p| (p.text.as_str(), p.number)).collect();
        assert_eq!(
            texts,
            [
                ("bound 8.0 s", Some(FindingNumber::Bound)),
                ("need 15.5 s", Some(FindingNumber::Need)),
                ("short by 7.5 s", Some(FindingNumber::ShortBy)),
                ("1 try fits", None),
            ]
        );
        assert_eq!(
            numbers_line(Lang::En, &f),
            "bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits"
        );
    }

    #[test]
    fn text_is_quoted_as_typed() {
        assert_eq!(quoted(Lang::En, "⏱️🔥"), "\"⏱️🔥\"");
        assert_eq!(quoted(Lang::Ja, "⏱️🔥"), "「⏱️🔥」");
        assert_eq!(quoted(Lang::En, "ten seconds"), "\"ten seconds\"");
        // Never Rust's debug formatting, which escapes the variation selector.
        assert_ne!(quoted(Lang::En, "⏱️🔥"), format!("{:?}", "⏱️🔥"));
        assert_eq!(quoted(Lang::En, "a\\b"), "\"a\\b\"");
    }

    #[test]
    fn a_source_is_its_address_in_text_and_its_host_on_a_link() {
        let nginx = "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout";
        assert_eq!(
            source(Lang::En, nginx),
            "source: https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout"
        );
        assert_eq!(
            source(Lang::Ja, "https://pkg.go.dev/net/http#Client"),
            "出典: https://pkg.go.dev/net/http#Client"
        );
        assert_eq!(source_link_text(Lang::En, nginx), "source: nginx.org");
        assert_eq!(
            source_link_text(
                Lang::Ja,
                "https://www.postgresql.org/docs/current/runtime-config-client.html"
            ),
            "出典: postgresql.org"
        );
        assert_eq!(
            source_host("https://pkg.go.dev/net/http#Client"),
            "pkg.go.dev"
        );
        assert_eq!(source_host("http://example.com?x"), "example.com");
        assert_eq!(source_host("https://"), "https://");
        assert_eq!(source_host("see the manual"), "see the manual");
    }

    #[test]
    fn a_findings_numbers_are_one_line_in_the_sheets_language() {
        let f = short_finding();
        for (lang, line) in [
            (
                Lang::En,
                "bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits",
            ),
            (
                Lang::Ja,
                "上限 8.0秒 · 必要 15.5秒 · 不足 7.5秒 · 収まる試行 1回",
            ),
        ] {
            assert_eq!(numbers_line(lang, &f), line);
        }
        let f = Finding {
            tries_that_fit: Some(2),
            ..f
        };
        assert_eq!(
            numbers_line(Lang::En, &f),
            "bound 8.0 s · need 15.5 s · short by 7.5 s · 2 tries fit"
        );
    }

    #[test]
    fn a_small_bound_in_a_findings_numbers_keeps_its_milliseconds() {
        let f = Finding {
            bound_ms: Some(60),
            ..finding()
        };
        assert_eq!(numbers_line(Lang::En, &f), "bound 0.06 s");
        let f = Finding {
            bound_ms: Some(250),
            ..finding()
        };
        assert_eq!(numbers_line(Lang::Ja, &f), "上限 0.25秒");
    }

    #[test]
    fn retry_findings_show_counts_not_durations() {
        let f = Finding {
            attempts: Some(9),
            threshold: Some(3),
            ..finding()
        };
        assert_eq!(numbers_line(Lang::En, &f), "threshold 3 · attempts 9");
        assert_eq!(numbers_line(Lang::Ja, &f), "しきい値 3 · 試行回数 9");
        assert_eq!(finding_numbers(Lang::En, &finding()), None);
        assert_eq!(finding_number_parts(Lang::En, &finding()), []);
    }
}
