//! What the importers read and answer: a file, the rows found in a set of files, and a file
//! that could not be read as its format.

use std::fmt;

use budget::Row;

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

/// What [`crate::import`] found in a set of files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// The rows, file by file in the order given, each file's in the order of its objects.
    pub rows: Vec<Row>,
    /// The files that could not be parsed (the others' rows are still in `rows`).
    pub errors: Vec<ImportError>,
}

impl Imported {
    /// Reads each file on its own with `read`: the rows of the files it reads, in the order
    /// given, and where it could not read the others.
    pub(crate) fn file_by_file(
        files: &[File<'_>],
        mut read: impl FnMut(&File<'_>) -> Result<Vec<Row>, ImportError>,
    ) -> Imported {
        let mut out = Imported::default();
        for file in files {
            match read(file) {
                Ok(rows) => out.rows.extend(rows),
                Err(err) => out.errors.push(err),
            }
        }
        out
    }
}
