//! Where the JSON API is mounted and the largest body it takes: read by the API's handlers
//! and by the sign-in layer, which lets API tokens through only under [`PREFIX`].

/// The largest body the JSON API accepts, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY_BYTES: usize = app::model::MAX_TSV_BYTES;

/// Where the API is mounted.
pub(crate) const PREFIX: &str = "/api/v1";
