//! The HTML document around the app, and the app itself: a header and the router.

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Link, MetaTags, Stylesheet, Title};
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::{path, SsrMode};

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

/// The HTML document around the app, rendered on the server.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    #[cfg(feature = "ssr")]
    send_content_security_policy();
    view! {
        <!DOCTYPE html>
        <html lang="en">
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
    view! {
        <Stylesheet id="leptos" href="/pkg/workbench.css"/>
        <Link rel="icon" type_="image/svg+xml" href="/favicon.svg"/>
        <Title text="Timeout Budget Workbench"/>
        <Router>
            <header class="app-header">
                <A href="/" attr:class="brand">"Timeout Budget Workbench"</A>
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

/// The page for an address that names no page.
#[component]
fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
    view! {
        <div class="banner banner-error" role="alert" data-testid="page-error">
            <h1>"Not found"</h1>
            <p>"No page has this address."</p>
            <p>
                <A href="/">"Back to the sheets"</A>
            </p>
        </div>
    }
}
