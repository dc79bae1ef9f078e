//! What a request says beside its body, read the same way by every handler: the sheet id of
//! its path, the revision of its `If-Match` header and the author of a change.

use app::ssr::Author;
use axum::extract::rejection::PathRejection;
use axum::http::{header, HeaderMap};

use crate::error::ApiError;

/// The header that names the author of a change.
pub const AUTHOR_HEADER: &str = "x-workbench-author";

/// The author of a request: the `X-Workbench-Author` header (percent-decoded), else `query`,
/// else `anonymous` ([`Author::named`] cleans and cuts it).
pub(crate) fn author(headers: &HeaderMap, query: Option<&str>) -> Author {
    let from_header = headers.get(AUTHOR_HEADER).and_then(|v| {
        let text = v.to_str().ok()?;
        percent_encoding::percent_decode_str(text)
            .decode_utf8()
            .ok()
            .map(|t| t.into_owned())
    });
    Author::named(from_header.as_deref().or(query).unwrap_or_default())
}

/// The revision of an `If-Match` header: `"3"` gives 3; `*` gives none (any revision, an
/// overwrite the client asks for by name).
///
/// # Errors
///
/// [`ApiError::PreconditionRequired`] (428) without the header, so that no client overwrites
/// someone else's change without saying so; a 400 for any other value (a list, a weak tag, a
/// tag that is not a revision).
pub(crate) fn if_match(headers: &HeaderMap) -> Result<Option<i64>, ApiError> {
    let Some(value) = headers.get(header::IF_MATCH) else {
        return Err(ApiError::PreconditionRequired(
            "replacing a sheet's rows needs If-Match: the ETag of the GET the change starts from (\"3\"), or * to overwrite whatever is stored".into(),
        ));
    };
    let text = value.to_str().unwrap_or_default().trim();
    if text == "*" {
        return Ok(None);
    }
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .and_then(|t| t.parse::<i64>().ok())
        .map(Some)
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "If-Match must be a sheet revision as the ETag gives it (\"3\") or *, not {text:?}"
            ))
        })
}

/// A 400 for an id that is not an integer.
pub(crate) fn bad_id(rejection: PathRejection) -> ApiError {
    ApiError::bad_request(format!(
        "the sheet id must be an integer ({})",
        rejection.body_text()
    ))
}
