//! A catalog entry applies only to a row of its own product (`budget-model.md` §7): a row that
//! names another product (in its layer, location or setting) takes nothing of the entry whose
//! setting name it shares, and every row's note says which entry applies, or which does not
//! and why.

use budget::catalog::{self, Match};
use budget::{check, Lang, Report, Row, Sheet};

use crate::shapes::all;

/// The imported row: Cloudflare's Proxy Read Timeout, written with nginx's setting name.
fn cloudflare_row(location: &str) -> Row {
    Row::new("CDN -> nginx", "read timeout", "100s")
        .with_setting("proxy_read_timeout (Proxy Read Timeout)")
        .with_default("100s")
        .with_location(location)
}

/// The browser's 120 s deadline on `browser -> CDN`, then `row`.
fn sheet(lang: Lang, cdn: Row) -> Report {
    check(&Sheet::new(
        lang,
        vec![
            Row::new("browser -> CDN", "deadline", "120s").with_location("front"),
            cdn,
        ],
    ))
}

/// The note of the Cloudflare row set at `location` on the Japanese sheet.
fn japanese_note(location: &str) -> String {
    let report = sheet(Lang::Ja, cloudflare_row(location));
    report.rows[1].note.clone().expect("a note")
}

fn codes(report: &Report) -> Vec<&str> {
    report.findings.iter().map(|f| f.code.as_str()).collect()
}

#[test]
fn a_cloudflare_row_with_nginxs_setting_name_takes_nothing_of_nginx() {
    let report = sheet(Lang::En, cloudflare_row("Cloudflare zone"));
    // No inversion: the CDN hop is its 100 s read timeout, with no connect bound of nginx's.
    assert!(
        !codes(&report).iter().any(|c| c.starts_with("inversion")),
        "{:#?}",
        report.findings
    );
    assert!(
        !report
            .findings
            .iter()
            .any(|f| f.code.as_str() == "value.default_applied"),
        "{:#?}",
        report.findings
    );
    let cdn = &report.hops[1];
    assert_eq!(cdn.segment, "CDN -> nginx");
    assert_eq!(cdn.worst_ms, Some(100_000));
    let browser = &report.hops[0];
    assert_eq!(browser.worst_ms, Some(120_000));
    // The connect bound is missing, not nginx's 60 s: the sheet says so instead.
    assert_eq!(codes(&report), ["bound.missing", "read.interval_only"]);
    let r = &report.rows[1];
    assert_eq!(r.value_ms, Some(100_000));
    assert_eq!(r.source, None);
    assert_eq!(
        r.note.as_deref(),
        Some("not nginx's proxy_read_timeout: the row names Cloudflare")
    );
    assert_eq!(
        japanese_note("Cloudflare zone"),
        "nginxのproxy_read_timeoutとはみなしません。行にCloudflareとあります"
    );
}

#[test]
fn the_same_row_set_in_nginx_takes_nginxs_facts_and_says_so() {
    let report = sheet(Lang::En, cloudflare_row("nginx"));
    let r = &report.rows[1];
    assert_eq!(r.note.as_deref(), Some("nginx: proxy_read_timeout"));
    assert_eq!(
        r.source.as_deref(),
        Some("https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout")
    );
    // nginx's 60 s connect default joins the 100 s read timeout: 160 s on the CDN hop.
    let applied: Vec<&str> = all(&report, "value.default_applied")
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(applied.len(), 1, "{applied:?}");
    assert!(applied[0].contains("nginx"), "{applied:?}");
    assert_eq!(report.hops[1].worst_ms, Some(160_000));
    // With nginx's facts, the browser's 120 s is short of 160 s and a 1 s margin.
    let inversion: Vec<_> = all(&report, "inversion.hop")
        .iter()
        .map(|f| (f.bound_ms, f.need_ms, f.short_by_ms, f.fix.as_deref()))
        .collect();
    assert_eq!(
        inversion,
        [(
            Some(120_000),
            Some(161_000),
            Some(41_000),
            Some("raise browser -> CDN's deadline to 2 min 41 s")
        )]
    );
    assert_eq!(
        japanese_note("nginx"),
        "カタログ：nginxのproxy_read_timeout"
    );
}

#[test]
fn a_setting_name_two_products_share_picks_none_unless_the_row_says_which() {
    // The product the catalog picks for a row naming `setting` at `location`.
    let product = |setting: &str, location: &str| {
        let row = Row::new("", "", "")
            .with_setting(setting)
            .with_location(location);
        catalog::lookup(&row).map(|e| e.product)
    };
    // Node.js and Tomcat both document keepAliveTimeout.
    let shared = |location: &str| product("keepAliveTimeout", location);
    assert_eq!(shared(""), None);
    assert_eq!(shared("somewhere"), None);
    assert_eq!(shared("server.js"), Some("Node.js"));
    assert_eq!(shared("conf/server.xml"), Some("Tomcat"));
    // libpq and MySQL both document connect_timeout.
    let connect = |location: &str| product("connect_timeout", location);
    assert_eq!(connect(""), None);
    assert_eq!(connect("my.cnf"), Some("MySQL"));
    assert_eq!(connect("libpq connection string"), Some("libpq"));
    // In a sheet, the unpicked row has no catalog note and no catalog default.
    let report = check(&Sheet::new(
        Lang::En,
        vec![Row::new("lb -> app", "idle timeout", "").with_setting("keepAliveTimeout")],
    ));
    assert_eq!(report.rows[0].note, None);
    assert_eq!(report.rows[0].value_ms, None);
    assert_eq!(report.rows[0].source, None);
}

#[test]
fn a_layer_named_after_another_product_takes_nothing_of_nginx() {
    let haproxy = Row::new("lb -> app", "", "30")
        .with_layer("HAProxy")
        .with_setting("proxy_read_timeout");
    let Match::OtherProduct { entry, named } = catalog::match_row(&haproxy) else {
        panic!("{:?}", catalog::match_row(&haproxy));
    };
    assert_eq!(
        (entry.product, entry.name, named.name),
        ("nginx", "proxy_read_timeout", "HAProxy")
    );
    assert_eq!(catalog::lookup(&haproxy), None);
    let report = check(&Sheet::new(Lang::En, vec![haproxy.clone()]));
    let r = &report.rows[0];
    // Not nginx's kind, unit or default: the bare 30 is no duration the engine can read.
    assert_eq!(r.value_ms, None);
    assert_eq!(r.source, None);
    assert!(
        r.note
            .as_deref()
            .is_some_and(|n| n.starts_with("not nginx's proxy_read_timeout: the row names HAProxy")),
        "{:?}",
        r.note
    );
    // A layer of nginx's own keeps nginx's facts, whatever else the location says.
    let nginx = Row {
        layer: "nginx".into(),
        location: "Cloudflare zone".into(),
        ..haproxy.clone()
    };
    assert_eq!(catalog::lookup(&nginx).map(|e| e.product), Some("nginx"));
    // A CDN layer names a CDN: not nginx's, but still Cloudflare's own setting.
    let cdn = Row {
        layer: "CDN".into(),
        ..haproxy.clone()
    };
    let Match::OtherProduct { named, .. } = catalog::match_row(&cdn) else {
        panic!("{:?}", catalog::match_row(&cdn));
    };
    assert_eq!((named.name, named.name_ja), ("a CDN", "CDN"));
    let cloudflare = Row {
        layer: "CDN".into(),
        setting: "Cloudflare proxy_read_timeout".into(),
        ..haproxy
    };
    assert_eq!(
        catalog::lookup(&cloudflare).map(|e| e.product),
        Some("Cloudflare")
    );
}

#[test]
fn well_known_products_outside_the_catalog_contradict_too() {
    for (location, named) in [
        ("AWS ALB listener", "AWS ALB"),
        ("classic load balancer", "AWS ELB"),
        ("Fastly service", "Fastly"),
        ("Akamai property", "Akamai"),
        ("Azure Front Door", "Azure"),
        ("GCP load balancer backend service", "a GCP load balancer"),
        ("Envoy cluster", "Envoy"),
        ("Istio VirtualService", "Istio"),
    ] {
        let r = Row::new("a -> b", "", "30s")
            .with_setting("proxy_read_timeout")
            .with_location(location);
        match catalog::match_row(&r) {
            Match::OtherProduct { named: n, .. } => assert_eq!(n.name, named, "{location}"),
            other => panic!("{location}: {other:?}"),
        }
    }
    // Kubernetes runs nginx: naming it takes nothing away.
    let r = Row::new("a -> b", "", "30s")
        .with_setting("proxy_read_timeout")
        .with_location("Kubernetes ingress");
    assert_eq!(catalog::lookup(&r).map(|e| e.product), Some("nginx"));
}

#[test]
fn a_row_of_a_versioned_setting_names_the_version_that_applies() {
    let report = check(&Sheet::new(
        Lang::En,
        vec![
            Row::new("app -> redis", "read timeout", "2s")
                .with_setting("socket_timeout")
                .with_location("app.py (redis-py 7.4)"),
            Row::new("app -> redis", "read timeout", "2s")
                .with_setting("socket_timeout")
                .with_location("app.py"),
        ],
    ));
    assert_eq!(
        report.rows[0].note.as_deref(),
        Some("redis-py 7.4: socket_timeout")
    );
    assert_eq!(
        report.rows[1].note.as_deref(),
        Some("redis-py 8.0 and later: socket_timeout")
    );
}

#[test]
fn a_bare_number_is_right_as_written_where_the_product_takes_only_bare_numbers() {
    let units = |setting: &str, value: &str| {
        let sheet = Sheet::new(
            Lang::En,
            vec![Row::new("ingress -> app", "read timeout", value)
                .with_layer("1")
                .with_setting(setting)
                .with_location("k8s/ingress.yaml:9")],
        );
        let report = check(&sheet);
        let unit_findings: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.code == "value.unit_from_catalog")
            .map(|f| f.message.clone())
            .collect();
        (report.rows[0].value_ms, unit_findings)
    };
    // ingress-nginx's annotations are "unitless and in seconds": `600` is 600 s, and nothing
    // asks for `600s`, which the controller would not take.
    assert_eq!(
        units("nginx.ingress.kubernetes.io/proxy-read-timeout", "600"),
        (Some(600_000), Vec::new())
    );
    // nginx itself takes `60s` as well as `60`: a bare number is read in seconds, and said so.
    assert_eq!(
        units("proxy_read_timeout", "60"),
        (
            Some(60_000),
            vec!["row 1: 60 has no unit; nginx reads a bare proxy_read_timeout in s".to_string()]
        )
    );
}
