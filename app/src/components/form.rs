//! The parts the forms share: a labelled field, the buttons that wait for their call, and
//! the field that names a new sheet.

use leptos::prelude::*;

use crate::i18n::{t, ui_lang};
use workbench_model::sheet_name::SheetName;

/// A form field with its label: `text`, a space, then `field`, all in one `<label>` (so that
/// a click on the text focuses the field).
pub fn labelled(text: String, field: impl IntoView) -> impl IntoView {
    view! {
        <label>
            {text}
            " "
            {field}
        </label>
    }
}

/// A form's submit button, disabled while `pending` (its call is under way), so that a
/// second click does not send the form twice.
#[component]
pub fn SubmitButton(
    /// Its classes: `button primary` unless said otherwise.
    #[prop(default = "button primary")]
    class: &'static str,
    /// Its `data-testid`.
    testid: &'static str,
    /// The field this button submits, when the form has one button per value of it
    /// (`lang`).
    #[prop(optional)]
    name: Option<&'static str>,
    /// The value it submits for `name` (`ja`).
    #[prop(optional)]
    value: Option<&'static str>,
    /// Whether the form's call is under way.
    #[prop(into)]
    pending: Signal<bool>,
    /// Its text.
    label: String,
) -> impl IntoView {
    view! {
        <button type="submit" name=name value=value class=class data-testid=testid disabled=pending>
            {label}
        </button>
    }
}

/// A button (not a submit) that runs `on_click`, disabled while `pending`.
#[component]
pub fn ActionButton(
    /// Its classes: `button primary` unless said otherwise.
    #[prop(default = "button primary")]
    class: &'static str,
    /// Its `data-testid`.
    testid: &'static str,
    /// Whether a call it makes, or one it waits for, is under way.
    #[prop(into)]
    pending: Signal<bool>,
    /// What a click does.
    on_click: Callback<()>,
    /// Its text.
    label: String,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class=class
            data-testid=testid
            disabled=pending
            on:click=move |_| on_click.run(())
        >
            {label}
        </button>
    }
}

/// The name field of a sheet made by an import (a TSV, or configuration files), bound to
/// `name` both ways: the import may fill it from a file's name.
#[component]
pub fn NewSheetName(
    /// The name as typed.
    name: RwSignal<String>,
    /// The input's `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    let ui = ui_lang();
    view! {
        {labelled(t(ui, "field-name"), view! {
            <input
                type="text"
                name="name"
                maxlength=SheetName::MAX_CHARS
                placeholder=t(ui, "import-name-placeholder")
                data-testid=testid
                prop:value=move || name.get()
                on:input=move |ev| name.set(event_target_value(&ev))
            />
        })}
    }
}
