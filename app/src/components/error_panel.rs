//! A page-sized error: what failed, and the way back to the list. On the server it also
//! sets the response status (404 for a missing sheet).

use leptos::prelude::*;
use leptos_router::components::A;

use crate::error::AppError;
use crate::i18n::{t, ui_lang};

/// Shows `error` in place of a page's content.
#[component]
pub fn ErrorPanel(
    /// What went wrong.
    error: AppError,
) -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        if let Ok(status) = http::StatusCode::from_u16(error.status_code()) {
            response.set_status(status);
        }
    }
    let ui = ui_lang();
    let title = match error {
        AppError::NotFound(_) => t(ui, "not-found-title"),
        _ => t(ui, "error-title"),
    };
    view! {
        <div class="banner banner-error" role="alert" data-testid="page-error">
            <h2>{title}</h2>
            <p>{error.message(ui)}</p>
            <p>
                <A href="/">{t(ui, "back-to-sheets")}</A>
            </p>
        </div>
    }
}
