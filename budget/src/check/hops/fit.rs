//! How many tries fit a budget: whole tries, and tries retried only on early conditions
//! (`budget-model.md` §4.1). The fixes and the findings' suggestions use them.

/// The largest number of tries `k` (at most `max_tries`) with
/// `k × per_try_ms + (w1 + … + w(k−1)) ≤ budget_ms`, all in milliseconds. A waits list shorter
/// than `k − 1` repeats its last wait; an empty one means no wait. 0 when not even one try fits.
///
/// ```
/// // golden G3: budget 4.5 s, per try 2.0 s, waits 0.3 s each, asked for 3 tries.
/// assert_eq!(budget::tries_that_fit(4_500, 2_000, &[300], 3), 2);
/// assert_eq!(budget::tries_that_fit(1_900, 2_000, &[], 3), 0);
/// ```
pub fn tries_that_fit(budget_ms: u64, per_try_ms: u64, waits_ms: &[u64], max_tries: u32) -> u32 {
    let mut used: u64 = 0;
    let mut k = 0;
    while k < max_tries {
        let wait = if k == 0 {
            0
        } else {
            waits_ms
                .get(k as usize - 1)
                .or(waits_ms.last())
                .copied()
                .unwrap_or(0)
        };
        let Some(next) = used
            .checked_add(wait)
            .and_then(|u| u.checked_add(per_try_ms))
        else {
            break;
        };
        if next > budget_ms {
            break;
        }
        used = next;
        k += 1;
        if per_try_ms == 0 && wait == 0 && waits_ms.iter().all(|&w| w == 0) {
            return max_tries;
        }
    }
    k
}

/// The largest number of tries `k` on each of `targets` upstream targets (at most
/// `max_tries`) retried only on early conditions (`budget-model.md` §4.1) that fit
/// `budget_ms`: `(targets × k − 1) × early_ms + per_try_ms + targets × (w1 + … + w(k−1)) ≤
/// budget_ms`, all in milliseconds. A waits list shorter than `k − 1` repeats its last wait.
/// 0 when not even one try on each target fits.
///
/// ```
/// // Golden G6's redirector behind a 100 s budget: early 15 s, per try 35 s, 2 containers.
/// assert_eq!(budget::early_tries_that_fit(100_000, 15_000, 35_000, &[], 2, 4), 2);
/// assert_eq!(budget::early_tries_that_fit(140_000, 15_000, 35_000, &[], 2, 4), 4);
/// assert_eq!(budget::early_tries_that_fit(40_000, 15_000, 35_000, &[], 2, 4), 0);
/// ```
pub fn early_tries_that_fit(
    budget_ms: u64,
    early_ms: u64,
    per_try_ms: u64,
    waits_ms: &[u64],
    targets: u32,
    max_tries: u32,
) -> u32 {
    let targets = u64::from(targets.max(1));
    let mut waits: u64 = 0;
    let mut fit = 0;
    for k in 1..=u64::from(max_tries) {
        if k > 1 {
            let wait = waits_ms
                .get(k as usize - 2)
                .or(waits_ms.last())
                .copied()
                .unwrap_or(0);
            waits = waits.saturating_add(wait);
        }
        let need = (targets * k - 1)
            .saturating_mul(early_ms)
            .saturating_add(per_try_ms)
            .saturating_add(targets.saturating_mul(waits));
        if need > budget_ms {
            break;
        }
        fit = k as u32;
    }
    fit
}
