//! The importer on real configuration from public projects (`../shared/config-corpus/` next to
//! the workspace): exact rows, with their settings, values and lines. One module per format.

use std::path::PathBuf;

use budget::{FindingCode, Lang, Report, Row, Sheet};
use workbench_import::{import, File, Imported};

#[path = "../../src/testing/cells.rs"]
mod cells;

pub use cells::{cells_of, entry_of};

/// The corpus folder `name`, found from this crate's directory; a missing corpus fails the
/// test with where it was looked for (a test that cannot read it must not pass).
pub fn corpus(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/config-corpus");
    assert!(
        root.is_dir(),
        "the configuration corpus is missing: expected it at {} (../shared/config-corpus next to the workspace)",
        root.display()
    );
    let dir = root.join(name);
    assert!(dir.is_dir(), "corpus folder {} is missing", dir.display());
    dir
}

/// Imports every file of a corpus folder and its subfolders (sorted by path; each read as the
/// format `Format::detect` finds, the others skipped), named `FOLDER/FILE`.
pub fn import_folder(name: &str) -> Imported {
    let dir = corpus(name);
    let mut found = Vec::new();
    let mut todo = vec![dir.clone()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    let texts: Vec<(String, String)> = found
        .iter()
        .map(|p| {
            let relative = p.strip_prefix(&dir).unwrap().to_string_lossy();
            (
                format!("{name}/{relative}"),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let files: Vec<File<'_>> = texts
        .iter()
        .map(|(p, t)| File { path: p, text: t })
        .collect();
    import(&files, Lang::En)
}

/// Imports a corpus folder as [`import_folder`] does, failing the test when the importer
/// reports an error on any of its files.
pub fn import_clean(name: &str) -> Imported {
    let out = import_folder(name);
    assert_eq!(out.errors, [], "{name}");
    out
}

/// Imports a corpus folder as [`import_clean`] does, with the path (`FOLDER/FILE`) the rows
/// name each of `files` by; a file the folder does not hold fails the test.
pub fn import_clean_with_paths<const N: usize>(
    name: &str,
    files: [&str; N],
) -> (Imported, [String; N]) {
    let dir = corpus(name);
    let paths = files.map(|file| {
        assert!(
            dir.join(file).is_file(),
            "corpus file {} is missing",
            dir.join(file).display()
        );
        format!("{name}/{file}")
    });
    (import_clean(name), paths)
}

/// `segment | setting | value | PATH:LINE` of each row that is not a route group.
pub fn settings(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item != "route group")
        .map(|r| {
            let at = r.location.split(' ').next().unwrap();
            format!("{} | {} | {} | {}", r.segment, r.setting, r.value, at)
        })
        .collect()
}

/// `segment = routes @ location` of each route group row: the alternatives a caller's routes
/// are (spec §4.2).
pub fn route_groups(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item == "route group")
        .map(|r| format!("{} = {} @ {}", r.segment, r.value, r.location))
        .collect()
}

/// The first row of `setting`; a setting no row names fails the test.
pub fn row_of<'r>(rows: &'r [Row], setting: &str) -> &'r Row {
    rows.iter()
        .find(|r| r.setting == setting)
        .unwrap_or_else(|| panic!("no row of {setting}"))
}

/// The route group rows: the alternatives a caller's routes are.
fn groups(rows: &[Row]) -> impl Iterator<Item = &Row> {
    rows.iter().filter(|r| r.item == "route group")
}

/// The value of each route group row: the caller whose routes are alternatives.
pub fn group_values(rows: &[Row]) -> Vec<&str> {
    groups(rows).map(|r| r.value.as_str()).collect()
}

/// `(segment, value)` of each route group row: each route and the caller it is one of.
pub fn group_hops(rows: &[Row]) -> Vec<(&str, &str)> {
    groups(rows)
        .map(|r| (r.segment.as_str(), r.value.as_str()))
        .collect()
}

/// The engine's report on an English sheet of `rows`.
pub fn check(rows: &[Row]) -> Report {
    budget::check(&Sheet::new(Lang::En, rows.to_vec()))
}

/// `CODE HOP-OR-NODE` of each finding of `report`.
pub fn found(report: &Report) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| {
            let at = f.hop.as_deref().or(f.node.as_deref()).unwrap_or("");
            format!("{:?} {at}", f.code)
        })
        .collect()
}

/// `CODE HOP-OR-NODE` of each finding the engine reports on `rows`.
pub fn findings(rows: &[Row]) -> Vec<String> {
    found(&check(rows))
}

/// `CODE Some(HOP)` of each finding of `report` on a value the engine cannot read as a
/// duration or a count, or that lacks its unit: none, when the importer wrote every value
/// in a form the engine reads.
pub fn unreadable(report: &Report) -> Vec<String> {
    report
        .findings
        .iter()
        .filter(|f| {
            f.code == FindingCode::ValueUnreadable || f.code == FindingCode::ValueUnitMissing
        })
        .map(|f| format!("{:?} {:?}", f.code, f.hop))
        .collect()
}

mod envoy;
mod gunicorn;
mod haproxy;
mod kubernetes;
mod nginx;
mod spring;
mod terraform;
