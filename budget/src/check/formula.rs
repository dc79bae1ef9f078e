//! The texts of a check's numbers: the formula of nested tries layers and the parsed values
//! of duration and tries cells (`1.5s`, `3 tries, waits 0.5s, 1s`).

use crate::duration::seconds;
use crate::sheet::Lang;
use crate::value::{Dur, Tries};

use super::limits::{MAX_LISTED_WAITS, MAX_NESTED_TRIES};

/// The words of a hop's formula, in the sheet's language.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Word {
    /// `× 3 upstreams` / `× 上流3台`.
    Upstreams(u32),
    /// A retry window's cap: `window` / `打ち切り`.
    Window,
    /// A deadline's cap: `deadline` / `期限`.
    Deadline,
    /// `? (a value could not be read)`.
    Unreadable,
    /// `? (the deadline could not be read)`.
    DeadlineUnreadable,
    /// ` (cut by the propagated deadline)`.
    CutByPropagated,
    /// ` (across 3 upstreams)`: the tries are counted across the upstream targets, each tried
    /// once (nginx `proxy_next_upstream_tries`).
    AcrossUpstreams(u32),
    /// `no retries: `, before the formula: the retry conditions are `off`.
    NoRetries,
}

impl Word {
    pub(crate) fn text(self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, Word::Upstreams(u)) => format!("× {u} upstreams"),
            (Lang::Ja, Word::Upstreams(u)) => format!("× 上流{u}台"),
            (Lang::En, Word::Window) => "window".into(),
            (Lang::Ja, Word::Window) => "打ち切り".into(),
            (Lang::En, Word::Deadline) => "deadline".into(),
            (Lang::Ja, Word::Deadline) => "期限".into(),
            (Lang::En, Word::Unreadable) => "? (a value could not be read)".into(),
            (Lang::Ja, Word::Unreadable) => "?（読めない値があります）".into(),
            (Lang::En, Word::DeadlineUnreadable) => "? (the deadline could not be read)".into(),
            (Lang::Ja, Word::DeadlineUnreadable) => "?（期限が読めません）".into(),
            (Lang::En, Word::CutByPropagated) => " (cut by the propagated deadline)".into(),
            (Lang::Ja, Word::CutByPropagated) => "（伝播した期限で打ち切り）".into(),
            (Lang::En, Word::AcrossUpstreams(u)) => format!(" (across {u} upstreams)"),
            (Lang::Ja, Word::AcrossUpstreams(u)) => format!("（上流{u}台にまたがる試行）"),
            (Lang::En, Word::NoRetries) => "no retries: ".into(),
            (Lang::Ja, Word::NoRetries) => "再試行なし：".into(),
        }
    }
}

/// The formula of nested tries layers around a per-try text `p_text`, inner layer first,
/// without its `= total`: `((0.5 + 1) × 3 + 0.5 + 1.0) × 2 + 0.3`. Written in one pass (each
/// layer's text once, never copied into the next), with a long waits list summed
/// ([`MAX_LISTED_WAITS`]) and, beyond [`MAX_NESTED_TRIES`] layers, only the counts of the
/// first two and the last: `(0.5 + 1) × 1000 × 1000 × … × 1000, waits included (4998 nested
/// tries layers)`.
pub(crate) fn layers_formula(lang: Lang, p_text: &str, layers: &[Tries]) -> String {
    use std::fmt::Write;
    let effective: Vec<&Tries> = layers
        .iter()
        .filter(|l| !(l.count == 1 && l.waits_ms.is_empty()))
        .collect();
    let spaced = p_text.contains(' ');
    let mut f = String::new();
    if layers.len() > MAX_NESTED_TRIES {
        if spaced {
            let _ = write!(f, "({p_text})");
        } else {
            f.push_str(p_text);
        }
        let n = effective.len();
        for (i, layer) in effective.iter().enumerate() {
            if i < 2 || i + 1 == n {
                if i + 1 == n && n > 3 {
                    f.push_str(" × …");
                }
                let _ = write!(f, " × {}", layer.count);
            }
        }
        let _ = match lang {
            Lang::En => write!(f, ", waits included ({} nested tries layers)", layers.len()),
            Lang::Ja => write!(f, "、待機込み（試行の入れ子{}層）", layers.len()),
        };
        return f;
    }
    let opens = effective.len().saturating_sub(usize::from(!spaced));
    f.push_str(&"(".repeat(opens));
    f.push_str(p_text);
    for (i, layer) in effective.iter().enumerate() {
        if i > 0 || spaced {
            f.push(')');
        }
        let _ = write!(f, " × {}", layer.count);
        push_waits(&mut f, layer);
    }
    f
}

/// Appends a layer's waits to a formula: ` + 0.5 + 1.0`, each wait that is not 0 with the
/// decimals it was written with; more than [`MAX_LISTED_WAITS`] as their sum and count,
/// ` + 499.5 (999 waits)`.
pub(crate) fn push_waits(f: &mut String, layer: &Tries) {
    use std::fmt::Write;
    let nonzero = layer.waits_ms.iter().filter(|&&w| w > 0).count();
    if nonzero > MAX_LISTED_WAITS {
        let total = layer
            .waits_ms
            .iter()
            .fold(0u64, |a, &w| a.saturating_add(w));
        let decimals = layer.wait_decimals.iter().copied().max().unwrap_or(1);
        let _ = write!(f, " + {} ({nonzero} waits)", seconds(total, decimals));
        return;
    }
    for (w, d) in layer.waits_ms.iter().zip(&layer.wait_decimals) {
        if *w > 0 {
            let _ = write!(f, " + {}", seconds(*w, *d));
        }
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
/// `…、待機999回、計499.5秒`).
pub(crate) fn describe_tries(lang: Lang, t: &Tries) -> String {
    let d = |ms| crate::display::duration(lang, ms);
    let mut s = match (lang, t.count) {
        (Lang::En, 1) => "1 try".to_string(),
        (Lang::En, n) => format!("{n} tries"),
        (Lang::Ja, n) => format!("{n}回"),
    };
    let n = t.waits_ms.len();
    if n > MAX_LISTED_WAITS && t.waits_ms.iter().any(|&w| w > 0) {
        let first = t.waits_ms[0];
        let all = t.waits_ms.iter().all(|&w| w == first);
        let total = t.waits_ms.iter().fold(0u64, |a, &w| a.saturating_add(w));
        s.push_str(&match (lang, all) {
            (Lang::En, true) => format!(", {n} waits of {}", d(first)),
            (Lang::En, false) => format!(", {n} waits, {} in all", d(total)),
            (Lang::Ja, true) => format!("、待機{n}回（各{}）", d(first)),
            (Lang::Ja, false) => format!("、待機{n}回、計{}", d(total)),
        });
    } else if t.waits_ms.iter().any(|&w| w > 0) {
        let waits: Vec<String> = t.waits_ms.iter().map(|&w| d(w)).collect();
        s.push_str(&match lang {
            Lang::En => format!(", waits {}", waits.join(", ")),
            Lang::Ja => format!("、待機{}", waits.join("、")),
        });
    }
    s
}

/// The routes of a route group a formula does not name: `47 others` / `ほか47経路`.
pub(crate) fn other_routes(lang: Lang, count: usize) -> String {
    match (lang, count) {
        (Lang::En, 1) => "1 other".to_string(),
        (Lang::En, n) => format!("{n} others"),
        (Lang::Ja, n) => format!("ほか{n}経路"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tries(count: u32, waits_ms: Vec<u64>) -> Tries {
        let wait_decimals = vec![1; waits_ms.len()];
        Tries {
            count,
            waits_ms,
            wait_decimals,
            waits_assumed: false,
            waits_dropped: 0,
        }
    }

    #[test]
    fn one_layer_is_the_per_try_times_the_tries_plus_the_waits() {
        // Golden G2: (0.5 + 3) × 3 + 0.5 + 1.0.
        assert_eq!(
            layers_formula(Lang::En, "0.5 + 3", &[tries(3, vec![500, 1_000])]),
            "(0.5 + 3) × 3 + 0.5 + 1.0"
        );
        assert_eq!(layers_formula(Lang::En, "2", &[tries(2, vec![0])]), "2 × 2");
        assert_eq!(layers_formula(Lang::En, "1 + 2", &[]), "1 + 2");
    }

    #[test]
    fn nested_layers_apply_from_the_inside_out() {
        assert_eq!(
            layers_formula(
                Lang::En,
                "0.5 + 1",
                &[tries(3, vec![500, 1_000]), tries(2, vec![300])]
            ),
            "((0.5 + 1) × 3 + 0.5 + 1.0) × 2 + 0.3"
        );
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
        assert_eq!(
            describe_tries(Lang::En, &tries(2, vec![300])),
            "2 tries, waits 0.3 s"
        );
        assert_eq!(
            describe_tries(Lang::Ja, &tries(3, vec![500, 1_000])),
            "3回、待機0.5秒、1.0秒"
        );
        assert_eq!(describe_tries(Lang::En, &tries(1, vec![])), "1 try");
        assert_eq!(describe_tries(Lang::Ja, &tries(1, vec![])), "1回");
        assert_eq!(
            describe_tries(Lang::En, &tries(12, vec![500; 11])),
            "12 tries, 11 waits of 0.5 s"
        );
        assert_eq!(
            describe_tries(Lang::Ja, &tries(12, vec![500; 11])),
            "12回、待機11回（各0.5秒）"
        );
    }
}
