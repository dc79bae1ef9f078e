//! The pages: the sheet list, one sheet, and a sheet's history and diffs.

#[cfg(feature = "ssr")]
pub mod account;
pub mod history;
pub mod proposals;
pub mod sheet;
pub mod sheets;

/// The title of a page about `name`: `NAME · Timeout Budget Workbench` (the app's name in
/// the UI language).
///
/// `leptos_meta` 0.8 writes the title's text into the server's `<title>` without escaping
/// it, so on the server the name's `&`, `<` and `>` are escaped here (a sheet named
/// `</title><script>…` stays text); in the browser the title is set as text and is not.
pub fn page_title(name: &str) -> String {
    let app = crate::i18n::t(crate::i18n::ui_lang(), "app-name");
    let title = format!("{name} · {app}");
    if cfg!(feature = "ssr") {
        title
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    } else {
        title
    }
}
