//! Every text the engine writes in the reports of the fixtures and of G2, in English and in
//! Japanese, against its snapshot (`snapshots/`): the words a report shows stay as they are
//! when the way they are written changes. Each text is one line, `path: text`, the path as the
//! JSON report names the field (`findings[0].message`, `nodes[2].formula`,
//! `rows[6].note`); numbers are pinned by the other tests.
//!
//! A change of wording that is meant shows here as a failing snapshot: review it with
//! `cargo insta review` (cargo-insta), or write the new snapshots with
//! `INSTA_UPDATE=always cargo test -p budget --test engine -- texts::` and read their diff.

use budget::{check, tsv, Lang, Sheet};
use serde_json::Value;

/// Every string of `value`, one line each, with its path.
fn texts(value: &Value, path: &str, out: &mut String) {
    match value {
        Value::String(s) => {
            out.push_str(path);
            out.push_str(": ");
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                texts(item, &format!("{path}[{i}]"), out);
            }
        }
        Value::Object(fields) => {
            for (name, field) in fields {
                let path = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path}.{name}")
                };
                texts(field, &path, out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// The texts of the report of `sheet`.
fn report_texts(sheet: &Sheet) -> String {
    let report = serde_json::to_value(check(sheet)).unwrap();
    let mut out = String::new();
    texts(&report, "", &mut out);
    out
}

/// The fixtures, by file name, sorted.
fn fixtures() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Ja => "ja",
    }
}

#[test]
fn the_texts_of_every_fixture_are_as_written_in_both_languages() {
    let fixtures = fixtures();
    assert_eq!(
        fixtures.len(),
        12,
        "a fixture added or removed: add or remove its snapshots"
    );
    for (name, text) in fixtures {
        let rows = tsv::import(&text).unwrap().rows;
        for lang in [Lang::En, Lang::Ja] {
            let sheet = Sheet::new(lang, rows.clone());
            insta::assert_snapshot!(format!("{name}-{}", lang_name(lang)), report_texts(&sheet));
        }
    }
}

#[test]
fn the_texts_of_g2_are_as_written_in_both_languages() {
    for (lang, text, read, tries) in [
        (
            Lang::En,
            budget::example::RESERVATION_EN,
            "3s",
            "3 tries, waits 0.5s, 1.0s",
        ),
        (
            Lang::Ja,
            budget::example::RESERVATION_JA,
            "3秒",
            "3回、待機0.5秒、1.0秒",
        ),
    ] {
        let mut sheet = Sheet::new(lang, tsv::import(text).unwrap().rows);
        sheet.rows[6].value = read.into();
        sheet.rows[7].value = tries.into();
        insta::assert_snapshot!(format!("g2-{}", lang_name(lang)), report_texts(&sheet));
    }
}
