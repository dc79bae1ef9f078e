//! The budget, drawn: a picture of a report that a reviewer reads in five seconds.
//!
//! Two sections, on one time scale:
//!
//! - **Deadlines**: for each node that declares a deadline, a bar of that deadline and, inside
//!   it, the node's need built from its terms in the need formula's order: each call's worst
//!   case drawn as its tries (per-try bound each) and the waits between them, a parallel
//!   group's calls stacked in lanes (the longest counts), the node's own processing time, and
//!   a margin row hatched. Where the need passes the deadline, the overflow is drawn in the
//!   error colour past the deadline line and labelled `short by 7.5 s`.
//! - **Call chain**: for each checked hop, outermost caller first and indented by call depth,
//!   what the caller's wait must cover (queueing, the callee's deadline or need, the margin
//!   hatched) with the caller's wait as a line: an inversion is a line that falls short.
//!
//! A need that is unknown (a value it is built from cannot be read) is drawn hatched from its
//! known parts to the end of the scale and labelled `unknown: row 7 cannot be read`, never as
//! a short bar that looks healthy. [`Picture::most_short`] bounds a picture of many bars to
//! those most short of their bounds, and the picture says how many more there are.
//!
//! [`picture`] lays the report out in milliseconds ([`Picture`]); [`svg`] draws it as a
//! standalone SVG document (its own styles, no script), the one the sheet page embeds, the API
//! serves as `budget.svg` and `workbench check --format svg` prints. Every part carries its
//! formula as a `<title>` (shown on hover, read by screen readers), its rows as `data-rows`
//! and its length as `data-ms`; the picture's text alternative lists every bar's numbers.
//! Pure: no I/O. The layout is in `layout.rs`, the drawing in `draw.rs`.

mod draw;
mod layout;

pub use draw::{svg, svg_parts, SvgParts};
pub use layout::{picture, unknown_label, Bar, Part, PartKind, Picture, BOUNDED_BARS};
