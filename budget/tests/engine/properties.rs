//! Property tests of the engine: TSV round trips, and the budget's monotonicity.

use budget::{check, tsv, Lang, Report, Row, Verdict};
use proptest::prelude::*;

use crate::design::{design, ms};

/// Any cell: printable text with the characters that make TSV hard (tabs, newlines, quotes,
/// formula starters, apostrophes), Japanese and full-width text.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~]{0,12}",
        "[=+\\-@'\"\t\n\r a-z0-9]{0,8}",
        "[あ-ん０-９→（）、。]{0,6}",
        Just(String::new()),
        Just("-".to_string()),
        Just("—".to_string()),
        hidden_formula(),
    ]
}

/// What a spreadsheet skips before a formula's first character: spaces, tab, line feed, NBSP,
/// ideographic space, zero-width characters, byte-order mark; and `'`, which a cell may hold.
const SKIPPED: [char; 12] = [
    ' ', '\t', '\n', '\u{a0}', '\u{3000}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}',
    '\u{feff}', '\'', '\r',
];

/// A formula behind invisible characters: some of [`SKIPPED`], a formula starter, then text
/// (numbers too, so `-1` behind a space is among them).
fn hidden_formula() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(proptest::sample::select(SKIPPED.to_vec()), 0..4),
        proptest::sample::select(vec!["=", "+", "-", "@", "＝", "＋", "－", "＠"]),
        "[0-9a-z()+.e \u{a0}]{0,6}",
    )
        .prop_map(|(skipped, starter, rest)| {
            skipped.into_iter().collect::<String>() + starter + &rest
        })
}

fn row() -> impl Strategy<Value = Row> {
    proptest::array::uniform8(cell()).prop_map(Row::from_cells)
}

fn lang() -> impl Strategy<Value = Lang> {
    prop_oneof![Just(Lang::Ja), Just(Lang::En)]
}

/// The inversions of a report, as (code, node or hop).
fn inversions(report: &Report) -> Vec<(String, String)> {
    report
        .findings
        .iter()
        .filter(|f| f.code.is_inversion())
        .map(|f| {
            (
                f.code.to_string(),
                f.node.clone().or(f.hop.clone()).unwrap_or_default(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Export then import of any sheet gives the same rows and language back.
    #[test]
    fn export_then_import_is_the_identity(rows in proptest::collection::vec(row(), 0..8), lang in lang()) {
        let text = tsv::export(&rows, lang);
        let imported = tsv::import(&text).unwrap();
        prop_assert_eq!(imported.lang, Some(lang));
        prop_assert_eq!(imported.rows, rows);
    }

    /// The export's length counted without writing it is the written export's length, for
    /// any cells: quotes, tabs, line breaks and formula guards included.
    #[test]
    fn the_counted_export_length_is_the_written_one(rows in proptest::collection::vec(row(), 0..8), lang in lang()) {
        prop_assert_eq!(tsv::exported_len(&rows, lang), tsv::export(&rows, lang).len());
    }

    /// Copy then paste of any block gives the same cells back: paste removes exactly the
    /// formula guards copy added, formulas behind invisible characters included. Lines have
    /// at least two cells, as a copied range does when it is not a single cell (which the
    /// browser copies as it is).
    #[test]
    fn copy_then_clipboard_is_the_identity(
        block in proptest::collection::vec(proptest::collection::vec(cell(), 2..5), 1..6),
    ) {
        let text = tsv::copy(&block);
        prop_assert_eq!(tsv::clipboard(&text).cells, block);
    }

    /// A cell whose first visible character is `=` or `@`, whatever spaces, zero-width
    /// characters or byte-order marks come before it, is written with a `'` before it all.
    #[test]
    fn a_formula_behind_invisible_characters_is_written_guarded(
        skipped in proptest::collection::vec(proptest::sample::select(SKIPPED[..10].to_vec()), 1..4),
        starter in proptest::sample::select(vec!["=", "@", "＝", "＠"]),
        rest in "[0-9A-Z(),]{0,6}",
    ) {
        let cell: String = skipped.into_iter().collect::<String>() + starter + &rest;
        let text = tsv::copy(&[vec![cell.clone(), "x".to_string()]]);
        let unquoted = text.strip_prefix('"').unwrap_or(&text);
        prop_assert!(unquoted.starts_with(&format!("'{cell}")), "{:?} as {:?}", cell, text);
    }

    /// Raising an outer bound never creates an inversion. The outer bound is the outermost
    /// layer's: the outermost node's deadline, or, where that node declares none, the deadline
    /// it puts on its call (nothing covers either). A bound further in is also a need of the
    /// layer around it, so raising it can rightly invert that layer.
    #[test]
    fn raising_an_outer_bound_never_creates_an_inversion(d in design(), raise in ms(1..300)) {
        let before = inversions(&check(&d.sheet(Lang::En)));
        let mut raised = d.clone();
        match d.client_deadline {
            Some(deadline) => raised.client_deadline = Some(deadline + raise),
            None => raised.edge_deadline += raise,
        }
        let after = inversions(&check(&raised.sheet(Lang::En)));
        for inversion in &after {
            prop_assert!(before.contains(inversion), "{:?} appeared", inversion);
        }
    }

    /// Raising a tries count never lowers any hop's worst case or any node's need.
    #[test]
    fn raising_a_tries_count_never_lowers_any_need(d in design(), more in 1u32..4, which in 0..2usize) {
        let before = check(&d.sheet(Lang::En));
        let mut raised = d.clone();
        match which {
            0 => raised.gw.tries += more,
            _ => raised.db.tries += more,
        }
        let after = check(&raised.sheet(Lang::En));
        for (b, a) in before.nodes.iter().zip(&after.nodes) {
            prop_assert_eq!(&b.name, &a.name);
            prop_assert!(a.need_ms >= b.need_ms, "{}: {:?} -> {:?}", b.name, b.need_ms, a.need_ms);
        }
        for (b, a) in before.hops.iter().zip(&after.hops) {
            prop_assert!(a.worst_ms >= b.worst_ms, "{}: {:?} -> {:?}", b.segment, b.worst_ms, a.worst_ms);
        }
    }

    /// A design where every outer bound covers its inner need plus the margin reports no
    /// inversion, and its total is at least every layer's.
    #[test]
    fn a_monotonic_design_reports_no_inversion(mut d in design(), slack in (ms(0..50), ms(0..50), ms(0..50))) {
        // Build it bottom-up from the engine's own needs.
        d.app_deadline = None;
        d.client_deadline = None;
        let report = check(&d.sheet(Lang::En));
        let app_need = report.nodes.iter().find(|n| n.name == "app").unwrap().need_ms.unwrap();
        d.app_deadline = Some(app_need + slack.0);
        d.gw.bound = d.app_deadline.unwrap() + 1_000 + slack.1;
        let gw_need = check(&d.sheet(Lang::En)).nodes.iter().find(|n| n.name == "gw").unwrap().need_ms.unwrap();
        d.edge_deadline = gw_need + 1_000 + slack.2;
        let report = check(&d.sheet(Lang::En));
        prop_assert_eq!(inversions(&report), vec![]);
        for node in &report.nodes {
            prop_assert!(node.verdict != Verdict::Inverted);
        }
        let client = report.nodes.iter().find(|n| n.name == "client").unwrap();
        for node in &report.nodes {
            prop_assert!(client.need_ms >= node.need_ms, "{} above the client", node.name);
        }
    }
}
