//! The ways to start a sheet: blank, from the built-in example, or from a TSV.

use budget::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_navigate;

use super::error_line::ErrorLine;
use super::lang_select::LangSelect;
use super::tsv_input::TsvInput;
use crate::api::{create_example_sheet, create_sheet, import_sheet};
use crate::error::AppError;
use crate::model::sheet_href;

/// Opens the sheet page of a sheet just created.
fn open_created() -> impl Fn(i64) + Clone + 'static {
    let navigate = use_navigate();
    move |id| navigate(&sheet_href(id), Default::default())
}

/// A blank sheet: a name, a header language and a Create button.
#[component]
pub fn NewBlankSheet() -> impl IntoView {
    let name = RwSignal::new(String::new());
    let lang = RwSignal::new(Lang::En);
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<AppError>);
    let open = open_created();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        let open = open.clone();
        spawn_local(async move {
            match create_sheet(name.get_untracked(), lang.get_untracked()).await {
                Ok(id) => {
                    error.set(None);
                    open(id);
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    view! {
        <form class="card" on:submit=submit data-testid="new-sheet-form">
            <h2>"New sheet"</h2>
            <label>
                "Name "
                <input
                    type="text"
                    name="name"
                    required
                    maxlength="200"
                    data-testid="new-sheet-name"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
            </label>
            <LangSelect lang on_change=Callback::new(move |l| lang.set(l)) testid="new-sheet-lang"/>
            <button type="submit" class="button primary" data-testid="new-sheet-create" disabled=busy>
                "Create"
            </button>
            <ErrorLine error testid="new-sheet-error"/>
        </form>
    }
}

/// Two buttons that copy the built-in reservation example (Japanese or English headers).
#[component]
pub fn NewExampleSheet() -> impl IntoView {
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<AppError>);
    let open = open_created();
    let create = move |lang: Lang| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        let open = open.clone();
        spawn_local(async move {
            match create_example_sheet(lang).await {
                Ok(id) => {
                    error.set(None);
                    open(id);
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    let create_ja = create.clone();
    view! {
        <div class="card">
            <h2>"Start from the example"</h2>
            <p class="muted">
                "An equipment-reservation system: browser → LB → app → external API and DB."
            </p>
            <div class="buttons">
                <button
                    type="button"
                    class="button"
                    data-testid="example-ja"
                    disabled=busy
                    on:click=move |_| create_ja(Lang::Ja)
                >
                    "Example (日本語)"
                </button>
                <button
                    type="button"
                    class="button"
                    data-testid="example-en"
                    disabled=busy
                    on:click=move |_| create(Lang::En)
                >
                    "Example (English)"
                </button>
            </div>
            <ErrorLine error testid="example-error"/>
        </div>
    }
}

/// A new sheet from a TSV paste or file. A TSV that cannot be read creates nothing and
/// shows the reader's message, which names the line.
#[component]
pub fn ImportNewSheet() -> impl IntoView {
    let name = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<AppError>);
    let open = open_created();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        let open = open.clone();
        spawn_local(async move {
            match import_sheet(name.get_untracked(), text.get_untracked()).await {
                Ok(id) => {
                    error.set(None);
                    open(id);
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    view! {
        <form class="card import" on:submit=submit data-testid="import-form">
            <h2>"Import a TSV"</h2>
            <label>
                "Name "
                <input
                    type="text"
                    name="name"
                    maxlength="200"
                    placeholder="Imported sheet"
                    data-testid="import-name"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
            </label>
            <TsvInput text file_name=name label="TSV to import"/>
            <button type="submit" class="button primary" data-testid="import-submit" disabled=busy>
                "Import"
            </button>
            <ErrorLine error testid="import-error"/>
        </form>
    }
}
