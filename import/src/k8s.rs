//! Kubernetes YAML: multi-document files (`---`), `helm template` output and chart templates.
//!
//! Objects read, and the rows they make:
//!
//! - `Ingress`: its hosts' paths are hops `HOST -> SERVICE` (an Ingress without a host calls
//!   itself `Ingress NAME`), one route group named after the Ingress; the ingress-nginx
//!   annotations `nginx.ingress.kubernetes.io/proxy-connect-timeout`, `proxy-read-timeout`,
//!   `proxy-send-timeout`, `proxy-next-upstream`, `proxy-next-upstream-tries` and
//!   `proxy-next-upstream-timeout` on each hop, and the AWS Load Balancer Controller's
//!   `alb.ingress.kubernetes.io/load-balancer-attributes: idle_timeout.timeout_seconds=N`.
//!   ingress-nginx reads its timeout annotations as whole seconds without a unit and ignores
//!   any other text (`30s`): such a value becomes `—` with the controller's default and a
//!   rationale quoting what was written. An nginx Ingress without `proxy-read-timeout` gets a
//!   read row `—` with the controller's 60 s default.
//! - ingress-nginx's controller `ConfigMap` (named `ingress-nginx-controller`, `nginx-configuration`
//!   or anything with `ingress-nginx` in its name, labelled `ingress-nginx`, or holding the
//!   controller's timeout keys, except NGINX Inc's `nginx-config`, whose controller reads
//!   durations with units): the controller-wide `proxy-connect-timeout`, `proxy-read-timeout`,
//!   `proxy-send-timeout`, `proxy-next-upstream`, `proxy-next-upstream-tries`,
//!   `proxy-next-upstream-timeout`, `upstream-keepalive-timeout` and `keep-alive` (whole seconds)
//!   on the layer and node `ingress-nginx`. An nginx Ingress without its own annotation takes the
//!   ConfigMap's value instead of the controller's built-in default: its row is `—` with the
//!   ConfigMap's value as its default, located at the ConfigMap's line. The first such ConfigMap
//!   of the files is the controller's.
//! - Istio `VirtualService`: each `http[]` route is a hop `HOSTS -> DESTINATION` for each of its
//!   destinations, one route group named after the VirtualService; `timeout`,
//!   `retries.attempts`, `retries.perTryTimeout` and `retries.retryOn`. A route without
//!   `retries` gets a tries row `—` with Istio's default of 2 retries.
//! - Istio `DestinationRule`: `trafficPolicy.connectionPool.tcp.connectTimeout` and
//!   `connectionPool.http.idleTimeout` on every hop whose VirtualService routes to its host
//!   (`mesh -> HOST` when none does); `connectionPool.http.maxRetries` as an `other` row, since
//!   it limits the retries outstanding to the host at once and is not a retry count.
//! - Gateway API `HTTPRoute`: each rule is a hop `PARENT -> BACKEND` per backend, one route
//!   group named after the route; `timeouts.request`, `timeouts.backendRequest`,
//!   `retry.attempts` and `retry.codes`. `0s` switches a timeout off, and the rationale says so.
//! - Workloads (`Deployment`, `StatefulSet`, `DaemonSet`, `ReplicaSet`, `Job`, `CronJob`,
//!   `Pod`): `terminationGracePeriodSeconds` on the workload, and each container probe's
//!   `timeoutSeconds` on the hop `kubelet -> WORKLOAD (PROBE)`: a probe calls an endpoint of
//!   its own, so it is a node apart from the workload's requests.
//!   A container that runs the official Node.js image gets Node.js's keep-alive timeout made
//!   explicit (`—` with its 5 s default) on the hops the files route to the workload, since a
//!   load balancer that keeps idle connections longer races it (an ALB's 502s).
//!
//! Chart templates (`{{ ... }}` of Go templates and Helm) are not YAML until rendered. Before
//! parsing, a line that holds only template actions (`{{- if .Values.x }}`, `{{- end }}`) is
//! blanked and every other placeholder is covered by letters of the same length, so the rest of
//! the file keeps its lines and columns; a value that covered a placeholder is read back from
//! the file as written and marked `unresolved: template`.

use std::collections::HashSet;

use budget::{Kind, Lang, Row};
use saphyr::MarkedYaml;

use crate::row::{is_template, route_group, row, Say};
use crate::yaml::{entries, get, get_path, items, load, mask_templates, Doc, Settings};
use crate::{File, Imported};

mod istio;

/// The ingress-nginx annotations read: name after the prefix, kind, the controller's default
/// (as the engine reads it), and whether the value is whole seconds.
const NGINX_ANNOTATIONS: &[(&str, Kind, &str, bool)] = &[
    ("proxy-connect-timeout", Kind::Connect, "5s", true),
    ("proxy-read-timeout", Kind::Read, "60s", true),
    ("proxy-send-timeout", Kind::Send, "60s", true),
    ("proxy-next-upstream", Kind::RetryOn, "error timeout", false),
    ("proxy-next-upstream-tries", Kind::Tries, "3 tries", true),
    ("proxy-next-upstream-timeout", Kind::RetryWindow, "0", true),
];

/// The keys of ingress-nginx's controller ConfigMap read: key, kind. The first six are the
/// defaults of the annotations of the same name ([`NGINX_ANNOTATIONS`]); `upstream-keepalive-timeout`
/// is how long the controller keeps an idle connection to a service open, `keep-alive` how long
/// it keeps a client's.
const NGINX_CONFIGMAP_KEYS: &[(&str, Kind)] = &[
    ("proxy-connect-timeout", Kind::Connect),
    ("proxy-read-timeout", Kind::Read),
    ("proxy-send-timeout", Kind::Send),
    ("proxy-next-upstream", Kind::RetryOn),
    ("proxy-next-upstream-tries", Kind::Tries),
    ("proxy-next-upstream-timeout", Kind::RetryWindow),
    ("upstream-keepalive-timeout", Kind::Idle),
    ("keep-alive", Kind::Idle),
];

/// The layer and node of the settings of ingress-nginx's controller ConfigMap.
const INGRESS_NGINX: &str = "ingress-nginx";

/// The prefix of ingress-nginx's annotations.
const NGINX_PREFIX: &str = "nginx.ingress.kubernetes.io/";

/// The AWS Load Balancer Controller's annotation of load balancer attributes.
const ALB_ATTRIBUTES: &str = "alb.ingress.kubernetes.io/load-balancer-attributes";

/// The workload kinds whose pod template is read, and where their pod spec is.
const WORKLOADS: &[(&str, &[&str])] = &[
    ("Deployment", &["spec", "template", "spec"]),
    ("StatefulSet", &["spec", "template", "spec"]),
    ("DaemonSet", &["spec", "template", "spec"]),
    ("ReplicaSet", &["spec", "template", "spec"]),
    ("Job", &["spec", "template", "spec"]),
    (
        "CronJob",
        &["spec", "jobTemplate", "spec", "template", "spec"],
    ),
    ("Pod", &["spec"]),
];

/// The probes of a container.
const PROBES: &[&str] = &["livenessProbe", "readinessProbe", "startupProbe"];

/// Imports Kubernetes YAML files together (a DestinationRule's settings go on the hops that a
/// VirtualService in any of the files routes to its host).
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let masked: Vec<String> = files.iter().map(|file| mask_templates(file.text)).collect();
    let mut errors = Vec::new();
    let mut parsed = Vec::new();
    for (file, text) in files.iter().zip(&masked) {
        match load(file.path, text) {
            Ok(documents) => parsed.push((Doc::new(file), documents)),
            Err(err) => errors.push(err),
        }
    }
    // The VirtualServices' hops first: a DestinationRule in any file needs them; and the
    // controller ConfigMap of ingress-nginx, whose values an Ingress in any file takes.
    let mut hops = Out::new(lang);
    let mut controller = None;
    for (doc, documents) in &parsed {
        for object in documents {
            match kind_of(doc, object).as_deref() {
                Some("VirtualService") => hops.virtual_service(doc, object),
                Some("ConfigMap") if controller.is_none() => {
                    controller = NginxConfig::read(doc, object);
                }
                _ => {}
            }
        }
    }
    let mut out = Out {
        mesh_hops: hops.mesh_hops,
        nginx_config: controller,
        ..Out::new(lang)
    };
    for (doc, documents) in &parsed {
        for object in documents {
            let Some(kind) = kind_of(doc, object) else {
                continue;
            };
            match kind.as_str() {
                "Ingress" => out.ingress(doc, object),
                "VirtualService" => out.virtual_service(doc, object),
                "DestinationRule" => out.destination_rule(doc, object),
                "ConfigMap" => out.nginx_configmap(doc, object),
                "HTTPRoute" if api_group(doc, object).contains("gateway.networking.k8s.io") => {
                    out.http_route(doc, object)
                }
                other => {
                    if let Some((_, path)) = WORKLOADS.iter().find(|(k, _)| *k == other) {
                        out.workload(doc, object, other, path);
                    }
                }
            }
        }
    }
    out.node_keep_alive();
    let rows = out.rows;
    Imported { rows, errors }
}

/// An object's `kind`.
fn kind_of(doc: &Doc<'_>, object: &MarkedYaml<'_>) -> Option<String> {
    get(object, "kind").and_then(|k| doc.text(k))
}

/// An object's `apiVersion`.
fn api_group(doc: &Doc<'_>, object: &MarkedYaml<'_>) -> String {
    get(object, "apiVersion")
        .and_then(|v| doc.text(v))
        .unwrap_or_default()
}

/// An object's `metadata.name` (as written, template or not).
fn name_of(doc: &Doc<'_>, object: &MarkedYaml<'_>) -> String {
    get_path(object, &["metadata", "name"])
        .and_then(|n| doc.text(n))
        .unwrap_or_default()
}

/// Whether a duration as Gateway API writes it is zero (`0s`, `0ms`, `0`).
fn is_zero_duration(text: &str) -> bool {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    !digits.is_empty() && digits.chars().all(|c| c == '0')
}

/// The rows of the objects read so far, and the hops VirtualServices route (for the
/// DestinationRules).
struct Out {
    /// The sheet's language: the items' and rationales' words.
    lang: Lang,
    rows: Vec<Row>,
    /// Per VirtualService hop: the caller, the callee as the segment names it, and the
    /// destination host.
    mesh_hops: Vec<(String, String, String)>,
    /// ingress-nginx's controller ConfigMap, when the files hold one.
    nginx_config: Option<NginxConfig>,
    /// Workloads that run a Node.js image: the workload's layer, name and the location of the
    /// container's `image`.
    node_servers: Vec<(String, String, String)>,
}

impl Settings for Out {
    fn sheet(&mut self) -> (Lang, &mut Vec<Row>) {
        (self.lang, &mut self.rows)
    }
}

impl Out {
    fn new(lang: Lang) -> Out {
        Out {
            lang,
            rows: Vec::new(),
            mesh_hops: Vec::new(),
            node_servers: Vec::new(),
            nginx_config: None,
        }
    }

    /// A rationale in the sheet's language.
    fn say(&self, say: Say<'_>) -> String {
        say.text(self.lang)
    }

    /// A route group row: the hop is one of the alternatives of the entry point `group`.
    fn route_group(
        &mut self,
        layer: &str,
        segment: &str,
        group: &str,
        location: String,
        why: Say<'_>,
    ) {
        let r = route_group(self.lang, layer, segment, group, location, self.say(why));
        self.rows.push(r);
    }

    fn ingress(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>) {
        let lang = self.lang;
        let name = name_of(doc, object);
        let layer = format!("Ingress {name}");
        let annotations = entries(get_path(object, &["metadata", "annotations"]));
        let class = get_path(object, &["spec", "ingressClassName"])
            .and_then(|c| doc.text(c))
            .or_else(|| {
                annotations
                    .iter()
                    .find(|(k, _)| *k == "kubernetes.io/ingress.class")
                    .and_then(|(_, v)| doc.text(v))
            })
            .unwrap_or_default();
        let nginx =
            class.contains("nginx") || annotations.iter().any(|(k, _)| k.starts_with(NGINX_PREFIX));
        // The hops: each host's paths to their services, in order, once each.
        let mut hops: Vec<(String, String, &MarkedYaml<'_>, String)> = Vec::new();
        let mut seen = HashSet::new();
        let own = format!("Ingress {name}");
        if let Some(backend) = get_path(object, &["spec", "defaultBackend"]) {
            if let Some(service) = backend_service(doc, backend) {
                if seen.insert((own.clone(), service.clone())) {
                    hops.push((
                        own.clone(),
                        service,
                        backend,
                        format!("{layer} spec.defaultBackend"),
                    ));
                }
            }
        }
        for (r, rule) in items(get_path(object, &["spec", "rules"]))
            .iter()
            .enumerate()
        {
            let host = get(rule, "host")
                .and_then(|h| doc.text(h))
                .unwrap_or_else(|| own.clone());
            for (p, path) in items(get_path(rule, &["http", "paths"])).iter().enumerate() {
                let Some(service) = get(path, "backend").and_then(|b| backend_service(doc, b))
                else {
                    continue;
                };
                if seen.insert((host.clone(), service.clone())) {
                    hops.push((
                        host.clone(),
                        service,
                        path,
                        format!("{layer} rules[{r}].http.paths[{p}]"),
                    ));
                }
            }
        }
        for (caller, service, at, selector) in &hops {
            // Hops are distinct (host, service) pairs: two paths of one host to one service
            // share their settings, which are the Ingress's.
            let segment = format!("{caller} -> {service}");
            self.route_group(
                &layer,
                &segment,
                &name,
                doc.at(at, selector),
                Say::IngressRoutes,
            );
            if nginx {
                for &(annotation, kind, default, seconds) in NGINX_ANNOTATIONS {
                    let key = format!("{NGINX_PREFIX}{annotation}");
                    let selector = format!("{layer} {key}");
                    match annotations.iter().find(|(k, _)| **k == key) {
                        Some((_, value)) => {
                            let Some(r) =
                                self.setting(doc, &layer, &segment, kind, &key, value, &selector)
                            else {
                                continue;
                            };
                            let written = r.value.trim().to_owned();
                            if seconds
                                && !is_template(&written)
                                && !written.chars().all(|c| c.is_ascii_digit())
                            {
                                r.rationale = Say::Ignored {
                                    written: &written,
                                    default,
                                }
                                .text(lang);
                                r.value = "—".to_owned();
                                r.default = default.to_owned();
                            } else if seconds && r.rationale.is_empty() {
                                r.rationale = Say::WholeSeconds.text(lang);
                            }
                        }
                        None if self.configured(annotation).is_some() => {
                            let (name, value, at) =
                                self.configured(annotation).expect("checked just above");
                            let mut r = row(lang, &layer, &segment, kind, &key, "—", at);
                            r.rationale = NginxSay::FromConfigMap {
                                name: &name,
                                key: annotation,
                                value: &value,
                            }
                            .text(lang);
                            r.default = value;
                            self.rows.push(r);
                        }
                        None if kind == Kind::Read => {
                            // Where it would be set: the annotations, or the metadata without any.
                            let place = get_path(object, &["metadata", "annotations"])
                                .or_else(|| get(object, "metadata"))
                                .unwrap_or(object);
                            let mut r = row(
                                lang,
                                &layer,
                                &segment,
                                kind,
                                &key,
                                "—",
                                doc.at(place, &selector),
                            );
                            r.default = default.to_owned();
                            r.rationale = Say::ReadDefault { default }.text(lang);
                            self.rows.push(r);
                        }
                        None => {}
                    }
                }
            }
            if let Some((_, attributes)) = annotations.iter().find(|(k, _)| *k == ALB_ATTRIBUTES) {
                self.alb_idle(doc, &layer, &segment, attributes);
            }
        }
    }

    /// The controller ConfigMap's value of `key`: the ConfigMap's name, the value as written and
    /// its location.
    fn configured(&self, key: &str) -> Option<(String, String, String)> {
        let config = self.nginx_config.as_ref()?;
        let (_, value, at) = config.values.iter().find(|(k, _, _)| k == key)?;
        Some((config.name.clone(), value.clone(), at.clone()))
    }

    /// The rows of ingress-nginx's controller ConfigMap, when `object` is it.
    fn nginx_configmap(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>) {
        let Some(config) = NginxConfig::read(doc, object) else {
            return;
        };
        for (key, value, at) in &config.values {
            let Some((_, kind)) = NGINX_CONFIGMAP_KEYS.iter().find(|(k, _)| k == key) else {
                continue;
            };
            let setting = format!("ConfigMap data.{key}");
            let mut r = row(
                self.lang,
                INGRESS_NGINX,
                INGRESS_NGINX,
                *kind,
                &setting,
                value,
                at.clone(),
            );
            if r.rationale.is_empty() {
                r.rationale = NginxSay::ControllerWide { name: &config.name }.text(self.lang);
            }
            self.rows.push(r);
        }
    }

    /// `idle_timeout.timeout_seconds=N` in the ALB attributes annotation.
    fn alb_idle(&mut self, doc: &Doc<'_>, layer: &str, segment: &str, attributes: &MarkedYaml<'_>) {
        let Some(text) = doc.text(attributes) else {
            return;
        };
        for pair in text.split(',') {
            if let Some((key, value)) = pair.split_once('=') {
                if key.trim() == "idle_timeout.timeout_seconds" {
                    let selector = format!("{layer} {ALB_ATTRIBUTES} idle_timeout.timeout_seconds");
                    let r = row(
                        self.lang,
                        layer,
                        segment,
                        Kind::Idle,
                        "idle_timeout.timeout_seconds",
                        value.trim(),
                        doc.at(attributes, &selector),
                    );
                    self.rows.push(r);
                }
            }
        }
    }

    fn http_route(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>) {
        let lang = self.lang;
        let name = name_of(doc, object);
        let layer = format!("HTTPRoute {name}");
        let caller = items(get_path(object, &["spec", "parentRefs"]))
            .first()
            .and_then(|p| get(p, "name"))
            .and_then(|n| doc.text(n))
            .unwrap_or_else(|| layer.clone());
        let rules = items(get_path(object, &["spec", "rules"]));
        let per_rule = targets(doc, rules, "backendRefs", &["name"]);
        for (i, (rule, backends)) in rules.iter().zip(&per_rule).enumerate() {
            let base = format!("{layer} rules[{i}]");
            for backend in backends {
                let callee = route_callee(doc, rule, backend, &format!("rules[{i}]"), &per_rule);
                let segment = format!("{caller} -> {callee}");
                self.route_group(
                    &layer,
                    &segment,
                    &name,
                    doc.at(rule, &base),
                    Say::HttpRouteRules,
                );
                for (field, kind) in [
                    ("request", Kind::Deadline),
                    ("backendRequest", Kind::Attempt),
                ] {
                    if let Some(n) = get_path(rule, &["timeouts", field]) {
                        let setting = format!("timeouts.{field}");
                        if let Some(r) = self.setting(
                            doc,
                            &layer,
                            &segment,
                            kind,
                            &setting,
                            n,
                            &format!("{base}.{setting}"),
                        ) {
                            if is_zero_duration(&r.value) {
                                r.rationale = Say::ZeroIsOff.text(lang);
                            }
                        }
                    }
                }
                if let Some(retry) = get(rule, "retry") {
                    if let Some(n) = get(retry, "attempts") {
                        if let Some(r) = self.setting(
                            doc,
                            &layer,
                            &segment,
                            Kind::Tries,
                            "retry.attempts",
                            n,
                            &format!("{base}.retry.attempts"),
                        ) {
                            if r.rationale.is_empty() {
                                r.rationale = Say::GatewayAttempts.text(lang);
                            }
                        }
                    }
                    if let Some(codes) = get(retry, "codes") {
                        let list: Vec<String> = items(Some(codes))
                            .iter()
                            .filter_map(|c| doc.text(c))
                            .collect();
                        if !list.is_empty() {
                            let selector = format!("{base}.retry.codes");
                            let r = row(
                                lang,
                                &layer,
                                &segment,
                                Kind::RetryOn,
                                "retry.codes",
                                &list.join(", "),
                                doc.at(codes, &selector),
                            );
                            self.rows.push(r);
                        }
                    }
                }
            }
        }
    }

    fn workload(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>, kind: &str, pod_path: &[&str]) {
        let name = name_of(doc, object);
        let layer = format!("{kind} {name}");
        let Some(pod) = get_path(object, pod_path) else {
            return;
        };
        let spec = pod_path.join(".");
        if let Some(n) = get(pod, "terminationGracePeriodSeconds") {
            self.setting(
                doc,
                &layer,
                &name,
                Kind::Other,
                "terminationGracePeriodSeconds",
                n,
                &format!("{layer} {spec}.terminationGracePeriodSeconds"),
            );
        }
        for container in items(get(pod, "containers")) {
            let container_name = get(container, "name")
                .and_then(|n| doc.text(n))
                .unwrap_or_default();
            if let Some(image) = get(container, "image") {
                let is_node = doc.text(image).is_some_and(|i| is_node_image(&i));
                if is_node {
                    let selector = format!("{layer} containers[{container_name}].image");
                    self.node_servers
                        .push((layer.clone(), name.clone(), doc.at(image, &selector)));
                }
            }
            for probe in PROBES {
                // A probe calls its own endpoint (`/healthz`), not the requests the workload
                // serves: its hop goes to a node of its own, so the workload's deadline is not
                // what the probe waits for.
                let segment = format!("kubelet -> {name} ({probe})");
                if let Some(n) = get_path(container, &[probe, "timeoutSeconds"]) {
                    let selector =
                        format!("{layer} containers[{container_name}].{probe}.timeoutSeconds");
                    self.setting(
                        doc,
                        &layer,
                        &segment,
                        Kind::Attempt,
                        &format!("{probe}.timeoutSeconds"),
                        n,
                        &selector,
                    );
                }
            }
        }
    }
}

impl Out {
    /// Node.js's keep-alive timeout, made explicit for every workload that runs a Node.js
    /// image: the files do not set it (the app's code may), and Node.js closes an idle
    /// keep-alive connection after 5 s by default, before a load balancer that keeps it 60 s
    /// does (the ALB's 502s). The row goes on every hop the files route to the workload's name
    /// (an Ingress's `HOST -> NAME`), else on `client -> NAME`.
    fn node_keep_alive(&mut self) {
        let Some(entry) = budget::catalog::entries()
            .iter()
            .find(|e| e.product == "Node.js" && e.name == "server.keepAliveTimeout")
        else {
            return;
        };
        for (layer, name, at) in std::mem::take(&mut self.node_servers) {
            let mut segments: Vec<String> = Vec::new();
            for r in &self.rows {
                let callee = r.segment.split_once("->").map(|(_, b)| b.trim());
                if callee == Some(name.as_str()) && !segments.contains(&r.segment) {
                    segments.push(r.segment.clone());
                }
            }
            if segments.is_empty() {
                segments.push(format!("client -> {name}"));
            }
            for segment in segments {
                // Named with its product: the catalog tells Node.js's setting from others of
                // the name by it.
                let setting = format!("{} {}", entry.product, entry.name);
                let mut r = row(
                    self.lang,
                    &layer,
                    &segment,
                    Kind::Idle,
                    &setting,
                    "—",
                    at.clone(),
                );
                r.default = entry.default.to_owned();
                r.rationale = Say::NodeKeepAlive {
                    default: entry.default,
                }
                .text(self.lang);
                self.rows.push(r);
            }
        }
    }
}

/// Whether a container image runs Node.js: the official `node` image or one named after it
/// (`node:20-alpine`, `docker.io/library/node:20`, `cgr.dev/chainguard/node`).
fn is_node_image(image: &str) -> bool {
    // The repository's last path component, without its tag or digest.
    let last = image.rsplit('/').next().unwrap_or(image);
    last.split(['@', ':']).next() == Some("node")
}

/// ingress-nginx's controller ConfigMap: its name and the keys read, each with its value as
/// written and its location.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NginxConfig {
    name: String,
    /// Per key of [`NGINX_CONFIGMAP_KEYS`] the ConfigMap sets, in its order: the key, the value
    /// and `PATH:LINE ConfigMap NAME data.KEY`.
    values: Vec<(String, String, String)>,
}

impl NginxConfig {
    /// The ConfigMap `object`, when it is ingress-nginx's controller configuration: by its name
    /// (`ingress-nginx-controller`, `nginx-configuration`, any name with `ingress-nginx`), a label
    /// `ingress-nginx`, or one of the `proxy-*` keys of [`NGINX_CONFIGMAP_KEYS`]; NGINX Inc's controller, whose
    /// ConfigMap is `nginx-config` and takes durations with units (`10s`), is not this one.
    fn read(doc: &Doc<'_>, object: &MarkedYaml<'_>) -> Option<NginxConfig> {
        let name = name_of(doc, object);
        let data = entries(get(object, "data"));
        let labelled = entries(get_path(object, &["metadata", "labels"]))
            .iter()
            .any(|(_, v)| doc.text(v).is_some_and(|v| v == INGRESS_NGINX));
        let named = name.contains("ingress-nginx") || name.contains("nginx-configuration");
        let keyed = name != "nginx-config"
            && data.iter().any(|(k, _)| {
                k.starts_with("proxy-") && NGINX_CONFIGMAP_KEYS.iter().any(|(key, _)| key == k)
            });
        if !(named || labelled || keyed) {
            return None;
        }
        let values = data
            .iter()
            .filter(|(k, _)| NGINX_CONFIGMAP_KEYS.iter().any(|(key, _)| key == k))
            .filter_map(|(k, v)| {
                let value = doc.text(v)?;
                let at = doc.at(v, &format!("ConfigMap {name} data.{k}"));
                Some((k.to_string(), value, at))
            })
            .collect();
        Some(NginxConfig { name, values })
    }
}

/// What a rationale about ingress-nginx's controller ConfigMap says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum NginxSay<'a> {
    /// A key of the ConfigMap: the controller's default for every Ingress.
    ControllerWide {
        /// The ConfigMap's name.
        name: &'a str,
    },
    /// An Ingress without its own annotation takes the ConfigMap's value.
    FromConfigMap {
        /// The ConfigMap's name.
        name: &'a str,
        /// The key (the annotation's name after its prefix).
        key: &'a str,
        /// The value as the ConfigMap writes it.
        value: &'a str,
    },
}

impl NginxSay<'_> {
    /// The sentence in `lang`.
    fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            NginxSay::ControllerWide { name } if ja => format!(
                "ingress-nginx の ConfigMap {name} の値: 注釈で上書きしない Ingress すべての既定（単位なしの秒数）"
            ),
            NginxSay::ControllerWide { name } => format!(
                "ingress-nginx's ConfigMap {name}: the default of every Ingress that does not override it with an annotation (whole seconds)"
            ),
            NginxSay::FromConfigMap { name, key, value } if ja => format!(
                "この Ingress には注釈がない: コントローラーの ConfigMap {name} の {key}: {value} が適用される（組み込みの既定値ではない）"
            ),
            NginxSay::FromConfigMap { name, key, value } => format!(
                "not set on this Ingress: the controller's ConfigMap {name} sets {key}: {value} for every Ingress, in place of the built-in default"
            ),
        }
    }
}

/// The services each of `routes` sends to, each once, in the order written: the text at `path`
/// under every item of the route's `list` (an HTTPRoute rule's `backendRefs` by `name`, a
/// VirtualService route's `route` by `destination.host`).
fn targets(
    doc: &Doc<'_>,
    routes: &[MarkedYaml<'_>],
    list: &str,
    path: &[&str],
) -> Vec<Vec<String>> {
    routes
        .iter()
        .map(|route| {
            let mut found = Vec::new();
            for item in items(get(route, list)) {
                if let Some(target) = get_path(item, path).and_then(|t| doc.text(t)) {
                    if !found.contains(&target) {
                        found.push(target);
                    }
                }
            }
            found
        })
        .collect()
}

/// The callee of one route's hop: the destination itself, or, when several routes of the same
/// entry point go to the same destination, the destination followed by the route's `name` (or
/// its index) in parentheses, so each route keeps its own timeouts and retries instead of
/// adding them up on one hop (`user-svc (http[5])`).
fn route_callee(
    doc: &Doc<'_>,
    route: &MarkedYaml<'_>,
    destination: &str,
    index: &str,
    per_route: &[Vec<String>],
) -> String {
    let routes_to_it = per_route
        .iter()
        .filter(|d| d.iter().any(|x| x == destination))
        .count();
    if routes_to_it < 2 {
        return destination.to_owned();
    }
    let name = get(route, "name")
        .and_then(|n| doc.text(n))
        .unwrap_or_else(|| index.to_owned());
    format!("{destination} ({name})")
}

/// Whether two host names name the same Kubernetes service: `reviews` and
/// `reviews.default`, `reviews.default.svc` or `reviews.default.svc.cluster.local` do;
/// `reviews` and the public `reviews.example.com` do not.
fn same_host(a: &str, b: &str) -> bool {
    let within = |long: &str, short: &str| {
        long.strip_prefix(short)
            .and_then(|rest| rest.strip_prefix('.'))
            .is_some_and(|rest| {
                // What follows the service's name: its namespace, then `svc` and the
                // cluster's domain.
                let namespace_only = !rest.is_empty() && !rest.contains('.');
                namespace_only
                    || rest
                        .split_once('.')
                        .is_some_and(|(_, svc)| svc == "svc" || svc.starts_with("svc."))
            })
    };
    a == b || within(a, b) || within(b, a)
}

/// The service an Ingress backend names (`service.name`, or `serviceName` of the older API).
fn backend_service(doc: &Doc<'_>, backend: &MarkedYaml<'_>) -> Option<String> {
    get_path(backend, &["service", "name"])
        .or_else(|| get(backend, "serviceName"))
        .and_then(|n| doc.text(n))
}

#[cfg(test)]
mod tests;
