//! What the importers' tests share: importing a file or a few, and the cells of the rows they
//! write as the tests compare them.

use budget::catalog::Entry;
use budget::{Lang, Row};

use crate::{File, Imported};

mod cells;

pub(crate) use cells::{cells_of, entry_of};

/// The importer a test runs: one format's `import`, which reads every file handed in as that
/// format.
#[derive(Clone, Copy)]
pub(crate) struct Importer(pub(crate) fn(&[File<'_>], Lang) -> Imported);

impl Importer {
    /// Imports one file, `path` with `text`, as an English sheet.
    pub(crate) fn one(self, path: &str, text: &str) -> Imported {
        self.one_in(Lang::En, path, text)
    }

    /// Imports one file, `path` with `text`, as a sheet in `lang`.
    pub(crate) fn one_in(self, lang: Lang, path: &str, text: &str) -> Imported {
        (self.0)(&[File { path, text }], lang)
    }

    /// Imports one file as an English sheet, failing the test when the importer reports an
    /// error on it.
    pub(crate) fn clean(self, path: &str, text: &str) -> Imported {
        let out = self.one(path, text);
        assert_eq!(out.errors, [], "{path}");
        out
    }

    /// [`brief`] of the rows of one file, `path` with `text`, imported as an English sheet.
    pub(crate) fn brief(self, path: &str, text: &str) -> Vec<String> {
        brief(&self.one(path, text).rows)
    }

    /// Imports `(path, text)` files together, in order, as an English sheet.
    pub(crate) fn several(self, files: &[(&str, &str)]) -> Imported {
        let files: Vec<File<'_>> = files
            .iter()
            .map(|&(path, text)| File { path, text })
            .collect();
        (self.0)(&files, Lang::En)
    }
}

/// Each error of an import as it is shown: `PATH:LINE:COLUMN: message`.
pub(crate) fn error_messages(out: &Imported) -> Vec<String> {
    out.errors.iter().map(ToString::to_string).collect()
}

/// The rows that carry a setting: every row but the route groups.
pub(crate) fn settings(rows: &[Row]) -> impl Iterator<Item = &Row> {
    rows.iter().filter(|r| r.item != "route group")
}

/// The cells `header` names (English headers joined by ` | `, as `segment | value`) of each
/// row, joined the same way: a row as a test compares it.
pub(crate) fn cells<'a>(rows: impl IntoIterator<Item = &'a Row>, header: &str) -> Vec<String> {
    rows.into_iter().map(|r| cells_of(r, header)).collect()
}

/// `segment | setting | value | location` of each row that is not a route group: a row as the
/// tests compare it.
pub(crate) fn brief(rows: &[Row]) -> Vec<String> {
    cells(settings(rows), "segment | setting | value | location")
}

/// `segment = routes @ location` of each route group row: the alternatives a caller's routes
/// are (spec §4.2).
pub(crate) fn route_groups(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item == "route group")
        .map(|r| format!("{} = {} @ {}", r.segment, r.value, r.location))
        .collect()
}

/// `item | setting | default | value | rationale` of every row: the words a sheet's language
/// gives its rows.
pub(crate) fn item_cells(rows: &[Row]) -> Vec<String> {
    cells(rows, "item | setting | default | value | rationale")
}

/// What `line` says of each row and the catalog entry it names; a row the catalog does not
/// know fails the test.
pub(crate) fn catalog<'a>(
    rows: impl IntoIterator<Item = &'a Row>,
    line: impl Fn(&Row, &Entry) -> String,
) -> Vec<String> {
    rows.into_iter()
        .map(|r| {
            let e =
                budget::catalog::lookup(r).unwrap_or_else(|| panic!("no catalog entry for {r:?}"));
            line(r, e)
        })
        .collect()
}

/// `SETTING = PRODUCT / NAME` and what `detail` adds, of the catalog entry each row that is
/// not a route group names; a row the catalog does not know fails the test.
pub(crate) fn catalog_lines(rows: &[Row], detail: impl Fn(&Entry) -> String) -> Vec<String> {
    catalog(settings(rows), |r, e| {
        format!("{} = {} / {}{}", r.setting, e.product, e.name, detail(e))
    })
}

/// `lines` with each line kept once, where it first stands.
pub(crate) fn distinct(lines: Vec<String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for line in lines {
        if !kept.contains(&line) {
            kept.push(line);
        }
    }
    kept
}

/// The first row of `setting`; a setting no row names fails the test.
pub(crate) fn row_of<'r>(rows: &'r [Row], setting: &str) -> &'r Row {
    rows.iter()
        .find(|r| r.setting == setting)
        .unwrap_or_else(|| panic!("no row of {setting}"))
}

/// Fails the test on a sentence of `says` whose English and Japanese texts are the same: a
/// sentence left untranslated.
pub(crate) fn assert_said_in_both<S: std::fmt::Debug>(
    says: &[S],
    text: impl Fn(&S, Lang) -> String,
) {
    for say in says {
        assert_ne!(text(say, Lang::En), text(say, Lang::Ja), "{say:?}");
    }
}
