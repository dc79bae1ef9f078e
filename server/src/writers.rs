//! The writers of reports and diffs, one place for every door: the check's text, Markdown and
//! SARIF, and the diff's text and Markdown, called by the command line (`workbench check`,
//! `drift`, `diff`) and the HTTP API alike.

pub mod check_markdown;
pub mod check_text;
pub mod diff;
pub mod sarif;

use budget::{display, HopReport, Lang, NodeReport, Verdict};

/// A writer's words in each language of a sheet, as a `static` table: `WORDS.of(lang)`.
pub(crate) struct ByLang<T> {
    /// The English words.
    pub en: T,
    /// The Japanese words.
    pub ja: T,
}

impl<T> ByLang<T> {
    /// The words in `lang`.
    pub fn of(&self, lang: Lang) -> &T {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
        }
    }
}

/// What the text and Markdown tables show of one node or hop: the nodes' and the hops' lines
/// have the same columns, a hop's worst case standing where a node's need does and its wait
/// where a node's deadline does.
pub(crate) struct Budget<'a> {
    /// The node's name, or the hop's segment (`LB → app`).
    pub name: &'a str,
    /// What the node needs, or the hop's worst case, in ms; `None` when unknown or without
    /// bound.
    pub need_ms: Option<u64>,
    /// Whether `need_ms` is the number the verdict checks (a node's need), so that the verdict
    /// tells a need without bound from an unknown one; a hop's worst case is not (its verdict
    /// checks its callee's).
    pub checked_need: bool,
    /// The node's deadline, or what the hop waits, in ms; `None` when unknown.
    pub wait_ms: Option<u64>,
    /// The wait less the need, in ms; `None` when either is unknown.
    pub slack_ms: Option<i64>,
    /// The check's verdict.
    pub verdict: Verdict,
    /// How the need was computed.
    pub formula: &'a str,
}

impl<'a> Budget<'a> {
    /// A node's line.
    pub fn of_node(node: &'a NodeReport) -> Budget<'a> {
        Budget {
            name: &node.name,
            need_ms: node.need_ms,
            checked_need: true,
            wait_ms: node.deadline_ms,
            slack_ms: node.slack_ms,
            verdict: node.verdict,
            formula: &node.formula,
        }
    }

    /// A hop's line.
    pub fn of_hop(hop: &'a HopReport) -> Budget<'a> {
        Budget {
            name: &hop.segment,
            need_ms: hop.worst_ms,
            checked_need: false,
            wait_ms: hop.wait_ms,
            slack_ms: hop.slack_ms,
            verdict: hop.verdict,
            formula: &hop.formula,
        }
    }

    /// The verdict in `lang`.
    pub fn verdict(&self, lang: Lang) -> String {
        display::verdict(lang, self.verdict).to_string()
    }

    /// The need or worst case in `lang`: a node's need as [`display::need`] writes it (`∞`
    /// without bound), a hop's worst case as a duration, `—` when the report has no number.
    pub fn need(&self, lang: Lang) -> String {
        if self.checked_need {
            display::need(lang, self.need_ms, self.verdict)
        } else {
            display::duration_or_unknown(lang, self.need_ms)
        }
    }

    /// The slack in `lang` (`—` when unknown).
    pub fn slack(&self, lang: Lang) -> String {
        display::slack(lang, self.slack_ms)
    }
}
