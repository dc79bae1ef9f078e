//! The largest input the page and the JSON API take: read by the data they exchange
//! ([`crate::model`]) and by the errors that refuse more ([`crate::error`]).

pub use workbench_model::MAX_TSV_BYTES;
