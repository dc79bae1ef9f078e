//! A select of the two header languages.

use crate::components::form::labelled;
use crate::i18n::{t, ui_lang};
use budget::Lang;
use leptos::prelude::*;

/// A select of the two header languages (English, 日本語), labelled in the UI language.
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
    let ui = ui_lang();
    view! {
        {labelled(t(ui, "header-lang-label"), view! {
            <select
                name=name
                data-testid=testid
                on:change=move |ev| {
                    if let Some(l) = Lang::from_code(&event_target_value(&ev)) {
                        on_change.run(l);
                    }
                }
            >
                <option value="en" selected=move || lang.get() == Lang::En>{t(ui, "lang-en")}</option>
                <option value="ja" selected=move || lang.get() == Lang::Ja>{t(ui, "lang-ja")}</option>
            </select>
        })}
    }
}
