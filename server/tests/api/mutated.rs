//! Mutated sheets against the API: the fixtures with random edits (hostile tokens, NULs,
//! quotes, arrows, huge numbers, broken UTF-8, cut and doubled lines) are checked, stored and
//! rendered; the server answers every one without a 5xx. `PROPTEST_CASES` runs more (the
//! trial that found the quadratic blow-ups ran 170,000).

use axum::http::{Method, StatusCode};
use proptest::prelude::*;

use crate::helpers::{fixture, spawn_app};

const FIXTURES: [&str; 6] = [
    "reservation-en.tsv",
    "reservation-ja.tsv",
    "inverted-lb.tsv",
    "payments-safety.tsv",
    "ingress-nginx-upstreams.tsv",
    "queue-visibility.tsv",
];

/// Text a hostile or careless sheet holds.
const TOKENS: [&str; 24] = [
    "\t",
    "\n",
    "\r\n",
    "\"",
    "\0",
    "∞",
    "なし",
    "->",
    " -> ",
    "→",
    "a -> b -> c",
    "=",
    "＝",
    "-inf",
    "+nan",
    "5000000000000h",
    "1000 tries, waits 0.5s",
    "\u{202E}",
    "</title><script>",
    "waits",
    "0",
    "18446744073709551615ms",
    "\u{FEFF}",
    "parallel group",
];

/// One edit of a sheet's bytes.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, usize),
    Byte(usize, u8),
    Delete(usize, usize),
    DoubleLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, t)| Edit::Insert(at, t)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Byte(at, b)),
        (any::<usize>(), 1..40_usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        any::<usize>().prop_map(Edit::DoubleLine),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &Edit) {
    let len = bytes.len().max(1);
    match *edit {
        Edit::Insert(at, token) => {
            let at = at % len;
            bytes.splice(at..at, TOKENS[token].bytes());
        }
        Edit::Byte(at, byte) => {
            let at = at % len;
            bytes.insert(at.min(bytes.len()), byte);
        }
        Edit::Delete(at, n) => {
            let at = (at % len).min(bytes.len());
            let end = (at + n).min(bytes.len());
            bytes.drain(at..end);
        }
        Edit::DoubleLine(at) => {
            let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            let line = lines[at % lines.len()].to_vec();
            bytes.extend_from_slice(b"\n");
            bytes.extend_from_slice(&line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(200),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_mutated_sheet_never_gets_a_5xx(
        which in 0..FIXTURES.len(),
        edits in prop::collection::vec(edit(), 1..12),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            // Arrange
            let app = spawn_app().await;
            let mut bytes = fixture(FIXTURES[which]).into_bytes();
            for edit in &edits {
                apply(&mut bytes, edit);
            }

            // Act
            let check = app.post("/api/v1/check", bytes.clone()).await;
            let stored = app.post("/api/v1/sheets?name=mutated", bytes.clone()).await;

            // Assert
            assert!(
                [StatusCode::OK, StatusCode::BAD_REQUEST, StatusCode::UNPROCESSABLE_ENTITY]
                    .contains(&check.status),
                "check: {} {}", check.status, check.text()
            );
            if check.status == StatusCode::OK {
                let report = check.json();
                assert!(report["summary"].is_object(), "{report}");
            }
            assert!(!stored.status.is_server_error(), "store: {} {}", stored.status, stored.text());
            if stored.status == StatusCode::CREATED {
                let id = stored.json()["id"].as_i64().unwrap();
                for uri in [format!("/api/v1/sheets/{id}"), format!("/sheets/{id}"), "/".into()] {
                    let page = app.send(Method::GET, &uri, "").await;
                    assert_eq!(page.status, StatusCode::OK, "{uri}: {}", page.text());
                }
                let export = app.get(&format!("/api/v1/sheets/{id}/export.tsv")).await;
                assert_eq!(export.status, StatusCode::OK);
            }
        });
    }
}
