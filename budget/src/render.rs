//! The report's words, in Japanese and English, written in one last pass from the facts the
//! check states: every finding's message and fix ([`Said`], written by [`words`] for the
//! findings a report lists), by family: [`bounds`] (inversions, unbounded waits, missing
//! bounds), [`values`] (reading a row), [`rules`] (the rulebook) and [`sheet`] (the sheet's
//! shape); the rows' parsed values and notes ([`rows`]); the formulas' and trace labels'
//! slots ([`formula`]); and the checked fixes' summaries and values ([`fixes`]). Durations,
//! quoted cell text and the like are written by [`crate::display`], the one place that says
//! how a value is shown. [`write_report`] writes them all into a check's report.

mod bounds;
mod fixes;
mod formula;
mod rows;
mod rules;
mod shared;
mod sheet;
mod values;

pub(crate) use bounds::*;
pub(crate) use fixes::write_fixes;
pub(crate) use formula::{formula, write_formulas};
pub(crate) use rows::note;
// The rows' tests read a row's parsed value alone.
#[cfg(test)]
pub(crate) use rows::parsed;
use rows::ParsedValues;
pub(crate) use rules::*;
use shared::describe_dur;
pub(crate) use shared::need_secs;
pub(crate) use sheet::*;
pub(crate) use values::*;

use crate::catalog::Relation;
use crate::check::Words;
use crate::code::FindingCode;
use crate::display::{duration, INFINITE};
use crate::report::{Finding, Report, Summary};
use crate::said::Said;
use crate::sheet::Lang;
use crate::MAX_LISTED_FINDINGS_TEXT;

/// Writes `report`'s words in `lang` from what `words` says: the findings' messages and
/// fixes (and the listing's limit on their text), the fixes' summaries and values, the
/// formulas and the traces' labels, the rows' parsed values and notes.
pub(crate) fn write_report(lang: Lang, words: &Words, report: &mut Report) {
    let listed = write_listed(
        lang,
        &mut report.findings,
        &words.said,
        words.total,
        &mut report.summary,
    );
    for (i, fixes) in &words.fixes {
        if *i < listed {
            write_fixes(lang, &mut report.findings[*i], fixes);
        }
    }
    write_formulas(
        lang,
        &mut report.hops,
        &mut report.nodes,
        &mut report.findings,
    );
    let mut values = ParsedValues::new(lang);
    for (at, said) in words.rows.iter().enumerate().take(report.rows.len()) {
        let parsed = values.parsed(at, &said.val, &report.rows[..at]);
        let row = &mut report.rows[at];
        row.parsed = parsed;
        row.note = note(lang, said);
    }
}

/// Writes in `lang` the words of the findings a report lists, each from what it says
/// (`said`, one for each finding): at most [`MAX_LISTED_FINDINGS_TEXT`] bytes of their text
/// are listed, errors first, then, when fewer than all `total` findings are listed, one
/// `findings.truncated` that `summary` counts too. Gives how many findings are listed before
/// that one.
pub(crate) fn write_listed(
    lang: Lang,
    findings: &mut Vec<Finding>,
    said: &[Said],
    total: usize,
    summary: &mut Summary,
) -> usize {
    let mut text_bytes = 0usize;
    let mut listed = findings.len();
    for (i, (f, said)) in findings.iter_mut().zip(said).enumerate() {
        (f.message, f.fix) = words(lang, said);
        text_bytes += f.message.len()
            + f.fix.as_ref().map_or(0, String::len)
            + f.node.as_ref().map_or(0, String::len)
            + f.hop.as_ref().map_or(0, String::len);
        if text_bytes > MAX_LISTED_FINDINGS_TEXT {
            listed = i;
            break;
        }
    }
    findings.truncate(listed);
    if listed < total {
        let code = FindingCode::FindingsTruncated;
        let (message, fix) = words(lang, &Said::FindingsTruncated { listed, total });
        findings.push(Finding {
            message,
            fix,
            ..Finding::new(code)
        });
        summary.warnings += 1;
    }
    listed
}

/// The message of a finding that says `said`, and its fix, in `lang`. The fix is `None` for
/// `inversion.node`, `inversion.hop` and `queue.redelivery`, whose fix [`write_fixes`] writes
/// from the fixes [`crate::fix`] has checked.
pub(crate) fn words(lang: Lang, said: &Said) -> (String, Option<String>) {
    match checked(lang, said) {
        Some(message) => (message, None),
        None => {
            let (message, fix) = stated(lang, said);
            (message, Some(fix))
        }
    }
}

/// The message of a finding whose fix [`crate::fix`] writes; `None` for any other.
fn checked(lang: Lang, said: &Said) -> Option<String> {
    Some(match said {
        Said::InversionNode {
            node,
            deadline_ms,
            need,
        } => inversion_node(lang, node, *deadline_ms, &need_secs(lang, *need)),
        Said::InversionHop {
            caller,
            callee,
            wait_ms,
            worst,
            margin_ms,
        } => inversion_hop(
            lang,
            &HopInversion {
                caller,
                callee,
                wait_ms: *wait_ms,
                worst: &need_secs(lang, *worst),
                margin_ms: *margin_ms,
            },
        ),
        Said::QueueRedelivery {
            segment,
            worker,
            visibility_ms,
            worst,
            margin_ms,
        } => queue_redelivery(
            lang,
            segment,
            worker,
            *visibility_ms,
            &need_secs(lang, *worst),
            *margin_ms,
        ),
        _ => return None,
    })
}

/// The message and the fix of a finding whose fix is written here.
fn stated(lang: Lang, said: &Said) -> (String, String) {
    match said {
        Said::Row(said) => rows::stated(lang, said),
        Said::InversionNode { .. } | Said::InversionHop { .. } | Said::QueueRedelivery { .. } => {
            (checked(lang, said).unwrap_or_default(), String::new())
        }
        Said::Unbounded { segment, caller } => unbounded(lang, segment, caller),
        Said::UnboundedNode { node } => unbounded_node(lang, node),
        Said::BoundMissing { segment } => bound_missing(lang, segment),
        Said::ConnectMissing { segment } => connect_missing(lang, segment),
        Said::ReadMissing { segment } => read_missing(lang, segment),
        Said::CutByDeadline {
            segment,
            deadline_ms,
            tries,
            fit,
        } => cut_by_deadline(lang, segment, *deadline_ms, *tries, *fit),
        Said::CutByNodeDeadline {
            node,
            deadline_ms,
            need_ms,
            suggestion,
        } => cut_by_node_deadline(
            lang,
            node,
            *deadline_ms,
            *need_ms,
            suggestion.as_ref().map(|(hop, k)| (hop.as_str(), *k)),
        ),
        Said::SlackNone { what, check } => slack_none(lang, what, &formula(lang, check)),
        Said::ConnectDefaultApplied {
            segment,
            used,
            product,
            setting,
            unresolved,
        } => connect_default_applied(
            lang,
            segment,
            &describe_dur(lang, *used),
            (product, setting),
            &Provenance {
                unresolved: unresolved.map(str::to_string),
                ..Provenance::default()
            },
        ),
        Said::GraphCycle { cycle } => graph_cycle(lang, cycle),
        Said::NestedTooDeep {
            segment,
            layers,
            total,
        } => nested_too_deep(lang, segment, *layers, *total),
        Said::Implausible {
            line,
            value,
            kind,
            why,
        } => implausible(lang, *line, value, kind.as_str(), *why),
        Said::SettingPair {
            product,
            first,
            relation,
            second,
            first_ms,
            second_ms,
            why,
        } => setting_pair(
            lang,
            &PairBreak {
                product,
                first,
                relation: match (lang, relation) {
                    (Lang::En, Relation::Greater) => "longer than",
                    (Lang::En, Relation::GreaterOrEqual) => "at least",
                    (Lang::Ja, Relation::Greater) => "より長い値",
                    (Lang::Ja, Relation::GreaterOrEqual) => "以上",
                },
                second,
                first_value: &duration(lang, *first_ms),
                second_value: &second_ms.map_or(INFINITE.to_string(), |y| duration(lang, y)),
                why,
            },
        ),
        Said::LockNotBelow {
            segment,
            lock_ms,
            statement_ms,
        } => lock_not_below(lang, segment, *lock_ms, *statement_ms),
        Said::ReadIntervalOnly {
            segment,
            caller,
            per_try_ms,
        } => read_interval_only(lang, segment, caller, *per_try_ms),
        Said::IdleDirection {
            segment,
            caller,
            callee,
            caller_ms,
            callee_ms,
        } => idle_direction(lang, segment, caller, callee, *caller_ms, *callee_ms),
        Said::RetryAmplification {
            node,
            attempts,
            factors,
            threshold,
        } => retry_amplification(lang, node, *attempts, factors, *threshold),
        Said::RetryUnsafe { segment, attempts } => retry_unsafe(lang, segment, *attempts),
        Said::RetryHidden {
            segment,
            product,
            retries,
            conditions,
            setting,
        } => retry_hidden(
            lang,
            segment,
            product,
            retries,
            conditions.as_ref(),
            setting,
        ),
        Said::RetryPointless {
            segment,
            conditions,
        } => {
            let list = match lang {
                Lang::En => conditions.join(", "),
                Lang::Ja => conditions.join("、"),
            };
            retry_pointless(lang, segment, &list)
        }
        Said::FindingsTruncated { listed, total } => findings_truncated(lang, *listed, *total),
    }
}
