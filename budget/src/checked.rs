//! A check in a language: the pipeline's facts ([`crate::check`], in no language) with their
//! words written last ([`crate::render`]). The one module that joins the two; the check's
//! stages and pipeline never write a word.

use crate::check::{self, Facts, Work};
use crate::report::Report;
use crate::sheet::{Lang, Sheet};

/// Checks a sheet: derives every row, computes every hop's worst case and every node's need,
/// runs the node and coverage checks, and reports the findings in the sheet's language.
/// Never panics on any input; values that cannot be read become findings.
///
/// Time, memory and the report's size grow linearly with the sheet (see [`check_counted`]).
pub fn check(sheet: &Sheet) -> Report {
    check_counted(sheet).0
}

/// [`check`], and the [`Work`] it took. Costs one counter increment per step.
///
/// ```
/// let rows = budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
/// let sheet = budget::Sheet::new(budget::Lang::En, rows);
/// let (report, work) = budget::check_counted(&sheet);
/// assert_eq!(report, budget::check(&sheet));
/// assert!(work.steps > 12);
/// ```
pub fn check_counted(sheet: &Sheet) -> (Report, Work) {
    let (facts, work) = check::facts(sheet);
    (Checked::new(facts, sheet.lang).into_report(), work)
}

/// A check's report before its words are written, with the facts they are written from:
/// what each finding and each fix says, each row's value and note. Kept, it gives the report
/// in either language without checking the sheet again ([`Checked::report`]): the facts do
/// not depend on the sheet's language, only the words do.
///
/// ```
/// use budget::{Checked, Lang, Sheet};
/// let rows = budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
/// let english = Sheet::new(Lang::En, rows.clone());
/// let checked = Checked::of(&english);
/// assert_eq!(checked.report(Lang::Ja), budget::check(&Sheet::new(Lang::Ja, rows)));
/// assert_eq!(checked.into_report(), budget::check(&english));
/// ```
#[derive(Clone, Debug)]
pub struct Checked {
    facts: Facts,
    lang: Lang,
}

impl Checked {
    /// Checks `sheet` ([`check`]), keeping the facts of its report's words.
    pub fn of(sheet: &Sheet) -> Checked {
        Checked::new(check::facts(sheet).0, sheet.lang)
    }

    /// The facts of a check of a sheet in `lang`.
    pub(crate) fn new(facts: Facts, lang: Lang) -> Checked {
        Checked { facts, lang }
    }

    /// The language of the sheet that was checked.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The report with its words written in `lang`: what [`check`] gives for the same rows
    /// in a sheet of that language. Copies the report; the check is not run again.
    pub fn report(&self, lang: Lang) -> Report {
        let Report {
            summary,
            nodes,
            hops,
            rows,
            findings,
        } = &self.facts.report;
        // Room for the `findings.truncated` the words may add after the listed findings, so
        // that adding it does not move them all.
        let mut listed = Vec::with_capacity(findings.len() + 1);
        listed.extend_from_slice(findings);
        let mut report = Report {
            summary: *summary,
            nodes: nodes.clone(),
            hops: hops.clone(),
            rows: rows.clone(),
            findings: listed,
        };
        crate::render::write_report(lang, &self.facts.words, &mut report);
        report
    }

    /// The report with its words written in the sheet's language, without a copy.
    pub fn into_report(self) -> Report {
        let Checked { facts, lang } = self;
        let mut report = facts.report;
        crate::render::write_report(lang, &facts.words, &mut report);
        report
    }
}
