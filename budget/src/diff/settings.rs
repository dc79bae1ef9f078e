//! The sheet settings a diff compares: the margin, the amplification threshold and the
//! language, each written for people in the second sheet's language.

use serde::{Deserialize, Serialize};

use crate::display;
use crate::sheet::{Lang, Sheet};

/// A sheet setting that changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SettingChange {
    /// `margin`, `amplification_threshold` or `lang`.
    pub setting: String,
    /// Its value in the first sheet, as the API writes it (`1000` ms, `3`, `en`).
    pub before: String,
    /// Its value in the second sheet.
    pub after: String,
    /// The change for people, in the second sheet's language: `margin 1.0 s → 1.5 s`,
    /// `amplification threshold 3 → 5`, `language en → ja` (`マージン 1.0秒 → 1.5秒`,
    /// `増幅のしきい値 3 → 5`, `言語 en → ja`).
    pub text: String,
}

/// The settings that differ between `before` and `after`, in the order margin, amplification
/// threshold, language.
pub(super) fn changes(before: &Sheet, after: &Sheet) -> Vec<SettingChange> {
    let lang = after.lang;
    let mut out = Vec::new();
    if before.margin_ms != after.margin_ms {
        let (b, a) = (
            display::duration(lang, before.margin_ms),
            display::duration(lang, after.margin_ms),
        );
        out.push(change(
            lang,
            "margin",
            [before.margin_ms.to_string(), after.margin_ms.to_string()],
            [b, a],
        ));
    }
    if before.amplification_threshold != after.amplification_threshold {
        let values = [
            before.amplification_threshold.to_string(),
            after.amplification_threshold.to_string(),
        ];
        out.push(change(
            lang,
            "amplification_threshold",
            values.clone(),
            values,
        ));
    }
    if before.lang != after.lang {
        let codes = [
            before.lang.code().to_string(),
            after.lang.code().to_string(),
        ];
        out.push(change(lang, "lang", codes.clone(), codes));
    }
    out
}

/// One change: its key and API values, and its words from `shown` (the values as people
/// read them).
fn change(
    lang: Lang,
    setting: &str,
    [before, after]: [String; 2],
    shown: [String; 2],
) -> SettingChange {
    let name = match (lang, setting) {
        (Lang::En, "margin") => "margin",
        (Lang::En, "amplification_threshold") => "amplification threshold",
        (Lang::En, _) => "language",
        (Lang::Ja, "margin") => "マージン",
        (Lang::Ja, "amplification_threshold") => "増幅のしきい値",
        (Lang::Ja, _) => "言語",
    };
    SettingChange {
        setting: setting.to_string(),
        before,
        after,
        text: format!("{name} {} → {}", shown[0], shown[1]),
    }
}
