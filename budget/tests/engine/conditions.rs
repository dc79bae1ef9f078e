//! Retry conditions (`budget-model.md` §4.1): golden G6 and G7 on
//! `fixtures/redirector-retries.tsv` as exact assertions, the HAProxy variant, a Japanese
//! sheet, nginx on a POST hop, and the property that a late condition never costs less.

use budget::{check, tsv, FindingCode, HopReport, Lang, Repeats, Row, Sheet, Verdict};

use crate::shapes::{codes, first, hop, lacks, worst_terms};

fn sheet(text: &str) -> Sheet {
    let imported = tsv::import(text).expect("fixture reads");
    Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows)
}

/// The redirector sheet with its `retry on` row's value replaced by `retry_on`.
fn redirector(retry_on: &str) -> Sheet {
    let mut s = sheet(budget::example::REDIRECTOR_RETRIES);
    let row = s
        .rows
        .iter_mut()
        .find(|r| r.item == "retry on")
        .expect("a retry on row");
    row.value = retry_on.to_string();
    s
}

const INNER: &str = "web server -> web container";
const OUTER: &str = "browser -> web server";

/// The inner hop of a Japanese sheet.
const JA_INNER: &str = "ウェブサーバー -> ウェブコンテナ";

/// The rows of [`JA_INNER`]: a 5 s connect and a 30 s read timeout, 4 tries, and the retry
/// conditions `retry_on`.
fn ja_inner(retry_on: &str) -> Vec<Row> {
    vec![
        Row::new(JA_INNER, "接続タイムアウト", "5秒"),
        Row::new(JA_INNER, "読み取りタイムアウト", "30秒"),
        Row::new(JA_INNER, "試行回数と待機", "4回"),
        Row::new(JA_INNER, "再試行の条件", retry_on),
    ]
}

/// What a hop's retries repeat, and its worst case.
fn repeats_and_worst(hop: &HopReport) -> (Repeats, Option<u64>) {
    (hop.repeats, hop.worst_ms)
}

#[test]
fn g6_retries_that_never_reach_the_callee_cost_only_their_early_phase() {
    let report = check(&sheet(budget::example::REDIRECTOR_RETRIES));
    let inner = hop(&report, INNER);
    assert_eq!(inner.per_try_ms, Some(35_000));
    assert_eq!(inner.repeats, Repeats::Early);
    assert_eq!(
        inner.retry_on,
        ["connect-failure", "connect-timeout", "header-send"]
    );
    assert_eq!(inner.early_ms, Some(15_000));
    assert_eq!(inner.tries, 8);
    assert_eq!(inner.worst_ms, Some(140_000));
    assert_eq!(inner.attempts, 1);
    assert_eq!(inner.formula, "(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s");
    let outer = hop(&report, OUTER);
    assert_eq!(outer.callee_worst_ms, Some(140_000));
    assert_eq!(
        (outer.wait_ms, outer.need_ms, outer.slack_ms, outer.verdict),
        (Some(150_000), Some(141_000), Some(9_000), Verdict::Ok)
    );
    assert_eq!(codes(&report), [("read.interval_only", Some(INNER))]);
}

#[test]
fn g6_the_early_phase_and_the_worst_case_name_their_rows() {
    let report = check(&sheet(budget::example::REDIRECTOR_RETRIES));
    let inner = hop(&report, INNER);
    let early: Vec<(Option<u64>, Vec<usize>)> = inner
        .trace
        .early
        .iter()
        .map(|t| (t.value_ms, t.rows.clone()))
        .collect();
    assert_eq!(early, [(Some(5_000), vec![2]), (Some(10_000), vec![3])]);
    let worst = worst_terms(&report, inner);
    assert_eq!(
        worst,
        [
            (Some(15_000), None, vec![2, 3]),
            (None, None, vec![6]),
            (Some(35_000), None, vec![2, 4]),
            (None, Some(8), vec![5, 7]),
        ]
    );
}

#[test]
fn g6_with_haproxys_default_connect_failure_alone_costs_the_connect_bound() {
    let report = check(&redirector("connect-failure"));
    let inner = hop(&report, INNER);
    assert_eq!(
        (inner.early_ms, inner.worst_ms),
        (Some(5_000), Some(70_000))
    );
    assert_eq!(inner.formula, "(2 × 4 − 1) × 5 + (5 + 30) = 70.0 s");
    assert_eq!(hop(&report, OUTER).slack_ms, Some(79_000));
}

#[test]
fn g7_retries_on_everything_repeat_whole_tries() {
    let report = check(&redirector("4xx, 5xx, timeout"));
    let inner = hop(&report, INNER);
    assert_eq!(inner.repeats, Repeats::Whole);
    assert_eq!(inner.early_ms, None);
    assert_eq!(inner.worst_ms, Some(280_000));
    assert_eq!(inner.attempts, 8);
    assert_eq!(inner.formula, "((5 + 30) × 4) × 2 upstreams = 280.0 s");
    let outer = hop(&report, OUTER);
    assert_eq!(outer.verdict, Verdict::Inverted);
    let inversion = first(&report, FindingCode::InversionHop);
    assert_eq!(
        (inversion.bound_ms, inversion.need_ms, inversion.short_by_ms),
        (Some(150_000), Some(281_000), Some(131_000))
    );
    let mut found = codes(&report);
    found.sort();
    assert_eq!(
        found,
        [
            ("inversion.hop", Some(OUTER)),
            ("read.interval_only", Some(INNER)),
            ("retry.amplification", Some("web container")),
            ("retry.pointless", Some(INNER)),
            ("retry.unsafe", Some(INNER)),
        ]
    );
    let amplification = first(&report, FindingCode::RetryAmplification);
    assert_eq!(
        (amplification.attempts, amplification.threshold),
        (Some(8), Some(3))
    );
    let pointless = first(&report, FindingCode::RetryPointless);
    assert_eq!(pointless.rows, [6]);
    assert_eq!(
        pointless.message,
        "web server -> web container retries on 4xx: a rejected request fails the same way again"
    );
    assert_eq!(
        pointless.fix.as_deref().unwrap_or_default(),
        "retry on 408 and 429 (after Retry-After) and on failures where the request was not processed"
    );
    let unsafe_retry = first(&report, FindingCode::RetryUnsafe);
    assert_eq!(unsafe_retry.rows, [5, 6, 7, 8]);
}

#[test]
fn refused_conditions_repeat_whole_tries_but_are_safe() {
    let report = check(&redirector("connect-failure, 429, 408"));
    let inner = hop(&report, INNER);
    assert_eq!(repeats_and_worst(inner), (Repeats::Whole, Some(280_000)));
    lacks(&report, &["retry.unsafe", "retry.pointless"]);
}

#[test]
fn an_unknown_condition_is_unreadable_on_its_row_and_counts_whole_tries() {
    let report = check(&redirector("connect-failure, sometimes"));
    let inner = hop(&report, INNER);
    assert_eq!(repeats_and_worst(inner), (Repeats::Whole, Some(280_000)));
    let f = first(&report, FindingCode::ValueUnreadable);
    assert_eq!(f.rows, [6]);
    assert_eq!(
        f.message,
        "row 6: \"sometimes\" is not a retry condition, so \"connect-failure, sometimes\" cannot be read; the hop's retries are counted as whole tries"
    );
    assert_eq!(report.rows[5].parsed, "?");
}

#[test]
fn a_japanese_sheet_reads_its_conditions_and_writes_them_back() {
    let seg = JA_INNER;
    let rows = [
        vec![Row::new("ブラウザ -> ウェブサーバー", "全体期限", "150秒")],
        ja_inner("接続失敗、タイムアウト"),
    ]
    .concat();
    let report = check(&Sheet::new(Lang::Ja, rows.clone()));
    let inner = hop(&report, seg);
    assert_eq!(inner.retry_on, ["connect-failure", "timeout"]);
    assert_eq!(repeats_and_worst(inner), (Repeats::Whole, Some(140_000)));
    assert_eq!(report.rows[4].parsed, "接続失敗、タイムアウト");
    // Connect failures alone: 3 failed connects and one whole try.
    let mut early = rows;
    early[4].value = "接続失敗、接続タイムアウト".into();
    let report = check(&Sheet::new(Lang::Ja, early));
    let inner = hop(&report, seg);
    assert_eq!(repeats_and_worst(inner), (Repeats::Early, Some(50_000)));
    assert_eq!(inner.formula, "(1 × 4 − 1) × 5 + (5 + 30) = 50.0秒");
}

#[test]
fn nested_layers_repeat_the_early_only_innermost_layer_whole() {
    // The redirector's 4 early-only tries on 2 containers (140 s), inside a client's 2
    // whole tries waiting 1 s: 140 × 2 + 1 = 281 s; the client's tries deliver twice.
    let mut s = sheet(budget::example::REDIRECTOR_RETRIES);
    s.rows.insert(
        5,
        Row::new(INNER, "tries and waits", "2 tries, waits 1s").with_setting("client retries"),
    );
    let report = check(&s);
    let inner = hop(&report, INNER);
    assert_eq!(inner.worst_ms, Some(281_000));
    assert_eq!(inner.attempts, 2);
    assert_eq!(
        inner.formula,
        "((2 × 4 − 1) × (5 + 10) + (5 + 30)) × 2 + 1 = 281.0 s"
    );
}

#[test]
fn waits_between_early_tries_count_on_every_target() {
    let mut s = redirector("connect-failure");
    s.rows[4].value = "3 tries, waits 1s, 2s".into();
    let report = check(&s);
    let inner = hop(&report, INNER);
    // (2 × 3 − 1) × 5 + 35 + 2 × (1 + 2) = 66 s.
    assert_eq!(inner.worst_ms, Some(66_000));
    assert_eq!(
        inner.formula,
        "(2 × 3 − 1) × 5 + (5 + 30) + 2 × (1 + 2) = 66.0 s"
    );
}

/// nginx in front of 3 app servers on a POST, its `proxy_next_upstream` as given.
fn nginx_post(next_upstream: &str) -> Sheet {
    let seg = "nginx -> app";
    let mut idem = Row::new(seg, "idempotency", "non-idempotent");
    idem.location = "reservations are created by POST".into();
    Sheet::new(
        Lang::En,
        vec![
            Row::new("client -> nginx", "deadline", "100s"),
            Row::new(seg, "connect timeout", "5s").with_setting("proxy_connect_timeout"),
            Row::new(seg, "read timeout", "60s").with_setting("proxy_read_timeout"),
            Row::new(seg, "upstream servers", "3"),
            Row::new(seg, "retry on", next_upstream).with_setting("proxy_next_upstream"),
            idem,
        ],
    )
}

#[test]
fn nginx_passes_a_post_to_the_next_server_only_when_it_was_not_sent() {
    // Without non_idempotent nginx retries a POST only when connecting failed: 2 failed
    // connects of 5 s and one whole try of 65 s.
    let report = check(&nginx_post("error timeout"));
    let h = hop(&report, "nginx -> app");
    assert_eq!(h.retry_on, ["connect-failure", "connect-timeout"]);
    assert_eq!((h.repeats, h.early_ms), (Repeats::Early, Some(5_000)));
    assert_eq!(h.worst_ms, Some(75_000));
    assert_eq!(h.formula, "(3 × 1 − 1) × 5 + (5 + 60) = 75.0 s");
    assert_eq!(h.attempts, 1);
    lacks(&report, &["retry.unsafe"]);
    assert_eq!(report.rows[4].parsed, "error, timeout");
}

#[test]
fn nginx_with_non_idempotent_repeats_the_post_on_every_server() {
    let report = check(&nginx_post("error timeout non_idempotent"));
    let h = hop(&report, "nginx -> app");
    assert_eq!(h.retry_on, ["error", "timeout"]);
    assert_eq!(repeats_and_worst(h), (Repeats::Whole, Some(195_000)));
    assert_eq!(h.attempts, 3);
    let f = first(&report, FindingCode::RetryUnsafe);
    assert_eq!(f.rows, [4, 5, 6]);
    assert_eq!(
        report
            .findings
            .iter()
            .find(|f| f.code == FindingCode::InversionHop)
            .map(|f| f.short_by_ms),
        Some(Some(96_000))
    );
}

mod property {
    use super::*;
    use proptest::prelude::*;

    /// Early words and the late word that replaces them.
    const EARLY: [&str; 4] = [
        "connect-failure",
        "connect-timeout",
        "refused-stream",
        "header-send",
    ];

    proptest! {
        /// Replacing every early condition by `timeout` never lowers a hop's worst case.
        #[test]
        fn a_late_condition_never_costs_less_than_an_early_one(
            connect in 0u64..20_000,
            send in 0u64..20_000,
            read in 1u64..60_000,
            tries in 1u32..6,
            wait in 0u64..3_000,
            upstreams in 1u32..5,
            words in proptest::sample::subsequence(EARLY.to_vec(), 1..=4),
            nested in proptest::option::of(1u32..4),
        ) {
            let seg = "a -> b";
            let mut rows = vec![
                Row::new(seg, "connect timeout", &format!("{connect}ms")),
                Row::new(seg, "send timeout", &format!("{send}ms")),
                Row::new(seg, "read timeout", &format!("{read}ms")),
                Row::new(seg, "tries and waits", &format!("{tries} tries, waits {wait}ms")),
                Row::new(seg, "upstream servers", &upstreams.to_string()),
                Row::new(seg, "retry on", &words.join(", ")),
            ];
            if let Some(n) = nested {
                rows.push(Row::new(seg, "tries and waits", &format!("{n} tries")));
            }
            let early = check(&Sheet::new(Lang::En, rows.clone()));
            rows[5].value = "timeout".into();
            let late = check(&Sheet::new(Lang::En, rows));
            let (e, l) = (&early.hops[0], &late.hops[0]);
            prop_assert!(e.worst_ms.is_some() && l.worst_ms.is_some());
            prop_assert!(e.worst_ms <= l.worst_ms, "{} vs {}", e.formula, l.formula);
            prop_assert!(e.attempts <= l.attempts);
        }
    }
}

#[test]
fn without_a_row_the_conditions_are_the_products_documented_default() {
    // HAProxy retries 3 times on conn-failure by default: 3 failed connects of 5 s and one
    // whole try of 5 + 30 s.
    let seg = "haproxy -> app";
    let report = check(&Sheet::new(
        Lang::En,
        vec![
            Row::new("client -> haproxy", "deadline", "60s"),
            Row::new(seg, "connect timeout", "5s").with_setting("timeout connect"),
            Row::new(seg, "read timeout", "30s").with_setting("timeout server"),
            Row::new(seg, "tries", "3 retries").with_setting("retries"),
        ],
    ));
    let h = hop(&report, seg);
    assert_eq!(h.retry_on, ["connect-failure"]);
    assert_eq!(
        (h.repeats, h.worst_ms, h.attempts),
        (Repeats::Early, Some(50_000), 1)
    );
    assert_eq!(h.formula, "(1 × 4 − 1) × 5 + (5 + 30) = 50.0 s");
}

#[test]
fn nginx_without_a_row_sends_a_post_to_the_next_server_only_unsent() {
    // nginx's default proxy_next_upstream is error timeout; on a POST it passes the request on
    // only when it was not sent.
    let mut sheet = nginx_post("error timeout");
    sheet.rows.remove(4);
    let report = check(&sheet);
    let h = hop(&report, "nginx -> app");
    assert_eq!(h.retry_on, ["connect-failure", "connect-timeout"]);
    assert_eq!((h.worst_ms, h.attempts), (Some(75_000), 1));
    // The same hop on an idempotent GET repeats whole tries on every server.
    sheet.rows[4].value = "idempotent".into();
    let report = check(&sheet);
    let h = hop(&report, "nginx -> app");
    assert_eq!(h.retry_on, ["error", "timeout"]);
    assert_eq!((h.worst_ms, h.attempts), (Some(195_000), 3));
}

#[test]
fn every_documented_default_of_a_conditions_setting_reads() {
    let mut read = 0;
    for e in budget::catalog::entries() {
        if e.kind == budget::Kind::RetryOn && !e.default.is_empty() {
            let on = budget::retry_on::read(e.default)
                .unwrap_or_else(|w| panic!("{} {}: {w:?} is no condition", e.product, e.name));
            assert!(!on.conditions.is_empty(), "{} {}", e.product, e.name);
            read += 1;
        }
    }
    // nginx proxy_next_upstream, uwsgi_next_upstream, fastcgi_next_upstream and
    // grpc_next_upstream, HAProxy retry-on, Istio retryOn, ingress-nginx's
    // proxy-next-upstream annotation and ConfigMap key.
    assert_eq!(read, 8);
}

#[test]
fn the_findings_of_conditions_speak_japanese_on_a_japanese_sheet() {
    let sheet = |retry_on: &str| Sheet::new(Lang::Ja, ja_inner(retry_on));
    let report = check(&sheet("4xx、タイムアウト"));
    let f = first(&report, FindingCode::RetryPointless);
    assert_eq!(
        f.message,
        "ウェブサーバー -> ウェブコンテナ は4xxで再試行します。拒否されたリクエストは再試行しても同じように失敗します"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("再試行は408と429（Retry-Afterの後）、およびリクエストが処理されなかった失敗に限ってください")
    );
    let report = check(&sheet("接続失敗、ときどき"));
    let f = first(&report, FindingCode::ValueUnreadable);
    assert_eq!(
        f.message,
        "4行目：「ときどき」は再試行の条件ではないため、「接続失敗、ときどき」を読めません。この区間の再試行は試行全体の繰り返しとして数えます"
    );
}

#[test]
fn off_retries_nothing_the_tries_and_targets_make_one_try() {
    // nginx `proxy_next_upstream off`: one server, one try, however many are listed.
    let report = check(&redirector("off"));
    let inner = hop(&report, INNER);
    assert_eq!(inner.repeats, Repeats::NoRetries);
    assert_eq!(
        (inner.worst_ms, inner.tries, inner.attempts),
        (Some(35_000), 1, 1)
    );
    assert_eq!(inner.formula, "no retries: 5 + 30 = 35.0 s");
    assert_eq!(report.rows[5].parsed, "off");
    lacks(&report, &["retry.unsafe", "value.unreadable"]);
    // The conditions row is part of the worst case's trace.
    assert!(inner.trace.worst.iter().any(|t| t.rows == [6]));
}

#[test]
fn a_bare_count_on_a_setting_that_counts_retries_is_retries() {
    // HAProxy `retries 3` is 3 retries: 4 tries, as `3 retries` reads.
    let seg = "haproxy -> app";
    let sheet = |tries: &str| {
        Sheet::new(
            Lang::En,
            vec![
                Row::new(seg, "connect timeout", "5s").with_setting("timeout connect"),
                Row::new(seg, "read timeout", "30s").with_setting("timeout server"),
                Row::new(seg, "tries", tries).with_setting("haproxy retries"),
            ],
        )
    };
    let bare = check(&sheet("3"));
    let h = hop(&bare, seg);
    assert_eq!((h.tries, h.worst_ms), (4, Some(50_000)));
    assert_eq!(
        bare.rows[2].note.as_deref(),
        Some("HAProxy retries counts retries: a bare 3 is 4 tries")
    );
    assert_eq!(hop(&check(&sheet("3 retries")), seg).worst_ms, Some(50_000));
}

#[test]
fn nginx_next_upstream_tries_count_across_the_servers() {
    // proxy_next_upstream_tries 2 with 3 servers: 2 tries in all, one on each of 2 servers.
    let seg = "nginx -> app";
    let sheet = |tries: &str, idem: &str| {
        Sheet::new(
            Lang::En,
            vec![
                Row::new(seg, "connect timeout", "5s").with_setting("proxy_connect_timeout"),
                Row::new(seg, "read timeout", "60s").with_setting("proxy_read_timeout"),
                Row::new(seg, "upstream servers", "3"),
                Row::new(seg, "tries", tries).with_setting("proxy_next_upstream_tries"),
                Row::new(seg, "idempotency", idem),
            ],
        )
    };
    let report = check(&sheet("2", "idempotent"));
    let h = hop(&report, seg);
    assert_eq!((h.tries, h.worst_ms, h.attempts), (2, Some(130_000), 2));
    assert_eq!(h.formula, "(5 + 60) × 2 (across 3 upstreams) = 130.0 s");
    // A limit above the servers is every server once.
    let h = check(&sheet("5", "idempotent")).hops.remove(0);
    assert_eq!((h.tries, h.worst_ms), (3, Some(195_000)));
    // On a POST nginx passes the request on only when it was not sent: early only.
    let h = check(&sheet("2", "non-idempotent")).hops.remove(0);
    assert_eq!(
        (h.repeats, h.worst_ms, h.attempts),
        (Repeats::Early, Some(70_000), 1)
    );
    assert_eq!(
        h.formula,
        "(1 × 2 − 1) × 5 + (5 + 60) (across 3 upstreams) = 70.0 s"
    );
}

#[test]
fn an_inversion_by_early_only_retries_offers_the_tries_that_fit_on_each_target() {
    // G6 behind a 100 s browser: 2 tries on each container fit, (2 × 2 − 1) × 15 + 35 = 80 s
    // plus the 1 s margin; 3 would be 110 s.
    let mut s = sheet(budget::example::REDIRECTOR_RETRIES);
    s.rows[0].value = "100s".into();
    let report = check(&s);
    let f = first(&report, FindingCode::InversionHop);
    assert_eq!(
        (f.bound_ms, f.need_ms, f.short_by_ms, f.tries_that_fit),
        (Some(100_000), Some(141_000), Some(41_000), Some(2))
    );
    let summaries: Vec<&str> = f.fixes.iter().map(|x| x.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "raise browser -> web server's deadline to 2 min 21 s",
            "reduce web server -> web container to 2 tries"
        ]
    );
    let cut = &f.fixes[1].changes[0];
    assert_eq!((cut.line, cut.to.as_str()), (5, "2 tries"));
}

#[test]
fn laravels_retry_after_breaks_its_pair_with_a_worker_that_has_no_timeout() {
    // `queue:work --timeout 0` is no timeout: a job may outlive retry_after and run twice.
    let seg = "queue -> worker";
    let sheet = |timeout: &str| {
        let mut visibility = Row::new(seg, "visibility timeout", "90s").with_setting("retry_after");
        visibility.location = "config/queue.php".into();
        let mut worker = Row::new(seg, "deadline", timeout).with_setting("queue:work --timeout");
        worker.location = "artisan queue:work".into();
        check(&Sheet::new(Lang::En, vec![visibility, worker]))
    };
    let report = sheet("0");
    let f = first(&report, FindingCode::SettingPair);
    assert_eq!(f.rows, [1, 2]);
    assert_eq!(
        (f.bound_ms, f.need_ms, f.short_by_ms),
        (Some(90_000), None, None)
    );
    assert!(
        f.message.starts_with(
            "Laravel queue: retry_after (1 min 30 s) must be longer than queue:work --timeout (∞)"
        ),
        "{}",
        f.message
    );
    // A bounded --timeout below retry_after passes.
    lacks(&sheet("60"), &["setting.pair"]);
}
