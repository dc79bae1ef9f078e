//! The budget picture: golden G1 and G2 drawn, in both languages; an unknown need, and a
//! bounded picture of many bars.

use budget::picture::{picture, svg, Bar, PartKind, Picture};
use budget::{example, tsv, Lang, Report, Sheet, Verdict};

fn report(lang: Lang, text: &str, edit: impl FnOnce(&mut Vec<budget::Row>)) -> Report {
    let mut rows = tsv::import(text).expect("the example reads").rows;
    edit(&mut rows);
    budget::check(&Sheet::new(lang, rows))
}

fn g1(lang: Lang) -> Report {
    report(lang, example::reservation(lang), |_| {})
}

/// G1 with the external API's read timeout 3 s (row 7) and 3 tries, waits 0.5 s and 1.0 s
/// (row 8).
fn g2(lang: Lang) -> Report {
    report(lang, example::RESERVATION_EN, |rows| {
        rows[6].value = "3s".into();
        rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
    })
}

fn bar<'p>(bars: &'p [Bar], name: &str) -> &'p Bar {
    bars.iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no bar {name}"))
}

/// Each part as (kind, start, length, rows).
fn parts(bar: &Bar) -> Vec<(PartKind, u64, u64, Vec<usize>)> {
    bar.parts
        .iter()
        .map(|p| (p.kind, p.start_ms, p.len_ms, p.rows.clone()))
        .collect()
}

#[test]
fn g1_draws_the_apps_8_second_deadline_with_its_7_8_second_need_of_db_api_and_own_time() {
    let picture = picture(&g1(Lang::En), Lang::En);
    assert_eq!(picture.nodes.len(), 1, "only the app declares a deadline");
    let app = bar(&picture.nodes, "app");
    assert_eq!(
        (app.bound_ms, app.need_ms, app.slack_ms),
        (8_000, Some(7_800), Some(200))
    );
    assert_eq!(app.bound_rows, [4]);
    assert_eq!(
        parts(app),
        [
            (PartKind::Try, 0, 3_000, vec![9, 10]),
            (PartKind::Try, 3_000, 2_000, vec![6, 7, 8]),
            (PartKind::Wait, 5_000, 300, vec![8]),
            (PartKind::Try, 5_300, 2_000, vec![6, 7, 8]),
            (PartKind::Own, 7_300, 500, vec![5]),
        ]
    );
    let titles: Vec<&str> = app.parts.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "DB: connect 1.0 + statement 2.0 = 3.0 s (rows 9, 10)",
            "external API, try 1 of 2: connect 0.5 + read 1.5 = 2.0 s (rows 6–8)",
            "external API, wait after try 1: 0.3 s (row 8)",
            "external API, try 2 of 2: connect 0.5 + read 1.5 = 2.0 s (rows 6–8)",
            "own 0.5 s (row 5)",
        ]
    );
    assert_eq!(app.caption, "deadline 8.0 s · need 7.8 s · slack 0.2 s");
    assert_eq!(app.short_by_ms(), None);

    // The chain, outermost first: the browser's 12 s against the LB's 11.0 s + 1.0 s margin,
    // then the LB's read timeout against the app's deadline + margin.
    type Numbers<'a> = (&'a str, usize, u64, Option<u64>, Option<i64>);
    let chain: Vec<Numbers> = picture
        .chain
        .iter()
        .map(|b| (b.name.as_str(), b.depth, b.bound_ms, b.need_ms, b.slack_ms))
        .collect();
    assert_eq!(
        chain,
        [
            ("browser -> LB", 0, 12_000, Some(12_000), Some(0)),
            ("LB -> app", 1, 10_000, Some(9_000), Some(1_000)),
        ]
    );
    let lb_app = bar(&picture.chain, "LB -> app");
    assert_eq!(
        parts(lb_app),
        [
            (PartKind::Callee, 0, 8_000, vec![4]),
            (PartKind::Margin, 8_000, 1_000, vec![]),
        ]
    );
    assert_eq!(lb_app.parts[0].label, "app deadline 8.0 s");
    assert_eq!(lb_app.caption, "wait 10.0 s · need 9.0 s · slack 1.0 s");
    assert_eq!(picture.span_ms, 12_000);
}

#[test]
fn g2_overflows_the_apps_deadline_short_by_7_5_seconds() {
    let picture = picture(&g2(Lang::En), Lang::En);
    let app = bar(&picture.nodes, "app");
    assert_eq!((app.bound_ms, app.need_ms), (8_000, Some(15_500)));
    assert_eq!(app.short_by_ms(), Some(7_500));
    assert_eq!(app.caption, "deadline 8.0 s · need 15.5 s · short by 7.5 s");
    let drawn: Vec<(PartKind, u64, u64)> = app
        .parts
        .iter()
        .map(|p| (p.kind, p.start_ms, p.len_ms))
        .collect();
    assert_eq!(
        drawn,
        [
            (PartKind::Try, 0, 3_000),
            (PartKind::Try, 3_000, 3_500),
            (PartKind::Wait, 6_500, 500),
            (PartKind::Try, 7_000, 3_500),
            (PartKind::Wait, 10_500, 1_000),
            (PartKind::Try, 11_500, 3_500),
            (PartKind::Own, 15_000, 500),
        ]
    );
    // The parts add up to the need.
    let end = app.parts.last().map(|p| p.start_ms + p.len_ms);
    assert_eq!(end, app.need_ms);
    assert_eq!(picture.span_ms, 15_500);

    let svg = svg(&picture);
    // 600 px for 15.5 s: the deadline's 8.0 s is 309.68 px, the overflow 7.5 s 290.32 px.
    assert!(
        svg.contains(
            "<rect class=\"bound\" x=\"190\" y=\"54\" width=\"309.68\" height=\"26\" \
             data-ms=\"8000\" data-rows=\"4\" fill=\"#f6f8fa\" stroke=\"#57606a\"/>"
        ),
        "{svg}"
    );
    assert!(svg.contains(
        "<rect class=\"over\" x=\"499.68\" y=\"52\" width=\"290.32\" height=\"30\" data-ms=\"7500\" \
         fill=\"#cf222e\" fill-opacity=\"0.35\" stroke=\"#cf222e\" pointer-events=\"none\"/>\
         <text class=\"short-by\" x=\"794\" y=\"71\" fill=\"#cf222e\" font-weight=\"600\">short by 7.5 s</text>"
    ));
    assert!(svg.contains("<g class=\"bar bar-inverted\" data-name=\"app\" data-bound-ms=\"8000\" data-need-ms=\"15500\" data-verdict=\"inverted\">"));
    assert!(svg.contains("<desc id=\"budget-desc\">app: deadline 8.0 s · need 15.5 s · short by 7.5 s; browser -&gt; LB: wait 12.0 s · need 12.0 s · slack 0.0 s; LB -&gt; app: wait 10.0 s · need 9.0 s · slack 1.0 s</desc>"));
    assert!(svg.contains(
        "<g class=\"part part-wait\" tabindex=\"0\" data-ms=\"1000\" data-rows=\"8\">\
         <title>external API, wait after try 2: 1.0 s (row 8)</title>"
    ));
}

#[test]
fn the_japanese_picture_speaks_japanese() {
    let picture = picture(&g1(Lang::Ja), Lang::Ja);
    let app = &picture.nodes[0];
    assert_eq!(app.caption, "期限 8.0秒 · 必要 7.8秒 · 余裕 0.2秒");
    assert_eq!(
        app.parts[1].title,
        "外部API　試行 1/2：接続 0.5 + 読み取り 1.5 = 2.0秒（行 6〜8）"
    );
    let svg = svg(&picture);
    assert!(svg.contains("<title id=\"budget-title\">タイムアウトの予算</title>"));
    assert!(svg.contains(">期限：各ノードの必要時間と期限</text>"));
    assert!(svg.contains(">不足") || !svg.contains("short by"));
}

#[test]
fn a_parallel_group_is_drawn_in_stacked_lanes_and_the_longest_counts() {
    let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
        1\tapp\trequest deadline\t\t\t10s\t\t\n\
        2\tapp -> a\tread timeout\t\t\t2s\t\t\n\
        2\tapp -> a\tparallel group\t\t\tfetch\t\t\n\
        2\tapp -> b\tread timeout\t\t\t3s\t\t\n\
        2\tapp -> b\tparallel group\t\t\tfetch\t\t\n";
    let picture = picture(&report(Lang::En, text, |_| {}), Lang::En);
    let app = bar(&picture.nodes, "app");
    let lanes: Vec<(u64, u64, usize, usize)> = app
        .parts
        .iter()
        .map(|p| (p.start_ms, p.len_ms, p.lane, p.lanes))
        .collect();
    assert_eq!(lanes, [(0, 2_000, 0, 2), (0, 3_000, 1, 2)]);
    assert_eq!(app.need_ms, Some(3_000));
}

#[test]
fn user_text_is_escaped_and_a_sheet_without_bounds_says_there_is_nothing_to_draw() {
    let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
        1\t<b>&\"x\"\trequest deadline\t\t\t1s\t\t\n\
        1\t<b>&\"x\"\town processing time\t\t\t2s\t\t\n";
    let svg = svg(&picture(&report(Lang::En, text, |_| {}), Lang::En));
    assert!(
        svg.contains("data-name=\"&lt;b&gt;&amp;&quot;x&quot;\""),
        "{svg}"
    );
    assert!(!svg.contains("<b>"));

    let empty = Picture {
        lang: Lang::En,
        nodes: Vec::new(),
        chain: Vec::new(),
        span_ms: 1,
        hidden: 0,
    };
    assert!(budget::picture::svg(&empty).ends_with(
        "<text x=\"8\" y=\"24\">Nothing to draw: no node declares a deadline and no hop is checked.</text></svg>"
    ));
}

/// The name of the element `markup` opens, when it is exactly one element: it starts with
/// that tag and ends by closing it (or is one self-closing tag).
fn one_element(markup: &str) -> Option<&str> {
    let name = markup.strip_prefix('<')?.split([' ', '>']).next()?;
    let closes = markup.ends_with(&format!("</{name}>"))
        || (markup.ends_with("/>") && markup.matches('<').count() == 1);
    closes.then_some(name)
}

#[test]
fn the_pieces_join_into_the_picture_each_one_element_and_an_edit_changes_only_its_bars() {
    use budget::picture::svg_parts;
    let before = svg_parts(&picture(&g1(Lang::En), Lang::En));
    assert_eq!(before.joined(), svg(&picture(&g1(Lang::En), Lang::En)));
    assert!(before
        .open
        .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let names: Vec<_> = before.children.iter().map(|c| one_element(c)).collect();
    assert_eq!(
        &names[..4],
        [Some("title"), Some("desc"), Some("defs"), Some("g")]
    );
    assert!(names.iter().all(Option::is_some), "{names:?}");

    // The app's own processing time from 0.5 s to 0.4 s: the scale stays, and only the
    // app's bar and the text alternative change (the LB's wait is checked against the app's
    // deadline, not its need); the title, the hatch, the scale, the headings and the other
    // bars do not.
    let edited = report(Lang::En, example::RESERVATION_EN, |rows| {
        rows[4].value = "0.4s".into();
    });
    let after = svg_parts(&picture(&edited, Lang::En));
    assert_eq!(after.open, before.open);
    assert_eq!(after.children.len(), before.children.len());
    let changed: Vec<&str> = (0..before.children.len())
        .filter(|&i| before.children[i] != after.children[i])
        .map(|i| {
            let child = &after.children[i];
            match child.split_once("data-name=\"") {
                Some((_, rest)) => rest.split('"').next().unwrap_or(""),
                None => one_element(child).unwrap_or(""),
            }
        })
        .collect();
    assert_eq!(changed, ["desc", "app"]);
    // A change of the scale (G2's need of 15.5 s is past G1's span) changes the opening tag.
    assert_ne!(
        svg_parts(&picture(&g2(Lang::En), Lang::En)).open,
        before.open
    );
}

/// The SVG of the bar named `name` (as the SVG escapes it: `LB -&gt; app`) in `svg`, after
/// its group's `class="bar`.
fn bar_group<'a>(svg: &'a str, name: &str) -> &'a str {
    let attr = format!("data-name=\"{name}\"");
    svg.split("<g class=\"bar")
        .find(|g| g.contains(&attr))
        .unwrap_or_else(|| panic!("no bar {name}: {svg}"))
}

/// G1 with the external API's read timeout (row 7) written so that it cannot be read.
fn g1_unreadable(lang: Lang) -> Report {
    report(lang, example::reservation(lang), |rows| {
        rows[6].value = "fast".into()
    })
}

#[test]
fn an_unknown_need_is_drawn_hatched_and_labelled_never_as_a_short_healthy_bar() {
    let picture = picture(&g1_unreadable(Lang::En), Lang::En);
    let app = bar(&picture.nodes, "app");
    assert_eq!(
        (app.need_ms, app.unknown, app.unknown_rows.clone()),
        (None, true, vec![7])
    );
    assert_eq!(
        app.caption,
        "deadline 8.0 s · need unknown: row 7 cannot be read"
    );
    assert!(!app.caption.contains('∞'));
    // The hops whose need is known are drawn as before.
    let lb = bar(&picture.chain, "LB -> app");
    assert_eq!(
        (lb.unknown, lb.caption.as_str()),
        (false, "wait 10.0 s · need 9.0 s · slack 1.0 s")
    );

    let svg = svg(&picture);
    let app_group = bar_group(&svg, "app");
    assert!(app_group.starts_with(" bar-unknown\""), "{app_group}");
    // Hatched from the known parts' end (DB 3.0 s + own 0.5 s) to the end of the scale.
    let stripes = app_group.split("<g class=\"unknown\"").nth(1).unwrap();
    assert!(
        stripes.starts_with(" data-rows=\"7\"><title>unknown: row 7 cannot be read</title>"),
        "{stripes}"
    );
    assert!(
        stripes.contains("fill=\"url(#budget-unknown)\""),
        "{stripes}"
    );
    assert!(
        stripes.contains(">unknown: row 7 cannot be read</text>"),
        "{stripes}"
    );
    assert!(svg.contains("app: deadline 8.0 s · need unknown: row 7 cannot be read"));

    let ja = budget::picture::picture(&g1_unreadable(Lang::Ja), Lang::Ja);
    assert_eq!(
        bar(&ja.nodes, "アプリ").caption,
        "期限 8.0秒 · 必要 不明：行 7 を読めません"
    );
}

/// A sheet of `n` services behind one LB, each with its own deadline and a call of `n` ms
/// more than the last: service 1 is `short by` the most.
fn many_services(n: usize) -> Report {
    let mut text =
        String::from("layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n");
    for i in 1..=n {
        text.push_str(&format!(
            "1\tLB -> s{i}\tread timeout\tproxy_read_timeout\t60s\t{}s\tnginx.conf\t\n\
             2\ts{i}\trequest deadline\tdeadline\tnone\t10s\tapp\t\n\
             3\ts{i} -> db\tstatement timeout\tstatement_timeout\t0\t{}s\trole\t\n",
            20 + i,
            20 - i,
        ));
    }
    report(Lang::En, &text, |_| {})
}

#[test]
fn a_bounded_picture_draws_the_most_short_first_and_says_how_many_more_there_are() {
    let whole = picture(&many_services(10), Lang::En);
    // Each LB -> sN is checked; sN -> db is not (db has no rows of its own).
    assert_eq!(
        (whole.nodes.len(), whole.chain.len(), whole.hidden),
        (10, 10, 0)
    );
    let bounded = whole.most_short(budget::picture::BOUNDED_BARS);
    // s1's need is its 19 s statement timeout against a 10 s deadline: short by 9.0 s, the most.
    let names: Vec<&str> = bounded.nodes.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["s1", "s2", "s3", "s4", "s5", "s6"]);
    assert_eq!(
        bounded.nodes[0].caption,
        "deadline 10.0 s · need 19.0 s · short by 9.0 s"
    );
    // LB -> s1 waits 21 s for s1's 10 s deadline and the margin: slack 10.0 s, the least.
    let hops: Vec<&str> = bounded.chain.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        hops,
        ["LB -> s1", "LB -> s2", "LB -> s3", "LB -> s4", "LB -> s5", "LB -> s6"]
    );
    assert_eq!(bounded.hidden, 20 - 12);
    let svg = budget::picture::svg(&bounded);
    assert!(
        svg.contains(
            "<text class=\"hidden-bars\" x=\"4\" y=\"726\" fill=\"#57606a\">12 bars drawn, \
             those most short of their bounds first; 8 more are not drawn</text>"
        ),
        "{svg}"
    );
    assert!(svg.contains("height=\"738\""), "{svg}");
    // A picture that fits is returned whole.
    let g1 = picture(&g1(Lang::En), Lang::En);
    assert_eq!(g1.most_short(budget::picture::BOUNDED_BARS), g1);
}

#[test]
fn g8_draws_the_gateways_routes_in_lanes_and_its_need_from_the_longest() {
    let report = report(Lang::En, example::GATEWAY_ROUTES, |_| {});
    let picture = picture(&report, Lang::En);
    let gateway = bar(&picture.nodes, "gateway");
    assert_eq!(
        (gateway.bound_ms, gateway.need_ms, gateway.short_by_ms()),
        (10_000, Some(12_200), Some(2_200))
    );
    assert_eq!(
        gateway.caption,
        "deadline 10.0 s · need 12.2 s · short by 2.2 s"
    );
    // Each route in a lane of its own, both from 0; the own time after the longest.
    let lanes: Vec<(usize, usize, u64)> = gateway
        .parts
        .iter()
        .filter(|p| p.lanes == 2)
        .map(|p| (p.lane, p.lanes, p.start_ms))
        .collect();
    assert_eq!(lanes.first(), Some(&(0, 2, 0)));
    assert!(
        lanes
            .iter()
            .any(|&(lane, _, start)| lane == 1 && start == 0),
        "{lanes:?}"
    );
    let own = gateway
        .parts
        .iter()
        .find(|p| p.kind == PartKind::Own)
        .unwrap();
    assert_eq!((own.start_ms, own.len_ms), (12_000, 200));
}

#[test]
fn a_deadline_over_nothing_it_calls_needs_no_number_not_infinity() {
    // A queue's worker with a 90 s deadline and no calls of its own: its need is none,
    // which is not "∞" (that says someone waits without bound).
    let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                q\tqueue -> worker\tvisibility timeout\tVisibilityTimeout\t\t120s\t\t\n\
                w\tworker\trequest deadline\tdeadline\t\t90s\t\t\n";
    for (lang, caption) in [
        (Lang::En, "deadline 1 min 30 s · need —"),
        (Lang::Ja, "期限 1分30秒 · 必要 —"),
    ] {
        let p = picture(&report(lang, text, |_| {}), lang);
        assert_eq!(bar(&p.nodes, "worker").caption, caption);
    }
}

#[test]
fn a_wait_short_of_a_callee_without_bound_is_drawn_short_of_infinity() {
    // The LB waits 10 s for an app that waits for its database without bound: the hop is
    // inverted and its need has no number; it reads `∞`, never `—` (unknown) nor healthy.
    let text = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                1\tLB -> app\tread timeout\t\t\t10s\t\t\n\
                2\tapp -> db\tread timeout\t\t\tnone\t\t\n";
    for (lang, caption) in [
        (Lang::En, "wait 10.0 s · need ∞"),
        (Lang::Ja, "待ち時間 10.0秒 · 必要 ∞"),
    ] {
        let report = report(lang, text, |_| {});
        let hop = report
            .hops
            .iter()
            .find(|h| h.segment == "LB -> app")
            .unwrap();
        assert_eq!((hop.verdict, hop.need_ms), (Verdict::Inverted, None));
        let p = picture(&report, lang);
        let lb = bar(&p.chain, "LB -> app");
        assert_eq!(lb.caption, caption);
        let drawn = svg(&p);
        let group = bar_group(&drawn, "LB -&gt; app");
        assert!(group.contains(">∞</text>"), "{group}");
    }
}

#[test]
fn a_long_short_by_label_widens_the_picture_to_hold_it() {
    // G7: the browser's 2 min 30 s against the web server's 4 min 40 s and the 1 s margin.
    let g7 = report(Lang::En, example::REDIRECTOR_RETRIES, |rows| {
        let retry_on = rows.iter_mut().find(|r| r.item == "retry on").unwrap();
        retry_on.value = "4xx, 5xx, timeout".into();
    });
    let drawing = picture(&g7, Lang::En);
    let browser = bar(&drawing.chain, "browser -> web server");
    assert_eq!(browser.short_by_ms(), Some(131_000));
    let drawn = svg(&drawing);
    // `short by 2 min 11 s`: 19 characters at 7 px and a 12 px gap, after 190 + 600 px.
    assert!(drawn.contains("viewBox=\"0 0 935 "), "{drawn}");
    assert!(drawn.contains(">short by 2 min 11 s</text>"), "{drawn}");
    // G2's `short by 7.5 s` fits the least width.
    assert!(svg(&picture(&g2(Lang::En), Lang::En)).contains("viewBox=\"0 0 900 "));
}
