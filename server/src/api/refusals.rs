//! The refusals several routes document alike, each once: a list of responses for
//! `#[utoipa::path(responses(…))]`, never built (the refusals themselves are [`ApiError`]s
//! with an [`ErrorBody`]).
//!
//! [`ApiError`]: crate::error::ApiError
#![allow(dead_code)]

use utoipa::IntoResponses;

use crate::error::ErrorBody;

/// 404: a sheet the caller cannot see.
#[derive(IntoResponses)]
#[response(status = 404, description = "No such sheet")]
pub(crate) struct NoSheet(ErrorBody);

/// 404: a sheet or one of its proposals that does not exist.
#[derive(IntoResponses)]
#[response(status = 404, description = "No such sheet or proposal")]
pub(crate) struct NoProposal(ErrorBody);

/// 500: the database failed.
#[derive(IntoResponses)]
#[response(status = 500, description = "The database failed")]
pub(crate) struct DatabaseFailed(ErrorBody);
