use super::*;
use crate::testing::{
    assert_said_in_both, brief, catalog, catalog_lines, cells, cells_of, entry_of, item_cells,
    route_groups, row_of, settings, Importer,
};
use crate::yaml::placeholder;

/// The importer under test: every file handed in is read as Kubernetes YAML.
const KUBERNETES: Importer = Importer(import);

/// `helm template` output: comments naming the chart's files, several documents, a Service
/// that carries no timeout, and an empty document at the end.
const HELM_OUTPUT: &str = r#"---
# Source: shop/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-api
spec:
  template:
    spec:
      terminationGracePeriodSeconds: 45
      containers:
        - name: api
          image: "shop/api:1.4.2"
          livenessProbe:
            httpGet: {path: /healthz, port: 8080}
            timeoutSeconds: 2
          readinessProbe:
            timeoutSeconds: 1
---
# Source: shop/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: shop-api
---
# Source: shop/templates/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
  annotations:
    nginx.ingress.kubernetes.io/proxy-connect-timeout: "10"
    nginx.ingress.kubernetes.io/proxy-read-timeout: "30s"
    nginx.ingress.kubernetes.io/proxy-next-upstream: "error timeout http_502"
    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "2"
    nginx.ingress.kubernetes.io/proxy-next-upstream-timeout: "20"
spec:
  ingressClassName: nginx
  rules:
    - host: shop.example.com
      http:
        paths:
          - path: /api
            pathType: Prefix
            backend:
              service: {name: shop-api, port: {number: 80}}
          - path: /static
            pathType: Prefix
            backend:
              service: {name: shop-static, port: {number: 80}}
---
"#;

#[test]
fn helm_template_output_imports_every_document() {
    let i = "rendered/shop.yaml";
    let out = KUBERNETES.clean(i, HELM_OUTPUT);
    let ann = "Ingress shop nginx.ingress.kubernetes.io";
    let api = "shop.example.com -> shop-api";
    let st = "shop.example.com -> shop-static";
    assert_eq!(
        brief(&out.rows),
        [
            format!("shop-api | terminationGracePeriodSeconds | 45 | {i}:10 Deployment shop-api spec.template.spec.terminationGracePeriodSeconds"),
            format!("kubelet -> shop-api (livenessProbe) | livenessProbe.timeoutSeconds | 2 | {i}:16 Deployment shop-api containers[api].livenessProbe.timeoutSeconds"),
            format!("kubelet -> shop-api (readinessProbe) | readinessProbe.timeoutSeconds | 1 | {i}:18 Deployment shop-api containers[api].readinessProbe.timeoutSeconds"),
            format!("{api} | nginx.ingress.kubernetes.io/proxy-connect-timeout | 10 | {i}:32 {ann}/proxy-connect-timeout"),
            format!("{api} | nginx.ingress.kubernetes.io/proxy-read-timeout | — | {i}:33 {ann}/proxy-read-timeout"),
            format!("{api} | nginx.ingress.kubernetes.io/proxy-next-upstream | error timeout http_502 | {i}:34 {ann}/proxy-next-upstream"),
            format!("{api} | nginx.ingress.kubernetes.io/proxy-next-upstream-tries | 2 | {i}:35 {ann}/proxy-next-upstream-tries"),
            format!("{api} | nginx.ingress.kubernetes.io/proxy-next-upstream-timeout | 20 | {i}:36 {ann}/proxy-next-upstream-timeout"),
            format!("{st} | nginx.ingress.kubernetes.io/proxy-connect-timeout | 10 | {i}:32 {ann}/proxy-connect-timeout"),
            format!("{st} | nginx.ingress.kubernetes.io/proxy-read-timeout | — | {i}:33 {ann}/proxy-read-timeout"),
            format!("{st} | nginx.ingress.kubernetes.io/proxy-next-upstream | error timeout http_502 | {i}:34 {ann}/proxy-next-upstream"),
            format!("{st} | nginx.ingress.kubernetes.io/proxy-next-upstream-tries | 2 | {i}:35 {ann}/proxy-next-upstream-tries"),
            format!("{st} | nginx.ingress.kubernetes.io/proxy-next-upstream-timeout | 20 | {i}:36 {ann}/proxy-next-upstream-timeout"),
        ]
    );
    // The two paths are alternatives of one entry point.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("{api} = shop @ {i}:43 Ingress shop rules[0].http.paths[0]"),
            format!("{st} = shop @ {i}:47 Ingress shop rules[0].http.paths[1]"),
        ]
    );
}

#[test]
fn ingress_nginx_reads_whole_seconds_only() {
    let out = KUBERNETES.one("rendered/shop.yaml", HELM_OUTPUT);
    let read = out
        .rows
        .iter()
        .find(|r| r.setting.ends_with("proxy-read-timeout"))
        .unwrap();
    // `30s` is not a number of seconds to the controller: it keeps its 60 s.
    assert_eq!((read.value.as_str(), read.default.as_str()), ("—", "60s"));
    assert_eq!(
        read.rationale,
        "written `30s`: ingress-nginx reads this annotation as whole seconds without a unit and ignores any other text, so its default 60s applies instead"
    );
    let connect = out
        .rows
        .iter()
        .find(|r| r.setting.ends_with("proxy-connect-timeout"))
        .unwrap();
    assert_eq!(cells_of(connect, "value | item"), "10 | connect timeout");
    assert_eq!(
        connect.rationale,
        "ingress-nginx reads this annotation as whole seconds"
    );
    // The engine gives the bare 10 its unit from the catalog: seconds.
    let entry = budget::catalog::lookup(connect).unwrap();
    assert_eq!(
        (entry.product, entry.unit),
        ("ingress-nginx", budget::duration::Unit::Seconds)
    );
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let vs = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination: {host: reviews}\n    timeout: 5s\n    retries: {attempts: 2, perTryTimeout: 2s, retryOn: \"connect-failure,503\"}\n---\napiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata:\n  name: reviews\nspec:\n  host: reviews.default.svc.cluster.local\n  trafficPolicy:\n    connectionPool:\n      tcp: {connectTimeout: 1s}\n      http: {idleTimeout: 30s, maxRetries: 10}\n---\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: web\nspec:\n  parentRefs: [{name: edge}]\n  rules:\n  - backendRefs: [{name: web, port: 80}]\n    timeouts: {request: 10s, backendRequest: 3s}\n    retry: {attempts: 1, codes: [503]}\n---\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: alb\n  annotations:\n    alb.ingress.kubernetes.io/load-balancer-attributes: deletion_protection.enabled=true,idle_timeout.timeout_seconds=120\nspec:\n  ingressClassName: alb\n  defaultBackend:\n    service: {name: web, port: {number: 80}}\n";
    let out = KUBERNETES.clean("all.yaml", vs);
    assert_eq!(
        catalog_lines(&out.rows, |_| String::new()),
        [
            "HTTPRoute.timeout = Istio / HTTPRoute.timeout",
            "retries.attempts = Istio / HTTPRetry.attempts",
            "retries.perTryTimeout = Istio / HTTPRetry.perTryTimeout",
            "retries.retryOn = Istio / HTTPRetry.retryOn",
            "connectionPool.tcp.connectTimeout = Istio / ConnectionPoolSettings.TCPSettings.connectTimeout",
            "connectionPool.http.idleTimeout = Istio / ConnectionPoolSettings.HTTPSettings.idleTimeout",
            "connectionPool.http.maxRetries = Istio / ConnectionPoolSettings.HTTPSettings.maxRetries",
            "timeouts.request = Gateway API / HTTPRouteTimeouts.request",
            "timeouts.backendRequest = Gateway API / HTTPRouteTimeouts.backendRequest",
            "retry.attempts = Gateway API / HTTPRouteRetry.attempts",
            "retry.codes = Gateway API / HTTPRouteRetry.codes",
            "idle_timeout.timeout_seconds = AWS ALB / idle_timeout.timeout_seconds",
        ]
    );
    // The DestinationRule's full host name is the VirtualService's short destination: its
    // settings go on that hop. An ALB Ingress gets no ingress-nginx default.
    let segments: Vec<&str> = out.rows.iter().map(|r| r.segment.as_str()).collect();
    assert_eq!(segments[5..8], ["mesh (reviews) -> reviews"; 3]);
    assert_eq!(out.rows.last().unwrap().segment, "Ingress alb -> web");
    assert_eq!(out.rows.last().unwrap().value, "120");
}

/// A chart's template as its repository has it: control actions on their own lines, values
/// from `.Values`, a shell variable left for envsubst.
const CHART_TEMPLATE: &str = r#"apiVersion: networking.istio.io/v1beta1
kind: VirtualService
metadata:
  name: {{ include "shop.fullname" . }}
  labels:
    {{- include "shop.labels" . | nindent 4 }}
spec:
  hosts:
    - {{ .Values.host | quote }}
  http:
    {{- range .Values.routes }}
    - route:
        - destination:
            host: {{ .service }}
      timeout: {{ .Values.timeout }}
      retries:
        attempts: {{ .Values.retries | default 2 }}
        perTryTimeout: "${PER_TRY_TIMEOUT}"
    {{- end }}
"#;

#[test]
fn templated_values_stay_as_written_and_unresolved() {
    let out = KUBERNETES.clean("charts/shop/templates/vs.yaml", CHART_TEMPLATE);
    let rows = cells(
        settings(&out.rows),
        "setting | value | location | rationale",
    );
    let at = "charts/shop/templates/vs.yaml";
    let vs = r#"VirtualService {{ include "shop.fullname" . }} http[0]"#;
    assert_eq!(
        rows,
        [
            format!("HTTPRoute.timeout | {{{{ .Values.timeout }}}} | {at}:15 {vs}.timeout | unresolved: template"),
            format!("retries.attempts | {{{{ .Values.retries | default 2 }}}} | {at}:17 {vs}.retries.attempts | unresolved: template"),
            format!("retries.perTryTimeout | ${{PER_TRY_TIMEOUT}} | {at}:18 {vs}.retries.perTryTimeout | unresolved: template"),
        ]
    );
    assert_eq!(
        out.rows[0].segment,
        "{{ .Values.host | quote }} -> {{ .service }}"
    );
}

#[test]
fn a_malformed_file_is_named_by_line_and_column_and_the_others_still_import() {
    let broken = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  terminationGracePeriodSeconds: [10\n";
    let good = "kind: Pod\nmetadata: {name: worker}\nspec:\n  terminationGracePeriodSeconds: 90\n";
    let out = KUBERNETES.several(&[("k8s/web.yaml", broken), ("k8s/worker.yaml", good)]);
    assert_eq!(out.errors.len(), 1);
    let err = &out.errors[0];
    assert_eq!(
        (err.path.as_str(), err.line, err.column),
        ("k8s/web.yaml", 7, 1)
    );
    assert!(err.to_string().starts_with("k8s/web.yaml:7:1: "), "{err}");
    assert_eq!(
        brief(&out.rows),
        ["worker | terminationGracePeriodSeconds | 90 | k8s/worker.yaml:4 Pod worker spec.terminationGracePeriodSeconds"]
    );
}

#[test]
fn masking_keeps_lines_and_columns() {
    let text = "a: 1\n  {{- if .Values.x }}\nb: {{ .Values.b }}\n{{- end }}\n";
    let masked = mask_templates(text);
    assert_eq!(
        masked,
        "a: 1\n                     \nb: xxxxxxxxxxxxxxb\n          \n"
    );
    assert_eq!(masked.chars().count(), text.chars().count());
}

#[test]
fn gateway_api_zero_is_off() {
    for (value, off) in [("0s", true), ("0ms", true), ("10s", false), ("s", false)] {
        assert_eq!(is_zero_duration(value), off, "{value}");
    }
}

#[test]
fn templated_keys_of_one_mapping_stay_distinct() {
    // Two loops writing annotations: after masking they are still two keys, not a duplicate.
    let text = "kind: Ingress\nmetadata:\n  annotations:\n    {{$k}}: \"{{$v}}\"\n    {{$a}}: \"{{$b}}\"\n    nginx.ingress.kubernetes.io/proxy-read-timeout: \"90\"\n  name: x\nspec:\n  ingressClassName: nginx\n  defaultBackend: {service: {name: web}}\n";
    let out = KUBERNETES.clean("a.yaml", text);
    assert_eq!(
        brief(&out.rows),
        ["Ingress x -> web | nginx.ingress.kubernetes.io/proxy-read-timeout | 90 | a.yaml:6 Ingress x nginx.ingress.kubernetes.io/proxy-read-timeout"]
    );
    assert_eq!(placeholder(6, 0), "xxxxxa");
    assert_eq!(placeholder(6, 27), "xxxxbb");
    assert_eq!(placeholder(2, 26 * 26), "aa");
}

#[test]
fn a_deeply_nested_file_is_an_error_not_a_crash() {
    let out = KUBERNETES.one("deep.yaml", &"[".repeat(200_000));
    assert_eq!(out.errors.len(), 1);
    assert_eq!(
        out.errors[0].to_string(),
        "deep.yaml:1:256: recursion limit exceeded"
    );
}

#[test]
fn a_japanese_sheet_gets_japanese_items_and_rationales() {
    let text = "kind: VirtualService\nmetadata: {name: reviews}\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination: {host: reviews-v2}\n    timeout: 2s\n";
    let out = KUBERNETES.one_in(Lang::Ja, "vs.yaml", text);
    assert_eq!(
        item_cells(&out.rows),
        [
            "経路グループ |  |  | reviews | 1つの VirtualService の http ルートは択一: 各リクエストはそのうち1つを通る",
            "全体期限 | HTTPRoute.timeout |  | 2s | ",
            "試行回数と待機 | retries.attempts | 2 retries | — | 未設定: Istio は既定でルートを2回再試行する（connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes）",
        ]
    );
}

#[test]
fn the_controller_configmap_of_ingress_nginx_sets_every_ingress_default() {
    let text = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: nginx-configuration
data:
  proxy-next-upstream: "error timeout http_503"
  proxy-next-upstream-tries: "2"
  proxy-next-upstream-timeout: "15"
  upstream-keepalive-timeout: "50"
  keep-alive: "65"
  use-gzip: "true"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: nginx-config
data:
  proxy-read-timeout: "10s"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-settings
data:
  keep-alive: "300"
---
kind: Ingress
metadata:
  name: shop
  annotations:
    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "4"
spec:
  ingressClassName: nginx
  defaultBackend: {service: {name: web}}
"#;
    let c = "k8s/all.yaml";
    let out = KUBERNETES.clean(c, text);
    let cm = "ConfigMap nginx-configuration data";
    let a = "nginx.ingress.kubernetes.io";
    // NGINX Inc's `nginx-config` and an application's ConfigMap are not the controller's.
    assert_eq!(
        brief(&out.rows),
        [
            format!("ingress-nginx | ConfigMap data.proxy-next-upstream | error timeout http_503 | {c}:6 {cm}.proxy-next-upstream"),
            format!("ingress-nginx | ConfigMap data.proxy-next-upstream-tries | 2 | {c}:7 {cm}.proxy-next-upstream-tries"),
            format!("ingress-nginx | ConfigMap data.proxy-next-upstream-timeout | 15 | {c}:8 {cm}.proxy-next-upstream-timeout"),
            format!("ingress-nginx | ConfigMap data.upstream-keepalive-timeout | 50 | {c}:9 {cm}.upstream-keepalive-timeout"),
            format!("ingress-nginx | ConfigMap data.keep-alive | 65 | {c}:10 {cm}.keep-alive"),
            format!("Ingress shop -> web | {a}/proxy-read-timeout | — | {c}:31 Ingress shop {a}/proxy-read-timeout"),
            format!("Ingress shop -> web | {a}/proxy-next-upstream | — | {c}:6 {cm}.proxy-next-upstream"),
            format!("Ingress shop -> web | {a}/proxy-next-upstream-tries | 4 | {c}:31 Ingress shop {a}/proxy-next-upstream-tries"),
            format!("Ingress shop -> web | {a}/proxy-next-upstream-timeout | — | {c}:8 {cm}.proxy-next-upstream-timeout"),
        ]
    );
    // A longer annotation is its own setting, not the shorter one it starts with.
    assert_eq!(
        entry_of(&out.rows[8]),
        (
            "ingress-nginx",
            "nginx.ingress.kubernetes.io/proxy-next-upstream-tries"
        )
    );
    // Without a ConfigMap value the built-in default stays.
    assert_eq!(out.rows[6].default, "60s");
    assert_eq!(out.rows[7].default, "error timeout http_503");
    assert_eq!(
        catalog(&out.rows[..5], |_, e| format!(
            "{} {} {:?}",
            e.product, e.name, e.unit
        )),
        [
            "ingress-nginx ConfigMap proxy-next-upstream Seconds",
            "ingress-nginx ConfigMap proxy-next-upstream-tries Seconds",
            "ingress-nginx ConfigMap proxy-next-upstream-timeout Seconds",
            "ingress-nginx ConfigMap upstream-keepalive-timeout Seconds",
            "ingress-nginx ConfigMap keep-alive Seconds",
        ]
    );
    for (key, kind) in NGINX_CONFIGMAP_KEYS {
        let r = Row {
            setting: format!("ConfigMap data.{key}"),
            layer: INGRESS_NGINX.to_owned(),
            ..Row::default()
        };
        let entry = budget::catalog::lookup(&r).unwrap_or_else(|| panic!("no entry for {key}"));
        assert_eq!(
            (entry.product, entry.kind),
            ("ingress-nginx", *kind),
            "{key}"
        );
    }
    assert_said_in_both(
        &[
            NginxSay::ControllerWide { name: "x" },
            NginxSay::FromConfigMap {
                name: "x",
                key: "proxy-read-timeout",
                value: "120",
            },
        ],
        NginxSay::text,
    );
}

#[test]
fn a_node_image_behind_an_alb_gets_nodes_keep_alive_and_the_check_finds_the_race() {
    let text = "\
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  annotations:
    alb.ingress.kubernetes.io/load-balancer-attributes: idle_timeout.timeout_seconds=60
spec:
  ingressClassName: alb
  defaultBackend:
    service: {name: web, port: {number: 80}}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: node:20-alpine
      - name: proxy
        image: docker.io/envoyproxy/envoy:v1.31
";
    let out = KUBERNETES.one("k8s/web.yaml", text);
    assert_eq!(
        brief(&out.rows),
        [
            "Ingress web -> web | idle_timeout.timeout_seconds | 60 | k8s/web.yaml:6 Ingress web alb.ingress.kubernetes.io/load-balancer-attributes idle_timeout.timeout_seconds",
            "Ingress web -> web | Node.js server.keepAliveTimeout | — | k8s/web.yaml:21 Deployment web containers[app].image",
        ]
    );
    let node = row_of(&out.rows, "Node.js server.keepAliveTimeout");
    assert_eq!(
        cells_of(node, "item | default"),
        "keep-alive timeout | 5000ms"
    );
    assert_eq!(
        node.rationale,
        "a Node.js image: no file read sets it (the app's code may); Node.js closes an idle keep-alive connection after 5000ms by default"
    );
    let report = budget::check(&budget::Sheet::new(Lang::En, out.rows.clone()));
    let race = report
        .findings
        .iter()
        .find(|f| f.code.as_str() == "idle.direction")
        .unwrap();
    assert_eq!(
        race.message,
        "Ingress web -> web: web keeps idle connections 5.0 s, not longer than Ingress web's 1 min: Ingress web may send on a connection web is closing (502 / reset)"
    );
    // Only the official image's name counts as Node.js.
    assert!(is_node_image("registry.example.com:5000/team/node:18"));
    assert!(!is_node_image("nodered/node-red:3"));
    assert!(!is_node_image("example/app:node"));
}

#[test]
fn service_names_and_their_cluster_names_are_one_host_and_public_names_are_not() {
    assert!(same_host("reviews", "reviews"));
    assert!(same_host("reviews", "reviews.default"));
    assert!(same_host("reviews.default.svc.cluster.local", "reviews"));
    assert!(same_host("reviews", "reviews.default.svc"));
    assert!(!same_host("reviews", "reviews.example.com"));
    assert!(!same_host("reviews", "reviews-v2"));
    // A public host routed to its service is a hop, not the service calling itself.
    let vs = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews.example.com]\n  http:\n  - route:\n    - destination:\n        host: reviews\n    timeout: 5s\n";
    let out = KUBERNETES.one("vs.yaml", vs);
    assert_eq!(out.rows[1].segment, "reviews.example.com -> reviews");
}
