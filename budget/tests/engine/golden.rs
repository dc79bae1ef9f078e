//! Every line of `spec/golden.md` G1–G5 and G8 as an exact assertion on the engine (G6 and G7
//! are in `conditions.rs`).

use budget::{
    check, tsv, HopReport, Kind, Lang, NodeReport, Report, Row, RowsBehind, Sheet, TraceNumber,
    TraceRef, TraceTerm, Verdict,
};

use crate::shapes::{codes, found, tries_and_worst, worst_terms};

fn sheet(text: &str) -> Sheet {
    let imported = tsv::import(text).expect("fixture reads");
    Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows)
}

fn node<'a>(report: &'a Report, name: &str) -> &'a NodeReport {
    found(&report.nodes, &format!("node {name}"), |n| n.name == name)
}

fn hop<'a>(report: &'a Report, caller: &str, callee: &str) -> &'a HopReport {
    let what = format!("hop {caller} -> {callee}");
    found(&report.hops, &what, |h| {
        h.caller == caller && h.callee == callee
    })
}

/// How a formula writes seconds on `sheet`: `7.8 s` / `7.8秒`.
fn unit(sheet: &Sheet) -> &'static str {
    match sheet.lang {
        budget::Lang::En => " s",
        budget::Lang::Ja => "秒",
    }
}

/// A node's own processing time in a formula on `sheet`.
fn own(sheet: &Sheet) -> &'static str {
    match sheet.lang {
        budget::Lang::En => "own",
        budget::Lang::Ja => "自分の処理",
    }
}

/// The reservation sheet in both languages, with names per language.
fn reservation() -> [(Sheet, [&'static str; 5]); 2] {
    [
        (
            sheet(budget::example::RESERVATION_EN),
            ["browser", "LB", "app", "external API", "DB"],
        ),
        (
            sheet(budget::example::RESERVATION_JA),
            ["ブラウザ", "LB", "アプリ", "外部API", "DB"],
        ),
    ]
}

#[test]
fn g1_every_budget_of_the_reservation_sheet() {
    for (sheet, [browser, lb, app, api, db]) in reservation() {
        let report = check(&sheet);
        let s = unit(&sheet);

        let to_db = hop(&report, app, db);
        assert_eq!(tries_and_worst(to_db), (Some(3_000), 1, Some(3_000)));
        assert_eq!(to_db.formula, format!("1 + 2 = 3.0{s}"));

        let to_api = hop(&report, app, api);
        assert_eq!(tries_and_worst(to_api), (Some(2_000), 2, Some(4_300)));
        assert_eq!(to_api.waits_ms, vec![300]);
        assert_eq!(to_api.formula, format!("(0.5 + 1.5) × 2 + 0.3 = 4.3{s}"));

        let app_node = node(&report, app);
        assert_eq!(app_node.inner_ms, Some(7_300));
        assert_eq!(app_node.own_ms, Some(500));
        assert_eq!(app_node.need_ms, Some(7_800));
        assert_eq!(app_node.deadline_ms, Some(8_000));
        assert_eq!(app_node.slack_ms, Some(200));
        assert_eq!(app_node.verdict, Verdict::Ok);
        assert_eq!(app_node.rows, vec![4, 5]);
        assert_eq!(
            app_node.formula,
            format!(
                "{db} 3.0 + {api} 4.3 + {own} 0.5 = 7.8{s} ≤ 8.0{s}",
                own = own(&sheet)
            )
        );

        let lb_app = hop(&report, lb, app);
        assert_eq!(
            (lb_app.wait_ms, lb_app.callee_worst_ms, lb_app.margin_ms),
            (Some(10_000), Some(8_000), 1_000)
        );
        assert_eq!(
            (lb_app.slack_ms, lb_app.verdict),
            (Some(1_000), Verdict::Ok)
        );
        assert_eq!(lb_app.worst_ms, Some(11_000));

        let lb_node = node(&report, lb);
        assert_eq!(
            (lb_node.need_ms, lb_node.deadline_ms, lb_node.verdict),
            (Some(11_000), None, Verdict::Unchecked)
        );

        let browser_lb = hop(&report, browser, lb);
        assert_eq!(
            (browser_lb.wait_ms, browser_lb.callee_worst_ms),
            (Some(12_000), Some(11_000))
        );
        assert_eq!(
            (browser_lb.slack_ms, browser_lb.verdict),
            (Some(0), Verdict::Ok)
        );

        // The callees with no rows of their own are not checked.
        assert_eq!(to_db.verdict, Verdict::Unchecked);
        assert_eq!(to_api.verdict, Verdict::Unchecked);

        // One info finding, slack.none on browser -> LB; no error or warning.
        assert_eq!(
            codes(&report),
            vec![("slack.none", Some(sheet.rows[0].segment.as_str()))]
        );
        assert_eq!(
            (
                report.summary.errors,
                report.summary.warnings,
                report.summary.infos
            ),
            (0, 0, 1)
        );

        // The DB's idle-in-transaction and lock bounds are shown and not summed.
        assert_eq!(report.rows[10].value_ms, Some(1_000));
        assert_eq!(report.rows[11].value_ms, Some(30_000));
        assert_eq!(report.rows[10].kind, budget::Kind::Lock);
        assert_eq!(report.rows[11].kind, budget::Kind::IdleInTx);
    }
}

/// G1 with the external API's read timeout 3 s and 3 tries, waits 0.5 s and 1.0 s.
fn g2(sheet: &mut Sheet) {
    sheet.rows[6].value = "3s".into();
    sheet.rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
}

#[test]
fn g2_three_tries_invert_the_app_node() {
    for (mut sheet, [browser, lb, app, api, db]) in reservation() {
        g2(&mut sheet);
        let report = check(&sheet);
        let s = unit(&sheet);

        let to_api = hop(&report, app, api);
        assert_eq!(tries_and_worst(to_api), (Some(3_500), 3, Some(12_000)));
        assert_eq!(
            to_api.formula,
            format!("(0.5 + 3) × 3 + 0.5 + 1.0 = 12.0{s}")
        );

        let app_node = node(&report, app);
        assert_eq!(app_node.need_ms, Some(15_500));
        assert_eq!(app_node.slack_ms, Some(-7_500));
        assert_eq!(app_node.verdict, Verdict::Inverted);
        assert_eq!(
            app_node.formula,
            format!(
                "{db} 3.0 + {api} 12.0 + {own} 0.5 = 15.5{s} > 8.0{s}",
                own = own(&sheet)
            )
        );

        let inversion = &report.findings[0];
        assert_eq!(inversion.code, "inversion.node");
        assert_eq!(inversion.node.as_deref(), Some(app));
        assert_eq!(
            (inversion.bound_ms, inversion.need_ms, inversion.short_by_ms),
            (Some(8_000), Some(15_500), Some(7_500))
        );
        assert_eq!(inversion.tries_that_fit, Some(1));
        assert_eq!(inversion.rows, vec![4, 6, 7, 8]);

        // The LB and browser checks still pass: they see the app's declared deadline.
        assert_eq!(hop(&report, lb, app).verdict, Verdict::Ok);
        assert_eq!(hop(&report, browser, lb).verdict, Verdict::Ok);
        assert_eq!(report.summary.errors, 1);
    }
}

#[test]
fn g2_messages_are_in_the_sheets_language() {
    let [(mut en, _), (mut ja, _)] = reservation();
    g2(&mut en);
    g2(&mut ja);
    // The first finding's message and fix, and the headline, in the sheet's language.
    let said = |sheet: &Sheet| {
        let report = check(sheet);
        let f = &report.findings[0];
        let headline = report.summary.headline(sheet.lang);
        (
            f.message.clone(),
            f.fix.clone().unwrap_or_default(),
            headline,
        )
    };
    assert_eq!(
        said(&en),
        (
            "app's deadline (8.0 s) ends before its calls may (15.5 s)".to_string(),
            "reduce app -> external API to 1 try, or raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's deadline to 18.5 s".to_string(),
            "1 inversion, 0 warnings".to_string()
        )
    );
    assert_eq!(
        said(&ja),
        (
            "アプリの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます".to_string(),
            "アプリ → 外部API を1回の試行に減らしてください。または、アプリの期限を15.5秒に、LB → アプリ の読み取りタイムアウトを16.5秒に、ブラウザ → LB の全体期限を18.5秒に上げてください".to_string(),
            "逆転 1件、警告 0件".to_string()
        )
    );
}

#[test]
fn g3_tries_that_fit() {
    assert_eq!(budget::tries_that_fit(4_500, 2_000, &[300], u32::MAX), 2);
    assert_eq!(budget::tries_that_fit(4_500, 2_000, &[300, 300], 3), 2);
    assert_eq!(2 * 2_000 + 300, 4_300);
    assert_eq!(3 * 2_000 + 2 * 300, 6_600);
    assert_eq!(budget::tries_that_fit(4_000, 1_500, &[500], u32::MAX), 2);
    assert_eq!(budget::tries_that_fit(1_900, 2_000, &[], u32::MAX), 0);
}

#[test]
fn g4_the_lb_gives_up_first() {
    let report = check(&sheet(budget::example::INVERTED_LB));
    let to_api = hop(&report, "app", "external API");
    assert_eq!(to_api.worst_ms, Some(13_500));
    assert_eq!(to_api.formula, "(1 + 3) × 3 + 0.5 + 1.0 = 13.5 s");
    let app = node(&report, "app");
    assert_eq!(
        (app.need_ms, app.deadline_ms, app.verdict),
        (Some(13_500), None, Verdict::Unchecked)
    );
    let lb_app = hop(&report, "LB", "app");
    assert_eq!(
        (lb_app.wait_ms, lb_app.callee_worst_ms, lb_app.slack_ms),
        (Some(5_000), Some(13_500), Some(-9_500))
    );
    assert_eq!(lb_app.verdict, Verdict::Inverted);
    assert_eq!(lb_app.formula, "1 + 5 = 6.0 s; read 5.0 < 13.5 + 1.0");

    // From the rulebook on, also read.interval_only on both hops: no deadline on the caller,
    // the hop or the callee, only intervals.
    assert_eq!(
        codes(&report),
        vec![
            ("inversion.hop", Some("LB -> app")),
            ("read.interval_only", Some("LB -> app")),
            ("read.interval_only", Some("app -> external API")),
        ]
    );
    assert!(!report.findings.iter().any(|f| f.code == "unbounded"));
    let f = &report.findings[0];
    assert_eq!(
        (f.bound_ms, f.need_ms, f.short_by_ms, f.tries_that_fit),
        (Some(5_000), Some(14_500), Some(9_500), Some(1))
    );
    assert_eq!(
        f.message,
        "LB waits 5.0 s for app, which may take 13.5 s plus a 1.0 s margin"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("raise LB -> app's read timeout to 14.5 s, or reduce app -> external API to 1 try")
    );
    assert_eq!(f.rows, vec![1, 2, 3, 4, 5]);
}

fn one_row(item: &str, setting: &str, default: &str, value: &str) -> Report {
    let row = Row {
        segment: "a -> b".into(),
        item: item.into(),
        setting: setting.into(),
        default: default.into(),
        value: value.into(),
        ..Row::default()
    };
    check(&Sheet::new(Lang::En, vec![row]))
}

#[test]
fn g5_units_and_unbounded_values() {
    let cases: [(&str, &str, Option<u64>); 6] = [
        ("1.5秒", "", Some(1_500)),
        ("500ms", "", Some(500)),
        ("1m30s", "", Some(90_000)),
        ("１０秒", "", Some(10_000)),
        ("30", "proxy_read_timeout", Some(30_000)),
        ("60 s (default)", "", Some(60_000)),
    ];
    for (value, setting, ms) in cases {
        assert_eq!(
            one_row("read timeout", setting, "", value).rows[0].value_ms,
            ms,
            "{value}"
        );
    }

    let r = one_row("statement timeout", "statement_timeout", "", "30");
    assert_eq!(r.rows[0].value_ms, Some(30));
    assert_eq!(
        r.findings
            .iter()
            .map(|f| f.code.as_str())
            .collect::<Vec<_>>(),
        vec!["value.implausible", "value.unit_from_catalog"]
    );

    let r = one_row("read timeout", "some_timeout", "", "30");
    assert_eq!(r.rows[0].value_ms, None);
    assert!(r.findings.iter().any(|f| f.code == "value.unit_missing"));
    assert_eq!(r.hops[0].worst_ms, None);

    for (value, setting) in [("0（無効）", "statement_timeout"), ("なし", "anything")] {
        let r = one_row("statement timeout", setting, "", value);
        assert!(r.rows[0].unbounded, "{value}");
        assert_eq!(r.rows[0].value_ms, None);
        assert!(r.findings.iter().any(|f| f.code == "unbounded"), "{value}");
    }

    let r = one_row("read timeout", "proxy_read_timeout", "60秒", "—");
    assert_eq!(r.rows[0].value_ms, Some(60_000));
    assert!(r.findings.iter().any(|f| f.code == "value.default_applied"));

    let r = one_row("read timeout", "", "", ">100s");
    assert_eq!(r.rows[0].value_ms, Some(100_000));
    assert_eq!(r.rows[0].parsed, "≥ 1 min 40 s");

    let r = one_row("tries", "", "", "2 retries");
    assert_eq!(r.hops[0].tries, 3);
}

/// A term taken from a hop's worst case, as a node's need names it: by reference, without
/// that hop's rows.
fn call(label: &str, ms: u64, segment: &str) -> TraceTerm {
    TraceTerm {
        label: Some(label.into()),
        value_ms: Some(ms),
        from: Some(TraceRef {
            hop: Some(segment.into()),
            node: None,
            number: TraceNumber::Worst,
        }),
        ..TraceTerm::default()
    }
}

/// A term read from rows of one kind.
fn read(kind: Kind, ms: u64, rows: &[usize]) -> TraceTerm {
    TraceTerm {
        kind: Some(kind),
        value_ms: Some(ms),
        rows: rows.to_vec(),
        ..TraceTerm::default()
    }
}

#[test]
fn g2_the_apps_need_names_where_each_of_its_numbers_comes_from() {
    // "app need 15.5 s = DB 3.0 s (rows 9, 10) + external API 12.0 s (rows 6, 7, 8) + own
    // 0.5 s (row 5)": the fixture's lines are the issue's.
    for (mut sheet, [_, _, app, api, db]) in reservation() {
        g2(&mut sheet);
        let report = check(&sheet);
        let seg = |callee: &str| format!("{app}{}{callee}", sheet_arrow(&sheet));
        let app_node = node(&report, app);
        assert_eq!(
            app_node.trace.need,
            vec![
                call(db, 3_000, &seg(db)),
                call(api, 12_000, &seg(api)),
                read(Kind::Own, 500, &[5]),
            ]
        );
        assert_eq!(
            app_node.trace.inner,
            vec![call(db, 3_000, &seg(db)), call(api, 12_000, &seg(api))]
        );
        // The rows behind each term, walked through the hop it takes.
        let behind = RowsBehind::new(&report);
        let rows: Vec<Vec<usize>> = app_node.trace.need.iter().map(|t| behind.of([t])).collect();
        assert_eq!(rows, [vec![9, 10], vec![6, 7, 8], vec![5]]);
        assert_eq!(
            app_node.trace.deadline,
            vec![read(Kind::Deadline, 8_000, &[4])]
        );

        // The hop's own numbers: per try = connect + read, tries from row 8, worst from both.
        let to_api = hop(&report, app, api);
        assert_eq!(
            to_api.trace.per_try,
            vec![
                read(Kind::Connect, 500, &[6]),
                read(Kind::Read, 3_000, &[7])
            ]
        );
        assert_eq!(
            to_api.trace.tries,
            vec![TraceTerm {
                kind: Some(Kind::Tries),
                count: Some(3),
                rows: vec![8],
                ..TraceTerm::default()
            }]
        );
        let worst = worst_terms(&report, to_api);
        assert_eq!(
            worst,
            vec![
                (Some(3_500), None, vec![6, 7]),
                (None, Some(3), vec![8]),
                (Some(1_500), None, vec![8]),
            ]
        );

        // The inversion's bound and need are the app's deadline and need.
        let f = &report.findings[0];
        let from = |number| {
            Some(TraceRef {
                hop: None,
                node: Some(app.into()),
                number,
            })
        };
        assert_eq!(
            f.trace.bound,
            vec![TraceTerm {
                kind: Some(Kind::Deadline),
                value_ms: Some(8_000),
                from: from(TraceNumber::Deadline),
                ..TraceTerm::default()
            }]
        );
        assert_eq!(
            f.trace.need,
            vec![TraceTerm {
                value_ms: Some(15_500),
                from: from(TraceNumber::Need),
                ..TraceTerm::default()
            }]
        );
        assert_eq!(behind.of(&f.trace.bound), [4]);
        assert_eq!(behind.of(&f.trace.need), [5, 6, 7, 8, 9, 10]);
    }
}

/// The arrow the sheet's segments are written with.
fn sheet_arrow(sheet: &Sheet) -> &'static str {
    if sheet.rows[0].segment.contains('→') {
        " → "
    } else {
        " -> "
    }
}

#[test]
fn g1_formulas_name_their_terms_in_the_sheets_language() {
    let [(en, _), (ja, _)] = reservation();
    for (sheet, app, app_formula, lb_app_formula) in [
        (
            &en,
            "app",
            "DB 3.0 + external API 4.3 + own 0.5 = 7.8 s ≤ 8.0 s",
            "1 + 10 = 11.0 s; read 10.0 ≥ 8.0 + 1.0",
        ),
        (
            &ja,
            "アプリ",
            "DB 3.0 + 外部API 4.3 + 自分の処理 0.5 = 7.8秒 ≤ 8.0秒",
            "1 + 10 = 11.0秒; 読み取り 10.0 ≥ 8.0 + 1.0",
        ),
    ] {
        let report = check(sheet);
        assert_eq!(node(&report, app).formula, app_formula);
        assert_eq!(hop(&report, "LB", app).formula, lb_app_formula);
    }
    assert_eq!(node(&check(&ja), "ブラウザ").formula, "LB 12.0秒");
}

#[test]
fn g4_the_lb_s_need_is_the_apps_worst_case_and_the_margin() {
    let report = check(&sheet(budget::example::INVERTED_LB));
    let lb_app = hop(&report, "LB", "app");
    assert_eq!(
        lb_app.trace.need,
        vec![
            TraceTerm {
                label: Some("app".into()),
                value_ms: Some(13_500),
                from: Some(TraceRef {
                    hop: None,
                    node: Some("app".into()),
                    number: TraceNumber::Need,
                }),
                ..TraceTerm::default()
            },
            TraceTerm {
                kind: Some(Kind::Margin),
                value_ms: Some(1_000),
                ..TraceTerm::default()
            },
        ]
    );
    assert_eq!(lb_app.trace.wait, vec![read(Kind::Read, 5_000, &[2])]);
    let f = &report.findings[0];
    assert_eq!(
        (f.trace.bound[0].value_ms, f.trace.need[0].value_ms),
        (Some(5_000), Some(14_500))
    );
    let behind = RowsBehind::new(&report);
    assert_eq!(behind.of(&lb_app.trace.need), [3, 4, 5]);
    assert_eq!(f.trace.need[0].rows, Vec::<usize>::new());
    assert_eq!(behind.of(&f.trace.need), [3, 4, 5]);
}

/// G8 with the route group's rows turned into `kind` rows (`parallel group`) or removed
/// (`None`: the routes summed as sequential calls), for contrast.
fn g8_as(item: Option<&str>) -> Sheet {
    let mut s = sheet(budget::example::GATEWAY_ROUTES);
    match item {
        Some(item) => {
            for row in s.rows.iter_mut().filter(|r| r.item == "route group") {
                row.item = item.into();
            }
        }
        None => s.rows.retain(|r| r.item != "route group"),
    }
    s
}

#[test]
fn g8_routes_are_alternatives_the_longest_decides_the_need() {
    let report = check(&sheet(budget::example::GATEWAY_ROUTES));
    let orders = hop(&report, "gateway", "orders");
    let search = hop(&report, "gateway", "search");
    assert_eq!(
        (orders.worst_ms, orders.formula.as_str()),
        (Some(4_300), "(0.5 + 1.5) × 2 + 0.3 = 4.3 s")
    );
    assert_eq!(
        (search.worst_ms, search.formula.as_str()),
        (Some(12_000), "(0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s")
    );
    let gateway = node(&report, "gateway");
    assert_eq!(
        (
            gateway.inner_ms,
            gateway.need_ms,
            gateway.slack_ms,
            gateway.verdict
        ),
        (Some(12_000), Some(12_200), Some(-2_200), Verdict::Inverted)
    );
    assert_eq!(
        gateway.formula,
        "max(orders 4.3, search 12.0) + own 0.2 = 12.2 s > 10.0 s"
    );
    // The need's call term names the route group's routes and takes the longest.
    let call = &gateway.trace.need[0];
    assert_eq!(call.label.as_deref(), Some("max(orders, search)"));
    assert_eq!(call.group, ["gateway -> orders", "gateway -> search"]);
    assert!(call.routes);
    // Its rows are the longest route's alone: search's rows 8 to 10, none of orders'.
    assert_eq!(RowsBehind::new(&report).of([call]), [8, 9, 10]);
    assert_eq!(
        call.from,
        Some(TraceRef {
            hop: Some("gateway -> search".into()),
            node: None,
            number: TraceNumber::Worst,
        })
    );

    let inversion = &report.findings[0];
    assert_eq!(
        (inversion.code.as_str(), inversion.node.as_deref()),
        ("inversion.node", Some("gateway"))
    );
    assert_eq!(
        (inversion.bound_ms, inversion.need_ms, inversion.short_by_ms),
        (Some(10_000), Some(12_200), Some(2_200))
    );
    // Budget 10.0 − 0.2 = 9.8: 2 tries of 3.5 s and a 0.5 s wait, 7.5 s.
    assert_eq!(inversion.tries_that_fit, Some(2));
    // The gateway's deadline and own rows and the rows of gateway -> search; none of orders.
    assert_eq!(inversion.rows, vec![1, 2, 7, 8, 9, 10]);
    let summaries: Vec<&str> = inversion.fixes.iter().map(|f| f.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "reduce gateway -> search to 2 tries",
            "raise gateway's deadline to 12.2 s"
        ]
    );
    assert!(inversion
        .fixes
        .iter()
        .flat_map(|f| &f.changes)
        .all(|c| !(3..=6).contains(&c.line)));
    assert_eq!(report.summary.errors, 1);

    // Attempts along each path are unchanged: each route is a path of its own.
    assert_eq!((search.attempts, orders.attempts), (3, 2));

    // The same hops summed, for contrast: 4.3 + 12.0 + 0.2 = 16.5 s.
    let summed = check(&g8_as(None));
    assert_eq!(node(&summed, "gateway").need_ms, Some(16_500));
}

#[test]
fn g8_a_route_group_is_not_a_parallel_group_of_the_same_name() {
    // The same numbers as a parallel group: the longest counts there too.
    let parallel = check(&g8_as(Some("parallel group")));
    assert_eq!(node(&parallel, "gateway").need_ms, Some(12_200));
    // Its term's rows are those of both hops (the longest may change with either): orders'
    // 4 to 6 and search's 8 to 10.
    let call = &node(&parallel, "gateway").trace.need[0];
    assert!(!call.routes);
    assert_eq!(RowsBehind::new(&parallel).of([call]), [4, 5, 6, 8, 9, 10]);

    // A hop in a route group and a parallel group: the second row cannot be read, and the
    // hop stays in its first group.
    let mut both = sheet(budget::example::GATEWAY_ROUTES);
    let mut second = both.rows[2].clone();
    second.item = "parallel group".into();
    second.value = "fan-out".into();
    both.rows.insert(3, second);
    let report = check(&both);
    let unreadable = report
        .findings
        .iter()
        .find(|f| f.code == "value.unreadable")
        .expect("the second group row is unreadable");
    assert_eq!(unreadable.rows, vec![4]);
    assert_eq!(
        unreadable.message,
        "row 4: gateway -> orders is already in route group \"api routes\" (row 3); a hop is in \
         one group at most"
    );
    assert_eq!(unreadable.fix.as_deref(), Some("keep one of rows 3 and 4"));
    assert_eq!(node(&report, "gateway").need_ms, Some(12_200));
}

#[test]
fn g8_many_routes_name_the_three_longest_and_count_the_others() {
    let mut text = String::from(
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                                 1\tgw\trequest deadline\t-\t-\t60s\t-\t\n",
    );
    for (i, read) in [2, 9, 4, 7, 1, 8].iter().enumerate() {
        text.push_str(&format!(
            "2\tgw -> r{i}\troute group\t-\t-\tapi\t-\t\n2\tgw -> r{i}\tread timeout\t-\t-\t{read}s\t-\t\n"
        ));
    }
    let report = check(&sheet(&text));
    // r1 9 s, r5 8 s, r3 7 s in sheet order; three others.
    assert_eq!(
        node(&report, "gw").formula,
        "max(r1 9.0, r3 7.0, r5 8.0, 3 others) = 9.0 s ≤ 60.0 s"
    );
    let ja = Sheet::new(Lang::Ja, sheet(&text).rows);
    assert_eq!(
        node(&check(&ja), "gw").formula,
        "max(r1 9.0, r3 7.0, r5 8.0, ほか3経路) = 9.0秒 ≤ 60.0秒"
    );
}
