//! The built `workbench` binary run as a user would run it: its arguments, its standard input,
//! the folder it runs in, and what it printed; and `git`, for the reviews of a revision.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The workspace root, where the fixture paths (`fixtures/...`) are relative, as a user would
/// type them.
pub fn workspace_root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Runs `workbench ARGS` in the workspace root, with `stdin` on standard input.
pub fn workbench(args: &[&str], stdin: &str) -> Output {
    workbench_in(workspace_root(), args, stdin)
}

/// Runs `workbench ARGS` in `dir`, with `stdin` on standard input (closed once written).
pub fn workbench_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the workbench binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `workbench ARGS` on the database `url` (`DATABASE_URL`); an account it makes gets the
/// tests' password (`WORKBENCH_PASSWORD`).
pub fn workbench_on(url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("WORKBENCH_PASSWORD", crate::team::PASSWORD)
        .output()
        .expect("the workbench binary runs")
}

/// What the run printed on standard output (UTF-8).
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// What the run printed on standard error (UTF-8).
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// What the run printed on standard output, once it exited with `code` (else it fails,
/// showing what the run printed).
pub fn stdout_after(output: &Output, code: i32) -> String {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{}{}",
        stdout(output),
        stderr(output)
    );
    stdout(output)
}

/// What the run printed on standard output as JSON, once it exited with `code`.
pub fn json_after(output: &Output, code: i32) -> serde_json::Value {
    stdout_after(output, code);
    json(output)
}

/// What the run printed on standard output, as JSON (panics with the text when it is not).
pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(output)))
}

/// Asserts that `text` contains each of `parts`, showing `text` when one is missing.
pub fn assert_contains_all(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no {part:?} in {text}");
    }
}

/// Runs `git ARGS` in `dir` as the author `t <t@example.com>` (whatever the machine's own
/// identity); panics with git's message when it fails.
pub fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        o.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The cells of a line of the text output (cells are two spaces apart).
pub fn cells(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// The cells of the text output's first line that starts with `start` (after its indent).
pub fn line_cells<'a>(text: &'a str, start: &str) -> Vec<&'a str> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in {text}"));
    cells(line)
}
