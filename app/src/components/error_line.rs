//! The message of a failed server call.

use leptos::prelude::*;

use crate::error::AppError;
use crate::i18n::ui_lang;

/// The message of a failed call, or nothing.
#[component]
pub fn ErrorLine(
    /// The error to show, if any.
    #[prop(into)]
    error: Signal<Option<AppError>>,
    /// The message's `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    move || {
        error.get().map(|e| {
            view! {
                <p class="error" role="alert" data-testid=testid>
                    {e.message(ui_lang())}
                </p>
            }
        })
    }
}

/// The error of `action`'s last call, if it failed: for the [`ErrorLine`] under a form.
pub fn failure<S, T>(action: ServerAction<S>) -> Signal<Option<AppError>>
where
    S: leptos::server_fn::ServerFn<Output = T, Error = AppError> + Clone + Send + Sync + 'static,
    T: Clone + Send + Sync + 'static,
{
    Signal::derive(move || action.value().get().and_then(Result::err))
}
