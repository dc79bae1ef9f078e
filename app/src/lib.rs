//! The workbench's pages, components and server functions.
//!
//! - [`shell`]: the HTML document and the router.
//! - [`pages`]: the sheet list (`/`) and the sheet page (`/sheets/:id`).
//! - [`components`]: the grid, the report tables, the import and export controls.
//! - [`api`]: the server functions (thin wrappers over the store and `budget`).
//! - [`codec`]: how their answers travel (JSON, read as the islands read their props).
//! - [`error`]: their typed error, which crosses the network.
//! - [`format`]: durations, times and labels as the page shows them.
//! - [`i18n`]: the page's words in the user's language (the Fluent catalogues).
//! - [`sheet_name`]: a sheet's name, checked once.
//! - [`list_mode`]: the sheet list's rename and delete modes, kept in its address.
//! - [`island`]: what the islands (the parts of the pages that hydrate) share.
//! - [`keyed`]: the report's lists by keys that follow their items, for tables that redraw
//!   only what changed; [`fan_out`]: one source's values handed to many views, each in a
//!   signal of its own, so that a source has one subscriber and not thousands.
//! - [`report_changes`]: a report sent as what changed since one the page holds;
//!   [`report_basis`]: what the sheet page's report is of when not the rows as saved.
//! - [`hydrated`], [`save_status`] and [`highlight`] (the rows behind the report's numbers,
//!   lit in the grid): small shared state types, each in its own module so that no two
//!   modules import each other.
#![warn(missing_docs)]

// `#[server]` generates an argument struct per function whose fields cannot carry docs.
#[allow(missing_docs)]
pub mod api;
pub mod autosave;
pub mod codec;
pub mod components;
pub mod draft;
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
pub mod live;
pub mod model;
pub mod pages;
pub mod report_basis;
pub mod report_changes;
pub mod save_status;
pub mod selection;
pub mod sheet_name;
pub mod shell;
#[cfg(feature = "ssr")]
pub mod ssr;
pub mod undo;
