//! What a trusted reverse proxy says about the request it forwards.
//!
//! Behind a proxy that terminates TLS (the example `deploy/nginx.conf`), every request comes
//! from the proxy's address over plain HTTP. The proxy tells who the client is and how it was
//! reached in `X-Forwarded-For` and `X-Forwarded-Proto`; anyone can send those headers, so
//! they are believed only from the addresses of `WORKBENCH_TRUSTED_PROXIES` (comma-separated
//! addresses or CIDR ranges; none by default). [`middleware`] puts the resulting [`Client`]
//! in every request:
//!
//! - the **client's address**, for the sign-in limit per address (otherwise every sign-in
//!   through the proxy would share one limit): the rightmost address of `X-Forwarded-For` that
//!   is not itself a trusted proxy, as nginx's `real_ip_recursive on` finds it;
//! - the **scheme** the client used, when a trusted proxy says: then a writing request's
//!   `Origin` must have that scheme too ([`crate::security`]), and session cookies set on an
//!   `https` request carry `Secure` even when the server itself listens on loopback.
//!
//! No crate does this with a list of trusted proxies (`axum-client-ip` believes a header from
//! anyone once configured), hence these few lines.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// The addresses (or CIDR ranges) of the reverse proxies whose `X-Forwarded-*` headers (and
/// single sign-on header, [`crate::auth::ProxyAuth`]) are believed, comma-separated.
pub const TRUSTED_PROXIES_VAR: &str = "WORKBENCH_TRUSTED_PROXIES";

/// The reverse proxies whose headers are believed ([`TRUSTED_PROXIES_VAR`]). Cheap to clone;
/// the default trusts no one.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Arc<Vec<ipnet::IpNet>>);

impl TrustedProxies {
    /// The proxies of `setting` (the value of [`TRUSTED_PROXIES_VAR`]): addresses such as
    /// `127.0.0.1` and `::1` or ranges such as `10.0.0.0/8`, comma-separated; `None` or an
    /// empty setting trusts no one.
    ///
    /// # Errors
    ///
    /// `WORKBENCH_TRUSTED_PROXIES: proxy.internal is not an address or a CIDR range` for an
    /// entry that is neither.
    pub fn parse(setting: Option<&str>) -> Result<TrustedProxies, String> {
        let mut nets = Vec::new();
        for entry in setting
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let net = entry
                .parse::<ipnet::IpNet>()
                .or_else(|_| entry.parse::<IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    format!("{TRUSTED_PROXIES_VAR}: {entry} is not an address or a CIDR range")
                })?;
            nets.push(net);
        }
        Ok(TrustedProxies(Arc::new(nets)))
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `addr` is one of the trusted proxies.
    pub fn trusts(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        self.0.iter().any(|net| net.contains(&addr))
    }

    /// The [`Client`] of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Client {
        let Some(peer) = peer.map(canonical) else {
            return Client::default();
        };
        if !self.trusts(peer) {
            return Client {
                addr: Some(peer),
                scheme: None,
            };
        }
        // From the right: each hop was added by the one after it; the first that is not a
        // trusted proxy is the client. A hop that cannot be read stops the walk there.
        let mut addr = peer;
        let hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for hop in hops.iter().rev() {
            let Ok(hop) = hop.parse::<IpAddr>().map(canonical) else {
                break;
            };
            addr = hop;
            if !self.trusts(hop) {
                break;
            }
        }
        // The scheme the nearest proxy saw: the last value when proxies append theirs.
        let scheme = headers
            .get_all("x-forwarded-proto")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .next_back()
            .map(|value| value.trim().to_ascii_lowercase())
            .and_then(|value| match value.as_str() {
                "https" => Some(Scheme::Https),
                "http" => Some(Scheme::Http),
                _ => None,
            });
        Client {
            addr: Some(addr),
            scheme,
        }
    }
}

/// An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports it)
/// as the IPv4 address it is.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
        v4 => v4,
    }
}

/// How the client reached the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Plain HTTP.
    Http,
    /// HTTP over TLS.
    Https,
}

impl Scheme {
    /// `http` or `https`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }
}

/// The client of a request as the server knows it, in the request's extensions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Client {
    /// The client's address: the peer's, or the one a trusted proxy forwarded for; `None`
    /// when the server does not know its peer (a request made inside a test).
    pub addr: Option<IpAddr>,
    /// The scheme a trusted proxy says the client used; `None` when no trusted proxy said.
    pub scheme: Option<Scheme>,
}

/// Middleware: puts the request's [`Client`] in its extensions; a response to a request a
/// trusted proxy received over `https` has `Secure` on every cookie it sets.
pub async fn middleware(
    State(trusted): State<TrustedProxies>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let client = trusted.client(peer, request.headers());
    request.extensions_mut().insert(client);
    let mut response = next.run(request).await;
    if client.scheme == Some(Scheme::Https) {
        secure_cookies(response.headers_mut());
    }
    response
}

/// Adds `Secure` to every `Set-Cookie` in `headers` that lacks it.
fn secure_cookies(headers: &mut HeaderMap) {
    let cookies = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|value| {
            let Some(mut cookie) = value
                .to_str()
                .ok()
                .and_then(|text| tower_sessions::cookie::Cookie::parse(text.to_owned()).ok())
            else {
                return value.clone();
            };
            if cookie.secure() == Some(true) {
                return value.clone();
            }
            cookie.set_secure(true);
            HeaderValue::try_from(cookie.to_string()).unwrap_or_else(|_| value.clone())
        })
        .collect::<Vec<_>>();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                axum::http::HeaderName::try_from(*name).unwrap(),
                value.parse().unwrap(),
            );
        }
        map
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    /// The proxies these tests trust: one address and one range.
    fn trusted() -> TrustedProxies {
        TrustedProxies::parse(Some("127.0.0.1, 10.0.0.0/8")).unwrap()
    }

    /// The client's address as the trusted proxy at 127.0.0.1 gives it, forwarding for `chain`
    /// (an `X-Forwarded-For` value).
    fn forwarded_for(chain: &str) -> Option<IpAddr> {
        let forwarded = headers(&[("x-forwarded-for", chain)]);
        trusted().client(ip("127.0.0.1"), &forwarded).addr
    }

    /// The client at the address `addr`, seen over `scheme`.
    fn client(addr: &str, scheme: Option<Scheme>) -> Client {
        Client {
            addr: ip(addr),
            scheme,
        }
    }

    #[test]
    fn a_setting_names_addresses_and_ranges_or_says_which_entry_is_wrong() {
        let trusted = TrustedProxies::parse(Some(" 127.0.0.1, 10.0.0.0/8 ,::1")).unwrap();
        assert!(trusted.trusts("127.0.0.1".parse().unwrap()));
        assert!(trusted.trusts("10.200.0.7".parse().unwrap()));
        assert!(trusted.trusts("::ffff:10.0.0.1".parse().unwrap()));
        assert!(trusted.trusts("::1".parse().unwrap()));
        assert!(!trusted.trusts("192.168.0.1".parse().unwrap()));
        assert!(TrustedProxies::parse(None).unwrap().is_empty());
        assert!(TrustedProxies::parse(Some(" , ")).unwrap().is_empty());
        assert_eq!(
            TrustedProxies::parse(Some("10.0.0.1, proxy.internal")).unwrap_err(),
            "WORKBENCH_TRUSTED_PROXIES: proxy.internal is not an address or a CIDR range"
        );
    }

    #[test]
    fn forwarded_headers_count_only_from_a_trusted_proxy() {
        let forwarded = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("x-forwarded-proto", "https"),
        ]);
        for (proxies, peer, seen) in [
            // From anyone else, the headers are whatever the sender made up.
            (trusted(), "198.51.100.4", client("198.51.100.4", None)),
            (
                TrustedProxies::default(),
                "127.0.0.1",
                client("127.0.0.1", None),
            ),
            (
                trusted(),
                "127.0.0.1",
                client("203.0.113.9", Some(Scheme::Https)),
            ),
        ] {
            assert_eq!(proxies.client(ip(peer), &forwarded), seen, "from {peer}");
        }
        assert_eq!(trusted().client(None, &forwarded), Client::default());
    }

    #[test]
    fn the_client_is_the_rightmost_hop_that_is_not_a_trusted_proxy() {
        let trusted = trusted();
        // The client wrote a made-up hop first; the edge proxy appended the real address,
        // then an inner proxy its own.
        let chain = headers(&[
            ("x-forwarded-for", "1.2.3.4, 203.0.113.9"),
            ("x-forwarded-for", "10.0.0.2"),
            ("x-forwarded-proto", "https, http"),
        ]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &chain),
            client("203.0.113.9", Some(Scheme::Http))
        );
        // Every hop trusted: the leftmost is the client. An unreadable hop stops the walk at
        // the last address that could be read.
        assert_eq!(forwarded_for("10.0.0.3, 10.0.0.2"), ip("10.0.0.3"));
        assert_eq!(
            forwarded_for("203.0.113.9, unknown, 10.0.0.2"),
            ip("10.0.0.2")
        );
        // No header: the proxy itself; a scheme other than http(s) is not known.
        let odd = headers(&[("x-forwarded-proto", "gopher")]);
        assert_eq!(
            trusted.client(ip("10.0.0.1"), &odd),
            client("10.0.0.1", None)
        );
    }

    #[test]
    fn cookies_set_over_https_get_secure_and_keep_everything_else() {
        let mut map = headers(&[
            (
                "set-cookie",
                "workbench_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=604800",
            ),
            ("set-cookie", "other=1; Secure"),
        ]);
        secure_cookies(&mut map);
        let cookies = map
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|value| value.to_str().unwrap())
            .collect::<Vec<_>>();
        assert_eq!(
            cookies,
            [
                "workbench_session=abc; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=604800",
                "other=1; Secure"
            ]
        );
    }
}
