//! Defences against hostile web pages. The workbench runs on people's laptops at
//! `127.0.0.1:3000`, and any page they visit can send it requests: a form post, a `fetch`
//! with a "simple" content type that needs no preflight, or a DNS name of its own that
//! resolves to 127.0.0.1 (DNS rebinding). [`guard`] is the one middleware that stands in
//! their way:
//!
//! - **Host names** ([`AllowedHosts`]): a server bound to a loopback address answers only
//!   `127.0.0.1`, `localhost`, `[::1]` and the host of its site address, plus the names of
//!   `WORKBENCH_ALLOWED_HOSTS` (comma-separated). Another `Host` gets 403: a page whose own
//!   name resolves to 127.0.0.1 cannot read or write through it. A server bound to another
//!   address (a team's) checks only when `WORKBENCH_ALLOWED_HOSTS` is set.
//! - **Cross-site writes**: a request that can change something (any method but `GET`,
//!   `HEAD`, `OPTIONS`) carrying `Sec-Fetch-Site` other than `same-origin` or `none`, or an
//!   `Origin` other than the server's own (`null` included), gets 403 and reaches no handler.
//!   Behind a trusted proxy that says how the client came ([`crate::forwarded`]), the
//!   `Origin`'s scheme must be that one too. A request with neither header (curl, CI, the
//!   command line) is not a browser's and passes.
//! - **Server functions accept only the content type they declare**
//!   ([`app::api::declared_content_types`]): a JSON body sent as `text/plain` gets 415.
//! - **Redirects stay on this site**: a server function called by a plain form post redirects
//!   back to the page it came from (its `Referer`); a `Location` that is not a path of this
//!   site becomes `/`.
//! - **Server function errors carry their own status**: arguments that cannot be read are a
//!   400 with a plain message, not the framework's 500.
//!
//! [`headers`] adds the response headers every answer carries (`X-Content-Type-Options`,
//! `X-Frame-Options`, `Referrer-Policy`, and a `Content-Security-Policy` where the page did not
//! set its own with the nonce of its scripts: see [`app::shell::content_security_policy`]).
//! An answer that shows a secret (a new API token, an invitation link) adds [`NO_STORE`].

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, LazyLock};

use app::error::AppError;
use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use leptos::server_fn::axum::server_fn_paths;

/// The environment variable that adds host names the server answers (comma-separated, e.g.
/// `workbench.internal,10.0.0.5`).
pub const ALLOWED_HOSTS_VAR: &str = "WORKBENCH_ALLOWED_HOSTS";

/// The policy of every response that is not one of the app's pages (API answers, files,
/// errors): nothing may be loaded, run or framed.
pub const DEFAULT_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// The header of an answer that shows a secret, a new API token or an invitation link:
/// `Cache-Control: no-store`, so that no browser or proxy cache keeps a copy of it (RFC 9111
/// §5.2.2.5) for the next person at that computer or behind that proxy.
pub const NO_STORE: [(HeaderName, &str); 1] = [(header::CACHE_CONTROL, "no-store")];

/// The `Host` names the server answers; `None` answers any.
#[derive(Clone, Debug, Default)]
pub struct AllowedHosts(Option<Arc<Vec<String>>>);

impl AllowedHosts {
    /// The hosts a server listening on `site` answers: when `site` is a loopback address,
    /// `127.0.0.1`, `localhost`, `::1` and `extra`; else only `extra`, or any host when
    /// `extra` is empty. Names compare without case and without a port.
    pub fn for_site(site: SocketAddr, extra: &[String]) -> AllowedHosts {
        let extra: Vec<String> = extra
            .iter()
            .map(|name| normalise_host(name.trim()))
            .filter(|name| !name.is_empty())
            .collect();
        if !site.ip().is_loopback() && extra.is_empty() {
            return AllowedHosts(None);
        }
        let mut names = extra;
        if site.ip().is_loopback() {
            let site_ip = site.ip().to_string();
            for name in ["127.0.0.1", "localhost", "::1", site_ip.as_str()] {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
        AllowedHosts(Some(Arc::new(names)))
    }

    /// [`AllowedHosts::for_site`] with the names of [`ALLOWED_HOSTS_VAR`].
    pub fn from_env(site: SocketAddr) -> AllowedHosts {
        let extra: Vec<String> = std::env::var(ALLOWED_HOSTS_VAR)
            .unwrap_or_default()
            .split(',')
            .map(str::to_string)
            .collect();
        AllowedHosts::for_site(site, &extra)
    }

    /// Whether a request with `Host: host` is answered.
    fn allows(&self, host: &str) -> bool {
        match &self.0 {
            None => true,
            Some(names) => {
                let host = normalise_host(host);
                names.contains(&host)
            }
        }
    }

    /// The names, for messages.
    fn names(&self) -> String {
        match &self.0 {
            None => "any host".into(),
            Some(names) => names.join(", "),
        }
    }
}

/// A host name without its port and brackets, in lower case: `[::1]:3000` is `::1`.
fn normalise_host(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_string();
    }
    if host.parse::<IpAddr>().is_ok() {
        return host; // a bare IPv6 address has colons but no port
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name.to_string(),
        _ => host,
    }
}

/// Every server function's path and the content type it declares.
static SERVER_FN_CONTENT_TYPES: LazyLock<HashMap<&'static str, &'static str>> =
    LazyLock::new(|| app::api::declared_content_types().into_iter().collect());

/// Every registered server function's path, read once from the framework's registry (filled
/// at link time), so that no request collects it again.
static SERVER_FN_PATHS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| server_fn_paths().map(|(path, _)| path).collect());

/// Whether `path` is a registered server function's.
fn is_server_fn(path: &str) -> bool {
    SERVER_FN_PATHS.contains(path)
}

/// Middleware: refuses requests from hosts the server does not serve, cross-site writes and
/// server function calls in a content type they do not declare; keeps server function
/// redirects on this site and gives their errors their own status. See the module docs.
pub async fn guard(State(hosts): State<AllowedHosts>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host =
        match headers.get(header::HOST).map(|value| value.to_str()) {
            None => None,
            Some(Ok(host)) => Some(host.to_string()),
            Some(Err(_)) => return refuse(
                StatusCode::FORBIDDEN,
                "the Host header is not text; this workbench answers only the host names it serves"
                    .into(),
            ),
        };
    if let Some(host) = &host {
        if !hosts.allows(host) {
            return refuse(
                StatusCode::FORBIDDEN,
                format!(
                    "this workbench does not answer the host name {host:?}: it answers {}; \
                     set {ALLOWED_HOSTS_VAR} to add a name",
                    hosts.names()
                ),
            );
        }
    }
    let writes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if writes {
        let scheme = request
            .extensions()
            .get::<crate::forwarded::Client>()
            .and_then(|client| client.scheme);
        if let Some(reason) = cross_site(headers, host.as_deref(), scheme) {
            return refuse(
                StatusCode::FORBIDDEN,
                format!("a request from another site cannot change this workbench: {reason}"),
            );
        }
    }
    let path = request.uri().path().to_string();
    if !is_server_fn(&path) {
        return next.run(request).await;
    }
    if request.method() == Method::POST {
        let declared = SERVER_FN_CONTENT_TYPES.get(path.as_str()).copied();
        let sent = media_type(request.headers());
        match declared {
            Some(declared) if sent.as_deref() == Some(declared) => {}
            Some(declared) => {
                return refuse(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!(
                        "{path} takes {declared}, not {}",
                        sent.as_deref().unwrap_or("a body without a content type")
                    ),
                )
            }
            None => {
                return refuse(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!("{path} declares no content type it accepts"),
                )
            }
        }
    }
    let response = next.run(request).await;
    let response = same_site_redirect(response, host.as_deref());
    with_error_status(response).await
}

/// Why a writing request is cross-site, or `None` when it is not (or is not a browser's).
/// When a trusted proxy said which `scheme` the client used, the `Origin` must have it too
/// (a page on `http://` is not the same site as the workbench on `https://`).
fn cross_site(
    headers: &HeaderMap,
    host: Option<&str>,
    scheme: Option<crate::forwarded::Scheme>,
) -> Option<String> {
    if let Some(site) = headers.get("sec-fetch-site") {
        let site = site.to_str().unwrap_or_default();
        if !matches!(site, "same-origin" | "none") {
            return Some(format!("Sec-Fetch-Site is {site:?}"));
        }
    }
    let origin = headers.get(header::ORIGIN)?;
    let origin = origin.to_str().unwrap_or("(not text)");
    let own = host.is_some_and(|host| {
        let authority = match scheme {
            Some(scheme) => origin
                .strip_prefix(scheme.as_str())
                .and_then(|rest| rest.strip_prefix("://")),
            None => origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://")),
        };
        authority.is_some_and(|authority| authority.eq_ignore_ascii_case(host))
    });
    (!own).then(|| format!("its Origin is {origin:?}"))
}

/// The media type of a request's body, without parameters, in lower case.
fn media_type(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let media = value.split(';').next().unwrap_or_default().trim();
    Some(media.to_ascii_lowercase())
}

/// `response` with a `Location` that leaves this site replaced by `/`. A path (`/sheets/3`)
/// stays; a URL of this host becomes its path; anything else (another host, `//evil`,
/// `javascript:`) becomes `/`.
fn same_site_redirect(mut response: Response, host: Option<&str>) -> Response {
    let Some(location) = response.headers().get(header::LOCATION) else {
        return response;
    };
    let location = location.to_str().unwrap_or_default();
    let safe = same_site_path(location, host).unwrap_or_else(|| "/".to_string());
    if safe != location {
        if let Ok(value) = HeaderValue::from_str(&safe) {
            response.headers_mut().insert(header::LOCATION, value);
        }
    }
    response
}

/// Whether `path` is a path of this site (`/sheets/3?since=2`): it starts with one `/` (not
/// `//evil` or `/\\evil`, which browsers read as another host) and holds no control
/// character.
pub(crate) fn is_local_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.starts_with("/\\")
        && !path.chars().any(char::is_control)
}

/// `location` as a path of this site, or `None`.
fn same_site_path(location: &str, host: Option<&str>) -> Option<String> {
    let is_path = is_local_path;
    if is_path(location) {
        return Some(location.to_string());
    }
    let rest = location
        .strip_prefix("http://")
        .or_else(|| location.strip_prefix("https://"))?;
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = if path.is_empty() { "/" } else { path };
    (host?.eq_ignore_ascii_case(authority) && is_path(path)).then(|| path.to_string())
}

/// The largest server function error body read to find its status.
const MAX_ERROR_BODY: usize = 64 << 10;

/// A server function's error response with the status of its [`AppError`]: the framework
/// answers 500 for every error it finds itself (arguments that cannot be read, say), which
/// [`AppError::status_code`] turns into 400.
async fn with_error_status(response: Response) -> Response {
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR
        || !response.headers().contains_key("serverfnerror")
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_ERROR_BODY).await else {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into());
    };
    if let Ok(error) = serde_json::from_slice::<AppError>(&bytes) {
        if let Ok(status) = StatusCode::from_u16(error.status_code()) {
            parts.status = status;
        }
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// A refusal: `status` with `{"error": message, "line": null}`, as the JSON API answers.
fn refuse(status: StatusCode, message: String) -> Response {
    (
        status,
        axum::Json(serde_json::json!({ "error": message, "line": null })),
    )
        .into_response()
}

/// Middleware: the headers every response carries. `X-Content-Type-Options: nosniff`,
/// `X-Frame-Options: DENY`, `Referrer-Policy: same-origin`, and
/// [`DEFAULT_CONTENT_SECURITY_POLICY`] where the response has no policy of its own (the pages
/// set theirs, with the nonce of their scripts).
pub async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let fixed: [(HeaderName, &str); 3] = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DEFAULT_CONTENT_SECURITY_POLICY),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local() -> AllowedHosts {
        AllowedHosts::for_site("127.0.0.1:3000".parse().unwrap(), &[])
    }

    #[test]
    fn a_local_server_answers_its_loopback_names_on_any_port() {
        let hosts = local();
        for host in [
            "127.0.0.1:3000",
            "localhost:3000",
            "LOCALHOST",
            "[::1]:3000",
        ] {
            assert!(hosts.allows(host), "{host}");
        }
        for host in [
            "evil.example:3000",
            "127.0.0.1.evil.example",
            "0.0.0.0:3000",
        ] {
            assert!(!hosts.allows(host), "{host}");
        }
    }

    #[test]
    fn named_hosts_are_added_and_a_team_server_without_names_answers_any() {
        let hosts = AllowedHosts::for_site(
            "127.0.0.1:3000".parse().unwrap(),
            &["Workbench.Internal".into(), " ".into()],
        );
        assert!(hosts.allows("workbench.internal:443"));
        let team = AllowedHosts::for_site("0.0.0.0:3000".parse().unwrap(), &[]);
        assert!(team.allows("anything.example"));
        let named = AllowedHosts::for_site("0.0.0.0:3000".parse().unwrap(), &["wb.example".into()]);
        assert!(named.allows("wb.example") && !named.allows("localhost"));
    }

    #[test]
    fn only_paths_of_this_site_survive_as_redirects() {
        let host = Some("127.0.0.1:3000");
        assert_eq!(
            same_site_path("/sheets/3", host).as_deref(),
            Some("/sheets/3")
        );
        assert_eq!(
            same_site_path("http://127.0.0.1:3000/sheets/3?x=1", host).as_deref(),
            Some("/sheets/3?x=1")
        );
        assert_eq!(
            same_site_path("http://127.0.0.1:3000", host).as_deref(),
            Some("/")
        );
        for hostile in [
            "http://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "/\t/evil.example",
            "javascript:alert(1)",
            "http://127.0.0.1:3000@evil.example/",
        ] {
            assert_eq!(same_site_path(hostile, host), None, "{hostile}");
        }
    }

    #[test]
    fn an_origin_is_own_only_with_the_same_host_and_port() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:3000"),
        );
        assert_eq!(cross_site(&headers, Some("127.0.0.1:3000"), None), None);
        assert_eq!(
            cross_site(&headers, Some("localhost:3000"), None),
            Some("its Origin is \"http://127.0.0.1:3000\"".into())
        );
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert_eq!(
            cross_site(&headers, Some("127.0.0.1:3000"), None),
            Some("its Origin is \"null\"".into())
        );
        let mut fetch = HeaderMap::new();
        fetch.insert("sec-fetch-site", HeaderValue::from_static("same-site"));
        assert_eq!(
            cross_site(&fetch, Some("127.0.0.1:3000"), None),
            Some("Sec-Fetch-Site is \"same-site\"".into())
        );
        assert_eq!(cross_site(&HeaderMap::new(), None, None), None);
        // A trusted proxy said the client came over TLS: a page on plain HTTP with the same
        // host is another site; without its word, either scheme is the server's own.
        use crate::forwarded::Scheme;
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://wb.example.com"),
        );
        assert_eq!(cross_site(&headers, Some("wb.example.com"), None), None);
        assert_eq!(
            cross_site(&headers, Some("wb.example.com"), Some(Scheme::Https)),
            Some("its Origin is \"http://wb.example.com\"".into())
        );
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://wb.example.com"),
        );
        assert_eq!(
            cross_site(&headers, Some("wb.example.com"), Some(Scheme::Https)),
            None
        );
        assert_eq!(
            cross_site(&headers, Some("wb.example.com"), Some(Scheme::Http)),
            Some("its Origin is \"https://wb.example.com\"".into())
        );
    }
}
