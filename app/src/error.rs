//! The typed error of the server functions: it crosses the network intact, so the page can
//! say what went wrong (a TSV error names its line) instead of a bare "500".

use budget::Lang;
use fluent_bundle::FluentValue;
use leptos::server_fn::error::{FromServerFnError, ServerFnErrorErr};
use serde::{Deserialize, Serialize};

use crate::codec::JsonTextEncoding;
use crate::i18n::{t, t_args, ui_lang};

/// Why a server function failed, as the browser receives it.
///
/// Bad input carries its own message, written by the server in the UI language of the
/// request ([`crate::i18n::ui_lang`]); the other errors are said in the language the page
/// asks for ([`AppError::message`]), and in English by `Display` (the log, the tests).
/// Storage failures are opaque here (the details are logged on the server).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AppError {
    /// No sheet has this id (deleted, or a mistyped address).
    NotFound(i64),
    /// A sheet name that cannot be used: the name as typed, so that the form that sent it
    /// can show it again, and the message saying why.
    BadName {
        /// The name as it was typed.
        name: String,
        /// Why it cannot be used, in the page's language.
        message: String,
    },
    /// A sheet setting (margin, amplification threshold) that cannot be used; the message
    /// says why. Nothing was changed.
    BadSetting(String),
    /// A TSV paste or file that cannot be read as a sheet; the message names the line.
    Tsv {
        /// The line the error names (1-based, header included), if any.
        line: Option<usize>,
        /// The reader's message, e.g. `line 4: expected 8 cells, found 7; ...`.
        message: String,
    },
    /// Someone saved the sheet (in another tab, or another person) after this page loaded
    /// or last saved it; this save was refused so that their rows stay. Holds the revision
    /// stored now, from which "keep mine" saves again.
    Conflict {
        /// The revision stored now.
        current: i64,
    },
    /// A TSV paste or file larger than [`MAX_TSV_BYTES`](crate::limits::MAX_TSV_BYTES);
    /// nothing was stored. Holds its size in bytes.
    TooLarge(usize),
    /// A save of more rows than [`budget::tsv::MAX_ROWS`]; nothing was stored. Holds the
    /// number of rows.
    TooManyRows(usize),
    /// The database failed; the details are in the server's log.
    Storage,
    /// The server could not be reached (the network, or the server is down); said in the
    /// page's language.
    Unreachable,
    /// The call did not reach the server function or its answer could not be read.
    Transport(String),
    /// The arguments of a server function could not be read (a malformed form or JSON body,
    /// `id=abc`); the message says which function and why.
    BadArguments(String),
    /// A revision the sheet does not have (`/sheets/3/diff?to=99`).
    NoRevision {
        /// The sheet.
        id: i64,
        /// The revision asked for.
        number: i64,
    },
    /// A proposal the sheet does not have.
    NoProposal {
        /// The sheet.
        id: i64,
        /// The proposal asked for.
        proposal: i64,
    },
    /// A proposal, comment or decision refused, with the reason; nothing was changed.
    Refused(String),
    /// An address that names no sheet (`/sheets/abc`).
    BadAddress(String),
    /// Team mode: the caller's role does not allow this; the message names their role and
    /// the one needed (403).
    Forbidden(String),
}

impl AppError {
    /// The message in `ui`, the page's language: `"sheet 42 does not exist (it may have been
    /// deleted)"`, `"シート 42 はありません（削除された可能性があります）"`. A message the
    /// server wrote (a TSV's line, a name's problem, a refusal) is as the server wrote it, in
    /// the request's language.
    pub fn message(&self, ui: Lang) -> String {
        let n = |n: i64| FluentValue::from(n.to_string());
        match self {
            AppError::NotFound(id) => t_args(ui, "error-not-found", [("id", n(*id))]),
            AppError::BadName { message, .. }
            | AppError::BadSetting(message)
            | AppError::Tsv { message, .. }
            | AppError::Transport(message)
            | AppError::BadArguments(message)
            | AppError::Refused(message)
            | AppError::Forbidden(message) => message.clone(),
            AppError::Conflict { .. } => t(ui, "error-conflict"),
            AppError::TooLarge(size) => t_args(
                ui,
                "error-too-large",
                [
                    ("size", size.to_string().into()),
                    ("max", crate::limits::MAX_TSV_BYTES.to_string().into()),
                ],
            ),
            AppError::TooManyRows(count) => t_args(
                ui,
                "error-too-many-rows",
                [
                    ("count", count.to_string().into()),
                    ("max", budget::tsv::MAX_ROWS.to_string().into()),
                ],
            ),
            AppError::Storage => t(ui, "error-storage"),
            AppError::Unreachable => t(ui, "error-unreachable"),
            AppError::NoRevision { id, number } => t_args(
                ui,
                "error-no-revision",
                [("id", n(*id)), ("number", n(*number))],
            ),
            AppError::NoProposal { id, proposal } => t_args(
                ui,
                "error-no-proposal",
                [("id", n(*id)), ("proposal", n(*proposal))],
            ),
            AppError::BadAddress(address) => t_args(
                ui,
                "error-bad-address",
                [("address", format!("{address:?}").into())],
            ),
        }
    }

    /// The HTTP status that fits the error: 400, 404, 409, 413, 500 or 503.
    pub fn status_code(&self) -> u16 {
        match self {
            AppError::NotFound(_) => 404,
            AppError::Forbidden(_) => 403,
            AppError::Conflict { .. } => 409,
            AppError::TooLarge(_) => 413,
            AppError::TooManyRows(_) => 400,
            AppError::BadName { .. }
            | AppError::BadSetting(_)
            | AppError::Tsv { .. }
            | AppError::BadArguments(_) => 400,
            AppError::Storage | AppError::Transport(_) => 500,
            AppError::Unreachable => 503,
            AppError::BadAddress(_) | AppError::NoRevision { .. } | AppError::NoProposal { .. } => {
                404
            }
            AppError::Refused(_) => 409,
        }
    }
}

impl std::fmt::Display for AppError {
    /// The English [`AppError::message`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for AppError {}

/// In the UI language of the request or page ([`ui_lang`]).
impl From<budget::SettingError> for AppError {
    fn from(err: budget::SettingError) -> Self {
        AppError::BadSetting(err.message(ui_lang()))
    }
}

/// In the UI language of the request or page ([`ui_lang`]).
impl From<budget::TsvError> for AppError {
    fn from(err: budget::TsvError) -> Self {
        AppError::Tsv {
            line: err.line(),
            message: err.message(ui_lang()),
        }
    }
}

impl FromServerFnError for AppError {
    // JSON read as text, as the answers are ([`crate::codec`]).
    type Encoder = JsonTextEncoding;

    fn from_server_fn_error(value: ServerFnErrorErr) -> Self {
        // The browser's own words ("TypeError: Failed to fetch") say little to a user.
        match value {
            ServerFnErrorErr::Request(_) => AppError::Unreachable,
            // On the server, a body that cannot be deserialised is the request's arguments; in
            // the browser it would be the server's answer.
            ServerFnErrorErr::Args(reason) => bad_arguments(&reason),
            #[cfg(feature = "ssr")]
            ServerFnErrorErr::Deserialization(reason) => bad_arguments(&reason),
            other => AppError::Transport(other.to_string()),
        }
    }
}

/// [`AppError::BadArguments`] for a deserialiser's `reason`.
fn bad_arguments(reason: &str) -> AppError {
    AppError::BadArguments(format!(
        "the request's arguments could not be read ({}); send them as the function declares",
        plain(reason)
    ))
}

/// A deserialiser's reason without the framework's wrapping: its first line, at most 200
/// characters.
fn plain(reason: &str) -> String {
    let line = reason.lines().next().unwrap_or_default().trim();
    line.chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that `err` answers HTTP `status` and says `message` in English.
    fn assert_says(err: AppError, status: u16, message: &str) {
        assert_eq!(err.status_code(), status);
        assert_eq!(err.to_string(), message);
    }

    #[test]
    fn a_tsv_error_keeps_its_line_and_message() {
        let err = budget::TsvError::WrongCellCount {
            line: 4,
            found: 7,
            expected: 8,
        };
        let app: AppError = err.into();
        assert_eq!(app.status_code(), 400);
        assert!(app
            .to_string()
            .starts_with("line 4: expected 8 cells, found 7"));
        assert!(matches!(app, AppError::Tsv { line: Some(4), .. }));
    }

    #[test]
    fn an_unreachable_server_is_said_plainly() {
        let err = AppError::from_server_fn_error(ServerFnErrorErr::Request(
            "TypeError: Failed to fetch".into(),
        ));
        assert_eq!(
            err.to_string(),
            "the server could not be reached; your text is kept here and is saved with your next edit"
        );
    }

    #[test]
    fn arguments_that_cannot_be_read_are_a_400_with_a_plain_message() {
        let err = AppError::from_server_fn_error(ServerFnErrorErr::Args(
            "invalid digit found in string\nmore detail".into(),
        ));
        assert_says(err, 400, "the request's arguments could not be read (invalid digit found in string); send them as the function declares");
    }

    #[test]
    fn the_page_says_each_error_in_its_own_language() {
        let said = |err: AppError| (err.message(Lang::En), err.message(Lang::Ja));
        assert_eq!(
            said(AppError::NotFound(42)),
            (
                "sheet 42 does not exist (it may have been deleted)".to_string(),
                "シート 42 はありません（削除された可能性があります）".to_string()
            )
        );
        assert_eq!(
            said(AppError::Unreachable).1,
            "サーバーに接続できませんでした。あなたの入力はここに残っていて、次の編集で保存されます"
        );
        assert_eq!(
            said(AppError::TooManyRows(5_001)).1,
            "このシートは 5001 行で、1 つのシートに入る 5000 行を超えています。複数のシートに分けてください"
        );
        assert_eq!(
            said(AppError::BadAddress("abc".into())),
            (
                r#""abc" is not a sheet's address: sheet addresses end in a number"#.to_string(),
                r#""abc" はシートのアドレスではありません。シートのアドレスは数字で終わります"#
                    .to_string()
            )
        );
        // A message the server wrote is shown as written, in the request's language.
        assert_eq!(
            said(AppError::Refused("提案には題名が必要です".into())).0,
            "提案には題名が必要です"
        );
        // Display is the English message.
        assert_eq!(
            AppError::NoRevision { id: 3, number: 99 }.to_string(),
            "sheet 3 has no revision 99"
        );
    }

    #[test]
    fn a_tsv_over_the_limit_says_its_size() {
        assert_says(AppError::TooLarge(2_000_000), 413, "the TSV is 2000000 bytes, more than the 1 MiB (1048576 bytes) a sheet may hold; split it into several sheets");
    }

    #[test]
    fn a_save_of_too_many_rows_says_how_many() {
        assert_says(AppError::TooManyRows(5_001), 400, "the sheet has 5001 rows, more than the 5000 a sheet may hold; split it into several sheets");
    }

    #[test]
    fn a_conflict_keeps_the_text() {
        assert_says(AppError::Conflict { current: 3 }, 409, "this sheet was changed in another tab or by someone else since this page last saved it; your text is kept here");
    }

    #[test]
    fn an_address_without_a_number_names_itself() {
        assert_says(
            AppError::BadAddress("abc".into()),
            404,
            "\"abc\" is not a sheet's address: sheet addresses end in a number",
        );
    }
}
