//! The sheet settings: the margin and the retry amplification threshold, typed as text and
//! saved when an input is committed (Enter, or leaving it).

use budget::duration::Millis;
use budget::Report;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::set_sheet_settings;
use crate::shell::Hydrated;

/// The two sheet settings of sheet `id`. A committed change is sent to the server, which
/// reads both and answers the fresh report (put into `report`); text it cannot read is
/// refused with the reason, stays in its input, and changes nothing.
#[component]
pub fn SheetSettings(
    /// The sheet.
    id: i64,
    /// The margin as stored, in milliseconds.
    margin_ms: u64,
    /// The amplification threshold as stored, in attempts.
    amplification_threshold: u64,
    /// Receives the report after a change is saved.
    report: RwSignal<Report>,
) -> impl IntoView {
    let margin = RwSignal::new(Millis(margin_ms).to_string());
    let threshold = RwSignal::new(amplification_threshold.to_string());
    let error = RwSignal::new(None::<String>);
    let save = Callback::new(move |()| {
        let (margin, threshold) = (margin.get_untracked(), threshold.get_untracked());
        spawn_local(async move {
            match set_sheet_settings(id, margin, threshold).await {
                Ok(fresh) => {
                    report.set(fresh);
                    error.set(None);
                }
                Err(err) => error.set(Some(format!("Not saved: {err}"))),
            }
        });
    });
    view! {
        <div class="settings">
            <SettingInput label="Margin " text=margin size=8 testid="setting-margin" on_commit=save/>
            <SettingInput
                label="Amplification threshold "
                text=threshold
                size=4
                testid="setting-threshold"
                on_commit=save
            />
            <p class="muted">
                "The margin is what every caller must wait beyond its callee's worst case, "
                "unless a margin row says otherwise for that node or hop. More attempts than "
                "the threshold reaching one node are a retry.amplification warning. Neither "
                "travels in the TSV: a margin row does."
            </p>
            {move || {
                error
                    .get()
                    .map(|e| view! { <p class="error" role="alert" data-testid="settings-error">{e}</p> })
            }}
        </div>
    }
}

/// One setting's labelled text input: `text` follows what is typed; `on_commit` runs when the
/// text is committed (Enter, or leaving the input). Read-only until the page has hydrated.
#[component]
fn SettingInput(
    /// The label before the input.
    label: &'static str,
    /// The text typed.
    text: RwSignal<String>,
    /// The input's width, in characters.
    size: u32,
    /// The input's `data-testid`.
    testid: &'static str,
    /// Called when the text is committed.
    on_commit: Callback<()>,
) -> impl IntoView {
    let hydrated = Hydrated::signal();
    view! {
        <label>
            {label}
            <input
                type="text"
                size=size
                data-testid=testid
                value=text.get_untracked()
                prop:value=move || text.get()
                readonly=move || !hydrated.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:change=move |_| on_commit.run(())
            />
        </label>
    }
}
