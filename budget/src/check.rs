//! The computation of `budget-model.md` §4 as a pipeline of stages, each a function from the
//! previous stage's typed output to its own, each in its own file:
//!
//! 1. [`rows`]: each row's kind, catalog entry and value ([`rows::RowInfo`]);
//! 2. [`graph`]: the nodes, hops, parallel groups, outermost nodes and call cycles
//!    ([`graph::Graph`]);
//! 3. [`hops`]: every hop's per-try bound, tries, worst case and wait ([`hops::HopCalc`]);
//! 4. [`nodes`]: every node's inner need, need and worst case, and the node checks
//!    ([`nodes::NodeCalc`], [`NodeReport`](crate::NodeReport));
//! 5. [`coverage`]: the caller-covers-callee check of every hop ([`HopReport`](crate::HopReport));
//! 6. [`rules`]: the rulebook's findings;
//! 7. [`crate::fix`]: the fixes of the inversions, each checked again on the changed sheet.
//!    [`recheck`] keeps the graph and numbers of stages 2 to 5 and computes again only the
//!    layers above the changed rows: the hops and nodes they belong to, the nodes that call
//!    those hops, and the coverage of the hops into every node whose numbers changed. A change
//!    that reaches further (see [`recheck`]) runs stages 2 to 6 on the whole changed sheet,
//!    after stage 1 has read again only the changed rows (each row is read on its own, so the
//!    others' infos and findings are taken as they were).
//!
//! Every stage adds its findings to one [`findings::Findings`], which lists them at the end.
//! The stages state facts and take no language: what each finding says ([`crate::said`]), each
//! row's note, and formulas whose words are slots ([`formula::Slot`]). Neither they nor the
//! pipeline write a word: the pipeline gives [`Facts`], whose words [`crate::render`] writes
//! last, in either language ([`crate::Checked`]).
//! All times are worst cases in milliseconds ([`Time`](crate::time::Time)); an unknown value is
//! `None` and makes everything built on it unknown.

mod conditions;
mod coverage;
mod findings;
pub(crate) mod formula;
mod graph;
mod hops;
mod limits;
mod nodes;
mod recheck;
mod refs;
pub(crate) mod rows;
mod rules;
mod segment;
mod trace;

pub(crate) use hops::BoundName;
pub use hops::{early_tries_that_fit, tries_that_fit};
pub use limits::{
    MAX_LISTED_FINDINGS, MAX_LISTED_FINDINGS_TEXT, MAX_LISTED_WAITS, MAX_NESTED_TRIES,
};
pub(crate) use segment::Malformed;

use crate::report::{Report, RowReport};
use crate::said::{FixSaid, Said};
use crate::sheet::Sheet;

/// A check's report before its words are written, and the facts they are written from:
/// what each finding and each fix says, each row's value and note. The words are
/// [`crate::render`]'s, written last in either language ([`crate::Checked`]).
#[derive(Clone, Debug)]
pub(crate) struct Facts {
    /// The report: every number, verdict, place, trace and fix, its texts still empty.
    pub(crate) report: Report,
    /// What its texts are written from.
    pub(crate) words: Words,
}

/// What a report's words are written from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Words {
    /// What each finding listed says.
    pub(crate) said: Vec<Said>,
    /// How many findings there are in all.
    pub(crate) total: usize,
    /// What the fixes of each fixable finding say, by the finding's index.
    pub(crate) fixes: Vec<(usize, Vec<FixSaid>)>,
    /// Each row's value, note and catalog match.
    pub(crate) rows: Vec<rows::RowWords>,
}

/// Checks a sheet: derives every row, computes every hop's worst case and every node's need,
/// runs the node and coverage checks, and checks the fixes of the inversions; states the
/// report's facts in no language. Never panics on any input; values that cannot be read
/// become findings. Time, memory and the report's size grow linearly with the sheet.
pub(crate) fn facts(sheet: &Sheet) -> (Facts, Work) {
    checked_by(sheet, Recheck::Incremental)
}

/// How much work a check did, counted rather than timed, so that a test can tell linear from
/// quadratic growth on any machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Elementary steps: one per row read, per node and hop, per tries layer and per wait it
    /// holds, per node the cycle search and the attempts walk follow a hop to, and per finding
    /// and row a finding names. Doubling a sheet at most doubles it.
    pub steps: u64,
}

/// How a fix's re-check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recheck {
    /// Only the layers above the changed rows computed again ([`recheck::Incremental`]);
    /// where a change reaches further, stages 2 to 6 on the whole changed sheet, reading only
    /// what a verdict needs (as `Verdict` below).
    Incremental,
    /// Stages 2 to 6 on the whole changed sheet, reading only what [`crate::fix`] reads of its
    /// report: its errors, whole, and every hop's, node's and row's numbers. The other
    /// findings, the traces, and the rows' parsed values and notes are left out (see
    /// [`Read::for_verdict`]). The incremental re-check falls back on it.
    #[cfg(test)]
    Verdict,
    /// A whole report, as [`check`](crate::checked::check) without fixes gives: the
    /// reference the others are tested against.
    #[cfg(test)]
    Whole,
}

/// [`facts`], its fixes re-checked as `recheck` says.
fn checked_by(sheet: &Sheet, recheck: Recheck) -> (Facts, Work) {
    // Stage 1 reads each row on its own; a fix changes a few rows, so a whole re-check reads
    // only those again and takes the others from here.
    let read = Read::of(sheet);
    let base = match recheck {
        #[cfg(test)]
        Recheck::Whole => read.clone(),
        _ => read.for_verdict(),
    };
    let (mut report, work, stages, mut words) = run(sheet, read);
    let mut incremental = match recheck {
        Recheck::Incremental if report.findings.iter().any(|f| crate::fix::fixable(f.code)) => {
            recheck::Incremental::new(stages, &report, sheet, &base.infos)
        }
        _ => None,
    };
    let mut steps = work.steps;
    // 7. fixes: each offered fix applied to the sheet and checked again.
    words.fixes = crate::fix::offer(sheet, &mut report, |changes| {
        if let Some((rechecked, s)) = incremental.as_mut().and_then(|i| i.recheck(sheet, changes)) {
            steps += s;
            return rechecked;
        }
        let changed = crate::fix::apply(sheet, changes.iter().copied());
        let lines: Vec<usize> = changes.iter().map(|c| c.line).collect();
        let mut again = base.clone();
        for &line in &lines {
            rows::reread(&changed.rows, line, &mut again.infos, &mut again.out);
        }
        let (r, w) = check_read(&changed, again);
        steps += w.steps;
        crate::fix::Rechecked::of_report(r, &lines)
    });
    (Facts { report, words }, Work { steps })
}

/// Stage 1's output: every row's info and the findings of reading them.
#[derive(Clone)]
struct Read {
    infos: Vec<rows::RowInfo>,
    out: findings::Findings,
}

impl Read {
    fn of(sheet: &Sheet) -> Read {
        let mut out = findings::Findings::new();
        // The later stages' findings join these in one list (see `run`).
        out.reserve_total(sheet.rows.len());
        let infos = rows::read(&sheet.rows, &mut out);
        Read { infos, out }
    }

    /// What a fix's verdict-only re-check starts from: every row's info without its parsed
    /// value and note (only the row reports show them), and no findings, only their steps.
    /// Stage 1's findings are never errors (`value.*`, `tries.waits_assumed`), and a re-check
    /// is read only for its errors: an error whose finding is gone, or a new one. Errors are
    /// listed first, so the findings left out change neither which errors the report lists
    /// nor their order.
    fn for_verdict(&self) -> Read {
        Read {
            infos: self.infos.iter().map(rows::RowInfo::for_verdict).collect(),
            out: self.out.for_verdict(),
        }
    }
}

/// Stages 2 to 6 on the rows stage 1 read, without [`crate::fix`]'s checked fixes: what a
/// fix's whole re-check runs.
fn check_read(sheet: &Sheet, read: Read) -> (Report, Work) {
    let (report, work, ..) = run(sheet, read);
    (report, work)
}

/// [`check_read`], what its stages computed, and what its report's words are written from
/// (none for a verdict-only re-check, which reads no word).
fn run(sheet: &Sheet, read: Read) -> (Report, Work, recheck::Stages, Words) {
    let Read { mut infos, mut out } = read;
    out.reserve_total(sheet.rows.len());
    let graph = graph::Graph::build(&sheet.rows, &mut infos, &mut out);
    let mut hop_calcs = hops::compute(&graph, &infos, sheet.margin_ms, &mut out);
    let mut node_calcs = nodes::compute(&graph, &infos, &hop_calcs, &mut out);
    let mut node_reports = nodes::check(&graph, &infos, &hop_calcs, &node_calcs, &mut out);
    let mut hop_reports = coverage::check(&graph, &infos, (&hop_calcs, &node_calcs), &mut out);
    rules::apply(
        rules::Input {
            rows: &sheet.rows,
            infos: &infos,
            graph: &graph,
            hops: &hop_calcs,
            amplification_threshold: sheet.amplification_threshold,
        },
        &mut out,
    );
    // The traces move into the reports once every stage has read them: each is built once.
    for (report, calc) in hop_reports.iter_mut().zip(&mut hop_calcs) {
        report.trace.per_try = std::mem::take(&mut calc.per_try_terms);
        report.trace.early = std::mem::take(&mut calc.early_terms);
        report.trace.tries = std::mem::take(&mut calc.tries_terms);
        report.trace.worst = std::mem::take(&mut calc.worst_terms);
        report.trace.wait = std::mem::take(&mut calc.wait_terms);
    }
    for (report, calc) in node_reports.iter_mut().zip(&mut node_calcs) {
        report.trace = std::mem::take(&mut calc.trace);
    }
    let steps = sheet.rows.len() as u64 + out.steps + (graph.nodes.len() + graph.hops.len()) as u64;
    let verdict = out.verdict_only();
    let listed = out.finish(&graph.place, &hop_reports, &node_reports);
    let (rows, row_words) = row_reports(sheet, &mut infos, &graph, verdict);
    let words = Words {
        said: listed.said,
        total: listed.total,
        fixes: Vec::new(),
        rows: row_words,
    };
    (
        Report {
            summary: listed.summary,
            nodes: node_reports,
            hops: hop_reports,
            rows,
            findings: listed.findings,
        },
        Work { steps },
        recheck::Stages {
            infos,
            graph,
            hops: hop_calcs,
            nodes: node_calcs,
        },
        words,
    )
}

/// Every row's report without its words, and what they are written from (none when only the
/// verdict is read; each row's note moves there from its info). A tries row's waits moved to
/// its hop's layer ([`graph::Graph`]): its value in words is that layer's.
fn row_reports(
    sheet: &Sheet,
    infos: &mut [rows::RowInfo],
    graph: &graph::Graph,
    verdict: bool,
) -> (Vec<RowReport>, Vec<rows::RowWords>) {
    let mut layer_of: Vec<Option<&crate::value::Tries>> = Vec::new();
    if !verdict {
        layer_of.resize(infos.len(), None);
        for hop in &graph.hops {
            let read = hop
                .parts
                .tries_lines
                .iter()
                .filter(|&&l| matches!(infos[l - 1].val, rows::Val::Tries(_)));
            for (&line, layer) in read.zip(&hop.parts.tries) {
                layer_of[line - 1] = Some(layer);
            }
        }
    }
    let reports = infos
        .iter()
        .enumerate()
        .map(|(i, info)| RowReport {
            line: i + 1,
            kind: info.kind,
            value_ms: info.term().and_then(|t| t.time.bound_ms()),
            unbounded: info.term().is_some_and(|t| t.time.is_inf()),
            // A verdict-only re-check reads no row's words or source.
            source: info
                .entry
                .filter(|_| !verdict)
                .map(|e| e.source.to_string()),
            parsed: String::new(),
            note: None,
        })
        .collect();
    let words = if verdict {
        Vec::new()
    } else {
        infos
            .iter_mut()
            .zip(&sheet.rows)
            .zip(layer_of)
            .map(|((info, row), layer)| {
                let val = match layer {
                    Some(layer) => rows::Val::Tries(layer.clone()),
                    None => info.val.clone(),
                };
                rows::RowWords::take(row, info, val)
            })
            .collect()
    };
    (reports, words)
}

/// The first stages of a check, for the later stages' own tests: the findings so far, the
/// rows read and the graph built from them.
#[cfg(test)]
fn read_and_build(
    sheet: &[crate::sheet::Row],
) -> (findings::Findings, Vec<rows::RowInfo>, graph::Graph) {
    let mut out = findings::Findings::new();
    let mut infos = rows::read(sheet, &mut out);
    let graph = graph::Graph::build(sheet, &mut infos, &mut out);
    (out, infos, graph)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked::check;
    use crate::code::FindingCode;
    use crate::sheet::{Lang, Row};

    proptest::proptest! {
        /// A re-check reads again only the rows that changed: its report is the report of
        /// reading the whole changed sheet.
        #[test]
        fn a_recheck_that_rereads_the_changed_rows_is_a_whole_check(
            example in 0..3usize,
            changes in proptest::collection::vec(
                (0..20usize, proptest::sample::select(vec![
                    "3s", "", "none", "2 tries", "5 tries, waits 1s", "ten", "0", "1.5", "—", "30 (default)",
                ])),
                1..4,
            ),
        ) {
            let (text, lang) = [
                (crate::example::RESERVATION_EN, Lang::En),
                (crate::example::RESERVATION_JA, Lang::Ja),
                (crate::example::INVERTED_LB, Lang::En),
            ][example];
            let sheet = Sheet::new(lang, crate::tsv::import(text).unwrap().rows);
            let read = Read::of(&sheet);
            let mut changed = sheet.clone();
            let mut lines = Vec::new();
            for (i, value) in changes {
                let line = i % sheet.rows.len() + 1;
                changed.rows[line - 1].value = value.to_string();
                lines.push(line);
            }
            let mut again = read.clone();
            for &line in &lines {
                rows::reread(&changed.rows, line, &mut again.infos, &mut again.out);
            }
            let reused = check_read(&changed, again).0;
            let whole = check_read(&changed, Read::of(&changed)).0;
            proptest::prop_assert_eq!(reused, whole);
        }
    }

    /// Sheets whose inversions get checked fixes, the re-checks of which read again.
    const FIXED: [(&str, Lang); 7] = [
        (crate::example::RESERVATION_EN, Lang::En),
        (crate::example::RESERVATION_JA, Lang::Ja),
        (crate::example::INVERTED_LB, Lang::En),
        (
            include_str!("../../fixtures/three-client-layers.tsv"),
            Lang::En,
        ),
        (
            include_str!("../../fixtures/queue-visibility.tsv"),
            Lang::En,
        ),
        (
            include_str!("../../fixtures/redirector-retries.tsv"),
            Lang::En,
        ),
        (include_str!("../../fixtures/payments-safety.tsv"), Lang::En),
    ];

    /// A sheet of [`FIXED`], in either language, with some values and segments changed: the
    /// sheets the re-check tests start from.
    fn varied(
        example: usize,
        other_lang: bool,
        changes: Vec<(usize, &str)>,
        segments: Vec<(usize, usize, &str)>,
    ) -> Sheet {
        let (text, lang) = FIXED[example];
        let lang = if other_lang { lang.other() } else { lang };
        let mut sheet = Sheet::new(lang, crate::tsv::import(text).unwrap().rows);
        for (i, value) in changes {
            let line = i % sheet.rows.len();
            sheet.rows[line].value = value.to_string();
        }
        for (i, j, how) in segments {
            let (i, j) = (i % sheet.rows.len(), j % sheet.rows.len());
            let other = sheet.rows[j].segment.replace('→', "->");
            let ends: Vec<&str> = other.split("->").map(str::trim).collect();
            sheet.rows[i].segment = match (how, ends.as_slice()) {
                ("malformed", _) => format!("{other} -> x -> y"),
                ("reversed", [a, b]) => format!("{b} -> {a}"),
                ("self", [a, ..]) => format!("{a} -> {a}"),
                _ => String::new(),
            };
        }
        sheet
    }

    /// Values a fix writes, and others.
    const VALUES: [&str; 16] = [
        "3s",
        "",
        "none",
        "2 tries",
        "5 tries, waits 1s",
        "ten",
        "0",
        "1.5",
        "—",
        "30 (default)",
        "0.2s",
        "90s",
        "1 try",
        "4回、待機1秒",
        "20秒",
        "10 tries",
    ];

    /// As many values of [`VALUES`] as `n` says, each on some line.
    fn values(
        n: std::ops::Range<usize>,
    ) -> impl proptest::strategy::Strategy<Value = Vec<(usize, &'static str)>> {
        proptest::collection::vec((0..40usize, proptest::sample::select(VALUES.to_vec())), n)
    }

    /// Up to `n` segments that name no hop, and hops back to a caller (call cycles).
    fn segments(
        n: usize,
    ) -> impl proptest::strategy::Strategy<Value = Vec<(usize, usize, &'static str)>> {
        proptest::collection::vec(
            (
                0..40usize,
                0..40usize,
                proptest::sample::select(vec!["malformed", "reversed", "self", ""]),
            ),
            0..n,
        )
    }

    proptest::proptest! {
        /// Verdict-only and incremental re-checks offer exactly the fixes whole re-checks
        /// offer; a verdict-only one does the same work.
        #[test]
        fn rechecks_offer_the_fixes_whole_rechecks_offer(
            example in 0..FIXED.len(),
            other_lang in proptest::bool::ANY,
            changes in values(0..4),
            segments in segments(3),
        ) {
            let sheet = varied(example, other_lang, changes, segments);
            let checked = |recheck| {
                let (facts, work) = checked_by(&sheet, recheck);
                (crate::Checked::new(facts, sheet.lang).into_report(), work)
            };
            let whole = checked(Recheck::Whole);
            let verdict = checked(Recheck::Verdict);
            proptest::prop_assert_eq!(verdict.1, whole.1);
            proptest::prop_assert_eq!(&verdict.0, &whole.0);
            let incremental = checked(Recheck::Incremental).0;
            proptest::prop_assert_eq!(incremental, whole.0);
        }

        /// An incremental re-check of changed values gives the errors and the changed rows a
        /// whole re-check of the changed sheet gives, or declines.
        #[test]
        fn an_incremental_recheck_is_a_whole_recheck(
            example in 0..FIXED.len(),
            other_lang in proptest::bool::ANY,
            changes in values(0..3),
            segments in segments(2),
            edits in values(1..4),
        ) {
            let sheet = varied(example, other_lang, changes, segments);
            let (report, _, stages, _) = run(&sheet, Read::of(&sheet));
            let read = Read::of(&sheet).for_verdict();
            let Some(mut incremental) = recheck::Incremental::new(stages, &report, &sheet, &read.infos) else {
                return Ok(());
            };
            let edits: Vec<crate::fix::CellChange> = edits
                .into_iter()
                .map(|(i, to)| {
                    let line = i % sheet.rows.len() + 1;
                    crate::fix::CellChange {
                        line,
                        column: crate::sheet::Column::Value,
                        from: sheet.rows[line - 1].value.clone(),
                        to: to.to_string(),
                    }
                })
                .collect();
            let edits: Vec<&crate::fix::CellChange> = edits.iter().collect();
            // Twice: a re-check leaves the kept stages as they were.
            for _ in 0..2 {
                let Some((rechecked, _)) = incremental.recheck(&sheet, &edits) else {
                    return Ok(());
                };
                let changed = crate::fix::apply(&sheet, edits.iter().copied());
                let mut lines: Vec<usize> = Vec::new();
                for e in &edits {
                    if !lines.contains(&e.line) {
                        lines.push(e.line);
                    }
                }
                let whole = crate::fix::Rechecked::of_report(
                    check_read(&changed, Read::of(&changed).for_verdict()).0,
                    &lines,
                );
                proptest::prop_assert_eq!(&rechecked.errors, &whole.errors);
                proptest::prop_assert_eq!(&rechecked.rows, &whole.rows);
            }
        }
    }

    /// The re-checks of G2's fixes compute only the layers above the changed rows: with a
    /// hundred more calls elsewhere in the sheet, the check takes more steps, the re-checks
    /// the same.
    #[test]
    fn a_rechecks_work_does_not_grow_with_the_rest_of_the_sheet() {
        let mut rows = crate::tsv::import(crate::example::RESERVATION_EN)
            .unwrap()
            .rows;
        rows[6].value = "3s".into();
        rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
        let g2 = Sheet::new(Lang::En, rows.clone());
        for i in 0..100 {
            rows.push(Row::new(
                &format!("batch{i} -> store{i}"),
                "read timeout",
                "2s",
            ));
        }
        let larger = Sheet::new(Lang::En, rows);
        let report = check(&g2);
        let f = report
            .findings
            .iter()
            .find(|f| f.code == FindingCode::InversionNode)
            .unwrap();
        assert_eq!(f.fixes.len(), 2);
        let mut steps = Vec::new();
        for sheet in [&g2, &larger] {
            let (report, work, stages, _) = run(sheet, Read::of(sheet));
            let read = Read::of(sheet).for_verdict();
            let mut incremental =
                recheck::Incremental::new(stages, &report, sheet, &read.infos).unwrap();
            let rechecks: Vec<u64> = f
                .fixes
                .iter()
                .map(|fix| {
                    let changes: Vec<&crate::fix::CellChange> = fix.changes.iter().collect();
                    let (rechecked, steps) = incremental.recheck(sheet, &changes).unwrap();
                    assert!(rechecked.errors.iter().all(|g| g.code != f.code));
                    steps
                })
                .collect();
            steps.push((work.steps, rechecks));
        }
        assert!(steps[1].0 > steps[0].0 + 100, "{steps:?}");
        assert_eq!(steps[0].1, steps[1].1);
    }

    #[test]
    fn the_pipeline_follows_one_sheet_through_every_stage() {
        let sheet = Sheet::new(
            Lang::En,
            vec![
                Row::new("LB -> app", "read timeout", "5s"),
                Row::new("app -> api", "connect timeout", "1s"),
                Row::new("app -> api", "read timeout", "3s"),
                Row::new("app -> api", "tries and waits", "3 tries, waits 0.5s, 1s"),
            ],
        );
        let report = check(&sheet);
        assert_eq!(report.hops[1].worst_ms, Some(13_500));
        assert_eq!(report.nodes[1].need_ms, Some(13_500));
        assert_eq!(report.hops[0].slack_ms, Some(-9_500));
        let codes: Vec<FindingCode> = report.findings.iter().map(|f| f.code).collect();
        assert_eq!(
            codes,
            [
                FindingCode::InversionHop,
                FindingCode::BoundMissing,
                FindingCode::ReadIntervalOnly,
                FindingCode::ReadIntervalOnly,
            ]
        );
    }
}
