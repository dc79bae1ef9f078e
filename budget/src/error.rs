//! The engine's error types that belong to no reader of their own: a sheet setting. What can
//! go wrong reading a TSV sheet, [`TsvError`], lives beside the reader in [`crate::tsv`] and is
//! re-exported here for `budget::TsvError`.

use thiserror::Error;

pub use crate::tsv::TsvError;

/// A sheet setting typed as text that cannot be used; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    /// A margin that is not a duration with a unit.
    #[error("the margin {} is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒", quoted(.0))]
    Margin(String),
    /// A margin over [`crate::MAX_MARGIN_MS`] (24 h).
    #[error("the margin {} is too long: the margin must be at most 24 h", quoted(.0))]
    MarginTooLong(String),
    /// An amplification threshold over [`crate::MAX_AMPLIFICATION_THRESHOLD`] (1,000,000).
    #[error("the amplification threshold {} is too large: the amplification threshold must be at most {max} attempts", quoted(.0), max = crate::MAX_AMPLIFICATION_THRESHOLD)]
    AmplificationThresholdTooLarge(String),
    /// An amplification threshold that is not a whole number of attempts of at least 1.
    #[error("the amplification threshold {} is not a number of attempts: write a whole number of at least 1, e.g. 3", quoted(.0))]
    AmplificationThreshold(String),
}

/// Text the user typed, quoted as typed (never Rust's debug escapes): `"⏱️🔥"`.
fn quoted(text: &str) -> String {
    crate::display::quoted(crate::sheet::Lang::En, text)
}
