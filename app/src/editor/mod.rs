//! The sheet editor: the island that edits one sheet ([`sheet`]), the grid it edits in
//! ([`grid`], which the proposal editor uses too) and the state behind them ([`state`]):
//! the rows being typed, their autosave, undo, selection, save status, live updates from
//! other editors and the report's changes.

pub mod grid;
pub mod sheet;
mod sheet_header;
pub mod state;
