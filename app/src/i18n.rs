//! The page's own words in the user's language: one [Project Fluent] catalogue per
//! language, `model/locales/en.ftl` and `model/locales/ja.ftl` ([`workbench_model::words`]),
//! built into the binary and the wasm and parsed once.
//!
//! - [`t`] looks up a label, [`t_args`] one with arguments (a count picks its plural form
//!   in English: `rows-count = { $count -> [one] 1 row *[other] { $count } rows }`).
//! - [`ui_lang`] is the language of the page being rendered: on the server the one
//!   [`provide_ui_lang`] put in the context from the request (the `ui-lang` cookie, else the
//!   browser's `Accept-Language`), in the browser the `lang` of the page's `<html>`, which
//!   the server wrote; so an island hydrates in the language the server rendered it in.
//!
//! The UI language is not the sheet's language ([`budget::Sheet::lang`]): that one is the
//! language of the sheet's header row, its findings' messages and its fixes.
//!
//! To add a label: add its message to both catalogues (the tests fail when one lacks it, or
//! when the sources use a key neither has), then call [`t`] with its id.
//!
//! [Project Fluent]: https://projectfluent.org

use budget::Lang;

pub use workbench_model::words::{t, t_args, EN_FTL, JA_FTL};

/// The name of the cookie that keeps the UI language a user chose in the header.
pub const COOKIE: &str = "ui-lang";

/// The UI language as the context holds it on the server ([`provide_ui_lang`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UiLang(pub Lang);

/// Puts the UI language of this request into the context, for [`ui_lang`].
pub fn provide_ui_lang(lang: Lang) {
    leptos::prelude::provide_context(UiLang(lang));
}

/// The UI language of the page being rendered (see the module docs), or of the request a
/// server function answers; English when nothing says otherwise.
pub fn ui_lang() -> Lang {
    #[cfg(feature = "hydrate")]
    {
        thread_local! {
            static DOCUMENT_LANG: Lang = leptos::prelude::document()
                .document_element()
                .and_then(|html| html.get_attribute("lang"))
                .and_then(|code| Lang::from_code(&code))
                .unwrap_or_default();
        }
        DOCUMENT_LANG.with(|lang| *lang)
    }
    #[cfg(not(feature = "hydrate"))]
    {
        let provided = leptos::prelude::use_context::<UiLang>().map(|UiLang(lang)| lang);
        // A server function's request has no page around it: its own headers say.
        #[cfg(feature = "ssr")]
        let provided = provided.or_else(|| {
            leptos::prelude::use_context::<http::request::Parts>()
                .map(|parts| request_lang(&parts.headers))
        });
        provided.unwrap_or_default()
    }
}

/// The UI language a request asks for: the [`COOKIE`] when it names `en` or `ja`, else the
/// first of `en` and `ja` (with any region: `ja-JP`) in the order of the browser's
/// `Accept-Language`, its q-values counted, else English.
#[cfg(feature = "ssr")]
pub fn request_lang(headers: &http::HeaderMap) -> Lang {
    let chosen = headers
        .get_all(http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, value)| Lang::from_code(value));
    if let Some(lang) = chosen {
        return lang;
    }
    headers
        .get(http::header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| {
            // Sorted by q-value, highest first; `ja-JP` counts as `ja`, and `q=0` as "not".
            accept_language::parse_with_quality(value)
                .into_iter()
                .filter(|(_, quality)| *quality > 0.0)
                .find_map(|(tag, _)| Lang::from_code(tag.split('-').next().unwrap_or_default()))
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_bundle::FluentResource;
    use std::collections::BTreeSet;

    /// Every message id of a catalogue, with its attributes as `id.attribute`.
    fn ids(source: &str) -> BTreeSet<String> {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("does not parse: {errors:?}"));
        let mut ids = BTreeSet::new();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(message) = entry {
                ids.insert(message.id.name.to_string());
                for attribute in &message.attributes {
                    ids.insert(format!("{}.{}", message.id.name, attribute.id.name));
                }
            }
        }
        ids
    }

    #[test]
    fn both_catalogues_parse_and_hold_the_same_messages() {
        let en = ids(EN_FTL);
        let ja = ids(JA_FTL);
        let only_en: Vec<_> = en.difference(&ja).collect();
        let only_ja: Vec<_> = ja.difference(&en).collect();
        assert!(only_en.is_empty(), "no Japanese for {only_en:?}");
        assert!(only_ja.is_empty(), "no English for {only_ja:?}");
        assert!(en.len() > 100, "the catalogue has {} messages", en.len());
        // Both build into bundles without a message twice.
        assert_eq!(t(Lang::En, "app-name"), "Timeout Budget Workbench");
        assert_eq!(t(Lang::Ja, "app-name"), "タイムアウト予算ワークベンチ");
    }

    /// Every key the sources of the catalogues' users (the app, the shared records and the
    /// store) pass to `t(` or `t_args(` as a string literal, with its file: the text after
    /// the call's first argument, `t(ui, "col-need")`.
    fn keys_used() -> BTreeSet<(String, String)> {
        let mut used = BTreeSet::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs: Vec<_> = ["src", "../model/src", "../store/src"]
            .iter()
            .map(|dir| root.join(dir))
            .collect();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for call in ["t(", "t_args("] {
                    for (at, _) in text.match_indices(call) {
                        let before = text[..at].chars().next_back();
                        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                            continue;
                        }
                        let rest = &text[at + call.len()..];
                        let Some(comma) = rest.find(',') else {
                            continue;
                        };
                        let rest = rest[comma + 1..].trim_start();
                        let Some(rest) = rest.strip_prefix('"') else {
                            continue;
                        };
                        let key = &rest[..rest.find('"').unwrap()];
                        if !key
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
                        {
                            continue;
                        }
                        used.insert((key.to_string(), path.display().to_string()));
                    }
                }
            }
        }
        used
    }

    #[test]
    fn every_key_the_sources_use_is_in_the_catalogues() {
        let en = ids(EN_FTL);
        let used = keys_used();
        let missing: Vec<_> = used
            .iter()
            .filter(|(key, _)| !en.contains(key) && key != "no-such-label")
            .collect();
        assert!(
            missing.is_empty(),
            "keys not in the catalogues: {missing:?}"
        );
        assert!(used.len() > 100, "the sources use {} keys", used.len());
    }

    #[test]
    fn a_count_picks_its_plural_form_in_english_and_none_in_japanese() {
        assert_eq!(
            t_args(Lang::En, "rows-count", [("count", 1.into())]),
            "1 row"
        );
        assert_eq!(
            t_args(Lang::En, "rows-count", [("count", 3.into())]),
            "3 rows"
        );
        assert_eq!(
            t_args(Lang::Ja, "rows-count", [("count", 3.into())]),
            "3 行"
        );
    }

    #[test]
    fn a_key_without_a_message_reads_as_itself() {
        assert_eq!(t(Lang::En, "no-such-label"), "no-such-label");
    }

    #[cfg(feature = "ssr")]
    #[test]
    fn the_cookie_wins_over_accept_language_which_wins_over_english() {
        let headers = |pairs: &[(&str, &str)]| {
            let mut map = http::HeaderMap::new();
            for (name, value) in pairs {
                map.append(
                    http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                    value.parse().unwrap(),
                );
            }
            map
        };
        assert_eq!(request_lang(&headers(&[])), Lang::En);
        assert_eq!(
            request_lang(&headers(&[("accept-language", "ja")])),
            Lang::Ja
        );
        assert_eq!(
            request_lang(&headers(&[(
                "accept-language",
                "fr-FR, en;q=0.5, ja;q=0.8"
            )])),
            Lang::Ja
        );
        assert_eq!(
            request_lang(&headers(&[("accept-language", "ja-JP;q=0.4, en-US;q=0.9")])),
            Lang::En
        );
        assert_eq!(
            request_lang(&headers(&[("accept-language", "de")])),
            Lang::En
        );
        assert_eq!(
            request_lang(&headers(&[("accept-language", "ja;q=0, en;q=0.1")])),
            Lang::En
        );
        assert_eq!(
            request_lang(&headers(&[
                ("accept-language", "ja"),
                ("cookie", "author=alice; ui-lang=en")
            ])),
            Lang::En
        );
        assert_eq!(
            request_lang(&headers(&[
                ("accept-language", "ja"),
                ("cookie", "ui-lang=xx")
            ])),
            Lang::Ja
        );
    }
}
