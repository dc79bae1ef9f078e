use super::*;
use crate::testing::{
    assert_said_in_both, brief, catalog_lines, cells, cells_of, distinct, route_groups, settings,
    Importer,
};

/// The importer under test: every file handed in is read as Envoy static configuration.
const ENVOY: Importer = Importer(import);

/// A v3 front proxy: one named listener, two routes to two clusters (one with a retry
/// policy, one without a timeout), a virtual host retry policy, an upstream idle timeout.
const FRONT: &str = r#"static_resources:
  listeners:
  - name: ingress
    address: {socket_address: {address: 0.0.0.0, port_value: 8080}}
    filter_chains:
    - filters:
      - name: envoy.filters.network.http_connection_manager
        typed_config:
          "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
          stat_prefix: ingress
          stream_idle_timeout: 300s
          common_http_protocol_options:
            idle_timeout: 3600s
          route_config:
            name: main
            virtual_hosts:
            - name: api
              domains: ["*"]
              retry_policy:
                retry_on: connect-failure
              routes:
              - match: {prefix: /orders}
                route:
                  cluster: orders
                  timeout: 1.5s
                  idle_timeout: 30s
                  retry_policy:
                    retry_on: "5xx,reset"
                    num_retries: 2
                    per_try_timeout: 0.5s
              - match: {prefix: /}
                route: {cluster: "${DEFAULT_CLUSTER}"}
  clusters:
  - name: orders
    connect_timeout: 0.25s
    typed_extension_protocol_options:
      envoy.extensions.upstreams.http.v3.HttpProtocolOptions:
        "@type": type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions
        common_http_protocol_options:
          idle_timeout: 60s
        explicit_http_config: {http2_protocol_options: {}}
  - name: metrics
    connect_timeout: 1s
"#;

#[test]
fn routes_clusters_and_the_connection_manager_make_rows() {
    let f = "envoy/front.yaml";
    let out = ENVOY.clean(f, FRONT);
    let vh = "listener ingress route_config main virtual_host api";
    let hcm = "listener ingress http_connection_manager";
    let up = "typed_extension_protocol_options.envoy.extensions.upstreams.http.v3.HttpProtocolOptions.common_http_protocol_options.idle_timeout";
    let other = "ingress -> ${DEFAULT_CLUSTER}";
    assert_eq!(
        brief(&out.rows),
        [
            format!("ingress -> orders | RouteAction.timeout | 1.5s | {f}:25 {vh} routes[0].route.timeout"),
            format!("ingress -> orders | RouteAction.idle_timeout | 30s | {f}:26 {vh} routes[0].route.idle_timeout"),
            format!("ingress -> orders | RetryPolicy.num_retries | 2 | {f}:29 {vh} routes[0].route.retry_policy.num_retries"),
            format!("ingress -> orders | RetryPolicy.per_try_timeout | 0.5s | {f}:30 {vh} routes[0].route.retry_policy.per_try_timeout"),
            format!("ingress -> orders | RetryPolicy.retry_on | 5xx,reset | {f}:28 {vh} routes[0].route.retry_policy.retry_on"),
            format!("ingress -> orders | Cluster.connect_timeout | 0.25s | {f}:35 cluster orders connect_timeout"),
            format!("ingress -> orders | common_http_protocol_options.idle_timeout | 60s | {f}:40 cluster orders {up}"),
            // No timeout on the route: Envoy's 15 s, at the route's line.
            format!("{other} | RouteAction.timeout | — | {f}:31 {vh} routes[1].route.timeout"),
            format!("{other} | stream_idle_timeout | 300s | {f}:11 {hcm} stream_idle_timeout"),
            // The virtual host's retry policy, with Envoy's default of 1 retry.
            format!("{other} | RetryPolicy.num_retries | — | {f}:20 {vh} retry_policy.num_retries"),
            format!("{other} | RetryPolicy.retry_on | connect-failure | {f}:20 {vh} retry_policy.retry_on"),
            format!("client -> ingress | common_http_protocol_options.idle_timeout | 3600s | {f}:13 {hcm} common_http_protocol_options.idle_timeout"),
            format!("envoy -> metrics | Cluster.connect_timeout | 1s | {f}:43 cluster metrics connect_timeout"),
        ]
    );
    let default = out
        .rows
        .iter()
        .find(|r| r.setting == "RouteAction.timeout" && r.value == "—")
        .unwrap();
    assert_eq!(
        cells_of(default, "default | rationale"),
        "15s | not set: an Envoy route times out after 15s by default (the whole call, retries included)"
    );
    let retries = out
        .rows
        .iter()
        .filter(|r| r.setting == "RetryPolicy.num_retries")
        .map(|r| (r.default.as_str(), r.rationale.as_str()))
        .collect::<Vec<_>>();
    assert_eq!(
        retries,
        [
            ("", "Envoy's num_retries are retries after the first try"),
            (
                "1 retry",
                "not set: with a retry_policy Envoy retries once by default"
            ),
        ]
    );
    // The two routes are one route group named after the virtual host.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("ingress -> orders = api @ {f}:22 {vh} routes[0]"),
            format!("{other} = api @ {f}:31 {vh} routes[1]"),
        ]
    );
}

#[test]
fn templates_stay_as_written() {
    let text = "static_resources:\n  listeners:\n  - name: edge\n    filter_chains:\n    - filters:\n      - name: envoy.filters.network.http_connection_manager\n        typed_config:\n          route_config:\n            virtual_hosts:\n            - name: web\n              routes:\n              - route:\n                  cluster: app\n                  timeout: {{ .Values.timeout }}\n                  retry_policy: {num_retries: \"${RETRIES}\"}\n";
    let out = ENVOY.clean("chart/envoy.yaml", text);
    assert_eq!(
        cells(settings(&out.rows), "value | rationale"),
        [
            "{{ .Values.timeout }} | unresolved: template",
            "${RETRIES} | unresolved: template",
        ]
    );
}

#[test]
fn two_routes_to_one_cluster_keep_their_own_hops() {
    let text = "static_resources:\n  listeners:\n  - filter_chains:\n    - filters:\n      - name: envoy.http_connection_manager\n        config:\n          route_config:\n            virtual_hosts:\n            - name: web\n              routes:\n              - match: {prefix: /slow}\n                route: {cluster: app, timeout: 60s}\n              - name: rest\n                match: {prefix: /}\n                route: {cluster: app, timeout: 5s}\n";
    assert_eq!(
        ENVOY.brief("e.yaml", text),
        [
            "web -> app (routes[0]) | RouteAction.timeout | 60s | e.yaml:12 listeners[0] route_config virtual_host web routes[0].route.timeout",
            "web -> app (rest) | RouteAction.timeout | 5s | e.yaml:15 listeners[0] route_config virtual_host web routes[1].route.timeout",
        ]
    );
}

#[test]
fn a_file_that_is_not_yaml_is_an_error_with_its_position() {
    let out = ENVOY.one("e.yaml", "static_resources:\n  listeners: [\n");
    assert_eq!(out.rows, []);
    assert_eq!(out.errors.len(), 1);
    assert_eq!(
        (out.errors[0].path.as_str(), out.errors[0].line),
        ("e.yaml", 3)
    );
}

#[test]
fn every_sentence_is_said_in_both_languages() {
    assert_said_in_both(
        &[
            Say::Routes,
            Say::DefaultRouteTimeout,
            Say::DefaultNumRetries,
            Say::NumRetries,
            Say::VirtualHostRetryPolicy,
            Say::StreamIdle,
        ],
        Say::text,
    );
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let text = FRONT.replace(
        "          stream_idle_timeout: 300s\n",
        "          stream_idle_timeout: 300s\n          request_timeout: 10s\n",
    );
    let out = ENVOY.one("proxy.yaml", &text);
    // Each line once: every route writes its own route and retry policy rows.
    assert_eq!(
        distinct(catalog_lines(&out.rows, |e| format!(" ({:?})", e.kind))),
        [
            "RouteAction.timeout = Envoy / RouteAction.timeout (Deadline)",
            "RouteAction.idle_timeout = Envoy / RouteAction.idle_timeout (Read)",
            "RetryPolicy.num_retries = Envoy / RetryPolicy.num_retries (Tries)",
            "RetryPolicy.per_try_timeout = Envoy / RetryPolicy.per_try_timeout (Attempt)",
            "RetryPolicy.retry_on = Envoy / RetryPolicy.retry_on (RetryOn)",
            "Cluster.connect_timeout = Envoy / Cluster.connect_timeout (Connect)",
            "common_http_protocol_options.idle_timeout = Envoy / HttpProtocolOptions.idle_timeout (Idle)",
            "stream_idle_timeout = Envoy / stream_idle_timeout (Read)",
            "HttpConnectionManager.request_timeout = Envoy / HttpConnectionManager.request_timeout (Other)",
        ]
    );
}
