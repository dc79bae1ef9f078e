//! The engine's error types that belong to no reader of their own: a sheet setting. What can
//! go wrong reading a TSV sheet, [`TsvError`], lives beside the reader in [`crate::tsv`] and is
//! re-exported here for `budget::TsvError`.

use thiserror::Error;

use crate::sheet::Lang;

pub use crate::tsv::TsvError;

/// A sheet setting typed as text that cannot be used; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    /// A margin that is not a duration with a unit.
    #[error("the margin {} is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒", quoted(.0))]
    Margin(String),
    /// A margin over [`crate::MAX_MARGIN_MS`] (24 h).
    #[error("the margin {} is too long: the margin must be at most 24 h", quoted(.0))]
    MarginTooLong(String),
    /// An amplification threshold over [`crate::MAX_AMPLIFICATION_THRESHOLD`] (1,000,000).
    #[error("the amplification threshold {} is too large: the amplification threshold must be at most {max} attempts", quoted(.0), max = crate::MAX_AMPLIFICATION_THRESHOLD)]
    AmplificationThresholdTooLarge(String),
    /// An amplification threshold that is not a whole number of attempts of at least 1.
    #[error("the amplification threshold {} is not a number of attempts: write a whole number of at least 1, e.g. 3", quoted(.0))]
    AmplificationThreshold(String),
}

impl SettingError {
    /// The message in `lang`: in English the error's `Display`, in Japanese the same facts
    /// and advice (`マージン「2」は時間ではありません。...`), for a page in the user's language.
    pub fn message(&self, lang: Lang) -> String {
        let q = |text: &str| crate::display::quoted(lang, text);
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Ja, SettingError::Margin(text)) => format!(
                "マージン{}は時間ではありません。単位を付けて書いてください（例: 1s、500ms、1.5秒）",
                q(text)
            ),
            (Lang::Ja, SettingError::MarginTooLong(text)) => format!(
                "マージン{}は長すぎます。マージンは 24 時間までです",
                q(text)
            ),
            (Lang::Ja, SettingError::AmplificationThresholdTooLarge(text)) => format!(
                "増幅のしきい値{}は大きすぎます。しきい値は {} 回の試行までです",
                q(text),
                crate::MAX_AMPLIFICATION_THRESHOLD
            ),
            (Lang::Ja, SettingError::AmplificationThreshold(text)) => format!(
                "増幅のしきい値{}は試行の回数ではありません。1 以上の整数で書いてください（例: 3）",
                q(text)
            ),
        }
    }
}

/// Text the user typed, quoted as typed (never Rust's debug escapes): `"⏱️🔥"`.
fn quoted(text: &str) -> String {
    crate::display::quoted(crate::sheet::Lang::En, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_error_is_said_in_japanese_with_the_same_advice() {
        let margin = SettingError::Margin("2".into());
        assert_eq!(
            margin.message(Lang::En),
            "the margin \"2\" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒"
        );
        assert_eq!(
            margin.message(Lang::Ja),
            "マージン「2」は時間ではありません。単位を付けて書いてください（例: 1s、500ms、1.5秒）"
        );
        assert_eq!(
            SettingError::AmplificationThreshold("0".into()).message(Lang::Ja),
            "増幅のしきい値「0」は試行の回数ではありません。1 以上の整数で書いてください（例: 3）"
        );
    }
}
