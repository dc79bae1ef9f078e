//! How the trace of a diff writes a row's value: as it was typed (`3s` → `3 s`, `1.0s` →
//! `1.0 s`), a count, tries with their waits.

use crate::display;
use crate::duration::Unit;
use crate::kind::Kind;
use crate::report::Report;
use crate::sheet::{Lang, Row};
use crate::value::{self, Cell, Dur};

/// One place's changed rows and their effect up the call chain.
/// The kind the report gave a line's row.
pub(super) fn kind_of(report: &Report, line: usize) -> Kind {
    report
        .rows
        .get(line.wrapping_sub(1))
        .map_or(Kind::Other, |r| r.kind)
}

/// A row's value for the trace: `3 s` with the decimals it was typed with, `3 tries, waits 0.5
/// s, 1.0 s`, `∞`, or the text as typed in quotes.
pub(super) fn value_text(lang: Lang, row: &Row, report: &Report, line: usize) -> String {
    let kind = kind_of(report, line);
    let text = value::value_or_default(row);
    if kind == Kind::Tries {
        if let Ok(t) = value::read_tries(text) {
            let mut out = count_text(lang, t.count);
            let waits = waits_text(lang, &t.waits_ms, &t.wait_decimals);
            if !waits.is_empty() {
                out.push_str(match lang {
                    Lang::En => ", waits ",
                    Lang::Ja => "、待機 ",
                });
                out.push_str(&waits);
            }
            return out;
        }
    }
    if kind.is_duration() {
        if let Some(r) = report.rows.get(line.wrapping_sub(1)) {
            if r.unbounded {
                return display::INFINITE.to_string();
            }
            if let Some(ms) = r.value_ms {
                return typed_duration(lang, text, ms);
            }
        }
    }
    display::quoted(lang, text.trim())
}

/// `ms` written with the decimals `text` was typed with (at least none, at most three); a
/// minute or more as every duration is ([`display::duration`]: `1 min 30 s`).
pub(super) fn typed_duration(lang: Lang, text: &str, ms: u64) -> String {
    if ms >= 60_000 {
        return display::duration(lang, ms);
    }
    let decimals = match value::read_duration(text, Some(Unit::Seconds)) {
        Ok(Cell::Duration {
            decimals,
            dur: Dur::Exact(_),
            ..
        }) => decimals,
        _ => 1,
    };
    let mut out = crate::duration::seconds(ms, decimals);
    out.push_str(match lang {
        Lang::En => " s",
        Lang::Ja => "秒",
    });
    out
}

pub(super) fn count_text(lang: Lang, n: u32) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 try".into(),
        (Lang::En, n) => format!("{n} tries"),
        (Lang::Ja, n) => format!("{n}回"),
    }
}

/// Waits with the decimals they were typed with: `0.5 s, 1.0 s`; empty for none (or all 0).
pub(super) fn waits_text(lang: Lang, waits: &[u64], decimals: &[u8]) -> String {
    if waits.iter().all(|&w| w == 0) {
        return String::new();
    }
    let unit = match lang {
        Lang::En => " s",
        Lang::Ja => "秒",
    };
    let sep = match lang {
        Lang::En => ", ",
        Lang::Ja => "、",
    };
    if waits.len() > crate::MAX_LISTED_WAITS {
        let total = waits.iter().fold(0u64, |a, &w| a.saturating_add(w));
        return match lang {
            Lang::En => format!(
                "{} in all ({} waits)",
                display::duration(lang, total),
                waits.len()
            ),
            Lang::Ja => format!(
                "計{}（待機{}回）",
                display::duration(lang, total),
                waits.len()
            ),
        };
    }
    waits
        .iter()
        .zip(decimals.iter().chain(std::iter::repeat(&1)))
        .map(|(&w, &d)| format!("{}{unit}", crate::duration::seconds(w, d)))
        .collect::<Vec<_>>()
        .join(sep)
}
