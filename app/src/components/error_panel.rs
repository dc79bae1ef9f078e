//! A page-sized error: what failed, and the way back to the list. On the server it also
//! sets the response status (404 for a missing sheet).

use leptos::prelude::*;
use leptos_router::components::A;

use crate::error::AppError;

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
    let title = match error {
        AppError::NotFound(_) => "Not found",
        _ => "Something went wrong",
    };
    view! {
        <div class="banner banner-error" role="alert" data-testid="page-error">
            <h2>{title}</h2>
            <p>{error.to_string()}</p>
            <p>
                <A href="/">"Back to the sheets"</A>
            </p>
        </div>
    }
}
