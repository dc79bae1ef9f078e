//! The importers on text nobody wrote for them: arbitrary text under each format's name, and
//! the real files of `../shared/config-corpus/` cut short at every tenth character and with a
//! line removed. They answer rows or a `PATH:LINE:COLUMN` error; they never panic.

use std::path::PathBuf;

use budget::Lang;
use proptest::prelude::*;
use workbench_import::drift::{drift, Read};
use workbench_import::{import, File};

/// One name of each format the importers tell apart.
const NAMES: [&str; 8] = [
    "k8s/app.yaml",
    "nginx/nginx.conf",
    "infra/main.tf",
    "src/main/resources/application.yml",
    "src/main/resources/application.properties",
    "envoy.yaml",
    "haproxy.cfg",
    "gunicorn.conf.py",
];

/// Imports `text` under every name, then compares the rows it gave with the same text.
fn survives(text: &str) {
    for path in NAMES {
        let out = import(&[File { path, text }], Lang::En);
        for err in &out.errors {
            assert_eq!(err.path, path);
            assert!(err.line >= 1 && err.column >= 1, "{err}");
        }
        let mut read = |_: &str| Read::Text(text.to_owned());
        drift(&out.rows, &mut read);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        survives(&text);
    }

    #[test]
    fn configuration_shaped_text_never_panics(
        text in "([a-z_]{1,12}(:| |=|\\{|\\}|;|\\[|\\]|\"|'|\\$\\{|\\{\\{|-|\n|  |\t|[0-9]{1,4}(s|ms)?)){0,80}"
    ) {
        survives(&text);
    }
}

#[test]
fn real_files_cut_short_or_missing_a_line_never_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/config-corpus");
    assert!(root.is_dir(), "the corpus is missing at {}", root.display());
    let mut todo = vec![root];
    let mut files = 0;
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            files += 1;
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let cuts: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .step_by(10)
                .chain([text.len()])
                .collect();
            for cut in cuts {
                let part = &text[..cut];
                import(
                    &[File {
                        path: &name,
                        text: part,
                    }],
                    Lang::En,
                );
            }
            let lines: Vec<&str> = text.lines().collect();
            for skip in 0..lines.len() {
                let mut without = lines.clone();
                without.remove(skip);
                let without = without.join("\n");
                import(
                    &[File {
                        path: &name,
                        text: &without,
                    }],
                    Lang::En,
                );
            }
        }
    }
    assert!(files >= 30, "{files} corpus files");
}
