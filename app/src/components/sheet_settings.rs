//! The sheet settings: the margin and the retry amplification threshold, typed as text and
//! saved when an input is committed (Enter, or leaving it).

use budget::duration::Millis;
use budget::{Lang, Report};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::set_sheet_settings;
use crate::components::form::labelled;
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
    let ui = ui_lang();
    view! {
        <div class="settings">
            <SettingInput setting=Setting::Margin stored=Millis(margin_ms).to_string() id on_report/>
            <SettingInput
                setting=Setting::AmplificationThreshold
                stored=amplification_threshold.to_string()
                id
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

impl Setting {
    /// The label before its input, in `ui`.
    fn label(self, ui: Lang) -> String {
        match self {
            Setting::Margin => t(ui, "settings-margin"),
            Setting::AmplificationThreshold => t(ui, "settings-threshold"),
        }
    }

    /// Its input's width, in characters.
    fn size(self) -> u32 {
        match self {
            Setting::Margin => 8,
            Setting::AmplificationThreshold => 4,
        }
    }

    /// Its input's `data-testid`; its error line's is this with `-error`.
    fn testid(self) -> &'static str {
        match self {
            Setting::Margin => "setting-margin",
            Setting::AmplificationThreshold => "setting-threshold",
        }
    }
}

/// One setting's labelled text input, at first `stored`, then what is typed; when it is
/// committed (Enter, or leaving the input) it is saved as `setting` of sheet `id`, and the answer goes
/// to `on_report` or, when refused, under the input as `Not saved: …`. Read-only until the page
/// has hydrated.
#[component]
fn SettingInput(
    /// The setting the text is.
    setting: Setting,
    /// The setting as stored, as text.
    stored: String,
    /// The sheet.
    id: i64,
    /// Receives the report after a save.
    on_report: Callback<Report>,
) -> impl IntoView {
    let hydrated = Hydrated::signal();
    let text = RwSignal::new(stored);
    let testid = setting.testid();
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
        {labelled(setting.label(ui_lang()), view! {
            <input
                type="text"
                size=setting.size()
                data-testid=testid
                value=text.get_untracked()
                prop:value=move || text.get()
                readonly=move || !hydrated.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:change=commit
            />
        })}
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
