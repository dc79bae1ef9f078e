//! The review's diff (`budget::diff`): G1 → G2 of `golden.md` in both languages, exactly, and
//! the properties of the rows diff (applying it gives the second sheet; a sheet against
//! itself is empty).

use budget::diff::{self, apply, CellEdit, Match, Presence, SheetDiff};
use budget::{Column, Lang, Row, Sheet, Verdict};
use proptest::prelude::*;

use crate::shapes::reservation as g1;

/// G2: G1 with the external API's read timeout 3 s and 3 tries, waits 0.5 s and 1.0 s, typed
/// in the sheet's language.
fn g2(lang: Lang) -> Sheet {
    let mut sheet = g1(lang);
    let (read, tries) = match lang {
        Lang::En => ("3s", "3 tries, waits 0.5s, 1.0s"),
        Lang::Ja => ("3秒", "3回、待機0.5秒、1.0秒"),
    };
    sheet.rows[6].value = read.into();
    sheet.rows[7].value = tries.into();
    sheet
}

fn g1_to_g2(lang: Lang) -> SheetDiff {
    diff::diff(&g1(lang), &g2(lang), Match::Content)
}

#[test]
fn g1_to_g2_traces_the_tries_up_to_the_browser() {
    let d = g1_to_g2(Lang::En);
    assert_eq!(d.trace.len(), 1);
    let line = &d.trace[0];
    assert_eq!(
        line.text,
        "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); \
         worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now \
         inverted, short by 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they \
         wait on app's 8.0 s deadline, not on its need)"
    );
    assert_eq!(line.origin, "app -> external API");
    assert_eq!(line.rows, vec![7, 8]);
    assert_eq!(line.unchanged, vec!["LB -> app", "browser -> LB"]);
    assert_eq!(line.steps.len(), 2);
    assert_eq!(line.steps[1].place, "app");
    // 2 → 3 tries reach the external API.
    assert_eq!(line.attempts.len(), 1);
    assert_eq!(line.attempts[0].node, "external API");
    assert_eq!(
        (
            line.attempts[0].attempts.before,
            line.attempts[0].attempts.after
        ),
        (2, 3)
    );
}

#[test]
fn g1_to_g2_in_japanese() {
    let d = g1_to_g2(Lang::Ja);
    assert_eq!(
        d.trace[0].text,
        "アプリ → 外部API：読み取り 1.5秒 → 3秒、試行 2回 → 3回（待機 0.3秒 → 0.5秒、1.0秒）；\
         最悪 4.3秒 → 12.0秒；アプリの必要時間 7.8秒 → 15.5秒（期限 8.0秒）：逆転に変わりました、\
         7.5秒不足、収まる試行 1回；LB → アプリ、ブラウザ → LB は変わりません（アプリの期限8.0秒を待ち、\
         必要時間は待ちません）"
    );
    assert_eq!(d.flips[0].text, "アプリ：合格 → 逆転、7.5秒不足");
    assert_eq!(
        d.headline,
        "エラー 0 → 1件、警告 0 → 0件。アプリ：合格 → 逆転、7.5秒不足（変更したセル 2個）"
    );
}

#[test]
fn g1_to_g2_cells_budgets_flips_and_findings() {
    let d = g1_to_g2(Lang::En);
    assert_eq!(
        d.headline,
        "errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)"
    );
    // Cells: two values, nothing added, removed or moved.
    assert!(d.rows.added.is_empty() && d.rows.removed.is_empty() && d.rows.moved.is_empty());
    let cells: Vec<(usize, &CellEdit)> = d
        .rows
        .changed
        .iter()
        .flat_map(|r| r.cells.iter().map(move |c| (r.after_line, c)))
        .collect();
    assert_eq!(cells.len(), 2);
    assert_eq!(
        (
            cells[0].0,
            cells[0].1.column,
            cells[0].1.before.as_str(),
            cells[0].1.after.as_str()
        ),
        (7, Column::Value, "1.5s", "3s")
    );
    assert_eq!(
        (
            cells[1].0,
            cells[1].1.before.as_str(),
            cells[1].1.after.as_str()
        ),
        (8, "2 tries, waits 0.3s", "3 tries, waits 0.5s, 1.0s")
    );

    // Budgets: the app's need and slack and the hop's worst case, tries and attempts.
    let names: Vec<&str> = d.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, vec!["app", "external API"]);
    let app = &d.nodes[0];
    assert_eq!(app.present, Presence::Both);
    let need = app.need_ms.unwrap();
    assert_eq!((need.before, need.after), (Some(7_800), Some(15_500)));
    let slack = app.slack_ms.unwrap();
    assert_eq!((slack.before, slack.after), (Some(200), Some(-7_500)));
    // slack = deadline − need on both sides.
    assert_eq!(slack.after, Some(8_000 - 15_500));
    let v = app.verdict.unwrap();
    assert_eq!((v.before, v.after), (Verdict::Ok, Verdict::Inverted));
    assert!(app.deadline_ms.is_none(), "the deadline did not change");
    let api = &d.nodes[1];
    assert_eq!(api.attempts.map(|a| (a.before, a.after)), Some((2, 3)));

    assert_eq!(d.hops.len(), 1);
    let hop = &d.hops[0];
    assert_eq!(
        (hop.caller.as_str(), hop.callee.as_str()),
        ("app", "external API")
    );
    let worst = hop.worst_ms.unwrap();
    assert_eq!((worst.before, worst.after), (Some(4_300), Some(12_000)));
    assert_eq!(hop.tries.map(|t| (t.before, t.after)), Some((2, 3)));
    assert_eq!(hop.attempts.map(|t| (t.before, t.after)), Some((2, 3)));
    // The caller waits one read timeout for a response.
    assert_eq!(
        hop.wait_ms.map(|w| (w.before, w.after)),
        Some((Some(1_500), Some(3_000)))
    );
    assert!(hop.need_ms.is_none() && hop.verdict.is_none());

    // One flip, one new finding; slack.none on browser -> LB is unchanged, so not listed.
    assert_eq!(d.flips.len(), 1);
    assert_eq!(d.flips[0].text, "app: ok → inverted, short by 7.5 s");
    assert_eq!(d.flips[0].slack_ms, Some(-7_500));
    let appeared: Vec<&str> = d.appeared.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(appeared, vec!["inversion.node"]);
    assert_eq!(d.appeared[0].short_by_ms, Some(7_500));
    assert!(d.disappeared.is_empty(), "{:?}", d.disappeared);
    assert!(d.introduces(budget::Severity::Error));
    assert!(d.settings.is_empty());
}

#[test]
fn g2_to_g1_reverts_and_the_inversion_disappears() {
    let d = diff::diff(&g2(Lang::En), &g1(Lang::En), Match::Content);
    assert_eq!(d.flips[0].text, "app: inverted → ok, slack 0.2 s");
    assert_eq!(d.disappeared.len(), 1);
    assert_eq!(d.disappeared[0].code.as_str(), "inversion.node");
    assert!(d.appeared.is_empty());
    assert!(!d.introduces(budget::Severity::Warning));
    assert_eq!(
        d.trace[0].text,
        "app -> external API: read 3 s → 1.5 s, tries 3 → 2 (waits 0.5 s, 1.0 s → 0.3 s); \
         worst 12.0 s → 4.3 s; app need 15.5 s → 7.8 s against its 8.0 s deadline: now ok, \
         slack 0.2 s; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s \
         deadline, not on its need)"
    );
}

#[test]
fn a_deadline_raised_past_the_lb_turns_the_lb_hop_inverted() {
    let before = g1(Lang::En);
    let mut after = before.clone();
    after.rows[3].value = "20s".into();
    let d = diff::diff(&before, &after, Match::Content);
    assert_eq!(
        d.trace[0].text,
        "app: deadline 8 s → 20 s; need 7.8 s against its deadline 8.0 s → 20.0 s: still ok, \
         slack 0.2 s → 12.2 s; LB -> app: need 9.0 s → 21.0 s against its 10.0 s wait: now inverted, \
         short by 11.0 s; browser -> LB unchanged"
    );
    assert_eq!(d.flips[0].text, "LB -> app: ok → inverted, short by 11.0 s");
}

#[test]
fn a_row_inserted_at_the_top_is_one_added_row_and_a_rationale_moves_no_number() {
    let before = g1(Lang::En);
    let mut after = before.clone();
    after.rows.insert(
        0,
        Row {
            layer: "1".into(),
            segment: "browser".into(),
            item: "note".into(),
            rationale: "a note".into(),
            ..Row::default()
        },
    );
    after.rows[5].rationale = "measured again".into();
    let d = diff::diff(&before, &after, Match::Content);
    assert_eq!(d.rows.added.len(), 1);
    assert_eq!(d.rows.added[0].line, 1);
    assert!(d.rows.moved.is_empty() && d.rows.removed.is_empty());
    assert_eq!(d.rows.changed.len(), 1);
    assert_eq!(
        (d.rows.changed[0].before_line, d.rows.changed[0].after_line),
        (5, 6)
    );
    // The appeared/disappeared lists ignore the shifted lines of unchanged findings.
    assert!(
        d.appeared.is_empty() && d.disappeared.is_empty(),
        "{:?} {:?}",
        d.appeared,
        d.disappeared
    );
    assert!(d.trace.is_empty(), "{:?}", d.trace);
    assert_eq!(
        d.headline,
        "errors 0 → 0, warnings 0 → 0; no verdict changed (1 cell changed, 1 row added)"
    );
}

#[test]
fn a_sheet_against_itself_is_empty() {
    for lang in [Lang::En, Lang::Ja] {
        let d = diff::diff(&g2(lang), &g2(lang), Match::Content);
        assert!(d.is_empty(), "{d:?}");
        assert!(d.trace.is_empty() && d.flips.is_empty());
    }
}

#[test]
fn rows_matched_by_id_survive_a_changed_segment() {
    let before = g1(Lang::En);
    let mut after = before.clone();
    after.rows[9].segment = "app -> database".into();
    after.rows.swap(0, 1);
    let ids_before: Vec<i64> = (1..=12).collect();
    let mut ids_after = ids_before.clone();
    ids_after.swap(0, 1);
    let d = diff::diff(
        &before,
        &after,
        Match::Ids {
            before: &ids_before,
            after: &ids_after,
        },
    );
    assert_eq!(d.rows.changed.len(), 1);
    assert_eq!(d.rows.changed[0].id, Some(10));
    assert_eq!(d.rows.moved.len(), 1);
    assert_eq!(apply(&before.rows, &d.rows).unwrap(), after.rows);
}

/// A row of small random cells, so that rows often repeat or share segments and items.
fn row() -> impl Strategy<Value = Row> {
    let cell = prop::sample::select(vec![
        "",
        "a -> b",
        "b -> c",
        "a",
        "read timeout",
        "tries",
        "1s",
        "2s",
        "3 tries",
        "x\ny",
    ]);
    prop::collection::vec(cell, 8)
        .prop_map(|cells| Row::from_cells(std::array::from_fn(|i| cells[i].to_string())))
}

#[derive(Clone, Debug)]
enum Edit {
    Set(usize, usize, String),
    Insert(usize, Row),
    Delete(usize),
    Move(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0..8usize, "[a-c1-3 s]{0,4}").prop_map(|(r, c, t)| Edit::Set(r, c, t)),
        (any::<usize>(), row()).prop_map(|(r, row)| Edit::Insert(r, row)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Move(a, b)),
    ]
}

/// Applies `edits` to `items`, each of which holds a row (`row_of`); an inserted row becomes
/// the item `insert` makes of it. Positions wrap around the rows there are.
fn apply_edits<T>(
    items: &mut Vec<T>,
    edits: &[Edit],
    row_of: fn(&mut T) -> &mut Row,
    mut insert: impl FnMut(Row) -> T,
) {
    let rows = items;
    for e in edits {
        match e.clone() {
            Edit::Set(r, c, t) if !rows.is_empty() => {
                let r = r % rows.len();
                *row_of(&mut rows[r]).cell_mut(Column::ALL[c]) = t;
            }
            Edit::Insert(r, row) => {
                let r = r % (rows.len() + 1);
                rows.insert(r, insert(row));
            }
            Edit::Delete(r) if !rows.is_empty() => {
                let r = r % rows.len();
                rows.remove(r);
            }
            Edit::Move(a, b) if !rows.is_empty() => {
                let row = rows.remove(a % rows.len());
                let b = b % (rows.len() + 1);
                rows.insert(b, row);
            }
            _ => {}
        }
    }
}

/// The diff by content of two English sheets of these rows.
fn by_content(before: &[Row], after: &[Row]) -> SheetDiff {
    let sheet = |rows: &[Row]| Sheet::new(Lang::En, rows.to_vec());
    diff::diff(&sheet(before), &sheet(after), Match::Content)
}

fn edited(rows: &[Row], edits: &[Edit]) -> Vec<Row> {
    let mut rows = rows.to_vec();
    apply_edits(&mut rows, edits, |row| row, |row| row);
    rows
}

/// Up to 11 rows, and the same rows after up to 11 random edits.
fn before_and_edited() -> impl Strategy<Value = (Vec<Row>, Vec<Row>)> {
    let rows = prop::collection::vec(row(), 0..12);
    let edits = prop::collection::vec(edit(), 0..12);
    (rows, edits).prop_map(|(before, edits)| {
        let after = edited(&before, &edits);
        (before, after)
    })
}

proptest! {
    /// The rows diff of any two sheets, applied to the first, gives the second.
    #[test]
    fn applying_the_diff_gives_the_second_sheet(
        (before, after) in before_and_edited(),
    ) {
        let d = by_content(&before, &after);
        prop_assert_eq!(&apply(&before, &d.rows).unwrap(), &after);
        // The sheet page's diff of rows alone (no check) is the same.
        prop_assert_eq!(diff::rows_by_content(&before, &after), d.rows);
    }

    /// Any two unrelated sheets too, and a sheet against itself is empty.
    #[test]
    fn any_two_sheets_and_the_same_sheet(
        before in prop::collection::vec(row(), 0..10),
        after in prop::collection::vec(row(), 0..10),
    ) {
        let d = by_content(&before, &after);
        prop_assert_eq!(apply(&before, &d.rows).unwrap(), after.clone());
        let same = by_content(&after, &after);
        prop_assert!(same.is_empty());
    }

    /// Rows carried by id through random edits: the diff by id applies back, and every row
    /// the edits never touched is neither added, removed nor changed.
    #[test]
    fn ids_follow_rows_through_edits(
        before in prop::collection::vec(row(), 1..12),
        edits in prop::collection::vec(edit(), 0..12),
    ) {
        let mut rows: Vec<(i64, Row)> = before.iter().cloned().enumerate().map(|(i, r)| (i as i64, r)).collect();
        let mut next = rows.len() as i64;
        apply_edits(&mut rows, &edits, |(_, row)| row, |row| {
            next += 1;
            (next - 1, row)
        });
        let ids_before: Vec<i64> = (0..before.len() as i64).collect();
        let ids_after: Vec<i64> = rows.iter().map(|(id, _)| *id).collect();
        let after: Vec<Row> = rows.into_iter().map(|(_, r)| r).collect();
        let d = diff::diff(
            &Sheet::new(Lang::En, before.clone()),
            &Sheet::new(Lang::En, after.clone()),
            Match::Ids { before: &ids_before, after: &ids_after },
        );
        prop_assert_eq!(apply(&before, &d.rows).unwrap(), after);
        let kept = ids_after.iter().filter(|id| **id < before.len() as i64).count();
        prop_assert_eq!(d.rows.removed.len(), before.len() - kept);
    }
}

proptest! {
    /// The reverse of a diff undoes it, by content and by id.
    #[test]
    fn the_reverse_undoes_the_diff(
        (before, after) in before_and_edited(),
    ) {
        let d = by_content(&before, &after);
        prop_assert_eq!(apply(&after, &diff::reverse(&d.rows)).unwrap(), before.clone());
        let keyed_before: Vec<(i64, Row)> = before.iter().cloned().enumerate().map(|(i, r)| (i as i64, r)).collect();
        let keyed_after: Vec<(i64, Row)> = after.iter().cloned().enumerate().map(|(i, r)| (i as i64 * 7 % 5 + 100 * (i as i64 % 2), r)).collect();
        let mut seen = std::collections::HashSet::new();
        prop_assume!(keyed_after.iter().all(|(id, _)| seen.insert(*id)));
        let by_id = diff::rows_by_id(&keyed_before, &keyed_after);
        prop_assert_eq!(diff::apply_keyed(&keyed_before, &by_id).unwrap(), keyed_after.clone());
        prop_assert_eq!(diff::apply_keyed(&keyed_after, &diff::reverse(&by_id)).unwrap(), keyed_before);
    }
}

#[test]
fn the_grid_draws_changed_cells_with_their_old_text_and_removed_rows_in_place() {
    let before = g1(Lang::En);
    let mut after = g2(Lang::En);
    after.rows.remove(2); // the LB's read timeout
    after.rows.insert(
        0,
        Row {
            segment: "CDN -> LB".into(),
            value: "30s".into(),
            ..Row::default()
        },
    );
    let d = diff::diff(&before, &after, Match::Content);
    let lines = diff::grid(&before.rows, &after.rows, &d.rows);
    assert_eq!(diff::rows_by_content(&before.rows, &after.rows), d.rows);
    use diff::LineChange::*;
    let kinds: Vec<(diff::LineChange, Option<usize>, Option<usize>)> = lines
        .iter()
        .map(|l| (l.change, l.before_line, l.after_line))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (Added, None, Some(1)),
            (Same, Some(1), Some(2)),
            (Same, Some(2), Some(3)),
            (Removed, Some(3), None),
            (Same, Some(4), Some(4)),
            (Same, Some(5), Some(5)),
            (Same, Some(6), Some(6)),
            (Changed, Some(7), Some(7)),
            (Changed, Some(8), Some(8)),
            (Same, Some(9), Some(9)),
            (Same, Some(10), Some(10)),
            (Same, Some(11), Some(11)),
            (Same, Some(12), Some(12)),
        ]
    );
    let read = &lines[7].cells[5];
    assert_eq!(
        (read.text.as_str(), read.old.as_deref()),
        ("3s", Some("1.5s"))
    );
    assert_eq!(lines[3].cells[5].text, "10s");
    assert!(lines[7].cells[0].old.is_none());
}

#[test]
fn an_inversion_only_two_changes_together_cause_is_only_together() {
    // G1's app needs 7.8 s against its 8.0 s deadline. One person raises its own processing
    // time to 0.65 s (7.95 s), another the external API's read timeout to 1.55 s (7.9 s):
    // each is fine alone, together they need 8.05 s.
    let g1 = g1(Lang::En);
    let edit = |line: usize, value: &str| {
        let mut s = g1.clone();
        s.rows[line - 1].value = value.into();
        s
    };
    let mine = edit(5, "0.65s");
    let theirs = edit(7, "1.55s");
    let mut merged = mine.clone();
    merged.rows[6].value = "1.55s".into();
    let (mine, theirs, merged) = (
        budget::check(&mine),
        budget::check(&theirs),
        budget::check(&merged),
    );
    assert_eq!(
        (
            mine.summary.inversions,
            theirs.summary.inversions,
            merged.summary.inversions
        ),
        (0, 0, 1)
    );
    let together = diff::only_together(&merged, &[&mine, &theirs]);
    assert_eq!(together.len(), 1);
    let f = &together[0];
    assert_eq!(
        (f.code.as_str(), f.node.as_deref(), f.need_ms, f.short_by_ms),
        ("inversion.node", Some("app"), Some(8_050), Some(50))
    );
    // Against itself nothing is new.
    assert_eq!(diff::only_together(&merged, &[&merged]), vec![]);
}

/// The diff by content from `before` to `after` under a margin of 1.5 s instead of the
/// default 1.0 s.
fn margin_raised(before: &Sheet, after: &Sheet) -> SheetDiff {
    diff::diff(before, &with_margin_1_5(after), Match::Content)
}

/// `sheet` under a margin of 1.5 s instead of the default 1.0 s.
fn with_margin_1_5(sheet: &Sheet) -> Sheet {
    Sheet {
        margin_ms: 1_500,
        ..sheet.clone()
    }
}

#[test]
fn a_changed_margin_is_named_and_traced_to_every_hop_it_moves() {
    let d = margin_raised(&g2(Lang::En), &g2(Lang::En));
    assert_eq!(d.settings.len(), 1);
    let margin = &d.settings[0];
    assert_eq!(
        (
            margin.setting.as_str(),
            margin.before.as_str(),
            margin.after.as_str(),
            margin.text.as_str()
        ),
        ("margin", "1000", "1500", "margin 1.0 s → 1.5 s")
    );
    assert_eq!(
        d.headline,
        "errors 1 → 2, warnings 0 → 0; browser -> LB: ok → inverted, short by 0.5 s \
         (margin 1.0 s → 1.5 s, no cell changed)"
    );
    assert_eq!(d.trace.len(), 1);
    let line = &d.trace[0];
    assert_eq!(line.origin, "margin");
    assert!(line.rows.is_empty() && line.removed_rows.is_empty());
    let places: Vec<&str> = line.steps.iter().map(|s| s.place.as_str()).collect();
    assert_eq!(places, ["margin", "browser -> LB", "LB -> app"]);
    // browser -> LB: need = LB's worst 11.0 s + margin; its wait is the browser's 12.0 s.
    assert_eq!(
        line.text,
        "margin 1.0 s → 1.5 s; browser -> LB: need 12.0 s → 12.5 s against its 12.0 s wait: \
         now inverted, short by 0.5 s; LB -> app: need 9.0 s → 9.5 s against its 10.0 s wait: \
         still ok, slack 1.0 s → 0.5 s"
    );
}

#[test]
fn a_changed_margin_in_japanese() {
    let d = margin_raised(&g2(Lang::Ja), &g2(Lang::Ja));
    assert_eq!(d.settings[0].text, "マージン 1.0秒 → 1.5秒");
    assert_eq!(
        d.headline,
        "エラー 1 → 2件、警告 0 → 0件。ブラウザ → LB：合格 → 逆転、0.5秒不足\
         （マージン 1.0秒 → 1.5秒、セルの変更なし）"
    );
    assert_eq!(
        d.trace[0].text,
        "マージン 1.0秒 → 1.5秒；ブラウザ → LB：必要時間 12.0秒 → 12.5秒（待ち時間 12.0秒）：\
         逆転に変わりました、0.5秒不足；LB → アプリ：必要時間 9.0秒 → 9.5秒（待ち時間 10.0秒）：\
         引き続き合格、余裕 1.0秒 → 0.5秒"
    );
}

#[test]
fn a_margin_and_rows_changed_together_each_line_carries_only_its_own_cause() {
    let d = margin_raised(&g1(Lang::En), &g2(Lang::En));
    assert_eq!(
        d.headline,
        "errors 0 → 2, warnings 0 → 0; app: ok → inverted, short by 7.5 s (and 1 more) \
         (margin 1.0 s → 1.5 s, 2 cells changed)"
    );
    let origins: Vec<&str> = d.trace.iter().map(|l| l.origin.as_str()).collect();
    assert_eq!(origins, ["margin", "app -> external API"]);
    // The margin's line is the same as on G2 alone: the tries do not reach the hops it moves.
    assert!(d.trace[0]
        .text
        .starts_with("margin 1.0 s → 1.5 s; browser -> LB: need 12.0 s → 12.5 s"));
    // The rows' line is G1 → G2's exactly: the margin's moves are not put on the cells.
    assert_eq!(d.trace[1].text, g1_to_g2(Lang::En).trace[0].text);
    // The budgets stay the whole change: browser -> LB's need 12.0 s → 12.5 s is listed.
    let browser = d.hops.iter().find(|h| h.callee == "LB").unwrap();
    let need = browser.need_ms.unwrap();
    assert_eq!((need.before, need.after), (Some(12_000), Some(12_500)));
}

#[test]
fn a_node_whose_rows_are_all_removed_is_named_in_its_line() {
    // A worker with a deadline and its own time, both rows removed: the node is gone.
    let worker = |item: &str, value: &str| Row {
        segment: "worker".into(),
        item: item.into(),
        value: value.into(),
        ..Row::default()
    };
    for (lang, expected) in [
        (
            Lang::En,
            "worker: removed deadline 8 s, removed own 0.5 s; worker removed",
        ),
        (
            Lang::Ja,
            "worker：期限 8秒 を削除、自分の処理 0.5秒 を削除；workerは削除されました",
        ),
    ] {
        let before = Sheet::new(
            lang,
            vec![
                worker("request deadline", "8s"),
                worker("own processing time", "0.5s"),
            ],
        );
        let d = diff::diff(&before, &Sheet::new(lang, Vec::new()), Match::Content);
        assert_eq!(d.trace.len(), 1);
        assert_eq!(d.trace[0].text, expected);
    }
}

#[test]
fn a_hop_whose_need_and_wait_both_moved_lists_them_parted_with_its_verdict_now() {
    // G1 with the browser's deadline 12 s → 20 s and LB -> app's read 10 s → 15 s.
    let before = g1(Lang::En);
    let mut after = before.clone();
    after.rows[0].value = "20s".into();
    after.rows[2].value = "15s".into();
    let d = diff::diff(&before, &after, Match::Content);
    let texts: Vec<&str> = d.trace.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "browser -> LB: deadline 12 s → 20 s; worst 12.0 s → 20.0 s; its check still ok, \
             slack 0.0 s → 3.0 s; browser need 12.0 s → 20.0 s (no deadline of its own)",
            "LB -> app: read 10 s → 15 s; worst 11.0 s → 16.0 s; its check still ok, slack 1.0 s \
             → 6.0 s; LB need 11.0 s → 16.0 s (no deadline of its own); browser -> LB: need \
             12.0 s → 17.0 s, wait 12.0 s → 20.0 s, worst 12.0 s → 20.0 s: still ok, slack 0.0 s \
             → 3.0 s; browser need 12.0 s → 20.0 s (no deadline of its own)"
        ]
    );
}
