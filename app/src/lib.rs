//! The workbench's pages, components and server functions.
//!
//! - [`shell`]: the HTML document and the router.
//! - [`pages`]: the sheet list (`/`) and the sheet page (`/sheets/:id`).
//! - [`components`]: the grid, the report tables, the import and export controls.
//! - [`api`]: the server functions (thin wrappers over the store and `budget`).
//! - [`error`]: their typed error, which crosses the network.
//! - [`format`]: durations, times and labels as the page shows them.
#![warn(missing_docs)]

// `#[server]` generates an argument struct per function whose fields cannot carry docs.
#[allow(missing_docs)]
pub mod api;
pub mod autosave;
pub mod components;
pub mod draft;
pub mod error;
pub mod format;
pub mod model;
pub mod pages;
pub mod shell;
#[cfg(feature = "ssr")]
pub mod ssr;
