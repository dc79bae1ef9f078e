//! The findings of a check: built with named numbers ([`Draft`], [`Numbers`]), collected by
//! every stage into one [`Findings`], and listed at the end: each one placed on its hop or
//! node, errors first, at most [`MAX_LISTED_FINDINGS`].

use crate::code::FindingCode;
use crate::kind::Kind;
use crate::report::{
    Finding, FindingTrace, HopReport, NodeReport, Severity, Summary, TraceNumber, TraceTerm,
};
use crate::said::Said;
#[cfg(test)]
use crate::sheet::Lang;

use super::limits::MAX_LISTED_FINDINGS;
use super::refs;

/// The numbers of a finding, by name. Built by [`Numbers::short`] and [`Numbers::passing`]
/// where a bound is compared with a need, so that `short_by = need − bound` holds by
/// construction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Numbers {
    /// The bound, in ms.
    pub(crate) bound: Option<u64>,
    /// Everything the bound is compared with, in ms.
    pub(crate) need: Option<u64>,
    /// `need − bound`, in ms, where the bound falls short.
    pub(crate) short_by: Option<u64>,
    /// How many tries fit the budget.
    pub(crate) tries_that_fit: Option<u32>,
    /// Attempts counted (a count).
    pub(crate) attempts: Option<u64>,
    /// The most attempts allowed (a count).
    pub(crate) threshold: Option<u64>,
}

impl Numbers {
    /// A check that fails: `bound` (ms) falls short of `need` (ms) by `need − bound`. A need
    /// that is not known (`∞`) leaves the need and the shortfall empty.
    pub(crate) fn short(bound: Option<u64>, need: Option<u64>) -> Numbers {
        let short_by = match (bound, need) {
            (Some(b), Some(n)) => n.checked_sub(b),
            _ => None,
        };
        Numbers {
            bound,
            need,
            short_by,
            ..Numbers::default()
        }
    }

    /// A check that passes (`need ≤ bound`): nothing falls short.
    pub(crate) fn passing(bound: Option<u64>, need: Option<u64>) -> Numbers {
        Numbers {
            bound,
            need,
            ..Numbers::default()
        }
    }

    /// With the tries that fit.
    pub(crate) fn fit(self, tries_that_fit: Option<u32>) -> Numbers {
        Numbers {
            tries_that_fit,
            ..self
        }
    }
}

/// Where a finding's bound and need come from: its own terms, or a check of a hop or node
/// whose trace is written from that hop's or node's report at the end, for the findings
/// listed only.
#[derive(Clone)]
pub(crate) enum Traced {
    /// These terms.
    Terms(FindingTrace),
    /// Hop `h`'s coverage check: its wait against its need.
    HopCheck(usize),
    /// Node `n`'s check: its deadline against its need.
    NodeCheck(usize),
    /// Hop `h`'s per-try bound, as a need.
    HopPerTry(usize),
}

impl Traced {
    /// The trace, from the finished reports.
    fn write(self, hops: &[HopReport], nodes: &[NodeReport]) -> FindingTrace {
        match self {
            Traced::Terms(t) => t,
            Traced::HopCheck(h) => {
                let r = &hops[h];
                let mut wait = refs::taken(r.wait_ms, refs::of_hop(&r.segment, TraceNumber::Wait));
                wait.kind = r.trace.wait.first().and_then(|t| t.kind);
                FindingTrace {
                    bound: vec![wait],
                    need: vec![refs::taken(
                        r.need_ms,
                        refs::of_hop(&r.segment, TraceNumber::Need),
                    )],
                }
            }
            Traced::NodeCheck(n) => {
                let r = &nodes[n];
                let mut deadline =
                    refs::taken(r.deadline_ms, refs::of_node(&r.name, TraceNumber::Deadline));
                deadline.kind = Some(Kind::Deadline);
                FindingTrace {
                    bound: vec![deadline],
                    need: vec![refs::taken(
                        r.need_ms,
                        refs::of_node(&r.name, TraceNumber::Need),
                    )],
                }
            }
            Traced::HopPerTry(h) => {
                let r = &hops[h];
                FindingTrace {
                    bound: Vec::new(),
                    need: vec![refs::taken(
                        r.per_try_ms,
                        refs::of_hop(&r.segment, TraceNumber::PerTry),
                    )],
                }
            }
        }
    }
}

/// A finding being built: its code, place, rows, numbers, what it says and its trace. The
/// findings of a check stay drafts until the report lists them: most of a large sheet's are
/// only counted.
#[derive(Clone)]
pub(crate) struct Draft {
    code: FindingCode,
    node: Option<String>,
    hop: Option<String>,
    rows: Vec<usize>,
    numbers: Numbers,
    /// What its message and fix will say, written only if the report lists it.
    said: Said,
    trace: Traced,
    source: Option<&'static str>,
}

impl Draft {
    /// A finding of `code` on rows `rows` that says `said`, with no place and no numbers.
    pub(crate) fn new(code: FindingCode, rows: Vec<usize>, said: Said) -> Draft {
        Draft {
            code,
            node: None,
            hop: None,
            rows,
            numbers: Numbers::default(),
            said,
            trace: Traced::Terms(FindingTrace::default()),
            source: None,
        }
    }

    /// `slack.none` on rows `rows`: the check of `what` (a hop's segment or a node's name),
    /// written as `check`, passes with nothing to spare. Its place is still to be set.
    pub(crate) fn slack_none(what: &str, rows: Vec<usize>, check: String) -> Draft {
        let said = Said::SlackNone {
            what: what.to_string(),
            check,
        };
        Draft::new(FindingCode::SlackNone, rows, said)
    }

    /// Resting on this documentation address (a catalog entry's or a catalog rule's
    /// `source`), if any.
    pub(crate) fn cite(mut self, source: Option<&'static str>) -> Draft {
        self.source = source;
        self
    }

    /// On node `name`.
    pub(crate) fn on_node(mut self, name: &str) -> Draft {
        self.node = Some(name.to_string());
        self
    }

    /// On the hop whose segment is `segment`.
    pub(crate) fn on_hop(mut self, segment: &str) -> Draft {
        self.hop = Some(segment.to_string());
        self
    }

    /// With these numbers.
    pub(crate) fn numbers(mut self, numbers: Numbers) -> Draft {
        self.numbers = numbers;
        self
    }

    /// With where its bound and its need come from.
    pub(crate) fn trace(mut self, bound: Vec<TraceTerm>, need: Vec<TraceTerm>) -> Draft {
        self.trace = Traced::Terms(FindingTrace { bound, need });
        self
    }

    /// With its bound and need those of a hop's or node's check.
    pub(crate) fn traced(mut self, traced: Traced) -> Draft {
        self.trace = traced;
        self
    }

    /// Its severity: its code's.
    fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// A finding about rows that names no place gets the hop or node all its rows belong to
    /// (`place` gives each row's).
    fn place(&mut self, place: &[Place], hops: &[HopReport], nodes: &[NodeReport]) {
        if self.node.is_some() || self.hop.is_some() {
            return;
        }
        let mut places = self.rows.iter().map(|&l| place.get(l - 1).copied());
        let Some(Some(first)) = places.next() else {
            return;
        };
        if places.all(|p| p == Some(first)) {
            match first {
                Place::Hop(h) => self.hop = Some(hops[h].segment.clone()),
                Place::Node(n) => self.node = Some(nodes[n].name.clone()),
                Place::Nowhere => {}
            }
        }
    }

    /// The finding, without its words and its trace, with where its trace comes from and
    /// what it says.
    fn into_finding(self) -> (Finding, Traced, Said) {
        let Draft {
            code,
            node,
            hop,
            rows,
            numbers,
            said,
            trace,
            source,
        } = self;
        let finding = Finding {
            code,
            severity: code.severity(),
            node,
            hop,
            rows,
            bound_ms: numbers.bound,
            need_ms: numbers.need,
            short_by_ms: numbers.short_by,
            tries_that_fit: numbers.tries_that_fit,
            attempts: numbers.attempts,
            threshold: numbers.threshold,
            message: String::new(),
            fix: None,
            trace: FindingTrace::default(),
            source: source.map(str::to_string),
            fixes: Vec::new(),
        };
        (finding, trace, said)
    }
}

/// Where a row belongs: the hop or node of its segment, by index, or nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// A segment that names no hop or node (empty, or malformed).
    Nowhere,
    /// Hop `h`.
    Hop(usize),
    /// Node `n`.
    Node(usize),
}

/// How the words of a finding are written: its message and its fix (`None` where
/// [`crate::fix`] writes it), in a language, from what it says.
#[cfg(test)]
pub(crate) type Words = fn(Lang, &Said) -> (String, Option<String>);

/// The findings a report lists, before their words are written: each with what it says, the
/// summary that counts every finding, and how many there are in all.
#[derive(Clone, Debug)]
pub(crate) struct Listed {
    /// The findings, errors first, at most [`MAX_LISTED_FINDINGS`] (all in a fix's re-check).
    pub(crate) findings: Vec<Finding>,
    /// What each says.
    pub(crate) said: Vec<Said>,
    /// Every finding counted.
    pub(crate) summary: Summary,
    /// How many findings there are in all.
    pub(crate) total: usize,
}

/// The findings of one check, in the order found, and the work they took.
#[derive(Clone)]
pub(crate) struct Findings {
    /// Each finding as drafted: [`Findings::finish`] makes findings of those listed only.
    list: Vec<Draft>,
    /// Elementary steps: one per finding and one per row it names.
    pub(crate) steps: u64,
    /// Only the verdict is read (a fix's re-check): the findings' traces are not written.
    verdict: bool,
}

impl Findings {
    /// No findings yet. The findings state facts in no language; their words are the last
    /// pass's.
    pub(crate) fn new() -> Findings {
        Findings {
            list: Vec::new(),
            steps: 0,
            verdict: false,
        }
    }

    /// No findings, the steps of these, for a fix's re-check, which reads only the errors'
    /// codes, places, severities, rows and numbers: [`Findings::finish`] leaves the traces
    /// empty.
    pub(crate) fn for_verdict(&self) -> Findings {
        Findings {
            list: Vec::new(),
            steps: self.steps,
            verdict: true,
        }
    }

    /// Room for `total` findings in all, those found so far included: a sheet's findings are
    /// often as many as its rows, and each is a few hundred bytes, which a growing list would
    /// copy again and again.
    pub(crate) fn reserve_total(&mut self, total: usize) {
        self.list.reserve(total.saturating_sub(self.list.len()));
    }

    /// Whether only the verdict is read (see [`Findings::for_verdict`]): the stages write no
    /// formulas and no traces, and only the errors among the findings.
    pub(crate) fn verdict_only(&self) -> bool {
        self.verdict
    }

    /// Drops the findings that name row `line` alone: what reading that row found (stage 1
    /// names one row in each of its findings), before the row is read again.
    pub(crate) fn drop_row(&mut self, line: usize) {
        self.list.retain(|d| d.rows != [line]);
    }

    /// Whether a finding of `code` naming `rows` rows is left out, unwritten: in a
    /// verdict-only re-check, every finding but an error is (see [`Findings::for_verdict`]);
    /// its steps are counted as [`Findings::add`] counts them.
    pub(crate) fn skips(&mut self, code: FindingCode, rows: usize) -> bool {
        let skip = self.verdict && code.severity() != Severity::Error;
        if skip {
            self.steps += 1 + rows as u64;
        }
        skip
    }

    /// Adds a finding; its severity is its code's.
    pub(crate) fn add(&mut self, draft: Draft) {
        self.steps += 1 + draft.rows.len() as u64;
        self.list.push(draft);
    }

    /// Takes the errors found so far, in the order found, without their words.
    pub(crate) fn take_errors(&mut self) -> impl Iterator<Item = Finding> + '_ {
        self.list
            .drain(..)
            .filter(|d| d.severity() == Severity::Error)
            .map(|d| d.into_finding().0)
    }

    /// The findings so far, in the order found, their words written in `lang` by `words`.
    #[cfg(test)]
    pub(crate) fn into_list(self, lang: Lang, words: Words) -> Vec<Finding> {
        self.into_words(lang, words).collect()
    }

    /// The findings as the report lists them, with its summary: a finding about rows that
    /// names no place gets the hop or node all its rows belong to (`place` gives each row's);
    /// then errors first, then warnings, then infos, each in sheet order; at most
    /// [`MAX_LISTED_FINDINGS`] findings, with their traces written from the finished reports
    /// of the hops and nodes, and what each says. Their words, and the listing's limit on
    /// their text, are the last pass's ([`crate::render::write_listed`]). A verdict-only
    /// re-check lists every finding it keeps, without traces: it reads every error's code,
    /// place and numbers.
    pub(crate) fn finish(
        self,
        place: &[Place],
        hops: &[HopReport],
        nodes: &[NodeReport],
    ) -> Listed {
        let findings = self.list;
        // Sorted by a small key, then moved once: a finding is a few hundred bytes, and a
        // sort moves its elements many times. The key is one number that orders as
        // (severity, first row, index) do: severities in their order from bit 96, the row
        // (or 0 for none) from bit 32, the index below.
        let mut order: Vec<u128> = findings
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let row = f.rows.first().map_or(0, |&l| l + 1);
                (u128::from(f.severity() as u8) << 96)
                    | ((row as u128) << 32)
                    | u128::from(i as u32)
            })
            .collect();
        let total = findings.len();
        let mut summary = Summary::default();
        for f in &findings {
            match f.severity() {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
            if f.code.is_inversion() {
                summary.inversions += 1;
            }
        }
        // The summary counts every finding; the list stops at MAX_LISTED_FINDINGS, errors
        // first (a fix's re-check reads every error).
        let kept = if self.verdict {
            total
        } else {
            total.min(MAX_LISTED_FINDINGS)
        };
        // Only the first `kept` keys are read, in order: the others are set apart unsorted
        // (the keys are distinct, so the first `kept` are the same either way).
        if kept < total {
            order.select_nth_unstable(kept);
        }
        order[..kept].sort_unstable();
        let mut slots: Vec<Option<Draft>> = findings.into_iter().map(Some).collect();
        // Room too for the `findings.truncated` notice the words add after the listed ones
        // when some are left out (`render::write_listed`): the list is not copied to grow.
        let notice = usize::from(kept < total);
        let mut listed = Listed {
            findings: Vec::with_capacity(kept + notice),
            said: Vec::with_capacity(kept),
            summary,
            total,
        };
        // A finding not listed is dropped as drafted: it is neither placed nor written.
        for &key in &order[..kept] {
            let i = key as u32 as usize;
            let Some(mut draft) = slots[i].take() else {
                continue;
            };
            draft.place(place, hops, nodes);
            let (mut f, traced, said) = draft.into_finding();
            if !self.verdict {
                f.trace = traced.write(hops, nodes);
            }
            listed.findings.push(f);
            listed.said.push(said);
        }
        listed
    }

    /// Every finding, its words written by `words` and its trace left empty.
    #[cfg(test)]
    fn into_words(self, lang: Lang, words: Words) -> impl Iterator<Item = Finding> {
        self.list.into_iter().map(move |d| {
            let (mut f, _, said) = d.into_finding();
            (f.message, f.fix) = words(lang, &said);
            f
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_check_is_short_by_its_need_minus_its_bound() {
        let n = Numbers::short(Some(5_000), Some(14_500));
        assert_eq!(
            (n.bound, n.need, n.short_by),
            (Some(5_000), Some(14_500), Some(9_500))
        );
        let n = Numbers::short(Some(5_000), None);
        assert_eq!((n.bound, n.need, n.short_by), (Some(5_000), None, None));
        let n = Numbers::passing(Some(12_000), Some(12_000)).fit(Some(2));
        assert_eq!((n.short_by, n.tries_that_fit), (None, Some(2)));
    }

    #[test]
    fn a_finding_on_rows_of_one_hop_is_placed_on_that_hop() {
        let mut out = Findings::new();
        let msg = || Said::GraphCycle {
            cycle: "a → b → a".to_string(),
        };
        out.add(Draft::new(FindingCode::ValueUnreadable, vec![2], msg()));
        out.add(Draft::new(FindingCode::SettingPair, vec![1, 2], msg()));
        out.add(Draft::new(FindingCode::ValueImplausible, vec![3], msg()));
        let place = [Place::Node(0), Place::Hop(0), Place::Nowhere];
        let report = crate::check(&crate::Sheet::new(
            Lang::En,
            vec![crate::Row {
                segment: "a -> b".into(),
                ..crate::Row::default()
            }],
        ));
        let listed = out.finish(&place, &report.hops, &report.nodes);
        let (findings, summary) = (listed.findings, listed.summary);
        let places: Vec<(FindingCode, Option<&str>, Option<&str>)> = findings
            .iter()
            .map(|f| (f.code, f.hop.as_deref(), f.node.as_deref()))
            .collect();
        assert_eq!(
            places,
            vec![
                (FindingCode::SettingPair, None, None),
                (FindingCode::ValueUnreadable, Some("a -> b"), None),
                (FindingCode::ValueImplausible, None, None),
            ]
        );
        assert_eq!((summary.warnings, summary.errors), (3, 0));
    }

    #[test]
    fn only_the_findings_listed_are_kept_and_written_and_a_verdict_keeps_all_unwritten() {
        let many = MAX_LISTED_FINDINGS + 500;
        let found = |verdict: bool| {
            let mut out = Findings::new();
            out.verdict = verdict;
            for i in 0..many {
                let said = Said::UnboundedNode {
                    node: format!("worker{i}"),
                };
                out.add(Draft::new(FindingCode::Unbounded, vec![i + 1], said));
            }
            out
        };
        let place = vec![Place::Nowhere; many];
        let mut listed = found(false).finish(&place, &[], &[]);
        assert_eq!(
            (listed.findings.len(), listed.said.len(), listed.total),
            (MAX_LISTED_FINDINGS, MAX_LISTED_FINDINGS, many)
        );
        assert!(listed.findings.iter().all(|f| f.message.is_empty()));
        let kept = crate::render::write_listed(
            Lang::En,
            &mut listed.findings,
            &listed.said,
            listed.total,
            &mut listed.summary,
        );
        assert_eq!(kept, MAX_LISTED_FINDINGS);
        let findings = &listed.findings;
        assert_eq!(findings.len(), MAX_LISTED_FINDINGS + 1);
        assert_eq!(listed.summary.warnings, 2_501);
        assert_eq!(
            findings[0].message,
            "worker0: may work without bound: its deadline is none or disabled and no caller's deadline reaches it"
        );
        assert_eq!(
            findings[MAX_LISTED_FINDINGS].message,
            "2000 of 2500 findings are listed, errors first (a report lists at most 2000, with at most 1 MB of text); the other 500 are left out, and the summary counts them"
        );
        let listed = found(true).finish(&place, &[], &[]);
        assert_eq!(
            (listed.findings.len(), listed.findings[0].message.as_str()),
            (many, "")
        );
    }
}
