//! The workbench's own deployment: `deploy/timeouts.tsv`, the design sheet of
//! browser → nginx → workbench → PostgreSQL, checked by the workbench itself, and held to the
//! values the code, `deploy/nginx.conf` and `deploy/workbench.service` really use.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use server::serve::TIMEOUT_VARS;
use server::Timeouts;

/// `deploy/NAME`'s text.
fn deploy(name: &str) -> String {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of `deploy/timeouts.tsv`.
fn rows() -> Vec<budget::Row> {
    budget::tsv::import(&deploy("timeouts.tsv"))
        .expect("the deployment sheet reads")
        .rows
}

#[test]
fn the_workbenchs_own_deployment_has_no_inversion() {
    let output = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args(["check", "deploy/timeouts.tsv"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    // The one warning: the page sets no timeout of its own and waits for nginx's answer.
    assert!(text.ends_with("\n0 inversions, 1 warning\n"), "{text}");
    assert!(
        text.contains(
            "  warning  unbounded  row 1  browser -> nginx: browser may wait without bound"
        ),
        "{text}"
    );
    assert!(
        text.contains("  workbench   30.0 s      1 min     30.0 s  ok         PostgreSQL 25.0 + own 5 = 30.0 s ≤ 60.0 s\n"),
        "{text}"
    );
    assert!(
        text.contains("read 75.0 ≥ 60.0 + 1.0\n"),
        "nginx waits for the workbench's request timeout: {text}"
    );
}

#[test]
fn the_sheets_workbench_values_are_the_servers_defaults_and_its_units() {
    let defaults = Timeouts::default();
    let expected = [
        defaults.header,
        defaults.body,
        defaults.request,
        defaults.db_acquire,
        defaults.db_statement,
    ];
    let unit = deploy("workbench.service");
    let mut seen = 0;
    for row in rows()
        .iter()
        .filter(|r| r.setting.starts_with("WORKBENCH_"))
    {
        let index = TIMEOUT_VARS
            .iter()
            .position(|var| *var == row.setting)
            .unwrap_or_else(|| panic!("{} is no timeout of the server", row.setting));
        let ms = budget::duration::parse(&row.value, None).unwrap();
        assert_eq!(
            (Duration::from_millis(ms), row.default.as_str()),
            (expected[index], row.value.as_str()),
            "{}: the sheet says the server's default",
            row.setting
        );
        let line = format!("Environment={}={}\n", row.setting, row.value);
        assert!(unit.contains(&line), "workbench.service lacks {line}");
        seen += 1;
    }
    assert_eq!(seen, 4, "header, request, acquire and statement timeouts");
}

#[test]
fn the_sheets_nginx_values_are_the_example_configurations() {
    let conf = deploy("nginx.conf");
    let mut seen = 0;
    for row in rows()
        .iter()
        .filter(|r| r.location.starts_with("deploy/nginx.conf"))
    {
        let directive = row.setting.split(' ').next().unwrap();
        let line = if directive == "proxy_next_upstream_tries" {
            // As many tries as there are instances.
            let servers = conf
                .lines()
                .filter(|l| l.trim_start().starts_with("server 10."))
                .count();
            assert_eq!(row.value, servers.to_string(), "one try per instance");
            format!(" {directive} {servers};\n")
        } else {
            format!(" {directive} {};\n", row.value)
        };
        assert!(conf.contains(&line), "nginx.conf lacks{line}");
        seen += 1;
    }
    assert_eq!(
        seen, 6,
        "connect, read, tries, conditions, window and keep-alive"
    );
}
