//! Words in settings and cells: identifier tokens, and a word matched whole.

/// Whether `c` continues an identifier: an ASCII letter, digit or `_`.
pub(super) fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `text`: its longest runs of ASCII letters, digits and `_`
/// (`server.keepalivetimeout` holds `server` and `keepalivetimeout`; `2つ目` holds `2`).
pub(super) fn tokens(text: &str) -> impl Iterator<Item = &str> {
    // Every identifier character is ASCII, and no byte of a longer character is: the runs
    // are found byte by byte, and each starts and ends on a character boundary.
    let ident = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + bytes[at..].iter().position(ident)?;
        let end = bytes[start..]
            .iter()
            .position(|b| !ident(b))
            .map_or(bytes.len(), |n| start + n);
        at = end;
        Some(&text[start..end])
    })
}

/// Whether `word` occurs in `haystack` (both lower-case) with no ASCII letter, digit or `_`
/// right before or after it.
///
/// The occurrences are those `haystack.match_indices(word)` gives: from the left, each
/// looked for after the end of the one before. A cell and a word are a few dozen bytes, so
/// each occurrence is found by comparing the word where its first byte appears, with no
/// searcher set up for each word.
pub(super) fn contains_word(haystack: &str, word: &str) -> bool {
    let whole = |at: usize| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    };
    let (bytes, wanted) = (haystack.as_bytes(), word.as_bytes());
    let Some(&first) = wanted.first() else {
        // The empty word occurs at every character boundary.
        return haystack.match_indices(word).any(|(at, _)| whole(at));
    };
    let mut from = 0;
    // `first` starts a character (`word` is a `str`), so where it appears in `haystack` is a
    // character boundary.
    while let Some(i) = bytes[from..].iter().position(|&b| b == first) {
        let at = from + i;
        if bytes[at..].starts_with(wanted) {
            if whole(at) {
                return true;
            }
            from = at + wanted.len();
        } else {
            from = at + 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`contains_word`] as `str::match_indices` reads it.
    fn contains_word_by_match_indices(haystack: &str, word: &str) -> bool {
        haystack.match_indices(word).any(|(at, _)| {
            let before = haystack[..at].chars().next_back();
            let after = haystack[at + word.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
    }

    proptest::proptest! {
        /// A word is found whole exactly where `match_indices` finds it whole, overlapping
        /// occurrences (`a.a` in `xa.a.a`) included.
        #[test]
        fn a_word_is_found_whole_where_match_indices_finds_it(
            haystack in "[a._ あ]{0,12}",
            word in "[a._ あ]{0,4}",
        ) {
            proptest::prop_assert_eq!(
                contains_word(&haystack, &word),
                contains_word_by_match_indices(&haystack, &word)
            );
        }
    }

    proptest::proptest! {
        /// The tokens are the runs of identifier characters, split at every other character.
        #[test]
        fn the_tokens_are_the_runs_between_other_characters(text in "[a_1 .あ-]{0,16}") {
            let split: Vec<&str> = text
                .split(|c: char| !is_ident(c))
                .filter(|t| !t.is_empty())
                .collect();
            proptest::prop_assert_eq!(tokens(&text).collect::<Vec<_>>(), split);
        }
    }

    #[test]
    fn an_occurrence_inside_an_earlier_one_is_not_looked_at() {
        assert!(!contains_word("xa.a.a", "a.a"));
        assert!(contains_word("x a.a", "a.a"));
        assert!(contains_word("nginx.conf の location", "nginx"));
        assert!(!contains_word("ingress_nginx", "nginx"));
    }
}
