//! The workbench's pages, components and server functions.
//!
//! - [`shell`]: the HTML document and the router.
//! - [`pages`]: the sheet list (`/`) and the sheet page (`/sheets/:id`).
//! - [`editor`]: the sheet editor: its island, the grid and the state behind them (the
//!   rows being typed, autosave, undo, selection, live updates, the report's changes).
//! - [`components`]: the report tables, the import and export controls.
//! - [`api`]: the server functions (thin wrappers over the store, `workbench_store`, and
//!   `budget`).
//! - [`codec`]: how their answers travel (JSON, read as the islands read their props).
//! - [`error`]: their typed error, which crosses the network.
//! - [`format`]: durations, times and labels as the page shows them.
//! - [`i18n`]: the language of the page being rendered (its words are the Fluent catalogues
//!   of `workbench_model::words`).
//! - [`list_mode`]: the sheet list's rename and delete modes, kept in its address.
//! - [`island`]: what the islands (the parts of the pages that hydrate) share.
//! - [`keyed`]: the report's lists by keys that follow their items, for tables that redraw
//!   only what changed; [`fan_out`]: one source's values handed to many views, each in a
//!   signal of its own, so that a source has one subscriber and not thousands.
//! - [`report_basis`]: what the sheet page's report is of when not the rows as saved.
//! - [`hydrated`] and [`highlight`] (the rows behind the report's numbers,
//!   lit in the grid): small shared state types, each in its own module so that no two
//!   modules import each other.
#![warn(missing_docs)]

// `#[server]` generates an argument struct per function whose fields cannot carry docs.
#[allow(missing_docs)]
pub mod api;
pub mod codec;
pub mod components;
pub mod editor;
pub mod error;
pub mod fan_out;
pub mod format;
pub mod highlight;
pub mod hydrated;
pub mod i18n;
pub mod island;
pub mod keyed;
pub mod limits;
pub mod list_mode;
pub mod model;
pub mod pages;
pub mod report_basis;
pub mod shell;
