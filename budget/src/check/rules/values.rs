//! `value.implausible` and `setting.pair`: values that are almost always a unit mistake, and
//! a product's rules between two of its settings.

use std::collections::HashMap;

use crate::catalog::{self, Zero};
use crate::code::FindingCode;
use crate::kind::Kind;
use crate::report::TraceTerm;
use crate::said::{Implausible, Said};
use crate::time::Time;
use crate::value::{self, Cell};

use super::super::findings::{Draft, Findings, Numbers};
use super::super::trace::{self, Reading};
use super::input::Input;

/// 1 ms, 100 ms and 24 h: the bounds of a plausible timeout, in milliseconds.
const ONE_MS: u64 = 1;
const HUNDRED_MS: u64 = 100;
const DAY_MS: u64 = 86_400_000;

/// `value.implausible`: a timeout under 1 ms (any kind), under 100 ms (any kind but
/// `connect`, where a LAN connect of 50 ms is ordinary), or over 24 h: almost always a unit
/// mistake. Waits between tries, own processing time, margins and queueing times are needs,
/// not timeouts, and are not judged. A range is judged by its ends (`12-36h` is over 24 h); a
/// lower bound by its known end. Worked number: PostgreSQL `statement_timeout = 30` is 30 ms,
/// under 100 ms: implausible (golden G5).
pub(super) fn implausible_values(input: Input, out: &mut Findings) {
    for (i, info) in input.infos.iter().enumerate() {
        let timeout = matches!(
            info.kind,
            Kind::Connect
                | Kind::Read
                | Kind::Send
                | Kind::Attempt
                | Kind::Statement
                | Kind::Lock
                | Kind::Deadline
                | Kind::Idle
                | Kind::IdleInTx
                | Kind::RetryWindow
                | Kind::Visibility
        );
        let Some(term) = info.term() else { continue };
        // ∞ (no bound) is never implausible; its lower end is then unknown.
        let Some(lo) = term.time.bound_ms() else {
            continue;
        };
        if !timeout {
            continue;
        }
        let hi = term.time.need_ms().unwrap_or(lo);
        let tiny = lo < ONE_MS || info.below_one_ms;
        let reason = if tiny {
            Some(Implausible::BelowOneMs)
        } else if lo < HUNDRED_MS && info.kind != Kind::Connect {
            Some(Implausible::Below100Ms)
        } else if hi > DAY_MS {
            Some(Implausible::OverADay)
        } else {
            None
        };
        if let Some(reason) = reason {
            if out.skips(FindingCode::ValueImplausible, 1) {
                continue;
            }
            let line = i + 1;
            let msg = Said::Implausible {
                line,
                value: input.rows[i].value.clone(),
                kind: info.kind,
                why: reason,
            };
            out.add(
                Draft::new(FindingCode::ValueImplausible, vec![line], msg)
                    .numbers(Numbers {
                        bound: Some(lo),
                        ..Numbers::default()
                    })
                    .trace(
                        vec![trace::row_term(&term, input.infos, Reading::LowerEnd)],
                        Vec::new(),
                    )
                    .cite(info.entry.map(|e| e.source)),
            );
        }
    }
}

/// `setting.pair`: a catalog rule between two settings of one product fails (Node's
/// `headersTimeout` must exceed `keepAliveTimeout`). The two rows are paired within one
/// segment, or across the sheet when it holds exactly one row of each. A rule is judged only
/// when both values are known and bounded. PostgreSQL's `statement_timeout > lock_timeout` is
/// left to `lock.not_below_statement`, which says more. The finding's bound is the first
/// setting, its need the second, short by their difference. Worked number: headersTimeout 5 s,
/// keepAliveTimeout 65 s: headersTimeout must be > keepAliveTimeout, short by 60 s.
pub(super) fn setting_pairs(input: Input, out: &mut Findings) {
    let infos = input.infos;
    // The rows of each catalog setting, by product and name, in sheet order: one pass over the
    // rows, however many rules there are. The rules are a handful, of a few products: only
    // rows of those products are filed. A sheet's rows share a few entries: each entry's
    // setting is found by its product and name once, and by the entry's address after that.
    let rules = catalog::pairs();
    let mut by_setting: crate::map::Map<(&str, &str), usize> = Default::default();
    let mut setting_of: crate::map::Map<*const catalog::Entry, usize> = Default::default();
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for (i, info) in infos.iter().enumerate() {
        if let Some(e) = info.entry {
            if !rules.iter().any(|r| r.product == e.product) {
                continue;
            }
            let setting = *setting_of.entry(std::ptr::from_ref(e)).or_insert_with(|| {
                *by_setting.entry((e.product, e.name)).or_insert_with(|| {
                    rows.push(Vec::new());
                    rows.len() - 1
                })
            });
            rows[setting].push(i);
        }
    }
    let rows_of = |product: &'static str, name: &'static str| -> &[usize] {
        by_setting
            .get(&(product, name))
            .map_or(&[], |&setting| rows[setting].as_slice())
    };
    for rule in rules {
        let (firsts, seconds) = (
            rows_of(rule.product, rule.first),
            rows_of(rule.product, rule.second),
        );
        // A rule with no row of either setting has nothing to compare.
        if firsts.is_empty() || seconds.is_empty() {
            continue;
        }
        let first_kind = firsts.first().map(|&i| infos[i].kind);
        let second_kind = seconds.first().map(|&i| infos[i].kind);
        if first_kind == Some(Kind::Statement) && second_kind == Some(Kind::Lock) {
            continue;
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        // The first row of the second setting on each segment.
        let mut second_on: HashMap<&str, usize> = HashMap::new();
        for &b in seconds {
            second_on.entry(input.rows[b].segment.trim()).or_insert(b);
        }
        for &a in firsts {
            if let Some(&b) = second_on.get(input.rows[a].segment.trim()) {
                pairs.push((a, b));
            }
        }
        if pairs.is_empty() {
            if let ([a], [b]) = (firsts, seconds) {
                pairs.push((*a, *b));
            }
        }
        for (a, b) in pairs {
            // A rule of some versions only (Node's headersTimeout > keepAliveTimeout, before
            // 12.19): the version either row names, else the newest release.
            let version = catalog::version_in(&input.rows[a], rule.product)
                .or_else(|| catalog::version_in(&input.rows[b], rule.product));
            if !rule.applies_to(version.as_ref()) {
                continue;
            }
            let (Some(x), Some(y)) = (pair_value(input, a), pair_value(input, b)) else {
                continue;
            };
            // Only bounded values are judged: a disabled setting has no rule to break, unless
            // the rule says a disabled second breaks it (Laravel's --timeout 0: no timeout).
            // `y` is `None` for the disabled second setting (no bound, `∞`).
            let (x, y) = match (x.bound_ms(), y.bound_ms()) {
                (Some(x), Some(y)) => (x, Some(y)),
                (Some(x), None) if rule.second_disabled_fails && y.is_inf() => (x, None),
                _ => continue,
            };
            let holds = y.is_some_and(|y| rule.relation.holds(x, y));
            if holds || out.skips(FindingCode::SettingPair, 2) {
                continue;
            }
            let msg = Said::SettingPair {
                product: rule.product,
                first: rule.first,
                relation: rule.relation,
                second: rule.second,
                first_ms: x,
                second_ms: y,
                why: rule.why,
            };
            out.add(
                Draft::new(
                    FindingCode::SettingPair,
                    vec![a.min(b) + 1, a.max(b) + 1],
                    msg,
                )
                .numbers(Numbers::short(Some(x), y))
                .trace(
                    vec![pair_term(input, a, Some(x))],
                    vec![pair_term(input, b, y)],
                )
                .cite(Some(rule.source)),
            );
        }
    }
}

/// The trace term of row `i`'s value `ms` in a pair rule (`None`: `∞`, a disabled setting).
fn pair_term(input: Input, i: usize, ms: Option<u64>) -> TraceTerm {
    TraceTerm {
        kind: Some(input.infos[i].kind),
        value_ms: ms,
        rows: vec![i + 1],
        ..TraceTerm::default()
    }
}

/// The value of row `i` for a pair rule: the engine's when the row's kind is a duration, else
/// read with its catalog entry's unit (Node's `headersTimeout` has no kind of its own in the
/// budget, but it has a value). A disabled value is `∞`.
fn pair_value(input: Input, i: usize) -> Option<Time> {
    let info = &input.infos[i];
    if let Some(t) = info.term() {
        return Some(t.time);
    }
    let entry = info.entry?;
    let text = value::value_or_default(&input.rows[i]);
    match value::read_duration(text, Some(entry.unit)).ok()? {
        Cell::Duration { dur, zero, .. } => Some(if zero && entry.zero == Zero::Disabled {
            Time::INF
        } else {
            Time::from_dur(dur)
        }),
        Cell::NotSet => None,
    }
}
