//! Live updates on the sheet page: the server-sent events of `/api/v1/sheets/{id}/events`
//! (`saved` with the new version, `presence` with the number of pages watching). The browser's
//! `EventSource` reconnects by itself and names the last version it saw, so a page that lost
//! its connection catches up. Nothing runs on the server.

use leptos::prelude::*;

/// Listens to sheet `id`'s events while the calling island lives: `on_saved` gets each new
/// version, `viewers` the number of pages watching the sheet.
pub fn listen(id: i64, on_saved: Callback<i64>, viewers: RwSignal<usize>) {
    #[cfg(feature = "hydrate")]
    {
        use send_wrapper::SendWrapper;
        use wasm_bindgen::closure::Closure;
        use wasm_bindgen::JsCast;

        let Ok(source) = web_sys::EventSource::new(&format!("/api/v1/sheets/{id}/events")) else {
            return;
        };
        let number = |ev: &web_sys::MessageEvent, key: &str| -> Option<i64> {
            let text = ev.data().as_string()?;
            let value: serde_json::Value = serde_json::from_str(&text).ok()?;
            value.get(key)?.as_i64()
        };
        let saved =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                if let Some(version) = number(&ev, "version") {
                    on_saved.run(version);
                }
                if let Some(n) = number(&ev, "viewers") {
                    viewers.set(usize::try_from(n).unwrap_or(0));
                }
            });
        let presence =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                if let Some(n) = number(&ev, "viewers") {
                    viewers.set(usize::try_from(n).unwrap_or(0));
                }
            });
        let _ = source.add_event_listener_with_callback("saved", saved.as_ref().unchecked_ref());
        let _ =
            source.add_event_listener_with_callback("presence", presence.as_ref().unchecked_ref());
        let kept = SendWrapper::new((source, saved, presence));
        on_cleanup(move || {
            let (source, _saved, _presence) = kept.take();
            source.close();
        });
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (id, on_saved, viewers);
}

/// The presence line in `lang`: `Only you are viewing this sheet` / `3 people are viewing
/// this sheet`.
pub fn viewers_text(lang: budget::Lang, n: usize) -> String {
    crate::i18n::t_args(lang, "viewers", [("count", n.max(1).into())])
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_presence_line_counts_people() {
        use budget::Lang;
        let cases = [
            (Lang::En, 0, "Only you are viewing this sheet"),
            (Lang::En, 1, "Only you are viewing this sheet"),
            (Lang::En, 3, "3 people are viewing this sheet"),
            (Lang::Ja, 1, "このシートを見ているのはあなただけです"),
            (Lang::Ja, 3, "このシートを 3 人が見ています"),
        ];
        for (lang, n, line) in cases {
            assert_eq!(super::viewers_text(lang, n), line, "{lang:?}, {n} viewers");
        }
    }
}
