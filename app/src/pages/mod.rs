//! The two pages: the sheet list and one sheet.

pub mod sheet;
pub mod sheets;
