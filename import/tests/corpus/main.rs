//! The importer on real configuration from public projects (`../shared/config-corpus/` next to
//! the workspace): exact rows, with their settings, values and lines. One module per format.

use std::path::PathBuf;

use budget::{Lang, Row};
use workbench_import::{import, File, Imported};

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

mod envoy;
mod gunicorn;
mod haproxy;
mod kubernetes;
mod nginx;
mod spring;
mod terraform;
