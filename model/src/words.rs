//! The workbench's words in the user's language: one [Project Fluent] catalogue per
//! language, `model/locales/en.ftl` and `model/locales/ja.ftl`, built into the binary and the
//! wasm and parsed once. The page's labels and the messages of what the store refuses
//! ([`crate::SheetNameError`], the store's refusals) are written from them.
//!
//! - [`t`] looks up a label, [`t_args`] one with arguments (a count picks its plural form
//!   in English: `rows-count = { $count -> [one] 1 row *[other] { $count } rows }`).
//!
//! To add a label: add its message to both catalogues (the app's tests fail when one lacks
//! it, or when the sources use a key neither has), then call [`t`] with its id.
//!
//! [Project Fluent]: https://projectfluent.org

use std::sync::LazyLock;

use budget::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// The English catalogue's source.
pub const EN_FTL: &str = include_str!("../locales/en.ftl");
/// The Japanese catalogue's source.
pub const JA_FTL: &str = include_str!("../locales/ja.ftl");

/// A catalogue parsed into a bundle for `locale`, with Unicode isolation marks off (the
/// page's text stays exactly what the catalogue says).
///
/// # Panics
/// When the catalogue does not parse or holds a message twice: both are compiled in, and
/// the tests parse them.
fn bundle(locale: &str, source: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(source.to_string())
        .unwrap_or_else(|(_, errors)| panic!("{locale}.ftl does not parse: {errors:?}"));
    let id = locale.parse().expect("a language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("{locale}.ftl: {errors:?}"));
    bundle
}

static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle("en", EN_FTL));
static JA: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle("ja", JA_FTL));

/// The catalogue of `lang`.
fn catalogue(lang: Lang) -> &'static FluentBundle<FluentResource> {
    match lang {
        Lang::En => &EN,
        Lang::Ja => &JA,
    }
}

/// The label `key` in `lang`: `t(Lang::Ja, "sheets-title")` → `"シート"`; `id.attribute`
/// names a message's attribute (`"shortcut-enter.keys"`). A key the catalogue lacks comes
/// back as itself (a test fails on any such key in the sources).
pub fn t(lang: Lang, key: &str) -> String {
    format(lang, key, None)
}

/// The label `key` in `lang` with its arguments:
/// `t_args(Lang::En, "rows-count", [("count", 3.into())])` → `"3 rows"`.
pub fn t_args<'a>(
    lang: Lang,
    key: &str,
    args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>,
) -> String {
    let args: FluentArgs = args.into_iter().collect();
    format(lang, key, Some(&args))
}

/// Formats the message `key` of `lang`'s catalogue.
fn format(lang: Lang, key: &str, args: Option<&FluentArgs>) -> String {
    let bundle = catalogue(lang);
    let (id, attribute) = match key.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (key, None),
    };
    let pattern = bundle.get_message(id).and_then(|message| match attribute {
        Some(attribute) => message.get_attribute(attribute).map(|a| a.value()),
        None => message.value(),
    });
    let Some(pattern) = pattern else {
        return key.to_string();
    };
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, args, &mut errors)
        .into_owned()
}
