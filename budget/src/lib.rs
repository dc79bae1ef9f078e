//! The timeout budget engine (`spec/budget-model.md`).
//!
//! Pure Rust: no I/O, no web, database or async dependency, so the server, the browser
//! (wasm) and the command line run the same code. A [`Sheet`] goes in, a [`Report`] comes
//! out. Every duration is an integer number of **milliseconds**; the infinite duration (no
//! bound) and an unknown value are distinct.
//!
//! ```
//! let sheet = budget::tsv::import(budget::example::RESERVATION_EN).unwrap();
//! let report = budget::check(&budget::Sheet::new(budget::Lang::En, sheet.rows));
//! let app = report.nodes.iter().find(|n| n.name == "app").unwrap();
//! assert_eq!((app.need_ms, app.deadline_ms), (Some(7_800), Some(8_000)));
//! ```
#![warn(missing_docs)]

pub mod catalog;
mod check;
pub mod duration;
mod error;
pub mod example;
mod finding;
mod kind;
mod report;
mod sheet;
mod time;
pub mod tsv;
pub mod value;

pub use check::{check, tries_that_fit};
pub use error::TsvError;
pub use kind::Kind;
pub use report::{Finding, HopReport, NodeReport, Report, RowReport, Severity, Summary, Verdict};
pub use sheet::{Column, Lang, Row, Sheet, DEFAULT_MARGIN_MS};
