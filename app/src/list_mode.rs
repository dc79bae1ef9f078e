//! What the sheet list shows of one sheet besides its numbers: its name as a link, a rename
//! form, or a delete confirmation. The mode lives in the list's address (`/?rename=7`,
//! `/?delete=7`), so the Rename and Delete links, their forms and Cancel work the same with
//! JavaScript and without it (a plain link, a plain form post that redirects back), and a
//! refused rename comes back to its open form with the reason.

use serde::{Deserialize, Serialize};

/// The query parameter that opens the rename form of a sheet: `/?rename=7`.
pub const RENAME: &str = "rename";

/// The query parameter that asks to confirm the deletion of a sheet: `/?delete=7`.
pub const DELETE: &str = "delete";

/// The query parameters a server function's form post adds to its redirect when it fails
/// (Leptos' `form-redirects`: the function's path and its encoded error).
const ERROR_PARAMETERS: [&str; 2] = ["__path", "__err"];

/// What the list shows of one sheet. Serializable: the sheet list's island gets the mode its
/// page was loaded in as a prop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListMode {
    /// Every sheet's name as a link, with Rename and Delete.
    Show,
    /// The rename form of sheet `0`.
    Rename(i64),
    /// "Delete …?" for sheet `0`, with Delete and Cancel.
    ConfirmDelete(i64),
}

impl ListMode {
    /// The mode of the list's query parameters [`RENAME`] and [`DELETE`] (`rename` first);
    /// [`ListMode::Show`] when neither names a sheet by number.
    pub fn from_query(rename: Option<&str>, delete: Option<&str>) -> ListMode {
        let id = |value: Option<&str>| value.and_then(|v| v.trim().parse::<i64>().ok());
        if let Some(id) = id(rename) {
            ListMode::Rename(id)
        } else if let Some(id) = id(delete) {
            ListMode::ConfirmDelete(id)
        } else {
            ListMode::Show
        }
    }

    /// The mode of an address's query string (`location.search`: `?rename=7`, `?delete=7&x=1`),
    /// read as [`ListMode::from_query`] reads its parameters (the first of each counts).
    ///
    /// ```
    /// use app::list_mode::ListMode;
    ///
    /// assert_eq!(ListMode::from_search("?x=1&delete=7"), ListMode::ConfirmDelete(7));
    /// ```
    pub fn from_search(search: &str) -> ListMode {
        let pairs = || {
            search
                .trim_start_matches('?')
                .split('&')
                .filter_map(|pair| pair.split_once('='))
        };
        let value = |name: &str| pairs().find(|(key, _)| *key == name).map(|(_, v)| v);
        ListMode::from_query(value(RENAME), value(DELETE))
    }

    /// The list's address in this mode: `/`, `/?rename=7` or `/?delete=7`.
    pub fn href(self) -> String {
        match self {
            ListMode::Show => "/".to_string(),
            ListMode::Rename(id) => format!("/?{RENAME}={id}"),
            ListMode::ConfirmDelete(id) => format!("/?{DELETE}={id}"),
        }
    }

    /// The mode sheet `id` is in: [`ListMode::Show`] unless this mode is about it.
    pub fn of_sheet(self, id: i64) -> ListMode {
        match self {
            ListMode::Rename(of) | ListMode::ConfirmDelete(of) if of == id => self,
            _ => ListMode::Show,
        }
    }
}

/// `url` (a page's address, as a `Referer` gives it) without the list's mode and without a
/// failed form post's error parameters: where a rename or a delete that succeeded goes back
/// to. Every other part is kept as it is (a foreign host too: the server's redirect guard
/// turns that into `/`).
///
/// ```
/// use app::list_mode::without_mode;
///
/// assert_eq!(without_mode("http://127.0.0.1:3000/?rename=7"), "http://127.0.0.1:3000/");
/// assert_eq!(without_mode("/sheets/1?x=1&delete=2#top"), "/sheets/1?x=1#top");
/// ```
pub fn without_mode(url: &str) -> String {
    let (rest, fragment) = match url.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (url, None),
    };
    let mut out = match rest.split_once('?') {
        None => rest.to_string(),
        Some((path, query)) => {
            let kept: Vec<&str> = query
                .split('&')
                .filter(|pair| {
                    let key = pair.split('=').next().unwrap_or_default();
                    !pair.is_empty()
                        && key != RENAME
                        && key != DELETE
                        && !ERROR_PARAMETERS.contains(&key)
                })
                .collect();
            if kept.is_empty() {
                path.to_string()
            } else {
                format!("{path}?{}", kept.join("&"))
            }
        }
    };
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mode_comes_from_the_query_and_goes_back_into_it() {
        assert_eq!(ListMode::from_query(Some("7"), None), ListMode::Rename(7));
        assert_eq!(
            ListMode::from_query(None, Some(" 12 ")),
            ListMode::ConfirmDelete(12)
        );
        assert_eq!(
            ListMode::from_query(Some("7"), Some("8")),
            ListMode::Rename(7)
        );
        assert_eq!(ListMode::from_query(Some("x"), Some("")), ListMode::Show);
        assert_eq!(ListMode::from_query(None, None), ListMode::Show);
        assert_eq!(ListMode::Rename(7).href(), "/?rename=7");
        assert_eq!(ListMode::ConfirmDelete(7).href(), "/?delete=7");
        assert_eq!(ListMode::Show.href(), "/");
    }

    #[test]
    fn the_mode_comes_from_an_addresss_query_string() {
        assert_eq!(ListMode::from_search("?rename=7"), ListMode::Rename(7));
        assert_eq!(
            ListMode::from_search("?__path=%2Fapi&delete=3&rename=x"),
            ListMode::ConfirmDelete(3)
        );
        assert_eq!(
            ListMode::from_search("?rename=4&rename=5"),
            ListMode::Rename(4)
        );
        assert_eq!(ListMode::from_search("?renamed=4"), ListMode::Show);
        assert_eq!(ListMode::from_search(""), ListMode::Show);
        for mode in [
            ListMode::Show,
            ListMode::Rename(9),
            ListMode::ConfirmDelete(2),
        ] {
            let href = mode.href();
            let search = href.trim_start_matches('/');
            assert_eq!(ListMode::from_search(search), mode);
        }
    }

    #[test]
    fn only_the_sheet_a_mode_names_is_in_it() {
        assert_eq!(ListMode::Rename(7).of_sheet(7), ListMode::Rename(7));
        assert_eq!(ListMode::Rename(7).of_sheet(8), ListMode::Show);
        assert_eq!(
            ListMode::ConfirmDelete(3).of_sheet(3),
            ListMode::ConfirmDelete(3)
        );
        assert_eq!(ListMode::Show.of_sheet(3), ListMode::Show);
    }

    #[test]
    fn going_back_drops_the_mode_and_a_failed_posts_error_only() {
        for (url, expected) in [
            ("http://127.0.0.1:3000/?rename=7", "http://127.0.0.1:3000/"),
            ("/?rename=7&__path=%2Fapi%2Frename_sheet&__err=eyJ9", "/"),
            ("/?delete=3&x=1", "/?x=1"),
            ("/sheets/1?x=1", "/sheets/1?x=1"),
            ("http://evil.example/phish", "http://evil.example/phish"),
            ("/?renamed=1&&rename", "/?renamed=1"),
            ("/#list", "/#list"),
            ("", ""),
        ] {
            assert_eq!(without_mode(url), expected, "{url}");
        }
    }
}
