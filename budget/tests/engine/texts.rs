//! Every text the engine writes in the reports of the fixtures and of G2, in English and in
//! Japanese, against its snapshot (`snapshots/`): the words a report shows stay as they are
//! when the way they are written changes. Each text is one line, `path: text`, the path as the
//! JSON report names the field (`findings[0].message`, `nodes[2].formula`,
//! `rows[6].note`); numbers are pinned by the other tests.
//!
//! The same sheets checked in one language and written in the other from the kept facts
//! ([`budget::Checked`]) give the report a check in that language gives.
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

/// The sheets of the snapshots, by name: every fixture and G2.
fn sheets() -> Vec<(String, Vec<budget::Row>)> {
    let mut sheets: Vec<(String, Vec<budget::Row>)> = fixtures()
        .into_iter()
        .map(|(name, text)| (name, tsv::import(&text).unwrap().rows))
        .collect();
    let mut g2 = tsv::import(budget::example::RESERVATION_EN).unwrap().rows;
    g2[6].value = "3s".into();
    g2[7].value = "3 tries, waits 0.5s, 1.0s".into();
    sheets.push(("g2".into(), g2));
    sheets
}

#[test]
fn switching_a_sheets_language_writes_the_kept_facts_again_without_a_check() {
    // `Checked` holds no sheet: its report in the other language can only be written from
    // the facts it kept. It is the report a check of the sheet in that language gives, and
    // G2's Japanese words are there.
    for (name, rows) in sheets() {
        for (from, to) in [(Lang::En, Lang::Ja), (Lang::Ja, Lang::En)] {
            let checked = budget::Checked::of(&Sheet::new(from, rows.clone()));
            assert_eq!(checked.lang(), from);
            let switched = checked.report(to);
            assert!(
                switched == check(&Sheet::new(to, rows.clone())),
                "{name}: {from:?} switched to {to:?}"
            );
            assert!(checked.into_report() == check(&Sheet::new(from, rows.clone())));
            if name == "g2" && to == Lang::Ja {
                let finding = &switched.findings[0];
                assert_eq!(
                    finding.message,
                    "appの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます"
                );
                assert_eq!(finding.fixes[0].changes[0].to, "1回");
                assert_eq!(finding.fixes[1].changes[0].to, "15.5秒");
                assert_eq!(
                    switched
                        .nodes
                        .iter()
                        .find(|n| n.name == "app")
                        .unwrap()
                        .formula,
                    "DB 3.0 + external API 12.0 + 自分の処理 0.5 = 15.5秒 > 8.0秒"
                );
            }
        }
    }
}
