//! PLACEHOLDER shell, replaced by the web helper.
use leptos::prelude::*;
use leptos_meta::*;

/// The HTML document around the app.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <AutoReload options=options.clone()/>
                <HydrationScripts options/>
                <MetaTags/>
            </head>
            <body><App/></body>
        </html>
    }
}

/// The app.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! { <p>"Timeout Budget Workbench"</p> }
}
