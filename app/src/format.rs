//! Text for the page: durations in seconds, times in UTC, labels. Views call these and
//! never format numbers themselves.

use budget::catalog::Entry;
use budget::{Finding, Kind, Severity, Verdict};
use time::macros::format_description;

/// A duration given in milliseconds, as seconds with one decimal: `7800` → `"7.8 s"`.
/// Rounds half up to the nearest tenth (`250` → `"0.3 s"`). `None` gives `"—"`.
pub fn seconds(ms: Option<u64>) -> String {
    match ms {
        Some(ms) => format!("{} s", tenths(ms)),
        None => "—".to_string(),
    }
}

/// A signed duration in milliseconds (a slack), as seconds with one decimal:
/// `200` → `"0.2 s"`, `-7500` → `"-7.5 s"`. `None` gives `"—"`.
pub fn signed_seconds(ms: Option<i64>) -> String {
    match ms {
        Some(ms) if ms < 0 => format!("-{} s", tenths(ms.unsigned_abs())),
        Some(ms) => format!("{} s", tenths(ms.unsigned_abs())),
        None => "—".to_string(),
    }
}

/// A need or deadline in milliseconds, given the verdict of its check: an unknown value is
/// `"∞"` when the check says someone waits without bound, `"—"` otherwise.
pub fn bound(ms: Option<u64>, verdict: Verdict) -> String {
    match (ms, verdict) {
        (None, Verdict::Unbounded) => "∞".to_string(),
        _ => seconds(ms),
    }
}

/// `ms` as seconds with one decimal, without the unit: `7850` → `"7.9"`.
fn tenths(ms: u64) -> String {
    let tenths = ms / 100 + u64::from(ms % 100 >= 50);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// Milliseconds since the Unix epoch as a readable UTC time: `"2025-03-04 05:06 UTC"`.
pub fn utc_time(ms: i64) -> String {
    utc(
        ms,
        format_description!("[year]-[month]-[day] [hour]:[minute] UTC"),
    )
}

/// Milliseconds since the Unix epoch as an RFC 3339 UTC time, for `<time datetime>`:
/// `"2025-03-04T05:06:07Z"`.
pub fn rfc3339(ms: i64) -> String {
    utc(
        ms,
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z"),
    )
}

/// Formats milliseconds since the Unix epoch in UTC; `"—"` for a time out of range.
fn utc(ms: i64, format: &[time::format_description::BorrowedFormatItem<'_>]) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(format).ok())
        .unwrap_or_else(|| "—".to_string())
}

/// The verdict as the report writes it (`"ok"`, `"inverted"`, ...), also its CSS class.
pub fn verdict(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Ok => "ok",
        Verdict::Inverted => "inverted",
        Verdict::Unbounded => "unbounded",
        Verdict::Unknown => "unknown",
        Verdict::Unchecked => "unchecked",
    }
}

/// The severity as the report writes it (`"error"`, `"warning"`, `"info"`), also its CSS class.
pub fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// The row kind as the report writes it (`"connect"`, `"idle_in_tx"`, ...).
pub fn kind(kind: Kind) -> &'static str {
    kind.as_str()
}

/// How many tries a hop makes, for its table cell: `"2"`.
pub fn tries(tries: u32) -> String {
    tries.to_string()
}

/// A count with its noun: `(1, "row", "rows")` → `"1 row"`, `(3, ...)` → `"3 rows"`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The sheet lines a finding concerns: `[4]` → `"row 4"`, `[4, 6]` → `"rows 4, 6"`, `[]` → `""`.
pub fn lines(lines: &[usize]) -> String {
    let list = lines
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    match lines.len() {
        0 => String::new(),
        1 => format!("row {list}"),
        _ => format!("rows {list}"),
    }
}

/// A duration in a finding's numbers: as [`seconds`], except that a value under 1 s which one
/// decimal would round shows in milliseconds (`60` → `"60 ms"`, `500` → `"0.5 s"`), so that a
/// unit mistake such as a bare `60` read in ms does not read as `"0.1 s"`.
fn finding_duration(ms: u64) -> String {
    if ms < 1_000 && !ms.is_multiple_of(100) {
        format!("{ms} ms")
    } else {
        seconds(Some(ms))
    }
}

/// The numbers of a finding, for the line under its message: `"bound 8.0 s · need 15.5 s ·
/// short by 7.5 s · 1 try fits"`; the retry findings add their counts: `"threshold 3 ·
/// attempts 9"`. `None` when the finding carries no numbers.
pub fn finding_numbers(finding: &Finding) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(threshold) = finding.threshold {
        parts.push(format!("threshold {threshold}"));
    }
    if let Some(attempts) = finding.attempts {
        parts.push(format!("attempts {attempts}"));
    }
    if let Some(bound) = finding.bound_ms {
        parts.push(format!("bound {}", finding_duration(bound)));
    }
    if let Some(need) = finding.need_ms {
        parts.push(format!("need {}", finding_duration(need)));
    }
    if let Some(short) = finding.short_by_ms {
        parts.push(format!("short by {}", finding_duration(short)));
    }
    if let Some(k) = finding.tries_that_fit {
        parts.push(match k {
            1 => "1 try fits".to_string(),
            k => format!("{k} tries fit"),
        });
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// A piece of a derived note: text, or the address of a source the note cites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotePart {
    /// Text as the engine wrote it.
    Text(String),
    /// An `http://` or `https://` address, shown as a link.
    Link(String),
}

/// A note split into text and the addresses in it, for rendering the addresses as links:
/// `"… applies (https://nginx.org/…)"` → `[Text("… applies ("), Link("https://nginx.org/…"),
/// Text(")")]`. An address runs to the next whitespace, without a closing bracket it did not
/// open and without trailing punctuation.
pub fn note_parts(note: &str) -> Vec<NotePart> {
    let mut parts = Vec::new();
    let mut rest = note;
    while let Some(start) = find_address(rest) {
        let tail = &rest[start..];
        let end = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let address = trim_address(&tail[..end]);
        if !rest[..start].is_empty() {
            parts.push(NotePart::Text(rest[..start].to_string()));
        }
        parts.push(NotePart::Link(address.to_string()));
        rest = &tail[address.len()..];
    }
    if !rest.is_empty() {
        parts.push(NotePart::Text(rest.to_string()));
    }
    parts
}

/// Where the first `http://` or `https://` address in `text` starts.
fn find_address(text: &str) -> Option<usize> {
    [text.find("https://"), text.find("http://")]
        .into_iter()
        .flatten()
        .min()
}

/// `address` without the punctuation that ends the sentence around it: a trailing `.`, `,`,
/// `;`, `:` or `!`, and a closing `)` or `]` with no opening one inside the address.
fn trim_address(mut address: &str) -> &str {
    loop {
        let trimmed = address.trim_end_matches(['.', ',', ';', ':', '!', '?']);
        let trimmed = match trimmed.chars().last() {
            Some(close @ (')' | ']')) => {
                let open = if close == ')' { '(' } else { '[' };
                let opens = trimmed.matches(open).count();
                let closes = trimmed.matches(close).count();
                if closes > opens {
                    &trimmed[..trimmed.len() - 1]
                } else {
                    trimmed
                }
            }
            _ => trimmed,
        };
        if trimmed.len() == address.len() {
            return address;
        }
        address = trimmed;
    }
}

/// A catalog entry as the setting autocomplete offers it: `"nginx — read, default 60s"`
/// (without the default when the catalog records none).
pub fn catalog_label(entry: &Entry) -> String {
    if entry.default.is_empty() {
        format!("{} — {}", entry.product, kind(entry.kind))
    } else {
        format!(
            "{} — {}, default {}",
            entry.product,
            kind(entry.kind),
            entry.default
        )
    }
}

/// The label of the button that fills a row's default cell from the catalog:
/// `"use default: 60s"`.
pub fn fill_default_label(default: &str) -> String {
    format!("use default: {default}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use budget::FindingCode;

    #[test]
    fn durations_show_as_seconds_with_one_decimal() {
        assert_eq!(seconds(Some(7_800)), "7.8 s");
        assert_eq!(seconds(Some(8_000)), "8.0 s");
        assert_eq!(seconds(Some(0)), "0.0 s");
        assert_eq!(seconds(Some(250)), "0.3 s");
        assert_eq!(seconds(Some(12_049)), "12.0 s");
        assert_eq!(seconds(None), "—");
    }

    #[test]
    fn slack_keeps_its_sign() {
        assert_eq!(signed_seconds(Some(200)), "0.2 s");
        assert_eq!(signed_seconds(Some(-7_500)), "-7.5 s");
        assert_eq!(signed_seconds(Some(0)), "0.0 s");
        assert_eq!(signed_seconds(None), "—");
    }

    #[test]
    fn an_unbounded_need_is_infinite() {
        assert_eq!(bound(None, Verdict::Unbounded), "∞");
        assert_eq!(bound(None, Verdict::Unknown), "—");
        assert_eq!(bound(Some(1_500), Verdict::Unbounded), "1.5 s");
    }

    #[test]
    fn times_read_as_utc() {
        assert_eq!(utc_time(0), "1970-01-01 00:00 UTC");
        // 2024-02-29 13:45:30 UTC
        assert_eq!(utc_time(1_709_214_330_000), "2024-02-29 13:45 UTC");
        assert_eq!(utc_time(-1), "1969-12-31 23:59 UTC");
        assert_eq!(rfc3339(1_709_214_330_000), "2024-02-29T13:45:30Z");
    }

    #[test]
    fn lines_name_the_rows() {
        assert_eq!(lines(&[]), "");
        assert_eq!(lines(&[4]), "row 4");
        assert_eq!(lines(&[4, 6, 7]), "rows 4, 6, 7");
    }

    #[test]
    fn counts_pick_their_noun() {
        assert_eq!(count(1, "row", "rows"), "1 row");
        assert_eq!(count(0, "row", "rows"), "0 rows");
    }

    #[test]
    fn a_finding_shows_its_numbers_in_one_line() {
        let finding = Finding {
            code: FindingCode::InversionNode,
            severity: Severity::Error,
            node: Some("app".into()),
            hop: None,
            rows: vec![4, 6, 7, 8],
            bound_ms: Some(8_000),
            need_ms: Some(15_500),
            short_by_ms: Some(7_500),
            tries_that_fit: Some(1),
            attempts: None,
            threshold: None,
            message: String::new(),
            fix: None,
            trace: Default::default(),
        };
        assert_eq!(
            finding_numbers(&finding).as_deref(),
            Some("bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits")
        );
    }

    #[test]
    fn small_durations_in_numbers_keep_their_milliseconds() {
        let mut finding = Finding {
            code: FindingCode::ValueImplausible,
            severity: Severity::Warning,
            node: None,
            hop: None,
            rows: vec![2],
            bound_ms: Some(60),
            need_ms: None,
            short_by_ms: None,
            tries_that_fit: None,
            attempts: None,
            threshold: None,
            message: String::new(),
            fix: None,
            trace: Default::default(),
        };
        assert_eq!(finding_numbers(&finding).as_deref(), Some("bound 60 ms"));
        finding.bound_ms = Some(500);
        assert_eq!(finding_numbers(&finding).as_deref(), Some("bound 0.5 s"));
        finding.bound_ms = Some(1_250);
        assert_eq!(finding_numbers(&finding).as_deref(), Some("bound 1.3 s"));
    }

    #[test]
    fn retry_findings_show_counts_not_durations() {
        let finding = Finding {
            code: FindingCode::RetryAmplification,
            severity: Severity::Warning,
            node: Some("orders".into()),
            hop: None,
            rows: vec![2, 4],
            bound_ms: None,
            need_ms: None,
            short_by_ms: None,
            tries_that_fit: None,
            attempts: Some(9),
            threshold: Some(3),
            message: String::new(),
            fix: None,
            trace: Default::default(),
        };
        assert_eq!(
            finding_numbers(&finding).as_deref(),
            Some("threshold 3 · attempts 9")
        );
    }

    #[test]
    fn notes_link_their_sources() {
        let note = "row 2: no value set; nginx's documented default for proxy_read_timeout, 1m, \
                    applies (https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout)";
        assert_eq!(
            note_parts(note),
            [
                NotePart::Text(
                    "row 2: no value set; nginx's documented default for proxy_read_timeout, \
                     1m, applies ("
                        .into()
                ),
                NotePart::Link(
                    "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout"
                        .into()
                ),
                NotePart::Text(")".into()),
            ]
        );
        assert_eq!(
            note_parts("see https://en.wikipedia.org/wiki/Timeout_(computing)."),
            [
                NotePart::Text("see ".into()),
                NotePart::Link("https://en.wikipedia.org/wiki/Timeout_(computing)".into()),
                NotePart::Text(".".into()),
            ]
        );
        assert_eq!(
            note_parts("no address here"),
            [NotePart::Text("no address here".into())]
        );
        assert!(note_parts("").is_empty());
        assert_eq!(
            note_parts("https://a.example/ and http://b.example/x"),
            [
                NotePart::Link("https://a.example/".into()),
                NotePart::Text(" and ".into()),
                NotePart::Link("http://b.example/x".into()),
            ]
        );
    }

    #[test]
    fn catalog_entries_read_as_product_kind_and_default() {
        let entry = budget::catalog::entries()
            .iter()
            .find(|e| e.product == "nginx" && e.name == "proxy_read_timeout")
            .expect("the catalog has nginx's proxy_read_timeout");
        assert_eq!(catalog_label(entry), "nginx — read, default 60s");
        assert_eq!(fill_default_label(entry.default), "use default: 60s");
    }
}
