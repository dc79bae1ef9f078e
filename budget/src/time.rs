//! Worst-case times as intervals of milliseconds, and the comparison of a bound with a need.
//!
//! A [`Time`] is an interval `[lo, hi]`: a need counts its upper end, a bound its lower end, so
//! ranges (`12-24h`) are read pessimistically. A lower bound (`>100s`) has an open upper end
//! and makes a check `unknown` unless it fails or passes for certain. `∞` is a value
//! (anything + ∞ = ∞). Arithmetic saturates: a sum or product past `u64::MAX` milliseconds
//! (about 585 million years) is never a wrapped number, never `∞` and never unknown, but the
//! lower bound [`Time::SATURATED`], "at least `u64::MAX` ms": its text is `≥ 18446744073709551.615`,
//! never an exact-looking number, and as a need it still fails every finite bound for certain.
//! A 1 s deadline over connect `5000000000000h` + read `5000000000000h` is `inverted`, need
//! `≥ 18446744073709551.615 s`.

use crate::duration::seconds;
use crate::report::Verdict;
use crate::value::Dur;

/// The upper end of a [`Time`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Hi {
    /// At most this many milliseconds.
    Fin(u64),
    /// Not known (a lower bound such as `>100s`).
    Open,
    /// Infinite: no bound.
    Inf,
}

/// A worst-case time as an interval `[lo, hi]` in milliseconds; `lo == None` is `∞`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Time {
    pub(crate) lo: Option<u64>,
    pub(crate) hi: Hi,
}

impl Time {
    pub(crate) const ZERO: Time = Time {
        lo: Some(0),
        hi: Hi::Fin(0),
    };
    pub(crate) const INF: Time = Time {
        lo: None,
        hi: Hi::Inf,
    };
    /// A sum or product past `u64::MAX` ms: at least that long.
    pub(crate) const SATURATED: Time = Time {
        lo: Some(u64::MAX),
        hi: Hi::Open,
    };

    pub(crate) fn exact(ms: u64) -> Time {
        Time {
            lo: Some(ms),
            hi: Hi::Fin(ms),
        }
    }

    pub(crate) fn from_dur(dur: Dur) -> Time {
        match dur {
            Dur::Exact(ms) => Time::exact(ms),
            Dur::AtLeast(ms) => Time {
                lo: Some(ms),
                hi: Hi::Open,
            },
            Dur::Range(lo, hi) => Time {
                lo: Some(lo),
                hi: Hi::Fin(hi),
            },
            Dur::Infinite => Time::INF,
        }
    }

    pub(crate) fn is_inf(self) -> bool {
        self.hi == Hi::Inf && self.lo.is_none()
    }

    /// Sum; past `u64::MAX` ms it is [`Time::SATURATED`].
    pub(crate) fn add(self, other: Time) -> Time {
        let lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.saturating_add(b)),
            _ => None,
        };
        let hi = match (self.hi, other.hi) {
            (Hi::Inf, _) | (_, Hi::Inf) => Hi::Inf,
            (Hi::Open, _) | (_, Hi::Open) => Hi::Open,
            (Hi::Fin(a), Hi::Fin(b)) => match a.checked_add(b) {
                Some(sum) => Hi::Fin(sum),
                None => return Time::SATURATED,
            },
        };
        Time { lo, hi }
    }

    /// `self × k`; past `u64::MAX` ms it is [`Time::SATURATED`].
    pub(crate) fn times(self, k: u32) -> Time {
        let k = u64::from(k);
        let lo = self.lo.map(|a| a.saturating_mul(k));
        let hi = match self.hi {
            Hi::Fin(a) => match a.checked_mul(k) {
                Some(product) => Hi::Fin(product),
                None => return Time::SATURATED,
            },
            other => other,
        };
        Time { lo, hi }
    }

    /// Whether only the lower end is known (`>100s`, or a sum past `u64::MAX` ms).
    pub(crate) fn is_open(self) -> bool {
        self.hi == Hi::Open
    }

    /// Whether the value is a sum or product past `u64::MAX` ms.
    #[cfg(test)]
    pub(crate) fn is_saturated(self) -> bool {
        self == Time::SATURATED
    }

    /// The earlier of two bounds.
    pub(crate) fn min(self, other: Time) -> Time {
        let lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Time {
            lo,
            hi: self.hi.min(other.hi),
        }
    }

    /// The later of two needs (the longest of calls that run at once).
    pub(crate) fn max(self, other: Time) -> Time {
        let lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
        Time {
            lo,
            hi: self.hi.max(other.hi),
        }
    }

    /// The value as a need: its upper end (`None` for `∞`; the lower end when open).
    pub(crate) fn need_ms(self) -> Option<u64> {
        match self.hi {
            Hi::Fin(ms) => Some(ms),
            Hi::Open => self.lo,
            Hi::Inf => None,
        }
    }

    /// The value as a bound: its lower end (`None` for `∞`).
    pub(crate) fn bound_ms(self) -> Option<u64> {
        self.lo
    }

    /// The need as text: `4.3`, `≥ 100.0`, `∞`, with at least `decimals` decimals.
    pub(crate) fn need_text(self, decimals: u8) -> String {
        match self.hi {
            Hi::Fin(ms) => seconds(ms, decimals),
            Hi::Open => format!("≥ {}", seconds(self.lo.unwrap_or(0), decimals)),
            Hi::Inf => "∞".to_string(),
        }
    }

    /// [`Time::need_text`] appended to `out`.
    pub(crate) fn push_need_text(self, out: &mut String, decimals: u8) {
        match self.hi {
            Hi::Fin(ms) => crate::duration::push_seconds(out, ms, decimals),
            Hi::Open => {
                out.push_str("≥ ");
                crate::duration::push_seconds(out, self.lo.unwrap_or(0), decimals);
            }
            Hi::Inf => out.push('∞'),
        }
    }

    /// The value as a row's parsed value, in the sheet's language: `1.5 s`, `≥ 100.0 s`,
    /// `12.0 s–24.0 s`, `∞` (`1.5秒`).
    pub(crate) fn describe(self, lang: crate::Lang) -> String {
        let d = |ms| crate::display::duration(lang, ms);
        match (self.lo, self.hi) {
            (None, _) | (_, Hi::Inf) => crate::display::INFINITE.to_string(),
            (Some(lo), Hi::Open) => format!("≥ {}", d(lo)),
            (Some(lo), Hi::Fin(hi)) if lo != hi => format!("{}–{}", d(lo), d(hi)),
            (Some(lo), Hi::Fin(_)) => d(lo),
        }
    }

    /// The bound as text: `10`, `≥ 100`, `∞`.
    pub(crate) fn bound_text(self, decimals: u8) -> String {
        match (self.lo, self.hi) {
            (None, _) => "∞".to_string(),
            (Some(ms), Hi::Open) => format!("≥ {}", seconds(ms, decimals)),
            (Some(ms), _) => seconds(ms, decimals),
        }
    }

    /// [`Time::bound_text`] appended to `out`.
    pub(crate) fn push_bound_text(self, out: &mut String, decimals: u8) {
        match (self.lo, self.hi) {
            (None, _) => out.push('∞'),
            (Some(ms), Hi::Open) => {
                out.push_str("≥ ");
                crate::duration::push_seconds(out, ms, decimals);
            }
            (Some(ms), _) => crate::duration::push_seconds(out, ms, decimals),
        }
    }
}

/// A comparison of a bound with a need plus a margin.
pub(crate) struct Comparison {
    pub(crate) verdict: Verdict,
    pub(crate) slack_ms: Option<i64>,
}

/// `bound ≥ need + margin`, read pessimistically (bound at its lower end, need at its upper
/// end). Fails for certain when even the bound's upper end is below the need's lower end;
/// `unknown` when an open lower bound leaves it undecided.
pub(crate) fn compare(bound: Time, need: Time, margin_ms: u64) -> Comparison {
    let unknown = Comparison {
        verdict: Verdict::Unknown,
        slack_ms: None,
    };
    let Some(b) = bound.lo else {
        return Comparison {
            verdict: Verdict::Unbounded,
            slack_ms: None,
        };
    };
    let Some(need_lo) = need.lo.map(|n| n.saturating_add(margin_ms)) else {
        // The need is ∞: every finite bound fails.
        return Comparison {
            verdict: Verdict::Inverted,
            slack_ms: None,
        };
    };
    let need_hi = match need.hi {
        Hi::Fin(n) => Some(n.saturating_add(margin_ms)),
        Hi::Open | Hi::Inf => None,
    };
    // A slack beyond what i64 holds has no exact number: none.
    let slack = |n: u64| i64::try_from(i128::from(b) - i128::from(n)).ok();
    if let Some(n) = need_hi {
        if b >= n {
            return Comparison {
                verdict: Verdict::Ok,
                slack_ms: slack(n),
            };
        }
        if bound.hi != Hi::Open {
            return Comparison {
                verdict: Verdict::Inverted,
                slack_ms: slack(n),
            };
        }
        return unknown;
    }
    // The need's upper end is open: only a certain failure is decided.
    match bound.hi {
        Hi::Fin(b_hi) if b_hi < need_lo => Comparison {
            verdict: Verdict::Inverted,
            slack_ms: slack(need_lo),
        },
        _ => unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_exact_and_anything_plus_infinity_is_infinity() {
        assert_eq!(Time::exact(100).add(Time::exact(200)), Time::exact(300));
        assert!(Time::exact(100).add(Time::INF).is_inf());
        assert_eq!(Time::exact(1_500).times(3), Time::exact(4_500));
    }

    #[test]
    fn a_sum_past_the_largest_number_is_a_lower_bound_shown_as_such() {
        let huge = Time::exact(u64::MAX - 1);
        let sum = huge.add(Time::exact(2));
        assert!(sum.is_saturated());
        assert_eq!(sum.need_ms(), Some(u64::MAX));
        assert_eq!(sum.need_text(1), "≥ 18446744073709551.615");
        assert!(huge.times(2).is_saturated());
        // A saturated need fails a finite bound for certain; its slack has no exact number.
        let c = compare(Time::exact(1_000), sum, 0);
        assert_eq!((c.verdict, c.slack_ms), (Verdict::Inverted, None));
    }

    #[test]
    fn a_check_passes_fails_or_is_unknown_read_pessimistically() {
        let c = compare(Time::exact(10_000), Time::exact(8_000), 1_000);
        assert_eq!((c.verdict, c.slack_ms), (Verdict::Ok, Some(1_000)));
        let c = compare(Time::exact(5_000), Time::exact(13_500), 1_000);
        assert_eq!((c.verdict, c.slack_ms), (Verdict::Inverted, Some(-9_500)));
        let at_least = Time {
            lo: Some(100_000),
            hi: Hi::Open,
        };
        let c = compare(Time::exact(200_000), at_least, 0);
        assert_eq!(c.verdict, Verdict::Unknown);
        let c = compare(Time::INF, Time::exact(1), 0);
        assert_eq!(c.verdict, Verdict::Unbounded);
    }

    #[test]
    fn a_bound_appended_reads_as_its_text() {
        let open = Time {
            lo: Some(100_000),
            hi: Hi::Open,
        };
        for time in [Time::exact(10_250), open, Time::INF, Time::exact(0)] {
            for decimals in 0..3 {
                let mut out = String::from("read ");
                time.push_bound_text(&mut out, decimals);
                assert_eq!(out, format!("read {}", time.bound_text(decimals)));
            }
        }
    }
}
