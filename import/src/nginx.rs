//! nginx configuration (to be written).

use budget::Lang;

use crate::{File, Imported};

/// Imports nginx files.
pub fn import(_files: &[File<'_>], _lang: Lang) -> Imported {
    Imported::default()
}
