//! Finding texts: every message and fix in Japanese and English, in this module and its
//! children, so that tests can pin them; and the findings' codes ([`FindingCode`]). By family:
//! [`bounds`] (inversions, unbounded waits, missing bounds), [`values`] (reading a row),
//! [`rules`] (the rulebook) and [`sheet`] (the sheet's shape).
//!
//! Durations, quoted cell text and the like are written by [`crate::display`], the one place
//! that says how a value is shown.

mod bounds;
mod rules;
mod sheet;
mod values;
mod words;

pub use crate::code::FindingCode;

pub(crate) use bounds::*;
pub(crate) use rules::*;
pub(crate) use sheet::*;
pub(crate) use values::*;
pub(crate) use words::need_secs;
