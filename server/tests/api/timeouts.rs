//! The server's own timeouts over real connections (`server::serve::serve` on a loopback
//! port): half-sent headers and bodies are cut off, normal requests are not.

use std::time::{Duration, Instant};

use server::Timeouts;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::helpers::{fixture, spawn_app};

/// Short timeouts, so the tests take a second, not a minute.
const TIMEOUTS: Timeouts = Timeouts {
    header: Duration::from_millis(300),
    body: Duration::from_millis(300),
    request: Duration::from_secs(5),
    db_acquire: Duration::from_secs(5),
    db_statement: Duration::from_secs(5),
};

/// Serves a fresh app with [`TIMEOUTS`] on a free loopback port; its address.
async fn serve() -> std::net::SocketAddr {
    let app = spawn_app().await;
    let router = server::router_with(
        server::AppState {
            leptos_options: leptos::prelude::LeptosOptions::builder()
                .output_name("workbench")
                .build(),
            store: app.store.clone(),
            allowed_hosts: server::AllowedHosts::default(),
            auth: server::auth::Auth::local(),
            proxies: Default::default(),
        },
        TIMEOUTS,
    );
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server::serve::serve(
        listener,
        router,
        TIMEOUTS,
        server::serve::ConnectionLimit::default(),
        std::future::pending(),
    ));
    addr
}

/// Reads until the server closes the connection (at most 5 s); what it sent.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection within 5 s")
        .ok();
    String::from_utf8_lossy(&answer).into_owned()
}

/// Asserts that the server closed the connection less than 3 s after `start`: its own
/// timeouts ended the wait, well before the test's.
fn assert_closed_within_3_s(start: Instant) {
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
}

#[tokio::test]
async fn connections_with_half_sent_headers_are_closed_after_the_header_timeout() {
    // Arrange
    let addr = serve().await;
    let mut slow = Vec::new();
    for _ in 0..50 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET /api/v1/sheets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            .await
            .unwrap();
        slow.push(stream);
    }
    let start = Instant::now();

    // Act / Assert: every one is closed, none answered
    for stream in &mut slow {
        let answer = read_to_close(stream).await;
        assert!(!answer.contains("200 OK"), "{answer}");
    }
    assert_closed_within_3_s(start);
}

#[tokio::test]
async fn a_half_sent_body_is_refused_after_the_body_timeout() {
    // Arrange
    let addr = serve().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();

    // Act: 1,000 bytes announced, 10 sent
    stream
        .write_all(
            b"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nlayer\tsegm",
        )
        .await
        .unwrap();
    let start = Instant::now();
    let answer = read_to_close(&mut stream).await;

    // Assert
    assert!(answer.starts_with("HTTP/1.1 400 "), "{answer}");
    assert_closed_within_3_s(start);
}

#[tokio::test]
async fn normal_requests_are_answered_and_an_idle_connection_is_closed_after_the_timeout() {
    // Arrange
    let addr = serve().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let sheet = fixture("reservation-en.tsv");

    // Act: two requests on one keep-alive connection, then silence
    for _ in 0..2 {
        let request = format!(
            "POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n{sheet}",
            sheet.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut head = vec![0; 12];
        stream.read_exact(&mut head).await.unwrap();
        assert_eq!(String::from_utf8_lossy(&head), "HTTP/1.1 200");
        // Read the rest of this answer (its length is in the header).
        let mut buffer = Vec::new();
        loop {
            let mut chunk = [0; 4096];
            let n = stream.read(&mut chunk).await.unwrap();
            buffer.extend_from_slice(&chunk[..n]);
            let text = String::from_utf8_lossy(&buffer);
            if let Some((headers, body)) = text.split_once("\r\n\r\n") {
                let length: usize = headers
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length: "))
                    .expect("a length")
                    .parse()
                    .unwrap();
                if body.len() >= length {
                    assert!(body.contains("\"nodes\""), "{body}");
                    break;
                }
            }
        }
    }
    let idle = Instant::now();
    let rest = read_to_close(&mut stream).await;

    // Assert
    assert_eq!(rest, "");
    assert!(
        idle.elapsed() >= Duration::from_millis(250),
        "{:?}",
        idle.elapsed()
    );
    assert_closed_within_3_s(idle);
}
