//! The sheet settings: the margin and the retry amplification threshold, typed as text and
//! saved when an input is committed (Enter, or leaving it).

use budget::duration::Millis;
use budget::Report;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::set_sheet_settings;
use crate::hydrated::Hydrated;
use crate::i18n::{t, t_args, ui_lang};

/// The two sheet settings of sheet `id`. Each is saved on its own when its input is
/// committed, and the server answers the fresh report (given to `on_report`); text it cannot
/// read is refused with the reason under its input, stays there, and changes nothing.
#[component]
pub fn SheetSettings(
    /// The sheet.
    id: i64,
    /// The margin as stored, in milliseconds.
    margin_ms: u64,
    /// The amplification threshold as stored, in attempts.
    amplification_threshold: u64,
    /// Receives the report after a change is saved.
    on_report: Callback<Report>,
) -> impl IntoView {
    let margin = RwSignal::new(Millis(margin_ms).to_string());
    let threshold = RwSignal::new(amplification_threshold.to_string());
    let ui = ui_lang();
    view! {
        <div class="settings">
            <SettingInput
                label=t(ui, "settings-margin")
                text=margin
                size=8
                testid="setting-margin"
                id
                setting=Setting::Margin
                on_report
            />
            <SettingInput
                label=t(ui, "settings-threshold")
                text=threshold
                size=4
                testid="setting-threshold"
                id
                setting=Setting::AmplificationThreshold
                on_report
            />
            <p class="muted">{t(ui, "settings-explained")}</p>
        </div>
    }
}

/// Which sheet setting an input edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
    /// The sheet margin.
    Margin,
    /// The retry amplification threshold.
    AmplificationThreshold,
}

/// One setting's labelled text input: `text` follows what is typed; when it is committed
/// (Enter, or leaving the input) it is saved as `setting` of sheet `id`, and the answer goes
/// to `on_report` or, when refused, under the input as `Not saved: …`. Read-only until the page
/// has hydrated.
#[component]
fn SettingInput(
    /// The label before the input.
    label: String,
    /// The text typed.
    text: RwSignal<String>,
    /// The input's width, in characters.
    size: u32,
    /// The input's `data-testid`; its error line's is this with `-error`.
    testid: &'static str,
    /// The sheet.
    id: i64,
    /// The setting the text is.
    setting: Setting,
    /// Receives the report after a save.
    on_report: Callback<Report>,
) -> impl IntoView {
    let hydrated = Hydrated::signal();
    let error = RwSignal::new(None::<String>);
    let commit = move |_| {
        let typed = text.get_untracked();
        // An empty input is refused here, in the words the server uses for any other text
        // that is not a setting: sent empty, it would read as not given and keep the stored
        // value without a word.
        if typed.trim().is_empty() {
            let refusal = match setting {
                Setting::Margin => budget::read_margin(&typed).err(),
                Setting::AmplificationThreshold => {
                    budget::read_amplification_threshold(&typed).err()
                }
            };
            error.set(refusal.map(|err| {
                t_args(
                    ui_lang(),
                    "save-failed",
                    [("reason", err.message(ui_lang()).into())],
                )
            }));
            return;
        }
        let typed = Some(typed);
        let (margin, threshold) = match setting {
            Setting::Margin => (typed, None),
            Setting::AmplificationThreshold => (None, typed),
        };
        spawn_local(async move {
            match set_sheet_settings(id, margin, threshold).await {
                Ok(fresh) => {
                    on_report.run(fresh);
                    error.set(None);
                }
                Err(err) => error.set(Some(t_args(
                    ui_lang(),
                    "save-failed",
                    [("reason", err.message(ui_lang()).into())],
                ))),
            }
        });
    };
    view! {
        <label>
            {label}
            " "
            <input
                type="text"
                size=size
                data-testid=testid
                value=text.get_untracked()
                prop:value=move || text.get()
                readonly=move || !hydrated.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:change=commit
            />
        </label>
        {move || {
            error
                .get()
                .map(|e| {
                    view! {
                        <p class="error" role="alert" data-testid=format!("{testid}-error")>
                            {e}
                        </p>
                    }
                })
        }}
    }
}
