//! Where a TSV comes in: a textarea to paste into, and a file chooser that reads the chosen
//! file into the textarea.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::error::AppError;
use crate::i18n::{t, t_args, ui_lang};
use crate::model::MAX_TSV_BYTES;

/// A textarea bound to `text`, and a file chooser that replaces `text` with the chosen
/// file's contents. When given, `file_name` takes the file's name without `.tsv`, unless it
/// holds a name the person typed: only an empty name, or one taken from an earlier file,
/// follows the file. A file larger than [`MAX_TSV_BYTES`] is refused at once, with its size.
#[component]
pub fn TsvInput(
    /// The TSV text.
    text: RwSignal<String>,
    /// Receives the chosen file's name without its extension, when given.
    #[prop(optional)]
    file_name: Option<RwSignal<String>>,
    /// The textarea's accessible label.
    #[prop(into)]
    label: String,
) -> impl IntoView {
    let file_error = RwSignal::new(None::<String>);
    // The name last taken from a file, to tell it from one the person typed.
    let from_file = StoredValue::new(String::new());
    let ui = ui_lang();
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        let name = file.name();
        // A file the server would refuse is not loaded into the page at all.
        let bytes = file.size() as usize;
        if bytes > MAX_TSV_BYTES {
            file_error.set(Some(format!(
                "{name}: {}",
                AppError::TooLarge(bytes).message(ui_lang())
            )));
            return;
        }
        spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(value) => {
                    text.set(value.as_string().unwrap_or_default());
                    file_error.set(None);
                    if let Some(file_name) = file_name {
                        let current = file_name.get_untracked();
                        if current.is_empty() || current == from_file.get_value() {
                            let stem = stem(&name).to_string();
                            from_file.set_value(stem.clone());
                            file_name.set(stem);
                        }
                    }
                }
                Err(_) => file_error.set(Some(t_args(
                    ui,
                    "file-unreadable",
                    [("file", name.as_str().into())],
                ))),
            }
        });
    };
    view! {
        <div class="tsv-input">
            <textarea
                rows="6"
                spellcheck="false"
                placeholder=t(ui, "tsv-placeholder")
                aria-label=label
                data-testid="import-text"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <label class="file">
                {t(ui, "tsv-file")}
                " "
                <input
                    type="file"
                    accept=".tsv,.txt,text/tab-separated-values,text/plain"
                    data-testid="import-file"
                    on:change=on_file
                />
            </label>
            {move || {
                file_error
                    .get()
                    .map(|e| view! { <p class="error" role="alert" data-testid="import-file-error">{e}</p> })
            }}
        </div>
    }
}

/// A file name without its last extension: `"reservation.ja.tsv"` → `"reservation.ja"`.
pub fn stem(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_loses_its_extension() {
        assert_eq!(stem("sheet.tsv"), "sheet");
        assert_eq!(stem("a.b.tsv"), "a.b");
        assert_eq!(stem(".tsv"), ".tsv");
        assert_eq!(stem("plain"), "plain");
    }
}
