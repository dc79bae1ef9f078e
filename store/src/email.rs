//! E-mail addresses as team mode takes them for a new account, an invitation or a single
//! sign-on header: an `@` with something on each side, at most [`MAX_EMAIL_CHARS`]
//! characters, no character a reader cannot see or that reorders what they see, and no part
//! that mixes scripts which look alike.
//!
//! The address names a person in the member list, the audit log and every revision they
//! make, so two addresses that look the same must not be two accounts: `аda@example.com`
//! with a Cyrillic `а` would pass for `ada@example.com` (Unicode Technical Standard #39,
//! "Unicode Security Mechanisms": mixed-script confusables). Each part (the local part and
//! the domain) must meet TR39's *highly restrictive* level, which allows one script, or Latin
//! with the scripts written beside it in Japanese, Chinese or Korean, so
//! `山田@example.jp` and `yamada@例え.jp` are taken; the `unicode-security` crate implements
//! the levels.

use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// The longest e-mail address a sign-in takes, in characters: the longest a mail server
/// takes in a path (RFC 5321 §4.5.3.1.3, 256 octets with the angle brackets).
pub const MAX_EMAIL_CHARS: usize = 254;

/// Why a text is not an address the workbench takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    /// No `@`, or nothing before or after the last one.
    #[error("{0:?} is not an e-mail address: it needs an @ with something on each side")]
    NoAt(String),
    /// More than [`MAX_EMAIL_CHARS`] characters.
    #[error("{0:?} is not an e-mail address: it has more than {MAX_EMAIL_CHARS} characters")]
    TooLong(String),
    /// A character that is invisible, a control, reorders text (bidirectional) or is not
    /// used in addresses; with its position (counted from 1).
    #[error(
        "{text:?} is not an e-mail address the workbench takes: it has U+{code:04X} at character {position} (a control, invisible, bidirectional or other character not used in addresses)"
    )]
    Character {
        /// The text as given.
        text: String,
        /// The character's code point.
        code: u32,
        /// Its position, from 1.
        position: usize,
    },
    /// A part mixing scripts that look alike.
    #[error(
        "{text:?} is not an e-mail address the workbench takes: {part:?} mixes scripts that look alike (such as Latin and Cyrillic)"
    )]
    MixedScripts {
        /// The text as given.
        text: String,
        /// The local part or the domain.
        part: String,
    },
}

/// `text` as an account's address: trimmed and in lower case.
///
/// # Errors
///
/// An [`EmailError`] saying what is wrong; see the module docs for the rules.
pub fn parse_email(text: &str) -> Result<String, EmailError> {
    let email = text.trim().to_lowercase();
    if email.chars().count() > MAX_EMAIL_CHARS {
        return Err(EmailError::TooLong(text.to_string()));
    }
    if let Some((position, c)) = email.chars().enumerate().find(|(_, c)| !allowed_char(*c)) {
        return Err(EmailError::Character {
            text: text.to_string(),
            code: u32::from(c),
            position: position + 1,
        });
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return Err(EmailError::NoAt(text.to_string()));
    };
    if local.is_empty() || domain.is_empty() || local.contains('@') {
        return Err(EmailError::NoAt(text.to_string()));
    }
    for part in [local, domain] {
        let letters: String = part.chars().filter(|c| !c.is_ascii_punctuation()).collect();
        if !letters
            .as_str()
            .check_restriction_level(RestrictionLevel::HighlyRestrictive)
        {
            return Err(EmailError::MixedScripts {
                text: text.to_string(),
                part: part.to_string(),
            });
        }
    }
    Ok(email)
}

/// Whether `c` may appear in an address: a visible ASCII character (RFC 5322's `atext`, the
/// dot and the `@`), or a character TR39 allows in identifiers (letters, digits and marks of
/// the scripts in common use; no controls, spaces, format characters such as the zero-width
/// ones, bidirectional controls or symbols).
fn allowed_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_graphic() && !"\"(),:;<>[\\]".contains(c)
    } else {
        c.identifier_allowed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_japanese_addresses_are_taken_in_lower_case() {
        assert_eq!(
            parse_email(" Ada.Lovelace+wb@Example.COM ").as_deref(),
            Ok("ada.lovelace+wb@example.com")
        );
        assert_eq!(
            parse_email("山田@example.jp").as_deref(),
            Ok("山田@example.jp")
        );
        assert_eq!(
            parse_email("やまだ@例え.jp").as_deref(),
            Ok("やまだ@例え.jp")
        );
    }

    #[test]
    fn an_address_needs_an_at_with_something_on_each_side() {
        for text in ["ada", "@example.com", "ada@", "a@b@c"] {
            assert_eq!(
                parse_email(text),
                Err(EmailError::NoAt(text.into())),
                "{text}"
            );
        }
        assert_eq!(
            parse_email("ada").unwrap_err().to_string(),
            "\"ada\" is not an e-mail address: it needs an @ with something on each side"
        );
    }

    #[test]
    fn controls_bidirectional_and_invisible_characters_are_refused_with_their_place() {
        for (text, code, position) in [
            ("ada\u{202E}moc.elpmaxe@x.com", 0x202E, 4),
            ("ad\u{200B}a@example.com", 0x200B, 3),
            ("\u{FEFF}ada@example.com", 0xFEFF, 1),
            ("ada@exam\u{2066}ple.com", 0x2066, 9),
            ("ada@example.com\u{7}", 0x7, 16),
            ("a da@example.com", 0x20, 2),
            ("ada\u{3000}b@example.com", 0x3000, 4),
        ] {
            assert_eq!(
                parse_email(text),
                Err(EmailError::Character {
                    text: text.into(),
                    code,
                    position
                }),
                "{text:?}"
            );
        }
        assert_eq!(
            parse_email("ad\u{200B}a@example.com").unwrap_err().to_string(),
            "\"ad\\u{200b}a@example.com\" is not an e-mail address the workbench takes: it has U+200B at character 3 (a control, invisible, bidirectional or other character not used in addresses)"
        );
    }

    #[test]
    fn a_part_that_mixes_look_alike_scripts_is_refused() {
        // A Cyrillic а (U+0430) in a Latin name, and in a Latin domain.
        assert_eq!(
            parse_email("\u{430}da@example.com"),
            Err(EmailError::MixedScripts {
                text: "\u{430}da@example.com".into(),
                part: "\u{430}da".into()
            })
        );
        assert_eq!(
            parse_email("ada@ex\u{430}mple.com"),
            Err(EmailError::MixedScripts {
                text: "ada@ex\u{430}mple.com".into(),
                part: "ex\u{430}mple.com".into()
            })
        );
        // A Greek ο (U+03BF) among Latin letters.
        assert!(matches!(
            parse_email("g\u{3BF}\u{3BF}gle@example.com"),
            Err(EmailError::MixedScripts { .. })
        ));
        // One script throughout is fine, Cyrillic included.
        assert_eq!(
            parse_email("\u{430}\u{434}\u{430}@example.com").as_deref(),
            Ok("\u{430}\u{434}\u{430}@example.com")
        );
    }

    #[test]
    fn an_address_over_254_characters_is_refused() {
        let long = format!("{}@example.com", "a".repeat(243));
        assert_eq!(long.chars().count(), 255);
        assert_eq!(parse_email(&long), Err(EmailError::TooLong(long.clone())));
        assert!(parse_email(&long[1..]).is_ok());
    }
}
