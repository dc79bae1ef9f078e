use super::*;
use crate::testing::{
    assert_said_in_both, brief, catalog_lines, cells, route_groups, row_of, Importer,
};

/// The importer under test: every file handed in is read as HAProxy configuration.
const HAPROXY: Importer = Importer(import);

/// A configuration as the manual's examples write it: defaults with bare milliseconds, a
/// frontend with ACL routing, one backend overriding a default, one taking them all.
const CFG: &str = "\
global
    maxconn 4096

defaults
    mode http
    timeout connect 5000
    timeout client  50000
    timeout server  50000
    retries 3

frontend www
    bind :80
    acl is_api path_beg /api   # the API
    use_backend api if is_api
    default_backend web

backend api
    timeout server 2m
    option redispatch
    server api1 10.0.0.1:8080 check
    server api2 10.0.0.2:8080 check

backend web
    server web1 10.0.1.1:8080
";

#[test]
fn proxies_inherit_the_defaults_before_them_and_override_them() {
    let f = "lb/haproxy.cfg";
    let out = HAPROXY.clean(f, CFG);
    assert_eq!(
        brief(&out.rows),
        [
            format!("client -> www | timeout client | 50000 | {f}:7 defaults timeout client"),
            format!("www -> api | timeout connect | 5000 | {f}:6 defaults timeout connect"),
            format!("www -> api | timeout server | 2m | {f}:18 backend api timeout server"),
            format!("www -> api | HAProxy retries | 3 | {f}:9 defaults retries"),
            format!("www -> api | option redispatch | on | {f}:19 backend api option redispatch"),
            format!("www -> web | timeout connect | 5000 | {f}:6 defaults timeout connect"),
            format!("www -> web | timeout server | 50000 | {f}:8 defaults timeout server"),
            format!("www -> web | HAProxy retries | 3 | {f}:9 defaults retries"),
        ]
    );
    // Bare numbers are milliseconds, and the row says where the value came from.
    assert_eq!(
        out.rows[0].rationale,
        "HAProxy reads a bare number as milliseconds; inherited from the `defaults` section"
    );
    let redispatch = row_of(&out.rows, "option redispatch");
    assert_eq!(
        redispatch.rationale,
        "when a connection fails, the last retry goes to another server of the backend (api1, api2); the tries stay retries + 1"
    );
    // The two backends of the frontend are one route group, at their rules' lines.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("www -> api = www @ {f}:14 frontend www use_backend api if is_api"),
            format!("www -> web = www @ {f}:15 frontend www default_backend web"),
        ]
    );
}

#[test]
fn a_missing_timeout_is_made_explicit_as_no_bound() {
    let text = "frontend fe\n    bind :80\n    default_backend be\nbackend be\n    timeout connect 5s\n    server s1 127.0.0.1:8080\n";
    let out = HAPROXY.one("haproxy.cfg", text);
    assert_eq!(
        brief(&out.rows),
        [
            "client -> fe | timeout client | — | haproxy.cfg:1 frontend fe timeout client",
            "fe -> be | timeout connect | 5s | haproxy.cfg:5 backend be timeout connect",
            "fe -> be | timeout server | — | haproxy.cfg:4 backend be timeout server",
            "fe -> be | HAProxy retries | — | haproxy.cfg:4 backend be retries",
        ]
    );
    let server = &out.rows[3];
    assert_eq!(server.default, "none");
    assert_eq!(
        server.rationale,
        "not set: HAProxy warns at start-up and waits forever here (no timeout is infinite)"
    );
    assert_eq!(out.rows[4].default, "3 retries");
}

#[test]
fn a_new_defaults_section_resets_and_from_names_one() {
    let text = "\
defaults base
    timeout connect 1s
    timeout server 10s
defaults
    timeout connect 3s
backend a
    server s 1.2.3.4:80
backend b from base
    server s 1.2.3.4:80
";
    assert_eq!(
        HAPROXY.brief("h.cfg", text),
        [
            "haproxy -> a | timeout connect | 3s | h.cfg:5 defaults timeout connect",
            "haproxy -> a | timeout server | — | h.cfg:6 backend a timeout server",
            "haproxy -> a | HAProxy retries | — | h.cfg:6 backend a retries",
            "haproxy -> b | timeout connect | 1s | h.cfg:2 defaults base timeout connect",
            "haproxy -> b | timeout server | 10s | h.cfg:3 defaults base timeout server",
            "haproxy -> b | HAProxy retries | — | h.cfg:8 backend b retries",
        ]
    );
}

#[test]
fn environment_variables_stay_unresolved() {
    let text = "backend app\n    timeout server \"${SERVER_TIMEOUT}\"\n    timeout connect \"$CONNECT\"s\n";
    let out = HAPROXY.one("h.cfg", text);
    assert_eq!(
        cells(&out.rows, "value | rationale")[..2],
        [
            "$CONNECTs | unresolved: template",
            "${SERVER_TIMEOUT} | unresolved: template",
        ]
    );
}

#[test]
fn a_listen_section_is_a_frontend_and_its_servers() {
    let text = "listen db\n    bind :3306\n    mode tcp\n    timeout client 1h\n    timeout server 1h\n    timeout connect 2s\n    no option redispatch\n    server db1 10.0.0.5:3306\n";
    let out = HAPROXY.one("h.cfg", text);
    assert_eq!(
        brief(&out.rows),
        [
            "client -> db | timeout client | 1h | h.cfg:4 listen db timeout client",
            "db -> db servers | timeout connect | 2s | h.cfg:6 listen db timeout connect",
            "db -> db servers | timeout server | 1h | h.cfg:5 listen db timeout server",
            "db -> db servers | HAProxy retries | — | h.cfg:1 listen db retries",
            "db -> db servers | option redispatch | off | h.cfg:7 listen db option redispatch",
        ]
    );
    // Its own servers are its only route: no route group.
    assert!(out.rows.iter().all(|r| r.item != "route group"));
}

#[test]
fn unparseable_text_is_an_error_with_its_position() {
    let out = HAPROXY.one("h.cfg", "# comment\n\n  maxconn 100\nglobal\n");
    assert_eq!(
        out.errors[0].to_string(),
        "h.cfg:3:3: `maxconn` is outside any section: a configuration starts with a section keyword (global, defaults, frontend, backend, listen)"
    );
    let out = HAPROXY.one("h.cfg", "backend b\n    http-request set-header X \"abc\n");
    assert_eq!(
        out.errors[0].to_string(),
        "h.cfg:2:31: quote not closed on its line"
    );
    // A section HAProxy knows and the importer does not read is no error.
    let out = HAPROXY.one(
        "h.cfg",
        "userlist admins\n    user admin password x\npeers p\n    peer a 1.2.3.4:1024\n",
    );
    assert_eq!((out.errors.len(), out.rows.len()), (0, 0));
}

#[test]
fn every_sentence_is_said_in_both_languages() {
    let all = [
        Say::Milliseconds,
        Say::Inherited { from: "defaults" },
        Say::NoTimeout,
        Say::DefaultRetries,
        Say::Redispatch { servers: "a, b" },
        Say::Routes,
    ];
    assert_said_in_both(&all, Say::text);
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let text = "\
defaults
    timeout connect 5s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 2s
    timeout queue 30s
    retries 2
    retry-on conn-failure empty-response
    option redispatch
listen app
    bind :80
    server s1 127.0.0.1:8080
";
    let out = HAPROXY.one("h.cfg", text);
    assert_eq!(
        catalog_lines(&out.rows, |e| format!(" ({:?})", e.kind)),
        [
            "timeout client = HAProxy / timeout client (Idle)",
            "timeout http-request = HAProxy / timeout http-request (Other)",
            "timeout http-keep-alive = HAProxy / timeout http-keep-alive (Idle)",
            "timeout connect = HAProxy / timeout connect (Connect)",
            "timeout server = HAProxy / timeout server (Read)",
            "timeout queue = HAProxy / timeout queue (Queueing)",
            "HAProxy retries = HAProxy / retries (Tries)",
            "retry-on = HAProxy / retry-on (RetryOn)",
            "option redispatch = HAProxy / option redispatch (Other)",
        ]
    );
}
