//! Retry conditions (`budget-model.md` §4.1): the failures that start another try, and what
//! each says about the request: whether it has reached the callee.
//!
//! A `retry_on` value is a list (commas, spaces, `、`) of words, each case-insensitive, in four
//! groups ([`Group`]). A retry only on early conditions repeats only the early phase of a try
//! (connecting, and sending the header when `header-send` is listed) and never delivers the
//! request twice; any other condition repeats whole tries.
//!
//! ```
//! use budget::retry_on::{read, Group};
//! let on = read("connect-failure, connect-timeout, header-send").unwrap();
//! assert!(on.all_early() && on.header_send());
//! let on = read("接続失敗、タイムアウト").unwrap();
//! assert!(!on.all_early());
//! assert_eq!(read("4xx, 5xx").unwrap().words_in(Group::Pointless), ["4xx"]);
//! assert_eq!(read("connect-failure, sometimes").unwrap_err(), "sometimes");
//! ```

use crate::duration::normalize;

/// What a retry condition says about the request when it fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The request has not reached the callee: connecting failed or timed out, the stream was
    /// refused, sending the header failed. A retry repeats only the early phase and is safe.
    Early,
    /// The request reached the callee and was refused unprocessed (`429`, `408`): a retry
    /// repeats the whole try but cannot run the request twice.
    Refused,
    /// The request was rejected (`400`, `401`, `403`, `404`, `422`, `4xx`): it fails the same
    /// way again.
    Pointless,
    /// The request may have run (`timeout`, `5xx`, `reset`, `any`): a retry repeats the whole
    /// try and may run it twice.
    Late,
}

impl Group {
    /// The group's name: `early`, `refused`, `pointless`, `late`.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Early => "early",
            Group::Refused => "refused",
            Group::Pointless => "pointless",
            Group::Late => "late",
        }
    }
}

/// One condition as read: its word in the canonical (English) form and its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The canonical word: `connect-failure`, `429`, `4xx`, `timeout`, `503`.
    pub word: &'static str,
    /// What it says about the request.
    pub group: Group,
}

/// A `retry_on` value: its conditions in the order written (each once), and nginx's
/// `non_idempotent` flag.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetryOn {
    /// The conditions, each once, in the order first written.
    pub conditions: Vec<Condition>,
    /// nginx's `non_idempotent`: a request with a non-idempotent method (POST, LOCK, PATCH) is
    /// passed to the next server too. Without it nginx retries such a request only when it was
    /// not sent to an upstream server (`proxy_next_upstream`,
    /// <https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_next_upstream>).
    pub non_idempotent: bool,
    /// `off` / `none` / `なし`: nothing starts another try (nginx `proxy_next_upstream off`,
    /// HAProxy `retry-on none`); `conditions` is then empty.
    pub never: bool,
}

impl RetryOn {
    /// Whether every condition is early (and there is at least one): the retries repeat only
    /// the early phase of each failed try.
    pub fn all_early(&self) -> bool {
        !self.conditions.is_empty() && self.conditions.iter().all(|c| c.group == Group::Early)
    }

    /// Whether no condition can run the request twice: every one is early or refused (or
    /// nothing retries).
    pub fn safe(&self) -> bool {
        self.conditions
            .iter()
            .all(|c| matches!(c.group, Group::Early | Group::Refused))
    }

    /// Whether `header-send` is a condition: the early phase includes sending the header.
    pub fn header_send(&self) -> bool {
        self.conditions.iter().any(|c| c.word == "header-send")
    }

    /// The canonical words of the conditions in `group`, in the order written.
    pub fn words_in(&self, group: Group) -> Vec<&'static str> {
        self.conditions
            .iter()
            .filter(|c| c.group == group)
            .map(|c| c.word)
            .collect()
    }

    /// The conditions of `self` that start a retry of a non-idempotent request on nginx
    /// without `non_idempotent`: only those where the request was not sent (connecting
    /// failed or timed out). nginx's `error` and `timeout` include those.
    pub fn nginx_unsent(&self) -> RetryOn {
        let any = |words: &[&str]| self.conditions.iter().any(|c| words.contains(&c.word));
        let mut conditions = Vec::new();
        if any(&["error", "connect-failure", "any"]) {
            conditions.push(word("connect-failure"));
        }
        if any(&["timeout", "connect-timeout", "any"]) {
            conditions.push(word("connect-timeout"));
        }
        RetryOn {
            conditions,
            non_idempotent: false,
            never: false,
        }
    }

    /// The conditions as a list: `connect-failure, timeout` (`接続失敗、タイムアウト`).
    pub fn describe(&self, lang: crate::Lang) -> String {
        if self.never {
            return match lang {
                crate::Lang::En => "off".to_string(),
                crate::Lang::Ja => "なし".to_string(),
            };
        }
        let words: Vec<&str> = self
            .conditions
            .iter()
            .map(|c| match lang {
                crate::Lang::En => c.word,
                crate::Lang::Ja => japanese(c.word).unwrap_or(c.word),
            })
            .collect();
        match lang {
            crate::Lang::En => words.join(", "),
            crate::Lang::Ja => words.join("、"),
        }
    }
}

/// The words of each group, canonical first, then their synonyms (lower case, `_` read as
/// `-`): `budget-model.md` §4.1, the Japanese words, and the forms products write (nginx
/// `invalid_header`, `http_502`; gRPC's status names; HAProxy's `conn-failure`).
const WORDS: &[(&str, Group, &[&str])] = &[
    (
        "connect-failure",
        Group::Early,
        &[
            "conn-failure",
            "接続失敗",
            "connection-failure",
            "connect-error",
        ],
    ),
    (
        "connect-timeout",
        Group::Early,
        &["接続タイムアウト", "conn-timeout", "connection-timeout"],
    ),
    ("refused-stream", Group::Early, &["ストリーム拒否"]),
    // HAProxy: the server rejected 0-RTT early data, which it did not process.
    ("0rtt-rejected", Group::Early, &[]),
    ("header-send", Group::Early, &["ヘッダ送信", "ヘッダー送信"]),
    ("429", Group::Refused, &["resource-exhausted"]),
    ("408", Group::Refused, &[]),
    ("425", Group::Refused, &[]),
    ("400", Group::Pointless, &[]),
    ("401", Group::Pointless, &[]),
    ("403", Group::Pointless, &[]),
    ("404", Group::Pointless, &[]),
    ("422", Group::Pointless, &[]),
    ("4xx", Group::Pointless, &["retriable-4xx"]),
    (
        "timeout",
        Group::Late,
        &["タイムアウト", "deadline-exceeded"],
    ),
    (
        "read-timeout",
        Group::Late,
        &["読み取りタイムアウト", "response-timeout"],
    ),
    // HAProxy: the server closed without a response, or sent one it cannot parse.
    ("empty-response", Group::Late, &[]),
    ("junk-response", Group::Late, &[]),
    // nginx: the server returned an empty or invalid response.
    ("invalid-header", Group::Late, &[]),
    ("5xx", Group::Late, &["retriable-status-codes"]),
    ("gateway-error", Group::Late, &[]),
    ("reset", Group::Late, &["cancelled", "canceled", "リセット"]),
    ("unavailable", Group::Late, &[]),
    ("error", Group::Late, &["internal", "エラー"]),
    (
        "any",
        Group::Late,
        &["すべて", "全て", "all", "all-retryable-errors"],
    ),
];

/// The Japanese word of a canonical word, where §4.1 gives one.
fn japanese(word: &str) -> Option<&'static str> {
    match word {
        "connect-failure" => Some("接続失敗"),
        "connect-timeout" => Some("接続タイムアウト"),
        "header-send" => Some("ヘッダ送信"),
        "timeout" => Some("タイムアウト"),
        "any" => Some("すべて"),
        _ => None,
    }
}

/// The condition of a canonical word of [`WORDS`].
fn word(canonical: &str) -> Condition {
    let (word, group, _) = WORDS
        .iter()
        .find(|(w, ..)| *w == canonical)
        .expect("a canonical word of WORDS");
    Condition {
        word,
        group: *group,
    }
}

/// The canonical (English) words of §4.1, each with its group: what a catalog's `retry_on`
/// cell and a sheet's value may use without synonyms.
pub fn canonical_words() -> impl Iterator<Item = (&'static str, Group)> {
    WORDS.iter().map(|(w, g, _)| (*w, *g))
}

/// Every status code of the `5NN` form that is a single code (`503`), as its own word.
fn single_5nn(word: &str) -> Option<&str> {
    let digits = word.strip_prefix("http-").unwrap_or(word);
    (digits.len() == 3 && digits.starts_with('5') && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
}

/// Reads one word (lower case, `_` read as `-`): its condition, nginx's `non_idempotent` (as
/// `Ok(None)`), or `Err` when it is none of them.
fn read_word(w: &str) -> Result<Option<Condition>, ()> {
    if w == "non-idempotent" {
        return Ok(None);
    }
    let bare = w.strip_prefix("http-").unwrap_or(w);
    if let Some((word, group, _)) = WORDS
        .iter()
        .find(|(word, _, synonyms)| *word == bare || synonyms.contains(&bare))
    {
        return Ok(Some(Condition {
            word,
            group: *group,
        }));
    }
    if let Some(code) = single_5nn(bare) {
        // A single 5NN keeps its code, as a slice of a static text.
        let n: usize = code[1..].parse().map_err(|_| ())?;
        return Ok(Some(Condition {
            word: &FIVE_NN[n * 3..n * 3 + 3],
            group: Group::Late,
        }));
    }
    Err(())
}

/// The status codes 500 to 599 written one after another, three digits each: a single
/// `5NN` condition's word is its slice of this static text.
const FIVE_NN: &str = "500501502503504505506507508509510511512513514515516517518519520521522523524525526527528529530531532533534535536537538539540541542543544545546547548549550551552553554555556557558559560561562563564565566567568569570571572573574575576577578579580581582583584585586587588589590591592593594595596597598599";

/// Reads a `retry_on` value into its conditions.
///
/// `off`, `none`, `never`, `なし` or `しない` alone means nothing retries ([`RetryOn::never`]).
/// The list is split at commas (`,`, `、`, full-width `，`), `;`, `・`, `/` and `|`; a part that is one word
/// with spaces (`connect failure`) is read as that word, else each of its space-separated
/// words is read (`error timeout`, nginx's own form). `_` reads as `-`, case is ignored.
///
/// # Errors
///
/// The first word that is no condition, as written (trimmed). An empty list is an error
/// too, with the empty word.
pub fn read(text: &str) -> Result<RetryOn, String> {
    let normalized = normalize(text);
    if matches!(
        normalized.trim(),
        "off" | "none" | "never" | "no" | "なし" | "無し" | "しない"
    ) {
        return Ok(RetryOn {
            never: true,
            ..RetryOn::default()
        });
    }
    let mut on = RetryOn::default();
    let push = |c: Option<Condition>, on: &mut RetryOn| match c {
        None => on.non_idempotent = true,
        Some(c) if !on.conditions.contains(&c) => on.conditions.push(c),
        Some(_) => {}
    };
    for part in normalized.split([',', '，', ';', '・', '/', '|']) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let joined = part.split_whitespace().collect::<Vec<_>>().join("-");
        if let Ok(c) = read_word(&joined.replace('_', "-")) {
            push(c, &mut on);
            continue;
        }
        for w in part.split_whitespace() {
            match read_word(&w.replace('_', "-")) {
                Ok(c) => push(c, &mut on),
                Err(()) => return Err(original_word(text, w)),
            }
        }
    }
    if on.conditions.is_empty() && !on.non_idempotent {
        return Err(String::new());
    }
    Ok(on)
}

/// The word of `text` as the user wrote it whose normalized form is `w` (for the message),
/// else `w`.
fn original_word(text: &str, w: &str) -> String {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | '、' | '，' | ';' | '・' | '/' | '|')
    })
    .find(|o| normalize(o).trim() == w)
    .unwrap_or(w)
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(text: &str) -> Vec<(&'static str, Group)> {
        read(text)
            .unwrap()
            .conditions
            .iter()
            .map(|c| (c.word, c.group))
            .collect()
    }

    #[test]
    fn the_redirector_retries_only_before_the_request_arrives() {
        // Golden G6's row 6.
        let on = read("connect-failure, connect-timeout, header-send").unwrap();
        assert!(on.all_early() && on.safe() && on.header_send());
        assert_eq!(
            on.words_in(Group::Early),
            ["connect-failure", "connect-timeout", "header-send"]
        );
    }

    #[test]
    fn every_group_is_read_in_both_languages() {
        assert_eq!(
            groups("4xx, 5xx, timeout"),
            [
                ("4xx", Group::Pointless),
                ("5xx", Group::Late),
                ("timeout", Group::Late)
            ]
        );
        assert_eq!(
            groups("接続失敗、タイムアウト"),
            [("connect-failure", Group::Early), ("timeout", Group::Late)]
        );
        assert_eq!(
            groups("429, 408"),
            [("429", Group::Refused), ("408", Group::Refused)]
        );
        assert_eq!(
            groups("ヘッダ送信、すべて"),
            [("header-send", Group::Early), ("any", Group::Late)]
        );
        assert!(read("429, 408, conn-failure").unwrap().safe());
        assert!(!read("429, 408, conn-failure").unwrap().all_early());
    }

    #[test]
    fn product_forms_are_read_as_their_conditions() {
        // nginx proxy_next_upstream's own form: words separated by spaces.
        let nginx = read("error timeout http_502 non_idempotent").unwrap();
        assert_eq!(
            nginx.conditions.iter().map(|c| c.word).collect::<Vec<_>>(),
            ["error", "timeout", "502"]
        );
        assert!(nginx.non_idempotent);
        assert_eq!(
            groups("Connect Failure"),
            [("connect-failure", Group::Early)]
        );
        assert_eq!(groups("conn-failure"), [("connect-failure", Group::Early)]);
        assert_eq!(groups("503"), [("503", Group::Late)]);
        assert_eq!(
            groups("599, 500"),
            [("599", Group::Late), ("500", Group::Late)]
        );
        assert_eq!(groups("REFUSED_STREAM"), [("refused-stream", Group::Early)]);
    }

    #[test]
    fn off_alone_means_nothing_retries_and_products_words_read() {
        for off in ["off", "none", "なし", " OFF "] {
            let on = read(off).unwrap();
            assert!(on.never && on.conditions.is_empty() && on.safe() && !on.all_early());
        }
        assert_eq!(read("error, off").unwrap_err(), "off");
        assert_eq!(
            groups("empty-response, response-timeout, 0rtt-rejected, 425"),
            [
                ("empty-response", Group::Late),
                ("read-timeout", Group::Late),
                ("0rtt-rejected", Group::Early),
                ("425", Group::Refused)
            ]
        );
        assert_eq!(groups("all-retryable-errors"), [("any", Group::Late)]);
        assert_eq!(
            groups("error timeout invalid_header"),
            [
                ("error", Group::Late),
                ("timeout", Group::Late),
                ("invalid-header", Group::Late)
            ]
        );
        assert_eq!(
            groups("接続失敗・接続タイムアウト"),
            [
                ("connect-failure", Group::Early),
                ("connect-timeout", Group::Early)
            ]
        );
        assert_eq!(
            groups("connect-failure/refused-stream|header-send").len(),
            3
        );
    }

    #[test]
    fn an_unknown_word_is_named_as_written() {
        assert_eq!(read("connect-failure, Sometimes").unwrap_err(), "Sometimes");
        assert_eq!(read("600").unwrap_err(), "600");
        assert_eq!(read("5").unwrap_err(), "5");
        assert_eq!(read("").unwrap_err(), "");
        assert_eq!(read(" , 、").unwrap_err(), "");
    }

    #[test]
    fn nginx_retries_an_unsent_request_only() {
        let on = read("error timeout").unwrap();
        assert!(!on.all_early());
        let unsent = on.nginx_unsent();
        assert!(unsent.all_early());
        assert_eq!(
            unsent.words_in(Group::Early),
            ["connect-failure", "connect-timeout"]
        );
        assert!(read("http_502")
            .unwrap()
            .nginx_unsent()
            .conditions
            .is_empty());
    }

    #[test]
    fn conditions_are_listed_in_the_sheet_language() {
        let on = read("connect-failure, 503").unwrap();
        assert_eq!(on.describe(crate::Lang::En), "connect-failure, 503");
        assert_eq!(on.describe(crate::Lang::Ja), "接続失敗、503");
    }

    proptest::proptest! {
        #[test]
        fn any_text_reads_or_names_a_word_of_it(text in "\\PC{0,40}") {
            match read(&text) {
                Ok(on) => proptest::prop_assert!(!on.conditions.is_empty() || on.non_idempotent),
                Err(w) => proptest::prop_assert!(w.is_empty() || text.contains(w.as_str()) || normalize(&text).contains(w.as_str())),
            }
        }
    }
}
