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
//! the connection's ([`serve`]); the database's are the pool's ([`app::ssr::PoolTimeouts`]).
//! `deploy/timeouts.tsv` is the design sheet of these values with the example nginx in front,
//! and the test suite checks it with `workbench check`.

use std::future::Future;
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
            db_acquire: app::ssr::PoolTimeouts::default().acquire,
            db_statement: app::ssr::PoolTimeouts::default().statement,
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

    /// The database's timeouts, for [`app::ssr::Store::connect_with`].
    pub fn pool(&self) -> app::ssr::PoolTimeouts {
        app::ssr::PoolTimeouts {
            acquire: self.db_acquire,
            statement: self.db_statement,
        }
    }
}

/// Serves `app` on `listener` over HTTP/1.1 until `shutdown` completes, closing every
/// connection whose request header takes longer than `timeouts.header`; then waits up to
/// `timeouts.request` for the requests in flight.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    shutdown: impl Future<Output = ()>,
) {
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
        });
    }
    let _ = tokio::time::timeout(timeouts.request, graceful.shutdown()).await;
}

#[cfg(test)]
mod tests {
    use super::*;

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
            app::ssr::PoolTimeouts {
                acquire: Duration::from_secs(5),
                statement: Duration::from_millis(1_500),
            }
        );
        assert!(Timeouts::from_vars(|_| Some("0s".into())).is_err());
        assert!(Timeouts::from_vars(|_| Some("none".into())).is_err());
    }
}
