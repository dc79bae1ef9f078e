//! The request body as TSV text.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;

use crate::error::ApiError;

/// A request body read as UTF-8 text, at most [`super::mount::MAX_BODY_BYTES`] bytes. A larger body
/// is [`ApiError::PayloadTooLarge`]; one that is not UTF-8 is a 400 naming the line.
pub(crate) struct TsvBody(pub String);

impl<S: Send + Sync> FromRequest<S> for TsvBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<TsvBody, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge
            } else {
                ApiError::bad_request(rejection.body_text())
            }
        })?;
        match String::from_utf8(bytes.into()) {
            Ok(text) => Ok(TsvBody(text)),
            Err(err) => {
                let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
                let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
                Err(ApiError::BadRequest {
                    message: format!(
                        "line {line}: the body is not UTF-8 text; save the sheet as UTF-8 \
                         and send it again"
                    ),
                    line: Some(line),
                })
            }
        }
    }
}
