//! Fixes that are checked before they are offered (`budget::fix`): golden G2 and G4, an
//! option the engine refuses, and a property that applies every offered fix on random
//! designs.

use std::collections::HashSet;

use budget::fix::{CellChange, Fix};
use budget::{check, tsv, Column, Finding, Lang, Report, Row, Severity, Sheet};
use proptest::prelude::*;

use crate::design::design;
use crate::shapes::{all, reservation};

/// G1 with the external API's read timeout 3 s and 3 tries, waits 0.5 s and 1.0 s.
fn g2(lang: Lang) -> Sheet {
    let mut sheet = reservation(lang);
    sheet.rows[6].value = "3s".into();
    sheet.rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
    sheet
}

fn value(line: usize, from: &str, to: &str) -> CellChange {
    CellChange {
        line,
        column: Column::Value,
        from: from.into(),
        to: to.into(),
    }
}

fn fix(summary: &str, changes: Vec<CellChange>) -> Fix {
    Fix {
        summary: summary.into(),
        changes,
        caps: Vec::new(),
    }
}

/// The option that reduces app -> external API to 1 try, its tries on `line`: G2's tries of 3
/// with waits 0.5 s and 1.0 s.
fn fewer_api_tries(line: usize) -> Fix {
    fix(
        "reduce app -> external API to 1 try",
        vec![value(line, "3 tries, waits 0.5s, 1.0s", "1 try")],
    )
}

/// The option that raises G2's whole chain: the app's deadline to 15.5 s, the LB's read
/// timeout to `lb_read` and the browser's deadline to `browser`, as `summary` says.
fn g2_raises(summary: &str, lb_read: &str, browser: &str) -> Fix {
    fix(
        summary,
        vec![
            value(4, "8s", "15.5s"),
            value(3, "10s", lb_read),
            value(1, "12s", browser),
        ],
    )
}

/// `sheet` with every change of `fix` applied.
fn applied(sheet: &Sheet, fix: &Fix) -> Sheet {
    let mut changed = sheet.clone();
    for c in &fix.changes {
        *changed.rows[c.line - 1].cell_mut(c.column) = c.to.clone();
    }
    changed
}

/// Checks that `f` offers these fixes, and this fix text.
fn offers(f: &Finding, fixes: Vec<Fix>, text: &str) {
    assert_eq!(f.fixes, fixes, "{}", f.code);
    assert_eq!(f.fix.as_deref(), Some(text), "{}", f.code);
}

type Key = (budget::FindingCode, Option<String>, Option<String>);

fn key(f: &Finding) -> Key {
    (f.code, f.node.clone(), f.hop.clone())
}

fn errors(report: &Report) -> HashSet<Key> {
    report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(key)
        .collect()
}

#[test]
fn g2_offers_fewer_tries_or_the_whole_chain_of_raises() {
    let sheet = g2(Lang::En);
    let report = check(&sheet);
    let inversion = &report.findings[0];
    assert_eq!(inversion.code, "inversion.node");
    assert_eq!(
        inversion.fixes,
        vec![
            fewer_api_tries(8),
            // Raising the app's deadline alone would invert the LB's 10 s read timeout, and
            // raising that the browser's 12 s deadline: the option is the whole chain.
            g2_raises(
                "raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's deadline to 18.5 s",
                "16.5s",
                "18.5s",
            ),
        ]
    );

    // Each option, applied, leaves a sheet without errors.
    for f in &inversion.fixes {
        let after = check(&applied(&sheet, f));
        assert_eq!(after.summary.errors, 0, "{}", f.summary);
    }
    // Raising the app's deadline alone is not enough: the LB's read timeout inverts.
    let alone = fix("", vec![value(4, "8s", "15.5s")]);
    let after = check(&applied(&sheet, &alone));
    assert_eq!(
        after
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| (f.code.as_str(), f.hop.as_deref()))
            .collect::<Vec<_>>(),
        vec![("inversion.hop", Some("LB -> app"))]
    );
}

#[test]
fn a_raise_that_would_make_another_inversion_worse_takes_that_layer_in_too() {
    // G2 with a margin of 1.5 s: the browser's 12.0 s deadline is already short of the LB's
    // 11.0 s and the margin, by 0.5 s. Raising the app's deadline and the LB's read timeout
    // alone would leave the browser short by 7.5 s: the chain raises the browser too.
    let sheet = Sheet {
        margin_ms: 1_500,
        ..g2(Lang::En)
    };
    let report = check(&sheet);
    let short = |report: &Report, code: &str, at: &str| {
        report
            .findings
            .iter()
            .find(|f| {
                f.code == code && (f.node.as_deref() == Some(at) || f.hop.as_deref() == Some(at))
            })
            .and_then(|f| f.short_by_ms)
    };
    assert_eq!(short(&report, "inversion.hop", "browser -> LB"), Some(500));
    let app = all(&report, "inversion.node")[0];
    assert_eq!(
        app.fixes,
        vec![
            fewer_api_tries(8),
            g2_raises(
                "raise app's deadline to 15.5 s, LB -> app's read timeout to 17.0 s and browser -> LB's deadline to 19.5 s",
                "17s",
                "19.5s",
            ),
        ]
    );
    // Neither option leaves the browser shorter than it was.
    let reduced = check(&applied(&sheet, &app.fixes[0]));
    assert_eq!(short(&reduced, "inversion.hop", "browser -> LB"), Some(500));
    let raised = check(&applied(&sheet, &app.fixes[1]));
    assert_eq!(raised.summary.errors, 0);
}

#[test]
fn g2_on_the_japanese_sheet_writes_cells_in_its_style() {
    let report = check(&g2(Lang::Ja));
    let inversion = &report.findings[0];
    assert_eq!(
        inversion.fixes,
        vec![
            fix(
                "アプリ → 外部API を1回の試行に減らしてください",
                vec![value(8, "3 tries, waits 0.5s, 1.0s", "1回")],
            ),
            fix(
                "アプリの期限を15.5秒に、LB → アプリ の読み取りタイムアウトを16.5秒に、ブラウザ → LB の全体期限を18.5秒に上げてください",
                vec![
                    value(4, "8秒", "15.5秒"),
                    value(3, "10秒", "16.5秒"),
                    value(1, "12秒", "18.5秒"),
                ],
            ),
        ]
    );
}

#[test]
fn g4_offers_the_lbs_read_timeout_or_fewer_tries_behind_the_app() {
    let sheet = Sheet::new(
        Lang::En,
        tsv::import(budget::example::INVERTED_LB).unwrap().rows,
    );
    let report = check(&sheet);
    let f = &report.findings[0];
    assert_eq!(f.code, "inversion.hop");
    offers(
        f,
        vec![
            fix(
                "raise LB -> app's read timeout to 14.5 s",
                vec![value(2, "5s", "14.5s")],
            ),
            // 5.0 s less the 1.0 s margin leaves 4.0 s for the app: one try of 1 + 3.
            fewer_api_tries(5),
        ],
        "raise LB -> app's read timeout to 14.5 s, or reduce app -> external API to 1 try",
    );
}

#[test]
fn the_tries_that_fit_leave_room_for_the_queueing_before_the_callee() {
    // G4 with the LB's read timeout 10 s and 3 s of queueing before the app: the app may take
    // 13.5 s, so the LB needs 3 + 13.5 + 1 = 17.5 s. 10 s less the 1.0 s margin and the 3 s
    // of queueing leaves 6 s for the app: one try of 1 + 3 fits, two (8.5 s) do not.
    let mut rows = tsv::import(budget::example::INVERTED_LB).unwrap().rows;
    rows[1].value = "10s".into();
    rows.push(Row::new("LB -> app", "queueing time", "3s"));
    let sheet = Sheet::new(Lang::En, rows);
    let report = check(&sheet);
    let f = &report.findings[0];
    assert_eq!(
        (f.code.as_str(), f.bound_ms, f.need_ms, f.tries_that_fit),
        ("inversion.hop", Some(10_000), Some(17_500), Some(1))
    );
    assert_eq!(
        f.fixes,
        vec![
            fix(
                "raise LB -> app's read timeout to 17.5 s",
                vec![value(2, "10s", "17.5s")],
            ),
            fewer_api_tries(5),
        ]
    );
}

#[test]
fn upstream_pods_are_not_cut_like_tries() {
    // ingress-nginx tries the next of 3 pods: 3 × (5 s + 60 s) = 195 s behind a client that
    // waits 100 s. "1 try fits" in the numbers, but the three are pods, not a tries row, so
    // the only checked fix raises the client's deadline to 195 s plus the 1.0 s margin.
    let text = include_str!("../../../fixtures/ingress-nginx-upstreams.tsv");
    let sheet = Sheet::new(Lang::En, tsv::import(text).unwrap().rows);
    let report = check(&sheet);
    let f = &report.findings[0];
    assert_eq!(
        (f.code.as_str(), f.tries_that_fit, f.bound_ms, f.need_ms),
        ("inversion.hop", Some(1), Some(100_000), Some(196_000))
    );
    offers(
        f,
        vec![fix(
            "raise client -> ingress's deadline to 3 min 16 s",
            vec![value(1, "100s", "196s")],
        )],
        "raise client -> ingress's deadline to 3 min 16 s",
    );
}

#[test]
fn an_option_that_inverts_another_layer_is_not_offered() {
    // G1 with the LB's read timeout 5 s: the LB gives up before the app's 8 s deadline plus
    // the 1 s margin. Lowering the app's deadline to 4 s would fit the LB but invert the
    // app's own 7.8 s need, so only the raise is offered.
    let mut sheet = reservation(Lang::En);
    sheet.rows[2].value = "5s".into();
    let report = check(&sheet);
    let f = &report.findings[0];
    assert_eq!(
        (f.code.as_str(), f.hop.as_deref(), f.bound_ms, f.need_ms),
        ("inversion.hop", Some("LB -> app"), Some(5_000), Some(9_000))
    );
    assert_eq!(
        f.fixes,
        vec![fix(
            "raise LB -> app's read timeout to 9.0 s",
            vec![value(3, "5s", "9s")],
        )]
    );
    let mut lowered = sheet.clone();
    lowered.rows[3].value = "4s".into();
    assert!(check(&lowered)
        .findings
        .iter()
        .any(|f| f.code == "inversion.node" && f.node.as_deref() == Some("app")));
}

#[test]
fn past_the_re_check_budget_an_inversion_gets_advice_without_numbers() {
    // G2 padded to more than MAX_FIX_ROWS rows: verifying a fix would re-check them all, so
    // none is offered, and the fix text names no number it has not checked.
    let mut sheet = g2(Lang::En);
    let filler = Row::new("notes", "comment", "");
    sheet.rows.resize(budget::fix::MAX_FIX_ROWS + 1, filler);
    let report = check(&sheet);
    let f = &report.findings[0];
    assert_eq!(
        (f.code.as_str(), f.short_by_ms),
        ("inversion.node", Some(7_500))
    );
    offers(f, vec![], "lower the bounds of the calls this node makes, or raise its deadline and every layer above it with it");
}

/// A four-layer design ([`design`]) on a sheet in either language.
fn design_sheet() -> impl Strategy<Value = Sheet> {
    (design(), prop_oneof![Just(Lang::En), Just(Lang::Ja)]).prop_map(|(d, lang)| d.sheet(lang))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every offered fix, applied to the sheet, removes its finding and creates no error; each
    /// change names the cell's text as it is; an inversion without fixes has advice.
    #[test]
    fn every_offered_fix_removes_its_finding_and_creates_no_error(sheet in design_sheet()) {
        let report = check(&sheet);
        let before = errors(&report);
        for f in &report.findings {
            for fix in &f.fixes {
                for c in &fix.changes {
                    prop_assert_eq!(sheet.rows[c.line - 1].cell(c.column), c.from.as_str());
                }
                let after = check(&applied(&sheet, fix));
                prop_assert!(!after.findings.iter().any(|g| key(g) == key(f)), "{} stays after {}", f.code, fix.summary);
                for e in errors(&after) {
                    prop_assert!(before.contains(&e), "{:?} appears after {}", e, fix.summary);
                }
            }
            if f.code.is_inversion() {
                prop_assert!(f.fix.is_some());
            }
        }
    }
}

/// G1 with nginx's default 60 s `proxy_read_timeout` in front of the app's 8 s deadline.
fn g1_with_nginx_default_read(lang: Lang) -> Sheet {
    let mut sheet = reservation(lang);
    sheet.rows[2].value = "60s".into();
    sheet
}

#[test]
fn an_inner_bound_longer_than_its_callee_needs_is_offered_lowered() {
    let sheet = g1_with_nginx_default_read(Lang::En);
    let report = check(&sheet);
    let inversion = &report.findings[0];
    assert_eq!(
        (inversion.code.as_str(), inversion.hop.as_deref()),
        ("inversion.hop", Some("browser -> LB"))
    );
    assert_eq!(
        inversion.message,
        "browser waits 12.0 s for LB, which may take 1 min 1 s plus a 1.0 s margin"
    );
    // The LB waits 60 s for an app that gives up after 8 s: 9 s (8 s and the 1 s margin) is
    // all it needs, and then the browser's 12 s covers the LB's 1 + 9 = 10 s.
    offers(
        inversion,
        vec![
            fix(
                "raise browser -> LB's deadline to 1 min 2 s",
                vec![value(1, "12s", "62s")],
            ),
            fix(
                "lower LB -> app's read timeout to 9.0 s",
                vec![value(3, "60s", "9s")],
            ),
        ],
        "raise browser -> LB's deadline to 1 min 2 s, or lower LB -> app's read timeout to 9.0 s",
    );
    for f in &inversion.fixes {
        assert_eq!(
            check(&applied(&sheet, f)).summary.errors,
            0,
            "{}",
            f.summary
        );
    }

    let ja = check(&g1_with_nginx_default_read(Lang::Ja));
    assert_eq!(
        ja.findings[0].fixes[1],
        fix(
            "LB → アプリ の読み取りタイムアウトを9.0秒に下げてください",
            vec![value(3, "60s", "9秒")]
        )
    );
}

/// A Cloudflare zone in front of nginx in front of the app: Cloudflare waits 100 s for
/// nginx, which waits `read` for the app, whose deadline is `deadline`.
fn behind_cloudflare(lang: Lang, read: &str, deadline: &str) -> Sheet {
    let text = format!(
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
         1\tbrowser -> CDN\toverall deadline\tfetch AbortSignal.timeout\tnone\t150s\tfront end\t\n\
         2\tCDN -> nginx\tread timeout\tCloudflare Proxy Read Timeout\t100s\t100s\tCloudflare zone\t\n\
         3\tnginx -> app\tconnect timeout\tproxy_connect_timeout\t60s\t1s\tnginx.conf\t\n\
         3\tnginx -> app\tread timeout\tproxy_read_timeout\t60s\t{read}\tnginx.conf\t\n\
         4\tapp\trequest deadline\tin-app deadline\tnone\t{deadline}\tapp middleware\t\n"
    );
    Sheet::new(lang, tsv::import(&text).unwrap().rows)
}

#[test]
fn a_raise_above_a_providers_cap_says_so_beside_the_lowering_option() {
    let sheet = behind_cloudflare(Lang::En, "120s", "90s");
    let report = check(&sheet);
    let inversion = &report.findings[0];
    assert_eq!(
        inversion.message,
        "CDN waits 1 min 40 s for nginx, which may take 2 min 1 s plus a 1.0 s margin"
    );
    let over = budget::fix::OverCap {
        line: 2,
        product: "Cloudflare".into(),
        setting: "proxy_read_timeout (Proxy Read Timeout)".into(),
        cap_ms: 100_000,
        to_ms: 122_000,
        source: "https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/error-524/".into(),
    };
    assert_eq!(
        inversion.fixes,
        vec![
            Fix {
                summary: "raise CDN -> nginx's read timeout to 2 min 2 s; Cloudflare allows at \
                          most 1 min 40 s for proxy_read_timeout (Proxy Read Timeout) outside \
                          Enterprise plans (an Enterprise zone may set up to 6,000 s)"
                    .into(),
                changes: vec![value(2, "100s", "122s")],
                caps: vec![over.clone()],
            },
            fix(
                "lower nginx -> app's read timeout to 1 min 31 s",
                vec![value(4, "120s", "91s")]
            ),
        ]
    );
    let json = serde_json::to_value(&inversion.fixes).unwrap();
    assert_eq!(json[0]["caps"][0]["cap_ms"], 100_000);
    assert!(json[1].get("caps").is_none(), "{json}");

    let ja = check(&behind_cloudflare(Lang::Ja, "120s", "90s"));
    assert_eq!(
        ja.findings[0].fixes[0].summary,
        "CDN -> nginx の読み取りタイムアウトを2分2秒に上げてください（ただし Cloudflare の \
         proxy_read_timeout (Proxy Read Timeout) は最大1分40秒：Enterprise 以外のプラン。\
         Enterprise のゾーンは 6,000 秒まで設定可）"
    );
    assert_eq!(ja.findings[0].fixes[0].caps, vec![over]);
}

#[test]
fn lowering_inner_bounds_is_offered_only_when_it_closes_the_inversion() {
    // The app's 110 s deadline leaves nginx's read only 9 s of slack: lowered to 111 s, nginx
    // still takes 112 s, past Cloudflare's 100 s. Only the raise is left.
    let report = check(&behind_cloudflare(Lang::En, "120s", "110s"));
    let summaries: Vec<&str> = report.findings[0]
        .fixes
        .iter()
        .map(|f| f.summary.as_str())
        .collect();
    assert_eq!(
        summaries,
        vec![
            "raise CDN -> nginx's read timeout to 2 min 2 s; Cloudflare allows at most 1 min 40 s for \
             proxy_read_timeout (Proxy Read Timeout) outside Enterprise plans (an Enterprise \
             zone may set up to 6,000 s)"
        ]
    );
}
