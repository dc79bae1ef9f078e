//! The pages: the sheet list, one sheet, and a sheet's history and diffs.

#[cfg(feature = "ssr")]
pub mod account;
pub mod history;
pub mod proposals;
pub mod sheet;
pub mod sheets;

use leptos::prelude::*;

use crate::components::error_panel::ErrorPanel;
use crate::error::AppError;

/// A number of a page's address (`/sheets/:id`'s id), or [`AppError::BadAddress`] with the
/// text that is not one.
pub fn address_number(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>()
        .map_err(|_| AppError::BadAddress(raw.to_string()))
}

/// A page of what the server sends: the muted line `loading` while `resource` loads, then
/// `page` of what it sent, or the error page ([`ErrorPanel`]) of its refusal.
pub fn loaded<T, Ser, V>(
    resource: Resource<Result<T, AppError>, Ser>,
    loading: String,
    page: impl Fn(T) -> V + Clone + Send + Sync + 'static,
) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    Ser: Send + Sync + 'static,
    V: IntoView + Send + 'static,
{
    view! {
        <Suspense fallback=move || view! { <p class="muted">{loading.clone()}</p> }>
            {move || {
                let page = page.clone();
                Suspend::new(async move {
                    match resource.await {
                        Ok(value) => page(value).into_any(),
                        Err(error) => view! { <ErrorPanel error/> }.into_any(),
                    }
                })
            }}
        </Suspense>
    }
}

/// The title of a page about `name`: `NAME · Timeout Budget Workbench` (the app's name in
/// the UI language).
///
/// `leptos_meta` 0.8 writes the title's text into the server's `<title>` without escaping
/// it, so on the server the name's `&`, `<` and `>` are escaped here (a sheet named
/// `</title><script>…` stays text); in the browser the title is set as text and is not.
pub fn page_title(name: &str) -> String {
    let app = crate::i18n::t(crate::i18n::ui_lang(), "app-name");
    let title = format!("{name} · {app}");
    if cfg!(feature = "ssr") {
        title
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    } else {
        title
    }
}
