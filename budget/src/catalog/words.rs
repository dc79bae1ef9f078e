//! Words in settings and cells: identifier tokens, and a word matched whole.

/// Whether `c` continues an identifier: an ASCII letter, digit or `_`.
pub(super) fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `text`: its longest runs of ASCII letters, digits and `_`
/// (`server.keepalivetimeout` holds `server` and `keepalivetimeout`; `2つ目` holds `2`).
pub(super) fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_ident(c)).filter(|t| !t.is_empty())
}

/// Whether `word` occurs in `haystack` (both lower-case) with no ASCII letter, digit or `_`
/// right before or after it.
pub(super) fn contains_word(haystack: &str, word: &str) -> bool {
    haystack.match_indices(word).any(|(at, _)| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}
