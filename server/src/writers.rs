//! The writers of reports and diffs, one place for every door: the check's text, Markdown and
//! SARIF, and the diff's text and Markdown, called by the command line (`workbench check`,
//! `drift`, `diff`) and the HTTP API alike.

pub mod check_markdown;
pub mod check_text;
pub mod diff;
pub mod sarif;
