//! Text that closes the element it is written into: every page rendered with it in every cell,
//! name, title, comment, author, team, token and address, then parsed with html5ever (the
//! parser of the HTML standard, as a browser parses). No page may gain an element from it,
//! and each text reads back exactly as it was stored: the cells of the grid as the values of
//! its inputs, the rest as text of the page.
//!
//! A `<textarea>`'s content is *escapable raw text* (the parser reads up to `</textarea`),
//! `<title>`'s too, and `<script>`'s and `<style>`'s are raw text; a `<!--` in text would open
//! a comment and a `]]>` ends a CDATA section in SVG. Each payload carries one of these
//! closers and then an element marked `data-injected`, which a page holds only if the closer
//! worked.

use axum::http::{Method, StatusCode};
use budget::{Column, Lang, Row, Sheet};
use workbench_model::sheet_name::SheetName;
use workbench_store::access::{Role, TokenScope};
use workbench_store::{Author, CellPatch, CellSet, Store};

use crate::helpers::{spawn_app, team_app_on, TestApp};

/// Texts that would end the element around them, each followed by an element of its own.
const HOSTILE: [&str; 7] = [
    "</textarea><b data-injected=\"textarea\">1</b><textarea>",
    "</title><b data-injected=\"title\">2</b><title>",
    "</script><b data-injected=\"script\">3</b><script>",
    "</style><b data-injected=\"style\">4</b><style>",
    "<!--<b data-injected=\"comment\">5</b>",
    "]]><b data-injected=\"cdata\">6</b>",
    // Character references must stay text too, and a cell's first line break must survive
    // the parser's rule that drops a line feed right after `<textarea>`.
    "\n&lt;b data-injected=\"entity\"&gt;7&amp;</textarea >",
];

/// Every closer at once, for the one-line fields (names, titles, authors).
const ALL_CLOSERS: &str =
    "</textarea></title></script></style>]]><!--<b data-injected=\"all\">x</b>";

/// Row `i` of the hostile sheet: every column holds a payload, a different one per column.
fn hostile_row(i: usize) -> Row {
    let cell = |column: usize| HOSTILE[(i + column) % HOSTILE.len()].to_string();
    Row {
        layer: cell(0),
        segment: cell(1),
        item: cell(2),
        setting: cell(3),
        default: cell(4),
        value: cell(5),
        location: cell(6),
        rationale: cell(7),
    }
}

fn hostile_rows() -> Vec<Row> {
    (0..HOSTILE.len()).map(hostile_row).collect()
}

/// The parsed page, after asserting that it holds no element a payload made.
fn parse_inert(page: &str, html: &str) -> scraper::Html {
    let document = scraper::Html::parse_document(html);
    let injected = scraper::Selector::parse("[data-injected]").unwrap();
    let found: Vec<String> = document.select(&injected).map(|e| e.html()).collect();
    assert!(found.is_empty(), "{page} gained elements: {found:?}");
    let titles = scraper::Selector::parse("head > title").unwrap();
    assert_eq!(document.select(&titles).count(), 1, "{page}: one title");
    document
}

/// Whether `text` reads back whole from `document`: as one text node (a `<textarea>`'s
/// content is one) or one attribute value holding it.
fn reads_back(document: &scraper::Html, text: &str) -> bool {
    let all = scraper::Selector::parse("*").unwrap();
    document.select(&all).any(|element| {
        element.text().any(|t| t.contains(text))
            || element
                .value()
                .attrs()
                .any(|(_, value)| value.contains(text))
    })
}

fn assert_reads_back(page: &str, document: &scraper::Html, texts: &[&str]) {
    for text in texts {
        assert!(reads_back(document, text), "{page} lost {text:?}");
    }
}

/// The grid's rows as its inputs hold them: a `<textarea>`'s text, an `<input>`'s value.
fn grid_rows(document: &scraper::Html) -> Vec<Vec<String>> {
    let rows = scraper::Selector::parse("[data-testid^=\"row-\"]").unwrap();
    let cells = scraper::Selector::parse("textarea, input[data-testid^=\"cell-\"]").unwrap();
    document
        .select(&rows)
        .map(|row| {
            row.select(&cells)
                .map(|cell| match cell.value().name() {
                    "textarea" => cell.text().collect(),
                    _ => cell.value().attr("value").unwrap_or_default().to_string(),
                })
                .collect()
        })
        .filter(|cells: &Vec<String>| !cells.is_empty())
        .collect()
}

fn texts_of(row: &Row) -> Vec<String> {
    Column::ALL
        .iter()
        .map(|c| row.cell(*c).to_string())
        .collect()
}

async fn page(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> String {
    let response = app.send_with(Method::GET, path, headers, "").await;
    assert_eq!(
        response.status,
        StatusCode::OK,
        "{path}: {}",
        response.text()
    );
    response.text()
}

#[tokio::test]
async fn text_that_closes_its_element_stays_text_on_every_page_of_a_sheet() {
    // Arrange: a sheet named with every closer, its rows hostile in every cell, saved by a
    // hostile author, with a hostile proposal and comment
    let app = spawn_app().await;
    let store = &app.store;
    let first = Sheet::new(Lang::En, vec![hostile_row(1)]);
    let id = store
        .create_sheet_as(
            &SheetName::parse(ALL_CLOSERS).unwrap(),
            &first,
            &Author::named(ALL_CLOSERS),
        )
        .await
        .unwrap();
    let rows = hostile_rows();
    let base = store.get_sheet(id).await.unwrap().revision;
    store
        .save_rows_from(id, base, &rows, &Author::named(HOSTILE[1]))
        .await
        .unwrap();
    let first_row = store.get_sheet(id).await.unwrap().row_ids[0];
    let title = HOSTILE[0].replace('\n', " ");
    let pid = store
        .create_proposal(
            id,
            &title,
            &CellPatch {
                cells: vec![CellSet {
                    row_id: first_row,
                    column: Column::Rationale,
                    base: rows[0].rationale.clone(),
                    value: HOSTILE[2].into(),
                }],
                ..CellPatch::default()
            },
            &Author::named(HOSTILE[3]),
        )
        .await
        .unwrap();
    store
        .comment(id, pid, &Author::named(HOSTILE[4]), HOSTILE[5], None)
        .await
        .unwrap();
    let stored = store.get_sheet(id).await.unwrap().sheet.rows;
    assert_eq!(stored, rows, "the store keeps every cell as typed");

    // Act / Assert: the grid holds every cell exactly, on the sheet page and with changes
    let expected: Vec<Vec<String>> = rows.iter().map(texts_of).collect();
    for path in [format!("/sheets/{id}"), format!("/sheets/{id}?since=1")] {
        let html = page(&app, &path, &[]).await;
        let document = parse_inert(&path, &html);
        assert_eq!(grid_rows(&document), expected, "{path}: the grid's cells");
        assert_reads_back(&path, &document, &[ALL_CLOSERS]);
    }
    let list = page(&app, "/", &[]).await;
    assert_reads_back("/", &parse_inert("/", &list), &[ALL_CLOSERS]);
    let history = format!("/sheets/{id}/history");
    let document = parse_inert(&history, &page(&app, &history, &[]).await);
    assert_reads_back(&history, &document, &[ALL_CLOSERS, HOSTILE[1]]);
    let diff = format!("/sheets/{id}/diff");
    let document = parse_inert(&diff, &page(&app, &diff, &[]).await);
    assert_reads_back(&diff, &document, &[ALL_CLOSERS, HOSTILE[3], HOSTILE[6]]);
    let propose = format!("/sheets/{id}/propose");
    let document = parse_inert(&propose, &page(&app, &propose, &[]).await);
    assert_eq!(
        grid_rows(&document),
        expected,
        "{propose}: the grid's cells"
    );
    let proposal = format!("/sheets/{id}/proposals/{pid}");
    let document = parse_inert(&proposal, &page(&app, &proposal, &[]).await);
    assert_reads_back(
        &proposal,
        &document,
        &[&title, HOSTILE[2], HOSTILE[3], HOSTILE[4], HOSTILE[5]],
    );
    let edit = format!("/sheets/{id}/proposals/{pid}/edit");
    let document = parse_inert(&edit, &page(&app, &edit, &[]).await);
    let mut proposed = expected.clone();
    proposed[0][7] = HOSTILE[2].to_string();
    assert_eq!(grid_rows(&document), proposed, "{edit}: the grid's cells");
    assert_reads_back(&edit, &document, &[&title]);
}

#[tokio::test]
async fn text_that_closes_its_element_stays_text_on_the_team_and_sign_in_pages() {
    // Arrange: a team, an owner, a token and an invitation, all named with every closer
    const PASSWORD: &str = "a long password for tests";
    const HOST: &str = "127.0.0.1:3000";
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let hash = server::auth::hash_password(PASSWORD).unwrap();
    let admin = store
        .create_account("ada@example.com", &hash, true)
        .await
        .unwrap();
    let team = store.create_team(ALL_CLOSERS).await.unwrap();
    store
        .set_role(team, admin, Some(Role::Owner))
        .await
        .unwrap();
    store
        .create_token(
            team,
            HOSTILE[0],
            "0".repeat(64).as_str(),
            TokenScope::Read,
            admin,
            None,
        )
        .await
        .unwrap();
    let workbench_store::teams::Minted {
        token,
        hash: token_hash,
    } = server::auth::new_token();
    let hostile_email = format!("{}@example.com", HOSTILE[4]);
    store
        .create_invite(
            &token_hash,
            &hostile_email,
            Some((team, Role::Viewer)),
            admin,
            i64::MAX,
        )
        .await
        .unwrap();
    let app = team_app_on(store);
    let cookie = crate::helpers::sign_in(&app, HOST, "ada@example.com", PASSWORD).await;

    // Act / Assert: the Teams page
    let headers = [("host", HOST), ("cookie", cookie.as_str())];
    let html = page(&app, "/team", &headers).await;
    let document = parse_inert("/team", &html);
    assert_reads_back("/team", &document, &[ALL_CLOSERS, HOSTILE[0]]);

    // The invitation's page shows the address invited
    let path = format!("/login?invite={token}");
    let html = page(&app, &path, &[("host", HOST)]).await;
    let document = parse_inert("/login?invite=", &html);
    assert_reads_back(
        "/login?invite=",
        &document,
        &[&hostile_email.to_lowercase()],
    );

    // The sign-in page, refusing a hostile address, keeps it in its input
    let email = format!("{}@example.com", ALL_CLOSERS);
    let refused = app
        .send_with(
            Method::POST,
            "/login",
            &[
                ("host", HOST),
                ("content-type", "application/x-www-form-urlencoded"),
            ],
            format!(
                "email={}&password=wrong",
                percent_encoding::utf8_percent_encode(&email, percent_encoding::NON_ALPHANUMERIC)
            ),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        refused.text()
    );
    parse_inert("POST /login", &refused.text());
    let html = page(&app, "/login", &[("host", HOST)]).await;
    parse_inert("/login", &html);
}
