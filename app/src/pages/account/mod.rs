//! The pages of team mode that work without the app: signing in, an invitation's link and
//! the Teams page. The server renders them with these components and sends them with no
//! script at all (their policy lets nothing but the stylesheet load), so every action is a
//! plain form that posts to the server and is answered with the page again.
//!
//! The components render what the server read; they compute nothing. Every text goes
//! through Leptos's renderer, which escapes it, so an address, a team's or a token's name
//! stays text whatever it holds.

pub mod sign_in;
pub mod team;

use budget::Lang;
use leptos::prelude::*;
use leptos::tachys::view::RenderHtml;

use crate::i18n::t;

/// The whole HTML document of a server page: `<main class="{class}">` holding `main`, titled
/// `title · Timeout Budget Workbench` (the app's name in `lang`), with the app's stylesheet.
pub fn document(lang: Lang, title: &str, class: &'static str, main: impl IntoView) -> String {
    let title = format!("{title} · {}", t(lang, "app-name"));
    let page = view! {
        <html lang=lang.code()>
            <head>
                <meta charset="utf-8" />
                <title>{title}</title>
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="stylesheet" href="/pkg/workbench.css" />
            </head>
            <body>
                <main class=class>{main}</main>
            </body>
        </html>
    };
    format!("<!DOCTYPE html>{}", Owner::new().with(|| page.to_html()))
}

/// The alert line of a refused form (`login-error`, read out at once); nothing when
/// `error` is empty.
#[component]
fn ErrorLine(#[prop(into)] error: String, #[prop(optional)] testid: &'static str) -> impl IntoView {
    (!error.is_empty()).then(|| {
        view! {
            <p class="login-error" role="alert" data-testid=(!testid.is_empty()).then_some(testid)>
                {error}
            </p>
        }
    })
}
