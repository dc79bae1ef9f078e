//! Serving the app over HTTP/1.1 with the server's own timeouts, so that a client that
//! sends slowly (slowloris) or not at all cannot hold connections open.
//!
//! | timeout | default | setting | what happens |
//! |---|---|---|---|
//! | header read | 10 s | `WORKBENCH_HEADER_TIMEOUT` | a connection whose request header is not complete this long after it began waiting for one is closed; hyper's timer runs from the moment a connection waits for a request, so this is also the keep-alive idle timeout |
//! | body read | 30 s | `WORKBENCH_BODY_TIMEOUT` | a request body not received in full within this time is refused (400) |
//! | whole request | 60 s | `WORKBENCH_REQUEST_TIMEOUT` | a request not answered within this time gets 408 |
//! | database connection | 5 s | `WORKBENCH_DB_ACQUIRE_TIMEOUT` | a query that waits this long for a connection of the pool (connecting included) fails: the request answers 500 |
//! | database statement | 20 s | `WORKBENCH_DB_STATEMENT_TIMEOUT` | PostgreSQL cancels a statement running this long (`statement_timeout`); not used on SQLite |
//!
//! Values are durations as the engine reads them (`10s`, `500ms`, `1m`). The body and request
//! timeouts are layers of [`crate::router`]'s ([`crate::router_with`]); the header timeout is
//! the connection's ([`serve`]); the database's are the pool's ([`workbench_store::PoolTimeouts`]).
//! `deploy/timeouts.tsv` is the design sheet of these values with the example nginx in front,
//! and the test suite checks it with `workbench check`.
//!
//! One client address holds at most [`ConnectionLimit::per_client`] connections at once (128
//! unless `WORKBENCH_MAX_CONNECTIONS_PER_CLIENT` says otherwise): a connection past that is
//! closed as soon as it is accepted, so one client sending slow bodies cannot take every file
//! descriptor of the process and starve the others (and the probes). A trusted proxy
//! ([`crate::forwarded`]) carries every client's connections and is not limited; it limits
//! its own clients (`limit_conn` in `deploy/nginx.conf`).

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt as _;

/// The server's timeouts; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// How long a connection may take to send a request's header, and stay idle between
    /// requests.
    pub header: Duration,
    /// How long a request may take to send its body.
    pub body: Duration,
    /// How long a request may take to be answered.
    pub request: Duration,
    /// How long a query may wait for a database connection.
    pub db_acquire: Duration,
    /// How long one PostgreSQL statement may run.
    pub db_statement: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header: Duration::from_secs(10),
            body: Duration::from_secs(30),
            request: Duration::from_secs(60),
            db_acquire: workbench_store::PoolTimeouts::default().acquire,
            db_statement: workbench_store::PoolTimeouts::default().statement,
        }
    }
}

/// The environment variables of the header, body, request, database connection and
/// statement timeouts.
pub const TIMEOUT_VARS: [&str; 5] = [
    "WORKBENCH_HEADER_TIMEOUT",
    "WORKBENCH_BODY_TIMEOUT",
    "WORKBENCH_REQUEST_TIMEOUT",
    "WORKBENCH_DB_ACQUIRE_TIMEOUT",
    "WORKBENCH_DB_STATEMENT_TIMEOUT",
];

impl Timeouts {
    /// The defaults, overridden by [`TIMEOUT_VARS`] that are set: `lookup` gives a
    /// variable's value (`std::env::var`, or a map in tests).
    ///
    /// # Errors
    ///
    /// A message naming the variable when its value is not a positive duration with a unit.
    pub fn from_vars(lookup: impl Fn(&str) -> Option<String>) -> Result<Timeouts, String> {
        let defaults = Timeouts::default();
        let read = |name: &str, default: Duration| -> Result<Duration, String> {
            let Some(text) = lookup(name) else {
                return Ok(default);
            };
            match budget::duration::parse(&text, None) {
                Ok(ms) if ms > 0 && ms != u64::MAX => Ok(Duration::from_millis(ms)),
                _ => Err(format!(
                    "{name} is {text:?}: give a positive duration with a unit, such as 10s"
                )),
            }
        };
        Ok(Timeouts {
            header: read(TIMEOUT_VARS[0], defaults.header)?,
            body: read(TIMEOUT_VARS[1], defaults.body)?,
            request: read(TIMEOUT_VARS[2], defaults.request)?,
            db_acquire: read(TIMEOUT_VARS[3], defaults.db_acquire)?,
            db_statement: read(TIMEOUT_VARS[4], defaults.db_statement)?,
        })
    }

    /// The database's timeouts, for [`workbench_store::Store::connect_with`].
    pub fn pool(&self) -> workbench_store::PoolTimeouts {
        workbench_store::PoolTimeouts {
            acquire: self.db_acquire,
            statement: self.db_statement,
        }
    }
}

/// The environment variable of [`ConnectionLimit::per_client`].
pub const MAX_CONNECTIONS_VAR: &str = "WORKBENCH_MAX_CONNECTIONS_PER_CLIENT";

/// How many connections one client address may hold open at once.
#[derive(Clone, Debug)]
pub struct ConnectionLimit {
    /// The most connections open at once from one address (128 by default).
    pub per_client: usize,
    /// Peers that are not limited: the trusted proxies, whose connections carry many clients.
    pub exempt: crate::forwarded::TrustedProxies,
}

impl Default for ConnectionLimit {
    fn default() -> ConnectionLimit {
        ConnectionLimit {
            per_client: 128,
            exempt: crate::forwarded::TrustedProxies::default(),
        }
    }
}

impl ConnectionLimit {
    /// The default, with [`MAX_CONNECTIONS_VAR`] when it is set (`lookup` gives a variable's
    /// value), exempting `proxies`.
    ///
    /// # Errors
    ///
    /// A message naming the variable when its value is not a whole number of at least 1.
    pub fn from_vars(
        lookup: impl Fn(&str) -> Option<String>,
        proxies: crate::forwarded::TrustedProxies,
    ) -> Result<ConnectionLimit, String> {
        let per_client = match lookup(MAX_CONNECTIONS_VAR) {
            None => ConnectionLimit::default().per_client,
            Some(text) => match text.trim().parse::<usize>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(format!(
                        "{MAX_CONNECTIONS_VAR} is {text:?}: give a whole number of at least 1, such as 128"
                    ))
                }
            },
        };
        Ok(ConnectionLimit {
            per_client,
            exempt: proxies,
        })
    }
}

/// The connections open per client address; a [`Held`] gives its one back when dropped.
#[derive(Clone, Default)]
struct OpenConnections(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One connection counted in [`OpenConnections`].
struct Held {
    open: OpenConnections,
    addr: IpAddr,
}

impl OpenConnections {
    /// Counts a connection from `addr` unless it already has `limit` open.
    fn take(&self, addr: IpAddr, limit: usize) -> Option<Held> {
        let mut open = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(addr).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(Held {
            open: self.clone(),
            addr,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self
            .open
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.addr) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

/// Serves `app` on `listener` over HTTP/1.1 until `shutdown` completes, closing every
/// connection whose request header takes longer than `timeouts.header` and every connection
/// past `limit` from one client address; then waits up to `timeouts.request` for the
/// requests in flight.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    limit: ConnectionLimit,
    shutdown: impl Future<Output = ()>,
) {
    let open = OpenConnections::default();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.header);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => (stream, peer),
                Err(err) => {
                    // Out of file descriptors, say: wait a moment rather than spin.
                    eprintln!("workbench: cannot accept a connection: {err}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let held = if limit.exempt.trusts(peer.ip()) {
            None
        } else {
            match open.take(peer.ip(), limit.per_client) {
                Some(held) => Some(held),
                // Dropping the stream closes the connection at once.
                None => continue,
            }
        };
        let service = app.clone().map_request(move |request: Request<Incoming>| {
            let mut request = request.map(Body::new);
            // The peer's address, for the sign-in limit per address ([`crate::auth`]).
            request
                .extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
            request
        });
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that went away or timed out is not the server's error.
            let _ = connection.await;
            drop(held);
        });
    }
    let _ = tokio::time::timeout(timeouts.request, graceful.shutdown()).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    /// A GET of `/` on a new connection to `addr`: the answer's first line, or `None` when
    /// the server closed the connection without answering.
    async fn get(addr: std::net::SocketAddr) -> Option<String> {
        let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
        stream
            .write_all(b"GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.ok()?;
        answer.lines().next().map(str::to_string)
    }

    #[tokio::test]
    async fn a_client_past_its_connection_limit_is_closed_and_the_others_are_served() {
        // Arrange: three connections per client, a server that answers `ok`
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        let limit = ConnectionLimit {
            per_client: 3,
            exempt: crate::forwarded::TrustedProxies::default(),
        };
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(listener, app, Timeouts::default(), limit, async {
            let _ = stopped.await;
        }));

        // Act: three connections held open without a request (a slow client), then more
        let mut held = Vec::new();
        for _ in 0..3 {
            held.push(tokio::net::TcpStream::connect(addr).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let refused = get(addr).await;
        drop(held.pop());
        tokio::time::sleep(Duration::from_millis(100)).await;
        let served = get(addr).await;

        // Assert
        assert_eq!(refused, None, "the fourth connection is closed unanswered");
        assert_eq!(served.as_deref(), Some("HTTP/1.1 200 OK"));
        let _ = stop.send(());
        drop(held);
        server.await.unwrap();
    }

    #[test]
    fn the_connection_limit_can_be_set() {
        let none = crate::forwarded::TrustedProxies::default();
        let read = |value: &'static str| {
            ConnectionLimit::from_vars(|_| Some(value.to_string()), none.clone())
                .map(|limit| limit.per_client)
        };
        assert_eq!(
            ConnectionLimit::from_vars(|_| None, none.clone()).map(|l| l.per_client),
            Ok(128)
        );
        assert_eq!(read("16"), Ok(16));
        assert_eq!(
            read("0"),
            Err("WORKBENCH_MAX_CONNECTIONS_PER_CLIENT is \"0\": give a whole number of at least 1, such as 128".into())
        );
    }

    #[test]
    fn timeouts_default_and_can_be_set_each() {
        assert_eq!(Timeouts::from_vars(|_| None), Ok(Timeouts::default()));
        let set = Timeouts::from_vars(|name| {
            (name == "WORKBENCH_HEADER_TIMEOUT").then(|| "2.5s".to_string())
        });
        assert_eq!(
            set,
            Ok(Timeouts {
                header: Duration::from_millis(2_500),
                ..Timeouts::default()
            })
        );
        assert_eq!(
            Timeouts::from_vars(|name| (name == "WORKBENCH_BODY_TIMEOUT").then(|| "30".into())),
            Err("WORKBENCH_BODY_TIMEOUT is \"30\": give a positive duration with a unit, such as 10s".into())
        );
        let db = Timeouts::from_vars(|name| {
            (name == "WORKBENCH_DB_STATEMENT_TIMEOUT").then(|| "1.5s".to_string())
        })
        .unwrap();
        assert_eq!(
            db.pool(),
            workbench_store::PoolTimeouts {
                acquire: Duration::from_secs(5),
                statement: Duration::from_millis(1_500),
            }
        );
        assert!(Timeouts::from_vars(|_| Some("0s".into())).is_err());
        assert!(Timeouts::from_vars(|_| Some("none".into())).is_err());
    }
}
