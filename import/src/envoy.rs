//! Envoy static configuration: YAML with `static_resources` (listeners and clusters).
//!
//! Topology: each listener's HTTP connection manager (`envoy.filters.network.http_connection_manager`,
//! under `typed_config` or the older `config`) routes through its inline `route_config`: each
//! route of a virtual host that names a `cluster` (or `weighted_clusters`) is a hop
//! `CALLER -> CLUSTER`, where the caller is the listener's `name` (the virtual host's name for a
//! listener without one). The routes of one virtual host are one route group named after it:
//! each request takes one of them (budget-model §4.2). Routes fetched at run time (`rds`) are
//! not in the file and give no hops.
//!
//! Rows (Envoy's timeouts FAQ, <https://www.envoyproxy.io/docs/envoy/latest/faq/configuration/timeouts>):
//!
//! - On each route's hop: `route.timeout` (`RouteAction.timeout`, a deadline on the whole call,
//!   retries included), `route.idle_timeout` (`RouteAction.idle_timeout`, read) or else the
//!   connection manager's `stream_idle_timeout`, and the route's `retry_policy` (or the
//!   virtual host's): `num_retries`, `per_try_timeout`, `retry_on`. The cluster's
//!   `connect_timeout` and its upstream `common_http_protocol_options.idle_timeout` (v2 on the
//!   cluster, v3 under `typed_extension_protocol_options`) go on every hop to it; a cluster no
//!   route names is on the hop `envoy -> CLUSTER`.
//! - On `client -> CALLER`: the connection manager's downstream
//!   `common_http_protocol_options.idle_timeout` and `request_timeout`.
//!
//! Hidden defaults are made explicit: a route without `timeout` gets a row `—` with Envoy's
//! default of 15 s, and a retry policy without `num_retries` a row `—` with Envoy's 1 retry.
//! Values are written as the file has them (protobuf durations such as `0.25s`); a duration
//! written as a mapping (`{seconds: 5}`) is not a value the sheet reads and gives no row.
//! Templates (`{{ ... }}`, `${VAR}`) stay as written, `unresolved: template`.

use budget::{Kind, Lang, Row};
use saphyr::{MarkedYaml, YamlData};

use crate::row::{route_group, row};
use crate::yaml::{entries, get, get_path, items, load, mask_templates, Doc, Settings};
use crate::{File, Imported};

/// Envoy's route timeout when a route sets none (`RouteAction.timeout`: "If not specified, the
/// default is 15s").
const DEFAULT_ROUTE_TIMEOUT: &str = "15s";

/// Envoy's retries when a retry policy sets no `num_retries` ("defaults to 1").
const DEFAULT_NUM_RETRIES: &str = "1 retry";

/// The key of the v3 upstream HTTP protocol options in a cluster's
/// `typed_extension_protocol_options`.
const UPSTREAM_HTTP_OPTIONS: &str = "envoy.extensions.upstreams.http.v3.HttpProtocolOptions";

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Say {
    /// The routes of one virtual host are one route group.
    Routes,
    /// No route `timeout`: Envoy's 15 s default.
    DefaultRouteTimeout,
    /// No `num_retries` in a retry policy: Envoy's default of 1.
    DefaultNumRetries,
    /// `num_retries` counts retries after the first try.
    NumRetries,
    /// The retry policy is the virtual host's.
    VirtualHostRetryPolicy,
    /// The connection manager's stream idle timeout applies to the route.
    StreamIdle,
}

impl Say {
    /// The sentence in `lang`.
    fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::Routes if ja => "1つの virtual host のルートは択一: 各リクエストはそのうち1つを通る".into(),
            Say::Routes => "the routes of one virtual host are alternatives: each request takes one of them".into(),
            Say::DefaultRouteTimeout if ja => "未設定: Envoy のルートは既定で 15s でタイムアウトする（再試行を含む全体）".into(),
            Say::DefaultRouteTimeout => "not set: an Envoy route times out after 15s by default (the whole call, retries included)".into(),
            Say::DefaultNumRetries if ja => "未設定: retry_policy があれば Envoy は既定で1回再試行する".into(),
            Say::DefaultNumRetries => "not set: with a retry_policy Envoy retries once by default".into(),
            Say::NumRetries if ja => "Envoy の num_retries は最初の試行の後の再試行の回数".into(),
            Say::NumRetries => "Envoy's num_retries are retries after the first try".into(),
            Say::VirtualHostRetryPolicy if ja => "virtual host の retry_policy（このルートは自分のものを持たない）".into(),
            Say::VirtualHostRetryPolicy => "the virtual host's retry_policy (the route has none of its own)".into(),
            Say::StreamIdle if ja => "HTTP connection manager の stream_idle_timeout（このルートは idle_timeout で上書きしていない）".into(),
            Say::StreamIdle => "the HTTP connection manager's stream_idle_timeout (the route does not override it with idle_timeout)".into(),
        }
    }
}

/// Imports Envoy files, each on its own (one file is one Envoy's bootstrap).
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    Imported::file_by_file(files, |file| {
        let masked = mask_templates(file.text);
        let documents = load(file.path, &masked)?;
        let doc = Doc::new(file);
        let mut out = Out {
            lang,
            rows: Vec::new(),
        };
        for root in &documents {
            out.bootstrap(&doc, root);
        }
        Ok(out.rows)
    })
}

/// The items of a node that is a sequence, or the node itself when it is a mapping (a single
/// object written where a list belongs).
fn one_or_many<'n, 'a>(node: Option<&'n MarkedYaml<'a>>) -> Vec<&'n MarkedYaml<'a>> {
    match node.map(|n| &n.data) {
        Some(YamlData::Sequence(seq)) => seq.iter().collect(),
        Some(YamlData::Mapping(_)) => node.into_iter().collect(),
        _ => Vec::new(),
    }
}

/// A string field of a node, as written.
fn text_of(doc: &Doc<'_>, node: &MarkedYaml<'_>, key: &str) -> Option<String> {
    get(node, key).and_then(|n| doc.text(n))
}

/// The configuration of an HTTP connection manager filter, if `filter` is one.
fn connection_manager<'n, 'a>(
    doc: &Doc<'_>,
    filter: &'n MarkedYaml<'a>,
) -> Option<&'n MarkedYaml<'a>> {
    let name = text_of(doc, filter, "name").unwrap_or_default();
    let config = get(filter, "typed_config").or_else(|| get(filter, "config"))?;
    let kind = text_of(doc, config, "@type").unwrap_or_default();
    (name.contains("http_connection_manager") || kind.ends_with("HttpConnectionManager"))
        .then_some(config)
}

/// One hop of a route: the caller, the callee as the segment names it, the cluster, and the
/// route.
struct RouteHop<'n, 'a> {
    segment: String,
    cluster: String,
    route: &'n MarkedYaml<'a>,
    index: usize,
}

/// The rows written so far.
struct Out {
    lang: Lang,
    rows: Vec<Row>,
}

impl Settings for Out {
    fn sheet(&mut self) -> (Lang, &mut Vec<Row>) {
        (self.lang, &mut self.rows)
    }
}

impl Out {
    /// A row `—` with `default`, said by `why`, at `location`.
    #[allow(clippy::too_many_arguments)]
    fn hidden_default(
        &mut self,
        layer: &str,
        segment: &str,
        kind: Kind,
        setting: &str,
        default: &str,
        location: String,
        why: Say,
    ) {
        let mut r = row(self.lang, layer, segment, kind, setting, "—", location);
        r.default = default.to_owned();
        r.rationale = why.text(self.lang);
        self.rows.push(r);
    }

    /// The rows of one bootstrap document.
    fn bootstrap(&mut self, doc: &Doc<'_>, root: &MarkedYaml<'_>) {
        let Some(resources) = get(root, "static_resources") else {
            return;
        };
        let clusters: Vec<(String, &MarkedYaml<'_>)> = one_or_many(get(resources, "clusters"))
            .into_iter()
            .filter_map(|c| text_of(doc, c, "name").map(|n| (n, c)))
            .collect();
        let mut routed: Vec<String> = Vec::new();
        for (l, listener) in one_or_many(get(resources, "listeners"))
            .into_iter()
            .enumerate()
        {
            let name = text_of(doc, listener, "name");
            let label = match &name {
                Some(n) => format!("listener {n}"),
                None => format!("listeners[{l}]"),
            };
            let layer = format!("Envoy {label}");
            for chain in items(get(listener, "filter_chains")) {
                for filter in items(get(chain, "filters")) {
                    if let Some(hcm) = connection_manager(doc, filter) {
                        self.connection_manager(
                            doc,
                            &layer,
                            &label,
                            name.as_deref(),
                            hcm,
                            &clusters,
                            &mut routed,
                        );
                    }
                }
            }
        }
        for (name, cluster) in &clusters {
            if !routed.contains(name) {
                self.cluster(doc, &format!("envoy -> {name}"), name, cluster);
            }
        }
    }

    /// The rows of one HTTP connection manager of a listener.
    #[allow(clippy::too_many_arguments)]
    fn connection_manager(
        &mut self,
        doc: &Doc<'_>,
        layer: &str,
        label: &str,
        listener: Option<&str>,
        hcm: &MarkedYaml<'_>,
        clusters: &[(String, &MarkedYaml<'_>)],
        routed: &mut Vec<String>,
    ) {
        let lang = self.lang;
        let hcm_at = format!("{label} http_connection_manager");
        let route_config = get(hcm, "route_config");
        let config_label = match route_config.and_then(|r| text_of(doc, r, "name")) {
            Some(n) => format!("route_config {n}"),
            None => "route_config".to_owned(),
        };
        let stream_idle = get(hcm, "stream_idle_timeout");
        let mut callers: Vec<String> = Vec::new();
        for (v, vhost) in items(route_config.and_then(|r| get(r, "virtual_hosts")))
            .iter()
            .enumerate()
        {
            let vhost_name =
                text_of(doc, vhost, "name").unwrap_or_else(|| format!("virtual_hosts[{v}]"));
            let caller = listener.map_or_else(|| vhost_name.clone(), str::to_owned);
            if !callers.contains(&caller) {
                callers.push(caller.clone());
            }
            let base = format!("{label} {config_label} virtual_host {vhost_name}");
            let hops = route_hops(doc, &caller, items(get(vhost, "routes")));
            for hop in &hops {
                let at = format!("{base} routes[{}]", hop.index);
                self.rows.push(route_group(
                    lang,
                    layer,
                    &hop.segment,
                    &vhost_name,
                    doc.at(hop.route, &at),
                    Say::Routes.text(lang),
                ));
                let action = get(hop.route, "route");
                match action.and_then(|a| get(a, "timeout")) {
                    Some(t) => {
                        self.setting(
                            doc,
                            layer,
                            &hop.segment,
                            Kind::Deadline,
                            "RouteAction.timeout",
                            t,
                            &format!("{at}.route.timeout"),
                        );
                    }
                    None => self.hidden_default(
                        layer,
                        &hop.segment,
                        Kind::Deadline,
                        "RouteAction.timeout",
                        DEFAULT_ROUTE_TIMEOUT,
                        doc.at(hop.route, &format!("{at}.route.timeout")),
                        Say::DefaultRouteTimeout,
                    ),
                }
                match action.and_then(|a| get(a, "idle_timeout")) {
                    Some(t) => {
                        self.setting(
                            doc,
                            layer,
                            &hop.segment,
                            Kind::Read,
                            "RouteAction.idle_timeout",
                            t,
                            &format!("{at}.route.idle_timeout"),
                        );
                    }
                    None => {
                        if let Some(t) = stream_idle {
                            if let Some(r) = self.setting(
                                doc,
                                layer,
                                &hop.segment,
                                Kind::Read,
                                "stream_idle_timeout",
                                t,
                                &format!("{hcm_at} stream_idle_timeout"),
                            ) {
                                if r.rationale.is_empty() {
                                    r.rationale = Say::StreamIdle.text(lang);
                                }
                            }
                        }
                    }
                }
                let own = action.and_then(|a| get(a, "retry_policy"));
                let policy = own
                    .map(|p| (p, format!("{at}.route.retry_policy"), false))
                    .or_else(|| {
                        get(vhost, "retry_policy")
                            .map(|p| (p, format!("{base} retry_policy"), true))
                    });
                if let Some((policy, selector, from_vhost)) = policy {
                    self.retry_policy(doc, layer, &hop.segment, policy, &selector, from_vhost);
                }
                if let Some((_, cluster)) = clusters.iter().find(|(n, _)| *n == hop.cluster) {
                    self.cluster(doc, &hop.segment, &hop.cluster, cluster);
                }
                if !routed.contains(&hop.cluster) {
                    routed.push(hop.cluster.clone());
                }
            }
        }
        // The downstream side: the clients' connections to this listener.
        for caller in &callers {
            let segment = format!("client -> {caller}");
            if let Some(t) = get_path(hcm, &["common_http_protocol_options", "idle_timeout"]) {
                self.setting(
                    doc,
                    layer,
                    &segment,
                    Kind::Idle,
                    "common_http_protocol_options.idle_timeout",
                    t,
                    &format!("{hcm_at} common_http_protocol_options.idle_timeout"),
                );
            }
            if let Some(t) = get(hcm, "request_timeout") {
                self.setting(
                    doc,
                    layer,
                    &segment,
                    Kind::Other,
                    "HttpConnectionManager.request_timeout",
                    t,
                    &format!("{hcm_at} request_timeout"),
                );
            }
        }
    }

    /// The rows of a retry policy on a hop.
    fn retry_policy(
        &mut self,
        doc: &Doc<'_>,
        layer: &str,
        segment: &str,
        policy: &MarkedYaml<'_>,
        selector: &str,
        from_vhost: bool,
    ) {
        let lang = self.lang;
        let mut written = Vec::new();
        match get(policy, "num_retries") {
            Some(n) => {
                let before = self.rows.len();
                if let Some(r) = self.setting(
                    doc,
                    layer,
                    segment,
                    Kind::Tries,
                    "RetryPolicy.num_retries",
                    n,
                    &format!("{selector}.num_retries"),
                ) {
                    if r.rationale.is_empty() {
                        r.rationale = Say::NumRetries.text(lang);
                    }
                }
                if self.rows.len() > before {
                    written.push(before);
                }
            }
            None => {
                self.hidden_default(
                    layer,
                    segment,
                    Kind::Tries,
                    "RetryPolicy.num_retries",
                    DEFAULT_NUM_RETRIES,
                    doc.at(policy, &format!("{selector}.num_retries")),
                    Say::DefaultNumRetries,
                );
            }
        }
        for (field, kind, setting) in [
            (
                "per_try_timeout",
                Kind::Attempt,
                "RetryPolicy.per_try_timeout",
            ),
            ("retry_on", Kind::RetryOn, "RetryPolicy.retry_on"),
        ] {
            if let Some(n) = get(policy, field) {
                if self
                    .setting(
                        doc,
                        layer,
                        segment,
                        kind,
                        setting,
                        n,
                        &format!("{selector}.{field}"),
                    )
                    .is_some()
                {
                    written.push(self.rows.len() - 1);
                }
            }
        }
        if from_vhost {
            for i in written {
                let r = &mut self.rows[i];
                if r.rationale.is_empty() || r.rationale == Say::NumRetries.text(lang) {
                    r.rationale = Say::VirtualHostRetryPolicy.text(lang);
                }
            }
        }
    }

    /// A cluster's rows on `segment`: `connect_timeout` and the upstream idle timeout.
    fn cluster(&mut self, doc: &Doc<'_>, segment: &str, name: &str, cluster: &MarkedYaml<'_>) {
        let layer = format!("Envoy cluster {name}");
        let at = format!("cluster {name}");
        if let Some(t) = get(cluster, "connect_timeout") {
            self.setting(
                doc,
                &layer,
                segment,
                Kind::Connect,
                "Cluster.connect_timeout",
                t,
                &format!("{at} connect_timeout"),
            );
        }
        let v3 = entries(get(cluster, "typed_extension_protocol_options"))
            .into_iter()
            .find(|(k, _)| *k == UPSTREAM_HTTP_OPTIONS)
            .and_then(|(_, o)| get_path(o, &["common_http_protocol_options", "idle_timeout"]))
            .map(|n| (n, format!("{at} typed_extension_protocol_options.{UPSTREAM_HTTP_OPTIONS}.common_http_protocol_options.idle_timeout")));
        let v2 = get_path(cluster, &["common_http_protocol_options", "idle_timeout"])
            .map(|n| (n, format!("{at} common_http_protocol_options.idle_timeout")));
        if let Some((t, selector)) = v3.or(v2) {
            self.setting(
                doc,
                &layer,
                segment,
                Kind::Idle,
                "common_http_protocol_options.idle_timeout",
                t,
                &selector,
            );
        }
    }
}

/// The hops of a virtual host's routes, in order: one per cluster a route names (`cluster`,
/// or each of `weighted_clusters`). When several routes go to one cluster, each keeps its own
/// hop: the cluster followed by the route's `name` (or its index) in parentheses.
fn route_hops<'n, 'a>(
    doc: &Doc<'_>,
    caller: &str,
    routes: &'n [MarkedYaml<'a>],
) -> Vec<RouteHop<'n, 'a>> {
    let per_route: Vec<Vec<String>> = routes
        .iter()
        .map(|route| {
            let Some(action) = get(route, "route") else {
                return Vec::new();
            };
            let mut names: Vec<String> = text_of(doc, action, "cluster").into_iter().collect();
            for w in items(get_path(action, &["weighted_clusters", "clusters"])) {
                if let Some(n) = text_of(doc, w, "name") {
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
            }
            names
        })
        .collect();
    let mut hops = Vec::new();
    for (index, (route, clusters)) in routes.iter().zip(&per_route).enumerate() {
        for cluster in clusters {
            let shared = per_route.iter().filter(|c| c.contains(cluster)).count() > 1;
            let callee = if shared {
                let name =
                    text_of(doc, route, "name").unwrap_or_else(|| format!("routes[{index}]"));
                format!("{cluster} ({name})")
            } else {
                cluster.clone()
            };
            hops.push(RouteHop {
                segment: format!("{caller} -> {callee}"),
                cluster: cluster.clone(),
                route,
                index,
            });
        }
    }
    hops
}

#[cfg(test)]
mod tests;
