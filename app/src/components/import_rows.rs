//! Replacing a sheet's rows with a TSV paste or file.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::error_line::ErrorLine;
use super::form::SubmitButton;
use super::tsv_input::TsvInput;
use crate::api::import_rows;
use crate::error::AppError;
use crate::i18n::{t, ui_lang};
use crate::model::SheetDetail;

/// A textarea, a file chooser and an Import button that replace the rows of sheet `id`.
/// A TSV that cannot be read changes nothing and shows the reader's message (it names the
/// line).
#[component]
pub fn ImportRows(
    /// The sheet's id.
    id: i64,
    /// While true the button is disabled (a save is on its way).
    #[prop(into)]
    disabled: Signal<bool>,
    /// Runs before the import is sent (to drop a pending save of rows about to be replaced).
    before: Callback<()>,
    /// The revision of the rows the page shows: the import replaces only those, and is
    /// refused when someone saved after it.
    base: Callback<(), i64>,
    /// Receives the sheet as saved after a successful import.
    on_imported: Callback<SheetDetail>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<AppError>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        before.run(());
        let base = base.run(());
        spawn_local(async move {
            match import_rows(id, base, text.get_untracked()).await {
                Ok(detail) => {
                    error.set(None);
                    text.set(String::new());
                    on_imported.run(detail);
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    let ui = ui_lang();
    view! {
        <form class="card import" on:submit=submit data-testid="import-form">
            <h2>{t(ui, "replace-title")}</h2>
            <TsvInput text label=t(ui, "replace-tsv-label")/>
            <SubmitButton
                testid="import-submit"
                pending=Signal::derive(move || busy.get() || disabled.get())
                label=t(ui, "replace-submit")
            />
            <ErrorLine error testid="import-error"/>
        </form>
    }
}
