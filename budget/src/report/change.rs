//! A fix as the report carries it: the cell changes that make it, and the provider caps it
//! goes above. [`crate::fix`] finds and checks them.

use serde::{Deserialize, Serialize};

use crate::sheet::Column;

/// One cell to change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CellChange {
    /// The row's line (data rows counted from 1).
    pub line: usize,
    /// The column to change: `value` for every fix today.
    pub column: Column,
    /// The cell's text before the change, exactly as typed.
    pub from: String,
    /// The text to write, in the form the engine reads back and in the sheet's language:
    /// `15.5s`, `1 try`, `2 tries, waits 0.5s` (`15.5秒`, `1回`).
    pub to: String,
}

/// A fix the engine has applied to a copy of the sheet and checked: it removes its finding
/// and creates no error anywhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Fix {
    /// What the fix does, in the sheet's language:
    /// `raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's
    /// deadline to 18.5 s`.
    pub summary: String,
    /// The changes, innermost first; apply all of them.
    pub changes: Vec<CellChange>,
    /// The changes that raise a setting above the most its provider allows, as the catalog
    /// knows it (`budget/catalog/caps.tsv`); empty for most fixes, and then left out of the
    /// JSON. The summary names them too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caps: Vec<OverCap>,
}

/// A change of a fix that goes above its provider's cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OverCap {
    /// The changed row's line (data rows counted from 1).
    pub line: usize,
    /// The provider, as the catalog names it: `Cloudflare`.
    pub product: String,
    /// The setting, as the catalog names it: `proxy_read_timeout (Proxy Read Timeout)`.
    pub setting: String,
    /// The most the provider allows, in ms.
    pub cap_ms: u64,
    /// The value the fix writes, in ms.
    pub to_ms: u64,
    /// Where the cap is documented.
    pub source: String,
}
