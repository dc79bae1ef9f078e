//! The ways to start a sheet: blank, from the built-in example, or from a TSV.
//!
//! A blank sheet and the example are forms of their server functions ([`ActionForm`]) that
//! the server renders and the browser posts, with JavaScript or without: they are not
//! islands, since nothing in them needs the wasm (which stays smaller without them). The
//! server function sends the browser to the new sheet; a refusal comes back to the page (in
//! its address, Leptos' form redirects) and shows under the form. The import reads a file
//! in the browser, so it is an island ([`crate::island`]) and dispatches its own
//! [`ServerAction`].

use leptos::prelude::*;

use super::error_line::{failure, ErrorLine};
use super::form::{labelled, NewSheetName, SubmitButton};
use super::lang_select::LangSelect;
use super::tsv_input::TsvInput;
use crate::api::{CreateExampleSheet, CreateSheet, ImportSheet};
use crate::error::AppError;
use crate::i18n::{t, ui_lang};
use workbench_model::sheet_name::SheetName;

/// A blank sheet: a name, a header language (at first the page's) and a Create button. Rendered on the server
/// only; the browser posts the form. A refused name is shown again in the field, with why.
#[component]
pub fn NewBlankSheet() -> impl IntoView {
    let create = ServerAction::<CreateSheet>::new();
    let ui = ui_lang();
    // A refused name comes back in the error, so that the field shows what was typed.
    let refused = move || match create.value().get() {
        Some(Err(AppError::BadName { name, .. })) => name,
        _ => String::new(),
    };
    view! {
        <ActionForm action=create attr:class="card" attr:data-testid="new-sheet-form">
            <h2>{t(ui, "new-sheet-title")}</h2>
            {labelled(t(ui, "field-name"), view! {
                <input
                    type="text"
                    name="name"
                    required
                    maxlength=SheetName::MAX_CHARS
                    value=refused
                    data-testid="new-sheet-name"
                />
            })}
            // Headers in the page's language unless chosen otherwise: a blank sheet made
            // from the Japanese page starts with Japanese headers.
            <LangSelect
                lang=ui
                on_change=Callback::new(|_| ())
                testid="new-sheet-lang"
                name="lang"
            />
            <SubmitButton testid="new-sheet-create" pending=create.pending() label=t(ui, "new-sheet-create")/>
            <ErrorLine error=failure(create) testid="new-sheet-error"/>
        </ActionForm>
    }
}

/// Two buttons that copy the built-in reservation example (Japanese or English headers):
/// each submits the form with its own `lang`. Rendered on the server only; the browser posts
/// the form.
#[component]
pub fn NewExampleSheet() -> impl IntoView {
    let create = ServerAction::<CreateExampleSheet>::new();
    let ui = ui_lang();
    view! {
        <ActionForm action=create attr:class="card">
            <h2>{t(ui, "example-title")}</h2>
            <p class="muted">{t(ui, "example-text")}</p>
            <div class="buttons">
                <SubmitButton class="button" testid="example-ja" name="lang" value="ja" pending=create.pending() label=t(ui, "example-ja")/>
                <SubmitButton class="button" testid="example-en" name="lang" value="en" pending=create.pending() label=t(ui, "example-en")/>
            </div>
            <ErrorLine error=failure(create) testid="example-error"/>
        </ActionForm>
    }
}

pub use import_new_sheet::ImportNewSheet;

/// [`ImportNewSheet`] in a private module, as every lazy island is ([`crate::island`]).
mod import_new_sheet {
    use super::*;

    /// A new sheet from a TSV paste or file. A TSV that cannot be read creates nothing and
    /// shows the reader's message, which names the line.
    #[island(lazy)]
    pub fn ImportNewSheet() -> impl IntoView {
        crate::island::begin();
        let import = ServerAction::<ImportSheet>::new();
        let name = RwSignal::new(String::new());
        let text = RwSignal::new(String::new());
        let ui = ui_lang();
        let submit = move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            if !import.pending().get_untracked() {
                import.dispatch(ImportSheet {
                    name: name.get_untracked(),
                    tsv: text.get_untracked(),
                });
            }
        };
        view! {
            <form class="card import" on:submit=submit data-testid="import-form">
                <h2>{t(ui, "import-title")}</h2>
                <NewSheetName name testid="import-name"/>
                <TsvInput text file_name=name label=t(ui, "import-tsv-label")/>
                <SubmitButton testid="import-submit" pending=import.pending() label=t(ui, "import-submit")/>
                <ErrorLine error=failure(import) testid="import-error"/>
            </form>
        }
    }
}
