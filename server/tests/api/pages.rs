//! The Leptos pages through the same router: the store reaches the server functions.

use axum::http::StatusCode;

use crate::helpers::{fixture, spawn_app};

#[tokio::test]
async fn the_sheet_list_page_renders_stored_sheets() {
    // Arrange
    let app = spawn_app().await;
    app.create_sheet("Reservation%20G1", &fixture("reservation-en.tsv"))
        .await;

    // Act
    let response = app.get("/").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.header("content-type").starts_with("text/html"));
    let html = response.text();
    assert!(html.contains("Reservation G1"), "{html}");
}

#[tokio::test]
async fn a_sheet_page_renders_its_name() {
    // Arrange
    let app = spawn_app().await;
    let id = app
        .create_sheet("Inverted%20LB", &fixture("inverted-lb.tsv"))
        .await;

    // Act
    let response = app.get(&format!("/sheets/{id}")).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    let html = response.text();
    assert!(html.contains("Inverted LB"), "{html}");
}

#[tokio::test]
async fn an_unknown_page_is_404() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/no/such/page").await;

    // Assert
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}
