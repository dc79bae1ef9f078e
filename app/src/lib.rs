//! The workbench's pages, components and server functions.
pub mod shell;
#[cfg(feature = "ssr")]
pub mod ssr;
