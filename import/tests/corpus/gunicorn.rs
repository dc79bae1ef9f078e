//! gunicorn: literal settings of a `gunicorn.conf.py`.

use crate::{check, import_clean_with_paths, unreadable};

#[test]
fn conbench_gunicorn_settings() {
    let (out, [g]) = import_clean_with_paths("conbench-alb-gunicorn", ["gunicorn-conf.py"]);
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
    assert_eq!(unreadable(&check(&out.rows)), Vec::<String>::new());
}
