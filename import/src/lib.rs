//! Deployed configuration in, sheet rows out.
//!
//! The importers read configuration files as a team deploys them and write every timeout,
//! retry and keep-alive setting they find as a [`budget::Row`]: the value as the file writes
//! it, the setting under the product's own name (as the engine's catalog knows it), and the
//! location `PATH:LINE` followed by a selector that names the setting inside its object
//! (`VirtualService reviews http[0].retries.attempts`), so the row still finds its setting after
//! lines are added elsewhere in the file.
//!
//! The crate is pure: the caller hands it each file's path and text ([`File`]) and gets rows
//! and errors back ([`import`]); it reads no file and opens no connection. One module per
//! format; [`k8s`] reads Kubernetes YAML (multi-document, `helm template` output, and chart
//! templates whose placeholders stay unresolved).
//!
//! Nothing is guessed: a templated value (`{{ .Values.timeout }}`, `${TIMEOUT}`) becomes a row
//! whose value is the text as written and whose rationale says `unresolved: template`, and a
//! file that cannot be parsed is an [`ImportError`] naming `PATH:LINE:COLUMN` while the other
//! files are still imported.

pub mod k8s;
mod location;
mod row;

use std::fmt;

use budget::{Lang, Row};

/// One configuration file as the caller read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File<'a> {
    /// The path as the file was reached from the arguments (`k8s/reviews-vs.yaml`); it is
    /// written into every row's location as it is.
    pub path: &'a str,
    /// The file's text.
    pub text: &'a str,
}

/// A file that could not be read as its format, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The file's path, as handed in.
    pub path: String,
    /// The line (1-based) where reading stopped.
    pub line: usize,
    /// The column (1-based, in characters) where reading stopped.
    pub column: usize,
    /// What the parser found there.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ImportError {}

/// What [`import`] found in a set of files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// The rows, file by file in the order given, each file's in the order of its objects.
    pub rows: Vec<Row>,
    /// The files that could not be parsed (the others' rows are still in `rows`).
    pub errors: Vec<ImportError>,
}

/// The configuration formats the importers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Kubernetes YAML (`*.yaml`, `*.yml`).
    Kubernetes,
}

impl Format {
    /// The format a file's name says it has, or `None` for a file no importer reads.
    pub fn of_path(path: &str) -> Option<Format> {
        let lower = path.to_ascii_lowercase();
        (lower.ends_with(".yaml") || lower.ends_with(".yml")).then_some(Format::Kubernetes)
    }
}

/// Imports `files` (each read as the format its name says; a file no importer reads is
/// skipped): the rows of every file that parses and an error for each one that does not. The
/// rows' items and rationales are in `lang`, the sheet's language; values, settings and
/// locations are the files' own text in either.
///
/// The files are imported together because objects in one file name objects in another: an
/// Istio `DestinationRule`'s settings go on the hops whose `VirtualService` routes to its host.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let yaml: Vec<File<'_>> = files
        .iter()
        .copied()
        .filter(|file| Format::of_path(file.path) == Some(Format::Kubernetes))
        .collect();
    k8s::import(&yaml, lang)
}
