//! The engine's tests, one binary: golden numbers, findings, fixes, the rulebook, real
//! incidents, the diff, the picture, the catalog's products, clipboard blocks, properties and
//! the report's contract on random sheets, fuzzed readers, robustness and linear cost (counted
//! with a counting allocator, per thread), the module graph, and every text the reports of the
//! fixtures write (snapshots).
//!
//! Run one part with its module's name: `cargo test -p budget --test engine -- fuzz::`.

mod counting;
mod design;
mod shapes;
mod sources;

mod catalog_products;
mod clipboard;
mod conditions;
mod contract;
mod diff;
mod findings;
mod fixes;
mod fuzz;
mod golden;
mod incidents;
mod modules;
mod picture;
mod properties;
mod robust;
mod rulebook;
mod scaling;
mod sizes;
mod texts;
