//! `POST /ui-lang`: the header's switch of the UI language ([`app::shell::UI_LANG_PATH`]).
//! A plain form post (it works without JavaScript): it keeps the choice in the
//! [`app::i18n::COOKIE`] for a year and sends the browser back, with `303 See Other`, to the
//! page it came from, which the server then renders in the chosen language. The page to go
//! back to must be a path of this site ([`crate::security::is_local_path`]); anything else
//! (`//evil.example`, `https://…`) goes back to `/`. Like every write, a post from another
//! site is refused by [`crate::security::guard`] before it gets here.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use budget::Lang;
use serde::Deserialize;

/// How long the browser keeps the choice: a year, in seconds.
const COOKIE_MAX_AGE_S: u32 = 365 * 24 * 60 * 60;

/// The form the header posts.
#[derive(Debug, Deserialize)]
pub struct UiLangChoice {
    /// `en` or `ja`.
    lang: String,
    /// The page to go back to: its path and query (`/sheets/3?since=2`).
    #[serde(default)]
    back: String,
}

/// The `Set-Cookie` value that keeps `lang` as the UI language.
pub fn cookie(lang: Lang) -> String {
    format!(
        "{}={}; Path=/; Max-Age={COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly",
        app::i18n::COOKIE,
        lang.code()
    )
}

/// Sets the UI language cookie and redirects back; 400 for a language other than `en`
/// and `ja`.
pub async fn choose(Form(choice): Form<UiLangChoice>) -> Response {
    let Some(lang) = Lang::from_code(&choice.lang) else {
        return (
            StatusCode::BAD_REQUEST,
            format!("the language must be en or ja, not {:?}", choice.lang),
        )
            .into_response();
    };
    let back = Some(choice.back.as_str())
        .filter(|back| crate::security::is_local_path(back))
        .and_then(|back| HeaderValue::from_str(back).ok())
        .unwrap_or_else(|| HeaderValue::from_static("/"));
    let cookie = HeaderValue::from_str(&cookie(lang)).expect("a cookie of ASCII text");
    (
        StatusCode::SEE_OTHER,
        [(header::LOCATION, back), (header::SET_COOKIE, cookie)],
    )
        .into_response()
}
