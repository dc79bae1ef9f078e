//! The rulebook's kinds and findings (`budget-model.md`, marked R), each on a small sheet
//! with its exact numbers, message and fix.

use budget::{check, Finding, Lang, Report, Row, Severity, Sheet, Verdict};

fn run(lang: Lang, rows: Vec<Row>) -> Report {
    check(&Sheet::new(lang, rows))
}

use crate::shapes::{all, only};

fn numbers(f: &Finding) -> (Option<u64>, Option<u64>, Option<u64>) {
    (f.bound_ms, f.need_ms, f.short_by_ms)
}

#[test]
fn idle_timeouts_the_wrong_way_round_are_an_error() {
    let report = run(
        Lang::En,
        vec![
            Row::new("ALB -> app", "idle timeout (caller)", "60s"),
            Row::new("ALB -> app", "keep-alive timeout (callee)", "5s"),
        ],
    );
    let f = only(&report, "idle.direction");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(f.rows, vec![1, 2]);
    assert_eq!(numbers(f), (Some(5_000), Some(60_000), Some(55_000)));
    assert_eq!(f.message, "ALB -> app: app keeps idle connections 5.0 s, not longer than ALB's 1 min: ALB may send on a connection app is closing (502 / reset)");
    assert_eq!(f.fix.as_deref(), Some("keep app's idle connections longer than ALB's, e.g. 1 min 5 s, or lower ALB's idle timeout below 5.0 s"));
}

#[test]
fn equal_idle_timeouts_fail_and_a_longer_callee_passes() {
    let equal = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "keep-alive (client)", "60s"),
            Row::new("LB -> app", "keep-alive (server)", "60s"),
        ],
    );
    assert_eq!(
        numbers(only(&equal, "idle.direction")),
        (Some(60_000), Some(60_000), Some(0))
    );
    let longer = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "keep-alive (client)", "60s"),
            Row::new("LB -> app", "keep-alive (server)", "65s"),
        ],
    );
    assert!(all(&longer, "idle.direction").is_empty());
}

#[test]
fn idle_sides_come_from_the_catalog_and_from_node_rows() {
    // Node's keepAliveTimeout is the callee side, on the app's own rows; the ALB's idle
    // timeout is the caller side, on the hop.
    let report = run(
        Lang::Ja,
        vec![
            Row::new("ALB → アプリ", "アイドルタイムアウト", "60")
                .with_setting("idle_timeout.timeout_seconds"),
            Row {
                location: "server.js".into(),
                ..Row::new("アプリ", "キープアライブ", "5000")
                    .with_setting("server.keepAliveTimeout")
            },
        ],
    );
    let f = only(&report, "idle.direction");
    assert_eq!(numbers(f), (Some(5_000), Some(60_000), Some(55_000)));
    assert_eq!(f.message, "ALB → アプリ：アプリのアイドル接続の保持（5.0秒）がALBの1分より長くありません。ALBが閉じかけの接続に送ることがあります（502／リセット）");
}

#[test]
fn a_hop_bounded_only_by_intervals_is_read_interval_only() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> api", "connect timeout", "1s"),
            Row::new("app -> api", "read timeout", "3s"),
        ],
    );
    let f = only(&report, "read.interval_only");
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.need_ms, Some(4_000));
    assert_eq!(f.message, "app -> api: bounded only by connect and read timeouts, which are intervals: a peer that sends a byte every few seconds holds the call far past 4.0 s");
    assert_eq!(
        f.fix.as_deref(),
        Some("add a per-try timeout or a deadline on app -> api, or a deadline on app")
    );

    // A deadline on the caller, or on the callee, or on the hop, bounds the total.
    for extra in [
        Row::new("app", "deadline", "8s"),
        Row::new("api", "deadline", "2s"),
        Row::new("app -> api", "deadline", "5s"),
    ] {
        let mut rows = vec![
            Row::new("app -> api", "connect timeout", "1s"),
            Row::new("app -> api", "read timeout", "3s"),
        ];
        rows.push(extra);
        assert!(all(&run(Lang::En, rows), "read.interval_only").is_empty());
    }
}

#[test]
fn a_lock_timeout_not_below_the_statement_timeout_is_a_warning() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> DB", "statement timeout", "2s").with_setting("statement_timeout"),
            Row::new("app -> DB", "lock timeout", "2s").with_setting("lock_timeout"),
        ],
    );
    let f = only(&report, "lock.not_below_statement");
    assert_eq!(f.rows, vec![1, 2]);
    assert_eq!(numbers(f), (Some(2_000), Some(2_000), Some(0)));
    assert_eq!(f.message, "app -> DB: the lock timeout (2.0 s) is not below the statement timeout (2.0 s): a lock wait and a slow statement can no longer be told apart");
    assert_eq!(
        f.fix.as_deref(),
        Some("set the lock timeout below the statement timeout, e.g. 1.0 s")
    );
    // The golden sheet's 1 s below 2 s passes; and setting.pair does not say it twice.
    assert!(all(&report, "setting.pair").is_empty());
}

#[test]
fn attempts_multiply_along_a_path() {
    let report = run(
        Lang::En,
        vec![
            Row::new("gateway -> api", "per-try timeout", "10s"),
            Row::new("gateway -> api", "tries", "3 tries"),
            Row::new("api -> queue", "per-try timeout", "1s"),
            Row::new("api -> queue", "tries", "6 tries"),
        ],
    );
    let f = only(&report, "retry.amplification");
    assert_eq!(f.node.as_deref(), Some("queue"));
    assert_eq!(f.rows, vec![2, 4]);
    assert_eq!((f.threshold, f.attempts), (Some(3), Some(18)));
    assert_eq!((f.bound_ms, f.need_ms), (None, None));
    assert_eq!(
        f.message,
        "queue may receive 18 attempts for one request (3 × 6), more than the sheet's threshold of 3"
    );
    // 3 attempts at one layer are within the threshold.
    let three = run(
        Lang::En,
        vec![
            Row::new("a -> b", "per-try timeout", "1s"),
            Row::new("a -> b", "tries", "3 tries"),
        ],
    );
    assert!(all(&three, "retry.amplification").is_empty());
}

#[test]
fn the_amplification_threshold_is_the_sheets() {
    let rows = tight_rows();
    // A threshold of 18 lets the queue's 18 attempts through; 17 does not, and says so.
    let lenient = check(&Sheet {
        amplification_threshold: 18,
        ..Sheet::new(Lang::En, rows.clone())
    });
    assert!(all(&lenient, "retry.amplification").is_empty());
    let strict = check(&Sheet {
        amplification_threshold: 17,
        ..Sheet::new(Lang::En, rows.clone())
    });
    let f = only(&strict, "retry.amplification");
    assert_eq!((f.threshold, f.attempts), (Some(17), Some(18)));
    assert_eq!(
        f.message,
        "queue may receive 18 attempts for one request (3 × 6), more than the sheet's threshold of 17"
    );
    // A threshold of 2 also flags the api's 3 attempts.
    let tight = check(&Sheet {
        amplification_threshold: 2,
        ..Sheet::new(Lang::En, rows)
    });
    let flagged: Vec<_> = all(&tight, "retry.amplification")
        .iter()
        .map(|f| (f.node.clone().unwrap_or_default(), f.attempts))
        .collect();
    assert_eq!(
        flagged,
        [
            ("api".to_string(), Some(3)),
            ("queue".to_string(), Some(18))
        ]
    );
    // One layer's attempts need no product in parentheses.
    assert_eq!(
        all(&tight, "retry.amplification")[0].message,
        "api may receive 3 attempts for one request, more than the sheet's threshold of 2"
    );
    let ja = check(&Sheet {
        amplification_threshold: 2,
        ..Sheet::new(Lang::Ja, tight_rows())
    });
    let messages: Vec<&str> = all(&ja, "retry.amplification")
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "apiには1件のリクエストにつき最大3回の試行が届きます。シートのしきい値2回を超えています",
            "queueには1件のリクエストにつき最大18回の試行が届きます（3 × 6）。シートのしきい値2回を超えています",
        ]
    );
}

/// The sheet of `the_amplification_threshold_is_the_sheets`: 3 tries, then 6.
fn tight_rows() -> Vec<Row> {
    vec![
        Row::new("gateway -> api", "per-try timeout", "10s"),
        Row::new("gateway -> api", "tries", "3 tries"),
        Row::new("api -> queue", "per-try timeout", "1s"),
        Row::new("api -> queue", "tries", "6 tries"),
    ]
}

#[test]
fn retrying_a_non_idempotent_call_without_a_key_is_unsafe() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> payments", "per-try timeout", "2s"),
            Row::new("app -> payments", "tries", "2 tries"),
            Row::new("app -> payments", "idempotency", "non-idempotent"),
        ],
    );
    let f = only(&report, "retry.unsafe");
    assert_eq!(f.rows, vec![2, 3]);
    assert_eq!((f.attempts, f.need_ms), (Some(2), None));
    assert_eq!(f.message, "app -> payments may be tried 2 times but is marked non-idempotent without an idempotency key: a retried request may be applied twice");
    let keyed = run(
        Lang::En,
        vec![
            Row::new("app -> payments", "per-try timeout", "2s"),
            Row::new("app -> payments", "tries", "2 tries"),
            Row::new("payments", "idempotency", "idempotency key"),
        ],
    );
    assert!(all(&keyed, "retry.unsafe").is_empty());
    // The mark may sit on the callee's own rows; a proxy's upstream targets are tries too.
    let proxied = run(
        Lang::Ja,
        vec![
            Row::new("LB -> 決済", "読み取りタイムアウト", "2秒"),
            Row::new("LB -> 決済", "接続タイムアウト", "1秒"),
            Row::new("LB -> 決済", "上流サーバー数", "2"),
            Row::new("決済", "冪等性", "非冪等"),
        ],
    );
    let f = only(&proxied, "retry.unsafe");
    assert_eq!(f.message, "LB -> 決済 は最大2回試行されますが、非冪等でキーもありません。再試行されたリクエストが二重に適用されることがあります");
}

#[test]
fn a_product_that_retries_by_default_is_retry_hidden() {
    // Istio retries twice by default; a VirtualService's per-try timeout with no attempts row.
    let report = run(
        Lang::En,
        vec![Row::new("mesh -> app", "per-try timeout", "2s").with_setting("perTryTimeout")],
    );
    let f = only(&report, "retry.hidden");
    assert_eq!(f.rows, vec![1]);
    assert_eq!(
        f.message,
        "mesh -> app: Istio retries by default (3 tries, HTTPRetry.attempts, on connect-failure, refused-stream, unavailable, 503) and the sheet says nothing of it"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("write Istio's tries and waits and its retry conditions on mesh -> app, or turn its retries off")
    );
    // The default retries are documented where the catalog found them.
    assert_eq!(
        f.source.as_deref(),
        Some("https://pub.dev/documentation/kubernetes/0.1.4/istio_v1beta1/HTTPRetry/perTryTimeout.html")
    );
    // Saying it on the sheet silences it.
    let said = run(
        Lang::En,
        vec![
            Row::new("mesh -> app", "per-try timeout", "2s").with_setting("perTryTimeout"),
            Row::new("mesh -> app", "tries", "1 try").with_setting("retries.attempts"),
        ],
    );
    assert!(all(&said, "retry.hidden").is_empty());
    // nginx retries only on another upstream server, which needs several: an upstreams row
    // names them. On one server it never retries, so nothing is hidden.
    let nginx = run(
        Lang::En,
        vec![Row::new("LB -> app", "read timeout", "10s").with_setting("proxy_read_timeout")],
    );
    assert!(all(&nginx, "retry.hidden").is_empty());
}

#[test]
fn implausible_values_are_units_gone_wrong() {
    let cases = [
        ("read timeout", "", "50ms", "under 100 ms"),
        (
            "connect timeout",
            "",
            "500us",
            "under 1 ms (counted as 1 ms)",
        ),
        ("deadline", "", "2d", "over 24 h"),
    ];
    for (item, setting, value, reason) in cases {
        let report = run(
            Lang::En,
            vec![Row::new("a -> b", item, value).with_setting(setting)],
        );
        let f = only(&report, "value.implausible");
        assert!(
            f.message
                .ends_with(&format!("is {reason}: almost always a unit mistake")),
            "{}",
            f.message
        );
    }
    // A 50 ms connect timeout is ordinary on a LAN.
    assert!(all(
        &run(
            Lang::En,
            vec![Row::new("a -> b", "connect timeout", "50ms")]
        ),
        "value.implausible"
    )
    .is_empty());
    let fifty = run(Lang::En, vec![Row::new("a -> b", "read timeout", "50ms")]);
    let f = only(&fifty, "value.implausible");
    assert_eq!(
        f.message,
        "row 1: \"50ms\" as a read timeout is under 100 ms: almost always a unit mistake"
    );
    assert_eq!(f.bound_ms, Some(50));
}

#[test]
fn node_headers_timeout_must_exceed_its_keep_alive_timeout() {
    // The rule comes from a bug fixed in Node.js 12.19: it holds for the versions before.
    let report = run(
        Lang::En,
        vec![
            Row {
                location: "server.js (Node.js 12.18)".into(),
                ..Row::new("LB -> app", "keep-alive timeout", "65000")
                    .with_setting("server.keepAliveTimeout")
            },
            Row {
                location: "server.js".into(),
                ..Row::new("LB -> app", "headers timeout", "60000")
                    .with_setting("server.headersTimeout")
            },
        ],
    );
    let f = only(&report, "setting.pair");
    assert_eq!(f.rows, vec![1, 2]);
    assert_eq!((f.bound_ms, f.need_ms), (Some(60_000), Some(65_000)));
    assert!(f.message.starts_with("Node.js: server.headersTimeout (1 min) must be longer than server.keepAliveTimeout (1 min 5 s): "), "{}", f.message);
    // The rule's own source, not one of the two settings'.
    assert_eq!(
        f.source.as_deref(),
        Some("https://github.com/nodejs/node/issues/27363")
    );
}

#[test]
fn node_headers_timeout_rule_holds_only_before_12_19() {
    let sheet = |location: &str| {
        let at = |item: &str, setting: &str, value: &str| Row {
            location: location.into(),
            ..Row::new("LB -> app", item, value).with_setting(setting)
        };
        run(
            Lang::En,
            vec![
                at("keep-alive timeout", "server.keepAliveTimeout", "65000"),
                at("headers timeout", "server.headersTimeout", "60000"),
            ],
        )
    };
    let pairs = |location: &str| all(&sheet(location), "setting.pair").len();
    assert_eq!(pairs("server.js (Node.js 12.18)"), 1);
    assert_eq!(pairs("server.js (node v10.24.1)"), 1);
    // Fixed from 12.19 on; a row with no version is on the newest release.
    assert_eq!(pairs("server.js (Node.js 12.19)"), 0);
    assert_eq!(pairs("server.js (Node.js 18)"), 0);
    assert_eq!(pairs("server.js"), 0);
}

#[test]
fn a_queue_redelivers_a_job_still_running() {
    let report = run(
        Lang::En,
        vec![
            Row::new("queue -> worker", "visibility timeout", "30s"),
            Row::new("worker", "job deadline", "60s"),
        ],
    );
    let f = only(&report, "queue.redelivery");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(numbers(f), (Some(30_000), Some(61_000), Some(31_000)));
    assert_eq!(f.message, "queue -> worker: the queue redelivers a job after 30.0 s, but worker may take 1 min plus a 1.0 s margin: the job runs twice");
    assert!(all(&report, "inversion.hop").is_empty());
}

#[test]
fn upstream_targets_multiply_the_worst_case() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "connect timeout", "5s"),
            Row::new("LB -> app", "read timeout", "60s"),
            Row::new("LB -> app", "upstream servers", "3"),
            Row::new("LB -> app", "tries", "2 tries, waits 1s"),
        ],
    );
    let hop = &report.hops[0];
    // Each target: (5 + 60) × 2 + 1 = 131 s; three targets in turn: 393 s, 6 attempts.
    assert_eq!((hop.worst_ms, hop.tries), (Some(393_000), 6));
    assert_eq!(hop.formula, "((5 + 60) × 2 + 1) × 3 upstreams = 393.0 s");
}

#[test]
fn a_retry_window_stops_new_tries() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "upstream servers", "4"),
            Row::new("LB -> app", "next-upstream timeout", "15s"),
        ],
    );
    // 4 × 11 = 44 s, but no try starts after 15 s: at most 15 + 11 = 26 s.
    assert_eq!(report.hops[0].worst_ms, Some(26_000));
    assert_eq!(
        report.hops[0].formula,
        "min((1 + 10) × 4 upstreams = 44.0 s, window 15 + 11.0 s) = 26.0 s"
    );
}

#[test]
fn queueing_time_counts_on_the_callees_side() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "read timeout", "10s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("LB -> app", "queueing time", "2s"),
            Row::new("app", "deadline", "8s"),
        ],
    );
    let hop = &report.hops[0];
    // 10 < 2 + 8 + 1.
    assert_eq!(
        (hop.verdict, hop.slack_ms),
        (Verdict::Inverted, Some(-1_000))
    );
    assert_eq!(hop.callee_worst_ms, Some(8_000));
    assert!(
        hop.formula.ends_with("read 10.0 < 2 + 8.0 + 1.0"),
        "{}",
        hop.formula
    );
}

#[test]
fn calls_in_one_parallel_group_count_their_longest() {
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> a", "per-try timeout", "3s"),
            Row::new("app -> a", "parallel group", "fan-out"),
            Row::new("app -> b", "per-try timeout", "4.3s"),
            Row::new("app -> b", "parallel group", "fan-out"),
            Row::new("app -> c", "per-try timeout", "1s"),
            Row::new("app", "own processing time", "0.5s"),
        ],
    );
    let app = &report.nodes[0];
    assert_eq!((app.inner_ms, app.need_ms), (Some(5_300), Some(5_800)));
    assert_eq!(app.formula, "c 1.0 + max(a 3.0, b 4.3) + own 0.5 = 5.8 s");
}

#[test]
fn a_propagated_deadline_cuts_tries_instead_of_inverting() {
    let rows = |propagates: &str| {
        vec![
            Row::new("app", "deadline", "8s"),
            Row::new("app", "deadline propagation", propagates),
            Row::new("app -> api", "per-try timeout", "3.5s"),
            Row::new("app -> api", "tries", "3 tries, waits 0.5s, 1s"),
        ]
    };
    let cut = run(Lang::En, rows("yes"));
    assert!(all(&cut, "inversion.node").is_empty());
    let f = only(&cut, "tries.cut_by_deadline");
    assert_eq!(
        (f.bound_ms, f.need_ms, f.tries_that_fit),
        (Some(8_000), Some(12_000), Some(2))
    );
    assert_eq!(f.message, "app propagates its deadline (8.0 s): its calls may need 12.0 s, so the deadline cuts them short; 2 tries of app -> api fit");
    assert_eq!(cut.nodes[0].verdict, Verdict::Ok);
    let inverted = run(Lang::En, rows("no"));
    assert_eq!(only(&inverted, "inversion.node").tries_that_fit, Some(2));
}

#[test]
fn unreadable_rulebook_values_are_findings() {
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "upstream servers", "many"),
            Row::new("LB -> app", "idempotency", "perhaps"),
            Row::new("app", "deadline propagation", "sometimes"),
        ],
    );
    let messages: Vec<&str> = all(&report, "value.unreadable")
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        messages,
        vec![
            "row 1: \"many\" cannot be read as a number of upstream servers",
            "row 2: \"perhaps\" cannot be read as idempotency",
            "row 3: \"sometimes\" cannot be read as yes or no",
        ]
    );
}

#[test]
fn a_generic_timeout_item_is_never_ignored() {
    // "response timeout" is an interval: the LB's 5 s read against an app that may take 30 s.
    let report = run(
        Lang::En,
        vec![
            Row::new("LB -> app", "response timeout", "5s"),
            Row::new("LB -> app", "connect timeout", "1s"),
            Row::new("app", "request deadline", "30s"),
        ],
    );
    assert_eq!(report.rows[0].kind, budget::Kind::Read);
    assert_eq!(only(&report, "inversion.hop").short_by_ms, Some(26_000));
    // A bare "timeout" bounds one try.
    let report = run(
        Lang::Ja,
        vec![Row::new("アプリ -> API", "タイムアウト", "3秒")],
    );
    assert_eq!(report.rows[0].kind, budget::Kind::Attempt);
    assert_eq!(report.hops[0].worst_ms, Some(3_000));
}

#[test]
fn sheet_settings_are_read_from_text_or_refused_with_a_reason() {
    assert_eq!(budget::read_margin("1.5s"), Ok(1_500));
    assert_eq!(budget::read_margin("０．５秒"), Ok(500));
    assert_eq!(budget::read_margin("0s"), Ok(0));
    assert_eq!(
        budget::read_margin(" 2 ").unwrap_err().to_string(),
        "the margin \"2\" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒"
    );
    assert_eq!(budget::read_amplification_threshold(" 10 "), Ok(10));
    assert_eq!(
        budget::read_amplification_threshold("0").unwrap_err().to_string(),
        "the amplification threshold \"0\" is not a number of attempts: write a whole number of at least 1, e.g. 3"
    );
    assert!(budget::read_amplification_threshold("3.5").is_err());
    assert!(budget::read_amplification_threshold("-1").is_err());
}

#[test]
fn more_tries_than_a_sheet_can_budget_are_a_finding_not_a_crash() {
    // Kafka's producer default, written as a count: one wait per try would need gigabytes.
    let report = run(
        Lang::En,
        vec![
            Row::new("app -> kafka", "per-try timeout", "30s"),
            Row::new("app -> kafka", "tries", "2147483647 retries").with_setting("retries"),
        ],
    );
    let f = only(&report, "value.unreadable");
    assert_eq!(f.rows, vec![2]);
    assert_eq!(
        f.message,
        "row 2: 2147483648 tries are more than the 1000 a sheet can budget"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("retries this many are bounded by time, not count: write the deadline or retry window that stops them, and the tries that fit in it")
    );
    // 1,000 tries are still read; three layers of them multiply without overflowing.
    let layers = run(
        Lang::En,
        vec![
            Row::new("a -> b", "per-try timeout", "1ms"),
            Row::new("a -> b", "tries", "1000 tries"),
            Row::new("b -> c", "per-try timeout", "1ms"),
            Row::new("b -> c", "tries", "1000 tries"),
            Row::new("c -> d", "per-try timeout", "1ms"),
            Row::new("c -> d", "tries", "1000 tries"),
            Row::new("d -> e", "per-try timeout", "1ms"),
            Row::new("d -> e", "tries", "1000 tries"),
        ],
    );
    assert!(all(&layers, "value.unreadable").is_empty());
    let e = all(&layers, "retry.amplification")
        .into_iter()
        .find(|f| f.node.as_deref() == Some("e"))
        .expect("e is flagged");
    assert_eq!(e.attempts, Some(1_000_000_000_000));
}

#[test]
fn sheet_settings_beyond_their_maxima_are_refused_naming_the_maximum() {
    assert_eq!(budget::MAX_MARGIN_MS, 86_400_000);
    assert_eq!(budget::MAX_AMPLIFICATION_THRESHOLD, 1_000_000);
    assert_eq!(budget::read_margin("24h"), Ok(86_400_000));
    assert_eq!(budget::read_margin("1d"), Ok(86_400_000));
    for (text, shown) in [
        ("18446744073709551615ms", "18446744073709551615ms"),
        (" 86400001ms ", "86400001ms"),
        ("25時間", "25時間"),
        ("99999999999999999999d", "99999999999999999999d"),
    ] {
        let err = budget::read_margin(text).unwrap_err();
        assert_eq!(err, budget::SettingError::MarginTooLong(shown.to_string()));
        assert_eq!(
            err.to_string(),
            format!("the margin {shown:?} is too long: the margin must be at most 24 h")
        );
    }
    assert_eq!(
        budget::read_amplification_threshold("1000000"),
        Ok(1_000_000)
    );
    assert_eq!(
        budget::read_amplification_threshold("１０００００１"),
        Err(budget::SettingError::AmplificationThresholdTooLarge(
            "１０００００１".into()
        ))
    );
    assert_eq!(
        budget::read_amplification_threshold("18446744073709551616")
            .unwrap_err()
            .to_string(),
        "the amplification threshold \"18446744073709551616\" is too large: the amplification threshold must be at most 1000000 attempts"
    );
}
