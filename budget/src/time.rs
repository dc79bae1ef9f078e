//! Worst-case times as intervals of milliseconds, and the comparison of a bound with a need.
//!
//! A [`Time`] is an interval `[lo, hi]`: a need counts its upper end, a bound its lower end, so
//! ranges (`12-24h`) are read pessimistically. A lower bound (`>100s`) has an open upper end
//! and makes a check `unknown` unless it fails or passes for certain. `∞` is a value
//! (anything + ∞ = ∞). Arithmetic saturates: a sum or product past `u64::MAX` milliseconds
//! (about 585 million years) stays a finite number, `u64::MAX`, never a wrapped number, never
//! `∞` and never unknown. A value that large is still a value: a 1 s deadline over connect
//! `5000000000000h` + read `5000000000000h` is `inverted`, need 18446744073709551.615 s.

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

    /// Sum, saturating at `u64::MAX` ms (a finite number).
    pub(crate) fn add(self, other: Time) -> Time {
        let lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.saturating_add(b)),
            _ => None,
        };
        let hi = match (self.hi, other.hi) {
            (Hi::Inf, _) | (_, Hi::Inf) => Hi::Inf,
            (Hi::Open, _) | (_, Hi::Open) => Hi::Open,
            (Hi::Fin(a), Hi::Fin(b)) => Hi::Fin(a.saturating_add(b)),
        };
        Time { lo, hi }
    }

    /// `self × k`, saturating at `u64::MAX` ms (a finite number).
    pub(crate) fn times(self, k: u32) -> Time {
        let k = u64::from(k);
        let lo = self.lo.map(|a| a.saturating_mul(k));
        let hi = match self.hi {
            Hi::Fin(a) => Hi::Fin(a.saturating_mul(k)),
            other => other,
        };
        Time { lo, hi }
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

    /// The bound as text: `10`, `≥ 100`, `∞`.
    pub(crate) fn bound_text(self, decimals: u8) -> String {
        match (self.lo, self.hi) {
            (None, _) => "∞".to_string(),
            (Some(ms), Hi::Open) => format!("≥ {}", seconds(ms, decimals)),
            (Some(ms), _) => seconds(ms, decimals),
        }
    }
}

/// A comparison of a bound with a need plus a margin.
pub(crate) struct Comparison {
    pub(crate) verdict: Verdict,
    pub(crate) slack_ms: Option<i64>,
    pub(crate) short_by_ms: Option<u64>,
}

/// `bound ≥ need + margin`, read pessimistically (bound at its lower end, need at its upper
/// end). Fails for certain when even the bound's upper end is below the need's lower end;
/// `unknown` when an open lower bound leaves it undecided.
pub(crate) fn compare(bound: Time, need: Time, margin_ms: u64) -> Comparison {
    let unknown = Comparison {
        verdict: Verdict::Unknown,
        slack_ms: None,
        short_by_ms: None,
    };
    let Some(b) = bound.lo else {
        return Comparison {
            verdict: Verdict::Unbounded,
            slack_ms: None,
            short_by_ms: None,
        };
    };
    let Some(need_lo) = need.lo.map(|n| n.saturating_add(margin_ms)) else {
        // The need is ∞: every finite bound fails.
        return Comparison {
            verdict: Verdict::Inverted,
            slack_ms: None,
            short_by_ms: None,
        };
    };
    let need_hi = match need.hi {
        Hi::Fin(n) => Some(n.saturating_add(margin_ms)),
        Hi::Open | Hi::Inf => None,
    };
    // Saturating too: a slack beyond i64 is reported as i64::MIN or i64::MAX ms.
    let slack = |n: u64| {
        let d = i128::from(b) - i128::from(n);
        Some(i64::try_from(d).unwrap_or(if d < 0 { i64::MIN } else { i64::MAX }))
    };
    if let Some(n) = need_hi {
        if b >= n {
            return Comparison {
                verdict: Verdict::Ok,
                slack_ms: slack(n),
                short_by_ms: None,
            };
        }
        if bound.hi != Hi::Open {
            return Comparison {
                verdict: Verdict::Inverted,
                slack_ms: slack(n),
                short_by_ms: Some(n - b),
            };
        }
        return unknown;
    }
    // The need's upper end is open: only a certain failure is decided.
    match bound.hi {
        Hi::Fin(b_hi) if b_hi < need_lo => Comparison {
            verdict: Verdict::Inverted,
            slack_ms: slack(need_lo),
            short_by_ms: Some(need_lo - b_hi),
        },
        _ => unknown,
    }
}
