//! Words shared by the messages and the rows' parsed values: a need (`15.5 s`, `≥ 100.0 s`,
//! `∞`), a count of tries, a duration value and a tries value.

use crate::check::MAX_LISTED_WAITS;
use crate::display::{duration, push_duration};
use crate::sheet::Lang;
use crate::value::{Dur, Tries};

/// A need for a message: `15.5 s`, `≥ 100.0 s` (a lower bound, or a sum too large to hold),
/// `∞`.
pub(crate) fn need_secs(lang: Lang, need: crate::time::Time) -> String {
    match (need.need_ms(), need.is_open()) {
        (None, _) => "∞".to_string(),
        (Some(ms), true) => format!("≥ {}", duration(lang, ms)),
        (Some(ms), false) => duration(lang, ms),
    }
}

/// `1 try`, `3 tries`.
pub(super) fn tries_en(k: u32) -> String {
    if k == 1 {
        "1 try".to_string()
    } else {
        format!("{k} tries")
    }
}

/// A duration value for display, written as everywhere else in the report
/// ([`crate::display::duration`]): `1.5 s`, `≥ 100.0 s`, `12.0 s–24.0 s`, `∞` (`1.5秒`).
pub(crate) fn describe_dur(lang: Lang, dur: Dur) -> String {
    let d = |ms| crate::display::duration(lang, ms);
    match dur {
        Dur::Exact(ms) => d(ms),
        Dur::AtLeast(ms) => format!("≥ {}", d(ms)),
        Dur::Range(lo, hi) => format!("{}–{}", d(lo), d(hi)),
        Dur::Infinite => crate::display::INFINITE.to_string(),
    }
}

/// Tries for display, in the sheet's language: `2 tries, waits 0.3 s` / `2回、待機0.3秒`.
/// More than [`MAX_LISTED_WAITS`] waits are summarised: `1000 tries, 999 waits of 0.5 s`, or
/// `…, 999 waits, 499.5 s in all` when they differ (`1000回、待機999回（各0.5秒）`,
/// `…、待機999回、計499.5秒`). Written into one string, each wait's duration in place.
pub(crate) fn describe_tries(lang: Lang, t: &Tries) -> String {
    let n = t.waits_ms.len();
    // The count and its word, and each listed wait's duration with its separator.
    let mut s = String::with_capacity(16 + 14 * n.min(MAX_LISTED_WAITS + 1));
    match (lang, t.count) {
        (Lang::En, 1) => s.push_str("1 try"),
        (Lang::En, n) => {
            push_count(&mut s, u64::from(n));
            s.push_str(" tries");
        }
        (Lang::Ja, n) => {
            push_count(&mut s, u64::from(n));
            s.push('回');
        }
    }
    if !t.waits_ms.iter().any(|&w| w > 0) {
        return s;
    }
    if n > MAX_LISTED_WAITS {
        let d = |ms| duration(lang, ms);
        let first = t.waits_ms[0];
        let all = t.waits_ms.iter().all(|&w| w == first);
        let total = t.waits_ms.iter().fold(0u64, |a, &w| a.saturating_add(w));
        s.push_str(&match (lang, all) {
            (Lang::En, true) => format!(", {n} waits of {}", d(first)),
            (Lang::En, false) => format!(", {n} waits, {} in all", d(total)),
            (Lang::Ja, true) => format!("、待機{n}回（各{}）", d(first)),
            (Lang::Ja, false) => format!("、待機{n}回、計{}", d(total)),
        });
    } else {
        let (head, separator) = match lang {
            Lang::En => (", waits ", ", "),
            Lang::Ja => ("、待機", "、"),
        };
        s.push_str(head);
        for (i, &w) in t.waits_ms.iter().enumerate() {
            if i > 0 {
                s.push_str(separator);
            }
            push_duration(&mut s, lang, w);
        }
    }
    s
}

/// Appends `n` in decimal digits, without the formatting machinery (`itoa`).
pub(super) fn push_count(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of `count` tries with these waits, in `lang`.
    fn described(lang: Lang, count: u32, waits_ms: Vec<u64>) -> String {
        describe_tries(lang, &Tries::with_waits(count, waits_ms))
    }

    #[test]
    fn a_count_is_pushed_in_decimal_digits() {
        for n in [0, 7, 10, 4_999, u64::MAX] {
            let mut out = "row ".to_string();
            push_count(&mut out, n);
            assert_eq!(out, format!("row {n}"));
        }
    }

    #[test]
    fn values_are_described_for_display() {
        assert_eq!(describe_dur(Lang::En, Dur::Exact(1_500)), "1.5 s");
        assert_eq!(describe_dur(Lang::Ja, Dur::Exact(1_500)), "1.5秒");
        assert_eq!(
            describe_dur(Lang::En, Dur::AtLeast(100_000)),
            "≥ 1 min 40 s"
        );
        assert_eq!(
            describe_dur(Lang::En, Dur::Range(12_000, 24_000)),
            "12.0 s–24.0 s"
        );
        assert_eq!(describe_dur(Lang::En, Dur::Infinite), "∞");
        assert_eq!(described(Lang::En, 2, vec![300]), "2 tries, waits 0.3 s");
        assert_eq!(
            described(Lang::Ja, 3, vec![500, 1_000]),
            "3回、待機0.5秒、1.0秒"
        );
        assert_eq!(described(Lang::En, 1, vec![]), "1 try");
        assert_eq!(described(Lang::Ja, 1, vec![]), "1回");
        assert_eq!(
            described(Lang::En, 12, vec![500; 11]),
            "12 tries, 11 waits of 0.5 s"
        );
        assert_eq!(
            described(Lang::Ja, 12, vec![500; 11]),
            "12回、待機11回（各0.5秒）"
        );
    }
}
