//! Kubernetes YAML: ingress-nginx, Istio, Gateway API, chart templates, AWS ALB.

use budget::Lang;

use crate::{
    cells_of, check, entry_of, found, group_hops, group_values, import_clean,
    import_clean_with_paths, import_folder, row_of, settings, unreadable,
};

#[test]
fn ingress_nginx_examples() {
    let out = import_clean("ingress-nginx-examples");
    let f = "ingress-nginx-examples";
    let cm = format!("{f}/configmap.yaml");
    let public = "public-demo-echo-service.kube.local -> demo-echo-service";
    let secure = "secure-demo-echo-service.kube.local -> demo-echo-service";
    let registry = "registry.<your domain> -> docker-registry";
    let a = "nginx.ingress.kubernetes.io";
    assert_eq!(
        settings(&out.rows),
        [
            // The controller's ConfigMap: its defaults for every Ingress.
            format!("ingress-nginx | ConfigMap data.proxy-connect-timeout | 10 | {cm}:10"),
            format!("ingress-nginx | ConfigMap data.proxy-read-timeout | 120 | {cm}:11"),
            format!("ingress-nginx | ConfigMap data.proxy-send-timeout | 120 | {cm}:12"),
            format!(
                "demo-echo-service | terminationGracePeriodSeconds | 60 | {f}/echo-service.yaml:18"
            ),
            // An Ingress without its own annotations takes the ConfigMap's values, located there.
            format!("{public} | {a}/proxy-connect-timeout | — | {cm}:10"),
            format!("{public} | {a}/proxy-read-timeout | — | {cm}:11"),
            format!("{public} | {a}/proxy-send-timeout | — | {cm}:12"),
            format!("{secure} | {a}/proxy-connect-timeout | — | {cm}:10"),
            format!("{secure} | {a}/proxy-read-timeout | — | {cm}:11"),
            format!("{secure} | {a}/proxy-send-timeout | — | {cm}:12"),
            // Its own annotations win over the ConfigMap.
            format!("{registry} | {a}/proxy-connect-timeout | — | {cm}:10"),
            format!("{registry} | {a}/proxy-read-timeout | 600 | {f}/ingress-without-tls.yaml:6"),
            format!("{registry} | {a}/proxy-send-timeout | 600 | {f}/ingress-without-tls.yaml:7"),
        ]
    );
    let layers: Vec<&str> = out.rows[..3].iter().map(|r| r.layer.as_str()).collect();
    assert_eq!(layers, ["ingress-nginx"; 3]);
    assert_eq!(
        out.rows[1].location,
        format!("{cm}:11 ConfigMap ingress-nginx-controller data.proxy-read-timeout")
    );
    // The hidden default is the ConfigMap's, not the controller's built-in 60 s, and says so.
    let hidden = out
        .rows
        .iter()
        .find(|r| r.segment == public && r.setting.ends_with("proxy-read-timeout"))
        .unwrap();
    assert_eq!(hidden.default, "120");
    assert_eq!(
        hidden.rationale,
        "not set on this Ingress: the controller's ConfigMap ingress-nginx-controller sets proxy-read-timeout: 120 for every Ingress, in place of the built-in default"
    );
    // Each Ingress's paths are one route group named after it.
    assert_eq!(
        group_hops(&out.rows),
        [
            (public, "public-demo-echo-service"),
            (secure, "secure-demo-echo-service"),
            (registry, "docker-registry"),
        ]
    );
    // The engine reads the ConfigMap's bare numbers as seconds: 10 s + 120 s on each Ingress
    // that takes them.
    let report = check(&out.rows);
    let interval = report
        .findings
        .iter()
        .find(|f| f.hop.as_deref() == Some(public) && format!("{:?}", f.code) == "ReadIntervalOnly")
        .expect("a read.interval_only finding");
    assert!(
        interval.message.ends_with("far past 2 min 10 s"),
        "{}",
        interval.message
    );
    assert_eq!(unreadable(&report), Vec::<String>::new());
}

#[test]
fn istio_kubox() {
    let (out, [vs, dr]) = import_clean_with_paths(
        "istio-kubox",
        ["virtual-service.yaml", "destination-rules.yaml"],
    );
    let rows = settings(&out.rows);
    assert_eq!(rows.len(), 42, "{rows:#?}");
    let user0 = "* -> user-svc.app-services.svc.cluster.local (http[0])";
    let user5 = "* -> user-svc.app-services.svc.cluster.local (http[5])";
    let product = "* -> product-svc.app-services.svc.cluster.local";
    for expected in [
        format!("{user0} | connectionPool.tcp.connectTimeout | 30s | {dr}:14"),
        format!("{user0} | connectionPool.http.idleTimeout | 60s | {dr}:19"),
        format!("{user0} | connectionPool.http.maxRetries | 3 | {dr}:18"),
        format!("{user5} | connectionPool.tcp.connectTimeout | 30s | {dr}:14"),
        format!("{product} | connectionPool.tcp.connectTimeout | 30s | {dr}:42"),
        format!("mesh -> mysql.app-services.svc.cluster.local | connectionPool.tcp.connectTimeout | 30s | {dr}:155"),
        format!("mesh -> redis.app-services.svc.cluster.local | connectionPool.tcp.connectTimeout | 30s | {dr}:171"),
        format!("{user0} | HTTPRoute.timeout | 30s | {vs}:23"),
        format!("{user0} | retries.attempts | 3 | {vs}:25"),
        format!("{user0} | retries.perTryTimeout | 10s | {vs}:26"),
        format!("{user0} | retries.retryOn | 5xx,reset,connect-failure,refused-stream | {vs}:27"),
        format!("{product} | HTTPRoute.timeout | 30s | {vs}:43"),
        format!("{product} | retries.attempts | 3 | {vs}:45"),
        format!("{user5} | HTTPRoute.timeout | 10s | {vs}:105"),
        // The health route writes no retries: Istio's default 2 retries, made explicit.
        format!("{user5} | retries.attempts | — | {vs}:95"),
    ] {
        assert!(rows.contains(&expected), "missing {expected}\n{rows:#?}");
    }
    let max_retries = row_of(&out.rows, "connectionPool.http.maxRetries");
    assert_eq!(max_retries.item, "other");
    assert!(max_retries
        .rationale
        .starts_with("a connection-pool limit, not a retry count"));
    let hidden = out.rows.iter().find(|r| r.value == "—").unwrap();
    assert_eq!(
        cells_of(hidden, "default | item"),
        "2 retries | tries and waits"
    );
    assert_eq!(
        hidden.location,
        format!("{vs}:95 VirtualService kubox-virtual-service http[5]")
    );
    // The six http routes are one route group.
    assert_eq!(group_values(&out.rows), ["kubox-virtual-service"; 6]);
}

#[test]
fn istio_kubox_checks_without_surprises() {
    let out = import_folder("istio-kubox");
    let report = check(&out.rows);
    let svc = |name: &str| format!("{name}.app-services.svc.cluster.local");
    let mut expected = Vec::new();
    // A DestinationRule's connect timeout alone does not bound a call to a database, and the
    // mesh's own retries on that hop are written nowhere.
    for db in ["mysql", "redis"] {
        expected.push(format!("BoundMissing mesh -> {}", svc(db)));
        expected.push(format!("RetryHidden mesh -> {}", svc(db)));
    }
    // `attempts: 3` is 3 retries: 4 attempts reach each service, more than the threshold 3.
    expected.push(format!("RetryAmplification {} (http[0])", svc("user-svc")));
    for name in ["product-svc", "cart-svc", "order-svc", "payment-svc"] {
        expected.push(format!("RetryAmplification {}", svc(name)));
    }
    // 4 tries of 10 s do not fit the route's 30 s: the deadline cuts the last one.
    expected.push(format!(
        "TriesCutByDeadline * -> {} (http[0])",
        svc("user-svc")
    ));
    for name in ["product-svc", "order-svc", "payment-svc", "cart-svc"] {
        expected.push(format!("TriesCutByDeadline * -> {}", svc(name)));
    }
    // The health route's hidden 2 retries come from the default written on its row.
    expected.push(format!(
        "ValueDefaultApplied * -> {} (http[5])",
        svc("user-svc")
    ));
    assert_eq!(found(&report), expected);
    assert_eq!(
        report.summary.headline(Lang::En),
        "0 inversions, 9 warnings"
    );
}

#[test]
fn gateway_api_httproute() {
    let (out, [a, b, c]) = import_clean_with_paths(
        "gateway-api-httproute",
        [
            "httproute-retry-with-timeouts.yaml",
            "httproute-timeout-backend-request.yaml",
            "timeout-example.yaml",
        ],
    );
    assert_eq!(
        settings(&out.rows),
        [
            format!("same-namespace -> infra-backend-v3 (rules[0]) | timeouts.backendRequest | 200ms | {a}:17"),
            format!("same-namespace -> infra-backend-v3 (rules[0]) | retry.attempts | 2 | {a}:15"),
            format!("same-namespace -> infra-backend-v3 (rules[1]) | timeouts.request | 400ms | {a}:31"),
            format!("same-namespace -> infra-backend-v3 (rules[1]) | timeouts.backendRequest | 200ms | {a}:30"),
            format!("same-namespace -> infra-backend-v3 (rules[1]) | retry.attempts | 5 | {a}:28"),
            format!("same-namespace -> infra-backend-v3 (rules[1]) | retry.codes | 500 | {a}:27"),
            format!("same-namespace -> infra-backend-v1 (rules[0]) | timeouts.backendRequest | 500ms | {b}:18"),
            format!("same-namespace -> infra-backend-v1 (rules[1]) | timeouts.backendRequest | 0s | {b}:27"),
            format!("example-gateway -> timeout-svc | timeouts.request | 10s | {c}:16"),
            format!("example-gateway -> timeout-svc | timeouts.backendRequest | 2s | {c}:17"),
        ]
    );
    let off = out.rows.iter().find(|r| r.value == "0s").unwrap();
    assert_eq!(
        off.rationale,
        "`0s` switches this timeout off (Gateway API): no bound"
    );
    // The engine reads `0s` there as no bound, from the catalog.
    assert_eq!(
        entry_of(off),
        ("Gateway API", "HTTPRouteTimeouts.backendRequest")
    );
}

#[test]
fn cnvrg_operator_templates_stay_unresolved() {
    let (out, [i, v]) =
        import_clean_with_paths("cnvrg-operator-templates", ["ingress.tpl", "vs.tpl"]);
    let host = "{{.Spec.Dbs.Minio.SvcName}}{{.Spec.Networking.ClusterDomainPrefix.Prefix}}.{{ .Spec.ClusterDomain }}";
    let vs_hop = "{{ .Spec.Dbs.Minio.SvcName}}{{.Spec.Networking.ClusterDomainPrefix.Prefix}}.{{ .Spec.ClusterDomain }} -> {{ .Spec.Dbs.Minio.SvcName }}.{{.Namespace }}.svc.{{ .Spec.ClusterInternalDomain }}";
    assert_eq!(
        settings(&out.rows),
        [
            format!("{host} -> {{{{ .Spec.Dbs.Minio.SvcName }}}} | nginx.ingress.kubernetes.io/proxy-read-timeout | — | {i}:6"),
            format!("{host} -> {{{{ .Spec.Dbs.Minio.SvcName }}}} | nginx.ingress.kubernetes.io/proxy-send-timeout | — | {i}:5"),
            format!("{vs_hop} | HTTPRoute.timeout | 864000s | {v}:26"),
            format!("{vs_hop} | retries.attempts | {{{{ .Spec.Networking.Ingress.RetriesAttempts }}}} | {v}:24"),
            format!("{vs_hop} | retries.perTryTimeout | 172800s | {v}:25"),
        ]
    );
    // `18000s` carries a unit ingress-nginx does not read: its 60 s default applies.
    assert_eq!(out.rows[1].default, "60s");
    assert_eq!(
        out.rows[1].rationale,
        "written `18000s`: ingress-nginx reads this annotation as whole seconds without a unit and ignores any other text, so its default 60s applies instead"
    );
    // The templated attempts stay text, never a number.
    let attempts = row_of(&out.rows, "retries.attempts");
    assert_eq!(attempts.rationale, "unresolved: template");
}

#[test]
fn conbench_alb_ingress_and_deployment() {
    let (out, [i, d, g]) = import_clean_with_paths(
        "conbench-alb-gunicorn",
        [
            "conbench-cloud-ingress.templ.yml",
            "conbench-deployment.templ.yml",
            "gunicorn-conf.py",
        ],
    );
    let hop = "<CONBENCH_INTENDED_DNS_NAME> -> conbench-service";
    assert_eq!(
        settings(&out.rows),
        [
            format!("{hop} | idle_timeout.timeout_seconds | 160 | {i}:44"),
            format!("conbench-deployment | terminationGracePeriodSeconds | 60 | {d}:101"),
            format!(
                "kubelet -> conbench-deployment (readinessProbe) | readinessProbe.timeoutSeconds | 20 | {d}:100"
            ),
            // The gunicorn configuration the Deployment runs (`gunicorn -c conbench/gunicorn-conf.py`).
            format!("gunicorn | gunicorn timeout | 180 | {g}:7"),
            format!("client -> gunicorn | gunicorn keepalive | 170 | {g}:10"),
        ]
    );
    // An ALB Ingress gets no ingress-nginx default; its idle timeout is the catalog's ALB one.
    let idle = &out.rows[1];
    assert_eq!(entry_of(idle), ("AWS ALB", "idle_timeout.timeout_seconds"));
}
