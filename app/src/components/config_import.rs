//! Deployed configuration files in the browser: chosen one by one or as a folder, or one
//! pasted with its name, read into the page (as [`super::tsv_input`] reads a TSV) and sent to
//! the server, which reads them as rows (`workbench_import`, on the server only, so that the
//! importers stay out of the wasm).
//!
//! - [`ConfigNewSheet`], on the sheets page: a new sheet from the files.
//! - [`SheetConfig`], on a sheet's page: the files' values proposed as a change to review, or
//!   compared with the sheet as saved (drift), each row that differs linking to its grid row.
//!
//! Both are islands with their own [`ServerAction`]s: reading a file needs the browser.

use budget::{Lang, Severity};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::error_line::failure;
use super::form::{labelled, ActionButton, NewSheetName, SubmitButton};
use super::lang_select::LangSelect;
use crate::api::{
    is_config_path, CompareConfig, ConfigDrift, ConfigFile, DriftLine, ImportConfigSheet,
    ProposeConfig, MAX_CONFIG_BYTES, MAX_CONFIG_FILES,
};
use crate::error::AppError;
use crate::i18n::{t, t_args, ui_lang};

/// How many chosen or skipped names the chooser lists before `…`.
const NAMES_SHOWN: usize = 8;

/// The files a chooser holds: those read from its file inputs and the one pasted.
#[derive(Clone, Copy)]
struct Chosen {
    /// The files read from the last choice of files or of a folder.
    read: RwSignal<Vec<ConfigFile>>,
    /// The paths of that choice that are not configuration files ([`is_config_path`]).
    skipped: RwSignal<Vec<String>>,
    /// The pasted file's name (its path in the rows' locations).
    paste_path: RwSignal<String>,
    /// The pasted file's text.
    paste_text: RwSignal<String>,
    /// While the browser reads the chosen files.
    reading: RwSignal<bool>,
    /// Why the chosen files were not read (too many, too large, unreadable).
    error: RwSignal<Option<String>>,
}

impl Chosen {
    fn new() -> Self {
        Chosen {
            read: RwSignal::new(Vec::new()),
            skipped: RwSignal::new(Vec::new()),
            paste_path: RwSignal::new(String::new()),
            paste_text: RwSignal::new(String::new()),
            reading: RwSignal::new(false),
            error: RwSignal::new(None),
        }
    }

    /// Every file to send: those read, then the pasted one when it has text (with its name
    /// as typed; the server refuses a paste without one).
    fn files(self) -> Vec<ConfigFile> {
        let mut files = self.read.get_untracked();
        let text = self.paste_text.get_untracked();
        if !text.trim().is_empty() {
            files.push(ConfigFile {
                path: self.paste_path.get_untracked().trim().to_string(),
                text,
            });
        }
        files
    }
}

/// `names` joined for the chooser's lines, the first [`NAMES_SHOWN`] and `…`.
fn listed(names: impl IntoIterator<Item = String>) -> String {
    let names: Vec<String> = names.into_iter().collect();
    let mut shown = names
        .iter()
        .take(NAMES_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > NAMES_SHOWN {
        shown.push_str(", …");
    }
    shown
}

/// The path a chosen file's rows name: inside a chosen folder its path from the folder
/// (`webkitRelativePath`, `istio-kubox/reviews-vs.yaml`), else its name.
fn chosen_path(file: &web_sys::File) -> String {
    web_sys::js_sys::Reflect::get(file.as_ref(), &"webkitRelativePath".into())
        .ok()
        .and_then(|value| value.as_string())
        .filter(|path| !path.is_empty())
        .unwrap_or_else(|| file.name())
}

/// Reads the files of a file input's choice into `chosen`, skipping those that are not
/// configuration files; refuses at once, reading nothing, a choice of more than
/// [`MAX_CONFIG_FILES`] files or [`MAX_CONFIG_BYTES`]. `on_read` gets the first path read
/// (the new sheet's name comes from it).
fn read_choice(ev: &leptos::ev::Event, chosen: Chosen, on_read: Option<Callback<String>>) {
    let input: web_sys::HtmlInputElement = event_target(ev);
    let Some(list) = input.files() else {
        return;
    };
    let ui = ui_lang();
    let mut picked = Vec::new();
    let mut skipped = Vec::new();
    for i in 0..list.length() {
        let Some(file) = list.get(i) else {
            continue;
        };
        let path = chosen_path(&file);
        if is_config_path(&path) {
            picked.push((path, file));
        } else {
            skipped.push(path);
        }
    }
    chosen.skipped.set(skipped);
    chosen.read.set(Vec::new());
    let bytes: usize = picked
        .iter()
        .map(|(path, file)| path.len() + file.size() as usize)
        .sum();
    if picked.len() > MAX_CONFIG_FILES {
        chosen.error.set(Some(t_args(
            ui,
            "config-too-many",
            [
                ("count", picked.len().into()),
                ("max", MAX_CONFIG_FILES.into()),
            ],
        )));
        return;
    }
    if bytes > MAX_CONFIG_BYTES {
        chosen.error.set(Some(t_args(
            ui,
            "config-too-large",
            [
                ("size", bytes.to_string().into()),
                ("max", MAX_CONFIG_BYTES.to_string().into()),
            ],
        )));
        return;
    }
    chosen.error.set(None);
    chosen.reading.set(true);
    spawn_local(async move {
        let mut files = Vec::with_capacity(picked.len());
        for (path, file) in picked {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => files.push(ConfigFile {
                    path,
                    text: text.as_string().unwrap_or_default(),
                }),
                Err(_) => {
                    chosen.error.set(Some(t_args(
                        ui,
                        "file-unreadable",
                        [("file", path.as_str().into())],
                    )));
                    chosen.reading.set(false);
                    return;
                }
            }
        }
        if let (Some(on_read), Some(first)) = (on_read, files.first()) {
            on_read.run(first.path.clone());
        }
        chosen.read.set(files);
        chosen.reading.set(false);
    });
}

/// The chooser: files, a folder, or one file pasted with its name; and what was chosen.
#[component]
fn ConfigFiles(
    /// What the chooser holds.
    chosen: Chosen,
    /// Called with the first path read from a choice.
    #[prop(optional)]
    on_read: Option<Callback<String>>,
) -> impl IntoView {
    let ui = ui_lang();
    let summary = move || {
        let read = chosen.read.get();
        (!read.is_empty()).then(|| {
            let names = listed(read.iter().map(|f| f.path.clone()));
            view! {
                <p class="muted" data-testid="config-chosen">
                    {t_args(ui, "config-chosen", [("count", read.len().into()), ("names", names.into())])}
                </p>
            }
        })
    };
    let skipped = move || {
        let skipped = chosen.skipped.get();
        (!skipped.is_empty()).then(|| {
            let count = skipped.len();
            let names = listed(skipped);
            view! {
                <p class="muted" data-testid="config-skipped">
                    {t_args(ui, "config-skipped", [("count", count.into()), ("names", names.into())])}
                </p>
            }
        })
    };
    view! {
        <div class="config-files">
            <label class="file">
                {t(ui, "config-files")}
                " "
                <input
                    type="file"
                    multiple
                    data-testid="config-files"
                    on:change=move |ev| read_choice(&ev, chosen, on_read)
                />
            </label>
            <label class="file">
                {t(ui, "config-folder")}
                " "
                <input
                    type="file"
                    multiple
                    // A property, not an attribute: the view names no such attribute, and
                    // the chooser needs the browser anyway.
                    prop:webkitdirectory=true
                    data-testid="config-folder"
                    on:change=move |ev| read_choice(&ev, chosen, on_read)
                />
            </label>
            {summary}
            {skipped}
            {move || chosen.reading.get().then(|| view! { <p class="muted" role="status">{t(ui, "config-reading")}</p> })}
            {move || {
                chosen
                    .error
                    .get()
                    .map(|e| view! { <p class="error" role="alert" data-testid="config-file-error">{e}</p> })
            }}
            <details class="config-paste">
                <summary>{t(ui, "config-paste-summary")}</summary>
                {labelled(t(ui, "config-paste-path"), view! {
                    <input
                        type="text"
                        placeholder="k8s/virtual-service.yaml"
                        data-testid="config-paste-path"
                        prop:value=move || chosen.paste_path.get()
                        on:input=move |ev| chosen.paste_path.set(event_target_value(&ev))
                    />
                })}
                <textarea
                    rows="6"
                    spellcheck="false"
                    aria-label=t(ui, "config-paste-label")
                    data-testid="config-paste-text"
                    prop:value=move || chosen.paste_text.get()
                    on:input=move |ev| chosen.paste_text.set(event_target_value(&ev))
                ></textarea>
            </details>
        </div>
    }
}

/// A refusal of configuration files (`config-error`): its first line, then the files that
/// cannot be parsed (`PATH:LINE:COLUMN: message`, `config-error-files`), one an item.
#[component]
fn ConfigError(
    /// The error to show, if any.
    #[prop(into)]
    error: Signal<Option<AppError>>,
) -> impl IntoView {
    move || {
        error.get().map(|e| {
            let message = e.message(ui_lang());
            let mut lines = message.lines().map(str::to_string);
            let first = lines.next().unwrap_or_default();
            let rest: Vec<_> = lines
                .map(|line| view! { <li><code>{line}</code></li> })
                .collect();
            view! {
                <div class="error" role="alert" data-testid="config-error">
                    <p>{first}</p>
                    {(!rest.is_empty()).then(|| view! { <ul data-testid="config-error-files">{rest}</ul> })}
                </div>
            }
        })
    }
}

/// The name a new sheet takes from the first path chosen: the folder's name for a folder
/// (`istio-kubox/vs.yaml` → `istio-kubox`), the file's name without its extension otherwise.
fn name_from_path(path: &str) -> String {
    match path.split_once('/') {
        Some((folder, _)) if !folder.is_empty() => folder.to_string(),
        _ => super::tsv_input::stem(path.rsplit('/').next().unwrap_or(path)).to_string(),
    }
}

pub use config_new_sheet::ConfigNewSheet;

/// [`ConfigNewSheet`] in a private module, as every lazy island is ([`crate::island`]).
mod config_new_sheet {
    use super::*;

    /// A new sheet from configuration files (the sheets page): a name (at first the chosen
    /// folder's), the header language (at first the page's), the chooser and Create. A refusal
    /// (files that cannot be parsed, none with a setting, too many or too large) creates
    /// nothing and shows under the form.
    #[island(lazy)]
    pub fn ConfigNewSheet() -> impl IntoView {
        crate::island::begin();
        let ui = ui_lang();
        let import = ServerAction::<ImportConfigSheet>::new();
        let name = RwSignal::new(String::new());
        let lang = RwSignal::new(ui);
        let chosen = Chosen::new();
        let on_read = Callback::new(move |path: String| {
            if name.get_untracked().trim().is_empty() {
                name.set(name_from_path(&path));
            }
        });
        let submit = move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            if !import.pending().get_untracked() && !chosen.reading.get_untracked() {
                import.dispatch(ImportConfigSheet {
                    name: name.get_untracked(),
                    lang: lang.get_untracked(),
                    files: chosen.files(),
                });
            }
        };
        let busy = Signal::derive(move || import.pending().get() || chosen.reading.get());
        view! {
            <form class="card import config-import" on:submit=submit data-testid="config-form">
                <h2>{t(ui, "config-title")}</h2>
                <p class="muted">{t(ui, "config-text")}</p>
                <NewSheetName name testid="config-name"/>
                <LangSelect lang on_change=Callback::new(move |l: Lang| lang.set(l)) testid="config-lang"/>
                <ConfigFiles chosen on_read/>
                <SubmitButton testid="config-submit" pending=busy label=t(ui, "config-submit")/>
                <ConfigError error=failure(import)/>
            </form>
        }
    }
}

/// The buttons of [`SheetConfig`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pressed {
    /// Propose the files' values as a change.
    Propose,
    /// Compare the files with the sheet as saved.
    Compare,
}

/// Configuration files on sheet `id`'s page: their values proposed as a change (the page
/// goes to the proposal's review, with its diff, trace and gate), or compared with the
/// sheet as saved, the rows that differ listed. (Crate-public: the island's generated props
/// type has no documentation of its own.)
#[island]
pub(crate) fn SheetConfig(
    /// The sheet.
    id: i64,
) -> impl IntoView {
    crate::island::begin();
    let ui = ui_lang();
    let propose = ServerAction::<ProposeConfig>::new();
    let compare = ServerAction::<CompareConfig>::new();
    let chosen = Chosen::new();
    let busy = Signal::derive(move || {
        propose.pending().get() || compare.pending().get() || chosen.reading.get()
    });
    // The error of the button pressed last.
    let last = RwSignal::new(None::<Pressed>);
    // A press while a call is under way, or while files are read, does nothing.
    let press = move |pressed: Pressed| {
        move |()| {
            if busy.get_untracked() {
                return;
            }
            last.set(Some(pressed));
            let files = chosen.files();
            match pressed {
                Pressed::Propose => propose.dispatch(ProposeConfig { id, files }),
                Pressed::Compare => compare.dispatch(CompareConfig { id, files }),
            };
        }
    };
    let error = Signal::derive(move || match last.get() {
        Some(Pressed::Propose) => propose.value().get().and_then(Result::err),
        Some(Pressed::Compare) => compare.value().get().and_then(Result::err),
        None => None,
    });
    let drift = move || match (last.get(), compare.value().get()) {
        (Some(Pressed::Compare), Some(Ok(drift))) => Some(view! { <DriftList drift/> }),
        _ => None,
    };
    view! {
        <section class="card config-import" data-testid="sheet-config">
            <h2>{t(ui, "config-sheet-title")}</h2>
            <p class="muted">{t(ui, "config-sheet-text")}</p>
            <ConfigFiles chosen/>
            <div class="buttons">
                <ActionButton
                    testid="config-propose"
                    pending=busy
                    on_click=Callback::new(press(Pressed::Propose))
                    label=t(ui, "config-propose")
                />
                <ActionButton
                    class="button"
                    testid="config-compare"
                    pending=busy
                    on_click=Callback::new(press(Pressed::Compare))
                    label=t(ui, "config-compare")
                />
            </div>
            <ConfigError error/>
            {drift}
        </section>
    }
}

/// The rows of a sheet that differ from the files: row (a link to the row's value cell in
/// the grid), setting, the sheet's value, the file's, where, and the finding in words.
#[component]
fn DriftList(drift: ConfigDrift) -> impl IntoView {
    let ui = ui_lang();
    let summary = t_args(
        ui,
        "drift-summary",
        [
            ("drifted", drift.findings.len().into()),
            ("agreeing", drift.agreeing.into()),
            ("skipped", drift.skipped.into()),
        ],
    );
    let not_given = (!drift.not_given.is_empty()).then(|| {
        view! {
            <p class="muted" data-testid="drift-not-given">
                {t_args(ui, "drift-not-given", [("paths", listed(drift.not_given).into())])}
            </p>
        }
    });
    let table = if drift.findings.is_empty() {
        view! { <p data-testid="drift-none">{t(ui, "drift-none")}</p> }.into_any()
    } else {
        let rows = drift
            .findings
            .into_iter()
            .map(|f| view! { <DriftRow finding=f/> })
            .collect::<Vec<_>>();
        view! {
            <div class="drift-frame">
                <table class="drift" data-testid="drift-table">
                    <thead>
                        <tr>
                            <th>{t(ui, "drift-col-row")}</th>
                            <th>{t(ui, "drift-col-setting")}</th>
                            <th>{t(ui, "drift-col-sheet")}</th>
                            <th>{t(ui, "drift-col-file")}</th>
                            <th>{t(ui, "drift-col-at")}</th>
                            <th>{t(ui, "drift-col-message")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        }
        .into_any()
    };
    view! {
        <div class="drift-result" data-testid="drift">
            <h3>{t(ui, "drift-title")}</h3>
            <p data-testid="drift-summary">{summary}</p>
            {not_given}
            {table}
        </div>
    }
}

/// One drifted row of [`DriftList`].
#[component]
fn DriftRow(finding: DriftLine) -> impl IntoView {
    let ui = ui_lang();
    let row = finding.row;
    // To the row's value cell, which scrolls into view; without the cell (the grid not
    // drawn yet), the link's own way to the grid's frame.
    let go = move |ev: leptos::ev::MouseEvent| {
        let value = crate::editor::state::draft::column_index(budget::Column::Value);
        crate::editor::grid::focus_cell(row, value);
        let in_grid = document()
            .active_element()
            .is_some_and(|e| e.closest("table.grid").ok().flatten().is_some());
        if in_grid {
            ev.prevent_default();
        }
    };
    let severity = match finding.severity {
        Severity::Error => "error",
        _ => "warning",
    };
    view! {
        <tr data-testid="drift-row" data-code=finding.code data-severity=severity>
            <td>
                <a
                    href="#sheet-grid"
                    data-testid="drift-row-link"
                    title=t_args(ui, "drift-row-title", [("row", row.into())])
                    on:click=go
                >
                    {row}
                </a>
            </td>
            <td data-testid="drift-setting">{finding.setting}</td>
            <td data-testid="drift-sheet">{finding.sheet_value}</td>
            <td data-testid="drift-file">
                {finding.file_value.unwrap_or_else(|| t(ui, "drift-not-set"))}
            </td>
            <td data-testid="drift-at">
                <code>{format!("{}:{}", finding.path, finding.line)}</code>
            </td>
            <td data-testid="drift-message">{finding.message}</td>
        </tr>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_sheet_is_named_after_the_folder_or_the_file() {
        assert_eq!(name_from_path("istio-kubox/reviews-vs.yaml"), "istio-kubox");
        assert_eq!(name_from_path("nginx.conf"), "nginx");
        assert_eq!(name_from_path("/etc/nginx.conf"), "nginx");
    }

    #[test]
    fn long_lists_of_names_end_in_an_ellipsis() {
        let names = (1..=10).map(|i| format!("f{i}.yaml"));
        assert_eq!(
            listed(names),
            "f1.yaml, f2.yaml, f3.yaml, f4.yaml, f5.yaml, f6.yaml, f7.yaml, f8.yaml, …"
        );
        assert_eq!(listed(["a".to_string()]), "a");
    }
}
