//! The words of formulas and trace labels: the check writes them in no language, each word
//! of the sheet's language a [`Slot`]; [`formula`] writes those words in the last pass.

use crate::check::formula::{Slot, Word, CLOSE, OPEN};
use crate::check::BoundName;
use crate::map::Map;
use crate::report::{Finding, HopReport, NodeReport, TraceTerm};
use crate::sheet::Lang;

/// Writes in `lang` the formulas of the hops and nodes and the labels of every trace term of
/// a report's hops, nodes and findings, which the check wrote in no language.
pub(crate) fn write_formulas(
    lang: Lang,
    hops: &mut [HopReport],
    nodes: &mut [NodeReport],
    findings: &mut [Finding],
) {
    let mut written = Written::new(lang);
    for hop in hops {
        written.write_slots(&mut hop.formula);
        let t = &mut hop.trace;
        for list in [
            &mut t.per_try,
            &mut t.tries,
            &mut t.early,
            &mut t.worst,
            &mut t.wait,
            &mut t.need,
        ] {
            written.labels(list);
        }
    }
    for node in nodes {
        // A node's formula names the nodes it calls: no other node's is the same.
        if let Some(first) = node.formula.find(OPEN) {
            node.formula = with_slots_written(lang, &node.formula, first);
        }
        let t = &mut node.trace;
        for list in [&mut t.inner, &mut t.need, &mut t.deadline] {
            written.labels(list);
        }
    }
    for finding in findings {
        written.labels(&mut finding.trace.bound);
        written.labels(&mut finding.trace.need);
    }
}

/// The formulas and labels of a report written so far in one language, by their text in no
/// language: a sheet's hops share a few formulas and labels (`1 + 2 = 3.0 s`, `waits`),
/// each written once and copied after. A text's words depend on it and the language alone.
struct Written {
    lang: Lang,
    texts: Map<String, String>,
}

impl Written {
    /// None written yet, in `lang`.
    fn new(lang: Lang) -> Self {
        Written {
            lang,
            texts: Map::default(),
        }
    }

    /// Writes the slots of the labels of `terms` in place.
    fn labels(&mut self, terms: &mut [TraceTerm]) {
        for term in terms {
            if let Some(label) = term.label.as_mut() {
                self.write_slots(label);
            }
        }
    }

    /// Writes the slots of `text`, a formula or a label, in its place ([`formula`]); text
    /// without a slot is left as it is, not copied.
    fn write_slots(&mut self, text: &mut String) {
        let Some(first) = text.find(OPEN) else {
            return;
        };
        if let Some(done) = self.texts.get(text.as_str()) {
            text.clone_from(done);
            return;
        }
        let done = with_slots_written(self.lang, text, first);
        let template = std::mem::replace(text, done.clone());
        self.texts.insert(template, done);
    }
}

/// `template`, a formula or a label as the check writes it, with each slot written in
/// `lang`: `(0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s` / `… = 12.0秒`. Text that is no slot (an
/// `OPEN` without a slot after it, as a sheet's name may hold) is kept as it is.
pub(crate) fn formula(lang: Lang, template: &str) -> String {
    match template.find(OPEN) {
        Some(first) => with_slots_written(lang, template, first),
        None => template.to_string(),
    }
}

/// [`formula`] of a `template` whose first [`OPEN`] is at byte `first`.
fn with_slots_written(lang: Lang, template: &str, first: usize) -> String {
    let mut out = String::with_capacity(template.len() + 8);
    let mut rest = template;
    let mut open = Some(first);
    while let Some(at) = open {
        out.push_str(&rest[..at]);
        let after = &rest[at + OPEN.len_utf8()..];
        let slot = after
            .find(CLOSE)
            .and_then(|end| Some((end, Slot::parse(&after[..end])?)));
        match slot {
            Some((end, slot)) => {
                write(lang, slot, &mut out);
                rest = &after[end + CLOSE.len_utf8()..];
            }
            None => {
                out.push(OPEN);
                rest = after;
            }
        }
        open = rest.find(OPEN);
    }
    out.push_str(rest);
    out
}

/// Appends the words of `slot` in `lang`.
fn write(lang: Lang, slot: Slot, out: &mut String) {
    use std::fmt::Write;
    let _ = match (lang, slot) {
        (_, Slot::Seconds(seconds)) => {
            out.push_str(seconds);
            out.push_str(crate::display::unit(lang));
            Ok(())
        }
        (_, Slot::Word(w)) => word(lang, w, out),
        (_, Slot::Bound(name)) => {
            out.push_str(bound(lang, name));
            Ok(())
        }
        (_, Slot::Term(kind)) => {
            out.push_str(kind.term_name(lang));
            Ok(())
        }
        (Lang::En, Slot::OtherRoutes(1)) => write!(out, "1 other"),
        (Lang::En, Slot::OtherRoutes(n)) => write!(out, "{n} others"),
        (Lang::Ja, Slot::OtherRoutes(n)) => write!(out, "ほか{n}経路"),
        (Lang::En, Slot::NestedLayers(n)) => {
            write!(out, ", waits included ({n} nested tries layers)")
        }
        (Lang::Ja, Slot::NestedLayers(n)) => write!(out, "、待機込み（試行の入れ子{n}層）"),
        (Lang::En, Slot::Waits) => write!(out, "waits"),
        (Lang::Ja, Slot::Waits) => write!(out, "待機"),
        (Lang::En, Slot::MoreLayers(n)) => write!(out, "{n} more layers"),
        (Lang::Ja, Slot::MoreLayers(n)) => write!(out, "残り{n}層"),
        (Lang::En, Slot::ProductDefault(product)) => write!(out, "{product} default"),
        (Lang::Ja, Slot::ProductDefault(product)) => write!(out, "{product}の既定値"),
    };
}

/// A word of a hop's formula.
fn word(lang: Lang, word: Word, out: &mut String) -> std::fmt::Result {
    use std::fmt::Write;
    match (lang, word) {
        (Lang::En, Word::Upstreams(u)) => write!(out, "× {u} upstreams"),
        (Lang::Ja, Word::Upstreams(u)) => write!(out, "× 上流{u}台"),
        (Lang::En, Word::Window) => out.write_str("window"),
        (Lang::Ja, Word::Window) => out.write_str("打ち切り"),
        (Lang::En, Word::Deadline) => out.write_str("deadline"),
        (Lang::Ja, Word::Deadline) => out.write_str("期限"),
        (Lang::En, Word::Unreadable) => out.write_str("? (a value could not be read)"),
        (Lang::Ja, Word::Unreadable) => out.write_str("?（読めない値があります）"),
        (Lang::En, Word::DeadlineUnreadable) => out.write_str("? (the deadline could not be read)"),
        (Lang::Ja, Word::DeadlineUnreadable) => out.write_str("?（期限が読めません）"),
        (Lang::En, Word::CutByPropagated) => out.write_str(" (cut by the propagated deadline)"),
        (Lang::Ja, Word::CutByPropagated) => out.write_str("（伝播した期限で打ち切り）"),
        (Lang::En, Word::AcrossUpstreams(u)) => write!(out, " (across {u} upstreams)"),
        (Lang::Ja, Word::AcrossUpstreams(u)) => write!(out, "（上流{u}台にまたがる試行）"),
        (Lang::En, Word::NoRetries) => out.write_str("no retries: "),
        (Lang::Ja, Word::NoRetries) => out.write_str("再試行なし："),
    }
}

/// A bound's name in a formula: `read`, `deadline`, `per-try timeout` / `読み取り`, `期限`,
/// `1回の上限`.
pub(super) fn bound(lang: Lang, name: BoundName) -> &'static str {
    match (lang, name) {
        (Lang::En, BoundName::PerTry) => "per-try timeout",
        (Lang::En, BoundName::Deadline) => "deadline",
        (Lang::En, BoundName::Visibility) => "visibility timeout",
        (Lang::En, BoundName::Read) => "read",
        (Lang::Ja, BoundName::PerTry) => "1回の上限",
        (Lang::Ja, BoundName::Deadline) => "期限",
        (Lang::Ja, BoundName::Visibility) => "可視性タイムアウト",
        (Lang::Ja, BoundName::Read) => "読み取り",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::Kind;

    #[test]
    fn each_slot_is_written_in_the_sheets_language() {
        let template = [
            "(0.5 + 3) × 3 ".to_string(),
            Slot::Word(Word::Upstreams(2)).text(),
            " = ".to_string(),
            Slot::Seconds("24.0").text(),
            "; ".to_string(),
            Slot::Bound(BoundName::Read).text(),
            " 30.0 ≥ 24.0 + 1.0, ".to_string(),
            Slot::Term(Kind::Own).text(),
            " 0.5, max(a 1.0, ".to_string(),
            Slot::OtherRoutes(47).text(),
            ")".to_string(),
            Slot::NestedLayers(12).text(),
            " ".to_string(),
            Slot::Waits.text(),
            " ".to_string(),
            Slot::MoreLayers(3).text(),
            " ".to_string(),
            Slot::ProductDefault("nginx").text(),
        ]
        .concat();
        assert_eq!(
            formula(Lang::En, &template),
            "(0.5 + 3) × 3 × 2 upstreams = 24.0 s; read 30.0 ≥ 24.0 + 1.0, own 0.5, max(a 1.0, 47 others), waits included (12 nested tries layers) waits 3 more layers nginx default"
        );
        assert_eq!(
            formula(Lang::Ja, &template),
            "(0.5 + 3) × 3 × 上流2台 = 24.0秒; 読み取り 30.0 ≥ 24.0 + 1.0, 自分の処理 0.5, max(a 1.0, ほか47経路)、待機込み（試行の入れ子12層） 待機 残り3層 nginxの既定値"
        );
    }

    #[test]
    fn a_private_use_character_that_opens_no_slot_is_kept_as_written() {
        for text in [
            "a\u{E000}b -> c 3.0",
            "\u{E000}",
            "\u{E001}\u{E000}",
            "\u{E000}z1\u{E001}",
            "\u{E000}wU\u{E001}",
            "\u{E000}kno such kind\u{E001}",
            "\u{E000}\u{E000}s1.0\u{E001}",
        ] {
            let shown = formula(Lang::En, text);
            assert_eq!(
                shown.replace("1.0 s", "\u{E000}s1.0\u{E001}"),
                text,
                "{text:?}"
            );
        }
    }
}
