//! Two `workbench serve` processes in team mode on one PostgreSQL database (the
//! one at `TEST_POSTGRES_URL`, default 127.0.0.1:5432) behave as one service: a session made on
//! one works on the other, a save through one reaches an event stream opened on the other
//! within a second, concurrent saves through both lose nothing, and another team's account
//! cannot open the sheet on either.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use workbench_store::access::Role;
use workbench_store::Store;

use crate::binary::workbench_on;
use crate::process::{agent, Server};
use crate::team::{Org, PASSWORD};

/// The session key both instances share, so a session works on either.
const SECRET: &str = "a shared session key of more than thirty-two bytes";

/// Signs `email` in on `server`; the session cookie (`name=value`).
fn sign_in(server: &Server, email: &str) -> String {
    let mut response = agent()
        .post(&server.url("/login"))
        .config()
        .max_redirects(0)
        .build()
        .content_type("application/x-www-form-urlencoded")
        .send(format!(
            "email={}&password={}",
            email.replace('@', "%40"),
            PASSWORD.replace(' ', "+")
        ))
        .unwrap();
    assert_eq!(
        response.status(),
        303,
        "{email}: {:?}",
        response.body_mut().read_to_string()
    );
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_string()
}

/// `GET path` on `server` with `cookie`: the status and the body.
fn get(server: &Server, path: &str, cookie: &str) -> (u16, String) {
    let mut response = agent()
        .get(&server.url(path))
        .header("cookie", cookie)
        .call()
        .unwrap();
    (
        response.status().as_u16(),
        response.body_mut().read_to_string().unwrap(),
    )
}

/// A `PATCH` of one cell of sheet `id` through the instance at `base`: the rationale of row
/// `row_id` from `base_value` to `value`; the status.
fn patch_cell(
    base: &str,
    cookie: &str,
    id: i64,
    row_id: i64,
    base_value: &str,
    value: &str,
) -> u16 {
    let body = serde_json::json!({
        "cells": [{"row_id": row_id, "column": "rationale", "base": base_value, "value": value}]
    });
    agent()
        .patch(&format!("{base}/api/v1/sheets/{id}"))
        .header("cookie", cookie)
        .header("if-match", "*")
        .content_type("application/json")
        .send(body.to_string())
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread")]
async fn two_processes_on_one_postgres_database_are_one_service() {
    let url = crate::helpers::fresh_postgres_schema("instances_service").await;
    // Accounts and the sheet, made as an administrator would.
    let org = Org::on(Store::connect(&url).await.unwrap());
    org.admin("admin@example.com").await;
    let payments = org.team("payments").await;
    let search = org.team("search").await;
    org.member(payments, "alice@example.com", Role::Editor)
        .await;
    org.member(payments, "bob@example.com", Role::Editor).await;
    org.member(search, "carol@example.com", Role::Owner).await;
    let id = org
        .g1_sheet(org.access("alice@example.com").await, "G1")
        .await;
    let store = org.store;
    let stored = store.get_sheet(id).await.unwrap();
    store.close().await;

    let vars = [("WORKBENCH_MODE", "team"), ("WORKBENCH_SECRET", SECRET)];
    let one = Server::start(&url, &vars);
    let two = Server::start(&url, &vars);

    // A session made on one instance works on the other.
    let alice = sign_in(&one, "alice@example.com");
    let (status, me) = get(&two, "/api/v1/me", &alice);
    assert_eq!(status, 200, "{me}");
    assert!(me.contains(r#""email":"alice@example.com""#), "{me}");
    let bob = sign_in(&two, "bob@example.com");

    // Bob's page on instance two streams the sheet's events.
    let (events, heard) = mpsc::channel::<String>();
    let stream_url = two.url(&format!("/api/v1/sheets/{id}/events"));
    let bob_cookie = bob.clone();
    std::thread::spawn(move || {
        let response = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .new_agent()
            .get(&stream_url)
            .header("cookie", &bob_cookie)
            .call()
            .unwrap();
        let reader = BufReader::new(response.into_body().into_reader());
        for line in reader.lines() {
            let Ok(line) = line else { break };
            if events.send(line).is_err() {
                break;
            }
        }
    });
    std::thread::sleep(Duration::from_millis(300)); // the stream is open

    // Alice saves through instance one: the stream on two hears it within a second.
    let saved_at = Instant::now();
    assert_eq!(
        patch_cell(
            &one.base,
            &alice,
            id,
            stored.row_ids[0],
            &stored.sheet.rows[0].rationale,
            "alice was here"
        ),
        200
    );
    let mut saw_saved = false;
    let heard_line = loop {
        let line = heard
            .recv_timeout(Duration::from_secs(1).saturating_sub(saved_at.elapsed()))
            .unwrap_or_else(|_| {
                let rest: Vec<String> = heard.try_iter().collect();
                panic!(
                    "the save did not reach the other instance's stream within a second: {rest:?}"
                )
            });
        if line == "event: saved" {
            saw_saved = true;
        } else if saw_saved && line.starts_with("data: ") {
            break line;
        }
    };
    // Recorded under Alice's account, whatever name the request could have given.
    assert!(
        heard_line.starts_with(r#"data: {"author":"alice@example.com","version":1,"#),
        "{heard_line}"
    );

    // Concurrent saves through both instances, each to its own cells: nothing is lost.
    let threads: Vec<_> = (1..=8)
        .map(|n| {
            let (server_url, cookie) = if n % 2 == 0 {
                (one.base.clone(), alice.clone())
            } else {
                (two.base.clone(), bob.clone())
            };
            let row_id = stored.row_ids[n];
            let base = stored.sheet.rows[n].rationale.clone();
            std::thread::spawn(move || {
                patch_cell(
                    &server_url,
                    &cookie,
                    id,
                    row_id,
                    &base,
                    &format!("save {n}"),
                )
            })
        })
        .collect();
    for thread in threads {
        assert_eq!(thread.join().unwrap(), 200);
    }
    let (_, body) = get(&one, &format!("/api/v1/sheets/{id}"), &alice);
    let sheet: serde_json::Value = serde_json::from_str(&body).unwrap();
    let rationales: Vec<&str> = sheet["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["rationale"].as_str().unwrap())
        .collect();
    assert_eq!(rationales[0], "alice was here");
    for n in 1..=8 {
        assert_eq!(rationales[n], format!("save {n}"), "{rationales:?}");
    }

    // Another team's owner finds no such sheet, on either instance.
    let carol = sign_in(&two, "carol@example.com");
    for server in [&one, &two] {
        assert_eq!(
            get(server, &format!("/api/v1/sheets/{id}"), &carol),
            (
                404,
                format!(r#"{{"error":"sheet {id} not found","line":null}}"#)
            )
        );
    }
}

/// `GET /api/v1/me` on `server` with the proxy's header `X-Forwarded-Email: email`.
fn me_as_vouched(server: &Server, email: &str) -> (u16, String) {
    let mut response = agent()
        .get(&server.url("/api/v1/me"))
        .header("x-forwarded-email", email)
        .call()
        .unwrap();
    (
        response.status().as_u16(),
        response.body_mut().read_to_string().unwrap(),
    )
}

#[test]
fn a_trusted_proxys_header_signs_in_and_anyone_elses_is_not_believed() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sso.db").display());
    let trusting = Server::start(
        &url,
        &[
            ("WORKBENCH_MODE", "team"),
            ("WORKBENCH_AUTH_PROXY_HEADER", "X-Forwarded-Email"),
            ("WORKBENCH_TRUSTED_PROXIES", "127.0.0.0/8"),
        ],
    );
    // The proxy vouching for someone does not make the first account, the administrator:
    // that is done from a shell (or with the setup code at /login).
    assert_eq!(
        me_as_vouched(&trusting, "Dave@Example.com"),
        (
            403,
            "{\"error\":\"this workbench has no administrator yet: make the first account with \
             `workbench admin create-user EMAIL` on the server, or at /login with the setup code \
             the server printed when it started\",\"line\":null}"
                .to_string()
        )
    );
    let created = workbench_on(&url, &["admin", "create-user", "ada@example.com"]);
    assert_eq!(
        String::from_utf8_lossy(&created.stdout),
        "workbench: account 1 ada@example.com (administrator)\n"
    );
    assert_eq!(
        me_as_vouched(&trusting, "Dave@Example.com"),
        (
            200,
            r#"{"account":2,"admin":false,"email":"dave@example.com","roles":[]}"#.to_string()
        )
    );
    assert_eq!(
        me_as_vouched(&trusting, "erin@example.com"),
        (
            200,
            r#"{"account":3,"admin":false,"email":"erin@example.com","roles":[]}"#.to_string()
        )
    );
    // The account exists now, and the second request finds it.
    assert_eq!(me_as_vouched(&trusting, "dave@example.com").0, 200);
    drop(trusting);
    // The proxy is elsewhere: the same header from this address is not believed.
    let elsewhere = Server::start(
        &url,
        &[
            ("WORKBENCH_MODE", "team"),
            ("WORKBENCH_AUTH_PROXY_HEADER", "X-Forwarded-Email"),
            ("WORKBENCH_TRUSTED_PROXIES", "10.0.0.5"),
        ],
    );
    let (status, body) = me_as_vouched(&elsewhere, "dave@example.com");
    assert_eq!(status, 401, "{body}");
    assert!(body.starts_with(r#"{"error":"sign in first"#), "{body}");
}
