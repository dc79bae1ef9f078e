//! Text for the page: durations in seconds, times in UTC, labels. Views call these and
//! never format numbers themselves.

use budget::{Finding, Kind, Severity, Verdict};

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
    let (year, month, day, hour, minute, _) = utc_parts(ms);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// Milliseconds since the Unix epoch as an RFC 3339 UTC time, for `<time datetime>`:
/// `"2025-03-04T05:06:07Z"`.
pub fn rfc3339(ms: i64) -> String {
    let (year, month, day, hour, minute, second) = utc_parts(ms);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// (year, month, day, hour, minute, second) in UTC of milliseconds since the Unix epoch.
fn utc_parts(ms: i64) -> (i64, u32, u32, i64, i64, i64) {
    let secs = ms.div_euclid(1000);
    let (year, month, day) = civil_from_days(secs.div_euclid(86_400));
    let of_day = secs.rem_euclid(86_400);
    (
        year,
        month,
        day,
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60,
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`): returns (year, month 1–12, day 1–31).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
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

/// The numbers of a finding, for the line under its message: `"bound 8.0 s · need 15.5 s ·
/// short by 7.5 s · 1 try fits"`. `None` when the finding carries no numbers.
pub fn finding_numbers(finding: &Finding) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(bound) = finding.bound_ms {
        parts.push(format!("bound {}", seconds(Some(bound))));
    }
    if let Some(need) = finding.need_ms {
        parts.push(format!("need {}", seconds(Some(need))));
    }
    if let Some(short) = finding.short_by_ms {
        parts.push(format!("short by {}", seconds(Some(short))));
    }
    if let Some(k) = finding.tries_that_fit {
        parts.push(match k {
            1 => "1 try fits".to_string(),
            k => format!("{k} tries fit"),
        });
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            code: "inversion.node".into(),
            severity: Severity::Error,
            node: Some("app".into()),
            hop: None,
            rows: vec![4, 6, 7, 8],
            bound_ms: Some(8_000),
            need_ms: Some(15_500),
            short_by_ms: Some(7_500),
            tries_that_fit: Some(1),
            message: String::new(),
            fix: None,
        };
        assert_eq!(
            finding_numbers(&finding).as_deref(),
            Some("bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits")
        );
    }
}
