//! nginx: inheritance from `http` to `server` to `location`, upstreams, envsubst templates.

use budget::Lang;

use crate::{
    cells_of, check, found, group_hops, group_values, import_clean_with_paths, import_folder,
    settings,
};

/// `CODE HOP-OR-NODE` of each finding the engine reports on a folder's sheet, and its headline.
fn findings(folder: &str) -> (Vec<String>, String) {
    let report = check(&import_folder(folder).rows);
    (found(&report), report.summary.headline(Lang::En))
}

#[test]
fn frappe_envsubst_template() {
    let (out, [f]) = import_clean_with_paths("nginx-frappe-template", ["nginx-template.conf"]);
    let site = "${FRAPPE_SITE_NAME_HEADER}";
    assert_eq!(
        settings(&out.rows),
        [
            format!("{site} | keepalive_timeout | 15 | {f}:82"),
            // /socket.io proxies with no read timeout anywhere: nginx's 60 s, made explicit.
            format!("{site} -> socketio-server | proxy_read_timeout | — | {f}:40"),
            format!("{site} -> socketio-server | server (upstream) | 1 | {f}:5"),
            format!(
                "{site} -> backend-server | proxy_read_timeout | ${{PROXY_READ_TIMEOUT}} | {f}:74"
            ),
            format!("{site} -> backend-server | server (upstream) | 1 | {f}:1"),
        ]
    );
    let read = out
        .rows
        .iter()
        .find(|r| r.value == "${PROXY_READ_TIMEOUT}")
        .unwrap();
    assert_eq!(read.rationale, "unresolved: template");
    assert_eq!(
        read.location,
        format!("{f}:74 server {site} location @webserver proxy_read_timeout")
    );
    let hidden = &out.rows[2];
    assert_eq!(
        cells_of(hidden, "default | location"),
        format!("60s | {f}:40 server {site} location /socket.io proxy_read_timeout")
    );
    // The upstream's server line is written as the template has it.
    assert_eq!(
        out.rows[3].rationale,
        "the server lines of upstream socketio-server (${SOCKETIO} fail_timeout=0): a failed try goes on to the next server (proxy_next_upstream); a name that resolves to several addresses is one server per address to nginx"
    );
    // The two proxying locations are the server's route group.
    assert_eq!(
        group_hops(&out.rows),
        [
            ("${FRAPPE_SITE_NAME_HEADER} -> socketio-server", site),
            ("${FRAPPE_SITE_NAME_HEADER} -> backend-server", site),
        ]
    );
}

#[test]
fn frappe_checks_without_surprises() {
    let (found, headline) = findings("nginx-frappe-template");
    let socketio = "${FRAPPE_SITE_NAME_HEADER} -> socketio-server";
    let backend = "${FRAPPE_SITE_NAME_HEADER} -> backend-server";
    assert_eq!(
        found,
        [
            format!("ReadIntervalOnly {socketio}"),
            format!("ReadIntervalOnly {backend}"),
            // The only unreadable value is the template envsubst fills in at start.
            format!("ValueUnreadable {backend}"),
            "ValueUnitFromCatalog ${FRAPPE_SITE_NAME_HEADER}".to_owned(),
            format!("ValueDefaultApplied {socketio}"),
            format!("ValueDefaultApplied {socketio}"),
            format!("ValueDefaultApplied {backend}"),
        ]
    );
    assert_eq!(headline, "0 inversions, 3 warnings");
}

#[test]
fn peertube_site() {
    let (out, [f]) = import_clean_with_paths("nginx-peertube", ["peertube"]);
    // Two servers are called ${WEBSERVER_HOST}: the one on 443 proxies.
    let host = "${WEBSERVER_HOST}:443";
    let api = format!("{host} -> backend (@api)");
    let ws = format!("{host} -> backend (@api_websocket)");
    let download = format!("{host} -> backend (~ ^(/static/(webseed|web-videos|streaming-playlists/hls)/private/)|^/download)");
    assert_eq!(
        settings(&out.rows),
        [
            format!("{host} | keepalive_timeout | 10s | {f}:180"),
            format!("{host} | client_header_timeout | 10s | {f}:178"),
            format!("{host} | client_body_timeout | 30s | {f}:177"),
            format!("{host} | send_timeout | 10s | {f}:179"),
            format!("{host} | resolver_timeout | 10s | {f}:181"),
            format!("{host} | send_timeout | 10m | {f}:72"),
            format!("{api} | proxy_connect_timeout | 10m | {f}:69"),
            format!("{api} | proxy_read_timeout | 10m | {f}:71"),
            format!("{api} | proxy_send_timeout | 10m | {f}:70"),
            format!("{api} | server (upstream) | 1 | {f}:18"),
            format!("{ws} | proxy_read_timeout | — | {f}:126"),
            format!("{ws} | server (upstream) | 1 | {f}:18"),
            format!("{download} | proxy_read_timeout | — | {f}:209"),
            format!("{download} | server (upstream) | 1 | {f}:18"),
            format!("{host} | proxy_read_timeout | 15m | {f}:144"),
        ]
    );
    // /tracker/socket hands its requests to @api_websocket with try_files: the named
    // location's settings apply, so its 15 minutes bound nothing, and the row says why.
    let tracker = out.rows.last().unwrap();
    assert_eq!(
        cells_of(tracker, "item | location"),
        format!("other | {f}:144 server {host} location /tracker/socket proxy_read_timeout")
    );
    assert_eq!(
        tracker.rationale,
        "no location that inherits this line passes requests with proxy_pass, so it bounds no call; a request handed on to a named location (`try_files ... @name`) takes that location's settings, not this block's"
    );
    assert_eq!(group_values(&out.rows), [host; 3]);
}

#[test]
fn peertube_checks_without_surprises() {
    let (found, headline) = findings("nginx-peertube");
    let host = "${WEBSERVER_HOST}:443";
    let ws = format!("{host} -> backend (@api_websocket)");
    let download = format!("{host} -> backend (~ ^(/static/(webseed|web-videos|streaming-playlists/hls)/private/)|^/download)");
    assert_eq!(
        found,
        [
            format!("ReadIntervalOnly {host} -> backend (@api)"),
            format!("ReadIntervalOnly {ws}"),
            format!("ReadIntervalOnly {download}"),
            format!("ValueDefaultApplied {ws}"),
            format!("ValueDefaultApplied {ws}"),
            format!("ValueDefaultApplied {download}"),
            format!("ValueDefaultApplied {download}"),
        ]
    );
    assert_eq!(headline, "0 inversions, 3 warnings");
}

#[test]
fn sentry_self_hosted_inherits_from_http() {
    let (out, [f]) = import_clean_with_paths("nginx-sentry-self-hosted", ["nginx.conf"]);
    let mut expected = vec![format!("nginx :80 | keepalive_timeout | 75s | {f}:28")];
    for (callee, upstream) in [
        ("relay (/api/store/)", 68),
        ("relay (~ ^/api/[1-9]\\d*/)", 68),
        ("relay (^~ /api/0/relays/)", 68),
        ("sentry (/)", 73),
        ("sentry (/_assets/)", 73),
        ("sentry (/_static/)", 73),
    ] {
        // Every location inherits the http block's two timeouts.
        expected.push(format!(
            "nginx :80 -> {callee} | proxy_read_timeout | 90s | {f}:65"
        ));
        expected.push(format!(
            "nginx :80 -> {callee} | proxy_send_timeout | 5s | {f}:66"
        ));
        expected.push(format!(
            "nginx :80 -> {callee} | server (upstream) | 1 | {f}:{upstream}"
        ));
    }
    assert_eq!(settings(&out.rows), expected);
    let read = &out.rows[2];
    assert_eq!(read.location, format!("{f}:65 http proxy_read_timeout"));
    assert_eq!(
        read.rationale,
        "inherited from `http`: this block sets no value of its own"
    );
    assert_eq!(
        cells_of(&out.rows[1], "item | value | location"),
        format!("route group | nginx :80 | {f}:81 server :80 location /api/store/")
    );
}

#[test]
fn sentry_self_hosted_checks_without_surprises() {
    let (found, headline) = findings("nginx-sentry-self-hosted");
    let hops = [
        "nginx :80 -> relay (/api/store/)",
        "nginx :80 -> relay (~ ^/api/[1-9]\\d*/)",
        "nginx :80 -> relay (^~ /api/0/relays/)",
        "nginx :80 -> sentry (/)",
        "nginx :80 -> sentry (/_assets/)",
        "nginx :80 -> sentry (/_static/)",
    ];
    let mut expected: Vec<String> = hops
        .iter()
        .map(|h| format!("ReadIntervalOnly {h}"))
        .collect();
    // No connect timeout is written: nginx's documented 60 s applies on each hop.
    expected.extend(hops.iter().map(|h| format!("ValueDefaultApplied {h}")));
    assert_eq!(found, expected);
    assert_eq!(headline, "0 inversions, 6 warnings");
}
