//! HAProxy: frontends, backends and listen sections, defaults inherited, bare milliseconds.

use budget::FindingCode;

use crate::{
    check, import_clean_with_paths, import_folder, route_groups, row_of, settings, unreadable,
};

#[test]
fn haproxy_content_switching() {
    let (out, [f]) = import_clean_with_paths("haproxy-content-sw", ["content-sw-sample.cfg"]);
    assert_eq!(
        settings(&out.rows),
        [
            format!("client -> public | timeout client | 30s | {f}:29"),
            format!("public -> static | timeout connect | 5s | {f}:43"),
            format!("public -> static | timeout server | 5s | {f}:44"),
            format!("public -> static | HAProxy retries | 2 | {f}:41"),
            format!("public -> static | option redispatch | on | {f}:42"),
            format!("public -> dynamic | timeout connect | 5s | {f}:55"),
            format!("public -> dynamic | timeout server | 30s | {f}:56"),
            format!("public -> dynamic | timeout queue | 30s | {f}:57"),
            format!("public -> dynamic | HAProxy retries | 2 | {f}:53"),
            format!("public -> dynamic | option redispatch | on | {f}:54"),
        ]
    );
    // Two use_backend rules to one backend and the default backend: two alternatives.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("public -> static = public @ {f}:32 frontend public use_backend static if {{ hdr_beg(host) -i img }}"),
            format!("public -> dynamic = public @ {f}:34 frontend public default_backend dynamic"),
        ]
    );
    let redispatch = row_of(&out.rows, "option redispatch");
    assert_eq!(
        redispatch.rationale,
        "when a connection fails, the last retry goes to another server of the backend (statsrv1, statsrv2); the tries stay retries + 1"
    );
}

#[test]
fn haproxy_socks4_listen_sections() {
    let (out, [f]) = import_clean_with_paths("haproxy-socks4", ["socks4.cfg"]);
    let smtp = "SMTP-20025 -> SMTP-20025 servers";
    let ssl = "SSL-20080 -> SSL-20080 servers";
    assert_eq!(
        settings(&out.rows),
        [
            format!("client -> SMTP-20025 | timeout client | 50000 | {f}:21"),
            format!("{smtp} | timeout connect | 5000 | {f}:20"),
            format!("{smtp} | timeout server | 50000 | {f}:22"),
            // No retries anywhere: HAProxy's 3, made explicit.
            format!("{smtp} | HAProxy retries | — | {f}:15"),
            format!("client -> SSL-20080 | timeout client | 50000 | {f}:33"),
            format!("{ssl} | timeout connect | 5000 | {f}:32"),
            format!("{ssl} | timeout server | 50000 | {f}:34"),
            format!("{ssl} | HAProxy retries | — | {f}:27"),
            // The stats page has no servers: only its client side.
            format!("client -> stats | timeout client | 100s | {f}:46"),
        ]
    );
    assert_eq!(
        out.rows[0].rationale,
        "HAProxy reads a bare number as milliseconds"
    );
    assert_eq!(out.rows[3].default, "3 retries");
}

#[test]
fn haproxy_checks_read_every_value() {
    for name in ["haproxy-content-sw", "haproxy-socks4"] {
        let out = import_folder(name);
        assert_eq!(
            unreadable(&check(&out.rows)),
            Vec::<String>::new(),
            "{name}"
        );
    }
    // The bare milliseconds take their unit from the catalog.
    let out = import_folder("haproxy-socks4");
    let from_catalog = check(&out.rows)
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::ValueUnitFromCatalog)
        .count();
    assert_eq!(from_catalog, 6);
}
