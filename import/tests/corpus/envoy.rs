//! Envoy static configuration: routes, retry policies, clusters, hidden route defaults.

use crate::{
    check, findings, group_hops, group_values, import_clean_with_paths, import_folder, settings,
    unreadable,
};

#[test]
fn envoy_edge_google_vrp() {
    let (out, [f]) = import_clean_with_paths("envoy-edge-google-vrp", ["envoy-edge.yaml"]);
    let hop = "listener_https -> service_foo";
    assert_eq!(
        settings(&out.rows),
        [
            // The route writes no timeout: Envoy's 15 s, at the route's line.
            format!("{hop} | RouteAction.timeout | — | {f}:64"),
            // The route's idle_timeout overrides the connection manager's 300 s.
            format!("{hop} | RouteAction.idle_timeout | 15s | {f}:68"),
            // `clusters` is written as one mapping: still the cluster the route names.
            format!("{hop} | Cluster.connect_timeout | 5s | {f}:79"),
            format!("client -> listener_https | common_http_protocol_options.idle_timeout | 3600s | {f}:48"),
            format!("client -> listener_https | HttpConnectionManager.request_timeout | 300s | {f}:55"),
        ]
    );
    let hidden = &out.rows[1];
    assert_eq!(hidden.default, "15s");
    assert_eq!(
        hidden.location,
        format!("{f}:64 listener listener_https route_config local_route virtual_host local_service routes[0].route.timeout")
    );
    // The direct response route calls no cluster: one route, one group.
    assert_eq!(group_hops(&out.rows), [(hop, "local_service")]);
}

#[test]
fn envoy_front_proxy_retries() {
    let (out, [f, s]) = import_clean_with_paths(
        "envoy-front-proxy-retries",
        ["front-envoy.yaml", "service-envoy.yaml"],
    );
    assert_eq!(
        settings(&out.rows),
        [
            format!("backend -> service_blue | RouteAction.timeout | 5s | {f}:25"),
            format!("backend -> service_blue | Cluster.connect_timeout | 0.25s | {f}:43"),
            format!("backend -> service_green | RouteAction.timeout | — | {f}:26"),
            format!("backend -> service_green | Cluster.connect_timeout | 0.25s | {f}:57"),
            format!("backend -> service_red | RouteAction.timeout | — | {f}:30"),
            format!("backend -> service_red | RetryPolicy.num_retries | 3 | {f}:36"),
            format!("backend -> service_red | RetryPolicy.per_try_timeout | 5s | {f}:37"),
            format!("backend -> service_red | RetryPolicy.retry_on | 5xx | {f}:35"),
            format!("backend -> service_red | Cluster.connect_timeout | 0.25s | {f}:71"),
            format!("service -> local_service | RouteAction.timeout | — | {s}:20"),
            format!("service -> local_service | Cluster.connect_timeout | 0.25s | {s}:29"),
        ]
    );
    // The three routes of the virtual host `backend` are one route group.
    assert_eq!(
        group_values(&out.rows),
        ["backend", "backend", "backend", "service"]
    );
}

#[test]
fn envoy_front_proxy_retries_checks_without_surprises() {
    let out = import_folder("envoy-front-proxy-retries");
    assert_eq!(
        findings(&out.rows),
        [
            // 3 retries are 4 attempts on service_red, over the threshold of 3.
            "RetryAmplification service_red",
            // The hidden 15 s route default, from the default written on the row.
            "ValueDefaultApplied backend -> service_green",
            // 4 tries of 5 s do not fit the 15 s route default.
            "TriesCutByDeadline backend -> service_red",
            "ValueDefaultApplied backend -> service_red",
            "ValueDefaultApplied service -> local_service",
        ]
    );
    let edge = import_folder("envoy-edge-google-vrp");
    assert_eq!(unreadable(&check(&edge.rows)), Vec::<String>::new());
}
