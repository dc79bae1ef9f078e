//! gunicorn: literal settings of a `gunicorn.conf.py`.

use budget::{FindingCode, Lang, Sheet};

use crate::import_folder;

#[test]
fn conbench_gunicorn_settings() {
    let out = import_folder("conbench-alb-gunicorn");
    assert_eq!(out.errors, []);
    let g = "conbench-alb-gunicorn/gunicorn-conf.py";
    let rows: Vec<String> = out
        .rows
        .iter()
        .filter(|r| r.layer == "gunicorn")
        .map(|r| {
            format!(
                "{} | {} | {} | {} | {} | {}",
                r.segment, r.item, r.setting, r.value, r.location, r.rationale
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            format!("gunicorn | overall deadline | gunicorn timeout | 180 | {g}:7 timeout | "),
            format!("client -> gunicorn | keep-alive timeout | gunicorn keepalive | 170 | {g}:10 keepalive | "),
        ]
    );
    let report = budget::check(&Sheet::new(Lang::En, out.rows));
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.code != FindingCode::ValueUnreadable
                && f.code != FindingCode::ValueUnitMissing)
    );
}
