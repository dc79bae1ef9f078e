//! The export links: the sheet as TSV with Japanese or English headers.

use budget::Lang;
use leptos::prelude::*;

use crate::i18n::{t, ui_lang};
use crate::model::{excel_export_file_name, excel_export_href, export_file_name, export_href};

/// Two download links, the sheet's own language first, and one for Excel (a byte-order mark
/// first, so that Excel on Windows reads the Japanese text), with the sheet's header.
#[component]
pub fn ExportLinks(
    /// The sheet's id.
    id: i64,
    /// The sheet's name, for the file name.
    name: String,
    /// The sheet's language.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
    let ui = ui_lang();
    let link_name = name.clone();
    let link = move |link_lang: Lang| {
        let name = link_name.clone();
        let label = match link_lang {
            Lang::Ja => t(ui, "export-ja"),
            Lang::En => t(ui, "export-en"),
        };
        let own = format!(" {}", t(ui, "export-own-lang"));
        view! {
            <a
                class="button"
                href=export_href(id, link_lang)
                download=export_file_name(&name, link_lang)
                data-testid=format!("export-{}", link_lang.code())
            >
                {label}
                {move || (lang.get() == link_lang).then(|| own.clone())}
            </a>
        }
    };
    let excel_name = name.clone();
    let excel = view! {
        <a
            class="button"
            href=move || excel_export_href(id, lang.get())
            download=move || excel_export_file_name(&excel_name, lang.get())
            data-testid="export-excel"
        >
            {t(ui, "export-excel")}
        </a>
    };
    view! { <div class="buttons export">{link(Lang::Ja)} {link(Lang::En)} {excel}</div> }
}
