//! The HTML document around the app, and the app itself: a header and the router.

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Link, MetaTags, Stylesheet, Title};
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::{path, SsrMode};

use crate::i18n::{t, ui_lang};
use crate::pages::history::{DiffPage, HistoryPage};
use crate::pages::proposals::{EditProposalPage, ProposalPage, ProposePage};
use crate::pages::sheet::SheetPage;
use crate::pages::sheets::SheetsPage;

/// The Content-Security-Policy of the app's pages: scripts only from this site and the
/// inline hydration scripts that carry this response's `nonce` (Leptos adds it to each),
/// WebAssembly compiled from them (`'wasm-unsafe-eval'`), styles, images and requests only
/// from this site, no plugins, no `<base>`, forms only to this site, and no framing.
pub fn content_security_policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// Sends this page's [`content_security_policy`] with the nonce of its scripts.
#[cfg(feature = "ssr")]
fn send_content_security_policy() {
    use leptos::nonce::use_nonce;
    let (Some(response), Some(nonce)) =
        (use_context::<leptos_axum::ResponseOptions>(), use_nonce())
    else {
        return;
    };
    if let Ok(value) = http::HeaderValue::from_str(&content_security_policy(&nonce.to_string())) {
        response.insert_header(http::header::CONTENT_SECURITY_POLICY, value);
    }
}

/// The HTML document around the app, rendered on the server in the request's UI language
/// ([`crate::i18n::request_lang`]), which `<html lang>` names for the islands.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    #[cfg(feature = "ssr")]
    {
        send_content_security_policy();
        if let Some(parts) = use_context::<http::request::Parts>() {
            crate::i18n::provide_ui_lang(crate::i18n::request_lang(&parts.headers));
        }
    }
    view! {
        <!DOCTYPE html>
        <html lang=ui_lang().code()>
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <AutoReload options=options.clone()/>
                <HydrationScripts options islands=true/>
                <MetaTags/>
            </head>
            <body>
                <App/>
            </body>
        </html>
    }
}

/// The app: the header and the two pages. Both pages render completely on the server
/// (`SsrMode::Async`), so they read without JavaScript; then only their islands hydrate
/// ([`crate::island`]): the router, the header and the titles stay the server's.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    let ui = ui_lang();
    view! {
        <Stylesheet id="leptos" href="/pkg/workbench.css"/>
        <Link rel="icon" type_="image/svg+xml" href="/favicon.svg"/>
        <Title text=t(ui, "app-name")/>
        <Router>
            <header class="app-header">
                <A href="/" attr:class="brand">{t(ui, "app-name")}</A>
                <AccountBar/>
                <UiLangSwitch/>
            </header>
            <main class="page">
                <Routes fallback=|| view! { <NotFound/> }>
                    <Route path=path!("/") view=SheetsPage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id") view=SheetPage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id/history") view=HistoryPage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id/diff") view=DiffPage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id/propose") view=ProposePage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id/proposals/:p") view=ProposalPage ssr=SsrMode::Async/>
                    <Route path=path!("/sheets/:id/proposals/:p/edit") view=EditProposalPage ssr=SsrMode::Async/>
                </Routes>
            </main>
        </Router>
    }
}

/// The header's statement of the mode: in local mode "local mode: no accounts"; in team mode
/// a link to the Teams page (`/team`), the signed-in account's address and a sign-out button
/// (a plain form posting to `/logout`). The server's HTML only.
#[component]
fn AccountBar() -> impl IntoView {
    let ui = ui_lang();
    #[cfg(feature = "ssr")]
    let account = use_context::<http::request::Parts>().and_then(|parts| {
        parts
            .extensions
            .get::<workbench_store::access::Access>()
            .map(workbench_store::access::Access::name)
    });
    #[cfg(not(feature = "ssr"))]
    let account: Option<String> = None;
    match account {
        None => view! {
            <span class="account-bar" data-testid="mode">{t(ui, "local-mode")}</span>
        }
        .into_any(),
        Some(name) => view! {
            <form class="account-bar" method="post" action="/logout" data-testid="account">
                <a href="/team" data-testid="team-link">{t(ui, "team-link")}</a>
                <span class="account-name">{name}</span>
                <button type="submit">{t(ui, "sign-out")}</button>
            </form>
        }
        .into_any(),
    }
}

/// The page for an address that names no page.
#[component]
fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
    let ui = ui_lang();
    view! {
        <div class="banner banner-error" role="alert" data-testid="page-error">
            <h1>{t(ui, "not-found-title")}</h1>
            <p>{t(ui, "not-found-text")}</p>
            <p>
                <A href="/">{t(ui, "back-to-sheets")}</A>
            </p>
        </div>
    }
}

/// The address the UI language form posts to ([`UiLangSwitch`]); the server sets the
/// [`crate::i18n::COOKIE`] and sends the browser back to the page.
pub const UI_LANG_PATH: &str = "/ui-lang";

/// The header's switch of the UI language: a plain form (it works without JavaScript) with
/// a button per language, the current one pressed, and the page's own address to come back
/// to. The server's HTML only: the page reloads in the chosen language.
#[component]
fn UiLangSwitch() -> impl IntoView {
    let ui = ui_lang();
    #[cfg(feature = "ssr")]
    let back = use_context::<http::request::Parts>()
        .and_then(|parts| parts.uri.path_and_query().map(|p| p.as_str().to_string()))
        .unwrap_or_else(|| "/".to_string());
    #[cfg(not(feature = "ssr"))]
    let back = "/".to_string();
    let button = move |lang: budget::Lang, key: &'static str| {
        let pressed = if lang == ui { "true" } else { "false" };
        view! {
            <button
                type="submit"
                name="lang"
                value=lang.code()
                lang=lang.code()
                aria-pressed=pressed
                data-testid=format!("ui-lang-{}", lang.code())
            >
                {t(ui, key)}
            </button>
        }
    };
    view! {
        <form
            method="post"
            action=UI_LANG_PATH
            class="ui-lang"
            role="group"
            aria-label=t(ui, "ui-lang-label")
            data-testid="ui-lang"
        >
            <input type="hidden" name="back" value=back/>
            {button(budget::Lang::En, "lang-en")}
            {button(budget::Lang::Ja, "lang-ja")}
        </form>
    }
}
