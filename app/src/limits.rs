//! The largest input the page and the JSON API take: read by the data they exchange
//! ([`crate::model`]) and by the errors that refuse more ([`crate::error`]).

/// The largest TSV a sheet is imported from, in bytes (1 MiB), by the page and the JSON API.
pub const MAX_TSV_BYTES: usize = 1 << 20;
