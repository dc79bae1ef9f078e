//! Istio's VirtualService and DestinationRule, as rows: a route's timeout and retries, and a
//! destination's connect timeout and outlier ejection.
use budget::Kind;
use saphyr::MarkedYaml;

use super::{name_of, route_callee, same_host, targets, Out};
use crate::row::{row, Say};
use crate::yaml::{get, get_path, items, Doc, Settings};

impl Out {
    pub(super) fn virtual_service(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>) {
        let lang = self.lang;
        let name = name_of(doc, object);
        let layer = format!("VirtualService {name}");
        let hosts: Vec<String> = items(get_path(object, &["spec", "hosts"]))
            .iter()
            .filter_map(|h| doc.text(h))
            .collect();
        let routes = items(get_path(object, &["spec", "http"]));
        let per_route = targets(doc, routes, "route", &["destination", "host"]);
        // The hosts call their routes' destinations (`reviews -> reviews-v2`). When a route
        // goes to a host the VirtualService is for (`orders` routed to the `orders` pods, the
        // usual case), the caller is whoever calls that host through the mesh, written
        // `mesh (HOSTS)`: naming it after the host would make the service call itself.
        let to_itself = per_route
            .iter()
            .flatten()
            .any(|d| hosts.iter().any(|h| same_host(d, h)));
        let caller = match (hosts.is_empty(), to_itself) {
            (true, _) => layer.clone(),
            (false, false) => hosts.join(","),
            (false, true) => format!("mesh ({})", hosts.join(",")),
        };
        for (i, (route, destinations)) in routes.iter().zip(&per_route).enumerate() {
            let base = format!("{layer} http[{i}]");
            for destination in destinations {
                let callee =
                    route_callee(doc, route, destination, &format!("http[{i}]"), &per_route);
                let segment = format!("{caller} -> {callee}");
                let hop = (caller.clone(), callee.clone(), destination.clone());
                if !self.mesh_hops.contains(&hop) {
                    self.mesh_hops.push(hop);
                }
                self.route_group(
                    &layer,
                    &segment,
                    &name,
                    doc.at(route, &base),
                    Say::VirtualServiceRoutes,
                );
                if let Some(t) = get(route, "timeout") {
                    self.setting(
                        doc,
                        &layer,
                        &segment,
                        Kind::Deadline,
                        "HTTPRoute.timeout",
                        t,
                        &format!("{base}.timeout"),
                    );
                }
                match get(route, "retries") {
                    Some(retries) => {
                        for (field, kind, setting) in [
                            ("attempts", Kind::Tries, "retries.attempts"),
                            ("perTryTimeout", Kind::Attempt, "retries.perTryTimeout"),
                            ("retryOn", Kind::RetryOn, "retries.retryOn"),
                        ] {
                            if let Some(v) = get(retries, field) {
                                let selector = format!("{base}.retries.{field}");
                                if let Some(r) =
                                    self.setting(doc, &layer, &segment, kind, setting, v, &selector)
                                {
                                    if kind == Kind::Tries && r.rationale.is_empty() {
                                        r.rationale = Say::IstioAttempts.text(lang);
                                    }
                                }
                            }
                        }
                    }
                    None => {
                        let mut r = row(
                            lang,
                            &layer,
                            &segment,
                            Kind::Tries,
                            "retries.attempts",
                            "—",
                            doc.at(route, &base),
                        );
                        r.default = "2 retries".to_owned();
                        r.rationale = Say::IstioDefaultRetries.text(lang);
                        self.rows.push(r);
                    }
                }
            }
        }
    }

    pub(super) fn destination_rule(&mut self, doc: &Doc<'_>, object: &MarkedYaml<'_>) {
        let lang = self.lang;
        let name = name_of(doc, object);
        let layer = format!("DestinationRule {name}");
        let Some(host) = get_path(object, &["spec", "host"]).and_then(|h| doc.text(h)) else {
            return;
        };
        let same = same_host;
        let mut segments: Vec<String> = Vec::new();
        for (caller, callee, destination) in &self.mesh_hops {
            if same(destination, &host) {
                let segment = format!("{caller} -> {callee}");
                if !segments.contains(&segment) {
                    segments.push(segment);
                }
            }
        }
        if segments.is_empty() {
            segments.push(format!("mesh -> {host}"));
        }
        let pool = get_path(object, &["spec", "trafficPolicy", "connectionPool"]);
        let connect = pool.and_then(|p| get_path(p, &["tcp", "connectTimeout"]));
        let idle = pool.and_then(|p| get_path(p, &["http", "idleTimeout"]));
        let max_retries = pool.and_then(|p| get_path(p, &["http", "maxRetries"]));
        let base = format!("{layer} trafficPolicy.connectionPool");
        for segment in &segments {
            if let Some(n) = connect {
                self.setting(
                    doc,
                    &layer,
                    segment,
                    Kind::Connect,
                    "connectionPool.tcp.connectTimeout",
                    n,
                    &format!("{base}.tcp.connectTimeout"),
                );
            }
            if let Some(n) = idle {
                self.setting(
                    doc,
                    &layer,
                    segment,
                    Kind::Idle,
                    "connectionPool.http.idleTimeout",
                    n,
                    &format!("{base}.http.idleTimeout"),
                );
            }
            if let Some(n) = max_retries {
                if let Some(r) = self.setting(
                    doc,
                    &layer,
                    segment,
                    Kind::Other,
                    "connectionPool.http.maxRetries",
                    n,
                    &format!("{base}.http.maxRetries"),
                ) {
                    if r.rationale.is_empty() {
                        r.rationale = Say::MaxRetriesIsALimit.text(lang);
                    }
                }
            }
        }
    }
}
