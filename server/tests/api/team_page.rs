//! The Teams page of team mode (`/team`): what an owner, a member and an administrator see
//! and do there, in English and Japanese, and what each refusal says and leaves unchanged.

use workbench_store::access::Role;

use crate::helpers::{fixture, texts, TestApp, TestResponse};
use crate::team::{
    create_g1, get_anonymous, post_login, redirect, sign_in, Client, Org, FORM, PASSWORD,
};

/// Team 1 "Payments" with an owner (olga) and a viewer (vic); team 2 "Search" with its
/// owner (sam); pat in no team; ada the administrator.
async fn world() -> TestApp {
    let org = Org::in_memory().await;
    org.admin("ada@example.com").await;
    let payments = org.team("Payments").await;
    let search = org.team("Search").await;
    org.member(payments, "olga@example.com", Role::Owner).await;
    org.member(payments, "vic@example.com", Role::Viewer).await;
    org.member(search, "sam@example.com", Role::Owner).await;
    org.account("pat@example.com").await;
    org.app()
}

async fn get(app: &TestApp, cookie: &str, lang: Option<&str>) -> TestResponse {
    let cookie = match lang {
        Some(lang) => format!("{cookie}; {}={lang}", app::i18n::COOKIE),
        None => cookie.to_string(),
    };
    Client::cookie(app, &cookie).get("/team").await
}

async fn post(app: &TestApp, cookie: &str, path: &str, form: &str) -> TestResponse {
    Client::from_page(app, cookie, FORM)
        .post(path, form.to_string())
        .await
}

/// The members of `team` as `email role` lines, from the page.
fn members(html: &str, team: i64) -> Vec<String> {
    let page = scraper::Html::parse_document(html);
    let rows = scraper::Selector::parse(&format!("[data-testid=members-{team}] tbody tr")).unwrap();
    let cell = scraper::Selector::parse("td").unwrap();
    let chosen = scraper::Selector::parse("option[selected]").unwrap();
    page.select(&rows)
        .map(|row| {
            let email = row.select(&cell).next().unwrap().text().collect::<String>();
            let role = match row.select(&chosen).next() {
                Some(option) => option.attr("value").unwrap().to_string(),
                None => row.select(&cell).nth(1).unwrap().text().collect::<String>(),
            };
            format!("{email} {role}")
        })
        .collect()
}

/// `POST /api/v1/check` of G1 with the `authorization` header `bearer`.
async fn check(app: &TestApp, bearer: &str) -> TestResponse {
    Client::with(app, &[("authorization", bearer)])
        .post("/api/v1/check", fixture("reservation-en.tsv"))
        .await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owner_adds_a_member_makes_and_revokes_a_token_and_invites_from_the_page() {
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    let olga_posts = |path: &'static str, form: &'static str| post(&app, &olga, path, form);
    let page = get(&app, &olga, None).await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert_eq!(
        texts(&html, "[data-testid=team-signed-in]"),
        ["Signed in as olga@example.com."]
    );
    // Olga sees her team only; no administration.
    assert_eq!(texts(&html, "section.team h2"), ["Payments"]);
    assert_eq!(
        members(&html, 1),
        ["olga@example.com owner", "vic@example.com viewer"]
    );
    assert!(texts(&html, "[data-testid=administration]").is_empty());

    // Pat joins as an editor.
    let added = olga_posts(
        "/team/members",
        "team=1&email=pat%40example.com&role=editor",
    )
    .await;
    assert_eq!(added.status, 200, "{}", added.text());
    let html = added.text();
    assert_eq!(texts(&html, "[data-testid=team-outcome]"), ["Done."]);
    assert_eq!(
        members(&html, 1),
        [
            "olga@example.com owner",
            "pat@example.com editor",
            "vic@example.com viewer"
        ]
    );
    let audit = texts(&html, "[data-testid=audit-1] tbody tr");
    assert!(
        audit[0].contains("olga@example.comrolepat@example.com editor"),
        "{audit:?}"
    );

    // A check token for CI, shown once; it checks; revoked, it does not.
    let made = olga_posts("/team/tokens", "team=1&name=ci&scope=check&days=90").await;
    assert_eq!(made.status, 200, "{}", made.text());
    let html = made.text();
    let token = texts(&html, "[data-testid=new-token]").remove(0);
    assert!(token.starts_with("wb_") && token.len() == 67, "{token}");
    assert!(texts(&html, "[data-testid=team-outcome]")[0]
        .starts_with("The new token “ci” (check). It is shown only this once: copy it now."),);
    let tokens = texts(&html, "[data-testid=tokens-1] tbody tr td");
    assert_eq!(
        (&tokens[0][..], &tokens[1][..], &tokens[4][..]),
        ("ci", "check", "never")
    );
    assert_eq!(
        get(&app, &olga, None).await.text().matches(&token).count(),
        0
    );
    let bearer = format!("Bearer {token}");
    assert_eq!(check(&app, &bearer).await.status, 200);
    // A token past its expiry is marked so, with nothing to revoke.
    let hash = server::auth::token_hash("wb_old");
    app.store
        .create_token(
            1,
            "old",
            &hash,
            workbench_store::access::TokenScope::Read,
            2,
            Some(1),
        )
        .await
        .unwrap();
    let cells = texts(
        &get(&app, &olga, None).await.text(),
        "[data-testid=tokens-1] tbody tr td",
    );
    assert_eq!(
        cells[..6],
        [
            "old",
            "read",
            &cells[2],
            "1970-01-01 00:00 UTC",
            "never",
            "expired"
        ]
    );
    let revoked = olga_posts("/team/tokens/revoke", "team=1&id=1").await;
    assert_eq!(revoked.status, 200);
    // The newest first: the expired one, then ci, now revoked.
    assert!(
        texts(&revoked.text(), "[data-testid=tokens-1] tbody tr td")[11].starts_with("revoked ")
    );
    let refused = check(&app, &bearer).await;
    assert_eq!(
        refused.status_text(),
        (
            401,
            r#"{"error":"this API token was revoked","line":null}"#.to_string()
        )
    );

    // An invitation: a one-time link to send, which opens the page that sets a password.
    let invited = olga_posts(
        "/team/invites",
        "team=1&email=Quinn%40Example.com&role=reviewer",
    )
    .await;
    assert_eq!(invited.status, 200, "{}", invited.text());
    let link = texts(&invited.text(), "[data-testid=invite-link]").remove(0);
    let path = link
        .strip_prefix("http://127.0.0.1:3000")
        .unwrap_or_else(|| panic!("{link}"));
    assert!(path.starts_with("/login?invite=wb_"), "{link}");
    assert!(
        texts(&invited.text(), "[data-testid=team-outcome]")[0].starts_with(
            "The invitation link for quinn@example.com (send it to them; it works once, until "
        )
    );
    let opened = get_anonymous(&app, path).await;
    assert_eq!(opened.status, 200);
    assert_eq!(
        texts(&opened.text(), "[data-testid=invited]"),
        ["quinn@example.com"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_sees_the_members_and_a_refused_form_says_why_and_changes_nothing() {
    let app = world().await;
    let vic = sign_in(&app, "vic@example.com").await;
    let html = get(&app, &vic, None).await.text();
    assert_eq!(
        members(&html, 1),
        ["olga@example.com owner", "vic@example.com viewer"]
    );
    // A viewer gets no forms, tokens or audit log.
    assert_eq!(
        (
            texts(&html, "section.team form").len(),
            texts(&html, "[data-testid=tokens-1]").len()
        ),
        (0, 0)
    );
    for (path, form, status, reason) in [
        (
            "/team/members",
            "team=1&email=vic%40example.com&role=owner",
            403,
            "your role in team 1 is viewer; this needs owner",
        ),
        (
            "/team/tokens",
            "team=1&name=mine&scope=write",
            403,
            "your role in team 1 is viewer; this needs owner",
        ),
        (
            "/team/members",
            "team=2&email=vic%40example.com&role=owner",
            404,
            "team 2 not found",
        ),
        (
            "/team/teams",
            "name=Mine",
            403,
            "only an administrator may do this",
        ),
        (
            "/team/accounts/disabled",
            "id=3&disabled=true",
            403,
            "only an administrator may do this",
        ),
        (
            "/team/members",
            "team=one&email=x",
            422,
            "Failed to deserialize form body: team: invalid digit found in string",
        ),
    ] {
        let refused = post(&app, &vic, path, form).await;
        assert_eq!(refused.status, status, "{path} {form}: {}", refused.text());
        assert_eq!(
            texts(&refused.text(), "[data-testid=team-outcome]"),
            [format!("Not done: {reason}")],
            "{path} {form}"
        );
    }
    assert_eq!(
        members(&get(&app, &vic, None).await.text(), 1),
        ["olga@example.com owner", "vic@example.com viewer"]
    );
    let store = &app.store;
    assert_eq!(store.teams().await.unwrap().len(), 2);
    assert!(store.tokens(1).await.unwrap().is_empty());
    assert!(!store.account(3).await.unwrap().unwrap().disabled);

    // An owner's mistakes are refused the same way: an unknown account, a bad number of days.
    let olga = sign_in(&app, "olga@example.com").await;
    for (path, form, status, reason) in [
        (
            "/team/members",
            "team=1&email=nobody%40example.com&role=editor",
            404,
            "no account has the address nobody@example.com",
        ),
        (
            "/team/tokens",
            "team=1&name=ci&scope=check&days=soon",
            400,
            r#""soon" is not a number of days (empty: the token never expires)"#,
        ),
        (
            "/team/tokens",
            "team=1&name=ci&scope=check&days=0",
            400,
            "a token lives at least 1 day (leave the days out for one that never expires)",
        ),
        // A team keeps an owner.
        (
            "/team/members",
            "team=1&email=olga%40example.com&role=editor",
            400,
            "olga@example.com is the only owner of team 1: make another owner first",
        ),
        (
            "/team/members",
            "team=1&email=olga%40example.com&role=",
            400,
            "olga@example.com is the only owner of team 1: make another owner first",
        ),
    ] {
        let refused = post(&app, &olga, path, form).await;
        assert_eq!(refused.status, status, "{path} {form}");
        assert_eq!(
            texts(&refused.text(), "[data-testid=team-outcome]"),
            [format!("Not done: {reason}")]
        );
    }
    assert!(store.tokens(1).await.unwrap().is_empty());
    assert_eq!(
        members(&get(&app, &olga, None).await.text(), 1),
        ["olga@example.com owner", "vic@example.com viewer"]
    );
    // With a second owner, the first may step down.
    for form in [
        "team=1&email=vic%40example.com&role=owner",
        "team=1&email=olga%40example.com&role=editor",
    ] {
        assert_eq!(post(&app, &olga, "/team/members", form).await.status, 200);
    }
    assert_eq!(
        store
            .members(1)
            .await
            .unwrap()
            .iter()
            .map(|m| format!("{} {}", m.email, m.role))
            .collect::<Vec<_>>(),
        ["olga@example.com editor", "vic@example.com owner"]
    );
    // Another site's page cannot post the owner's forms.
    let hostile = Client::with(
        &app,
        &[
            ("cookie", &olga),
            ("content-type", FORM),
            ("origin", "http://evil.example"),
        ],
    )
    .post("/team/members", "team=1&email=pat%40example.com&role=owner")
    .await;
    assert_eq!(
        hostile.status_text(),
        (
            403,
            r#"{"error":"a request from another site cannot change this workbench: its Origin is \"http://evil.example\"","line":null}"#
                .to_string()
        )
    );
    assert_eq!(store.members(1).await.unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owner_shares_a_sheet_read_only_with_everyone() {
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    create_g1(&app, &olga).await;
    let rows = |html: &str| texts(html, "[data-testid=sheets-1] tr");
    assert_eq!(
        rows(&get(&app, &olga, None).await.text()),
        ["G1this team onlyShare read-only with everyone"]
    );
    // Sam, of another team, finds no such sheet; a viewer of the team cannot share it.
    let sam = sign_in(&app, "sam@example.com").await;
    let read = |cookie: String| {
        let app = &app;
        async move {
            Client::cookie(app, &cookie)
                .get("/api/v1/sheets/1")
                .await
                .status
                .as_u16()
        }
    };
    assert_eq!(read(sam.clone()).await, 404);
    let vic = sign_in(&app, "vic@example.com").await;
    let refused = post(&app, &vic, "/team/sheets/shared", "id=1&shared=true").await;
    assert_eq!(refused.status, 403);
    assert_eq!(
        texts(&refused.text(), "[data-testid=team-outcome]"),
        ["Not done: your role in the team of sheet 1 is viewer; this needs owner"]
    );
    assert_eq!(read(sam.clone()).await, 404);
    // Shared by its owner: Sam reads it (and cannot change it); then it stops.
    let shared = post(&app, &olga, "/team/sheets/shared", "id=1&shared=true").await;
    assert_eq!(shared.status, 200, "{}", shared.text());
    assert_eq!(rows(&shared.text()), ["G1read by everyoneStop sharing"]);
    assert_eq!(read(sam.clone()).await, 200);
    let stopped = post(&app, &olga, "/team/sheets/shared", "id=1&shared=false").await;
    assert_eq!(
        rows(&stopped.text()),
        ["G1this team onlyShare read-only with everyone"]
    );
    assert_eq!(read(sam).await, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_administrator_makes_a_team_and_disables_an_account_in_japanese() {
    let app = world().await;
    let ada = sign_in(&app, "ada@example.com").await;
    let page = get(&app, &ada, Some("ja")).await;
    let html = page.text();
    assert_eq!(texts(&html, "h1"), ["チーム"]);
    assert_eq!(
        texts(&html, "nav.team-nav a, nav.team-nav button"),
        ["← シート一覧", "English", "日本語", "ログアウト"]
    );
    assert_eq!(
        texts(&html, "nav.team-nav button[aria-pressed=true]"),
        ["日本語"]
    );
    assert_eq!(
        texts(&html, "[data-testid=team-signed-in]"),
        ["ada@example.com でログインしています（管理者）。"]
    );
    // An administrator sees every team, and its members' role names in Japanese.
    assert_eq!(
        texts(&html, "section.team h2"),
        ["Payments", "Search", "管理"]
    );
    assert_eq!(
        texts(&html, "[data-testid=members-1] option[selected]"),
        ["オーナー", "閲覧者"]
    );
    let cookie = format!("{ada}; {}=ja", app::i18n::COOKIE);
    let made = post(&app, &cookie, "/team/teams", "name=+Checkout+").await;
    assert_eq!(made.status, 200);
    let html = made.text();
    assert_eq!(
        texts(&html, "[data-testid=team-outcome]"),
        ["完了しました。"]
    );
    assert_eq!(
        texts(&html, "section.team h2"),
        ["Payments", "Search", "Checkout", "管理"]
    );
    // Pat (account 5) is disabled: the page says so, and pat cannot sign in.
    let disabled = post(
        &app,
        &cookie,
        "/team/accounts/disabled",
        "id=5&disabled=true",
    )
    .await;
    assert_eq!(disabled.status, 200);
    let accounts = texts(&disabled.text(), "[data-testid=accounts] tbody tr");
    assert_eq!(
        accounts,
        [
            "ada@example.com管理者",
            "olga@example.com無効にする",
            "pat@example.com無効有効にする",
            "sam@example.com無効にする",
            "vic@example.com無効にする"
        ]
    );
    let refused = post_login(
        &app,
        format!(
            "email=pat%40example.com&password={}",
            PASSWORD.replace(' ', "+")
        ),
    )
    .await;
    assert_eq!(refused.status, 401);
    // Not even an administrator disables their own account (the page has no button for it).
    let refused = post(
        &app,
        &cookie,
        "/team/accounts/disabled",
        "id=1&disabled=true",
    )
    .await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        texts(&refused.text(), "[data-testid=team-outcome]"),
        ["できませんでした: you cannot disable your own account (another administrator can)"]
    );
    assert!(!app.store.account(1).await.unwrap().unwrap().disabled);
    // A refusal in Japanese keeps the reason as the server gives it.
    let refused = post(&app, &cookie, "/team/teams", "name=").await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        texts(&refused.text(), "[data-testid=team-outcome]"),
        ["できませんでした: a team's name has 1 to 100 characters"]
    );
}

#[tokio::test]
async fn in_local_mode_there_is_no_teams_page() {
    let app = crate::helpers::spawn_app().await;
    let page = get_anonymous(&app, "/team").await;
    assert_eq!(redirect(&page), (303, "/"));
    let form = Client::with(&app, &[("content-type", FORM)])
        .post("/team/teams", "name=x")
        .await;
    assert_eq!(
        form.status_text(),
        (
            404,
            r#"{"error":"local mode has no accounts or teams; start the server with WORKBENCH_MODE=team","line":null}"#
                .to_string()
        )
    );
}
