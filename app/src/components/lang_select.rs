//! A select of the two header languages.

use budget::Lang;
use leptos::prelude::*;

/// A select of the two header languages (English, 日本語).
#[component]
pub fn LangSelect(
    /// The language shown as chosen.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with the language the user picks.
    on_change: Callback<Lang>,
    /// The select's `data-testid`.
    testid: &'static str,
    /// The select's `name`, when a form sends it (`lang`).
    #[prop(optional)]
    name: Option<&'static str>,
) -> impl IntoView {
    view! {
        <label>
            "Headers "
            <select
                name=name
                data-testid=testid
                on:change=move |ev| {
                    if let Some(l) = Lang::from_code(&event_target_value(&ev)) {
                        on_change.run(l);
                    }
                }
            >
                <option value="en" selected=move || lang.get() == Lang::En>"English"</option>
                <option value="ja" selected=move || lang.get() == Lang::Ja>"日本語"</option>
            </select>
        </label>
    }
}
