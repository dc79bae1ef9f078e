//! The sheet: rows exactly as typed, plus the sheet settings.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The sheet margin when none is set: 1 s, in milliseconds (`budget-model.md` §1).
pub const DEFAULT_MARGIN_MS: u64 = 1_000;

/// The default retry amplification threshold of a sheet: more than 3 attempts reaching one
/// node is `retry.amplification` (`budget-model.md`, section 1, sheet settings).
pub const DEFAULT_AMPLIFICATION_THRESHOLD: u64 = 3;

/// The longest sheet margin: 24 h, in milliseconds. A margin is what a caller waits beyond its
/// callee's worst case; one longer than a day is a unit mistake, and the store keeps the
/// margin as a signed 64-bit number.
pub const MAX_MARGIN_MS: u64 = 86_400_000;

/// The largest retry amplification threshold: 1,000,000 attempts reaching one node.
pub const MAX_AMPLIFICATION_THRESHOLD: u64 = 1_000_000;

/// A sheet setting typed as text that cannot be used; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    /// A margin that is not a duration with a unit.
    #[error("the margin {} is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒", quoted(.0))]
    Margin(String),
    /// A margin written as no bound (`none`, `なし`): a margin is a length of time.
    #[error("the margin {} is not a length of time: write a duration, e.g. 1s or 500ms, or 0s for no margin", quoted(.0))]
    MarginUnbounded(String),
    /// A margin over [`MAX_MARGIN_MS`] (24 h).
    #[error("the margin {} is too long: the margin must be at most 24 h", quoted(.0))]
    MarginTooLong(String),
    /// An amplification threshold over [`MAX_AMPLIFICATION_THRESHOLD`] (1,000,000).
    #[error("the amplification threshold {} is too large: the amplification threshold must be at most {max} attempts", quoted(.0), max = MAX_AMPLIFICATION_THRESHOLD)]
    AmplificationThresholdTooLarge(String),
    /// An amplification threshold that is not a whole number of attempts of at least 1.
    #[error("the amplification threshold {} is not a number of attempts: write a whole number of at least 1, e.g. 3", quoted(.0))]
    AmplificationThreshold(String),
}

impl SettingError {
    /// The message in `lang`: in English the error's `Display`, in Japanese the same facts
    /// and advice (`マージン「2」は時間ではありません。...`), for a page in the user's language.
    pub fn message(&self, lang: Lang) -> String {
        let q = |text: &str| lang.quote(text);
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Ja, SettingError::Margin(text)) => format!(
                "マージン{}は時間ではありません。単位を付けて書いてください（例: 1s、500ms、1.5秒）",
                q(text)
            ),
            (Lang::Ja, SettingError::MarginUnbounded(text)) => format!(
                "マージン{}は時間の長さではありません。1s や 500ms のように書いてください（マージンなしは 0s）",
                q(text)
            ),
            (Lang::Ja, SettingError::MarginTooLong(text)) => format!(
                "マージン{}は長すぎます。マージンは 24 時間までです",
                q(text)
            ),
            (Lang::Ja, SettingError::AmplificationThresholdTooLarge(text)) => format!(
                "増幅のしきい値{}は大きすぎます。しきい値は {} 回の試行までです",
                q(text),
                MAX_AMPLIFICATION_THRESHOLD
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
    Lang::En.quote(text)
}

/// Reads a sheet margin as typed (`1s`, `500ms`, `1.5秒`; `0s` for none) into milliseconds, at
/// most [`MAX_MARGIN_MS`] (24 h).
///
/// # Errors
///
/// [`SettingError::Margin`] for text that is not a duration with a unit (a bare number is
/// refused: a sheet setting has no product to take a unit from);
/// [`SettingError::MarginUnbounded`] for a word of no bound (`none`, `なし`);
/// [`SettingError::MarginTooLong`] for a duration over 24 h.
///
/// ```
/// assert_eq!(budget::read_margin(" 1.5秒 "), Ok(1_500));
/// assert_eq!(budget::read_margin("24h"), Ok(budget::MAX_MARGIN_MS));
/// assert!(budget::read_margin("2").is_err());
/// assert_eq!(
///     budget::read_margin("18446744073709551615ms").unwrap_err().to_string(),
///     "the margin \"18446744073709551615ms\" is too long: the margin must be at most 24 h"
/// );
/// ```
pub fn read_margin(text: &str) -> Result<u64, SettingError> {
    let too_long = || SettingError::MarginTooLong(text.trim().to_string());
    match crate::duration::parse(text, None) {
        Ok(ms) if ms > MAX_MARGIN_MS => Err(too_long()),
        Ok(ms) => Ok(ms),
        Err(crate::duration::DurationError::Overflow) => Err(too_long()),
        Err(_) if crate::duration::is_no_bound(&crate::duration::normalize(text)) => {
            Err(SettingError::MarginUnbounded(text.trim().to_string()))
        }
        Err(_) => Err(SettingError::Margin(text.trim().to_string())),
    }
}

/// Reads a retry amplification threshold as typed (`3`, `１０`) into a number of attempts, at
/// most [`MAX_AMPLIFICATION_THRESHOLD`] (1,000,000).
///
/// # Errors
///
/// [`SettingError::AmplificationThreshold`] for anything but a whole number of at least 1;
/// [`SettingError::AmplificationThresholdTooLarge`] for a whole number over 1,000,000.
///
/// ```
/// assert_eq!(budget::read_amplification_threshold("９"), Ok(9));
/// assert!(budget::read_amplification_threshold("0").is_err());
/// assert_eq!(
///     budget::read_amplification_threshold("1000001").unwrap_err().to_string(),
///     "the amplification threshold \"1000001\" is too large: the amplification threshold must be at most 1000000 attempts"
/// );
/// ```
pub fn read_amplification_threshold(text: &str) -> Result<u64, SettingError> {
    let normalized = crate::duration::normalize(text);
    let digits = normalized.trim();
    let too_large = || SettingError::AmplificationThresholdTooLarge(text.trim().to_string());
    match digits.parse::<u64>() {
        Ok(n) if n > MAX_AMPLIFICATION_THRESHOLD => Err(too_large()),
        Ok(n) if n >= 1 => Ok(n),
        // A whole number too large even for 64 bits.
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(too_large())
        }
        _ => Err(SettingError::AmplificationThreshold(
            text.trim().to_string(),
        )),
    }
}

/// The serde default of [`Sheet::amplification_threshold`].
fn default_amplification_threshold() -> u64 {
    DEFAULT_AMPLIFICATION_THRESHOLD
}

/// The language of a sheet's header row, messages and fixes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Japanese headers (`層`, `区間`, ...) and messages.
    Ja,
    /// English headers (`layer`, `segment`, ...) and messages.
    #[default]
    En,
}

impl Lang {
    /// The two-letter code used in URLs and storage: `"ja"` or `"en"`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }

    /// Reads a two-letter code (`"ja"` or `"en"`, case-insensitive); `None` for anything else.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "ja" => Some(Lang::Ja),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// Cell text quoted as typed, never escaped: `"⏱️🔥"` in English, `「⏱️🔥」` in Japanese.
    pub fn quote(self, text: &str) -> String {
        match self {
            Lang::En => format!("\"{text}\""),
            Lang::Ja => format!("「{text}」"),
        }
    }

    /// The other language, for exporting a sheet with the other header.
    pub fn other(self) -> Lang {
        match self {
            Lang::Ja => Lang::En,
            Lang::En => Lang::Ja,
        }
    }
}

/// The eight columns of a sheet, in export order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Column {
    /// `層` / `layer`: 1 is the outermost layer (the user's browser).
    Layer,
    /// `区間` / `segment`: a hop (`LB → app`) or one node name (`app`).
    Segment,
    /// `項目` / `item`: what the row bounds (`read timeout`, `tries and waits`).
    Item,
    /// `設定名` / `setting`: the product's setting name (`proxy_read_timeout`).
    Setting,
    /// `既定値` / `default`: the product's default, used when the value is not set.
    Default,
    /// `設定値` / `value`: the configured value.
    Value,
    /// `設定箇所` / `location`: where the setting lives.
    Location,
    /// `根拠` / `rationale`: free text.
    Rationale,
}

impl Column {
    /// All eight columns in sheet order.
    pub const ALL: [Column; 8] = [
        Column::Layer,
        Column::Segment,
        Column::Item,
        Column::Setting,
        Column::Default,
        Column::Value,
        Column::Location,
        Column::Rationale,
    ];

    /// The header text of this column in `lang`.
    pub fn header(self, lang: Lang) -> &'static str {
        let (ja, en) = match self {
            Column::Layer => ("層", "layer"),
            Column::Segment => ("区間", "segment"),
            Column::Item => ("項目", "item"),
            Column::Setting => ("設定名", "setting"),
            Column::Default => ("既定値", "default"),
            Column::Value => ("設定値", "value"),
            Column::Location => ("設定箇所", "location"),
            Column::Rationale => ("根拠", "rationale"),
        };
        match lang {
            Lang::Ja => ja,
            Lang::En => en,
        }
    }

    /// The column and language a header cell names (trimmed, English case-insensitive).
    pub fn from_header(cell: &str) -> Option<(Column, Lang)> {
        let cell = cell.trim();
        Column::ALL.into_iter().find_map(|c| {
            if cell == c.header(Lang::Ja) {
                Some((c, Lang::Ja))
            } else if cell.eq_ignore_ascii_case(c.header(Lang::En)) {
                Some((c, Lang::En))
            } else {
                None
            }
        })
    }
}

/// One row of a sheet: the eight cells exactly as typed. Nothing derived is stored here.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Row {
    /// `層` / `layer`.
    pub layer: String,
    /// `区間` / `segment`.
    pub segment: String,
    /// `項目` / `item`.
    pub item: String,
    /// `設定名` / `setting`.
    pub setting: String,
    /// `既定値` / `default`.
    pub default: String,
    /// `設定値` / `value`.
    pub value: String,
    /// `設定箇所` / `location`.
    pub location: String,
    /// `根拠` / `rationale`.
    pub rationale: String,
}

impl Row {
    /// A row of a segment, an item and a value as typed, its other cells empty: what most
    /// rows of a design hold.
    ///
    /// ```
    /// let row = budget::Row::new("app -> db", "read timeout", "2s").with_setting("timeout");
    /// assert_eq!((row.segment.as_str(), row.setting.as_str()), ("app -> db", "timeout"));
    /// ```
    pub fn new(segment: &str, item: &str, value: &str) -> Row {
        Row {
            segment: segment.into(),
            item: item.into(),
            value: value.into(),
            ..Row::default()
        }
    }

    /// This row with its setting name cell (`設定名` / `setting`) as typed.
    pub fn with_setting(self, setting: &str) -> Row {
        Row {
            setting: setting.into(),
            ..self
        }
    }

    /// This row with its default cell (`既定値` / `default`) as typed.
    pub fn with_default(self, default: &str) -> Row {
        Row {
            default: default.into(),
            ..self
        }
    }

    /// This row with its layer cell (`層` / `layer`) as typed.
    pub fn with_layer(self, layer: &str) -> Row {
        Row {
            layer: layer.into(),
            ..self
        }
    }

    /// This row with its location cell (`設定箇所` / `location`) as typed.
    pub fn with_location(self, location: &str) -> Row {
        Row {
            location: location.into(),
            ..self
        }
    }

    /// The cell of `column`.
    pub fn cell(&self, column: Column) -> &str {
        match column {
            Column::Layer => &self.layer,
            Column::Segment => &self.segment,
            Column::Item => &self.item,
            Column::Setting => &self.setting,
            Column::Default => &self.default,
            Column::Value => &self.value,
            Column::Location => &self.location,
            Column::Rationale => &self.rationale,
        }
    }

    /// The cell of `column`, mutably.
    pub fn cell_mut(&mut self, column: Column) -> &mut String {
        match column {
            Column::Layer => &mut self.layer,
            Column::Segment => &mut self.segment,
            Column::Item => &mut self.item,
            Column::Setting => &mut self.setting,
            Column::Default => &mut self.default,
            Column::Value => &mut self.value,
            Column::Location => &mut self.location,
            Column::Rationale => &mut self.rationale,
        }
    }

    /// Builds a row from eight cells in sheet order.
    pub fn from_cells(cells: [String; 8]) -> Row {
        let [layer, segment, item, setting, default, value, location, rationale] = cells;
        Row {
            layer,
            segment,
            item,
            setting,
            default,
            value,
            location,
            rationale,
        }
    }
}

/// One design document: the header language, the sheet settings (margin and retry
/// amplification threshold) and the rows in sheet order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Header language; messages and fixes follow it.
    pub lang: Lang,
    /// Margin in caller-covers-callee checks, in milliseconds (default [`DEFAULT_MARGIN_MS`]).
    pub margin_ms: u64,
    /// `retry.amplification` is reported where more attempts than this reach one node
    /// (default [`DEFAULT_AMPLIFICATION_THRESHOLD`]).
    #[serde(default = "default_amplification_threshold")]
    pub amplification_threshold: u64,
    /// The rows; row `i` (0-based) is line `i + 1` in reports.
    pub rows: Vec<Row>,
}

impl Sheet {
    /// A sheet with the default settings: a margin of 1 s, an amplification threshold of 3.
    pub fn new(lang: Lang, rows: Vec<Row>) -> Sheet {
        Sheet {
            lang,
            margin_ms: DEFAULT_MARGIN_MS,
            amplification_threshold: DEFAULT_AMPLIFICATION_THRESHOLD,
            rows,
        }
    }
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
        let none = read_margin(" None ").unwrap_err();
        assert_eq!(none, SettingError::MarginUnbounded("None".into()));
        assert_eq!(
            none.message(Lang::En),
            "the margin \"None\" is not a length of time: write a duration, e.g. 1s or 500ms, or 0s for no margin"
        );
        assert_eq!(
            read_margin("なし").unwrap_err().message(Lang::Ja),
            "マージン「なし」は時間の長さではありません。1s や 500ms のように書いてください（マージンなしは 0s）"
        );
        assert_eq!(
            SettingError::AmplificationThreshold("0".into()).message(Lang::Ja),
            "増幅のしきい値「0」は試行の回数ではありません。1 以上の整数で書いてください（例: 3）"
        );
    }
}
