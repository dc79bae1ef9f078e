//! A sheet's name, read once at the boundary (a form, a server function, the JSON API) into
//! a [`SheetName`]; the store takes only that type, so a name it writes has been checked.

use std::fmt;
use std::str::FromStr;

use budget::Lang;
use serde::{Deserialize, Serialize};

use crate::words::{t, t_args};

/// A sheet name as it is stored: trimmed, 1 to [`SheetName::MAX_CHARS`] characters (Unicode
/// scalar values), and free of what would mislead or break a reader of it (see
/// [`Forbidden`]).
///
/// ```
/// use workbench_model::SheetName;
///
/// assert_eq!(SheetName::parse("  予約  ").unwrap().as_str(), "予約");
/// assert_eq!(
///     SheetName::parse("a\nb").unwrap_err().to_string(),
///     "a sheet name cannot hold control characters: \"a\\nb\" has U+000A at character 2; remove it"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SheetName(String);

/// What a sheet name may not hold, in the order it is looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forbidden {
    /// A control character (`char::is_control`: C0, DEL and C1, NUL, CR and LF included).
    ControlCharacter,
    /// A bidirectional text control ([`is_bidi_control`]): in a name it can make `txt.exe`
    /// read as `exe.txt`.
    BidiControl,
    /// U+FFFD, which a decoder puts where bytes were not UTF-8 (a rename sent `%ff`).
    ReplacementCharacter,
}

impl Forbidden {
    /// What `c` is when a sheet name may not hold it, or `None` when it may.
    pub fn of(c: char) -> Option<Forbidden> {
        if c.is_control() {
            Some(Forbidden::ControlCharacter)
        } else if is_bidi_control(c) {
            Some(Forbidden::BidiControl)
        } else if c == char::REPLACEMENT_CHARACTER {
            Some(Forbidden::ReplacementCharacter)
        } else {
            None
        }
    }
}

impl Forbidden {
    /// What it is, in `lang`: `control characters`, `bidirectional text controls`, `the
    /// replacement character (bytes that were not UTF-8)`.
    pub fn words(self, lang: Lang) -> String {
        t(
            lang,
            match self {
                Forbidden::ControlCharacter => "name-control-characters",
                Forbidden::BidiControl => "name-bidi-controls",
                Forbidden::ReplacementCharacter => "name-replacement-character",
            },
        )
    }
}

impl fmt::Display for Forbidden {
    /// Its [`Forbidden::words`] in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

/// Why a text is not a [`SheetName`]; the message says how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SheetNameError {
    /// Empty, or longer than [`SheetName::MAX_CHARS`], after trimming.
    Length {
        /// The text as given (not trimmed).
        name: String,
        /// Its length after trimming, in characters.
        count: usize,
    },
    /// The trimmed name holds a character it may not.
    Holds {
        /// The text after trimming.
        name: String,
        /// What the first such character is.
        what: Forbidden,
        /// That character's code point.
        code_point: u32,
        /// Its place in the trimmed name, counted in characters from 1.
        at: usize,
    },
}

impl SheetNameError {
    /// The message in `lang`, saying how to fix the name: `a sheet name needs 1 to 200
    /// characters after trimming; "" has 0`, `シート名は前後の空白を除いて 1〜200 文字です。…`.
    /// The name is quoted with Rust's escapes (`"a\nb"`), so that a control character in it
    /// is visible.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            SheetNameError::Length { name, count } => t_args(
                lang,
                "name-length",
                [
                    ("max", SheetName::MAX_CHARS.to_string().into()),
                    ("name", format!("{name:?}").into()),
                    ("count", count.to_string().into()),
                ],
            ),
            SheetNameError::Holds {
                name,
                what,
                code_point,
                at,
            } => t_args(
                lang,
                "name-holds",
                [
                    ("what", what.words(lang).into()),
                    ("name", format!("{name:?}").into()),
                    ("code", format!("{code_point:04X}").into()),
                    ("at", at.to_string().into()),
                ],
            ),
        }
    }
}

impl fmt::Display for SheetNameError {
    /// The English [`SheetNameError::message`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for SheetNameError {}

impl SheetName {
    /// The longest sheet name, in characters (Unicode scalar values), after trimming. The
    /// page's name inputs use it as their `maxlength`.
    pub const MAX_CHARS: usize = 200;

    /// `name` trimmed, when it is a sheet name.
    ///
    /// # Errors
    ///
    /// [`SheetNameError::Length`] when it is empty or longer than [`SheetName::MAX_CHARS`]
    /// characters after trimming; [`SheetNameError::Holds`] for the first character of the
    /// trimmed name that is [`Forbidden`].
    pub fn parse(name: &str) -> Result<SheetName, SheetNameError> {
        let trimmed = name.trim();
        let count = trimmed.chars().count();
        if count == 0 || count > SheetName::MAX_CHARS {
            return Err(SheetNameError::Length {
                name: name.to_string(),
                count,
            });
        }
        let forbidden = trimmed
            .chars()
            .enumerate()
            .find_map(|(at, c)| Forbidden::of(c).map(|what| (at, c, what)));
        if let Some((at, c, what)) = forbidden {
            return Err(SheetNameError::Holds {
                name: trimmed.to_string(),
                what,
                code_point: u32::from(c),
                at: at + 1,
            });
        }
        Ok(SheetName(trimmed.to_string()))
    }

    /// The name as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for SheetName {
    type Err = SheetNameError;

    /// [`SheetName::parse`].
    fn from_str(name: &str) -> Result<SheetName, SheetNameError> {
        SheetName::parse(name)
    }
}

impl TryFrom<String> for SheetName {
    type Error = SheetNameError;

    /// [`SheetName::parse`].
    fn try_from(name: String) -> Result<SheetName, SheetNameError> {
        SheetName::parse(&name)
    }
}

impl From<SheetName> for String {
    fn from(name: SheetName) -> String {
        name.0
    }
}

impl AsRef<str> for SheetName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SheetName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `c` is a bidirectional text control (U+202A–U+202E embeddings and overrides,
/// U+2066–U+2069 isolates): in a name it can make `txt.exe` read as `exe.txt`.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_name_is_said_in_either_language() {
        let empty = SheetName::parse("  ").unwrap_err();
        assert_eq!(
            empty.message(Lang::En),
            r#"a sheet name needs 1 to 200 characters after trimming; "  " has 0"#
        );
        assert_eq!(
            empty.message(Lang::Ja),
            r#"シート名は前後の空白を除いて 1〜200 文字です。"  " は 0 文字です"#
        );
        let bidi = SheetName::parse("a\u{202E}b").unwrap_err();
        assert_eq!(
            bidi.message(Lang::Ja),
            r#"シート名に双方向テキストの制御文字は使えません。"a\u{202e}b" の 2 文字目が U+202E です。取り除いてください"#
        );
    }

    fn refusal(name: &str) -> String {
        SheetName::parse(name).unwrap_err().to_string()
    }

    #[test]
    fn a_name_is_trimmed_once_and_kept_as_typed_inside() {
        assert_eq!(SheetName::parse("\t名前\n").unwrap().as_str(), "名前");
        assert_eq!(SheetName::parse("  a  b ").unwrap().to_string(), "a  b");
        assert_eq!("plan".parse::<SheetName>().unwrap().as_str(), "plan");
    }

    #[test]
    fn a_name_of_200_characters_is_kept_and_one_more_is_refused() {
        let longest = "あ".repeat(SheetName::MAX_CHARS);
        assert_eq!(SheetName::MAX_CHARS, 200);
        assert_eq!(
            SheetName::parse(&format!("  {longest}  "))
                .unwrap()
                .as_str(),
            longest
        );
        let too_long = "あ".repeat(201);
        assert_eq!(
            refusal(&too_long),
            format!("a sheet name needs 1 to 200 characters after trimming; {too_long:?} has 201")
        );
        assert_eq!(
            SheetName::parse(" \t").unwrap_err(),
            SheetNameError::Length {
                name: " \t".into(),
                count: 0
            }
        );
        assert_eq!(
            refusal(" \t"),
            "a sheet name needs 1 to 200 characters after trimming; \" \\t\" has 0"
        );
    }

    #[test]
    fn names_with_controls_are_refused_with_where() {
        assert_eq!(
            refusal("ok\u{202E}gpj.exe"),
            "a sheet name cannot hold bidirectional text controls: \"ok\\u{202e}gpj.exe\" has U+202E at character 3; remove it"
        );
        assert_eq!(
            refusal("a\u{0}b"),
            "a sheet name cannot hold control characters: \"a\\0b\" has U+0000 at character 2; remove it"
        );
        assert_eq!(
            refusal("x\r\ny"),
            "a sheet name cannot hold control characters: \"x\\r\\ny\" has U+000D at character 2; remove it"
        );
        assert_eq!(
            refusal(" \u{2066} "),
            "a sheet name cannot hold bidirectional text controls: \"\\u{2066}\" has U+2066 at character 1; remove it"
        );
        assert_eq!(
            SheetName::parse("a\u{FFFD}b").unwrap_err(),
            SheetNameError::Holds {
                name: "a\u{FFFD}b".into(),
                what: Forbidden::ReplacementCharacter,
                code_point: 0xFFFD,
                at: 2
            }
        );
        assert_eq!(
            refusal("a\u{FFFD}b"),
            "a sheet name cannot hold the replacement character (bytes that were not UTF-8): \"a�b\" has U+FFFD at character 2; remove it"
        );
    }

    #[test]
    fn a_name_deserialises_only_when_it_parses() {
        let name: SheetName = serde_json::from_str("\" plan \"").unwrap();
        assert_eq!(name.as_str(), "plan");
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"plan\"");
        let err = serde_json::from_str::<SheetName>("\"a\\u0000b\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("a sheet name cannot hold control characters"),
            "{err}"
        );
    }
}
