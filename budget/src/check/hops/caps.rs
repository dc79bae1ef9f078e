//! The caps on a hop's worst case: its retry window and its deadline, and the trace of a worst
//! case a deadline cuts.

use crate::code::FindingCode;
use crate::said::Said;
use crate::time::{Hi, Time};

use super::super::formula::{with_unit, Slot, Word};
use super::calc::{HopCalc, Worst};
use super::fit::tries_that_fit;
use super::terms::uncut_terms;
use crate::check::findings::{Draft, Findings, Numbers};
use crate::check::graph::Hop;
use crate::check::rows::{RowInfo, Term};
use crate::check::trace::{self, Reading};

/// No new try starts after the retry window: the last one may still run a whole per-try
/// bound `p`, so the window plus `p` caps the worst case.
pub(super) fn capped_by_window(
    hop: &Hop,
    worst: &mut Worst,
    p: Time,
    infos: &[RowInfo],
    whole: bool,
) {
    match hop.parts.retry_window {
        Some(Some(window)) => {
            let cap = window.time.add(p);
            let over = matches!((worst.time.map(|w| w.hi), cap.hi), (Some(Hi::Fin(a)), Hi::Fin(b)) if a > b)
                || matches!(worst.time.map(|w| w.hi), Some(Hi::Inf | Hi::Open));
            if over && !cap.is_inf() {
                worst
                    .caps
                    .push(trace::row_term(&window, infos, Reading::LowerEnd));
                worst.time = worst.time.map(|w| w.min(cap));
                if whole {
                    worst.formula = format!(
                        "min({}, {} {} + {}) = {}",
                        worst.formula,
                        Slot::Word(Word::Window).text(),
                        window.time.bound_text(window.decimals),
                        with_unit(&p.need_text(1)),
                        with_unit(&worst.time.map_or("?".into(), |w| w.need_text(1)))
                    );
                }
            }
        }
        Some(None) => worst.time = None,
        None => {}
    }
}

/// A deadline on the hop caps the whole call; with no per-try bound (`has_per_try` false),
/// it is the worst case.
pub(super) fn capped_by_deadline(
    hop: &Hop,
    calc: &HopCalc,
    worst: &mut Worst,
    deadline: Option<Term>,
    has_per_try: bool,
    infos: &[RowInfo],
    out: &mut Findings,
) {
    let whole = !out.verdict_only();
    let Some(d) = deadline else {
        worst.time = None;
        if whole {
            worst.formula = Slot::Word(Word::DeadlineUnreadable).text();
        }
        return;
    };
    let d_text = if whole {
        d.time.bound_text(1)
    } else {
        String::new()
    };
    match worst.time {
        Some(w) if !w.is_inf() && has_per_try => {
            let exceeds = match (w.hi, d.time.lo) {
                (Hi::Fin(wh), Some(dl)) => wh > dl,
                (Hi::Open, Some(_)) => true,
                _ => false,
            };
            if exceeds {
                worst
                    .caps
                    .push(trace::row_term(&d, infos, Reading::LowerEnd));
                worst.time = Some(w.min(d.time));
                if whole {
                    worst.formula = format!(
                        "min({}, {} {}) = {}",
                        worst.formula,
                        Slot::Word(Word::Deadline).text(),
                        with_unit(&d_text),
                        with_unit(&worst.time.map_or("?".into(), |w| w.need_text(1)))
                    );
                }
                cut_by_deadline(hop, calc, (d, w), infos, out);
            }
        }
        _ => {
            worst
                .caps
                .push(trace::row_term(&d, infos, Reading::LowerEnd));
            worst.time = Some(d.time);
            worst.deadline_alone = true;
            if whole {
                worst.formula = format!(
                    "{} {}",
                    Slot::Word(Word::Deadline).text(),
                    with_unit(&d_text)
                );
            }
        }
    }
}

/// `tries.cut_by_deadline` on a hop whose deadline `d` ends its tries (worst case `w`
/// without the deadline, as `uncut` writes it) before they can all run.
pub(super) fn cut_by_deadline(
    hop: &Hop,
    calc: &HopCalc,
    (d, w): (Term, Time),
    infos: &[RowInfo],
    out: &mut Findings,
) {
    let (Some(p), Some(dl), Some(last)) = (
        calc.per_try.and_then(Time::need_ms),
        d.time.bound_ms(),
        hop.layers().last(),
    ) else {
        return;
    };
    // Tries retried only on early conditions: how many fit is not the whole-try count.
    if calc.tries <= 1 || calc.repeats_early() {
        return;
    }
    if out.skips(FindingCode::TriesCutByDeadline, hop.rows.len()) {
        return;
    }
    let fit = tries_that_fit(dl, p, &last.waits_ms, calc.tries);
    let msg = Said::CutByDeadline {
        segment: hop.segment.clone(),
        deadline_ms: dl,
        tries: calc.tries,
        fit,
    };
    out.add(
        Draft::new(FindingCode::TriesCutByDeadline, hop.rows.clone(), msg)
            .on_hop(&hop.segment)
            .numbers(Numbers::short(Some(dl), w.need_ms()).fit(Some(fit)))
            .trace(
                vec![trace::row_term(&d, infos, Reading::LowerEnd)],
                uncut_terms(hop, calc),
            ),
    );
}
