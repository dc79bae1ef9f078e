use super::include::{glob, includes};
use super::*;
use crate::testing::{
    brief, catalog_lines, cells, cells_of, distinct, error_messages, item_cells, route_groups,
    row_of, settings, Importer,
};

/// The importer under test: every file handed in is read as nginx configuration.
const NGINX: Importer = Importer(import);

/// The shape of a Django deployment's site file (as in the uWSGI and Docker guides): a long
/// read timeout for the whole server, the admin's uploads longer still, a health check
/// inheriting the server's, and the static files served by nginx itself.
const DJANGO_SITE: &str = r#"upstream app {
    server app1:8000 max_fails=3 fail_timeout=30s;
    server app2:8000;
    server app3:8000 backup;
    server app4:8000 down;
    keepalive 16;
    keepalive_timeout 30s;
}

server {
    listen 80;
    server_name api.example.com www.example.com;

    proxy_connect_timeout 5s;
    proxy_read_timeout 30;
    proxy_next_upstream error timeout http_502;
    proxy_next_upstream_tries 2;

    location /static/ {
        alias /srv/static/;
    }

    location /upload {
        proxy_read_timeout 300s;
        client_body_timeout 120s;
        proxy_pass http://app;
    }

    location /healthz {
        proxy_pass http://app/health;
    }
}
"#;

#[test]
fn an_inner_value_overrides_and_an_absent_one_inherits() {
    let f = "sites-available/api";
    let out = NGINX.clean(f, DJANGO_SITE);
    let s = "server api.example.com";
    let up = "api.example.com -> app (/upload)";
    let hz = "api.example.com -> app (/healthz)";
    assert_eq!(
        brief(&out.rows),
        [
            format!("api.example.com | client_body_timeout | 120s | {f}:25 {s} location /upload client_body_timeout"),
            format!("{up} | proxy_connect_timeout | 5s | {f}:14 {s} proxy_connect_timeout"),
            format!("{up} | proxy_read_timeout | 300s | {f}:24 {s} location /upload proxy_read_timeout"),
            format!("{up} | proxy_next_upstream | error timeout http_502 | {f}:16 {s} proxy_next_upstream"),
            format!("{up} | proxy_next_upstream_tries | 2 | {f}:17 {s} proxy_next_upstream_tries"),
            format!("{up} | server (upstream) | 3 | {f}:1 upstream app"),
            format!("{up} | keepalive_timeout (upstream) | 30s | {f}:7 upstream app keepalive_timeout"),
            format!("{hz} | proxy_connect_timeout | 5s | {f}:14 {s} proxy_connect_timeout"),
            // A bare number keeps its text: the catalog says nginx reads it as seconds.
            format!("{hz} | proxy_read_timeout | 30 | {f}:15 {s} proxy_read_timeout"),
            format!("{hz} | proxy_next_upstream | error timeout http_502 | {f}:16 {s} proxy_next_upstream"),
            format!("{hz} | proxy_next_upstream_tries | 2 | {f}:17 {s} proxy_next_upstream_tries"),
            format!("{hz} | server (upstream) | 3 | {f}:1 upstream app"),
            format!("{hz} | keepalive_timeout (upstream) | 30s | {f}:7 upstream app keepalive_timeout"),
        ]
    );
    let rationale = |setting: &str, segment: &str| {
        out.rows
            .iter()
            .find(|r| r.setting == setting && r.segment == segment)
            .map(|r| r.rationale.clone())
            .unwrap()
    };
    // The location's own line says nothing more; an inherited one says from where.
    assert_eq!(rationale("proxy_read_timeout", up), "");
    assert_eq!(
        rationale("proxy_read_timeout", hz),
        "inherited from `server api.example.com`: this block sets no value of its own"
    );
    // The upstream's servers are the tries proxy_next_upstream can make; `down` is not one.
    assert_eq!(
        rationale("server (upstream)", hz),
        "the server lines of upstream app (app1:8000 max_fails=3 fail_timeout=30s; app2:8000; app3:8000 backup): a failed try goes on to the next server (proxy_next_upstream); a name that resolves to several addresses is one server per address to nginx"
    );
    let servers = row_of(&out.rows, "server (upstream)");
    assert_eq!(servers.item, "upstream servers");
    // The two passing locations are one route group, named after the server.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("{up} = api.example.com @ {f}:23 {s} location /upload"),
            format!("{hz} = api.example.com @ {f}:29 {s} location /healthz"),
        ]
    );
}

#[test]
fn a_location_that_proxies_without_a_read_timeout_gets_nginx_default() {
    let text = "http {\n    server {\n        listen 8080;\n        location / {\n            proxy_pass http://127.0.0.1:3000;\n        }\n    }\n}\n";
    let out = NGINX.one("nginx.conf", text);
    assert_eq!(
        brief(&out.rows),
        ["nginx :8080 -> 127.0.0.1:3000 | proxy_read_timeout | — | nginx.conf:4 server :8080 location / proxy_read_timeout"]
    );
    let hidden = &out.rows[1];
    assert_eq!(cells_of(hidden, "default | item"), "60s | read timeout");
    assert_eq!(
        hidden.rationale,
        "not set: no proxy_read_timeout in this location or any block around it, so nginx waits 60s between two reads from the server by default"
    );
}

/// `nginx.conf` as the official image ships it (conf.d included inside `http`), a site in
/// `conf.d`, and a snippet of timeouts included in one location.
const MAIN_CONF: &str = "user  nginx;\nworker_processes  auto;\n\nevents {\n    worker_connections  1024;\n}\n\nhttp {\n    include       /etc/nginx/mime.types;\n    keepalive_timeout  65;\n    proxy_read_timeout 20s;\n    include /etc/nginx/conf.d/*.conf;\n}\n";
const SITE_CONF: &str = "server {\n    listen 80;\n    server_name shop.example.com;\n\n    location /api/ {\n        include snippets/slow.conf;\n        proxy_pass http://api:8080;\n    }\n\n    location / {\n        proxy_pass http://web:3000;\n    }\n}\n";
const SNIPPET: &str = "# long reports\nproxy_read_timeout 120s;\nproxy_send_timeout 120s;\n";

#[test]
fn includes_are_resolved_against_the_files_handed_in() {
    let out = NGINX.several(&[
        ("deploy/nginx.conf", MAIN_CONF),
        ("deploy/conf.d/shop.conf", SITE_CONF),
        ("deploy/snippets/slow.conf", SNIPPET),
    ]);
    assert_eq!(out.errors, []);
    let s = "server shop.example.com";
    assert_eq!(
        brief(&out.rows),
        [
            "shop.example.com | keepalive_timeout | 65 | deploy/nginx.conf:10 http keepalive_timeout".to_owned(),
            // The snippet's rows name the snippet's own path and line.
            format!("shop.example.com -> api:8080 | proxy_read_timeout | 120s | deploy/snippets/slow.conf:2 {s} location /api/ proxy_read_timeout"),
            format!("shop.example.com -> api:8080 | proxy_send_timeout | 120s | deploy/snippets/slow.conf:3 {s} location /api/ proxy_send_timeout"),
            "shop.example.com -> web:3000 | proxy_read_timeout | 20s | deploy/nginx.conf:11 http proxy_read_timeout".to_owned(),
        ]
    );
    assert_eq!(
        out.rows[0].rationale,
        "inherited from `http`: this block sets no value of its own"
    );
}

#[test]
fn include_patterns_match_by_name_and_folder() {
    assert!(includes(
        "/etc/nginx/conf.d/*.conf",
        "deploy/conf.d/shop.conf"
    ));
    assert!(includes("conf.d/*.conf", "conf.d/a.conf"));
    assert!(includes("sites-enabled/*", "nginx/sites-enabled/peertube"));
    assert!(includes("/etc/nginx/snippets/headers.conf", "headers.conf"));
    assert!(includes("proxy.conf", "nginx/snippets/proxy.conf"));
    assert!(!includes(
        "/etc/nginx/conf.d/*.conf",
        "deploy/sites/shop.conf"
    ));
    assert!(!includes("/etc/nginx/mime.types", "nginx.conf"));
    assert!(glob("*.conf", "a.conf"));
    assert!(glob("api-?.conf", "api-1.conf"));
    assert!(!glob("*.conf", "a.conf.bak"));
    assert!(glob("*", ""));
}

#[test]
fn an_include_that_names_no_file_handed_in_is_ignored() {
    let out = NGINX.clean("nginx.conf", MAIN_CONF);
    // No server includes it, so the keep-alive and read timeouts bound nothing, and say so.
    assert_eq!(
        cells(&out.rows, "segment | item | setting | rationale"),
        [
            "nginx | other | keepalive_timeout | no server block inherits this line, so it applies to no connection",
            "nginx | other | proxy_read_timeout | no location that inherits this line passes requests with proxy_pass, so it bounds no call; a request handed on to a named location (`try_files ... @name`) takes that location's settings, not this block's",
        ]
    );
}

#[test]
fn an_upstream_no_location_passes_to_bounds_nothing() {
    let text = "upstream old {\n    server 10.0.0.9:80;\n    keepalive_timeout 20s;\n}\n";
    let out = NGINX.one("old.conf", text);
    assert_eq!(
        cells(&out.rows, "segment | item | setting | location | rationale"),
        ["nginx | other | keepalive_timeout (upstream) | old.conf:3 upstream old keepalive_timeout | no location passes requests to this upstream, so it applies to no connection"]
    );
}

#[test]
fn envsubst_templates_and_variables_stay_as_written() {
    // The frappe_docker template: envsubst fills these in when the container starts.
    let text = "server {\n\tlisten 8080;\n\tserver_name ${FRAPPE_SITE_NAME_HEADER};\n\tproxy_connect_timeout $connect_timeout;\n\tlocation @webserver {\n\t\tproxy_read_timeout ${PROXY_READ_TIMEOUT};\n\t\tproxy_pass  http://backend-server;\n\t}\n}\n";
    let out = NGINX.one("nginx-template.conf", text);
    assert_eq!(
        cells(settings(&out.rows), "segment | setting | value | rationale"),
        [
            "${FRAPPE_SITE_NAME_HEADER} -> backend-server | proxy_connect_timeout | $connect_timeout | unresolved: template",
            "${FRAPPE_SITE_NAME_HEADER} -> backend-server | proxy_read_timeout | ${PROXY_READ_TIMEOUT} | unresolved: template",
        ]
    );
}

#[test]
fn a_malformed_file_is_named_by_line_and_column_and_the_others_still_import() {
    let unbalanced = "http {\n    server {\n        location / {\n            proxy_pass http://app;\n    }\n}\n";
    let unquoted = "server {\n    add_header X-Note \"left open;\n}\n";
    let stray = "server {\n}\n}\n";
    let good = "server {\n    listen 80;\n    location / {\n        proxy_read_timeout 5s;\n        proxy_pass http://app:80;\n    }\n}\n";
    let out = NGINX.several(&[
        ("a.conf", unbalanced),
        ("b.conf", unquoted),
        ("c.conf", stray),
        ("d.conf", good),
    ]);
    assert_eq!(
        error_messages(&out),
        [
            "a.conf:1:6: unbalanced braces: the { opened here is never closed",
            "b.conf:2:23: unterminated quote: the \" opened here is never closed",
            "c.conf:3:1: unbalanced braces: this } closes no block",
        ]
    );
    assert_eq!(
        brief(&out.rows),
        ["nginx :80 -> app:80 | proxy_read_timeout | 5s | d.conf:4 server :80 location / proxy_read_timeout"]
    );
}

#[test]
fn a_directive_without_its_semicolon_is_an_error_at_the_directive() {
    let out = NGINX.one("x.conf", "server {\n    proxy_read_timeout 5s\n}\n");
    assert_eq!(
        out.errors[0].to_string(),
        "x.conf:2:5: the directive proxy_read_timeout has no ; at its end"
    );
    let deep = "a{".repeat(100);
    assert_eq!(
        NGINX.one("deep.conf", &deep).errors[0].to_string(),
        "deep.conf:1:130: blocks nested more than 64 deep"
    );
}

#[test]
fn words_are_read_as_nginx_reads_them() {
    let text = "server_name ${HOST}; # a comment\nset $a x#y;\nif ($request_method = 'OPTIONS') { return 204; }\nadd_header X \"a \\\" b\";\n";
    let directives = parse::parse(text).unwrap();
    let words: Vec<Vec<&str>> = directives
        .iter()
        .map(|d| {
            std::iter::once(d.name.text.as_str())
                .chain(d.args.iter().map(|a| a.text.as_str()))
                .collect()
        })
        .collect();
    assert_eq!(
        words,
        [
            vec!["server_name", "${HOST}"],
            vec!["set", "$a", "x#y"],
            vec!["if", "($request_method", "=", "OPTIONS", ")"],
            vec!["add_header", "X", "a \" b"],
        ]
    );
    assert_eq!(
        (directives[2].args[2].line, directives[2].args[2].column),
        (3, 23)
    );
}

#[test]
fn uwsgi_fastcgi_and_grpc_passes_take_their_own_modules_settings() {
    let text = "server {\n  server_name app.test;\n  proxy_read_timeout 10s;\n  uwsgi_read_timeout 90s;\n  location / {\n    uwsgi_pass unix:/run/uwsgi/app.sock;\n  }\n  location ~ \\.php$ {\n    fastcgi_connect_timeout 3s;\n    fastcgi_pass php-fpm:9000;\n  }\n  location /grpc.Health/ {\n    grpc_next_upstream_tries 1;\n    grpc_pass grpcs://health:50051;\n  }\n}\n";
    let out = NGINX.one("app.conf", text);
    let s = "server app.test";
    assert_eq!(
        brief(&out.rows),
        [
            format!("app.test -> unix:/run/uwsgi/app.sock | uwsgi_read_timeout | 90s | app.conf:4 {s} uwsgi_read_timeout"),
            format!("app.test -> php-fpm:9000 | fastcgi_connect_timeout | 3s | app.conf:9 {s} location ~ \\.php$ fastcgi_connect_timeout"),
            format!("app.test -> php-fpm:9000 | fastcgi_read_timeout | — | app.conf:8 {s} location ~ \\.php$ fastcgi_read_timeout"),
            format!("app.test -> health:50051 | grpc_read_timeout | — | app.conf:12 {s} location /grpc.Health/ grpc_read_timeout"),
            format!("app.test -> health:50051 | grpc_next_upstream_tries | 1 | app.conf:13 {s} location /grpc.Health/ grpc_next_upstream_tries"),
            // No location proxies: the server's proxy_read_timeout bounds nothing.
            format!("app.test | proxy_read_timeout | 10s | app.conf:3 {s} proxy_read_timeout"),
        ]
    );
    assert_eq!(out.rows.last().unwrap().item, "other");
    assert_eq!(
        target(Module::Proxy, "http://unix:/tmp/backend.socket:/uri/"),
        "unix:/tmp/backend.socket"
    );
    assert_eq!(target(Module::Proxy, "https://sentry/_static/"), "sentry");
    assert_eq!(target(Module::Uwsgi, "uwsgi://app:3031"), "app:3031");
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let text = "http {\n  keepalive_timeout 75s 60s;\n  client_header_timeout 10s;\n  client_body_timeout 10s;\n  send_timeout 10s;\n  resolver_timeout 5s;\n  proxy_connect_timeout 3s;\n  proxy_read_timeout 30s;\n  proxy_send_timeout 30s;\n  proxy_next_upstream error timeout;\n  proxy_next_upstream_tries 3;\n  proxy_next_upstream_timeout 20s;\n  proxy_cache_lock_timeout 5s;\n  uwsgi_connect_timeout 3s;\n  uwsgi_read_timeout 30s;\n  uwsgi_send_timeout 30s;\n  uwsgi_next_upstream error;\n  uwsgi_next_upstream_tries 2;\n  uwsgi_next_upstream_timeout 10s;\n  uwsgi_cache_lock_timeout 5s;\n  fastcgi_connect_timeout 3s;\n  fastcgi_read_timeout 30s;\n  fastcgi_send_timeout 30s;\n  fastcgi_next_upstream error;\n  fastcgi_next_upstream_tries 2;\n  fastcgi_next_upstream_timeout 10s;\n  fastcgi_cache_lock_timeout 5s;\n  grpc_connect_timeout 3s;\n  grpc_read_timeout 30s;\n  grpc_send_timeout 30s;\n  grpc_next_upstream error;\n  grpc_next_upstream_tries 2;\n  grpc_next_upstream_timeout 10s;\n  upstream app { server a:1; keepalive_timeout 50s; }\n  server {\n    server_name edge;\n    location /p { proxy_pass http://app; }\n    location /u { uwsgi_pass app; }\n    location /f { fastcgi_pass app; }\n    location /g { grpc_pass grpc://app; }\n  }\n}\n";
    let out = NGINX.clean("nginx.conf", text);
    // Each line once: a setting the http block writes is a row on every location inheriting it.
    assert_eq!(
        distinct(catalog_lines(&out.rows, |e| format!(
            " ({})",
            e.kind.as_str()
        ))),
        [
            "keepalive_timeout = nginx / keepalive_timeout (idle)",
            "client_header_timeout = nginx / client_header_timeout (other)",
            "client_body_timeout = nginx / client_body_timeout (other)",
            "send_timeout = nginx / send_timeout (other)",
            "resolver_timeout = nginx / resolver_timeout (other)",
            "proxy_connect_timeout = nginx / proxy_connect_timeout (connect)",
            "proxy_read_timeout = nginx / proxy_read_timeout (read)",
            "proxy_send_timeout = nginx / proxy_send_timeout (send)",
            "proxy_next_upstream = nginx / proxy_next_upstream (retry_on)",
            "proxy_next_upstream_tries = nginx / proxy_next_upstream_tries (tries)",
            "proxy_next_upstream_timeout = nginx / proxy_next_upstream_timeout (retry_window)",
            "proxy_cache_lock_timeout = nginx / proxy_cache_lock_timeout (other)",
            "server (upstream) = nginx / server (upstream) (upstreams)",
            "keepalive_timeout (upstream) = nginx / keepalive_timeout (upstream) (idle)",
            "uwsgi_connect_timeout = nginx / uwsgi_connect_timeout (connect)",
            "uwsgi_read_timeout = nginx / uwsgi_read_timeout (read)",
            "uwsgi_send_timeout = nginx / uwsgi_send_timeout (send)",
            "uwsgi_next_upstream = nginx / uwsgi_next_upstream (retry_on)",
            "uwsgi_next_upstream_tries = nginx / uwsgi_next_upstream_tries (tries)",
            "uwsgi_next_upstream_timeout = nginx / uwsgi_next_upstream_timeout (retry_window)",
            "uwsgi_cache_lock_timeout = nginx / uwsgi_cache_lock_timeout (other)",
            "fastcgi_connect_timeout = nginx / fastcgi_connect_timeout (connect)",
            "fastcgi_read_timeout = nginx / fastcgi_read_timeout (read)",
            "fastcgi_send_timeout = nginx / fastcgi_send_timeout (send)",
            "fastcgi_next_upstream = nginx / fastcgi_next_upstream (retry_on)",
            "fastcgi_next_upstream_tries = nginx / fastcgi_next_upstream_tries (tries)",
            "fastcgi_next_upstream_timeout = nginx / fastcgi_next_upstream_timeout (retry_window)",
            "fastcgi_cache_lock_timeout = nginx / fastcgi_cache_lock_timeout (other)",
            "grpc_connect_timeout = nginx / grpc_connect_timeout (connect)",
            "grpc_read_timeout = nginx / grpc_read_timeout (read)",
            "grpc_send_timeout = nginx / grpc_send_timeout (send)",
            "grpc_next_upstream = nginx / grpc_next_upstream (retry_on)",
            "grpc_next_upstream_tries = nginx / grpc_next_upstream_tries (tries)",
            "grpc_next_upstream_timeout = nginx / grpc_next_upstream_timeout (retry_window)",
        ]
    );
    // keepalive_timeout's second parameter is the header: the row's value is the timeout.
    assert_eq!(
        (out.rows[0].value.as_str(), out.rows[0].rationale.as_str()),
        ("75s", "inherited from `http`: this block sets no value of its own; the second parameter `60s` is the `Keep-Alive: timeout=` header sent to clients: the timeout is the first")
    );
}

#[test]
fn a_japanese_sheet_gets_japanese_items_and_rationales() {
    let text = "server {\n  server_name api.test;\n  location / {\n    proxy_pass http://app:80;\n  }\n}\n";
    let out = NGINX.one_in(Lang::Ja, "api.conf", text);
    assert_eq!(
        item_cells(&out.rows),
        [
            "経路グループ |  |  | api.test | 1つの nginx server の location は択一: 各リクエストはそのうち1つを通る",
            "読み取りタイムアウト | proxy_read_timeout | 60s | — | 未設定: この location にもそれを囲むブロックにも proxy_read_timeout がないので、nginx はサーバーからの2回の読み取りの間を既定で 60s 待つ",
        ]
    );
}
