//! One small sheet per finding of the first slice, pinning its code, numbers, message and fix.

use budget::{check, Finding, Lang, Report, Row, Severity, Sheet, Verdict};

fn run(lang: Lang, rows: Vec<Row>) -> Report {
    check(&Sheet::new(lang, rows))
}

use crate::shapes::{fixture_sheets, hop, lacks, on_rows, only};

fn pinned(f: &Finding, severity: Severity, rows: &[usize], message: &str, fix: &str) {
    assert_eq!(f.severity, severity, "{}", f.code);
    assert_eq!(f.rows, rows, "{}", f.code);
    assert_eq!(f.message, message);
    assert_eq!(f.fix.as_deref(), Some(fix));
}

#[test]
fn an_unreadable_value_is_a_finding_on_its_row_and_its_budgets_are_unknown() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("app", "deadline", "8s"),
            Row::new("app -> api", "read timeout", "ten seconds"),
            Row::new("app -> api", "connect timeout", "1s"),
        ],
    );
    let f = only(&report, "value.unreadable");
    pinned(
        f,
        Severity::Warning,
        &[3],
        "row 3: \"ten seconds\" cannot be read as a duration",
        "write a number with a unit, e.g. 1.5s, 500ms or 2min; none for no bound",
    );
    assert_eq!(
        report.rows[2].note.as_deref(),
        Some("row 3: \"ten seconds\" cannot be read as a duration")
    );
    assert_eq!(report.rows[2].parsed, "?");
    assert_eq!(report.hops[1].worst_ms, None);
    let app = &report.nodes[1];
    assert_eq!((app.need_ms, app.verdict), (None, Verdict::Unknown));
    // The caller still sees the app's declared deadline.
    assert_eq!(report.hops[0].verdict, Verdict::Ok);
    assert_eq!(report.summary.errors, 0);
}

#[test]
fn a_compound_with_a_repeated_or_growing_unit_is_unreadable_not_a_sum() {
    for typo in ["0.6s.5s", "30s1m"] {
        let report = run(
            Lang::En,
            vec![
                Row::new("app", "deadline", "8s"),
                Row::new("app -> api", "read timeout", typo),
            ],
        );
        let f = only(&report, "value.unreadable");
        pinned(
            f,
            Severity::Warning,
            &[2],
            &format!("row 2: \"{typo}\" cannot be read as a duration"),
            "write a number with a unit, e.g. 1.5s, 500ms or 2min; none for no bound",
        );
        assert_eq!(
            report.rows[1].value_ms, None,
            "{typo} is not read as 1.1 s or 90 s"
        );
        assert_eq!(report.hops[0].worst_ms, None);
    }
}

#[test]
fn an_unreadable_tries_value_is_a_finding_in_japanese() {
    let report = run(
        Lang::Ja,
        vec![
            Row::new("アプリ -> API", "読み取りタイムアウト", "1秒"),
            Row::new("アプリ -> API", "試行回数と待機", "たくさん"),
        ],
    );
    let f = only(&report, "value.unreadable");
    pinned(
        f,
        Severity::Warning,
        &[2],
        "2行目：「たくさん」を試行回数と待機として読めません",
        "「3回、待機0.5秒、1秒」のように書いてください",
    );
    assert_eq!(report.hops[0].worst_ms, None);
}

#[test]
fn a_bare_number_of_an_unknown_setting_is_not_guessed() {
    let report = run(
        Lang::En,
        vec![Row::new("a -> b", "read timeout", "30").with_setting("my_timeout")],
    );
    let f = only(&report, "value.unit_missing");
    pinned(
        f,
        Severity::Warning,
        &[1],
        "row 1: \"30\" has no unit and the setting's unit is not known; it is not guessed",
        "write the unit, e.g. 30s or 30ms",
    );
    assert_eq!(report.hops[0].worst_ms, None);
}

#[test]
fn a_value_is_quoted_as_typed_never_escaped() {
    // An emoji with a variation selector: Rust's debug formatting would write "⏱\u{fe0f}🔥".
    for (lang, message, fix) in [
        (
            Lang::En,
            "row 1: \"⏱️🔥\" cannot be read as a duration",
            "write a number with a unit, e.g. 1.5s, 500ms or 2min; none for no bound",
        ),
        (
            Lang::Ja,
            "1行目：「⏱️🔥」を時間として読めません",
            "1.5秒、500ms、2分のように単位をつけて書いてください（上限なしは「なし」）",
        ),
    ] {
        let report = run(lang, vec![Row::new("app -> db", "read timeout", "⏱️🔥")]);
        let f = only(&report, "value.unreadable");
        pinned(f, Severity::Warning, &[1], message, fix);
        assert!(!f.message.contains("\\u{"), "{}", f.message);
    }
    // The same for a count, a bare number and an implausible value.
    let report = run(
        Lang::En,
        vec![
            Row::new("a -> b", "upstream servers", "🔥"),
            Row::new("a -> b", "read timeout", "30"),
            Row::new("c -> d", "read timeout", "50ms"),
        ],
    );
    let messages: Vec<&str> = report.findings.iter().map(|f| f.message.as_str()).collect();
    assert!(
        messages.contains(&"row 1: \"🔥\" cannot be read as a number of upstream servers"),
        "{messages:#?}"
    );
    assert!(
        messages.contains(
            &"row 2: \"30\" has no unit and the setting's unit is not known; it is not guessed"
        ),
        "{messages:#?}"
    );
    assert!(
        messages.contains(
            &"row 3: \"50ms\" as a read timeout is under 100 ms: almost always a unit mistake"
        ),
        "{messages:#?}"
    );
}

#[test]
fn a_bare_postgres_number_is_milliseconds_from_the_catalog() {
    let report = run(
        Lang::En,
        vec![Row::new("app -> DB", "statement timeout", "30").with_setting("statement_timeout")],
    );
    let f = only(&report, "value.unit_from_catalog");
    pinned(
        f,
        Severity::Info,
        &[1],
        "row 1: 30 has no unit; PostgreSQL reads a bare statement_timeout in ms",
        "write the unit: 30ms if that is meant, else the unit you mean (e.g. 30s)",
    );
    // The documentation address is a field of its own, on the finding and on the row.
    let postgres =
        "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT";
    assert_eq!(f.source.as_deref(), Some(postgres));
    assert_eq!(report.rows[0].source.as_deref(), Some(postgres));
    assert_eq!(report.hops[0].worst_ms, Some(30));
}

#[test]
fn a_value_not_set_takes_the_default_column_then_the_catalog() {
    let report = run(
        Lang::En,
        vec![Row::new("LB -> app", "read timeout", "—")
            .with_setting("other_read_timeout")
            .with_default("30s")],
    );
    let f = only(&report, "value.default_applied");
    pinned(
        f,
        Severity::Info,
        &[1],
        "row 1: no value set; the default column's 30.0 s applies",
        "write the value in effect in the value column",
    );
    // The default column is the sheet's own: no documentation behind it.
    assert_eq!(f.source, None);

    let report = run(
        Lang::En,
        vec![Row::new("LB -> app", "read timeout", "").with_setting("proxy_read_timeout")],
    );
    let applied: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.code == "value.default_applied")
        .collect();
    assert_eq!(
        applied.len(),
        2,
        "the read default and the connect default: {applied:#?}"
    );
    assert_eq!(
        applied[0].message,
        "row 1: no value set; nginx's documented default for proxy_read_timeout, 1 min, applies"
    );
    assert_eq!(
        applied[0].source.as_deref(),
        Some("https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout")
    );
    assert_eq!(applied[1].message, "LB -> app: no connect timeout documented; nginx's documented default for proxy_connect_timeout, 1 min, applies");
    assert_eq!(
        applied[1].source.as_deref(),
        Some("https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_connect_timeout")
    );
    // The row's note is the finding's message; the row carries its setting's address.
    assert_eq!(
        report.rows[0].note.as_deref(),
        Some(applied[0].message.as_str())
    );
    assert_eq!(
        report.rows[0].source.as_deref(),
        Some("https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout")
    );
    // nginx may spend its 60 s connect default before the 60 s read.
    assert_eq!(report.hops[0].worst_ms, Some(120_000));
}

#[test]
fn a_hop_with_no_timeout_is_bound_missing() {
    let report = run(Lang::En, vec![Row::new("app -> cache", "notes", "fast")]);
    let f = only(&report, "bound.missing");
    pinned(
        f,
        Severity::Warning,
        &[1],
        "app -> cache: no timeout documented: if none is set, the caller waits forever",
        "document the connect and read timeouts, a per-try timeout or a deadline",
    );
    assert_eq!(report.hops[0].worst_ms, None);

    let report = run(Lang::Ja, vec![Row::new("アプリ -> キャッシュ", "メモ", "")]);
    assert_eq!(only(&report, "bound.missing").message, "アプリ -> キャッシュ：タイムアウトの記載がありません。設定がなければ呼ぶ側は無期限に待ちます");
}

#[test]
fn a_read_bound_without_connect_names_the_connect_phase() {
    let report = run(Lang::En, vec![Row::new("app -> api", "read timeout", "2s")]);
    let f = only(&report, "bound.missing");
    pinned(f, Severity::Warning, &[1], "app -> api: no connect timeout documented: the operating system's own connect limit (about two minutes on Linux) then applies", "document the connect timeout, or cap the try with a per-try timeout or a deadline");
    assert_eq!(report.hops[0].worst_ms, Some(2_000));
}

#[test]
fn a_disabled_bound_is_unbounded() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> DB", "statement timeout", "0").with_setting("statement_timeout"),
            Row::new("app -> DB", "connect timeout", "1s"),
        ],
    );
    let f = only(&report, "unbounded");
    pinned(
        f,
        Severity::Warning,
        &[1],
        "app -> DB: app may wait without bound: its timeouts here are none or disabled",
        "set a per-try timeout or a deadline on app -> DB",
    );
    assert!(report.rows[0].unbounded);
    let hop = &report.hops[0];
    assert_eq!((hop.worst_ms, hop.formula.as_str()), (None, "1 + ∞ = ∞ s"));
}

#[test]
fn an_unbounded_callee_fails_every_finite_wait() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("app -> DB", "statement timeout", "none"),
        ],
    );
    let lb_app = &report.hops[0];
    assert_eq!(
        (lb_app.verdict, lb_app.callee_worst_ms),
        (Verdict::Inverted, None)
    );
    let f = only(&report, "inversion.hop");
    assert_eq!(
        f.message,
        "LB waits 10.0 s for app, which may take ∞ plus a 1.0 s margin"
    );
}

#[test]
fn fewer_waits_than_tries_are_assumed_equal() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> api", "connect timeout", "1s"),
            Row::new("app -> api", "read timeout", "2s"),
            Row::new("app -> api", "tries", "4 tries, waits 0.5s"),
        ],
    );
    let f = only(&report, "tries.waits_assumed");
    pinned(
        f,
        Severity::Info,
        &[3],
        "row 3: fewer waits than tries − 1 for 4 tries; 0.5 s is assumed before each later try",
        "list every wait, e.g. waits 0.5s, 1s",
    );
    assert_eq!(report.hops[0].worst_ms, Some(3_000 * 4 + 1_500));
}

#[test]
fn a_hop_deadline_cuts_tries_and_says_how_many_fit() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> api", "connect timeout", "0.5s"),
            Row::new("app -> api", "read timeout", "1.5s"),
            Row::new("app -> api", "tries", "3 tries, waits 0.3s"),
            Row::new("app -> api", "deadline", "4.5s"),
        ],
    );
    let f = only(&report, "tries.cut_by_deadline");
    pinned(
        f,
        Severity::Info,
        &[1, 2, 3, 4],
        "app -> api: the deadline (4.5 s) cuts its 3 tries short: 2 tries fit",
        "configure 2 tries so that the last try is not cut off midway",
    );
    assert_eq!(f.tries_that_fit, Some(2));
    let hop = &report.hops[0];
    assert_eq!(hop.worst_ms, Some(4_500));
    assert_eq!(
        hop.formula,
        "min((0.5 + 1.5) × 3 + 0.3 + 0.3 = 6.6 s, deadline 4.5 s) = 4.5 s"
    );
}

#[test]
fn zero_slack_passes_with_an_info() {
    let report = run(
        Lang::En,
        vec![
            Row::new("client -> app", "deadline", "3s"),
            Row::new("app", "deadline", "2s"),
        ],
    );
    let f = only(&report, "slack.none");
    pinned(
        f,
        Severity::Info,
        &[1],
        "client -> app: the check passes with zero slack (deadline 3.0 ≥ 2.0 + 1.0)",
        "leave some slack: raise the bound a little or lower what it covers",
    );
    assert_eq!(
        report.hops[0].formula,
        "deadline 3.0 s; deadline 3.0 ≥ 2.0 + 1.0"
    );
}

#[test]
fn a_lower_bound_need_leaves_the_check_unknown_unless_it_fails_for_certain() {
    let unknown = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("app -> job", "read timeout", ">5s"),
            Row::new("app -> job", "connect timeout", "1s"),
        ],
    );
    assert_eq!(unknown.hops[0].verdict, Verdict::Unknown);
    assert_eq!(unknown.summary.errors, 0);

    let certain = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("app -> job", "read timeout", "100秒以上"),
            Row::new("app -> job", "connect timeout", "1s"),
        ],
    );
    assert_eq!(certain.hops[0].verdict, Verdict::Inverted);
    assert_eq!(only(&certain, "inversion.hop").short_by_ms, Some(92_000));
}

#[test]
fn a_range_counts_its_upper_end_as_a_need_and_its_lower_end_as_a_bound() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "20-30s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("app -> job", "read timeout", "12〜24秒"),
            Row::new("app -> job", "connect timeout", "1s"),
        ],
    );
    let lb_app = &report.hops[0];
    assert_eq!(
        (lb_app.wait_ms, lb_app.callee_worst_ms),
        (Some(20_000), Some(25_000))
    );
    assert_eq!(lb_app.verdict, Verdict::Inverted);
    assert_eq!(lb_app.worst_ms, Some(31_000));
}

#[test]
fn a_sheet_never_panics_on_cycles_and_empty_segments() {
    let report = run(
        Lang::En,
        vec![
            Row::new("a -> b", "read timeout", "1s"),
            Row::new("b -> a", "read timeout", "1s"),
            Row::new("", "read timeout", "1s"),
            Row::new("->", "tries", "0 tries"),
        ],
    );
    // `->` names no node (it is `segment.malformed`): only a and b.
    assert_eq!(report.nodes.len(), 2);
    assert_eq!(report.rows.len(), 4);
    assert!(on_rows(&report, "segment.malformed", &[4]));
}

#[test]
fn more_waits_than_tries_say_which_are_not_used() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> api", "per-try timeout", "1s"),
            Row::new("app -> api", "tries", "3 tries, waits 0.5s, 1s, 2s"),
        ],
    );
    let f = only(&report, "tries.waits_assumed");
    pinned(
        f,
        Severity::Info,
        &[2],
        "row 2: more waits than tries − 1 for 3 tries; the last 1 are not used",
        "list one wait fewer than the tries, or raise the tries",
    );
    assert_eq!(report.hops[0].worst_ms, Some(4_500));
}

#[test]
fn a_sum_past_u64_is_a_lower_bound_shown_as_one_and_the_node_is_inverted() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app", "deadline", "1s"),
            Row::new("app -> db", "connect timeout", "5000000000000h"),
            Row::new("app -> db", "read timeout", "5000000000000h"),
        ],
    );
    lacks(&report, &["value.unreadable"]);
    let hop = &report.hops[0];
    // 5000000000000 h is 18,000,000,000,000,000,000 ms; twice that is past u64::MAX, so the
    // sum is "at least u64::MAX ms": its number is that lower end, its text says `≥`.
    assert_eq!(report.rows[1].value_ms, Some(18_000_000_000_000_000_000));
    assert_eq!(hop.per_try_ms, Some(u64::MAX));
    assert_eq!(hop.worst_ms, Some(u64::MAX));
    assert_eq!(
        hop.formula,
        "18000000000000000 + 18000000000000000 = ≥ 18446744073709551.615 s"
    );
    let app = &report.nodes[0];
    assert_eq!(app.verdict, Verdict::Inverted);
    assert_eq!(app.need_ms, Some(u64::MAX));
    // The slack, 1,000 − u64::MAX ms, has no exact number in a signed 64-bit integer.
    assert_eq!(app.slack_ms, None);
    assert_eq!(app.formula, "db ≥ 18446744073709551.615 s > 1.0 s");
    let f = only(&report, "inversion.node");
    assert_eq!(f.need_ms, Some(u64::MAX));
    assert_eq!(f.short_by_ms, Some(u64::MAX - 1_000));
    assert_eq!(
        f.message,
        "app's deadline (1.0 s) ends before its calls may (≥ 5124095576030 h 25 min 51.615 s)"
    );
}

#[test]
fn a_segment_with_two_arrows_or_a_missing_end_is_a_finding_on_its_row() {
    let rows = vec![
        Row::new("app", "deadline", "8s"),
        Row::new("app -> db", "read timeout", "1s"),
        Row::new("app → db", "connect timeout", "1s"),
        Row::new("a -> b -> c", "read timeout", "1s"),
        Row::new("->", "read timeout", "1s"),
        Row::new(" -> x", "read timeout", "1s"),
        Row::new("x -> ", "read timeout", "1s"),
        Row::new("a => b to c", "read timeout", "1s"),
    ];
    let report = run(Lang::En, rows.clone());
    // The malformed rows make no node and no hop.
    let names: Vec<&str> = report.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["app", "db"]);
    assert_eq!(report.hops.len(), 1);
    let found: Vec<(&[usize], &str, Option<&str>)> = report
        .findings
        .iter()
        .filter(|f| f.code == "segment.malformed")
        .map(|f| (f.rows.as_slice(), f.message.as_str(), f.fix.as_deref()))
        .collect();
    let one_hop_per_row = Some("write one hop per row (`a -> b` on one row, `b -> c` on another), or a node's name alone without an arrow");
    assert_eq!(
        found,
        vec![
            (
                &[4][..],
                "row 4: segment `a -> b -> c` has 2 arrows; a hop names one caller and one callee: `a -> b`",
                one_hop_per_row
            ),
            (
                &[5][..],
                "row 5: segment `->` is an arrow alone; a hop names one caller and one callee: `a -> b`",
                Some("write the caller and the callee around the arrow, e.g. `app -> db`")
            ),
            (
                &[6][..],
                "row 6: segment `-> x` has no caller before its arrow; a hop names one caller and one callee: `a -> b`",
                Some("write the caller before the arrow, or a node's name alone without an arrow")
            ),
            (
                &[7][..],
                "row 7: segment `x ->` has no callee after its arrow; a hop names one caller and one callee: `a -> b`",
                Some("write the callee after the arrow, or a node's name alone without an arrow")
            ),
            (
                &[8][..],
                "row 8: segment `a => b to c` has 2 arrows; a hop names one caller and one callee: `a -> b`",
                one_hop_per_row
            ),
        ]
    );
    assert!(report
        .findings
        .iter()
        .filter(|f| f.code == "segment.malformed")
        .all(|f| f.severity == Severity::Warning));
    assert_eq!(
        report.rows[3].note.as_deref(),
        Some("row 4: segment `a -> b -> c` has 2 arrows; a hop names one caller and one callee: `a -> b`")
    );

    let ja = run(Lang::Ja, rows);
    let messages: Vec<(&str, Option<&str>)> = ja
        .findings
        .iter()
        .filter(|f| f.code == "segment.malformed")
        .map(|f| (f.message.as_str(), f.fix.as_deref()))
        .collect();
    assert_eq!(
        messages[..4],
        [
            (
                "4行目：区間「a -> b -> c」には矢印が2つあります。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）",
                Some("1行に1つのホップを書いてください（`a -> b` と `b -> c` は別の行に）。ノードなら矢印なしで名前だけを書きます")
            ),
            (
                "5行目：区間「->」は矢印だけです。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）",
                Some("矢印の前後に呼ぶ側と呼ばれる側を書いてください（例：`app -> db`）")
            ),
            (
                "6行目：区間「-> x」には矢印の前に呼ぶ側がありません。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）",
                Some("矢印の前に呼ぶ側を書くか、ノードなら矢印なしで名前だけを書いてください")
            ),
            (
                "7行目：区間「x ->」には矢印の後に呼ばれる側がありません。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）",
                Some("矢印の後に呼ばれる側を書くか、ノードなら矢印なしで名前だけを書いてください")
            ),
        ]
    );
}

/// The report's contract on every fixture: a finding's `short_by_ms` is `need_ms − bound_ms`
/// (a caller-covers-callee check's need includes queueing and the margin), a `slack.none`
/// finding's need equals its bound, and a node's slack is its deadline minus its need.
#[test]
fn the_numbers_of_every_finding_and_node_of_every_fixture_add_up() {
    let mut findings = 0;
    for (path, sheet) in fixture_sheets() {
        let report = check(&sheet);
        for f in &report.findings {
            if let Some(short) = f.short_by_ms {
                let (bound, need) = (f.bound_ms.unwrap(), f.need_ms.unwrap());
                assert_eq!(short, need - bound, "{}: {} {f:?}", path.display(), f.code);
                findings += 1;
            }
            if f.code == "slack.none" {
                assert_eq!(f.need_ms, f.bound_ms, "{}: {f:?}", path.display());
            }
        }
        for node in &report.nodes {
            if let (Some(deadline), Some(need), Some(slack)) =
                (node.deadline_ms, node.need_ms, node.slack_ms)
            {
                assert_eq!(
                    slack,
                    deadline as i64 - need as i64,
                    "{}: {}",
                    path.display(),
                    node.name
                );
            }
        }
    }
    assert!(
        findings >= 4,
        "the fixtures hold findings with numbers: {findings}"
    );
}

#[test]
fn a_tries_row_not_set_takes_its_default_column_and_says_so() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> api", "connect timeout", "0.5s"),
            Row::new("app -> api", "read timeout", "1.5s"),
            Row::new("app -> api", "tries and waits", "—").with_default("2 retries"),
        ],
    );
    let f = only(&report, "value.default_applied");
    pinned(
        f,
        Severity::Info,
        &[3],
        "row 3: no value set; the default column's 3 tries applies",
        "write the value in effect in the value column",
    );
    assert_eq!(f.hop.as_deref(), Some("app -> api"));
    assert_eq!(report.rows[2].note.as_deref(), Some(f.message.as_str()));
    // 2 retries are 3 tries: (0.5 + 1.5) × 3 = 6.0 s.
    assert_eq!(report.hops[0].tries, 3);
    assert_eq!(report.hops[0].worst_ms, Some(6_000));

    let ja = run(
        Lang::Ja,
        vec![Row::new("アプリ → API", "試行回数と待機", "").with_default("2 retries")],
    );
    assert_eq!(
        only(&ja, "value.default_applied").message,
        "1行目：設定値がないため、既定値の列の3回を使います"
    );
}

#[test]
fn a_tries_row_not_set_anywhere_takes_the_catalogs_default_and_names_it() {
    // HAProxy retries 3 times by default (on connection failures).
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "connect timeout", "1s").with_setting("timeout connect"),
            Row::new("LB -> app", "read timeout", "5s").with_setting("timeout server"),
            Row::new("LB -> app", "retries", "").with_setting("haproxy retries"),
        ],
    );
    let f = only(&report, "value.default_applied");
    assert_eq!(f.rows, [3]);
    assert!(
        f.message.starts_with(
            "row 3: no value set; HAProxy's documented default for retries, 4 tries, applies"
        ),
        "{}",
        f.message
    );
    assert_eq!(report.hops[0].tries, 4);
}

#[test]
fn a_none_deadline_is_no_bound_beside_connect_and_read() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("LB -> app", "read timeout", "5s"),
            Row::new("LB -> app", "deadline", "none"),
        ],
    );
    let f = only(&report, "read.interval_only");
    assert_eq!(f.hop.as_deref(), Some("LB -> app"));
    assert_eq!(f.rows, [1, 2, 3]);
    assert_eq!(f.need_ms, Some(6_000));
    // The caller waits for a response as long as its read timeout, not forever.
    let hop = &report.hops[0];
    assert_eq!((hop.wait_ms, hop.worst_ms), (Some(5_000), Some(6_000)));
    lacks(&report, &["unbounded"]);
}

#[test]
fn a_call_cycle_is_a_warning_naming_the_cycle_and_its_numbers_stay_finite() {
    let report = run(
        Lang::En,
        vec![
            Row::new("web -> orders", "read timeout", "10s"),
            Row::new("orders -> billing", "read timeout", "3s"),
            Row::new("orders -> billing", "tries and waits", "2 tries"),
            Row::new("billing -> orders", "read timeout", "2s"),
        ],
    );
    let f = only(&report, "graph.cycle");
    pinned(
        f,
        Severity::Warning,
        &[2, 4],
        "orders → billing → orders: the calls form a cycle: a request may come back to a node that is still waiting for it, so a retry there recurses and no worst case along the cycle is final",
        "break the cycle (a callback usually goes through a queue, or to a separate endpoint with its own deadline), or propagate the deadline so that each call gets only the time left",
    );
    assert_eq!(
        (f.node.as_deref(), f.hop.as_deref()),
        (Some("orders"), None)
    );
    // Each node's need counts its own calls' bounds: orders 3 × 2 = 6 s, billing 2 s.
    let need = |name: &str| {
        report
            .nodes
            .iter()
            .find(|n| n.name == name)
            .unwrap()
            .need_ms
    };
    assert_eq!(
        (need("orders"), need("billing")),
        (Some(6_000), Some(2_000))
    );

    let ja = run(Lang::Ja, vec![Row::new("a -> a", "read timeout", "1s")]);
    let f = only(&ja, "graph.cycle");
    assert_eq!(f.hop.as_deref(), Some("a -> a"));
    assert_eq!(
        f.message,
        "a → a：呼び出しが循環しています。リクエストが応答を待っているノードに戻ってくることがあり、そこでのリトライは再帰し、循環上の最悪時間は確定しません"
    );
}

#[test]
fn a_hop_reports_the_need_its_wait_is_checked_against() {
    // Golden G4: read 5.0 < 13.5 + 1.0: need 14.5 s, slack −9.5 s.
    let imported = budget::tsv::import(budget::example::INVERTED_LB).unwrap();
    let report = check(&Sheet::new(Lang::En, imported.rows));
    let hop = hop(&report, "LB -> app");
    assert_eq!(
        (hop.wait_ms, hop.need_ms, hop.slack_ms),
        (Some(5_000), Some(14_500), Some(-9_500))
    );
    // Queueing counts on the callee's side: 2 s + an 8 s deadline + 1 s margin = 11 s.
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "queueing time", "2s"),
            Row::new("app", "deadline", "8s"),
        ],
    );
    let hop = &report.hops[0];
    assert_eq!(
        (hop.callee_worst_ms, hop.need_ms, hop.slack_ms),
        (Some(8_000), Some(11_000), Some(-1_000))
    );
    let f = only(&report, "inversion.hop");
    assert_eq!(
        (f.bound_ms, f.need_ms, f.short_by_ms),
        (Some(10_000), Some(11_000), Some(1_000))
    );
}

#[test]
fn findings_about_the_rows_of_one_segment_name_it() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app", "own processing time", "ten"),
            Row::new("app -> db", "statement timeout", "30").with_setting("statement_timeout"),
            Row::new("", "read timeout", "soon"),
        ],
    );
    let places: Vec<(&str, Option<&str>, Option<&str>)> = report
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.node.as_deref(), f.hop.as_deref()))
        .collect();
    assert_eq!(
        places,
        vec![
            ("value.unreadable", Some("app"), None),
            ("value.implausible", None, Some("app -> db")),
            ("value.unreadable", None, None),
            ("value.unit_from_catalog", None, Some("app -> db")),
        ]
    );
}

#[test]
fn a_worker_whose_own_deadline_is_disabled_and_that_no_caller_caps_is_unbounded() {
    let worker = || {
        vec![
            Row::new("worker", "job deadline", "disabled"),
            Row::new("worker", "own processing time", "2s"),
        ]
    };
    let report = run(Lang::En, worker());
    let f = only(&report, "unbounded");
    pinned(
        f,
        Severity::Warning,
        &[1],
        "worker: may work without bound: its deadline is none or disabled and no caller's deadline reaches it",
        "set a deadline on worker, or propagate its caller's deadline to it",
    );
    assert_eq!(f.node.as_deref(), Some("worker"));
    let node = &report.nodes[0];
    assert_eq!(
        (node.verdict, node.need_ms, node.deadline_ms),
        (Verdict::Unbounded, Some(2_000), None)
    );
    let ja = run(Lang::Ja, worker());
    pinned(
        only(&ja, "unbounded"),
        Severity::Warning,
        &[1],
        "worker：期限がなし（無効）で、呼び出し元の期限も伝わらないため、無期限に処理を続けることがあります",
        "worker に期限を設定するか、呼び出し元の期限を伝えてください",
    );

    // `none` by the default column is no bound either.
    let by_default = run(
        Lang::En,
        vec![
            Row::new("worker", "job deadline", "—").with_default("none"),
            Row::new("worker", "own processing time", "2s"),
        ],
    );
    assert_eq!(only(&by_default, "unbounded").rows, [1]);
    assert_eq!(by_default.nodes[0].verdict, Verdict::Unbounded);

    // A caller that propagates its 5 s deadline caps it: nothing to say of the worker.
    let caller = vec![
        Row::new("api", "deadline", "5s"),
        Row::new("api", "deadline propagation", "yes"),
        Row::new("api -> worker", "read timeout", "3s"),
        Row::new("api -> worker", "connect timeout", "0.5s"),
    ];
    let capped = run(Lang::En, [caller, worker()].concat());
    lacks(&capped, &["unbounded"]);
    assert_eq!(capped.nodes[1].verdict, Verdict::Unchecked);
}

#[test]
fn a_default_cell_with_a_remark_applies_to_a_setting_of_no_budget_kind() {
    // Node's headersTimeout has no kind in the budget, but its default is still a value the
    // pair rule with keepAliveTimeout reads, and the row says where it came from.
    let on_node_10 = |mut r: Row| {
        r.location = "server.js (Node.js 10.14)".into();
        r
    };
    let report = run(
        Lang::En,
        vec![
            on_node_10(
                Row::new("app", "headers timeout", "—")
                    .with_setting("server.headersTimeout")
                    .with_default("40000ms (Node 10.14)"),
            ),
            on_node_10(
                Row::new("app", "keep-alive timeout", "65s")
                    .with_setting("server.keepAliveTimeout")
                    .with_default("5000"),
            ),
        ],
    );
    let f = only(&report, "value.default_applied");
    assert_eq!(f.rows, [1]);
    assert_eq!(
        f.message,
        "row 1: no value set; the default column's 40.0 s applies"
    );
    assert_eq!(report.rows[0].parsed, "40.0 s");
    let pair = only(&report, "setting.pair");
    assert_eq!(
        (pair.bound_ms, pair.need_ms, pair.short_by_ms),
        (Some(40_000), Some(65_000), Some(25_000))
    );
    // A value written is left as it was: no default, and no reading of its own.
    let written = run(
        Lang::En,
        vec![on_node_10(
            Row::new("app", "headers timeout", "60000")
                .with_setting("server.headersTimeout")
                .with_default("40000ms (Node 10.14)"),
        )],
    );
    assert!(written.findings.is_empty(), "{:#?}", written.findings);
    assert_eq!(written.rows[0].parsed, "");
}
