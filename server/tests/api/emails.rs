//! The addresses team mode takes for invitations and new accounts: look-alike scripts and
//! invisible characters are refused with the reason, and nothing is made.

use axum::http::StatusCode;

use crate::team::{sign_in, Client, Org, PASSWORD};

#[tokio::test]
async fn an_invitation_or_account_for_a_look_alike_or_invisible_address_is_refused() {
    // Arrange: an administrator, signed in
    let org = Org::in_memory().await;
    org.admin("admin@example.com").await;
    let app = org.app();
    let admin = Client::json(&app, &sign_in(&app, "admin@example.com").await);
    let invite = |email: &str| {
        admin.post(
            "/api/v1/invites",
            serde_json::json!({ "email": email }).to_string(),
        )
    };

    // Act: a Cyrillic а in "admin", a zero-width space, a right-to-left override
    let look_alike = invite("\u{430}dmin@example.com").await;
    let invisible = admin
        .post(
            "/api/v1/accounts",
            serde_json::json!({"email": "gr\u{200B}ace@example.com", "password": PASSWORD})
                .to_string(),
        )
        .await;
    let reordered = invite("grace@\u{202E}moc.elpmaxe").await;
    let plain = invite("山田@example.jp").await;

    // Assert: the reasons, and only the plain address invited
    assert_eq!(look_alike.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        look_alike.json()["error"],
        "\"\u{430}dmin@example.com\" is not an e-mail address the workbench takes: \"\u{430}dmin\" mixes scripts that look alike (such as Latin and Cyrillic)"
    );
    assert_eq!(invisible.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        invisible.json()["error"],
        "\"gr\\u{200b}ace@example.com\" is not an e-mail address the workbench takes: it has U+200B at character 3 (a control, invisible, bidirectional or other character not used in addresses)"
    );
    assert_eq!(reordered.status, StatusCode::BAD_REQUEST);
    assert_eq!(plain.status, StatusCode::CREATED, "{}", plain.text());
    assert_eq!(org.store.accounts().await.unwrap().len(), 1);
}
